"""The worked examples of the rulebook (second printing), each rebuilt as a position and played through.

Each test is named after the example and quotes the rulebook's words in its docstring. Card numbers are the
printed numbers (see ``paxpamir.find_card``). Seats are 0-based; the players are named as in the rulebook.
"""

from __future__ import annotations

import pytest
from positions import (
    armies,
    game,
    load,
    market,
    market_rupees,
    player,
    roads,
    ruler,
    seat,
    spies,
    state,
)

from paxpamir import find_card
from paxpamir.rules.scoring import influence

# Cards named in the examples.
SIKH_MERCHANTS = find_card("Sikh Merchants in Lahore").number  # Punjab, road / spy / leverage
ARTHUR_CONOLLY = find_card("Arthur Conolly").number
SIR_JOHN_KEANE = find_card("Sir John Keane").number  # British patriot, Kandahar
MONEY_LENDERS = find_card("Money Lenders").number  # Kabul economic, rank 2, gift / build
# Other cards used to fill the positions.
PAOLO_AVITABILE = 26  # Punjab political
DOST_MOHAMMAD = 7  # Kabul political, no actions
GHILZAI_NOMADS = 13  # Kabul economic, rank 2, tax / move
LAPIS_LAZULI_MINE = 11  # Afghan patriot
CHARLES_STODDART = 4  # shows an Afghan prize
AFGHAN_HANDICRAFTS = 9
BALUCHI_CHIEFS = 44  # Kandahar political
FARAH_ROAD = 63  # Herat economic, rank 3, move
AKALI_SIKHS = 38  # Punjab military, rank 2, battle

FULL_MARKET = [[80, 81, 82, 83, 84, 85], [86, 87, 89, 90, 91, 92]]

CATI, HOPE, BLAKE = 0, 1, 2


def test_card_names_of_the_examples():
    assert (SIKH_MERCHANTS, ARTHUR_CONOLLY, SIR_JOHN_KEANE, MONEY_LENDERS) == (30, 88, 51, 14)
    lahore = find_card(SIKH_MERCHANTS)
    assert lahore.impact == ("road", "spy", "leverage")


# ---------------------------------------------------------------------------- Ruling a Region


def test_ruling_a_region_kandahar_example():
    """ "You have three ruling pieces in Kandahar (one tribe and two Afghan armies loyal to you). There are also
    four additional armies not loyal to you (two British, two Russian). Because you have at least one tribe in
    the region and the most ruling pieces, you take the ruler token.\""""
    g = game(
        player("afghan", court=[BALUCHI_CHIEFS]),
        player("british"),
        player("russian"),
        tribes={"kandahar": [1, 0, 0]},
        armies={"kandahar": {"afghan": 2, "british": 2, "russian": 2}},
    )
    assert ruler(g, "kandahar") == 0
    assert g.to_json()["rulers"] == {"kandahar": 0}


# ---------------------------------------------------------------------------- Purchase


def _chas() -> dict:
    # Chas (seat 0) has 5 rupees. Arthur Conolly is the fourth card of the top row with two rupees on it.
    return state(
        player("british", 5),
        player("russian", 4),
        market=[[61, 62, 64, ARTHUR_CONOLLY, 65, 67], [69, 71, 72, 75, 76, 77]],
        market_rupees=[[0, 0, 0, 2, 0, 0], [0] * 6],
    )


def test_purchase_example_chas_buys_arthur_conolly():
    """ "For his first action this turn, Chas purchases the third card in the top row. ... Because he already
    placed a coin on each of the first two cards in the top row this turn, he cannot purchase them. He decides
    to purchase the card "Arthur Conolly." He pays a coin to the first two cards in the top row. Because the
    third slot is vacant, he pays his third coin to the opposite row. He then takes his purchased card into his
    hand and takes the two rupees on the purchased card.\""""
    g = load(_chas())
    g.apply(("purchase", 64))  # the third card in the top row: 2 rupees
    assert market_rupees(g) == [[1, 1, 0, 2, 0, 0], [0] * 6]
    assert seat(g, 0)["rupees"] == 3
    options = g.legal_options()
    assert ("purchase", 61) not in options and ("purchase", 62) not in options
    assert ("purchase", ARTHUR_CONOLLY) in options

    g.apply(("purchase", ARTHUR_CONOLLY))
    assert market(g) == [[61, 62, None, None, 65, 67], [69, 71, 72, 75, 76, 77]]
    assert market_rupees(g) == [[2, 2, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0]]
    chas = seat(g, 0)
    assert chas["hand"] == [64, ARTHUR_CONOLLY]
    assert chas["rupees"] == 3 - 3 + 2
    assert g.legal_options() == [("end_turn",)]  # both actions used


def test_purchase_example_chas_cannot_buy_the_card_he_paid_in_the_other_row():
    g = load(_chas())
    g.apply(("purchase", 64))
    g.apply(("purchase", ARTHUR_CONOLLY))
    assert 72 in g.to_json()["turn_state"]["paid_cards"]


# ---------------------------------------------------------------------------- Play


def _cati_plays_lahore() -> dict:
    # Cati (seat 0, British) holds Sikh Merchants in Lahore; Hope (seat 1) rules Punjab with two tribes and has
    # a Punjab card in her court. A Russian road already lies on Kabul-Punjab.
    return state(
        player("british", 5, hand=[SIKH_MERCHANTS]),
        player("russian", 1, court=[PAOLO_AVITABILE]),
        tribes={"punjab": [0, 2]},
        roads={"kabul-punjab": {"russian": 1}},
        market=FULL_MARKET,
    )


def test_play_example_cati_pays_hope_and_resolves_road_spy_leverage():
    """ "Cati (blue) is loyal to the British coalition. She wants to play the card "Sikh Merchants in Lahore."
    That card is based in Punjab, so to play the card she will first need to pay a bribe to the ruler of the
    Punjab, Hope (gray). Since Hope has two tribes in the region, she can command a bribe of up to two rupees,
    which she does. ... First, Cati can place a road on either of the connections adjacent to Punjab (even if
    there are other roads there!). As she is loyal to the British, the road will be pink. Then Cati will place a
    spy on any court card associated with Punjab. She opts to place the spy on one of Hope's court cards. ...
    Finally, as the played card is leveraged, Cati will take two rupees from the bank.\""""
    g = load(_cati_plays_lahore())
    assert ruler(g, "punjab") == HOPE
    g.apply(("play", SIKH_MERCHANTS))
    assert g.decision == "bribe_demand" and g.current_player == HOPE
    assert g.legal_options() == [("demand", 2), ("demand", 1), ("demand", 0)]
    g.apply(("demand", 2), player=HOPE)
    assert g.current_player == CATI and ("pay",) in g.legal_options()
    g.apply(("pay",), player=CATI)
    assert seat(g, CATI)["rupees"] == 3 and seat(g, HOPE)["rupees"] == 3

    assert g.decision == "place_road"
    assert sorted(g.legal_options()) == [("road", "kabul-punjab"), ("road", "kandahar-punjab")]
    g.apply(("road", "kabul-punjab"))
    assert roads(g, "kabul-punjab", "british") == 1 and roads(g, "kabul-punjab", "russian") == 1

    assert g.decision == "place_spy"
    assert sorted(g.legal_options()) == [("spy", PAOLO_AVITABILE), ("spy", SIKH_MERCHANTS)]
    g.apply(("spy", PAOLO_AVITABILE))
    assert spies(g, PAOLO_AVITABILE, CATI) == 1

    assert g.decision == "turn"
    cati = seat(g, CATI)
    assert cati["court"] == [SIKH_MERCHANTS] and cati["hand"] == []
    assert cati["rupees"] == 3 + 2  # leverage: two rupees from the bank
    assert g.to_json()["turn_state"]["actions_used"] == 1
    # Icons resolved top to bottom: road, then spy, then leverage.
    placed = [(e["type"], e.get("kind")) for e in g.events() if e["type"] in ("place", "leverage_taken")]
    assert placed == [("place", "road"), ("place", "spy"), ("leverage_taken", None)]


def test_play_example_if_cati_declines_to_pay_she_does_not_lose_an_action():
    """ "If she had declined to pay, Cati would not lose an action.\""""
    g = load(_cati_plays_lahore())
    before = g.to_json()
    g.apply(("play", SIKH_MERCHANTS))
    g.apply(("demand", 2), player=HOPE)
    g.apply(("refuse",), player=CATI)
    assert g.decision == "turn" and g.current_player == CATI
    after = g.to_json()
    assert after["players"] == before["players"]
    assert after["map"] == before["map"]
    assert after["turn_state"]["actions_used"] == 0
    assert ("play", SIKH_MERCHANTS) in g.legal_options()


def test_play_example_hope_may_waive_the_bribe():
    """ "Any portion of this cost can be waived with the permission of the ruler.\""""
    g = load(_cati_plays_lahore())
    g.apply(("play", SIKH_MERCHANTS))
    g.apply(("demand", 0), player=HOPE)
    assert g.decision == "place_road"  # no payment step at all
    assert seat(g, CATI)["rupees"] == 5 and seat(g, HOPE)["rupees"] == 1


# ---------------------------------------------------------------------------- Loyalty change


def test_loyalty_change_example_blake_plays_sir_john_keane():
    """ "Blake is loyal to the Afghan coalition. He has one gift, one prize, and one patriot. Nevertheless, he
    decides to change loyalty. He plays the patriot "Sir John Keane." At this moment, he loses his gift, his
    prize, and his patriot.\""""
    g = game(
        player(
            "afghan",
            2,
            court=[LAPIS_LAZULI_MINE, AFGHAN_HANDICRAFTS],
            hand=[SIR_JOHN_KEANE],
            prizes=[CHARLES_STODDART],
            gifts=1,
        ),
        player("russian"),
        market=FULL_MARKET,
    )
    assert influence(g, 0) == 1 + 1 + 1 + 1
    g.apply(("play", SIR_JOHN_KEANE))
    g.apply(("side", "right"))
    blake = seat(g, 0)
    assert blake["loyalty"] == "british"
    assert blake["gifts"] == 0 and blake["prizes"] == []
    assert blake["court"] == [AFGHAN_HANDICRAFTS, SIR_JOHN_KEANE]
    assert {LAPIS_LAZULI_MINE, CHARLES_STODDART} <= set(g.to_json()["discard"])
    assert g.cylinders_in_supply(0) == 10  # the gift went back to his supply
    # The impact icon is resolved after the loyalty change: the army is British (pink).
    assert armies(g, "kandahar", "british") == 1 and armies(g, "kandahar", "afghan") == 0
    assert influence(g, 0) == 2


# ---------------------------------------------------------------------------- Hostage


def _hostage() -> dict:
    # Hope (seat 1, to play) has Money Lenders in court with one of her spies on it; Cati (seat 0) has two.
    return state(
        player("british", 0),
        player("russian", 5, court=[MONEY_LENDERS]),
        spies={MONEY_LENDERS: [2, 1]},
        market=FULL_MARKET,
        current=HOPE,
    )


@pytest.mark.parametrize("demand", [2, 1])
def test_hostage_example_hope_pays_cati_to_use_money_lenders(demand):
    """ "This card is in Hope's (gray) court. Cati (blue) has two spies on the card. Hope only has one. For this
    reason, this card's two actions are held hostage by Cati. To take either of this card's two actions, Hope
    must pay a bribe of two rupees to Cati. Cati may reduce or waive this bribe outright.\""""
    g = load(_hostage())
    g.apply(("action", MONEY_LENDERS, "gift"))
    assert g.decision == "bribe_demand" and g.current_player == CATI
    assert g.legal_options() == [("demand", 2), ("demand", 1), ("demand", 0)]
    g.apply(("demand", demand), player=CATI)
    g.apply(("pay",), player=HOPE)
    assert seat(g, CATI)["rupees"] == demand
    assert seat(g, HOPE)["rupees"] == 5 - demand - 2
    assert seat(g, HOPE)["gifts"] == 1


def test_hostage_example_cati_waives_the_bribe():
    g = load(_hostage())
    g.apply(("action", MONEY_LENDERS, "gift"))
    g.apply(("demand", 0), player=CATI)
    assert seat(g, CATI)["rupees"] == 0
    assert seat(g, HOPE)["rupees"] == 3 and seat(g, HOPE)["gifts"] == 1


def test_hostage_example_refusing_the_bribe_costs_no_action():
    g = load(_hostage())
    g.apply(("action", MONEY_LENDERS, "gift"))
    g.apply(("demand", 2), player=CATI)
    g.apply(("refuse",), player=HOPE)
    data = g.to_json()
    assert data["turn_state"]["actions_used"] == 0 and data["turn_state"]["used_cards"] == []
    assert seat(g, HOPE)["rupees"] == 5 and seat(g, HOPE)["gifts"] == 0
    assert ("action", MONEY_LENDERS, "gift") in g.legal_options()


# ---------------------------------------------------------------------------- Tax


def test_tax_example_cati_taxes_brooke_and_the_market():
    """ "Cati takes a tax action with a rank two card. She rules Kabul. Since Cati rules Kabul, she can take one
    rupee from Brooke who has a court card in that region. Brooke's other rupees are protected by her Money
    Lender's Tax Shelter. Cati takes the other rupee from the market.\""""
    brooke = 1
    g = game(
        player("british", 0, court=[DOST_MOHAMMAD, GHILZAI_NOMADS]),
        player("russian", 3, court=[MONEY_LENDERS]),
        tribes={"kabul": [1, 0]},
        market=FULL_MARKET,
        market_rupees=[[0, 0, 1, 0, 0, 0], [0] * 6],
    )
    assert ruler(g, "kabul") == CATI
    g.apply(("action", GHILZAI_NOMADS, "tax"))
    assert sorted(g.legal_options()) == [("tax_market", 82), ("tax_player", brooke)]
    g.apply(("tax_player", brooke))
    assert seat(g, brooke)["rupees"] == 2  # two economic stars: the rest is sheltered
    assert g.legal_options() == [("tax_market", 82), ("done",)]
    g.apply(("tax_market", 82))
    assert g.decision == "turn"
    assert seat(g, CATI)["rupees"] == 2
    assert market_rupees(g)[0][2] == 0


# ---------------------------------------------------------------------------- Build


def test_build_example_cati_builds_two_armies_in_kabul():
    """ "Cati takes a build action. She rules Kabul and is loyal to the British coalition. Since Cati rules only
    Kabul, she can build armies in Kabul or roads on any of its four borders. She can place up to three blocks
    with this action, but decides to only place two armies. This costs a total of four rupees which she pays to
    the market.\""""
    g = game(
        player("british", 6, court=[DOST_MOHAMMAD, MONEY_LENDERS]),
        player("russian", 0),
        tribes={"kabul": [1, 0]},
        market=FULL_MARKET,
    )
    g.apply(("action", MONEY_LENDERS, "build"))
    assert sorted(g.legal_options()) == [
        ("army", "kabul"),
        ("road", "herat-kabul"),
        ("road", "kabul-kandahar"),
        ("road", "kabul-punjab"),
        ("road", "kabul-transcaspia"),
    ]
    g.apply(("army", "kabul"))
    g.apply(("army", "kabul"))
    assert ("done",) in g.legal_options()
    g.apply(("done",))
    assert g.decision == "turn"
    assert armies(g, "kabul", "british") == 2
    assert seat(g, CATI)["rupees"] == 2
    # One rupee on each of the two rightmost cards of both rows.
    assert market_rupees(g) == [[0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 1]]
    assert ruler(g, "kabul") == CATI


# ---------------------------------------------------------------------------- Move


def test_move_example_blake_moves_a_spy_two_cards_and_an_army_along_a_road():
    """ "Blake (red) takes a rank three move action. He is loyal to the Russian coalition. With his first two
    moves, he moves his spy two cards counter-clockwise. Then, with his final move, he moves his army to an
    adjacent region using a yellow road.\""""
    blake = 0
    g = game(
        player("russian", 0, court=[FARAH_ROAD, 55]),
        player("british", 0, court=[9, 10]),
        player("afghan", 0, court=[61]),
        spies={10: [1, 0, 0]},
        armies={"transcaspia": {"russian": 1, "british": 1}},
        roads={"kabul-transcaspia": {"russian": 1}, "herat-transcaspia": {"british": 1}},
        market=FULL_MARKET,
    )
    g.apply(("action", FARAH_ROAD, "move"))
    options = g.legal_options()
    # The track clockwise, each court from its right end to its left end: 55, 63 | 10, 9 | 61. Seat 1 sits on
    # Blake's left, so the right end of seat 1's court (10) touches the left end of Blake's (63).
    assert ("move_spy", 10, 9) in options and ("move_spy", 10, 63) in options
    # Only the Russian army may move, and only across the Russian road.
    assert [o for o in options if o[0] == "move_army"] == [("move_army", "transcaspia", "kabul")]
    g.apply(("move_spy", 10, 63))  # counter-clockwise, into Blake's court
    g.apply(("move_spy", 63, 55))
    assert spies(g, 55, blake) == 1 and spies(g, 10, blake) == 0
    g.apply(("move_army", "transcaspia", "kabul"))
    assert g.decision == "turn"  # three moves: the action is over
    assert armies(g, "kabul", "russian") == 1 and armies(g, "transcaspia", "russian") == 0
    assert armies(g, "transcaspia", "british") == 1


def test_move_wraps_around_the_ring_of_courts():
    g = game(
        player("russian", 0, court=[FARAH_ROAD, 55]),
        player("british", 0, court=[9, 10]),
        player("afghan", 0, court=[61]),
        spies={61: [1, 0, 0]},
        market=FULL_MARKET,
    )
    g.apply(("action", FARAH_ROAD, "move"))
    # Clockwise 55, 63 | 10, 9 | 61 and round: seat 2's card lies between seat 1's left end and seat 0's right end.
    assert sorted(g.legal_options()) == [("move_spy", 61, 9), ("move_spy", 61, 55)]


# ---------------------------------------------------------------------------- Battle


def test_battle_example_on_a_court_card():
    """ "Cati (blue) selects a card on Hope's court. She removes two of Hope's spies—despite the fact that they
    share the same loyalty! Cati now holds the actions on this card hostage.\""""
    data = state(
        player("british", 0, court=[AKALI_SIKHS]),
        player("british", 5, court=[MONEY_LENDERS]),
        spies={MONEY_LENDERS: [2, 2]},
        market=FULL_MARKET,
    )
    g = load(data)
    g.apply(("action", AKALI_SIKHS, "battle"))
    assert g.legal_options() == [("battle_card", MONEY_LENDERS)]
    g.apply(("battle_card", MONEY_LENDERS))
    assert g.legal_options() == [("remove_spy", HOPE)]
    g.apply(("remove_spy", HOPE))
    g.apply(("remove_spy", HOPE))
    assert g.decision == "turn"
    assert spies(g, MONEY_LENDERS, HOPE) == 0 and spies(g, MONEY_LENDERS, CATI) == 2

    # On Hope's next turn, Cati holds the card's actions hostage.
    later = g.to_json()
    later["current"] = HOPE
    for key in ("agenda", "turn_state", "record", "log"):
        later.pop(key)
    h = load(later)
    h.apply(("action", MONEY_LENDERS, "gift"))
    assert h.decision == "bribe_demand" and h.current_player == CATI
    assert h.legal_options()[0] == ("demand", 2)


def test_battle_example_in_a_region():
    """ "Cati selects a region. In this region she only has one loyal army, and so can only remove a single
    unit. She cannot remove Hope's tribe (gray) because they share a loyalty. Instead, she may eliminate the
    enemy road or the enemy army.\""""
    g = game(
        player("british", 0, court=[AKALI_SIKHS]),
        player("british", 0, court=[PAOLO_AVITABILE]),
        player("russian", 0),
        tribes={"punjab": [0, 1, 0]},
        armies={"punjab": {"british": 1, "russian": 1}},
        roads={"kabul-punjab": {"russian": 1}, "kandahar-punjab": {"british": 1}},
        market=FULL_MARKET,
    )
    g.apply(("action", AKALI_SIKHS, "battle"))
    assert g.legal_options() == [("battle_region", "punjab")]
    g.apply(("battle_region", "punjab"))
    assert sorted(g.legal_options()) == [("remove_army", "russian"), ("remove_road", "kabul-punjab", "russian")]
    g.apply(("remove_road", "kabul-punjab", "russian"))
    assert g.decision == "turn"  # one loyal army: one unit removed
    assert roads(g, "kabul-punjab", "russian") == 0
    assert armies(g, "punjab", "russian") == 1
    assert g.to_json()["map"]["tribes"] == {"punjab": [0, 1, 0]}


# ---------------------------------------------------------------------------- Dominance Checks


def test_dominance_rule_example_eight_british_blocks_against_four_and_four():
    """ "If the British coalition has eight blocks and the other two coalitions both have four blocks, the
    British Coalition would be dominant.\""""
    g = game(
        player("british", 0),
        player("russian", 0, vp=2),
        armies={"kabul": {"british": 5, "russian": 2, "afghan": 2}},
        roads={"kabul-punjab": {"british": 3}, "herat-kabul": {"russian": 2, "afghan": 2}},
        market=[[101], []],
        deck=[102],
    )
    g.apply(("purchase", 101))
    assert seat(g, 0)["vp"] == 5 and seat(g, 1)["vp"] == 2
    assert g.to_json()["map"]["armies"] == {} and g.to_json()["map"]["roads"] == {}


def test_dominance_rule_example_eight_against_five_is_not_dominant():
    g = game(
        player("british", 0),
        player("russian", 0, vp=2),
        tribes={"herat": [0, 1]},
        armies={"kabul": {"british": 5, "russian": 3, "afghan": 2}},
        roads={"kabul-punjab": {"british": 3}, "herat-kabul": {"russian": 2, "afghan": 2}},
        market=[[101], []],
        deck=[102],
    )
    g.apply(("purchase", 101))
    # Unsuccessful: cylinders in play score (the Russian player has a tribe), and the blocks stay.
    assert seat(g, 0)["vp"] == 1 and seat(g, 1)["vp"] == 2 + 3
    assert armies(g, "kabul", "british") == 5


def test_dominance_example_third_check_russians_dominant():
    """ "The third dominance check has just been bought in a three player game with Cati (blue), Blake (red),
    and Hope (gray). The Russian Coalition is dominant. Cati and Blake are both loyal to that coalition. Cati
    has the most influence and scores five points, Blake scores three. ... Because the check was successful,
    all of the blocks are now cleared from the board.\""""
    cati, hope, blake = 0, 1, 2
    g = game(
        player("russian", 0, gifts=1),
        player("british", 0),
        player("russian", 0),
        tribes={"kabul": [1, 1, 0]},
        armies={"kabul": {"russian": 3}, "punjab": {"british": 1}},
        roads={"kabul-transcaspia": {"russian": 2}},
        market=[[103], []],
        deck=[104],
        current=hope,
    )
    g.apply(("purchase", 103))
    assert [seat(g, p)["vp"] for p in (cati, blake, hope)] == [5, 3, 0]
    assert not g.is_over
    data = g.to_json()
    assert data["map"]["armies"] == {} and data["map"]["roads"] == {}
    assert data["map"]["tribes"] == {"kabul": [1, 1, 0]}  # tribes are not blocks
    assert 103 in data["discard"]


def test_dominance_example_fourth_check_is_final_and_doubled():
    """ "A few turns later the fourth dominance check appears in the market and is bought. For the sake of
    example, there are no spies or gifts in play. No Coalition is dominant. Blake has the most cylinders in
    play so he would score six points (3 x 2 for the final dominance check) Cati and Hope would each score one
    (1x2÷2).\""""
    cati, hope, blake = 0, 1, 2
    g = game(
        player("russian", 0, vp=5),
        player("british", 0, vp=0),
        player("russian", 0, vp=3),
        tribes={"kabul": [0, 0, 2], "herat": [1, 0, 1], "punjab": [0, 1, 0]},
        armies={"kabul": {"russian": 1}},
        market=[[104], []],
        current=cati,
    )
    g.apply(("purchase", 104))
    assert [seat(g, p)["vp"] for p in (cati, blake, hope)] == [5 + 1, 3 + 6, 0 + 1]
    assert g.is_over and g.winners == [blake]
    assert g.summary()["end_reason"] == "final dominance check"
    assert g.legal_options() == []


def test_early_end_example_lead_of_four_after_a_check():
    """ "If, after scoring a Dominance Check, the leading player has at least four more victory points than the
    next highest scoring player, the game is over and that player wins!\""""
    cati, hope, blake = 0, 1, 2
    g = game(
        player("russian", 0, vp=1),
        player("british", 0, vp=2),
        player("afghan", 0, vp=0),
        armies={"kabul": {"russian": 4}},
        market=[[101], []],
        deck=[102, 103],
    )
    g.apply(("purchase", 101))  # Cati alone is loyal to the dominant Russians: +5
    assert [seat(g, p)["vp"] for p in (cati, hope, blake)] == [6, 2, 0]
    assert g.is_over and g.winners == [cati]
    assert "early end" in g.summary()["end_reason"]
    # The board is not cleared when the game ends.
    assert armies(g, "kabul", "russian") == 4


def test_early_end_example_a_lead_of_three_does_not_end_the_game():
    g = game(
        player("russian", 0, vp=0),
        player("british", 0, vp=2),
        player("afghan", 0, vp=0),
        armies={"kabul": {"russian": 4}},
        market=[[101], []],
        deck=[102, 103],
    )
    g.apply(("purchase", 101))
    assert seat(g, 0)["vp"] == 5 and seat(g, 1)["vp"] == 2
    assert not g.is_over and g.decision == "turn"
