"""Fit the search's learned reward: boosted trees over the heuristic's features, fitted to who won (issue 34).

    python tools/fit_value_trees.py FOLDER [FOLDER ...] [--trees 100] [--leaves 15] [--rate 0.15] [--held-out 0.2]
        [--mlp 16 32] [--write src/paxpamir/agents/value_trees.py]

Each FOLDER holds game records of ``pamir arena`` (``game-*.json``; finished two-player games without Wakhan
count). The positions: the start of every turn of the play phase, from both seats' views (those of
``tools/fit_evaluation.py``). A sample is one viewer at one position: its inputs are
:func:`~paxpamir.agents.heuristic.learned_inputs` (both seats' :data:`~paxpamir.agents.heuristic.FEATURES`
from that view, their difference, the cards left in the deck, the Dominance Checks left, the turn, whether the
viewer is to play), its target whether the viewer won. The trees are scikit-learn's histogram gradient boosting
(a tool's dependency, not the package's): fitted on all games but a held-out share (the last by seed), printed
with the held-out log-loss beside that of a logistic fit on the features' difference and of an even chance, over
every position and over those with one Dominance Check left; then fitted again on every game and, with
``--write``, written as Python data that :func:`~paxpamir.agents.heuristic.learned_chance` walks in pure Python.
``--mlp N ...`` also prints the held-out log-loss of smooth models for comparison: scikit-learn's small neural
networks (one layer of N tanh units on standardized inputs, early stopping) fitted on the same games.

``--targets FILE`` reads its positions from the JSON lines of ``tools/rollout_targets.py`` instead of FOLDERs
and fits the trees on each seat's share of the playouts' wins (a soft target: each sample counted as a win with
that weight and a loss with the rest); the held-out log-loss is still against who won, printed beside that of
trees fitted on who won at the same positions and of the playouts' shares themselves.
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
from sklearn.metrics import log_loss
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from paxpamir.agents.heuristic import FEATURES, learned_inputs


def _tool(name: str) -> Any:
    """Another tool of this folder, as a module."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


turn_starts = _tool("calibrate_reward").turn_starts


def samples(folders: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Inputs, targets (1 won, 0 lost; shared wins left out) and game seeds of every viewer at every turn start."""
    xs: list[list[float]] = []
    ys: list[float] = []
    seeds: list[int] = []
    files = sorted(f for folder in folders for f in glob.glob(os.path.join(folder, "game-*.json")))
    for path in files:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
        if int(record["players"]) != 2:
            continue
        look = lambda game: [learned_inputs(game, viewer) for viewer in range(2)]  # noqa: E731
        _, found, winners = turn_starts(record, 1, look)
        if len(winners) != 1:
            continue
        for inputs in found:
            for viewer in range(2):
                xs.append(inputs[viewer])
                ys.append(1.0 if winners[0] == viewer else 0.0)
                seeds.append(int(record["seed"]))
    return np.array(xs), np.array(ys), np.array(seeds)


def rollout_samples(path: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Inputs, who won (1, 0; shared wins left out), the playouts' share of the wins and the game seeds of both
    views of every position in ``path`` (JSON lines of ``tools/rollout_targets.py``)."""
    xs: list[list[float]] = []
    ys: list[float] = []
    shares: list[float] = []
    seeds: list[int] = []
    by_record: dict[str, dict[int, dict[str, Any]]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                row = json.loads(line)
            except json.JSONDecodeError:  # a torn last line of an interrupted run
                continue
            if len(row["winners"]) == 1 and row["playouts"]:
                by_record.setdefault(row["record"], {})[int(row["turn"])] = row
    for name, rows in sorted(by_record.items()):  # each record replayed once, its positions' inputs read
        with open(name, encoding="utf-8") as f:
            _, found, _ = turn_starts(json.load(f), 1, lambda game: game.clone())
        for game in found:
            row = rows.get(game.turn)
            if row is None:
                continue
            for viewer in range(2):
                xs.append(learned_inputs(game, viewer))
                ys.append(1.0 if row["winners"][0] == viewer else 0.0)
                shares.append(float(row["wins"][viewer]))
                seeds.append(int(row["seed"]))
    return np.array(xs), np.array(ys), np.array(shares), np.array(seeds)


def fit(x: np.ndarray, y: np.ndarray, args: argparse.Namespace, soft: bool = False) -> HistGradientBoostingClassifier:
    """Trees fitted to ``y``: who won (0 or 1), or with ``soft`` a chance between 0 and 1 (each sample then
    counted as a win weighted by it and a loss weighted by the rest)."""
    model = HistGradientBoostingClassifier(
        max_iter=args.trees, learning_rate=args.rate, max_leaf_nodes=args.leaves, l2_regularization=1.0, random_state=0
    )
    if not soft:
        return model.fit(x, y)
    both = np.concatenate([x, x])
    labels = np.concatenate([np.ones(len(y)), np.zeros(len(y))])
    return model.fit(both, labels, sample_weight=np.concatenate([y, 1.0 - y]))


def flatten(model: HistGradientBoostingClassifier) -> dict[str, list[float] | list[int] | float]:
    """The trees as parallel lists of nodes: input index (-1 for a leaf), threshold (a leaf's value), children."""
    feature: list[int] = []
    threshold: list[float] = []
    left: list[int] = []
    right: list[int] = []
    roots: list[int] = []
    for (tree,) in model._predictors:
        base = len(feature)
        roots.append(base)
        for node in tree.nodes:
            leaf = bool(node["is_leaf"])
            feature.append(-1 if leaf else int(node["feature_idx"]))
            threshold.append(float(node["value"] if leaf else node["num_threshold"]))
            left.append(-1 if leaf else base + int(node["left"]))
            right.append(-1 if leaf else base + int(node["right"]))
    return {
        "base": float(np.ravel(model._baseline_prediction)[0]),
        "feature": feature,
        "threshold": threshold,
        "left": left,
        "right": right,
        "roots": roots,
    }


HEADER = '''"""Boosted trees that value a two-player position for the search's learned reward (``search:l``).

Written by ``{command}``
on {games} games, {samples} samples (every turn start, both views). Held out ({held} games): a log-loss of
{loss:.4f} against {linear:.4f} for a logistic fit on the features' difference and 0.6931 for an even chance;
with one Dominance Check left {late:.4f} against {late_linear:.4f}. Read by
:func:`~paxpamir.agents.heuristic.learned_chance`. Generated: do not edit by hand.
"""

from typing import Final
'''


def write(
    path: str, trees: dict[str, list[float] | list[int] | float], notes: dict[str, object], header: str = HEADER
) -> None:
    """The trees as a Python module of parallel tuples, its docstring ``header`` filled in with ``notes``."""
    lines = [header.format(**notes)]
    lines.append(f"BASE: Final[float] = {trees['base']!r}\n")
    for name, kind in (("roots", "int"), ("feature", "int"), ("threshold", "float"), ("left", "int"), ("right", "int")):
        values = trees[name]
        assert isinstance(values, list)
        body = textwrap.fill(", ".join(repr(v) for v in values), 116, initial_indent="    ", subsequent_indent="    ")
        lines.append(f"{name.upper()}: Final[tuple[{kind}, ...]] = (\n{body},\n)\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", metavar="FOLDER")
    parser.add_argument("--targets", metavar="FILE", help="positions and playout targets of tools/rollout_targets.py")
    parser.add_argument("--trees", type=int, default=100)
    parser.add_argument("--leaves", type=int, default=15)
    parser.add_argument("--rate", type=float, default=0.15)
    parser.add_argument("--held-out", type=float, default=0.2)
    parser.add_argument("--mlp", type=int, nargs="+", default=[], metavar="N", help="networks of N tanh units")
    parser.add_argument("--write", metavar="FILE", help="write the trees fitted on every game as a Python module")
    args = parser.parse_args(argv)
    if args.trees < 1 or args.leaves < 2 or not 0 < args.rate <= 1 or not 0 < args.held_out < 1:
        parser.error("--trees 1 or more, --leaves 2 or more, --rate in (0, 1], --held-out a share between 0 and 1")
    if any(not 1 <= units <= 256 for units in args.mlp):
        parser.error("--mlp: networks of 1 to 256 units")
    if bool(args.folders) == bool(args.targets):
        parser.error("give FOLDERs of game records or --targets FILE, not both")
    soft = bool(args.targets)
    if soft:
        x, outcome, y, seeds = rollout_samples(args.targets)
    else:
        x, y, seeds = samples(args.folders)
        outcome = y
    order = np.unique(seeds)
    if len(order) < 2:
        parser.error(f"at least two finished two-player games without Wakhan are needed; found {len(order)}")
    cut = order[int(len(order) * (1 - args.held_out))]
    train, test = seeds < cut, seeds >= cut
    n = len(FEATURES)
    diff = x[:, 2 * n : 3 * n]
    model = fit(x[train], y[train], args, soft)
    linear = LogisticRegression(max_iter=5000, fit_intercept=False).fit(diff[train], outcome[train])
    late = test & (x[:, 3 * n + 1] <= 1)
    loss = log_loss(outcome[test], model.predict_proba(x[test])[:, 1])
    linear_loss = log_loss(outcome[test], linear.predict_proba(diff[test])[:, 1])
    late_loss = log_loss(outcome[late], model.predict_proba(x[late])[:, 1], labels=[0, 1]) if late.any() else math.nan
    late_linear = (log_loss(outcome[late], linear.predict_proba(diff[late])[:, 1], labels=[0, 1]) if late.any()
                   else math.nan)
    print(f"{len(order)} games, {train.sum()} training and {test.sum()} held-out samples")
    print(f"held-out log-loss: trees {loss:.4f}; logistic on the difference {linear_loss:.4f}; even 0.6931")
    print(f"with one Dominance Check left ({late.sum()} samples): trees {late_loss:.4f}; logistic {late_linear:.4f}")
    if soft:  # the same positions: trees fitted on who won, and the playouts' shares as a chance themselves
        won = fit(x[train], outcome[train], args)
        clipped = np.clip(y, 0.02, 0.98)
        won_loss = log_loss(outcome[test], won.predict_proba(x[test])[:, 1])
        print(f"the same positions, held out: trees fitted on who won {won_loss:.4f}; "
              f"the playouts' shares {log_loss(outcome[test], clipped[test]):.4f}")
    for units in args.mlp:
        net = make_pipeline(
            StandardScaler(),
            MLPClassifier((units,), activation="tanh", alpha=1e-3, early_stopping=True, max_iter=300, random_state=0),
        ).fit(x[train], y[train])
        net_loss = log_loss(y[test], net.predict_proba(x[test])[:, 1])
        net_late = log_loss(y[late], net.predict_proba(x[late])[:, 1], labels=[0, 1]) if late.any() else math.nan
        print(f"network of {units} tanh units: held-out log-loss {net_loss:.4f}; one check left {net_late:.4f}")
    if args.write:
        every = fit(x, y, args, soft)
        notes = {
            "command": "python tools/fit_value_trees.py " + " ".join(argv if argv is not None else sys.argv[1:]),
            "games": len(order),
            "samples": len(y),
            "held": int((order >= cut).sum()),
            "loss": loss,
            "linear": linear_loss,
            "late": late_loss,
            "late_linear": late_linear,
        }
        write(args.write, flatten(every), notes)
        print("written:", args.write)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
