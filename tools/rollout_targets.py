"""Targets for a judge of positions: each seat's chance of winning, estimated by playing a position out to the end
many times (issue 34; docs/search-strength.md, *Playouts from the ends of its lines*).

    python tools/rollout_targets.py FOLDER [FOLDER ...] --out FILE.jsonl [--playouts 8] [--every 2]
        [--temperature 1.0] [--games N] [--seed 0] [--siblings C]
    python tools/rollout_targets.py --out FILE.jsonl --summary [--fit [--held-out 0.2]]

Each FOLDER holds game records of ``pamir arena`` (``game-*.json``; finished two-player games without Wakhan
count). The positions: the start of every ``every``-th turn of the play phase (those of
``tools/fit_value_trees.py``). From each, ``playouts`` games are played to the end, each from a determinization
of the view of the seat to move (the deck and the other hand drawn anew, as the search's own lines start), every
seat's turn decisions drawn by the heuristic's scores (an option ``temperature`` points behind the best e times
less often than the best; other decisions the heuristic's best). A position's target is each seat's share of
the playouts' wins: far less noisy than who won the one game the position came from, which is all the judges
fitted so far had (``search:f``, ``search:l``).

The output is JSON lines, one a position: the record (its path as found under the FOLDER given), the game's seed,
the turn, the seat to move, the Dominance Checks left, the playouts' wins of each seat, their number, and who won
the game itself; no inputs of a judge (a reader replays the record to the turn and reads what it needs there, so
that the targets outlive any choice of inputs, and the file stays small). The job is resumable: positions already
in FILE are skipped, and each line is written (and flushed) as soon as its playouts end, so that an interrupted run
loses at most one position. ``tools/fit_value_trees.py --targets FILE`` fits the trees on these targets (run it
from the folder this tool was run from: the records are found by the paths written).

``--siblings C`` asks what matters to a search instead: whether a judge ranks the ends of its lines as playouts
do. At each position, in one determinization of the view of the seat to move, the heuristic's best C options (the
candidates of the search, ranked as it ranks them) are each played out as a line of ``search`` (the rest of the
turn, the other seats' turns, up to the start of its next turn: ``SearchBot.play_line``); from each line's end,
``playouts`` games to the end with the same random draws for every candidate (so that the candidates' difference
is not drowned by the draws). A line is written for each candidate: its option, the heuristic's rank, the seat's
share of the playouts' wins, the chances of winning that the search's rewards give the line's end (the
heuristic's, the fitted weights', the boosted trees') and :func:`~paxpamir.agents.heuristic.learned_inputs` there
(rounded), so that a new judge can be fitted and checked on them. ``--summary`` prints how well each reward
picks among the candidates of a position, judged by their playouts; ``--fit`` fits two judges on part of the
positions and judges them with the rest.
"""

from __future__ import annotations

import argparse
import glob
import importlib.util
import json
import math
import os
import random
import sys
import time
import zlib
from typing import Any, TextIO

from paxpamir import Game
from paxpamir.agents.determinize import determinize
from paxpamir.agents.heuristic import (
    PLAN_WIDTH,
    fitted_chance,
    learned_chance,
    learned_inputs,
    score_options,
    win_chance,
)
from paxpamir.agents.registry import make_agent
from paxpamir.agents.search import SearchBot, play_out


def _load_sibling(name: str) -> Any:
    """Another tool of this folder, as a module."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(os.path.dirname(__file__), f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


turn_starts = _load_sibling("calibrate_reward").turn_starts

def playout(game: Game, rng: random.Random, temperature: float) -> list[float] | None:
    """Each seat's share of the win at the end of one playout of a determinization of ``game`` (the view of the
    seat to move: :func:`~paxpamir.agents.search.play_out`); None for a playout that did not end."""
    viewer = game.current_player
    assert viewer is not None
    return play_out(determinize(game.view(viewer), viewer, rng), rng, temperature)


def siblings(game: Game, name: str, args: argparse.Namespace, bot: SearchBot) -> list[dict[str, Any]]:
    """The rows of :func:`run` for the best ``args.siblings`` candidates at ``game`` (see the module's text)."""
    player = game.current_player
    assert player is not None
    rng = random.Random(zlib.crc32(f"{args.seed}:{name}:{game.turn}".encode()))
    world = determinize(game.view(player), player, rng)
    options = world.legal_options()
    scores = score_options(world, player, options, True, PLAN_WIDTH)
    order = sorted(range(len(options)), key=lambda i: -scores[i])[: args.siblings]
    rows: list[dict[str, Any]] = []
    for rank, i in enumerate(order):
        end = bot.play_line(world, player, options[i])
        assert end is not None
        outcomes: list[float] = []
        for k in range(args.playouts):  # the k-th playout of every candidate draws the same numbers
            if end.is_over:
                outcomes.append(1.0 / len(end.winners) if player in end.winners else 0.0)
                continue
            shares = playout(end, random.Random(zlib.crc32(f"{args.seed}:{name}:{game.turn}:{k}".encode())),
                             args.temperature)
            outcomes.append(shares[player] if shares is not None else 0.5)  # none has failed to end so far
        rows.append({
            "option": list(options[i]),
            "rank": rank,
            "score": round(scores[i], 4),
            "won": sum(outcomes) / len(outcomes),
            "draws": outcomes,
            "chances": {
                "heuristic": round(win_chance(end, player), 5),
                "fitted": round(fitted_chance(end, player), 5),
                "learned": round(learned_chance(end, player), 5),
            },
            "inputs": [round(v, 4) for v in learned_inputs(end, player)],
            "end_turn": end.turn,
            "over": end.is_over,
        })
    return rows


def summary(args: argparse.Namespace, out: TextIO) -> int:
    """Print how well each reward picks among the candidates of a position, judged by the second half of their
    playouts (the first half judging as a reward of its own, ``playouts``): how often it orders two candidates as
    those playouts do (pairs whose playouts differ; and those that differ by 0.2 or more), how often its best is
    their best, and its regret (what their best won more than its best, on average), beside the regret of a
    candidate drawn at random. With ``args.fit``, two judges are fitted on the candidates of the positions of all
    but a share ``args.held_out`` of the games (drawn by their records' names), boosted trees (their inputs, the
    playouts' share as a soft target) and a ridge regression of what tells siblings apart (the share on the
    heuristic's chance and the inputs, each centred on its position's mean), and every reward is judged on the
    held-out positions only."""
    roots: dict[tuple[str, int], list[dict[str, Any]]] = {}
    with open(args.out, encoding="utf-8") as f:
        for line in f:
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            row["chances"]["rank"] = -float(row["rank"])
            roots.setdefault((row["record"], int(row["turn"])), []).append(row)
    judges = ["rank", "heuristic", "fitted", "learned", "playouts"]
    if args.fit:
        import numpy as np

        fitting = _load_sibling("fit_value_trees")
        # Held out: the positions of a share of the games, drawn by their records' names (not by seed: several
        # tournaments played the same seeds, so positions per seed vary a lot).
        records = sorted({key[0] for key in roots}, key=lambda r: (zlib.crc32(os.path.basename(r).encode()), r))
        if len(records) < 2:
            print("the positions of at least two games are needed to fit and hold out", file=out)
            return 1
        kept = set(records[: min(len(records) - 1, max(1, round(args.held_out * len(records))))])
        held = {key: key[0] in kept for key in roots}
        train = [row for key, rows in roots.items() if not held[key] for row in rows]
        model = fitting.fit(np.array([r["inputs"] for r in train]), np.array([r["won"] for r in train]), args, True)
        # A linear judge of what tells siblings apart: a ridge regression of the playouts' share on the heuristic's
        # chance and the inputs, each centred on its position's mean (what all its candidates share is left out).
        from sklearn.linear_model import RidgeCV

        def centred(rows: list[dict[str, Any]]) -> tuple[Any, Any]:
            x = np.array([[r["chances"]["heuristic"], *r["inputs"]] for r in rows])
            y = np.array([r["won"] for r in rows])
            return x - x.mean(axis=0), y - y.mean()

        parts = [centred(rows) for key, rows in roots.items() if not held[key] and len(rows) > 1]
        ridge = RidgeCV(alphas=np.logspace(-3, 3, 13), fit_intercept=False).fit(
            np.concatenate([x for x, _ in parts]), np.concatenate([y for _, y in parts]))
        roots = {key: rows for key, rows in roots.items() if held[key]}
        for rows in roots.values():
            inputs = np.array([r["inputs"] for r in rows])
            linear = ridge.predict(np.array([[r["chances"]["heuristic"], *r["inputs"]] for r in rows]))
            for row, p, q in zip(rows, model.predict_proba(inputs)[:, 1], linear, strict=True):
                row["chances"]["trees"] = float(p)
                row["chances"]["ridge"] = float(q)
        judges[-1:-1] = ["trees", "ridge"]
        print(f"judges fitted on {len(train)} candidates; judged on the positions of the other games:", file=out)
    # The truth a reward is judged by: the second half of each candidate's playouts; the first half is a judge
    # itself ("playouts": what as many playouts as that would choose), and unbiased by the truth's own noise.
    for rows in roots.values():
        for row in rows:
            half = len(row["draws"]) // 2
            row["truth"] = sum(row["draws"][half:]) / max(len(row["draws"]) - half, 1)
            row["chances"]["playouts"] = sum(row["draws"][:half]) / max(half, 1)
    agree = {j: [0, 0, 0, 0] for j in judges}  # pairs agreed, pairs, wide pairs agreed, wide pairs
    best = {j: 0 for j in judges}
    lost: dict[str, list[float]] = {j: [] for j in judges}  # each position's regret, for paired intervals
    blind = 0.0  # the regret of a candidate drawn at random
    for rows in roots.values():
        top = max(row["truth"] for row in rows)
        blind += top - sum(row["truth"] for row in rows) / len(rows)
        for j in judges:
            pick = max(rows, key=lambda r: (r["chances"][j], -r["rank"]))  # ties to the heuristic's better rank
            best[j] += pick["truth"] == top
            lost[j].append(top - pick["truth"])
        for a in rows:
            for b in rows:
                wa, wb = a["truth"], b["truth"]
                if a["rank"] >= b["rank"] or wa == wb:
                    continue
                for j in judges:
                    right = (a["chances"][j] - b["chances"][j]) * (wa - wb) > 0
                    agree[j][0] += right
                    agree[j][1] += 1
                    if abs(wa - wb) >= 0.2:
                        agree[j][2] += right
                        agree[j][3] += 1
    n_roots = max(len(roots), 1)
    print(f"{len(roots)} positions, {sum(len(r) for r in roots.values())} candidates; judged by the second half of "
          f"each candidate's playouts; a candidate drawn at random: regret {blind / n_roots:.4f}", file=out)
    for j in judges:
        right, pairs, wide_right, wide_pairs = agree[j]
        print(f"{j:>9}: pairs ordered as the playouts order them {right / max(pairs, 1):.1%} of {pairs}, where they "
              f"differ by 0.2 or more {wide_right / max(wide_pairs, 1):.1%} of {wide_pairs}; its best the playouts' "
              f"best {best[j] / n_roots:.1%}; "
              f"regret {sum(lost[j]) / n_roots:.4f}{_against(lost[j], lost['heuristic']) if j != 'heuristic' else ''}",
              file=out)
    # How the playouts' own choice improves with their number: the first k of the first half, for k up to it.
    half = min((len(row["draws"]) // 2 for rows in roots.values() for row in rows), default=0)
    ks = [k for k in (1, 2, 4, 8, 16, 32, 64) if k < half] + ([half] if half else [])
    by_k = []
    for k in ks:
        total = 0.0
        for rows in roots.values():
            pick = max(rows, key=lambda r: (sum(r["draws"][:k]), -r["rank"]))
            total += max(row["truth"] for row in rows) - pick["truth"]
        by_k.append(f"{k}: {total / n_roots:.4f}")
    if by_k:
        print(f"the regret of choosing by the first k playouts, by k: {'; '.join(by_k)}", file=out)
    return 0


def _against(mine: list[float], theirs: list[float]) -> str:
    """`` (the heuristic's minus this: d ± h)``: the mean of the positions' differences in regret and the half width
    of its 95% interval (normal approximation), positive where this judge picks better."""
    n = len(mine)
    if n < 2:
        return ""
    diffs = [b - a for a, b in zip(mine, theirs, strict=True)]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return f" (the heuristic's minus this: {mean:+.4f} ± {1.96 * sd / math.sqrt(n):.4f})"


def positions(record: dict[str, Any], every: int) -> tuple[list[Game], list[int]]:
    """Copies of the finished two-player game ``record`` at the start of every ``every``-th turn of its play phase,
    and who won it (``calibrate_reward.turn_starts``); none for a game with Wakhan, with more players or that did
    not finish."""
    if int(record["players"]) != 2:
        return [], []
    _, found, winners = turn_starts(record, every, lambda game: game.clone())
    return found, winners


def done_keys(path: str) -> set[tuple[str, int]]:
    """The (record, turn) pairs already written to ``path`` (a missing file: none; a torn last line is ignored)."""
    keys: set[tuple[str, int]] = set()
    if not os.path.exists(path):
        return keys
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            keys.add((row["record"], int(row["turn"])))
    return keys


def run(args: argparse.Namespace, out: TextIO) -> int:
    # Game by game across the folders (every folder's first game, then every folder's second ...), so that a run
    # stopped early holds games of every tournament.
    files = sorted((f for folder in args.folders for f in glob.glob(os.path.join(folder, "game-*.json"))),
                   key=lambda f: (os.path.basename(f), f))
    done = done_keys(args.out)
    bot = make_agent("search", seed=args.seed)  # only its play_line: the lines of the normal level
    assert isinstance(bot, SearchBot)
    written = games = 0
    started = time.perf_counter()
    with open(args.out, "a", encoding="utf-8") as sink:
        for path in files:
            if args.games is not None and games >= args.games:
                break
            with open(path, encoding="utf-8") as f:
                record = json.load(f)
            found, winners = positions(record, args.every)
            if not found:
                continue
            games += 1
            name = path
            for game in found:
                if (name, game.turn) in done:
                    continue
                if args.siblings:
                    for row in siblings(game, name, args, bot):
                        row.update(record=name, seed=int(record["seed"]), turn=game.turn, to_move=game.current_player,
                                   checks_left=game.dominance_checks_left(), playouts=args.playouts, winners=winners)
                        sink.write(json.dumps(row) + "\n")
                    sink.flush()
                    written += 1
                    continue
                rng = random.Random(zlib.crc32(f"{args.seed}:{name}:{game.turn}".encode()))
                wins = [0.0, 0.0]
                count = 0
                for _ in range(args.playouts):
                    shares = playout(game, rng, args.temperature)
                    if shares is not None:
                        wins = [w + s for w, s in zip(wins, shares, strict=True)]
                        count += 1
                row = {
                    "record": name,
                    "seed": int(record["seed"]),
                    "turn": game.turn,
                    "to_move": game.current_player,
                    "checks_left": game.dominance_checks_left(),
                    "wins": [w / count if count else 0.5 for w in wins],
                    "playouts": count,
                    "winners": winners,
                }
                sink.write(json.dumps(row) + "\n")
                sink.flush()
                written += 1
                if written % 25 == 0:
                    rate = written / (time.perf_counter() - started)
                    print(f"{written} positions ({games} games), {rate:.2f} a second", file=out, flush=True)
    print(f"{written} positions written to {args.out} ({len(done)} were there already)", file=out, flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", metavar="FOLDER")
    parser.add_argument("--out", required=True, metavar="FILE", help="JSON lines, appended to (resumable)")
    parser.add_argument("--playouts", type=int, default=8, help="playouts a position (default 8)")
    parser.add_argument("--every", type=int, default=2, help="every N-th turn start (default 2)")
    parser.add_argument("--temperature", type=float, default=1.0,
                        help="heuristic points behind the best that make an option e times rarer (0: the best)")
    parser.add_argument("--games", type=int, default=None, help="at most N games (default all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--siblings", type=int, default=0, metavar="C",
                        help="the best C candidates at each position, each played out from the end of its line")
    parser.add_argument("--summary", action="store_true", help="print how the rewards order the siblings in --out")
    parser.add_argument("--fit", action="store_true", help="with --summary: fit two judges and judge them too")
    parser.add_argument("--held-out", type=float, default=0.2, help="with --fit: the share of games held out")
    parser.add_argument("--trees", type=int, default=100)
    parser.add_argument("--leaves", type=int, default=15)
    parser.add_argument("--rate", type=float, default=0.15)
    args = parser.parse_args(argv)
    if args.summary:
        if not 0 < args.held_out < 1 or args.trees < 1 or args.leaves < 2 or not 0 < args.rate <= 1:
            parser.error("--held-out a share between 0 and 1, --trees 1 or more, --leaves 2 or more, --rate in (0, 1]")
        return summary(args, sys.stdout)
    if not args.folders:
        parser.error("FOLDERs of game records are needed (or --summary)")
    if not 1 <= args.playouts <= 1000 or not 1 <= args.every <= 100 or not 0 <= args.temperature <= 100:
        parser.error("--playouts 1 to 1000, --every 1 to 100, --temperature 0 to 100")
    if not 0 <= args.siblings <= 32:
        parser.error("--siblings 0 (the positions themselves) to 32")
    if args.games is not None and args.games < 1:
        parser.error("--games 1 or more")
    return run(args, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
