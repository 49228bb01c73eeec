"""How long the search bot takes per decision, level by level, on a fixed set of positions (issue 34).

    python tools/bench_search.py [--levels fast normal strong] [--configs 2 3w 4 5] [--rounds 1 3 5 8 11]
                                 [--play heuristic|random] [--record FILE ... --seat N]

The positions: for each configuration (``2``: two players; ``3w``: three seats, the last Wakhan's; ``4``, ``5``)
and each number of rounds R, the first turn decision after R rounds of play by heuristic bots (``--play
random``: random bots, a set that stays the same whatever the heuristic becomes, but with shorter, cheaper
lines) for a seat other than Wakhan's, in the first game from seed R that lasts that long. At each, a fresh
search bot of the level (``paxpamir.agents.registry.make_agent``, seeded by the position's index) decides once,
and the wall-clock time of ``decide`` is measured, the heuristic's scoring of the candidates included.

With ``--record`` the positions are instead every turn decision with more than one option of seat ``--seat`` in
the given game records (an arena's ``game-*.json``): where a game's searched decisions took longest, asked again
(the configuration column then names the record by its place in the list: ``r1``, ``r2``, ...).

Printed per level and configuration: decisions, mean, 95th percentile and largest time in seconds, the lines
played per decision (mean), the determinizations played out to the end of the game (mean; the strong level's
playouts, two games each), the lines cut short by the deadline and dropped (mean), and the overruns: decisions
over the level's nominal time plus 20% (fast 0.3 s, normal 1 s, strong 5 s). A level may also be ``N`` (lines:
no nominal time) or ``Xs`` (seconds: X). The machine's load average is printed beside the figures: they compare
only at the same load.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time

from paxpamir import Game, build_info
from paxpamir.agents.registry import make_agent
from paxpamir.agents.wakhan import WakhanPlayer

#: The times the levels stand for (seconds a decision): what an overrun is measured against.
NOMINAL: dict[str, float] = {"fast": 0.3, "normal": 1.0, "strong": 5.0}
OVERRUN: float = 1.2


def position(config: str, rounds: int, play: str) -> Game:
    """The first turn decision after ``rounds`` rounds (each seat's turn once) of ``play`` (``heuristic`` or
    ``random`` bots; Wakhan by her procedure), for a seat other than Wakhan's, in the game with the lowest seed
    from ``rounds`` on that lasts that long."""
    players = int(config.rstrip("w"))
    wakhan = config.endswith("w")
    seed = rounds
    while True:
        game = Game.new(players, seed, wakhan=wakhan, quiet=True)
        bots = [make_agent(play, seed * 10 + p) for p in range(players)]
        her = WakhanPlayer()
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            if game.decision == "turn" and game.turn > rounds * players and seat != game.wakhan:
                return game
            if seat == game.wakhan:
                made = her.decide(game)
            else:
                made = bots[seat].decide(game)
            game.apply(made.option, reason=made.reason, note=made.note)  # Wakhan's note keeps her place
        seed += 1


def recorded(path: str, seat: int) -> list[Game]:
    """Every turn decision of ``seat`` with more than one option in the game record at ``path``."""
    with open(path, encoding="utf-8") as file:
        record = json.load(file)
    choices = record["choices"]
    found = []
    for n, choice in enumerate(choices):
        if choice[0] != seat:
            continue
        game = Game.from_record({**record, "choices": choices[:n]})
        if game.decision == "turn" and len(game.legal_options()) > 1:
            found.append(game)
    return found


def nominal(level: str) -> float | None:
    if level in NOMINAL:
        return NOMINAL[level]
    if level.endswith("s"):
        try:
            return float(level[:-1])
        except ValueError:
            return None
    return None


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def row(label: str, times: list[float], lines: list[int], outs: list[int], cut: list[int], limit: float | None) -> str:
    over = "-" if limit is None else str(sum(t > OVERRUN * limit for t in times))
    return (
        f"  {label:<6} {len(times):>4} {statistics.fmean(times):>7.3f} {percentile(times, 0.95):>7.3f} "
        f"{max(times):>7.3f} {statistics.fmean(lines):>7.0f} {statistics.fmean(outs):>5.1f} "
        f"{statistics.fmean(cut):>5.1f} {over:>6}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--levels", nargs="+", default=["fast", "normal", "strong"], help="search levels")
    parser.add_argument("--configs", nargs="+", default=["2", "3w", "4", "5"], help="players; 'w': + Wakhan")
    parser.add_argument("--play", choices=["heuristic", "random"], default="heuristic", help="play to the positions")
    parser.add_argument("--rounds", nargs="+", type=int, default=[1, 3, 5, 8, 11], help="rounds played before")
    parser.add_argument("--record", nargs="+", default=[], help="game records: their turn decisions of --seat")
    parser.add_argument("--seat", type=int, default=0, help="with --record: the seat whose decisions are asked")
    args = parser.parse_args()
    if args.record:
        positions = [(f"r{i + 1}", g) for i, path in enumerate(args.record) for g in recorded(path, args.seat)]
        where = ", ".join(f"r{i + 1} {path}" for i, path in enumerate(args.record))
        what = f"the turn decisions of seat {args.seat} in {where}"
    else:
        positions = [(c, position(c, t, args.play)) for c in args.configs for t in args.rounds]
        what = f"{' '.join(args.configs)} x rounds {' '.join(map(str, args.rounds))}, {args.play} play"
    print(
        f"search latency, {build_info()}, {len(positions)} positions ({what}); "
        f"load average at start {os.getloadavg()[0]:.2f}"
    )
    for level in args.levels:
        limit = nominal(level)
        name = "search" if level == "normal" else f"search:{level}"
        print(f"{name} (nominal {limit if limit is not None else '-'} s): seconds a decision")
        print(
            f"  {'config':<6} {'n':>4} {'mean':>7} {'p95':>7} {'max':>7} {'lines':>7} {'outs':>5} {'cut':>5} "
            f"{'>+20%':>6}"
        )
        by_config: dict[str, tuple[list[float], list[int], list[int], list[int]]] = {}
        for index, (config, game) in enumerate(positions):
            bot = make_agent(name, index)
            started = time.perf_counter()
            bot.decide(game)
            spent = time.perf_counter() - started
            times, lines, outs, cut = by_config.setdefault(config, ([], [], [], []))
            times.append(spent)
            lines.append(int(getattr(bot, "iterations_run", 0)))
            outs.append(int(getattr(bot, "playouts_run", 0)))
            cut.append(int(getattr(bot, "dropped", 0)))
        for config, (times, lines, outs, cut) in by_config.items():
            print(row(config, times, lines, outs, cut, limit))
        every = [[x for part in column for x in part] for column in zip(*by_config.values(), strict=True)]
        counts = [[int(n) for n in column] for column in every[1:]]
        print(row("all", every[0], counts[0], counts[1], counts[2], limit))
        print(f"  load average now {os.getloadavg()[0]:.2f}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
