"""The server against an attacker: a secret deck, links that stop working at once, webhooks that cannot reach
inside, every body checked by type, and logs without secrets. Real ``pamir serve`` processes on SQLite (the
PostgreSQL side of what touches the store: tests/test_server_postgres.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from serverkit import Client, Server, WebhookReceiver, bearer, play_with_clients

from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.content.i18n import N_, language
from paxpamir.server import checks, logsafe, webhooks


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("home")
    s = Server(str(home / "games.sqlite3"), home=home)
    yield s
    s.stop()


def create(server: Server, spec: dict[str, Any]) -> httpx.Response:
    return httpx.post(server.url + "/api/games", json=spec, timeout=20)


def stored_games(server: Server) -> list[tuple[str, str, int]]:
    with sqlite3.connect(server.database) as db:
        return list(db.execute("SELECT id, seed, secret FROM games"))


# ---------------------------------------------------------------------------- the deck stays secret


def test_a_game_created_without_a_seed_never_tells_anyone_its_seed(server: Server) -> None:
    r = create(server, {"seats": ["human", "human", "random"], "bot_delay": 0})
    assert r.status_code == 201, r.text
    created = r.json()
    assert "seed" not in created and created["secret_deck"] is True
    game = created["game"]
    seed = int(next(s for g, s, _secret in stored_games(server) if g == game))
    for token in [created["creator"]["token"], created["spectator"]["token"], created["seats"][0]["token"]]:
        state = httpx.get(f"{server.url}/api/games/{game}", headers=bearer(token)).json()
        assert state["secret_deck"] is True
        assert "state_hash" not in state  # a hash of the hidden state would confirm a guessed deck
        assert str(seed) not in json.dumps(state)
        model = httpx.get(f"{server.url}/api/games/{game}/model", headers=bearer(token)).json()
        assert str(seed) not in json.dumps(model)
    # The whole game over websockets: no message before the end names the seed; the record tells it afterwards.
    clients = asyncio.run(play_with_clients([server.ws_url], created, seed=5))
    for client in clients.values():
        before_end = [raw for raw, m in zip(client.raw, client.received, strict=True) if not m.get("over")]
        assert before_end and not any(str(seed) in raw for raw in before_end)
    creator = created["creator"]["token"]
    record = httpx.get(f"{server.url}/api/games/{game}/record", headers=bearer(creator)).json()
    assert record["record"]["seed"] == seed
    assert "state_hash" in httpx.get(f"{server.url}/api/games/{game}", headers=bearer(creator)).json()


def test_seeds_are_drawn_from_64_random_bits(server: Server) -> None:
    for _ in range(12):
        assert create(server, {"seats": ["human", "human"]}).status_code == 201
    seeds = [int(seed) for _g, seed, secret in stored_games(server) if secret]
    assert len(set(seeds)) == len(seeds) >= 12
    # Drawn below 2**31 (as before), twelve seeds would all be below it; from 64 bits, none is, but by chance.
    assert sum(seed >= 2**40 for seed in seeds) >= len(seeds) - 1
    assert all(0 <= seed < 2**64 for seed in seeds)


def test_a_seed_given_at_creation_marks_the_game_as_not_secret(server: Server) -> None:
    r = create(server, {"seats": ["human", "human"], "seed": 2**64 - 1})
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["secret_deck"] is False
    state = httpx.get(f"{server.url}/api/games/{created['game']}", headers=bearer(created["seats"][0]["token"]))
    assert state.json()["secret_deck"] is False
    assert create(server, {"seats": ["human", "human"], "seed": 2**64}).status_code == 422
    assert create(server, {"seats": ["human", "human"], "seed": True}).status_code == 422


def test_no_link_sees_through_another_seat_before_the_end_of_a_five_player_game(server: Server) -> None:
    # The game is played by a random bot here and on the server alike, so its length is known in advance: every
    # link asks for every seat's view at the last decisions before the end (and now and then before them).
    local, bot = Game.new(5, 77), RandomBot(77)
    choices = []
    while not local.is_over:
        option = bot.choose(local)
        choices.append((local.current_player, option))
        local.apply(option)
    created = server.create(["human"] * 5, seed=77)
    game = created["game"]
    links = [created["creator"]["token"], created["spectator"]["token"]] + [s["token"] for s in created["seats"]]

    def model(token: str, query: str) -> httpx.Response:
        return httpx.get(f"{server.url}/api/games/{game}/model?{query}", headers=bearer(token), timeout=20)

    checked = 0
    for seq, (seat, option) in enumerate(choices):
        if seq % 25 == 0 or seq >= len(choices) - 12:
            for i, token in enumerate(links):
                own = i - 2  # the creator and the spectators have no seat
                for other in range(5):
                    if other != own:
                        r = model(token, f"as={other}&at={max(0, seq - 1)}")
                        assert r.status_code == 403, (seq, i, other, r.text)
                        checked += 1
        r = httpx.post(f"{server.url}/api/games/{game}/moves", json={"seq": seq, "option": list(option)},
                       headers=bearer(links[2 + seat]), timeout=20)
        assert r.status_code == 200, r.text
    assert checked > 12 * 7 * 4
    assert model(links[0], "as=3").status_code == 200  # over: every seat's view is open
    assert model(links[1], "as=4&at=5").status_code == 200


# ---------------------------------------------------------------------------- replaced links


def test_replacing_a_link_closes_every_page_open_with_it_and_it_acts_nowhere(server: Server) -> None:
    created = server.create(["human", "human"], seed=None)
    game = created["game"]
    creator = created["creator"]["token"]
    mover = server.state(game, creator)["to_move"]
    old = created["seats"][mover]["token"]

    async def scenario() -> tuple[Any, list[dict[str, Any]], bool]:
        page = await Client.open(server.ws_url, game, old)
        second = await Client.open(server.ws_url, game, old)
        state = await page.until("state")
        await second.until("state")
        r = httpx.post(f"{server.url}/api/games/{game}/links", json={"seat": mover}, headers=bearer(creator))
        assert r.status_code == 200, r.text
        # The page hears why, then the socket closes with 4403.
        error = await page.until("error")
        assert error["code"] == "forbidden" and "replaced" in error["message"]
        with pytest.raises(websockets.ConnectionClosed):
            await page.send({"seq": state["seq"], "option": state["decision"]["options"][0]["option"]})
            await page.recv(5)
        closed = page.ws.close_code
        await second.until("error")
        with contextlib.suppress(websockets.ConnectionClosed):
            await second.recv(5)
        return closed, second.received, second.ws.close_code == 4403

    code, _received, second_closed = asyncio.run(scenario())
    assert code == 4403 and second_closed
    assert server.state(game, creator)["seq"] == 0  # nothing moved
    r = httpx.post(f"{server.url}/api/games/{game}/moves", json={"seq": 0, "option": ["end_turn"]},
                   headers=bearer(old))
    assert r.status_code == 403

    async def hello_again() -> dict[str, Any]:
        page = await Client.open(server.ws_url, game, old)
        try:
            return await page.until("error")
        finally:
            await page.close()

    assert asyncio.run(hello_again())["code"] == "forbidden"


# ---------------------------------------------------------------------------- webhooks


BAD_WEBHOOKS = [
    "http://127.0.0.1:9/hook", "http://localhost/hook", "http://10.1.2.3/", "http://192.168.1.1/",
    "http://172.16.0.1/", "http://169.254.169.254/latest/meta-data/", "http://metadata.google.internal/",
    "http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/", "http://100.64.0.1/", "http://2130706433/",
    "http://127.1/", "https://user:pass@example.com/", "http://@example.com/", "http://", "http://a b/", "ftp://x/",
    "javascript:alert(1)", "http://exa mple.com/", "http://example.com:99999/", "http://[fe80::1]/",
    "http://printer.local/", "http://x" + "y" * 2001 + ".com/", "http://\u00e9xample.com/",
]


def test_webhooks_that_point_inside_or_are_malformed_are_refused_and_nothing_changes(server: Server) -> None:
    created = server.create(["human", "human"], seed=None)
    game = created["game"]
    token = created["seats"][0]["token"]
    with sqlite3.connect(server.database) as db:
        before = list(db.execute("SELECT webhook_url FROM seats WHERE game_id = ?", (game,)))
    for url in BAD_WEBHOOKS:
        r = httpx.post(f"{server.url}/api/games/{game}/seat", json={"webhook": url}, headers=bearer(token))
        assert r.status_code == 422 and r.json()["error"] == "bad_webhook", (url, r.text)
        assert r.json()["message"], url
    with sqlite3.connect(server.database) as db:
        assert list(db.execute("SELECT webhook_url FROM seats WHERE game_id = ?", (game,))) == before


def test_the_address_rule_answers_for_every_kind_of_address() -> None:
    public = ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"]
    inside = ["127.0.0.1", "10.0.0.1", "172.31.255.255", "192.168.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0",
              "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fc00::1", "::ffff:10.0.0.1",
              "2002:7f00:1::", "198.18.0.1", "192.0.2.1"]
    import ipaddress

    assert all(webhooks.is_public(ipaddress.ip_address(a)) for a in public)
    assert not any(webhooks.is_public(ipaddress.ip_address(a)) for a in inside)


def test_a_webhook_goes_to_the_address_that_was_checked_and_follows_no_redirect() -> None:
    other = WebhookReceiver()
    hook = WebhookReceiver(302, f"http://127.0.0.1:{other.port}/elsewhere")
    port, seen, other_seen = hook.port, hook.seen, other.seen
    answers = {"hooks.example": ["127.0.0.1"]}

    async def resolve(host: str, _port: int) -> list[str]:
        return answers[host]

    try:
        url = f"http://hooks.example:{port}/turn?x=1"
        with pytest.raises(checks.ClientError):  # loopback: only with the LAN flag
            asyncio.run(webhooks.check(url, False, resolve))
        assert asyncio.run(webhooks.check(url, True, resolve)).host == "hooks.example"
        assert asyncio.run(webhooks.post(url, {"text": "your turn"}, True, resolve)) is False  # 302: not delivered
        assert seen == [("/turn?x=1", f"hooks.example:{port}", {"text": "your turn"})]
        assert other_seen == []  # the redirect was not followed
    finally:
        hook.close()
        other.close()


def test_a_name_that_turns_private_after_it_was_accepted_receives_nothing() -> None:
    hook = WebhookReceiver()
    port, seen = hook.port, hook.seen
    answers = {"rebind.example": ["93.184.215.14"]}

    async def resolve(host: str, _port: int) -> list[str]:
        return answers[host]

    try:
        url = f"http://rebind.example:{port}/hook"
        assert asyncio.run(webhooks.check(url, False, resolve)).port == port  # public now: accepted
        answers["rebind.example"] = ["127.0.0.1"]  # DNS rebinding: the same name, now inside
        assert asyncio.run(webhooks.post(url, {"text": "x"}, False, resolve)) is False
        answers["rebind.example"] = ["93.184.215.14", "127.0.0.1"]  # one inside address is enough to refuse
        assert asyncio.run(webhooks.post(url, {"text": "x"}, False, resolve)) is False
        assert seen == []
    finally:
        hook.close()


def test_a_lan_server_may_name_private_webhooks_and_says_so_at_start_up(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    lan = Server(str(tmp_path / "lan.sqlite3"), home=tmp_path, args=("--allow-private-webhooks",), log=log)
    hook = WebhookReceiver()
    seen = hook.seen
    try:
        assert "--allow-private-webhooks" in log.read_text()
        import paxpamir  # a server on the pure-Python engine says so when it starts (its bots are slower)

        assert ("the pure-Python engine is running" in log.read_text()) == (paxpamir.engine_notice() is not None)
        created = lan.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=41)
        game = created["game"]
        tokens = [s["token"] for s in created["seats"]]
        url = hook.url
        for t in tokens:
            r = httpx.post(f"{lan.url}/api/games/{game}/seat", json={"webhook": url}, headers=bearer(t))
            assert r.status_code == 200, r.text
        for bad in ("https://user:pass@127.0.0.1/", "http://", "ftp://127.0.0.1/"):  # still well-formed only
            r = httpx.post(f"{lan.url}/api/games/{game}/seat", json={"webhook": bad}, headers=bearer(tokens[0]))
            assert r.status_code == 422, bad
        state = lan.state(game, created["creator"]["token"])
        first = state["to_move"]
        while state["to_move"] == first:
            mine = lan.state(game, tokens[first])
            r = httpx.post(f"{lan.url}/api/games/{game}/moves", headers=bearer(tokens[first]),
                           json={"seq": mine["seq"], "option": mine["decision"]["options"][0]["option"]})
            assert r.status_code == 200, r.text
            state = lan.state(game, created["creator"]["token"])
        for _ in range(100):
            if seen:
                break
            asyncio.run(asyncio.sleep(0.05))
        assert seen, "no webhook arrived"
        path, _host, note = seen[-1]
        assert path == "/hook" and note["seat"] == state["to_move"] and "your turn" in note["content"]
        assert not any(t in json.dumps(note) for t in tokens + [created["creator"]["token"]])
    finally:
        hook.close()
        lan.stop()


# ---------------------------------------------------------------------------- every body checked by type


def test_a_new_link_needs_a_seat_number_or_nothing_and_bad_bodies_change_no_link(server: Server) -> None:
    created = server.create(["human", "human"], seed=None)
    game = created["game"]
    creator = created["creator"]["token"]
    url = f"{server.url}/api/games/{game}/links"
    for body in ('{"seat": true}', '{"seat": false}', "[]", '"x"', "3", "null", '{"seat": 1.0}', '{"seat": "1"}',
                 '{"seat": -1}', '{"seat": 2}', '{"seat": 1, "role": "creator"}', '{"spectator": true}'):
        r = httpx.post(url, content=body, headers=bearer(creator))
        assert r.status_code == 422, (body, r.status_code, r.text)
        assert r.json()["message"]
    # Every link still works.
    for token in [created["spectator"]["token"]] + [s["token"] for s in created["seats"]]:
        assert httpx.get(f"{server.url}/api/games/{game}", headers=bearer(token)).status_code == 200


def test_bad_game_specs_are_refused_with_a_4xx_and_create_nothing(server: Server) -> None:
    games_before = len(stored_games(server))
    bad = [
        {"seats": [{"kind": ["human"]}, "human"]}, {"seats": [{"kind": {"x": 1}}, "human"]},
        {"seats": [["human"], "human"]}, {"seats": [{"kind": "human", "name": "\ud800"}, "human"]},
        {"seats": [{"kind": "human", "name": "a\u0000b"}, "human"]}, {"seats": [{"kind": "human", "name": 5}, "human"]},
        {"seats": [{"kind": "human", "name": "x" * 41}, "human"]}, {"seats": ["human", "human"], "colour": "red"},
        {"seats": [{"kind": "human", "team": 1}, "human"]}, {"seats": ["human", "human"], "open_hands": 1},
        {"seats": ["human", "human"], "bot_delay": True}, {"seats": ["human", "human"], "wakhan_variants": {}},
        {"seats": "human"}, {"seats": ["human"] * 6}, {"seats": ["human", "wakhan", "human"]},
    ]
    for spec in bad:
        r = httpx.post(server.url + "/api/games", content=json.dumps(spec), timeout=20)
        assert 400 <= r.status_code < 500, (spec, r.status_code, r.text)
        assert r.json()["message"], spec
    raw = [b'{"seats": ["human", "human"], "seed": NaN}', b'{"seats": ["human", "human"], "seed": Infinity}',
           b"[" * 5000 + b"]" * 5000, b'{"a":' * 5000 + b"1" + b"}" * 5000, b"\xff\xfe", b'{"seats": ["human", ']
    for body in raw:
        r = httpx.post(server.url + "/api/games", content=body, timeout=20)
        assert r.status_code == 400 and r.json()["error"] == "bad_json", (body[:40], r.text)
    r = httpx.post(server.url + "/api/games", content=b"[" * 20 + b"]" * 20, timeout=20)
    assert r.status_code == 400 and "nested" in r.json()["message"]
    assert len(stored_games(server)) == games_before


def test_every_route_checks_its_parameters(server: Server) -> None:
    created = server.create(["human", "human"], seed=3)
    game = created["game"]
    seat = created["seats"][0]["token"]
    for query in ("at=+1", "at=%201", "at=1_0", "at=%D9%A1", "at=-0", "at=1e3", "at=99", "as=%D9%A1", "as=0.0",
                  "as=-1", "as=5", "as=x"):
        r = httpx.get(f"{server.url}/api/games/{game}/model?{query}", headers=bearer(seat))
        assert r.status_code == 422, (query, r.text)
    for number in ("1_0", "%D9%A1", "+1", "0", "117", "-1"):
        assert httpx.get(f"{server.url}/api/cards/{number}").status_code == 404, number
    assert httpx.get(f"{server.url}/api/cards/1").status_code == 200
    for bad_game in ("x" * 33, "a.b", "%00"):
        r = httpx.get(f"{server.url}/api/games/{bad_game}", headers=bearer(seat))
        assert r.status_code in (401, 403, 404), bad_game
    for header in ("Bearer", "Bearer a b", "Bearer " + "x" * 300, "Basic abc"):
        r = httpx.get(f"{server.url}/api/games/{game}", headers={"Authorization": header})
        assert r.status_code == 401, header
    r = httpx.post(f"{server.url}/api/games/{game}/seat", json={"name": "Ann", "colour": "red"}, headers=bearer(seat))
    assert r.status_code == 400
    r = httpx.post(f"{server.url}/api/games/{game}/seat", content=b'{"name": "\\ud800"}', headers=bearer(seat))
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    r = httpx.post(f"{server.url}/api/games/{game}/moves", json={"seq": 0, "option": ["x"], "extra": 1},
                   headers=bearer(seat))
    assert r.status_code == 400
    assert server.state(game, seat)["seq"] == 0 and server.state(game, seat)["players"][0]["name"] == "Player 1"


def test_bad_websocket_messages_get_an_error_and_the_socket_goes_on(server: Server) -> None:
    created = server.create(["human", "human"], seed=None)
    game = created["game"]
    token = created["seats"][0]["token"]

    async def scenario() -> list[dict[str, Any]]:
        page = await Client.open(server.ws_url, game, token)
        await page.until("state")
        errors = []
        for raw in ("[" * 5000 + "]" * 5000, '{"type": "seat", "name": "\\ud800"}', '{"type": "ping", "x": 1}',
                    '{"type": ["ping"]}', '{"type": "lang", "lang": ["de"]}', '{"type": "move", "seq": true}',
                    '{"type": "move", "seq": 0, "option": NaN}', '{"type": "seat", "webhook": "http://10.0.0.1/"}',
                    '{"type": "hello", "token": "x"}'):
            await page.send(raw)
            errors.append(await page.until("error"))
        await page.send({"type": "ping"})
        await page.until("pong")  # still open and answering
        await page.close()
        return errors

    codes = [e["code"] for e in asyncio.run(scenario())]
    assert codes == ["bad_json", "bad_json", "bad_message", "bad_message", "bad_language", "bad_message",
                     "bad_json", "bad_webhook", "bad_message"]

    async def bad_hello(raw: str) -> int | None:
        ws = await websockets.connect(f"{server.ws_url}/ws/{game}")
        await ws.send(raw)
        with pytest.raises(websockets.ConnectionClosed):
            while True:
                await asyncio.wait_for(ws.recv(), 10)
        return ws.close_code

    for raw in ("[" * 5000 + "]" * 5000, '{"type": "hello", "token": ["x"]}', '{"type": "hello", "token": "\\ud800"}',
                f'{{"type": "hello", "token": "{token}", "extra": 1}}', f'{{"type": "hello", "token": "{token}", '
                '"lang": {"de": 1}}'):
        assert asyncio.run(bad_hello(raw)) in (4400, 4401), raw


# ---------------------------------------------------------------------------- logs


def test_no_token_seed_or_hand_reaches_the_log_even_at_debug_level(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    s = Server(str(tmp_path / "debug.sqlite3"), home=tmp_path, args=("--log-level", "debug"), log=log)
    try:
        created = s.create(["human", "human"], seed=None)
        asyncio.run(play_with_clients([s.ws_url], created, seed=3, max_moves=30))
        tokens = [created["creator"]["token"], created["spectator"]["token"]] + [x["token"] for x in created["seats"]]
        httpx.get(f"{s.url}/api/games/{created['game']}", headers=bearer(tokens[2]))
        httpx.post(f"{s.url}/api/games/{created['game']}/seat", json={"webhook": "http://10.0.0.1/x?key=sec"},
                   headers=bearer(tokens[2]))
        seed = next(int(seed) for g, seed, _secret in stored_games(s) if g == created["game"])
    finally:
        s.stop()
    text = log.read_text()
    assert "TEXT [redacted]" in text  # the frames were logged, without their payload
    assert "Logging error" not in text and "GET /api/games/" in text  # the access log still works
    assert not any(t in text for t in tokens)
    assert str(seed) not in text
    assert '"hands"' not in text and '"hand"' not in text and '"decision"' not in text


def test_the_log_filter_redacts_tokens_and_frames() -> None:
    frame = '< TEXT \'{"type":"hello","token":"abcDEF_-123"}\' [44 bytes]'
    assert logsafe.redact(frame) == "< TEXT [redacted] [44 bytes]"
    assert "abc" not in logsafe.redact('hello {"token": "abcDEF"} from x')
    assert "abc" not in logsafe.redact("Authorization: Bearer abcDEF")
    assert "abc" not in logsafe.redact("see http://host/g/Game1#abcDEF")
    assert logsafe.redact("a move at seq 4") == "a move at seq 4"


def test_checks_parse_only_well_formed_json() -> None:
    assert checks.parse_json('{"a": [1, "b"]}') == {"a": [1, "b"]}
    for raw in ("NaN", '{"a": -Infinity}', '"\\udc00"', '{"\\ud800": 1}', "[" * 13 + "]" * 13, "[" * 9000 + "]" * 9000):
        with pytest.raises(checks.ClientError):
            checks.parse_json(raw)
    assert re.fullmatch(checks.TOKEN, "abc_-")


def test_a_field_refused_names_the_fields_allowed_or_says_there_are_none() -> None:
    with pytest.raises(checks.ClientError) as some:
        checks.fields({"x": 1}, ("seq", "option"), "a move")
    assert some.value.message == "a move has no field 'x' (its fields: seq, option)"
    for body in ({"seat": 1}, [1]):
        with pytest.raises(checks.ClientError) as none:
            checks.fields(body, (), "a review request")
        message = none.value.message
        assert "fields: )" not in message and "fields )" not in message and not message.endswith("fields "), message
        assert "empty JSON object" in message, message
    with language("de"):
        with pytest.raises(checks.ClientError) as german:
            checks.fields({"seat": 1}, (), N_("a review request"))
        message = german.value.message
    assert "'seat'" in message and "leeres JSON-Objekt" in message and "Besprechung" in message, message


# ---------------------------------------------------------------------------- fuzz

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30) | st.sampled_from(["human", "random", "wakhan", "seat", "move", "undo", "lang", "de",
                                             "chat", "heuristic"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["seats", "seat", "kind", "name", "seed", "type", "seq", "option", "webhook", "lang",
                         "token", "open_hands", "bot_delay", "wakhan_variants", "x", "text", "links", "game",
                         "played_by", "clock", "spectator_chat", "model"]), inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSON_VALUES, route=st.sampled_from(["games", "moves", "seat", "links", "chat", "seats", "rematch",
                                               "status"]))
def test_no_json_body_makes_any_endpoint_fail_with_a_5xx(server: Server, fuzz_game: dict[str, Any], body: Any,
                                                          route: str) -> None:
    game = fuzz_game["game"]
    url = {"games": "/api/games", "moves": f"/api/games/{game}/moves", "seat": f"/api/games/{game}/seat",
           "links": f"/api/games/{game}/links", "chat": f"/api/games/{game}/chat",
           "seats": f"/api/games/{game}/seats/0", "rematch": f"/api/games/{game}/rematch",
           "status": "/api/status"}[route]
    token = fuzz_game["creator"]["token"] if route in ("links", "seats") else fuzz_game["seats"][0]["token"]
    r = httpx.post(server.url + url, content=json.dumps(body), headers=bearer(token), timeout=20)
    assert r.status_code < 500, (route, body, r.text)
    if r.status_code >= 400:
        assert r.json()["message"]


@pytest.fixture(scope="module")
def fuzz_game(server: Server) -> dict[str, Any]:
    return server.create(["human", "human"], seed=None)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(messages=st.lists(JSON_VALUES, min_size=50, max_size=50))
def test_random_websocket_messages_get_answers_and_never_drop_the_socket(server: Server, messages: list[Any]) -> None:
    created = server.create(["human", "human"], seed=None)

    async def scenario() -> None:
        page = await Client.open(server.ws_url, created["game"], created["seats"][1]["token"])
        await page.until("state")
        for message in messages:
            await page.send(json.dumps(message))
            await page.send({"type": "ping"})
            await page.until("pong")  # every message was answered (or ignored) and the socket is still open
        assert not any(m["type"] == "error" and m["code"] == "internal" for m in page.received)
        await page.close()

    asyncio.run(scenario())


def test_the_store_commits_a_move_only_while_its_link_still_works(tmp_path: Path) -> None:
    from paxpamir.server.store import GameRow, SeatRow, Store, database_url, hash_token

    store = Store(database_url(str(tmp_path / "store.sqlite3")))
    store.migrate()
    game = Game.new(2, 2**64 - 1)
    seats = [SeatRow(0, "human", "Ann", None), SeatRow(1, "human", "Bea", None)]
    links = [("creator-token", "creator", None), ("seat-0-old", "seat", 0), ("seat-1", "seat", 1)]
    store.create_game(GameRow("g1", 2, 2**64 - 1, False, False, 0.0, 0, game.current_player, False, game.state_hash(),
                              seats), links)
    assert store.load_game("g1").seed == 2**64 - 1  # 64 bits fit
    option = ["loyalty", "afghan"]
    assert store.append("g1", 0, "move", 0, option, None, 1, False, "h1", token_hash=hash_token("seat-0-old"))
    assert store.replace_token("g1", "seat", 0, "seat-0-new") == [hash_token("seat-0-old")]
    # The old link's move is refused inside the same compare-and-set; the new link's and a bot's go through.
    assert not store.append("g1", 1, "move", 0, option, None, 1, False, "h2", token_hash=hash_token("seat-0-old"))
    assert store.load_game("g1").seq == 1
    assert store.append("g1", 1, "move", 0, option, None, 1, False, "h2", token_hash=hash_token("seat-0-new"))
    assert store.append("g1", 2, "move", 1, option, None, 0, False, "h3")
    assert not store.append("g1", 2, "move", 1, option, None, 0, False, "h3")  # that seq is taken
    assert store.load_game("g1").seq == 3
    # What a move stores reads back as it was given: the decision, and the clock's deadline to the microsecond.
    due = datetime(2026, 11, 29, 1, 2, 3, 456789, tzinfo=UTC)
    assert store.append("g1", 3, "move", 0, option, "why", 1, False, "h4", {"n": 1}, deadline=due)
    row = store.load_game("g1")
    assert row.seq == 4 and row.to_move == 1 and row.state_hash == "h4" and row.deadline == due
    last = store.decisions_from("g1", 3)
    assert len(last) == 1 and last[0].option == option and last[0].reason == "why"
    store.dispose()
