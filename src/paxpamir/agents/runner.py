"""The one game loop: seats mapped to agents, decisions applied until the game ends or a stop is asked.

Every driver of whole games uses :func:`play_game` (``pamir simulate``, ``pamir bench``, the Wakhan
simulation, the terminal for its bot seats, the arena). A failure of any kind (an agent's illegal choice, an
engine error, a broken invariant, no end in sight) becomes one :class:`GameFailure` naming the seed and the
number of decisions, so that the game can be reproduced.

>>> from paxpamir import Game
>>> from paxpamir.agents.bots import RandomBot
>>> game = Game.new(players=3, seed=4)
>>> result = play_game(game, [RandomBot(seed=4)] * 3)
>>> game.is_over and result.decisions > 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .base import Agent, Decision

if TYPE_CHECKING:
    from ..engine.game import Game

#: No game of Pax Pamir needs anywhere near this many decisions; a game that does is looping.
MAX_DECISIONS = 100_000

Checker = Callable[["Game"], Any]


class GameFailure(Exception):
    """A game broke: an illegal choice, an engine error, a broken invariant or a game that does not end."""

    def __init__(self, seed: int | None, decisions: int, message: str) -> None:
        super().__init__(f"seed {seed}, after {decisions} decisions: {message}")
        self.seed = seed
        self.decisions = decisions
        self.message = message


@dataclass(slots=True)
class GameResult:
    decisions: int
    stopped: bool  # True when ``until`` stopped the loop before the end of the game


def check_problem(check: Checker, game: Game) -> str | None:
    """Run one invariant checker; the problem as text, or None when the state is sound."""
    try:
        result = check(game)
    except Exception as exc:  # AssertionError by convention; anything else is a failure too
        return f"{type(exc).__name__}: {exc}"
    if result:  # a checker may also return a list of problems
        if isinstance(result, list | tuple):
            return "; ".join(str(x) for x in result)
        return str(result)
    return None


def decide(agent: Agent, game: Game) -> Decision:
    """Ask ``agent`` for a decision (a :class:`Decision`; anything else is an agent bug)."""
    made = agent.decide(game)
    if not isinstance(made, Decision):
        raise TypeError(f"{type(agent).__name__}.decide returned {made!r}, not a Decision")
    return made


def play_game(
    game: Game,
    agents: Sequence[Agent] | Mapping[int, Agent],
    *,
    max_decisions: int = MAX_DECISIONS,
    check: Checker | None = None,
    until: Callable[[Game], bool] | None = None,
    after: Callable[[Game, int, Decision], None] | None = None,
) -> GameResult:
    """Play ``game`` on: the agent of the seat to move decides, until the end (or until ``until(game)``).

    ``agents[seat]`` decides for each seat. ``check`` runs after setup and after every decision; ``after(game,
    seat, decision)`` is called after each decision (for logs, pauses and autosaves). Raises
    :class:`GameFailure` on any error.
    """
    made = 0
    if check is not None:
        problem = check_problem(check, game)
        if problem:
            raise GameFailure(game.seed, 0, f"invariant broken before the first decision: {problem}")
    while not game.is_over:
        if until is not None and until(game):
            return GameResult(made, True)
        if made >= max_decisions:
            raise GameFailure(game.seed, made, f"the game did not end within {max_decisions} decisions")
        seat = game.current_player
        assert seat is not None
        try:
            agent = agents[seat]
        except (IndexError, KeyError):
            raise GameFailure(game.seed, made, f"no agent for seat {seat}") from None
        try:
            decision = decide(agent, game)
            game.apply(decision.option, seat, decision.reason)
        except Exception as exc:  # an agent's or the engine's bug: report what reproduces it
            raise GameFailure(game.seed, made, f"seat {seat}: {type(exc).__name__}: {exc}") from exc
        made += 1
        if check is not None:
            problem = check_problem(check, game)
            if problem:
                raise GameFailure(
                    game.seed, made, f"invariant broken after decision {made} {list(decision.option)!r}: {problem}"
                )
        if after is not None:
            after(game, seat, decision)
    return GameResult(made, False)


__all__ = ["GameFailure", "GameResult", "MAX_DECISIONS", "check_problem", "play_game"]
