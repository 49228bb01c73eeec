"""How well a judge fitted to who won predicts four-player games, beside the search's reward (issue 34).

    python tools/fit_four_player_judge.py FOLDER [FOLDER ...] [--trees 200] [--leaves 15] [--rate 0.1]
        [--held-out 0.2] [--temperatures 12 24 36 48] [--write src/paxpamir/agents/value_trees4.py]

Each FOLDER holds game records of ``pamir arena`` (``game-*.json``; finished four-player games without Wakhan
count). The positions: the start of every turn of the play phase, from every seat's view (those of
``tools/calibrate_reward.py``). A sample is one viewer and one seat at one position: its inputs are
:func:`~paxpamir.agents.heuristic.seat_inputs` (the seat's :data:`~paxpamir.agents.heuristic.FEATURES` from the
viewer's view, the most of each among the other three, the seat's lead over that and over their mean, the cards
left in the deck, the Dominance Checks left, the turn, whether the seat is the viewer and how many seats after the
one to play it sits), its target whether the seat won (a shared win counted by its share). A judge's chances for
the four seats from one view are its four outputs divided by their sum.

Fitted on all games but a held-out share (the last by seed; the same seed in several folders is held out in
all of them), scikit-learn's histogram gradient boosting (trees) and a logistic regression on standardized inputs
are scored on the held-out games by the mean log-loss of the winners over views and positions, beside the
search's reward (:func:`~paxpamir.agents.heuristic.win_chance` at each temperature: a softmax of
:func:`~paxpamir.agents.heuristic.player_values`) and an even chance (log 4); over every position and over those
with two and with one Dominance Check left. Lower is better. With ``--write``, the trees scored (fitted on all
games but the held-out ones, so that those stay a test of them: ``tests/test_agents_learned.py``) are written as
Python data that :func:`~paxpamir.agents.heuristic.learned_chances` walks in pure Python (the
four-player reward of ``search:l``).
"""

from __future__ import annotations

import argparse
import glob
import importlib.util
import json
import math
import os
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from paxpamir import Game
from paxpamir.agents.heuristic import player_values, seat_features, seat_inputs, trees_score

PLAYERS = 4


# fit_value_trees writes and flattens trees, and reads the records' turn starts as calibrate_reward does.
_SPEC = importlib.util.spec_from_file_location("fit_value_trees", Path(__file__).with_name("fit_value_trees.py"))
assert _SPEC is not None and _SPEC.loader is not None
trees_tool = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(trees_tool)
turn_starts = trees_tool.turn_starts

HEADER = '''"""Boosted trees that value a seat of a four-player position for the search's learned reward (``search:l``).

Written by ``{command}``
on {games} games, {samples} samples (every turn start, every view, every seat). Held out, the {held} games of
seed {cut} and later: a log-loss of the winners of {loss:.4f} against {reward:.4f} for the search's reward at its
best temperature and 1.3863 for an even chance; with one Dominance Check left {late:.4f} against {late_reward:.4f}.
Read by :func:`~paxpamir.agents.heuristic.learned_chances`. Generated: do not edit by hand.
"""

from typing import Final

#: The first seed of the games held out (those of this seed and later were not fitted on).
HELD_OUT_SEED: Final[int] = {cut}
'''


def look(game: Game) -> tuple[list[list[list[float]]], list[list[float]], list[float]]:
    """Every view's every seat's judge inputs and every view's heuristic values, and what every view shares (deck,
    checks, turn, seat to play)."""
    views = range(game.n)
    shared = [float(len(game.deck)), float(game.dominance_checks_left()), float(game.turn), float(game.current)]
    inputs = []
    for viewer in views:
        rows = seat_features(game, viewer)
        inputs.append([seat_inputs(game, rows, viewer, seat) for seat in views])
    return inputs, [player_values(game, v) for v in views], shared


def positions(folders: list[str]) -> dict[str, np.ndarray]:
    """Every turn start of the finished four-player games in ``folders``: judge inputs (position, viewer, seat,
    input), values (position, viewer, seat), shared (position, 4), wins (position, seat), seeds and games (a number
    for each record); empty where there are none."""
    rows: list[np.ndarray] = []
    values: list[Any] = []
    shared: list[Any] = []
    wins: list[Any] = []
    seeds: list[int] = []
    games: list[int] = []
    count = 0
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(folder, "game-*.json"))):
            with open(path, encoding="utf-8") as f:
                record = json.load(f)
            if int(record["players"]) != PLAYERS:
                continue
            _, found, winners = turn_starts(record, 1, look)
            if not winners:
                continue
            count += 1
            won = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(PLAYERS)]
            for features, vals, common in found:
                rows.append(np.array(features, dtype=np.float64))
                values.append(vals)
                shared.append(common)
                wins.append(won)
                seeds.append(int(record["seed"]))
                games.append(count)
    if not rows:
        return {}
    return {
        "inputs": np.stack(rows),
        "values": np.array(values, dtype=np.float64),
        "shared": np.array(shared, dtype=np.float64),
        "wins": np.array(wins, dtype=np.float64),
        "seeds": np.array(seeds),
        "games": np.array(games),
    }


def mean_log_loss(chances: np.ndarray, wins: np.ndarray) -> float:
    """The winners' mean log-loss under ``chances`` (position, viewer, seat), over positions and views (NaN for
    no position)."""
    if not len(wins):
        return math.nan
    return float(-(wins[:, None, :] * np.log(np.clip(chances, 1e-12, 1.0))).sum(axis=2).mean())


def softmax(values: np.ndarray, temperature: float) -> np.ndarray:
    """The heuristic's chances: a softmax of the seats' values at ``temperature`` over the last axis."""
    scaled = (values - values.max(axis=-1, keepdims=True)) / temperature
    weights = np.exp(scaled)
    return np.asarray(weights / weights.sum(axis=-1, keepdims=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", metavar="FOLDER")
    parser.add_argument("--trees", type=int, default=200)
    parser.add_argument("--leaves", type=int, default=15)
    parser.add_argument("--rate", type=float, default=0.1)
    parser.add_argument("--held-out", type=float, default=0.2)
    parser.add_argument("--temperatures", nargs="+", type=float, default=[12.0, 24.0, 36.0, 48.0])
    parser.add_argument("--write", metavar="FILE", help="write the trees fitted on every game as a Python module")
    args = parser.parse_args(argv)
    if args.trees < 1 or args.leaves < 2 or not 0 < args.rate <= 1 or not 0 < args.held_out < 1:
        parser.error("--trees 1 or more, --leaves 2 or more, --rate in (0, 1], --held-out a share between 0 and 1")
    if any(not 0 < t < math.inf for t in args.temperatures):
        parser.error("temperatures are positive numbers")
    for folder in args.folders:
        if not glob.glob(os.path.join(folder, "game-*.json")):
            parser.error(f"no game records (game-*.json) in {folder}")
    data = positions(args.folders)
    order = np.unique(data["seeds"]) if data else np.array([])
    if len(order) < 2:
        parser.error(f"at least two finished four-player games without Wakhan are needed; found {len(order)}")
    cut = order[int(len(order) * (1 - args.held_out))]
    train, test = data["seeds"] < cut, data["seeds"] >= cut
    x = data["inputs"]
    width = x.shape[-1]
    wins = data["wins"]
    fit_x = x[train].reshape(-1, width)
    share = np.repeat(wins[train][:, None, :], PLAYERS, axis=1).reshape(-1)
    labels, weights = (share > 0).astype(int), np.where(share > 0, share, 1.0)
    judges = {
        "boosted trees": HistGradientBoostingClassifier(
            max_iter=args.trees, learning_rate=args.rate, max_leaf_nodes=args.leaves, random_state=0
        ),
        "logistic regression": make_pipeline(StandardScaler(), LogisticRegression(max_iter=5000)),
    }
    checks = data["shared"][test][:, 1]
    subsets = {"every position": checks >= 0, "two checks left": checks == 2, "one check left": checks <= 1}
    held_wins = wins[test]

    def line(name: str, chances: np.ndarray) -> str:
        figures = "; ".join(
            f"{label} {mean_log_loss(chances[mask], held_wins[mask]):.4f}" for label, mask in subsets.items()
        )
        return f"{name}: {figures}"

    print(f"{len(order)} seeds, {int((order >= cut).sum())} held out; {int(train.sum())} positions to fit, "
          f"{int(test.sum())} held out ({', '.join(f'{label} {int(mask.sum())}' for label, mask in subsets.items())})")
    found: dict[str, np.ndarray] = {}
    for name, judge in judges.items():
        if "logistic" in name:
            judge.fit(fit_x, labels, logisticregression__sample_weight=weights)
        else:
            judge.fit(fit_x, labels, sample_weight=weights)
        raw = judge.predict_proba(x[test].reshape(-1, width))[:, 1].reshape(x[test].shape[:3])
        found[name] = raw / raw.sum(axis=2, keepdims=True)
    for temperature in args.temperatures:
        found[f"the search's reward at temperature {temperature:g}"] = softmax(data["values"][test], temperature)
    found["an even chance"] = np.full(held_wins.shape[:1] + (PLAYERS, PLAYERS), 1.0 / PLAYERS)
    for name, chances in found.items():
        print(line(name, chances))
    if args.write:
        late = subsets["one check left"]
        rewards = [found[f"the search's reward at temperature {t:g}"] for t in args.temperatures]
        notes = {
            "command": textwrap.fill(  # a long list of folders, wrapped to the module's lines
                "python tools/fit_four_player_judge.py " + " ".join(argv if argv is not None else sys.argv[1:]),
                112,
                break_on_hyphens=False,
                break_long_words=False,
            ),
            "games": len(np.unique(data["games"][train])),
            "samples": len(labels),
            "held": len(np.unique(data["games"][test])),
            "loss": mean_log_loss(found["boosted trees"], held_wins),
            "reward": min(mean_log_loss(r, held_wins) for r in rewards),
            "late": mean_log_loss(found["boosted trees"][late], held_wins[late]),
            "cut": int(cut),
            "late_reward": min(mean_log_loss(r[late], held_wins[late]) for r in rewards),
        }
        trees_tool.write(args.write, trees_tool.flatten(judges["boosted trees"]), notes, HEADER)
        # The module written, walked as the package walks it, gives scikit-learn's chances on held-out samples.
        spec = importlib.util.spec_from_file_location("written_trees", args.write)
        assert spec is not None and spec.loader is not None
        t = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(t)
        sample = x[test].reshape(-1, width)[:: max(1, int(test.sum()) * PLAYERS * PLAYERS // 500)]
        walked = [trees_score(t.BASE, t.ROOTS, t.FEATURE, t.THRESHOLD, t.LEFT, t.RIGHT, [float(v) for v in row])
                  for row in sample]
        expected = judges["boosted trees"].predict_proba(sample)[:, 1]
        assert np.allclose(1.0 / (1.0 + np.exp(-np.array(walked))), expected, rtol=0, atol=1e-9)
        print(f"written: {args.write} (walked as the package walks it, it gives scikit-learn's chances on "
              f"{len(sample)} held-out samples)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
