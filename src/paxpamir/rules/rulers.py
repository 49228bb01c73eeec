"""Who rules a region (rulebook "Ruling a Region").

A player's ruling pieces in a region are their tribes plus the armies of the coalition they are loyal to.
A player rules with at least one tribe and strictly more ruling pieces than every other player and than the
army count of every coalition. Any tie: nobody rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .wakhan import ruling_armies, ruling_army_count

if TYPE_CHECKING:
    from ..engine.game import Game


def ruling_pieces(g: Game, region: int, player: int) -> int:
    if player == g.wakhan:
        return g.tribes[region * g.n + player] + ruling_armies(g, region)
    c = g.loyalty[player]
    army = g.armies[region * 3 + c] if c >= 0 else 0
    return g.tribes[region * g.n + player] + army


def ruler_of(g: Game, region: int) -> int:
    """The player ruling ``region`` now, or -1."""
    return ruler_from_counts(g, g.tribes, g.armies, region * g.n, region * 3)


def ruler_after(
    g: Game, region: int, tribes: Mapping[int, int] | None = None, armies: Mapping[int, int] | None = None
) -> int:
    """Who would rule ``region`` after adding ``tribes`` {player: k} and ``armies`` {coalition: k} to it (k may
    be negative: pieces taken away). Nothing changes in ``g``."""
    n = g.n
    t = g.tribes[region * n : region * n + n]
    arm = g.armies[region * 3 : region * 3 + 3]
    for p, k in (tribes or {}).items():
        t[p] += k
    for c, k in (armies or {}).items():
        arm[c] += k
    return ruler_from_counts(g, t, arm)


def ruler_from_counts(g: Game, tribes: list[int], armies: list[int], t0: int = 0, a0: int = 0) -> int:
    """The ruler of a region holding ``tribes[t0 + player]`` tribes and ``armies[a0 + coalition]`` armies, with
    the players' loyalties (and Wakhan's seat) of ``g``; -1 when nobody rules. The one ruling rule: used by
    :func:`ruler_of`, :func:`ruler_after` and the engine's ruler updates. (The offsets let the engine pass its
    own lists without copying them.)"""
    best = -1
    best_count = 0
    second = 0
    for p in range(g.n):
        c = g.loyalty[p]
        if c >= 0:
            count = tribes[t0 + p] + armies[a0 + c]
        elif p == g.wakhan:
            count = tribes[t0 + p] + ruling_army_count(armies, a0)
        else:
            count = tribes[t0 + p]
        if count > best_count:
            second = best_count
            best_count = count
            best = p
        elif count > second:
            second = count
    if best < 0 or tribes[t0 + best] == 0 or second >= best_count:
        return -1
    if armies[a0] >= best_count or armies[a0 + 1] >= best_count or armies[a0 + 2] >= best_count:
        return -1
    return best
