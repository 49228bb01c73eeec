"""Learn to play (issue 36) in Debian's Chromium: the guided first game from the lobby to its recap, in English
and in German, left and resumed at the same step; the rules page and its links from the table; learning Wakhan
on her game's page. The learner takes the marked choice at every step (Wakhan plays without pauses: the guided
game is created with ``bot_delay`` 0 through the lobby's own request). Screenshots go to ``test-output/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import DESKTOP, PHONE, WAIT, open_page, require_chromium, shot
from serverkit import ROOT, Server

from paxpamir.server.tutorial import STEPS

require_chromium()

from playwright.sync_api import Browser, Page, Route  # noqa: E402

AXE = ROOT / "tests" / "vendor" / "axe-core" / "axe.min.js"
GUIDED = "localStorage.setItem('paxpamir.prefs', JSON.stringify({speed: 'off'}));"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("tutorial")
    s = Server(str(Path(home) / "games.sqlite3"), home=home)
    yield s
    s.stop()


def fast(route: Route) -> None:
    """The lobby's request for a guided game, with Wakhan deciding at once (the page sends ``{}``)."""
    route.continue_(post_data=json.dumps({"bot_delay": 0}))


def start_from_lobby(browser: Browser, server: Server, lang: str, viewport: dict[str, int] = DESKTOP) -> Page:
    page = open_page(browser, server.url + "/", viewport,
                     init=GUIDED + f"localStorage.setItem('paxpamir.lang', '{lang}');")
    page.route("**/api/tutorial*", lambda route: fast(route) if route.request.method == "POST" else route.continue_())
    page.wait_for_selector("#learn-start")
    page.click("#learn-start")
    page.wait_for_selector("#tutorial:not([hidden]) h2", timeout=WAIT)
    return page


def axe_scan(page: Page) -> list[dict[str, Any]]:
    """Serious or critical accessibility violations (axe-core, as tests/test_browser_table.py scans)."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def step_index(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.tutorial || '-1'"))


def take_marked(page: Page) -> bool:
    """One step of the learner: press "Next" on a step that explains, else take the marked choice (the thing on
    the table when there is one, else its button); False when there is nothing to do now."""
    if page.locator("#tut-next").count():
        page.click("#tut-next")
        return True
    if page.evaluate("document.body.dataset.yours") != "1":
        return False
    before = page.evaluate("document.body.dataset.seq")
    board = page.locator(".tutorial-point:not(#options button)")
    button = page.locator("#options button.tutorial-point")
    if not button.count():
        return False
    label = button.first.inner_text()
    if board.count():
        board.first.click()
        if page.locator("#chooser[open]").count():
            page.locator("#chooser-options button", has_text=label).first.click()
    else:
        button.first.click()
    if page.locator("#confirm[open]").count():
        page.click("#confirm-yes")
    page.wait_for_function("([s]) => document.body.dataset.seq !== s", arg=[before], timeout=WAIT)
    return True


def play_to(page: Page, stop: Any = None, limit: int = 400) -> list[str]:
    """Take the marked choices until the recap (or until ``stop(page)``); the titles of the steps seen. The page
    records each title as it is shown (a step can come and go between two of this loop's looks)."""
    page.evaluate("""() => {
      window.tutorialTitles = [];
      const note = () => {
        const h = document.querySelector("#tutorial h2"), seen = window.tutorialTitles;
        const title = h ? h.textContent : "";
        if (title && seen[seen.length - 1] !== title) seen.push(title);
      };
      note();
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    }""")
    for _ in range(limit):
        if page.locator("#tut-real").count() or (stop is not None and stop(page)):
            break
        if not take_marked(page):
            page.wait_for_timeout(60)
    return list(page.evaluate("window.tutorialTitles"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_whole_guided_game_from_the_lobby_to_the_recap(browser: Browser, server: Server, lang: str) -> None:
    page = start_from_lobby(browser, server, lang)
    assert page.inner_text("#tutorial h2").startswith("Step 1 of" if lang == "en" else "Schritt 1 von")
    shot(page, f"tutorial-welcome-{lang}")
    seen = {"loyalty": False, "market": False}

    def watch(p: Page) -> bool:
        # Screenshots of a step that asks for a move, with its mark on the table.
        title = p.inner_text("#tutorial h2") if p.locator("#tutorial h2").count() else ""
        step = "Step" if lang == "en" else "Schritt"
        for key, word in (("loyalty", f"{step} 2 "), ("market", f"{step} 5 ")):
            if not seen[key] and word in title and p.locator(".tutorial-point").count():
                p.wait_for_timeout(100)
                shot(p, f"tutorial-{key}-{lang}")
                seen[key] = True
        return False

    titles = play_to(page, watch)
    assert page.locator("#tut-real").count(), titles
    assert page.evaluate("document.body.dataset.over") == "1"
    assert len([t for t in titles if t.startswith("Step" if lang == "en" else "Schritt")]) == len(STEPS)
    shot(page, f"tutorial-recap-{lang}")
    if lang == "de":
        text = page.inner_text("#tutorial")
        assert "Partie" in text or "Spiel" in text
    assert not page.errors  # type: ignore[attr-defined]
    # The recap's button opens a real game against two bots.
    page.click("#tut-real")
    page.wait_for_function("document.body.dataset.yours === '1'", timeout=WAIT)
    assert page.locator("#tutorial").is_hidden()
    page.context.close()


def test_the_tutorial_is_left_and_resumed_at_the_same_step(browser: Browser, server: Server) -> None:
    page = start_from_lobby(browser, server, "en", PHONE)
    play_to(page, lambda p: step_index(p) >= 6)
    at = step_index(page)
    text = page.inner_text("#tutorial")
    url = page.url
    shot(page, "tutorial-phone", top=True)
    assert axe_scan(page) == []
    # Hidden and shown again.
    page.click("#tut-hide")
    assert page.locator("#tut-show").count() and not page.locator(".tutorial-point").count()
    page.click("#tut-show")
    # Left for the lobby, which offers to continue; back at the same step.
    page.goto(page.url.split("/g/")[0] + "/")
    page.wait_for_selector("#learn-resume:not([hidden])")
    assert page.get_attribute("#learn-resume", "href") == url
    page.click("#learn-resume")
    page.wait_for_selector("#tutorial:not([hidden]) h2", timeout=WAIT)
    assert step_index(page) == at and page.inner_text("#tutorial") == text
    # The step before can be read again.
    play_to(page, lambda p: p.locator("#tut-again").count() > 0)
    page.click("#tut-again")
    assert page.locator("#tut-back").count()
    page.click("#tut-back")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def learn_buttons(page: Page) -> dict[str, Any]:
    """The lobby's Learn to play buttons: where they are, how tall and how dark (the main one is dark)."""
    return dict(page.evaluate("""() => Object.fromEntries(['learn-resume', 'learn-start', 'rules'].map((id) => {
        const e = document.getElementById(id), r = e.getBoundingClientRect();
        return [id, {shown: !!e.offsetParent, x: r.left, y: r.top, h: r.height, w: r.width, text: e.textContent,
                     bg: getComputedStyle(e).backgroundColor}]; }))"""))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_lobby_offers_to_continue_a_guided_game_first_and_asks_before_replacing_it(
        browser: Browser, server: Server, lang: str) -> None:
    page = start_from_lobby(browser, server, lang, PHONE)
    play_to(page, lambda p: step_index(p) >= 2)
    url = page.url
    page.goto(page.url.split("/g/")[0] + "/")
    page.wait_for_selector("#learn-resume:not([hidden])")
    shot(page, f"lobby-continue-phone-{lang}", top=True)
    found = learn_buttons(page)
    resume, start = found["learn-resume"], found["learn-start"]
    # Continue is the main button: first, dark; starting anew is the plain one beside it, and every one of them
    # is a tap target of at least 44 px on a phone.
    assert resume["shown"] and start["shown"] and (resume["y"], resume["x"]) < (start["y"], start["x"]), found
    assert resume["bg"] == "rgb(61, 47, 30)" and start["bg"] == "rgb(255, 255, 255)", found
    assert all(b["h"] >= 44 and b["w"] >= 44 for b in found.values()), found
    assert resume["text"] == ("Continue your guided game" if lang == "en" else "Deine geführte Partie fortsetzen")
    assert start["text"] == ("Start a new guided game" if lang == "en" else "Neue geführte Partie starten")
    assert axe_scan(page) == []
    # Starting a new one asks first; keeping the game in progress changes nothing.
    page.click("#learn-start")
    page.wait_for_selector("#learn-ask[open]")
    shot(page, f"lobby-ask-phone-{lang}")
    assert page.evaluate("document.activeElement.id") == "learn-keep"
    assert axe_scan(page) == []
    page.click("#learn-keep")
    assert page.locator("#learn-ask[open]").count() == 0 and page.get_attribute("#learn-resume", "href") == url
    # Replacing it starts a new guided game, which Continue then opens.
    page.click("#learn-start")
    page.click("#learn-replace")
    page.wait_for_selector("#tutorial:not([hidden]) h2", timeout=WAIT)
    assert page.url != url and step_index(page) == 0
    new_url = page.url
    page.goto(page.url.split("/g/")[0] + "/")
    page.wait_for_selector("#learn-resume:not([hidden])")
    assert page.get_attribute("#learn-resume", "href") == new_url
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_without_a_guided_game_in_progress_the_lobby_offers_only_to_start_one(browser: Browser,
                                                                              server: Server) -> None:
    page = open_page(browser, server.url + "/", DESKTOP)
    page.wait_for_selector("#learn-start")
    found = learn_buttons(page)
    assert not found["learn-resume"]["shown"] and found["learn-start"]["text"] == "Start the guided game"
    assert found["learn-start"]["bg"] == "rgb(61, 47, 30)" and found["learn-start"]["h"] >= 40, found
    shot(page, "lobby-learn-desktop")
    page.context.close()


def test_the_rules_page_and_its_links_from_the_table(browser: Browser, server: Server) -> None:
    page = open_page(browser, server.url + "/rules#spies")
    page.wait_for_selector("#toc li")
    anchors = page.eval_on_selector_all("main section", "ss => ss.map(s => s.id)")
    assert {s["rules"] for s in STEPS} <= set(anchors)
    assert page.locator("#toc li").count() == len(anchors)
    shot(page, "rules-en")
    assert axe_scan(page) == []
    page.select_option("#lang", "de")
    page.wait_for_function("document.querySelector('#spies h2').textContent.includes('Spione')")
    shot(page, "rules-de")
    page.context.close()
    page = open_page(browser, server.url + "/rules", PHONE)
    page.wait_for_selector("#toc li")
    shot(page, "rules-phone")
    page.context.close()
    created = server.create([{"kind": "human", "name": "Ann"}, "wakhan"], seed=3)
    page = open_page(browser, created["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.yours === '1'", timeout=WAIT)
    hrefs = page.eval_on_selector_all(".rules-q", "as => as.map(a => a.getAttribute('href'))")
    assert any(h.endswith("#favored-suit") for h in hrefs) and any(h.endswith("#dominance") for h in hrefs)
    assert all(h.split("#")[1] in anchors for h in hrefs)
    page.context.close()


def test_learning_wakhan_shows_her_line_her_choice_and_what_she_passed_over(browser: Browser,
                                                                            server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, "wakhan"], seed=5, bot_delay=0)
    page = open_page(browser, created["seats"][0]["url"], init=GUIDED)
    page.wait_for_selector("#wakhan-learn")
    page.check("#wakhan-learn")
    # Ann chooses a loyalty; Wakhan's turn then waits for "Next" after each of her decisions.
    page.wait_for_function("document.body.dataset.yours === '1'", timeout=WAIT)
    page.click("#options button")
    page.wait_for_selector("#wakhan-next:not([hidden])", timeout=WAIT)
    explained = 0
    for _ in range(30):
        if not page.locator("#wakhan-next:not([hidden])").count():
            break
        page.click("#wakhan-next")
        page.wait_for_timeout(50)
        if page.locator("#wakhan-teach .wk-where").count():
            explained += 1
            if (page.locator("#wakhan-next:not([hidden])").count() and page.locator(".card.wk-passed").count()
                    and page.locator(".card.wk-chosen").count()):
                shot(page, "wakhan-teach")
                assert axe_scan(page) == []
    assert explained > 0
    assert page.locator("#wakhan li.wk-line").count() == 1
    assert "line" in page.inner_text("#wakhan-teach")
    assert not page.errors
    page.context.close()


def test_going_on_without_next_and_leaving_the_guided_path(browser: Browser, server: Server) -> None:
    page = start_from_lobby(browser, server, "en")
    # The learner takes the marked loyalty without reading the welcome: both steps are done.
    page.click("#options button.tutorial-point")
    page.wait_for_function("Number(document.body.dataset.tutorial) >= 2", timeout=WAIT)
    play_to(page, lambda p: p.evaluate("document.body.dataset.decision") == "turn"
            and p.evaluate("document.body.dataset.yours") == "1" and not p.locator("#tut-next").count())
    # Another purchase than the marked one leaves the guided path: nothing is marked any more, and the ideas
    # still come when they appear.
    before = step_index(page)
    page.locator("#options button[data-kind='purchase']:not(.tutorial-point)").last.click()
    page.wait_for_function("!document.querySelector('.tutorial-point')", timeout=WAIT)
    for _ in range(12):
        if page.locator("#tut-next").count():
            page.click("#tut-next")
        elif page.evaluate("document.body.dataset.yours") == "1":
            seq = page.evaluate("document.body.dataset.seq")
            kinds = page.eval_on_selector_all("#options button", "bs => bs.map(b => b.dataset.kind)")
            page.locator("#options button").nth(kinds.index("end_turn") if "end_turn" in kinds else 0).click()
            if page.locator("#confirm[open]").count():
                page.click("#confirm-yes")
            page.wait_for_function("([s]) => document.body.dataset.seq !== s", arg=[seq], timeout=WAIT)
        else:
            page.wait_for_timeout(60)
        assert not page.locator(".tutorial-point").count()
    assert step_index(page) > before
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_on_a_phone_each_new_step_comes_into_view_after_a_move_further_down(browser: Browser,
                                                                            server: Server) -> None:
    page = start_from_lobby(browser, server, "en", PHONE)
    play_to(page, lambda p: step_index(p) == 4 and p.locator("#tutorial .tutorial-point, .tutorial-point").count() > 0
            and "The market" in p.inner_text("#tutorial h2"))
    assert "The market" in page.inner_text("#tutorial h2")
    # The marked card lies far down the market on a phone: the learner scrolls to it and buys it.
    card = page.locator(".card.tutorial-point")
    card.scroll_into_view_if_needed()
    assert page.evaluate("document.getElementById('tutorial').getBoundingClientRect().bottom") < 0
    take_marked(page)
    page.wait_for_function("document.querySelector('#tutorial h2').textContent.includes('Two actions')", timeout=WAIT)
    page.wait_for_timeout(100)
    top = page.evaluate("document.querySelector('#tutorial h2').getBoundingClientRect().top")
    assert 0 <= top < PHONE["height"] / 2, top  # the new step is on the screen, not above it
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
