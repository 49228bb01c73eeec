"""Review, hints and the analysis board (issue 35) as a player sees them, in Debian's Chromium driven by
Playwright for Python: from the replay, a "what if" game dealt from your view, and a move played in it; the review
of a finished game (the chart of chances with the Dominance Checks and the mistakes, a click on a point opening
the replay at that decision, the list of decisions); a hint in a practice game. Accessibility scans (axe-core)
of the open dialogs; screenshots at 1400x900 and 390x844 in ``test-output/``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browserkit import DESKTOP, PHONE, WAIT, close, open_page, require_chromium, seq, shot, wait_my_turn
from serverkit import ROOT, Server, bearer

require_chromium()

from playwright.sync_api import Browser, Page  # noqa: E402

AXE = ROOT / "tests" / "vendor" / "axe-core" / "axe.min.js"
BUDGETS = {"PAXPAMIR_REVIEW_LINES": "2", "PAXPAMIR_HINT_LINES": "4"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("review-browser")
    s = Server(str(home / "games.sqlite3"), home=home, args=("--workers", "2"), env=BUDGETS)
    yield s
    s.stop()


def axe_scan(page: Page) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def test_from_the_replay_a_what_if_game_is_dealt_and_played(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=6)
    ann = open_page(browser, created["seats"][0]["url"])
    bea = open_page(browser, created["seats"][1]["url"])
    for _ in range(3):  # a few decisions, each by whoever decides
        for page in (ann, bea):
            page.wait_for_function("Number(document.body.dataset.seq ?? -1) >= 0", timeout=WAIT)
        page = ann if ann.evaluate("document.body.dataset.yours") == "1" else bea
        before = seq(page)
        page.click("#options button >> nth=0")
        page.wait_for_function("([n]) => Number(document.body.dataset.seq) > n", arg=[before], timeout=WAIT)
    ann.wait_for_function("Number(document.body.dataset.seq) >= 3", timeout=WAIT)
    # The replay, one step back, then "Play from here".
    ann.click("#replay-toggle")
    ann.wait_for_function("document.body.dataset.replay === '3'", timeout=WAIT)
    ann.click("#rp-prev")
    ann.wait_for_function("document.body.dataset.replay === '2'", timeout=WAIT)
    ann.click("#rp-analyse")
    ann.wait_for_selector("#analysis[open]")
    assert "2" in ann.inner_text("#analysis-title") and "What if" in ann.inner_text("#analysis-note")
    assert ann.input_value("#analysis-seats select[data-seat='0']") == "human"
    ann.select_option("#analysis-seats select[data-seat='1']", "heuristic")
    assert axe_scan(ann) == []
    shot(ann, "review-what-if-dialog")
    ann.click("#analysis-start")
    ann.wait_for_selector("#analysis-play")
    links = ann.eval_on_selector_all("#analysis-links a", "as => as.map(a => a.href)")
    assert all(created["game"] not in link for link in links)  # a new game, links of its own
    ann.click("#analysis-play")
    wait_my_turn(ann)
    mark = ann.inner_text("#analysis-mark")
    assert "What if" in mark and "2" in mark and ann.is_visible("#analysis-mark")
    before = seq(ann)
    ann.click("#options button >> nth=0")
    ann.wait_for_function("([n]) => Number(document.body.dataset.seq) > n", arg=[before], timeout=WAIT)
    shot(ann, "review-what-if-game")
    # The original game did not move.
    assert bea.evaluate("document.body.dataset.seq") == "3"
    close(ann, bea)


def finished(server: Server, seed: int) -> dict[str, Any]:
    created = server.create(["heuristic", "heuristic:easy"], seed=seed)
    deadline = time.monotonic() + 120
    while not server.state(created["game"], created["creator"]["token"])["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    return created


def test_the_review_of_a_finished_game_shows_the_chart_and_the_mistakes(browser: Browser, server: Server) -> None:
    created = finished(server, 12)
    page = open_page(browser, created["spectator"]["url"])
    page.wait_for_function("document.body.dataset.over === '1'", timeout=WAIT)
    page.wait_for_selector("#review-toggle:not([hidden])")
    page.click("#review-toggle")
    page.wait_for_selector("#review[open]")
    page.wait_for_selector("#review .review-svg circle.pt", timeout=180_000)
    points = page.locator("#review .review-svg circle.pt").count()
    mistakes = page.locator("#review .review-svg circle.pt.mistake").count()
    assert points > 20 and mistakes >= 1
    assert page.locator("#review .review-svg line.check").count() >= 1  # the Dominance Checks
    assert page.locator("#review .review-svg polyline").count() == 2  # a line per player
    assert page.locator("#review-list li").count() == points
    assert page.locator("#review-list li.mistake .rv-mistake").count() == mistakes
    first = page.locator("#review-list li.mistake").first
    assert first.locator(".rv-why").inner_text() and first.locator(".rv-better").count() == 1
    assert axe_scan(page) == []
    shot(page, "review-desktop")
    page.check("#review-only")
    assert page.locator("#review-list li").count() == mistakes
    # A click on a point: the replay at that decision.
    dot = page.locator("#review .review-svg circle.pt.mistake").first
    step = int(dot.get_attribute("data-step") or "-1")
    dot.click()
    page.wait_for_function("([s]) => document.body.dataset.replay === String(s)", arg=[step], timeout=WAIT)
    assert page.is_hidden("#review") or not page.locator("#review[open]").count()
    assert page.inner_text("#rp-label").startswith(f"{step} /")
    shot(page, "review-replay-at-mistake")
    close(page)
    # On a phone, the same review (kept: at once).
    phone = open_page(browser, created["creator"]["url"], PHONE)
    phone.wait_for_function("document.body.dataset.over === '1'", timeout=WAIT)
    phone.click("#review-toggle")
    phone.wait_for_selector("#review .review-svg circle.pt", timeout=WAIT)
    # The chart is drawn at its width on the phone: its labels stay readable (not a desktop drawing shrunk to half).
    ticks = phone.eval_on_selector_all("#review .review-svg text.tick",
                                       "ts => ts.map(t => t.getBoundingClientRect().height)")
    assert ticks and min(ticks) >= 9, ticks
    shot(phone, "review-phone")
    phone.evaluate("document.querySelector('#review-list').scrollIntoView()")
    shot(phone, "review-phone-list")
    close(phone)


def test_a_hint_in_a_practice_game(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, "heuristic"], seed=14)
    for viewport, name in ((DESKTOP, "review-hint-desktop"), (PHONE, "review-hint-phone")):
        page = open_page(browser, created["seats"][0]["url"], viewport)
        wait_my_turn(page)
        page.wait_for_selector("#hint:not([hidden])")
        page.click("#hint")
        page.wait_for_selector("#hints ol li", timeout=WAIT)
        best = page.locator("#hints ol li").count()
        assert 1 <= best <= 3 and "%" in page.inner_text("#hints ol li >> nth=0")
        labels = page.eval_on_selector_all("#options button", "bs => bs.map(b => b.textContent)")
        assert page.inner_text("#hints ol li b >> nth=0") in labels
        page.locator("#hints").scroll_into_view_if_needed()
        assert axe_scan(page) == []
        shot(page, name)
        # Decided: the hint goes.
        before = seq(page)
        page.click("#options button >> nth=0")
        if page.locator("#confirm[open]").count():
            page.click("#confirm-yes")
        page.wait_for_function("([n]) => Number(document.body.dataset.seq) > n", arg=[before], timeout=WAIT)
        assert page.is_hidden("#hints")
        close(page)
    # A game of two people without hints has no Hint button.
    people = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=14)
    page = open_page(browser, people["seats"][0]["url"])
    page.wait_for_function("Number(document.body.dataset.seq ?? -1) >= 0", timeout=WAIT)
    assert page.is_hidden("#hint")
    close(page)


def test_during_a_game_a_player_reviews_their_own_decisions(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, "heuristic"], seed=15)
    page = open_page(browser, created["seats"][0]["url"])
    for _ in range(3):
        wait_my_turn(page)
        before = seq(page)
        page.click("#options button >> nth=0")
        if page.locator("#confirm[open]").count():
            page.click("#confirm-yes")
        page.wait_for_function("([n]) => Number(document.body.dataset.seq) > n", arg=[before], timeout=WAIT)
    wait_my_turn(page)
    assert page.inner_text("#review-toggle") == "Review my play"
    page.click("#review-toggle")
    page.wait_for_selector("#review .review-svg circle.pt", timeout=120_000)
    assert page.inner_text("#review-title") == "Your decisions so far"
    assert page.locator("#review .review-svg polyline").count() == 1  # only Ann's chances: the bot's hand is hidden
    seats = page.eval_on_selector_all("#review-list li", "ls => ls.map(l => l.querySelector('.pc').textContent)")
    assert seats and set(seats) == {"1"}
    shot(page, "review-own-decisions")
    # Spectators have no such button before the end.
    watcher = open_page(browser, created["spectator"]["url"])
    watcher.wait_for_function("Number(document.body.dataset.seq ?? -1) >= 0", timeout=WAIT)
    assert watcher.is_hidden("#review-toggle")
    close(page, watcher)


TOOLS = ("#replay-toggle", "#whatif-toggle", "#review-toggle", "#rules-link", "#prefs-toggle", "#lang")


def on_screen(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return (page.is_visible(selector) and box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= PHONE["width"] + 0.5)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_on_a_phone_a_what_if_game_with_hints_keeps_a_two_row_top_bar_and_wide_options(browser: Browser,
                                                                                      server: Server,
                                                                                      lang: str) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=16)
    made = httpx.post(f"{server.url}/api/games/{created['game']}/analysis",
                      headers=bearer(created["seats"][0]["token"]),
                      json={"seats": ["human", "heuristic"], "hints": True}, timeout=60).json()
    init = f"localStorage.setItem('paxpamir.lang', '{lang}');"
    page = open_page(browser, made["seats"][0]["url"], PHONE, init=init, has_touch=True, is_mobile=True)
    wait_my_turn(page)
    page.wait_for_selector("#hint:not([hidden])")
    page.wait_for_timeout(200)  # the top bar is fitted on the next frame
    assert page.is_visible("#analysis-mark") and page.is_visible("#hints-mark")
    # The title on one row, the marks and the tools on one more: the tools that do not fit wait in "More".
    bar = page.locator("#topbar").bounding_box()
    assert bar is not None and bar["height"] <= 2 * 44 + 16, bar
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]  # the page does not scroll sideways
    # Nothing a player needs is hidden off screen: nothing in the bar scrolls sideways, every mark and tool shown
    # lies on the screen, and the others are in the menu, on the screen once it is open.
    assert page.evaluate("""() => [...document.querySelectorAll('#topbar, #topbar *')]
        .every((e) => e.scrollWidth <= e.clientWidth + 1 || getComputedStyle(e).overflowX === 'visible')""")
    assert on_screen(page, "#analysis-mark") and on_screen(page, "#hints-mark")
    wanted = [t for t in TOOLS if page.get_attribute(t, "hidden") is None]
    assert {"#replay-toggle", "#rules-link", "#prefs-toggle", "#lang"} <= set(wanted)
    folded = [t for t in wanted if page.locator(f"#tools-menu {t}").count()]
    assert all(on_screen(page, t) for t in wanted if t not in folded)
    assert folded and on_screen(page, "#tools-more"), folded  # a what-if game with hints: not all of them fit
    assert page.get_attribute("#tools-more", "aria-expanded") == "false"
    page.click("#tools-more")
    assert page.get_attribute("#tools-more", "aria-expanded") == "true"
    assert all(on_screen(page, t) for t in folded), folded
    assert all(page.locator(t).bounding_box()["height"] >= 44 for t in folded)  # type: ignore[index]
    shot(page, f"review-what-if-phone-menu-{lang}", top=True)
    assert axe_scan(page) == []
    page.keyboard.press("Escape")  # closes the menu, the focus back on its button
    assert page.is_hidden("#tools-menu") and page.evaluate("document.activeElement.id") == "tools-more"
    # A tool taken from the menu works and closes it.
    page.click("#tools-more")
    page.click("#prefs-toggle")
    page.wait_for_selector("#prefs[open]")
    assert page.is_hidden("#tools-menu")
    page.click("#prefs button[value=close]")
    # The decision's tools (actions used, Undo, Hint) sit under the options, which keep the decision's width.
    options, tools = page.locator("#option-list").bounding_box(), page.locator("#decision-tools").bounding_box()
    decision = page.locator("#decision").bounding_box()
    assert options and tools and decision
    assert tools["y"] >= options["y"] + options["height"] - 1 and options["width"] >= 0.85 * decision["width"]
    # Each row of option buttons fills that width: no ragged edge, a wider target for a thumb.
    rows: dict[int, float] = {}
    for button in page.locator("#option-list > button").all():
        box = button.bounding_box()
        assert box is not None
        rows[round(box["y"])] = max(rows.get(round(box["y"]), 0.0), box["x"] + box["width"])
    assert rows and all(abs(right - options["x"] - options["width"]) <= 2 for right in rows.values()), (rows, options)
    shot(page, f"review-what-if-phone-{lang}", top=True)
    close(page)


def test_on_a_phone_a_game_without_marks_keeps_its_tools_in_the_top_bar_and_the_replay_plays(
        browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=17)
    page = open_page(browser, created["seats"][0]["url"], PHONE, has_touch=True, is_mobile=True)
    page.wait_for_function("document.body.dataset.seq !== undefined", timeout=WAIT)
    page.wait_for_timeout(200)
    bar = page.locator("#topbar").bounding_box()
    assert bar is not None and bar["height"] <= 2 * 44 + 16, bar
    for tool in TOOLS:
        if page.get_attribute(tool, "hidden") is None and not page.locator(f"#tools-menu {tool}").count():
            assert on_screen(page, tool), tool
    # The replay's play button draws its icon (the fonts have no ⏵) and says what it does.
    if page.locator("#tools-menu #replay-toggle").count():
        page.click("#tools-more")
    page.click("#replay-toggle")
    page.wait_for_selector("#replay:not([hidden])")
    box = page.locator("#rp-play svg.icon-play").bounding_box()
    assert box is not None and box["width"] >= 14 and box["height"] >= 14, box
    assert page.get_attribute("#rp-play", "aria-label") == "Play" and not page.inner_text("#rp-play").strip()
    shot(page, "replay-phone", top=True)
    page.click("#rp-play")
    assert page.locator("#rp-play svg.icon-pause").count() == 1
    assert page.get_attribute("#rp-play", "aria-label") == "Pause"
    page.click("#rp-play")
    assert page.locator("#rp-play svg.icon-play").count() == 1
    close(page)
