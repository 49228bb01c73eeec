"""Fit the evaluation's weights to who won arena games, per number of players (issue 34).

    python tools/fit_evaluation.py FOLDER [FOLDER ...] [--players 4] [--every 1] [--held-out 0.2]

Each FOLDER holds game records of ``pamir arena`` (``game-*.json``; finished games without Wakhan count). The
positions: the start of every turn of the play phase, from every seat's view. At each, every seat's features
(:func:`~paxpamir.agents.heuristic.seat_features`: the terms of the heuristic's value, unweighted) are scored
by a conditional logit: the chance that seat p wins is a softmax over the seats of ``weights . features(p)``,
fitted by maximum likelihood (a shared win split evenly) on all games but a held-out share, the last games by
their seed. Printed: the weights (times 30, to compare with the heuristic's
:class:`~paxpamir.agents.heuristic.Weights` at a temperature of 30), the mean log-loss on the held-out games of
the fitted weights, of the heuristic's value at its best temperature and of an even chance, and the weights as an
entry of :data:`~paxpamir.agents.heuristic.FITTED_WEIGHTS`.
"""

from __future__ import annotations

import argparse
import glob
import importlib.util
import json
import math
import os
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from paxpamir.agents.heuristic import FEATURES, WEIGHTS, feature_weights, seat_features

_SIBLING = importlib.util.spec_from_file_location("calibrate_reward", Path(__file__).with_name("calibrate_reward.py"))
assert _SIBLING is not None and _SIBLING.loader is not None
_calibrate = importlib.util.module_from_spec(_SIBLING)
_SIBLING.loader.exec_module(_calibrate)
turn_starts = _calibrate.turn_starts  # the same positions as the calibration's


def samples(record: dict[str, object], players: int, every: int) -> tuple[list[np.ndarray], list[int]]:
    """The features (viewers x seats x features) at every ``every``-th turn start of a finished game of
    ``players`` players, and its winners; nothing for another game."""
    if int(str(record["players"])) != players:
        return [], []
    look = lambda game: np.array([seat_features(game, viewer) for viewer in range(game.n)])  # noqa: E731
    _, found, winners = turn_starts(record, every, look)
    return found, winners


def loss_and_gradient(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> tuple[float, np.ndarray]:
    """Mean log-loss of targets ``y`` (samples x seats, rows summing to 1) under a softmax of ``x . w``."""
    z = x @ w
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    loss = -float((y * np.log(p + 1e-300)).sum()) / len(x)
    grad = ((p - y)[:, :, None] * x).sum(axis=(0, 1)) / len(x)
    return loss, grad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", metavar="FOLDER")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--held-out", type=float, default=0.2)
    parser.add_argument("--ridge", type=float, default=1e-4, help="an L2 penalty on the weights")
    parser.add_argument("--cache", help="an .npz file to keep the features in (read if it exists)")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 5 or args.every < 1 or not 0 < args.held_out < 1 or args.ridge < 0:
        parser.error("players are 2 to 5, --every 1 or more, --held-out a share between 0 and 1, --ridge 0 or more")
    if args.cache and os.path.exists(args.cache):
        data = np.load(args.cache)
        xs, ys, gs = data["x"], data["y"], data["g"]
    else:
        rows: list[np.ndarray] = []
        targets: list[np.ndarray] = []
        games: list[int] = []
        files = sorted(f for folder in args.folders for f in glob.glob(os.path.join(folder, "game-*.json")))
        for index, path in enumerate(files):
            with open(path, encoding="utf-8") as f:
                found, winners = samples(json.load(f), args.players, args.every)
            if not found:
                continue
            target = np.zeros(args.players)
            for w in winners:
                target[w] = 1.0 / len(winners)
            for features in found:
                for viewer in range(args.players):
                    rows.append(features[viewer])
                    targets.append(target)
                    games.append(index)
        xs, ys, gs = np.array(rows), np.array(targets), np.array(games)
        if args.cache:
            np.savez(args.cache, x=xs, y=ys, g=gs)
    order = np.unique(gs)
    if len(order) < 2:
        parser.error(
            f"at least two finished games of {args.players} players without Wakhan are needed; found {len(order)}"
        )
    cut = order[int(len(order) * (1 - args.held_out))]
    train, test = gs < cut, gs >= cut
    print(f"{len(order)} games, {train.sum()} training and {test.sum()} held-out samples ({FEATURES})")
    scale = xs[train].reshape(-1, xs.shape[2]).std(axis=0) + 1e-9

    def objective(w: np.ndarray) -> tuple[float, np.ndarray]:
        loss, grad = loss_and_gradient(w / scale, xs[train], ys[train])
        return loss + args.ridge * float(w @ w), grad / scale + 2 * args.ridge * w

    fit = minimize(objective, np.zeros(xs.shape[2]), jac=True, method="L-BFGS-B")
    weights = fit.x / scale
    held = loss_and_gradient(weights, xs[test], ys[test])[0]
    base = np.array(feature_weights(WEIGHTS))
    best = min((loss_and_gradient(base / t, xs[test], ys[test])[0], t) for t in (6, 12, 18, 24, 30, 36, 48, 64))
    unit = 30.0  # heuristic points at the temperature where the heuristic's value predicts 4-player winners best
    for name, value, hand in zip(FEATURES, weights, base, strict=True):
        print(f"  {name:16} {value * unit:8.3f}   (heuristic {hand:.3f})")
    even = math.log(args.players)
    print(f"held-out log-loss: fitted {held:.4f}; heuristic at {best[1]} {best[0]:.4f}; even {even:.4f}")
    print("train log-loss:", round(loss_and_gradient(weights, xs[train], ys[train])[0], 4))
    print("FITTED_WEIGHTS entry:", f"{args.players}: (" + ", ".join(f"{v:.5g}" for v in weights) + "),")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
