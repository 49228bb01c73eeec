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
from typing import TYPE_CHECKING, Any, Final

from .base import DECISION, Agent, Decision
from .bots import RandomBot
from .wakhan import WakhanPlayer

if TYPE_CHECKING:
    from ..engine.game import Game

#: The one move cap. Random games take about 200 decisions, games against Wakhan about 100; a game that
#: needs this many is looping.
MAX_DECISIONS: Final = 20_000

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


def seat_agents(game: Game, bot: Agent) -> list[Agent]:
    """``bot`` for every seat, except Wakhan's seat, which her decision procedure takes."""
    if game.wakhan < 0:
        return [bot] * game.n
    wakhan = WakhanPlayer()
    return [wakhan if p == game.wakhan else bot for p in range(game.n)]


def play_seeded_game(
    players: int,
    seed: int,
    *,
    wakhan: bool = False,
    wakhan_variants: object = (),
    check: Checker | None = None,
    max_decisions: int = MAX_DECISIONS,
    quiet: bool = False,
) -> tuple[Game, GameResult]:
    """A new game played to its end by a random bot seeded like the game (one bot for every seat but
    Wakhan's; ``wakhan=True`` puts her in the last seat, ``wakhan_variants`` and ``quiet`` as in
    :meth:`Game.new`): what ``pamir simulate`` and ``pamir bench`` play. Raises :class:`GameFailure`.

    >>> game, result = play_seeded_game(2, 7, wakhan=True)
    >>> game.is_over and result.decisions > 0
    True
    """
    from ..engine.game import Game

    game = Game.new(players, seed, wakhan=wakhan, wakhan_variants=wakhan_variants, quiet=quiet)
    result = play_game(game, seat_agents(game, RandomBot(seed)), max_decisions=max_decisions, check=check)
    return game, result


def play_out(game: Game, bot: Agent, max_decisions: int | None = None) -> int:
    """Play ``game`` to its end with ``bot`` deciding for every seat; return the number of decisions made.
    Raises :class:`GameFailure`."""
    return play_game(game, [bot] * game.n, max_decisions=max_decisions or MAX_DECISIONS).decisions


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
    return _checked(agent, agent.decide(game))


def _checked(agent: Agent, made: Any) -> Decision:
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
    stop_after: int | None = None,
) -> GameResult:
    """Play ``game`` on: the agent of the seat to move decides, until the end (or until ``until(game)``).

    ``agents[seat]`` decides for each seat. ``check`` runs after setup and after every decision; ``after(game,
    seat, decision)`` is called after each decision (for logs, pauses and autosaves). ``stop_after`` stops
    the loop (not a failure) once that many decisions are made. Raises :class:`GameFailure` on any error,
    and when the game has not ended after ``max_decisions`` decisions.
    """
    made = 0
    if check is not None:
        problem = check_problem(check, game)
        if problem:
            raise GameFailure(game.seed, 0, f"invariant broken before the first decision: {problem}")
    limit = max_decisions if stop_after is None else min(max_decisions, stop_after)
    while not game.is_over:
        if until is not None and until(game):
            return GameResult(made, True)
        if made >= limit:
            if stop_after is not None and made >= stop_after:
                return GameResult(made, True)
            raise GameFailure(game.seed, made, f"the game did not end within {max_decisions} decisions")
        seat = game.agenda[-1][1]  # the current player (the game is not over)
        try:
            agent = agents[seat] if type(agents) is not list else _item(agents, seat)
        except (IndexError, KeyError):
            raise GameFailure(game.seed, made, f"no agent for seat {seat}") from None
        try:
            decision = agent.decide(game)
            if type(decision) is not DECISION:
                decision = _checked(agent, decision)
            game.apply(decision.option, seat, decision.reason, decision.note)
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


def _item(agents: list[Agent], seat: int) -> Agent:
    """``agents[seat]``, indexed natively in a compiled build (a ``Sequence`` is indexed through Python)."""
    return agents[seat]


__all__ = [
    "GameFailure",
    "GameResult",
    "MAX_DECISIONS",
    "check_problem",
    "play_game",
    "play_out",
    "play_seeded_game",
    "seat_agents",
]
