"""The hot path of a server on PostgreSQL: moves, reading what other processes committed, and chat lines, each
one round trip on a connection of the event loop's own (psycopg's asyncio connections).

Before, these ran as SQLAlchemy transactions in worker threads: five or six round trips a move (a ping at
checkout, BEGIN, the compare-and-set, the decision, the NOTIFY, COMMIT), and after each one the thread had to win
Python's global interpreter lock back from the busy event loop (up to 5 ms each time: ``sys.getswitchinterval``).
Here a move is one statement in autocommit (a transaction of its own, committed before its answer comes back)
and the event loop waits for it as for any socket. The other store calls (creating a game, links, seats, the
clock) are rare and still go through :class:`.store.Store` in worker threads.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import time
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from psycopg import AsyncConnection

#: Connections a server process keeps for its moves and chat (besides SQLAlchemy's pool and the LISTEN one);
#: an idle one is checked with a ``SELECT 1`` before use once it has been idle this many seconds.
POOL_SIZE = 10
PING_AFTER = 10.0

# A move in one statement: the compare-and-set on games.seq (with the link check), the decision row (primary
# key (game_id, seq)) and the NOTIFY, all or nothing. It returns one row when the decision was committed, none
# when the seq was taken or the link replaced (a duplicate (game_id, seq) raises a unique violation instead).
APPEND = """
WITH advanced AS (
    UPDATE games SET seq = %(next)s, to_move = %(to_move)s, over = %(over)s, state_hash = %(hash)s,
        updated_at = %(now)s, deadline = %(deadline)s, reminded = false
    WHERE id = %(id)s AND seq = %(seq)s AND (%(token_hash)s::varchar IS NULL OR EXISTS
        (SELECT 1 FROM tokens WHERE tokens.token_hash = %(token_hash)s::varchar AND tokens.game_id = %(id)s))
    RETURNING id
), recorded AS (
    INSERT INTO decisions (game_id, seq, kind, seat, option, reason, reason_data, created_at)
    SELECT id, %(seq)s, %(kind)s::varchar, %(seat)s, %(option)s::text, %(reason)s::text, %(reason_data)s::text,
        %(now)s
    FROM advanced
    RETURNING seq
)
SELECT pg_notify(%(channel)s, %(payload)s) FROM recorded
"""
DECISIONS = ("SELECT seq, kind, seat, option, reason, reason_data FROM decisions "
             "WHERE game_id = %(id)s AND seq >= %(seq)s ORDER BY seq")
SEATS = "SELECT seat, kind, name, webhook_url, played_by FROM seats WHERE game_id = %(id)s ORDER BY seat"
# A batch of chat lines in one statement: inserted in the batch's order, so that their ids (a sequence) ascend in
# it, and its notifications (store.chat_notes: one for the batch's games, not one a game or a line).
ADD_CHAT = """
WITH said AS (
    INSERT INTO chat (game_id, seat, role, name, text, seq, created_at)
    SELECT g, s, r, n, t, q, a FROM unnest(%(games)s::varchar[], %(seats)s::int[], %(roles)s::varchar[],
        %(names)s::varchar[], %(texts)s::text[], %(seqs)s::int[], %(ats)s::timestamptz[])
        WITH ORDINALITY AS u(g, s, r, n, t, q, a, o)
    ORDER BY o
    RETURNING id
)
SELECT said.id FROM said
CROSS JOIN (SELECT count(pg_notify(%(channel)s, note)) FROM unnest(%(notes)s::text[]) AS note) AS told
ORDER BY said.id
"""
CHAT_AFTER = ("SELECT id, game_id, seat, role, name, text, seq, created_at FROM chat "
              "WHERE game_id = %(id)s AND id > %(after)s ORDER BY id")


class PgPool:
    """A few asyncio connections to PostgreSQL in autocommit, opened when first needed (in the event loop that
    uses them) and reopened after a failure."""

    def __init__(self, url: str, size: int = POOL_SIZE) -> None:
        self.url = url
        self.size = size
        self._idle: list[tuple[AsyncConnection[Any], float]] = []
        self._open = 0
        self._waiters: collections.deque[asyncio.Future[None]] = collections.deque()

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[AsyncConnection[Any]]:
        """A connection for one statement (or one pipeline); back to the pool after, unless it broke or was left
        inside a query (a cancelled await): then it is closed."""
        from psycopg.pq import TransactionStatus

        conn = await self._get()
        keep = False
        try:
            yield conn
        finally:
            keep = not conn.closed and conn.info.transaction_status == TransactionStatus.IDLE
            if keep:
                self._idle.append((conn, time.monotonic()))
            else:
                self._open -= 1
                with contextlib.suppress(Exception):
                    await conn.close()
            self._wake()

    async def _get(self) -> AsyncConnection[Any]:
        import psycopg

        while True:
            if self._idle:
                conn, since = self._idle.pop()
                if conn.closed or conn.broken:
                    self._open -= 1
                    continue
                if time.monotonic() - since > PING_AFTER:
                    try:  # what SQLAlchemy's pre-ping does, for connections that sat idle (a database restarted)
                        await conn.execute("SELECT 1")
                    except psycopg.Error:
                        self._open -= 1
                        with contextlib.suppress(Exception):
                            await conn.close()
                        continue
                return conn
            if self._open < self.size:
                self._open += 1
                try:
                    return await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                except BaseException:
                    self._open -= 1
                    self._wake()
                    raise
            waiter = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                await waiter
            except BaseException:
                self._wake()  # whatever woke this one goes to the next
                raise
            finally:
                with contextlib.suppress(ValueError):
                    self._waiters.remove(waiter)

    def _wake(self) -> None:
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
                return

    async def close(self) -> None:
        idle, self._idle = self._idle, []
        for conn, _since in idle:
            self._open -= 1
            with contextlib.suppress(Exception):
                await conn.close()

    # ------------------------------------------------------------------ the statements

    async def append(self, params: dict[str, Any]) -> bool:
        """Run :data:`APPEND` (see :meth:`.store.Store.append`); True if the decision was committed.

        A connection found dead (the database restarted, an idle connection cut) is replaced and the statement
        sent again: safe, as it is a compare-and-set on ``seq``. Had the first one committed after all, the second
        finds ``seq`` taken, and the server reads the decision back like any other from the database."""
        from psycopg.errors import UniqueViolation

        for attempt in (1, 2):
            try:
                async with self.connection() as conn:
                    try:
                        cur = await conn.execute(APPEND, params)
                    except UniqueViolation:
                        return False
                    return len(await cur.fetchall()) == 1
            except _retryable():
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def changes(self, game_id: str, seq: int) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """The rows of :data:`DECISIONS` and :data:`SEATS` (the decisions of ``game_id`` from ``seq`` on and its
        seats), in one round trip (a pipeline)."""
        params = {"id": game_id, "seq": seq}
        for attempt in (1, 2):  # a read may go again on a fresh connection
            try:
                async with self.connection() as conn:
                    async with conn.pipeline():
                        found = await conn.execute(DECISIONS, params)
                        seated = await conn.execute(SEATS, params)
                    return await found.fetchall(), await seated.fetchall()
            except _retryable():
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def add_chat(self, params: dict[str, Any]) -> list[int]:
        """Run :data:`ADD_CHAT`: the ids of the lines, in the order given."""
        async with self.connection() as conn:
            cur = await conn.execute(ADD_CHAT, params)
            return [int(r[0]) for r in await cur.fetchall()]

    async def chat_after(self, game_id: str, after: int) -> list[tuple[Any, ...]]:
        """The rows of :data:`CHAT_AFTER`."""
        for attempt in (1, 2):
            try:
                async with self.connection() as conn:
                    cur = await conn.execute(CHAT_AFTER, {"id": game_id, "after": after})
                    return await cur.fetchall()
            except _retryable():
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def _retryable() -> type[Exception]:
    import psycopg

    return psycopg.OperationalError
