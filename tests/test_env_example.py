"""The training example runs (its --quick mode, a few seconds) and reports win rates and speed (needs rl)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_tiny_policy.py"


def test_the_example_trains_and_reports_win_rates_and_speed():
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "--quick", "--opponent", "random"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "against the random bot" in lines[0]
    blocks = [line.split() for line in lines if line.strip()[:1].isdigit()]
    assert len(blocks) >= 2
    assert all(b[2].endswith("%") and float(b[-1]) > 0 for b in blocks)  # win rate, steps per second
    assert lines[-1].startswith("win rate:")
