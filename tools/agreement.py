"""How often bots choose the same option at the same positions (issue 34: is a search level's choice converged?).

    python tools/agreement.py measurements/arena/2p-search-vs-search-w0.5-p0-seed7300 --games 20 --per 5 \\
        --bots search:600 search:w0.5,p0,600 search:600@2 search:w0.5,p0,600@2 heuristic

replays the first GAMES records of an arena folder (by name) and, at PER turn decisions of each drawn at random
(those of the play phase with more than one legal option; the same draws for the same records), asks every bot in
BOTS for its choice. A bot is a name of ``pamir arena --bots``, with ``@N`` for its seed (1 if not given): the same
level with two seeds tells whether its choice is settled by its budget or still depends on its luck. Give budgets
in lines (``search:600``), not seconds, so that the choices are the same on any machine and in either build.
Prints how many positions were asked, then for every pair of bots how often they chose the same option, then the
same by the first bot's kind of option.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
from collections import Counter

from paxpamir import Game
from paxpamir.agents.registry import make_agent
from paxpamir.engine.errors import PamirError


def _bot(spec: str) -> tuple[str, int]:
    name, _, seed = spec.partition("@")
    if seed and not seed.isdigit():
        raise argparse.ArgumentTypeError(f"{spec!r}: the seed after @ is a whole number")
    return name, int(seed) if seed else 1


def choices(record: dict[str, object], per: int, bots: list[tuple[str, int]], rng: random.Random) -> list[list[tuple]]:
    """Each bot's choice at ``per`` turn decisions of the game ``record``, drawn with ``rng``."""
    seed, moves = int(str(record["seed"])), record["choices"]
    assert isinstance(moves, list)
    players = int(str(record["players"]))
    game = Game.new(players=players, seed=seed)
    asked: list[int] = []
    for i, move in enumerate(moves):
        if game.phase == "play" and game.decision == "turn" and len(game.legal_options()) > 1:
            asked.append(i)
        game.apply(tuple(move[1]))
    drawn = set(rng.sample(asked, min(per, len(asked))))
    game = Game.new(players=players, seed=seed)
    found = []
    for i, move in enumerate(moves):
        if i in drawn:
            found.append([tuple(make_agent(name, seed=s).decide(game).option) for name, s in bots])
        game.apply(tuple(move[1]))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", help="a folder of `pamir arena` records")
    parser.add_argument("--games", type=int, default=20, help="records read, the first by name (default 20)")
    parser.add_argument("--per", type=int, default=5, help="turn decisions drawn from each (default 5)")
    parser.add_argument("--bots", nargs="+", type=_bot, required=True, metavar="BOT[@SEED]")
    args = parser.parse_args(argv)
    if args.games < 1 or args.per < 1 or len(args.bots) < 2:
        parser.error("--games and --per 1 or more, and two bots or more")
    for name, seed in args.bots:
        try:
            make_agent(name, seed=seed)
        except PamirError as e:
            parser.error(str(e))
    files = sorted(glob.glob(os.path.join(args.folder, "game-*.json")))[: args.games]
    if not files:
        parser.error(f"no game records (game-*.json) in {args.folder}")
    rng = random.Random(5)
    rows: list[list[tuple]] = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            rows.extend(choices(json.load(f), args.per, args.bots, rng))
    names = [f"{name}@{seed}" for name, seed in args.bots]
    plural = {1: ""}
    print(f"{len(rows)} turn decision{plural.get(len(rows), 's')} of {len(files)} game{plural.get(len(files), 's')}")
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            print(f"{names[a]} and {names[b]}: the same {sum(r[a] == r[b] for r in rows)} of {len(rows)}")
    kinds, same = Counter(str(r[0][0]) for r in rows), Counter(str(r[0][0]) for r in rows if r[0] == r[1])
    print(f"by {names[0]}'s kind, the same as {names[1]}: " + ", ".join(f"{k} {same[k]} of {kinds[k]}" for k in kinds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
