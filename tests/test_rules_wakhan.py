"""The rules of a game with Wakhan (RB pp. 16-18) where they meet the other rules: battles against her
tribes and her coalitions' blocks, and Wakhan's Ambition when points are tied.

Each test quotes the passage it rests on (RB = English rulebook, second printing; card texts from the card
reference). Card numbers are the printed numbers; seats are 0-based. The readings are recorded in
docs/rules-decisions.md, section "Review findings (issue 9)".
"""

from __future__ import annotations

from typing import Any

import pytest
from cardpositions import do, opts, player
from positions import armies, tribes
from wakhanpositions import choose, ref_pragmatic, wakhan, wgame

from paxpamir import Game
from paxpamir.engine.invariants import check_invariants

# ---------------------------------------------------------------------------- Wakhan's tribes in battle

JAN_FISHAN_KHAN = 2  # Kabul, battle/move, rank 2
DOST_MOHAMMAD = 7  # Kabul political, no actions
AKALI_SIKHS = 38  # Punjab military, battle, rank 2
COALITIONS = ("british", "russian", "afghan")


def _wakhan_battle(loyalty: str, **kw: Any) -> Game:
    others = [c for c in COALITIONS if c != loyalty]
    fields: dict[str, Any] = {
        "tribes": {"kabul": [0, 1]},
        "armies": {"kabul": {loyalty: 2, others[0]: 1, others[1]: 1}},
        "current": 0,
    }
    fields.update(kw)
    g = wgame(player(loyalty, 0, court=[JAN_FISHAN_KHAN]), wakhan(0, court=[DOST_MOHAMMAD]), **fields)
    check_invariants(g)
    return do(g, ("action", JAN_FISHAN_KHAN, "battle"), ("battle_region", "kabul"))


@pytest.mark.parametrize("loyalty", COALITIONS)
def test_any_player_may_remove_wakhans_tribes_in_battle(loyalty):
    """RB p.14 battle: "You cannot remove tribes belonging to players that share your loyalty." RB p.16:
    "Wakhan is not loyal to a coalition; rather, Wakhan is effectively loyal to all coalitions ... she will
    always assume a single pragmatic loyalty", the leftmost one "not shared by any other player", and "This
    loyalty is used to determine the blocks she places, moves, and battles with." She has no loyalty dial,
    so no player shares her loyalty and her tribes may be removed by a player of any loyalty; "loyal to all
    coalitions" is about influence and scoring (her gifts "count as influence in all three coalitions", "she
    will be in the running no matter which coalition is dominant")."""
    g = _wakhan_battle(loyalty)
    others = sorted(c for c in COALITIONS if c != loyalty)
    assert sorted(opts(g)) == sorted([("remove_tribe", 1), *(("remove_army", c) for c in others)])
    do(g, ("remove_tribe", 1))
    assert tribes(g, "kabul", 1) == 0


def test_armies_of_your_own_coalition_stay_protected_whoever_placed_them():
    """RB p.14: "You cannot remove armies or roads that are of your loyalty." Armies belong to coalitions,
    not players: British armies are safe from a British player even if Wakhan placed them."""
    g = _wakhan_battle("afghan", armies={"kabul": {"afghan": 2, "british": 3}})
    assert sorted(opts(g)) == [("remove_army", "british"), ("remove_tribe", 1)]


def test_two_humans_who_share_a_loyalty_protect_each_others_tribes_but_not_wakhans():
    g = wgame(
        player("british", 0, court=[JAN_FISHAN_KHAN]),
        player("british", 0, court=[5]),
        wakhan(0, court=[DOST_MOHAMMAD]),
        tribes={"kabul": [0, 1, 1]},
        armies={"kabul": {"british": 2}},
        current=0,
    )
    do(g, ("action", JAN_FISHAN_KHAN, "battle"), ("battle_region", "kabul"))
    assert opts(g) == [("remove_tribe", 2)]


def test_wakhan_may_remove_every_players_tribes_and_other_coalitions_blocks_but_not_her_own_coalitions():
    """RB p.16: her pragmatic loyalty determines "the blocks she ... battles with"; RB p.18 "Wakhan will battle
    in the region where another player has pieces (tribes, loyal armies or roads) and she has at least one army
    ... she will try to destroy tribes, armies, and roads in that order." Her pragmatic loyalty is never shared
    by another player, so she may remove every player's tribes, and all blocks except her pragmatic
    coalition's."""
    pl = ref_pragmatic(15, {"british", "russian"})
    assert pl == "afghan"
    g = wgame(
        player("british", 0, court=[24]),
        player("russian", 0, court=[26]),
        wakhan(0, court=[AKALI_SIKHS]),
        ai=15,
        tribes={"punjab": [1, 1, 0]},
        armies={"punjab": {"afghan": 3, "british": 1, "russian": 1}},
        roads={"kabul-punjab": {"afghan": 1, "british": 1}},
        current=2,
    )
    do(g, ("action", AKALI_SIKHS, "battle"))
    assert opts(g) == [("battle_region", "punjab")]
    do(g, ("battle_region", "punjab"))
    assert sorted(opts(g)) == [
        ("remove_army", "british"),
        ("remove_army", "russian"),
        ("remove_road", "kabul-punjab", "british"),
        ("remove_tribe", 0),
        ("remove_tribe", 1),
    ]
    do(g, ("remove_tribe", 0), ("remove_tribe", 1))
    assert tribes(g, "punjab", 0) == 0 and tribes(g, "punjab", 1) == 0
    assert armies(g, "punjab", "afghan") == 3


# ---------------------------------------------------------------------------- Wakhan's Ambition on a tie


def _ambition(spies: dict[int, list[int]], deck: tuple[int, ...] = (102, 103), vp: tuple[int, int] = (0, 0)) -> Game:
    """Nothing is dominant (no blocks): the check fails and cylinders in play score 3 and 1. The Dominance
    Check (101) costs her 1 rupee."""
    return wgame(
        player("british", 3, court=[9], vp=vp[0]),
        wakhan(5, court=[100], vp=vp[1]),
        ai=2,
        market=[[62, 101, 64]],
        spies=spies,
        deck=list(deck),
    )


def test_a_tie_for_the_most_points_is_not_wakhans_ambition():
    """RB p.17: "If Wakhan is able to purchase the Dominance Check and score the most victory points and/or win
    the game, she will use her action to do that". "The most" is read as strictly more than every other player,
    as RB p.17 "where Wakhan does not have the most spies" is read (docs/rules-decisions.md, Spies). Here both
    have one cylinder in play and would split 3 + 1: 2 points each, and nobody wins."""
    g = _ambition({9: [0, 1], 100: [1, 0]})
    option, reason = choose(g)
    assert option != ("radicalize", 101) and "Ambition" not in reason


def test_strictly_the_most_points_is_wakhans_ambition():
    g = _ambition({9: [0, 2], 100: [1, 0]})  # she has two cylinders in play, the human one: 3 to 1
    option, reason = choose(g)
    assert option == ("radicalize", 101) and "Ambition" in reason
    g.apply(option, 1, reason=reason)
    assert g.vp == [1, 3]


def test_a_tie_on_the_check_that_makes_her_win_is_wakhans_ambition():
    """ "... and/or win the game": a shared 2 + 2 that puts her 4 points ahead ends the game (RB p.15 "Early End")
    with her the winner."""
    g = _ambition({9: [0, 1], 100: [1, 0]}, vp=(0, 4))
    option, reason = choose(g)
    assert option == ("radicalize", 101) and "Ambition" in reason and "win" in reason
    g.apply(option, 1, reason=reason)
    assert g.is_over and g.winners == [1]
