"""The registry of steps that make up the game's state machine.

The game keeps an *agenda*: a stack of steps, each a small tuple ``(kind, player, *args)`` of JSON-friendly
values. The top step either runs by itself (an automatic step: resolve an impact icon, score a Dominance
Check, refill the market, ...) or waits for its player to pick one of its options (a decision step).

Every step kind declares itself completely, in one place, in the rules module that owns it (Rally-the-Troops
style): a :class:`~typing.NamedTuple` names its arguments, so rules code builds steps as
``new_step(Tax, "tax", p, left, 0)`` (the same as ``Tax("tax", p, left, 0)``, made faster) and reads them as
``step.left``; one call registers the kind with that type, the range of each argument after its player (a seat)
(``args={"left": Count, "taken": Count}``: ``CourtCardNumber``, ``Count``, ``OneOf(...)``, ...) and, for a
decision, its options, apply and label functions and its prompt; for an automatic step, the function that runs it.
The declarations also validate every step of a loaded state (:func:`step_error`). On the wire (JSON) a step stays
a plain list.

Handlers pop nothing themselves: the engine pops the step before calling them, and they push whatever
follows (in reverse order, since the agenda is a stack).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..content.map import REGIONS

if TYPE_CHECKING:
    from .game import Game

Step = tuple[Any, ...]
Option = tuple[Any, ...]

OptionsFn = Callable[["Game", Step], list[Option]]
ApplyFn = Callable[["Game", Step, Option], None]
RunFn = Callable[["Game", Step], None]
LabelFn = Callable[["Game", Step, Option], str]
AskFn = Callable[["Game", Step], str]
CheckFn = Callable[["Game", Step, "Step | None"], "str | None"]

S = TypeVar("S", bound=tuple)

#: The largest count a step argument may hold (rupees, units, removals left ...): far above anything a game
#: reaches, low enough that a corrupt state cannot ask for a huge list of options.
MAX_COUNT: Final = 99


# ---------------------------------------------------------------------------- argument types


@dataclass(frozen=True, slots=True)
class Arg:
    """What one step argument may hold: an integer in a range (seats: ``0 … n-1``), one of some strings, a
    nested step, or anything."""

    what: str
    lo: int = 0
    hi: int = 0
    seat: bool = False
    choices: tuple[str, ...] = ()
    step: bool = False
    anything: bool = False

    def error(self, value: Any, n: int) -> str | None:
        """Why ``value`` is not a valid argument of this type in an ``n``-player game (None if it is)."""
        if self.anything:
            return None
        if self.step:
            if not isinstance(value, tuple):
                return f"must be a step (a list), not {value!r}"
            return step_error(value, n)
        if self.choices:
            if value not in self.choices or not isinstance(value, str):
                return f"must be one of {', '.join(repr(c) for c in self.choices)}, not {value!r}"
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            return f"must be {self.what} (an integer), not {value!r}"
        hi = n - 1 if self.seat else self.hi
        if not self.lo <= value <= hi:
            return f"must be {self.what} ({self.lo} to {hi}), not {value}"
        return None


def OneOf(*choices: str) -> Arg:  # noqa: N802 - reads like a type in declarations
    return Arg("one of " + ", ".join(choices), choices=choices)


#: Argument types for step declarations (``args={"player": Seat, "card": CourtCardNumber, "left": Count}``).
Seat: Final = Arg("a seat", 0, seat=True)
SeatOrNobody: Final = Arg("a seat or -1 (nobody)", -1, seat=True)
CardNumber: Final = Arg("a card", 1, 116)
CourtCardNumber: Final = Arg("a court card", 1, 100)
EventCardNumber: Final = Arg("an event card", 101, 116)
Region: Final = Arg("a region index", 0, 5)
RegionName: Final = OneOf(*REGIONS)
CoalitionOrNone: Final = Arg("a coalition index or -1", -1, 2)
MarketSlot: Final = Arg("a market slot", 0, 11)
Count: Final = Arg("a count", 0, MAX_COUNT)
Flag: Final = Arg("a flag", 0, 1)
Anything: Final = Arg("anything", anything=True)
InnerStep: Final = Arg("a step", step=True)


# ---------------------------------------------------------------------------- step kinds


class StepKind:
    """Everything about one kind of step: its type (named arguments), and its handlers.

    A decision has ``options``, ``apply``, ``prompt`` (the question; ``ask`` when it depends on the step) and
    ``label`` (the English for one of its options); an automatic step has ``run``. ``check`` (optional) finds
    what the argument types cannot express (a card that must be in the player's hand, the step a bribe is
    for below it, ...) when a state is loaded: ``check(game, step, step_below_or_None)``.
    """

    __slots__ = ("kind", "cls", "fields", "options", "apply", "run", "prompt", "ask", "label", "check")

    def __init__(self, kind: str, cls: type, args: dict[str, Arg]) -> None:
        self.kind = kind
        self.cls = cls
        #: ``(name, type)`` of each argument after the kind, ``player`` first.
        self.fields: tuple[tuple[str, Arg], ...] = _fields(kind, cls, args)
        self.options: OptionsFn | None = None
        self.apply: ApplyFn | None = None
        self.run: RunFn | None = None
        self.prompt = ""
        self.ask: AskFn | None = None
        self.label: LabelFn | None = None
        self.check: CheckFn | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """A kind pickles as its name and unpickles as the registry's own (a game keeps its pending decision's
        kind: pickling a game, as OpenSpiel does, must work)."""
        return (kind_named, (self.kind,))

    def make(self, values: tuple[Any, ...]) -> Step:
        """The step of this kind holding ``values`` (kind first), with omitted trailing defaults filled in."""
        cls = self.cls
        if type(values) is cls:
            return values
        defaults: dict[str, Any] = getattr(cls, "_field_defaults", {})
        names: tuple[str, ...] = getattr(cls, "_fields", ())
        if len(values) < len(names):
            values = values + tuple(defaults[name] for name in names[len(values) :] if name in defaults)
        return cls._make(values)  # type: ignore[attr-defined]


def _fields(kind: str, cls: type, args: dict[str, Arg]) -> tuple[tuple[str, Arg], ...]:
    """Pair the step type's fields (after ``kind``) with their declared argument types. The types are given
    at registration, not as annotations, because a compiled build (mypyc) keeps no annotation metadata."""
    names: tuple[str, ...] = getattr(cls, "_fields", ())
    if names[:2] != ("kind", "player"):
        raise RuntimeError(f"step {kind!r}: its type's first fields must be kind and player, not {names[:2]}")
    if set(args) != set(names[1:]):
        given = tuple(name for name in args if name != "player")
        raise RuntimeError(f"step {kind!r}: args must declare exactly the fields {names[2:]} after player, not {given}")
    return tuple((name, args[name]) for name in names[1:])


#: Every step kind: kind -> its declaration and handlers; also the engine's dispatch table (one lookup a step:
#: an automatic kind has ``run``, a decision ``options`` and ``apply``; the game keeps the pending decision's
#: kind while it waits).
KINDS: Final[dict[str, StepKind]] = {}


def kind_named(kind: str) -> StepKind:
    """The registered step kind ``kind``."""
    return KINDS[kind]


def _new_kind(kind: str, cls: type, args: dict[str, Arg]) -> StepKind:
    if kind in KINDS:
        raise RuntimeError(f"step kind {kind!r} registered twice")
    spec = StepKind(kind, cls, args)
    KINDS[kind] = spec
    return spec


def decision_kind(
    kind: str,
    step: type[S],
    options: Callable[[Game, S], list[Option]],
    apply: Callable[[Game, S, Option], None],
    label: Callable[[Game, S, Option], str],
    prompt: str,
    *,
    ask: Callable[[Game, S], str] | None = None,
    check: Callable[[Game, S, Step | None], str | None] | None = None,
    args: dict[str, Arg] | None = None,
) -> StepKind:
    """Register a decision step: its type, its options, apply and option label functions, its prompt (``ask`` when
    it depends on the step) and the types of its arguments after ``player`` (a seat):
    ``decision_kind("betray", Betray, _betray_options, _betray, _betray_label, N_("Betray: ..."))``."""
    spec = _new_kind(kind, step, {"player": Seat, **args} if args else {"player": Seat})
    spec.options = options  # type: ignore[assignment]
    spec.apply = apply  # type: ignore[assignment]
    spec.prompt = prompt
    spec.ask = ask  # type: ignore[assignment]
    spec.label = label  # type: ignore[assignment]
    spec.check = check  # type: ignore[assignment]
    return spec


def automatic_kind(
    kind: str,
    step: type[S],
    run: Callable[[Game, S], None],
    check: Callable[[Game, S, Step | None], str | None] | None = None,
    *,
    args: dict[str, Arg] | None = None,
) -> StepKind:
    """Register an automatic step: its type, the types of its arguments after ``player`` (a seat, unless ``args``
    says otherwise: ``{"player": SeatOrNobody}``) and the function that runs it."""
    spec = _new_kind(kind, step, {"player": Seat, **args} if args else {"player": Seat})
    spec.run = run  # type: ignore[assignment]
    spec.check = check  # type: ignore[assignment]
    return spec


#: A named tuple's own constructor runs as Python code (its ``__new__`` is generated); the tuple type's one is C.
_TUPLE_NEW: Final = tuple.__new__


def new_step(step: type[S], *values: Any) -> S:
    """The step ``step(*values)`` (every field given, kind first), made at a fraction of the cost of calling the
    named tuple type, which matters in a compiled build: ``new_step(Tax, "tax", p, left, 0)``. The invariant
    checks (:mod:`paxpamir.engine.invariants`) verify that every step on the agenda is well formed."""
    return _TUPLE_NEW(step, values)


#: Seats in the largest game: steps that depend on their player only can be made once per seat.
MAX_SEATS: Final = 5

T = TypeVar("T")


def per_seat(make: Callable[[int], T]) -> tuple[T, ...]:
    """``make(p)`` for every seat, made once. Steps are immutable, so a step pushed often (the turn, the
    cleanup steps) can be one object per seat: ``TURN[p]`` instead of ``Turn("turn", p)``."""
    return tuple(make(p) for p in range(MAX_SEATS))


def per_seat_and_card(make: Callable[[int, int], T]) -> tuple[tuple[T, ...], ...]:
    """``make(p, card)`` for every seat and court card number (0 to 100; 0 is no card), made once: for the steps
    a turn pushes for one card (playing it, placing its spy), ``_PLACE_SPY[p][card]`` instead of a new tuple, which
    costs far more than a look-up in a compiled build (see :func:`new_step`)."""
    return per_seat(lambda p: tuple(make(p, c) for c in range(101)))


# ---------------------------------------------------------------------------- validation


def make_step(values: tuple[Any, ...]) -> Step:
    """A step of its declared type (``values`` as read from JSON, lists already made tuples)."""
    spec = KINDS[values[0]]
    if any(arg.step for _, arg in spec.fields):
        values = (values[0],) + tuple(
            make_step(v) if arg.step else v for v, (_, arg) in zip(values[1:], spec.fields, strict=False)
        )
    return spec.make(values)


def step_error(values: tuple[Any, ...], n: int) -> str | None:
    """Why ``values`` is not a well-formed step of an ``n``-player game (None if it is): an unknown kind, the
    wrong number of arguments, or an argument of the wrong type or out of range."""
    if not values or not isinstance(values[0], str):
        return f"malformed step {list(values)!r}"
    spec = KINDS.get(values[0])
    if spec is None:
        return f"unknown step kind {values[0]!r}"
    names = [name for name, _ in spec.fields]
    defaults: dict[str, Any] = getattr(spec.cls, "_field_defaults", {})
    required = 1 + sum(1 for name in names if name not in defaults)
    if not required <= len(values) <= 1 + len(names):
        return f"step {list(values)!r}: a {spec.kind!r} step is [{', '.join(['kind', *names])}]"
    for value, (name, arg) in zip(values[1:], spec.fields, strict=False):
        problem = arg.error(value, n)
        if problem:
            return f"step {list(values)!r}: {name} {problem}"
    return None


def step_check(g: Game, step: Step, below: Step | None) -> str | None:
    """What the kind's own check finds wrong with a well-formed ``step`` in ``g``, ``below`` being the step
    beneath it on the agenda (None if nothing)."""
    spec = KINDS[step[0]]
    problem = spec.check(g, step, below) if spec.check is not None else None
    if problem:
        return f"step {list(step)!r}: {problem}"
    for i, (_, arg) in enumerate(spec.fields, 1):
        if arg.step:
            inner = step_check(g, step[i], below)
            if inner:
                return inner
    return None
