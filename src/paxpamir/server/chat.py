"""Table talk: each game's chat (docs/server-protocol.md, "Table talk").

Lines are checked here, stored in batches by one writer task (a transaction for every line said meanwhile, in all
games), kept with their live game and pushed to its pages, the lines of a short moment together (one
``chat_lines`` message); lines stored by other server processes arrive by NOTIFY (:meth:`TableTalk.sync`). A
line that names a seat with an @ sends that seat's webhook. Nothing said ever reaches a game, so no bot or
environment reads it.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..content.i18n import N_, language
from ..content.i18n import gettext as _
from . import bots
from .checks import ClientError
from .live import Conn, LiveGame, encode
from .store import ChatRow, SeatRow

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("paxpamir.server")

#: The longest line (characters); the lines a page is sent when it connects (the newest; the whole chat:
#: GET .../chat); the most lines a game keeps; the seconds the writer gathers lines before it stores them; the
#: seconds a game's stored lines are gathered before they are pushed to its pages, all in one message; how many
#: of a game's newest lines are compared when lines of other processes arrive.
MAX_CHAT_TEXT = 500
CHAT_HISTORY = 500
MAX_CHAT = 5000
CHAT_BATCH = 0.02
CHAT_PUSH = 0.25
CHAT_WINDOW = 50

#: The control characters a line may not hold (C0 but the newline, DEL, C1): one regular expression, not a loop
#: over every character in Python.
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")


class TableTalk:
    """The chat of every game of one server process."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.queue: list[tuple[LiveGame, ChatRow, asyncio.Future[None]]] = []
        self.wake = asyncio.Event()

    async def of(self, live: LiveGame) -> list[ChatRow]:
        """The game's chat (read from the store the first time, then kept with the live game)."""
        if live.chat is None:
            live.chat = await self.hub.store.chat_after_async(live.id, 0)
        return live.chat

    async def say(self, live: LiveGame, role: str, seat: int | None, raw: Any, conn: Conn | None = None,
                  wait: bool = True) -> ChatRow:
        """Check, store and push a chat line from a seat (or, if the game allows it, a spectator); return it
        (stored, with ``wait``). The text is kept as it was written (pages show it as text, never as markup) and
        never reaches a game, so no bot or environment reads it. Raises :class:`ClientError` (nothing stored)
        when refused.

        Without ``wait`` (a page's websocket) the line is only checked and queued: the page's next message, a move
        perhaps, is not held up while the writer gathers and stores a batch. The page hears its own line come back
        once it is stored (in the game's next ``chat_lines``), as every page of the game does, or an error if it
        could not be."""
        if role != "seat" and not (role == "spectator" and live.spectator_chat):
            raise ClientError("forbidden", N_("only the players may write in this game's chat"))
        if not isinstance(raw, str):
            raise ClientError("bad_chat", N_("a chat message is a string"))
        said = raw.strip()
        if not said or len(said) > MAX_CHAT_TEXT:
            raise ClientError("bad_chat", N_("a chat message has 1 to {limit} characters"), limit=MAX_CHAT_TEXT)
        if _CONTROL.search(said):
            raise ClientError("bad_chat", N_("a chat message may not hold control characters"))
        if conn is not None and not conn.allow_chat():
            raise ClientError("rate_limited", N_("you are writing too fast: wait a moment"))
        if len(await self.of(live)) + live.chat_pending >= MAX_CHAT:
            raise ClientError("bad_chat", N_("this game's chat is full"))
        name = live.seats[seat].name if seat is not None else _("Spectator")
        row = ChatRow(0, live.id, seat, role, name, said, live.seq, datetime.now(UTC))
        stored: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        stored.add_done_callback(functools.partial(self._stored, live, row, None if wait else conn))
        live.chat_pending += 1
        self.queue.append((live, row, stored))
        self.wake.set()
        if wait:
            await stored  # the writer stores lines in batches (one transaction for all games), then pushes them
        return row

    def _stored(self, live: LiveGame, row: ChatRow, conn: Conn | None, stored: asyncio.Future[None]) -> None:
        """A queued line was stored (its mentions' webhooks go now) or could not be (``conn`` hears of it)."""
        live.chat_pending -= 1
        if stored.cancelled():
            return
        failed = stored.exception()
        if failed is not None:
            if conn is not None and isinstance(failed, ClientError):
                with language(conn.lang):
                    conn.send({"type": "error", "code": failed.code, "message": failed.message, "seq": live.seq})
            return
        for mentioned in mentions(row.text, live.seats, row.seat):
            self.hub.notify(live, mentioned, _("{player} mentioned you in the chat: {text}").format(
                player=row.name, text=row.text[:200]))

    async def writer(self) -> None:
        """Store the chat lines said meanwhile, every :data:`CHAT_BATCH` seconds at most, in one transaction, then
        push each to the pages of its game: a table talking fast costs a commit per batch, not per line."""
        while True:
            await self.wake.wait()
            await asyncio.sleep(CHAT_BATCH)
            self.wake.clear()
            batch, self.queue = self.queue, []
            try:
                await self.hub.store.add_chat_async([row for _live, row, _done in batch])
            except Exception:
                log.exception("chat lines could not be stored")
                for _live, _row, done in batch:
                    if not done.done():
                        done.set_exception(ClientError("internal", N_("the chat could not be stored: try again")))
                continue
            self.hub.metrics.chat_lines.inc(len(batch))
            for live, row, done in batch:
                self.add_line(live, row)
                if not done.done():
                    done.set_result(None)

    def add_line(self, live: LiveGame, row: ChatRow) -> None:
        """Keep a stored line with its live game (in ``id`` order) and push it to the game's pages here within
        :data:`CHAT_PUSH` seconds, with the game's other new lines: one message for them all, encoded once for
        every page. A table talking fast costs its pages (and the server) a message every moment, not one for
        every line and page."""
        chat = live.chat
        if chat is None:
            return
        if chat and chat[-1].id >= row.id:  # known already, or another process's line that committed late
            if any(known.id == row.id for known in chat[-CHAT_WINDOW:]):
                return
            chat.append(row)
            chat.sort(key=lambda r: r.id)
        else:  # the usual case: newer than every line known
            chat.append(row)
        if live.conns:
            live.chat_out.append(row)
            if live.chat_push is None:
                live.chat_push = asyncio.get_running_loop().call_later(CHAT_PUSH, self._push, live)

    @staticmethod
    def _push(live: LiveGame) -> None:
        """Push the game's lines gathered since the last push to its pages, in one ``chat_lines`` message."""
        live.chat_push = None
        rows, live.chat_out = live.chat_out, []
        if rows and live.conns:
            text = encode({"type": "chat_lines", "messages": [row.message() for row in rows]})
            for conn in list(live.conns):
                if conn.chat_ready:  # else the lines are in the history it is about to be sent
                    conn.send_text(text)

    async def sync(self, live: LiveGame) -> None:
        """Read lines that other processes stored (since a window of the newest known ones, as ids are given
        before commits finish) and push those that are new here."""
        chat = await self.of(live)
        since = chat[-CHAT_WINDOW].id if len(chat) >= CHAT_WINDOW else 0
        for row in await self.hub.store.chat_after_async(live.id, since):
            self.add_line(live, row)


def mentions(said: str, seats: list[SeatRow], sender: int | None) -> list[int]:
    """The human seats a chat message names with an @: ``@Ann`` (a seat's name, any case) or ``@2`` (its number
    from 1); the sender is never among them."""
    if "@" not in said:  # the usual line names nobody
        return []
    lowered = said.casefold()
    found = []
    for s in seats:
        if s.seat == sender or s.player != bots.HUMAN:
            continue
        if any(_names(lowered, handle) for handle in (s.name.casefold(), str(s.seat + 1))):
            found.append(s.seat)
    return found


def _names(text: str, handle: str) -> bool:
    """Whether ``text`` holds ``@handle`` as a whole word (``@ann`` is not in ``@annabel``)."""
    at = text.find("@" + handle)
    while at >= 0:
        end = at + 1 + len(handle)
        if end == len(text) or not text[end].isalnum():
            return True
        at = text.find("@" + handle, at + 1)
    return False
