"""Dominance Checks (RB p.15), the early end and the final tie-breakers (RB p.9, p.15)."""

from __future__ import annotations

import pytest
from positions import armies, game, player, seat

from paxpamir.rules.scoring import influence

BOTTOM = [86, 87, 89, 90, 91, 92]


def check(*players, final=False, **fields):
    """Buy Dominance Check 101 from the first market slot (free) with seat 0; another check waits in the deck
    unless ``final``."""
    g = game(*players, market=[[101], BOTTOM], deck=[] if final else [102], **fields)
    g.apply(("purchase", 101))
    return g


def vps(g):
    return [p["vp"] for p in g.to_json()["players"]]


# ---------------------------------------------------------------------------- success


def test_successful_check_scores_influence_five_three_one_for_loyal_players_only():
    g = check(
        player("russian", 0, gifts=2),  # influence 3
        player("russian", 0, prizes=[4]),  # influence 2
        player("russian", 0),  # influence 1
        player("british", 0, gifts=3, vp=2),  # influence 4, but not loyal to the Russians
        armies={"transcaspia": {"russian": 4}},
    )
    assert vps(g) == [5, 3, 1, 2]
    assert not g.is_over


def test_influence_counts_patriots_prizes_and_gifts():
    g = check(
        player("russian", 0, court=[70, 100]),  # two Russian patriots: influence 3
        player("russian", 0, prizes=[19], gifts=1, vp=1),  # influence 3
        player("russian", 0, court=[61], vp=4),  # influence 1 (61 is no patriot)
        armies={"transcaspia": {"russian": 4}},
    )
    assert [influence(g, p) for p in range(3)] == [3, 3, 1]
    assert vps(g) == [4, 1 + 4, 4 + 1]  # the first two share (5+3)/2


def test_successful_check_removes_every_block_but_not_tribes_or_spies():
    g = check(
        player("russian", 0, court=[61]),
        player("british", 0, vp=2),
        tribes={"herat": [1, 0]},
        spies={61: [0, 1]},
        armies={"transcaspia": {"russian": 4}, "kabul": {"british": 1}},
        roads={"herat-kabul": {"afghan": 1, "russian": 1}},
    )
    data = g.to_json()
    assert data["map"]["armies"] == {} and data["map"]["roads"] == {}
    assert data["map"]["tribes"] == {"herat": [1, 0]} and data["spies"] == {"61": [0, 1]}


def test_dominance_needs_four_more_blocks_than_each_other_coalition():
    # Russians 6, British 3, Afghans 2: a lead of only 3 over the British.
    g = check(
        player("russian", 0, gifts=1),
        player("british", 0),
        armies={"transcaspia": {"russian": 6}, "kabul": {"british": 3, "afghan": 2}},
    )
    assert vps(g) == [3, 1]  # unsuccessful: cylinders in play, 1 against 0 ("even zero")
    assert armies(g, "transcaspia", "russian") == 6


def test_conflict_fatigue_needs_only_two_more_blocks():
    g = check(
        player("russian", 0),
        player("british", 0, vp=2),
        armies={"transcaspia": {"russian": 3}, "kabul": {"british": 1}},
        effects=[{"effect": "conflictFatigue", "player": -1, "card": 109}],
    )
    assert vps(g) == [5, 2]


# ---------------------------------------------------------------------------- failure


def test_unsuccessful_check_scores_cylinders_in_play_three_and_one():
    g = check(
        player("russian", 0, court=[61], gifts=1),  # a tribe, a spy and a gift: 3
        player("british", 0, court=[62]),  # two tribes: 2
        player("afghan", 0, court=[63]),  # nothing in play
        tribes={"herat": [1, 2, 0]},
        spies={62: [1, 0, 0]},
    )
    assert vps(g) == [3, 1, 0]


@pytest.mark.parametrize(
    ("cylinders", "expected"),
    [
        ([2, 2, 1], [2, 2, 0]),  # tied for first: (3+1)/2
        ([2, 1, 1], [3, 0, 0]),  # tied for second: 1/2 rounds down
        ([0, 0, 0], [1, 1, 1]),  # everyone tied, even at zero: (3+1+0)/3
        ([1, 1, 1], [1, 1, 1]),
    ],
)
def test_unsuccessful_check_ties_share_the_places_rounding_down(cylinders, expected):
    regions = ["herat", "kabul", "persia"]
    tribes = {}
    for p, k in enumerate(cylinders):
        for i in range(k):
            tribes.setdefault(regions[i], [0, 0, 0])[p] += 1
    g = check(player("russian"), player("british"), player("afghan"), tribes=tribes)
    assert vps(g) == expected


@pytest.mark.parametrize(
    ("gifts", "expected"),
    [
        ([2, 2, 0], [4, 4, 1]),  # (5+3)/2, then third place
        ([1, 1, 1], [3, 3, 3]),  # (5+3+1)/3
        ([2, 1, 1], [5, 2, 2]),  # (3+1)/2
    ],
)
def test_successful_check_ties_share_the_places_rounding_down(gifts, expected):
    g = check(*[player("russian", gifts=k) for k in gifts], armies={"kabul": {"russian": 4}})
    assert vps(g) == expected


# ---------------------------------------------------------------------------- final check


def test_final_check_doubles_points_before_splitting_ties():
    g = check(
        player("russian", 0, gifts=2, vp=1),
        player("russian", 0, gifts=2, vp=2),
        player("russian", 0, vp=5),
        armies={"kabul": {"russian": 4}},
        final=True,
    )
    assert vps(g) == [1 + 8, 2 + 8, 5 + 2]  # (10+6)/2 each, then 1x2
    assert g.is_over and g.winners == [1]
    assert armies(g, "kabul", "russian") == 4  # the board is not cleared at the end


def test_final_unsuccessful_check_doubles_too():
    g = check(player("russian", 0, vp=3), player("british", 0), tribes={"herat": [0, 1]}, final=True)
    assert vps(g) == [3 + 2, 6]
    assert g.winners == [1]


def test_a_check_is_final_when_no_other_check_is_left_in_deck_or_market():
    # Another check still in the market: not final.
    g = game(
        player("russian", 0),
        player("british", 0, vp=2),
        market=[[101, 102], BOTTOM],
        armies={"kabul": {"russian": 4}},
    )
    g.apply(("purchase", 101))
    assert vps(g) == [5, 2] and not g.is_over


# ---------------------------------------------------------------------------- early end


@pytest.mark.parametrize(("before", "over"), [([0, 1, 0], True), ([0, 2, 0], False), ([0, 0, 1], True)])
def test_early_end_needs_a_lead_of_four_over_every_other_player(before, over):
    g = check(
        player("russian", 0, vp=before[0]),  # scores 5
        player("british", 0, vp=before[1]),
        player("afghan", 0, vp=before[2]),
        armies={"kabul": {"russian": 4}},
    )
    assert g.is_over is over
    if over:
        assert g.winners == [0]
    else:
        assert g.decision == "turn" and g.current_player == 0


def test_early_end_with_two_players_ahead_does_not_end():
    g = check(
        player("russian", 0, vp=0, gifts=1),
        player("russian", 0, vp=2),
        player("british", 0, vp=0),
        armies={"kabul": {"russian": 4}},
    )
    # 5 and 5: both lead the third by 5 but not each other.
    assert vps(g) == [5, 5, 0] and not g.is_over


# ---------------------------------------------------------------------------- final tie-breakers


def _final_tie(p0, p1):
    # An unsuccessful final check with no cylinders in play: both players score (6+2)/2 = 4 and tie.
    return check(p0, p1, final=True)


def test_final_tie_broken_by_military_stars():
    g = _final_tie(player("russian", 9, court=[31]), player("british", 0, court=[33]))  # ranks 1 and 2
    assert vps(g) == [4, 4]
    assert g.winners == [1]


def test_final_tie_then_broken_by_rupees():
    g = _final_tie(player("russian", 3, court=[33, 62]), player("british", 2, court=[38]))
    assert g.winners == [0]


def test_final_tie_with_equal_stars_and_rupees_is_a_shared_win():
    g = _final_tie(player("russian", 3, court=[31]), player("british", 3, court=[34]))
    assert g.winners == [0, 1]
    assert g.summary()["winners"] == [0, 1]


def test_military_stars_only_break_ties_among_the_leaders():
    g = check(
        player("russian", 0, court=[31], vp=2),
        player("british", 0, court=[33], vp=2),
        player("afghan", 0, court=[38, 35], vp=0),
        tribes={"herat": [0, 0, 1]},
        final=True,
    )
    # Seat 2 scores 6 (3x2) and wins outright; the others share second place: (1x2)/2.
    assert vps(g) == [2 + 1, 2 + 1, 6]
    assert g.winners == [2]


def test_final_check_with_nothing_in_play_splits_first_and_second():
    g = check(player("russian", 0), player("british", 0), final=True)
    assert seat(g, 0)["vp"] == seat(g, 1)["vp"] == 4
