"""The environments' observation arrays (paxpamir.env.arrays): built incrementally, they are exactly the vectors
that the view-based builder made, and they never show what the seat may not see (needs numpy)."""

from __future__ import annotations

import doctest
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from test_env_observation import TABLES, hidden_changes, played  # noqa: E402

from paxpamir import Game, PamirError  # noqa: E402
from paxpamir.agents.wakhan import WakhanPlayer  # noqa: E402
from paxpamir.env import arrays  # noqa: E402
from paxpamir.env.actions import NUM_ACTIONS, legal_actions  # noqa: E402
from paxpamir.env.arrays import ObservationBuilder, action_mask  # noqa: E402
from paxpamir.env.observation import (  # noqa: E402
    OBS_SIZE,
    observation_vector,
)


def reference(game: Game, seat: int) -> Any:
    """The reference: the plain builder of :mod:`paxpamir.env.observation`, which reads the seat's view (and so
    cannot see what the seat may not)."""
    return np.asarray(observation_vector(game, seat), dtype=np.float32)


def states(players: int, wakhan: bool, seed: int):
    """Every decision of a random game (Wakhan by her procedure), as a clone of the game."""
    game = Game.new(players=players, seed=seed, wakhan=wakhan)
    rnd, procedure = random.Random(seed), WakhanPlayer()
    while True:
        yield game.clone()
        if game.is_over:
            return
        if game.current_player == game.wakhan:
            game.apply(procedure.choose(game)[0])
        else:
            game.apply(rnd.choice(game.legal_options()))


def test_the_vectors_are_the_reference_vectors_over_random_games_of_every_table():
    """One builder follows every game of every table (the seat to move, and now and then every seat); another
    is given the same states in a random order. Both always agree with the reference, to the bit."""
    rnd = random.Random(5)
    following, shuffled = ObservationBuilder(), ObservationBuilder()
    seen: list[tuple[Game, int]] = []
    compared = 0
    for players, wakhan in TABLES:
        for seed in range(3):
            for game in states(players, wakhan, seed):
                to_move = game.current_player
                seats = range(players) if to_move is None or rnd.random() < 0.1 else [to_move]
                for seat in seats:
                    expected = reference(game, seat)
                    got = following.vector(game, seat)
                    assert got.dtype == np.float32 and got.shape == (OBS_SIZE,)
                    assert np.array_equal(got, expected), (players, wakhan, seed, seat, np.flatnonzero(got != expected))
                    if rnd.random() < 0.05:
                        seen.append((game, seat))
                    compared += 1
    rnd.shuffle(seen)
    for game, seat in seen:
        assert np.array_equal(shuffled.vector(game, seat), reference(game, seat))
    assert compared > 2000 and len(seen) > 50


@pytest.mark.parametrize("players,wakhan", TABLES)
def test_nothing_hidden_from_a_seat_changes_its_array(players, wakhan):
    """As for the reference vector (tests/test_env_observation.py): another hand, the deck's order and the cards
    set aside never show; a builder that saw the true game gives the same vector for the changed one."""
    for game, seat, other in hidden_changes(players, wakhan):
        builder = ObservationBuilder()
        seen = builder.vector(game, seat).copy()
        assert np.array_equal(builder.vector(other, seat), seen)
        assert np.array_equal(ObservationBuilder().vector(other, seat), seen)


def test_the_builder_keeps_one_array_per_seat_and_rewrites_it():
    builder = ObservationBuilder()
    game = played(3, False, 2, 40)
    first = builder.vector(game, 0)
    kept = first.copy()
    assert builder.vector(game, 1) is not first and np.array_equal(first, kept)
    game.apply(game.legal_options()[0])
    assert builder.vector(game, 0) is first  # rewritten in place
    assert np.array_equal(first, reference(game, 0))


@pytest.mark.parametrize("seat", [-1, 3, None, True, "0"])
def test_a_seat_that_is_not_at_the_table_is_refused(seat):
    with pytest.raises(PamirError):
        ObservationBuilder().vector(Game.new(players=3, seed=1), seat)


def test_the_mask_marks_the_legal_actions():
    game = played(4, False, 3, 50)
    for _ in range(100):
        if game.is_over:
            break
        mask = action_mask(game)
        assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal_actions(game))
        assert action_mask(game, bool).dtype == np.bool_
        game.apply(random.Random(len(game.choices())).choice(game.legal_options()))
    game = played(2, False, 1, 10_000)
    assert game.is_over and not action_mask(game).any()


def test_docstring_examples():
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(arrays, arrays.__name__):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
