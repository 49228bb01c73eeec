"""The ``play`` and ``replay`` subcommands: registered on the ``pamir`` command, or run on their own
(``python -m paxpamir.clients.terminal``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from ...content.i18n import gettext as _
from ...content.i18n import language
from ..arguments import requested_language
from .play import add_play_arguments, cmd_play
from .replay import REPLAY_KEYS, add_replay_arguments, cmd_replay
from .session import HELP_TEXT


def register(subparsers: Any) -> None:
    """Add the ``play`` and ``replay`` subcommands to an argparse subparsers object.

    Each sets ``run`` (called as ``args.run(args, out, err)``, returning the exit code) and ``func``
    (the same function) as defaults.
    """
    p = subparsers.add_parser(
        "play",
        help=_("play a game at this terminal against random bots (hot-seat)"),
        description=(
            _(
                "Play Pax Pamir at the terminal: you against random bots, or several people sharing\n"
                "the terminal (hot-seat). The game is saved after every decision; Ctrl-C saves and leaves."
            )
            + "\n\n"
            + _(HELP_TEXT)
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_play_arguments(p)
    p.set_defaults(run=cmd_play, func=cmd_play)
    r = subparsers.add_parser(
        "replay",
        help=_("step through a saved or finished game"),
        description=_("Step through a saved game, forward and back.") + " " + _(REPLAY_KEYS),
    )
    add_replay_arguments(r)
    r.set_defaults(run=cmd_replay, func=cmd_replay)


def build_parser() -> argparse.ArgumentParser:
    """The parser of the terminal game on its own: ``play`` and ``replay``."""
    parser = argparse.ArgumentParser(prog="pamir", description=_("Play Pax Pamir at the terminal."))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    register(sub)
    return parser


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Run ``play`` or ``replay`` with ``argv``; return the exit code (2 for bad arguments). Texts are in the
    language ``--lang`` names, else the environment's."""
    args_list = list(argv) if argv is not None else sys.argv[1:]
    with language(requested_language(args_list)):
        return _main(args_list, stdin, out, err)


def _main(argv: list[str], stdin: TextIO | None, out: TextIO | None, err: TextIO | None) -> int:
    parser = build_parser()
    err = err or sys.stderr
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else 2
    if getattr(args, "run", None) is None:
        parser.print_help(err)
        return 2
    return args.run(args, out, err, stdin)
