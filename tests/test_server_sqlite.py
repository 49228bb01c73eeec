"""The online-play server on its default store, SQLite: real ``pamir serve`` processes, real websockets."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from serverkit import Client, Server, play_with_clients

from paxpamir import Game
from paxpamir.server.store import database_url, default_database_path
from paxpamir.server.views import seat_view


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("home")
    s = Server(str(home / "games.sqlite3"), home=home)
    yield s
    s.stop()


def run(coro: Any) -> Any:
    return asyncio.run(coro)


# ---------------------------------------------------------------------------- leaks


def hidden_facts(game: Game, seat: int | None) -> tuple[list[list[int]], list[int]]:
    """Other seats' hands (unless open hands) and the deck order: what ``seat`` must never be sent."""
    hands = [] if game.options.get("open_hands") else [list(h) for p, h in enumerate(game.hands) if p != seat]
    return hands, list(game.deck)


def contains_list(data: Any, target: list[int]) -> bool:
    if isinstance(data, list):
        if sorted(x for x in data if isinstance(x, int)) == sorted(target) and len(data) == len(target):
            return True
        return any(contains_list(x, target) for x in data)
    if isinstance(data, dict):
        return any(contains_list(v, target) for v in data.values())
    return False


def assert_no_leak(record: dict[str, Any], clients: dict[int, Client]) -> int:
    """Replay the finished game and check every message each seat received against the true hidden state."""
    game = Game.new(record["players"], record["seed"], **record["options"])
    states = [game.clone()]
    for c in record["choices"]:
        game.apply(c[1], c[0], *c[2:])
        states.append(game.clone())
    checked = 0
    for seat, client in clients.items():
        for text, m in zip(client.raw, client.received, strict=True):
            for key in ('"seed"', '"rng"', '"record"'):
                assert key not in text, f"seat {seat} was sent {key}"
            if m["type"] != "state":
                continue
            truth = states[m["seq"]]
            view = m["model"]["view"]
            assert view["deck"] is None and m["seat"] == seat
            assert view["removed"] is None, "the cards set aside at setup (so the deck's contents) were sent"
            hands, deck = hidden_facts(truth, seat)
            for p, pdata in enumerate(view["players"]):
                if p != seat and not truth.options.get("open_hands"):
                    assert pdata["hand"] is None, f"seat {seat} saw seat {p}'s hand"
            for hand in hands:
                if len(hand) >= 2:
                    assert not contains_list(m, hand), f"seat {seat} was sent another seat's hand {hand}"
            if len(deck) >= 4:
                run_of_deck = json.dumps(deck[:4], separators=(",", ":"))[1:-1]
                assert run_of_deck not in text.replace(" ", ""), f"seat {seat} was sent the deck order"
                assert not contains_list(m, deck), "the deck was sent"
            if m["decision"] is not None:
                assert truth.current_player == seat, "a seat was sent another seat's options"
            checked += 1
    return checked


@pytest.mark.parametrize(
    ("seats", "seed", "open_hands"),
    [
        (["human", "human", "random"], 11, False),
        (["human", "human", "wakhan"], 12, False),
        (["human", "human", "human", "human"], 13, False),
        (["human", "random"], 14, True),
    ],
)
def test_a_whole_game_is_played_over_websockets_and_no_seat_sees_hidden_cards(
    server: Server, seats: list[str], seed: int, open_hands: bool
) -> None:
    created = server.create(seats, seed=seed, open_hands=open_hands)
    clients = run(play_with_clients([server.ws_url], created, seed=seed))
    token = next(s["token"] for s in created["seats"] if "token" in s)
    r = httpx.get(f"{server.url}/api/games/{created['game']}/record", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    record = r.json()["record"]
    replayed = Game.from_record(record)
    assert replayed.is_over
    assert replayed.state_hash() == r.json()["state_hash"]
    assert assert_no_leak(record, clients) > 50
    last = clients[0].state
    assert last is not None and last["over"] and last["title"].startswith("Game over")


def test_the_record_is_refused_while_the_game_is_running(server: Server) -> None:
    created = server.create(["human", "human"], seed=3)
    token = created["seats"][0]["token"]
    r = httpx.get(f"{server.url}/api/games/{created['game']}/record", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 409 and r.json()["error"] == "not_over"


# ---------------------------------------------------------------------------- tokens


def test_a_seat_cannot_act_for_another_and_a_spectator_cannot_act(server: Server) -> None:
    created = server.create(["human", "human", "human"], seed=5)
    game = created["game"]
    tokens = [s["token"] for s in created["seats"]]

    async def scenario() -> None:
        clients = [await Client.open(server.ws_url, game, t) for t in tokens]
        states = [await c.until("state") for c in clients]
        mover = states[0]["to_move"]
        assert states[mover]["decision"] is not None
        other = (mover + 1) % 3
        assert states[other]["decision"] is None
        option = states[mover]["decision"]["options"][0]["option"]
        await clients[other].send({"type": "move", "seq": 0, "option": option})
        error = await clients[other].until("error")
        assert error["code"] == "not_your_turn"
        for role in ("spectator", "creator"):
            watcher = await Client.open(server.ws_url, game, created[role]["token"])
            seen = await watcher.until("state")
            assert seen["seat"] is None and seen["decision"] is None
            assert all(p["hand"] is None for p in seen["model"]["view"]["players"])
            await watcher.send({"type": "move", "seq": 0, "option": option})
            assert (await watcher.until("error"))["code"] == "forbidden"
            await watcher.close()
        # Nothing changed: the mover's move at seq 0 is still the next one.
        await clients[mover].send({"type": "move", "seq": 0, "option": option})
        assert (await clients[mover].until("ack"))["seq"] == 1
        for c in clients:
            await c.close()

    run(scenario())
    # Over HTTP too: a seat's token cannot move for the seat to move; no token and a made-up token are refused.
    state = server.state(game, created["creator"]["token"])
    mover = state["to_move"]
    wrong = tokens[(mover + 1) % 3]
    url = f"{server.url}/api/games/{game}/moves"
    body = {"seq": state["seq"], "option": ["anything"]}
    assert httpx.post(url, json=body, headers={"Authorization": f"Bearer {wrong}"}).json()["error"] == "not_your_turn"
    assert httpx.post(url, json=body).status_code == 401
    r = httpx.post(url, json=body, headers={"Authorization": "Bearer " + tokens[mover][:-2] + "xx"})
    assert r.status_code == 403 and r.json()["error"] == "forbidden"
    assert server.state(game, created["creator"]["token"])["seq"] == state["seq"]


def test_bad_links_are_refused_with_a_reason_and_the_socket_closed(server: Server) -> None:
    created = server.create(["human", "human"], seed=6)
    other = server.create(["human", "human"], seed=7)

    async def refused(game: str, token: str | None) -> tuple[str, int]:
        c = await Client.open(server.ws_url, game, token)
        error = await c.until("error")
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await c.recv()
        return error["code"], closed.value.rcvd.code if closed.value.rcvd else 0

    assert run(refused(created["game"], None)) == ("unauthorized", 4401)
    assert run(refused(created["game"], "not-a-token")) == ("forbidden", 4403)
    assert run(refused(created["game"], other["seats"][0]["token"])) == ("forbidden", 4403)
    assert run(refused("no-such-game", created["seats"][0]["token"])) == ("unknown_game", 4404)


def test_tokens_are_long_random_and_stored_only_as_hashes(server: Server) -> None:
    created = server.create(["human", "human"], seed=8)
    tokens = [created["creator"]["token"], created["spectator"]["token"], *(s["token"] for s in created["seats"])]
    assert len(set(tokens)) == len(tokens)
    assert all(len(t) >= 22 for t in tokens)  # 24 random bytes in URL-safe base64: 192 bits
    database = Path(server.database).read_bytes()
    for path in Path(server.database).parent.glob("*.sqlite3*"):
        database += path.read_bytes()
    assert not any(t.encode() in database for t in tokens)


# ---------------------------------------------------------------------------- races and bad input


def test_two_pages_racing_for_the_same_seq_exactly_one_wins(server: Server) -> None:
    created = server.create(["human", "human"], seed=9)
    game = created["game"]

    async def scenario() -> None:
        first = await Client.open(server.ws_url, game, created["seats"][0]["token"])
        state = await first.until("state")
        mover = state["to_move"]
        token = created["seats"][mover]["token"]
        a = await Client.open(server.ws_url, game, token)
        b = await Client.open(server.ws_url, game, token)
        sa, sb = await a.until("state"), await b.until("state")
        options = sa["decision"]["options"]
        await asyncio.gather(
            a.send({"seq": sa["seq"], "option": options[0]["option"]}),
            b.send({"seq": sb["seq"], "option": options[-1]["option"]}),
        )
        results = []
        for c in (a, b):
            while True:
                m = await c.recv()
                if m["type"] in ("ack", "error"):
                    results.append(m)
                    break
        kinds = sorted(m["type"] for m in results)
        assert kinds == ["ack", "error"]
        loser = a if results[0]["type"] == "error" else b
        error = results[0] if results[0]["type"] == "error" else results[1]
        assert error["code"] == "stale_seq" and "another move" in error["message"] or "moved on" in error["message"]
        assert (await loser.until_seq(1))["seq"] == 1
        for c in (first, a, b):
            await c.close()

    run(scenario())

    # Over HTTP, ten requests for the same seq: one is accepted.
    state = server.state(game, created["creator"]["token"])
    mover = state["to_move"]
    seat_state = server.state(game, created["seats"][mover]["token"])
    options = [o["option"] for o in seat_state["decision"]["options"]]

    async def many() -> list[int]:
        async with httpx.AsyncClient() as client:
            headers = {"Authorization": f"Bearer {created['seats'][mover]['token']}"}
            responses = await asyncio.gather(
                *(
                    client.post(f"{server.url}/api/games/{game}/moves", headers=headers,
                                json={"seq": state["seq"], "option": options[i % len(options)]})
                    for i in range(10)
                )
            )
            return [r.status_code for r in responses]

    codes = run(many())
    assert codes.count(200) == 1 and codes.count(409) == 9
    assert server.state(game, created["creator"]["token"])["seq"] == state["seq"] + 1


def test_bad_input_gets_a_clear_error_changes_nothing_and_the_server_keeps_serving(server: Server) -> None:
    created = server.create(["human", "human"], seed=10)
    game = created["game"]

    async def scenario() -> None:
        watcher = await Client.open(server.ws_url, game, created["seats"][0]["token"])
        mover = (await watcher.until("state"))["to_move"]
        await watcher.close()
        c = await Client.open(server.ws_url, game, created["seats"][mover]["token"])
        state = await c.until("state")
        good = state["decision"]["options"][0]["option"]
        cases: list[tuple[Any, str]] = [
            ("{not json", "bad_json"),
            ("[1, 2]", "bad_message"),
            ({"type": "dance"}, "bad_message"),
            ({"type": "move", "option": good}, "bad_message"),
            ({"seq": "0", "option": good}, "bad_message"),
            ({"seq": 0.0, "option": good}, "bad_message"),
            ({"seq": True, "option": good}, "bad_message"),
            ({"seq": -1, "option": good}, "bad_message"),
            ({"seq": 10**12, "option": good}, "bad_message"),
            ({"seq": 0, "option": ["no_such_option"]}, "illegal_option"),
            ({"seq": 0, "option": "end_turn"}, "bad_message"),
            ({"seq": 5, "option": good}, "stale_seq"),
            ({"type": "undo", "seq": 0}, "cannot_undo"),
            ("x" * 20_000, "too_large"),
        ]
        if any(isinstance(v, int) for v in good):
            as_bool = [True if isinstance(v, int) and v == 1 else v for v in good]
            if as_bool != good:
                cases.append(({"seq": 0, "option": as_bool}, "illegal_option"))
        for message, code in cases:
            await c.send(message)
            error = await c.until("error")
            assert error["code"] == code, (message, error)
            assert error["message"]
            seq = message.get("seq", 0) if isinstance(message, dict) else 0
            if type(seq) is not int or not 0 <= seq <= 10**9:
                assert "'seq' is a whole number from 0 to" in error["message"], error  # says what is wrong
        assert server.state(game, created["creator"]["token"])["seq"] == 0
        # Flooding: refused with rate_limited, then the connection is closed; the server keeps serving.
        for _ in range(2000):
            await c.send({"type": "ping"})
        codes = []
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                m = await c.recv(5)
                codes.append(m.get("code"))
        assert "rate_limited" in codes
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        d = await Client.open(server.ws_url, game, created["seats"][mover]["token"])
        state = await d.until("state")
        await d.send({"seq": state["seq"], "option": good})
        assert (await d.until("ack"))["seq"] == 1
        await d.close()

    run(scenario())
    assert httpx.get(server.url + "/healthz").status_code == 200
    r = httpx.post(server.url + "/api/games", content=b"{oops")
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    r = httpx.post(server.url + "/api/games", json={"seats": ["human"]})
    assert r.status_code == 422
    r = httpx.post(server.url + "/api/games", json={"seats": ["human", "wakhan", "human"]})
    assert r.status_code == 422 and "Wakhan" in r.json()["message"]
    r = httpx.post(server.url + "/api/games", json={"seats": ["human", "martian"]})
    assert r.status_code == 422
    r = httpx.get(server.url + "/api/games/nope", headers={"Authorization": "Bearer abc"})
    assert r.status_code == 404 and r.json()["error"] == "unknown_game"


def test_undo_is_a_stored_decision(server: Server) -> None:
    created = server.create(["human", "human"], seed=21)
    game = created["game"]

    async def scenario() -> None:
        clients = {s["seat"]: await Client.open(server.ws_url, game, s["token"]) for s in created["seats"]}
        for c in clients.values():
            await c.until("state")
        for _ in range(200):
            state = server.state(game, created["creator"]["token"])
            mover = clients[state["to_move"]]
            seen = await mover.until_seq(state["seq"])
            if seen["decision"]["can_undo"]:
                before = server.state(game, created["creator"]["token"])
                assert before["seq"] == seen["seq"]
                await mover.send({"type": "undo", "seq": seen["seq"]})
                assert (await mover.until("ack"))["seq"] == seen["seq"] + 1
                after = server.state(game, created["creator"]["token"])
                assert after["seq"] == seen["seq"] + 1
                assert after["to_move"] == state["to_move"]
                return
            await mover.send({"seq": seen["seq"], "option": seen["decision"]["options"][0]["option"]})
            await mover.until("ack")
        raise AssertionError("no undo became possible")

    run(scenario())


# ---------------------------------------------------------------------------- durability


def test_acknowledged_moves_survive_kill_9_and_every_game_resumes_exactly(tmp_path: Path) -> None:
    db = str(tmp_path / "durable.sqlite3")
    server = Server(db)
    try:
        created = server.create(["human", "human", "human"], seed=31)
        bots_only = server.create(["random", "random", "random"], seed=32, bot_delay=0.02)
        game = created["game"]

        async def some_moves() -> tuple[int, list[tuple[int, list[Any]]]]:
            clients = {s["seat"]: await Client.open(server.ws_url, game, s["token"]) for s in created["seats"]}
            made: list[tuple[int, list[Any]]] = []
            state = await clients[0].until("state")
            for _ in range(40):
                mover = clients[state["to_move"]]
                seen = await mover.until_seq(state["seq"])
                option = seen["decision"]["options"][len(made) % len(seen["decision"]["options"])]["option"]
                await mover.send({"seq": seen["seq"], "option": option})
                ack = await mover.until("ack")
                made.append((state["to_move"], option))
                state = await clients[0].until_seq(ack["seq"])
            return state["seq"], made

        seq, made = run(some_moves())
        server.kill()  # SIGKILL: no chance to flush or close anything
    finally:
        server.kill()
    expected = Game.new(3, 31)
    for seat, option in made:
        expected.apply(option, seat)
    server = Server(db)
    try:
        state = server.state(game, created["creator"]["token"])
        assert state["seq"] == seq == len(made)
        # The stored game is exactly the expected one (its hidden state too: the hash is given only at the end,
        # so the public view is compared here and the whole state below, once the bots' game is over).
        assert state["model"]["view"] == json.loads(json.dumps(seat_view(expected, None)))
        # The all-bot game was interrupted too; its bots resume on restart and finish it.
        token = bots_only["creator"]["token"]
        for _ in range(600):
            bot_state = server.state(bots_only["game"], token)
            if bot_state["over"]:
                break
            asyncio.run(asyncio.sleep(0.1))
        assert bot_state["over"]
        r = httpx.get(f"{server.url}/api/games/{bots_only['game']}/record",
                      headers={"Authorization": f"Bearer {token}"})
        assert Game.from_record(r.json()["record"]).state_hash() == r.json()["state_hash"]
    finally:
        server.stop()


# ---------------------------------------------------------------------------- webhooks


# A webhook's delivery (to a LAN server's receiver) and its refusals: tests/test_server_security.py.


# ---------------------------------------------------------------------------- pages and defaults


def test_pages_are_served_and_the_page_title_names_whose_turn_it_is(server: Server) -> None:
    assert "<form" in httpx.get(server.url + "/").text
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=2)
    page = httpx.get(f"{server.url}/g/{created['game']}")
    assert page.status_code == 200 and "game.js" in page.text
    assert "document.title" in httpx.get(server.url + "/static/game.js").text
    state = server.state(created["game"], created["seats"][0]["token"])
    mover = state["to_move"]
    assert state["title"] == ("Your turn" if mover == 0 else "Bea's turn")
    r = httpx.post(f"{server.url}/api/games/{created['game']}/seat", json={"name": "  Zoe  "},
                   headers={"Authorization": f"Bearer {created['seats'][1]['token']}"})
    assert r.status_code == 200
    assert server.state(created["game"], created["seats"][0]["token"])["players"][1]["name"] == "Zoe"


def test_the_default_database_is_a_sqlite_file_in_the_paxpamir_home(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAXPAMIR_HOME", str(tmp_path))
    assert default_database_path() == tmp_path / "server.sqlite3"
    assert database_url(None) == f"sqlite:///{tmp_path / 'server.sqlite3'}"
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"


def test_the_creator_can_replace_a_lost_link_and_the_old_one_stops_working(server: Server) -> None:
    created = server.create(["human", "human"], seed=61)
    game = created["game"]
    url = f"{server.url}/api/games/{game}/links"
    old = created["seats"][1]["token"]
    r = httpx.post(url, json={"seat": 1}, headers={"Authorization": f"Bearer {old}"})
    assert r.status_code == 403
    r = httpx.post(url, json={"seat": 1}, headers={"Authorization": f"Bearer {created['creator']['token']}"})
    assert r.status_code == 200, r.text
    new = r.json()["token"]
    assert r.json()["url"].endswith(f"/g/{game}#{new}")
    assert server.state(game, new)["seat"] == 1
    gone = httpx.get(f"{server.url}/api/games/{game}", headers={"Authorization": f"Bearer {old}"})
    assert gone.status_code == 403
    assert server.state(game, created["seats"][0]["token"])["seat"] == 0


def test_the_load_test_plays_games_against_a_server_it_starts_and_prints_its_figures() -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "paxpamir", "loadtest", "--games", "3", "--seconds", "3", "--think", "0.02",
         "--warmup", "1"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 concurrent games x 3 bot clients" in result.stdout
    assert "moves/s" in result.stdout and "p99" in result.stdout and "errors: 0" in result.stdout


# ---------------------------------------------------------------------------- Wakhan's variants


def test_a_game_against_improved_wakhan_keeps_its_variants(server: Server) -> None:
    created = server.create(["human", "wakhan"], seed=41, wakhan_variants="improved")
    assert created["wakhan_variants"] == ["savvy_purchasing", "spy_movement", "steadfast_loyalty"]
    # The live game was set up again from its stored row: the variants went through the database.
    state = server.state(created["game"], created["seats"][0]["token"])
    assert state["model"]["view"]["options"]["wakhan_variants"] == created["wakhan_variants"]
    custom = server.create(["human", "wakhan"], seed=42, wakhan_variants=["spy_movement"])
    assert custom["wakhan_variants"] == ["spy_movement"]
    for bad, words in [
        ({"seats": ["human", "wakhan"], "wakhan_variants": "telepathy"}, "unknown Wakhan variant"),
        ({"seats": ["human", "wakhan"], "wakhan_variants": 3}, "wakhan_variants"),
        ({"seats": ["human", "random"], "wakhan_variants": "improved"}, "needs a Wakhan seat"),
    ]:
        r = httpx.post(server.url + "/api/games", json=bad)
        assert r.status_code == 422 and words in r.json()["message"], r.text


def test_a_script_may_ask_for_states_without_the_view_model(server: Server) -> None:
    created = server.create(["human", "human"], seed=3)

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        page = await Client.open(server.ws_url, created["game"], created["seats"][0]["token"])
        script = await websockets.connect(f"{server.ws_url}/ws/{created['game']}")
        await script.send(json.dumps({"type": "hello", "token": created["seats"][0]["token"], "model": False}))
        lean = json.loads(await script.recv())
        bad = await websockets.connect(f"{server.ws_url}/ws/{created['game']}")
        await bad.send(json.dumps({"type": "hello", "token": created["seats"][0]["token"], "model": "no"}))
        refused = json.loads(await bad.recv())
        full = await page.until("state")
        for ws in (script, bad):
            await ws.close()
        await page.close()
        return full, lean, refused

    full, lean, refused = run(scenario())
    assert full["protocol"] == lean["protocol"] == 2
    assert "model" in full and "view" not in full
    assert "model" not in lean and lean["view"] == full["model"]["view"]
    assert lean["decision"] == full["decision"] and lean["log"] == full["log"]
    assert refused["type"] == "error" and refused["code"] == "bad_message"
