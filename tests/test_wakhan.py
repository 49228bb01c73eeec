"""Wakhan, the rulebook's automated opponent (RB pp. 16-18): her rule changes in the engine and her decision
procedure (paxpamir.agents.wakhan).

Positions are hand-written states loaded with ``Game.from_json``; ``"options": {"wakhan": true}`` makes the last
seat Wakhan and ``"wakhan": {"ai_deck": [...], "ai_discard": [...]}`` sets her AI cards (the last of
``ai_discard`` is the card in use, the first of ``ai_deck`` the next card whose back is read).
"""

from __future__ import annotations

import copy
import time
from typing import Any

import pytest
from positions import armies, player, roads, ruler, seat, spies, state, tribes
from wakhanpositions import (
    AI,
    ambition_game,
    choose,
    decide,
    next_for,
    ref_arrows,
    ref_pragmatic,
    wakhan,
    wgame,
    wstate,
)

from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.agents.runner import play_seeded_game
from paxpamir.agents.wakhan import WakhanPlayer
from paxpamir.agents.wakhan.discards import cleanup_discard_key
from paxpamir.agents.wakhan.lines import BONUS_NOTE, line_note
from paxpamir.agents.wakhan.priorities import highest_priority
from paxpamir.content.map import BORDER_NAMES
from paxpamir.engine.errors import PamirError
from paxpamir.engine.invariants import check_invariants
from paxpamir.presentation.cardref import arrow_words, wakhan_instruction
from paxpamir.rules.wakhan import arrows, pragmatic_loyalty

REGIONS = ("herat", "kabul", "kandahar", "persia", "punjab", "transcaspia")
SPECIAL_BATTLE = "battleHighestPriorityCourtCardWithMostSpiesWhereWakhanHasSpy"

TOP = [80, 81, 82, 83, 84, 85]
BOTTOM = [86, 87, 89, 90, 91, 92]


# ---------------------------------------------------------------------------- helpers


def wakhan_until_turn(g: Game, limit: int = 40) -> list[tuple[tuple, str]]:
    """Let Wakhan decide until her next turn decision (or someone else must decide)."""
    made = []
    for _ in range(limit):
        if g.current_player != g.wakhan:
            break
        made.append(decide(g))
        if g.decision == "turn":
            break
    return made


# ---------------------------------------------------------------------------- arrows, AI deck


@pytest.mark.parametrize("front", range(1, 25))
def test_arrows_read_the_drawn_front_against_the_next_back(front):
    for nxt in (front % 24 + 1, (front + 10) % 24 + 1):
        if nxt == front:
            continue
        g = wgame(player("british"), wakhan(), ai=front, nxt=nxt)
        assert arrows(g) == ref_arrows(front, nxt)
        view = g.view(0)["wakhan"]
        assert view["ai_card"] == front and view["arrows"] == {
            "column": ref_arrows(front, nxt)[0],
            "row_side": ref_arrows(front, nxt)[1],
        }
        assert "ai_deck" not in view and view["ai_deck_size"] == 23


def _start_wakhan_turn(ai_deck: list[int], ai_discard: list[int]) -> Game:
    data = state(player("british", 2), wakhan(), market=[[TOP[0]], []], current=0)
    data["options"] = {"wakhan": True}
    data["wakhan"] = {"ai_deck": ai_deck, "ai_discard": ai_discard}
    g = Game.from_json(data)
    g.apply(("end_turn",), 0)
    assert g.current_player == 1 and g.decision == "turn"
    return g


def test_drawing_an_ai_card_without_reshuffle():
    deck = [5, 6, *[c for c in range(1, 25) if c not in (5, 6, 9)]]
    g = _start_wakhan_turn(deck, [9])
    assert g.ai_discard == (9, 5) and g.ai_deck[0] == 6 and len(g.ai_deck) == 22
    assert "wakhan_reshuffle" not in [e["type"] for e in g.events()]


def test_drawing_the_last_ai_card_reshuffles_everything_and_draws_again():
    g = _start_wakhan_turn([5], [c for c in range(1, 25) if c != 5])
    assert len(g.ai_discard) == 1 and len(g.ai_deck) == 23
    assert sorted(g.ai_deck + g.ai_discard) == list(range(1, 25))
    types = [e["type"] for e in g.events()]
    assert types.count("wakhan_card") == 1 and types.count("wakhan_reshuffle") == 1
    assert types.index("wakhan_reshuffle") < types.index("wakhan_card")
    check_invariants(g)


def test_an_empty_ai_deck_at_turn_start_is_reshuffled_before_drawing():
    g = _start_wakhan_turn([], list(range(1, 25)))
    assert len(g.ai_discard) == 1 and len(g.ai_deck) == 23


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


# ---------------------------------------------------------------------------- setup, loyalty, ruling


@pytest.mark.parametrize("players", [2, 3])
def test_setup_with_wakhan(players):
    g = Game.new(players, 11, wakhan=True)
    w = players - 1
    assert g.wakhan == w
    court_cards = [c for c in g.deck + g.market if c and c <= 100]
    assert len(court_cards) == 6 * (5 + players)  # Wakhan counts for the deck
    choosers = []
    while g.decision == "loyalty":
        choosers.append(g.current_player)
        g.apply(g.legal_options()[0])
    # Seat 0 chooses last; Wakhan sits on its right and takes the first turn.
    assert choosers == list(range(1, players - 1)) + [0]
    assert g.current_player == w and g.turn == 1
    assert g.loyalty[w] == -1 and len(g.ai_discard) == 1 and len(g.ai_deck) == 23
    check_invariants(g)


def test_wakhan_needs_two_or_three_seats():
    with pytest.raises(PamirError):
        Game.new(4, 1, wakhan=True)


@pytest.mark.parametrize(
    ("ai", "loyalties", "expected"),
    [
        (1, ["russian"], "afghan"),
        (1, ["british"], "russian"),
        (1, ["russian", "afghan"], "british"),
        (2, ["british", "russian"], "afghan"),
        (7, ["afghan", "british"], "russian"),
    ],
)
def test_pragmatic_loyalty_is_the_leftmost_coalition_nobody_else_holds(ai, loyalties, expected):
    g = wgame(*[player(c) for c in loyalties], wakhan(), ai=ai)
    assert pragmatic_loyalty(g) == ("afghan", "british", "russian").index(expected)
    assert expected == ref_pragmatic(ai, set(loyalties))


def test_wakhans_ruling_pieces_are_her_tribes_and_the_largest_coalition():
    # Kabul: she has 1 tribe + 2 Russian armies (largest coalition) = 3 against the British player's 1 + 1.
    g = wgame(
        player("british"),
        wakhan(),
        tribes={"kabul": [1, 1], "punjab": [2, 1], "herat": [0, 0]},
        armies={"kabul": {"russian": 2, "british": 1}, "punjab": {"british": 2}, "herat": {"russian": 3}},
    )
    assert ruler(g, "kabul") == 1
    # Punjab: the British armies count for both; 2 + 2 against 1 + 2.
    assert ruler(g, "punjab") == 0
    # Herat: no tribe, no rule, however many armies.
    assert ruler(g, "herat") is None


def test_pragmatic_loyalty_does_not_decide_rule():
    # Card 1's pragmatic loyalty is Russian, but her tribe counts with the Afghan armies (the largest).
    g = wgame(player("british"), wakhan(), ai=1, tribes={"kabul": [1, 1]}, armies={"kabul": {"afghan": 2}})
    assert pragmatic_loyalty(g) == 2
    assert ruler(g, "kabul") == 1


# ---------------------------------------------------------------------------- card priority


@pytest.mark.parametrize(
    ("cards", "favored", "dominant_armies", "expected", "criterion"),
    [
        ((4, 2), "economic", None, 4, "opponent's card"),
        ((61, 5), "political", None, 5, "favored suit"),
        ((53, 87), "economic", "russian", 87, "patriot of the dominant coalition"),
        ((32, 53), "economic", "russian", 53, "prize of the dominant coalition"),
        ((14, 25), "military", None, 25, "other patriot"),
        ((61, 30), "military", None, 30, "leveraged"),
        ((62, 61), "military", None, 61, "highest rank"),
        ((61, 67), "military", None, 67, "highest number"),
    ],
)
def test_card_priority_list(cards, favored, dominant_armies, expected, criterion):
    theirs = [c for c in cards if c != 2]
    mine = [c for c in cards if c == 2]
    g = wgame(
        player("british", court=theirs),
        wakhan(court=mine),
        favored=favored,
        armies={"persia": {dominant_armies: 4}} if dominant_armies else None,
    )
    assert highest_priority(g, list(cards)) == expected, criterion
    assert highest_priority(g, list(reversed(cards))) == expected, criterion


def test_cleanup_discard_order():
    g = wgame(
        player("british", court=[9]),
        wakhan(court=[5, 100, 14, 61, 62, 67, 2]),
        favored="economic",
        spies={61: [1, 0]},
    )
    order = sorted(g.courts[1], key=lambda c: cleanup_discard_key(g, c))
    # 2, 61, 62, 67: non-political, non-patriot, non-leveraged. 61 has an opposing spy; 62 is rank 1; 2 is not
    # the favored suit; then 67 > ... ; then the leveraged 14, the patriot 100, the political 5.
    assert order == [61, 62, 2, 67, 14, 100, 5]


def test_cleanup_discards_in_her_order_through_the_engine():
    g = wgame(
        player("british"),
        wakhan(court=[5, 100, 14, 61, 62]),
        agenda=[["next_turn", 1], ["cleanup_court", 1]],
        current=1,
    )
    assert g.decision == "discard_court_over_limit"
    option, reason = decide(g)
    assert option == ("discard", 62) and "non-political" in reason
    assert g.courts[1] == [5, 100, 14, 61]


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


# ---------------------------------------------------------------------------- each instruction of each AI card

HUMAN = "british"


def _pl(ai: int) -> str:
    return ref_pragmatic(ai, {HUMAN})


def scenario(code: str, ai: int, applies: bool) -> tuple[list[dict], dict[str, Any], tuple | None]:
    """(players, position fields, expected option or None) where ``code`` applies (or is skipped)."""
    pl = _pl(ai)
    human = player(HUMAN, 3)
    if code == "radicalize":
        if applies:
            col, side = ref_arrows(ai, 2 if ai != 2 else 3)
            market = [TOP, BOTTOM]
            card = market[0 if side == "topLeft" else 1][col]
            return [human, wakhan(20)], {"market": market}, ("radicalize", card)
        return [human, wakhan(0)], {"market": [[None, *TOP[1:]], [None, *BOTTOM[1:]]]}, None
    if code == "tax":
        return (
            [human, wakhan(0, court=[61])],
            {"market": [[80]], "market_rupees": [[1 if applies else 0]]},
            ("action", 61, "tax"),
        )
    if code == "build":
        return (
            [human, wakhan(4, court=[5])],
            {"tribes": {"kabul": [0, 1 if applies else 0]}},
            ("action", 5, "build"),
        )
    if code == "move":
        return (
            [player(HUMAN, 3, court=[24]), wakhan(0, court=[21])],
            {"armies": {"kabul": {pl: 2}}, "tribes": {"punjab": [1 if applies else 0, 0]}},
            ("action", 21, "move"),
        )
    if code == "betray":
        target = 13 if applies else 9
        return (
            [player(HUMAN, 3, court=[target]), wakhan(4, court=[15])],
            {"spies": {target: [0, 1]}},
            ("action", 15, "betray"),
        )
    if code == "battle":
        return (
            [player(HUMAN, 3, court=[24]), wakhan(0, court=[38])],
            {"armies": {"punjab": {pl: 2}}, "tribes": {"punjab": [1 if applies else 0, 0]}},
            ("action", 38, "battle"),
        )
    if code == SPECIAL_BATTLE:
        if applies:
            return (
                [player(HUMAN, 3, court=[21]), wakhan(0, court=[38])],
                {"spies": {21: [1, 1]}},
                ("action", 38, "battle"),
            )
        return (
            [player(HUMAN, 3, court=[21, 24]), wakhan(0, court=[38])],
            {"spies": {21: [1, 0]}, "armies": {"punjab": {pl: 2}}, "tribes": {"punjab": [1, 0]}},
            None,
        )
    rich = [human, wakhan(20)]
    if code == "radicalizeIfMilitaryFavoredHighestRankedMilitary":
        return rich, {"market": [[36, 50, 1]], "favored": "military" if applies else "political"}, ("radicalize", 50)
    if code == "radicalizeIfPoliticalFavoredHighestRankedEconomic":
        return (
            rich,
            {"market": [[62, 61, 7]], "favored": "political" if applies else "intelligence"},
            ("radicalize", 61),
        )
    if code == "radicalizeHighestRankedPolitical":
        return rich, {"market": [[5, 7, 61] if applies else [61, 62]]}, ("radicalize", 7)
    if code == "radicalizeHighestRankedIntelligence":
        return rich, {"market": [[4, 2, 61] if applies else [61, 62]]}, ("radicalize", 2)
    if code == "radicalizeIfFewerThan2RupeesRadicalizeMostNetRupees":
        return (
            [human, wakhan(1 if applies else 5)],
            {"market": [[61, 27]], "market_rupees": [[2, 0]]},
            ("radicalize", 61),
        )
    if code == "radicalizeCardThatGivesControlOfRegion":
        return rich, {"market": [[1, 7] if applies else [1, 4]]}, ("radicalize", 7)
    if code == "radicalizeIntelligence":
        return rich, {"market": [[61, 4] if applies else [61, 62]]}, ("radicalize", 4)
    if code == "radicalizeCardThatWouldPlaceMostBlocks":
        return rich, {"market": [[13, 12] if applies else [1, 76]]}, ("radicalize", 12)
    if code == "radicalizeIfNoDominantCoalitionCardThatWouldPlaceMostCylinders":
        fields: dict[str, Any] = {"market": [[76, 1]]}
        if not applies:
            fields["armies"] = {"persia": {"russian": 4}}
        return rich, fields, ("radicalize", 1)
    if code == "radicalizeIfNoCardWithMoveCardWithMoveAction":
        return [human, wakhan(20, court=[] if applies else [72])], {"market": [[61, 21]]}, ("radicalize", 21)
    if code == "radicalizeIfDominantCoalitionMatchingPatriot":
        return (
            rich,
            {"market": [[61, 100]], "armies": {"persia": {"russian": 4}} if applies else {}},
            ("radicalize", 100),
        )
    if code == "radicalizeIfCourtSizeAtLimitHighestRankedPolitical":
        court = [61, 62, 63] if applies else [61, 62]
        return [human, wakhan(20, court=court)], {"market": [[5, 7]]}, ("radicalize", 7)
    if code == "radicalizeIfFewerSpiesThanAnotherPlayerHighestRankedIntelligence":
        return (
            [player(HUMAN, 3, court=[61]), wakhan(20)],
            {"market": [[4, 2]], "spies": {61: [1, 0 if applies else 1]}},
            ("radicalize", 2),
        )
    raise AssertionError(f"no scenario for {code}")


LINES = [(ai, i) for ai in range(1, 25) for i in range(3)]


@pytest.mark.parametrize(("ai", "line"), LINES, ids=[f"card{a}-line{i + 1}" for a, i in LINES])
def test_each_ai_card_line_applies(ai, line):
    code = AI[ai]["front"]["actions"][line]
    players, fields, expected = scenario(code, ai, applies=True)
    g = wgame(*players, ai=ai, last_line=line, **fields)
    option, reason = choose(g)
    assert f"line {line + 1}/3 ({wakhan_instruction(code)})" in reason, reason
    assert option == expected, reason
    g.apply(option, 1, reason=reason)
    check_invariants(g)


@pytest.mark.parametrize(("ai", "line"), LINES, ids=[f"card{a}-line{i + 1}" for a, i in LINES])
def test_each_ai_card_line_is_skipped_when_it_cannot_be_done(ai, line):
    code = AI[ai]["front"]["actions"][line]
    players, fields, expected = scenario(code, ai, applies=False)
    g = wgame(*players, ai=ai, last_line=line, **fields)
    option, reason = choose(g)
    assert f"line {line + 1}/3" not in reason, reason
    if expected is not None and expected[0] == "action":
        assert option != expected, reason


def test_the_line_pointer_comes_from_the_log_so_a_saved_turn_resumes_there():
    # Card 2: line 1 (economic, if political favored), line 2 (highest political), line 3 (radicalize).
    data = wstate(player("british", 3), wakhan(20), ai=2, market=[[61, 5, 62, 7]])
    g = Game.from_json(copy.deepcopy(data))
    first, reason1 = decide(g)
    assert first == ("radicalize", 61) and "line 1/3" in reason1
    made = wakhan_until_turn(g)
    saved = g.to_json()
    option, reason2 = choose(g)
    assert "line 2/3" in reason2 and option == ("radicalize", 7)
    again, reason3 = choose(Game.from_json(saved))
    assert (again, reason3) == (option, reason2)
    assert made == [] or all(m[1] for m in made)


def test_after_the_bottom_line_she_starts_again_at_the_top():
    # Card 2 with intelligence favored and no political card: lines 1 and 2 fail; she radicalizes twice.
    g = wgame(player("british", 3), wakhan(20), ai=2, favored="intelligence", market=[[61, 63], [67, 13]])
    reasons = []
    for _ in range(2):
        option, reason = decide(g)
        reasons.append(reason)
        assert option[0] == "radicalize"
        wakhan_until_turn(g)
    assert "line 3/3 (radicalize (by the arrows))" in reasons[0] and "skipped, not possible now: lines 1" in reasons[0]
    assert "line 3/3 (radicalize (by the arrows))" in reasons[1] and "skipped, not possible now: lines 1" in reasons[1]
    option, reason = choose(g)
    assert option == ("end_turn",) and "both actions used" in reason


# ---------------------------------------------------------------------------- radicalize: default card choice


def test_arrows_choose_the_card_then_the_next_valid_to_its_left():
    nxt = next_for(1, side="topLeft", column=3)
    g = wgame(player("british"), wakhan(2), ai=1, nxt=nxt, market=[TOP, BOTTOM], last_line=2)
    option, reason = choose(g)
    assert option == ("radicalize", TOP[2]) and "next valid card to the left" in reason


def test_arrows_switch_to_the_other_row_at_the_original_column_when_the_row_is_exhausted():
    nxt = next_for(1, side="topLeft", column=3)
    market = [[None, None, None, 83, 84, 85], BOTTOM]
    g = wgame(player("british"), wakhan(2), ai=1, nxt=nxt, market=market, last_line=2)
    option, reason = choose(g)
    assert option == ("radicalize", BOTTOM[2]) and "other row" in reason
    # A card she has put a rupee on this turn is not a valid choice.
    g = wgame(
        player("british"),
        wakhan(2),
        ai=1,
        nxt=nxt,
        market=market,
        last_line=2,
        turn_state={"actions_used": 1, "paid_cards": [BOTTOM[2]]},
    )
    assert choose(g)[0] == ("radicalize", BOTTOM[1])


def test_the_arrows_card_itself_when_valid():
    nxt = next_for(1, side="bottomRight", column=4)
    g = wgame(player("british"), wakhan(10), ai=1, nxt=nxt, market=[TOP, BOTTOM], last_line=2)
    option, reason = choose(g)
    assert option == ("radicalize", BOTTOM[4]) and "the arrows' card" in reason


def _dc_position(market: list, dominant: str | None, **kw: Any) -> Game:
    # The human is loyal to the dominant coalition (or has more cylinders) and wins the check: no Ambition.
    loyal = dominant or "british"
    human = player(loyal, 3, gifts=2 if dominant else 0, court=[9])
    fields: dict[str, Any] = {"market": market, "deck": [102, 103, 104]}
    if dominant:
        fields["armies"] = {"persia": {dominant: 4}}
    else:
        fields["tribes"] = {"kabul": [2, 0]}
    fields.update(kw)
    return wgame(human, wakhan(20), ai=1, last_line=2, **fields)


def test_dominance_check_in_market_cheapest_patriot_of_the_dominant_coalition():
    g = _dc_position([[101, 61, 87, 86]], "russian")
    option, reason = choose(g)
    assert option == ("radicalize", 87) and "patriot" in reason


def test_dominance_check_in_market_most_army_and_road_icons_when_no_such_patriot():
    g = _dc_position([[101, 61, 12, 1]], "russian")
    assert choose(g)[0] == ("radicalize", 12)


def test_dominance_check_in_market_most_spy_and_tribe_icons_when_nothing_is_dominant():
    g = _dc_position([[101, 61, 1, 12]], None)
    assert choose(g)[0] == ("radicalize", 1)


def test_dominance_check_in_market_zero_icons_cheapest_then_highest_number():
    g = _dc_position([[101, 61], [None, 80]], None)
    assert choose(g)[0] == ("radicalize", 80)


def test_wakhans_ambition_buys_the_dominance_check_when_she_scores_the_most():
    # Russian dominant; she holds a Russian patriot; the human is British: only she scores.
    g = ambition_game()
    option, reason = choose(g)
    assert option == ("radicalize", 101) and "Ambition" in reason
    g.apply(option, 1, reason=reason)
    assert g.vp == [0, 5]


def test_no_ambition_when_another_player_scores_more():
    g = _dc_position([[61, 101, 5]], "russian")
    option, reason = choose(g)
    assert option != ("radicalize", 101) and "Ambition" not in reason


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


# ---------------------------------------------------------------------------- playing: bribe, side, icons


def test_bribe_she_can_afford_is_paid_and_the_card_played():
    g = wgame(player("british", 0, court=[5]), wakhan(3), ai=1, last_line=2, market=[[7]], tribes={"kabul": [2, 0]})
    decide(g)  # radicalize Dost Mohammad (Kabul, ruled by the human)
    assert g.current_player == 0 and g.decision == "bribe_demand"
    g.apply(("demand", 2), 0)
    option, reason = decide(g)
    assert option == ("pay",) and "pays" in reason
    assert 7 in g.courts[1] and g.rupees[1] == 1


def test_a_radicalized_card_whose_bribe_she_cannot_pay_is_discarded():
    g = wgame(player("british", 0, court=[5]), wakhan(1), ai=1, last_line=2, market=[[7]], tribes={"kabul": [2, 0]})
    decide(g)
    g.apply(("demand", 2), 0)
    option, reason = decide(g)
    assert option == ("refuse",) and "discarded" in reason
    assert 7 in g.discard and 7 not in g.courts[1] and g.actions_used == 2  # the purchase was her action


def test_she_asks_the_full_bribe():
    g = wgame(
        player("british", 5, hand=[7]),
        wakhan(0, court=[5]),
        tribes={"kabul": [0, 2]},
        current=0,
        agenda=[["turn", 0], ["play_card", 0, 7, 0], ["bribe_demand", 1, 0, 2, "play", 7, 0]],
    )
    option, reason = choose(g)
    assert option == ("demand", 2) and "full" in reason


@pytest.mark.parametrize(("side", "expected"), [("topLeft", "left"), ("bottomRight", "right")])
def test_side_follows_the_red_arrow(side, expected):
    g = wgame(
        player("british"),
        wakhan(0, hand=[7], court=[61]),
        ai=1,
        nxt=next_for(1, side=side),
        agenda=[["turn", 1], ["side", 1, 7]],
        current=1,
    )
    option, reason = choose(g)
    assert option == ("side", expected) and arrow_words(side) in reason


def test_spies_go_to_the_highest_priority_card_of_the_region_where_she_lacks_the_most_spies():
    # Punjab cards: 24 (political rank 2) outranks 26 (political rank 1); she has the most spies on 24.
    base = dict(agenda=[["turn", 1], ["place_spy", 1, 21]], current=1)
    g = wgame(player("british", court=[24, 26]), wakhan(court=[21]), spies={24: [0, 2], 21: [0, 1]}, **base)
    assert choose(g)[0] == ("spy", 26)
    # A tie is not "the most": 24 again.
    g = wgame(player("british", court=[24, 26]), wakhan(court=[21]), spies={24: [1, 1], 21: [0, 1]}, **base)
    assert choose(g)[0] == ("spy", 24)


def test_roads_follow_the_ai_cards_region_order():
    # City of Ghazni (Kabul): three roads and an army. AI card 1 orders regions transcaspia, kabul, kandahar,
    # persia, herat, punjab: Kabul's borders go to Transcaspia, Kandahar, Herat (then Punjab).
    g = wgame(player("british"), wakhan(20), ai=1, last_line=2, market=[[12]])
    decide(g)
    wakhan_until_turn(g)
    placed = [e for e in g.events() if e["type"] == "place" and e["kind"] == "road"]
    names = ["kabul-transcaspia", "kabul-kandahar", "herat-kabul"]
    assert [BORDER_NAMES[e["where"]] for e in placed] == names
    pl = ref_pragmatic(1, {"british"})
    for n in names:
        assert roads(g, n, pl) == 1
    assert armies(g, "kabul", pl) == 1


def test_her_blocks_use_pragmatic_loyalty_and_patriots_never_change_her_loyalty():
    # She holds a Russian patriot and plays a British one (Army of the Indus, three armies in Punjab).
    g = wgame(player("afghan"), wakhan(20, court=[100]), ai=7, last_line=2, market=[[32]])
    decide(g)
    wakhan_until_turn(g)
    assert g.courts[1] == [32, 100] or g.courts[1] == [100, 32]
    assert g.loyalty[1] == -1
    assert armies(g, "punjab", ref_pragmatic(7, {"afghan"})) == 3


# ---------------------------------------------------------------------------- card actions: default behaviour


def test_tax_takes_from_the_richest_player_then_the_red_arrow_on_ties():
    def position(rupees: tuple[int, int], side: str) -> Game:
        return wgame(
            player("british", rupees[0], court=[9]),
            player("afghan", rupees[1], court=[10]),
            wakhan(0, court=[5]),
            ai=1,
            nxt=next_for(1, side=side),
            tribes={"kabul": [0, 0, 1]},
            agenda=[["turn", 2], ["tax", 2, 3, 0]],
            current=2,
        )

    assert choose(position((5, 6), "topLeft"))[0] == ("tax_player", 1)
    assert choose(position((5, 5), "topLeft"))[0] == ("tax_player", 0)  # the player on her left
    assert choose(position((5, 5), "bottomRight"))[0] == ("tax_player", 1)  # the player on her right


@pytest.mark.parametrize(("side", "expected"), [("topLeft", 81), ("bottomRight", 87)])
def test_tax_from_the_market_leftmost_card_red_arrow_between_rows(side, expected):
    g = wgame(
        player("british", 5),
        wakhan(0, court=[61]),
        ai=1,
        nxt=next_for(1, side=side),
        market=[TOP, BOTTOM],
        market_rupees=[[0, 1, 1], [0, 1]],
        agenda=[["turn", 1], ["tax", 1, 2, 0]],
        current=1,
    )
    option, reason = choose(g)
    assert option == ("tax_market", expected) and "leftmost" in reason


def test_build_armies_in_the_leftmost_ruled_region_spending_as_much_as_possible():
    # AI card 1's order: transcaspia, kabul, ... punjab. She rules Kabul and Punjab.
    g = wgame(
        player("british"),
        wakhan(5, court=[5, 27]),
        ai=7,
        last_line=0,
        tribes={"kabul": [0, 1], "punjab": [0, 1]},
    )
    # AI card 7 starts with build; its region order puts Punjab before Kabul.
    option, reason = decide(g)
    assert option[0] == "action" and option[2] == "build" and "line 1/3 (build)" in reason
    wakhan_until_turn(g)
    pl = ref_pragmatic(7, {"british"})
    assert armies(g, "punjab", pl) == 2 and armies(g, "kabul", pl) == 0
    assert g.rupees[1] == 1


def test_betray_the_highest_priority_card_with_a_prize_and_take_the_prize():
    g = wgame(
        player("afghan", 0, court=[61, 13]),
        wakhan(4, court=[15]),
        ai=8,
        last_line=1,
        spies={61: [0, 1], 13: [0, 1]},
    )
    option, reason = decide(g)
    assert option == ("action", 15, "betray")
    made = wakhan_until_turn(g)
    assert made[0][0] == ("betray", 13)
    assert ("take_prize",) in [m[0] for m in made]
    assert seat(g, 1)["prizes"] == [13] and g.loyalty[1] == -1
    assert 61 in g.courts[0]


def test_battle_in_the_leftmost_region_removing_tribes_then_armies_then_roads():
    pl = ref_pragmatic(15, {"british"})
    g = wgame(
        player("british", 0, court=[24]),
        wakhan(0, court=[38]),
        ai=15,
        last_line=1,
        tribes={"punjab": [1, 0], "herat": [1, 0]},
        armies={"punjab": {pl: 3, "british": 1}},
        roads={"kabul-punjab": {"british": 1}},
    )
    option, reason = decide(g)
    assert option == ("action", 38, "battle") and "line 2/3 (battle)" in reason
    made = [m[0] for m in wakhan_until_turn(g)]
    assert made == [("battle_region", "punjab"), ("remove_tribe", 0), ("remove_army", "british")]
    assert tribes(g, "punjab", 0) == 0 and armies(g, "punjab", "british") == 0
    assert roads(g, "kabul-punjab", "british") == 1


def test_battle_region_order_follows_the_ai_card():
    pl = ref_pragmatic(15, {"british"})  # card 15 orders transcaspia, kabul, punjab, ...
    g = wgame(
        player("british", 0, court=[24, 5]),
        wakhan(0, court=[38]),
        ai=15,
        last_line=1,
        tribes={"punjab": [1, 0], "kabul": [1, 0]},
        armies={"punjab": {pl: 1}, "kabul": {pl: 1}},
    )
    decide(g)
    assert decide(g)[0] == ("battle_region", "kabul")


def test_battle_on_a_card_when_no_region_qualifies():
    g = wgame(
        player("british", 0, court=[21, 19]),
        wakhan(0, court=[38]),
        ai=15,
        last_line=1,
        favored="military",
        spies={21: [1, 1], 19: [1, 1]},
    )
    decide(g)
    option, reason = decide(g)
    assert option == ("battle_card", 19)  # both Punjab intelligence rank 2; 19 is a patriot
    assert decide(g)[0] == ("remove_spy", 0)
    assert spies(g, 19, 0) == 0 and spies(g, 21, 0) == 1


def test_special_battle_instruction_picks_the_card_with_the_most_spies():
    # Card 14 line 1; 21 has more spies in all than the higher-priority 19 (a patriot).
    g = wgame(
        player("british", 0, court=[21, 19]),
        wakhan(0, court=[38]),
        ai=14,
        spies={21: [2, 1], 19: [1, 1]},
    )
    option, reason = decide(g)
    assert option == ("action", 38, "battle") and wakhan_instruction(SPECIAL_BATTLE) in reason
    option, reason = decide(g)
    assert option == ("battle_card", 21) and "most spies" in reason


@pytest.mark.parametrize(("side", "expected"), [("topLeft", 0), ("bottomRight", 1)])
def test_battle_targets_by_the_red_arrow(side, expected):
    g = wgame(
        player("british", court=[5]),
        player("afghan", court=[6]),
        wakhan(0, court=[38]),
        ai=1,
        nxt=next_for(1, side=side),
        tribes={"kabul": [1, 1, 0]},
        armies={"kabul": {"russian": 2}},
        agenda=[["turn", 2], ["battle", 2, "region", 1, 2, 0]],
        current=2,
    )
    assert choose(g)[0] == ("remove_tribe", expected)


def test_move_armies_toward_other_players_tribes_in_region_order():
    pl = ref_pragmatic(1, {"british"})  # card 1 orders transcaspia, kabul, kandahar, persia, herat, punjab
    g = wgame(
        player("british", 0, court=[24, 57]),
        wakhan(0, court=[32, 5]),
        ai=1,
        tribes={"kabul": [0, 1], "punjab": [2, 0], "herat": [1, 0]},
        armies={"kabul": {pl: 3}},
        agenda=[["turn", 1], ["move", 1, 3, 0]],
        current=1,
    )
    made = [m[0] for m in wakhan_until_turn(g)]
    assert made == [
        ("move_army", "kabul", "herat"),
        ("move_army", "kabul", "punjab"),
        ("move_army", "kabul", "punjab"),
    ]
    assert ruler(g, "kabul") == 1


def test_move_never_costs_her_a_ruler_token():
    pl = ref_pragmatic(6, {"british"})
    g = wgame(
        player("british", 0, court=[5, 24]),
        wakhan(0, court=[21, 6]),
        ai=6,
        last_line=1,
        tribes={"kabul": [1, 1], "punjab": [1, 0]},
        armies={"kabul": {pl: 2, "british": 1}},
    )
    assert ruler(g, "kabul") == 1
    option, reason = choose(g)
    assert "line 2/3" not in reason  # card 6 line 2 is move: skipped


def test_bonus_actions_leftmost_unused_favored_card_leftmost_possible_action():
    g = wgame(
        player("british"),
        wakhan(4, court=[61, 62], gifts=3),
        favored="economic",
        tribes={"herat": [0, 1]},
        turn_state={"actions_used": 2, "used_cards": [61]},
    )
    option, reason = choose(g)
    # Qanat System: gift (impossible, three gifts) is skipped for build.
    assert option == ("action", 62, "build") and "bonus action:" in reason


def test_no_bonus_action_left_ends_the_turn():
    g = wgame(player("british"), wakhan(0, court=[61]), turn_state={"actions_used": 2})
    option, reason = choose(g)
    assert option == ("end_turn",) and "end of turn" in reason


def test_she_always_uses_may_abilities_and_chooses_the_favored_suit():
    g = wgame(
        player("british", court=[42]),
        wakhan(court=[43]),
        favored="military",
        agenda=[["turn", 1], ["blackmail", 1, "kandahar"]],
        current=1,
    )
    assert choose(g)[0] == ("spy", 42)
    g = wgame(player("british"), wakhan(), favored="economic", agenda=[["turn", 1], ["pashtunwali", 1, 115]], current=1)
    assert choose(g)[0] == ("suit", "economic")


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


# ---------------------------------------------------------------------------- engine rule changes


def test_a_leverage_shortfall_costs_wakhan_no_discards():
    g = wgame(player("british", 2, court=[15]), wakhan(0, court=[14, 61], hand=[62]), spies={14: [1, 0]}, current=0)
    g.apply(("action", 15, "betray"), 0)
    g.apply(("betray", 14), 0)
    assert g.current_player == 0 and g.decision == "turn"
    assert g.courts[1] == [61] and g.hands[1] == [62] and g.rupees[1] == 0


def test_at_a_successful_check_she_scores_her_influence_in_the_dominant_coalition():
    # Russian dominant. Her influence: 1 + Russian patriot + Russian prize + gift = 4 (the British patriot and
    # Afghan prize do not count); the Russian human has 1 + 2 gifts = 3.
    g = wgame(
        player("russian", 5, gifts=2),
        wakhan(0, court=[100, 32], prizes=[53, 84], gifts=1),
        market=[[101]],
        deck=[102, 103],
        armies={"persia": {"russian": 4}},
        current=0,
    )
    g.apply(("purchase", 101), 0)
    assert g.vp == [3, 5]


def test_she_moves_armies_without_roads():
    pl = ref_pragmatic(1, {"british"})
    g = wgame(
        player("british", 0, court=[24]),
        wakhan(0, court=[21]),
        ai=1,
        tribes={"punjab": [1, 0]},
        armies={"kabul": {pl: 2}},
        agenda=[["turn", 1], ["move", 1, 2, 0]],
        current=1,
    )
    assert ("move_army", "kabul", "punjab") in g.legal_options()


# ---------------------------------------------------------------------------- whole games


def _play(players: int, seed: int, check_every_decision: bool) -> Game:
    g = Game.new(players, seed, wakhan=True)
    bot = RandomBot(seed)
    me = WakhanPlayer()
    decisions = 0
    while not g.is_over:
        if g.current_player == g.wakhan:
            option, reason = me.choose(g)
            assert reason and not reason.startswith("AI card")  # no repeated prefix
            g.apply(option, g.wakhan, reason=reason)
        else:
            g.apply(bot.choose(g))
        decisions += 1
        assert decisions < 20_000
        if check_every_decision:
            check_invariants(g)
    check_invariants(g)
    return g


@pytest.mark.parametrize("players", [2, 3])
def test_random_games_against_wakhan_keep_every_invariant(players):
    start = time.perf_counter()
    wins = 0
    for seed in range(500):
        g = _play(players, seed, check_every_decision=True)
        assert g.winners
        wins += g.wakhan in g.winners
    assert wins > 250  # random bots rarely beat her
    assert time.perf_counter() - start < 60


def test_wakhan_resumes_identically_from_saved_states_and_records():
    g = Game.new(3, 5, wakhan=True)
    bot = RandomBot(5)
    me = WakhanPlayer()
    checked = 0
    while not g.is_over:
        if g.current_player == g.wakhan:
            option, reason = me.choose(g)
            if checked % 3 == 0:
                assert WakhanPlayer().choose(Game.from_json(g.to_json())) == (option, reason)
            checked += 1
            g.apply(option, g.wakhan, reason=reason)
        else:
            g.apply(bot.choose(g))
    replay = Game.from_record(g.record())
    assert replay.state_hash() == g.state_hash()
    assert sum(1 for c in g.record()["choices"] if len(c) >= 3 and c[2]) == checked


def test_seeded_games_against_wakhan_and_the_simulate_command(capsys):
    from paxpamir.clients.cli import main

    games = [play_seeded_game(2, seed, wakhan=True, check=check_invariants)[0] for seed in (4, 5, 6)]
    assert all(g.is_over and g.winners and g.wakhan == 1 for g in games)
    assert main(["simulate", "--wakhan", "--players", "3", "--games", "2", "--seed", "1", "--check"]) == 0
    out = capsys.readouterr().out
    assert "against Wakhan" in out and "wins: player 1:" in out
    assert main(["simulate", "--wakhan", "--players", "4", "--games", "1", "--seed", "1"]) == 2


def test_pamir_simulate_wakhan(capsys):
    from paxpamir.clients.cli import main

    assert main(["simulate", "--wakhan", "--players", "2", "--games", "2", "--seed", "7", "--check"]) == 0
    out = capsys.readouterr().out
    assert "2 games against Wakhan (the last seat, W)" in out and "invariants checked" in out
    assert main(["simulate", "--wakhan", "--games", "1"]) == 2  # the default 4 players cannot include Wakhan


def test_move_only_armies_beyond_the_tribes_they_face():
    # Her one army in Herat faces one tribe there: it stays, though Kandahar next door has a tribe and no army.
    pl = ref_pragmatic(6, {"british"})
    position = dict(
        tribes={"herat": [1, 0], "kandahar": [1, 0]},
        armies={"herat": {pl: 1}},
    )
    g = wgame(player("british", 0, court=[57, 43]), wakhan(0, court=[21]), ai=6, last_line=1, **position)
    assert "line 2/3" not in choose(g)[1]  # card 6 line 2 (move) is skipped
    g = wgame(
        player("british", 0, court=[57, 43]),
        wakhan(0, court=[21]),
        ai=6,
        agenda=[["turn", 1], ["move", 1, 2, 1]],
        **position,
    )
    assert ("move_army", "herat", "kandahar") in g.legal_options()
    assert choose(g)[0] == ("done",)
    # With a second army she moves one.
    position["armies"] = {"herat": {pl: 2}}
    g = wgame(
        player("british", 0, court=[57, 43]),
        wakhan(0, court=[21]),
        ai=6,
        agenda=[["turn", 1], ["move", 1, 2, 1]],
        **position,
    )
    assert choose(g)[0] == ("move_army", "herat", "kandahar")


def test_gift_bonus_action_buys_the_cheapest_gift():
    g = wgame(player("british"), wakhan(5, court=[62]), favored="economic", turn_state={"actions_used": 2})
    option, reason = decide(g)
    assert option == ("action", 62, "gift") and "bonus action:" in reason
    assert g.gifts[1] == 1 and g.rupees[1] == 3


@pytest.mark.parametrize(("side", "expected"), [("topLeft", 0), ("bottomRight", 1)])
def test_players_she_must_choose_follow_the_red_arrow(side, expected):
    for kind, card in (("rumor", 108), ("exchange_hands", 114)):
        g = wgame(
            player("british", hand=[61]),
            player("afghan", hand=[62]),
            wakhan(),
            ai=1,
            nxt=next_for(1, side=side),
            agenda=[["turn", 2], [kind, 2, card]],
        )
        assert choose(g)[0] == ("player", expected)


def test_rebuke_clears_the_first_region_on_the_ai_card_where_others_have_tribes():
    # AI card 1 orders transcaspia, kabul, kandahar, persia, herat, punjab.
    g = wgame(
        player("british", court=[5, 57, 24]),
        wakhan(court=[58]),
        ai=1,
        tribes={"kabul": [1, 1], "herat": [1, 0], "punjab": [1, 0]},
        agenda=[["turn", 1], ["rebuke", 1, 116]],
    )
    assert choose(g)[0] == ("region", "herat")


def test_component_limits_she_takes_a_road_then_an_army_from_a_region_she_does_not_rule():
    pl = ref_pragmatic(1, {"british"})
    step = ["take_piece", 1, "army", 1, ("afghan", "british", "russian").index(pl)]
    g = wgame(
        player("british"),
        wakhan(court=[5]),
        ai=1,
        tribes={"kabul": [0, 1]},
        armies={"kabul": {pl: 6}, "persia": {pl: 5}},
        roads={"kabul-punjab": {pl: 1}},
        agenda=[["turn", 1], step],
    )
    assert choose(g)[0] == ("take_road", "kabul-punjab")
    g = wgame(
        player("british"),
        wakhan(court=[5]),
        ai=1,
        tribes={"kabul": [0, 1]},
        armies={"kabul": {pl: 6}, "persia": {pl: 6}},
        agenda=[["turn", 1], step],
    )
    assert choose(g)[0] == ("take_army", "persia")
