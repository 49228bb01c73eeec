"""``pamir arena``: the schedule, the statistics, the records, and the same results locally and on Ray."""

from __future__ import annotations

import io
import json
import os

import pytest
from terminalkit import interruptible

from paxpamir import Game, build_info
from paxpamir.clients.arena import (
    elo_ratings,
    load_tournament,
    pairwise,
    play_spec,
    report,
    run_local,
    run_ray,
    schedule,
    wilson,
)
from paxpamir.clients.cli import main
from paxpamir.engine.errors import PamirError


def test_seats_rotate_and_seeds_are_fixed_up_front() -> None:
    specs = schedule(["heuristic", "random"], 2, 4, 10)
    assert [s.lineup for s in specs] == [
        ("heuristic", "random"),
        ("random", "heuristic"),
        ("heuristic", "random"),
        ("random", "heuristic"),
    ]
    assert [s.seed for s in specs] == [10, 11, 12, 13]
    assert specs == schedule(["heuristic", "random"], 2, 4, 10)
    assert len({seed for s in specs for seed in s.bot_seeds}) == 8


def test_fewer_bots_than_seats_fill_with_the_last_and_more_play_every_combination() -> None:
    four = schedule(["search:fast", "heuristic"], 4, 4, 1)
    assert [s.lineup.count("heuristic") for s in four] == [3, 3, 3, 3]
    assert [s.lineup.index("search:fast") for s in four] == [0, 3, 2, 1]
    three = schedule(["random", "heuristic", "search:fast"], 2, 6, 1)
    assert {frozenset(s.lineup) for s in three} == {
        frozenset({"random", "heuristic"}),
        frozenset({"random", "search:fast"}),
        frozenset({"heuristic", "search:fast"}),
    }


def test_wakhan_always_sits_last() -> None:
    specs = schedule(["wakhan", "heuristic", "random"], 3, 4, 1)
    assert all(s.wakhan and s.lineup[-1] == "wakhan" for s in specs)
    assert [s.lineup[:2] for s in specs[:2]] == [("heuristic", "random"), ("random", "heuristic")]
    with pytest.raises(PamirError):
        schedule(["wakhan", "heuristic"], 4, 2, 1)
    with pytest.raises(PamirError):
        schedule(["wakhan"], 2, 2, 1)


def test_wilson_interval() -> None:
    lo, hi = wilson(95, 100)
    assert 0.88 < lo < 0.89 and 0.978 < hi < 0.979
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_elo_orders_the_stronger_bot_first_and_averages_1500() -> None:
    pairs = [("a", "b", 1.0)] * 75 + [("a", "b", 0.0)] * 25
    elo = elo_ratings(["a", "b"], pairs)
    assert elo["a"] > elo["b"]
    assert abs(elo["a"] + elo["b"] - 3000) < 1e-6
    # 75% expected score is about 191 Elo points (the weak prior pulls it in a little).
    assert 170 < elo["a"] - elo["b"] < 195


def test_a_game_is_played_from_its_spec_and_its_record_replays() -> None:
    spec = schedule(["heuristic", "random"], 2, 1, 3)[0]
    outcome = play_spec(spec)
    assert outcome.error is None and outcome.winners
    replay = Game.from_record(outcome.record)
    assert replay.is_over and replay.winners == outcome.winners and replay.vp == outcome.vp
    assert play_spec(spec).result_key() == outcome.result_key()


def test_report_and_pairs() -> None:
    outcomes = run_local(schedule(["heuristic", "random"], 2, 4, 1), workers=1)
    pairs = pairwise(outcomes)
    assert len(pairs) == 4
    out = io.StringIO()
    summary = report(outcomes, out)
    text = out.getvalue()
    assert "95% CI" in text and "Elo" in text and "heuristic" in text and "random" in text
    assert summary["games"] == 4
    assert sum(row["wins"] for row in summary["bots"]) == pytest.approx(4)


def test_pamir_arena_command_saves_replayable_records(tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    records = os.path.join(str(tmp_path), "games")
    code = main(["arena", "--bots", "heuristic", "wakhan", "--games", "3", "--workers", "2", "--records", records])
    assert code == 0
    captured = capsys.readouterr()
    out = captured.out
    assert "wakhan" in out and "heuristic" in out and "[" in out
    assert f"saved in {os.path.join(records, '')}" in out
    assert "\x1b" not in captured.err + out and "playing" not in captured.err  # no progress bar off a terminal
    files = sorted(f for f in os.listdir(records) if f.startswith("game-"))
    assert len(files) == 3
    for name in files:
        with open(os.path.join(records, name), encoding="utf-8") as f:
            game = Game.from_record(json.load(f))
        assert game.is_over
    with open(os.path.join(records, "summary.json"), encoding="utf-8") as f:
        summary = json.load(f)
    assert summary["summary"]["command"].startswith("pamir arena --bots heuristic wakhan")
    assert len(summary["games"]) == 3


def test_records_go_under_the_data_folder_by_default_and_the_path_is_printed(
        tmp_path: os.PathLike[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    home = os.path.join(str(tmp_path), "home")
    monkeypatch.setenv("PAXPAMIR_HOME", home)
    monkeypatch.chdir(tmp_path)
    args = ["arena", "--bots", "random", "--games", "2", "--workers", "1", "--seed", "7"]
    assert main(args) == 0
    assert main(args) == 0  # a second run gets a folder of its own
    out = capsys.readouterr().out
    runs = sorted(os.listdir(os.path.join(home, "arena")))
    assert len(runs) == 2 and all("-seed7" in run for run in runs)
    for run in runs:
        folder = os.path.join(home, "arena", run)
        assert f"saved in {os.path.join(folder, '')}" in out
        assert sorted(os.listdir(folder)) == ["game-0000-seed-7.json", "game-0001-seed-8.json", "outcomes.jsonl",
                                              "summary.json", "tournament.json"]
    assert sorted(os.listdir(tmp_path)) == ["home"]  # nothing in the current folder


def test_no_records_saves_nothing(tmp_path: os.PathLike[str], monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PAXPAMIR_HOME", str(tmp_path))
    assert main(["arena", "--bots", "random", "--games", "1", "--workers", "1", "--no-records"]) == 0
    assert "saved" not in capsys.readouterr().out and os.listdir(tmp_path) == []
    assert main(["arena", "--games", "1", "--no-records", "--records", "x"]) == 2  # one or the other


def test_cpu_time_is_measured_per_decision_and_reported(capsys: pytest.CaptureFixture[str]) -> None:
    outcomes = run_local(schedule(["search:3", "heuristic"], 2, 2, 1), workers=1)
    for o in outcomes:
        for seat in range(2):
            assert 0 < o.cpu_max[seat] <= o.cpu_seconds[seat]
            assert o.cpu_seconds[seat] <= o.seconds[seat] * 1.05 + 0.01  # one thread's CPU within its wall time
    out = io.StringIO()
    summary = report(outcomes, out)
    assert "CPU ms/decision" in out.getvalue() and "CPU max" in out.getvalue()
    assert "iterations a CPU second" in out.getvalue()
    for row in summary["bots"]:
        assert 0 < row["cpu_ms_per_decision"] <= row["cpu_ms_max"]


def test_bad_bot_names_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "deep-blue", "--games", "1", "--no-records"]) == 1
    assert "unknown bot kind" in capsys.readouterr().err


def test_local_pool_and_in_process_runs_give_the_same_results() -> None:
    specs = schedule(["heuristic", "random", "search:3"], 2, 3, 5)
    one = [o.result_key() for o in run_local(specs, workers=1)]
    two = [o.result_key() for o in run_local(specs, workers=2)]
    assert one == two


def test_ray_gives_the_same_results_as_the_local_pool() -> None:
    import ray  # the "ray" extra, part of the "test" extra
    specs = schedule(["heuristic", "random", "search:3"], 2, 3, 7)
    local = [o.result_key() for o in run_local(specs, workers=2)]
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote_outcomes = run_ray(specs)
    finally:
        ray.shutdown()
    assert [o.result_key() for o in remote_outcomes] == local
    assert all(o.cpu_seconds[seat] > 0 for o in remote_outcomes for seat in range(2))  # measured in the worker


def _lines(path: str) -> list[str]:
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def _summary(folder: str) -> list[list[object]]:
    with open(os.path.join(folder, "summary.json"), encoding="utf-8") as f:
        games = json.load(f)["games"]
    return [[g["index"], g["seed"], g["lineup"], g["winners"], g["vp"], g["turns"], g["decisions"]] for g in games]


def test_a_tournament_stopped_part_way_is_resumed_and_ends_as_one_whole_run(
        tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]) -> None:
    # Each game is saved as it ends. A run stopped after some games (here: its last lines and a record lost, a
    # line cut short as a kill would leave it) goes on with --resume, plays only the games it lacks, and gives
    # the results of one whole run; --games makes it longer.
    whole = os.path.join(str(tmp_path), "whole")
    part = os.path.join(str(tmp_path), "part")
    common = ["--bots", "heuristic", "random", "--players", "2", "--seed", "3", "--workers", "1"]
    assert main(["arena", *common, "--games", "4", "--records", whole]) == 0
    assert main(["arena", *common, "--games", "4", "--records", part]) == 0
    lines = _lines(os.path.join(part, "outcomes.jsonl"))
    assert len(lines) == 4
    with open(os.path.join(part, "outcomes.jsonl"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines[:2]) + "\n" + lines[2][:40])  # games 2 and 3 lost, one line cut short
    os.remove(os.path.join(part, "summary.json"))
    first = json.loads(lines[0])
    os.remove(os.path.join(part, f"game-{first['index']:04d}-seed-{first['seed']}.json"))  # its record lost
    capsys.readouterr()
    assert main(["arena", "--resume", part, "--workers", "1"]) == 0
    err = capsys.readouterr().err
    assert "1 games played, 3 to play" in err
    assert _summary(part) == _summary(whole)
    assert len(_lines(os.path.join(part, "outcomes.jsonl"))) == 1 + 3
    assert main(["arena", "--resume", part, "--workers", "1", "--games", "6"]) == 0
    assert "4 games played, 2 to play" in capsys.readouterr().err
    longer = _summary(part)
    assert longer[:4] == _summary(whole) and len(longer) == 6
    assert main(["arena", "--resume", part, "--workers", "1"]) == 0  # nothing left: the report again
    assert "6 games played, 0 to play" in capsys.readouterr().err
    assert _summary(part) == longer


def test_resume_refuses_what_would_mix_two_tournaments(tmp_path: os.PathLike[str],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    folder = os.path.join(str(tmp_path), "t")
    assert main(["arena", "--bots", "random", "--games", "2", "--workers", "1", "--records", folder]) == 0
    before = sorted(os.listdir(folder))
    capsys.readouterr()
    assert main(["arena", "--resume", folder, "--bots", "heuristic"]) == 1
    assert "--bots cannot change it" in capsys.readouterr().err
    assert main(["arena", "--resume", folder, "--games", "1"]) == 1
    assert "longer, not shorter" in capsys.readouterr().err
    assert main(["arena", "--resume", str(tmp_path)]) == 1
    assert "holds no tournament to resume" in capsys.readouterr().err
    assert main(["arena", "--resume", folder, "--no-records"]) == 2  # one or the other
    settings = json.loads("\n".join(_lines(os.path.join(folder, "tournament.json"))))
    with open(os.path.join(folder, "tournament.json"), "w", encoding="utf-8") as f:
        json.dump({**settings, "version": "0.0.1"}, f)
    assert main(["arena", "--resume", folder]) == 1
    assert "played by paxpamir 0.0.1" in capsys.readouterr().err
    other = "pure Python" if build_info() != "pure Python" else "compiled (mypyc)"
    with open(os.path.join(folder, "tournament.json"), "w", encoding="utf-8") as f:
        json.dump({**settings, "build": other}, f)
    assert main(["arena", "--resume", folder]) == 1  # levels in seconds play differently in the other build
    assert f"played by the {other} build" in capsys.readouterr().err
    assert sorted(os.listdir(folder)) == before  # nothing changed by a refusal


def test_ctrl_c_stops_a_tournament_at_once_and_keeps_the_games_that_ended(tmp_path: os.PathLike[str]) -> None:
    # Interrupted after its first games, the run stops without playing the games still queued (which would
    # take minutes here) and keeps those that ended, for --resume.
    import signal
    import subprocess
    import sys
    import time

    folder = os.path.join(str(tmp_path), "t")
    outcomes = os.path.join(folder, "outcomes.jsonl")
    command = [sys.executable, "-m", "paxpamir", "arena", "--bots", "heuristic", "random", "--games", "400",
               "--workers", "2", "--records", folder]
    # Ctrl-C interrupts it as at a terminal, whatever this test run ignores; its own process group, so that a
    # failing test leaves no tournament (and no workers) playing on.
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=interruptible, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not (os.path.exists(outcomes) and len(_lines(outcomes)) >= 2):
            time.sleep(0.1)
        assert len(_lines(outcomes)) >= 2
        proc.send_signal(signal.SIGINT)
        started = time.monotonic()
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130 and "interrupted" in err
        assert time.monotonic() - started < 10
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    kept = len(_lines(outcomes))
    assert 2 <= kept < 400
    settings, done = load_tournament(folder)
    assert settings["games"] == 400 and len(done) == kept
