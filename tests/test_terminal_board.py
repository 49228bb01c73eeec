"""What a player at the table sees in ``pamir play``: the board, the drawn map, the pages, the words of labels and
log lines, and a board laid out to fit the terminal."""

from __future__ import annotations

import io
import re

import pytest
from terminalkit import Script, decision_screen, played, run

from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.clients.terminal.logtext import log_style, log_with_turn
from paxpamir.clients.terminal.mapdraw import MAP_BORDERS, MAP_BOXES, MAP_WIDTH, drawn_map
from paxpamir.clients.terminal.screen import Screen
from paxpamir.clients.terminal.session import Session
from paxpamir.content.cards import CARDS
from paxpamir.presentation.words import labelled_options, log_lines, prompt


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("PAXPAMIR_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "120")


# ---------------------------------------------------------------------------- the board


def test_board_never_shows_another_players_hidden_hand():
    g = Game.new(3, 31)
    bot = RandomBot(2)
    while not (g.hands[1] and g.hands[2]) or g.is_over:
        g.apply(bot.choose(g))
    assert not g.is_over
    secret = [c for p in (1, 2) for c in g.hands[p]]

    def draw(game, viewer):
        out = io.StringIO()
        Screen(out).board(game, viewer, [0], log_lines=0)
        return out.getvalue()

    text = draw(g, 0)
    for c in secret:
        assert f"({c})" not in text, CARDS[c].name
    for c in g.hands[0]:
        assert f"({c})" in text
    opened = Game.from_json({**g.to_json(), "options": {"open_hands": True}})
    text = draw(opened, 0)
    for c in secret:
        assert f"({c})" in text


def test_board_marks_hostages_spies_and_military_costs():
    g = Game.new(2, 1)
    data = g.to_json()
    data.update(
        {
            "players": [
                {"loyalty": "british", "rupees": 3, "court": [37], "hand": [1]},
                {"loyalty": "russian", "rupees": 2, "court": [], "hand": []},
            ],
            "spies": {"37": [0, 2]},
            "favored": "military",
            "map": {
                "tribes": {"kabul": [1, 0]},
                "armies": {"punjab": {"british": 2}},
                "roads": {"kabul-punjab": {"russian": 1}},
            },
            "effects": [{"effect": "rumor", "player": 1, "card": 108}],
            "turn": 5,
            "current": 0,
        }
    )
    for key in ("agenda", "record", "log", "removed", "turn_state", "rulers", "bank", "undo_floor"):
        data.pop(key, None)
    data["market"] = [[c if c not in (1, 37, 108) else None for c in row] for row in data["market"]]
    data["deck"] = [c for c in data["deck"] if c not in (1, 37, 108)]
    g = Game.from_json(data)
    out = io.StringIO()
    Screen(out).board(g, 0, [0])
    text = " ".join(out.getvalue().split())  # long lines wrap
    assert "HOSTAGE of Player 2" in text and "spies: Player 2 x2" in text
    assert "(purchase costs doubled)" in text and "cost 10" in text
    assert "Mohan Lal (1)" in text  # the hand
    # The drawn map: Punjab's box, the road on the Kabul–Punjab border, the tribe in Kabul's box.
    assert drawn_border(g, "kabul-punjab") == "R1" and "armies B2" in drawn_box(g, "punjab")
    assert "tribes P1:1" in drawn_box(g, "kabul") and "armies B2" in text and "│R1" in text
    assert "Rumor (108) for Player 2" in text


def test_board_shows_limits_dominance_events_in_force_and_only_roads_that_exist():
    from positions import game, player

    g = game(
        player("british", 3, court=[24, 12], hand=[1, 2]),  # Ranjit Singh: political 2, so a court limit of 5
        player("russian", 2, court=[18]),
        armies={"punjab": {"british": 3}, "kabul": {"british": 1}},
        roads={"kabul-punjab": {"british": 1}},
        spies={18: [1, 0]},
        effects=[
            {"effect": "rumor", "player": 1, "card": 108},
            {"effect": "conflictFatigue", "player": -1, "card": 109},
        ],
    )
    out = io.StringIO()
    Screen(out).board(g, 0, [0])
    text = " ".join(out.getvalue().split())
    assert "Blocks: Afghan 0, British 5, Russian 0 (British dominant)" in text
    assert "Player 1 (you) British 3 0 1 0 - 2/2 2/5" in text  # rupees, VP, influence, gifts, prizes, hand, court
    assert "Player 2 (bot) Russian 2 0 1 0 - 0/3 1/3" in text
    assert "Rumor (108) for Player 2: Player 2's patriots give no influence until after the next Dominance" in text
    assert "Conflict Fatigue (109): at the next Dominance Check, 2 more blocks" in text
    assert drawn_border(g, "kabul-punjab") == "B1" and drawn_border(g, "herat-kabul") == ""  # roads by border
    assert "Harry Flashman (18) Int 1 · Punjab · gift/betray · spies: Player 1 x1 · HOSTAGE of Player 1" in text
    assert "Mohan Lal (1) intelligence 3 · Kabul · move · impact:" in text  # the hand, in full


def test_market_cards_show_actions_impact_patriot_and_prize():
    from positions import game, player

    g = game(player("british", 3), player("russian", 2), market=[[71] + [None] * 5, [None] * 6])
    out = io.StringIO()
    Screen(out).board(g, 0, [0])
    text = " ".join(out.getvalue().split())
    assert "Joseph Wolff (71) Int 1 Persia · move/gift · impact spy · patriot British · prize Afghan" in text


def test_the_header_says_where_the_dominance_checks_are():
    g = Game.new(3, 11)
    out = io.StringIO()
    Screen(out).board(g, 0, [0])
    assert "Deck: 46 cards with 4 Dominance Checks in it ·" in " ".join(out.getvalue().split())


def test_the_header_shows_the_piles_still_to_come_and_their_dominance_checks():
    from paxpamir.presentation.viewmodel import view_model

    # Piles of 8, 10, 10, 10, 10, 10 cards, a Dominance Check in each of the last four; the market took 12 cards
    # from the top: the rest of pile 2 is on top.
    g = Game.new(3, 11)
    assert view_model(g, 0)["dominance"]["piles"] == [{"cards": 6, "checks": 0}] + [{"cards": 10, "checks": 1}] * 4
    out = io.StringIO()
    Screen(out).board(g, 0, [0])
    assert "piles (top first): 6 10* 10* 10* 10* (* a Dominance Check)" in " ".join(out.getvalue().split())


def test_wakhan_is_named_and_her_ai_card_is_readable(tmp_path):
    g = played(2, 21, 20, wakhan=True)
    out = io.StringIO()
    Screen(out).board(g, 0, [0])
    text = " ".join(out.getvalue().split())
    from paxpamir.presentation.viewmodel import view_model

    pragmatic = view_model(g, 0)["wakhan"]["pragmatic_loyalty"].capitalize()
    assert f"Wakhan (AI) all, now {pragmatic}" in text and "Player 2" not in text  # her pragmatic loyalty
    assert re.search(r"arrows \(with the next card's back\): column [1-6] \(cost \d+\)", text)  # columns 1-6
    assert re.search(r"Afg \d+ Bri \d+ Rus \d+", text)  # her influence with each coalition
    assert "Wakhan's AI card" in text and f"pragmatic loyalty now: {pragmatic} (the card's order" in text
    assert "arrows (with the next card's back)" in text
    assert "radicalize" in text and "radicalizeIf" not in text  # instructions in words, not codes


def test_an_action_that_cannot_be_taken_now_is_shown_with_its_reason(tmp_path):
    from positions import game, player

    from paxpamir.presentation.viewmodel import view_model

    g = game(player("british", 1, court=[62]), player("russian", 2))  # Qanat System (62): gift, build
    court = view_model(g, 0)["courts"][0][0]
    assert court["usable_actions"] == []
    short = "it costs 2 rupees; you have 1"
    assert court["unusable_actions"] == {"gift": short, "build": short}
    assert view_model(g, 1)["courts"][0][0]["unusable_actions"] == court["unusable_actions"]  # public facts
    rich = game(player("british", 5, court=[62]), player("russian", 2))
    assert view_model(rich, 0)["courts"][0][0]["unusable_actions"] == {"build": "you rule no region"}
    out = io.StringIO()
    session = Session(g, [0], 1, tmp_path / "s.json", Script(), out)
    session.show_decision(0)
    text = " ".join(out.getvalue().split())
    assert "Not now: Gift with Qanat System (62): it costs 2 rupees; you have 1 · Build with Qanat System (62)" in text


def test_pages_show_the_map_the_market_in_full_and_the_courts(tmp_path):
    code, out, _ = run(["play", "--seed", "3", "--save", str(tmp_path / "p.json")], Script(["1", "m", "k", "c", "q"]))
    assert code == 0
    page = out.split("> m\n")[1].split("> k\n")[0]
    assert "┌ Transcaspia" in page and "┌ Kandahar" in page and "Choose an action" in page
    page = out.split("> k\n")[1].split("> c\n")[0]
    assert "1: cost 0" in page and "6: cost 5" in page and " · impact " in page
    page = out.split("> c\n")[1].split("> q\n")[0]
    assert "Courts (left to right)" in page and "Your hand" in page


# ---------------------------------------------------------------------------- the drawn map


def drawn_lines(g) -> list[str]:
    from paxpamir.presentation.viewmodel import view_model

    return [t.plain for t in drawn_map(view_model(g, 0))][1:]  # after the legend


def drawn_border(g, name: str) -> str:
    """The roads drawn on a border of the map ("" when it has none)."""
    kind, x, y = MAP_BORDERS[name]
    lines = drawn_lines(g)
    if kind == "v":
        assert lines[y][x] == "│"
        return lines[y][x + 1 :].split(" │")[0].split("   ")[0].strip()
    return lines[y][x : x + 6].strip("─")


def drawn_box(g, name: str) -> str:
    """The text inside a region's box on the map, its title line included."""
    x, y, w, h = MAP_BOXES[name]
    return " / ".join(line[x : x + w] for line in drawn_lines(g)[y : y + h])


def test_the_map_draws_every_region_and_border_where_the_board_has_them():
    from positions import game, player

    from paxpamir.content.map import BORDER_NAMES, REGIONS
    from paxpamir.presentation.viewmodel import view_model

    g = game(
        player("british", 3),
        player("russian", 2),
        tribes={"herat": [2, 1]},
        armies={"punjab": {"british": 3}, "transcaspia": {"russian": 2, "afghan": 1}},
        roads={"herat-persia": {"british": 1, "russian": 2, "afghan": 1}, "herat-kandahar": {"afghan": 2}},
    )
    assert set(MAP_BOXES) == set(REGIONS) and set(MAP_BORDERS) == set(BORDER_NAMES)
    assert all(len(line.plain) <= MAP_WIDTH for line in drawn_map(view_model(g, 0)))
    assert "Herat" in drawn_box(g, "herat") and "tribes P1:2 P2:1" in drawn_box(g, "herat")
    assert " P1 " in drawn_box(g, "herat").split(" / ")[0]  # Player 1 rules Herat: on the box's top line
    assert "armies A1 R2" in drawn_box(g, "transcaspia") and "armies B3" in drawn_box(g, "punjab")
    assert drawn_border(g, "herat-kandahar") == "A2"
    assert drawn_border(g, "herat-persia") == "A1B1R2"  # three coalitions' roads on a short border line
    roads = {"herat-persia": {"afghan": 3, "british": 10, "russian": 2}}
    many = game(player("british", 3), player("russian", 2), roads=roads)
    kind, x, y = MAP_BORDERS["herat-persia"]
    assert drawn_lines(many)[y][x : x + 6] == "A3B10─" and drawn_lines(many)[y + 1][x : x + 6].strip() == "R2"
    for name in ("herat-kabul", "kabul-punjab", "persia-transcaspia"):
        assert drawn_border(g, name) == ""


# ---------------------------------------------------------------------------- fitting the terminal


@pytest.mark.parametrize(
    ("players", "seed", "decisions", "width", "height"),
    [(5, 5, 150, 160, 50), (3, 4, 150, 160, 50), (4, 6, 120, 140, 50), (2, 3, 100, 120, 45)],
)
def test_the_board_and_every_option_fit_the_terminal(tmp_path, monkeypatch, players, seed, decisions, width, height):
    g = played(players, seed, decisions)
    lines = decision_screen(g, monkeypatch, width, height, tmp_path)
    assert len(lines) <= height - 1, "\n".join(lines)  # the input line is the last row
    assert max(len(line.rstrip()) for line in lines) <= width
    assert lines[0].startswith(f"Pax Pamir · turn {g.turn} · Player 1 to decide")
    text = "\n".join(lines)
    assert all(f"Player {p + 1} (" in text for p in range(players))  # every row of the players table
    assert "Market" in text and "cost 4" in text and "Transcaspia" in text
    labelled = labelled_options(g)
    assert any(line.startswith(prompt(g)) for line in lines)
    for i, (_, label) in enumerate(labelled, 1):
        assert f"{i}. {label}" in text
    assert "Since your last decision" in text and "of 40 lines; l shows them all" in text
    # At least the three latest log lines are there, right above the prompt.
    latest = log_lines(g)[-3:]
    prompt_at = next(i for i, line in enumerate(lines) if line.startswith(prompt(g)))
    assert [line.strip() for line in lines[prompt_at - 3 : prompt_at]] == latest


def test_on_a_big_terminal_the_log_gets_the_room_left(tmp_path, monkeypatch):
    g = played(3, 4, 150)
    small = decision_screen(g, monkeypatch, 160, 50, tmp_path)
    big = decision_screen(g, monkeypatch, 160, 90, tmp_path)
    assert len(big) > len(small)
    shown = [line for line in big if line.startswith("  ") and line.strip() in log_lines(g)[-40:]]
    assert len(shown) >= 30  # as many as fit, up to MAX_BOARD_LOG_LINES


def test_many_options_go_in_columns_on_a_wide_terminal(tmp_path, monkeypatch):
    g = played(3, 4, 150)
    n = len(labelled_options(g))
    assert n > 8
    wide = decision_screen(g, monkeypatch, 160, 200, tmp_path)
    narrow = decision_screen(g, monkeypatch, 80, 200, tmp_path)
    first = next(i for i, line in enumerate(wide) if line.startswith(prompt(g)))
    assert len(wide) - first - 1 < n  # fewer rows than options
    assert re.search(r"^\s+1\. .*\s{3,}\s*\d+\. ", wide[first + 1])  # two numbers on the first row
    first = next(i for i, line in enumerate(narrow) if line.startswith(prompt(g)))
    assert len(narrow) - first - 1 >= n  # one option a line (long labels may wrap)


def test_80_by_24_shows_the_players_the_pages_and_every_option(tmp_path, monkeypatch):
    g = played(3, 4, 40)
    lines = decision_screen(g, monkeypatch, 80, 24, tmp_path)
    text = "\n".join(lines)
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert "Pages: m map · k market · c courts, hands · l log · b whole board" in text
    assert all(f"Player {p + 1} (" in text for p in range(3))
    for i, (_, label) in enumerate(labelled_options(g), 1):
        assert f"{i}. {label}" in text
    assert len(lines) <= 23 or len(labelled_options(g)) > 12, "\n".join(lines)


# ---------------------------------------------------------------------------- what the labels and the log say


def test_prompts_say_how_many_actions_are_left_and_labels_what_an_action_costs():
    from positions import game, player

    g = game(
        player("british", 10, court=[12, 18]),  # City of Ghazni (economic, gift), Harry Flashman (intelligence)
        player("russian", 0),
        favored="economic",
    )
    assert prompt(g) == "Player 1: Choose an action or end your turn (2 actions left)"
    labels = dict(labelled_options(g))
    assert labels[("action", 12, "gift")] == "Gift with City of Ghazni (12) (2 rupees, bonus action)"
    assert labels[("action", 18, "gift")] == "Gift with Harry Flashman (18) (2 rupees)"
    g.apply(("action", 18, "gift"))
    assert prompt(g) == "Player 1: Choose an action or end your turn (1 action left)"
    gift = dict(labelled_options(g))[("action", 12, "gift")]
    assert gift == "Gift with City of Ghazni (12) (4 rupees, bonus action)"
    building = game(
        player("british", 10, court=[14]),  # Money Lenders: build
        player("russian", 0),
        tribes={"kabul": [1, 0]},
        effects=[{"effect": "nationBuilding", "player": 0, "card": 112}],
    )
    build = dict(labelled_options(building))[("action", 14, "build")]
    assert build == "Build with Money Lenders (14) (2 rupees per two blocks)"
    done = game(player("british", 10, court=[12]), player("russian", 0), turn_state={"actions_used": 2})
    assert prompt(done) == "Player 1: Choose an action or end your turn (no actions left: bonus actions only)"
    rupees = game(player("british", 10), player("russian", 0), market=[[None, 12], []], market_rupees=[[0, 2], []])
    purchase = dict(labelled_options(rupees))[("purchase", 12)]
    assert purchase == "Purchase City of Ghazni (12) for 1 rupee (+2 rupees on it)"


def test_bribe_and_game_over_log_lines_read_as_sentences():
    from paxpamir.presentation.describe import event_text

    g = Game.new(2, 1)

    def text(**e):
        return event_text(g, e)

    common = {"player": 1, "payer": 0, "card": 7}
    assert (
        text(type="bribe_asked", amount=2, full=3, purpose="play", **common)
        == "Player 2 asks Player 1 for a bribe of 2 rupees (up to 3) to play Dost Mohammad (7)."
    )
    assert (
        text(type="bribe_asked", amount=1, full=1, purpose="hostage", **common)
        == "Player 2 asks Player 1 for a bribe of 1 rupee to act with Dost Mohammad (7) (held hostage)."
    )
    assert (
        text(type="bribe_asked", amount=0, full=2, purpose="play", **common)
        == "Player 2 waives the bribe Player 1 owes to play Dost Mohammad (7)."
    )
    assert (
        text(type="bribe_refused", player=0, to=1, amount=1, purpose="hostage", card=7)
        == "Player 1 refuses the bribe of 1 rupee: the action with Dost Mohammad (7) is not taken."
    )
    assert (
        text(type="game_over", winners=[1], vp=[3, 7], reason="final dominance check")
        == "Game over (final dominance check): Player 2 wins. Victory points: Player 1 3, Player 2 7."
    )
    assert (
        text(type="leverage_repaid", player=0, paid=1, short=1, card=12)
        == "Player 1 repays 1 rupee for leveraged City of Ghazni (12), 1 short."
    )
    assert text(type="battle", player=0, region=1, limit=1) == "Player 1 battles in Kabul (up to 1 removal)."
    assert text(type="battle", player=0, card=82, limit=2) == (
        "Player 1 battles on Persian Army (82) (up to 2 removals)."
    )


def test_wakhans_log_lines_say_her():
    from paxpamir.presentation.describe import event_text

    g = Game.new(players=2, seed=1, wakhan=True)
    line = event_text(g, {"type": "overthrow_cards", "player": 1, "region": 1})
    assert line == "Wakhan loses the last tribe in Kabul: her political cards there are discarded."
    assert "their political cards" in event_text(g, {"type": "overthrow_cards", "player": 0, "region": 1})


def test_a_discard_that_may_come_from_hand_or_court_says_which():
    from positions import game, player

    seats = (player("british", 0, hand=[1], court=[12]), player("russian", 0))
    g = game(*seats, agenda=[["turn", 0], ["leverage_discard", 0]])
    assert labelled_options(g) == [
        (("discard", 1), "Discard Mohan Lal (1) from your hand"),
        (("discard", 12), "Discard City of Ghazni (12) from your court"),
    ]


def test_log_with_turn_and_dominance_checks_stand_out():
    lines = ["— Turn 1: Player 1 —", "a", "b", "— Turn 2: Player 2 —", "c", "d", "e"]
    assert log_with_turn(lines, 5) == ["— Turn 2: Player 2 —", "...", "d", "e"]
    assert log_with_turn(lines, 4) == ["— Turn 2: Player 2 —", "c", "d", "e"]
    assert log_with_turn(lines, 3) == lines[3:]
    assert "reverse" in (log_style("Dominance Check: no coalition is dominant; Player 2 +3.") or "")
    assert "reverse" in (log_style("Instability: A meets B in the market; a Dominance Check follows.") or "")
    assert log_style("— Turn 2: Player 2 —") == "bold"
    assert log_style("Player 1 ends the turn.") is None
