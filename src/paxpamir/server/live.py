"""The server's live objects: a connected page (:class:`Conn`) and an open game held in memory (:class:`LiveGame`)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson

from ..engine.game import Game
from .bots import HUMAN, is_machine
from .store import ChatRow, SeatRow

#: Flood control per connection: a bucket of this many messages, refilled at RATE per second.
BURST = 400
RATE = 200.0
#: Messages queued for a page that does not read them; beyond this it is disconnected.
MAX_QUEUE = 1000
#: Chat flood control per page: a bucket of CHAT_BURST lines, refilled at CHAT_RATE per second (a lively table
#: of three says ten lines a second without a refusal).
CHAT_BURST = 20
CHAT_RATE = 4.0


def encode(message: dict[str, Any]) -> str:
    """A message as a page is sent it: compact JSON (UTF-8 text, keys in their order; orjson, as every page's view
    model is encoded after every move: the standard library's encoder took a quarter of the server's CPU)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass(eq=False)
class Bucket:
    """A token bucket: ``size`` messages at once, refilled at ``rate`` a second."""

    size: float
    rate: float
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        """Take one token: False (nothing taken) when there is none."""
        now = time.monotonic()
        full = self.size if self.tokens < 0 else self.tokens + (now - self.stamp) * self.rate
        self.tokens, self.stamp = min(self.size, full), now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass(eq=False)
class Conn:
    """One open page: its role (``seat``, ``spectator`` or ``creator``), seat and outgoing queue."""

    role: str
    seat: int | None
    #: The SHA-256 of the token this page said hello with: replacing that link closes the page.
    token_hash: str = ""
    #: False for a script that said ``"model": false`` in its hello: its messages carry the view, not the model.
    with_model: bool = True
    #: The language this page reads (its ``hello`` or a ``lang`` message say which): texts sent to it are in it.
    lang: str = "en"
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    epoch: int = -1
    log_len: int = 0
    version: int = -1
    #: Flood control: every message, and chat lines on their own.
    flood: Bucket = field(default_factory=lambda: Bucket(BURST, RATE))
    chat_flood: Bucket = field(default_factory=lambda: Bucket(CHAT_BURST, CHAT_RATE))
    refused: int = 0
    #: Whether the page was sent the chat's history: lines are pushed to it (``chat_lines``) only after that, so
    #: that it hears each line once, in the history or in a push.
    chat_ready: bool = False
    closed: bool = False
    close_code: int = 1000
    close_reason: str = ""

    def send(self, message: dict[str, Any]) -> None:
        if not self.closed:
            self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Send a message already encoded (:func:`encode`): one encoding for every page that gets the same."""
        if self.closed:
            return
        if self.queue.qsize() > MAX_QUEUE:
            self.close(1008, "not reading")
            return
        self.queue.put_nowait(text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason
            self.queue.put_nowait(None)

    def allow_chat(self) -> bool:
        """Chat flood control: False when this chat line must be refused."""
        return self.chat_flood.take()

    def allow(self) -> bool:
        """Flood control: False when this message must be refused (:attr:`refused` counts them in a row)."""
        if self.flood.take():
            self.refused = 0
            return True
        self.refused += 1
        return False


@dataclass(eq=False)
class LiveGame:
    id: str
    seed: int
    bot_delay: float
    game: Game
    seq: int
    seats: list[SeatRow]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    epoch: int = 0
    version: int = 0  # counts every change a page should see (decisions, names)
    #: The game's log lines (English), each ``{"event", "text"}``: one for every event of the game's log.
    texts: list[dict[str, Any]] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    #: False when the creator chose the seed: the deck is then known to whoever knows the seed.
    secret: bool = True
    #: Whether spectators may write in the chat; the chat itself, read from the store when a page first connects.
    spectator_chat: bool = False
    chat: list[ChatRow] | None = None
    #: Lines said and queued but not stored yet (they count towards the chat's limit).
    chat_pending: int = 0
    #: Lines stored (or heard from another process) and not pushed to the pages yet, and the timer that pushes
    #: them (:meth:`.chat.TableTalk.add_line`).
    chat_out: list[ChatRow] = field(default_factory=list)
    chat_push: asyncio.TimerHandle | None = None
    #: Seconds a person has for a decision (None: no clock); the id of the game's rematch (None: none yet).
    clock: int | None = None
    rematch: str | None = None
    #: When the pending decision runs out (:meth:`Clock.deadline`), if it does.
    deadline: datetime | None = None
    #: An analysis game's start (a state, secret) and origin (public: ``{"what_if", "at"}`` are shown); None for an
    #: ordinary game. Whether hints were chosen at creation (:func:`.review_jobs.hints_on` adds practice games).
    position: dict[str, Any] | None = None
    origin: dict[str, Any] | None = None
    hints: bool = False

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def hints_on(self) -> bool:
        """Whether the seats may ask for hints: chosen at creation, and always in a practice game (one person
        against bots and Wakhan only)."""
        people = [s for s in self.seats if s.kind == HUMAN]
        return self.hints or (len(people) == 1 and all(s.kind == HUMAN or is_machine(s.kind) for s in self.seats))

    def public_origin(self) -> dict[str, Any] | None:
        """What every page is told of an analysis game's origin: a "what if" or not, and from which decision (not
        which game: its links are its own)."""
        if self.origin is None:
            return None
        return {"what_if": bool(self.origin.get("what_if")), "at": self.origin.get("at")}
