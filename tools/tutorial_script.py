"""Print the guided first game's moves (``paxpamir.server.tutorial.SCRIPT``) for its fixed deal.

    python tools/tutorial_script.py

The learner's seat is played by the heuristic bot (seeded as a server seeds it), except that a bribe asked of
the learner is always paid when it can be (a first game should show an action being taken, not refused);
Wakhan plays her rulebook procedure. Every bot and Wakhan are deterministic, so the same moves on the server
give the same game: paste the printed dictionary into ``SCRIPT`` when the deal or the engine changes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from paxpamir.agents.registry import make_agent  # noqa: E402
from paxpamir.agents.wakhan import WakhanPlayer  # noqa: E402
from paxpamir.server.bots import bot_seed  # noqa: E402
from paxpamir.server.tutorial import SEED, new_tutorial_game  # noqa: E402


def main() -> None:
    game = new_tutorial_game()
    moves: dict[int, list[object]] = {}
    seq = 0
    while not game.is_over:
        seat = game.current_player
        if seat == 1:
            option, reason = WakhanPlayer().choose(game)
            game.apply(option, seat, reason)
        else:
            option = make_agent("heuristic", bot_seed(SEED, seq)).decide(game).option
            if game.decision == "bribe_pay":
                option = next((o for o in game.legal_options() if o[0] == "pay"), option)
            moves[seq] = list(option)
            game.apply(option, seat)
        seq += 1
    print("{\n" + "".join(f"    {k}: {json.dumps(v)},\n" for k, v in moves.items()) + "}")
    print(f"# {seq} decisions, {len(moves)} of them the learner's; winners {game.winners}", file=sys.stderr)


if __name__ == "__main__":
    main()
