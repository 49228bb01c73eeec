"""The fixed action space: every option of every decision has one index, and the index gives it back."""

from __future__ import annotations

import doctest
import importlib
import random
import re
from pathlib import Path

import pytest

from paxpamir import Game, IllegalOption, PamirError
from paxpamir.agents.wakhan import WakhanPlayer
from paxpamir.env.actions import (
    KINDS,
    NUM_ACTIONS,
    OFFSETS,
    apply_action,
    decode,
    encode,
    kind_of,
    legal_actions,
    legal_mask,
)

DOC = Path(__file__).resolve().parent.parent / "docs" / "env.md"

#: (players, wakhan) tables: every player count, and both Wakhan games.
TABLES = [(2, False), (3, False), (4, False), (5, False), (2, True), (3, True)]


def random_games(games_per_table: int, seed: int = 0):
    """Yield (game, legal options) at every decision of random games over all tables; Wakhan plays by her
    procedure, every other seat uniformly at random."""
    wakhan = WakhanPlayer()
    for players, with_wakhan in TABLES:
        for i in range(games_per_table):
            rnd = random.Random(seed * 1000 + i)
            game = Game.new(players=players, seed=seed * 1000 + i, wakhan=with_wakhan)
            while not game.is_over:
                options = game.legal_options()
                yield game, options
                if game.current_player == game.wakhan:
                    game.apply(wakhan.choose(game)[0])
                else:
                    game.apply(rnd.choice(options))


def test_every_legal_option_round_trips_and_indices_are_unique_within_a_decision():
    seen_kinds: set[str] = set()
    decisions = 0
    for game, options in random_games(25):
        indices = [encode(o) for o in options]
        assert len(set(indices)) == len(indices), f"two options share an index: {options}"
        for option, index in zip(options, indices, strict=True):
            assert 0 <= index < NUM_ACTIONS
            decoded = decode(index)
            assert decoded == option and [type(x) for x in decoded] == [type(x) for x in option]
            assert kind_of(index) == option[0]
        assert legal_actions(game) == indices
        decisions += 1
        seen_kinds.update(o[0] for o in options)
    assert decisions > 10_000
    # The common kinds all turn up in random play (a few need rare cards and are covered by the table test).
    assert {"purchase", "play", "action", "end_turn", "loyalty", "side", "discard", "radicalize"} <= seen_kinds


def test_the_mask_marks_exactly_the_legal_options_and_applying_an_index_applies_its_option():
    game = Game.new(players=3, seed=4)
    rnd = random.Random(4)
    for _ in range(200):
        if game.is_over:
            break
        mask = legal_mask(game)
        assert len(mask) == NUM_ACTIONS
        assert sorted(i for i, m in enumerate(mask) if m) == sorted(legal_actions(game))
        index = rnd.choice(legal_actions(game))
        twin = game.clone()
        twin.apply(decode(index))
        apply_action(game, index)
        assert game.state_hash() == twin.state_hash()


def test_every_index_decodes_to_an_option_of_its_declared_kind_and_back():
    for index in range(NUM_ACTIONS):
        option = decode(index)
        assert encode(option) == index
    assert len(set(KINDS)) == len(KINDS)
    assert OFFSETS[0] == 0 and list(OFFSETS) == sorted(OFFSETS)


def test_an_illegal_index_is_refused_and_changes_nothing():
    game = Game.new(players=2, seed=1)
    before = game.state_hash()
    with pytest.raises(IllegalOption):
        apply_action(game, encode(("end_turn",)))
    assert game.state_hash() == before


@pytest.mark.parametrize(
    "bad",
    [(), ("fly",), ("purchase",), ("purchase", 0), ("purchase", 117), ("purchase", "12"), ("purchase", True),
     ("road", "kabul"), ("action", 12, "dance"), ("end_turn", 1), "end_turn", None],
)
def test_options_the_engine_never_lists_have_no_index(bad):
    with pytest.raises(PamirError):
        encode(bad)


@pytest.mark.parametrize("bad", [-1, NUM_ACTIONS, 2.0, "3", True, None])
def test_indices_outside_the_space_are_refused(bad):
    with pytest.raises(PamirError):
        decode(bad)


def test_the_document_lists_every_block_with_its_offset_and_size():
    text = DOC.read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \|", text, re.M)
    sizes = [b - a for a, b in zip(OFFSETS, [*OFFSETS[1:], NUM_ACTIONS], strict=True)]
    assert rows == [(k, str(o), str(s)) for k, o, s in zip(KINDS, OFFSETS, sizes, strict=True)]
    assert f"{NUM_ACTIONS} actions" in text


@pytest.mark.parametrize("name", ["paxpamir.env.actions", "paxpamir.env.observation"])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
