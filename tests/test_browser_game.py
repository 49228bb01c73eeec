"""The browser board in a real browser: Playwright for Python driving Debian's Chromium (/usr/bin/chromium).

These tests run when ``PAMIR_TEST_BROWSER=1`` is set or Chromium is installed at /usr/bin/chromium; with
``PAMIR_TEST_BROWSER=1`` and no Chromium they fail (CI must not skip them silently). No browser is downloaded.
Screenshots go to ``test-output/`` (desktop 1400×900 and phone 390×844).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    DESKTOP,
    PHONE,
    WAIT,
    click_and_wait,
    close,
    kinds,
    open_page,
    require_chromium,
    seq,
    shot,
    wait_my_turn,
)
from serverkit import Server

require_chromium()

from playwright.sync_api import Browser, Page  # noqa: E402


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(str(tmp_path / "games.sqlite3"), home=tmp_path)
    yield s
    s.stop()



def market_cards(page: Page) -> list[int]:
    return [int(c) for c in page.eval_on_selector_all("#market .card[data-card]", "cs => cs.map(c => c.dataset.card)")]


# ---------------------------------------------------------------------------- one human against bots


def test_one_human_plays_a_whole_game_by_clicking_on_the_table(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}, {"kind": "random"}],
                            seed=SEED)
    page = open_page(browser, created["seats"][0]["url"])
    wait_my_turn(page)
    done: dict[str, Any] = {"purchase": False, "undo": False, "play": False, "map_action": False, "bribe": False,
                            "screens": False, "side": False}
    turns = 0
    for _ in range(3000):
        if page.evaluate("document.body.dataset.over") == "1":
            break
        k = kinds(page)
        decision = page.evaluate("document.body.dataset.decision")
        if decision == "turn":
            turns += 1
        if decision == "turn" and "purchase" in k and not done["purchase"]:
            # A purchase by clicking the market card, then an undo puts it back, then the purchase again.
            card = page.get_attribute("#market .card.target", "data-card")
            click_and_wait(page, f"#market .card.target[data-card='{card}']")
            assert card is not None and int(card) not in market_cards(page)
            assert page.locator(f"#hand .card[data-card='{card}']").count() == 1
            click_and_wait(page, "#undo")
            assert int(card) in market_cards(page) and page.locator("#hand .card").count() == 0
            done["undo"] = True
            click_and_wait(page, f"#market .card.target[data-card='{card}']")
            done["purchase"] = True
            continue
        if decision == "turn" and "play" in k:
            # A hand card, then the side of the court.
            card = page.get_attribute("#hand .card.target", "data-card")
            click_and_wait(page, f"#hand .card.target[data-card='{card}']")
            if page.evaluate("document.body.dataset.decision") == "side":  # a court with cards: which end
                click_and_wait(page, ".sidebtn")
                done["side"] = True
            if page.locator(f"[data-court='0'] .card[data-card='{card}']").count() == 1:
                done["play"] = True
            continue
        if decision == "turn" and not done["map_action"] and page.locator(".court .act.usable.target").count():
            # A card action from its icon in the court; its target chosen on the map when it has one there.
            click_and_wait(page, ".court .act.usable.target")
            if page.locator("#map .target").count():
                before = seq(page)
                page.locator("#map .target").first.click()
                if page.locator("#chooser[open]").count():
                    page.locator("#chooser-options button").first.click()
                wait_my_turn(page, before)
                done["map_action"] = True
            continue
        if decision in ("bribe_pay", "bribe_demand") or "pay" in k or "refuse" in k:
            done["bribe"] = True
            text = page.inner_text("#prompt")
            assert "ribe" in text or "ask" in text.lower()
        if not done["screens"] and done["play"] and turns > 25:
            shot(page, "board-desktop", top=True)
            page.set_viewport_size(PHONE)  # type: ignore[arg-type]
            shot(page, "board-phone", top=True)
            page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]
            done["screens"] = True
        if decision == "turn" and "purchase" in k and page.locator("#hand .card").count() < 2:
            click_and_wait(page, "#market .card.target")
            continue
        # Everything else: the option buttons (on a turn: end it).
        if decision == "turn" and page.evaluate("document.body.dataset.yours") == "1" and "end_turn" in k:
            click_and_wait(page, "#options button[data-kind='end_turn']")
        else:
            click_and_wait(page, "#options button")
    assert page.evaluate("document.body.dataset.over") == "1", "the game did not end"
    # The last Dominance Check and the end were announced in a banner, not only in the log.
    assert page.locator("#banner p.banner-dominance_check").count() >= 1
    page.wait_for_selector("#results:not([hidden]) table", timeout=WAIT)
    results = page.inner_text("#results")
    assert "Final scores" in results and "Ann" in results and "Dominance Check" in results
    assert page.locator("#results svg.chart").count() == 3
    shot(page, "results-desktop", top=True)
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    shot(page, "results-phone", top=True)
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]
    # A card named in the log shows the card on hover, and its full reference on a click.
    name = page.locator("#log .cardname").last
    name.hover()
    assert page.locator("#tip:not([hidden]) .card").count() == 1
    name.click()
    number = name.get_attribute("data-card")
    assert page.locator("#cardref[open]").count() == 1
    assert f"(card {number}" in page.inner_text("#cardref-body")
    shot(page, "card-reference", top=True)
    page.click("#cardref button[value=close]")
    assert done == {"purchase": True, "undo": True, "play": True, "map_action": True, "bribe": True, "screens": True,
                    "side": True}
    assert not page.errors  # type: ignore[attr-defined]

    # The replay of the finished game: step back to the start and forward, the log in step, any seat's view.
    page.click("#replay-toggle")
    page.wait_for_function("document.body.dataset.replay !== ''", timeout=WAIT)
    page.click("#rp-first")
    page.wait_for_function("document.body.dataset.replay === '0'", timeout=WAIT)
    first_lines = page.locator("#log li").count()
    assert page.locator(".court .card").count() == 0
    for _ in range(5):
        page.click("#rp-next")
    page.wait_for_function("document.body.dataset.replay === '5'", timeout=WAIT)
    assert page.locator("#log li").count() > first_lines
    page.select_option("#rp-as", "1")
    page.wait_for_function("document.body.dataset.as === '1'", timeout=WAIT)
    page.click("#rp-last")
    page.wait_for_function("document.body.dataset.replay !== '5'", timeout=WAIT)
    assert page.locator("#replay").is_visible()
    shot(page, "replay-desktop", top=True)
    page.close()


#: A seed where the human is asked about a bribe during the game.
SEED = int(os.environ.get("PAMIR_BROWSER_SEED", "3"))


# ---------------------------------------------------------------------------- two humans


def test_two_humans_each_see_only_their_own_hand(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=2)
    pages = [open_page(browser, s["url"]) for s in created["seats"]]
    for _ in range(12):
        mover = next((p for p in pages if p.evaluate("document.body.dataset.yours") == "1"), None)
        if mover is None:
            pages[0].wait_for_timeout(200)
            continue
        k = kinds(mover)
        if "purchase" in k and mover.locator("#hand .card").count() == 0:
            click_and_wait_any(mover, "#market .card.target")
        elif "end_turn" in k:
            click_and_wait_any(mover, "#options button[data-kind='end_turn']")
        else:
            click_and_wait_any(mover, "#options button")
        if all(p.locator("#hand .card").count() for p in pages):
            break
    hands = [set(p.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.card)")) for p in pages]
    assert hands[0] and hands[1] and not hands[0] & hands[1]
    # Each sees the other's hand size but not the cards.
    for me, page in enumerate(pages):
        other = 1 - me
        text = page.inner_text(f"#players [data-player='{other}']")
        assert re.search(r"Hand [1-9]", text)
        shown = set(page.eval_on_selector_all("#hand [data-card], #hand-area [data-card]",
                                              "cs => cs.map(c => c.dataset.card)"))
        assert shown == hands[me] and page.inner_text("#hand-area").count("Bea:") == 0
    for page in pages:
        assert not page.errors  # type: ignore[attr-defined]
        page.close()


def test_a_click_reaches_every_page_as_one_message_each_and_no_page_asks_for_more(browser: Browser,
                                                                                  server: Server) -> None:
    """One option walked from a click to every page's update: the move goes down the websocket, and each page
    (both players and a spectator) gets one `state` message with its own view model, draws it, and fetches
    nothing (protocol 2: no GET of the model after a move)."""
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=2)
    urls = [s["url"] for s in created["seats"]] + [created["spectator"]["url"]]
    fetched: list[list[str]] = [[] for _ in urls]
    states: list[list[dict[str, Any]]] = [[] for _ in urls]
    pages = []
    for i, url in enumerate(urls):
        page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
        page.errors = []  # type: ignore[attr-defined]
        page.on("pageerror", lambda e, page=page: page.errors.append(str(e)))  # type: ignore[attr-defined]
        page.on("websocket", lambda ws, i=i: ws.on("framereceived", lambda data, i=i: states[i].append(
            json.loads(data)) if '"type":"state"' in data else None))
        page.on("request", lambda r, i=i: fetched[i].append(r.url) if "/api/games/" in r.url else None)
        page.goto(url)
        page.wait_for_function("Number(document.body.dataset.seq ?? -1) >= 0", timeout=WAIT)
        pages.append(page)
    mover = next(p for p in pages if p.evaluate("document.body.dataset.yours") == "1")
    label = mover.inner_text("#options button >> nth=0")
    for i in range(len(pages)):
        states[i].clear()
        fetched[i].clear()
    mover.click("#options button >> nth=0")
    for page in pages:
        page.wait_for_function("Number(document.body.dataset.seq) === 1", timeout=WAIT)
    pages[0].wait_for_timeout(300)  # anything more a page would ask for or be sent
    assert fetched == [[] for _ in pages], fetched
    assert [[m["seq"] for m in got] for got in states] == [[1], [1], [1]]
    for i, got in enumerate(states):
        message = got[0]
        assert message["protocol"] == 2 and message["model"]["seat"] == (i if i < 2 else None)
        assert message["log"] and message["model"]["log"]["lines"] == []  # new lines once, beside the model
    coalition = label.split()[-2]  # "Be loyal to the Afghan coalition"
    assert all(coalition in page.inner_text("#log") for page in pages)  # the new line is drawn on every page
    for page in pages:
        assert not page.errors  # type: ignore[attr-defined]
        page.close()


def click_and_wait_any(page: Page, selector: str) -> None:
    before = seq(page)
    page.click(selector)
    if page.locator("#confirm[open]").count():
        page.click("#confirm-yes")
    page.wait_for_function("([n]) => Number(document.body.dataset.seq) > n", arg=[before], timeout=WAIT)


# ---------------------------------------------------------------------------- reload and reconnect


def test_a_reload_mid_turn_and_a_server_restart_show_the_same_game(browser: Browser, tmp_path: Path) -> None:
    database = str(tmp_path / "games.sqlite3")
    server = Server(database, home=tmp_path)
    try:
        created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=4)
        page = open_page(browser, created["seats"][0]["url"])
        wait_my_turn(page)
        while "purchase" not in kinds(page):
            click_and_wait(page, "#options button")
        # By keyboard: the market card is focused and taken with Enter.
        card = page.get_attribute("#market .card.target", "data-card")
        before_seq = seq(page)
        page.focus(f"#market .card.target[data-card='{card}']")
        page.keyboard.press("Enter")
        wait_my_turn(page, before_seq)
        before = (seq(page), page.inner_text("#prompt"))
        page.reload()
        wait_my_turn(page)
        assert (seq(page), page.inner_text("#prompt")) == before
        assert page.locator(f"#hand .card[data-card='{card}']").count() == 1
        # The server stops and starts again on the same port and database: the page reconnects by itself.
        server.stop()
        page.wait_for_selector("#conn.down", timeout=WAIT)
        # Meanwhile a choice, or a line said at the table, is not lost without a word: the page says it was not sent.
        page.click("#options button")
        assert "Not connected: that was not sent" in page.inner_text("#error") and seq(page) == before[0]
        page.fill("#chat-input", "still there?")
        page.press("#chat-input", "Enter")
        assert "Not connected: your line was not sent" in page.inner_text("#chat-error")
        assert page.input_value("#chat-input") == "still there?"  # kept, to be sent again
        server = Server(database, port=server.port, home=tmp_path)
        page.wait_for_selector("#conn.live", timeout=WAIT)
        page.wait_for_function("document.getElementById('error').textContent === ''", timeout=WAIT)
        assert seq(page) == before[0] and page.locator(f"#hand .card[data-card='{card}']").count() == 1
        click_and_wait(page, "#options button[data-kind='end_turn']")
        assert seq(page) > before[0]
        assert not page.errors  # type: ignore[attr-defined]
        page.close()
    finally:
        server.stop()


def test_a_link_the_server_refuses_says_so_and_does_not_pretend_to_reconnect(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=4)
    url = created["seats"][0]["url"]
    page = open_page(browser, url.split("#")[0] + "#not-a-token-of-this-game")
    page.wait_for_function("document.getElementById('heading').textContent.includes('does not open this game')",
                           timeout=WAIT)
    # No "reconnecting" badge and no empty table under the message: the link will not work by waiting.
    page.wait_for_selector("#conn", state="hidden", timeout=WAIT)
    assert page.locator("#table").is_hidden()
    # Nor tools that need a seat's link.
    for tool in ("#replay-toggle", "#whatif-toggle", "#review-toggle"):
        assert page.locator(tool).is_hidden(), tool
    page.wait_for_timeout(1500)  # a retry would show the badge again
    assert page.locator("#conn").is_hidden() and page.locator("#table").is_hidden()
    # The right link, in the same browser, opens the table.
    good = open_page(browser, url)
    wait_my_turn(good)
    assert good.locator("#table").is_visible() and good.locator("#conn.live").is_visible()
    assert good.locator("#replay-toggle").is_visible() and good.locator("#whatif-toggle").is_visible()
    close(page, good)


# ---------------------------------------------------------------------------- lobby


def test_the_lobby_creates_a_game_remembers_it_and_opens_it(browser: Browser, server: Server) -> None:
    page = open_page(browser, server.url + "/")
    page.wait_for_selector("#seats select")
    page.fill("input[name=seed]", "7")
    page.fill("input[name=bot_delay]", "0")
    page.click("#create-button")
    page.wait_for_selector("#links:not([hidden]) #play-first")
    assert page.locator("#mine a").count() >= 1
    page.click("#play-first")
    wait_my_turn(page)
    assert page.locator("#map polygon[data-region]").count() == 6
    assert page.locator("#map [data-border]").count() == 9
    page.goto(server.url + "/")
    page.wait_for_selector("#mine a")
    assert page.locator("#mine li").count() >= 2
    assert not page.errors  # type: ignore[attr-defined]
    page.close()


def test_the_lobby_creates_a_game_against_improved_wakhan(browser: Browser, server: Server) -> None:
    page = open_page(browser, server.url + "/")
    page.wait_for_selector("#seats select")
    page.click("#remove")  # two seats: a person and Wakhan
    assert not page.is_visible("#wakhan-variants")  # asked only when a seat is Wakhan
    page.select_option("#seats .seat:nth-child(2) select", "wakhan")
    assert page.is_visible("#wakhan-variants")
    page.select_option("select[name=wakhan_preset]", "improved")
    assert page.is_checked("input[name=spy_movement]") and page.is_checked("input[name=steadfast_loyalty]")
    page.uncheck("input[name=steadfast_loyalty]")
    assert page.input_value("select[name=wakhan_preset]") == "custom"
    page.fill("input[name=bot_delay]", "0")
    page.click("#create-button")
    page.wait_for_selector("#links:not([hidden]) #play-first")
    page.click("#play-first")
    page.wait_for_selector("#wakhan:not([hidden])")
    page.wait_for_function("document.querySelector('#wakhan').textContent.includes('Variants:')")
    text = page.locator("#wakhan").inner_text()
    assert "Variants: Savvy Purchasing, Spy Movement." in text, text
    # After the person's loyalty, Wakhan plays her first turn: her AI card reads in the board's words.
    wait_my_turn(page)
    page.locator("#options button").first.click()
    page.wait_for_function("document.querySelector('#wakhan').textContent.includes('Face up: AI card')")
    text = page.locator("#wakhan").inner_text()
    assert "Arrows: market column" in text and ("top row, left end" in text or "bottom row, right end" in text)
    assert "topLeft" not in text and "bottomRight" not in text, text
    assert not page.errors  # type: ignore[attr-defined]
    page.close()
