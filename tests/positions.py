"""Hand-written positions for tests.

A position is a state JSON dict (the format ``Game.to_json()`` writes and ``Game.from_json()`` reads); fields
left out get their defaults: cards not mentioned are set aside, and the agenda is the start of ``current``'s
turn. Tests build the position they need here and load it; they never set up a game by editing the engine's
internal lists.

    g = game(
        player("british", 5, court=[7]),
        player("russian", 3, court=[14]),
        market=[[1, 2, 3], [4, 5]],
        tribes={"kabul": [1, 0]},
    )

The small readers at the bottom (``ruler``, ``armies``, ...) look at ``g.to_json()`` so assertions read in the
same names as the positions.
"""

from __future__ import annotations

import copy
from typing import Any

from paxpamir import Game

Counts = list[int] | dict[int, int]


def player(
    loyalty: str | None = "british",
    rupees: int = 0,
    *,
    court: list[int] | tuple[int, ...] = (),
    hand: list[int] | tuple[int, ...] = (),
    prizes: list[int] | tuple[int, ...] = (),
    gifts: int = 0,
    vp: int = 0,
) -> dict[str, Any]:
    """One player's part of a position."""
    return {
        "loyalty": loyalty,
        "rupees": rupees,
        "vp": vp,
        "gifts": gifts,
        "prizes": list(prizes),
        "hand": list(hand),
        "court": list(court),
    }


def _row(values: list[Any] | tuple[Any, ...] | None, fill: Any) -> list[Any]:
    values = list(values or [])
    assert len(values) <= 6, "a market row has six slots"
    return values + [fill] * (6 - len(values))


def _per_player(counts: Counts, n: int) -> list[int]:
    if isinstance(counts, dict):
        out = [0] * n
        for p, k in counts.items():
            out[p] = k
        return out
    assert len(counts) == n, "give one count per player"
    return list(counts)


def state(
    *players: dict[str, Any],
    market: list[list[int | None]] | None = None,
    market_rupees: list[list[int]] | None = None,
    deck: list[int] | tuple[int, ...] = (),
    discard: list[int] | tuple[int, ...] = (),
    tribes: dict[str, Counts] | None = None,
    armies: dict[str, dict[str, int]] | None = None,
    roads: dict[str, dict[str, int]] | None = None,
    spies: dict[int, Counts] | None = None,
    favored: str = "political",
    current: int = 0,
    turn: int = 1,
    turn_state: dict[str, Any] | None = None,
    effects: list[dict[str, Any]] | None = None,
    agenda: list[list[Any]] | None = None,
) -> dict[str, Any]:
    """A position as a state JSON dict. Market rows may be shorter than six (the rest is vacant);
    tribes and spies give one count per player, as a list or as ``{player: count}``."""
    n = len(players)
    market = market or [[], []]
    market_rupees = market_rupees or [[], []]
    data: dict[str, Any] = {
        "format": "paxpamir-state",
        "version": 1,
        "players": [copy.deepcopy(p) for p in players],
        "phase": "play",
        "turn": turn,
        "current": current,
        "favored": favored,
        "market": [_row(market[0], None), _row(market[1], None)],
        "market_rupees": [_row(market_rupees[0], 0), _row(market_rupees[1], 0)],
        "deck": list(deck),
        "discard": list(discard),
        "map": {
            "tribes": {r: _per_player(c, n) for r, c in (tribes or {}).items()},
            "armies": copy.deepcopy(armies or {}),
            "roads": copy.deepcopy(roads or {}),
        },
        "spies": {str(c): _per_player(k, n) for c, k in (spies or {}).items()},
    }
    if turn_state is not None:
        data["turn_state"] = copy.deepcopy(turn_state)
    if effects is not None:
        data["effects"] = copy.deepcopy(effects)
    if agenda is not None:
        data["agenda"] = copy.deepcopy(agenda)
    return data


def load(data: dict[str, Any]) -> Game:
    """Load a position (a copy: the dict can be reused)."""
    return Game.from_json(copy.deepcopy(data))


def game(*players: dict[str, Any], **fields: Any) -> Game:
    """Build a position and load it."""
    return load(state(*players, **fields))


# ---------------------------------------------------------------------------- readers (via to_json)


def ruler(g: Game, region: str) -> int | None:
    """The seat ruling ``region``, or None."""
    return g.to_json()["rulers"].get(region)


def tribes(g: Game, region: str, seat: int) -> int:
    row = g.to_json()["map"]["tribes"].get(region)
    return row[seat] if row else 0


def armies(g: Game, region: str, coalition: str) -> int:
    return g.to_json()["map"]["armies"].get(region, {}).get(coalition, 0)


def roads(g: Game, border: str, coalition: str) -> int:
    return g.to_json()["map"]["roads"].get(border, {}).get(coalition, 0)


def spies(g: Game, card: int, seat: int) -> int:
    row = g.to_json()["spies"].get(str(card))
    return row[seat] if row else 0


def market(g: Game) -> list[list[int | None]]:
    return g.to_json()["market"]


def market_rupees(g: Game) -> list[list[int]]:
    return g.to_json()["market_rupees"]


def seat(g: Game, p: int) -> dict[str, Any]:
    """Player ``p``'s part of ``g.to_json()``."""
    return g.to_json()["players"][p]


def event_types(g: Game) -> list[str]:
    return [e["type"] for e in g.events()]


def total_rupees(g: Game) -> int:
    """Rupees held by players plus rupees on market slots."""
    data = g.to_json()
    return sum(p["rupees"] for p in data["players"]) + sum(map(sum, data["market_rupees"]))


def play_through(g: Game, *options: Any) -> Game:
    """Apply each option in turn (each as given to ``Game.apply``)."""
    for o in options:
        g.apply(tuple(o) if isinstance(o, list) else o)
    return g
