"""Helpers of the terminal tests: scripted input, running ``pamir play``/``replay`` in-process, a fake terminal,
and games played to a human's decision."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.clients.terminal.commands import main
from paxpamir.clients.terminal.session import Session

HASH = re.compile(r"state ([0-9a-f]{12})")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Script(io.StringIO):
    """Standard input: the given lines, then ``then`` forever (up to ``limit`` lines in all), then EOF.

    ``interrupt_after`` raises KeyboardInterrupt instead of returning that line (like Ctrl-C at a prompt).
    """

    def __init__(self, lines=(), then: str | None = None, limit: int = 4000, interrupt_after: int | None = None):
        super().__init__()
        self.lines = list(lines)
        self.then = then
        self.limit = limit
        self.interrupt_after = interrupt_after
        self.read_count = 0

    def readline(self, *args) -> str:
        if self.interrupt_after is not None and self.read_count >= self.interrupt_after:
            raise KeyboardInterrupt
        if self.read_count >= self.limit:
            return ""
        self.read_count += 1
        if self.lines:
            return self.lines.pop(0) + "\n"
        return "" if self.then is None else self.then + "\n"

    def isatty(self) -> bool:
        return False


def run(argv, stdin: Script, env_home: Path | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=stdin, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


class Tty(io.StringIO):
    """An output stream that says it is a terminal (its size comes from $COLUMNS and $LINES)."""

    def isatty(self) -> bool:
        return True


def played(players: int, seed: int, decisions: int, wakhan: bool = False) -> Game:
    """A game played by random bots (Wakhan by her procedure) for ``decisions``, then on to seat 0's decision."""
    from paxpamir.agents.wakhan import WakhanPlayer

    g = Game.new(players, seed, wakhan=wakhan)
    bot = RandomBot(seed)
    i = 0
    while not g.is_over and (i < decisions or g.current_player != 0):
        if g.current_player == g.wakhan:
            option, reason = WakhanPlayer().choose(g)
            g.apply(option, g.wakhan, reason)
        else:
            g.apply(bot.choose(g))
        i += 1
    assert not g.is_over
    return g


def decision_screen(g: Game, monkeypatch, width: int, height: int, tmp_path: Path) -> list[str]:
    """The lines a human at seat 0 sees for their decision in a width x height terminal."""
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("LINES", str(height))
    out = Tty()
    session = Session(g, [0], 1, tmp_path / "s.json", Script(), out)
    session.log_mark[0] = len(g.events()) - 40  # much happened since the last decision
    session.show_decision(0)
    text = ANSI.sub("", out.getvalue())
    assert text.endswith("\n")
    return text[:-1].split("\n")


def spawn_play(args: list[str], home: Path, rows: int, columns: int, timeout: int = 20, **env: str) -> Any:
    """``pamir play ARGS`` (as ``python -m paxpamir.clients.terminal``) in a pseudo-terminal of ``rows`` x
    ``columns``, its home in ``home`` and ``env`` added to the environment; a ``pexpect.spawn``."""
    import pexpect

    environ = dict(os.environ, PAXPAMIR_HOME=str(home), TERM="xterm-256color", PYTHONUNBUFFERED="1", **env)
    environ.pop("COLUMNS", None)  # the terminal's own size counts
    environ.pop("LINES", None)
    cmd = [sys.executable, "-m", "paxpamir.clients.terminal", "play", *args]
    return pexpect.spawn(cmd[0], cmd[1:], env=environ, dimensions=(rows, columns), timeout=timeout, encoding="utf-8")
