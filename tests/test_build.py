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
from paxpamir.agents.wakhan import WakhanPlayer

GOLDEN = Path(__file__).resolve().parent / "data" / "golden_games.json"
GAMES = [(players, seed, False) for players in (2, 3, 4, 5) for seed in (1, 2, 3, 4)] + [
    (players, seed, True) for players in (2, 3) for seed in (1, 2)
]


def engine_modules() -> list[str]:
    names = []
    for package in paxpamir.COMPILED_PACKAGES:
        module = importlib.import_module(f"paxpamir.{package}")
        names += [m.name for m in pkgutil.walk_packages(module.__path__, f"{module.__name__}.")]
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


def played(players: int, seed: int, wakhan: bool, quiet: bool = False) -> tuple[Game, int]:
    """The seeded game played to its end by a random bot (and Wakhan), and its number of decisions."""
    game = Game.new(players, seed, wakhan=wakhan, quiet=quiet)
    bot = RandomBot(seed)
    agents = [bot] * players
    if wakhan:
        agents[-1] = WakhanPlayer()
    return game, play_game(game, agents).decisions


def play(players: int, seed: int, wakhan: bool) -> dict[str, object]:
    game, decisions = played(players, seed, wakhan)
    return {
        "players": players,
        "seed": seed,
        "wakhan": wakhan,
        "decisions": decisions,
        "vp": game.vp,
        "state_hash": game.state_hash(),
    }


@pytest.mark.parametrize(("players", "seed", "wakhan"), GAMES)
def test_seeded_games_reach_the_recorded_states(players: int, seed: int, wakhan: bool):
    golden = {(g["players"], g["seed"], g["wakhan"]): g for g in json.loads(GOLDEN.read_text(encoding="utf-8"))}
    assert play(players, seed, wakhan) == golden[(players, seed, wakhan)]


def test_a_quiet_game_is_the_same_game_with_a_short_log():
    """Game.new(quiet=True) logs only what agents read back (turns, reasons, notes): same records, same states."""
    from paxpamir.engine.game import ALWAYS_LOGGED

    for players, seed, wakhan in GAMES[::3]:
        loud, _ = played(players, seed, wakhan)
        quiet, _ = played(players, seed, wakhan, quiet=True)
        assert quiet.state_hash() == loud.state_hash() and quiet.record() == loud.record()
        assert {e["type"] for e in quiet.events()} <= ALWAYS_LOGGED
        assert len(quiet.events()) < len(loud.events()) / 2
        assert quiet.notes_this_turn(0) == loud.notes_this_turn(0)
    g = Game.new(players=2, seed=1, quiet=True)
    assert g.clone().quiet and not Game.from_json(g.to_json()).quiet


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps([play(*g) for g in GAMES], indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(GAMES)} games)", file=sys.stderr)



def test_a_pure_build_removes_compiled_modules_an_earlier_build_left(tmp_path: Path) -> None:
    """setup.py's build_ext, when it does not compile, deletes the compiled modules of an earlier build (in
    build/ or next to the sources), so that they can never shadow the .py files of a pure install."""
    import ast

    source = (Path(__file__).resolve().parent.parent / "setup.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "_remove_compiled")
    namespace: dict[str, object] = {"Path": Path, "sys": sys}
    exec(compile(ast.Module(body=[fn], type_ignores=[]), "setup.py", "exec"), namespace)
    stale = [
        tmp_path / "paxpamir" / "engine" / "game.cpython-311-x86_64-linux-gnu.so",
        tmp_path / "abc123__mypyc.cpython-311-x86_64-linux-gnu.so",
    ]
    kept = [tmp_path / "paxpamir" / "engine" / "game.py", tmp_path / "other.so"]
    for path in stale + kept:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    namespace["_remove_compiled"](tmp_path)  # type: ignore[operator]
    assert not any(p.exists() for p in stale) and all(p.exists() for p in kept)


OLD_RECORDS = Path(__file__).resolve().parent / "data" / "records_before_bargaining.json"


def test_records_made_before_bargaining_replay_to_the_same_states():
    """Records written before a bribe could be bargained over (bots and Wakhan, 16 bribes paid or refused among
    them) load and replay to the very states they reached then: bargaining only adds options."""
    games = json.loads(OLD_RECORDS.read_text(encoding="utf-8"))
    assert sum(g["bribes"] for g in games) >= 10
    for old in games:
        game = Game.from_record(old["record"])
        assert (game.state_hash(), game.vp) == (old["state_hash"], old["vp"])
        assert game.record() == old["record"]
