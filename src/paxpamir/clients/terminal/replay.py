"""``pamir replay``: step through a saved game, forward and back."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from rich.text import Text

from ...content.i18n import N_
from ...content.i18n import gettext as _
from ...engine.game import Game
from ...presentation.words import label, log_lines
from ..arguments import add_lang_argument
from .logtext import log_since, log_style, log_with_turn
from .saves import load_reporting, record_start, tupled
from .screen import Screen
from .session import EXIT_INTERRUPTED
from .styles import game_player_name, is_terminal, player_style, streams


def add_replay_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``pamir replay``."""
    p.add_argument("file", metavar="FILE", help=_("a saved game, autosave or game record"))
    p.add_argument("--all", action="store_true", help=_("print the whole log without stopping"))
    add_lang_argument(p)


def cmd_replay(
    args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None, stdin: TextIO | None = None
) -> int:
    """``pamir replay``: print a saved game's log, or step through its decisions; returns the exit code."""
    out, err, stdin = streams(out, err, stdin)
    loaded = load_reporting(args.file, "replay", err)
    if loaded is None:
        return 1
    final, doc = loaded
    screen = Screen(out)
    record = final.record()
    choices = record["choices"]
    humans = doc.get("humans", list(range(final.n)))
    if args.all:
        for line in log_lines(final):
            screen.log_line(line, log_style(line), "")
        _replay_footer(screen, final, len(choices))
        return 0
    g = record_start(record)
    seen = 0
    echo = not is_terminal(stdin)
    screen.plain(
        _("Replay of {path}: {n} decisions. {keys}").format(path=args.file, n=len(choices), keys=_(REPLAY_KEYS)),
        style="bold",
    )

    def show_new() -> None:
        nonlocal seen
        total, lines = log_since(g, seen)
        for line in lines:
            screen.log_line(line, log_style(line))
        seen = total

    show_new()

    def step(k: int) -> None:
        """Apply decision ``k`` of the record."""
        who, option, *reason = choices[k]  # Wakhan's decisions (and ones taken without asking) carry a reason
        g.apply(option, who, *reason)  # reason and note (see docs/state-format.md)

    def goto(k: int, until: Any = None) -> int:
        """Go to just before decision ``k`` (back: replayed from the start), or forward until ``until(g,
        new events)`` holds; show where the replay now stands and the log that leads there."""
        nonlocal g, seen
        k = max(0, min(k, len(choices)))
        if k < i:
            g = record_start(record)
            at = 0
        else:
            at = i
        while at < k:
            before = len(g.events())
            step(at)
            at += 1
            if until is not None and until(g, g.events()[before:]):
                break
        total, _lines = log_since(g, 0)
        seen = total
        lines = log_lines(g)
        if at < len(choices):
            where = _("At decision {k} of {n}, turn {turn}; the log that leads here:")
        else:  # past the last decision: nothing is next
            where = _("After the last of {n} decisions, turn {turn}; the log that leads here:")
        screen.plain(
            where.format(k=at + 1, n=len(choices), turn=g.turn),
            style="bold",
        )
        for text in log_with_turn(lines, len(lines) - 8):
            screen.log_line(text, log_style(text))
        return at

    def at_end(note: str = "", footer: bool = True) -> None:
        """At the end of the record the replay stays there: say so (after ``note``), and how to go on."""
        if note:
            screen.log_line(note, "yellow", "")
        if footer:
            _replay_footer(screen, g, len(choices))
        screen.log_line(_("That was the last decision: p = back one, j N = to decision N, q = quit."), "yellow", "")

    try:
        i = 0
        while True:
            if i < len(choices):
                screen.console.print(Text(f"[{i + 1}/{len(choices)}] "), end="")
            else:
                screen.console.print(Text(_("[end] ")), end="")
            out.flush()
            line = stdin.readline()
            if not line:
                screen.print("")
                return 0
            cmd = line.strip().lower()
            if echo:
                screen.print(Text(cmd))
            word, _sep, arg = cmd.partition(" ")
            if cmd in ("q", "quit", "exit"):
                return 0
            if cmd in ("b", "board"):
                screen.board(g, None, humans)
                continue
            if cmd in ("h", "help", "?"):
                screen.plain(_(REPLAY_KEYS))
                continue
            if cmd in ("p", "back"):
                i = goto(i - 1)
                continue
            if word in ("j", "jump", "t", "turn") and not arg.strip().isdigit():
                screen.plain(_("Usage: {word} <number>. {keys}").format(word=word, keys=_(REPLAY_KEYS)), style="yellow")
                continue
            if word in ("j", "jump"):
                i = goto(int(arg) - 1)
                if i == len(choices):
                    at_end(_("The record has {n} decisions.").format(n=len(choices)) if int(arg) > i + 1 else "")
                continue
            if word in ("t", "turn"):
                target = int(arg)
                if target <= g.turn:
                    g, i = record_start(record), 0
                i = goto(len(choices), lambda game, new, target=target: game.turn >= target)
                if i == len(choices):
                    at_end(_("The record has no turn {turn}.").format(turn=target) if g.turn < target else "")
                continue
            if cmd in ("d", "dominance"):
                i = goto(len(choices), lambda game, new: any(e["type"] == "dominance_check" for e in new))
                if i == len(choices):
                    at_end()
                continue
            if cmd not in ("", "n", "next"):
                screen.plain(_("Unknown key {key}. {keys}").format(key=repr(cmd), keys=_(REPLAY_KEYS)), style="yellow")
                continue
            if i >= len(choices):
                at_end(footer=False)
                continue
            who, option, *reason = choices[i]
            text = label(g, tuple(tupled(option)))
            screen.plain(f"{game_player_name(g, who)}: {text}", style=player_style(who))
            step(i)
            show_new()
            i += 1
            if i == len(choices):
                at_end()
    except KeyboardInterrupt:
        screen.print("")
        return EXIT_INTERRUPTED


REPLAY_KEYS = N_(
    "Enter = next decision, p = back one, j N = to decision N, t N = to turn N, d = to the next Dominance Check, "
    "b = board, q = quit."
)


def _replay_footer(screen: Screen, g: Game, decisions: int) -> None:
    if g.is_over:
        s = g.summary()
        names = _(" and ").join(game_player_name(g, w) for w in s["winners"])
        scores = ", ".join(f"{game_player_name(g, p)} {v}" for p, v in enumerate(s["vp"]))
        screen.log_line(
            _("Game over after {n} decisions ({reason}): {names}; VP: {scores}.").format(
                n=decisions, reason=_(str(s.get("end_reason"))), names=names, scores=scores
            ),
            "bold",
            "",
        )
    else:
        screen.log_line(
            _("End of the record ({n} decisions); the game goes on: turn {turn}, {player} to decide.").format(
                n=decisions, turn=g.turn, player=game_player_name(g, g.current_player or 0)
            ),
            "bold",
            "",
        )
