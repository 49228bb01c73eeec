"""The progress bar of the long commands: drawn on a terminal, and nothing of it in captured or piped output."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from rich.console import Console

from paxpamir.clients.cli import build_parser
from paxpamir.clients.progress import Progress

ESC = "\x1b"


def test_off_a_terminal_the_bar_is_silent_and_lines_go_straight_through() -> None:
    err, out = io.StringIO(), io.StringIO()
    with Progress(err) as bar:
        assert not bar.shown
        bar.phase("playing", total=3, unit="games")
        bar.advance()
        bar.set(2)
        bar.print("a result", out)
        bar.print("a note", err)
    assert out.getvalue() == "a result\n"
    assert err.getvalue() == "a note\n"


def test_force_color_does_not_make_a_pipe_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    with Progress(io.StringIO()) as bar:
        assert not bar.shown


def test_on_a_terminal_the_bar_shows_the_phase_and_the_count() -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100, color_system=None)
    with Progress(screen, console) as bar:
        assert bar.shown
        bar.phase("playing", total=3, unit="games")
        bar.advance(2)
        bar.phase("measuring", total=30, unit="s")
        bar.set(12)
        bar.print("a result line", screen)
        elsewhere = io.StringIO()
        bar.print("to another file", elsewhere)
    text = screen.getvalue()
    assert "playing" in text and "0/3 games" in text
    assert "measuring" in text and "12/30 s" in text
    assert "a result line" in text  # printed above the bar, on the bar's terminal
    assert elsewhere.getvalue() == "to another file\n" and "to another file" not in text


def test_a_dumb_terminal_gets_no_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    with Progress(io.StringIO(), Console(file=io.StringIO(), force_terminal=True)) as bar:
        assert not bar.shown


def test_the_load_test_gets_the_progress_bar_from_the_pamir_command() -> None:
    args = build_parser().parse_args(["loadtest"])
    assert args.progress is Progress


COMMAND = [sys.executable, "-m", "paxpamir", "simulate", "--players", "2", "--games", "50"]


def test_piped_output_holds_no_trace_of_the_bar() -> None:
    done = subprocess.run(COMMAND, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "FORCE_COLOR": "1", "TERM": "xterm"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert ESC not in done.stdout and "playing" not in done.stdout
    rows = [line for line in done.stdout.splitlines() if line[:5].strip().isdigit()]
    assert len(rows) == 50 and rows[-1].startswith("   50     50")


def test_a_terminal_sees_the_bar_and_every_row() -> None:
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR")}
    child = pexpect.spawn(COMMAND[0], COMMAND[1:], env={**env, "TERM": "xterm"}, dimensions=(40, 120),
                          encoding="utf-8", timeout=120)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    seen = child.before
    assert "playing" in seen and "/50 games" in seen  # the bar, drawn as its phase starts
    assert "   50     50" in seen and "50 games, 2 players" in seen


# ---------------------------------------------------------------------------- the commands

COMMANDS = {
    "simulate": (["simulate", "--players", "2", "--games", "2"], "playing", "2/2 games"),
    "bench": (["bench", "--games", "2", "--players", "2", "--warmup", "1", "--clones", "10"],
              "2 players: timed games", "0/2 games"),
    "arena": (["arena", "--bots", "random", "--games", "2", "--workers", "1", "--no-records"], "playing",
              "2/2 games"),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_captured_output_of_a_long_command_holds_no_progress(command: str, capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    from paxpamir.clients.cli import main

    args, phase, _count = COMMANDS[command]
    assert main(args) == 0
    captured = capsys.readouterr()
    assert ESC not in captured.out + captured.err
    assert phase not in captured.out + captured.err


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_long_command_shows_its_progress_on_a_terminal(command: str, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from paxpamir.clients import arena, cli

    screen = io.StringIO()

    def on_a_terminal(stream: object) -> Progress:
        return Progress(screen, Console(file=screen, force_terminal=True, width=120, color_system=None))

    monkeypatch.setattr(cli, "Progress", on_a_terminal)
    monkeypatch.setattr(arena, "Progress", on_a_terminal)
    args, phase, count = COMMANDS[command]
    assert cli.main(args) == 0
    assert phase in screen.getvalue() and count in screen.getvalue()
    assert phase not in capsys.readouterr().out  # the results stay clean
