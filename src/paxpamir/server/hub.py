"""Live games: the in-memory copy of each open game, its connected pages, bots, webhooks and LISTEN/NOTIFY.

A move is checked against the in-memory game (token -> seat, ``seq``, legality), applied to a clone, committed
to the store and only then made the game's state, acknowledged and pushed to every connected page (each its own
view). With PostgreSQL the commit also notifies the other server processes, which read the new decisions from
the database and push them to their own pages.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..content.i18n import N_, language, render
from ..content.i18n import gettext as _
from ..engine.errors import PamirError
from ..engine.game import Game
from ..engine.reason import Reason
from . import bots, views, webhooks
from .checks import ClientError
from .store import NOTIFY_CHANNEL, DecisionRow, GameRow, SeatRow, Store

log = logging.getLogger("paxpamir.server")

T = TypeVar("T")

#: Longest message a page may send (characters); longer ones get a ``too_large`` error.
MAX_MESSAGE = 16_384
#: Flood control per connection: a bucket of this many messages, refilled at RATE per second.
BURST = 400
RATE = 200.0
#: A connection that keeps flooding after this many refused messages is closed.
MAX_REFUSED = 100
#: Seconds between SQLite WAL checkpoints (done in a worker thread, off the event loop).
CHECKPOINT_EVERY = 2.0
#: Messages queued for a page that does not read them; beyond this it is disconnected.
MAX_QUEUE = 1000


@dataclass(eq=False)
class Conn:
    """One open page: its role (``seat``, ``spectator`` or ``creator``), seat and outgoing queue."""

    role: str
    seat: int | None
    #: The SHA-256 of the token this page said hello with: replacing that link closes the page.
    token_hash: str = ""
    #: The language this page reads (its ``hello`` or a ``lang`` message say which): texts sent to it are in it.
    lang: str = "en"
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    epoch: int = -1
    log_len: int = 0
    version: int = -1
    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)
    refused: int = 0
    closed: bool = False
    close_code: int = 1000
    close_reason: str = ""

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.queue.qsize() > MAX_QUEUE:
            self.close(1008, "not reading")
            return
        self.queue.put_nowait(json.dumps(message, separators=(",", ":")))

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason
            self.queue.put_nowait(None)

    def allow(self) -> bool:
        """Flood control (a token bucket): False when this message must be refused."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
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
    events: list[dict[str, Any]] = field(default_factory=list)
    texts: list[dict[str, Any]] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    #: False when the creator chose the seed: the deck is then known to whoever knows the seed.
    secret: bool = True

    def names(self) -> list[str]:
        return [s.name for s in self.seats]


class Hub:
    def __init__(self, store: Store, public_url: str = "", allow_private_webhooks: bool = False) -> None:
        self.store = store
        self.public_url = public_url.rstrip("/")
        #: ``pamir serve --allow-private-webhooks``: webhooks may point at loopback and private addresses.
        self.allow_private_webhooks = allow_private_webhooks
        self.live: dict[str, LiveGame] = {}
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._listener: asyncio.Task[None] | None = None
        self.listening = asyncio.Event()

    # ------------------------------------------------------------------ plumbing

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call: inline for SQLite (fast, no network), in a worker thread for PostgreSQL."""
        if self.store.is_sqlite:
            return fn(*args)
        return await asyncio.to_thread(fn, *args)

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def start(self) -> None:
        await asyncio.to_thread(self.store.migrate)
        if self.store.is_postgres:
            self._listener = asyncio.create_task(self._listen())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.listening.wait(), 10)
        if self.store.is_sqlite:
            self.spawn(self._checkpoints())
        # Bots whose turn it was when the server stopped move now.
        kinds = [bots.WAKHAN, *bots.BOTS]
        for game_id in await self.db(self.store.games_waiting_for, kinds):
            live = await self.get(game_id)
            if live is not None:
                self.kick_bots(live)
        # Everything loaded so far (modules, the card tables) lives as long as the server: keep it out of the
        # garbage collector's full passes, which otherwise pause every game now and then.
        gc.freeze()

    async def _checkpoints(self) -> None:
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            try:
                await asyncio.to_thread(self.store.checkpoint)
            except Exception:  # e.g. the disk is busy: the next one will do
                log.exception("WAL checkpoint failed")

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
        for live in self.live.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
            for conn in list(live.conns):
                conn.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.to_thread(self.store.dispose)

    # ------------------------------------------------------------------ loading

    async def get(self, game_id: str) -> LiveGame | None:
        """The live game ``game_id`` (replayed from the store if not in memory), or None if there is none."""
        live = self.live.get(game_id)
        if live is not None:
            return live
        async with self._load_lock:
            live = self.live.get(game_id)
            if live is not None:
                return live
            row = await self.db(self.store.load_game, game_id)
            if row is None:
                return None
            rows = await self.db(self.store.decisions_from, game_id, 0)
            live = self._replay(row, rows)
            self.live[game_id] = live
            return live

    def _replay(self, row: GameRow, rows: list[DecisionRow]) -> LiveGame:
        game = Game.new(
            row.players, row.seed, open_hands=row.open_hands, wakhan=row.wakhan, wakhan_variants=row.wakhan_variants
        )
        live = LiveGame(row.id, row.seed, row.bot_delay, game, 0, row.seats, secret=row.secret)
        for r in rows:
            _apply_row(live.game, r)
            live.seq = r.seq + 1
        if live.seq == row.seq and live.game.state_hash() != row.state_hash:
            log.error("game %s does not replay to its stored state hash (engine changed?)", row.id)
        live.events = live.game.events()
        live.texts = views.log_entries(live.game, live.events, 0)
        return live

    async def sync(self, live: LiveGame) -> None:
        """Read decisions committed by another request or process and push them to this process's pages."""
        async with live.lock:
            await self._sync_locked(live)

    async def _sync_locked(self, live: LiveGame) -> bool:
        rows = await self.db(self.store.decisions_from, live.id, live.seq)
        seats = await self.db(self.store.load_seats, live.id)
        changed = bool(rows) or [(s.name, s.webhook_url) for s in seats] != [
            (s.name, s.webhook_url) for s in live.seats
        ]
        live.seats = seats
        undone = False
        for r in rows:
            if r.seq != live.seq:
                break
            try:
                _apply_row(live.game, r)
            except PamirError:
                log.exception("game %s: stored decision %d does not apply; reloading", live.id, r.seq)
                self.live.pop(live.id, None)
                return False
            undone = undone or r.kind == "undo"
            live.seq = r.seq + 1
        if changed:
            live.version += 1
            self._refresh_log(live, undone)
            self.broadcast(live)
            self.kick_bots(live)
        return changed

    def _refresh_log(self, live: LiveGame, undone: bool) -> None:
        events = live.game.events()
        if undone:
            live.epoch += 1
            live.texts = views.log_entries(live.game, events, 0)
        else:
            live.texts.extend(views.log_entries(live.game, events, len(live.texts)))
        live.events = events

    # ------------------------------------------------------------------ pages

    async def attach(self, live: LiveGame, conn: Conn) -> None:
        live.conns.add(conn)
        await self.sync(live)
        if conn.version != live.version:  # the sync may have sent it already
            self.send_state(live, conn)
        self.kick_bots(live)

    def detach(self, live: LiveGame, conn: Conn) -> None:
        live.conns.discard(conn)
        conn.close()
        if not live.conns and (live.bot_task is None or live.bot_task.done()) and not live.lock.locked():
            self.live.pop(live.id, None)  # replayed again on the next visit

    def state_message(
        self, live: LiveGame, role: str, seat: int | None, log_from: int, lang: str = "en"
    ) -> dict[str, Any]:
        """What a page of ``role``/``seat`` is sent, its texts (title, prompt, labels, log lines) in ``lang``."""
        with language(lang):
            return self._state_message(live, role, seat, log_from, lang)

    def _state_message(self, live: LiveGame, role: str, seat: int | None, log_from: int, lang: str) -> dict[str, Any]:
        g = live.game
        to_move = g.current_player
        names = live.names()
        if g.is_over:
            winners = ", ".join(names[w] for w in g.winners)
            title = _("Game over: {players} won").format(players=winners)
        elif to_move is not None and to_move == seat:
            title = _("Your turn")
        else:
            title = _("{player}'s turn").format(player=names[to_move]) if to_move is not None else ""
        log = live.texts[log_from:]
        if lang != "en":  # the cached lines are English; others are rendered when sent
            log = views.log_entries(g, [entry["event"] for entry in log], 0)
        return {
            "type": "state",
            "game": live.id,
            "seq": live.seq,
            "role": role,
            "seat": seat,
            "players": [{"seat": s.seat, "name": s.name, "kind": s.kind} for s in live.seats],
            "to_move": to_move,
            "over": g.is_over,
            "winners": list(g.winners),
            "secret_deck": live.secret,
            "title": title,
            "view": views.seat_view(g, seat),
            "decision": views.decision_for(g, seat),
            "log_from": log_from,
            "log": log,
        }

    def send_state(self, live: LiveGame, conn: Conn) -> None:
        log_from = conn.log_len if conn.epoch == live.epoch else 0
        log_from = min(log_from, len(live.texts))
        conn.send(self.state_message(live, conn.role, conn.seat, log_from, conn.lang))
        conn.epoch = live.epoch
        conn.log_len = len(live.texts)
        conn.version = live.version

    def broadcast(self, live: LiveGame) -> None:
        """Send each page its new state, once per change (a page that has this version already is skipped)."""
        for conn in list(live.conns):
            if conn.version != live.version:
                self.send_state(live, conn)

    # ------------------------------------------------------------------ decisions

    async def submit(self, live: LiveGame, role: str, seat: int | None, msg: dict[str, Any],
                     conn: Conn | None = None, token_hash: str | None = None) -> int:
        """Check, commit and apply a move or an undo from a page (``conn``) or the JSON API (``token_hash``: the
        link's); return the new ``seq``. Raises :class:`ClientError` (nothing changed) when it is refused.
        """
        if conn is not None:
            token_hash = conn.token_hash
        kind = msg.get("type", "move")
        if kind not in ("move", "undo"):
            raise ClientError("bad_message", N_("unknown message type {kind}"), kind=repr(kind))
        if role != "seat" or seat is None:
            raise ClientError("forbidden", N_("this link may watch the game but not play in it"))
        seq = msg.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise ClientError("bad_message", N_("a move needs 'seq', the sequence number of the state it answers"))
        async with live.lock:
            if seq > live.seq:  # another process may have committed what this one has not heard of yet
                await self._sync_locked(live)
            if seq != live.seq:
                raise ClientError(
                    "stale_seq", N_("the game has moved on (now at seq {now}, not {seq})"), now=live.seq, seq=seq
                )
            g = live.game
            if g.is_over:
                raise ClientError("game_over", N_("the game is over"))
            if conn is not None and conn.closed:  # its link was replaced while this message waited
                raise ClientError("forbidden", N_("this link was replaced by the game's creator"))
            if g.current_player != seat:
                who = live.seats[g.current_player].name if g.current_player is not None else "nobody"
                raise ClientError("not_your_turn", N_("it is {who}'s decision, not yours"), who=who)
            if kind == "undo":
                if not g.can_undo(seat):
                    raise ClientError("cannot_undo", N_("nothing to undo: only your own decisions this turn, "
                                                        "before any card is revealed or another player decides"))
                ok = await self._commit(live, "undo", seat, None, None, token_hash)
            else:
                option = _match_option(g, msg.get("option"))
                ok = await self._commit(live, "move", seat, option, None, token_hash)
            if not ok and token_hash and token_hash not in await self.db(self.store.token_hashes, live.id):
                if conn is not None:
                    _revoked(conn)
                raise ClientError("forbidden", N_("this link was replaced by the game's creator"))
            if not ok:
                raise ClientError("stale_seq", N_("another move was made first (now at seq {seq})"), seq=live.seq)
            if conn is not None:
                conn.send({"type": "ack", "seq": live.seq})
            self.broadcast(live)
            new_seq = live.seq
        self.kick_bots(live)
        return new_seq

    async def _commit(self, live: LiveGame, kind: str, seat: int, option: tuple[Any, ...] | None,
                      reason: Any, token_hash: str | None = None) -> bool:
        """With the lock held: apply to a clone, commit, then adopt. False if another commit took ``seq`` or
        ``token_hash`` (the link of a person's move) was replaced meanwhile."""
        before = live.game.current_player
        g2 = live.game.clone()
        if kind == "undo":
            g2.undo(seat)
        else:
            assert option is not None
            g2.apply(option, seat, reason)
        data = None
        if isinstance(reason, Reason) and (reason.message is not None or reason.note is not None):
            data = {"reason": reason.message if reason.message is not None else str(reason), "note": reason.note}
        elif isinstance(reason, list):
            data = {"reason": reason, "note": None}
        text = None
        if isinstance(reason, str):
            text = str.__str__(reason)
        elif reason is not None:
            with language("en"):
                text = render(reason)
        ok = await self.db(
            self.store.append, live.id, live.seq, kind, seat, list(option) if option is not None else None,
            text, g2.current_player, g2.is_over, g2.state_hash(), data, token_hash,
        )
        if not ok:
            await self._sync_locked(live)
            return False
        live.game = g2
        live.seq += 1
        live.version += 1
        self._refresh_log(live, kind == "undo")
        after = g2.current_player
        if after is not None and after != before:
            self._maybe_webhook(live, after)
        return True

    def kick_bots(self, live: LiveGame) -> None:
        p = live.game.current_player
        if p is None or not bots.is_machine(live.seats[p].kind):
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = self.spawn(self._run_bots(live))

    async def _run_bots(self, live: LiveGame) -> None:
        while self.live.get(live.id) is live:
            p = live.game.current_player
            if p is None or not bots.is_machine(live.seats[p].kind):
                return
            if live.bot_delay > 0:
                await asyncio.sleep(live.bot_delay)
            async with live.lock:
                g = live.game
                p = g.current_player
                if p is None or not bots.is_machine(live.seats[p].kind):
                    return
                try:
                    option, reason = bots.decide(live.seats[p].kind, g, bots.bot_seed(live.seed, live.seq))
                    ok = await self._commit(live, "move", p, option, reason)
                except Exception:
                    log.exception("game %s: the %s bot failed at seq %d", live.id, live.seats[p].kind, live.seq)
                    return
                if ok:
                    self.broadcast(live)
            await asyncio.sleep(0)  # let pages and other games through between bot moves

    async def update_seat(self, live: LiveGame, seat: int, name: str | None, webhook: str | None,
                          clear_webhook: bool) -> None:
        if name is not None:
            name = " ".join(name.split())[:40]
            if not name:
                raise ClientError("bad_name", N_("a display name needs at least one visible character"))
        if webhook is not None:
            await webhooks.check(webhook, self.allow_private_webhooks)
        await self.db(self.store.update_seat, live.id, seat, name, webhook, clear_webhook)
        await self.sync(live)

    # ------------------------------------------------------------------ webhooks

    def _maybe_webhook(self, live: LiveGame, seat: int) -> None:
        info = live.seats[seat]
        if info.kind != bots.HUMAN or not info.webhook_url:
            return
        if any(c.seat == seat and c.role == "seat" for c in live.conns):
            return  # they are watching the game already
        text = f"Pax Pamir: it is your turn, {info.name} (game {live.id}, move {live.seq})."
        if self.public_url:
            text += f" {self.public_url}/g/{live.id}"
        payload = {"content": text, "text": text, "game": live.id, "seat": seat, "seq": live.seq}
        self.spawn(webhooks.post(info.webhook_url, payload, self.allow_private_webhooks))

    # ------------------------------------------------------------------ replaced links

    def revoke(self, game_id: str, hashes: set[str] | None = None) -> None:
        """Close every page of ``game_id`` that said hello with one of ``hashes`` (its link was replaced)."""
        live = self.live.get(game_id)
        if live is None or not hashes:
            return
        for conn in list(live.conns):
            if conn.token_hash in hashes:
                _revoked(conn)

    async def revoke_stale(self, game_id: str) -> None:
        """Close this process's pages of ``game_id`` whose link no longer works (another process replaced it)."""
        live = self.live.get(game_id)
        if live is None:
            return
        valid = await self.db(self.store.token_hashes, game_id)
        for conn in list(live.conns):
            if conn.token_hash not in valid:
                _revoked(conn)

    # ------------------------------------------------------------------ LISTEN/NOTIFY

    async def _listen(self) -> None:
        import psycopg

        url = self.store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self.listening.set()
                    # Anything committed while we were not listening.
                    for cached in list(self.live.values()):
                        self.spawn(self.sync(cached))
                    async for note in conn.notifies():
                        game_id, _sep, seq = note.payload.partition(" ")
                        if seq == "revoke":
                            self.spawn(self.revoke_stale(game_id))
                            continue
                        live = self.live.get(game_id)
                        # A decision this process committed itself (or has read already) needs no reading.
                        if live is not None and not (seq.isdigit() and int(seq) <= live.seq):
                            self.spawn(self.sync(live))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("LISTEN connection lost; reconnecting")
                await asyncio.sleep(1)


def _apply_row(game: Game, row: DecisionRow) -> None:
    if row.kind == "undo":
        game.undo(row.seat)
    else:
        assert row.option is not None
        if row.reason_data is not None:  # the reason as it was given: a message (any language) and its note
            game.apply(row.option, row.seat, row.reason_data.get("reason"), row.reason_data.get("note"))
        else:
            game.apply(row.option, row.seat, row.reason)


def _match_option(game: Game, raw: Any) -> tuple[Any, ...]:
    """The legal option equal to ``raw`` (a JSON list), with exactly the same types; else ClientError."""
    if not isinstance(raw, list):
        raise ClientError("bad_message", N_("'option' must be a list, as in the 'options' the server sent"))
    wanted = _deep_tuple(raw)
    for option in game.legal_options():
        if option == wanted and all(type(a) is type(b) for a, b in zip(option, wanted, strict=True)):
            return option
    try:
        game.clone().apply(wanted, game.current_player)
    except PamirError as exc:
        raise ClientError("illegal_option", "{error}", error=str(exc)) from None
    except Exception:
        raise ClientError("illegal_option", N_("{raw} is not one of the legal options"), raw=repr(raw)) from None
    raise ClientError("illegal_option", N_("{raw} is not one of the legal options"), raw=repr(raw))


def _deep_tuple(value: list[Any]) -> tuple[Any, ...]:
    return tuple(_deep_tuple(v) if isinstance(v, list) else v for v in value)


#: The close code and reason of a page whose link the creator replaced.
REVOKED_CODE = 4403
REVOKED_REASON = "link replaced"


def _revoked(conn: Conn) -> None:
    with language(conn.lang):
        conn.send({"type": "error", "code": "forbidden", "message": _("this link was replaced by the game's creator")})
    conn.close(REVOKED_CODE, REVOKED_REASON)
