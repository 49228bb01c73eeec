"""The structured log: every event kind is declared once (engine/log.py), kept compact, read as dicts."""

from __future__ import annotations

import pytest

from paxpamir import Game
from paxpamir.agents.runner import play_seeded_game
from paxpamir.engine.errors import BadState, PamirError
from paxpamir.engine.log import LOG_FIELDS, event_dict, log_kind
from paxpamir.presentation.words import log_lines


def _fits(field: str, value: object, n: int) -> bool:
    """Whether ``value`` is what a field of this name holds: a call site that passes its values in the wrong
    order puts, say, a slot where a card belongs."""
    if field == "kind":
        return value in ("army", "road", "tribe", "spy", "gift")
    many = 10**6
    ranges = {
        **dict.fromkeys(("player", "payer", "owner", "first_chooser"), (-1, n - 1)),
        "card": (1, 116),
        "region": (-1, 5),
        "slot": (0, 11),
        "row": (0, 1),
        "column": (0, 5),
        **dict.fromkeys(("cost", "gained", "amount", "turn", "limit"), (0, many)),
    }
    if field not in ranges:
        return True
    lo, hi = ranges[field]
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def test_every_event_of_random_games_has_its_values_in_its_fields() -> None:
    seen: set[str] = set()
    for players in (2, 3, 4, 5):
        for seed in range(6):
            game, _ = play_seeded_game(players, 300 + seed)
            for event in game.events():  # an event with the wrong number of values raises here
                assert list(event)[-1] == "type"
                for field, value in event.items():
                    assert _fits(field, value, players), (event["type"], field, value)
                seen.add(event["type"])
    assert {"turn", "purchase", "dealt", "place", "play", "ruler", "tax", "game_over"} <= seen


def test_an_optional_field_left_out_is_not_in_the_event() -> None:
    assert event_dict("tax", (1, None, 2)) == {"player": 1, "target": 2, "type": "tax"}
    assert event_dict("tax", (1, 14, None)) == {"player": 1, "card": 14, "type": "tax"}
    # A field that is not optional keeps its None.
    assert event_dict("ruler", (3, -1, None)) == {"region": 3, "player": -1, "previous": None, "type": "ruler"}


def test_an_event_with_the_wrong_number_of_values_or_an_unknown_kind_is_refused() -> None:
    with pytest.raises(BadState, match="'dealt' event has 3 values for its 2 fields"):
        event_dict("dealt", (1, 2, 3))
    with pytest.raises(BadState, match="undeclared kind 'no_such_event'"):
        event_dict("no_such_event", ())


def test_an_event_kind_is_declared_once() -> None:
    with pytest.raises(PamirError, match="'dealt' is declared twice"):
        log_kind("dealt", "card", "slot")


def test_events_are_new_dicts_each_time_so_readers_cannot_change_the_game() -> None:
    game = Game.new(players=3, seed=5)
    first = game.events()
    first[0]["type"] = "changed"
    first[0]["extra"] = 1
    assert game.events()[0]["type"] == "setup" and "extra" not in game.events()[0]


def test_a_saved_log_loads_as_it_was_and_a_malformed_one_is_refused() -> None:
    game, _ = play_seeded_game(3, 12)
    data = game.to_json()
    loaded = Game.from_json(data)
    assert loaded.events() == game.events() and log_lines(loaded) == log_lines(game)
    for bad in ([1, 2], [{"player": 0}], [{"type": 7}], {"type": "turn"}):
        broken = dict(data, log=bad)
        with pytest.raises(PamirError, match="log"):
            Game.from_json(broken)


def test_every_declared_event_kind_has_its_log_line_and_every_log_line_its_declaration() -> None:
    from paxpamir.presentation.describe import EVENT_TEXTS

    assert set(LOG_FIELDS) == set(EVENT_TEXTS)
