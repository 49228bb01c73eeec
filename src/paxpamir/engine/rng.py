"""A tiny deterministic random number generator whose whole state is one integer.

SplitMix64: fast, good enough for shuffling cards, and trivially copied and written to JSON, so that a
game's chance is an explicit, reproducible part of its state.

Two ways to compute the same numbers. Compiled (mypyc), the arithmetic is done on native 64-bit integers
(``i64``): the state is read as a signed 64-bit number, additions and products wrap around as SplitMix64 wants,
and a logical shift is an arithmetic one masked. No integer object is allocated for a step. In pure Python,
where every integer is an object anyway, the plain 64-bit formula on whole numbers is faster. Both give bit for
bit the same results (the tests run both ways in both builds: in pure Python the native way wraps explicitly).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # only the compiler needs the type: nothing is imported at run time
    from mypy_extensions import i64

MASK: Final = (1 << 64) - 1
#: SplitMix64's constants as signed 64-bit numbers, in signed 32-bit halves (``hi * 2**32 + lo``): a literal
#: beyond 62 bits would be an integer object in compiled code, converted at every use, while the halves are
#: machine constants that the C compiler multiplies out (in two statements, so that mypyc does not fold them
#: back into one big literal first).
_GOLDEN_HI: Final = -1640531527  # 0x9E3779B97F4A7C15
_GOLDEN_LO: Final = 0x7F4A7C15
_C1_HI: Final = -1084733587  # 0xBF58476D1CE4E5B9
_C1_LO: Final = 0x1CE4E5B9
_C2_HI: Final = -1798288965  # 0x94D049BB133111EB
_C2_LO: Final = 0x133111EB
_I64_MIN: Final = -(1 << 63)
#: Masks that turn an arithmetic right shift by k into a logical one: the low 64 - k bits.
_LOW34: Final = 0x3FFFFFFFF  # after >> 30
_LOW37: Final = 0x1FFFFFFFFF  # after >> 27
_LOW33: Final = 0x1FFFFFFFF  # after >> 31
_LOW32: Final = 0xFFFFFFFF  # after >> 32, and the low half
#: True in a compiled build: compute on native 64-bit integers (see the module's docstring).
NATIVE: Final = not __file__.endswith(".py")


def _wrapped(x: int) -> int:
    """``x`` wrapped into the signed 64-bit range: what compiled arithmetic on ``i64`` does by itself. Only the
    native way run in pure Python (by the tests) needs it, hence the ``if not NATIVE`` before each call."""
    return ((x - _I64_MIN) & MASK) + _I64_MIN


def _signed(state: int) -> i64:
    """The 64-bit ``state`` (0 to 2**64 - 1) read as a signed number."""
    return state - (MASK + 1) if state > MASK >> 1 else state


def _unsigned(s: i64) -> int:
    x: int = s  # a whole number from here: the sum below does not fit in 64 bits
    return x + (MASK + 1) if x < 0 else x


def _advanced(s: i64) -> i64:
    """The state after ``s``."""
    golden: i64 = _GOLDEN_HI  # built from its halves in two statements: see _GOLDEN_HI
    golden = golden * 4294967296 + _GOLDEN_LO
    s += golden
    if not NATIVE:
        s = _wrapped(s)
    return s


def _mix(s: i64) -> i64:
    """SplitMix64's output for the (already advanced) state ``s``."""
    c1: i64 = _C1_HI
    c1 = c1 * 4294967296 + _C1_LO
    c2: i64 = _C2_HI
    c2 = c2 * 4294967296 + _C2_LO
    z = (s ^ ((s >> 30) & _LOW34)) * c1
    if not NATIVE:
        z = _wrapped(z)
    z = (z ^ ((z >> 27) & _LOW37)) * c2
    if not NATIVE:
        z = _wrapped(z)
    return z ^ ((z >> 31) & _LOW33)


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, random 64-bit value)."""
    s = _advanced(_signed(state))
    return _unsigned(s), _unsigned(_mix(s))


def next_u64_reference(state: int) -> tuple[int, int]:
    """SplitMix64 on plain 64-bit integers (what :func:`next_u64` computes on signed native ones)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def _below(s: i64, n: i64) -> tuple[i64, i64]:
    """A uniform integer in [0, n) for 0 < n < 2**30 from the signed state ``s``: (new state, value).

    It rejects the values at or above the largest multiple of ``n`` below 2**64, exactly as
    ``value < 2**64 - 2**64 % n`` does on unsigned 64-bit integers: as a signed number, such a value is one of
    the ``2**64 % n`` largest negative ones."""
    shift = 4294967296 % n  # 2**32 mod n
    rest = (shift * shift) % n  # 2**64 mod n
    while True:
        s = _advanced(s)
        z = _mix(s)
        if z >= 0 or z < -rest:
            return s, ((((z >> 32) & _LOW32) % n) * shift + (z & _LOW32)) % n


def _below_reference(state: int, n: int) -> tuple[int, int]:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next_u64_reference(state)
        if value < limit:
            return state, value % n


def below(state: int, n: int, native: bool = NATIVE) -> tuple[int, int]:
    """Return (new_state, uniform integer in [0, n)) for 0 < n < 2**30."""
    if n <= 0 or n >= 1 << 30:
        raise ValueError("n must be positive and below 2**30")
    if not native:
        return _below_reference(state, n)
    s, value = _below(_signed(state), n)
    return _unsigned(s), value


def shuffle(state: int, items: list, native: bool = NATIVE) -> int:
    """Fisher-Yates shuffle in place; returns the new state."""
    if not native:
        for i in range(len(items) - 1, 0, -1):
            state, j = _below_reference(state, i + 1)
            items[i], items[j] = items[j], items[i]
        return state
    s = _signed(state)
    for i in range(len(items) - 1, 0, -1):
        s, j = _below(s, i + 1)
        items[i], items[j] = items[j], items[i]
    return _unsigned(s)


def seed_state(seed: int) -> int:
    state, _ = next_u64(seed & MASK)
    return state
