"""The progress bar of the long ``pamir`` commands (``arena``, ``bench``, ``loadtest``, ``simulate``).

It is drawn with ``rich`` on standard error, and only when that is a terminal (not a dumb one): piped,
redirected or captured output holds the results alone, with no bar, spinner or escape code. The bar is
transient (it goes when the command is done) and shows one phase at a time: a description, a bar over a
known number of steps (or a spinner), the count, the time spent and the time left.
"""

from __future__ import annotations

import os
from types import TracebackType
from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    ProgressColumn,
    SpinnerColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as RichProgress
from rich.text import Text

#: Redraws a second: enough for a bar, and little enough not to disturb what ``pamir bench`` measures.
REFRESH_PER_SECOND = 4


class _Count(ProgressColumn):
    """``12/20 games``, or ``12 games`` when the total is not known."""

    def render(self, task: Task) -> Text:
        unit = f" {task.fields['unit']}" if task.fields.get("unit") else ""
        done = f"{int(task.completed):,}"  # whole units done: 2.7 s of 3 is not 3/3 s
        if task.total is None:
            return Text(f"{done}{unit}" if unit else "")
        return Text(f"{done}/{task.total:,.0f}{unit}")


def _same_file(a: TextIO, b: TextIO) -> bool:
    """Whether two streams write to the same file (the same terminal)."""
    if a is b:
        return True
    try:
        return os.path.samestat(os.fstat(a.fileno()), os.fstat(b.fileno()))
    except (OSError, ValueError, AttributeError):
        return False


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (ValueError, AttributeError):
        return False


class Progress:
    """A context manager showing the progress of a long command on ``stream`` (standard error), or nothing
    when ``stream`` is not a terminal. ``console`` replaces the one made for ``stream`` (tests inject a
    ``Console(force_terminal=True)``); it is trusted to say whether it is a terminal.

    ``phase`` starts a step of the command (the previous one's bar goes), ``advance`` and ``set`` move it, and
    ``print`` writes a line of results without breaking the bar.
    """

    def __init__(self, stream: TextIO, console: Console | None = None) -> None:
        self.stream = stream
        if console is None:
            # A terminal by rich's rules (TTY_COMPATIBLE, FORCE_COLOR...) is not enough: the stream itself must
            # be one, so that a CI log with FORCE_COLOR set gets no bar either.
            console = Console(file=stream)
            shown = _is_terminal(stream) and console.is_terminal and not console.is_dumb_terminal
        else:
            shown = console.is_terminal and not console.is_dumb_terminal
        self.shown = shown
        self._bar = RichProgress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            _Count(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            refresh_per_second=REFRESH_PER_SECOND,
            redirect_stdout=False,  # no global sys.stdout/sys.stderr swap (worker processes fork from here)
            redirect_stderr=False,
        ) if shown else None
        self._task: TaskID | None = None

    def __enter__(self) -> Progress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.stop()

    def phase(self, description: str, total: float | None = None, unit: str = "") -> None:
        """Start a step of ``total`` units (None: of unknown length, a spinner alone)."""
        if self._bar is None:
            return
        if self._task is not None:
            self._bar.remove_task(self._task)
        self._task = self._bar.add_task(description, total=total, unit=unit)
        self._bar.refresh()  # at once, not at the next redraw

    def advance(self, steps: float = 1) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.advance(self._task, steps)

    def set(self, completed: float) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=completed)

    def print(self, line: str, file: TextIO) -> None:
        """Print ``line`` to ``file``: above the bar when ``file`` is the bar's terminal, else straight there."""
        if self._bar is not None and _same_file(file, self.stream):
            self._bar.console.print(line, markup=False, emoji=False, highlight=False, soft_wrap=True)
        else:
            print(line, file=file, flush=True)


__all__ = ["Progress"]
