"""How well the search's reward, the heuristic's chance of winning at a temperature, predicts who wins (issue 34).

    python tools/calibrate_reward.py FOLDER [FOLDER ...] [--temperatures 6 12 24 36 48] [--every 1]

Each FOLDER holds game records of ``pamir arena`` (``game-*.json``; finished games only count). The positions:
the start of every turn of the play phase (``--every 2``: every other turn). At each, for every seat as the
viewer, the chances :func:`~paxpamir.agents.heuristic.win_chance` gives every seat from that viewer's values
(:func:`~paxpamir.agents.heuristic.player_values`: its own hand card by card, the others' by their size), at
each temperature; the score is the log-loss of the winners (a shared win split evenly), averaged over viewers
and positions. Lower is better; an even chance for every seat scores log(players), printed beside the figures.

Printed per number of players: games, positions, the even chance's log-loss and each temperature's, and the
best of them. A temperature that scores worse than an even chance makes the reward confident where the games
say nothing.
"""

from __future__ import annotations

import argparse
import glob
import json
import math
import os
import sys
from collections import defaultdict
from collections.abc import Callable
from typing import TypeVar

from paxpamir import Game
from paxpamir.agents.heuristic import player_values

T = TypeVar("T")


def turn_starts(record: dict[str, object], every: int, look: Callable[[Game], T]) -> tuple[int, list[T], list[int]]:
    """Replays the game ``record``: the players, what ``look`` sees at the start of every ``every``-th turn of the
    play phase, and the winners; ``(0, [], [])`` for a game that did not finish or one with Wakhan (her seat has
    no chance of its own). ``tools/fit_evaluation.py`` reads the same positions."""
    options = record.get("options")
    if isinstance(options, dict) and options.get("wakhan"):
        return 0, [], []
    game = Game.new(players=int(str(record["players"])), seed=int(str(record["seed"])))
    seen = []
    last = -1
    choices = record["choices"]
    assert isinstance(choices, list)
    for choice in choices:
        if game.phase == "play" and game.decision == "turn" and game.turn != last:
            last = game.turn
            if game.turn % every == 0:
                seen.append(look(game))
        game.apply(tuple(choice[1]))
    if not game.is_over:
        return 0, [], []
    return game.n, seen, list(game.winners)


def positions(record: dict[str, object], every: int) -> tuple[int, list[list[list[float]]], list[int]]:
    """The players, the seats' values from each viewer at the start of every ``every``-th turn of the play phase,
    and the winners, of the finished game ``record``; ``(0, [], [])`` for a game that did not finish."""
    return turn_starts(record, every, lambda game: [player_values(game, viewer) for viewer in range(game.n)])


def log_loss(values: list[float], winners: list[int], temperature: float) -> float:
    """The log-loss of ``winners`` under a softmax of ``values`` at ``temperature``."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return -sum(math.log(weights[w] / total) for w in winners) / len(winners)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", metavar="FOLDER", help="folders of pamir arena's game records")
    parser.add_argument("--temperatures", nargs="+", type=float, default=[6.0, 12.0, 24.0, 36.0, 48.0])
    parser.add_argument("--every", type=int, default=1, help="every N-th turn's start (default 1: every turn)")
    args = parser.parse_args(argv)
    if any(not 0 < t < math.inf for t in args.temperatures) or args.every < 1:
        parser.error("temperatures are positive numbers and --every a whole number, 1 or more")
    games: dict[int, int] = defaultdict(int)
    count: dict[int, int] = defaultdict(int)
    loss: dict[int, dict[float, float]] = defaultdict(lambda: dict.fromkeys(args.temperatures, 0.0))
    for folder in args.folders:
        files = sorted(glob.glob(os.path.join(folder, "game-*.json")))
        if not files:
            parser.error(f"no game records (game-*.json) in {folder}")
        for path in files:
            with open(path, encoding="utf-8") as f:
                players, samples, winners = positions(json.load(f), args.every)
            if not players:
                continue
            games[players] += 1
            for views in samples:
                count[players] += 1
                for t in args.temperatures:
                    loss[players][t] += sum(log_loss(v, winners, t) for v in views) / len(views)
    if not count:
        print("no finished game without Wakhan in these folders", file=sys.stderr)
        return 1
    for players in sorted(count):
        n = count[players]
        means = {t: loss[players][t] / n for t in args.temperatures}
        best = min(means, key=lambda t: means[t])
        figures = ", ".join(f"{t:g}: {m:.4f}" for t, m in means.items())
        print(f"{players} players: {games[players]} games, {n} positions; even chance {math.log(players):.4f}; "
              f"by temperature {figures}; best {best:g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
