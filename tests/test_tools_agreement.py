"""``tools/agreement.py``: how often bots choose the same option at the same positions of arena games (the figures
behind docs/search-strength.md, *Converged, and apart*)."""

from __future__ import annotations

import os

import pytest
from toolkit import arena_records, load_tool


def test_a_bot_agrees_with_itself_and_a_line_budget_makes_a_search_repeat_its_choice(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    records = arena_records(tmp_path, 2)
    capsys.readouterr()
    tool = load_tool("agreement")
    bots = ["heuristic", "heuristic", "search:8@2", "search:8@2", "random@3"]
    assert tool.main([records, "--per", "3", "--bots", *bots]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "6 turn decisions of 2 games"
    pairs = out[1:-1]
    assert len(pairs) == 10 and all(": the same " in line and line.endswith(" of 6") for line in pairs)
    # A bot with the same seed makes the same decision: the heuristic, and a search with a budget of lines.
    assert pairs[0] == "heuristic@1 and heuristic@1: the same 6 of 6"
    assert pairs[7] == "search:8@2 and search:8@2: the same 6 of 6"
    assert out[-1].startswith("by heuristic@1's kind, the same as heuristic@1: ")
    by_kind = [part.split() for part in out[-1].split(": ", 1)[1].split(", ")]  # kind, same, "of", asked
    assert sum(int(asked) for _, _, _, asked in by_kind) == 6 and all(same == asked for _, same, _, asked in by_kind)
    # The same draws for the same records: asked again, the same figures.
    assert tool.main([records, "--per", "3", "--bots", *bots]) == 0
    assert capsys.readouterr().out.splitlines() == out


def test_bad_arguments_are_refused_with_a_message(tmp_path: os.PathLike[str]) -> None:
    tool = load_tool("agreement")
    records = arena_records(tmp_path, 1)
    for bad in (
        [records, "--bots", "heuristic"],
        [records, "--per", "0", "--bots", "heuristic", "random"],
        [records, "--bots", "heuristic", "search:zz"],
        [records, "--bots", "heuristic", "random@x"],
        [os.path.join(tmp_path, "nothing-here"), "--bots", "heuristic", "random"],
    ):
        with pytest.raises(SystemExit):
            tool.main(bad)
