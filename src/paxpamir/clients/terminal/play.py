"""``pamir play``: its arguments, starting or resuming a game, and the list of saved games."""

from __future__ import annotations

import argparse
import random
import shutil
import textwrap
from pathlib import Path
from typing import TextIO

from ... import engine_notice
from ...agents.registry import parse_bot
from ...content.i18n import gettext as _
from ...content.i18n import ngettext
from ...engine.errors import PamirError
from ...engine.game import Game
from ..arguments import add_lang_argument, player_count_arg, seed_arg, wakhan_variants_arg, wakhan_variants_help
from .saves import list_saves, load_reporting, new_save_path, save_summary, saves_dir, would_lose_decisions
from .seats import parse_humans
from .session import Session
from .styles import game_player_name, is_terminal, streams


def _bot_name(text: str) -> str:
    try:
        kind, level = parse_bot(text)
    except PamirError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if kind == "wakhan":
        raise argparse.ArgumentTypeError(_("Wakhan takes the last seat with --wakhan, not --bots"))
    return text.strip().lower()


def _humans(text: str) -> str:
    try:
        parse_humans(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def add_play_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``pamir play``."""
    p.add_argument(
        "--players",
        type=player_count_arg,
        default=None,
        help=_("players, 2-5 (default 3); with --wakhan 2 or 3, her seat included (default 2)"),
    )
    p.add_argument(
        "--humans",
        type=_humans,
        default=None,
        metavar="SEATS",
        help=_(
            'seats played at this terminal, 1-based and comma separated (default "1"; '
            '"none" lets the bots play alone); the others are bots (see --bots)'
        ),
    )
    p.add_argument(
        "--bots",
        type=_bot_name,
        default=None,
        metavar="NAME",
        help=_("the bots in the other seats: random (default), heuristic[:easy|normal], search[:fast|normal|strong]"),
    )
    p.add_argument("--seed", type=seed_arg, default=None, help=_("the game's seed (default: random)"))
    p.add_argument("--open-hands", action="store_true", help=_("everyone's hand is shown"))
    p.add_argument("--load", metavar="FILE", help=_("resume a saved game (an autosave, a save or a record)"))
    p.add_argument("--list", action="store_true", help=_("list the saved games, newest first, and leave"))
    p.add_argument(
        "--resume",
        nargs="?",
        type=int,
        const=0,
        default=None,
        metavar="N",
        help=_("resume saved game N of --list (default: the newest unfinished one)"),
    )
    p.add_argument(
        "--save",
        metavar="FILE",
        help=_(
            "autosave file, written after every decision (default: a new file in $PAXPAMIR_HOME/saves or "
            "~/.paxpamir/saves for a new game, the loaded file for a resumed one); you are asked before a file "
            "holding another unfinished game is overwritten"
        ),
    )
    p.add_argument(
        "--ask-always",
        action="store_true",
        help=_("ask even when a decision has a single option (by default it is taken for you, with a log line)"),
    )
    p.add_argument("--step", action="store_true", help=_("pause after each bot turn"))
    p.add_argument(
        "--wakhan",
        action="store_true",
        help=_("the last seat is Wakhan, the rulebook's automated opponent (2 or 3 players in all)"),
    )
    p.add_argument("--wakhan-variants", type=wakhan_variants_arg, default=(), metavar="VARIANTS",
                   help=wakhan_variants_help())
    add_lang_argument(p)


def cmd_play(
    args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None, stdin: TextIO | None = None
) -> int:
    """``pamir play``: start a game, or resume one, and play it at this terminal; returns the exit code."""
    out, err, stdin = streams(out, err, stdin)
    if args.list:
        return list_saved_games(out)
    notice = engine_notice()
    if notice is not None:  # its bots think several times slower: say so, once (between words on a terminal)
        width = shutil.get_terminal_size().columns if err.isatty() else 0
        print("\n".join(textwrap.wrap(notice, max(width, 40))) if width else notice, file=err)
    if args.resume is not None:
        if args.load:
            print(_("pamir play: error: --resume and --load cannot be used together"), file=err)
            return 2
        saves = list_saves()
        if args.resume == 0:
            unfinished = [path for path, doc in saves if doc is not None and not doc.get("over")]
            if not unfinished:
                print(_("pamir play: error: no unfinished saved game (pamir play --list shows them all)"), file=err)
                return 1
            args.load = str(unfinished[0])
        elif 1 <= args.resume <= len(saves):
            args.load = str(saves[args.resume - 1][0])
        else:
            print(_("pamir play: error: there is no saved game {n} (pamir play --list)").format(
                n=args.resume
            ), file=err)
            return 2
    save_path = Path(args.save).expanduser() if args.save else None
    if args.load:
        loaded = load_reporting(args.load, "play", err)
        if loaded is None:
            return 1
        game, doc = loaded
        ignored = [
            name for name, given in (("--seed", args.seed is not None), ("--open-hands", args.open_hands)) if given
        ]
        if ignored:
            print(_("pamir play: note: {options} ignored: the loaded game keeps its own").format(
                options=_(" and ").join(ignored)), file=err)
        if args.players is not None and args.players != game.n:
            print(_("pamir play: error: {path} is a {n}-player game, not {players}").format(
                path=args.load, n=game.n, players=args.players), file=err)
            return 2
        try:
            if args.humans is not None:
                humans = parse_humans(args.humans, game.n)
            elif "humans" in doc:
                humans = [int(h) for h in doc["humans"] if 0 <= int(h) < game.n]
            else:
                humans = [0]
            bot_seed = int(doc.get("bot_seed", game.seed if game.seed is not None else 0))
            bots = args.bots or str(doc.get("bots", "random"))
            parse_bot(bots)
        except (ValueError, TypeError, PamirError) as exc:
            print(_("pamir play: error: {error}").format(error=exc), file=err)
            return 2
        if save_path is None:
            # A session goes on in its own file; a bare record or state gets a new one.
            is_session = "humans" in doc
            save_path = Path(args.load).expanduser() if is_session else new_save_path(game.seed)
        note = _("Resumed {path}: {n} players, turn {turn}, decision #{decision}, state {hash}").format(
            path=args.load, n=game.n, turn=game.turn, decision=len(game.record()["choices"]),
            hash=game.state_hash()[:12],
        )
    else:
        players = args.players or (2 if args.wakhan else 3)
        if args.wakhan_variants and not args.wakhan:
            print(_("pamir play: error: --wakhan-variants needs --wakhan"), file=err)
            return 2
        if args.wakhan and players not in (2, 3):
            print(_("pamir play: error: Wakhan plays against one or two humans: --players 2 or 3 (her seat included)"),
                  file=err)
            return 2
        try:
            humans = parse_humans(args.humans if args.humans is not None else "1", players)
            if args.wakhan and players - 1 in humans:
                raise ValueError(_("seat {n} is Wakhan's").format(n=players))
        except ValueError as exc:
            print(_("pamir play: error: argument --humans: {error}").format(error=exc), file=err)
            return 2
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
        game = Game.new(
            players, seed, open_hands=args.open_hands, wakhan=args.wakhan, wakhan_variants=args.wakhan_variants
        )
        bot_seed = seed
        bots = args.bots or "random"
        note = _("New game: {n} players, seed {seed}").format(n=players, seed=seed)
        unfinished = [path for path, doc in list_saves() if doc is not None and not doc.get("over")]
        if unfinished:
            note += ngettext(
                " (you have {n} unfinished saved game: pamir play --list shows them, pamir play --resume goes on "
                "with the newest)",
                " (you have {n} unfinished saved games: pamir play --list shows them, pamir play --resume goes on "
                "with the newest)",
                len(unfinished),
            ).format(n=len(unfinished))
        if save_path is None:
            save_path = new_save_path(seed)
    other = would_lose_decisions(save_path, game)
    if other is not None:
        question = _(
            "{path} holds another unfinished game ({n} players, turn {turn}, {decisions} decisions). "
            "Overwrite it? [y/N] "
        ).format(path=save_path, n=other.get("players"), turn=other.get("turn"), decisions=other.get("decisions"))
        print(question, end="", file=out, flush=True)
        answer = stdin.readline()
        if not is_terminal(stdin):
            print(answer.rstrip("\r\n"), file=out)
        if answer.strip().lower() not in ("y", "yes", _("y"), _("yes")):
            print(
                _(
                    "Nothing overwritten. Resume that game with: pamir play --load {path}, "
                    "or choose another file with --save."
                ).format(path=save_path),
                file=out,
            )
            return 1
    session = Session(
        game, humans, bot_seed, save_path, stdin, out, step=args.step, ask_always=args.ask_always, bots=bots
    )
    human = _("(you)") if len(humans) == 1 else _("(human)")
    seats = ", ".join(
        _("Wakhan (last seat)")
        if p == game.wakhan
        else f"{game_player_name(game, p)} {human if p in humans else _('(bot)')}"
        for p in range(game.n)
    )
    session.screen.plain(note, style="bold")
    session.screen.plain(_("Seats: {seats}. Autosave: {path}").format(seats=seats, path=save_path))
    try:
        return session.run()
    except OSError as exc:
        print(_("pamir play: error: {error}").format(error=exc), file=err)
        return 1


def list_saved_games(out: TextIO) -> int:
    """``pamir play --list``: the saved games, newest first, numbered for ``--resume N``."""
    saves = list_saves()
    if not saves:
        print(_("No saved games in {path}.").format(path=saves_dir()), file=out)
        return 0
    print(_("Saved games, newest first ({path}); resume one with pamir play --resume N:").format(path=saves_dir()),
          file=out)
    for i, (path, doc) in enumerate(saves, 1):
        print(f"  {i:>2}. {save_summary(path, doc)}", file=out)
    return 0
