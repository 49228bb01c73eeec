"""Spy moves (RB p.14): the track of court cards around the table, and a move doubled by Well-Connected
(Yar Mohammad Alikozai) or Strange Bedfellows (Alexander Burnes), or both.

Each test quotes the passage it rests on (RB = English rulebook, second printing; card texts from the card
reference). Card numbers are the printed numbers; seats are 0-based. The readings are recorded in
docs/rules-decisions.md, section "Review findings (issue 9)".
"""

from __future__ import annotations

import pytest
from cardpositions import do, load, opts, player, spies_on
from wakhanpositions import wakhan, wgame

from paxpamir import Game

BURNES = 21  # Alexander Burnes (Punjab, move, rank 2): Strange Bedfellows
YAR_MOHAMMAD = 56  # Yar Mohammad Alikozai (Herat): Well-Connected
HAYWARD = 22  # George Hayward (Punjab, move, rank 1): stands in for Burnes, no ability
EXILED_NOBILITY = 57  # Exiled Durrani Nobility (Herat, move, rank 1): stands in for Yar Mohammad

# ---------------------------------------------------------------------------- Well-Connected and Strange Bedfellows

# The track, clockwise, in a two-player game (each court from its right end to its left end, seat 0 then seat
# 1), numbered c0..c11. Player 0's spy sits on c6, Afghan Handicrafts (9, Kabul).
#   c0  first   Herat        (player 0: Yar Mohammad or a plain Herat move card)
#   c1  second  Punjab       (player 0: Burnes or a plain Punjab move card)
#   c2  79      Persia       reached only by a step to c7 (Persia), then a same-region hop
#   c3  94      Transcaspia  three steps away: never reached
#   c4  61      Herat        two ordinary steps
#   c5  46      Kandahar     one ordinary step (the only Kandahar card)
#   c6  9       Kabul        the spy
#   c7  82      Persia       one ordinary step
#   c8  29      Punjab       two ordinary steps
#   c9  95      Transcaspia  only by a same-region hop to c10 (Kabul), then a step
#   c10 8       Kabul        one same-region hop
#   c11 62      Herat        only by a same-region hop to c10, then a step
_P1_TRACK = [79, 94, 61, 46, 9, 82, 29, 95, 8, 62]  # c2..c11, clockwise
SPY = 9
STEP = {46, 82}
HOP = {8}
STEP_STEP = {61, 29}
STEP_HOP = {79}  # via 82 (Persia)
HOP_STEP = {95, 62}  # via 8 (Kabul)


def _track(first: int, second: int, spy: int = SPY) -> Game:
    # A court lists its cards left to right; going clockwise runs right to left, so each court is reversed.
    return load(
        [
            player("british", 0, court=[second, first]),
            player("russian", 0, court=list(reversed(_P1_TRACK))),
        ],
        spies={spy: [1, 0]},
    )


def _spy_moves(g: Game, spy: int = SPY) -> set[int]:
    return {o[2] for o in opts(g, "move_spy") if o[1] == spy}


def _start_move(g: Game, card: int) -> Game:
    return do(g, ("action", card, "move"))


def test_the_track_of_the_position_is_as_described():
    ring = [EXILED_NOBILITY, HAYWARD, *_P1_TRACK]
    for i, c in enumerate(ring):
        g2 = _track(EXILED_NOBILITY, HAYWARD, spy=c)
        _start_move(g2, HAYWARD)
        assert _spy_moves(g2, c) == {ring[i - 1], ring[(i + 1) % len(ring)]}, c


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        # neither card: one ordinary step
        (EXILED_NOBILITY, HAYWARD, STEP),
        # Strange Bedfellows alone: one step, ordinary or to a card of the same region
        (EXILED_NOBILITY, BURNES, STEP | HOP),
        # Well-Connected alone: one or two ordinary steps
        (YAR_MOHAMMAD, HAYWARD, STEP | STEP_STEP),
        # both: any one step, or any two steps in either order
        (YAR_MOHAMMAD, BURNES, STEP | HOP | STEP_STEP | STEP_HOP | HOP_STEP),
    ],
    ids=["plain", "strange-bedfellows", "well-connected", "both"],
)
def test_spy_move_destinations_for_every_combination_of_the_two_abilities(first, second, expected):
    """Well-Connected: "spies may double their distance when moving". Strange Bedfellows: "court cards of the
    same region count as adjacent" for your spies. RB p.14: spies move "as if they formed a single continuous
    track". A doubled move is two single steps, and each step may be an ordinary step along the track or, with
    Strange Bedfellows, a hop to a card of the same region, in either order."""
    g = _start_move(_track(first, second), second)
    assert _spy_moves(g) == expected


def test_a_doubled_move_may_chain_a_step_and_a_hop_in_either_order():
    """Both abilities in one court: each of the four two-step chains is offered, and only those."""
    g = _start_move(_track(YAR_MOHAMMAD, BURNES), BURNES)
    moves = _spy_moves(g)
    assert 61 in moves and 29 in moves  # step, step
    assert 79 in moves  # step to 82 (Persia), hop to 79 (Persia)
    assert 95 in moves and 62 in moves  # hop to 8 (Kabul), step to 95 or 62
    assert 8 in moves  # hop; hop, hop stays in Kabul: no card the single hop does not reach
    assert 94 not in moves and YAR_MOHAMMAD not in moves and BURNES not in moves  # three or more steps away


def test_a_move_never_ends_on_the_card_it_started_from():
    """A step out and back (step-step or hop-hop) leaves the spy where it was: that is not a move."""
    for first, second in ((YAR_MOHAMMAD, BURNES), (YAR_MOHAMMAD, HAYWARD), (EXILED_NOBILITY, BURNES)):
        g = _start_move(_track(first, second), second)
        assert SPY not in _spy_moves(g)


def test_a_doubled_move_is_carried_out_and_the_next_move_starts_from_the_new_card():
    """Burnes (rank 2) gives two moves; each may be doubled."""
    g = _start_move(_track(YAR_MOHAMMAD, BURNES), BURNES)
    do(g, ("move_spy", SPY, 79))  # step to Persia, hop within Persia
    assert spies_on(g, 79) == [1, 0] and spies_on(g, SPY) == [0, 0]
    # From 79 (c2): steps to 21 and 94, a hop to 82 (Persia); then steps on to 56 and 61, or from 82 to 9 and
    # 29; or hops from 21 to 29 (Punjab) and from 94 to 95 (Transcaspia).
    moves = _spy_moves(g, 79)
    assert moves == {BURNES, 94, 82, YAR_MOHAMMAD, 61, SPY, 29, 95}
    assert 79 not in moves
    do(g, ("move_spy", 79, SPY))
    assert spies_on(g, SPY) == [1, 0]
    assert g.decision == "turn"


def test_well_connected_with_the_track_wrapping_between_the_two_courts():
    """Two players: the track runs from the end of one court into the other and back round."""
    g = _start_move(_track(YAR_MOHAMMAD, HAYWARD, spy=62), HAYWARD)  # c11, the last card before c0
    assert _spy_moves(g, 62) == {8, 95, YAR_MOHAMMAD, HAYWARD}


def test_well_connected_on_a_track_of_two_cards_offers_only_the_other_card():
    """Through the only other card and back would end where it began: one destination."""
    g = load(
        [player("british", 0, court=[YAR_MOHAMMAD, HAYWARD]), player("russian", 0)],
        spies={YAR_MOHAMMAD: [1, 0]},
    )
    _start_move(g, HAYWARD)
    assert opts(g, "move_spy") == [("move_spy", YAR_MOHAMMAD, HAYWARD)]


def test_strange_bedfellows_on_a_card_whose_region_has_no_other_card_is_an_ordinary_step():
    """Kandahar has a single card on the table: no hop from it."""
    g = _start_move(_track(EXILED_NOBILITY, BURNES, spy=46), BURNES)
    assert _spy_moves(g, 46) == {61, SPY}


# ---------------------------------------------------------------------------- the track around the table


def _table(*courts: list[int], spy: int, owner: int = 0, mover: int = 63) -> Game:
    n = len(courts)
    players = [player(("british", "russian", "afghan", "british")[p], 0, court=courts[p]) for p in range(n)]
    players[owner]["court"] = [*players[owner]["court"], mover]
    row = [0] * n
    row[owner] = 1
    g = load(players, spies={spy: row}, current=owner)
    return do(g, ("action", mover, "move"))


def test_three_players_a_courts_left_end_touches_the_court_of_the_player_on_its_owners_left():
    """RB p.14: spies move "clockwise or counter-clockwise, as if they formed a single continuous track around
    the area of play"; RB p.4 "Each player is associated with a single row of cards called a court" and play
    "continues clockwise to the next player" (RB p.9), so seat 1 sits on seat 0's left. A court's left end
    therefore meets the right end of the court of the player on its owner's left, and its right end meets
    the left end of the court of the player on its owner's right: clockwise, the track runs through each
    court from right to left, seat after seat."""
    seat0, seat1, seat2 = [9, 10], [61, 62], [82, 77]  # each court left to right; seat 0 adds Farah Road (63)
    # Clockwise: 63, 10, 9 | 62, 61 | 77, 82 | round to 63.
    assert _spy_moves(_table(seat0, seat1, seat2, spy=9), 9) == {10, 62}  # left end of seat 0 - right end of seat 1
    assert _spy_moves(_table(seat0, seat1, seat2, spy=61), 61) == {62, 77}  # seat 1 left end - seat 2 right end
    assert _spy_moves(_table(seat0, seat1, seat2, spy=82), 82) == {77, 63}  # seat 2 left end - seat 0 right end
    assert _spy_moves(_table(seat0, seat1, seat2, spy=63), 63) == {10, 82}  # seat 0 right end - seat 2 left end


def test_four_players_the_track_goes_round_every_court_in_turn():
    seats = ([9], [61, 62], [82], [8, 12])
    # Clockwise: 63, 9 | 62, 61 | 82 | 12, 8 | round to 63.
    ring = [63, 9, 62, 61, 82, 12, 8]
    for i, c in enumerate(ring):
        g = _table(*seats, spy=c)
        assert _spy_moves(g, c) == {ring[i - 1], ring[(i + 1) % len(ring)]}, c


def test_two_players_the_track_is_the_same_either_way_round():
    """With two players the player on your left is also the player on your right: each court's two ends meet
    the other court's two ends."""
    g = _table([9, 10], [61, 62], spy=9)
    assert _spy_moves(g, 9) == {10, 62}
    g = _table([9, 10], [61, 62], spy=61)
    assert _spy_moves(g, 61) == {62, 63}


def test_an_empty_court_adds_nothing_to_the_track():
    seats: tuple[list[int], ...] = ([9], [], [82, 77])
    # Clockwise: 63, 9 | (nothing) | 77, 82 | round to 63.
    assert _spy_moves(_table(*seats, spy=9), 9) == {63, 77}
    assert _spy_moves(_table(*seats, spy=82), 82) == {77, 63}


def test_wakhan_sits_on_the_right_of_seat_zero():
    """RB p.16: "Place Wakhan's pieces to the right of the player who chooses their loyalty last. Wakhan will
    take the first turn of the game": she is the last seat, so her court's left end meets the right end of
    seat 0's court."""
    g = wgame(
        player("british", 0, court=[9, 63]),
        player("afghan", 0, court=[61]),
        wakhan(0, court=[82, 77]),
        spies={63: [1, 0, 0], 82: [1, 0, 0]},
        current=0,
    )
    do(g, ("action", 63, "move"))
    assert _spy_moves(g, 63) == {9, 82}  # seat 0's right end - Wakhan's left end
    assert _spy_moves(g, 82) == {63, 77}
