"""The server and the browser pages in German: the catalog the pages load, views and errors in the language a
page asks for, and a real browser that starts in its own language and switches at the menu."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browserkit import WAIT
from serverkit import Client, Server
from test_i18n import english_leftovers


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("i18n-web")
    s = Server(str(Path(home) / "games.sqlite3"), home=home)
    yield s
    s.stop()


def get(server: Server, path: str, token: str | None = None, **headers: str) -> httpx.Response:
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return httpx.get(server.url + path, headers=headers, timeout=20)


def test_the_pages_catalog_is_served_with_its_plural_rule(server: Server) -> None:
    r = get(server, "/api/i18n/de")
    assert r.status_code == 200
    data = r.json()
    assert data["lang"] == "de" and data["name"] == "Deutsch" and data["plural"] == "(n != 1)"
    assert data["messages"]["Your turn"] == "Du bist am Zug"
    assert data["messages"]["Deck: {n} card"] == ["Stapel: {n} Karte", "Stapel: {n} Karten"]
    assert data["messages"]["Create game"] == "Spiel erstellen"  # an HTML text (data-i18n)
    r = get(server, "/api/i18n/xx")
    assert r.status_code == 404 and "choose one of en, de" in r.json()["message"]


def test_a_view_model_and_the_cards_come_in_the_language_asked_for(server: Server) -> None:
    created = server.create(["human", "random"], seed=3)
    game, token = created["game"], created["seats"][0]["token"]
    en = get(server, f"/api/games/{game}/model", token).json()["model"]
    de = get(server, f"/api/games/{game}/model?lang=de", token).json()["model"]
    by_header = get(server, f"/api/games/{game}/model", token, **{"Accept-Language": "de-DE,de;q=0.9"}).json()
    assert (en["lang"], de["lang"], by_header["model"]["lang"]) == ("en", "de", "de")
    assert en["options"] and [o["option"] for o in en["options"]] == [o["option"] for o in de["options"]]
    assert de["options"][0]["label"] == "Loyal zur Koalition Afghanistan sein"
    assert de["prompt"].endswith("Wähle deine anfängliche Loyalität") and en["prompt"].endswith("starting loyalty")
    assert all(not english_leftovers(line) for line in de["log"]["lines"])
    card = get(server, "/api/cards/1?lang=de").json()
    assert card["ability_text"].startswith("Deine Spione") and card["text"][0] == "Mohan Lal (Karte 1, eine Hofkarte)"
    bad = get(server, f"/api/games/{game}/model?lang=fr", token)
    assert bad.status_code == 422 and bad.json()["error"] == "bad_language"
    assert "choose one of en, de" in bad.json()["message"]


def test_errors_and_bot_kinds_in_the_language_of_the_request(server: Server) -> None:
    r = httpx.post(server.url + "/api/games?lang=de", json={"seats": [{"kind": "robot"}, "human"]}, timeout=20)
    assert r.status_code == 422 and r.json()["message"].startswith("Platz 1: die Art muss eine von")
    r = httpx.post(server.url + "/api/games", json={"seats": [{"kind": "robot"}, "human"]}, timeout=20)
    assert r.json()["message"].startswith("seat 1: the kind must be one of")
    kinds = get(server, "/api/kinds?lang=de").json()["kinds"]
    assert kinds["human"] == "ein Mensch, mit geheimem Einladungslink"


def _run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_websocket_page_reads_its_own_language_and_can_switch(server: Server) -> None:
    created = server.create(["human", "human"], seed=5)
    game = created["game"]
    tokens = [s["token"] for s in created["seats"]]
    first = server.state(game, tokens[0])["to_move"]
    other = 1 - first

    async def scenario() -> None:
        import websockets

        ws = server.url.replace("http", "ws", 1)
        german = Client(await websockets.connect(f"{ws}/ws/{game}", max_size=None))
        await german.send({"type": "hello", "token": tokens[first], "lang": "de"})
        english = await Client.open(ws, game, tokens[other])
        de = await german.until("state")
        en = await english.until("state")
        assert de["title"] == "Du bist am Zug"
        assert de["decision"]["prompt"].endswith("Wähle deine anfängliche Loyalität")
        assert de["log"][0]["text"].startswith("Neues Spiel für 2 Spieler")
        name = en["players"][first]["name"]
        assert en["title"] == f"{name}'s turn" and en["log"][0]["text"].startswith("New game for 2 players")
        assert de["log"][0]["event"] == en["log"][0]["event"]  # the same data, two languages
        # A wrong move: the error in the page's language; the game does not move.
        await german.send({"type": "move", "seq": de["seq"], "option": ["loyalty", "martian"]})
        err = await german.until("error")
        assert err["code"] == "illegal_option"
        await german.send({"type": "move", "seq": de["seq"] + 7, "option": ["loyalty", "afghan"]})
        err = await german.until("error")
        assert err["code"] == "stale_seq" and err["message"].startswith("das Spiel ist weitergegangen")
        # Switching: the whole state again, in English.
        await german.send({"type": "lang", "lang": "en"})
        again = await german.until("state", title="Your turn")  # (a German state answered the stale move)
        assert again["log"][0]["text"].startswith("New game") and again["log_from"] == 0
        await german.send({"type": "lang", "lang": "klingon"})
        err = await german.until("error")
        assert err["code"] == "bad_language" and "choose one of en, de" in err["message"]
        await german.close()
        await english.close()

    _run(scenario())


def test_log_lines_are_in_the_page_s_language_whatever_language_made_the_game(server: Server) -> None:
    """The server keeps each game's log lines in English and renders others when sent: a game made by a German
    request (its bots then move in that request's context) still reads in English on an English page."""
    r = httpx.post(server.url + "/api/games?lang=de", json={"seats": ["random", "wakhan"], "seed": 9, "bot_delay": 0},
                   timeout=20)
    created = r.json()
    for _try in range(200):
        state = server.state(created["game"], created["creator"]["token"])
        if state["seq"] >= 10:
            break
        time.sleep(0.05)

    async def scenario() -> tuple[list[str], list[str]]:
        texts = []
        for lang in ("en", "de"):
            page = await Client.open(server.ws_url, created["game"], created["spectator"]["token"])
            await page.send({"type": "lang", "lang": lang})
            await page.until("state")  # the one the hello brings
            again = await page.until("state", log_from=0)  # the whole log again, in the language asked for
            texts.append([entry["text"] for entry in again["log"]])
            await page.close()
        return texts[0], texts[1]

    english, german = _run(scenario())
    assert len(english) >= 10 and english[0].startswith("New game")
    assert any("Wakhan draws AI card" in t for t in english)
    assert german[0].startswith("Neues Spiel") and not any("Wakhan draws AI card" in t for t in german)


def test_a_bad_language_in_hello_is_refused(server: Server) -> None:
    created = server.create(["human", "random"], seed=6)

    async def scenario() -> None:
        import websockets

        ws = server.url.replace("http", "ws", 1)
        conn = await websockets.connect(f"{ws}/ws/{created['game']}", max_size=None)
        client = Client(conn)
        await client.send({"type": "hello", "token": created["seats"][0]["token"], "lang": "xx"})
        err = await client.until("error")
        assert err["code"] == "bad_language" and "'xx'" in err["message"]
        await client.close()

    _run(scenario())


def test_wakhan_s_reasons_read_in_german_after_the_server_restarts(tmp_path: Path) -> None:
    """Her reasons are stored as messages (with their notes): a game replayed from the database after a restart
    reads as before, in either language, and its state is the same."""
    database = str(tmp_path / "games.sqlite3")
    first = Server(database, home=tmp_path)
    try:
        r = httpx.post(first.url + "/api/games", json={"seats": ["random", "wakhan"], "seed": 11, "bot_delay": 0},
                       timeout=20)
        created = r.json()
        game, token = created["game"], created["creator"]["token"]
        for _try in range(200):  # the bots play on their own; 30 decisions are enough
            state = first.state(game, token)
            if state["seq"] >= 30 or state["over"]:
                break
            time.sleep(0.1)
        before = get(first, f"/api/games/{game}/model?lang=de", token).json()
        before_en = get(first, f"/api/games/{game}/model", token).json()
    finally:
        first.kill()
    second = Server(database, home=tmp_path)
    try:
        after = get(second, f"/api/games/{game}/model?lang=de&at={before['seq']}", token).json()
    finally:
        second.stop()
    lines = after["model"]["log"]["lines"]
    assert any(line.startswith("Wakhan: Zeile") for line in lines)
    assert lines == before["model"]["log"]["lines"][: len(lines)]
    assert all(not english_leftovers(line) for line in lines), [line for line in lines if english_leftovers(line)]
    assert any(line.startswith("Wakhan: line") for line in before_en["model"]["log"]["lines"])


# ---------------------------------------------------------------------------- a real browser


def test_the_lobby_starts_in_the_browser_s_language_and_switches(server: Server, browser: Any) -> None:
    context = browser.new_context(locale="de-DE", viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("#seats select")
    assert page.text_content("#create-button") == "Spiel erstellen"
    assert page.get_attribute("html", "lang") == "de"
    # The seat kinds' descriptions come from the server in the page's language, a moment after the buttons.
    page.wait_for_function("document.querySelector('#seats').innerText.includes('ein Mensch')")
    page.select_option("#lang", "en")
    page.wait_for_function("document.querySelector('#create-button').textContent === 'Create game'")
    page.wait_for_function("document.querySelector('#seats').innerText.includes('a person')")
    assert "ein Mensch" not in page.inner_text("#seats")
    page.reload()  # the choice is remembered in this browser
    page.wait_for_selector("#seats select")
    assert page.text_content("#create-button") == "Create game"
    page.select_option("#lang", "de")
    page.wait_for_function("document.querySelector('#create-button').textContent === 'Spiel erstellen'")
    page.click("#create-button")
    page.wait_for_selector("#play-first")
    assert page.text_content("#play-first").startswith("Jetzt als")
    assert not errors
    context.close()


def test_a_game_page_in_german_end_to_end(server: Server, browser: Any, tmp_path: Path) -> None:
    # Created as the German lobby creates it: unnamed seats are named in German ("Spieler 1").
    r = httpx.post(server.url + "/api/games?lang=de", json={"seats": ["human", "wakhan"], "seed": 7, "bot_delay": 0},
                   timeout=20)
    created = r.json()
    assert created["seats"][0]["name"] == "Spieler 1"
    url = created["seats"][0]["url"]
    context = browser.new_context(locale="de-DE", viewport={"width": 1400, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("document.body.dataset.yours === '1'", timeout=WAIT)
    assert page.text_content("#heading") == "Du bist am Zug"
    assert page.text_content("#prompt").startswith("Deine Entscheidung:")
    labels = page.eval_on_selector_all("#options button", "bs => bs.map(b => b.textContent)")
    assert "Loyal zur Koalition Afghanistan sein" in labels
    page.click("#options button >> nth=0")
    page.wait_for_function("Number(document.body.dataset.seq) > 0 && document.body.dataset.yours === '1'", timeout=WAIT)
    texts = [page.inner_text(sel) for sel in ("#tableinfo", "#players", "#wakhan", "#log", "#decision", "#market-area")]
    leftovers = set().union(*(english_leftovers(t) for t in texts))
    assert not leftovers, leftovers
    assert "Wakhan zieht KI-Karte" in page.inner_text("#log")
    out = Path(__file__).resolve().parent.parent / "test-output"
    out.mkdir(exist_ok=True)
    page.screenshot(path=str(out / "game-de.png"))
    page.select_option("#lang", "en")
    page.wait_for_function("document.querySelector('#prompt').textContent.startsWith('Your decision')", timeout=WAIT)
    page.wait_for_function("document.querySelector('#log').innerText.includes('Wakhan draws AI card')", timeout=WAIT)
    # The switch is a `lang` message: no error from the server, the connection stays live.
    page.wait_for_timeout(300)
    assert page.text_content("#error") == "" and "live" in (page.get_attribute("#conn", "class") or "")
    assert not errors
    context.close()
