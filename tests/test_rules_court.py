"""Core rules of the court: play (RB p.11), loyalty change (RB p.7), discarding a court card, leverage and the
overthrow rule (RB p.8), hostages (RB p.12)."""

from __future__ import annotations

import pytest
from positions import armies, event_types, game, player, ruler, seat, spies, tribes

from paxpamir.rules.scoring import influence

TOP = [80, 81, 82, 83, 84, 85]
BOTTOM = [86, 87, 89, 90, 91, 92]
FULL = [TOP, BOTTOM]

DOST_MOHAMMAD = 7  # Kabul political: tribe, tribe, army, spy
KABUL_BAZAAR = 8  # Kabul economic: road, road, spy, political
SHAH_SHUJAH = 5  # Kabul political
GHILZAI_NOMADS = 13  # Kabul economic
MONEY_LENDERS = 14  # Kabul economic, gift / build
BALA_HISSAR = 16  # Kabul military: tax / betray
SIKH_MERCHANTS = 30  # Punjab economic, leveraged
EXILED_DURRANI = 57  # Herat political
LAPIS_LAZULI_MINE = 11  # Afghan patriot
SIR_JOHN_KEANE = 51  # British patriot
BRITISH_REGULARS = 50  # British patriot, Kandahar military: army, army
AKALI_SIKHS = 38  # Punjab military rank 2: battle
RIOTS_IN_PUNJAB = 109  # if discarded


# ---------------------------------------------------------------------------- play and bribes


def test_play_bribe_is_the_rulers_tribes_and_the_ruler_may_lower_it():
    g = game(
        player("british", 5, hand=[GHILZAI_NOMADS]),
        player("russian", 0, court=[DOST_MOHAMMAD]),
        tribes={"kabul": [0, 3]},
        market=FULL,
    )
    g.apply(("play", GHILZAI_NOMADS))
    assert g.current_player == 1 and g.decision == "bribe_demand"
    assert g.legal_options() == [("demand", 3), ("demand", 2), ("demand", 1), ("demand", 0)]
    g.apply(("demand", 1), player=1)
    g.apply(("pay",), player=0)
    assert seat(g, 0)["rupees"] == 4 and seat(g, 1)["rupees"] == 1
    assert GHILZAI_NOMADS in seat(g, 0)["court"]


@pytest.mark.parametrize("kabul_tribes", [[1, 0], [0, 0], [1, 1]])
def test_no_bribe_when_you_rule_or_nobody_rules(kabul_tribes):
    g = game(
        player("british", 5, hand=[GHILZAI_NOMADS], court=[SHAH_SHUJAH]),
        player("russian", 0, court=[DOST_MOHAMMAD]),
        tribes={"kabul": kabul_tribes},
        market=FULL,
    )
    g.apply(("play", GHILZAI_NOMADS))
    assert g.decision == "side" and g.current_player == 0
    assert seat(g, 0)["rupees"] == 5


def test_refusing_the_bribe_costs_no_action_and_changes_nothing():
    g = game(
        player("british", 5, hand=[GHILZAI_NOMADS]),
        player("russian", 0, court=[DOST_MOHAMMAD]),
        tribes={"kabul": [0, 2]},
        market=FULL,
    )
    before = g.to_json()
    g.apply(("play", GHILZAI_NOMADS))
    g.apply(("demand", 2), player=1)
    g.apply(("refuse",), player=0)
    after = g.to_json()
    for key in ("players", "map", "market", "market_rupees", "turn_state", "favored"):
        assert after[key] == before[key], key
    assert g.decision == "turn"


def test_a_bribe_you_cannot_afford_cannot_be_paid_only_bargained_down_or_refused():
    g = game(
        player("british", 1, hand=[GHILZAI_NOMADS]),
        player("russian", 0, court=[DOST_MOHAMMAD]),
        tribes={"kabul": [0, 2]},
        market=FULL,
    )
    g.apply(("play", GHILZAI_NOMADS))
    g.apply(("demand", 2), player=1)
    assert g.legal_options() == [("offer", 1), ("offer", 0), ("refuse",)]  # no more than the one rupee held


@pytest.mark.parametrize(("side", "court"), [("left", [61, 62, 63]), ("right", [62, 63, 61])])
def test_play_to_the_left_or_right_end_of_the_court(side, court):
    g = game(player("british", 0, hand=[61], court=[62, 63]), player("russian", 0), market=FULL)
    g.apply(("play", 61))
    assert sorted(g.legal_options()) == [("side", "left"), ("side", "right")]
    g.apply(("side", side))
    assert seat(g, 0)["court"] == court
    assert seat(g, 0)["hand"] == []


def test_play_takes_an_action():
    g = game(player("british", 0, hand=[16, 17, 67]), player("russian", 0), market=FULL)
    g.apply(("play", 16))  # Bala Hissar: one army, no choice
    g.apply(("play", 17))
    g.apply(("side", "left"))
    assert g.to_json()["turn_state"]["actions_used"] == 2
    assert g.legal_options() == [("end_turn",)]


def test_impact_icons_resolve_in_printed_order():
    g = game(player("british", 0, hand=[DOST_MOHAMMAD]), player("russian", 0, court=[GHILZAI_NOMADS]), market=FULL)
    g.apply(("play", DOST_MOHAMMAD))
    # tribe, tribe, army have been placed; the spy (last icon) is being asked for.
    assert g.decision == "place_spy"
    assert tribes(g, "kabul", 0) == 2 and armies(g, "kabul", "british") == 1
    g.apply(("spy", GHILZAI_NOMADS))
    kinds = [e["kind"] for e in g.events() if e["type"] == "place"]
    assert kinds == ["tribe", "tribe", "army", "spy"]
    assert spies(g, GHILZAI_NOMADS, 0) == 1


def test_suit_icon_moves_the_favored_suit_after_the_icons_above_it():
    g = game(player("british", 0, hand=[KABUL_BAZAAR]), player("russian", 0), market=FULL, favored="economic")
    g.apply(("play", KABUL_BAZAAR))
    g.apply(("road", "kabul-punjab"))
    g.apply(("road", "herat-kabul"))
    assert g.to_json()["favored"] == "economic"
    assert g.decision == "place_spy"
    g.apply(("spy", KABUL_BAZAAR))
    assert g.decision == "turn"  # no choice: the marker simply moves
    assert g.to_json()["favored"] == "political"


def test_military_suit_icon_doubles_purchase_costs_right_away():
    balkh_arsenic_mine = 10  # Kabul economic: road, military
    g = game(player("british", 2, hand=[balkh_arsenic_mine]), player("russian", 0), market=FULL)
    assert ("purchase", TOP[2]) in g.legal_options()
    g.apply(("play", balkh_arsenic_mine))
    g.apply(("road", "kabul-punjab"))
    assert g.to_json()["favored"] == "military"
    assert ("purchase", TOP[2]) not in g.legal_options()  # now 4 rupees
    assert ("purchase", TOP[1]) in g.legal_options()


# ---------------------------------------------------------------------------- loyalty change


def test_playing_a_patriot_of_your_own_loyalty_changes_nothing():
    g = game(
        player("british", 0, hand=[SIR_JOHN_KEANE], court=[BRITISH_REGULARS], prizes=[19], gifts=1),
        player("russian", 0),
        market=FULL,
    )
    g.apply(("play", SIR_JOHN_KEANE))
    g.apply(("side", "right"))
    me = seat(g, 0)
    assert me["loyalty"] == "british" and me["gifts"] == 1 and me["prizes"] == [19]
    assert me["court"] == [BRITISH_REGULARS, SIR_JOHN_KEANE]
    assert influence(g, 0) == 1 + 2 + 1 + 1


def test_patriot_of_another_coalition_discards_patriots_prizes_and_gifts():
    g = game(
        player(
            "afghan",
            0,
            hand=[BRITISH_REGULARS],
            court=[LAPIS_LAZULI_MINE, 58, 61],  # two Afghan patriots and a non-patriot
            prizes=[4, 10],
            gifts=2,
        ),
        player("russian", 0),
        tribes={"herat": [1, 0]},
        market=FULL,
    )
    g.apply(("play", BRITISH_REGULARS))
    g.apply(("side", "left"))
    me = seat(g, 0)
    assert me["loyalty"] == "british"
    assert me["court"] == [BRITISH_REGULARS, 61]
    assert me["prizes"] == [] and me["gifts"] == 0
    assert {LAPIS_LAZULI_MINE, 58, 4, 10} <= set(g.to_json()["discard"])
    assert armies(g, "kandahar", "british") == 2
    # Ishaqzai Chiefs (58) was the last Herat political card: the Herat tribe is overthrown.
    assert tribes(g, "herat", 0) == 0


# ---------------------------------------------------------------------------- discarding, leverage, overthrow


def _betrayal(victim_rupees: int, victim_hand=(), victim_court=(SIKH_MERCHANTS,)) -> object:
    # Seat 0 betrays seat 1's Sikh Merchants in Lahore (leveraged) with Bala Hissar.
    return game(
        player("british", 4, court=[BALA_HISSAR]),
        player("russian", victim_rupees, hand=list(victim_hand), court=list(victim_court)),
        spies={SIKH_MERCHANTS: [1, 0]},
        market=FULL,
    )


def test_discarding_a_leveraged_card_repays_two_rupees():
    g = _betrayal(5)
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("betray", SIKH_MERCHANTS))
    assert g.decision == "turn" and g.current_player == 0
    assert seat(g, 1)["rupees"] == 3
    assert seat(g, 1)["court"] == []
    assert spies(g, SIKH_MERCHANTS, 0) == 0  # the spy went home
    assert g.cylinders_in_supply(0) == 10


def test_leverage_shortfall_the_owner_chooses_cards_to_discard():
    g = _betrayal(1, victim_hand=[61, 62], victim_court=[SIKH_MERCHANTS, 63])
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("betray", SIKH_MERCHANTS))
    assert g.decision == "leverage_discard" and g.current_player == 1
    assert sorted(o[1] for o in g.legal_options()) == [61, 62, 63]
    g.apply(("discard", 63), player=1)
    assert g.decision == "turn" and g.current_player == 0
    victim = seat(g, 1)
    assert victim["rupees"] == 0 and victim["hand"] == [61, 62] and victim["court"] == []


def test_leverage_two_rupees_short_means_two_discards():
    g = _betrayal(0, victim_hand=[61, 62], victim_court=[SIKH_MERCHANTS, 63])
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("betray", SIKH_MERCHANTS))
    g.apply(("discard", 61), player=1)
    assert g.decision == "leverage_discard"
    g.apply(("discard", 63), player=1)
    assert g.current_player == 0
    assert seat(g, 1)["hand"] == [62] and seat(g, 1)["court"] == []


def test_leverage_with_no_cards_left_needs_no_further_payment():
    g = _betrayal(0)
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("betray", SIKH_MERCHANTS))
    assert g.decision == "turn" and g.current_player == 0
    assert seat(g, 1)["rupees"] == 0


def test_overthrow_losing_the_last_tribe_discards_political_cards_of_the_region():
    g = game(
        player("british", 0, court=[AKALI_SIKHS]),
        player("russian", 0, court=[DOST_MOHAMMAD, SHAH_SHUJAH, GHILZAI_NOMADS, EXILED_DURRANI]),
        tribes={"kabul": [0, 1], "herat": [0, 1]},
        armies={"kabul": {"british": 2}},
        market=FULL,
    )
    g.apply(("action", AKALI_SIKHS, "battle"))
    g.apply(("battle_region", "kabul"))
    g.apply(("remove_tribe", 1))
    assert seat(g, 1)["court"] == [GHILZAI_NOMADS, EXILED_DURRANI]
    assert {DOST_MOHAMMAD, SHAH_SHUJAH} <= set(g.to_json()["discard"])
    assert tribes(g, "herat", 1) == 1


def test_overthrow_losing_the_last_political_card_removes_the_tribes():
    g = game(
        player("british", 4, court=[BALA_HISSAR]),
        player("russian", 0, court=[DOST_MOHAMMAD, GHILZAI_NOMADS]),
        tribes={"kabul": [0, 2], "herat": [0, 1]},
        spies={DOST_MOHAMMAD: [1, 0]},
        market=FULL,
    )
    assert ruler(g, "kabul") == 1
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("betray", DOST_MOHAMMAD))
    assert tribes(g, "kabul", 1) == 0 and tribes(g, "herat", 1) == 1
    assert ruler(g, "kabul") is None
    assert seat(g, 1)["court"] == [GHILZAI_NOMADS]


def test_no_overthrow_while_another_political_card_of_the_region_remains():
    g = game(
        player("british", 4, court=[BALA_HISSAR]),
        player("russian", 0, court=[DOST_MOHAMMAD, SHAH_SHUJAH]),
        tribes={"kabul": [0, 2]},
        spies={DOST_MOHAMMAD: [1, 0]},
        market=FULL,
    )
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("betray", DOST_MOHAMMAD))
    assert tribes(g, "kabul", 1) == 2 and seat(g, 1)["court"] == [SHAH_SHUJAH]


def test_riots_at_cleanup_overthrow_another_players_leveraged_card():
    maqpon = 27  # Punjab political 1, leveraged
    g = game(
        player("british", 0, court=[61]),
        player("russian", 1, court=[maqpon, 63], hand=[64]),
        tribes={"punjab": [0, 1]},
        market=[[RIOTS_IN_PUNJAB, *TOP[1:]], BOTTOM],
        deck=[1, 2, 3],
    )
    g.apply(("end_turn",))
    # Seat 1 lost their last Punjab tribe: Maqpon Dynasty is discarded and they are one rupee short.
    assert g.decision == "leverage_discard" and g.current_player == 1
    assert sorted(g.legal_options()) == [("discard", 63), ("discard", 64)]
    g.apply(("discard", 64), player=1)
    assert seat(g, 1)["rupees"] == 0 and seat(g, 1)["court"] == [63] and seat(g, 1)["hand"] == []
    assert g.decision == "turn" and g.current_player == 1


def test_betrayal_prize_changes_loyalty_and_a_leveraged_patriot_is_repaid_with_cards():
    anglo_persian_trade = 80  # Persia economic, British patriot, leveraged
    mohan_lal = 1  # Kabul intelligence 3, Russian prize
    g = game(
        player("british", 2, court=[BALA_HISSAR, anglo_persian_trade], hand=[61, 62], gifts=1),
        player("russian", 0, court=[mohan_lal]),
        spies={mohan_lal: [1, 0]},
        market=[TOP[1:], BOTTOM],
    )
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("betray", mohan_lal))
    assert g.legal_options() == [("take_prize",), ("decline_prize",)]
    g.apply(("take_prize",))
    # Gifts back, the British patriot discarded, its 2 rupees owed with none left: two cards.
    assert g.decision == "leverage_discard"
    g.apply(("discard", 61))
    g.apply(("discard", 62))
    p0 = seat(g, 0)
    assert p0["loyalty"] == "russian" and p0["prizes"] == [mohan_lal] and p0["gifts"] == 0
    assert p0["court"] == [BALA_HISSAR] and p0["hand"] == [] and p0["rupees"] == 0
    assert g.decision == "turn"


def test_a_card_discarded_during_its_own_play_resolves_no_more_icons():
    """Playing Russo-Persian Trade (Russian patriot) costs Anglo-Persian Trade (British, leveraged); with no
    rupees, the player discards the card just played to repay it: its roads and leverage never happen."""
    anglo_persian, russo_persian = 80, 81
    g = game(player("british", 0, court=[anglo_persian], hand=[russo_persian]), player("afghan", 0))
    g.apply(("play", russo_persian))
    g.apply(("side", "right"))
    assert g.decision == "leverage_discard"
    assert g.legal_options() == [("discard", russo_persian)]
    g.apply(("discard", russo_persian))
    assert g.decision == "turn"
    assert seat(g, 0)["loyalty"] == "russian" and seat(g, 0)["court"] == [] and seat(g, 0)["rupees"] == 0
    assert not g.to_json()["map"]["roads"]
    assert "impacts_cancelled" in event_types(g) and "leverage_taken" not in event_types(g)


# ---------------------------------------------------------------------------- hostages


def _hostage(spy_counts: list[int]):
    # Seat 0 (to play) owns Money Lenders; the spies are [seat 0, seat 1, seat 2].
    return game(
        player("british", 6, court=[MONEY_LENDERS]),
        player("russian", 0),
        player("afghan", 0),
        spies={MONEY_LENDERS: spy_counts},
        market=FULL,
    )


@pytest.mark.parametrize(("spy_counts", "holder", "bribe"), [([0, 1, 0], 1, 1), ([1, 0, 3], 2, 3), ([2, 3, 1], 1, 3)])
def test_a_card_is_hostage_to_the_single_player_with_most_spies(spy_counts, holder, bribe):
    g = _hostage(spy_counts)
    g.apply(("action", MONEY_LENDERS, "gift"))
    assert g.decision == "bribe_demand" and g.current_player == holder
    assert g.legal_options()[0] == ("demand", bribe)


@pytest.mark.parametrize("spy_counts", [[1, 1, 0], [2, 1, 1], [0, 2, 2], [0, 0, 0]])
def test_no_hostage_on_a_tie_or_when_the_owner_has_as_many_spies(spy_counts):
    g = _hostage(spy_counts)
    g.apply(("action", MONEY_LENDERS, "gift"))
    assert g.decision == "turn"
    assert seat(g, 0)["gifts"] == 1 and seat(g, 0)["rupees"] == 4


def test_hostage_bribe_is_paid_to_the_holder_before_the_action():
    g = _hostage([0, 2, 0])
    g.apply(("action", MONEY_LENDERS, "gift"))
    g.apply(("demand", 2), player=1)
    g.apply(("pay",), player=0)
    assert seat(g, 1)["rupees"] == 2 and seat(g, 0)["rupees"] == 6 - 2 - 2
    assert seat(g, 0)["gifts"] == 1


def test_a_hostage_bribe_is_payable_only_with_the_actions_cost_left_over():
    g = game(
        player("british", 3, court=[BALA_HISSAR]),
        player("russian", 0, court=[61]),
        spies={BALA_HISSAR: [0, 2], 61: [1, 0]},
        market=FULL,
    )
    g.apply(("action", BALA_HISSAR, "betray"))
    assert g.decision == "bribe_demand" and g.legal_options()[0] == ("demand", 2)
    g.apply(("demand", 2), player=1)
    assert g.legal_options() == [("offer", 1), ("offer", 0), ("refuse",)]  # 2 + the betrayal's 2 > 3
    g.apply(("refuse",))
    assert g.decision == "turn" and g.actions_used == 0
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("demand", 1), player=1)
    assert g.legal_options() == [("pay",), ("offer", 0), ("refuse",)]
