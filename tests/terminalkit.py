"""Helpers of the terminal tests: scripted input, running ``pamir play``/``replay`` in-process, a fake terminal,
and games played to a human's decision."""

from __future__ import annotations

import io
import json
import os
import re
import signal
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


def interruptible() -> None:
    """Run in a child before it starts (``preexec_fn``): Ctrl-C (SIGINT) interrupts it, as it does a program
    started at a terminal. A test run started in the background (``cmd &`` without job control, ``nohup``) ignores
    SIGINT, and its children would inherit that: Python then installs no KeyboardInterrupt handler at all."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn_play(args: list[str], home: Path, rows: int, columns: int, timeout: int = 20, **env: str) -> Any:
    """``pamir play ARGS`` (as ``python -m paxpamir.clients.terminal``) in a pseudo-terminal of ``rows`` x
    ``columns``, its home in ``home`` and ``env`` added to the environment; a ``pexpect.spawn``."""
    import pexpect

    environ = dict(os.environ, PAXPAMIR_HOME=str(home), TERM="xterm-256color", PYTHONUNBUFFERED="1", **env)
    environ.pop("COLUMNS", None)  # the terminal's own size counts
    environ.pop("LINES", None)
    cmd = [sys.executable, "-m", "paxpamir.clients.terminal", "play", *args]
    child = pexpect.spawn(cmd[0], cmd[1:], env=environ, dimensions=(rows, columns), timeout=timeout, encoding="utf-8",
                          preexec_fn=interruptible)
    child.logfile_read = io.StringIO()  # everything it writes, for screen_of
    return child


class VirtualScreen:
    """What a terminal of ``rows`` x ``columns`` shows after the bytes a program wrote to it: a small emulator of
    the parts of xterm the game uses (printing with automatic line wrap, carriage return and line feed with
    scrolling, cursor moves, erasing; colours and modes are read and ignored). ``lines`` is the screen now,
    ``history`` every row that scrolled off the top and then the screen."""

    CSI = re.compile(r"\x1b\[([0-9;?]*)([ -/]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|\x1b.")

    def __init__(self, rows: int, columns: int) -> None:
        self.rows, self.columns = rows, columns
        self.grid = [[" "] * columns for _ in range(rows)]
        self.scrolled: list[str] = []
        self.row = self.col = 0
        self.wrap_next = False  # the cursor stands past the last column: the next character wraps

    def feed(self, text: str) -> VirtualScreen:
        at = 0
        for m in self.CSI.finditer(text):
            self._text(text[at : m.start()])
            if m.group(3):
                self._csi(m.group(1), m.group(3))
            at = m.end()
        self._text(text[at:])
        return self

    def _line_feed(self) -> None:
        if self.row == self.rows - 1:
            self.scrolled.append("".join(self.grid.pop(0)).rstrip())
            self.grid.append([" "] * self.columns)
        else:
            self.row += 1

    def _text(self, text: str) -> None:
        for ch in text:
            if ch == "\r":
                self.col, self.wrap_next = 0, False
            elif ch == "\n":
                self._line_feed()
                self.wrap_next = False
            elif ch == "\b":
                self.col, self.wrap_next = max(0, self.col - 1), False
            elif ch == "\t":
                self.col = min(self.columns - 1, (self.col // 8 + 1) * 8)
            elif ch >= " ":
                if self.wrap_next:
                    self.col, self.wrap_next = 0, False
                    self._line_feed()
                self.grid[self.row][self.col] = ch
                if self.col == self.columns - 1:
                    self.wrap_next = True
                else:
                    self.col += 1

    def _csi(self, params: str, final: str) -> None:
        if params.startswith("?"):
            return  # modes (bracketed paste, cursor visibility...)
        args = [int(a) if a else 0 for a in params.split(";")] if params else []
        n = max(args[0], 1) if args else 1
        self.wrap_next = False
        if final in "Hf":
            self.row = min(max((args[0] if args else 1) - 1, 0), self.rows - 1)
            self.col = min(max((args[1] if len(args) > 1 else 1) - 1, 0), self.columns - 1)
        elif final == "A":
            self.row = max(0, self.row - n)
        elif final == "B":
            self.row = min(self.rows - 1, self.row + n)
        elif final == "C":
            self.col = min(self.columns - 1, self.col + n)
        elif final == "D":
            self.col = max(0, self.col - n)
        elif final == "G":
            self.col = min(self.columns - 1, n - 1)
        elif final == "K":
            mode = args[0] if args else 0
            start, end = {0: (self.col, self.columns), 1: (0, self.col + 1)}.get(mode, (0, self.columns))
            self.grid[self.row][start:end] = [" "] * (end - start)
        elif final == "J":
            mode = args[0] if args else 0
            if mode in (2, 3):
                self.grid = [[" "] * self.columns for _ in range(self.rows)]
                if mode == 3:
                    self.scrolled = []
            elif mode == 0:
                self.grid[self.row][self.col :] = [" "] * (self.columns - self.col)
                for r in range(self.row + 1, self.rows):
                    self.grid[r] = [" "] * self.columns

    @property
    def lines(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.grid]

    @property
    def history(self) -> list[str]:
        return self.scrolled + self.lines


def screen_of(child: Any, rows: int, columns: int) -> VirtualScreen:
    """The screen of a ``spawn_play`` child started with ``logfile_read`` set to a StringIO (see ``spawn_play``):
    everything it has written so far, as the terminal shows it."""
    return VirtualScreen(rows, columns).feed(child.logfile_read.getvalue())
