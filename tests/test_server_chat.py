"""Table talk: a chat per game for its seats (spectators read it, and write where the game allows), stored with
the game, pushed live, limited in length and rate, kept as plain text, never in a bot's input; an @mention of a
seat sends that seat's webhook. Real ``pamir serve`` processes on SQLite (PostgreSQL: test_server_postgres.py)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import Client, Server, WebhookReceiver, add_two_seat_games, bearer

from paxpamir.server.chat import mentions
from paxpamir.server.store import NOTE_BYTES, SeatRow, chat_notes


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("home")
    s = Server(str(home / "chat.sqlite3"), home=home)
    yield s
    s.stop()


def test_a_line_said_at_the_table_reaches_every_page_and_stays_with_the_game(server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=None)
    game = created["game"]

    async def scenario() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        pages = [await Client.open(server.ws_url, game, s["token"]) for s in created["seats"]]
        pages.append(await Client.open(server.ws_url, game, created["spectator"]["token"]))
        for page in pages:
            assert (await page.until("chat_history"))["messages"] == []
        await pages[0].send({"type": "chat", "text": "  Shall we keep the Russians out of Kabul? <b>no</b>  "})
        pushed = [await page.until("chat_lines") for page in pages]
        assert all(len(p["messages"]) == 1 for p in pushed)  # the one line said
        heard = [p["messages"][0] for p in pushed]
        late = await Client.open(server.ws_url, game, created["seats"][1]["token"])
        history = await late.until("chat_history")
        for page in [*pages, late]:
            await page.close()
        return heard, history

    heard, history = asyncio.run(scenario())
    line = heard[0]
    assert all(h == line for h in heard)  # players and spectators alike
    assert line["type"] == "chat"
    assert line["text"] == "Shall we keep the Russians out of Kabul? <b>no</b>"  # as written: text, not markup
    assert (line["seat"], line["role"], line["name"], line["seq"]) == (0, "seat", "Ann", 0) and line["id"] > 0
    assert history["total"] == 1 and history["messages"] == [line]
    stored = httpx.get(f"{server.url}/api/games/{game}/chat", headers=bearer(created["creator"]["token"])).json()
    assert stored["messages"] == [line]


def test_a_line_is_placed_at_its_moment_and_never_reaches_the_game(server: Server) -> None:
    created = server.create(["human", "human"], seed=5)
    game = created["game"]
    tokens = [s["token"] for s in created["seats"]]
    for said in range(3):
        state = server.state(game, created["creator"]["token"])
        mover = state["to_move"]
        r = httpx.post(f"{server.url}/api/games/{game}/chat", json={"text": f"move {said} is mine"},
                       headers=bearer(tokens[mover]))
        assert r.status_code == 201 and r.json()["seq"] == state["seq"]
        options = server.state(game, tokens[mover])["decision"]["options"]
        move = {"seq": state["seq"], "option": options[0]["option"]}
        r = httpx.post(f"{server.url}/api/games/{game}/moves", json=move, headers=bearer(tokens[mover]))
        assert r.status_code == 200
    chat = httpx.get(f"{server.url}/api/games/{game}/chat", headers=bearer(tokens[0])).json()["messages"]
    assert [m["seq"] for m in chat] == [0, 1, 2]  # a replay shows each line at the decision it was said before
    # Nothing said is in the game: not in any view, model or log that a bot or an environment reads.
    for token in tokens:
        state = server.state(game, token)
        assert "is mine" not in json.dumps(state)
    model = httpx.get(f"{server.url}/api/games/{game}/model", headers=bearer(tokens[0])).json()
    assert "is mine" not in json.dumps(model)


def test_spectators_read_and_write_only_where_the_game_allows_it(server: Server) -> None:
    closed = server.create(["human", "human"], seed=None)
    r = httpx.post(f"{server.url}/api/games/{closed['game']}/chat", json={"text": "hi"},
                   headers=bearer(closed["spectator"]["token"]))
    assert r.status_code == 403 and r.json()["error"] == "forbidden"
    r = httpx.post(f"{server.url}/api/games/{closed['game']}/chat", json={"text": "hi"},
                   headers=bearer(closed["creator"]["token"]))
    assert r.status_code == 403
    assert httpx.get(f"{server.url}/api/games/{closed['game']}/chat",
                     headers=bearer(closed["spectator"]["token"])).json() == {"messages": []}
    open_ = server.create(["human", "human"], seed=None, spectator_chat=True)
    assert open_["spectator_chat"] is True
    r = httpx.post(f"{server.url}/api/games/{open_['game']}/chat", json={"text": "go Bea!"},
                   headers=bearer(open_["spectator"]["token"]))
    assert r.status_code == 201 and r.json()["role"] == "spectator" and r.json()["seat"] is None
    r = httpx.post(server.url + "/api/games", json={"seats": ["human", "human"], "spectator_chat": 1})
    assert r.status_code == 422


def test_chat_lines_are_limited_in_length_and_rate(server: Server) -> None:
    created = server.create(["human", "human"], seed=None)
    game = created["game"]
    token = created["seats"][0]["token"]
    for bad in ("", "   ", "x" * 501, "bell\u0007", 5, None, ["hi"], {"text": "hi"}):
        r = httpx.post(f"{server.url}/api/games/{game}/chat", json={"text": bad}, headers=bearer(token))
        assert r.status_code == 422 and r.json()["error"] == "bad_chat", bad
    assert httpx.post(f"{server.url}/api/games/{game}/chat", json={"text": "x" * 500, "to": 1},
                      headers=bearer(token)).status_code == 400
    assert httpx.post(f"{server.url}/api/games/{game}/chat", json={"text": "two\nlines"},
                      headers=bearer(token)).status_code == 201

    async def flood() -> list[str]:
        page = await Client.open(server.ws_url, game, token)
        await page.until("chat_history")
        for i in range(40):
            await page.send({"type": "chat", "text": f"spam {i}"})
        answers: list[str] = []
        while len(answers) < 40:
            m = await page.recv()
            if m["type"] == "error":
                answers.append(m["code"])
            elif m["type"] == "chat_lines":
                answers.extend("chat" for line in m["messages"] if line["text"].startswith("spam"))
        await page.close()
        return answers

    answers = asyncio.run(flood())
    assert answers.count("chat") >= 20 and "rate_limited" in answers  # a burst of twenty, then slow down
    stored = httpx.get(f"{server.url}/api/games/{game}/chat", headers=bearer(token)).json()["messages"]
    assert len(stored) == 1 + answers.count("chat")


def test_lines_said_together_come_in_one_message_in_order_and_a_late_page_gets_each_once(server: Server) -> None:
    """A table talking fast: its pages get the lines of a moment in one chat_lines message (in the order said),
    not a message for every line; a page that connects meanwhile gets each line once (history or push)."""
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=None)
    game = created["game"]
    ann, bea = (s["token"] for s in created["seats"])

    async def scenario() -> tuple[list[dict[str, Any]], list[str], list[str]]:
        listener = await Client.open(server.ws_url, game, bea)
        await listener.until("chat_history")
        speaker = await Client.open(server.ws_url, game, ann)
        await speaker.until("chat_history")
        for i in range(6):
            await speaker.send({"type": "chat", "text": f"line {i}"})
        late = await Client.open(server.ws_url, game, bea)  # while the lines are on their way
        pushes: list[dict[str, Any]] = []
        while sum(len(p["messages"]) for p in pushes) < 6:
            pushes.append(await listener.until("chat_lines"))
        late_texts = [m["text"] for m in (await late.until("chat_history"))["messages"]]
        while len(late_texts) < 6:
            late_texts += [m["text"] for m in (await late.until("chat_lines"))["messages"]]
        with pytest.raises(TimeoutError):  # and nothing twice
            await late.until("chat_lines", timeout=1.0)
        speaker_texts: list[str] = []
        while len(speaker_texts) < 6:
            speaker_texts += [m["text"] for m in (await speaker.until("chat_lines"))["messages"]]
        for page in (listener, speaker, late):
            await page.close()
        return pushes, late_texts, speaker_texts

    pushes, late_texts, speaker_texts = asyncio.run(scenario())
    lines = [m for p in pushes for m in p["messages"]]
    assert [m["text"] for m in lines] == [f"line {i}" for i in range(6)] == late_texts == speaker_texts
    assert [m["id"] for m in lines] == sorted(m["id"] for m in lines)
    assert len(pushes) < 6  # said within a moment: together, not a message a line
    stored = httpx.get(f"{server.url}/api/games/{game}/chat", headers=bearer(ann)).json()["messages"]
    assert stored == lines


def test_a_mention_sends_the_seat_its_webhook(tmp_path: Path) -> None:
    lan = Server(str(tmp_path / "lan.sqlite3"), home=tmp_path, args=("--allow-private-webhooks",))
    hook = WebhookReceiver()
    try:
        created = lan.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=None)
        game = created["game"]
        ann, bea = (s["token"] for s in created["seats"])
        url = hook.url
        r = httpx.post(f"{lan.url}/api/games/{game}/seat", json={"webhook": url}, headers=bearer(bea))
        assert r.status_code == 200
        players = lan.state(game, bea)["players"]
        assert players[1]["webhook_set"] is True and "webhook_set" not in players[0]  # her own seat only
        assert url not in json.dumps(lan.state(game, bea))
        assert lan.state(game, ann)["players"][0]["webhook_set"] is False
        assert httpx.post(f"{lan.url}/api/games/{game}/chat", json={"text": "no mention here"},
                          headers=bearer(ann)).status_code == 201
        assert httpx.post(f"{lan.url}/api/games/{game}/chat", json={"text": "@bea will you take the bribe?"},
                          headers=bearer(ann)).status_code == 201
        notes = hook.wait_for("mentioned you")
        assert len(notes) == 1 and "Ann" in notes[0]["content"] and "will you take the bribe?" in notes[0]["content"]
        assert not any(t in json.dumps(hook.bodies()) for t in (ann, bea))
    finally:
        hook.close()
        lan.stop()


def test_mentions_name_a_seat_by_name_or_number_but_not_the_sender_or_a_longer_name() -> None:
    seats = [SeatRow(0, "human", "Ann", None), SeatRow(1, "human", "Bea Li", None), SeatRow(2, "random", "Bot", None)]
    assert mentions("@bea li, and @3 and @bot", seats, 0) == [1]  # bots have no webhook to send
    assert mentions("hi @2", seats, 0) == [1]
    assert mentions("@Annabel, @ann", seats, 1) == [0]
    assert mentions("@Ann", seats, 0) == [] and mentions("@Annabel", seats, 1) == []


def test_the_load_test_chats_and_its_clients_hear_the_lines_in_chat_lines_messages() -> None:
    import re
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "paxpamir", "loadtest", "--games", "2", "--seconds", "2", "--think", "0.05",
         "--warmup", "1", "--chat", "4"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    said = re.search(r"chat lines: (\d+) said, (\d+) chat messages received", result.stdout)
    assert said is not None and "errors: 0" in result.stdout, result.stdout
    assert int(said.group(1)) > 0 and int(said.group(2)) > 0  # the clients recognised the server's pushes


def test_a_batch_of_lines_tells_the_other_processes_its_games_in_as_few_notifications_as_fit() -> None:
    """PostgreSQL's notifications hold under 8,000 bytes: the games of a batch go in as few as fit, each once."""
    assert chat_notes(["b", "a", "b"], "p1") == ["a,b chat p1"]
    games = [f"game{i:08d}" for i in range(1500)]  # 12 characters, as a game's id
    notes = chat_notes(games + games[:10], "p1")
    assert len(notes) == 3 and all(len(n.encode()) <= NOTE_BYTES + len(" chat p1") for n in notes)
    told = [g for n in notes for g in n.removesuffix(" chat p1").split(",")]
    assert sorted(told) == games


def test_a_batch_of_lines_is_stored_in_order_and_read_back_exactly(tmp_path: Path) -> None:
    """SQLite: each line of a batch gets its id (ascending in the batch's order) and reads back as it was said,
    its time to the microsecond, a spectator's line without a seat."""
    from datetime import UTC, datetime

    from paxpamir.server.store import ChatRow, Store, database_url

    store = Store(database_url(str(tmp_path / "chat.sqlite3")))
    store.migrate()
    add_two_seat_games(store, ("g1", "g2"))
    said = datetime(2026, 11, 28, 2, 30, 1, 123456, tzinfo=UTC)
    lines = [ChatRow(0, "g1", 0, "seat", "Ann", "Herat is mine ✓", 3, said),
             ChatRow(0, "g2", 1, "seat", "Bea", "<b>not markup</b>", 5, said),
             ChatRow(0, "g1", None, "spectator", "Spectator", "line\nbreak", 4, said)]
    store.add_chat(lines)
    assert 0 < lines[0].id < lines[1].id < lines[2].id
    back = store.chat_after("g1", 0)
    assert [(r.id, r.seat, r.role, r.name, r.text, r.seq, r.at) for r in back] == [
        (r.id, r.seat, r.role, r.name, r.text, r.seq, r.at) for r in lines if r.game_id == "g1"]
    assert store.chat_after("g1", lines[0].id) == back[1:]
    store.dispose()
