"""Core rules of the market: purchase (RB p.10), action costs (RB p.12), events bought from the market."""

from __future__ import annotations

import pytest
from positions import event_types, game, market, market_rupees, player, seat, total_rupees

from paxpamir import IllegalOption

TOP = [80, 81, 82, 83, 84, 85]
BOTTOM = [86, 87, 89, 90, 91, 92]
FULL = [TOP, BOTTOM]
PUBLIC_WITHDRAWAL = 111
PERSIAN_ARISTOCRACY = 113  # if purchased: take 3 rupees from the bank
NEW_TACTICS = 105  # a lasting event; if discarded: military becomes favored
CHECK_1, CHECK_2, CHECK_3, CHECK_4 = 101, 102, 103, 104
MONEY_LENDERS = 14  # Kabul economic rank 2: gift / build
LAPIS_LAZULI_MINE = 11  # Kabul economic rank 2: tax / gift


# ---------------------------------------------------------------------------- purchase cost


@pytest.mark.parametrize("column", range(6))
def test_purchase_cost_is_the_column_one_rupee_to_each_card_on_the_left(column):
    card = TOP[column]
    g = game(player("british", column), player("russian", 0), market=FULL)
    assert ("purchase", card) in g.legal_options()
    g.apply(("purchase", card))
    assert seat(g, 0)["rupees"] == 0
    assert market_rupees(g)[0] == [1] * column + [0] * (6 - column)
    assert market_rupees(g)[1] == [0] * 6
    assert card in seat(g, 0)["hand"]


@pytest.mark.parametrize("column", range(1, 6))
def test_purchase_needs_the_full_cost(column):
    g = game(player("british", column - 1), player("russian", 0), market=FULL)
    assert ("purchase", TOP[column]) not in g.legal_options()
    assert ("purchase", BOTTOM[column]) not in g.legal_options()
    with pytest.raises(IllegalOption):
        g.apply(("purchase", TOP[column]))


def test_purchase_cost_doubled_while_military_is_favored():
    g = game(player("british", 3), player("russian", 0), market=FULL, favored="military")
    assert ("purchase", TOP[2]) not in g.legal_options()  # 2 columns x 2 rupees
    assert ("purchase", TOP[1]) in g.legal_options()
    g = game(player("british", 4), player("russian", 0), market=FULL, favored="military")
    g.apply(("purchase", BOTTOM[2]))
    assert market_rupees(g) == [[0] * 6, [2, 2, 0, 0, 0, 0]]
    assert seat(g, 0)["rupees"] == 0


def test_purchase_pays_a_vacant_slot_to_the_card_in_the_other_row():
    g = game(
        player("british", 3),
        player("russian", 0),
        market=[[80, None, 82, 83], [86, 87, None, 90]],
    )
    g.apply(("purchase", 83))  # column 3 of the top row; column 1 is vacant
    assert market_rupees(g) == [[1, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0]]
    g = game(player("british", 3), player("russian", 0), market=[[80, None, 82, 83], [86, 87, None, 90]])
    g.apply(("purchase", 90))  # bottom row: column 2 is vacant, paid to the top row
    assert market_rupees(g) == [[0, 0, 1, 0, 0, 0], [1, 1, 0, 0, 0, 0]]


def test_cannot_buy_a_card_you_put_a_rupee_on_this_turn():
    g = game(player("british", 5), player("russian", 0), market=FULL)
    g.apply(("purchase", TOP[2]))
    options = g.legal_options()
    assert ("purchase", TOP[0]) not in options and ("purchase", TOP[1]) not in options
    assert ("purchase", BOTTOM[0]) in options and ("purchase", TOP[3]) in options
    with pytest.raises(IllegalOption):
        g.apply(("purchase", TOP[0]))


def test_cannot_buy_a_card_paid_by_an_action_cost_this_turn():
    g = game(player("british", 6, court=[MONEY_LENDERS]), player("russian", 0), market=FULL)
    g.apply(("action", MONEY_LENDERS, "gift"))  # 2 rupees: one on each row's rightmost card
    options = g.legal_options()
    assert ("purchase", TOP[5]) not in options and ("purchase", BOTTOM[5]) not in options
    assert ("purchase", TOP[4]) in options


def test_cards_paid_this_turn_can_be_bought_by_the_next_player():
    g = game(player("british", 5), player("russian", 0), market=FULL)
    g.apply(("purchase", TOP[2]))
    g.apply(("end_turn",))
    assert g.current_player == 1
    assert market(g)[0][:2] == TOP[:2] and market_rupees(g)[0][:2] == [1, 1]
    assert ("purchase", TOP[0]) in g.legal_options()


def test_rupees_on_the_bought_card_go_to_the_buyer():
    g = game(
        player("british", 1),
        player("russian", 0),
        market=FULL,
        market_rupees=[[0, 3, 0, 0, 0, 0], [0] * 6],
    )
    g.apply(("purchase", TOP[1]))
    assert seat(g, 0)["rupees"] == 1 - 1 + 3
    assert market_rupees(g) == [[1, 0, 0, 0, 0, 0], [0] * 6]


def test_purchase_takes_an_action_and_two_actions_per_turn():
    g = game(player("british", 0), player("russian", 0), market=FULL)
    g.apply(("purchase", TOP[0]))
    assert g.to_json()["turn_state"]["actions_used"] == 1
    g.apply(("purchase", BOTTOM[0]))
    assert g.legal_options() == [("end_turn",)]


# ---------------------------------------------------------------------------- events


def test_an_event_is_resolved_when_purchased_and_never_enters_the_hand():
    g = game(player("british", 1), player("russian", 0), market=[[80, PERSIAN_ARISTOCRACY], BOTTOM])
    g.apply(("purchase", PERSIAN_ARISTOCRACY))
    me = seat(g, 0)
    assert me["hand"] == [] and me["court"] == []
    assert me["rupees"] == 1 - 1 + 3
    assert PERSIAN_ARISTOCRACY in g.to_json()["discard"]
    assert PERSIAN_ARISTOCRACY not in sum(market(g), [])
    assert g.to_json()["turn_state"]["actions_used"] == 1


def test_a_lasting_event_stays_in_force_for_its_buyer():
    g = game(player("british", 0), player("russian", 0), market=[[NEW_TACTICS], BOTTOM])
    g.apply(("purchase", NEW_TACTICS))
    assert seat(g, 0)["hand"] == []
    assert g.to_json()["effects"] == [{"effect": "newTactics", "player": 0, "card": NEW_TACTICS}]


def test_public_withdrawal_cannot_be_bought():
    g = game(player("british", 9), player("russian", 0), market=[[PUBLIC_WITHDRAWAL, 81], BOTTOM])
    assert ("purchase", PUBLIC_WITHDRAWAL) not in g.legal_options()
    assert ("purchase", 81) in g.legal_options()
    before = g.to_json()
    with pytest.raises(IllegalOption):
        g.apply(("purchase", PUBLIC_WITHDRAWAL))
    assert g.to_json() == before


def test_rupees_put_on_public_withdrawal_leave_the_game():
    g = game(player("british", 2), player("russian", 0), market=[[PUBLIC_WITHDRAWAL, 81, 82], BOTTOM])
    before = total_rupees(g)
    g.apply(("purchase", 82))
    assert market_rupees(g)[0] == [0, 1, 0, 0, 0, 0]
    assert total_rupees(g) == before - 1
    assert g.to_json()["bank"]["in"] >= 1


def test_action_cost_paid_to_public_withdrawal_leaves_the_game():
    g = game(
        player("british", 2, court=[MONEY_LENDERS]),
        player("russian", 0),
        market=[[80, 81, PUBLIC_WITHDRAWAL], [86, 87]],
    )
    before = total_rupees(g)
    g.apply(("action", MONEY_LENDERS, "gift"))
    assert market_rupees(g) == [[0] * 6, [0, 1, 0, 0, 0, 0]]
    assert total_rupees(g) == before - 1


# ---------------------------------------------------------------------------- action costs


def test_action_cost_half_to_each_row_from_the_rightmost_card():
    g = game(player("british", 4, court=[MONEY_LENDERS], gifts=1), player("russian", 0), market=FULL)
    g.apply(("action", MONEY_LENDERS, "gift"))  # second gift: 4 rupees
    assert market_rupees(g) == [[0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 1]]
    assert seat(g, 0)["rupees"] == 0 and seat(g, 0)["gifts"] == 2


def test_action_cost_skips_vacant_slots():
    g = game(
        player("british", 4, court=[MONEY_LENDERS], gifts=1),
        player("russian", 0),
        market=[[80, 81, None, 83, 84, None], [86, None, 89, None, None, 92]],
    )
    g.apply(("action", MONEY_LENDERS, "gift"))
    assert market_rupees(g) == [[0, 0, 0, 1, 1, 0], [0, 0, 1, 0, 0, 1]]


def test_action_cost_with_too_few_market_cards_leaves_the_game():
    g = game(
        player("british", 6, court=[MONEY_LENDERS], gifts=2),
        player("russian", 0),
        market=[[None, None, None, None, 84], []],
    )
    before = total_rupees(g)
    g.apply(("action", MONEY_LENDERS, "gift"))  # third gift: 6 rupees, 3 per row
    assert market_rupees(g) == [[0, 0, 0, 0, 1, 0], [0] * 6]
    assert seat(g, 0)["rupees"] == 0
    assert total_rupees(g) == before - 5


# ---------------------------------------------------------------------------- column 0, checks in a refill


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
