"""Loading slightly broken states: refused with a clear PamirError, or the game plays on without crashing.

States are taken from random games and mutated the way hand edits and bugs break them: a key dropped, a value
of the wrong type, a number out of range, in the top-level fields and inside agenda steps, hands, courts, the
market, the map, the turn state and the effects. ``Game.from_json`` fills omitted fields with defaults (for
hand-written positions), so a dropped key may well load; then the game must play on.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from paxpamir import BadState, Game, PamirError

GAMES = 300  # random games the states come from
STATES_PER_GAME = 3
MUTATIONS_PER_STATE = 5
PLAY_ON = 40  # decisions played after a mutated state loads

#: Values of the wrong type (or the wrong kind of string) put in place of a field.
WRONG_TYPES: list[Any] = ["x", "kabul", 1.5, None, True, [], {}, [0], {"a": 1}]
#: Numbers out of range for seats, cards, regions, counts and slots.
OUT_OF_RANGE = [-1, -2, 5, 6, 9, 12, 24, 25, 100, 101, 117, 10**9]


def _sample_states() -> list[dict[str, Any]]:
    """States from a few hundred random games (2 to 5 players, some with Wakhan), at random points."""
    states = []
    for seed in range(GAMES):
        players = 2 + seed % 4
        wakhan = seed % 7 == 0 and players <= 3
        g = Game.new(players, 7000 + seed, wakhan=wakhan)
        rnd = random.Random(seed)
        stops = sorted(rnd.randrange(1, 400) for _ in range(STATES_PER_GAME))
        made = 0
        for stop in stops:
            while made < stop and not g.is_over:
                options = g.legal_options()
                g.apply(options[rnd.randrange(len(options))])
                made += 1
            data = g.to_json()
            # The history is not what this test is about, and copying it would dominate the run time.
            del data["log"], data["record"]
            states.append(data)
    return states


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indices) into ``value``, containers included."""
    out = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_paths(v, (*path, i)))
    return out


def _mutate(data: dict[str, Any], rnd: random.Random) -> str:
    """Break ``data`` in one place; returns what was done."""
    # Any top-level field (or the field itself), the agenda and the players most often.
    top = rnd.choice(["agenda", "agenda", "agenda", "players", "players", "*", *data])
    if top == "*" or top not in data:
        paths = [(k,) for k in data]
    else:
        paths = _paths(data[top], (top,))
        if top == "agenda" and data["agenda"]:
            # Most of all the pending step, where a wrong argument crashes soonest.
            last = len(data["agenda"]) - 1
            pending = [p for p in paths if len(p) > 1 and p[1] == last]
            if pending and rnd.random() < 0.6:
                paths = pending
    if not paths:
        return "nothing"
    path = rnd.choice(paths)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    old = parent[key]
    how = rnd.choice(["drop", "type", "range", "range"])
    if how == "drop":
        del parent[key]
        return f"dropped {path}"
    if how == "type" or not isinstance(old, int):
        new: Any = rnd.choice(WRONG_TYPES)
    else:
        new = rnd.choice(OUT_OF_RANGE + [old + 1, old - 1, -old - 1])
    parent[key] = new
    return f"{path}: {old!r} -> {new!r}"


def _play_on(g: Game, rnd: random.Random) -> None:
    for _ in range(PLAY_ON):
        if g.is_over:
            return
        options = g.legal_options()
        assert options, f"decision {g.decision!r} of player {g.current_player} offers no option"
        g.apply(options[rnd.randrange(len(options))])


def test_mutated_states_are_refused_or_play_on() -> None:
    """Thousands of mutated real states: each is refused with a PamirError, or loads and plays on for 40
    random decisions without any exception (and with a legal option at every decision)."""
    rnd = random.Random(2024)
    failures: list[str] = []
    loaded = refused = 0
    for state in _sample_states():
        # Unbroken, the state loads as it was written (the checks refuse nothing the engine writes).
        assert Game.from_json(copy.deepcopy(state)).to_json()["agenda"] == state["agenda"]
        for _ in range(MUTATIONS_PER_STATE):
            data = copy.deepcopy(state)
            what = _mutate(data, rnd)
            try:
                g = Game.from_json(data)
            except PamirError:
                refused += 1
                continue
            except Exception as exc:  # noqa: BLE001 - any other exception is the failure we look for
                failures.append(f"loading ({what}): {type(exc).__name__}: {exc}")
                continue
            loaded += 1
            try:
                _play_on(g, rnd)
            except Exception as exc:  # noqa: BLE001
                failures.append(f"playing on ({what}): {type(exc).__name__}: {exc}")
    assert not failures, f"{len(failures)} mutated states crashed:\n" + "\n".join(failures[:20])
    assert loaded + refused >= 4000
    assert loaded > 500 and refused > 500  # both outcomes are exercised


# ---------------------------------------------------------------------------- what the loader refuses


def _state(agenda: list[list[Any]], **fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": [
            {"loyalty": "british", "rupees": 5, "hand": [37], "court": [26]},
            {"loyalty": "russian", "rupees": 3, "court": [90, 96]},
        ],
        "market": [[29, 105, 59, 52, 61, 8], [44, 101, 68, 13, 84, 55]],
        "deck": [66, 102, 31, 47, 12, 70],
        "agenda": agenda,
    }
    data.update(fields)
    return data


@pytest.mark.parametrize(
    ("agenda", "message"),
    [
        ([["turn", 0], ["loyalty", 7]], r"player must be a seat \(0 to 1\), not 7"),
        ([["turn", 0], ["tax", "0", 2, 0]], r"player must be a seat \(an integer\), not '0'"),
        ([["turn", 0], ["tax", 0, 2]], r"a 'tax' step is \[kind, player, left, taken\]"),
        ([["turn", 0], ["tax", 0, 2, 0, 5]], r"a 'tax' step is \[kind, player, left, taken\]"),
        ([["turn", 0], ["battle", 0, "region", 9, 1, 0]], r"where must be a region index \(0 to 5\), not 9"),
        ([["turn", 0], ["battle", 0, "sea", 1, 1, 0]], r"site must be one of 'region', 'card', not 'sea'"),
        ([["turn", 0], ["bribe_demand", 1, 0, 2, "play", 37, 0]], r"needs that play_card step below it"),
        ([["turn", 0], ["play_card", 0, 26, 0]], r"card 26 is not in player 0's hand"),
        ([["turn", 0], ["side", 0, 117]], r"card must be a court card \(1 to 100\), not 117"),
        ([["turn", 0], ["bribe_demand", 1, 0, 1000, "play", 37, 0]], r"amount must be a count \(0 to 99\)"),
        ([["turn", 0], ["take_piece", 0, "army", 3, -1]], r"a block \(army, road\) needs its coalition"),
        ([["turn", 0], ["more", 0, ["tax", 0, 1, "x"]]], r"taken must be a count"),
        ([["turn", 0], ["rumor", 0, 26]], r"must be at least 101|card must be an event card"),
    ],
)
def test_malformed_steps_are_refused(agenda: list[list[Any]], message: str) -> None:
    with pytest.raises(BadState, match=message):
        Game.from_json(_state(agenda))


def test_a_position_whose_player_has_no_legal_option_is_refused() -> None:
    # Seat 0 has no spy anywhere: a pending betrayal offers nothing.
    with pytest.raises(BadState, match=r"player 0 must decide 'betray' but has no legal option"):
        Game.from_json(_state([["turn", 0], ["betray", 0]]))


def test_omitted_trailing_arguments_with_a_default_are_filled_in() -> None:
    g = Game.from_json(_state([["turn", 0], ["leverage_discard", 0]]))
    assert g.to_json()["agenda"][-1] == ["leverage_discard", 0, 1]
    g = Game.from_json(_state([["turn", 0], ["play_card", 0, 37]]))  # plays at once: the court is not empty
    assert g.decision == "side"

