"""The browser board's read-only JSON routes (src/paxpamir/server/board_api.py), over HTTP against a real server.

The page draws the view model of its own seat; a replay step shows the game after that many decisions; other
seats' views open only once the game has ended; the statistics and the card reference come from the server.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import Server

from paxpamir import Game
from paxpamir.presentation.viewmodel import view_model


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("board-api")
    s = Server(str(Path(home) / "games.sqlite3"), home=home)
    yield s
    s.stop()


def get(server: Server, path: str, token: str | None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.get(server.url + path, headers=headers, timeout=20)


def move(server: Server, game: str, token: str, seq: int, option: list[Any]) -> None:
    r = httpx.post(f"{server.url}/api/games/{game}/moves", json={"seq": seq, "option": option},
                   headers={"Authorization": f"Bearer {token}"}, timeout=20)
    assert r.status_code == 200, r.text


def test_a_seat_gets_its_own_view_model_and_a_spectator_the_public_one(server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=11)
    game = created["game"]
    ann, bea = (s["token"] for s in created["seats"])
    model = get(server, f"/api/games/{game}/model", ann).json()
    assert model["seq"] == 0 and model["as"] == 0
    assert model["model"] == view_model(Game.new(2, 11), 0, log_from=0)
    public = get(server, f"/api/games/{game}/model", created["spectator"]["token"]).json()
    assert public["as"] is None and public["model"]["seat"] is None and public["model"]["options"] == []
    # Before the end, another seat's view is refused; the public view is allowed.
    assert get(server, f"/api/games/{game}/model?as=1", ann).status_code == 403
    assert get(server, f"/api/games/{game}/model?as=public", bea).json()["model"]["seat"] is None
    assert get(server, f"/api/games/{game}/model", None).status_code == 401
    assert get(server, f"/api/games/{game}/model", "not-a-token").status_code == 403
    assert get(server, f"/api/games/{game}/model?at=5", ann).status_code == 422


def test_a_replay_step_shows_the_game_after_that_many_decisions_and_offers_nothing(server: Server) -> None:
    created = server.create([{"kind": "human"}, {"kind": "human"}], seed=12)
    game = created["game"]
    tokens = [s["token"] for s in created["seats"]]
    local = Game.new(2, 12)
    for seq in range(4):
        mover = local.current_player
        option = local.legal_options()[0]
        move(server, game, tokens[mover], seq, list(option))
        local.apply(option)
    step = Game.new(2, 12)
    step.apply(step.legal_options()[0])
    step.apply(step.legal_options()[0])
    replayed = get(server, f"/api/games/{game}/model?at=2", tokens[0]).json()
    assert replayed["at"] == 2 and replayed["seq"] == 4
    assert replayed["model"]["view"] == view_model(step, 0, log_from=0)["view"]
    assert replayed["model"]["options"] == [] and not replayed["model"]["your_decision"]
    assert replayed["model"]["log"]["size"] == len(step.events())


def test_statistics_follow_the_game_and_cards_have_their_reference(server: Server) -> None:
    created = server.create([{"kind": "human"}, {"kind": "random"}, {"kind": "random"}], seed=13)
    game, token = created["game"], created["seats"][0]["token"]
    stats = get(server, f"/api/games/{game}/stats", token).json()
    assert stats["names"][0] == "Player 1" and not stats["over"]
    assert set(stats["series"]) == {"vp", "rupees", "influence"}
    assert all(len(s) == len(stats["turns"]) for s in stats["series"]["rupees"])
    assert stats["counts"][0]["purchases"] == 0
    card = get(server, "/api/cards/1", None).json()
    assert card["name"] == "Mohan Lal" and card["kind"] == "court" and card["text"][0].startswith("Mohan Lal")
    assert get(server, "/api/cards/0", None).status_code == 404
    assert get(server, "/api/cards/abc", None).status_code == 404
    assert len(get(server, "/api/cards", None).json()["cards"]) == 116


def test_serve_open_opens_the_lobby_once_the_server_answers_and_only_with_a_display(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    from paxpamir.server import browser

    opened: list[str] = []
    monkeypatch.setattr(browser.webbrowser, "open", lambda url: opened.append(url) or True)
    monkeypatch.setattr(browser.sys, "platform", "linux")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    said = io.StringIO()
    browser.open_when_ready(server.url + "/", out=said).join(10)
    assert opened == []  # no desktop: a text browser must not take over the terminal
    assert "no desktop" in said.getvalue() and server.url + "/" in said.getvalue()  # and it says so
    monkeypatch.setenv("DISPLAY", ":0")
    said = io.StringIO()
    browser.open_when_ready(server.url + "/", out=said).join(10)
    assert opened == [server.url + "/"] and said.getvalue() == ""
    monkeypatch.setattr(browser.webbrowser, "open", lambda url: False)  # a desktop, but no browser starts
    browser.open_when_ready(server.url + "/", out=said).join(10)
    assert "no web browser could be started" in said.getvalue()
