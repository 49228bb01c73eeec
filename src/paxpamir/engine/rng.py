"""A tiny deterministic random number generator whose whole state is one integer.

SplitMix64: fast, good enough for shuffling cards, and trivially copied and written to JSON, so that a
game's chance is an explicit, reproducible part of its state.

Two ways to compute the same numbers. Compiled (mypyc), the arithmetic is done on 32-bit halves, and products
on 16-bit quarters, so that every value stays a small integer: the compiled code then computes with machine
integers instead of allocating a big integer for each step (it multiplies natively only while both factors are
below 2**30). In pure Python, where every integer is an object anyway, the plain 64-bit formula is six times
faster. Both give bit for bit the same results (the tests run both).
"""

from __future__ import annotations

from typing import Final

MASK: Final = (1 << 64) - 1
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_GOLDEN_HI: Final = 0x9E3779B9
_GOLDEN_LO: Final = 0x7F4A7C15
_C1_HI: Final = 0xBF58476D
_C1_LO: Final = 0x1CE4E5B9
_C2_HI: Final = 0x94D049BB
_C2_LO: Final = 0x133111EB


def _mul_lo32(a: int, b: int) -> int:
    """(a * b) mod 2**32 for 32-bit a and b, multiplying 16-bit quarters only."""
    b0 = b & _M16
    return ((a & _M16) * b0 + (((((a >> 16) * b0) + (a & _M16) * (b >> 16)) & _M16) << 16)) & _M32


def _mul64(ah: int, al: int, bh: int, bl: int) -> tuple[int, int]:
    """(a * b) mod 2**64 of two 64-bit numbers given as 32-bit halves, as halves. Only 16-bit quarters are
    multiplied: a compiled build multiplies machine integers only while both factors are below 2**30."""
    a0, a1, b0, b1 = al & _M16, al >> 16, bl & _M16, bl >> 16
    middle = a1 * b0 + a0 * b1  # below 2**33
    t = a0 * b0 + ((middle & _M16) << 16)  # below 2**33
    carry = (t >> 32) + (middle >> 16) + a1 * b1  # al * bl == carry * 2**32 + (t mod 2**32)
    hi = (carry + _mul_lo32(ah, bl) + _mul_lo32(al, bh)) & _M32
    return hi, t & _M32


def _step(hi: int, lo: int) -> tuple[int, int, int, int]:
    """One SplitMix64 step on the state's halves: (state hi, state lo, value hi, value lo)."""
    lo += _GOLDEN_LO
    hi = (hi + _GOLDEN_HI + (lo >> 32)) & _M32
    lo &= _M32
    # z ^= z >> 30; z *= C1
    zh, zl = _mul64(hi ^ (hi >> 30), lo ^ (((hi << 2) | (lo >> 30)) & _M32), _C1_HI, _C1_LO)
    # z ^= z >> 27; z *= C2
    zh, zl = _mul64(zh ^ (zh >> 27), zl ^ (((zh << 5) | (zl >> 27)) & _M32), _C2_HI, _C2_LO)
    # z ^= z >> 31
    return hi, lo, zh ^ (zh >> 31), zl ^ (((zh << 1) | (zl >> 31)) & _M32)


#: True in a compiled build: use the halves (see the module's docstring).
HALVES: Final = not __file__.endswith(".py")


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, random 64-bit value)."""
    hi, lo, vh, vl = _step((state >> 32) & _M32, state & _M32)
    return (hi << 32) | lo, (vh << 32) | vl


def next_u64_reference(state: int) -> tuple[int, int]:
    """SplitMix64 on plain 64-bit integers (what :func:`next_u64` computes on halves)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def _below(hi: int, lo: int, n: int) -> tuple[int, int, int]:
    """A uniform integer in [0, n) for 0 < n < 2**30 from the state's halves: (state hi, state lo, value).

    It rejects the values at or above the largest multiple of ``n`` below 2**64, exactly as
    ``value < 2**64 - 2**64 % n`` does on 64-bit integers."""
    rest = (((1 << 32) % n) * ((1 << 32) % n)) % n  # 2**64 mod n
    limit_lo = (1 << 32) - rest  # with rest > 0 (and below 2**30), the limit is (2**32 - 1) * 2**32 + limit_lo
    shift = (1 << 32) % n
    while True:
        hi, lo, vh, vl = _step(hi, lo)
        if rest == 0 or vh < _M32 or vl < limit_lo:
            return hi, lo, ((vh % n) * shift + vl) % n


def _below_reference(state: int, n: int) -> tuple[int, int]:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next_u64_reference(state)
        if value < limit:
            return state, value % n


def below(state: int, n: int, halves: bool = HALVES) -> tuple[int, int]:
    """Return (new_state, uniform integer in [0, n)) for 0 < n < 2**30."""
    if n <= 0 or n >= 1 << 30:
        raise ValueError("n must be positive and below 2**30")
    if not halves:
        return _below_reference(state, n)
    hi, lo, value = _below((state >> 32) & _M32, state & _M32, n)
    return (hi << 32) | lo, value


def shuffle(state: int, items: list, halves: bool = HALVES) -> int:
    """Fisher-Yates shuffle in place; returns the new state."""
    if not halves:
        for i in range(len(items) - 1, 0, -1):
            state, j = _below_reference(state, i + 1)
            items[i], items[j] = items[j], items[i]
        return state
    hi, lo = (state >> 32) & _M32, state & _M32
    for i in range(len(items) - 1, 0, -1):
        hi, lo, j = _below(hi, lo, i + 1)
        items[i], items[j] = items[j], items[i]
    return (hi << 32) | lo


def seed_state(seed: int) -> int:
    state, _ = next_u64(seed & MASK)
    return state
