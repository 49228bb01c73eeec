"""Every public entry point checks its own arguments: a value of the wrong type gets a clear PamirError (the
card lookups: KeyError), never a bare TypeError, in the pure and in the compiled build alike, and changes
nothing."""

from __future__ import annotations

from typing import Any

import pytest

from paxpamir import BadState, Game, IllegalOption, PamirError, card, find_card
from paxpamir.content.cards import find_cards
from paxpamir.presentation.viewmodel import view_model
from paxpamir.presentation.words import label

#: Values of every wrong kind a caller might pass by mistake.
WRONG: list[Any] = ["1", 1.0, True, None, [], {}, b"x", object()]


def _game() -> Game:
    game = Game.new(3, 7)
    game.apply(("loyalty", "british"))
    return game


@pytest.mark.parametrize("players", [value for value in WRONG if value is not None])
def test_new_refuses_a_player_count_of_the_wrong_type(players: Any) -> None:
    with pytest.raises(PamirError, match="2 to 5 players"):
        Game.new(players, 1)


@pytest.mark.parametrize("seed", WRONG)
def test_new_refuses_a_seed_of_the_wrong_type(seed: Any) -> None:
    with pytest.raises(PamirError, match="seed must be an integer"):
        Game.new(3, seed)


@pytest.mark.parametrize("option", ["end_turn", 7, None, {"kind": "end_turn"}, b"end_turn", object()])
def test_apply_and_label_refuse_an_option_that_is_not_a_tuple_or_list(option: Any) -> None:
    game = _game()
    before = game.state_hash()
    with pytest.raises(IllegalOption, match="an option is a tuple or list"):
        game.apply(option)
    with pytest.raises(IllegalOption, match="an option is a tuple or list"):
        label(game, option)
    assert game.state_hash() == before


@pytest.mark.parametrize("player", [value for value in WRONG if value is not None] + [3, -1])
def test_a_player_argument_must_be_a_seat(player: Any) -> None:
    game = _game()
    before = game.state_hash()
    option = game.legal_options()[0]
    with pytest.raises(IllegalOption, match="player must be a seat"):
        game.apply(option, player)
    for call in (game.can_undo, game.undo, game.notes_this_turn, game.view):
        with pytest.raises(PamirError, match="player must be a seat"):
            call(player)
    with pytest.raises(PamirError, match="seat must be None"):
        view_model(game, player)
    assert game.state_hash() == before


@pytest.mark.parametrize("reason", [1, 1.0, True, [], {}, b"x"])
def test_a_reason_must_be_a_string(reason: Any) -> None:
    game = _game()
    before = game.state_hash()
    with pytest.raises(IllegalOption, match="a reason is a string"):
        game.apply(game.legal_options()[0], None, reason)
    assert game.state_hash() == before


@pytest.mark.parametrize("note", ["x", 1, [], [("k", 1)], b"x", {"k": object()}, {1: "x"}])
def test_a_note_must_be_a_json_object(note: Any) -> None:
    game = _game()
    before = game.state_hash()
    with pytest.raises(IllegalOption, match="note"):
        game.apply(game.legal_options()[0], None, None, note)
    assert game.state_hash() == before


@pytest.mark.parametrize("data", ["{}", 1, None, [], b"{}"])
def test_states_and_records_must_be_json_objects(data: Any) -> None:
    with pytest.raises(BadState, match="a state must be a JSON object"):
        Game.from_json(data)
    with pytest.raises(BadState, match="not a paxpamir game record"):
        Game.from_record(data)


@pytest.mark.parametrize("log_from", [-1, "0", 1.0, True, []])
def test_view_model_refuses_a_bad_log_index_and_a_non_game(log_from: Any) -> None:
    game = _game()
    with pytest.raises(PamirError, match="log_from must be a log index"):
        view_model(game, 0, log_from=log_from)
    with pytest.raises(PamirError, match="view_model needs a Game"):
        view_model(game.to_json(), 0)


@pytest.mark.parametrize("start", [-1, "0", 1.0, True, None, []])
def test_events_refuse_a_bad_start_index(start: Any) -> None:
    game = _game()
    with pytest.raises(PamirError, match="start must be a log index"):
        game.events(start)


@pytest.mark.parametrize("log", [1, 0, "yes", None, []])
def test_view_refuses_a_log_flag_that_is_not_a_bool(log: Any) -> None:
    with pytest.raises(PamirError, match="log must be True or False"):
        _game().view(0, log=log)


def test_the_events_from_an_index_and_a_view_without_log_are_the_whole_ones_cut() -> None:
    game = Game.new(3, 7)
    for _ in range(12):
        game.apply(game.legal_options()[0])
    every = game.events()
    assert len(every) > 10
    for start in (0, 1, len(every) - 1, len(every), len(every) + 5):
        assert game.events(start) == every[start:]
    whole = game.view(1)
    assert whole.pop("log") == every and game.view(1, log=False) == whole
    assert list(game.view(1, log=False)) == list(whole)  # the same fields in the same order, the log aside


@pytest.mark.parametrize("query", [None, 1.5, True, [], {}, b"48", 0, 117])
def test_card_lookups_raise_key_error(query: Any) -> None:
    with pytest.raises(KeyError):
        card(query)
    with pytest.raises(KeyError):
        find_card(query)
    if not isinstance(query, int) or isinstance(query, bool):
        with pytest.raises(KeyError, match="a card query is a number or"):
            find_cards(query)


# ---------------------------------------------------------------------------- Game.find_option


def _turn() -> Game:
    """A 3-player game at its first turn decision (purchases, plays, the end of the turn)."""
    game = Game.new(3, 7)
    while game.decision == "loyalty":
        game.apply(game.legal_options()[0])
    assert game.decision == "turn"
    return game


def _apply_error(game: Game, raw: Any) -> str:
    with pytest.raises(IllegalOption) as caught:
        game.clone().apply(raw)
    return str(caught.value)


def test_find_option_hands_back_the_legal_option_itself() -> None:
    for game in (_game(), _turn()):
        legal = game.legal_options()
        for option in legal:
            found = game.find_option(list(option))  # as read from JSON
            assert found is legal[legal.index(option)] or found == option
            assert all(type(a) is type(b) for a, b in zip(found, option, strict=True))
        assert game.find_option(["end_turn"] if game.decision == "turn" else list(legal[0])) in legal


def test_find_option_makes_nested_lists_tuples() -> None:
    from paxpamir.engine.checks import to_tuple as _to_tuple

    assert _to_tuple(["a", [1, [2, "b"]]]) == ("a", (1, (2, "b")))


@pytest.mark.parametrize(
    "raw",
    [
        ["purchase", True],  # True == 1, but it is no card number
        ["end_turn", "extra"],
        ["nothing"],
        [],
        "end_turn",
        {"kind": "end_turn"},
        None,
    ],
)
def test_find_option_refuses_as_apply_does_and_changes_nothing(raw: Any) -> None:
    for game in (_game(), _turn()):
        before = game.state_hash()
        with pytest.raises(IllegalOption) as caught:
            game.find_option(raw)
        assert str(caught.value) == _apply_error(game, raw)
        assert game.state_hash() == before


def test_find_option_refuses_a_look_alike_of_a_legal_option() -> None:
    game = _turn()
    legal = next(o for o in game.legal_options() if o[0] == "purchase")
    for fake in ([legal[0], float(legal[1])], [legal[0], legal[1] == 1] if legal[1] == 1 else None):
        if fake is None:
            continue
        with pytest.raises(IllegalOption, match="a value of the wrong type; the legal option is") as caught:
            game.find_option(fake)
        assert str(caught.value) == _apply_error(game, fake)
    assert game.find_option(list(legal)) == legal


def test_find_option_after_the_end() -> None:
    from paxpamir.agents.bots import RandomBot

    game = Game.new(2, 3)
    bot = RandomBot(3)
    while not game.is_over:
        game.apply(bot.choose(game))
    with pytest.raises(IllegalOption, match="the game is over"):
        game.find_option(["end_turn"])
    assert _apply_error(game, ["end_turn"]) == "the game is over; no more decisions can be made"
