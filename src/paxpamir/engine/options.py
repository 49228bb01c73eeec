"""The registry of option kinds: what each option a decision can list holds, and what it points at.

An option is a small tuple ``(kind, *args)`` of JSON-friendly values, such as ``("purchase", 23)`` or
``("move_spy", 12, 40)``. Every option kind declares itself once, next to the decision that lists it, in the
rules module that owns it::

    option_kind("move_spy", Field("card", COURT_CARDS, points_at="card", role="from"),
                Field("to", COURT_CARDS, points_at="card"))

naming each argument, the exact values it can take (its *domain*), what on the board it points at (a card, a
region, a border, a player, or nothing) and whether it is where a move starts. From these declarations:

- code outside the rules reads an option by name, never by position: ``option_arg(option, "card")``;
- the view model tells a client what each legal option points at (:func:`targets`);
- the learning environments number every possible option (``paxpamir.env.actions``).

The rules build and read their own options as plain tuples (the hot path): the declaration is the contract
that those tuples follow, and ``tests/test_options.py`` checks every option of many random games against it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, NamedTuple

from ..content.map import BORDER_NAMES, COALITIONS, CYLINDERS_PER_PLAYER, REGIONS, SUITS
from .errors import PamirError

# Argument domains: the exact values the rules put in options (ints stay ints). Borders: ``BORDER_NAMES``.
CARDS: Final[tuple[int, ...]] = tuple(range(1, 117))  # any card: court cards 1-100, events 101-116
COURT_CARDS: Final[tuple[int, ...]] = tuple(range(1, 101))  # only court cards carry spies and actions
REGION_NAMES: Final[tuple[str, ...]] = REGIONS
COALITION_NAMES: Final[tuple[str, ...]] = COALITIONS
SUIT_NAMES: Final[tuple[str, ...]] = SUITS
#: Seats of the largest game.
SEATS: Final[tuple[int, ...]] = tuple(range(5))
SIDES: Final[tuple[str, ...]] = ("left", "right")
# A bribe is at most the ruler's tribes in a region or the hostage-taker's spies on a card: cylinders.
BRIBES: Final[tuple[int, ...]] = tuple(range(CYLINDERS_PER_PLAYER + 1))

#: What an argument may point at on the board ("" for a plain value: an amount, a side, a suit, ...).
POINTS_AT: Final = ("card", "region", "border", "player", "coalition", "")


class Field(NamedTuple):
    """One argument of an option kind."""

    name: str
    domain: tuple[Any, ...]
    #: "card", "region", "border", "player", "coalition" (what the board shows for it), or "".
    points_at: str = ""
    #: "target" (what the option is about), "from" (where a move starts) or "extra" (a detail of the target).
    role: str = "target"


class OptionKind(NamedTuple):
    """An option kind: its name and its arguments, in order."""

    kind: str
    fields: tuple[Field, ...]

    def position(self, name: str) -> int:
        """The position of argument ``name`` in an option of this kind (1-based: position 0 is the kind)."""
        for i, f in enumerate(self.fields):
            if f.name == name:
                return i + 1
        raise PamirError(f"a {self.kind!r} option has no argument {name!r}")


#: Every option kind, by name, in the order the rules declared them.
OPTION_KINDS: Final[dict[str, OptionKind]] = {}


def option_kind(kind: str, *fields: Field) -> OptionKind:
    """Declare an option kind (once, next to the decision that lists it)."""
    if kind in OPTION_KINDS:
        raise ValueError(f"option kind {kind!r} is declared twice")
    for f in fields:
        if f.points_at not in POINTS_AT or f.role not in ("target", "from", "extra"):
            raise ValueError(f"option kind {kind!r}: bad field {f!r}")
    declared = OptionKind(kind, tuple(fields))
    OPTION_KINDS[kind] = declared
    return declared


def kind_of_option(option: object) -> OptionKind:
    """The declaration of ``option``'s kind; raises :class:`PamirError` for anything that is not an option of a
    declared kind with the right number of arguments."""
    if not isinstance(option, tuple | list) or not option or not isinstance(option[0], str):
        raise PamirError(f"an option is a non-empty tuple such as ('end_turn',), not {option!r}")
    declared = OPTION_KINDS.get(option[0])
    if declared is None:
        raise PamirError(f"unknown option kind {option[0]!r}")
    if len(option) != len(declared.fields) + 1:
        raise PamirError(f"option {list(option)!r} should have {len(declared.fields)} argument(s)")
    return declared


def option_arg(option: object, name: str) -> Any:
    """The argument ``name`` of ``option``: ``option_arg(("move_spy", 12, 40), "to") == 40``."""
    declared = kind_of_option(option)
    assert isinstance(option, tuple | list)
    return option[declared.position(name)]


def option_args(options: list[tuple[Any, ...]], kind: str, name: str) -> list[Any]:
    """Argument ``name`` of every option of ``kind`` among ``options``, in order:
    ``option_args(legal, "radicalize", "card")`` lists the cards Wakhan may radicalize."""
    declared = OPTION_KINDS.get(kind)
    if declared is None:
        raise PamirError(f"unknown option kind {kind!r}")
    i = declared.position(name)
    return [o[i] for o in options if o[0] == kind]


def option_error(option: object) -> str | None:
    """Why ``option`` does not follow its kind's declaration (None if it does): its kind, its number of
    arguments, and each argument's value (of its domain, with the same type)."""
    try:
        declared = kind_of_option(option)
    except PamirError as exc:
        return str(exc)
    assert isinstance(option, tuple | list)
    for f, value in zip(declared.fields, option[1:], strict=True):
        if value not in f.domain or type(value) is not type(f.domain[0]):
            return f"option {list(option)!r}: its {f.name} {value!r} is not one of its possible values"
    return None


def targets(option: tuple[Any, ...]) -> dict[str, Any] | None:
    """What ``option`` points at, from its declaration: ``{"card": 23}``, ``{"region": "kabul"}``,
    ``{"border": "herat-kabul"}``, ``{"player": 1}``; a move also says where it starts (``"from"``) and a detail
    rides along (a road's ``"coalition"``). None for an option that points at nothing (``("end_turn",)``)."""
    declared = OPTION_KINDS.get(option[0]) if option else None
    if declared is None:
        return None
    out: dict[str, Any] = {}
    start: dict[str, Any] = {}
    for f, value in zip(declared.fields, option[1:], strict=False):
        if not f.points_at:
            continue
        if f.role == "from":
            start[f.points_at] = value
        else:
            out[f.points_at] = value
    if start:
        out["from"] = start
    return out or None


def shared_options(kind: str, values: Iterable[Any]) -> tuple[tuple[Any, ...], ...]:
    """``(kind, value)`` for each of ``values``, in order, made once at import: ``DISCARD = shared_options("discard",
    range(117))`` gives ``DISCARD[card] == ("discard", card)``, and ``shared_options("road", BORDER_NAMES)[b]`` the
    road option of border number ``b``. Listings hand out these shared (immutable) options instead of making new
    tuples, and :meth:`~paxpamir.engine.game.Game.apply` finds the one an agent hands back by identity (a
    compiled build makes a new tuple for every tuple literal in a function)."""
    return tuple((kind, v) for v in values)


def shared_option(kind: str) -> tuple[Any, ...]:
    """The option ``(kind,)`` of a kind without arguments, made once at import: ``END_TURN =
    shared_option("end_turn")``. Not a tuple literal: a compiled build would hold a module constant written as
    one unboxed and box it anew for the module's dictionary, so Python code would not see the very object that
    compiled code hands out."""
    return (kind,)


# Options that several decisions share.
option_kind("done")
option_kind("skip")
option_kind("decline")
DONE: Final = shared_option("done")
SKIP: Final = shared_option("skip")
DECLINE: Final = shared_option("decline")

__all__ = [
    "BORDER_NAMES",
    "BRIBES",
    "CARDS",
    "COALITION_NAMES",
    "COURT_CARDS",
    "DECLINE",
    "DONE",
    "Field",
    "OPTION_KINDS",
    "OptionKind",
    "REGION_NAMES",
    "SEATS",
    "SIDES",
    "SKIP",
    "SUIT_NAMES",
    "kind_of_option",
    "option_arg",
    "option_args",
    "option_error",
    "option_kind",
    "shared_option",
    "shared_options",
    "targets",
]
