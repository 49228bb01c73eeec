"""The clock of a game: a time per decision for its people, a reminder before it runs out, and a bot for the
decision whose time ran out (docs/server-protocol.md, "Games that never stall").

A decision's deadline is stored with the game when the decision before it is committed (:meth:`Clock.deadline`),
so it survives a restart and every server process sees it; each process looks now and then
(:meth:`Clock.run`), and a compare-and-set on the game lets one of them act.
"""

from __future__ import annotations

import asyncio
import logging
import os
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from ..content.i18n import N_, msg
from ..content.i18n import gettext as _
from . import bots

if TYPE_CHECKING:
    from ..engine.game import Game
    from .hub import Hub
    from .live import LiveGame

log = logging.getLogger("paxpamir.server")

#: How often the clock looks for decisions whose time is running or ran out (seconds; PAXPAMIR_CLOCK_TICK), and
#: the bot that decides when a person's time ran out.
CLOCK_TICK = float(os.environ.get("PAXPAMIR_CLOCK_TICK", "5"))
CLOCK_BOT = "heuristic"


class Clock:
    """The clocks of every game of one server process."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def deadline(self, live: LiveGame, game: Game) -> datetime | None:
        """When the pending decision of ``game`` runs out: its seat's person has the game's clock for it; no
        deadline without a clock, for bots and Wakhan, or once the game is over."""
        p = game.current_player
        if live.clock is None or p is None or live.seats[p].player != bots.HUMAN:
            return None
        return datetime.now(UTC) + timedelta(seconds=live.clock)

    async def run(self) -> None:
        """Every :data:`CLOCK_TICK` seconds: remind the seats whose time is running out, and let a bot decide
        for those whose time ran out (one decision each; logged as such)."""
        while True:
            await asyncio.sleep(CLOCK_TICK)
            try:
                now = datetime.now(UTC)
                for game_id, clock, deadline, reminded in await self.hub.db(self.hub.store.clocked_games):
                    if deadline <= now:
                        await self.out_of_time(game_id, deadline)
                    elif not reminded and deadline - now <= remind_before(clock):
                        if await self.hub.db(self.hub.store.mark_reminded, game_id, deadline):
                            live = await self.hub.get(game_id)
                            if live is not None and live.game.current_player is not None:
                                minutes = max(1, round((deadline - now).total_seconds() / 60))
                                self.hub.notify(live, live.game.current_player, _(
                                    "your time for this decision runs out in {n} minutes").format(n=minutes))
            except Exception:  # the database is busy: the next tick will do
                log.exception("the clock could not be read")

    async def out_of_time(self, game_id: str, deadline: datetime) -> None:
        """The pending decision of ``game_id`` ran out of time: the clock's bot takes that one decision."""
        live = await self.hub.get(game_id)
        if live is None:
            return
        async with live.lock:
            await self.hub.sync_locked(live)
            p = live.game.current_player
            if p is None or live.seats[p].player != bots.HUMAN:
                return
            seq, snapshot = live.seq, live.game.clone()
        option, _reason = await self.hub.workers.decide(CLOCK_BOT, snapshot, bots.bot_seed(live.seed, seq))
        reason = msg(N_("{player}'s time ran out: the {bot} bot decided"), player=live.seats[p].name, bot=CLOCK_BOT)
        async with live.lock:
            if live.seq != seq:
                return  # they moved just in time (or another process's clock did)
            if await self.hub.commit(live, "move", p, option, reason, by="clock"):
                self.hub.broadcast(live)
        self.hub.kick_bots(live)


def remind_before(clock: int) -> timedelta:
    """How long before a deadline its seat is reminded: a quarter of the clock, at most an hour."""
    return timedelta(seconds=min(clock / 4, 3600))
