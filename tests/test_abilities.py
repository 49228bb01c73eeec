"""Every court card special ability, each shown at work and in the same situation without the card in court.

Abilities work only while the card is in its owner's court (RB p.8 "Card Precedence and Special
Abilities"), are never held hostage (RB p.12), and a "may" is the owner's decision. Card numbers are the
printed numbers; seats are 0-based.
"""

from __future__ import annotations

import pytest
from cardpositions import (
    CHECK_1,
    CHECK_2,
    armies,
    do,
    label_problems,
    last_events,
    load,
    market,
    opts,
    player,
    spies_on,
    tribes,
)

# ------------------------------------------------------------ 1 Mohan Lal: Indispensable Advisors


def _advisors(p1_court, p1_hand=()):
    # Player 0 (Russian) has a spy on Charles Stoddart (4) in player 1's court, beside one of player 1's spies,
    # and can battle there with Aga Mehdi (89, rank 1).
    return load(
        [player("russian", 5, court=[89]), player("british", 0, court=p1_court, hand=p1_hand)],
        spies={4: [1, 1]},
    )


def test_indispensable_advisors_protects_the_owners_spies_from_spy_battles():
    g = _advisors([4, 1])
    assert ("action", 89, "battle") not in opts(g)
    assert ("action", 89, "move") in opts(g)  # the card still acts otherwise


def test_without_indispensable_advisors_the_spy_can_be_removed():
    for g in (_advisors([4]), _advisors([4], p1_hand=[1])):  # Mohan Lal in hand does nothing
        do(g, ("action", 89, "battle"), ("battle_card", 4))
        assert opts(g) == [("remove_spy", 1)]
        do(g, ("remove_spy", 1))
        assert spies_on(g, 4) == [1, 0]
        assert g.cylinders_in_supply(1) == 10


def test_indispensable_advisors_protects_only_its_owner():
    # Player 1 owns Mohan Lal; player 0's spies on player 1's card are still fair game for player 1, who
    # battles with William Moorcroft (39).
    g = load(
        [player("russian", 0, court=[4]), player("british", 0, court=[1, 39])],
        spies={4: [1, 1]},
        current=1,
    )
    do(g, ("action", 39, "battle"), ("battle_card", 4), ("remove_spy", 0))
    assert spies_on(g, 4) == [0, 1]


def test_indispensable_advisors_is_never_held_hostage():
    # Player 0's two spies hold Mohan Lal hostage: his ability still protects player 1's spies.
    g = load(
        [player("russian", 5, court=[89]), player("british", 0, court=[4, 1])],
        spies={4: [1, 1], 1: [2, 0]},
    )
    assert ("action", 89, "battle") not in opts(g)


def test_safe_house_has_nothing_to_save_under_indispensable_advisors():
    # Player 1 owns both: the spy cannot be removed, so Safe House never comes up.
    g = _advisors([4, 1, 41])
    assert ("action", 89, "battle") not in opts(g)


def test_safe_house_works_against_an_attacker_with_indispensable_advisors():
    # The attacker's Mohan Lal protects only the attacker's own spies.
    g = load(
        [player("russian", 0, court=[89, 1]), player("british", 0, court=[4, 41])],
        spies={4: [1, 1]},
    )
    do(g, ("action", 89, "battle"), ("battle_card", 4), ("remove_spy", 1))
    assert g.decision == "safe_house" and g.current_player == 1
    do(g, ("safe_house", 41))
    assert spies_on(g, 41) == [0, 1]


# ------------------------------------------------------------ 3 Prince Akbar Khan: Insurrection


def _insurrection(p0_court, **extra):
    # Player 0 buys the first Dominance Check from the free column; another check is still in the deck.
    return load(
        [player("afghan", 0, court=p0_court, vp=3), player("british", 0)],
        market=market([CHECK_1]),
        deck=[CHECK_2],
        **extra,
    )


def test_insurrection_places_two_afghan_armies_in_kabul_after_a_failed_check():
    g = _insurrection([3])
    do(g, ("purchase", CHECK_1))
    assert not g.is_over
    assert armies(g, "kabul") == {"afghan": 2}
    assert last_events(g, "insurrection")[0]["player"] == 0
    types = [e["type"] for e in g.events()]
    assert types.index("dominance_check") < types.index("insurrection")
    assert g.decision == "turn" and g.current_player == 0


def test_insurrection_after_a_successful_check_comes_after_the_blocks_are_cleared():
    g = _insurrection([3], armies={"punjab": {"british": 4}, "kabul": {"british": 1}})
    do(g, ("purchase", CHECK_1))
    assert last_events(g, "dominance_check")[0]["dominant"] == 1
    assert g.armies.count(0) == 17 and armies(g, "kabul") == {"afghan": 2}
    assert sum(g.roads) == 0


def test_insurrection_with_one_afghan_block_to_take_places_one_army_and_asks_nothing_more():
    """RB p.8 Component Limits: with no Afghan block in the supply, each army is taken from the board. The
    first of the two takes the only one outside Kabul; the second finds none to take (one from Kabul to Kabul
    changes nothing), so it is not placed, and nobody is asked to choose among no options."""
    twelve_each = {"kabul": {"afghan": 11, "british": 11}, "herat": {"afghan": 1}, "punjab": {"british": 1}}
    g = _insurrection([3], armies=twelve_each)  # twelve blocks each: nobody is dominant, the check fails
    do(g, ("purchase", CHECK_1))
    assert g.decision == "take_piece" and g.current_player == 0
    assert g.legal_options() == [("take_army", "herat")]
    do(g, ("take_army", "herat"))
    assert armies(g, "kabul") == {"afghan": 12, "british": 11} and armies(g, "herat") == {}
    assert last_events(g, "no_piece")[0]["player"] == 0
    assert g.decision == "turn" and g.current_player == 0 and g.legal_options()


def test_without_insurrection_no_armies_appear():
    g = _insurrection([4])
    do(g, ("purchase", CHECK_1))
    assert armies(g, "kabul") == {}
    assert not last_events(g, "insurrection")
    # In hand it does nothing either.
    g = load(
        [player("afghan", 0, hand=[3], vp=3), player("british", 0)],
        market=market([CHECK_1]),
        deck=[CHECK_2],
    )
    do(g, ("purchase", CHECK_1))
    assert armies(g, "kabul") == {}


def test_insurrection_belongs_to_whoever_has_the_card_not_the_buyer():
    g = load(
        [player("british", 0, vp=3), player("afghan", 0, court=[3])],
        market=market([CHECK_1]),
        deck=[CHECK_2],
    )
    do(g, ("purchase", CHECK_1))
    assert armies(g, "kabul") == {"afghan": 2}
    assert last_events(g, "insurrection")[0]["player"] == 1


def test_no_insurrection_when_the_check_ends_the_game():
    g = load(
        [player("afghan", 0, court=[3]), player("british", 0)],
        market=market([CHECK_1]),  # no other check left: the final check ends the game
    )
    do(g, ("purchase", CHECK_1))
    assert g.is_over
    assert armies(g, "kabul") == {}


# ------------------------------------------------------------ 5 Shah Shujah Durrani: Claim of Ancient Lineage


def _lineage(p0_court, p1_court=(90,), p1_rupees=3, spies=None):
    # Player 0 rules nothing and taxes with Karakul Sheep (61, rank 2); the market holds no rupees.
    return load(
        [
            player("british", 0, court=p0_court),
            player("russian", p1_rupees, court=p1_court),
            player("afghan", 3),  # no court card: never taxable
        ],
        spies=spies or {},
    )


def test_claim_of_ancient_lineage_taxes_players_as_if_ruling_everywhere():
    g = _lineage([5, 61])
    do(g, ("action", 61, "tax"))
    assert opts(g) == [("tax_player", 1)]
    do(g, ("tax_player", 1), ("tax_player", 1))
    assert g.rupees == [2, 1, 3]


def test_claim_of_ancient_lineage_respects_the_tax_shelter():
    g = _lineage([5, 61], p1_court=[90, 28], p1_rupees=1)  # Anarkali Bazaar (28): one economic star
    assert ("action", 61, "tax") not in opts(g)


def test_without_claim_of_ancient_lineage_there_is_nothing_to_tax():
    assert ("action", 61, "tax") not in opts(_lineage([61]))


def test_claim_of_ancient_lineage_is_never_held_hostage():
    # Another player's two spies on Shah Shujah hold its actions hostage, not its ability.
    g = _lineage([5, 61], spies={5: [0, 2, 0]})
    do(g, ("action", 61, "tax"))
    assert g.decision == "tax" and ("tax_player", 1) in opts(g)


# ------------------------------------------------------------ 15, 83 Bodyguards


def _bodyguards(p1_court, p0_court=(18,)):
    # Player 0 has spies on Dost Mohammad (7, political) and Bala Hissar (16, military) in player 1's court and
    # can betray with Harry Flashman (18).
    return load(
        [player("british", 5, court=p0_court), player("russian", 0, court=p1_court)],
        spies={7: [1, 0], 16: [1, 0]},
    )


@pytest.mark.parametrize("guard", [15, 83])
def test_bodyguards_protect_the_owners_political_cards_from_betrayal(guard):
    g = _bodyguards([7, 16, guard])
    do(g, ("action", 18, "betray"))
    assert opts(g) == [("betray", 16)]


def test_without_bodyguards_political_cards_can_be_betrayed():
    for g in (_bodyguards([7, 16]), _bodyguards([7, 16], p0_court=[18, 15])):  # the betrayer's own guard: no help
        do(g, ("action", 18, "betray"))
        assert opts(g) == [("betray", 7), ("betray", 16)]
        do(g, ("betray", 7))
        assert 7 in g.discard


def test_bodyguards_stop_protecting_once_discarded():
    # Player 0 first betrays the Durrani Royal Guard itself, then Dost Mohammad is exposed.
    g = load(
        [player("british", 4, court=[18, 36]), player("russian", 0, court=[7, 15])],
        spies={7: [1, 0], 15: [1, 0]},
    )
    do(g, ("action", 18, "betray"))
    assert opts(g) == [("betray", 15)]
    do(g, ("betray", 15), ("action", 36, "betray"))
    assert opts(g) == [("betray", 7)]


def test_bodyguards_also_stop_their_owner_betraying_their_own_political_card():
    g = load([player("british", 5, court=[18, 7, 15]), player("russian", 0)], spies={7: [1, 0]})
    assert ("action", 18, "betray") not in opts(g)


# ------------------------------------------------------------ 17, 97 Citadels


def _citadel(region, political, p1_extra, border):
    # Player 0 (British) battles with British Regulars (50, rank 2) and two armies in the region; player 1
    # (Russian) has a tribe and a political card there; a Russian road on one of the region's borders.
    return load(
        [player("british", 0, court=[50]), player("russian", 0, court=[political, *p1_extra])],
        tribes={region: [0, 1]},
        armies={region: {"british": 2}},
        roads={border: {"russian": 1}},
    )


CITADELS = [(17, "kabul", 7, "kabul-punjab"), (97, "transcaspia", 90, "kabul-transcaspia")]


@pytest.mark.parametrize("citadel, region, political, border", CITADELS)
def test_citadel_tribes_cannot_be_removed_by_battle(citadel, region, political, border):
    g = _citadel(region, political, [citadel], border)
    do(g, ("action", 50, "battle"), ("battle_region", region))
    assert opts(g) == [("remove_road", border, "russian")]


@pytest.mark.parametrize("citadel, region, political, border", CITADELS)
def test_without_citadel_the_tribe_falls_and_overthrows_the_card(citadel, region, political, border):
    other = 97 if citadel == 17 else 17  # the other region's citadel protects nothing here
    for extra in ([], [other]):
        g = _citadel(region, political, extra, border)
        do(g, ("action", 50, "battle"), ("battle_region", region))
        assert ("remove_tribe", 1) in opts(g)
        do(g, ("remove_tribe", 1))
        assert tribes(g, region) == [0, 0]
        assert political in g.discard  # the overthrow rule


# ------------------------------------------------------------ 21 Alexander Burnes: Strange Bedfellows


def _bedfellows(p0_first):
    # The ring: p0_first, Anarkali Bazaar (28, Punjab), 9, 10 | 8, 12, 13, Khyber Pass (29, Punjab), 14.
    # Player 0's spy sits on 28; Khyber Pass is three cards away.
    return load(
        [player("british", 0, court=[p0_first, 28, 9, 10]), player("russian", 0, court=[8, 12, 13, 29, 14])],
        spies={28: [1, 0]},
    )


def test_strange_bedfellows_makes_cards_of_the_same_region_adjacent():
    g = _bedfellows(21)
    do(g, ("action", 21, "move"))
    assert ("move_spy", 28, 29) in opts(g)
    assert ("move_spy", 28, 21) in opts(g) and ("move_spy", 28, 9) in opts(g)
    do(g, ("move_spy", 28, 29))
    assert spies_on(g, 29) == [1, 0]


def test_without_strange_bedfellows_spies_move_one_card():
    g = _bedfellows(4)  # Charles Stoddart, a Kabul move card
    do(g, ("action", 4, "move"))
    assert sorted(o for o in opts(g) if o[0] == "move_spy") == [("move_spy", 28, 4), ("move_spy", 28, 9)]


# ------------------------------------------------------------ 24 Ranjit Singh: Civil Service Reforms


def _hostage(p0_court, p0_hand=(), loyalty="british"):
    # Player 1's two spies hold Karakul Sheep (61) hostage; a market card holds a rupee to tax.
    return load(
        [player(loyalty, 5, court=p0_court, hand=p0_hand), player("russian", 0)],
        spies={61: [0, 2]},
        market=market([9]),
        market_rupees=[[1, 0, 0, 0, 0, 0], [0] * 6],
    )


def test_civil_service_reforms_pays_no_hostage_bribe():
    g = _hostage([24, 61])
    do(g, ("action", 61, "tax"))
    assert g.decision == "tax" and g.current_player == 0
    do(g, ("tax_market", 9))
    assert g.rupees == [6, 0]


def test_without_civil_service_reforms_the_hostage_taker_names_a_bribe():
    for g in (_hostage([61]), _hostage([61], p0_hand=[24])):
        do(g, ("action", 61, "tax"))
        assert g.decision == "bribe_demand" and g.current_player == 1
        assert opts(g) == [("demand", 2), ("demand", 1), ("demand", 0)]
        do(g, ("demand", 2), ("pay",))
        assert g.rupees[1] == 2


# ------------------------------------------------------------ 41, 72 Safe House


def _safe_house(p1_court, spy_card=4):
    # Player 0 (Russian) battles on a card with Aga Mehdi (89); player 1 has one spy there.
    return load(
        [player("russian", 0, court=[89]), player("british", 0, court=p1_court)],
        spies={spy_card: [1, 1]},
    )


@pytest.mark.parametrize("house", [41, 72])
def test_safe_house_lets_the_owner_keep_the_removed_spy(house):
    g = _safe_house([4, house])
    do(g, ("action", 89, "battle"), ("battle_card", 4), ("remove_spy", 1))
    assert g.decision == "safe_house" and g.current_player == 1
    assert opts(g) == [("safe_house", house), ("decline",)]
    assert label_problems(g) == []
    do(g, ("safe_house", house))
    assert spies_on(g, 4) == [1, 0] and spies_on(g, house) == [0, 1]
    assert g.cylinders_in_supply(1) == 9
    assert g.decision == "turn" and g.current_player == 0


def test_safe_house_is_a_choice_the_owner_may_decline():
    g = _safe_house([4, 41])
    do(g, ("action", 89, "battle"), ("battle_card", 4), ("remove_spy", 1), ("decline",))
    assert spies_on(g, 41) == [0, 0] and g.cylinders_in_supply(1) == 10


def test_two_safe_houses_give_two_choices():
    g = _safe_house([4, 41, 72])
    do(g, ("action", 89, "battle"), ("battle_card", 4), ("remove_spy", 1))
    assert opts(g) == [("safe_house", 41), ("safe_house", 72), ("decline",)]


def test_without_safe_house_the_spy_goes_home():
    for g in (_safe_house([4]), _safe_house([4, 71])):
        do(g, ("action", 89, "battle"), ("battle_card", 4), ("remove_spy", 1))
        assert g.decision == "turn" and g.cylinders_in_supply(1) == 10


def test_a_spy_removed_from_the_safe_house_itself_goes_home():
    g = _safe_house([41], spy_card=41)
    do(g, ("action", 89, "battle"), ("battle_card", 41), ("remove_spy", 1))
    assert g.decision == "turn" and spies_on(g, 41) == [1, 0]


# ------------------------------------------------------------ 42 Barakzai Sadars: Charismatic Courtiers


def _play_bribe(p0_court, p0_hand=(28,)):
    # Player 1 rules Punjab with two tribes; player 0 plays Anarkali Bazaar (28, Punjab).
    return load(
        [player("afghan", 5, court=p0_court, hand=p0_hand), player("russian", 0)],
        tribes={"punjab": [0, 2]},
    )


def test_charismatic_courtiers_pays_no_bribe_to_play():
    g = _play_bribe([42])
    do(g, ("play", 28))
    assert g.decision == "side" and g.current_player == 0
    do(g, ("side", "right"))
    assert g.courts[0] == [42, 28] and g.rupees == [5, 0]


def test_without_charismatic_courtiers_the_ruler_asks_a_bribe():
    for g in (_play_bribe([44]), _play_bribe([44], p0_hand=(28, 42))):
        do(g, ("play", 28))
        assert g.decision == "bribe_demand" and g.current_player == 1
        assert opts(g)[0] == ("demand", 2)


def test_charismatic_courtiers_covers_play_bribes_only():
    g = _hostage([42, 61], loyalty="afghan")  # Barakzai Sadars is an Afghan patriot
    do(g, ("action", 61, "tax"))
    assert g.decision == "bribe_demand"


# ------------------------------------------------------------ 43, 54 Blackmail


def _blackmail(p0_court, p1_court, spies=None):
    # Player 1 ends a turn; player 0's turn starts.
    return load(
        [player("british", 0, court=p0_court), player("russian", 0, court=p1_court)],
        current=1,
        spies=spies or {},
    )


BLACKMAIL = [(43, "kandahar", 44, 45), (54, "herat", 55, 57)]


@pytest.mark.parametrize("card, region, target, other", BLACKMAIL)
def test_blackmail_offers_a_spy_at_the_start_of_the_owners_turn(card, region, target, other):
    g = _blackmail([card], [target, other, 9], spies={other: [0, 1]})
    do(g, ("end_turn",))
    assert g.decision == "blackmail" and g.current_player == 0
    assert sorted(opts(g)) == sorted([("spy", card), ("spy", target), ("skip",)])
    assert label_problems(g) == []
    do(g, ("spy", target))
    assert spies_on(g, target) == [1, 0]
    assert g.decision == "turn" and g.current_player == 0
    assert g.actions_used == 0


@pytest.mark.parametrize("card, region, target, other", BLACKMAIL)
def test_blackmail_may_be_skipped(card, region, target, other):
    g = _blackmail([card], [target])
    do(g, ("end_turn",), ("skip",))
    assert g.decision == "turn" and sum(g.spies) == 0


@pytest.mark.parametrize("card, region, target, other", BLACKMAIL)
def test_without_blackmail_the_turn_starts_directly(card, region, target, other):
    for g in (_blackmail([], [target]), _blackmail([], [target, card])):  # the other player's card: not theirs
        do(g, ("end_turn",))
        assert g.decision == "turn" and g.current_player == 0


@pytest.mark.parametrize("card, region, target, other", BLACKMAIL)
def test_blackmail_with_no_card_free_of_spies_asks_nothing(card, region, target, other):
    g = _blackmail([card], [target], spies={card: [0, 1], target: [1, 0]})
    do(g, ("end_turn",))
    assert g.decision == "turn" and g.current_player == 0


def test_both_blackmails_are_offered_one_after_the_other():
    g = _blackmail([43, 54], [44, 55])
    do(g, ("end_turn",))
    seen = []
    while g.decision == "blackmail":
        seen.append(sorted(o[1] for o in opts(g) if o[0] == "spy"))
        do(g, opts(g)[0])
    assert sorted(seen) == [[43, 44], [54, 55]]


# ------------------------------------------------------------ 51 Sir John Keane: Indian Supplies


def _supplies(p0_court, roads=None):
    # One British army in Kandahar; player 0 moves with British Regulars (50, rank 2).
    return load(
        [player("british", 0, court=p0_court), player("russian", 0)],
        armies={"kandahar": {"british": 1}},
        roads=roads or {},
    )


def test_indian_supplies_moves_armies_without_roads():
    g = _supplies([51, 50])
    do(g, ("action", 50, "move"))
    assert sorted(opts(g)) == [
        ("move_army", "kandahar", "herat"),
        ("move_army", "kandahar", "kabul"),
        ("move_army", "kandahar", "punjab"),
    ]
    do(g, ("move_army", "kandahar", "herat"), ("move_army", "herat", "persia"))
    assert armies(g, "persia") == {"british": 1}


def test_without_indian_supplies_armies_need_a_road():
    assert ("action", 50, "move") not in opts(_supplies([50]))
    g = _supplies([50], roads={"kandahar-punjab": {"british": 1}})
    do(g, ("action", 50, "move"))
    assert opts(g) == [("move_army", "kandahar", "punjab")]


# ------------------------------------------------------------ 56 Yar Mohammad Alikozai: Well-Connected


def _well_connected(first):
    # The ring: first, Charles Stoddart (4) | 8, 12, 13, 14. Player 0's spy is on Kabul Bazaar (8).
    return load(
        [player("british", 0, court=[first, 4]), player("russian", 0, court=[8, 12, 13, 14])],
        spies={8: [1, 0]},
    )


def test_well_connected_spies_move_two_cards():
    g = _well_connected(56)
    do(g, ("action", 4, "move"))
    assert sorted(opts(g)) == [("move_spy", 8, c) for c in (4, 12, 13, 56)]
    do(g, ("move_spy", 8, 13))
    assert spies_on(g, 13) == [1, 0]


def test_without_well_connected_spies_move_one_card():
    g = _well_connected(7)
    do(g, ("action", 4, "move"))
    assert sorted(opts(g)) == [("move_spy", 8, 4), ("move_spy", 8, 12)]


# ------------------------------------------------------------ 66, 68, 70 free purchases


def _influence(p0_court, card, favored="political"):
    # The card for sale sits in column 3 of the top row; player 0 (Russian) has no rupees.
    return load(
        [player("russian", 0, court=p0_court), player("british", 0)],
        market=market([9, 10, 12, card]),
        favored=favored,
    )


INFLUENCE = [(66, 61, 75), (68, 75, 61), (70, 100, 75)]  # (ability card, free card, a card that still costs)


@pytest.mark.parametrize("ability, free, costly", INFLUENCE)
def test_influence_buys_the_cards_it_names_for_nothing(ability, free, costly):
    for favored in ("political", "military"):
        g = _influence([ability], free, favored)
        assert ("purchase", free) in opts(g)
        do(g, ("purchase", free))
        assert g.hands[0] == [free] and g.rupees == [0, 0]
        assert g.market_rupees == [0] * 12
    assert ("purchase", costly) not in opts(_influence([ability], costly))


@pytest.mark.parametrize("ability, free, costly", INFLUENCE)
def test_without_influence_the_card_costs_its_column(ability, free, costly):
    for g in (
        _influence([], free),
        load([player("russian", 0, hand=[ability]), player("british", 0)], market=market([9, 10, 12, free])),
    ):
        assert ("purchase", free) not in opts(g)


# ------------------------------------------------------------ 78 Civic Improvements: Infrastructure


def _build(p0_court, **extra):
    # Player 0 (British) rules Persia with a tribe and builds with a Persia card.
    return load(
        [player("british", 4, court=p0_court), player("russian", 0)],
        tribes={"persia": [1, 0]},
        **extra,
    )


def test_infrastructure_places_one_more_block_for_free():
    g = _build([78, 77])
    do(g, ("action", 78, "build"), ("army", "persia"), ("done",))
    assert g.decision == "infrastructure" and g.current_player == 0
    assert sorted(opts(g)) == sorted([("army", "persia"), ("road", "herat-persia"), ("road", "persia-transcaspia")])
    assert label_problems(g) == []
    do(g, ("road", "herat-persia"))
    assert armies(g, "persia") == {"british": 1} and g.roads[2 * 3 + 1] == 1
    assert g.rupees[0] == 2
    assert g.decision == "turn"


def test_infrastructure_follows_the_last_block_of_a_full_build():
    g = load([player("british", 6, court=[78, 77]), player("russian", 0)], tribes={"persia": [1, 0]})
    do(g, ("action", 78, "build"), ("army", "persia"), ("army", "persia"), ("army", "persia"))
    assert g.decision == "infrastructure"
    do(g, ("army", "persia"))
    assert armies(g, "persia") == {"british": 4} and g.rupees[0] == 0


def test_infrastructure_also_follows_a_build_with_another_card():
    g = _build([78, 80])
    do(g, ("action", 80, "build"), ("army", "persia"), ("done",))
    assert g.decision == "infrastructure"


def test_without_infrastructure_the_build_just_ends():
    g = _build([80, 77])
    do(g, ("action", 80, "build"), ("army", "persia"), ("done",))
    assert g.decision == "turn" and armies(g, "persia") == {"british": 1}


# ------------------------------------------------------------ 91, 99 always favored


def _favored_card(p0_court, p1_court, spies, favored):
    # Player 0 has used both actions; only bonus actions remain.
    return load(
        [player("russian", 2, court=p0_court), player("british", 0, court=p1_court)],
        spies=spies,
        favored=favored,
        turn_state={"actions_used": 2},
    )


def test_savvy_operator_always_counts_as_favored():
    g = _favored_card([91], [16], {16: [1, 0]}, "economic")
    assert ("action", 91, "betray") in opts(g)
    do(g, ("action", 91, "betray"), ("betray", 16))
    assert last_events(g, "action")[0]["bonus"] is True


def test_without_savvy_operator_a_political_card_is_not_favored_then():
    g = _favored_card([93], [16], {16: [1, 0]}, "economic")  # Madali Khan: political, betray, no ability
    assert ("action", 93, "betray") not in opts(g)


def test_irregulars_always_counts_as_favored():
    g = _favored_card([99], [16], {16: [1, 1]}, "political")
    assert ("action", 99, "battle") in opts(g)
    do(g, ("action", 99, "battle"), ("battle_card", 16), ("remove_spy", 1))
    assert last_events(g, "action")[0]["bonus"] is True


def test_without_irregulars_a_military_card_is_not_favored_then():
    g = _favored_card([100], [16], {16: [1, 1]}, "political")  # Count Perovsky: military, battle, no ability
    assert ("action", 100, "battle") not in opts(g)


def test_insurrection_position_sanity():
    # The ability tests rely on the second check keeping the first from being final.
    g = _insurrection([3])
    assert g.dominance_checks_left() == 2
