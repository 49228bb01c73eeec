"""A tiny deterministic random number generator whose whole state is one integer.

SplitMix64: fast, good enough for shuffling cards, and trivially copied and written to JSON, so that a
game's chance is an explicit, reproducible part of its state.
"""

from __future__ import annotations

from typing import Final

MASK: Final = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, random 64-bit value)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, uniform integer in [0, n))."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next_u64(state)
        if value < limit:
            return state, value % n


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle in place; returns the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def seed_state(seed: int) -> int:
    state, _ = next_u64(seed & MASK)
    return state
