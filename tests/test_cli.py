"""The ``pamir`` command line and the random bot."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.agents.runner import play_out
from paxpamir.clients.cli import main

SRC = str(Path(__file__).resolve().parent.parent / "src")


def game_rows(text: str) -> list[list[str]]:
    """The per-game rows of ``pamir simulate`` output, split into columns."""
    return [line.split() for line in text.splitlines() if re.match(r"^\s+\d+\s+-?\d+\s", line)]


def reference_game(players: int, seed: int) -> tuple[Game, int]:
    game = Game.new(players, seed)
    return game, play_out(game, RandomBot(seed))


# ---------------------------------------------------------------------------- the random bot


def test_random_bot_only_picks_legal_options_and_is_deterministic():
    runs = []
    for _ in range(2):
        game = Game.new(3, 11)
        bot = RandomBot(5)
        chosen = []
        while not game.is_over:
            option = bot.choose(game)
            assert option in game.legal_options()
            chosen.append(option)
            game.apply(option)
        runs.append((chosen, game.summary()))
    assert runs[0] == runs[1]
    assert runs[0][1]["winners"]


def test_random_bot_spreads_its_choices():
    game = Game.new(4, 2)
    options = game.legal_options()
    assert len(options) > 1
    bot = RandomBot(0)
    picks = {bot.choose(game) for _ in range(300)}
    assert picks == set(options)


def test_random_bot_refuses_a_finished_game():
    game, _ = reference_game(2, 3)
    with pytest.raises(ValueError):
        RandomBot(1).choose(game)


# ---------------------------------------------------------------------------- simulate


def test_simulate_reports_each_game_and_totals(capsys):
    assert main(["simulate", "--players", "3", "--games", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    rows = game_rows(out)
    assert [r[1] for r in rows] == ["4", "5", "6"]
    turns = []
    decisions = []
    wins = [0, 0, 0]
    for row, seed in zip(rows, (4, 5, 6), strict=True):
        game, made = reference_game(3, seed)
        assert row[2] == "+".join(str(p + 1) for p in game.winners)  # players numbered 1 to N, as at the table
        assert row[3] == "/".join(str(v) for v in game.vp)
        assert int(row[4]) == game.turn
        assert int(row[5]) == made
        assert " ".join(row[6:]) == ("final check" if game.end_reason.startswith("final") else "early end")
        turns.append(game.turn)
        decisions.append(made)
        for p in game.winners:
            wins[p] += 1
    assert "wins: " + ", ".join(f"player {p + 1}: {wins[p]}" for p in range(3)) in out
    assert f"average turns: {sum(turns) / 3:.1f}, average decisions: {sum(decisions) / 3:.1f}" in out
    assert "end reasons: " in out


def test_simulate_check_runs_the_invariants_after_every_decision(capsys, monkeypatch):
    calls = []
    fake = types.ModuleType("paxpamir.engine.invariants")
    fake.check_invariants = lambda game: calls.append(len(game.choices()))
    monkeypatch.setitem(sys.modules, "paxpamir.engine.invariants", fake)
    assert main(["simulate", "--players", "2", "--games", "1", "--seed", "8", "--check"]) == 0
    _, made = reference_game(2, 8)
    assert calls == list(range(made + 1))  # after setup, then after each decision
    assert "invariants checked" in capsys.readouterr().out


def test_simulate_check_reports_a_broken_invariant(capsys, monkeypatch):
    def check(game):
        assert len(game.choices()) < 7, "seven is too many"

    fake = types.ModuleType("paxpamir.engine.invariants")
    fake.check_invariants = check
    monkeypatch.setitem(sys.modules, "paxpamir.engine.invariants", fake)
    assert main(["simulate", "--players", "4", "--games", "2", "--seed", "30", "--check"]) == 1
    captured = capsys.readouterr()
    assert "FAILED after 7 decisions" in captured.out
    assert "seven is too many" in captured.out
    assert "pamir simulate --players 4 --games 1 --seed 30 --check" in captured.err
    assert "Traceback" not in captured.out + captured.err


def test_simulate_check_with_the_real_invariants(capsys):
    assert main(["simulate", "--players", "5", "--games", "1", "--seed", "2", "--check"]) == 0
    assert len(game_rows(capsys.readouterr().out)) == 1


# ---------------------------------------------------------------------------- bench


def test_bench_prints_a_row_per_player_count_with_figures_that_add_up(capsys):
    from paxpamir.clients.cli import BENCH_SEED, _mid_game, state_bytes

    args = ["bench", "--games", "2", "--players", "3", "2", "--warmup", "1", "--clones", "50"]
    assert main(args) == 0
    out = capsys.readouterr().out
    import paxpamir

    assert out.splitlines()[0].startswith(f"engine: {paxpamir.build_info()} (Python ")
    rows = [line.split() for line in out.splitlines() if re.match(r"^\s+[2-5]\s+2\s", line)]
    assert [r[0] for r in rows] == ["2", "3"]
    all_decisions = 0
    for row in rows:
        players, games, seconds = int(row[0]), int(row[1]), float(row[2])
        games_per_s, decisions_per_s, avg_decisions, avg_turns = map(float, row[3:7])
        # The games timed are the fixed seeds: their decisions and turns are known exactly.
        played = [reference_game(players, seed) for seed in range(BENCH_SEED, BENCH_SEED + games)]
        decisions = sum(d for _, d in played)
        all_decisions += decisions
        assert avg_decisions == pytest.approx(decisions / games, abs=0.05)
        assert avg_turns == pytest.approx(sum(g.turn for g, _ in played) / games, abs=0.05)
        # The rates are the counts over the time printed (rounded as printed).
        # (seconds is printed to 0.01 s, games/s to 0.1)
        assert games / (seconds + 0.005) - 0.05 <= games_per_s <= games / max(seconds - 0.005, 1e-9) + 0.05
        assert decisions_per_s == pytest.approx(games_per_s * avg_decisions, rel=0.01, abs=1)
        assert float(row[7]) > 0  # clones/s: a rate, whatever the machine
        # state B: the bytes a clone of the mid-game state allocates, as state_bytes measures them.
        assert int(row[8]) == state_bytes(_mid_game(players, BENCH_SEED))
    assert "all: 4 games in" in out and "decisions/s); wall time" in out
    total = re.search(r"all: 4 games in ([\d.]+) s timed \(([\d.]+) games/s, (\d+) decisions/s\)", out)
    assert total is not None
    assert float(total.group(3)) == pytest.approx(float(total.group(2)) * all_decisions / 4, rel=0.01, abs=1)


def test_bench_quiet_plays_the_same_games_with_a_quiet_log(capsys):
    args = ["bench", "--games", "2", "--players", "2", "--warmup", "0", "--clones", "10"]
    assert main(args) == 0
    loud = capsys.readouterr().out
    assert main([*args, "--quiet"]) == 0
    quiet = capsys.readouterr().out
    assert "every event logged" in loud.splitlines()[0] and "quiet games" in quiet.splitlines()[0]

    def counts(out: str) -> list[str]:
        row = next(line.split() for line in out.splitlines() if re.match(r"^\s+2\s+2\s", line))
        return row[5:7]  # decisions and turns per game: the same games

    assert counts(loud) == counts(quiet)


# ---------------------------------------------------------------------------- cards


def test_cards_shows_a_court_card_by_number_and_name(capsys):
    assert main(["cards", "1"]) == 0
    by_number = capsys.readouterr().out
    assert main(["cards", "mohan", "lal"]) == 0
    assert capsys.readouterr().out == by_number
    assert by_number.startswith("Mohan Lal (card 1, a court card)")
    for text in ("Kabul", "intelligence", "3 stars", "actions: move", "prize:   Russian", "patriot: no"):
        assert text in by_number
    assert by_number.count("place one of your spies") == 3
    assert "Your spies cannot be removed in battles" in by_number


def test_cards_lists_impact_icons_in_order(capsys):
    assert main(["cards", "2"]) == 0
    out = capsys.readouterr().out
    icons = re.findall(r"^\s+\d\. (.*)$", out, re.M)
    assert icons == [
        "place one of your spies on a court card of the card's region",
        "place one of your spies on a court card of the card's region",
        "place an army of your loyalty in the card's region",
        "make military the favored suit",
    ]


def test_cards_shows_both_halves_of_an_event(capsys):
    assert main(["cards", "107"]) == 0
    out = capsys.readouterr().out
    assert "Courtly Manners (card 107, an event card)" in out
    assert "if purchased (Courtly Manners): Until the next Dominance Check, the buyer may decline" in out
    assert "if discarded from the market (Disregard for Customs): Until the next Dominance Check, nobody" in out


def test_cards_without_query_lists_every_card(capsys):
    assert main(["cards"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 116
    assert [int(line.split()[0]) for line in lines] == list(range(1, 117))
    assert "Backing of Persian Aristocracy" in lines[112]


@pytest.mark.parametrize("query", ["nosuchcard", "117", "0"])
def test_cards_unknown_query_is_a_usage_error(capsys, query):
    assert main(["cards", query]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "pamir: error:" in captured.err and "Traceback" not in captured.err


def test_cards_query_matching_several_lists_them_all(capsys):
    assert main(["cards", "khan"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "6 cards match 'khan':"
    numbers = [int(line.split()[0]) for line in lines[1:]]
    assert numbers == [2, 3, 6, 45, 90, 93]
    assert all("Khan" in line for line in lines[1:])


# ---------------------------------------------------------------------------- new


def test_new_writes_a_record_that_replays(tmp_path, capsys):
    path = tmp_path / "game.pamir.json"
    assert main(["new", "--players", "3", "--seed", "9", "--out", str(path)]) == 0
    record = json.loads(path.read_text())
    assert record["players"] == 3 and record["seed"] == 9 and record["choices"] == []
    assert Game.from_record(record).state_hash() == Game.new(3, 9).state_hash()
    assert str(path) in capsys.readouterr().err


def test_new_with_random_moves_to_stdout(capsys):
    assert main(["new", "--players", "4", "--seed", "2", "--random-moves", "12"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert len(record["choices"]) == 12
    game = Game.new(4, 2)
    bot = RandomBot(2)
    for _ in range(12):
        game.apply(bot.choose(game))
    assert Game.from_record(record).state_hash() == game.state_hash()


# ---------------------------------------------------------------------------- errors and entry points


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["frobnicate"],
        ["simulate", "--players", "6"],
        ["simulate", "--players", "1"],
        ["simulate", "--players", "four"],
        ["simulate", "--games", "0"],
        ["simulate", "--seed", "x"],
        ["simulate", "--bogus"],
        ["bench", "--players"],
        ["bench", "--games", "-3"],
        ["new", "--players", "9"],
        ["new", "--out", "/nonexistent-dir/sub/x.json"],
    ],
)
def test_bad_arguments_exit_2_with_a_message(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "error" in err or "usage" in err


def test_help_exits_0(capsys):
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run(
        [sys.executable, "-m", "paxpamir", *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_python_dash_m_runs_the_command():
    done = _run("simulate", "--players", "2", "--games", "2", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert len(game_rows(done.stdout)) == 2
    bad = _run("simulate", "--players", "7")
    assert bad.returncode == 2
    assert "a game has 2 to 5 players" in bad.stderr and "Traceback" not in bad.stderr


def test_console_script_entry_points_resolve():
    """Every ``[project.scripts]`` entry names a function that exists (the installed `pamir` command works)."""
    import importlib
    import tomllib

    data = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    scripts = data["project"]["scripts"]
    assert scripts
    for target in scripts.values():
        module, _, function = target.partition(":")
        assert callable(getattr(importlib.import_module(module), function)), target


def test_state_bytes_counts_every_list_a_clone_copies_and_nothing_it_shares():
    from paxpamir.clients.cli import state_bytes

    game = Game.new(3, 5)
    before = state_bytes(game)
    game.discard.append(0)  # a copied list grows by one slot (a list over-allocates: at least 8 more bytes)
    assert state_bytes(game) >= before + 8
    game.discard.pop()
    game.removed.extend(range(1000))  # shared between clones (never changed after setup): not counted
    assert state_bytes(game) == before
    game.spies = game.spies + (0,) * 1000  # the spy table is immutable, shared by clones: not counted
    assert state_bytes(game) == before
