"""An independent audit of Wakhan's decision procedure against the rulebook ("Playing with Wakhan", RB pp.
16-18) and the AI card instructions: each test pins down a point where the procedure disagreed with the texts,
or where her logged reason was not enough for a person to check her choice by hand from the log.

Positions are hand-written states loaded with ``Game.from_json``; the last seat is Wakhan.
"""

from __future__ import annotations

import re

from positions import player
from wakhanpositions import ambition_game, choose, next_for, wakhan, wgame

from paxpamir import Game
from paxpamir.agents.wakhan_procedure import BONUS_NOTE, cleanup_discard_key, highest_priority, line_note
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
    names = [line for line in g.log_lines() if "taxes a rupee" in line]
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


# ---------------------------------------------------------------------------- cards that count as favored


def test_a_card_that_always_counts_as_favored_matches_the_favored_suit_in_her_card_priority():
    # Cossacks (99, Irregulars: always counts as favored) against Count Perovsky (100, higher rank): the
    # favored suit comes before rank in the card priority, so she battles with the Cossacks (a bonus action).
    g = wgame(
        player("british", court=[24]),
        wakhan(court=[100, 99]),
        ai=15,
        tribes={"punjab": [1, 0]},
        armies={"punjab": {"russian": 2}},
        log=[
            {"type": "turn", "player": 1, "turn": 1},
            {
                "type": "reason",
                "player": 1,
                "text": "AI card 15 (test), line 1/3 (move)",
                "note": line_note(15, 1, 3, "move"),
            },
        ],
    )
    assert highest_priority(g, [100, 99]) == 99
    option, reason = choose(g)
    assert option == ("action", 99, "battle") and "line 2/3 (battle)" in reason, reason


def test_new_tactics_makes_her_military_cards_favored_in_priority_and_cleanup():
    effects = [{"effect": "newTactics", "player": 1, "card": 105}]
    g = wgame(player("british"), wakhan(court=[33, 61, 64, 67]), effects=effects)
    # Zorawar Singh Kahluria (33, military) counts as favored for her: kept, Karakul Sheep (61) goes first.
    order = sorted(g.courts[1], key=lambda c: cleanup_discard_key(g, c))
    assert order[0] == 61 and order[-1] == 33
    assert highest_priority(g, [33, 61, 64, 67]) == 33
    # Without New Tactics, all four are alike but for the card number: the lowest goes first.
    g = wgame(player("british"), wakhan(court=[33, 61, 64, 67]))
    assert sorted(g.courts[1], key=lambda c: cleanup_discard_key(g, c))[0] == 33


# ---------------------------------------------------------------------------- Wakhan's Ambition


def test_ambition_still_applies_once_bonus_actions_have_begun_while_an_action_is_left():
    # One action used, she has moved on to bonus actions (no valid line was left), and now she can buy the
    # Dominance Check and score the most: "she will use her action to do that".
    g = ambition_game(
        log=[
            {"type": "turn", "player": 1, "turn": 1},
            {
                "type": "reason",
                "player": 1,
                "text": "AI card 2 (test), bonus actions: leftmost unused favored card",
                "note": BONUS_NOTE,
            },
        ],
        turn_state={"actions_used": 1},
    )
    option, reason = choose(g)
    assert option == ("radicalize", 101) and "Ambition" in reason, reason


# ---------------------------------------------------------------------------- behaviour confirmed by the audit


def test_a_hostage_card_is_used_only_when_she_can_pay_its_bribe():
    # Karakul Sheep (61) outranks Ghilzai Nomads (13) by card number, but the human holds it hostage with 2
    # spies: with 1 rupee she cannot pay, so it cannot legally take the tax and she taxes with 13.
    def position(rupees: int) -> Game:
        return wgame(
            player("british"),
            wakhan(rupees, court=[61, 13]),
            ai=1,
            market=[[80]],
            market_rupees=[[1]],
            spies={61: [2, 0]},
        )

    option, reason = choose(position(1))
    assert option == ("action", 13, "tax") and "line 1/3 (tax)" in reason, reason
    g = position(2)
    option, reason = choose(g)
    assert option == ("action", 61, "tax") and "(over Ghilzai Nomads (13))" in reason, reason
    g.apply(option, 1, reason=reason)
    assert g.decision == "bribe_demand" and g.current_player == 0


def test_arrows_give_up_when_both_rows_are_exhausted_leftwards():
    # Arrows at top row, column 1; only column 4 of each row holds a card she can afford: nothing to the left,
    # so the plain radicalize line is skipped (the rulebook says nothing of looking right).
    nxt = next_for(1, side="topLeft", column=1)
    g = wgame(
        player("british"),
        wakhan(4),
        ai=1,
        nxt=nxt,
        market=[[None, None, None, None, 84], [None, None, None, None, 90]],
        log=[
            {"type": "turn", "player": 1, "turn": 1},
            {"type": "reason", "player": 1, "text": "AI card 1 (test), line 2/3 (x)", "note": line_note(1, 2, 3, "x")},
        ],
        turn_state={"actions_used": 1},
    )
    assert arrows(g) == (1, "topLeft")
    option, reason = choose(g)
    assert option == ("end_turn",) and "no valid action left" in reason, reason
