"""How well calibrated a game review's chances are, and how long a review takes (issue 35).

    python tools/bench_review.py [--games 1000] [--seed 100000] [--players 3] [--workers 2] [--lines 40]
                                 [--sample 2] [--fit] [--data FILE] [--load FILE] [--speed-only | --no-speed]

**Calibration.** Games of heuristic bots (each seat ``heuristic`` or ``heuristic:easy``, drawn from the game's
seed) are played from seeds ``seed`` .. ``seed + games - 1``; in each, ``--sample`` decisions with a choice (not
Wakhan's) are drawn from the game's seed and reviewed exactly as ``pamir review`` reviews them
(:func:`paxpamir.agents.review.review_decision`, the same line budget and seed). The chance after the chosen
option is a prediction of whether the decider won (a shared win counts 1/k), since the bots went on to play that
option: the table gives, by deciles of that prediction, its mean, the observed win rate and the count, then the
Brier score (beside the Brier score of the even chance 1/n, for reference) and the same for the static chance
of the chart (the heuristic's, :func:`paxpamir.agents.review.static_chance`). ``--fit`` fits the two maps'
constants (``CALIBRATION_A``/``_B``, ``STATIC_A``/``_B`` of ``agents/review.py``) on these games by maximum
likelihood and prints them: fit on one range of seeds, check on another (the defaults are the check's:
seeds 100000 on, which no fit used).

**Speed.** A three-player game of heuristic bots (seed 35) is cut after its first 150 decisions with a choice
(not counting decisions with a single option), and reviewed whole (``pamir review``'s way: every seat, default
lines, ``--workers`` processes); the seconds it takes are printed, with the build.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from paxpamir import Game, build_info
from paxpamir.agents.registry import make_agent
from paxpamir.agents.review import (
    REVIEW_LINES,
    calibrated,
    calibration_feature,
    record_start,
    review_decision,
    reviewed_indices,
    static_raw,
)
from paxpamir.agents.runner import play_game
from paxpamir.clients.review import run_review

LINEUP: tuple[str, ...] = ("heuristic", "heuristic:easy")
SPEED_SEED = 35
SPEED_DECISIONS = 150


def _tupled(value: Any) -> Any:
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def lineup(seed: int, players: int) -> list[str]:
    rng = random.Random(seed * 7 + 1)
    return [LINEUP[rng.randrange(len(LINEUP))] for _ in range(players)]


def game_record(seed: int, players: int) -> dict[str, Any]:
    game = Game.new(players, seed, quiet=True)
    play_game(game, [make_agent(b, seed * 10 + p) for p, b in enumerate(lineup(seed, players))])
    return game.record()


def sample_game(job: tuple[int, int, int, int, bool]) -> list[dict[str, Any]]:
    """The reviewed sample of one game: ``sample`` decisions drawn from its seed, each with the raw chance
    after the chosen option, the decider's static raw chance and the outcome (``noise``: and the loss, mistake
    flag and preferred option of a second review with another seed)."""
    seed, players, lines, sample, noise = job
    record = game_record(seed, players)
    final = Game.from_record(record)
    winners = list(final.winners)
    todo = reviewed_indices(record)
    rng = random.Random(seed)
    picked = sorted(rng.sample(todo, min(sample, len(todo))))
    rows = []
    g = record_start(record)
    for i, (who, option, *reason) in enumerate(record["choices"]):
        if i in picked:
            d = review_decision(g, who, _tupled(option), lines=lines, seed=seed, index=i)
            rows.append({
                "seed": seed, "players": players, "index": i, "seat": who, "turn": g.turn, "kind": d["kind"],
                "raw": d["raw"], "after": d["after"], "before": d["before"], "loss": d["loss"],
                "static": static_raw(g, who, random.Random(seed * 31 + i)),
                "won": (1.0 / len(winners)) if who in winners else 0.0,
            })
            if noise:
                e = review_decision(g, who, _tupled(option), lines=lines, seed=seed + 7_777_777, index=i)
                rows[-1].update({"loss2": e["loss"], "mistake": d["mistake"], "mistake2": e["mistake"],
                                 "same_preferred": e["preferred"]["option"] == d["preferred"]["option"],
                                 "after2": e["after"]})
        if not picked or i >= picked[-1]:
            break
        g.apply(_tupled(option), who, *reason)
    return rows


def fit(xs: list[float], shifts: list[float], ys: list[float], iterations: int = 50) -> tuple[float, float]:
    """Maximum-likelihood a, b of ``sigmoid(a * x + b - shift)`` (a logistic regression with an offset)."""
    a, b = 1.0, 0.0
    for _ in range(iterations):
        ga = gb = haa = hab = hbb = 0.0
        for x, s, y in zip(xs, shifts, ys, strict=True):
            p = 1.0 / (1.0 + math.exp(-(a * x + b - s)))
            w = p * (1 - p)
            ga += (y - p) * x
            gb += y - p
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, b


def table(name: str, preds: list[float], ys: list[float], players: list[int]) -> dict[str, Any]:
    """Print the decile table and Brier score of ``preds`` against outcomes ``ys``; return the figures."""
    order = sorted(range(len(preds)), key=lambda i: preds[i])
    k = len(order)
    print(f"\n{name}: {k} decisions")
    print(f"{'decile':>6} {'predicted':>9} {'observed':>9} {'count':>6}")
    rows = []
    for d in range(10):
        part = order[d * k // 10 : (d + 1) * k // 10]
        if not part:
            continue
        p = sum(preds[i] for i in part) / len(part)
        o = sum(ys[i] for i in part) / len(part)
        rows.append({"decile": d + 1, "predicted": round(p, 4), "observed": round(o, 4), "count": len(part)})
        print(f"{d + 1:>6} {p:>9.3f} {o:>9.3f} {len(part):>6}")
    brier = sum((preds[i] - ys[i]) ** 2 for i in range(k)) / max(1, k)
    base = sum((1.0 / players[i] - ys[i]) ** 2 for i in range(k)) / max(1, k)
    print(f"Brier score {brier:.4f} (the even chance 1/n: {base:.4f}; skill {1 - brier / base:.1%})")
    by_count = []
    for n in sorted(set(players)):
        mine = [i for i in range(k) if players[i] == n]
        if len(mine) < k:
            b = sum((preds[i] - ys[i]) ** 2 for i in mine) / len(mine)
            e = sum((1.0 / n - ys[i]) ** 2 for i in mine) / len(mine)
            by_count.append(f"{n} players: {b:.4f} ({len(mine)} decisions; even chance {e:.4f})")
    if by_count:
        print("  by players: " + "; ".join(by_count))
    return {"deciles": rows, "brier": brier, "brier_even": base}


def calibration(args: argparse.Namespace) -> None:
    if args.load:
        with open(args.load, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
    else:
        jobs = [(args.seed + i, args.players[i % len(args.players)], args.lines, args.sample, args.noise)
                for i in range(args.games)]
        rows = []
        t0 = time.perf_counter()
        if args.workers > 1:
            with ProcessPoolExecutor(max_workers=args.workers) as pool:
                for k, part in enumerate(pool.map(sample_game, jobs, chunksize=2)):
                    rows.extend(part)
                    if (k + 1) % 50 == 0:
                        print(f"  {k + 1} games, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
        else:
            for job in jobs:
                rows.extend(sample_game(job))
        counts = "/".join(map(str, args.players))
        print(f"{args.games} games of {counts} players (seeds {args.seed}..{args.seed + args.games - 1}), "
              f"{len(rows)} decisions reviewed at {args.lines} lines in {time.perf_counter() - t0:.0f} s")
        if args.data:
            with open(args.data, "w", encoding="utf-8") as f:
                for r in rows:
                    f.write(json.dumps(r) + "\n")
    ys = [r["won"] for r in rows]
    players = [r["players"] for r in rows]
    shifts = [math.log(max(1, n - 1)) for n in players]
    if args.fit:
        a, b = fit([calibration_feature(r["raw"], r["players"]) for r in rows], shifts, ys)
        sa, sb = fit([calibration_feature(r["static"], r["players"]) for r in rows], shifts, ys)
        print(f"fitted: CALIBRATION_A = {a:.4f}, CALIBRATION_B = {b:.4f}; STATIC_A = {sa:.4f}, STATIC_B = {sb:.4f}")
        preds = [calibrated(r["raw"], r["players"], a, b) for r in rows]
        spreds = [calibrated(r["static"], r["players"], sa, sb) for r in rows]
    else:
        from paxpamir.agents.review import STATIC_A, STATIC_B

        preds = [calibrated(r["raw"], r["players"]) for r in rows]
        spreds = [calibrated(r["static"], r["players"], STATIC_A, STATIC_B) for r in rows]
    table("the review's chance after the chosen option", preds, ys, players)
    table("the chart's static chance", spreds, ys, players)
    raw = [r["raw"] for r in rows]
    table("(uncalibrated: the lines' mean win_chance)", raw, ys, players)
    twice = [r for r in rows if "loss2" in r]
    if twice:
        k = len(twice)
        diff = [r["loss"] - r["loss2"] for r in twice]
        sd = math.sqrt(sum(x * x for x in diff) / k / 2)
        flagged = sum(1 for r in twice if r["mistake"] or r["mistake2"])
        both = sum(1 for r in twice if r["mistake"] and r["mistake2"])
        print(f"\nnoise: {k} decisions reviewed twice (two seeds): the loss's standard deviation {sd:.3f}; "
              f"mean |difference of the losses| {sum(abs(x) for x in diff) / k:.3f}, of the chances after "
              f"{sum(abs(r['after'] - r['after2']) for r in twice) / k:.3f}; the same preferred option "
              f"{sum(1 for r in twice if r['same_preferred']) / k:.0%}; mistakes flagged by either {flagged}, "
              f"by both {both}")


def speed(args: argparse.Namespace) -> None:
    record = game_record(SPEED_SEED, 3)
    todo = reviewed_indices(record)
    cut = todo[SPEED_DECISIONS - 1] + 1 if len(todo) >= SPEED_DECISIONS else len(record["choices"])
    short = dict(record)
    short["choices"] = record["choices"][:cut]
    t0 = time.perf_counter()
    c0 = _cpu()
    review = run_review(short, lines=args.lines, seed=0, workers=args.workers)
    seconds = time.perf_counter() - t0
    cpu = _cpu() - c0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"speed: a 3-player game (seed {SPEED_SEED}, its first {cut} decisions: "
          f"{len(review['decisions'])} with a choice) reviewed in {seconds:.1f} s ({cpu:.1f} CPU s in all), "
          f"{args.lines} lines a decision, {args.workers} workers, {build_info()}; load average {load:.1f} "
          f"on {os.cpu_count()} cores")


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (the workers)."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games for the calibration (default 1000)")
    parser.add_argument("--seed", type=int, default=100_000, help="seed of the first game (default 100000)")
    parser.add_argument("--players", type=int, nargs="+", default=[3],
                        help="players per game (default 3; several: game i has the (i mod k)-th)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="processes (default 2)")
    parser.add_argument("--lines", type=int, default=REVIEW_LINES, help=f"lines a decision (default {REVIEW_LINES})")
    parser.add_argument("--sample", type=int, default=2, help="decisions reviewed per game (default 2)")
    parser.add_argument("--fit", action="store_true", help="fit the calibration constants on these games")
    parser.add_argument("--noise", action="store_true", help="review each decision twice (two seeds): the noise")
    parser.add_argument("--data", help="save the reviewed decisions (JSON lines) to this file")
    parser.add_argument("--load", help="use the reviewed decisions saved in this file instead of playing")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--speed-only", action="store_true", help="only time the 150-decision review")
    which.add_argument("--no-speed", action="store_true", help="no timing of the 150-decision review")
    args = parser.parse_args()
    print(f"engine: {build_info()}")
    if not args.speed_only:
        calibration(args)
    if not args.no_speed:
        speed(args)


if __name__ == "__main__":
    main()
