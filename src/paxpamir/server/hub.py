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
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from ..content.i18n import N_, language, render
from ..content.i18n import gettext as _
from ..engine.errors import PamirError
from ..engine.game import Game
from ..engine.reason import Reason
from . import bots, views, webhooks
from .analysis import initial_game
from .chat import CHAT_HISTORY, TableTalk
from .checks import MAX_SEQ, ClientError, whole_number
from .clock import Clock
from .live import Conn, LiveGame
from .metrics import Metrics
from .review_jobs import Reviews
from .store import NOTIFY_CHANNEL, DecisionRow, GameRow, Store
from .workers import Workers

log = logging.getLogger("paxpamir.server")

T = TypeVar("T")

#: The version of the protocol (docs/server-protocol.md), in every ``state`` message: 2 since the message
#: carries the page's whole view model.
PROTOCOL = 2
#: Longest message a page may send (characters); longer ones get a ``too_large`` error.
MAX_MESSAGE = 16_384
#: A connection that keeps flooding after this many refused messages is closed.
MAX_REFUSED = 100
#: Seconds between SQLite WAL checkpoints (done in a worker thread, off the event loop).
CHECKPOINT_EVERY = 2.0


class Hub:
    def __init__(self, store: Store, public_url: str = "", allow_private_webhooks: bool = False,
                 workers: int | None = None) -> None:
        self.store = store
        self.public_url = public_url.rstrip("/")
        #: ``pamir serve --allow-private-webhooks``: webhooks may point at loopback and private addresses.
        self.allow_private_webhooks = allow_private_webhooks
        #: The processes the bots think in (:mod:`.workers`), started with the server.
        self.workers = Workers(workers)
        #: The figures of ``GET /metrics``.
        self.metrics = Metrics()
        self.metrics.games_in_memory.set_function(lambda: len(self.live))
        self.live: dict[str, LiveGame] = {}
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._listener: asyncio.Task[None] | None = None
        self.listening = asyncio.Event()
        #: Table talk and the clocks (:mod:`.chat`, :mod:`.clock`).
        self.talk = TableTalk(self)
        self.clock = Clock(self)
        #: Game reviews being computed and the hints' flood control (:mod:`.review_jobs`).
        self.reviews = Reviews(self)
        self._collector = Collector()

    # ------------------------------------------------------------------ plumbing

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call: inline for SQLite (fast, no network), in a worker thread for PostgreSQL (the calls of
        moves and chat lines have ``_async`` forms of their own: one round trip in the event loop)."""
        if self.store.is_sqlite:
            return fn(*args)
        return await asyncio.to_thread(fn, *args)

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def start(self) -> None:
        await asyncio.gather(asyncio.to_thread(self.store.migrate), self.workers.start())
        if self.store.is_postgres:
            self._listener = asyncio.create_task(self._listen())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.listening.wait(), 10)
        if self.store.is_sqlite:
            self.spawn(self._checkpoints())
        self.spawn(self.talk.writer())
        self.spawn(self.clock.run())
        # Bots whose turn it was when the server stopped move now.
        kinds = [bots.WAKHAN, *bots.BOTS]
        for game_id in await self.db(self.store.games_waiting_for, kinds):
            live = await self.get(game_id)
            if live is not None:
                self.kick_bots(live)
        # Everything loaded so far (modules, the card tables) lives as long as the server: keep it out of the
        # garbage collector's full passes, which otherwise pause every game now and then.
        gc.freeze()
        self._collector.start()

    async def _checkpoints(self) -> None:
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            try:
                await asyncio.to_thread(self.store.checkpoint)
            except Exception:  # e.g. the disk is busy: the next one will do
                log.exception("WAL checkpoint failed")

    async def stop(self) -> None:
        self._collector.stop()
        if self._listener is not None:
            self._listener.cancel()
        for live in self.live.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
            for conn in list(live.conns):
                conn.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.to_thread(self.workers.close)
        await self.store.close()
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
        game = initial_game(row.players, row.seed, {"open_hands": row.open_hands, "wakhan": row.wakhan,
                                                    "wakhan_variants": row.wakhan_variants}, row.position)
        live = LiveGame(row.id, row.seed, row.bot_delay, game, 0, row.seats, secret=row.secret,
                        spectator_chat=row.spectator_chat, clock=row.clock, rematch=row.rematch,
                        deadline=row.deadline, position=row.position, origin=row.origin, hints=row.hints)
        for r in rows:
            _apply_row(live.game, r)
            live.seq = r.seq + 1
        if live.seq == row.seq and live.game.state_hash() != row.state_hash:
            log.error("game %s does not replay to its stored state hash (engine changed?)", row.id)
        live.texts = views.log_entries(live.game, live.game.events(), 0)
        return live

    async def sync(self, live: LiveGame) -> None:
        """Read decisions committed by another request or process and push them to this process's pages."""
        async with live.lock:
            await self.sync_locked(live)

    async def sync_locked(self, live: LiveGame) -> bool:
        rows, seats = await self.store.changes_async(live.id, live.seq)
        changed = bool(rows) or [(s.name, s.webhook_url, s.played_by) for s in seats] != [
            (s.name, s.webhook_url, s.played_by) for s in live.seats
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
            live.deadline = self.clock.deadline(live, live.game)  # within a moment of the one stored with it
        if changed:
            live.version += 1
            self._refresh_log(live, undone)
            self.broadcast(live)
            self.kick_bots(live)
        return changed

    def _refresh_log(self, live: LiveGame, undone: bool) -> None:
        # Only the new events are made (new dicts), not the whole log on every move.
        if undone:
            live.epoch += 1
            live.texts = views.log_entries(live.game, live.game.events(), 0)
        else:
            known = len(live.texts)
            live.texts.extend(views.log_entries(live.game, live.game.events(known), 0))

    # ------------------------------------------------------------------ pages

    async def attach(self, live: LiveGame, conn: Conn) -> None:
        live.conns.add(conn)
        self.metrics.websockets_open.inc()
        await self.sync(live)
        if conn.version != live.version:  # the sync may have sent it already
            self.send_state(live, conn)
        chat = await self.talk.of(live)
        if live.chat_out:  # lines on their way to the pages in the next chat_lines (this one's too): not twice
            coming = {id(row) for row in live.chat_out}
            chat = [row for row in chat if id(row) not in coming]
        conn.send({"type": "chat_history", "total": len(chat), "messages": [m.message() for m in chat[-CHAT_HISTORY:]]})
        conn.chat_ready = True
        self.kick_bots(live)

    def detach(self, live: LiveGame, conn: Conn) -> None:
        if conn in live.conns:
            self.metrics.websockets_open.dec()
        live.conns.discard(conn)
        conn.close()
        if not live.conns and (live.bot_task is None or live.bot_task.done()) and not live.lock.locked():
            self.live.pop(live.id, None)  # replayed again on the next visit

    def state_message(
        self, live: LiveGame, role: str, seat: int | None, log_from: int, lang: str = "en", with_model: bool = True
    ) -> dict[str, Any]:
        """What a page of ``role``/``seat`` is sent, its texts (title, prompt, labels, log lines) in ``lang``;
        without ``with_model`` (a script that said ``"model": false``) the view alone instead of the whole model."""
        with language(lang):
            return self._state_message(live, role, seat, log_from, lang, with_model)

    def _state_message(self, live: LiveGame, role: str, seat: int | None, log_from: int, lang: str,
                       with_model: bool) -> dict[str, Any]:
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
            log = views.log_entries(g, [entry["event"] for entry in log], 0, lang)
        if with_model:
            model = views.page_model(g, seat, len(live.texts))
            content = {"model": model, "decision": views.decision_of(model)}
        else:
            content = {"view": views.seat_view(g, seat), "decision": views.decision_for(g, seat)}
        return {
            "type": "state",
            "protocol": PROTOCOL,
            "game": live.id,
            "seq": live.seq,
            "role": role,
            "seat": seat,
            "players": [{"seat": s.seat, "name": s.name, "kind": s.kind, "played_by": s.played_by}
                        | ({"webhook_set": s.webhook_url is not None} if role == "seat" and s.seat == seat else {})
                        for s in live.seats],
            "clock": live.clock,
            "deadline": live.deadline.isoformat(timespec="seconds") if live.deadline is not None else None,
            "spectator_chat": live.spectator_chat,
            "rematch": live.rematch,
            "to_move": to_move,
            "over": g.is_over,
            "winners": list(g.winners),
            "secret_deck": live.secret,
            "analysis": live.public_origin(),
            "hints": live.hints_on(),
            "title": title,
            **content,
            "log_from": log_from,
            "log": log,
        }

    def send_state(self, live: LiveGame, conn: Conn) -> None:
        log_from = conn.log_len if conn.epoch == live.epoch else 0
        log_from = min(log_from, len(live.texts))
        conn.send(self.state_message(live, conn.role, conn.seat, log_from, conn.lang, conn.with_model))
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
        if "seq" not in msg:
            raise ClientError("bad_message", N_("a move needs 'seq', the sequence number of the state it answers"))
        seq = whole_number(msg["seq"], "seq", 0, MAX_SEQ, "bad_message")
        async with live.lock:
            if seq > live.seq:  # another process may have committed what this one has not heard of yet
                await self.sync_locked(live)
            if seq != live.seq:
                raise ClientError(
                    "stale_seq", N_("the game has moved on (now at seq {now}, not {seq})"), now=live.seq, seq=seq
                )
            g = live.game
            if g.is_over:
                raise ClientError("game_over", N_("the game is over"))
            if conn is not None and conn.closed:  # its link was replaced while this message waited
                raise ClientError("forbidden", N_("this link was replaced by the game's creator"))
            if live.seats[seat].played_by is not None:
                raise ClientError("not_your_turn", N_("a bot plays your seat now: the game's creator can give it back"))
            if g.current_player != seat:
                who = live.seats[g.current_player].name if g.current_player is not None else "nobody"
                raise ClientError("not_your_turn", N_("it is {who}'s decision, not yours"), who=who)
            if kind == "undo":
                if not g.can_undo(seat):
                    raise ClientError("cannot_undo", N_("nothing to undo: only your own decisions this turn, "
                                                        "before any card is revealed or another player decides"))
                ok = await self.commit(live, "undo", seat, None, None, token_hash)
            else:
                raw = msg.get("option")
                if not isinstance(raw, list):
                    raise ClientError("bad_message", N_("'option' must be a list, as in the 'options' the server sent"))
                try:  # the one check of the move: the legal option it names, with exactly its types
                    option = g.find_option(raw)
                except PamirError as exc:
                    raise ClientError("illegal_option", "{error}", error=str(exc)) from None
                ok = await self.commit(live, "move", seat, option, None, token_hash)
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

    async def commit(self, live: LiveGame, kind: str, seat: int, option: tuple[Any, ...] | None,
                      reason: Any, token_hash: str | None = None, by: str = "person") -> bool:
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
        deadline = self.clock.deadline(live, g2)
        ok = await self.store.append_async(
            live.id, live.seq, kind, seat, list(option) if option is not None else None,
            text, g2.current_player, g2.is_over, g2.state_hash(), data, token_hash, deadline,
        )
        if not ok:
            await self.sync_locked(live)
            return False
        self.metrics.decisions.labels("undo" if kind == "undo" else by).inc()
        live.game = g2
        live.deadline = deadline
        live.seq += 1
        live.version += 1
        self._refresh_log(live, kind == "undo")
        after = g2.current_player
        if after is not None and after != before:
            self.notify(live, after)
        return True

    def kick_bots(self, live: LiveGame) -> None:
        p = live.game.current_player
        if p is None or not bots.is_machine(live.seats[p].player):
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = self.spawn(self._run_bots(live))

    async def _run_bots(self, live: LiveGame) -> None:
        while self.live.get(live.id) is live:
            p = live.game.current_player
            if p is None or not bots.is_machine(live.seats[p].player):
                return
            if live.bot_delay > 0:
                await asyncio.sleep(live.bot_delay)
            async with live.lock:
                p = live.game.current_player
                if p is None or not bots.is_machine(live.seats[p].player):
                    return
                kind, seq, snapshot = live.seats[p].player, live.seq, live.game.clone()
                for conn in list(live.conns):  # pages show that the bot is thinking until its move arrives
                    conn.send({"type": "thinking", "seat": p, "seq": seq})
            # The bot thinks in a worker process, without the game's lock: pages connect, read and chat meanwhile.
            try:
                started = time.perf_counter()
                option, reason = await self.workers.decide(kind, snapshot, bots.bot_seed(live.seed, seq))
                self.metrics.bot_seconds.observe(time.perf_counter() - started)
            except Exception:
                log.exception("game %s: the %s bot failed at seq %d", live.id, kind, seq)
                return
            async with live.lock:
                if live.seq != seq:  # the game moved on meanwhile (another process's bot, a restart): think again
                    continue
                try:
                    ok = await self.commit(live, "move", p, option, reason, by="bot")
                except Exception:
                    log.exception("game %s: the %s bot's decision at seq %d failed", live.id, kind, seq)
                    return
                if ok:
                    self.broadcast(live)
            await asyncio.sleep(0)  # let pages and other games through between bot moves

    async def update_seat(self, live: LiveGame, seat: int, name: str | None, webhook: str | None,
                          clear_webhook: bool) -> None:
        """A player's own settings: display name (already checked) and webhook (checked here)."""
        values: dict[str, Any] = {}
        if name is not None:
            values["name"] = name
        if webhook is not None:
            await webhooks.check(webhook, self.allow_private_webhooks)
        if webhook is not None or clear_webhook:
            values["webhook_url"] = webhook
        await self.db(self.store.update_seat, live.id, seat, values)
        await self.sync(live)

    async def hand_over(self, live: LiveGame, seat: int, bot: str | None) -> None:
        """The creator hands an absent person's seat to a bot of kind ``bot``, or gives it back (None)."""
        if not 0 <= seat < len(live.seats) or live.seats[seat].kind != bots.HUMAN:
            raise ClientError("bad_request", N_("only a person's seat can be handed to a bot"))
        if bot is not None and bot not in bots.BOTS:
            raise ClientError("bad_request", N_("the bot must be one of {kinds}"), kinds=", ".join(bots.BOTS))
        await self.db(self.store.update_seat, live.id, seat, {"played_by": bot})
        async with live.lock:
            await self.sync_locked(live)
            if live.game.current_player == seat:  # to a bot: no deadline; back to a person: the clock starts again
                live.deadline = self.clock.deadline(live, live.game)
                await self.db(self.store.set_deadline, live.id, live.seq, live.deadline)
                live.version += 1
                self.broadcast(live)
        self.kick_bots(live)

    # ------------------------------------------------------------------ webhooks

    def notify(self, live: LiveGame, seat: int, news: str | None = None) -> None:
        """Tell ``seat`` by its webhook, unless it has a page open here: that it is their turn, or ``news``."""
        info = live.seats[seat]
        if info.player != bots.HUMAN or not info.webhook_url:
            return
        if any(c.seat == seat and c.role == "seat" for c in live.conns):
            return  # they are watching the game already
        if news is not None:
            text = f"Pax Pamir (game {live.id}): {news}"
        else:
            text = f"Pax Pamir: it is your turn, {info.name} (game {live.id}, move {live.seq})."
        if self.public_url:
            text += f" {self.public_url}/g/{live.id}"
        payload = {"content": text, "text": text, "game": live.id, "seat": seat, "seq": live.seq}
        self.spawn(self._post_webhook(info.webhook_url, payload))

    async def _post_webhook(self, url: str, payload: dict[str, Any]) -> None:
        sent = await webhooks.post(url, payload, self.allow_private_webhooks)
        self.metrics.webhooks.labels("sent" if sent else "failed").inc()

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
                        game_id, what, origin = (note.payload.split(" ") + ["", ""])[:3]
                        if origin == self.store.origin:
                            continue  # this process's own change: its pages have it already
                        if what == "revoke":
                            self.spawn(self.revoke_stale(game_id))
                            continue
                        if what == "chat":  # the games of a batch of lines (store.chat_notes)
                            for talked in game_id.split(","):
                                live = self.live.get(talked)
                                if live is not None and live.chat is not None:
                                    self.spawn(self.talk.sync(live))
                            continue
                        live = self.live.get(game_id)
                        # A decision this process has read already needs no reading.
                        if live is not None and not (what.isdigit() and int(what) <= live.seq):
                            self.spawn(self.sync(live))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("LISTEN connection lost; reconnecting")
                await asyncio.sleep(1)


class Collector:
    """Short pauses of the garbage collector: what survives a collection of the two older generations is frozen
    (:func:`gc.freeze`), so that the next full collections go through what is new since, not every game's state
    and every chat line held in memory (a pause of 100-200 ms every few seconds under load, and every move waiting
    meanwhile, became 20-30 ms when it froze after full collections only, and under 5 ms freezing after the
    middle generation's too: those collections find no garbage here, so little is frozen that could be freed).
    Every :data:`SWEEP` seconds everything is thawed again, so that the next full collection also frees cycles
    that became garbage among frozen objects (few: a game's state and its chat lines are freed by their reference
    counts)."""

    #: Seconds between two full sweeps.
    SWEEP = 300.0

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sweeper: asyncio.TimerHandle | None = None

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        gc.callbacks.append(self._collected)
        self._sweeper = self._loop.call_later(self.SWEEP, self._sweep)

    def stop(self) -> None:
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        if self._sweeper is not None:
            self._sweeper.cancel()
        self._loop = None

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        # In whichever thread the collection ran: freeze in the event loop's, once the collector is done (after the
        # middle generation's collections too: what survives them would make the next full collection long).
        loop = self._loop
        if phase == "stop" and info.get("generation", 0) >= 1 and loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(gc.freeze)

    def _sweep(self) -> None:
        gc.unfreeze()
        if self._loop is not None:
            self._sweeper = self._loop.call_later(self.SWEEP, self._sweep)


def _apply_row(game: Game, row: DecisionRow) -> None:
    if row.kind == "undo":
        game.undo(row.seat)
    else:
        assert row.option is not None
        if row.reason_data is not None:  # the reason as it was given: a message (any language) and its note
            game.apply(row.option, row.seat, row.reason_data.get("reason"), row.reason_data.get("note"))
        else:
            game.apply(row.option, row.seat, row.reason)


#: The close code and reason of a page whose link the creator replaced.
REVOKED_CODE = 4403
REVOKED_REASON = "link replaced"


def _revoked(conn: Conn) -> None:
    with language(conn.lang):
        conn.send({"type": "error", "code": "forbidden", "message": _("this link was replaced by the game's creator")})
    conn.close(REVOKED_CODE, REVOKED_REASON)
