"""The search's learned reward (``heuristic.learned_chance``, ``search:l``): boosted trees over the heuristic's
features, the deck and the Dominance Checks left, fitted to who won two-player games of heuristic bots
(``agents/value_trees.py``, written by ``tools/fit_value_trees.py``)."""

from __future__ import annotations

import glob
import importlib.util
import json
import math
import os
import random

import pytest
from toolkit import arena_records, load_tool

from paxpamir import Game
from paxpamir.agents import value_trees
from paxpamir.agents.heuristic import FEATURES, fitted_chance, learned_chance, learned_inputs, win_chance

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: Two-player games of the search against the search before (not the games the trees were fitted to).
SEARCH_GAMES = os.path.join(ROOT, "measurements", "arena", "2p-search-vs-search-w0.5-p0-seed7000")


def _random_game(players: int, seed: int, decisions: int, wakhan: bool = False) -> Game:
    rng = random.Random(seed)
    game = Game.new(players=players, seed=seed, wakhan=wakhan)
    for _ in range(decisions):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_options()))
    return game


def test_the_trees_are_whole_and_read_only_the_inputs() -> None:
    inputs = len(learned_inputs(Game.new(players=2, seed=1), 0))
    assert inputs == 3 * len(FEATURES) + 4
    nodes = len(value_trees.FEATURE)
    assert len(value_trees.ROOTS) >= 50 and nodes == len(value_trees.THRESHOLD) == len(value_trees.LEFT)
    assert list(value_trees.ROOTS) == sorted(value_trees.ROOTS) and value_trees.ROOTS[0] == 0
    for node, feature in enumerate(value_trees.FEATURE):
        if feature < 0:  # a leaf
            assert value_trees.LEFT[node] == value_trees.RIGHT[node] == -1
        else:
            assert feature < inputs and node < value_trees.LEFT[node] < nodes and node < value_trees.RIGHT[node] < nodes


def test_the_learned_chance_foresees_who_wins_search_games_better_than_the_heuristic() -> None:
    # Fitted to games of heuristic bots, it is scored on the first 40 of the search's games against the search
    # before, at the start of every turn from both seats' views: the mean log-loss of who won.
    losses: dict[str, list[float]] = {"learned": [], "fitted": [], "heuristic": []}
    late: dict[str, list[float]] = {"learned": [], "heuristic": []}
    for path in sorted(glob.glob(os.path.join(SEARCH_GAMES, "game-*.json")))[:40]:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
        game = Game.new(players=2, seed=record["seed"])
        seen = []
        last = -1
        for choice in record["choices"]:
            if game.phase == "play" and game.decision == "turn" and game.turn != last:
                last = game.turn
                for viewer in (0, 1):
                    chances = (learned_chance(game, viewer), fitted_chance(game, viewer), win_chance(game, viewer))
                    seen.append((viewer, game.dominance_checks_left(), chances))
            game.apply(tuple(choice[1]))
        assert game.is_over
        for viewer, left, chances in seen:
            won = viewer in game.winners and len(game.winners) == 1
            for name, chance in zip(losses, chances, strict=True):
                loss = -math.log(chance if won else 1.0 - chance)
                losses[name].append(loss)
                if left == 1 and name in late:
                    late[name].append(loss)
    mean = {name: sum(values) / len(values) for name, values in losses.items()}
    assert len(losses["learned"]) > 1500
    assert mean["learned"] < 0.95 * min(mean["fitted"], mean["heuristic"]) < 0.95 * math.log(2)
    # Most of all where one Dominance Check is left: how much a lead is worth then is what a linear value misses.
    assert sum(late["learned"]) < 0.9 * sum(late["heuristic"])


def test_other_games_keep_the_fitted_chance_and_the_end_a_share_of_the_win() -> None:
    for game in (_random_game(4, 3, 60), _random_game(3, 4, 60), _random_game(2, 5, 60, wakhan=True)):
        assert not game.is_over
        assert learned_chance(game, 0) == fitted_chance(game, 0)
    game = _random_game(2, 6, 60)
    chances = [learned_chance(game, p) for p in (0, 1)]
    assert all(0 < c < 1 for c in chances) and chances[0] != fitted_chance(game, 0)
    while not game.is_over:
        game.apply(game.legal_options()[0])
    assert [learned_chance(game, p) for p in (0, 1)] == [1 / len(game.winners) if p in game.winners else 0.0
                                                         for p in (0, 1)]


def test_the_tool_fits_trees_to_arena_records_and_writes_them_as_python(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    records = arena_records(tmp_path, 6)
    capsys.readouterr()
    tool = load_tool("fit_value_trees")
    out = os.path.join(tmp_path, "trees.py")
    assert tool.main([records, "--trees", "5", "--leaves", "4", "--held-out", "0.34", "--write", out]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("6 games, ") and "held-out log-loss: trees " in printed and "written: " in printed
    spec = importlib.util.spec_from_file_location("trees", out)
    assert spec is not None and spec.loader is not None
    trees = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(trees)
    assert len(trees.ROOTS) == 5 and trees.FEATURE[0] >= 0 and "Generated: do not edit by hand" in trees.__doc__
    assert tool.main([records, "--trees", "3", "--leaves", "4", "--held-out", "0.34", "--mlp", "3"]) == 0
    printed = capsys.readouterr().out
    net = printed.split("network of 3 tanh units: held-out log-loss ")[1].split(";")[0]
    assert 0 < float(net) < 10 and "written" not in printed  # six games: a loss, not a good one
    for bad in (["--trees", "0"], ["--rate", "2"], ["--mlp", "0"]):
        with pytest.raises(SystemExit):
            tool.main([records, *bad])
    with pytest.raises(SystemExit):
        tool.main([os.path.join(tmp_path, "nothing-here")])
