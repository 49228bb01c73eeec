"""``tools/calibrate_reward.py``: how well the search's reward at a temperature predicts the winners of arena games
(the figures behind :data:`paxpamir.agents.search.TEMPERATURE`'s comment and the README)."""

from __future__ import annotations

import math
import os

import pytest
from toolkit import arena_records, load_tool


def test_an_even_chance_scores_the_log_of_the_players_and_a_sure_winner_nothing() -> None:
    tool = load_tool("calibrate_reward")
    assert tool.log_loss([5.0, 5.0, 5.0, 5.0], [2], 12.0) == pytest.approx(math.log(4))
    assert tool.log_loss([100.0, 0.0], [0], 1.0) == pytest.approx(0.0, abs=1e-12)
    assert tool.log_loss([100.0, 0.0], [1], 1.0) == pytest.approx(100.0)  # confident and wrong: a big loss
    assert tool.log_loss([0.0, 0.0], [0, 1], 12.0) == pytest.approx(math.log(2))  # a shared win, split


def test_the_tool_reads_arena_records_and_prints_each_temperatures_log_loss(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    records = arena_records(tmp_path, 2)
    capsys.readouterr()
    tool = load_tool("calibrate_reward")
    assert tool.main([records, "--temperatures", "6", "12", "1000000"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("2 players: 2 games, ") and "even chance 0.6931" in line
    figures = {float(t): float(v) for t, v in (f.split(": ") for f in line.split("by temperature ")[1]
                                                  .split("; best")[0].split(", "))}
    assert set(figures) == {6.0, 12.0, 1e6}
    # The heuristic beats a random bot by far: its values foresee it, so any sensible temperature scores far
    # better than an even chance, and an enormous one scores as an even chance.
    assert figures[12.0] < 0.5 < figures[1e6] == pytest.approx(math.log(2), abs=0.01)
    with pytest.raises(SystemExit):
        tool.main([str(tmp_path), "--temperatures", "0"])
    with pytest.raises(SystemExit):
        tool.main([os.path.join(tmp_path, "nothing-here")])
