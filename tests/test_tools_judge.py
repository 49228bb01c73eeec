"""``tools/fit_four_player_judge.py``: a judge fitted to who won four-player arena games, scored beside the search's
reward (the figures behind docs/search-strength.md, *A judge of four-player positions*)."""

from __future__ import annotations

import importlib.util
import math
import os

import numpy as np
import pytest
from toolkit import arena_records, load_tool


def test_an_even_chance_scores_the_log_of_four_and_a_sure_winner_nothing() -> None:
    tool = load_tool("fit_four_player_judge")
    wins = np.array([[0.0, 0.0, 1.0, 0.0], [0.5, 0.5, 0.0, 0.0]])  # one winner; a win shared by two seats
    even = np.full((2, 4, 4), 0.25)
    assert tool.mean_log_loss(even, wins) == pytest.approx(math.log(4))
    sure = np.zeros((2, 4, 4))
    sure[0, :, 2] = 1.0
    sure[1, :, :2] = 0.5
    # A sure winner costs nothing; a win shared by two seats, each given half, costs log 2 (the split win).
    assert tool.mean_log_loss(sure, wins) == pytest.approx(math.log(2) / 2)
    # The search's reward: a softmax of the seats' values; an enormous temperature makes it an even chance.
    chances = tool.softmax(np.array([[[10.0, 0.0, 0.0, 0.0]] * 4]), 1e9)
    assert chances.shape == (1, 4, 4) and np.allclose(chances, 0.25)


def test_the_tool_fits_judges_on_four_player_records_and_scores_them_beside_the_reward(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    records = arena_records(tmp_path, 10, players=4)
    capsys.readouterr()
    tool = load_tool("fit_four_player_judge")
    assert tool.main([records, "--trees", "20", "--temperatures", "12", "1000000000"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("10 seeds, 2 held out; ")
    figures = {}
    for line in out[1:]:
        name, rest = line.split(": ", 1)
        figures[name] = {label: float(v) for label, v in (part.rsplit(" ", 1) for part in rest.split("; "))}
    assert list(figures) == [
        "boosted trees", "logistic regression", "the search's reward at temperature 12",
        "the search's reward at temperature 1e+09", "an even chance",
    ]
    assert figures["an even chance"]["every position"] == pytest.approx(math.log(4), abs=1e-4)
    assert figures["the search's reward at temperature 1e+09"]["every position"] == pytest.approx(math.log(4), abs=1e-4)
    # The heuristic against three random bots wins nearly every game: what it has foretells it, to a judge fitted
    # on who won as to the heuristic's own values, far better than an even chance.
    for name in ("boosted trees", "logistic regression", "the search's reward at temperature 12"):
        assert figures[name]["every position"] < 0.8 * math.log(4), name
    # Written as Python data: the trees scored above (fitted without the held-out games), checked by the tool to
    # give scikit-learn's chances when walked as the package walks them.
    out = os.path.join(tmp_path, "trees4.py")
    assert tool.main([records, "--trees", "5", "--leaves", "4", "--write", out]) == 0
    printed = capsys.readouterr().out
    assert f"written: {out} (walked as the package walks it, it gives scikit-learn's chances on " in printed
    spec = importlib.util.spec_from_file_location("trees4", out)
    assert spec is not None and spec.loader is not None
    trees = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(trees)
    assert len(trees.ROOTS) == 5 and "Generated: do not edit by hand" in str(trees.__doc__)
    assert trees.HELD_OUT_SEED == 13  # seeds 5 to 14: the last two held out


def test_bad_arguments_are_refused_with_a_message(tmp_path: os.PathLike[str]) -> None:
    tool = load_tool("fit_four_player_judge")
    records = arena_records(tmp_path, 1, players=4)
    two = arena_records(os.path.join(tmp_path, "two"), 2)
    for bad in (
        [records, "--trees", "0"],
        [records, "--held-out", "1"],
        [records, "--temperatures", "0"],
        [os.path.join(tmp_path, "nothing-here")],
        [records],  # one game: nothing to hold out
        [two],  # two-player games only
    ):
        with pytest.raises(SystemExit):
            tool.main(bad)
