"""Tune the fitted evaluation's weights by self-play (SPSA), for one number of players (issue 34).

    python tools/tune_weights.py --players 2 --iterations 400 --games 8 --seed 70000 [--workers 2] [--out FILE]

:data:`~paxpamir.agents.heuristic.FITTED_WEIGHTS` were fitted to who won heuristic games (a regression on
positions); this tunes them for play instead. Simultaneous perturbation stochastic approximation (Spall 1992):
each iteration draws a random sign for every weight, plays ``--games`` games of ``heuristic:fitted`` with the
weights moved one way against ``heuristic:fitted`` with them moved the other (each deal twice, the seats
swapped), and moves the weights by the match score times the signs. Each weight moves on its own scale (its size,
at least :data:`FLOOR`), so that small weights and large ones are tuned alike.

Both bots of a game run in one process and read the module's table, so during each decision the table holds the
deciding seat's weights (:class:`Weighted`: a tool's device, never the bots': they have no weights of their own).
Printed: every ``--report`` iterations the weights as they stand; at the end, the weights as an entry of
``FITTED_WEIGHTS``, also written to ``--out`` as JSON. Check the result with a match against today's weights
(``--check N``: N games, the tuned weights against those in the table, on other seeds).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import random
import time
from collections.abc import Callable

from paxpamir.agents.base import Decision
from paxpamir.agents.heuristic import FEATURES, FITTED_WEIGHTS, HeuristicBot
from paxpamir.agents.runner import play_game
from paxpamir.engine.game import Game

#: The smallest scale a weight moves on (a weight near 0 still gets tried away from it).
FLOOR = 0.03
#: The perturbation, in scales: each match compares weights this far apart on every weight, one each way.
PERTURBATION = 0.4
#: The step, in scales per unit of the score's slope.
STEP = 0.05
Weights = tuple[float, ...]
#: A match: the mean score of the first weights against the second over the deals from a seed (1 / players: even).
Match = Callable[[Weights, Weights, int], float]


def tune(
    start: Weights, match: Match, iterations: int, seed: int, deals: int, report: int = 0, players: int = 2
) -> Weights:
    """``start`` tuned by SPSA over ``iterations`` matches of ``deals`` deals each (seeds from ``seed`` on, each
    deal in one match): every weight moves on its own scale (its size in ``start``, at least :data:`FLOOR`).
    ``players``: the seats of a game, one of them with the first weights, so that 1 / ``players`` is an even
    match's score."""
    scales = [max(abs(w), FLOOR) for w in start]
    x = [0.0] * len(start)
    rng = random.Random(seed)

    def weights(at: list[float]) -> Weights:
        return tuple(w + s * v for w, s, v in zip(start, scales, at, strict=True))

    began = time.time()
    for k in range(1, iterations + 1):
        signs = [rng.choice((-1.0, 1.0)) for _ in x]
        plus = weights([v + PERTURBATION * d for v, d in zip(x, signs, strict=True)])
        minus = weights([v - PERTURBATION * d for v, d in zip(x, signs, strict=True)])
        score = match(plus, minus, seed + (k - 1) * deals)
        # The score's slope along the signs: (f(x + c d) - f(x - c d)) / 2c, the match score being f(+) - f(-)
        # around an even share, scaled by the seats (with two players, 2 (score - 0.5)): with four, a score of 0.25
        # is even and one seat's edge over three others is spread over them.
        slope = players * (score - 1.0 / players) / (2 * PERTURBATION)
        x = [v + STEP * slope * d for v, d in zip(x, signs, strict=True)]
        if report and (k % report == 0 or k == iterations):
            print(
                f"iteration {k}: {time.time() - began:.0f} s; moved (scales): "
                + " ".join(f"{n}={v:+.2f}" for n, v in zip(FEATURES, x, strict=True)),
                flush=True,
            )
    return weights(x)


Job = tuple[int, tuple[int, int, Weights, Weights]]
#: Plays games: ``map(rotated, jobs)`` in this process, or a pool's.
Mapper = Callable[[Callable[[Job], float], list[Job]], list[float]]


def in_process(play: Callable[[Job], float], jobs: list[Job]) -> list[float]:
    """The games played one after another in this process (one worker)."""
    return [play(job) for job in jobs]


def match_in(mapper: Mapper, players: int, deals: int) -> Match:
    """A :data:`Match` of ``deals`` deals played by ``mapper``, each with the first weights in every seat in turn
    (the others with the second)."""

    def match(a: Weights, b: Weights, seed: int) -> float:
        jobs = [(seat, (players, s, a, b)) for s in range(seed, seed + deals) for seat in range(players)]
        results = mapper(rotated, jobs)
        return sum(results) / len(results)

    return match


class Weighted:
    """``bot`` deciding with ``weights`` in the table of ``players``-seat weights (the table as it was again after
    each decision)."""

    def __init__(self, bot: HeuristicBot, players: int, weights: Weights) -> None:
        self.bot, self.players, self.weights = bot, players, weights

    def decide(self, game: Game) -> Decision:
        today = FITTED_WEIGHTS[self.players]
        FITTED_WEIGHTS[self.players] = self.weights
        try:
            return self.bot.decide(game)
        finally:
            FITTED_WEIGHTS[self.players] = today


def rotated(job: Job) -> float:
    """One game of ``players`` seats dealt from ``seed``, played by the one game loop
    (:func:`~paxpamir.agents.runner.play_game`): seat ``seat`` with weights ``a``, the others with ``b``. Returns
    that seat's share of the win (1/k of k winners, or 0)."""
    seat, (players, seed, a, b) = job
    game = Game.new(players=players, seed=seed)
    game.quiet = True
    play_game(
        game,
        [Weighted(HeuristicBot(seed * 10 + p, fitted=True), players, a if p == seat else b) for p in range(players)],
    )
    return 1.0 / len(game.winners) if seat in game.winners else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--games", type=int, default=8, help="games an iteration (a multiple of --players)")
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--report", type=int, default=25)
    parser.add_argument("--start", help="a JSON file of weights to start from (default: FITTED_WEIGHTS)")
    parser.add_argument("--out", help="write the tuned weights here as JSON")
    parser.add_argument("--check", type=int, default=0, help="then this many games against today's weights")
    parser.add_argument("--check-seed", type=int, default=90000)
    args = parser.parse_args(argv)
    players = args.players
    if players not in FITTED_WEIGHTS:
        parser.error(f"no fitted weights for {players} players: only for {sorted(FITTED_WEIGHTS)}")
    if args.iterations < 1 or args.games < 1 or args.workers < 1:
        parser.error("--iterations, --games and --workers are 1 or more")
    base = FITTED_WEIGHTS[players]
    start = base
    if args.start:
        with open(args.start) as f:
            start = tuple(float(w) for w in json.load(f))
        if len(start) != len(FEATURES):
            parser.error(f"{args.start}: {len(FEATURES)} weights expected, not {len(start)}")
    deals = max(1, args.games // players)
    with multiprocessing.Pool(args.workers) if args.workers > 1 else contextlib.nullcontext() as pool:
        mapper: Mapper = in_process if pool is None else pool.map
        tuned = tune(
            start, match_in(mapper, players, deals), args.iterations, args.seed, deals, args.report, players
        )
        print(f"FITTED_WEIGHTS entry: {players}: (")
        for name, w in zip(FEATURES, tuned, strict=True):
            print(f"    {w:.5g},  # {name}")
        print(")")
        if args.out:
            with open(args.out, "w") as f:
                json.dump(list(tuned), f)
        if args.check:
            checked = max(1, args.check // players)
            score = match_in(mapper, players, checked)(tuned, base, args.check_seed)
            n = checked * players
            half = 1.96 * math.sqrt(score * (1 - score) / n)
            print(
                f"tuned against today's weights: {score:.3f} of {n} games (+- {half:.3f}; even: {1 / players:.3f})",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
