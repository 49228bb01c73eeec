"""The registry of steps that make up the game's state machine.

The game keeps an *agenda*: a stack of steps, each a small tuple ``(kind, player, *args)`` of JSON-friendly
values. The top step either runs by itself (an automatic step: resolve an impact icon, score a Dominance
Check, refill the market, ...) or waits for its player to pick one of its options (a decision step).

Every step kind declares itself completely, in one place, in the rules module that owns it (Rally-the-Troops
style): a :class:`~typing.NamedTuple` names its arguments and their types (``Seat``, ``CourtCardNumber``,
``Count``, ``OneOf(...)``, ...), so rules code builds steps as ``Tax("tax", p, left, 0)`` and reads them as
``step.left``; one call registers the kind with that type and, for a decision, its options, apply, prompt and
label functions; for an automatic step, the function that runs it. The declarations also validate every step
of a loaded state (:func:`step_error`). On the wire (JSON) a step stays a plain list.

Handlers pop nothing themselves: the engine pops the step before calling them, and they push whatever
follows (in reverse order, since the agenda is a stack).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Final, TypeVar, get_type_hints

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


class Arg:
    """What one step argument may hold: an integer in a range (seats: ``0 … n-1``), one of some strings, a
    nested step, or anything."""

    __slots__ = ("what", "lo", "hi", "seat", "choices", "step", "anything")

    def __init__(
        self,
        what: str,
        lo: int = 0,
        hi: int = 0,
        *,
        seat: bool = False,
        choices: tuple[str, ...] = (),
        step: bool = False,
        anything: bool = False,
    ) -> None:
        self.what = what
        self.lo = lo
        self.hi = hi
        self.seat = seat
        self.choices = choices
        self.step = step
        self.anything = anything

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


#: Argument types for step declarations: ``player: Seat``, ``card: CourtCardNumber``, ``left: Count`` ...
Seat = Annotated[int, Arg("a seat", 0, seat=True)]
SeatOrNobody = Annotated[int, Arg("a seat or -1 (nobody)", -1, seat=True)]
CardNumber = Annotated[int, Arg("a card", 1, 116)]
CourtCardNumber = Annotated[int, Arg("a court card", 1, 100)]
EventCardNumber = Annotated[int, Arg("an event card", 101, 116)]
Region = Annotated[int, Arg("a region index", 0, 5)]
RegionName = Annotated[str, OneOf(*REGIONS)]
CoalitionOrNone = Annotated[int, Arg("a coalition index or -1", -1, 2)]
MarketSlot = Annotated[int, Arg("a market slot", 0, 11)]
Count = Annotated[int, Arg("a count", 0, MAX_COUNT)]
Flag = Annotated[int, Arg("a flag", 0, 1)]
Anything = Annotated[Any, Arg("anything", anything=True)]
InnerStep = Annotated[tuple, Arg("a step", step=True)]


# ---------------------------------------------------------------------------- step kinds


class StepKind:
    """Everything about one kind of step: its type (named arguments), and its handlers.

    A decision has ``options``, ``apply``, ``prompt`` (the question; ``ask`` when it depends on the step) and
    ``label`` (the English for one of its options); an automatic step has ``run``. ``check`` (optional) finds
    what the argument types cannot express (a card that must be in the player's hand, the step a bribe is
    for below it, ...) when a state is loaded: ``check(game, step, step_below_or_None)``.
    """

    __slots__ = ("kind", "cls", "_fields", "options", "apply", "run", "prompt", "ask", "label", "check")

    def __init__(self, kind: str, cls: type | None) -> None:
        self.kind = kind
        self.cls = cls
        self._fields: tuple[tuple[str, Arg], ...] | None = None if cls is not None else ()
        self.options: OptionsFn | None = None
        self.apply: ApplyFn | None = None
        self.run: RunFn | None = None
        self.prompt = ""
        self.ask: AskFn | None = None
        self.label: LabelFn | None = None
        self.check: CheckFn | None = None

    @property
    def fields(self) -> tuple[tuple[str, Arg], ...]:
        """``(name, type)`` of each argument after the kind, ``player`` first (read from the type when first
        needed: only loading a state needs them)."""
        fields = self._fields
        if fields is None:
            assert self.cls is not None
            fields = self._fields = _fields(self.cls)
        return fields

    def make(self, values: tuple[Any, ...]) -> Step:
        """The step of this kind holding ``values`` (kind first), with omitted trailing defaults filled in."""
        cls = self.cls
        if cls is None or type(values) is cls:
            return values
        defaults: dict[str, Any] = getattr(cls, "_field_defaults", {})
        names: tuple[str, ...] = getattr(cls, "_fields", ())
        if len(values) < len(names):
            values = values + tuple(defaults[name] for name in names[len(values) :] if name in defaults)
        return cls._make(values)  # type: ignore[attr-defined]


def _fields(cls: type) -> tuple[tuple[str, Arg], ...]:
    hints = get_type_hints(cls, include_extras=True)
    out = []
    for name in getattr(cls, "_fields", ())[1:]:  # the first field is the kind
        meta = getattr(hints[name], "__metadata__", ())
        arg = next((m for m in meta if isinstance(m, Arg)), None)
        if arg is None:
            raise RuntimeError(f"step {cls.__name__}: argument {name!r} has no declared type (Seat, Count, ...)")
        out.append((name, arg))
    return tuple(out)


#: Every step kind: kind -> its declaration and handlers.
KINDS: dict[str, StepKind] = {}
#: Decision steps: kind -> (options, apply, prompt) (kept for code written against the earlier registry).
DECISIONS: dict[str, tuple[OptionsFn, ApplyFn, str]] = {}
#: Automatic steps: kind -> run
AUTOMATIC: dict[str, RunFn] = {}


def _new_kind(kind: str, cls: type | None) -> StepKind:
    if kind in KINDS:
        raise RuntimeError(f"step kind {kind!r} registered twice")
    spec = StepKind(kind, cls)
    KINDS[kind] = spec
    return spec


def decision_kind(
    kind: str,
    step: type[S],
    *,
    options: Callable[[Game, S], list[Option]],
    apply: Callable[[Game, S, Option], None],
    prompt: str,
    label: Callable[[Game, S, Option], str],
    ask: Callable[[Game, S], str] | None = None,
    check: Callable[[Game, S, Step | None], str | None] | None = None,
) -> StepKind:
    """Register a decision step: its type, options, apply, prompt (``ask`` when it depends on the step) and
    option labels."""
    spec = _new_kind(kind, step)
    spec.options = options  # type: ignore[assignment]
    spec.apply = apply  # type: ignore[assignment]
    spec.prompt = prompt
    spec.ask = ask  # type: ignore[assignment]
    spec.label = label  # type: ignore[assignment]
    spec.check = check  # type: ignore[assignment]
    DECISIONS[kind] = (spec.options, spec.apply, prompt)  # type: ignore[assignment]
    return spec


def automatic_kind(
    kind: str,
    step: type[S],
    run: Callable[[Game, S], None],
    check: Callable[[Game, S, Step | None], str | None] | None = None,
) -> StepKind:
    """Register an automatic step: its type and the function that runs it."""
    spec = _new_kind(kind, step)
    spec.run = run  # type: ignore[assignment]
    spec.check = check  # type: ignore[assignment]
    AUTOMATIC[kind] = spec.run  # type: ignore[assignment]
    return spec


def decision(kind: str, prompt: str) -> Callable[[OptionsFn], Callable[[ApplyFn], ApplyFn]]:
    """The earlier registration, for kinds without a declared type: ``@decision(kind, prompt)(options_fn)``
    decorates the apply function. Prefer :func:`decision_kind`."""

    def with_options(options: OptionsFn) -> Callable[[ApplyFn], ApplyFn]:
        def register(apply: ApplyFn) -> ApplyFn:
            spec = _new_kind(kind, None)
            spec.options, spec.apply, spec.prompt = options, apply, prompt
            DECISIONS[kind] = (options, apply, prompt)
            return apply

        return register

    return with_options


def automatic(kind: str) -> Callable[[RunFn], RunFn]:
    """The earlier registration, for kinds without a declared type. Prefer :func:`automatic_kind`."""

    def register(run: RunFn) -> RunFn:
        spec = _new_kind(kind, None)
        spec.run = run
        AUTOMATIC[kind] = run
        return run

    return register


#: Seats in the largest game: steps that depend on their player only can be made once per seat.
MAX_SEATS: Final = 5

T = TypeVar("T")


def per_seat(make: Callable[[int], T]) -> tuple[T, ...]:
    """``make(p)`` for every seat, made once. Steps are immutable, so a step pushed often (the turn, the
    cleanup steps) can be one object per seat: ``TURN[p]`` instead of ``Turn("turn", p)``."""
    return tuple(make(p) for p in range(MAX_SEATS))


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
    if spec.cls is None:
        if len(values) < 2 or Arg("a seat or -1", -1, seat=True).error(values[1], n):
            return f"step {list(values)!r}: its player must be a seat or -1"
        return None
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
