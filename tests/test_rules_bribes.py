"""Bribes: no question whose answer cannot matter, bargaining over a bribe, and a bribe an ability or event cancels
says so in the log.

RB p.11 (a play bribe: any portion may be waived with the ruler's permission) and p.12 (hostage bribes alike).
Seats are 0-based; card numbers are the printed numbers.
"""

from __future__ import annotations

from cardpositions import do, load, market, opts, player

from paxpamir.presentation.describe import event_text
from paxpamir.presentation.words import prompt


def _hostage(p0_court, rupees=5):
    # Player 1's two spies hold Karakul Sheep (61) hostage; a market card holds a rupee to tax.
    return load(
        [player("british", rupees, court=p0_court), player("russian", 0)],
        spies={61: [0, 2]},
        market=market([9]),
        market_rupees=[[1, 0, 0, 0, 0, 0], [0] * 6],
    )


def test_a_payer_with_no_rupee_is_asked_only_whether_the_bribe_is_waived():
    g = _hostage([61], rupees=0)
    do(g, ("action", 61, "tax"))
    assert g.decision == "bribe_demand" and g.current_player == 1
    # Asking 1 or 2 rupees of a player without a rupee ends the same way: only asking or waiving remains.
    assert opts(g) == [("demand", 2), ("demand", 0)]
    do(g, ("demand", 2))
    # Nothing to pay with: refuse, or offer nothing (ask once more to have it waived).
    assert opts(g) == [("offer", 0), ("refuse",)]
    do(g, ("refuse",))
    assert g.decision == "turn" and g.current_player == 0 and g.actions_used == 0


def test_a_waived_bribe_lets_the_penniless_payer_act():
    g = _hostage([61], rupees=0)
    do(g, ("action", 61, "tax"), ("demand", 0))
    assert g.decision == "tax" and g.current_player == 0


def test_a_payer_with_a_rupee_may_be_asked_any_amount():
    g = _hostage([61], rupees=1)
    do(g, ("action", 61, "tax"))
    assert opts(g) == [("demand", 2), ("demand", 1), ("demand", 0)]


def test_civil_service_reforms_says_in_the_log_that_it_cancels_the_hostage_bribe():
    g = _hostage([24, 61])
    do(g, ("action", 61, "tax"))
    texts = [event_text(g, e) for e in g.events()]
    assert (
        "No bribe: Ranjit Singh (24) spares Player 1 the 2 rupees owed to Player 2 to act with Karakul Sheep (61) "
        "(held hostage)." in texts
    )


def test_charismatic_courtiers_says_in_the_log_that_it_cancels_the_play_bribe():
    g = load([player("afghan", 5, court=[42], hand=[28]), player("russian", 0)], tribes={"punjab": [0, 2]})
    do(g, ("play", 28))
    texts = [event_text(g, e) for e in g.events()]
    start = "No bribe: Barakzai Sadars (42) spares Player 1 the 2 rupees owed to Player 2"
    assert any(t.startswith(start) for t in texts)


def test_no_waiver_line_without_a_ruler_to_pay():
    g = load([player("afghan", 5, court=[42], hand=[28]), player("russian", 0)])
    do(g, ("play", 28))
    assert not [e for e in g.events() if e["type"] == "bribe_waived"]


# ---------------------------------------------------------------------------- bargaining
# The payer may offer less; the holder accepts, asks an amount between offer and demand, insists on the demand or
# breaks off; after the payer's third offer the holder asks nothing new (docs/rules-decisions.md, "Bribes").


def _play_in_punjab(rupees=5, tribes=3):
    # Player 1 rules Punjab with three tribes; Player 0 plays a Punjab card (Ranjit Singh, 24) from hand.
    g = load([player("afghan", rupees, hand=[24]), player("russian", 0)], tribes={"punjab": [0, tribes]})
    do(g, ("play", 24))
    assert g.decision == "bribe_demand" and g.current_player == 1
    return g


def test_the_payer_may_pay_offer_any_smaller_amount_or_refuse():
    g = _play_in_punjab()
    do(g, ("demand", 3))
    assert opts(g) == [("pay",), ("offer", 2), ("offer", 1), ("offer", 0), ("refuse",)]


def test_an_offer_accepted_is_paid_and_the_card_played():
    g = _play_in_punjab()
    do(g, ("demand", 3), ("offer", 1))
    assert g.decision == "bribe_answer" and g.current_player == 1
    assert opts(g) == [("accept",), ("ask", 2), ("insist",), ("break_off",)]
    do(g, ("accept",))
    assert g.rupees[:2] == [4, 1] and g.courts[0] == [24]
    texts = [event_text(g, e) for e in g.events()]
    assert "Player 1 offers Player 2 1 rupee instead of 3 rupees to play Ranjit Singh (24)." in texts
    assert "Player 2 accepts Player 1's offer of 1 rupee." in texts


def test_an_offer_of_nothing_accepted_waives_the_bribe_and_nobody_pays_nothing():
    g = _play_in_punjab()
    do(g, ("demand", 3), ("offer", 0))
    assert prompt(g) == (
        "Player 2: Player 1 offers nothing instead of the 3 rupees you ask to play Ranjit Singh (24): answer"
    )
    do(g, ("accept",))
    assert g.rupees[:2] == [5, 0] and g.courts[0] == [24]
    texts = [event_text(g, e) for e in g.events()]
    assert "Player 2 accepts Player 1's offer of nothing: the bribe is waived." in texts
    assert "Player 1 plays Ranjit Singh (24) without a bribe." in texts
    assert not [t for t in texts if "pays a bribe" in t]
    g = _hostage([61], rupees=0)
    do(g, ("action", 61, "tax"), ("demand", 2), ("offer", 0), ("accept",))
    assert g.decision == "tax"
    assert "Player 1 takes the action with Karakul Sheep (61) without a bribe." in [
        event_text(g, e) for e in g.events()
    ]


def test_a_counter_demand_lies_between_the_offer_and_the_demand_and_offers_only_rise():
    g = _play_in_punjab(tribes=3)
    do(g, ("demand", 3), ("offer", 0), ("ask", 2))
    assert g.decision == "bribe_counter" and g.current_player == 0
    assert opts(g) == [("pay",), ("offer", 1), ("refuse",)]
    do(g, ("pay",))
    assert g.rupees[:2] == [3, 2] and g.courts[0] == [24]


def test_insisting_leaves_the_payer_only_to_pay_or_refuse():
    g = _play_in_punjab()
    do(g, ("demand", 3), ("offer", 1), ("insist",))
    assert g.decision == "bribe_counter" and opts(g) == [("pay",), ("refuse",)]
    do(g, ("refuse",))
    assert g.decision == "turn" and g.hands[0] == [24] and g.actions_used == 0 and g.rupees[:2] == [5, 0]


def test_the_holder_may_break_off_and_the_play_is_not_taken():
    g = _play_in_punjab()
    do(g, ("demand", 3), ("offer", 1), ("break_off",))
    assert g.decision == "turn" and g.current_player == 0 and g.hands[0] == [24] and g.actions_used == 0
    assert "Player 2 breaks off the talks with Player 1: Ranjit Singh (24) is not played." in [
        event_text(g, e) for e in g.events()
    ]


def test_after_the_third_offer_the_holder_asks_nothing_new_and_the_last_demand_stands():
    g = _play_in_punjab(rupees=9, tribes=5)
    do(g, ("demand", 5), ("offer", 0))
    assert opts(g) == [("accept",), ("ask", 4), ("ask", 3), ("ask", 2), ("ask", 1), ("insist",), ("break_off",)]
    do(g, ("ask", 4), ("offer", 1), ("ask", 3))
    assert opts(g) == [("pay",), ("offer", 2), ("refuse",)]  # the third offer, above the second
    do(g, ("offer", 2))
    assert opts(g) == [("accept",), ("insist",), ("break_off",)]
    do(g, ("insist",))
    assert g.decision == "bribe_counter" and opts(g) == [("pay",), ("refuse",)]
    do(g, ("pay",))
    assert g.rupees[:2] == [6, 3] and g.courts[0] == [24]  # the last demand, 3, not the first, 5
    assert "Player 2 insists on 3 rupees: Player 1 pays it or gives up." in [event_text(g, e) for e in g.events()]


def test_an_offer_is_never_more_than_the_payer_can_pay_beside_the_action():
    g = _hostage([61], rupees=1)
    do(g, ("action", 61, "tax"), ("demand", 2))
    # Taxing costs nothing: one rupee to pay with, so no paying 2 but an offer of 1 or nothing.
    assert opts(g) == [("offer", 1), ("offer", 0), ("refuse",)]
