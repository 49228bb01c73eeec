"""Wakhan's reasons in the log (RB pp. 16-18, "Playing with Wakhan"): they name players as the log does, and say
enough for a person to check her choice by hand from the log (which lines of her AI card were skipped and why,
which cards the arrows passed over).

Positions are hand-written states loaded with ``Game.from_json``; the last seat is Wakhan.
"""

from __future__ import annotations

import re

from positions import player
from wakhanpositions import ambition_game, choose, next_for, wakhan, wgame

from paxpamir.agents.wakhan.lines import line_note
from paxpamir.presentation.words import log_lines
from paxpamir.rules.wakhan import arrows


def seat_words(reason: str) -> list[str]:
    """Lower-case "player N" mentions: seat numbers, which the log never uses (it says "Player N+1")."""
    return re.findall(r"\bplayer \d\b", reason)


# ---------------------------------------------------------------------------- her reasons name players as the log does


def test_tax_reason_names_the_player_as_the_log_does_and_shows_the_rupee_counts():
    # She rules Kabul, where both humans have a court card; Player 1 (seat 0) is richer.
    g = wgame(
        player("british", 5, court=[5]),
        player("afghan", 3, court=[7]),
        wakhan(0, court=[61]),
        tribes={"kabul": [0, 0, 1]},
        agenda=[["turn", 2], ["tax", 2, 2, 0]],
    )
    option, reason = choose(g)
    assert option == ("tax_player", 0)
    assert "Player 1" in reason and not seat_words(reason), reason
    assert "5" in reason and "3" in reason, reason  # both purses, so the choice can be checked
    g.apply(option, 2, reason=reason)
    names = [line for line in log_lines(g) if "taxes a rupee" in line]
    assert names and "Player 1" in names[-1]


def test_rumor_and_battle_reasons_name_players_as_the_log_does():
    g = wgame(
        player("british", hand=[61]),
        player("afghan", hand=[62]),
        wakhan(),
        ai=1,
        nxt=next_for(1, side="bottomRight"),
        agenda=[["turn", 2], ["rumor", 2, 108]],
    )
    option, reason = choose(g)
    assert option == ("player", 1) and "Player 2" in reason and not seat_words(reason), reason
    # A battle in Punjab (card 15 orders pragmatic loyalty russian first): remove a tribe of Player 1.
    g = wgame(
        player("british", court=[24]),
        wakhan(court=[100]),
        ai=15,
        tribes={"punjab": [1, 0]},
        armies={"punjab": {"russian": 2}},
        agenda=[["turn", 1], ["battle", 1, "region", 4, 2, 0]],
    )
    option, reason = choose(g)
    assert option == ("remove_tribe", 0) and "Player 1" in reason and not seat_words(reason), reason


def test_ambition_reason_names_who_would_score_what():
    g = ambition_game()
    option, reason = choose(g)
    assert option == ("radicalize", 101)
    assert "Player 1 +0" in reason and "Wakhan +5" in reason, reason


def test_rebuke_reason_reads_as_a_sentence():
    # Nobody else has a tribe anywhere: the first region on AI card 1 (Transcaspia).
    g = wgame(player("british"), wakhan(), ai=1, agenda=[["turn", 1], ["rebuke", 1, 116]])
    option, reason = choose(g)
    assert option == ("region", "transcaspia")
    assert "where first region" not in reason and "no other player has a tribe" in reason, reason


def test_battle_removal_reason_uses_the_article_for_the_coalition():
    g = wgame(
        player("afghan", court=[24]),
        wakhan(court=[100]),
        ai=15,
        armies={"punjab": {"russian": 2, "afghan": 1}},
        agenda=[["turn", 1], ["battle", 1, "region", 4, 2, 0]],
    )
    option, reason = choose(g)
    assert option == ("remove_army", "afghan") and "an Afghan army" in reason, reason


# ---------------------------------------------------------------------------- reasons a person can check by hand


def test_arrows_reason_says_why_the_cards_passed_over_were_not_valid():
    # AI card 1 with a next card pointing at top row, column 3; she has 2 rupees: columns 3 is too dear.
    nxt = next_for(1, side="topLeft", column=3)
    g = wgame(
        player("british"),
        wakhan(2),
        ai=1,
        nxt=nxt,
        market=[[80, 81, 82, 83, 84, 85], [86, 87, 89, 90, 91, 92]],
        log=[
            {"type": "turn", "player": 1, "turn": 1},
            {"type": "reason", "player": 1, "text": "AI card 1 (test), line 2/3 (x)", "note": line_note(1, 2, 3, "x")},
        ],
        turn_state={"actions_used": 1},
    )
    assert arrows(g) == (3, "topLeft")
    option, reason = choose(g)
    assert option == ("radicalize", 82) and "next valid card to the left" in reason
    assert "she has 2 rupees" in reason and "(83)" in reason and "costs 3" in reason, reason


def test_skipped_lines_are_named_in_the_reason():
    # Card 2 with intelligence favored and no political card in the market: lines 1 and 2 are skipped.
    g = wgame(player("british", 3), wakhan(20), ai=2, favored="intelligence", market=[[61, 63], [67, 13]])
    option, reason = choose(g)
    assert option[0] == "radicalize" and "skipped, not possible now: lines 1" in reason
    # In words, not by the instructions' internal names.
    assert "lines 1 (if political is favored: radicalize the best economic card)" in reason
    assert "2 (radicalize the top-ranked political card)" in reason
    assert "radicalizeIf" not in reason
