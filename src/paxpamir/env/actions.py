"""A fixed action space: every option the engine can list is one integer in ``range(NUM_ACTIONS)``.

The engine already splits big choices into small decisions (a card action is chosen first, then each rupee
taxed, each block built, each unit removed is its own decision), so each option is a short tuple: a kind and
at most two arguments. Each option kind declares the domain of each argument where the rules list it
(:mod:`paxpamir.engine.options`); :data:`KINDS` fixes the order of the kinds here, so that indices never change
when the rules are reorganised. Kinds get consecutive blocks of indices in that order; in a block, an option's
index is its arguments' positions in their domains read as a mixed-radix number (the last argument varies
fastest). ``docs/env.md`` lists the blocks.

Only the engine decides what is legal: :func:`legal_mask` marks the indices of ``game.legal_options()``.
Nothing here needs a third-party package.

>>> from paxpamir import Game
>>> game = Game.new(players=3, seed=1)
>>> option = game.legal_options()[0]
>>> decode(encode(option)) == option
True
>>> encode(("end_turn",)) < NUM_ACTIONS
True
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any, Final

from ..engine.errors import PamirError
from ..engine.game import Game  # noqa: F401  (importing paxpamir registers the rules: every option kind)
from ..engine.options import OPTION_KINDS

if TYPE_CHECKING:
    from ..engine.steps import Option

#: The option kinds in index order. Never reorder: indices would change. A new option kind is appended at the
#: end (``tests/test_env_actions.py`` fails until it is).
KINDS: Final[tuple[str, ...]] = (
    # the turn
    "end_turn", "purchase", "play", "action", "radicalize",
    # setup and playing a card
    "loyalty", "side", "road", "army", "spy",
    # bribes
    "demand", "pay", "refuse",
    # card actions, one unit at a time
    "done", "tax_market", "tax_player", "move_army", "move_tribe", "move_spy", "betray", "take_prize",
    "decline_prize", "battle_region", "battle_card", "remove_army", "remove_road", "remove_tribe", "remove_spy",
    # a piece taken from the board when the supply is empty
    "take_tribe", "take_spy", "take_gift", "take_army", "take_road",
    # discards, events and abilities
    "discard", "player", "suit", "region", "skip", "safe_house", "decline",
    # bargaining over a bribe
    "offer", "accept", "ask", "insist", "break_off",
)  # fmt: skip

#: Every option kind and the domains of its arguments, in index order (from the kinds' declarations).
ACTION_TABLE: Final[tuple[tuple[str, tuple[tuple[Any, ...], ...]], ...]] = tuple(
    (kind, tuple(f.domain for f in OPTION_KINDS[kind].fields)) for kind in KINDS
)


def _block_size(domains: tuple[tuple[Any, ...], ...]) -> int:
    size = 1
    for d in domains:
        size *= len(d)
    return size


KIND_INDEX: Final[dict[str, int]] = {kind: i for i, kind in enumerate(KINDS)}
_DOMAINS: Final[tuple[tuple[tuple[Any, ...], ...], ...]] = tuple(d for _, d in ACTION_TABLE)
_POSITIONS: Final[tuple[tuple[dict[Any, int], ...], ...]] = tuple(
    tuple({v: i for i, v in enumerate(d)} for d in domains) for domains in _DOMAINS
)
_SIZES: Final[tuple[int, ...]] = tuple(_block_size(d) for d in _DOMAINS)
#: First index of each kind's block, in table order.
OFFSETS: Final[tuple[int, ...]] = tuple(sum(_SIZES[:i]) for i in range(len(_SIZES)))
#: The size of the action space.
NUM_ACTIONS: Final[int] = sum(_SIZES)


def encode(option: Option) -> int:
    """The index of ``option``; raises PamirError if it is not an option the engine can list."""
    if not isinstance(option, tuple | list) or not option:
        raise PamirError(f"an option is a non-empty tuple such as ('end_turn',), not {option!r}")
    k = KIND_INDEX.get(option[0]) if isinstance(option[0], str) else None
    if k is None:
        raise PamirError(f"unknown option kind {option[0]!r}")
    positions = _POSITIONS[k]
    if len(option) != len(positions) + 1:
        raise PamirError(f"option {list(option)!r} should have {len(positions)} argument(s)")
    index = 0
    for arg, (domain, where) in zip(option[1:], zip(_DOMAINS[k], positions, strict=True), strict=True):
        i = where.get(arg) if type(arg) is type(domain[0]) else None
        if i is None:
            raise PamirError(f"option {list(option)!r}: {arg!r} is not one of its possible values")
        index = index * len(domain) + i
    return OFFSETS[k] + index


#: The options decoded so far, by index (at most NUM_ACTIONS entries; options are immutable tuples).
_OPTION_AT: Final[dict[int, Option]] = {}


def decode(index: int) -> Option:
    """The option with this index (the inverse of :func:`encode`); raises PamirError when out of range."""
    if type(index) is int:
        known = _OPTION_AT.get(index)
        if known is not None:
            return known
    if isinstance(index, bool) or not hasattr(index, "__index__"):
        raise PamirError(f"an action is an integer, not {index!r}")
    index = int(index)  # numpy integers too
    if not 0 <= index < NUM_ACTIONS:
        raise PamirError(f"action {index} is outside 0..{NUM_ACTIONS - 1}")
    k = bisect_right(OFFSETS, index) - 1
    rest = index - OFFSETS[k]
    args: list[Any] = []
    for domain in reversed(_DOMAINS[k]):
        rest, i = divmod(rest, len(domain))
        args.append(domain[i])
    args.reverse()
    option = _OPTION_AT[index] = (KINDS[k], *args)
    return option


def kind_of(index: int) -> str:
    """The option kind of an action index (its block)."""
    if not 0 <= index < NUM_ACTIONS:
        raise PamirError(f"action {index} is outside 0..{NUM_ACTIONS - 1}")
    return KINDS[bisect_right(OFFSETS, index) - 1]


#: The index of every option the engine has listed so far (at most NUM_ACTIONS entries): :func:`legal_actions`
#: looks an option up by hashing it instead of encoding it again. Only the engine's options go in (each encoded
#: first, so an option whose values have the wrong types never does): ``("purchase", True)`` equals
#: ``("purchase", 1)`` as a key, but the engine never lists it.
_INDEX_OF: Final[dict[Option, int]] = {}


def legal_actions(game: Game) -> list[int]:
    """The indices of the legal options, in the engine's order (empty when the game is over)."""
    known = _INDEX_OF
    options = game.legal_options()
    try:
        return [known[o] for o in options]
    except KeyError:  # an option not met before
        for o in options:
            if o not in known:
                known[o] = encode(o)
        return [known[o] for o in options]


def legal_mask(game: Game) -> list[int]:
    """A list of NUM_ACTIONS zeros with a one at each legal option's index."""
    mask = [0] * NUM_ACTIONS
    for i in legal_actions(game):
        mask[i] = 1
    return mask


def apply_action(game: Game, index: int, player: int | None = None) -> None:
    """Apply the option with this index (IllegalOption if it is not legal now)."""
    game.apply(decode(index), player)


__all__ = [
    "ACTION_TABLE",
    "KINDS",
    "NUM_ACTIONS",
    "OFFSETS",
    "apply_action",
    "decode",
    "encode",
    "kind_of",
    "legal_actions",
    "legal_mask",
]
