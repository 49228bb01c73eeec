"""The registry of steps that make up the game's state machine.

The game keeps an *agenda*: a stack of steps, each a small tuple ``(kind, player, *args)`` of JSON-friendly
values. The top step either runs by itself (an automatic step: resolve an impact icon, score a Dominance
Check, refill the market, ...) or waits for its player to pick one of its options (a decision step). Rule
modules register one handler per step kind here, Rally-the-Troops style: a decision step has a function that
lists its legal options and one that applies a chosen option; an automatic step has a function that runs it.
Handlers pop nothing themselves: the engine pops the step before calling them, and they push whatever
follows (in reverse order, since the agenda is a stack).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

Step = tuple[Any, ...]
Option = tuple[Any, ...]

OptionsFn = Callable[["Game", Step], list[Option]]
ApplyFn = Callable[["Game", Step, Option], None]
RunFn = Callable[["Game", Step], None]
LabelFn = Callable[["Game", Step, Option], str]

#: Decision steps: kind -> (options, apply, prompt)
DECISIONS: dict[str, tuple[OptionsFn, ApplyFn, str]] = {}
#: Automatic steps: kind -> run
AUTOMATIC: dict[str, RunFn] = {}


def decision(kind: str, prompt: str) -> Callable[[OptionsFn], Callable[[ApplyFn], ApplyFn]]:
    """Register a decision step: ``@decision(kind, prompt)(options_fn)`` decorates the apply function."""

    def with_options(options: OptionsFn) -> Callable[[ApplyFn], ApplyFn]:
        def register(apply: ApplyFn) -> ApplyFn:
            if kind in DECISIONS or kind in AUTOMATIC:
                raise RuntimeError(f"step kind {kind!r} registered twice")
            DECISIONS[kind] = (options, apply, prompt)
            return apply

        return register

    return with_options


def automatic(kind: str) -> Callable[[RunFn], RunFn]:
    def register(run: RunFn) -> RunFn:
        if kind in DECISIONS or kind in AUTOMATIC:
            raise RuntimeError(f"step kind {kind!r} registered twice")
        AUTOMATIC[kind] = run
        return run

    return register
