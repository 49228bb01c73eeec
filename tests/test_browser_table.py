"""The table as a player sees it (issue 31), in Debian's Chromium driven by Playwright for Python.

One screen at 1400×900 and 1920×1080 (the main zones inside the viewport, measured), tap targets of at least
44×44 CSS pixels on a phone, a click on a piece reaching the region or border under it, the confirmation before a
play that changes your loyalty, no animation under reduced motion, an accessibility scan (axe-core, vendored in
tests/vendor/axe-core) of the lobby and the game page, and the bugs of issue 31, each with its test. Screenshots
go to ``test-output/``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browserkit import (
    DESKTOP,
    PHONE,
    WAIT,
    WIDE,
    click_and_wait,
    kinds,
    open_page,
    require_chromium,
    seq,
    shot,
    wait_my_turn,
)
from serverkit import ROOT, Server

AXE = ROOT / "tests" / "vendor" / "axe-core" / "axe.min.js"

require_chromium()

from playwright.sync_api import Browser, Page  # noqa: E402


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(str(tmp_path / "games.sqlite3"), home=tmp_path)
    yield s
    s.stop()



def plain_step(page: Page) -> None:
    """One ordinary decision: a purchase while the hand is small, a play, else end the turn or the first option."""
    k = kinds(page)
    if page.locator("#hand .card.target").count():
        click_and_wait(page, "#hand .card.target")
    elif "purchase" in k and page.locator("#hand .card").count() < 2 and page.locator("#market .card.target").count():
        click_and_wait(page, "#market .card.target")
    elif "end_turn" in k:
        click_and_wait(page, "#options button[data-kind='end_turn']")
    else:
        click_and_wait(page, "#options button")


def boxes(page: Page, selectors: list[str]) -> dict[str, Any]:
    return dict(page.evaluate(
        "sels => Object.fromEntries(sels.map(s => { const e = document.querySelector(s);"
        " if (!e) return [s, null]; const r = e.getBoundingClientRect();"
        " return [s, {x: r.left, y: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height}]; }))",
        selectors))


def mid_game(browser: Browser, server: Server, viewport: dict[str, int] = DESKTOP, decisions: int = 14,
             **context: Any) -> Page:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}, {"kind": "random"}], seed=3)
    page = open_page(browser, created["seats"][0]["url"], viewport, **context)
    wait_my_turn(page)
    for _ in range(decisions):
        if page.evaluate("document.body.dataset.over") == "1":
            break
        plain_step(page)
    return page


# ---------------------------------------------------------------------------- one screen


MAIN_ZONES = ["#map", "#market", "#hand-area", "#my-court", "#players", "#decision", "#log-area", "#courts .tabs"]


@pytest.mark.parametrize("viewport", [DESKTOP, WIDE], ids=["1400x900", "1920x1080"])
def test_the_main_zones_are_inside_one_desktop_screen(browser: Browser, server: Server,
                                                      viewport: dict[str, int]) -> None:
    page = mid_game(browser, server, viewport)
    page.wait_for_timeout(300)
    found = boxes(page, MAIN_ZONES)
    for sel, box in found.items():
        assert box is not None and box["w"] > 0 and box["h"] > 0, (sel, box)
        assert box["x"] >= 0 and box["y"] >= 0, (sel, box)
        assert box["right"] <= viewport["width"] + 0.5 and box["bottom"] <= viewport["height"] + 0.5, (sel, box)
    # The page itself does not scroll; the latest log line is in view.
    assert page.evaluate("document.scrollingElement.scrollHeight") <= viewport["height"]
    last = page.locator("#log li").last.bounding_box()
    log = found["#log-area"]
    assert last is not None and log["y"] <= last["y"] and last["y"] + last["height"] <= log["bottom"] + 1
    shot(page, f"table-{viewport['width']}x{viewport['height']}")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_against_wakhan_her_ai_card_the_log_and_the_chat_fit_the_left_column(browser: Browser,
                                                                           server: Server) -> None:
    """Wakhan's AI card (up to ten lines) scrolls within a few lines rather than push the log and the table talk
    below the screen's edge at 1400x900."""
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "wakhan"}], seed=7)
    page = open_page(browser, created["seats"][0]["url"], DESKTOP)
    wait_my_turn(page)
    for _ in range(14):
        plain_step(page)
    page.wait_for_timeout(300)
    found = boxes(page, ["#wakhan", "#log-area", "#chat-area", "#chat-input"])
    for sel, box in found.items():
        assert box is not None and box["h"] > 0, (sel, box)
        assert box["bottom"] <= DESKTOP["height"] + 0.5, (sel, box)
    assert found["#wakhan"]["h"] >= 60  # her card's first lines stay readable
    # Nothing of the column is hidden below its edge.
    assert page.evaluate("(c => c.scrollHeight <= c.clientHeight + 1)(document.getElementById('col-map'))")
    shot(page, "table-wakhan-1400x900")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def measure_targets(page: Page) -> list[dict[str, Any]]:
    """Every tap target on the page now: lit targets (map included), option buttons, side and tool buttons."""
    return list(page.evaluate("""() => [...document.querySelectorAll(
        '.target, #options button, #decision-tools button:not([hidden]), .sidebtn, .tabs button, ' +
        '#topbar button, #topbar select')]
        .filter(e => e.getClientRects().length)
        .map(e => { const r = e.getBoundingClientRect();
          return {what: e.dataset.region || e.dataset.border || e.dataset.card || e.dataset.kind || e.id
                        || e.className.baseVal || e.className,
                  w: r.width, h: r.height}; })"""))


def test_every_phone_target_is_at_least_44_pixels_and_options_do_not_scroll(browser: Browser,
                                                                           server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}, {"kind": "random"}], seed=3)
    page = open_page(browser, created["seats"][0]["url"], PHONE, has_touch=True, is_mobile=True)
    wait_my_turn(page)
    measured = 0
    map_targets = 0
    for _ in range(40):
        if page.evaluate("document.body.dataset.over") == "1":
            break
        targets = measure_targets(page)
        small = [t for t in targets if t["w"] < 43.5 or t["h"] < 43.5]
        assert not small, small
        measured += len(targets)
        map_targets += page.locator("#map .target").count()
        # The options are never hidden in a small scrolling box.
        assert page.evaluate("(() => { const o = document.querySelector('#option-list');"
                             " return o.scrollHeight <= o.clientHeight + 1; })()")
        if page.locator("#map .target").count() and map_targets < 50:
            shot(page, "phone-map-targets", full=True)
        plain_step(page)
    assert measured > 50 and map_targets > 0
    shot(page, "table-phone", full=True)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_end_your_turn_stays_in_view_when_a_turn_offers_a_dozen_options(browser: Browser, server: Server) -> None:
    """At 1400x900 the options' list scrolls within a few rows (a shadow at its foot says more lies below);
    "End your turn" stays outside it, in view, and ends the turn."""
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}, {"kind": "random"}], seed=3)
    page = open_page(browser, created["seats"][0]["url"], DESKTOP)
    wait_my_turn(page)
    for _ in range(30):
        k = kinds(page)
        if page.evaluate("document.body.dataset.decision") == "turn" and len(k) >= 12:
            break
        if "purchase" in k and page.locator("#market .card.target").count():
            click_and_wait(page, "#market .card.target")
        else:
            click_and_wait(page, "#options button[data-kind='end_turn']" if "end_turn" in k else "#options button")
    else:
        raise AssertionError("no turn with a dozen options")
    page.wait_for_timeout(200)
    list_box = boxes(page, ["#option-list"])["#option-list"]
    assert page.evaluate("(o => o.scrollHeight > o.clientHeight + 1)(document.getElementById('option-list'))")
    assert page.locator("#option-list.more").count() == 1
    end = page.locator("#options button[data-kind='end_turn']")
    box = end.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= list_box["bottom"]
    # Nothing covers it: the point at its centre is the button itself.
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.dataset.kind",
                         [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]) == "end_turn"
    shot(page, "table-many-options-1400x900")
    # The Tab key goes the way the eye does: from the list's last option to "End your turn" beside its top, then to
    # the decision's tools (Undo, Hint) under it.
    column = page.evaluate(
        "() => [...document.querySelectorAll('#decision button')]"
        ".filter(b => b.offsetParent && !b.closest('#option-list'))"
        ".map(b => [b.id || b.dataset.kind, b.getBoundingClientRect().top])")
    assert column[0][0] == "end_turn" and len(column) >= 2, column
    assert [top for _, top in column] == sorted(top for _, top in column), column
    page.locator("#option-list button").last.focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.kind") == "end_turn"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == column[1][0]
    # Scrolled to its foot, the list no longer says more.
    page.evaluate("(o => { o.scrollTop = o.scrollHeight; })(document.getElementById('option-list'))")
    page.wait_for_function("!document.querySelector('#option-list.more')", timeout=WAIT)
    before = seq(page)
    end.click()
    if page.locator("#confirm[open]").count():
        page.click("#confirm-yes")
    page.wait_for_function("([s]) => Number(document.body.dataset.seq) > s", arg=[before], timeout=WAIT)
    # The next decision shows its list from the top.
    wait_my_turn(page, before)
    assert page.evaluate("document.getElementById('option-list').scrollTop") == 0
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


# ---------------------------------------------------------------------------- the map


def test_a_click_on_a_piece_acts_on_the_region_or_border_under_it(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}, {"kind": "random"}], seed=3)
    page = open_page(browser, created["seats"][0]["url"])
    wait_my_turn(page)
    clicked = False
    checked = 0
    for _ in range(400):
        if page.evaluate("document.body.dataset.over") == "1":
            break
        # Whatever lies under the middle of a piece is its region or border, never the piece.
        under = page.evaluate("""() => [...document.querySelectorAll('#map .piece:not(.removed)')].map(p => {
            const r = p.getBoundingClientRect();
            const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return {want: p.dataset.regionOf || p.dataset.borderOf,
                    got: e && (e.dataset.region || e.dataset.border)}; })""")
        for u in under:
            assert u["want"] == u["got"], u
        checked += len(under)
        target = page.evaluate("""() => { for (const p of document.querySelectorAll('#map .piece:not(.removed)')) {
            const site = p.dataset.regionOf ? `#map .region.target[data-region='${p.dataset.regionOf}']`
                                            : `#map .border-spot.target[data-border='${p.dataset.borderOf}']`;
            if (document.querySelector(site)) { const r = p.getBoundingClientRect();
              return {x: r.x + r.width / 2, y: r.y + r.height / 2, site: p.dataset.regionOf || p.dataset.borderOf}; } }
            return null; }""")
        if target and not clicked:
            before = seq(page)
            page.mouse.click(target["x"], target["y"])
            if page.locator("#chooser[open]").count():
                page.locator("#chooser-options button").first.click()
            if page.locator("#confirm[open]").count():
                page.click("#confirm-yes")
            wait_my_turn(page, before)
            clicked = True
            break
        k = kinds(page)
        if page.locator(".court .act.usable.target").count() and "end_turn" in k:
            click_and_wait(page, ".court .act.usable.target")
        else:
            plain_step(page)
    assert clicked, "no piece lay on a target in this game"
    assert checked > 0
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


# ---------------------------------------------------------------------------- guardrails


def test_a_play_that_changes_loyalty_asks_first_and_names_what_is_lost(browser: Browser, server: Server) -> None:
    cards = httpx.get(server.url + "/api/cards", timeout=20).json()["cards"]
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}, {"kind": "random"}], seed=3)
    page = open_page(browser, created["seats"][0]["url"])
    wait_my_turn(page)
    click_and_wait(page, "#options button")  # loyal to the first coalition offered
    mine = None
    asked = False
    for _ in range(300):
        if page.evaluate("document.body.dataset.over") == "1":
            break
        badge = page.locator("#players [data-player='0'] .loyal .badge")
        mine = (badge.get_attribute("title") or "").lower() if badge.count() else None
        hand = page.eval_on_selector_all("#hand .card.target", "cs => cs.map(c => c.dataset.card)")
        foreign = [n for n in hand if cards[n].get("patriot") and cards[n]["patriot"] != mine]
        if foreign and mine:
            card = foreign[0]
            before = seq(page)
            page.click(f"#hand .card.target[data-card='{card}']")
            page.wait_for_selector("#confirm[open]")
            text = page.inner_text("#confirm-text")
            assert "loyal to the" in text and cards[card]["name"] in text
            assert "You lose" in text or "no patriots" in text
            shot(page, "loyalty-confirmation")
            page.click("#confirm-no")  # nothing is sent
            page.wait_for_timeout(400)
            assert seq(page) == before and page.locator(f"#hand .card[data-card='{card}']").count() == 1
            click_and_wait(page, f"#hand .card.target[data-card='{card}']")  # now yes
            asked = True
            break
        k = kinds(page)
        market = page.eval_on_selector_all("#market .card.target", "cs => cs.map(c => c.dataset.card)")
        wanted = [n for n in market if cards[n].get("patriot") and cards[n]["patriot"] != mine]
        if "purchase" in k and wanted and page.locator("#hand .card").count() < 3:
            click_and_wait(page, f"#market .card.target[data-card='{wanted[0]}']")
        elif page.locator("#hand .card.target").count() and not foreign:
            click_and_wait(page, "#hand .card.target")
        elif "end_turn" in k:
            click_and_wait(page, "#options button[data-kind='end_turn']")
        else:
            click_and_wait(page, "#options button")
    assert asked, "no patriot of another coalition came to hand"
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


# ---------------------------------------------------------------------------- motion


def test_nothing_moves_under_reduced_motion(browser: Browser, server: Server) -> None:
    page = mid_game(browser, server, DESKTOP, decisions=6, reduced_motion="reduce")
    assert page.evaluate("document.body.dataset.speed") == "off"
    running = page.evaluate("document.getAnimations().length")
    assert running == 0
    plain_step(page)
    page.wait_for_timeout(50)
    assert page.evaluate("document.getAnimations().length") == 0
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_changes_are_animated_when_motion_is_allowed(browser: Browser, server: Server) -> None:
    page = mid_game(browser, server, DESKTOP, decisions=0)
    assert page.evaluate("document.body.dataset.speed") == "normal"
    seen = page.evaluate("""() => new Promise(done => {
        let most = 0; const t0 = performance.now();
        (function look() { most = Math.max(most, document.getAnimations().length);
          if (performance.now() - t0 > 6000 || most > 0) done(most); else requestAnimationFrame(look); })(); })""")
    # The first decisions place nothing yet: play on until something arrives somewhere.
    for _ in range(12):
        if seen:
            break
        plain_step(page)
        seen = page.evaluate("document.getAnimations().length")
    assert seen > 0
    page.context.close()


# ---------------------------------------------------------------------------- accessibility


def axe_scan(page: Page) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def test_no_serious_accessibility_violation_on_the_lobby_and_the_game_page(browser: Browser,
                                                                           server: Server) -> None:
    page = open_page(browser, server.url + "/")
    page.wait_for_selector("#seats select")
    assert axe_scan(page) == []
    page.context.close()
    page = mid_game(browser, server, DESKTOP, decisions=10)
    page.wait_for_timeout(1200)  # the animations are over
    assert axe_scan(page) == []
    page.context.close()


# ---------------------------------------------------------------------------- bugs of issue 31


def test_players_show_no_loyalty_before_choosing_and_wakhan_has_no_hand(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, "wakhan"], seed=3)
    page = open_page(browser, created["seats"][0]["url"])
    wait_my_turn(page)
    me = page.inner_text("#players [data-player='0']")
    assert "loyal to all" not in me and "no loyalty yet" in me
    wakhan = page.inner_text("#players [data-player='1']")
    assert "Hand" not in wakhan and "loyal to all" in wakhan
    # Wakhan's AI card names market columns: the market numbers them 1-6.
    assert page.eval_on_selector_all("#market .cost .colnum", "cs => cs.map(c => c.textContent)") == \
        ["1", "2", "3", "4", "5", "6"]
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_spectator_s_replay_offers_no_seat_of_its_own(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=3)
    page = open_page(browser, created["spectator"]["url"])
    page.wait_for_function("Number(document.body.dataset.seq ?? -1) >= 0", timeout=WAIT)
    page.click("#replay-toggle")
    page.wait_for_function("document.body.dataset.replay !== ''", timeout=WAIT)
    options = page.eval_on_selector_all("#rp-as option", "os => os.map(o => [o.value, o.textContent])")
    assert ["", "my seat"] not in options and options[0][0] == "public"
    assert page.evaluate("document.body.dataset.as") == "public"
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_two_tabs_racing_read_a_sentence_not_sequence_numbers(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=3)
    url = created["seats"][0]["url"]
    # The second tab keeps its socket at hand, to answer an old decision as a slow tab would.
    init = ("(() => { const send = WebSocket.prototype.send;"
            " WebSocket.prototype.send = function (d) { window.__socket = this; return send.call(this, d); }; })()")
    first = open_page(browser, url)
    second = open_page(browser, url)
    for page in (first, second):
        page.add_init_script(init)
        page.reload()
        wait_my_turn(page)
    option = second.evaluate("document.querySelector('#options button').dataset.index")
    before = seq(first)
    click_and_wait(first, "#options button")
    second.wait_for_function(f"Number(document.body.dataset.seq) > {before}", timeout=WAIT)
    assert option is not None
    stale = json.dumps({"type": "move", "seq": before, "option": ["loyalty", "afghan"]})
    second.evaluate("m => window.__socket.send(m)", stale)
    second.wait_for_function("document.querySelector('#error').textContent !== ''", timeout=WAIT)
    text = second.inner_text("#error")
    assert "first" in text and not re.search(r"\d", text), text
    for page in (first, second):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_the_seat_form_sends_only_what_changed(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=3)
    page = open_page(browser, created["seats"][0]["url"])
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda data: sent.append(json.loads(data))))
    page.reload()
    wait_my_turn(page)
    page.click("#prefs-toggle")
    assert page.input_value("#name") == "Ann"  # the form shows the seat's name, not an empty box
    page.fill("#name", "Anna")
    page.click("#save")
    page.fill("#webhook", "https://example.com/hook")
    page.click("#save")
    seat = [m for m in sent if m.get("type") == "seat"]
    assert seat == [{"type": "seat", "name": "Anna"}, {"type": "seat", "webhook": "https://example.com/hook"}], seat
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_log_numbers_above_99_keep_every_digit(browser: Browser, server: Server) -> None:
    page = mid_game(browser, server, DESKTOP, decisions=2)
    room = page.evaluate("""() => { const log = document.querySelector('#log'); const li = log.querySelector('li');
        const c = document.createElement('canvas').getContext('2d'); c.font = getComputedStyle(li).font;
        return parseFloat(getComputedStyle(log).paddingLeft) - c.measureText('999. ').width; }""")
    assert room >= 0
    page.context.close()


# ---------------------------------------------------------------------------- preferences, Wakhan, replay


def test_wakhan_s_turn_step_by_step_and_her_arrows_on_the_market(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, "wakhan"], seed=3)
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    context.add_init_script("localStorage.setItem('paxpamir.prefs', JSON.stringify({wakhanSteps: true}))")
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))  # type: ignore[attr-defined]
    page.goto(created["seats"][0]["url"])
    wait_my_turn(page)
    page.click("#options button")  # loyalty: then Wakhan plays her turn
    page.wait_for_selector("#wakhan-next:not([hidden])", timeout=WAIT)
    steps = 0
    while steps < 40:
        # Her next step waits behind "Next", or her turn is over (the server sends her steps as they are made, so
        # the button may hide for a moment while the next ones are on their way).
        page.wait_for_function("document.querySelector('#wakhan-next:not([hidden])')"
                               " || document.body.dataset.yours === '1' || document.body.dataset.over === '1'",
                               timeout=WAIT)
        if not page.locator("#wakhan-next:not([hidden])").count():
            break
        shown = seq(page)
        page.click("#wakhan-next")
        page.wait_for_function("([n]) => Number(document.body.dataset.seq) > n", arg=[shown], timeout=WAIT)
        steps += 1
        if steps == 1:
            # Her AI card's arrows point at a market column, numbered as she names it.
            page.wait_for_selector("#market .cost.wakhan-arrow", timeout=WAIT)
            column = page.get_attribute("#market .cost.wakhan-arrow", "data-column")
            assert column is not None and f"market column {column}" in page.inner_text("#wakhan")
            shot(page, "wakhan-steps")
    assert steps >= 2  # her turn was shown in several steps, not at once
    wait_my_turn(page, 1)
    assert not page.errors  # type: ignore[attr-defined]
    context.close()


def test_preferences_are_kept_and_the_replay_jumps_by_turns(browser: Browser, server: Server) -> None:
    page = mid_game(browser, server, DESKTOP, decisions=12)
    page.click("#prefs-toggle")
    page.select_option("#pref-cardSize", "large")
    page.select_option("#pref-speed", "off")
    page.click("#prefs button[value=close]")
    assert page.evaluate("document.body.dataset.cardSize") == "large"
    page.reload()
    wait_my_turn(page)
    assert page.evaluate("[document.body.dataset.cardSize, document.body.dataset.speed]") == ["large", "off"]
    # The replay: to the start, then a whole turn on at once, then back.
    page.click("#replay-toggle")
    page.wait_for_function("document.body.dataset.replay !== ''", timeout=WAIT)
    page.click("#rp-first")
    page.wait_for_function("document.body.dataset.replay === '0'", timeout=WAIT)
    page.click("#rp-next-turn")
    page.wait_for_function("document.body.dataset.replay !== '0' && !document.body.dataset.jumping", timeout=WAIT)
    first = int(page.evaluate("document.body.dataset.replay"))
    page.click("#rp-next-turn")
    page.wait_for_function(f"Number(document.body.dataset.replay) > {first} && !document.body.dataset.jumping",
                           timeout=WAIT)
    assert int(page.evaluate("document.body.dataset.replay")) > first + 1 or first > 1
    page.click("#rp-play")
    at = int(page.evaluate("document.body.dataset.replay"))
    page.wait_for_function(f"Number(document.body.dataset.replay) > {at}", timeout=WAIT)
    page.click("#rp-play")  # pause
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_your_turn_rings_and_notifies_when_the_page_is_hidden(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=3)
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    context.grant_permissions(["notifications"])
    # The browser's notifications and sound, recorded; the page is in a background tab.
    context.add_init_script("""
        localStorage.setItem('paxpamir.prefs', JSON.stringify({sound: true, notify: true}));
        window.__told = []; window.__rang = 0;
        window.Notification = class { constructor(title, o) { window.__told.push(o.body); }
                                      static get permission() { return 'granted'; } };
        const Real = window.AudioContext;
        window.AudioContext = class extends Real {
          createOscillator() { window.__rang += 1; return super.createOscillator(); } };
        Object.defineProperty(document, 'hidden', {get: () => true});""")
    page = context.new_page()
    page.goto(created["seats"][0]["url"])
    wait_my_turn(page)
    page.errors = []  # type: ignore[attr-defined]
    for _ in range(20):  # until the bot has moved and the turn comes back to Ann
        if page.evaluate("window.__told.length"):
            break
        plain_step(page)
    page.wait_for_function("window.__told.length > 0", timeout=WAIT)
    assert page.evaluate("window.__told")[0] == "Your turn" and page.evaluate("window.__rang") > 0
    context.close()


def test_a_card_shows_large_on_hover_from_the_market_and_the_prompt(browser: Browser, server: Server) -> None:
    page = mid_game(browser, server, DESKTOP, decisions=1)
    card = page.get_attribute("#market .card[data-card]", "data-card")
    page.hover(f"#market .card[data-card='{card}']")
    page.wait_for_selector(f"#tip:not([hidden]) .card[data-card='{card}']", timeout=WAIT)
    assert page.locator("#tip .card .head .name").inner_text() == page.locator(
        f"#market .card[data-card='{card}'] .name").inner_text()
    page.mouse.move(2, 890)
    page.wait_for_selector("#tip[hidden]", state="attached")
    # An option naming a card shows it too.
    button = page.locator("#options button").first
    target = page.evaluate("document.querySelector('#options button').textContent")
    button.hover()
    if re.search(r"\(\d+\)", target):
        page.wait_for_selector("#tip:not([hidden]) .card", timeout=WAIT)
        # Shown below the decision: it covers none of the options (the player reads on while it is shown).
        covered = page.evaluate("""() => {
          const t = document.getElementById("tip").getBoundingClientRect();
          const list = document.getElementById("option-list").getBoundingClientRect();
          return [...document.querySelectorAll("#options button, #decision-tools button")].filter((b) => {
            const r = b.getBoundingClientRect();  // an option of the scrolling list: as far as the list shows it
            const top = b.closest("#option-list") ? Math.max(r.top, list.top) : r.top;
            const bottom = b.closest("#option-list") ? Math.min(r.bottom, list.bottom) : r.bottom;
            return r.width && top < bottom && r.left < t.right && t.left < r.right && top < t.bottom && t.top < bottom;
          }).map((b) => b.textContent);
        }""")
        assert covered == []
    # Colour-blind patterns: a preference that draws patterns on the coalitions' blocks.
    page.click("#prefs-toggle")
    page.check("#pref-patterns")
    page.click("#prefs button[value=close]")
    assert page.evaluate("document.body.classList.contains('patterns')")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
