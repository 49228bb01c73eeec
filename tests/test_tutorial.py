"""Learn to play (issue 36): the guided game's steps as data. Every step is reached, in order, when the fixed deal
is played along the guided path; every trigger names a decision, an option or a log event that exists; every
text has its German translation; every step's rules section exists; the server creates the guided game and
refuses a bad request without creating anything. The page's side is tests/test_browser_tutorial.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serverkit import Server

import paxpamir  # noqa: F401  (the rules fill the registries)
from paxpamir.agents.wakhan import WakhanPlayer
from paxpamir.content.cards import COURT
from paxpamir.content.i18n import domain_messages
from paxpamir.content.map import SUITS
from paxpamir.engine.game import Game
from paxpamir.engine.log import LOG_FIELDS
from paxpamir.engine.options import OPTION_KINDS
from paxpamir.engine.steps import KINDS
from paxpamir.server import tutorial
from paxpamir.server.tutorial import SCRIPT, STEPS, holds, play_guided_game
from paxpamir.server.wakhan_teach import explain

STATIC = Path(tutorial.__file__).resolve().parent / "static"
TRIGGERS = {"start", "decision", "script", "script_card", "event", "actions_used"}


def test_every_step_is_reached_in_order_on_the_guided_path_and_the_learner_wins() -> None:
    shown = play_guided_game()
    assert [step for step, _seq in shown] == [s["id"] for s in STEPS]
    seqs = [seq for _step, seq in shown]
    assert seqs == sorted(seqs)
    # The game ends (the last step is its end) and every guided move was legal where it was made.
    assert shown[-1][0] == "over" and shown[-1][1] > max(SCRIPT)


def test_every_trigger_names_a_decision_an_option_or_an_event_that_exists() -> None:
    assert STEPS[0]["when"] == {"start": True}
    for step in STEPS:
        when = step["when"]
        assert when and set(when) <= TRIGGERS, step["id"]
        if "decision" in when:
            assert when["decision"] in KINDS, step["id"]
        if "script" in when:
            assert when["script"] in OPTION_KINDS, step["id"]
        if "event" in when:
            assert when["event"] in LOG_FIELDS, step["id"]
        if "script_card" in when:
            assert when["script_card"] in ("court", "event", "dominance_check")
    assert len({s["id"] for s in STEPS}) == len(STEPS)


def test_the_page_evaluates_every_kind_of_trigger_the_data_uses() -> None:
    page = (STATIC / "tutorial.js").read_text(encoding="utf-8")
    body = page[page.index("export function holds"):page.index("// The guided move for the decision now")]
    for key in TRIGGERS:
        assert f"when.{key}" in body or f'"{key}" in when' in body, key


def test_a_trigger_reads_the_model_as_documented() -> None:
    model = {"your_decision": True, "decision": "turn", "actions_used": 1,
             "cards": {"101": {"kind": "dominance_check"}}}
    assert holds({"decision": "turn", "actions_used": 1}, model, set(), None)
    assert not holds({"decision": "turn"}, {**model, "your_decision": False}, set(), None)
    assert holds({"script": "purchase", "script_card": "dominance_check"}, model, set(), ["purchase", 101])
    assert not holds({"script_card": "event"}, model, set(), ["purchase", 101])
    assert not holds({"event": "gift"}, model, {"purchase"}, None)
    assert holds({"event": "gift"}, {}, {"gift"}, None)


def test_every_step_is_translated_and_points_at_a_section_of_the_rules() -> None:
    german = domain_messages("de", "web")
    rules = (STATIC / "rules.html").read_text(encoding="utf-8")
    sections = set(re.findall(r'<section id="([\w-]+)"', rules))
    for step in STEPS:
        for key in ("title", "text"):
            assert german.get(step[key]), (step["id"], key)
        assert step["rules"] in sections, step["id"]


def test_the_rules_page_links_from_the_table_reach_its_sections() -> None:
    rules = (STATIC / "rules.html").read_text(encoding="utf-8")
    sections = set(re.findall(r'<section id="([\w-]+)"', rules))
    links = (STATIC / "ruleslinks.js").read_text(encoding="utf-8")
    anchors = set(re.findall(r'"([\w-]+)", "[A-Z][^"]+"\]', links))
    assert anchors and anchors <= sections


def test_wakhan_s_reasons_say_her_line_her_choice_and_the_cards_she_passed_over() -> None:
    withdrawn = ["{card}: cannot be purchased", {"card": "Public Withdrawal (111)"}]
    passed = ["{p0}", {"p0": ["bottom {column} {why}", {"column": 4, "why": withdrawn}]}]
    why = ["{found}; passed over: {passed}", {"found": ["arrows", {}], "passed": passed}]
    text = ["line {line}/{lines} ({instruction}): {why}",
            {"line": 3, "lines": 3, "instruction": ["radicalize (by the arrows)", {}],
             "why": ["radicalize {card} — {why}", {"card": "Army of the Indus (32)", "why": why}]}]
    note = {"wakhan": "line", "ai_card": 5, "line": 3, "lines": 3, "code": "radicalize"}
    event = {"type": "reason", "player": 1, "note": note, "text": text}
    assert explain(event) == {"kind": "line", "card": 32, "passed": [111], "ai_card": 5, "line": 3, "lines": 3,
                              "code": "radicalize"}
    assert explain({"type": "reason", "player": 1, "text": ["end of turn", {}]}) is None
    assert explain({"type": "purchase", "player": 1, "card": 3}) is None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("tutorial-api")
    s = Server(str(Path(home) / "games.sqlite3"), home=home)
    yield s
    s.stop()


def test_the_server_creates_the_guided_game_and_refuses_a_bad_request(server: Server) -> None:
    data = httpx.get(server.url + "/api/tutorial").json()
    assert [s["id"] for s in data["steps"]] == [s["id"] for s in STEPS] and data["seats"] == ["human", "wakhan"]
    made = httpx.post(server.url + "/api/tutorial", json={"bot_delay": 0})
    assert made.status_code == 201
    created = made.json()
    assert created["secret_deck"] is False and [s["kind"] for s in created["seats"]] == ["human", "wakhan"]
    state = server.state(created["game"], created["seats"][0]["token"])
    assert state["decision"]["options"][0]["option"][0] == "loyalty"
    for body in ('{"seed": 3}', '{"bot_delay": -1}', '{"bot_delay": true}', "[]", '{"bot_delay": "0"}'):
        refused = httpx.post(server.url + "/api/tutorial", content=body)
        assert refused.status_code == 422, body
        assert refused.json()["error"] == "bad_request"
    assert httpx.post(server.url + "/api/tutorial", content="{").status_code == 400
    assert httpx.get(server.url + "/rules").status_code == 200


def _guided_game_at(seq: int) -> Game:
    """The guided game just before the learner's decision number ``seq`` (Wakhan playing as on the page)."""
    game = tutorial.new_tutorial_game()
    for n in range(seq):
        if game.current_player == 0:
            game.apply(tuple(SCRIPT[n]), 0)
        else:
            option, reason = WakhanPlayer().choose(game)
            game.apply(option, game.current_player, reason)
    return game


def test_the_market_step_says_what_a_purchase_costs_while_military_is_favored() -> None:
    # A purchase costs one rupee per card to its left in its row, laid on those cards; military doubles both.
    seq = dict(play_guided_game())["market"]
    game = _guided_game_at(seq)
    assert SUITS[game.favored] == "military"
    row = [game.market[c] for c in range(6)]
    before = list(game.market_rupees[:2])
    game.apply(("purchase", row[2]), 0)
    assert [game.market_rupees[c] - before[c] for c in range(2)] == [2, 2]  # two on each card skipped
    text = next(s["text"] for s in STEPS if s["id"] == "market")
    assert "two on each card skipped" in text and "one rupee on each card you skip" in text
    # The rules page says the same.
    assert "every price is doubled: two rupees on each of those cards" in (STATIC / "rules.html").read_text()


def test_the_move_step_says_a_move_action_moves_as_many_times_as_the_card_s_rank() -> None:
    # A move action gives up to the card's rank in moves, one piece at a time (the guided one has rank 1).
    assert SCRIPT[117] == ["action", 34, "move"] and SCRIPT[119] == ["pay"]  # (Wakhan's hostage asks a bribe)
    game = _guided_game_at(120)
    step = game.agenda[-1]
    assert step.kind == "move" and step.left == COURT[34].rank
    text = next(s["text"] for s in STEPS if s["id"] == "move")
    assert "as many moves as the card's rank, one piece at a time" in text
