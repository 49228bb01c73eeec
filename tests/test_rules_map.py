"""Ruling a region (RB p.7), kept up to date on every change, and component limits (RB p.8)."""

from __future__ import annotations

import pytest
from positions import armies, game, load, player, roads, ruler, seat, spies, state, tribes

TOP = [80, 81, 82, 83, 84, 85]
BOTTOM = [86, 87, 89, 90, 91, 92]
FULL = [TOP, BOTTOM]

DOST_MOHAMMAD = 7  # Kabul political: tribe, tribe, army, spy
SHAH_SHUJAH = 5  # Kabul political: tribe
BALA_HISSAR = 16  # Kabul military: army
AKALI_SIKHS = 38  # Punjab military rank 2: battle
FARAH_ROAD = 63  # Herat economic rank 3: move
SIR_JOHN_KEANE = 51  # British patriot: army in Kandahar
EXILED_DURRANI = 57  # Herat political: tribe
YAR_MOHAMMAD = 56  # Herat political


def _kabul(loyalties, kabul_tribes, kabul_armies):
    return game(
        *[player(c) for c in loyalties],
        tribes={"kabul": kabul_tribes},
        armies={"kabul": kabul_armies} if kabul_armies else {},
        market=FULL,
    )


@pytest.mark.parametrize(
    ("loyalties", "kabul_tribes", "kabul_armies", "expected"),
    [
        # at least one tribe is needed: loyal armies alone do not rule
        (["british", "russian"], [0, 0], {"british": 3}, None),
        (["british", "russian"], [1, 0], {}, 0),
        # loyal armies count as ruling pieces
        (["british", "russian"], [1, 2], {"british": 2}, 0),
        (["british", "russian"], [1, 3], {"british": 2}, None),  # 3 against 3: a tie
        (["british", "russian"], [2, 2], {}, None),
        (["british", "russian"], [1, 2], {}, 1),
        # armies of a coalition nobody is loyal to still block
        (["british", "russian"], [2, 0], {"afghan": 2}, None),
        (["british", "russian"], [3, 0], {"afghan": 2}, 0),
        # so do the armies of the other player's coalition, even with no tribe of theirs
        (["british", "russian"], [2, 0], {"russian": 2}, None),
        # players of the same loyalty share its armies
        (["british", "british"], [1, 2], {"british": 2}, 1),
        (["british", "british"], [2, 2], {"british": 1}, None),
        # three players: more than each other individually is enough
        (["british", "russian", "afghan"], [3, 2, 2], {}, 0),
    ],
)
def test_ruler_of_a_region(loyalties, kabul_tribes, kabul_armies, expected):
    g = _kabul(loyalties, kabul_tribes, kabul_armies)
    assert ruler(g, "kabul") == expected


def test_ruler_appears_the_moment_a_tribe_is_placed():
    g = game(
        player("british", 0, hand=[DOST_MOHAMMAD]),
        player("russian", 0, court=[SHAH_SHUJAH]),
        tribes={"kabul": [0, 1]},
        market=FULL,
    )
    assert ruler(g, "kabul") == 1
    g.apply(("play", DOST_MOHAMMAD))
    g.apply(("demand", 0), player=1)
    # Two tribes and a British army are on the map; the spy icon is still to come.
    assert g.decision == "place_spy"
    assert ruler(g, "kabul") == 0


def test_ruler_changes_when_a_battle_removes_an_army():
    g = game(
        player("british", 0, court=[AKALI_SIKHS]),
        player("russian", 0, court=[SHAH_SHUJAH]),
        tribes={"kabul": [0, 1]},
        armies={"kabul": {"british": 1, "russian": 1}},
        market=FULL,
    )
    assert ruler(g, "kabul") == 1
    g.apply(("action", AKALI_SIKHS, "battle"))
    g.apply(("battle_region", "kabul"))
    g.apply(("remove_army", "russian"))
    assert ruler(g, "kabul") is None  # 1 tribe against 1 British army


def test_ruler_changes_when_an_army_moves():
    g = game(
        player("british", 0, court=[FARAH_ROAD, SHAH_SHUJAH]),
        player("russian", 0, court=[EXILED_DURRANI]),
        tribes={"kabul": [1, 0], "herat": [0, 1]},
        armies={"kabul": {"british": 1}},
        roads={"herat-kabul": {"british": 1}},
        market=FULL,
    )
    assert ruler(g, "herat") == 1 and ruler(g, "kabul") == 0
    g.apply(("action", FARAH_ROAD, "move"))
    g.apply(("move_army", "kabul", "herat"))
    assert ruler(g, "herat") is None and ruler(g, "kabul") == 0
    g.apply(("move_army", "herat", "kabul"))
    assert ruler(g, "herat") == 1


def test_ruler_changes_with_a_loyalty_change():
    # Afghan armies make seat 0 the ruler of Kabul; turning British leaves them without her.
    g = game(
        player("afghan", 0, court=[SHAH_SHUJAH], hand=[SIR_JOHN_KEANE]),
        player("russian", 0, court=[BALA_HISSAR]),
        tribes={"kabul": [1, 1]},
        armies={"kabul": {"afghan": 1}},
        market=FULL,
    )
    assert ruler(g, "kabul") == 0
    g.apply(("play", SIR_JOHN_KEANE))
    g.apply(("side", "left"))
    assert ruler(g, "kabul") is None


def test_ruler_changes_when_a_successful_check_clears_the_blocks():
    g = game(
        player("british", 0, court=[SHAH_SHUJAH]),
        player("russian", 0, court=[EXILED_DURRANI], vp=3),
        tribes={"kabul": [1, 2]},
        armies={"kabul": {"british": 4}},
        market=[[101], BOTTOM],
        deck=[102],
    )
    assert ruler(g, "kabul") == 0
    g.apply(("purchase", 101))
    assert not g.is_over
    assert ruler(g, "kabul") == 1


def test_rulers_are_in_the_state_json():
    g = _kabul(["british", "russian"], [1, 0], {})
    assert g.to_json()["rulers"] == {"kabul": 0}


# ---------------------------------------------------------------------------- component limits


def _all_cylinders_out(placed=()):
    # Seat 0: 3 tribes in Kabul, 2 in Herat, one spy on each of 61 and 62, 3 gifts = 10 cylinders.
    return state(
        player("british", 0, court=[SHAH_SHUJAH, YAR_MOHAMMAD, 61], hand=[EXILED_DURRANI], gifts=3),
        player("russian", 0, court=[62]),
        tribes={"kabul": [3, 0], "herat": [2, 0]},
        spies={61: [1, 0], 62: [1, 0]},
        market=FULL,
        turn_state={"placed": [list(p) for p in placed]},
    )


def test_with_no_cylinder_left_the_player_takes_one_from_the_map():
    g = load(_all_cylinders_out())
    assert g.cylinders_in_supply(0) == 0
    g.apply(("play", EXILED_DURRANI))  # Herat: one tribe
    g.apply(("side", "left"))
    assert g.decision == "take_piece" and g.current_player == 0
    # Not a Herat tribe: the new tribe goes to Herat, and moving one there from Herat would change nothing.
    assert sorted(g.legal_options()) == [
        ("take_gift",),
        ("take_spy", 61),
        ("take_spy", 62),
        ("take_tribe", "kabul"),
    ]
    g.apply(("take_spy", 62))  # a spy becomes a tribe
    assert spies(g, 62, 0) == 0 and tribes(g, "herat", 0) == 3
    assert g.decision == "turn" and g.cylinders_in_supply(0) == 0


def test_pieces_placed_this_turn_cannot_be_taken():
    # The spy on 62 and both Herat tribes were placed this turn (Herat is region 0); one of the three Kabul
    # tribes (region 1) too, which leaves two Kabul tribes that can be taken.
    g = load(_all_cylinders_out(placed=[("spy", 62, 0), ("tribe", 0, 0), ("tribe", 0, 0), ("tribe", 1, 0)]))
    g.apply(("play", EXILED_DURRANI))
    g.apply(("side", "left"))
    assert sorted(g.legal_options()) == [("take_gift",), ("take_spy", 61), ("take_tribe", "kabul")]


def test_taking_your_last_tribe_of_a_region_overthrows_its_political_cards():
    data = state(
        player("british", 0, court=[SHAH_SHUJAH, 61], hand=[EXILED_DURRANI], gifts=3),
        player("russian", 0, court=[62]),
        tribes={"kabul": [1, 0], "persia": [6, 0]},
        market=FULL,
    )
    g = load(data)
    g.apply(("play", EXILED_DURRANI))
    g.apply(("side", "left"))
    g.apply(("take_tribe", "kabul"))
    assert tribes(g, "kabul", 0) == 0 and tribes(g, "herat", 0) == 1
    assert SHAH_SHUJAH not in seat(g, 0)["court"]


def test_with_no_block_left_a_block_is_taken_from_the_map():
    g = game(
        player("british", 0, hand=[BALA_HISSAR]),
        player("russian", 0),
        armies={"punjab": {"british": 10}},
        roads={"kabul-punjab": {"british": 2}},
        market=FULL,
    )
    g.apply(("play", BALA_HISSAR))  # an army in Kabul
    assert g.decision == "take_piece"
    assert sorted(g.legal_options()) == [("take_army", "punjab"), ("take_road", "kabul-punjab")]
    g.apply(("take_road", "kabul-punjab"))  # a road becomes an army
    assert roads(g, "kabul-punjab", "british") == 1 and armies(g, "kabul", "british") == 1
    assert armies(g, "punjab", "british") == 10


def test_blocks_of_other_coalitions_are_never_taken():
    g = game(
        player("british", 0, hand=[BALA_HISSAR]),
        player("russian", 0),
        armies={"punjab": {"british": 12, "russian": 3}},
        market=FULL,
        turn_state={"placed": [["army", 4, 1]] * 12},
    )
    g.apply(("play", BALA_HISSAR))
    # Every British block was placed this turn: nothing can be taken, so no army is placed.
    assert g.decision == "turn"
    assert armies(g, "kabul", "british") == 0 and armies(g, "punjab", "russian") == 3
