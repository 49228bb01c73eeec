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


def test_playout_targets_are_each_seats_share_of_the_wins_and_a_stopped_run_goes_on(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    records = arena_records(tmp_path, 4)
    capsys.readouterr()
    tool = load_tool("rollout_targets")
    out = os.path.join(tmp_path, "targets.jsonl")
    assert tool.main([records, "--out", out, "--playouts", "3", "--every", "6", "--games", "2"]) == 0
    with open(out, encoding="utf-8") as f:
        first = [json.loads(line) for line in f]
    assert first and {row["record"].split("game-")[1][:4] for row in first} == {"0000", "0001"}
    for row in first:
        assert row["playouts"] == 3 and row["turn"] % 6 == 0 and len(row["winners"]) >= 1
        # Two seats, each with a share of three playouts' wins; the shares add up to one (a shared win halved).
        assert all(share * 6 == pytest.approx(round(share * 6)) for share in row["wins"])
        assert sum(row["wins"]) == pytest.approx(1)
        assert row["record"].startswith(records) and 0 <= row["checks_left"] <= 4
    # Stopped after two games, it goes on with the others and leaves the positions it has alone.
    with open(out, "a", encoding="utf-8") as f:
        f.write('{"record": "torn')  # the last line of a run stopped while writing
    assert tool.main([records, "--out", out, "--playouts", "3", "--every", "6"]) == 0
    assert f"({len(first)} were there already)" in capsys.readouterr().out
    with open(out, encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows = [json.loads(line) for line in lines if not line.startswith('{"record": "torn')]
    assert rows[: len(first)] == first and len(rows) > len(first)
    assert len({(row["record"], row["turn"]) for row in rows}) == len(rows)
    # The same position and seed, the same playouts: a rerun writes the same targets.
    again = os.path.join(tmp_path, "again.jsonl")
    assert tool.main([records, "--out", again, "--playouts", "3", "--every", "6", "--games", "2"]) == 0
    with open(again, encoding="utf-8") as f:
        assert [json.loads(line) for line in f] == first
    for bad in (["--playouts", "0"], ["--every", "0"], ["--temperature", "-1"], ["--games", "0"]):
        with pytest.raises(SystemExit):
            tool.main([records, "--out", out, *bad])
    # The trees fitted on these targets; held out, their log-loss against who won beside the other fits'.
    capsys.readouterr()
    fit = load_tool("fit_value_trees")
    assert fit.main(["--targets", out, "--trees", "5", "--leaves", "4", "--held-out", "0.5"]) == 0
    printed = capsys.readouterr().out
    assert "held-out log-loss: trees " in printed
    assert "the same positions, held out: trees fitted on who won " in printed
    with pytest.raises(SystemExit):  # records and targets at once
        fit.main([records, "--targets", out])


def test_siblings_are_the_searchs_candidates_each_played_out_from_the_end_of_its_line(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    records = arena_records(tmp_path, 3)
    tool = load_tool("rollout_targets")
    out = os.path.join(tmp_path, "siblings.jsonl")
    assert tool.main([records, "--out", out, "--playouts", "2", "--every", "5", "--siblings", "3"]) == 0
    with open(out, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    roots: dict[tuple[str, int], list[dict[str, object]]] = {}
    for row in rows:
        roots.setdefault((row["record"], row["turn"]), []).append(row)
        assert len(row["draws"]) == 2 and all(d in (0, 0.5, 1) for d in row["draws"])  # a shared win halved
        assert row["won"] == pytest.approx(sum(row["draws"]) / 2)
        assert set(row["chances"]) == {"heuristic", "fitted", "learned"}
        assert all(0 <= c <= 1 for c in row["chances"].values()) and len(row["inputs"]) == 3 * len(FEATURES) + 4
        assert row["end_turn"] > row["turn"] or row["over"]  # the line ends at its next turn (or the game's end)
    assert len({key[0] for key in roots}) >= 2  # positions of two games at least (to hold one out)
    for candidates in roots.values():  # the heuristic's best three, each once, in its order
        assert [c["rank"] for c in candidates] == list(range(len(candidates))) and 1 <= len(candidates) <= 3
        assert len({tuple(c["option"]) for c in candidates}) == len(candidates)  # type: ignore[arg-type]
        assert [c["score"] for c in candidates] == sorted((c["score"] for c in candidates), reverse=True)
    capsys.readouterr()
    assert tool.main(["--out", out, "--summary"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"{len(roots)} positions, {len(rows)} candidates")
    assert "judged by the second half of each candidate's playouts; a candidate drawn at random: regret " in printed
    for judge in ("rank", "heuristic", "fitted", "learned", "playouts"):
        assert f"{judge:>9}: pairs ordered as the playouts order them " in printed
    assert "the regret of choosing by the first k playouts, by k: 1: " in printed  # two playouts: a half of one
    assert tool.main(["--out", out, "--summary", "--fit", "--trees", "3", "--leaves", "4", "--held-out", "0.4"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("judges fitted on ") and "    trees: pairs ordered" in printed
    assert "    ridge: pairs ordered" in printed
    with pytest.raises(SystemExit):
        tool.main([records, "--out", out, "--siblings", "33"])
    with pytest.raises(SystemExit):
        tool.main(["--out", out])  # no records, no --summary
