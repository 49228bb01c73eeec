"""Per-player observations: a fixed-size vector of floats and a string, built only from ``game.view(seat)``.

The vector is seat-relative: "seat slot k" is the player k seats after the viewer (slot 0 is the viewer), so
one policy can play any seat. Its layout (sizes for every player count up to five; unused slots stay zero):

=========  =====================================================  =========================
block      content                                                size
=========  =====================================================  =========================
cards      for each card 1-116, :data:`CARD_FEATURES` values      116 x 23 = 2668
players    for each seat slot 0-4, :data:`PLAYER_FEATURES`        5 x 24 = 120
map        armies (region x coalition), roads (border x coalition)  18 + 27 = 45
game       :data:`GLOBAL_FEATURES`                                see below
wakhan     face-up AI card, AI deck size, next card's back        see below
=========  =====================================================  =========================

``docs/env.md`` has the full table. Counts are divided by a typical maximum so that values stay near 0..1.

Nothing hidden from the viewer is used: other players' hands appear only as their sizes, the deck only as its
size and its Dominance Checks; the cards set aside at setup (``removed`` in the view) are left out too, since
at the table they go back to the box unseen. Nothing here needs a third-party package. The environments build
the same vectors as float32 arrays, incrementally (:mod:`paxpamir.env.arrays`, numpy): a view carries the whole
log, so building from one costs more as the game goes on.

>>> from paxpamir import Game
>>> game = Game.new(players=3, seed=1)
>>> len(observation_vector(game, 0)) == OBS_SIZE
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..content.map import BORDER_INDEX, COALITION_INDEX, REGION_INDEX, REGIONS, SUIT_INDEX
from ..engine.errors import PamirError
from ..engine.steps import KINDS

if TYPE_CHECKING:
    from ..engine.game import Game

MAX_SEATS: Final = 5
NUM_CARDS: Final = 116

CARD_FEATURES: Final[tuple[str, ...]] = (
    "in_my_hand",
    *(f"in_court_of_slot_{k}" for k in range(MAX_SEATS)),
    *(f"prize_of_slot_{k}" for k in range(MAX_SEATS)),
    "market_top_row",
    "market_bottom_row",
    "market_column/5",
    "market_rupees/4",
    "in_discard_pile",
    *(f"spies_of_slot_{k}/3" for k in range(MAX_SEATS)),
    "used_this_turn",
    "named_by_pending_decision",
)
PLAYER_FEATURES: Final[tuple[str, ...]] = (
    "present",
    "is_wakhan",
    "to_move",
    "loyal_afghan",
    "loyal_british",
    "loyal_russian",
    "rupees/10",
    "vp/10",
    "gifts/3",
    "hand_size/5",
    "court_size/10",
    *(f"tribes_in_{r}/3" for r in REGIONS),
    *(f"rules_{r}" for r in REGIONS),
    "winner",
)
#: Decision kinds in a fixed order (the vector's layout); a kind not listed here would set the "other" feature, and
#: ``tests/test_agents_kinds.py`` fails when a decision kind of the engine is not listed.
DECISION_KINDS: Final[tuple[str, ...]] = (
    "loyalty",
    "turn",
    "side",
    "place_road",
    "place_spy",
    "bribe_demand",
    "bribe_pay",
    "tax",
    "build",
    "move",
    "betray",
    "prize",
    "battle_site",
    "battle",
    "take_piece",
    "discard_court_over_limit",
    "discard_hand_over_limit",
    "leverage_discard",
    "rumor",
    "exchange_hands",
    "pashtunwali",
    "rebuke",
    "confidence_failure",
    "blackmail",
    "infrastructure",
    "safe_house",
    "bribe_answer",
    "bribe_counter",
)
EFFECTS: Final[tuple[str, ...]] = (
    "newTactics",
    "kohINoorRecovered",
    "embarrassementOfRiches",
    "courtlyManners",
    "disregardForCustoms",
    "rumor",
    "conflictFatigue",
    "nationalism",
    "nationBuilding",
    "pashtunwaliValues",
)
GLOBAL_FEATURES: Final[tuple[str, ...]] = (
    *(f"favored_{s}" for s in ("political", "intelligence", "economic", "military")),
    "deck_size/50",
    "dominance_checks_left/4",
    "actions_used/2",
    "phase_setup",
    "phase_play",
    "phase_over",
    *(f"decision_{k}" for k in DECISION_KINDS),
    "decision_other",
    "i_am_to_move",
    "units_left_in_action/3",
    "bribe_amount/5",
    "turn/100",
    *(f"players_{n}" for n in range(2, MAX_SEATS + 1)),
    "wakhan_game",
    *(f"effect_{e}" for e in EFFECTS),
)
WAKHAN_FEATURES: Final[tuple[str, ...]] = (
    *(f"ai_card_{i}" for i in range(1, 25)),
    "ai_deck_size/24",
    *(f"next_back_column_{i}/5" for i in range(6)),
    "next_back_first_row_side_topLeft",
    "arrow_column/5",
    "arrow_row_side_topLeft",
)

CARD_BLOCK: Final = 0
PLAYER_BLOCK: Final = CARD_BLOCK + NUM_CARDS * len(CARD_FEATURES)
MAP_BLOCK: Final = PLAYER_BLOCK + MAX_SEATS * len(PLAYER_FEATURES)
GLOBAL_BLOCK: Final = MAP_BLOCK + 18 + 27
WAKHAN_BLOCK: Final = GLOBAL_BLOCK + len(GLOBAL_FEATURES)
#: The length of every observation vector.
OBS_SIZE: Final = WAKHAN_BLOCK + len(WAKHAN_FEATURES)

_NCF: Final = len(CARD_FEATURES)
_NPF: Final = len(PLAYER_FEATURES)
_G: Final[dict[str, int]] = {name: GLOBAL_BLOCK + i for i, name in enumerate(GLOBAL_FEATURES)}
_DECISION_INDEX: Final[dict[str, int]] = {k: i for i, k in enumerate(DECISION_KINDS)}
_EFFECT_INDEX: Final[dict[str, int]] = {e: i for i, e in enumerate(EFFECTS)}
#: The field of a pending decision step that names a public card (``named_by_pending_decision``), by kind.
STEP_CARD: Final[dict[str, str]] = {
    "side": "card",
    "place_road": "card",
    "place_spy": "card",
    "prize": "card",
    "safe_house": "card",
    "bribe_demand": "card",
    "bribe_pay": "card",
    "bribe_answer": "card",
    "bribe_counter": "card",
}
#: The field of a pending decision step that holds the units left in its action (``units_left_in_action/3``).
STEP_UNITS: Final[dict[str, str]] = {"tax": "left", "build": "left", "move": "left", "battle": "left"}
#: The field of a pending bribe step that holds the amount (``bribe_amount/5``): what is asked, or, when the
#: holder answers an offer, what is offered (the legal asks then lie between it and the demand).
STEP_AMOUNT: Final[dict[str, str]] = {
    "bribe_demand": "amount",
    "bribe_pay": "amount",
    "bribe_answer": "offer",
    "bribe_counter": "amount",
}

def _check_seat(game: Game, seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n:
        raise PamirError(f"seat must be 0..{game.n - 1}, not {seat!r}")


def step_field(step: Sequence[Any], name: str) -> Any:
    """The argument ``name`` of an agenda step as a view lists it (``[kind, player, ...]``), found by the names its
    kind declares (:data:`paxpamir.engine.steps.KINDS`); None when the kind has no such field or the step omits it."""
    spec = KINDS.get(step[0])
    if spec is not None:
        for i, (field, _) in enumerate(spec.fields, 1):
            if field == name:
                return step[i] if i < len(step) else None
    return None


def observation_vector(game: Game, seat: int) -> list[float]:
    """Seat ``seat``'s observation: a list of OBS_SIZE floats (see the module docstring)."""
    _check_seat(game, seat)
    return vector_from_view(game.view(seat))


def vector_from_view(view: dict[str, Any]) -> list[float]:
    """The observation vector of a player's view (``game.view(seat)``), which must name its viewer."""
    seat = view["viewer"]
    players = view["players"]
    n = len(players)
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise PamirError("an observation needs the view of one seat")
    v = [0.0] * OBS_SIZE

    def slot(q: int) -> int:
        return (q - seat) % n

    def card(c: int, feature: int, value: float = 1.0) -> None:
        v[CARD_BLOCK + (c - 1) * _NCF + feature] = value

    # cards
    me = players[seat]
    for c in me["hand"] or ():
        card(c, 0)
    for q, pdata in enumerate(players):
        k = slot(q)
        for c in pdata["court"]:
            card(c, 1 + k)
        for c in pdata["prizes"]:
            card(c, 6 + k)
    for row in range(2):
        for col in range(6):
            c = view["market"][row][col]
            if c:
                card(c, 11 + row)
                card(c, 13, col / 5)
                card(c, 14, view["market_rupees"][row][col] / 4)
    for c in view["discard"]:
        card(c, 15)
    for key, counts in view["spies"].items():
        for q, count in enumerate(counts):
            if count:
                card(int(key), 16 + slot(q), count / 3)
    for c in view["turn_state"]["used_cards"]:
        card(c, 21)
    agenda = view["agenda"]
    top = agenda[-1] if agenda else None
    if top is not None and top[0] in STEP_CARD:
        named = step_field(top, STEP_CARD[top[0]])
        if isinstance(named, int) and 1 <= named <= NUM_CARDS:
            card(named, 22)

    # players
    wakhan = view["wakhan"]["seat"] if view.get("wakhan") else -1
    to_move = view["to_move"]
    rulers = view["rulers"]
    tribes = view["map"]["tribes"]
    for q, pdata in enumerate(players):
        base = PLAYER_BLOCK + slot(q) * _NPF
        v[base] = 1.0
        v[base + 1] = 1.0 if q == wakhan else 0.0
        v[base + 2] = 1.0 if q == to_move else 0.0
        if pdata["loyalty"] is not None:
            v[base + 3 + COALITION_INDEX[pdata["loyalty"]]] = 1.0
        v[base + 6] = pdata["rupees"] / 10
        v[base + 7] = pdata["vp"] / 10
        v[base + 8] = pdata["gifts"] / 3
        v[base + 9] = pdata["hand_size"] / 5
        v[base + 10] = len(pdata["court"]) / 10
        for region, counts in tribes.items():
            v[base + 11 + REGION_INDEX[region]] = counts[q] / 3
        for region, ruler in rulers.items():
            if ruler == q:
                v[base + 17 + REGION_INDEX[region]] = 1.0
        v[base + 23] = 1.0 if q in view["winners"] else 0.0

    # map
    for region, armies in view["map"]["armies"].items():
        for coalition, count in armies.items():
            v[MAP_BLOCK + REGION_INDEX[region] * 3 + COALITION_INDEX[coalition]] = count / 4
    for border, roads in view["map"]["roads"].items():
        for coalition, count in roads.items():
            v[MAP_BLOCK + 18 + BORDER_INDEX[border] * 3 + COALITION_INDEX[coalition]] = count / 4

    # the game
    v[GLOBAL_BLOCK + SUIT_INDEX[view["favored"]]] = 1.0
    v[_G["deck_size/50"]] = view["deck_size"] / 50
    v[_G["dominance_checks_left/4"]] = view["dominance_checks_left"] / 4
    v[_G["actions_used/2"]] = view["turn_state"]["actions_used"] / 2
    phase = view["phase"]
    if f"phase_{phase}" in _G:
        v[_G[f"phase_{phase}"]] = 1.0
    decision = view["decision"]
    if decision is not None:
        i = _DECISION_INDEX.get(decision)
        v[_G["decision_other"] if i is None else _G[f"decision_{decision}"]] = 1.0
    v[_G["i_am_to_move"]] = 1.0 if to_move == seat else 0.0
    if top is not None:
        if top[0] in STEP_UNITS:
            left = step_field(top, STEP_UNITS[top[0]])
            if isinstance(left, int):
                v[_G["units_left_in_action/3"]] = left / 3
        if top[0] in STEP_AMOUNT:
            amount = step_field(top, STEP_AMOUNT[top[0]])
            if isinstance(amount, int):
                v[_G["bribe_amount/5"]] = amount / 5
    v[_G["turn/100"]] = view["turn"] / 100
    v[_G[f"players_{n}"]] = 1.0
    v[_G["wakhan_game"]] = 1.0 if wakhan >= 0 else 0.0
    for e in view["effects"]:
        i = _EFFECT_INDEX.get(e["effect"])
        if i is not None:
            v[_G[f"effect_{EFFECTS[i]}"]] = 1.0

    # Wakhan
    if wakhan >= 0:
        w = view["wakhan"]
        if w["ai_card"] is not None:
            v[WAKHAN_BLOCK + w["ai_card"] - 1] = 1.0
        v[WAKHAN_BLOCK + 24] = w["ai_deck_size"] / 24
        columns = w["next_back"]["column_numbers"]
        for i, col in enumerate(columns[:6]):
            v[WAKHAN_BLOCK + 25 + i] = col / 5
        rows = w["next_back"]["row_side"]
        v[WAKHAN_BLOCK + 31] = 1.0 if rows and rows[0] == "topLeft" else 0.0
        v[WAKHAN_BLOCK + 32] = w["arrows"]["column"] / 5
        v[WAKHAN_BLOCK + 33] = 1.0 if w["arrows"]["row_side"] == "topLeft" else 0.0
    return v


def observation_string(game: Game, seat: int) -> str:
    """Seat ``seat``'s view as compact JSON (no log): what it sees now."""
    _check_seat(game, seat)
    view = game.view(seat)
    view.pop("log", None)
    view.pop("removed", None)
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def information_state_string(game: Game, seat: int) -> str:
    """Seat ``seat``'s view with the public log of everything that happened so far, as compact JSON."""
    _check_seat(game, seat)
    view = game.view(seat)
    view.pop("removed", None)
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


__all__ = [
    "CARD_FEATURES",
    "GLOBAL_FEATURES",
    "OBS_SIZE",
    "PLAYER_FEATURES",
    "STEP_AMOUNT",
    "STEP_CARD",
    "STEP_UNITS",
    "WAKHAN_FEATURES",
    "information_state_string",
    "observation_string",
    "observation_vector",
    "step_field",
    "vector_from_view",
]
