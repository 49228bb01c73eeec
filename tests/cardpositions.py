"""Hand-written positions for the court card ability and event tests.

Everything goes through ``Game.from_json``: a position names only what matters for the situation; every card
it does not mention is set aside, and the agenda defaults to the start of ``current``'s turn.
"""

from __future__ import annotations

from typing import Any

import positions

from paxpamir import Game
from paxpamir.engine.invariants import check_invariants
from paxpamir.presentation.words import labelled_options, log_lines, prompt

# Dominance Checks and events by their printed numbers.
CHECK_1, CHECK_2, CHECK_3, CHECK_4 = 101, 102, 103, 104
NEW_TACTICS = 105  # discarded: military favored
KOH_I_NOOR = 106  # discarded: Embarrassment of Riches
COURTLY_MANNERS = 107  # discarded: Disregard for Customs
RUMOR = 108  # discarded: Failure to Impress
CONFLICT_FATIGUE = 109  # discarded: Riots in Punjab
NATIONALISM = 110  # discarded: Riots in Herat
PUBLIC_WITHDRAWAL = 111  # discarded: no effect
NATION_BUILDING = 112  # discarded: Riots in Kabul
PERSIAN_ARISTOCRACY = 113  # discarded: Riots in Persia
PERSUASIVE_METHODS = 114  # discarded: Confidence Failure
PASHTUNWALI = 115  # discarded: intelligence favored
REBUKE = 116  # discarded: political favored


def player(
    loyalty: str = "british",
    rupees: int = 0,
    court: list[int] | tuple[int, ...] = (),
    hand: list[int] | tuple[int, ...] = (),
    prizes: list[int] | tuple[int, ...] = (),
    gifts: int = 0,
    vp: int = 0,
) -> dict[str, Any]:
    """One player's part of a position (positions.player, with every field positional)."""
    return positions.player(loyalty, rupees, court=court, hand=hand, prizes=prizes, gifts=gifts, vp=vp)


def market(top: list[int | None] | tuple = (), bottom: list[int | None] | tuple = ()) -> list[list[int | None]]:
    """Two market rows, padded with vacant slots (None) to six columns."""
    return [list(top) + [None] * (6 - len(top)), list(bottom) + [None] * (6 - len(bottom))]


def position(players: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    """A position dict: ``players`` plus any top-level state fields (market, map, spies, effects, deck, ...).

    Convenience keywords: ``tribes``, ``armies`` and ``roads`` go into ``map``; ``effects`` may be given as
    ``(effect, player, card)`` tuples.
    """
    data: dict[str, Any] = {"players": players}
    mp: dict[str, Any] = {}
    for key in ("tribes", "armies", "roads"):
        if key in fields:
            mp[key] = fields.pop(key)
    if mp:
        data["map"] = mp
    if "effects" in fields:
        data["effects"] = [
            e if isinstance(e, dict) else {"effect": e[0], "player": e[1], "card": e[2]} for e in fields.pop("effects")
        ]
    if "spies" in fields:
        data["spies"] = {str(k): v for k, v in fields.pop("spies").items()}
    data.update(fields)
    return data


def load(players: list[dict[str, Any]], **fields: Any) -> Game:
    g = Game.from_json(position(players, **fields))
    check_invariants(g)
    return g


def opts(g: Game, kind: str | None = None) -> list[tuple]:
    """Legal options, optionally only those of one kind (their first element)."""
    return [o for o in g.legal_options() if kind is None or o[0] == kind]


def do(g: Game, *options: tuple) -> Game:
    """Apply options in order, each by whoever must decide; the state stays consistent after each."""
    for option in options:
        g.apply(option, g.current_player)
        check_invariants(g)
    return g


def effects(g: Game) -> list[tuple[str, int]]:
    """Lasting effects in force, as the state JSON shows them: (effect, player or -1)."""
    return [(e["effect"], e["player"]) for e in g.to_json()["effects"]]


def view_effects(g: Game, viewer: int | None) -> list[tuple[str, int]]:
    return [(e["effect"], e["player"]) for e in g.view(viewer)["effects"]]


def log_types(g: Game) -> list[str]:
    return [e["type"] for e in g.events()]


def last_events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in g.events() if e["type"] == kind]


def spies_on(g: Game, card: int) -> list[int]:
    return g.spies_on(card)


def tribes(g: Game, region: str) -> list[int]:
    from paxpamir.content.map import REGION_INDEX

    r = REGION_INDEX[region]
    return g.tribes[r * g.n : r * g.n + g.n]


def armies(g: Game, region: str) -> dict[str, int]:
    from paxpamir.content.map import COALITIONS, REGION_INDEX

    r = REGION_INDEX[region]
    return {COALITIONS[c]: g.armies[r * 3 + c] for c in range(3) if g.armies[r * 3 + c]}


def roads(g: Game, border: str) -> dict[str, int]:
    from paxpamir.content.map import BORDER_INDEX, COALITIONS

    b = BORDER_INDEX[border]
    return {COALITIONS[c]: g.roads[b * 3 + c] for c in range(3) if g.roads[b * 3 + c]}


def blocks(g: Game) -> int:
    return sum(g.armies) + sum(g.roads)


def label_problems(g: Game) -> list[str]:
    """What a player could not read: an option without a label, two options that read the same, an empty
    prompt or an empty log line (smoke check for new steps). Empty when all is well."""
    problems = []
    seen: dict[str, tuple] = {}
    for option, text in labelled_options(g):
        if not isinstance(text, str) or not text.strip():
            problems.append(f"option {list(option)!r} has no label")
        elif text in seen:
            problems.append(f"options {list(seen[text])!r} and {list(option)!r} both read {text!r}")
        else:
            seen[text] = option
    if not isinstance(prompt(g), str) or not prompt(g).strip():
        problems.append("the prompt is empty")
    for i, line in enumerate(log_lines(g)):
        if not isinstance(line, str) or not line.strip():
            problems.append(f"log line {i} ({g.events()[i]['type']}) is empty")
    return problems
