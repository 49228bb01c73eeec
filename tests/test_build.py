"""The build: compiled (mypyc) or pure Python, all or nothing, and the same games either way.

With ``PAXPAMIR_EXPECT_BUILD=compiled`` (or ``pure``) this module checks that every engine module really is
compiled (or none is); without it, that the engine is not partly compiled. Any build replays the same seeded
games and must reach the state hashes recorded in ``tests/data/golden_games.json`` (regenerate it with
``python tests/test_build.py`` after a deliberate change of the rules).
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import sys
from pathlib import Path

import pytest

import paxpamir
from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.agents.runner import play_game
from paxpamir.agents.wakhan_procedure import WakhanPlayer

GOLDEN = Path(__file__).resolve().parent / "data" / "golden_games.json"
GAMES = [(players, seed, False) for players in (2, 3, 4, 5) for seed in (1, 2, 3, 4)] + [
    (players, seed, True) for players in (2, 3) for seed in (1, 2)
]


def engine_modules() -> list[str]:
    names = []
    for package in paxpamir.COMPILED_PACKAGES:
        module = importlib.import_module(f"paxpamir.{package}")
        names += [f"{module.__name__}.{m.name}" for m in pkgutil.iter_modules(module.__path__)]
    pure = {f"paxpamir.{name}" for name in paxpamir.PURE_MODULES}
    return sorted(name for name in names if name not in pure)


def test_setup_leaves_exactly_the_pure_modules_uncompiled():
    setup = (Path(__file__).resolve().parent.parent / "setup.py").read_text(encoding="utf-8")
    line = next(x for x in setup.splitlines() if x.startswith("PURE_MODULES"))
    listed = line.split("=", 1)[1]
    for name in paxpamir.PURE_MODULES:
        assert f'"paxpamir/{name.replace(".", "/")}.py"' in listed
    assert listed.count(".py") == len(paxpamir.PURE_MODULES)


def test_the_engine_is_compiled_all_or_nothing():
    compiled = sorted(paxpamir.compiled_modules())
    expected = os.environ.get("PAXPAMIR_EXPECT_BUILD", "")
    if expected == "compiled":
        assert compiled == engine_modules()
        assert paxpamir.build_info() == "compiled (mypyc)"
    elif expected == "pure":
        assert compiled == []
        assert paxpamir.build_info() == "pure Python"
    else:
        assert compiled in ([], engine_modules()), f"a partly compiled engine: {compiled}"


def play(players: int, seed: int, wakhan: bool) -> dict[str, object]:
    game = Game.new(players, seed, wakhan=wakhan)
    bot = RandomBot(seed)
    agents = [bot] * players
    if wakhan:
        agents[-1] = WakhanPlayer()
    result = play_game(game, agents)
    return {
        "players": players,
        "seed": seed,
        "wakhan": wakhan,
        "decisions": result.decisions,
        "vp": game.vp,
        "state_hash": game.state_hash(),
    }


@pytest.mark.parametrize(("players", "seed", "wakhan"), GAMES)
def test_seeded_games_reach_the_recorded_states(players: int, seed: int, wakhan: bool):
    golden = {(g["players"], g["seed"], g["wakhan"]): g for g in json.loads(GOLDEN.read_text(encoding="utf-8"))}
    assert play(players, seed, wakhan) == golden[(players, seed, wakhan)]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps([play(*g) for g in GAMES], indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(GAMES)} games)", file=sys.stderr)
