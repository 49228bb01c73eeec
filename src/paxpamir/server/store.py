"""The durable store: games, seats, secret-link hashes and an append-only list of decisions per game.

Everything goes through SQLAlchemy 2 (Core), so the same code runs on an embedded SQLite file and on
PostgreSQL. The schema is created and migrated by Alembic at start-up (:func:`migrate`). A decision is
committed before anyone hears of it; ``(game_id, seq)`` is the primary key of ``decisions`` and the game row
is advanced with a compare-and-set on ``games.seq`` in the same transaction, so when two requests (in one
process or in several) race for the same ``seq`` exactly one commits.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    false,
    insert,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

if TYPE_CHECKING:
    from .pgasync import PgPool

#: The channel on which PostgreSQL servers announce changes: payload "<game id> <what> <origin>", where <what> is
#: the new seq after a decision, "seat" after a seat's name or webhook changed, "revoke" after a link was
#: replaced, and <origin> the announcing process (:attr:`Store.origin`), which ignores its own announcements.
NOTIFY_CHANNEL = "pamir_games"

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("players", Integer, nullable=False),
    # The seed as decimal text (64 random bits do not fit a signed BIGINT; migration 0004). Never sent to anyone
    # before the game is over.
    Column("seed", String(24), nullable=False),
    # False when the creator gave the seed (tests, tournaments): whoever knows it knows the deck (migration 0004).
    Column("secret", Boolean, nullable=False, server_default=true()),
    # Whether spectators may write in the game's chat (they always read it; migration 0005).
    Column("spectator_chat", Boolean, nullable=False, server_default=false()),
    # The clock (0005): seconds a person has for a decision (null: no clock), when the pending one runs out,
    # whether its seat was reminded; and the id of the game's rematch, once someone asked for one.
    Column("clock", Integer, nullable=True),
    Column("deadline", DateTime(timezone=True), nullable=True),
    Column("reminded", Boolean, nullable=False, server_default=false()),
    Column("rematch", String(32), nullable=True),
    # An analysis game (0006): the state it starts from (JSON, secret: it holds hidden cards; null: Game.new from
    # the seed) and where it comes from (JSON {"what_if", "from", "at", "seat"}); whether the game gives hints.
    Column("position", Text, nullable=True),
    Column("origin", Text, nullable=True),
    Column("hints", Boolean, nullable=False, server_default=false()),
    Column("open_hands", Boolean, nullable=False),
    Column("wakhan", Boolean, nullable=False),
    Column("wakhan_variants", String(200), nullable=False, server_default=""),  # comma-separated; "" = rulebook
    Column("bot_delay", Float, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("to_move", Integer, nullable=True),
    Column("over", Boolean, nullable=False),
    Column("state_hash", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(32), nullable=False),
    Column("name", String(64), nullable=False),
    Column("webhook_url", Text, nullable=True),
    Column("played_by", String(32), nullable=True),  # the kind of bot standing in for an absent person (0005)
)

tokens = Table(
    "tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("role", String(16), nullable=False),  # "seat", "spectator" or "creator"
    Column("seat", Integer, nullable=True),
    Index("ix_tokens_game_id", "game_id"),
)

decisions = Table(
    "decisions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # "move" or "undo"
    Column("seat", Integer, nullable=False),
    Column("option", Text, nullable=True),  # the option as JSON (moves only)
    Column("reason", Text, nullable=True),  # the reason's text (English), for people reading the database
    # The reason as given to Game.apply, as JSON {"reason": text or message, "note": ...}: what a replay applies,
    # so the log shows it in every language and Wakhan's notes survive (migration 0003; older rows have null).
    Column("reason_data", Text, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

reviews = Table(
    "reviews",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    # "game": a finished game's review; "seat:<n>:<k>": a seat's own first k decisions, during the game (0006).
    Column("scope", String(40), primary_key=True),
    Column("review", Text, nullable=False),  # JSON, as paxpamir.agents.review made it
    Column("created_at", DateTime(timezone=True), nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),  # increasing: a game's lines in order
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=True),  # null: a spectator, or the server itself
    Column("role", String(16), nullable=False),  # "seat", "spectator" or "server"
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("seq", Integer, nullable=False),  # the game's seq when it was said: a replay shows it at that moment
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_chat_game_id", "game_id", "id"),
)


# The statements of a move on SQLite (PostgreSQL's, in one statement: pgasync.APPEND), written out once: they run
# for every decision and SQLAlchemy's expression building would cost more than the database itself.
# A move made with a link counts only while that link works: the check is part of the compare-and-set, so a link
# replaced by another process an instant before is refused too (bots and Wakhan pass no token).
_ADVANCE = text(
    "UPDATE games SET seq = :next, to_move = :to_move, over = :over, state_hash = :hash, updated_at = :now, "
    "deadline = :deadline, reminded = false "
    "WHERE id = :id AND seq = :seq AND (CAST(:token_hash AS VARCHAR(64)) IS NULL OR EXISTS "
    "(SELECT 1 FROM tokens WHERE tokens.token_hash = :token_hash AND tokens.game_id = :id))"
).bindparams(
    bindparam("over", type_=Boolean()), bindparam("now", type_=DateTime(timezone=True)),
    bindparam("token_hash", type_=String()), bindparam("deadline", type_=DateTime(timezone=True)),
)
_RECORD_SQL = (
    "INSERT INTO decisions (game_id, seq, kind, seat, option, reason, reason_data, created_at) "
    "VALUES (:id, :seq, :kind, :seat, :option, :reason, :reason_data, :now)"
)
_RECORD = text(_RECORD_SQL).bindparams(bindparam("now", type_=DateTime(timezone=True)))
# The compare-and-set on SQLite as the driver's own statement, with _RECORD_SQL (Store._append_sqlite).
_ADVANCE_SQLITE = (
    "UPDATE games SET seq = :next, to_move = :to_move, over = :over, state_hash = :hash, updated_at = :now, "
    "deadline = :deadline, reminded = 0 "
    "WHERE id = :id AND seq = :seq AND (:token_hash IS NULL OR EXISTS "
    "(SELECT 1 FROM tokens WHERE tokens.token_hash = :token_hash AND tokens.game_id = :id))"
)
_NOTIFY = text("SELECT pg_notify(:ch, :payload)")
_ADD_CHAT_SQLITE = "INSERT INTO chat (game_id, seat, role, name, text, seq, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"

#: The longest notification payload this store sends (PostgreSQL's limit is 8,000 bytes).
NOTE_BYTES = 7000


def chat_notes(game_ids: list[str], origin: str) -> list[str]:
    """The notifications that tell the other server processes which games have new chat lines: ``"<game>,<game>
    chat <origin>"``, as few as fit (game ids hold no comma), not one for every game of a batch."""
    notes: list[str] = []
    batch: list[str] = []
    size = 0
    for game_id in sorted(set(game_ids)):
        if batch and size + len(game_id) + 1 > NOTE_BYTES:
            notes.append(f"{','.join(batch)} chat {origin}")
            batch, size = [], 0
        batch.append(game_id)
        size += len(game_id) + 1
    if batch:
        notes.append(f"{','.join(batch)} chat {origin}")
    return notes


def default_database_path() -> Path:
    """``$PAXPAMIR_HOME/server.sqlite3``, or ``~/.paxpamir/server.sqlite3``."""
    home = os.environ.get("PAXPAMIR_HOME")
    base = Path(home) if home else Path.home() / ".paxpamir"
    return base / "server.sqlite3"


def database_url(database: str | None) -> str:
    """A SQLAlchemy URL from ``--database`` (a file path or a URL; None: the default SQLite file)."""
    if database is None:
        path = default_database_path()
    elif "://" in database:
        if database.startswith(("postgresql://", "postgres://")):
            return "postgresql+psycopg://" + database.split("://", 1)[1]
        return database
    else:
        path = Path(database).expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path.resolve()}"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    """A secret link token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass
class SeatRow:
    seat: int
    kind: str
    name: str
    webhook_url: str | None
    #: The kind of bot playing a person's seat while they are away (the creator's choice); None: they play.
    played_by: str | None = None

    @property
    def player(self) -> str:
        """Who decides for this seat now: its kind, or the bot standing in."""
        return self.played_by or self.kind


@dataclass
class DecisionRow:
    seq: int
    kind: str
    seat: int
    option: list[Any] | None
    reason: str | None
    #: ``{"reason": text or message, "note": object or null}`` when stored (see the ``reason_data`` column).
    reason_data: dict[str, Any] | None = None


@dataclass
class GameRow:
    """A game as stored; also what :meth:`Store.create_game` takes (its tokens are stored hashed)."""

    id: str
    players: int
    seed: int
    open_hands: bool
    wakhan: bool
    bot_delay: float
    seq: int
    to_move: int | None
    over: bool
    state_hash: str
    seats: list[SeatRow] = field(default_factory=list)
    wakhan_variants: tuple[str, ...] = ()
    #: False when the creator chose the seed (so the deck is known to whoever knows it).
    secret: bool = True
    #: Whether spectators may write in the chat.
    spectator_chat: bool = False
    #: Seconds a person has for a decision (None: no clock); the id of the game's rematch.
    clock: int | None = None
    rematch: str | None = None
    #: When the pending decision runs out (with a clock, for a person's decision).
    deadline: datetime | None = None
    #: An analysis game's start (a state: secret) and origin (``{"what_if", "from", "at", "seat"}``); None for
    #: an ordinary game. Whether the game gives hints (chosen at creation).
    position: dict[str, Any] | None = None
    origin: dict[str, Any] | None = None
    hints: bool = False


@dataclass
class ChatRow:
    """One chat message (see the ``chat`` table); :meth:`message` is what pages are sent. ``id`` is 0 until
    it is stored."""

    id: int
    game_id: str
    seat: int | None
    role: str
    name: str
    text: str
    seq: int
    at: datetime

    def message(self) -> dict[str, Any]:
        return {"type": "chat", "id": self.id, "seat": self.seat, "role": self.role, "name": self.name,
                "text": self.text, "seq": self.seq, "at": self.at.isoformat(timespec="seconds")}


class Store:
    """Synchronous store methods (each one transaction), which the server calls from worker threads, and the
    ``_async`` forms of those every move and chat line needs, which it awaits in its event loop."""

    def __init__(self, url: str, echo: bool = False) -> None:
        self.url = url
        #: This process's name in NOTIFY payloads (random): a process ignores what it announced itself.
        self.origin = secrets.token_hex(6)
        self.is_postgres = url.startswith("postgresql")
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {"echo": echo, "future": True}
        if self.is_sqlite:
            kwargs["connect_args"] = {"timeout": 30, "check_same_thread": False}
        else:  # the rarer calls, in worker threads: the moves and chat lines use :attr:`fast`
            kwargs["pool_size"] = 5
            kwargs["max_overflow"] = 10
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        #: With PostgreSQL: the event loop's own connections for moves and chat (:mod:`.pgasync`).
        self.fast: PgPool | None = None
        if self.is_postgres:
            from .pgasync import PgPool

            self.fast = PgPool(self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False))

    def migrate(self) -> None:
        from .migrations import upgrade

        upgrade(self.engine)

    def dispose(self) -> None:
        self.engine.dispose()

    async def close(self) -> None:
        """Close the event loop's connections (PostgreSQL), in the loop that opened them."""
        if self.fast is not None:
            await self.fast.close()

    # ------------------------------------------------------------------ games

    def create_game(self, g: GameRow, links: list[tuple[str, str, int | None]]) -> None:
        """Insert a game, its seats and its link hashes (``(token, role, seat)``) in one transaction."""
        now = _now()
        with self.engine.begin() as c:
            c.execute(
                insert(games).values(
                    id=g.id,
                    players=g.players,
                    seed=str(g.seed),
                    secret=g.secret,
                    spectator_chat=g.spectator_chat,
                    clock=g.clock,
                    position=json.dumps(g.position, separators=(",", ":")) if g.position is not None else None,
                    origin=json.dumps(g.origin, separators=(",", ":")) if g.origin is not None else None,
                    hints=g.hints,
                    open_hands=g.open_hands,
                    wakhan=g.wakhan,
                    wakhan_variants=",".join(g.wakhan_variants),
                    bot_delay=g.bot_delay,
                    seq=0,
                    to_move=g.to_move,
                    over=False,
                    state_hash=g.state_hash,
                    created_at=now,
                    updated_at=now,
                )
            )
            c.execute(
                insert(seats),
                [
                    {"game_id": g.id, "seat": s.seat, "kind": s.kind, "name": s.name, "webhook_url": s.webhook_url}
                    for s in g.seats
                ],
            )
            c.execute(
                insert(tokens),
                [{"token_hash": hash_token(t), "game_id": g.id, "role": r, "seat": s} for t, r, s in links],
            )

    def load_game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as c:
            row = c.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            out = GameRow(
                id=row["id"],
                players=row["players"],
                seed=int(row["seed"]),
                secret=bool(row["secret"]),
                spectator_chat=bool(row["spectator_chat"]),
                clock=row["clock"],
                rematch=row["rematch"],
                deadline=_aware(row["deadline"]) if row["deadline"] is not None else None,
                open_hands=row["open_hands"],
                wakhan=row["wakhan"],
                bot_delay=row["bot_delay"],
                seq=row["seq"],
                to_move=row["to_move"],
                over=row["over"],
                state_hash=row["state_hash"],
                wakhan_variants=tuple(v for v in (row["wakhan_variants"] or "").split(",") if v),
                position=json.loads(row["position"]) if row["position"] else None,
                origin=json.loads(row["origin"]) if row["origin"] else None,
                hints=bool(row["hints"]),
            )
            out.seats = self._seats(c, game_id)
            return out

    def _seats(self, c: Connection, game_id: str) -> list[SeatRow]:
        rows = c.execute(select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)).mappings()
        return [SeatRow(r["seat"], r["kind"], r["name"], r["webhook_url"], r["played_by"]) for r in rows]

    def load_seats(self, game_id: str) -> list[SeatRow]:
        with self.engine.connect() as c:
            return self._seats(c, game_id)

    def decisions_from(self, game_id: str, seq: int) -> list[DecisionRow]:
        """Every decision of ``game_id`` with ``seq`` at least ``seq``, in order."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(decisions)
                .where(decisions.c.game_id == game_id, decisions.c.seq >= seq)
                .order_by(decisions.c.seq)
            ).mappings()
            return [_decision(r["seq"], r["kind"], r["seat"], r["option"], r["reason"], r["reason_data"]) for r in rows]

    def resolve_token(self, game_id: str, token: str) -> tuple[str, int | None] | None:
        """``(role, seat)`` for a link token of ``game_id``, or None."""
        with self.engine.connect() as c:
            row = c.execute(
                select(tokens.c.role, tokens.c.seat).where(
                    tokens.c.token_hash == hash_token(token), tokens.c.game_id == game_id
                )
            ).first()
            return (row[0], row[1]) if row is not None else None

    def append(
        self,
        game_id: str,
        seq: int,
        kind: str,
        seat: int,
        option: list[Any] | None,
        reason: str | None,
        to_move: int | None,
        over: bool,
        state_hash: str,
        reason_data: dict[str, Any] | None = None,
        token_hash: str | None = None,
        deadline: datetime | None = None,
    ) -> bool:
        """Commit decision number ``seq`` of ``game_id``; False (and nothing changed) if ``seq`` is taken, or if
        ``token_hash`` (the link the move was made with) no longer opens the game."""
        params = self._append_params(game_id, seq, kind, seat, option, reason, to_move, over, state_hash,
                                     reason_data, token_hash, deadline)
        try:
            if self.is_postgres:  # one statement (pgasync.APPEND), as the server's own moves
                from .pgasync import APPEND

                with self.engine.begin() as c:
                    return len(c.exec_driver_sql(APPEND, params).fetchall()) == 1
            if self.is_sqlite:
                return self._append_sqlite(params)
            with self.engine.begin() as c:
                # Compare-and-set on games.seq, then the decision row (primary key (game_id, seq)): of two
                # requests for the same seq, in one process or several, exactly one commits.
                if c.execute(_ADVANCE, params).rowcount != 1:
                    c.rollback()
                    return False
                c.execute(_RECORD, params)
        except IntegrityError:
            return False
        return True

    def _append_sqlite(self, params: dict[str, Any]) -> bool:
        """:meth:`append` on SQLite: the same compare-and-set and decision row as the driver's own statements in
        SQLAlchemy's transaction (as :meth:`add_chat` stores lines): SQLAlchemy's processing of each statement cost
        more than SQLite's work. Times are stored as SQLAlchemy stores them."""
        import sqlite3

        with self.engine.begin() as c:
            stamp = games.c.updated_at.type.bind_processor(c.dialect)
            if stamp is not None:
                params = {**params, "now": stamp(params["now"]), "deadline": stamp(params["deadline"])}
            cur = c.connection.cursor()
            try:
                cur.execute(_ADVANCE_SQLITE, params)
                if cur.rowcount != 1:
                    c.rollback()
                    return False
                cur.execute(_RECORD_SQL, params)
            except sqlite3.IntegrityError:
                c.rollback()
                return False
            finally:
                cur.close()
        return True

    def _append_params(self, game_id: str, seq: int, kind: str, seat: int, option: list[Any] | None,
                       reason: str | None, to_move: int | None, over: bool, state_hash: str,
                       reason_data: dict[str, Any] | None, token_hash: str | None,
                       deadline: datetime | None) -> dict[str, Any]:
        return {
            "id": game_id,
            "seq": seq,
            "next": seq + 1,
            "to_move": to_move,
            "over": over,
            "hash": state_hash,
            "now": _now(),
            "kind": kind,
            "seat": seat,
            "option": json.dumps(option, separators=(",", ":")) if option is not None else None,
            "reason": reason,
            "reason_data": json.dumps(reason_data, separators=(",", ":")) if reason_data is not None else None,
            "token_hash": token_hash,
            "deadline": deadline,
            "channel": NOTIFY_CHANNEL,
            "payload": f"{game_id} {seq + 1} {self.origin}",
        }

    # ------------------------------------------------------------------ from the event loop

    # The calls of every move and chat line, awaited in the event loop: on SQLite the synchronous call inline (a
    # local file, no network: quicker than a hop to a thread); on PostgreSQL one round trip on a connection of
    # the loop's own (:mod:`.pgasync`), never a worker thread that would have to win the interpreter lock back.

    async def append_async(
        self, game_id: str, seq: int, kind: str, seat: int, option: list[Any] | None, reason: str | None,
        to_move: int | None, over: bool, state_hash: str, reason_data: dict[str, Any] | None = None,
        token_hash: str | None = None, deadline: datetime | None = None,
    ) -> bool:
        """:meth:`append`, from the event loop."""
        if self.fast is None:
            return self.append(game_id, seq, kind, seat, option, reason, to_move, over, state_hash, reason_data,
                               token_hash, deadline)
        return await self.fast.append(self._append_params(game_id, seq, kind, seat, option, reason, to_move, over,
                                                          state_hash, reason_data, token_hash, deadline))

    async def changes_async(self, game_id: str, seq: int) -> tuple[list[DecisionRow], list[SeatRow]]:
        """:meth:`decisions_from` and :meth:`load_seats` (one round trip on PostgreSQL), from the event loop."""
        if self.fast is None:
            return self.decisions_from(game_id, seq), self.load_seats(game_id)
        decided, seated = await self.fast.changes(game_id, seq)
        return [_decision(*r) for r in decided], [SeatRow(*r) for r in seated]

    async def add_chat_async(self, rows: list[ChatRow]) -> None:
        """:meth:`add_chat`, from the event loop."""
        if self.fast is None:
            self.add_chat(rows)
            return
        ids = await self.fast.add_chat({
            "games": [r.game_id for r in rows], "seats": [r.seat for r in rows], "roles": [r.role for r in rows],
            "names": [r.name for r in rows], "texts": [r.text for r in rows], "seqs": [r.seq for r in rows],
            "ats": [r.at for r in rows], "channel": NOTIFY_CHANNEL,
            "notes": chat_notes([r.game_id for r in rows], self.origin),
        })
        for row, key in zip(rows, ids, strict=True):
            row.id = key

    async def chat_after_async(self, game_id: str, after: int) -> list[ChatRow]:
        """:meth:`chat_after`, from the event loop."""
        if self.fast is None:
            return self.chat_after(game_id, after)
        return [ChatRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], _aware(r[7]))
                for r in await self.fast.chat_after(game_id, after)]

    def update_seat(self, game_id: str, seat: int, values: dict[str, Any]) -> None:
        """Change a seat's ``name``, ``webhook_url`` and/or ``played_by`` (the other processes are told)."""
        if not values:
            return
        with self.engine.begin() as c:
            c.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(**values))
            if self.is_postgres:
                c.execute(_NOTIFY, {"ch": NOTIFY_CHANNEL, "payload": f"{game_id} seat {self.origin}"})

    def replace_token(self, game_id: str, role: str, seat: int | None, token: str) -> list[str]:
        """Issue a new link for a seat (or the spectators): the old one stops working. Returns the hashes of the
        tokens it replaced; with PostgreSQL the other server processes are told to close their pages."""
        with self.engine.begin() as c:
            cond = [tokens.c.game_id == game_id, tokens.c.role == role]
            cond.append(tokens.c.seat == seat if seat is not None else tokens.c.seat.is_(None))
            old = [r[0] for r in c.execute(select(tokens.c.token_hash).where(*cond))]
            c.execute(tokens.delete().where(*cond))
            c.execute(insert(tokens).values(token_hash=hash_token(token), game_id=game_id, role=role, seat=seat))
            if self.is_postgres:
                c.execute(_NOTIFY, {"ch": NOTIFY_CHANNEL, "payload": f"{game_id} revoke {self.origin}"})
        return old

    def token_hashes(self, game_id: str) -> set[str]:
        """The hashes of every link of ``game_id`` that works now."""
        with self.engine.connect() as c:
            return {r[0] for r in c.execute(select(tokens.c.token_hash).where(tokens.c.game_id == game_id))}

    def add_chat(self, rows: list[ChatRow]) -> None:
        """Store chat lines (of any games) in one transaction, giving each its ``id``. With PostgreSQL the other
        server processes are told which games have new lines."""
        with self.engine.begin() as c:
            if self.is_sqlite:
                # The driver's own statement for each line, in the one transaction: each line's id is the row id
                # SQLite gives it, and the work per line is the driver's (SQLAlchemy's per-row processing of a
                # batch cost an eighth of the server's CPU under chat). Times are stored as SQLAlchemy stores them.
                stamp = chat.c.created_at.type.bind_processor(c.dialect)
                cur = c.connection.cursor()
                for r in rows:
                    cur.execute(_ADD_CHAT_SQLITE, (r.game_id, r.seat, r.role, r.name, r.text, r.seq,
                                                   stamp(r.at) if stamp is not None else r.at))
                    assert cur.lastrowid is not None
                    r.id = int(cur.lastrowid)
                cur.close()
                return
            # One statement for the whole batch (SQLAlchemy's "insertmanyvalues"), its ids in the rows' order.
            ids = c.execute(
                insert(chat).returning(chat.c.id, sort_by_parameter_order=True),
                [{"game_id": r.game_id, "seat": r.seat, "role": r.role, "name": r.name, "text": r.text,
                  "seq": r.seq, "created_at": r.at} for r in rows],
            ).scalars().all()
            for row, key in zip(rows, ids, strict=True):
                row.id = int(key)
            if self.is_postgres:
                for note in chat_notes([r.game_id for r in rows], self.origin):
                    c.execute(_NOTIFY, {"ch": NOTIFY_CHANNEL, "payload": note})

    def chat_after(self, game_id: str, after: int) -> list[ChatRow]:
        """The chat lines of ``game_id`` whose ``id`` is above ``after``, in order."""
        with self.engine.connect() as c:
            rows = c.execute(select(chat).where(chat.c.game_id == game_id, chat.c.id > after).order_by(chat.c.id))
            return [ChatRow(r.id, r.game_id, r.seat, r.role, r.name, r.text, r.seq, _aware(r.created_at)) for r in rows]

    def clocked_games(self) -> list[tuple[str, int, datetime, bool]]:
        """``(id, clock, deadline, reminded)`` of every game not over whose pending decision has a deadline."""
        with self.engine.connect() as c:
            rows = c.execute(select(games.c.id, games.c.clock, games.c.deadline, games.c.reminded).where(
                games.c.deadline.is_not(None), games.c.over.is_(False)))
            return [(r[0], int(r[1] or 0), _aware(r[2]), bool(r[3])) for r in rows]

    def set_deadline(self, game_id: str, seq: int, deadline: datetime | None) -> None:
        """Set the deadline of decision ``seq`` (if the game is still there): a seat given back, a clock started."""
        with self.engine.begin() as c:
            c.execute(update(games).where(games.c.id == game_id, games.c.seq == seq).values(deadline=deadline,
                                                                                          reminded=False))

    def mark_reminded(self, game_id: str, deadline: datetime) -> bool:
        """Take the reminder of the decision due at ``deadline``: True for the one process that should send it."""
        with self.engine.begin() as c:
            done = c.execute(update(games).where(games.c.id == game_id, games.c.deadline == deadline,
                                                 games.c.reminded.is_(False)).values(reminded=True))
            return done.rowcount == 1

    def set_rematch(self, game_id: str, rematch: str) -> str:
        """Make ``rematch`` the game's rematch unless it has one already; return the one it has now."""
        with self.engine.begin() as c:
            c.execute(update(games).where(games.c.id == game_id, games.c.rematch.is_(None)).values(rematch=rematch))
            found = c.execute(select(games.c.rematch).where(games.c.id == game_id)).scalar()
            return str(found)

    def load_review(self, game_id: str, scope: str) -> dict[str, Any] | None:
        """The review of ``game_id`` for ``scope`` (``"game"``, ``"seat:<n>:<k>"``) once computed, else None."""
        with self.engine.connect() as c:
            found = c.execute(select(reviews.c.review).where(reviews.c.game_id == game_id,
                                                              reviews.c.scope == scope)).scalar()
            return dict(json.loads(found)) if found else None

    def save_review(self, game_id: str, scope: str, review: dict[str, Any]) -> None:
        """Keep a computed review (a second one for the same scope, computed meanwhile elsewhere, is dropped)."""
        try:
            with self.engine.begin() as c:
                c.execute(insert(reviews).values(game_id=game_id, scope=scope, created_at=_now(),
                                                 review=json.dumps(review, separators=(",", ":"))))
        except IntegrityError:
            pass

    def checkpoint(self) -> None:
        """Copy the SQLite write-ahead log into the database file (without blocking writers)."""
        if self.is_sqlite:
            with self.engine.connect() as c:
                c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def games_waiting_for(self, kinds: list[str]) -> list[str]:
        """Games not over whose seat to move is of one of ``kinds`` or played by a bot (bots to restart after a
        crash)."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(games.c.id)
                .join(seats, (seats.c.game_id == games.c.id) & (seats.c.seat == games.c.to_move))
                .where(games.c.over.is_(False), seats.c.kind.in_(kinds) | seats.c.played_by.is_not(None))
            )
            return [r[0] for r in rows]


def _decision(seq: int, kind: str, seat: int, option: str | None, reason: str | None,
              reason_data: str | None) -> DecisionRow:
    """A stored decision (its option and reason data as stored: JSON text)."""
    return DecisionRow(seq, kind, seat, json.loads(option) if option else None, reason,
                       json.loads(reason_data) if reason_data else None)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL: a committed transaction survives the process being killed (the WAL is in
    # the operating system's hands at commit); only a power cut may lose the last commits.
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    # The server checkpoints the WAL itself, from a worker thread (Store.checkpoint): a checkpoint syncs the
    # database file to disk, which must not stall the event loop that commits moves.
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()
