"""The random generator: SplitMix64 computed on native (signed, wrapping) 64-bit integers gives exactly the plain
64-bit formula's numbers, so games, records and saved states stay the same in every build."""

from __future__ import annotations

import random

import pytest

import paxpamir
from paxpamir.engine import rng

MASK = (1 << 64) - 1


def below_reference(state: int, n: int) -> tuple[int, int]:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = rng.next_u64_reference(state)
        if value < limit:
            return state, value % n


def shuffle_reference(state: int, items: list[int]) -> int:
    for i in range(len(items) - 1, 0, -1):
        state, j = below_reference(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def paxpamir_is_compiled() -> bool:
    return paxpamir.build_info() == "compiled (mypyc)"


def states(count: int) -> list[int]:
    pick = random.Random(2024)
    edges = [0, 1, MASK, MASK - 0x9E3779B97F4A7C15, 0x9E3779B97F4A7C15, 1 << 63, (1 << 32) - 1, 1 << 32]
    return edges + [pick.getrandbits(64) for _ in range(count)]


NATIVE = [True, False]  # both ways of computing, whichever the build uses


def test_next_u64_is_splitmix64() -> None:
    for state in states(20_000):
        assert rng.next_u64(state) == rng.next_u64_reference(state)


@pytest.mark.parametrize("native", NATIVE)
@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 7, 12, 24, 100, 101, 1000, 65_537, (1 << 29) + 3, (1 << 30) - 1])
def test_below_matches_the_64_bit_rejection_rule(n: int, native: bool) -> None:
    for state in states(2_000):
        assert rng.below(state, n, native) == below_reference(state, n)


def _unxorshift(z: int, k: int) -> int:
    x = z
    for _ in range(64 // k + 1):
        x = z ^ (x >> k)
    return x


def state_drawing(value: int) -> int:
    """The state whose next draw is ``value`` (SplitMix64's mixing is a bijection: undo it step by step)."""
    z = _unxorshift(value, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    z = _unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    z = _unxorshift(z, 30)
    return (z - 0x9E3779B97F4A7C15) & MASK


@pytest.mark.parametrize("native", NATIVE)
@pytest.mark.parametrize("n", [3, 7, 100, (1 << 29) + 3])
def test_below_rejects_the_values_from_the_last_whole_multiple_up(n: int, native: bool) -> None:
    limit = (1 << 64) - ((1 << 64) % n)
    for value in {MASK, limit, min(limit + 1, MASK), limit - 1, 0, (1 << 63) + 5}:
        state = state_drawing(value)
        assert rng.next_u64_reference(state)[1] == value
        assert rng.below(state, n, native) == below_reference(state, n)
        drawn_first = rng.below(state, n, native)[0] == rng.next_u64_reference(state)[0]
        assert drawn_first == (value < limit)  # a rejected value draws again


@pytest.mark.parametrize("native", NATIVE)
def test_shuffle_matches_the_reference_shuffle(native: bool) -> None:
    for state in states(300):
        mine, theirs = list(range(120)), list(range(120))
        assert rng.shuffle(state, mine, native) == shuffle_reference(state, theirs)
        assert mine == theirs


@pytest.mark.parametrize("n", [0, -1, 1 << 30])
def test_below_refuses_a_range_it_cannot_draw_from(n: int) -> None:
    with pytest.raises(ValueError):
        rng.below(1, n)


def test_the_compiled_build_computes_on_native_integers_and_pure_python_on_whole_numbers() -> None:
    assert paxpamir_is_compiled() == rng.NATIVE
