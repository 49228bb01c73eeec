"""Who sits where: the humans' seats from the command line, and the bots that play the others."""

from __future__ import annotations

from typing import Any

from ...agents.base import Decision
from ...agents.bots import RandomBot
from ...agents.registry import make_agent
from ...agents.wakhan import WakhanPlayer
from ...content.i18n import gettext as _
from ...engine.game import MAX_PLAYERS, Game


def parse_humans(text: str, players: int | None = None) -> list[int]:
    """``"1,3"`` -> ``[0, 2]``; ``"none"`` or ``""`` -> ``[]``. Raises ValueError with a readable message."""
    text = text.strip().lower()
    if text in ("", "none", "0"):
        return []
    seats = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit():
            raise ValueError(_("seats are numbers separated by commas, such as 1,3 (not {text})").format(
                text=repr(part)
            ))
        seat = int(part)
        if seat < 1 or (players is not None and seat > players):
            top = players if players is not None else MAX_PLAYERS
            raise ValueError(_("seat {n} does not exist: seats are 1 to {top}").format(n=seat, top=top))
        if seat - 1 in seats:
            raise ValueError(_("seat {n} is listed twice").format(n=seat))
        seats.append(seat - 1)
    return sorted(seats)


def bot_choice(
    game: Game, bot_seed: int, seat: int, decision_index: int, kind: str = "random"
) -> tuple[Any, ...]:
    """The bot's choice. Seeded by the decision's index, so a resumed game plays on exactly as it would have."""
    seed = (bot_seed * 1_000_003 + seat * 10_007 + decision_index) & 0x7FFFFFFF
    if kind == "random":
        return tuple(RandomBot(seed).choose(game))
    return tuple(make_agent(kind, seed).decide(game).option)


class SessionBot:
    """A random bot seat of a session: its choice depends only on the session's bot seed, the seat and the
    decision's index in the record (see :func:`bot_choice`)."""

    def __init__(self, bot_seed: int, kind: str = "random") -> None:
        self.bot_seed = bot_seed
        self.kind = kind

    def decide(self, game: Game) -> Decision:
        seat = game.current_player
        assert seat is not None
        return Decision(bot_choice(game, self.bot_seed, seat, len(game.choices()), self.kind))


class WakhanSeat:
    """Wakhan's seat: the rulebook's procedure decides, and her reason goes into the log and the record."""

    def decide(self, game: Game) -> Decision:
        option, reason = WakhanPlayer().choose(game)
        return Decision(option, reason)
