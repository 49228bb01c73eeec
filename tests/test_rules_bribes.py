"""Bribes: no question whose answer cannot matter, and a bribe an ability or event cancels says so in the log.

RB p.11 (a play bribe: any portion may be waived with the ruler's permission) and p.12 (hostage bribes alike).
Seats are 0-based; card numbers are the printed numbers.
"""

from __future__ import annotations

from cardpositions import do, load, market, opts, player

from paxpamir.presentation.describe import event_text


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
    assert opts(g) == [("refuse",)]
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
