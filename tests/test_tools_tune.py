"""``tools/tune_weights.py``: the fitted evaluation's weights tuned by self-play (SPSA) rather than fitted to who
won (issue 34)."""

from __future__ import annotations

import json
import os

import pytest
from toolkit import load_tool

from paxpamir.agents.heuristic import FEATURES, FITTED_WEIGHTS


def test_tuning_moves_a_weight_the_way_that_wins_more_and_leaves_the_rest_near_where_they_were() -> None:
    tool = load_tool("tune_weights")
    start = FITTED_WEIGHTS[2]
    seeds = []

    def match(a: tuple[float, ...], b: tuple[float, ...], seed: int) -> float:
        # More of the first weight (vp) wins three games in four; nothing else matters.
        seeds.append(seed)
        return 0.75 if a[0] > b[0] else 0.25

    tuned = tool.tune(start, match, 100, 500, 4)
    scale = max(abs(start[0]), tool.FLOOR)
    # Each match moves the weight up by STEP x (2 x 0.25) / (2 x PERTURBATION) of its scale: 100 of them, 3 scales.
    assert tuned[0] == pytest.approx(start[0] + 100 * tool.STEP * 0.5 / (2 * tool.PERTURBATION) * scale)
    for w, s in zip(tuned[1:], start[1:], strict=True):  # a random walk of 100 small steps each
        assert abs(w - s) < 1.5 * max(abs(s), tool.FLOOR)
    assert seeds == list(range(500, 900, 4))  # each match its own deals
    # The same seed, the same tuning.
    assert tool.tune(start, match, 100, 500, 4) == tuned


def test_with_four_players_a_quarter_of_the_wins_is_even_and_more_moves_the_weight_up() -> None:
    """With four seats, the first weights in one of them: a score of 0.25 says nothing, so nothing moves."""
    tool = load_tool("tune_weights")
    start = FITTED_WEIGHTS[4]
    assert tool.tune(start, lambda a, b, seed: 0.25, 50, 500, 1, players=4) == start

    def match(a: tuple[float, ...], b: tuple[float, ...], seed: int) -> float:
        return 0.4 if a[0] > b[0] else 0.1  # more of vp wins 0.15 above an even share, less 0.15 below

    tuned = tool.tune(start, match, 100, 500, 1, players=4)
    scale = max(abs(start[0]), tool.FLOOR)
    assert tuned[0] == pytest.approx(start[0] + 100 * tool.STEP * 4 * 0.15 / (2 * tool.PERTURBATION) * scale)


def test_each_seat_plays_with_its_own_weights_and_the_table_is_as_before_afterwards() -> None:
    tool = load_tool("tune_weights")
    today = FITTED_WEIGHTS[2]
    upside_down = tuple(-w for w in today)
    # Weights that prefer everything the right ones avoid lose to them from either seat: each seat's decisions
    # are its own weights'.
    assert tool.rotated((0, (2, 11, today, upside_down))) == 1.0
    assert tool.rotated((1, (2, 11, today, upside_down))) == 1.0
    assert FITTED_WEIGHTS[2] == today


def test_the_tool_prints_and_writes_the_tuned_weights_and_refuses_bad_settings(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    tool = load_tool("tune_weights")
    out = os.path.join(tmp_path, "tuned.json")
    assert tool.main(["--iterations", "1", "--games", "2", "--workers", "1", "--report", "1", "--out", out]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("iteration 1: ")
    assert "FITTED_WEIGHTS entry: 2: (" in printed
    with open(out) as f:
        tuned = json.load(f)
    assert len(tuned) == len(FEATURES) and all(isinstance(w, float) for w in tuned)
    for name in FEATURES:
        assert f"  # {name}\n" in printed
    for bad in (["--players", "3"], ["--iterations", "0"], ["--workers", "0"]):
        with pytest.raises(SystemExit):
            tool.main(bad)
    short = os.path.join(tmp_path, "short.json")
    with open(short, "w") as f:
        json.dump([1.0, 2.0], f)
    with pytest.raises(SystemExit):
        tool.main(["--start", short, "--iterations", "1", "--workers", "1"])
    assert f"{len(FEATURES)} weights expected, not 2" in capsys.readouterr().err
