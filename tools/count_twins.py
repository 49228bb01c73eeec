"""How often two of the search's candidates are one turn (README, *Bots and the arena*: ``search:x``).

    python tools/count_twins.py measurements/arena/2p-search-vs-search-w0.5-p0-seed7000 --games 60

draws two searched turn decisions from each of the first GAMES records of an arena folder, lets the normal level
with a budget of 40 lines (``search:40``, the same in either build) choose its candidates there, plays each
candidate's line in one determinization of the deciding seat's view and counts the decisions where two or more of
those lines end in the same position (the cards of a hand in any order): the same turn in another order.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path

from paxpamir import Game
from paxpamir.agents.determinize import determinization_base, determinize
from paxpamir.agents.search import SearchBot, _turn_key


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder of `pamir arena` records")
    parser.add_argument("--games", type=int, default=60, help="records read, the first by name (default 60)")
    args = parser.parse_args()
    rng = random.Random(11)
    searched = twins = 0
    shapes: Counter[tuple[int, int]] = Counter()
    for path in sorted(args.folder.glob("game-*.json"))[: args.games]:
        record = json.loads(path.read_text())
        choices = record["choices"]
        picks = [i for i, c in enumerate(choices) if len(c) > 2 and c[2] and c[2].startswith("search:")]
        for i in rng.sample(picks, min(2, len(picks))):
            game = Game.from_record({**record, "choices": choices[:i]})
            seat = game.current_player
            if game.decision != "turn" or seat is None:
                continue
            bot = SearchBot(seed=1, iterations=40, root_width=4)
            bot.decide(game)
            if len(bot.last_lines) < 2:
                continue
            world = determinize(determinization_base(game, seat), seat, random.Random(0))
            ends = [bot.play_line(world, seat, o) for o in bot.last_lines]
            turns = len({_turn_key(g) for g in ends if g is not None})
            searched += 1
            twins += turns < len(ends)
            shapes[(len(ends), turns)] += 1
    print(f"{searched} searched turn decisions; {twins} with two candidates or more one turn")
    for (candidates, turns), n in sorted(shapes.items()):
        print(f"  {candidates} candidates, {turns} different turns: {n}")


if __name__ == "__main__":
    main()
