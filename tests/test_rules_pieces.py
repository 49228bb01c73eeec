"""Component limits (RB p.8): a piece to place with none left in the supply is taken from the board,
"excluding any pieces placed this turn", wherever such a piece has moved since."""

from __future__ import annotations

from positions import game, player, seat, spies

TOP = [80, 81, 82, 83, 84, 85]
BOTTOM = [86, 87, 89, 90, 91, 92]
FULL = [TOP, BOTTOM]

CHARLES_STODDART = 4  # Kabul intelligence 1: gift / move; impact: spy
SHAH_SHUJAH = 5  # Kabul political 1: build; impact: tribe
AFGHAN_HANDICRAFTS = 9  # Kabul economic 1: tax / move; impact: road
GHILZAI_NOMADS = 13  # Kabul economic 2: tax / move
MONEY_LENDERS = 14  # Kabul economic 2: gift / build
BALA_HISSAR = 16  # Kabul military 1: tax / betray; impact: army
NATIONALISM = 110


# ---------------------------------------------------------------------------- pieces placed this turn, after a move


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


# ---------------------------------------------------------------------------- a gift with no cylinder left


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
