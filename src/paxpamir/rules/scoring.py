"""Dominance Checks, influence, victory points and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ..content.cards import COURT, is_dominance_check
from ..content.i18n import N_
from ..content.map import MILITARY
from ..engine.log import log_kind
from ..engine.steps import Arg, SeatOrNobody, automatic_kind
from .abilities import (
    after_dominance_check,
    before_dominance_cleanup,
    before_dominance_scoring,
    dominance_lead,
    gift_influence,
    patriots_count,
)
from .effects import end_effects

if TYPE_CHECKING:
    from ..engine.game import Game

log_kind("dominance_check", "card", "dominant", "final", "values", "awards", "vp")
log_kind("game_over", "winners", "vp", "reason")
log_kind("blocks_cleared")

DOMINANCE_LEAD: Final = 4
SUCCESS_POINTS: Final = (5, 3, 1)
FAILURE_POINTS: Final = (3, 1)
EARLY_END_LEAD: Final = 4


def influence(g: Game, player: int, coalition: int = -1) -> int:
    """1 + patriots in court + prizes + gifts (with event modifiers).

    Wakhan is loyal to every coalition: in ``coalition`` she counts her patriots and prizes of that
    coalition, and all her gifts.
    """
    wakhan = player == g.wakhan and coalition >= 0
    patriots = 0
    if patriots_count(g, player):
        for c in g.courts[player]:
            pc = COURT[c].patriot
            if pc >= 0 and (not wakhan or pc == coalition):
                patriots += 1
    prizes = g.prizes[player]
    n_prizes = sum(1 for c in prizes if COURT[c].prize == coalition) if wakhan else len(prizes)
    return 1 + patriots + n_prizes + g.gifts[player] * gift_influence(g, player)


def cylinders_in_play(g: Game, player: int) -> int:
    """Cylinders not on the player board: tribes, spies and gifts."""
    return g._cyl_used[player]


def split_places(values: list[tuple[int, int]], points: tuple[int, ...]) -> dict[int, int]:
    """Award ``points`` by place to (player, value) pairs, highest value first. Tied players add up the
    points of the places they occupy and share them equally, rounding down."""
    ordered = sorted(values, key=lambda pv: -pv[1])
    awards: dict[int, int] = {}
    pos = 0
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j][1] == ordered[i][1]:
            j += 1
        group = ordered[i:j]
        total = sum(points[k] for k in range(pos, pos + len(group)) if k < len(points))
        share = total // len(group)
        for p, _ in group:
            awards[p] = share
        pos += len(group)
        i = j
    return {p: v for p, v in awards.items() if v}


def dominant_coalition(g: Game) -> int:
    """The coalition with at least 4 (2 under Conflict Fatigue) more blocks than each other, or -1."""
    lead = dominance_lead(g, DOMINANCE_LEAD)
    blocks = [g.coalition_blocks(c) for c in range(3)]
    for c in range(3):
        if all(blocks[c] - blocks[o] >= lead for o in range(3) if o != c):
            return c
    return -1


def is_final_check(g: Game) -> bool:
    """No other Dominance Check remains in the deck or the market."""
    return not any(is_dominance_check(c) for c in g.deck) and not any(
        c and is_dominance_check(c) for c in g.market
    )


class DominanceCheck(NamedTuple):
    """Scores a Dominance Check (``player`` is -1)."""

    kind: str
    player: int
    card: int


def _dominance_check(g: Game, step: DominanceCheck) -> None:
    resolve_dominance_check(g, step.card)


automatic_kind(
    "dominance_check",
    DominanceCheck,
    _dominance_check,
    args={
        "player": SeatOrNobody,
        "card": Arg("a Dominance Check", 101, 104),
    },
)


def resolve_dominance_check(g: Game, card: int) -> None:
    """Score a Dominance Check (the card has already left the market) and end the game or clean up after it."""
    before_dominance_scoring(g)
    final = is_final_check(g)
    multiplier = 2 if final else 1
    dominant = dominant_coalition(g)
    if dominant >= 0:
        values = [
            (p, influence(g, p, dominant)) for p in range(g.n) if g.loyalty[p] == dominant or p == g.wakhan
        ]
        points = tuple(x * multiplier for x in SUCCESS_POINTS)
    else:
        values = [(p, cylinders_in_play(g, p)) for p in range(g.n)]
        points = tuple(x * multiplier for x in FAILURE_POINTS)
    awards = split_places(values, points)
    for p, v in awards.items():
        g.vp[p] += v
    values_by_seat = {str(p): v for p, v in values}
    g.log("dominance_check", card, dominant, final, values_by_seat, {str(p): v for p, v in awards.items()}, g.vp[:])
    leader = early_leader(g)
    if final or leader >= 0:
        if g.effects:
            end_effects(g)
        end_game(g, N_("final dominance check") if final else N_("early end: lead of 4 or more victory points"))
        return
    before_dominance_cleanup(g)
    if dominant >= 0:
        for r in range(6):
            for c in range(3):
                while g.armies[r * 3 + c]:
                    g.remove_army(c, r)
        for b in range(9):
            for c in range(3):
                while g.roads[b * 3 + c]:
                    g.remove_road(c, b)
        g.log("blocks_cleared")
    after_dominance_check(g)


def early_leader(g: Game) -> int:
    """The player leading every other player by at least 4 victory points, or -1."""
    order = sorted(range(g.n), key=lambda p: -g.vp[p])
    if g.n > 1 and g.vp[order[0]] - g.vp[order[1]] >= EARLY_END_LEAD:
        return order[0]
    return -1


def end_game(g: Game, reason: str) -> None:
    """Most victory points wins; ties broken by military stars in court, then rupees; else a shared win."""
    best = max(g.vp)
    tied = [p for p in range(g.n) if g.vp[p] == best]
    if len(tied) > 1:
        most = max(g.stars(p, MILITARY) for p in tied)
        tied = [p for p in tied if g.stars(p, MILITARY) == most]
    if len(tied) > 1:
        most = max(g.rupees[p] for p in tied)
        tied = [p for p in tied if g.rupees[p] == most]
    g.winners = tied
    g.end_reason = reason
    g.phase = "over"
    g.agenda.clear()
    g.log("game_over", tied, g.vp[:], reason)
