"""Bad input: an unknown option, the wrong player or a malformed option raises and changes nothing."""

from __future__ import annotations

import pytest
from positions import game, player

from paxpamir import IllegalOption, PamirError

TOP = [80, 81, 82, 83, 84, 85]
BOTTOM = [86, 87, 89, 90, 91, 92]


def _position():
    # Seat 0 to play, with a card whose play needs a bribe to seat 1 (ruler of Kabul).
    return game(
        player("british", 3, hand=[13], court=[16]),
        player("russian", 0, court=[7]),
        tribes={"kabul": [0, 2]},
        market=[TOP, BOTTOM],
        market_rupees=[[0, 1, 0, 0, 0, 0], [0] * 6],
    )


BAD_OPTIONS = [
    ("fly",),
    ("purchase", 99),  # not in the market
    ("purchase",),
    ("purchase", "80"),
    ("purchase", 80, 1),
    ("purchase", None),
    ("purchase", 80.5),
    ("play", 7),  # in another court
    ("action", 16, "battle"),  # not an action of the card
    ("action", 16),
    (),
    ("END_TURN",),
    ("end_turn", 0),
]


@pytest.mark.parametrize("option", BAD_OPTIONS, ids=repr)
def test_illegal_option_raises_and_changes_nothing(option):
    g = _position()
    before = g.to_json()
    options = g.legal_options()
    with pytest.raises(IllegalOption):
        g.apply(option)
    assert g.to_json() == before
    assert g.legal_options() == options


@pytest.mark.parametrize("option", ["end_turn", None, 7, {"kind": "end_turn"}, b"end_turn"], ids=repr)
def test_an_option_that_is_not_a_tuple_or_list_raises(option):
    g = _position()
    before = g.to_json()
    with pytest.raises(IllegalOption):
        g.apply(option)
    assert g.to_json() == before


def test_the_wrong_player_raises_and_changes_nothing():
    g = _position()
    before = g.to_json()
    with pytest.raises(IllegalOption):
        g.apply(("end_turn",), player=1)
    assert g.to_json() == before
    g.apply(("end_turn",), player=0)
    assert g.current_player == 1


def test_the_ruler_cannot_answer_for_the_payer_nor_ask_more_than_the_tribes():
    g = _position()
    g.apply(("play", 13))
    before = g.to_json()
    for option, who in ((("demand", 3), 1), (("demand", -1), 1), (("demand", 1), 0), (("pay",), 1)):
        with pytest.raises(IllegalOption):
            g.apply(option, player=who)
        assert g.to_json() == before
    g.apply(("demand", 2), player=1)
    before = g.to_json()
    with pytest.raises(IllegalOption):
        g.apply(("pay",), player=1)
    with pytest.raises(IllegalOption):
        g.apply(("demand", 2))
    assert g.to_json() == before


@pytest.mark.parametrize("option", [("demand", True), ("demand", 1.0), ("demand", 2.0)], ids=repr)
def test_numbers_of_the_wrong_type_are_malformed(option):
    # True == 1 and 1.0 == 1 in Python; the engine must not take them for the legal ("demand", 1).
    g = _position()
    g.apply(("play", 13))
    before = g.to_json()
    with pytest.raises(IllegalOption):
        g.apply(option, player=1)
    assert g.to_json() == before


def test_a_card_number_of_the_wrong_type_is_malformed():
    g = _position()
    before = g.to_json()
    with pytest.raises(IllegalOption):
        g.apply(("purchase", 80.0))
    assert g.to_json() == before


def test_lists_are_accepted_as_options():
    g = _position()
    g.apply(["purchase", 80])
    assert 80 in g.to_json()["players"][0]["hand"]


def test_no_decision_after_the_game_is_over():
    g = game(player("russian", 0), player("british", 0), market=[[101], BOTTOM])
    g.apply(("purchase", 101))
    assert g.is_over
    before = g.to_json()
    with pytest.raises(IllegalOption):
        g.apply(("end_turn",))
    assert g.to_json() == before


def test_illegal_option_is_a_pamir_error():
    g = _position()
    with pytest.raises(PamirError):
        g.apply(("fly",))


@pytest.mark.parametrize("index", [-1, 99, 1.0, True, "0", None])
def test_an_option_index_out_of_range_or_not_an_integer_raises_and_changes_nothing(index):
    g = _position()
    before = g.state_hash()
    with pytest.raises(IllegalOption):
        g.option_at(index)
    assert g.state_hash() == before


def test_options_by_index_are_the_listed_options_themselves():
    g = _position()
    options = g.legal_options()
    assert g.option_count() == len(options) > 1
    assert all(g.option_at(i) is options[i] for i in range(len(options)))
    over = game(player("russian", 0), player("british", 0), market=[[101], BOTTOM])
    over.apply(("purchase", 101))
    assert over.option_count() == 0
    with pytest.raises(IllegalOption):
        over.option_at(0)
