"""What every environment shares: seats that learning agents play, Wakhan's automatic turns, final rewards.

In a Wakhan game the last seat is Wakhan; her decisions are made by the rulebook's procedure
(:class:`~paxpamir.agents.wakhan.WakhanPlayer`) as soon as they fall to her, so environments expose
only the other seats. Nothing here needs a third-party package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.errors import PamirError
from ..engine.game import Game

if TYPE_CHECKING:
    from ..agents.wakhan import WakhanPlayer

#: The reward of a winner at the end of the game; every other seat gets LOSS.
WIN = 1.0
LOSS = -1.0


def check_table(players: int, wakhan: bool) -> None:
    """Raise PamirError unless ``players`` seats (Wakhan's included) make a legal table."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
        raise PamirError(f"a game has 2 to 5 players, not {players!r}")
    if wakhan and players not in (2, 3):
        raise PamirError(f"Wakhan plays against one or two humans: 2 or 3 seats in all, not {players}")


def agent_seats(players: int, wakhan: bool) -> list[int]:
    """The seats that agents play: all of them, or all but Wakhan's (the last)."""
    return list(range(players - 1 if wakhan else players))


def play_wakhan(game: Game, procedure: WakhanPlayer) -> int:
    """Make Wakhan's decisions until one falls to another seat or the game ends; return how many were made."""
    made = 0
    while not game.is_over and game.wakhan >= 0 and game.current_player == game.wakhan:
        option, reason = procedure.choose(game)
        game.apply(option, reason=reason)
        made += 1
    return made


def final_rewards(game: Game) -> list[float]:
    """WIN for each winner and LOSS for every other seat once the game is over; zeros before."""
    if not game.is_over:
        return [0.0] * game.n
    return [WIN if p in game.winners else LOSS for p in range(game.n)]


__all__ = ["LOSS", "WIN", "agent_seats", "check_table", "final_rewards", "play_wakhan"]
