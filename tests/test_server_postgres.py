"""The server on PostgreSQL, with two ``pamir serve`` processes sharing the games (LISTEN/NOTIFY).

These run when PAMIR_TEST_POSTGRES names a server (e.g. postgresql://postgres@127.0.0.1:5432/test); each run
works in a schema of its own, dropped at the end. If the variable is set and the server cannot be reached,
the tests fail.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from serverkit import Client, Server, add_two_seat_games, pg_schema, play_with_clients

from paxpamir import Game
from paxpamir.server.views import seat_view

PG = os.environ.get("PAMIR_TEST_POSTGRES", "")
pytestmark = pytest.mark.skipif(not PG, reason="PAMIR_TEST_POSTGRES is not set")


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with pg_schema(PG) as url:
        yield url


@pytest.fixture(scope="module")
def servers(pg_url: str) -> Iterator[tuple[Server, Server]]:
    # Both start at once on an empty schema: the migrations must not trip over each other.
    a = Server(pg_url, wait=False)
    b = Server(pg_url, wait=False)
    try:
        a.wait_ready()
        b.wait_ready()
        yield a, b
    finally:
        a.stop()
        b.stop()


def test_a_game_is_played_by_pages_on_two_server_processes(servers: tuple[Server, Server]) -> None:
    a, b = servers
    created = a.create(["human", "human", "random"], seed=51)
    # Seat 0 plays through process A, seat 1 through process B: every move reaches the other through NOTIFY.
    clients = asyncio.run(play_with_clients([a.ws_url, b.ws_url], created, seed=51))
    assert all(c.state is not None and c.state["over"] for c in clients.values())
    token = created["creator"]["token"]
    r = httpx.get(f"{b.url}/api/games/{created['game']}/record", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200
    assert Game.from_record(r.json()["record"]).state_hash() == r.json()["state_hash"]
    assert a.state(created["game"], token)["state_hash"] == b.state(created["game"], token)["state_hash"]


def test_a_move_made_on_one_process_reaches_a_page_on_the_other(servers: tuple[Server, Server]) -> None:
    a, b = servers
    created = a.create(["human", "human"], seed=52)
    game = created["game"]

    async def scenario() -> None:
        watcher = await Client.open(b.ws_url, game, created["spectator"]["token"])
        first = await watcher.until("state")
        mover = first["to_move"]
        player = await Client.open(a.ws_url, game, created["seats"][mover]["token"])
        seen = await player.until("state")
        await player.send({"seq": seen["seq"], "option": seen["decision"]["options"][0]["option"]})
        assert (await player.until("ack"))["seq"] == 1
        pushed = await watcher.until_seq(1, timeout=10)
        assert pushed["seq"] == 1 and pushed["log"]
        for c in (watcher, player):
            await c.close()

    asyncio.run(scenario())


def test_two_processes_racing_for_the_same_seq_exactly_one_wins(servers: tuple[Server, Server]) -> None:
    a, b = servers
    created = a.create(["human", "human"], seed=53)
    game = created["game"]
    mover = a.state(game, created["creator"]["token"])["to_move"]
    token = created["seats"][mover]["token"]

    async def scenario() -> list[dict[str, Any]]:
        pages = [await Client.open(s.ws_url, game, token) for s in (a, b)]
        states = [await p.until("state") for p in pages]
        options = states[0]["decision"]["options"]
        await asyncio.gather(
            pages[0].send({"seq": 0, "option": options[0]["option"]}),
            pages[1].send({"seq": 0, "option": options[-1]["option"]}),
        )
        results = []
        for p in pages:
            while True:
                m = await p.recv()
                if m["type"] in ("ack", "error"):
                    results.append(m)
                    break
        for p in pages:
            assert (await p.until_seq(1))["seq"] == 1
            await p.close()
        return results

    results = asyncio.run(scenario())
    assert sorted(m["type"] for m in results) == ["ack", "error"]
    assert next(m for m in results if m["type"] == "error")["code"] == "stale_seq"
    assert a.state(game, created["creator"]["token"])["seq"] == 1
    assert b.state(game, created["creator"]["token"])["seq"] == 1


def test_acknowledged_moves_survive_kill_9_on_postgresql(pg_url: str) -> None:
    server = Server(pg_url)
    try:
        created = server.create(["human", "human"], seed=54)
        game = created["game"]

        async def moves() -> list[tuple[int, list[Any]]]:
            clients = {s["seat"]: await Client.open(server.ws_url, game, s["token"]) for s in created["seats"]}
            made: list[tuple[int, list[Any]]] = []
            state = await clients[0].until("state")
            for _ in range(25):
                seat = state["to_move"]
                seen = await clients[seat].until_seq(state["seq"])
                option = seen["decision"]["options"][0]["option"]
                await clients[seat].send({"seq": seen["seq"], "option": option})
                ack = await clients[seat].until("ack")
                made.append((seat, option))
                state = await clients[0].until_seq(ack["seq"])
            return made

        made = asyncio.run(moves())
    finally:
        server.kill()
    expected = Game.new(2, 54)
    for seat, option in made:
        expected.apply(option, seat)
    server = Server(pg_url)
    try:
        state = server.state(game, created["creator"]["token"])
        assert state["seq"] == len(made)
        assert state["model"]["view"] == json.loads(json.dumps(seat_view(expected, None)))
    finally:
        server.stop()


def test_a_secret_seed_of_64_bits_is_stored_and_never_sent(servers: tuple[Server, Server], pg_url: str) -> None:
    a, b = servers
    r = httpx.post(a.url + "/api/games", json={"seats": ["human", "human"], "bot_delay": 0})
    assert r.status_code == 201, r.text
    created = r.json()
    assert "seed" not in created and created["secret_deck"] is True
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        row = conn.execute("SELECT seed, secret FROM games WHERE id = %s", (created["game"],)).fetchone()
    assert row is not None and row[1] is True and 0 <= int(row[0]) < 2**64
    state = b.state(created["game"], created["creator"]["token"])  # the other process replays from that seed
    assert "state_hash" not in state and state["secret_deck"] is True and row[0] not in json.dumps(state)
    given = a.create(["human", "human"], seed=2**64 - 1)
    assert b.state(given["game"], given["creator"]["token"])["secret_deck"] is False


def test_a_replaced_link_closes_its_pages_on_every_server_process(servers: tuple[Server, Server]) -> None:
    a, b = servers
    created = a.create(["human", "human"], seed=None)
    game = created["game"]
    creator = created["creator"]["token"]
    mover = a.state(game, creator)["to_move"]
    old = created["seats"][mover]["token"]

    async def scenario() -> tuple[int | None, int]:
        page = await Client.open(b.ws_url, game, old)  # open on process B
        state = await page.until("state")
        r = httpx.post(f"{a.url}/api/games/{game}/links", json={"seat": mover},
                       headers={"Authorization": f"Bearer {creator}"})  # replaced on process A
        assert r.status_code == 200, r.text
        error = await page.until("error", timeout=10)
        assert error["code"] == "forbidden"
        try:
            await page.send({"seq": state["seq"], "option": state["decision"]["options"][0]["option"]})
            while True:
                await page.recv(10)
        except Exception:  # the socket is closed
            pass
        return page.ws.close_code, state["seq"]

    code, seq = asyncio.run(scenario())
    assert code == 4403
    assert a.state(game, creator)["seq"] == seq == b.state(game, creator)["seq"]  # the move was not taken


def test_a_chat_line_said_on_one_process_reaches_a_page_on_the_other(servers: tuple[Server, Server]) -> None:
    a, b = servers
    created = a.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=None)
    game = created["game"]

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        listener = await Client.open(b.ws_url, game, created["seats"][1]["token"])
        await listener.until("chat_history")
        speaker = await Client.open(a.ws_url, game, created["seats"][0]["token"])
        await speaker.until("chat_history")
        await speaker.send({"type": "chat", "text": "Kabul is mine"})
        mine = (await speaker.until("chat_lines"))["messages"][0]
        heard = (await listener.until("chat_lines", timeout=10))["messages"][0]
        for c in (listener, speaker):
            await c.close()
        return mine, heard

    mine, heard = asyncio.run(scenario())
    assert heard == mine and heard["name"] == "Ann" and heard["id"] > 0
    spectator = {"Authorization": f"Bearer {created['spectator']['token']}"}
    r = httpx.get(f"{b.url}/api/games/{game}/chat", headers=spectator)
    assert r.json()["messages"] == [mine]


def test_the_event_loop_store_calls_commit_read_and_survive_a_killed_connection(pg_url: str) -> None:
    """The calls of every move and chat line (one round trip each on the event loop's own connections): the
    compare-and-set, the link check, reading back, chat ids in order, and a connection the database cut."""
    from datetime import UTC, datetime

    import psycopg

    from paxpamir.server.store import NOTIFY_CHANNEL, ChatRow, Store, database_url, hash_token

    store = Store(database_url(pg_url))
    store.migrate()
    add_two_seat_games(store, ("loop1", "loop2"))
    option = ["loyalty", "afghan"]
    listener = psycopg.connect(PG, autocommit=True)  # another server process's LISTEN connection
    listener.execute(f"LISTEN {NOTIFY_CHANNEL}")

    async def scenario() -> None:
        assert store.fast is not None
        ok = await store.append_async("loop1", 0, "move", 0, option, None, 1, False, "h1",
                                      {"reason": "why not", "note": None}, hash_token("loop1-seat-0"))
        assert ok
        assert not await store.append_async("loop1", 0, "move", 0, option, None, 1, False, "h1")  # seq taken
        assert not await store.append_async("loop1", 1, "move", 1, option, None, 0, False, "h2",
                                            token_hash=hash_token("no such link"))
        rows, seated = await store.changes_async("loop1", 0)
        assert [(r.seq, r.kind, r.seat, r.option, r.reason_data) for r in rows] == [
            (0, "move", 0, option, {"reason": "why not", "note": None})]
        assert [(s.seat, s.name) for s in seated] == [(0, "Ann"), (1, "Bea")]
        # The database cuts the pool's connection (a restart, an idle timeout): the next move still commits.
        async with store.fast.connection() as conn:
            pid = conn.info.backend_pid
        with psycopg.connect(PG, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        assert await store.append_async("loop1", 1, "move", 1, option, None, 0, False, "h2")
        lines = [ChatRow(0, g, s, "seat", n, f"line {i}", 2, datetime.now(UTC))
                 for i, (g, s, n) in enumerate([("loop1", 0, "Ann"), ("loop2", 1, "Bea"), ("loop1", 0, "Ann")])]
        await store.add_chat_async(lines)
        assert lines[0].id < lines[1].id < lines[2].id
        stored = await store.chat_after_async("loop1", 0)
        ours = [r for r in lines if r.game_id == "loop1"]
        assert [(r.id, r.text, r.seat) for r in stored] == [(r.id, r.text, r.seat) for r in ours]
        await store.close()

    asyncio.run(scenario())
    # The batch's lines of two games: one notification naming both, not one for every line or game.
    heard = [n.payload for n in listener.notifies(timeout=2) if n.payload.endswith(f" chat {store.origin}")]
    listener.close()
    assert heard == [f"loop1,loop2 chat {store.origin}"]
    row = store.load_game("loop1")
    assert row is not None and row.seq == 2
    assert [r.seq for r in store.decisions_from("loop1", 0)] == [0, 1]
    store.dispose()
