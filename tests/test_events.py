"""Every event card, both halves, and the Dominance Check; plus the interactions of events with each other,
with court card abilities and with the overthrow rule.

The bottom half of an event is resolved for its buyer when purchased; the top half for everyone when the card
is discarded from the market's leftmost column at cleanup (RB p.3, p.9, p.10). Lasting effects end at ("until
the next Dominance Check") or right after ("until after the next Dominance Check") the next check.
"""

from __future__ import annotations

import pytest
from cardpositions import (
    CHECK_1,
    CHECK_2,
    CHECK_3,
    CONFLICT_FATIGUE,
    COURTLY_MANNERS,
    KOH_I_NOOR,
    NATION_BUILDING,
    NATIONALISM,
    NEW_TACTICS,
    PASHTUNWALI,
    PERSIAN_ARISTOCRACY,
    PERSUASIVE_METHODS,
    PUBLIC_WITHDRAWAL,
    REBUKE,
    RUMOR,
    armies,
    blocks,
    do,
    effects,
    label_problems,
    last_events,
    load,
    log_types,
    market,
    opts,
    player,
    roads,
    spies_on,
    tribes,
    view_effects,
)

from paxpamir.content.map import INTELLIGENCE, MILITARY, POLITICAL
from paxpamir.rules.scoring import influence

TWO = [player("british", 0), player("russian", 0)]


def _buy(event, players=None, **extra):
    """Player 0 to buy ``event`` from the free column (top row)."""
    top = extra.pop("top", [])
    return load(players or [dict(p) for p in TWO], market=market([event, *top], extra.pop("bottom", [])), **extra)


def _discard(event, players=None, slot=0, **extra):
    """Player 0 ends the turn with ``event`` in the leftmost column (top row, or bottom row for slot 6)."""
    top, bottom = ([event], []) if slot == 0 else ([], [event])
    g = load(players or [dict(p) for p in TWO], market=market(top, bottom), **extra)
    do(g, ("end_turn",))
    return g


# ------------------------------------------------------------ Dominance Check


def test_dominance_check_purchased_is_scored_at_once():
    g = _buy(
        CHECK_1,
        players=[player("british", 0, vp=2), player("russian", 0)],
        deck=[CHECK_2],
        armies={"kabul": {"british": 4}},
    )
    do(g, ("purchase", CHECK_1))
    check = last_events(g, "dominance_check")[0]
    assert check["dominant"] == 1 and not check["final"]
    assert g.vp == [7, 0] and CHECK_1 in g.discard and CHECK_1 not in g.market
    assert g.is_over and blocks(g) == 4  # a lead of 4 or more ends the game; the board is not cleared


def test_dominance_check_failure_scores_cylinders_and_keeps_blocks():
    g = _buy(CHECK_1, deck=[CHECK_2], armies={"kabul": {"british": 3}}, tribes={"kabul": [2, 1]})
    do(g, ("purchase", CHECK_1))
    assert last_events(g, "dominance_check")[0]["dominant"] == -1
    assert g.vp == [3, 1] and armies(g, "kabul") == {"british": 3}
    assert not g.is_over and g.decision == "turn" and g.actions_used == 1


def test_dominance_check_discarded_at_cleanup_is_scored_for_everyone():
    g = _discard(CHECK_1, deck=[CHECK_2], tribes={"kabul": [0, 1]})
    assert last_events(g, "dominance_check")[0]["awards"] == {"1": 3, "0": 1}
    assert g.vp == [1, 3] and CHECK_1 in g.discard
    assert g.current_player == 1 and g.decision == "turn"


def test_final_dominance_check_doubles_and_ends_the_game():
    g = _buy(CHECK_1, armies={"kabul": {"russian": 4}})
    do(g, ("purchase", CHECK_1))
    assert last_events(g, "dominance_check")[0]["final"]
    assert g.vp == [0, 10] and g.is_over and g.winners == [1]


def test_instability_triggers_a_check_when_a_second_check_is_dealt():
    g = load([dict(p) for p in TWO], market=market([9, CHECK_1]), deck=[CHECK_2, CHECK_3, 10], tribes={"kabul": [1, 0]})
    do(g, ("purchase", 9), ("end_turn",))
    assert [e["type"] for e in g.events() if e["type"] in ("instability", "dominance_check")] == [
        "instability",
        "dominance_check",
    ]
    assert CHECK_1 in g.discard and CHECK_2 in g.discard
    assert g.vp == [3, 1]
    assert g.market[0] == CHECK_3 and g.market[6] == 10  # the market is refilled, top row first


# ------------------------------------------------------------ 105 New Tactics / military favored


def test_new_tactics_makes_the_buyers_military_cards_favored():
    players = [player("british", 0, court=[16]), player("russian", 0, court=[31])]
    g = _buy(
        NEW_TACTICS,
        players=players,
        turn_state={"actions_used": 1},
        top=[9],
        market_rupees=[[0, 2, 0, 0, 0, 0], [0] * 6],
    )
    assert ("action", 16, "tax") in opts(g)
    do(g, ("purchase", NEW_TACTICS))
    assert effects(g) == [("newTactics", 0)]
    assert g.actions_used == 2
    assert ("action", 16, "tax") in opts(g)  # a bonus action now
    do(g, ("action", 16, "tax"), ("tax_market", 9))
    assert last_events(g, "action")[0]["bonus"] is True
    assert NEW_TACTICS not in g.discard  # under the buyer's court while in force


def test_new_tactics_is_only_for_the_buyer():
    g = load(
        [player("british", 0, court=[16]), player("russian", 0, court=[31])],
        effects=[("newTactics", 0, NEW_TACTICS)],
        current=1,
        turn_state={"actions_used": 2},
        market=market([9]),
        market_rupees=[[2, 0, 0, 0, 0, 0], [0] * 6],
    )
    assert ("action", 31, "tax") not in opts(g)
    g = load(
        [player("british", 0, court=[16]), player("russian", 0, court=[31])],
        turn_state={"actions_used": 2},
        market=market([9]),
        market_rupees=[[2, 0, 0, 0, 0, 0], [0] * 6],
    )
    assert ("action", 16, "tax") not in opts(g)  # and without the event nobody's is


def test_military_favored_when_new_tactics_is_discarded():
    g = _discard(NEW_TACTICS, players=[player("british", 4), player("russian", 4)])
    assert g.favored == MILITARY and effects(g) == []
    assert NEW_TACTICS in g.discard


# ------------------------------------------------------------ 106 Koh-i-noor / Embarrassment of Riches


def _gifts_check(event_first):
    # Both British; player 0 has two gifts, player 1 three; the British are dominant at the final check.
    return load(
        [player("british", 5, gifts=2), player("british", 0, gifts=3)],
        market=market([event_first, CHECK_1] if event_first else [CHECK_1]),
        armies={"kabul": {"british": 4}},
    )


def test_koh_i_noor_gives_the_buyers_gifts_one_more_influence_at_the_check():
    g = _gifts_check(KOH_I_NOOR)
    do(g, ("purchase", KOH_I_NOOR))
    assert effects(g) == [("kohINoorRecovered", 0)]
    assert influence(g, 0) == 5 and influence(g, 1) == 4
    do(g, ("purchase", CHECK_1))
    assert last_events(g, "dominance_check")[0]["values"] == {"0": 5, "1": 4}
    assert g.vp == [10, 6] and g.winners == [0]


def test_without_koh_i_noor_gifts_count_once():
    g = _gifts_check(None)
    assert influence(g, 0) == 3 and influence(g, 1) == 4
    do(g, ("purchase", CHECK_1))
    assert g.vp == [6, 10]


def test_embarrassment_of_riches_takes_all_gift_influence_until_after_the_check():
    g = load(
        [player("british", 0, gifts=2), player("british", 0, prizes=[57])],
        market=market([KOH_I_NOOR, CHECK_1]),
        armies={"kabul": {"british": 4}},
    )
    assert influence(g, 0) == 3 and influence(g, 1) == 2
    do(g, ("end_turn",))
    assert effects(g) == [("embarrassementOfRiches", -1)]
    assert influence(g, 0) == 1 and influence(g, 1) == 2
    do(g, ("purchase", CHECK_1))  # player 1 buys the (final) check from the free column
    assert last_events(g, "dominance_check")[0]["values"] == {"0": 1, "1": 2}
    assert g.vp == [6, 10]


# ------------------------------------------------------------ 107 Courtly Manners / Disregard for Customs


def _bribes(effect_list, current=0, **extra):
    # Player 0 rules Punjab (two tribes), player 1 rules Kabul (two tribes); each has a card of the other's
    # region in hand (Bala Hissar 16, Akali Sikhs 38), and a card held hostage by the other's two spies.
    return load(
        [
            player("british", 5, court=[61], hand=[16]),
            player("russian", 5, court=[65], hand=[38]),
        ],
        tribes={"kabul": [0, 2], "punjab": [2, 0]},
        spies={61: [0, 2], 65: [2, 0]},
        market=market([9]),
        market_rupees=[[3, 0, 0, 0, 0, 0], [0] * 6],
        effects=effect_list,
        current=current,
        **extra,
    )


def test_courtly_manners_the_buyer_pays_no_bribes():
    g = load(
        [player("british", 5, court=[61], hand=[16]), player("russian", 5, court=[65], hand=[38])],
        tribes={"kabul": [0, 2], "punjab": [2, 0]},
        spies={61: [0, 2], 65: [2, 0]},
        market=market([COURTLY_MANNERS, 9]),
        market_rupees=[[0, 3, 0, 0, 0, 0], [0] * 6],
    )
    do(g, ("purchase", COURTLY_MANNERS))
    assert effects(g) == [("courtlyManners", 0)]
    assert view_effects(g, 1) == [("courtlyManners", 0)] and view_effects(g, None) == [("courtlyManners", 0)]
    g2 = g.clone()
    do(g, ("play", 16))  # Kabul card, player 1 rules Kabul: no bribe
    assert g.decision == "side" and g.current_player == 0
    do(g2, ("action", 61, "tax"))  # hostage card: no bribe
    assert g2.decision == "tax" and g2.current_player == 0


def test_courtly_manners_does_not_help_the_other_players():
    g = _bribes([("courtlyManners", 0, COURTLY_MANNERS)], current=1)
    do(g, ("play", 38))
    assert g.decision == "bribe_demand" and g.current_player == 0
    g = _bribes([("courtlyManners", 0, COURTLY_MANNERS)], current=1)
    do(g, ("action", 65, "tax"))
    assert g.decision == "bribe_demand" and g.current_player == 0


@pytest.mark.parametrize("current, card, hostage", [(0, 16, 61), (1, 38, 65)])
def test_without_the_event_bribes_are_due(current, card, hostage):
    g = _bribes([], current=current)
    do(g, ("play", card))
    assert g.decision == "bribe_demand" and g.current_player == 1 - current
    g = _bribes([], current=current)
    do(g, ("action", hostage, "tax"))
    assert g.decision == "bribe_demand" and g.current_player == 1 - current


@pytest.mark.parametrize("current, card, hostage", [(0, 16, 61), (1, 38, 65)])
def test_disregard_for_customs_nobody_pays_bribes(current, card, hostage):
    g = _bribes([("disregardForCustoms", -1, COURTLY_MANNERS)], current=current)
    do(g, ("play", card))
    assert g.decision == "side" and g.current_player == current
    g = _bribes([("disregardForCustoms", -1, COURTLY_MANNERS)], current=current)
    do(g, ("action", hostage, "tax"))
    assert g.decision == "tax" and g.current_player == current


def test_disregard_for_customs_comes_from_the_market_discard():
    g = _discard(COURTLY_MANNERS)
    assert effects(g) == [("disregardForCustoms", -1)]
    assert COURTLY_MANNERS not in g.discard


def test_bribes_return_after_the_next_dominance_check():
    for effect in (("courtlyManners", 0, COURTLY_MANNERS), ("disregardForCustoms", -1, COURTLY_MANNERS)):
        g = load(
            [player("british", 5, court=[61], hand=[16], vp=1), player("russian", 5, court=[65])],
            tribes={"kabul": [0, 2], "punjab": [2, 0]},
            market=market([CHECK_1]),
            deck=[CHECK_2],
            effects=[effect],
        )
        do(g, ("purchase", CHECK_1))
        assert effects(g) == [] and COURTLY_MANNERS in g.discard
        do(g, ("play", 16))
        assert g.decision == "bribe_demand"


# ------------------------------------------------------------ 108 Rumor / Failure to Impress


def _rumor_check():
    # Both British; player 1 has two British patriots in court, player 0 one.
    return load(
        [player("british", 1, court=[22]), player("british", 0, court=[19, 20])],
        market=market([RUMOR, CHECK_1]),
        armies={"kabul": {"british": 4}},
    )


def test_rumor_the_buyer_chooses_whose_patriots_count_for_nothing():
    g = _rumor_check()
    do(g, ("purchase", RUMOR))
    assert g.decision == "rumor" and g.current_player == 0
    assert opts(g) == [("player", 0), ("player", 1)]
    assert label_problems(g) == []
    do(g, ("player", 1))
    assert effects(g) == [("rumor", 1)]
    assert influence(g, 1) == 1 and influence(g, 0) == 2
    do(g, ("purchase", CHECK_1))  # column 1: its rupee goes to the vacant slot
    assert last_events(g, "dominance_check")[0]["values"] == {"0": 2, "1": 1}
    assert g.vp == [10, 6]


def test_without_rumor_patriots_count():
    g = _rumor_check()
    assert influence(g, 0) == 2 and influence(g, 1) == 3


def test_failure_to_impress_everyone_discards_their_prizes():
    g = _discard(
        RUMOR,
        players=[player("british", 0, prizes=[57, 90]), player("russian", 0, prizes=[13])],
        tribes={"kabul": [1, 1]},
    )
    assert g.prizes == [(), ()]
    assert {57, 90, 13, RUMOR} <= set(g.discard)
    assert g.loyalty == (1, 2)  # loyalty is kept
    assert effects(g) == []


# ------------------------------------------------------------ 109 Conflict Fatigue / Riots in Punjab


def test_conflict_fatigue_a_lead_of_two_is_enough():
    g = _buy(
        CONFLICT_FATIGUE,
        top=[CHECK_1],
        players=[player("british", 1), player("russian", 0)],
        armies={"kabul": {"british": 3, "russian": 1}},
    )
    do(g, ("purchase", CONFLICT_FATIGUE))
    assert effects(g) == [("conflictFatigue", -1)]
    do(g, ("purchase", CHECK_1))
    assert last_events(g, "dominance_check")[0]["dominant"] == 1


def test_without_conflict_fatigue_a_lead_of_two_fails():
    g = _buy(CHECK_1, armies={"kabul": {"british": 3, "russian": 1}})
    do(g, ("purchase", CHECK_1))
    assert last_events(g, "dominance_check")[0]["dominant"] == -1


def test_riots_in_punjab_clear_tribes_and_armies_and_overthrow():
    # Player 1 has tribes and a leveraged political card (Maqpon Dynasty, 27) in Punjab.
    g = _discard(
        CONFLICT_FATIGUE,
        players=[player("british", 0, court=[24]), player("russian", 2, court=[27, 28])],
        tribes={"punjab": [1, 2], "kabul": [0, 1]},
        armies={"punjab": {"british": 2, "afghan": 1}, "kabul": {"russian": 1}},
        roads={"kabul-punjab": {"british": 1}},
    )
    assert tribes(g, "punjab") == [0, 0] and armies(g, "punjab") == {}
    assert roads(g, "kabul-punjab") == {"british": 1}  # roads stay
    assert tribes(g, "kabul") == [0, 1] and armies(g, "kabul") == {"russian": 1}
    assert 24 in g.discard and 27 in g.discard and g.courts == [[], [28]]  # overthrow, both players
    assert g.rupees[1] == 0  # Maqpon Dynasty's leverage repaid
    assert effects(g) == []


# ------------------------------------------------------------ 110 Nationalism / Riots in Herat


def _nationalism(effect_list, p0_court=(4, 59), **extra):
    # Player 0 (British) has two tribes in Herat and a political Herat card; a British road Herat-Kabul;
    # a Russian army in Herat.
    return load(
        [player("british", 0, court=list(p0_court)), player("russian", 0)],
        tribes={"herat": [2, 0]},
        armies={"herat": {"russian": 1}},
        roads={"herat-kabul": {"british": 1}},
        effects=effect_list,
        **extra,
    )


def test_nationalism_tribes_move_like_armies():
    g = _buy(
        NATIONALISM,
        players=[player("british", 0, court=[4, 59]), player("russian", 0)],
        tribes={"herat": [2, 0]},
        roads={"herat-kabul": {"british": 1}},
    )
    do(g, ("purchase", NATIONALISM))
    assert effects(g) == [("nationalism", 0)]
    do(g, ("action", 4, "move"))
    assert opts(g) == [("move_tribe", "herat", "kabul")] + [o for o in opts(g) if o[0] != "move_tribe"]
    assert label_problems(g) == []
    do(g, ("move_tribe", "herat", "kabul"))
    assert tribes(g, "herat") == [1, 0] and tribes(g, "kabul") == [1, 0]
    assert g.rulers[1] == 0  # the moved tribe rules Kabul


def test_nationalism_tribes_battle_like_armies():
    g = _nationalism([("nationalism", 0, NATIONALISM)])
    do(g, ("action", 59, "battle"), ("battle_region", "herat"))
    assert last_events(g, "battle")[0]["limit"] == 2
    do(g, ("remove_army", "russian"))
    assert armies(g, "herat") == {}


def test_without_nationalism_tribes_neither_move_nor_battle():
    for g in (_nationalism([]), _nationalism([("nationalism", 1, NATIONALISM)])):  # another player's event
        assert ("action", 4, "move") not in opts(g)
        assert ("action", 59, "battle") not in opts(g)


def test_nationalism_moving_the_last_tribe_out_overthrows():
    g = load(
        [player("british", 0, court=[4, 57]), player("russian", 0)],
        tribes={"herat": [1, 0]},
        roads={"herat-kabul": {"british": 1}},
        effects=[("nationalism", 0, NATIONALISM)],
    )
    do(g, ("action", 4, "move"), ("move_tribe", "herat", "kabul"))
    assert 57 in g.discard and g.courts[0] == [4]


def test_nationalism_ends_at_the_next_check():
    g = _nationalism([("nationalism", 0, NATIONALISM)], market=market([CHECK_1]), deck=[CHECK_2])
    do(g, ("purchase", CHECK_1))
    assert effects(g) == [] and ("action", 59, "battle") not in opts(g)


def test_riots_in_herat():
    g = _discard(
        NATIONALISM,
        players=[player("british", 0, court=[57]), player("russian", 0)],
        tribes={"herat": [2, 0], "kabul": [1, 0]},
        armies={"herat": {"russian": 1}},
    )
    assert tribes(g, "herat") == [0, 0] and armies(g, "herat") == {} and tribes(g, "kabul") == [1, 0]
    assert 57 in g.discard and effects(g) == []


# ------------------------------------------------------------ 111 Public Withdrawal


def test_public_withdrawal_cannot_be_purchased_and_eats_rupees():
    g = load([player("british", 2), player("russian", 0)], market=market([9, PUBLIC_WITHDRAWAL, 10]))
    assert ("purchase", PUBLIC_WITHDRAWAL) not in opts(g)
    bank_in = g.bank_in
    do(g, ("purchase", 10))
    assert g.market_rupees[:2] == [1, 0]  # the rupee put on Public Withdrawal leaves the game
    assert g.bank_in == bank_in + 1 and g.rupees == [0, 0]


def test_public_withdrawal_discarded_has_no_effect():
    before = load(
        [player("british", 3, court=[7]), player("russian", 1)],
        market=market([PUBLIC_WITHDRAWAL]),
        tribes={"kabul": [1, 0]},
        favored="economic",
    )
    g = before.clone()
    do(g, ("end_turn",))
    assert PUBLIC_WITHDRAWAL in g.discard and effects(g) == []
    assert g.favored == before.favored and g.tribes == before.tribes and g.rupees == before.rupees
    assert g.courts == before.courts and g.market == [0] * 12


# ------------------------------------------------------------ 112 Nation Building / Riots in Kabul


def _nation_building(effect_list, rupees, court=(80,)):
    # Player 0 (British) rules Persia with a tribe and builds with Anglo-Persian Trade (80).
    return load(
        [player("british", rupees, court=list(court)), player("russian", 0)],
        tribes={"persia": [1, 0]},
        effects=effect_list,
    )


def _build_all(g, card, where=("army", "persia")):
    do(g, ("action", card, "build"))
    placed = 0
    while g.decision == "build" and where in opts(g):
        do(g, where)
        placed += 1
    return placed


def test_nation_building_places_two_blocks_for_each_one_paid():
    g = _buy(
        NATION_BUILDING, players=[player("british", 2, court=[80]), player("russian", 0)], tribes={"persia": [1, 0]}
    )
    do(g, ("purchase", NATION_BUILDING))
    assert effects(g) == [("nationBuilding", 0)]
    assert _build_all(g, 80) == 2
    assert armies(g, "persia") == {"british": 2} and g.rupees[0] == 0


def test_nation_building_doubles_a_full_build():
    g = _nation_building([("nationBuilding", 0, NATION_BUILDING)], 6)
    assert _build_all(g, 80) == 6
    assert armies(g, "persia") == {"british": 6} and g.rupees[0] == 0
    assert g.decision == "turn"


def test_without_nation_building_one_block_per_payment_and_three_at_most():
    for effect_list in ([], [("nationBuilding", 1, NATION_BUILDING)]):
        g = _nation_building(effect_list, 2)
        assert _build_all(g, 80) == 1 and g.rupees[0] == 0
        g = _nation_building(effect_list, 10)
        assert _build_all(g, 80) == 3 and g.rupees[0] == 4


def test_nation_building_pays_rupees_to_the_market_like_any_build():
    g = load(
        [player("british", 4, court=[80]), player("russian", 0)],
        tribes={"persia": [1, 0]},
        effects=[("nationBuilding", 0, NATION_BUILDING)],
        market=market([9, 10, 11], [12, 13, 14]),
    )
    assert _build_all(g, 80) == 4
    assert g.market_rupees == [0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0]


def test_nation_building_with_infrastructure():
    g = _nation_building([("nationBuilding", 0, NATION_BUILDING)], 6, court=(78, 80))
    assert _build_all(g, 80) == 6
    assert g.decision == "infrastructure"  # one more block, not doubled
    do(g, ("road", "herat-persia"))
    assert armies(g, "persia") == {"british": 6} and roads(g, "herat-persia") == {"british": 1}
    assert g.decision == "turn" and g.rupees[0] == 0


def test_riots_in_kabul():
    g = _discard(
        NATION_BUILDING,
        players=[player("british", 0, court=[5, 16]), player("russian", 0)],
        tribes={"kabul": [1, 0], "punjab": [1, 0]},
        armies={"kabul": {"british": 2}},
    )
    assert tribes(g, "kabul") == [0, 0] and armies(g, "kabul") == {}
    assert g.courts[0] == [16] and 5 in g.discard  # Shah Shujah overthrown; the military card stays


# ------------------------------------------------------------ 113 Backing of Persian Aristocracy / Riots in Persia


def test_backing_of_persian_aristocracy_gives_three_rupees():
    g = _buy(PERSIAN_ARISTOCRACY)
    do(g, ("purchase", PERSIAN_ARISTOCRACY))
    assert g.rupees == [3, 0] and PERSIAN_ARISTOCRACY in g.discard and effects(g) == []


def test_riots_in_persia():
    g = _discard(
        PERSIAN_ARISTOCRACY,
        players=[player("british", 0), player("russian", 0, court=[76, 75])],
        tribes={"persia": [0, 3]},
        armies={"persia": {"russian": 1}},
        slot=6,
    )
    assert tribes(g, "persia") == [0, 0] and armies(g, "persia") == {}
    assert g.courts[1] == [] and g.rupees == [0, 0]


# ------------------------------------------------------------ 114 Other Persuasive Methods / Confidence Failure


def test_other_persuasive_methods_the_buyer_chooses_whom_to_exchange_with():
    g = _buy(
        PERSUASIVE_METHODS,
        players=[player("british", 0, hand=[9]), player("russian", 0, hand=[10, 11]), player("afghan", 0, hand=[12])],
    )
    do(g, ("purchase", PERSUASIVE_METHODS))
    assert g.decision == "exchange_hands" and g.current_player == 0
    assert opts(g) == [("player", 1), ("player", 2)]
    do(g, ("player", 1))
    assert g.hands == [[10, 11], [9], [12]]
    assert not g.can_undo()  # the buyer has seen a hidden hand


def test_other_persuasive_methods_with_an_empty_hand():
    g = _buy(PERSUASIVE_METHODS, players=[player("british", 0), player("russian", 0, hand=[10, 11])])
    do(g, ("purchase", PERSUASIVE_METHODS), ("player", 1))
    assert g.hands == [[10, 11], []]


def test_confidence_failure_each_player_chooses_a_card_to_discard():
    players = [player("british", 0, hand=[9, 10]), player("russian", 0), player("afghan", 0, hand=[11, 12])]
    g = load(players, market=market([PERSUASIVE_METHODS]), current=1)
    do(g, ("end_turn",))
    # Player 1 (active, empty hand) is skipped; then player 2, then player 0, clockwise.
    assert g.decision == "confidence_failure" and g.current_player == 2
    assert opts(g) == [("discard", 11), ("discard", 12)]
    do(g, ("discard", 12))
    assert g.current_player == 0 and opts(g) == [("discard", 9), ("discard", 10)]
    do(g, ("discard", 9))
    assert g.hands == [[10], [], [11]] and {9, 12} <= set(g.discard)
    assert g.decision == "turn" and g.current_player == 2


# ------------------------------------------------------------ 115 Pashtunwali Values / intelligence favored


def test_pashtunwali_values_the_buyer_chooses_the_suit_and_suit_icons_stop():
    g = _buy(PASHTUNWALI, players=[player("british", 0, hand=[10]), player("russian", 0)], deck=[CHECK_2])
    do(g, ("purchase", PASHTUNWALI))
    assert g.decision == "pashtunwali" and g.current_player == 0
    assert opts(g) == [("suit", s) for s in ("political", "intelligence", "economic", "military")]
    do(g, ("suit", "economic"))
    assert effects(g) == [("pashtunwaliValues", 0)]
    do(g, ("play", 10))  # Balkh Arsenic Mine: road, then the military suit icon
    do(g, ("road", "kabul-punjab"))
    assert g.favored != MILITARY
    assert last_events(g, "favored_unchanged")
    assert label_problems(g) == []


def test_pashtunwali_values_blocks_suit_events_discarded_from_the_market():
    for event in (NEW_TACTICS, REBUKE, PASHTUNWALI):
        other = PASHTUNWALI if event != PASHTUNWALI else NEW_TACTICS
        g = _discard(event, effects=[("pashtunwaliValues", 1, other)], favored="economic")
        assert g.favored == 2


def test_suit_icons_work_again_after_the_next_check():
    g = load(
        [player("british", 0, hand=[10], vp=1), player("russian", 0)],
        market=market([CHECK_1]),
        deck=[CHECK_2],
        effects=[("pashtunwaliValues", 1, PASHTUNWALI)],
        favored="economic",
    )
    do(g, ("purchase", CHECK_1))
    assert effects(g) == []
    do(g, ("play", 10), ("road", "kabul-punjab"))
    assert g.favored == MILITARY


def test_without_pashtunwali_suit_icons_move_the_marker():
    g = load([player("british", 0, hand=[10]), player("russian", 0)], favored="economic")
    do(g, ("play", 10), ("road", "kabul-punjab"))
    assert g.favored == MILITARY


def test_intelligence_favored_when_pashtunwali_is_discarded():
    g = _discard(PASHTUNWALI, slot=6)
    assert g.favored == INTELLIGENCE and effects(g) == []


# ------------------------------------------------------------ 116 Rebuke / political favored


def test_rebuke_the_buyer_clears_a_region_of_their_choice():
    g = _buy(
        REBUKE,
        players=[player("british", 0, court=[7]), player("russian", 0, court=[90])],
        tribes={"kabul": [1, 0], "transcaspia": [0, 2]},
        armies={"transcaspia": {"russian": 2}},
        roads={"persia-transcaspia": {"russian": 1}},
    )
    do(g, ("purchase", REBUKE))
    assert g.decision == "rebuke" and g.current_player == 0
    assert len(opts(g)) == 6
    assert label_problems(g) == []
    do(g, ("region", "transcaspia"))
    assert tribes(g, "transcaspia") == [0, 0] and armies(g, "transcaspia") == {}
    assert roads(g, "persia-transcaspia") == {"russian": 1}
    assert g.courts == [[7], []] and 90 in g.discard and REBUKE in g.discard
    assert tribes(g, "kabul") == [1, 0]


def test_political_favored_when_rebuke_is_discarded():
    g = _discard(REBUKE, favored="military")
    assert g.favored == POLITICAL and effects(g) == []


# ------------------------------------------------------------ event discard mechanics


def test_rupees_on_a_discarded_event_stay_on_its_slot_for_the_next_card():
    g = load(
        [dict(p) for p in TWO],
        market=market([REBUKE, 9]),
        market_rupees=[[2, 1, 0, 0, 0, 0], [0] * 6],
        favored="military",
    )
    do(g, ("end_turn",))
    assert g.market[0] == 9 and g.market_rupees[0] == 3


def test_both_leftmost_events_are_discarded_top_row_first():
    g = load([dict(p) for p in TWO], market=market([NEW_TACTICS], [REBUKE]))
    do(g, ("end_turn",))
    favored = [e["suit"] for e in last_events(g, "favored")]
    assert favored == [MILITARY, POLITICAL] and g.favored == POLITICAL


def test_events_outside_the_leftmost_column_stay():
    g = load([dict(p) for p in TWO], market=market([9, REBUKE]), favored="military")
    do(g, ("end_turn",))
    assert g.favored == MILITARY and g.market[:2] == [9, REBUKE]


# ------------------------------------------------------------ when lasting effects end

UNTIL = [
    ("newTactics", 0, NEW_TACTICS),
    ("courtlyManners", 1, COURTLY_MANNERS),
    ("nationalism", 0, NATIONALISM),
    ("nationBuilding", 1, NATION_BUILDING),
    ("pashtunwaliValues", 0, PASHTUNWALI),
]
UNTIL_AFTER = [
    ("kohINoorRecovered", 0, KOH_I_NOOR),
    ("rumor", 1, RUMOR),
    ("conflictFatigue", -1, CONFLICT_FATIGUE),
]


def _all_effects(deck):
    return load(
        [player("british", 0, vp=1), player("russian", 0)],
        market=market([CHECK_1]),
        deck=deck,
        effects=UNTIL + UNTIL_AFTER,
    )


def test_state_and_views_show_effects_and_for_whom():
    g = _all_effects([CHECK_2])
    shown = [(e, p) for e, p, _ in UNTIL + UNTIL_AFTER]
    assert effects(g) == shown
    assert view_effects(g, 0) == shown and view_effects(g, 1) == shown and view_effects(g, None) == shown
    assert all(c not in g.discard for _, _, c in UNTIL + UNTIL_AFTER)


@pytest.mark.parametrize("deck", [[CHECK_2], []], ids=["check", "final check"])
def test_until_effects_end_at_the_check_and_until_after_effects_after_it(deck):
    g = _all_effects(deck)
    do(g, ("purchase", CHECK_1))
    assert effects(g) == [] and view_effects(g, 1) == []
    assert all(c in g.discard for _, _, c in UNTIL + UNTIL_AFTER)
    events = g.events()
    check = next(i for i, e in enumerate(events) if e["type"] == "dominance_check")
    off = {e["effect"]: i for i, e in enumerate(events) if e["type"] == "effect_off"}
    assert sorted(off) == sorted(e for e, _, _ in UNTIL + UNTIL_AFTER)
    assert all(off[e] < check for e, _, _ in UNTIL)
    assert all(off[e] > check for e, _, _ in UNTIL_AFTER)
    assert g.is_over == (deck == [])


def test_an_effect_bought_after_a_check_lasts_until_the_following_one():
    g = load([player("british", 1, vp=1), player("russian", 0)], market=market([CHECK_1, NEW_TACTICS]), deck=[CHECK_2])
    do(g, ("purchase", CHECK_1), ("purchase", NEW_TACTICS))
    assert effects(g) == [("newTactics", 0)]


# ------------------------------------------------------------ interactions


def test_riots_and_rebuke_overthrow_only_the_players_losing_their_last_tribe():
    # Players 0 and 1 lose their Kabul tribes and so their Kabul political cards; player 2 had no tribe there
    # to lose and keeps theirs; player 0's Punjab card and tribe are untouched.
    players = [
        player("british", 0, court=[7, 5, 26]),
        player("afghan", 0, court=[6]),
        player("russian", 0, court=[16, 10]),
    ]
    where = {"kabul": [2, 1, 0], "punjab": [1, 0, 0]}
    g = _buy(REBUKE, players=players, tribes=where)
    do(g, ("purchase", REBUKE), ("region", "kabul"))
    assert g.courts == [[26], [], [16, 10]] and {5, 6, 7} <= set(g.discard)
    assert {e["player"] for e in last_events(g, "overthrow_cards")} == {0, 1}
    assert tribes(g, "punjab") == [1, 0, 0]
    # Riots in Kabul, discarded at cleanup, do the same.
    g = _discard(NATION_BUILDING, players=players, tribes=where)
    assert g.courts == [[26], [], [16, 10]]


def test_insurrection_after_a_check_ended_effects():
    g = load(
        [player("afghan", 0, court=[3], vp=3), player("british", 0)],
        market=market([CHECK_1]),
        deck=[CHECK_2],
        armies={"punjab": {"british": 4}},
        effects=[("nationBuilding", 0, NATION_BUILDING)],
    )
    do(g, ("purchase", CHECK_1))
    assert armies(g, "kabul") == {"afghan": 2} and armies(g, "punjab") == {}
    types = log_types(g)
    assert types.index("blocks_cleared") < types.index("insurrection")
    assert types.index("effect_off") < types.index("insurrection")


def test_koh_i_noor_and_embarrassment_never_meet():
    # They are the two halves of one card: buying it and discarding it are exclusive.
    g = _buy(KOH_I_NOOR)
    do(g, ("purchase", KOH_I_NOOR))
    assert KOH_I_NOOR not in g.market
    do(g, ("end_turn",))
    assert effects(g) == [("kohINoorRecovered", 0)]


def test_safe_house_owner_keeps_spy_under_courtly_manners_battle():
    # An event does not change Safe House: a spy removed in battle may still go to the Safe House.
    g = load(
        [player("russian", 0, court=[89]), player("british", 0, court=[4, 41])],
        spies={4: [1, 1]},
        effects=[("disregardForCustoms", -1, COURTLY_MANNERS)],
    )
    do(g, ("action", 89, "battle"), ("battle_card", 4), ("remove_spy", 1), ("safe_house", 41))
    assert spies_on(g, 41) == [0, 1]


def test_rupees_sliding_onto_public_withdrawal_leave_the_game():
    # Rebuke leaves two rupees on its slot; Public Withdrawal slides onto it: those rupees are removed.
    g = load(
        [dict(p) for p in TWO],
        market=market([REBUKE, PUBLIC_WITHDRAWAL]),
        market_rupees=[[2, 0, 0, 0, 0, 0], [0] * 6],
        favored="military",
    )
    bank_in = g.bank_in
    do(g, ("end_turn",))
    assert g.market[0] == PUBLIC_WITHDRAWAL and g.market_rupees[0] == 0 and g.bank_in == bank_in + 2


def test_rupees_on_a_bought_event_go_to_the_buyer():
    g = _buy(PERSIAN_ARISTOCRACY, market_rupees=[[2, 0, 0, 0, 0, 0], [0] * 6])
    do(g, ("purchase", PERSIAN_ARISTOCRACY))
    assert g.rupees == [5, 0] and g.market_rupees[0] == 0


def test_riots_remove_tribes_a_citadel_protects_from_battle():
    g = _discard(
        NATION_BUILDING, players=[player("british", 0, court=[17, 5]), player("russian", 0)], tribes={"kabul": [2, 0]}
    )
    assert tribes(g, "kabul") == [0, 0] and g.courts[0] == [17]


def test_nationalism_tribes_share_indian_supplies():
    # Tribes move "as if they were armies": with Sir John Keane they need no road either.
    g = load(
        [player("british", 0, court=[51, 50]), player("russian", 0)],
        tribes={"kandahar": [1, 0]},
        effects=[("nationalism", 0, NATIONALISM)],
    )
    do(g, ("action", 50, "move"))
    assert sorted(o for o in opts(g) if o[0] == "move_tribe") == [
        ("move_tribe", "kandahar", r) for r in ("herat", "kabul", "punjab")
    ]
