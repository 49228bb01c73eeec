"""Who rules a region (rulebook "Ruling a Region").

A player's ruling pieces in a region are their tribes plus the armies of the coalition they are loyal to.
A player rules with at least one tribe and strictly more ruling pieces than every other player and than the
army count of every coalition. Any tie: nobody rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .wakhan import ruling_armies

if TYPE_CHECKING:
    from ..engine.game import Game


def ruling_pieces(g: Game, region: int, player: int) -> int:
    if player == g.wakhan:
        return g.tribes[region * g.n + player] + ruling_armies(g, region)
    c = g.loyalty[player]
    army = g.armies[region * 3 + c] if c >= 0 else 0
    return g.tribes[region * g.n + player] + army


def ruler_of(g: Game, region: int) -> int:
    n = g.n
    tribes = g.tribes
    armies = g.armies
    base = region * n
    best = -1
    best_count = 0
    second = 0
    for p in range(n):
        c = g.loyalty[p]
        if c >= 0:
            count = tribes[base + p] + armies[region * 3 + c]
        elif p == g.wakhan:
            count = tribes[base + p] + ruling_armies(g, region)
        else:
            count = tribes[base + p]
        if count > best_count:
            second = best_count
            best_count = count
            best = p
        elif count > second:
            second = count
    if best < 0 or tribes[base + best] == 0 or second >= best_count:
        return -1
    a = region * 3
    if armies[a] >= best_count or armies[a + 1] >= best_count or armies[a + 2] >= best_count:
        return -1
    return best
