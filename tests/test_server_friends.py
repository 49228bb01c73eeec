"""Games among friends that never stall: a seat handed to a bot and back, a clock per game with a reminder and
a bot for the decision whose time ran out, a rematch with a new link for every page, and the status of the
games a browser holds links for. Real ``pamir serve`` processes on SQLite."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import Client, Server, WebhookReceiver, bearer, wait_for


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("home")
    s = Server(str(home / "friends.sqlite3"), home=home)
    yield s
    s.stop()



def test_an_absent_seat_is_handed_to_a_bot_and_given_back(server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=8)
    game, creator = created["game"], created["creator"]["token"]
    tokens = [s["token"] for s in created["seats"]]
    state = server.state(game, creator)
    away = state["to_move"]
    url = f"{server.url}/api/games/{game}/seats/{away}"
    # Only the creator, only a person's seat, only a bot kind.
    assert httpx.post(url, json={"played_by": "heuristic"}, headers=bearer(tokens[away])).status_code == 403
    for body in ({"played_by": "wakhan"}, {"played_by": "human"}, {"played_by": 3}, {}, {"played_by": "x", "y": 1}):
        assert 400 <= httpx.post(url, json=body, headers=bearer(creator)).status_code < 500, body
    assert httpx.post(f"{server.url}/api/games/{game}/seats/7", json={"played_by": "random"},
                      headers=bearer(creator)).status_code == 422
    r = httpx.post(url, json={"played_by": "random"}, headers=bearer(creator))
    assert r.status_code == 200, r.text
    # The bot plays Ann's decisions until the other person must decide; Ann's own link may not move meanwhile.
    moved = wait_for(lambda: server.state(game, creator)["to_move"] != away or server.state(game, creator)["seq"] > 3)
    assert moved
    state = server.state(game, tokens[away])
    assert state["players"][away]["played_by"] == "random" and state["decision"] is None
    other = 1 - away
    while server.state(game, creator)["to_move"] == other:
        mine = server.state(game, tokens[other])
        r = httpx.post(f"{server.url}/api/games/{game}/moves", headers=bearer(tokens[other]),
                       json={"seq": mine["seq"], "option": mine["decision"]["options"][0]["option"]})
        assert r.status_code == 200
        wait_for(lambda: server.state(game, creator)["to_move"] != away, 2)
    # Given back: the seat is Ann's again, and only Ann decides for it.
    r = httpx.post(url, json={"played_by": None}, headers=bearer(creator))
    assert r.status_code == 200
    assert server.state(game, creator)["players"][away]["played_by"] is None
    if server.state(game, creator)["to_move"] == away:
        before = server.state(game, creator)["seq"]
        time.sleep(1.0)
        assert server.state(game, creator)["seq"] == before  # no bot moves for her any more
        assert server.state(game, tokens[away])["decision"] is not None


def test_a_clock_reminds_the_seat_then_a_bot_takes_the_decision_whose_time_ran_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAXPAMIR_CLOCK_TICK", "0.2")
    db = tmp_path / "clock.sqlite3"
    lan = Server(str(db), home=tmp_path, args=("--allow-private-webhooks",))
    hook = WebhookReceiver()
    try:
        for clock in (59, 7 * 24 * 3600 + 1, True, 60.5):
            r = httpx.post(lan.url + "/api/games", json={"seats": ["human", "human"], "clock": clock})
            assert r.status_code == 422, clock
        created = lan.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=9, clock=3600)
        assert created["clock"] == 3600
        game, creator = created["game"], created["creator"]["token"]
        to_move = lan.state(game, creator)["to_move"]
        token = created["seats"][to_move]["token"]
        hook_url = hook.url
        assert httpx.post(f"{lan.url}/api/games/{game}/seat", json={"webhook": hook_url},
                          headers=bearer(token)).status_code == 200

        def deadline() -> datetime:
            with sqlite3.connect(db) as c:
                (text,) = c.execute("SELECT deadline FROM games WHERE id = ?", (game,)).fetchone()
            return datetime.fromisoformat(text).replace(tzinfo=UTC)

        # The first decision has an hour, from the game's creation; every page is told when it runs out.
        assert abs(deadline() - (datetime.now(UTC) + timedelta(hours=1))) < timedelta(seconds=30)
        shown = datetime.fromisoformat(lan.state(game, creator)["deadline"])
        assert abs(shown - deadline()) < timedelta(seconds=2)
        # Ten minutes left (within a quarter of the clock): one reminder.
        with sqlite3.connect(db) as c:
            soon = (datetime.now(UTC) + timedelta(minutes=10)).replace(tzinfo=None).isoformat(" ")
            c.execute("UPDATE games SET deadline = ? WHERE id = ?", (soon, game))
        assert hook.wait_for("runs out in", 10)
        time.sleep(0.6)
        assert len(hook.wait_for("runs out in", 0)) == 1
        # The time runs out: a bot takes that one decision, and says so in the log.
        with sqlite3.connect(db) as c:
            past = (datetime.now(UTC) - timedelta(seconds=1)).replace(tzinfo=None).isoformat(" ")
            c.execute("UPDATE games SET deadline = ? WHERE id = ?", (past, game))
        state = wait_for(lambda: (s := lan.state(game, creator))["seq"] >= 1 and s, 10)
        assert state and state["seq"] == 1
        name = ["Ann", "Bea"][to_move]
        assert any(f"{name}'s time ran out: the heuristic bot decided" in entry["text"] for entry in state["log"])
        time.sleep(0.6)
        assert lan.state(game, creator)["seq"] == 1  # one decision only; the next has a new hour
        assert deadline() > datetime.now(UTC) + timedelta(minutes=50)
        assert datetime.fromisoformat(lan.state(game, creator)["deadline"]) > datetime.now(UTC) + timedelta(minutes=50)
    finally:
        hook.close()
        lan.stop()


def test_a_rematch_is_made_once_and_every_page_gets_its_own_new_link(server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=None, bot_delay=0)
    game = created["game"]
    ann = created["seats"][0]["token"]
    r = httpx.post(f"{server.url}/api/games/{game}/rematch", headers=bearer(ann))
    assert r.status_code == 409  # not over yet

    async def finish() -> dict[str, Any]:
        page = await Client.open(server.ws_url, game, ann)
        state = await page.until("state")
        while not state["over"]:
            if state["decision"] is not None:
                await page.send({"seq": state["seq"], "option": state["decision"]["options"][0]["option"]})
            state = await page.until("state", timeout=60)
        # Someone asks for a rematch: this page hears of it.
        r = httpx.post(f"{server.url}/api/games/{game}/rematch", headers=bearer(created["creator"]["token"]))
        assert r.status_code == 200, r.text
        heard = await page.until("state", timeout=10)
        await page.close()
        return {"creator": r.json(), "heard": heard}

    out = asyncio.run(finish())
    first, heard = out["creator"], out["heard"]
    assert heard["rematch"] == first["game"] != game and first["role"] == "creator"
    mine = httpx.post(f"{server.url}/api/games/{game}/rematch", headers=bearer(ann)).json()
    assert mine["game"] == first["game"] and mine["role"] == "seat" and mine["seat"] == 0
    state = server.state(mine["game"], mine["token"])  # Ann's new link opens her seat of the new game
    assert state["seat"] == 0 and [p["name"] for p in state["players"]] == ["Ann", "Random bot 2"]
    assert [p["kind"] for p in state["players"]] == ["human", "random"] and state["secret_deck"] is True
    assert server.state(first["game"], first["token"])["role"] == "creator"


def test_a_browser_asks_where_its_games_stand_and_hears_of_no_other(server: Server) -> None:
    one = server.create(["human", "human"], seed=None)
    two = server.create(["human", "random"], seed=None, bot_delay=0)
    mover = server.state(one["game"], one["creator"]["token"])["to_move"]
    links = [{"game": one["game"], "token": s["token"]} for s in one["seats"]]
    links += [{"game": two["game"], "token": two["spectator"]["token"]}, {"game": two["game"], "token": "x" * 32},
              {"game": "nosuchgame", "token": one["creator"]["token"]}]
    r = httpx.post(server.url + "/api/status", json={"links": links})
    assert r.status_code == 200, r.text
    answers = r.json()["games"]
    assert [a.get("your_turn") for a in answers[:2]] == [mover == 0, mover == 1]
    assert answers[2]["role"] == "spectator" and answers[2]["your_turn"] is False and answers[2]["chat"] == 0
    assert answers[3] == {"game": two["game"], "error": "forbidden"}
    assert answers[4]["error"] in ("forbidden", "unknown_game") and len(answers[4]) == 2
    for bad in ({"links": "x"}, {"links": [{"game": 1}] * 51}, {"links": [{"game": "a", "token": "b", "c": 1}]}, []):
        assert 400 <= httpx.post(server.url + "/api/status", json=bad).status_code < 500, bad


def test_health_and_metrics_for_monitoring(server: Server) -> None:
    created = server.create(["human", "human"], seed=None)
    httpx.post(f"{server.url}/api/games/{created['game']}/chat", json={"text": "hello"},
               headers=bearer(created["seats"][0]["token"]))
    assert httpx.get(server.url + "/healthz").json()["ok"] is True
    r = httpx.get(server.url + "/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    figures = {line.split(" ")[0]: float(line.split(" ")[1]) for line in r.text.splitlines()
               if line and not line.startswith("#")}
    assert figures["pamir_games_created_total"] >= 1 and figures["pamir_chat_lines_total"] >= 1
    assert figures['pamir_http_requests_total{method="POST",status="2xx"}'] >= 2
    assert "pamir_games_in_memory" in figures and "pamir_websockets_open" in figures
    assert created["game"] not in r.text and created["seats"][0]["token"] not in r.text  # counts only
