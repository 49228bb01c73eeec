"""An independent rules audit: edge cases of the rulebook (second printing) that the other rule tests do not
reach, each as a hand-written position. The first section holds the discrepancies the audit found (each
failed before its engine fix); the rest pins down readings of the rulebook at its corners."""

from __future__ import annotations

from positions import event_types, game, market, market_rupees, player, seat, spies

TOP = [80, 81, 82, 83, 84, 85]
BOTTOM = [86, 87, 89, 90, 91, 92]
FULL = [TOP, BOTTOM]

CHARLES_STODDART = 4  # Kabul intelligence 1: gift / move; impact: spy
SHAH_SHUJAH = 5  # Kabul political 1: build; impact: tribe
AFGHAN_HANDICRAFTS = 9  # Kabul economic 1: tax / move; impact: road
GHILZAI_NOMADS = 13  # Kabul economic 2: tax / move
MONEY_LENDERS = 14  # Kabul economic 2: gift / build
BALA_HISSAR = 16  # Kabul military 1: tax / betray; impact: army
CHECK_1, CHECK_2, CHECK_3, CHECK_4 = 101, 102, 103, 104
NEW_TACTICS = 105  # if discarded: military becomes favored
RIOTS_IN_PUNJAB = 109  # if discarded
NATIONALISM = 110


# ---------------------------------------------------------------------------- component limits after a move


def test_an_army_placed_this_turn_cannot_be_taken_after_it_moved():
    """RB p.8 Component Limits: "excluding any pieces placed this turn". An army built this turn and then
    moved to another region is still a piece placed this turn."""
    g = game(
        player("british", 2, court=[MONEY_LENDERS, GHILZAI_NOMADS], hand=[BALA_HISSAR]),
        player("russian", 0),
        tribes={"kabul": [1, 0]},
        armies={"herat": {"british": 10}},
        roads={"kabul-punjab": {"british": 1}},
        market=FULL,
        favored="economic",  # both economic cards act as bonus actions
    )
    g.apply(("action", MONEY_LENDERS, "build"))
    g.apply(("army", "kabul"))  # the last British block in supply
    g.apply(("action", GHILZAI_NOMADS, "move"))
    g.apply(("move_army", "kabul", "punjab"))  # Kabul had no other army: this is the new one
    g.apply(("done",))
    g.apply(("play", BALA_HISSAR))
    g.apply(("side", "left"))
    assert g.decision == "take_piece"
    assert sorted(g.legal_options()) == [("take_army", "herat"), ("take_road", "kabul-punjab")]


def test_an_older_army_that_moved_can_still_be_taken():
    """Moving an army out of a region that also holds older armies moves an older one: the army built this
    turn stays behind and stays excluded, the moved one can be taken."""
    g = game(
        player("british", 2, court=[MONEY_LENDERS, GHILZAI_NOMADS], hand=[BALA_HISSAR]),
        player("russian", 0),
        tribes={"kabul": [1, 0]},
        armies={"herat": {"british": 9}, "kabul": {"british": 1}},
        roads={"kabul-punjab": {"british": 1}},
        market=FULL,
        favored="economic",
    )
    g.apply(("action", MONEY_LENDERS, "build"))
    g.apply(("army", "kabul"))
    g.apply(("action", GHILZAI_NOMADS, "move"))
    g.apply(("move_army", "kabul", "punjab"))
    g.apply(("done",))
    g.apply(("play", BALA_HISSAR))
    g.apply(("side", "left"))
    assert sorted(g.legal_options()) == [
        ("take_army", "herat"),
        ("take_army", "punjab"),
        ("take_road", "kabul-punjab"),
    ]


def test_a_spy_placed_this_turn_cannot_be_taken_after_it_moved():
    g = game(
        player("british", 0, court=[AFGHAN_HANDICRAFTS], hand=[CHARLES_STODDART, SHAH_SHUJAH]),
        player("russian", 0, court=[GHILZAI_NOMADS]),
        tribes={"persia": [9, 0]},
        market=FULL,
        favored="economic",
    )
    g.apply(("play", CHARLES_STODDART))
    g.apply(("side", "right"))  # the ring: 9, 4 (seat 0), then 13 (seat 1)
    g.apply(("spy", GHILZAI_NOMADS))  # the last cylinder in supply
    g.apply(("action", AFGHAN_HANDICRAFTS, "move"))
    g.apply(("move_spy", GHILZAI_NOMADS, AFGHAN_HANDICRAFTS))  # around the ring
    assert spies(g, AFGHAN_HANDICRAFTS, 0) == 1
    g.apply(("play", SHAH_SHUJAH))
    g.apply(("side", "left"))
    assert g.decision == "take_piece"
    assert g.legal_options() == [("take_tribe", "persia")]


def test_a_tribe_placed_this_turn_cannot_be_taken_after_nationalism_moved_it():
    g = game(
        player("british", 0, court=[GHILZAI_NOMADS], hand=[SHAH_SHUJAH, CHARLES_STODDART]),
        player("russian", 0),
        tribes={"persia": [9, 0]},
        roads={"kabul-punjab": {"british": 1}},
        market=FULL,
        favored="economic",
        effects=[{"effect": "nationalism", "player": 0, "card": NATIONALISM}],
    )
    g.apply(("play", SHAH_SHUJAH))  # the last cylinder becomes a tribe in Kabul
    g.apply(("side", "left"))
    g.apply(("action", GHILZAI_NOMADS, "move"))
    g.apply(("move_tribe", "kabul", "punjab"))  # the last Kabul tribe leaves: Shah Shujah is overthrown
    g.apply(("done",))
    assert SHAH_SHUJAH not in seat(g, 0)["court"]
    g.apply(("play", CHARLES_STODDART))
    g.apply(("side", "left"))
    g.apply(("spy", GHILZAI_NOMADS))
    assert g.decision == "take_piece"
    assert g.legal_options() == [("take_tribe", "persia")]


# ---------------------------------------------------------------------------- the ring of courts


def test_no_spy_move_on_a_ring_of_one_card():
    g = game(
        player("british", 0, court=[AFGHAN_HANDICRAFTS]),
        player("russian", 0),
        spies={AFGHAN_HANDICRAFTS: [1, 0]},
        market=FULL,
    )
    assert ("action", AFGHAN_HANDICRAFTS, "move") not in g.legal_options()
    assert ("action", AFGHAN_HANDICRAFTS, "tax") not in g.legal_options()  # nothing to tax either


def test_the_ring_of_courts_skips_an_empty_court():
    g = game(
        player("british", 0, court=[AFGHAN_HANDICRAFTS, 61]),
        player("russian", 0),
        player("afghan", 0, court=[63, 64]),
        spies={61: [1, 0, 0], AFGHAN_HANDICRAFTS: [1, 0, 0]},
        market=FULL,
    )
    g.apply(("action", AFGHAN_HANDICRAFTS, "move"))
    moves = sorted(o for o in g.legal_options() if o[0] == "move_spy")
    # Ring: 9, 61 (seat 0), nothing for seat 1, 63, 64 (seat 2), back to 9.
    assert moves == [
        ("move_spy", AFGHAN_HANDICRAFTS, 61),
        ("move_spy", AFGHAN_HANDICRAFTS, 64),
        ("move_spy", 61, AFGHAN_HANDICRAFTS),
        ("move_spy", 61, 63),
    ]


# ---------------------------------------------------------------------------- market corners


def test_column_zero_is_free_with_military_favored_even_without_rupees():
    g = game(player("british", 0), player("russian", 0), market=FULL, favored="military")
    assert [o for o in g.legal_options() if o[0] == "purchase"] == [("purchase", TOP[0]), ("purchase", BOTTOM[0])]
    g.apply(("purchase", BOTTOM[0]))
    assert market_rupees(g) == [[0] * 6, [0] * 6] and BOTTOM[0] in seat(g, 0)["hand"]


def test_an_event_sliding_into_column_zero_waits_for_the_next_cleanup():
    g = game(player("british", 0), player("russian", 0), market=[[None, NEW_TACTICS, 82], [86, 87]], deck=[61, 62])
    g.apply(("end_turn",))
    assert market(g)[0][0] == NEW_TACTICS  # step 3 came before the slide of step 4
    assert "event_discarded" not in event_types(g) and g.to_json()["favored"] == "political"
    g.apply(("end_turn",))  # the next player's cleanup discards it
    assert "event_discarded" in event_types(g) and g.to_json()["favored"] == "military"


def test_instability_twice_in_one_refill_and_the_second_check_is_final():
    g = game(
        player("british", 0),
        player("russian", 0),
        tribes={"kabul": [0, 1]},
        market=[[80, 81, CHECK_1, 83, 84, 85], [86, 87, 89, 90, None, None]],
        deck=[CHECK_2, CHECK_3, CHECK_4, 61, 62],
    )
    g.apply(("end_turn",))
    checks = [e for e in g.events() if e["type"] == "dominance_check"]
    assert [c["final"] for c in checks] == [False, True]
    assert event_types(g).count("instability") == 2
    assert g.is_over and g.vp == [1 + 2, 3 + 6] and g.winners == [1]


def test_the_last_check_discarded_from_column_zero_is_final():
    g = game(
        player("british", 0, vp=5),
        player("russian", 0, vp=2),
        tribes={"kabul": [0, 1]},
        market=[[CHECK_4, 81], [86]],
        deck=[61, 62],
    )
    g.apply(("end_turn",))
    assert [e["final"] for e in g.events() if e["type"] == "dominance_check"] == [True]
    assert g.is_over and g.vp == [5 + 2, 2 + 6] and g.winners == [1]


# ---------------------------------------------------------------------------- discards and loyalty


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


# ---------------------------------------------------------------------------- bribes and component limits


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
    assert g.legal_options() == [("refuse",)]  # 2 + the betrayal's 2 > 3
    g.apply(("refuse",))
    assert g.decision == "turn" and g.actions_used == 0
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("demand", 1), player=1)
    assert g.legal_options() == [("pay",), ("refuse",)]


def test_a_gift_with_no_cylinder_left_takes_one_from_play():
    g = game(
        player("british", 4, court=[MONEY_LENDERS], gifts=1),
        player("russian", 0),
        tribes={"persia": [9, 0]},
        market=FULL,
    )
    g.apply(("action", MONEY_LENDERS, "gift"))
    assert g.decision == "take_piece"
    # A gift is never taken to place a gift: that would change nothing (docs/rules-decisions.md).
    assert sorted(g.legal_options()) == [("take_tribe", "persia")]
    g.apply(("take_tribe", "persia"))
    assert seat(g, 0)["gifts"] == 2 and seat(g, 0)["rupees"] == 0


def test_the_tax_shelter_is_the_targets_economic_stars_at_the_time_of_the_tax():
    kabul_bazaar = 8  # Kabul economic 2: tax
    balkh_arsenic_mine = 10  # Kabul economic 1: build / betray
    g = game(
        player("british", 2, court=[kabul_bazaar, balkh_arsenic_mine]),
        player("russian", 3, court=[GHILZAI_NOMADS, BALA_HISSAR]),
        tribes={"kabul": [1, 0]},
        spies={GHILZAI_NOMADS: [1, 0]},
        market=FULL,
    )
    # Ghilzai Nomads shelters 2 of seat 1's 3 rupees; betraying it first leaves all 3 open to tax.
    g.apply(("action", balkh_arsenic_mine, "betray"))
    g.apply(("betray", GHILZAI_NOMADS))
    g.apply(("decline_prize",))
    g.apply(("action", kabul_bazaar, "tax"))
    g.apply(("tax_player", 1))
    assert ("tax_player", 1) in g.legal_options()
    g.apply(("tax_player", 1))
    assert seat(g, 1)["rupees"] == 1 and seat(g, 0)["rupees"] == 2


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
