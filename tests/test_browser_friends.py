"""Online with friends (issue 32) as the page shows it, in Debian's Chromium driven by Playwright for Python: the
table talk (live between pages and a spectator, markup shown as text, the unread mark, the replay's earlier lines),
a seat handed to a bot by the creator and given back, the clock, the rematch, the lobby's "Your games"; and two
leftovers of issue 31: the long press that shows a card large on a touch screen, and a piece that moves across
the map. Screenshots go to ``test-output/``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browserkit import DESKTOP, PHONE, WAIT, close, open_page, require_chromium, seq, shot, wait_my_turn
from serverkit import Server

EVIL = "<img src=x onerror=\"window.__pwned=1\"> Kabul is <b>mine</b> @Bea"

require_chromium()

from playwright.sync_api import Browser, Page  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("friends")
    s = Server(str(home / "games.sqlite3"), home=home)
    yield s
    s.stop()


def shown(page: Page) -> None:
    page.wait_for_function("Number(document.body.dataset.seq ?? -1) >= 0", timeout=WAIT)


def say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def chat_texts(page: Page) -> list[str]:
    return list(page.eval_on_selector_all("#chat li[data-chat] .chat-text", "ls => ls.map(l => l.textContent)"))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# ---------------------------------------------------------------------------- table talk


def test_the_table_talks_live_as_plain_text_and_spectators_only_read(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=3)
    ann = open_page(browser, created["seats"][0]["url"])
    bea = open_page(browser, created["seats"][1]["url"], PHONE)
    watcher = open_page(browser, created["spectator"]["url"])
    for page in (ann, bea, watcher):
        shown(page)
    assert watcher.locator("#chat-form").is_hidden() and "read" in watcher.inner_text("#chat-note")
    assert ann.locator("#chat-input").is_visible() and ann.get_attribute("#chat-input", "maxlength") == "500"
    say(ann, EVIL)
    for page in (ann, bea, watcher):
        page.wait_for_function("document.querySelectorAll('#chat li[data-chat]').length === 1", timeout=WAIT)
        assert chat_texts(page) == [EVIL]  # the markup as text
        assert page.locator("#chat img, #chat b:not(.chat-name)").count() == 0
        assert page.evaluate("window.__pwned") is None
        head = page.inner_text("#chat li[data-chat] .chat-head")
        assert "Ann" in head and page.get_attribute("#chat li[data-chat] time", "datetime")
    assert ann.input_value("#chat-input") == ""  # sent and emptied
    say(bea, "Deal: you take Herat")
    ann.wait_for_function("document.querySelectorAll('#chat li[data-chat]').length === 2", timeout=WAIT)
    assert chat_texts(watcher) == [EVIL, "Deal: you take Herat"] or watcher.wait_for_function(
        "document.querySelectorAll('#chat li[data-chat]').length === 2", timeout=WAIT)
    # A page opened later gets the whole chat at once.
    late = open_page(browser, created["seats"][1]["url"])
    late.wait_for_function("document.querySelectorAll('#chat li[data-chat]').length === 2", timeout=WAIT)
    # A line the server refuses says why, under the input.
    ann.evaluate("document.querySelector('#chat-input').removeAttribute('maxlength')")
    say(ann, "x" * 501)
    assert "500" in ann.inner_text("#chat-error")
    say(ann, "ring\x07bell")  # a control character: the server refuses it (bad_chat)
    # The server's answer (bad_chat: control characters) replaces the page's own note about the length.
    ann.wait_for_function("document.querySelector('#chat-error').textContent.includes('control')", timeout=WAIT)
    assert "500" not in ann.inner_text("#chat-error") and len(chat_texts(ann)) == 2
    shot(ann, "chat-desktop")
    bea.locator("#chat-area").scroll_into_view_if_needed()
    shot(bea, "chat-phone")
    close(ann, bea, watcher, late)


def test_lines_arriving_unseen_are_counted_until_seen(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=3)
    ann = open_page(browser, created["seats"][0]["url"])
    bea = open_page(browser, created["seats"][1]["url"])
    shown(ann), shown(bea)
    bea.click("#chat-toggle")  # collapsed
    assert bea.locator("#chat-body").is_hidden()
    say(ann, "one")
    say(ann, "two")
    bea.wait_for_function("document.body.dataset.unread === '2'", timeout=WAIT)
    assert bea.inner_text("#chat-unread") == "2 new" and bea.locator("#chat-jump").is_visible()
    shot(bea, "chat-unread")
    bea.click("#chat-jump")  # opens the chat: seen
    bea.wait_for_function("document.body.dataset.unread === '0'", timeout=WAIT)
    assert bea.locator("#chat-unread").is_hidden() and bea.locator("#chat-jump").is_hidden()
    assert chat_texts(bea) == ["one", "two"]
    # Ann's own lines are never unread for her.
    assert ann.evaluate("document.body.dataset.unread || '0'") == "0"
    close(ann, bea)


LINES_IN_SIGHT = """() => { const box = document.querySelector('#chat').getBoundingClientRect();
  return [...document.querySelectorAll('#chat li[data-chat]')].filter(l => { const r = l.getBoundingClientRect();
    return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }).length; }"""
LAST_LOG_LINE_IN_SIGHT = """() => { const log = document.querySelector('#log').getBoundingClientRect();
  const last = document.querySelector('#log li:last-child').getBoundingClientRect();
  return last.top >= log.top - 1 && last.bottom <= log.bottom + 1; }"""


def test_a_talking_table_gets_room_for_its_chat_beside_the_log(browser: Browser, server: Server) -> None:
    # Three seats at 1400x900: the left column is full of map and players. A quiet chat leaves the height to the
    # log; once the table talks, chat and log share it, and both show their newest lines.
    created = server.create([{"kind": "human", "name": n} for n in ("Ann", "Bea", "Cy")], seed=5)
    ann = open_page(browser, created["seats"][0]["url"], DESKTOP)
    shown(ann)
    height = "s => document.querySelector(s).getBoundingClientRect().height"
    assert ann.evaluate(f"({height})('#chat-area')") < ann.evaluate(f"({height})('#log-area')")
    for line in ("Who takes Kabul?", "Not me: Herat", "@Bea you leave Punjab alone", "Fine."):
        say(ann, line)
    ann.wait_for_function("document.querySelectorAll('#chat li[data-chat]').length === 4", timeout=WAIT)
    ann.wait_for_function(f"({LINES_IN_SIGHT})() >= 3", timeout=WAIT)  # it showed one and a half
    ann.wait_for_function(f"({LAST_LOG_LINE_IN_SIGHT})()", timeout=WAIT)
    assert ann.evaluate("document.scrollingElement.scrollHeight") <= DESKTOP["height"]
    shot(ann, "chat-three-seats-desktop")
    close(ann)


def step(page: Page, at: int) -> None:
    page.evaluate("at => { const s = document.querySelector('#rp-step'); s.value = String(at);"
                  " s.dispatchEvent(new Event('input')); }", at)
    page.wait_for_function(f"document.body.dataset.replay === '{at}'", timeout=WAIT)


def test_the_replay_shows_only_the_lines_said_by_its_step(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=3)
    ann = open_page(browser, created["seats"][0]["url"])
    wait_my_turn(ann)
    say(ann, "before any move")
    ann.wait_for_function("document.body.dataset.chatLines === '1'", timeout=WAIT)
    before = seq(ann)
    ann.click("#options button")  # loyalty; the bot plays its turn
    wait_my_turn(ann, before)
    say(ann, "after some moves")
    ann.wait_for_function("document.body.dataset.chatLines === '2'", timeout=WAIT)
    ann.click("#replay-toggle")
    ann.wait_for_function("document.body.dataset.replay !== ''", timeout=WAIT)
    assert before < seq(ann)
    # At the step the first line was said: that line only; a step earlier (if any), none.
    step(ann, before)
    assert chat_texts(ann) == ["before any move"]
    assert ann.locator("#chat-form").is_hidden()  # nothing is said into the past
    if before > 0:
        step(ann, before - 1)
        assert chat_texts(ann) == [] and "Nothing was said" in ann.inner_text("#chat")
    ann.click("#rp-last")
    ann.wait_for_function("document.body.dataset.replay !== '0'", timeout=WAIT)
    assert chat_texts(ann) == ["before any move", "after some moves"]
    close(ann)


# ---------------------------------------------------------------------------- games that never stall


def test_the_creator_hands_a_seat_to_a_bot_and_gives_it_back(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=8)
    game = created["game"]
    away = server.state(game, created["creator"]["token"])["to_move"]
    creator = open_page(browser, created["creator"]["url"])
    seat = open_page(browser, created["seats"][away]["url"])
    other = open_page(browser, created["seats"][1 - away]["url"])
    wait_my_turn(seat)
    shown(creator), shown(other)
    select = f"#players .let-bot[data-seat='{away}']"
    creator.wait_for_selector(select, timeout=WAIT)
    assert other.locator(".let-bot").count() == 0 and seat.locator(".let-bot").count() == 0  # the creator's only
    assert "human" not in creator.eval_on_selector_all(f"{select} option", "os => os.map(o => o.value)")
    creator.select_option(select, "random")
    for page in (creator, seat, other):
        page.wait_for_selector(f"#players [data-player='{away}'] .played-by[data-played-by='random']", timeout=WAIT)
        assert "played by the random bot" in page.inner_text(f"#players [data-player='{away}']")
    seat.wait_for_function("document.querySelector('#prompt').textContent.includes('A bot plays your seat now')",
                           timeout=WAIT)
    assert seat.locator("#options button").count() == 0 and seat.evaluate("document.body.dataset.yours") == "0"
    shot(creator, "seat-handed-creator")
    shot(seat, "seat-handed-seat")
    creator.click(f"#players .give-back[data-seat='{away}']")
    for page in (creator, seat, other):
        page.wait_for_selector(f"#players [data-player='{away}'] .played-by", state="detached", timeout=WAIT)
    assert server.state(game, created["creator"]["token"])["players"][away]["played_by"] is None
    close(creator, seat, other)


def test_the_clock_shows_the_time_left_for_the_decision(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=3, clock=3600)
    ann = open_page(browser, created["seats"][0]["url"])
    wait_my_turn(ann)
    ann.wait_for_selector("#clock:not([hidden])", timeout=WAIT)
    text = ann.inner_text("#clock")
    assert text.startswith("Clock:") and "left" in text and ("59 min" in text or "1 h" in text), text
    assert 3000 < int(ann.evaluate("document.body.dataset.clock")) <= 3600
    shot(ann, "clock")
    close(ann)
    # No clock, nothing shown.
    plain = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=3)
    page = open_page(browser, plain["seats"][0]["url"])
    wait_my_turn(page)
    assert page.locator("#clock").is_hidden()
    close(page)


def test_the_rematch_button_leads_to_the_new_game(browser: Browser, server: Server) -> None:
    created = server.create(["random", "random"], seed=None)
    game = created["game"]
    watcher = open_page(browser, created["spectator"]["url"])
    creator = open_page(browser, created["creator"]["url"])
    creator.wait_for_function("document.body.dataset.over === '1'", timeout=120_000)
    creator.wait_for_selector("#rematch:not([hidden])", timeout=WAIT)
    assert creator.inner_text("#rematch") == "Rematch"
    creator.wait_for_selector("#results .rematch-results", timeout=WAIT)
    shot(creator, "rematch-results")
    creator.click("#rematch")
    creator.wait_for_url(lambda url: f"/g/{game}" not in url, timeout=WAIT)
    shown(creator)  # the new game (its bots play it at once: it may be over already)
    new = creator.url.split("/g/")[1].split("#")[0]
    assert new != game and "This link does not open" not in creator.inner_text("#heading")
    # Another page of the old game hears of it and joins with its own link.
    watcher.wait_for_function("document.querySelector('#rematch').textContent.includes('A rematch is ready')",
                              timeout=WAIT)
    watcher.click("#rematch")
    watcher.wait_for_url(lambda url: f"/g/{new}" in url, timeout=WAIT)
    shown(watcher)
    assert "Watching" in watcher.inner_text("#status")
    close(creator, watcher)


# ---------------------------------------------------------------------------- the lobby


def test_the_lobby_marks_your_turn_and_news_and_creates_games_with_a_clock(browser: Browser,
                                                                        server: Server) -> None:
    mine = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=8)
    game = mine["game"]
    to_move = server.state(game, mine["creator"]["token"])["to_move"]
    waiting = mine["seats"][1 - to_move]
    moving = mine["seats"][to_move]
    quiet = server.create([{"kind": "human", "name": "Cy"}, {"kind": "human", "name": "Di"}], seed=9)
    # This browser holds the links of the seat to move, the seat that waits, and a game it has seen all of.
    remembered = [{"url": moving["url"], "game": game, "label": "Mover", "when": 1},
                  {"url": quiet["spectator"]["url"], "game": quiet["game"], "label": "spectator", "when": 1},
                  {"url": waiting["url"], "game": game, "label": "Waiter", "when": 1}]
    httpx.post(f"{server.url}/api/games/{game}/chat", json={"text": "hello"}, headers=bearer(moving["token"]))
    seen = {game: {"seq": 0, "chat": 0}, quiet["game"]: {"seq": 0, "chat": 0}}
    init = (f"localStorage.setItem('paxpamir.games', {json.dumps(json.dumps(remembered))});"
            f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
            f" localStorage.setItem('paxpamir.seen', {json.dumps(json.dumps(seen))}); }}")
    lobby = open_page(browser, server.url + "/", init=init)
    lobby.wait_for_selector("#mine li.your-turn", timeout=WAIT)
    rows = lobby.locator("#mine li")
    assert rows.count() == 3
    first, second, third = (rows.nth(i) for i in range(3))
    assert "your turn" in first.inner_text() and "your turn" not in third.inner_text()
    assert "your-turn" not in (third.get_attribute("class") or "")
    assert first.locator(".mark.news").count() == 1 and "1 new chat line" in first.inner_text()  # the chat grew
    assert second.locator(".mark.news").count() == 0  # nothing happened there
    shot(lobby, "lobby-your-games")
    # Opening the game marks it seen: back in the lobby, no news.
    page = open_page(browser, moving["url"])
    page.wait_for_function("document.body.dataset.chatLines === '1'", timeout=WAIT)
    seen_now = page.evaluate("JSON.parse(localStorage.getItem('paxpamir.seen'))")
    assert seen_now[game]["chat"] == 1
    close(page)
    # A new game with a clock and spectators who may write.
    lobby.fill("input[name=bot_delay]", "0")
    lobby.select_option("select[name=clock]", "minutes")
    lobby.fill("input[name=clock_minutes]", "90")
    lobby.check("input[name=spectator_chat]")
    sent: list[Any] = []
    lobby.on("request", lambda r: sent.append(r.post_data_json) if r.url.split("?")[0].endswith("/api/games") else None)
    lobby.click("#create-button")
    lobby.wait_for_selector("#links:not([hidden]) #play-first", timeout=WAIT)
    assert sent and sent[0]["clock"] == 5400 and sent[0]["spectator_chat"] is True
    close(lobby)


# ---------------------------------------------------------------------------- issue 31 leftovers


def test_a_long_press_on_a_market_card_shows_it_large_and_buys_nothing(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=3)
    page = open_page(browser, created["seats"][0]["url"], PHONE, has_touch=True, is_mobile=True)
    wait_my_turn(page)
    page.click("#options button")  # loyalty: then the market's cards are targets
    wait_my_turn(page, 0)
    card = page.locator("#market .card.target").first
    card.scroll_into_view_if_needed()
    n = card.get_attribute("data-card")
    box = card.bounding_box()
    assert box is not None
    before = seq(page)
    cdp = page.context.new_cdp_session(page)
    point = [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.wait_for_timeout(650)  # held: the large card is there while the finger still rests on the card
    assert page.locator(f"#tip:not([hidden]) .card[data-card='{n}']").count() == 1
    shot(page, "long-press-phone")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(500)
    assert seq(page) == before and page.locator("#confirm[open], #chooser[open]").count() == 0  # nothing bought
    close(page)


SPY = """(() => { const Real = window.WebSocket;
  window.WebSocket = class extends Real { constructor(...a) { super(...a); window.__ws = this;
    this.addEventListener('message', (ev) => {
      const m = JSON.parse(ev.data); if (m.type === 'state') window.__last = m; }); } }; })()"""

def spied_page(browser: Browser, server: Server, motion: str) -> Page:
    """Ann's page of a new game against a random bot, its socket spied on (SPY), at her first decision; with
    ``motion == "reduced"`` the browser asks for reduced motion."""
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "random"}], seed=3)
    extra = {"reduced_motion": "reduce"} if motion == "reduced" else {}
    page = open_page(browser, created["seats"][0]["url"], init=SPY, **extra)
    wait_my_turn(page)
    return page


# Two made-up updates, as the server would send them: an Afghan army appears in Kabul, then moves to Herat.
MOVE = """(async () => {
  const ws = window.__ws, last = window.__last;
  const next = (s, f) => { const m = JSON.parse(JSON.stringify(s));
    m.seq = s.seq + 1; m.log_from = 1e6; m.log = []; m.decision = null;
    m.model.options = []; m.model.your_decision = false; f(m.model); return m; };
  const one = next(last, (v) => { v.regions.kabul.armies.afghan = (v.regions.kabul.armies.afghan || 0) + 1; });
  ws.onmessage({ data: JSON.stringify(one) });
  await new Promise((r) => setTimeout(r, 1500));
  const two = next(one, (v) => { v.regions.kabul.armies.afghan -= 1;
    v.regions.herat.armies.afghan = (v.regions.herat.armies.afghan || 0) + 1; });
  ws.onmessage({ data: JSON.stringify(two) });
  return two.seq; })()"""


@pytest.mark.parametrize("motion", ["allowed", "reduced"])
def test_a_piece_that_moves_travels_along_the_map(browser: Browser, server: Server, motion: str) -> None:
    page = spied_page(browser, server, motion)
    done = page.evaluate(MOVE)
    page.wait_for_function(f"document.body.dataset.seq === '{done}'", timeout=WAIT)
    moved = page.locator("#map .piece.moved[data-region-of='herat'][data-army='afghan']")
    if motion == "reduced":
        assert page.evaluate("document.getAnimations().length") == 0
        assert page.locator("#map .piece.removed").count() == 0
        assert page.locator("#map [data-region-of='herat'][data-army='afghan']").count() >= 1
    else:
        assert moved.count() == 1 and moved.get_attribute("data-moved-from") == "kabul"
        # It travels (an animation on it), and leaves no fading copy behind in Kabul.
        assert page.evaluate("document.querySelector('#map .piece.moved').getAnimations().length") == 1
        assert page.locator("#map .piece.removed").count() == 0
        assert page.locator("#map .piece.placed[data-region-of='herat']").count() == 0
    close(page)


# A made-up update, as the server would send it: the first market card is discarded.
DISCARD = """(() => {
  const ws = window.__ws, last = window.__last, m = JSON.parse(JSON.stringify(last));
  m.seq = last.seq + 1; m.log_from = 1e6; m.log = []; m.decision = null;
  m.model.options = []; m.model.your_decision = false;
  const slot = m.model.market.find((s) => s.card !== null);
  m.model.discard = [...m.model.discard, slot.card]; const card = slot.card; slot.card = null;
  ws.onmessage({ data: JSON.stringify(m) });
  return [m.seq, card]; })()"""


@pytest.mark.parametrize("motion", ["allowed", "reduced"])
def test_a_discarded_card_falls_away_where_it_was(browser: Browser, server: Server, motion: str) -> None:
    page = spied_page(browser, server, motion)
    seq, card = page.evaluate(DISCARD)
    page.wait_for_function(f"document.body.dataset.seq === '{seq}'", timeout=WAIT)
    assert page.locator(f"#market .card[data-card='{card}']").count() == 0  # gone from the market
    ghosts = page.locator(f"body > .card.leaving[data-card='{card}']")
    if motion == "reduced":
        assert ghosts.count() == 0 and page.evaluate("document.getAnimations().length") == 0
    else:
        assert ghosts.count() == 1 and page.evaluate(
            "document.querySelector('body > .card.leaving').getAnimations().length") == 1
        page.wait_for_function("!document.querySelector('body > .card.leaving')", timeout=WAIT)  # and is gone
    close(page)


# ---------------------------------------------------------------------------- bargaining over a bribe


def _moves_to_a_bribe(seed: int) -> list[tuple[int, list[Any]]]:
    """The moves of random bots in the two-player game of ``seed`` up to its first bribe asked."""
    from paxpamir import Game
    from paxpamir.agents.bots import RandomBot

    g = Game.new(2, seed)
    bot = RandomBot(seed)
    moves: list[tuple[int, list[Any]]] = []
    while g.decision != "bribe_demand":
        option = bot.choose(g)
        moves.append((g.current_player, list(option)))
        g.apply(option)
    return moves


def option_button(page: Page, label: str) -> str:
    return f"#options button:has-text('{label}')"


def test_two_players_bargain_over_a_bribe_in_their_pages(browser: Browser, server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=34)
    game, tokens = created["game"], [s["token"] for s in created["seats"]]
    for i, (seat, option) in enumerate(_moves_to_a_bribe(34)):  # Bea plays a card in a region Ann rules
        r = httpx.post(f"{server.url}/api/games/{game}/moves", headers=bearer(tokens[seat]),
                       json={"type": "move", "seq": i, "option": option}, timeout=10)
        assert r.status_code == 200, r.text
    ann = open_page(browser, created["seats"][0]["url"])
    bea = open_page(browser, created["seats"][1]["url"])
    wait_my_turn(ann)
    assert "Ask 2 rupees" in ann.inner_text("#options")  # the ruler names the bribe first

    def answer(page: Page, label: str, then: Page) -> None:
        before = seq(then)
        page.click(option_button(page, label))
        wait_my_turn(then, before)

    answer(ann, "Ask 2 rupees", bea)
    labels = bea.inner_text("#options")
    assert "Pay the bribe of 2 rupees" in labels and "Offer 1 rupee instead" in labels and "Offer nothing" in labels
    answer(bea, "Offer nothing", ann)
    assert "Bea offers nothing instead of the 2 rupees you ask" in ann.inner_text("#prompt")
    for label in ("Accept: waive the bribe", "Ask 1 rupee instead", "Insist on 2 rupees", "Break off"):
        assert label in ann.inner_text("#options"), label
    answer(ann, "Ask 1 rupee instead", bea)
    assert "Ann asks 1 rupee" in bea.inner_text("#prompt") and "(you offered 0 rupees)" in bea.inner_text("#prompt")
    assert "Pay the bribe of 1 rupee" in bea.inner_text("#options")
    shot(bea, "bribe-counter")
    bea.click(option_button(bea, "Pay the bribe of 1 rupee"))
    ann.wait_for_function("document.querySelector('#log').textContent.includes('pays a bribe of 1 rupee')",
                          timeout=WAIT)
    log = ann.inner_text("#log")
    assert "Bea offers Ann nothing instead of 2 rupees" in log, log
    assert "Ann turns down Bea's offer of 0 rupees and asks 1 rupee." in log, log
    close(ann, bea)
