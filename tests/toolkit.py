"""Loading a script of ``tools/`` as a module, and the arena games it reads, for the tests of that tool."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def load_tool(name: str) -> ModuleType:
    """``tools/<name>.py``, executed as a module of that name and registered under it (so that its functions can be
    sent to the worker processes a tool starts)."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def arena_records(
    folder: str | os.PathLike[str], games: int, players: int = 2, bots: tuple[str, str] = ("heuristic", "random")
) -> str:
    """The records of ``games`` games of ``bots`` (by default a heuristic bot against random ones; seeds from 5),
    played by ``pamir arena`` into ``folder``/games, whose path is returned."""
    from paxpamir.clients.cli import main as pamir

    records = os.path.join(folder, "games")
    args = ["arena", "--bots", *bots, "--players", str(players), "--games", str(games)]
    assert pamir([*args, "--workers", "1", "--seed", "5", "--records", records]) == 0
    return records
