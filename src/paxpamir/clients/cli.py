"""The ``pamir`` command: simulate random games, benchmark the engine, look up cards, start game records.

Every subcommand is reachable in-process through :func:`main`, which returns the exit code instead of
exiting: 0 on success, 1 when a game or an invariant check fails, 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .. import __version__, build_info
from ..agents.bots import RandomBot
from ..agents.runner import GameFailure, play_game, play_seeded_game
from ..content.cards import CARDS
from ..content.i18n import gettext as _
from ..content.i18n import language
from ..engine.errors import PamirError
from ..engine.game import MAX_PLAYERS, MIN_PLAYERS, Game
from ..presentation.cardref import card_list, card_query_lines, markdown_reference
from ..server import cli as server_cli
from . import arena, review
from .arguments import (
    add_lang_argument,
    non_negative_arg,
    player_count_arg,
    positive_arg,
    requested_language,
    seed_arg,
    wakhan_variants_arg,
    wakhan_variants_help,
)
from .progress import Progress
from .records import record_text
from .terminal import commands as terminal

#: Games per player count in ``pamir bench`` by default (about 20-40 s in total on a current laptop core).
BENCH_GAMES = 1500
BENCH_WARMUP = 20
BENCH_CLONES = 200_000
#: Seeds used by ``pamir bench``: fixed, so every run measures the same games.
BENCH_SEED = 10_000


class UsageError(Exception):
    """A bad argument found after parsing; reported like argparse's own errors (exit code 2)."""


# ---------------------------------------------------------------------------- helpers


def _short_reason(reason: str) -> str:
    if reason.startswith("final"):
        return "final check"
    if reason.startswith("early"):
        return "early end"
    return reason or "?"


def _seats(players: Sequence[int]) -> str:
    """Winners as players are numbered at the table, 1 to N (seat 0 is Player 1)."""
    return "+".join(str(p + 1) for p in players) if players else "-"


def _load_invariant_checker(err: TextIO) -> Callable[[Game], Any] | None:
    """``paxpamir.engine.invariants.check_invariants`` if that module exists, else None (with a note)."""
    try:
        module = importlib.import_module("paxpamir.engine.invariants")
    except ModuleNotFoundError as exc:
        if exc.name != "paxpamir.engine.invariants":
            raise
        print("note: paxpamir.engine.invariants is not available, so --check checks nothing", file=err)
        return None
    return module.check_invariants


def _play_random_game(
    players: int,
    seed: int,
    check: Callable[[Game], Any] | None = None,
    wakhan: bool = False,
    wakhan_variants: tuple[str, ...] = (),
    quiet: bool = False,
) -> tuple[Game, int]:
    """One full game with a random bot seeded like the game (and Wakhan in the last seat with ``wakhan``);
    returns (game, decisions). Raises the runner's GameFailure."""
    game, result = play_seeded_game(
        players, seed, wakhan=wakhan, wakhan_variants=wakhan_variants, check=check, quiet=quiet
    )
    return game, result.decisions


# ---------------------------------------------------------------------------- simulate


def cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    n = args.players
    wakhan = bool(getattr(args, "wakhan", False))
    if wakhan and n not in (2, 3):
        print(f"pamir simulate: error: --wakhan needs --players 2 or 3 (Wakhan included), not {n}", file=err)
        return 2
    variants: tuple[str, ...] = getattr(args, "wakhan_variants", ())
    if variants and not wakhan:
        print("pamir simulate: error: --wakhan-variants needs --wakhan", file=err)
        return 2
    variant_arg = f" --wakhan-variants {','.join(variants)}" if variants else ""
    check = _load_invariant_checker(err) if args.check else None
    w = n - 1 if wakhan else -1
    wins: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    shared = 0
    total_turns = 0
    total_decisions = 0
    vp_width = 3 * n + 2
    print(
        f"{'game':>5} {'seed':>6}  {'winner':<8} {'VP':<{vp_width}} {'turns':>5} {'decisions':>9}  ended",
        file=out,
    )
    with Progress(err) as bar:  # on standard error, and only on a terminal
        bar.phase("playing", total=args.games, unit="games")
        for i in range(args.games):
            seed = args.seed + i
            try:
                game, decisions = _play_random_game(n, seed, check, wakhan, variants)
            except GameFailure as fail:
                bar.print(f"{i + 1:>5} {seed:>6}  FAILED after {fail.decisions} decisions: {fail}", out)
                bar.print(
                    f"error: game with seed {fail.seed} failed; reproduce with: "
                    f"pamir simulate{' --wakhan' if wakhan else ''}{variant_arg} --players {n} --games 1 "
                    f"--seed {fail.seed}"
                    + (" --check" if args.check else ""),
                    err,
                )
                return 1
            s = game.summary()
            winners = s["winners"]
            for p in winners:
                wins[p] += 1
            if len(winners) > 1:
                shared += 1
            reasons[_short_reason(s["end_reason"])] += 1
            total_turns += s["turns"]
            total_decisions += decisions
            vp = "/".join(str(v) for v in s["vp"])
            who = "+".join("W" if p == w else str(p + 1) for p in winners) if wakhan else _seats(winners)
            bar.print(
                f"{i + 1:>5} {seed:>6}  {who:<8} {vp:<{vp_width}} {s['turns']:>5} {decisions:>9}  "
                f"{_short_reason(s['end_reason'])}",
                out,
            )
            bar.advance()
    k = args.games
    checked = " (invariants checked after every decision)" if check is not None else ""
    print(file=out)
    if wakhan:
        which = f" ({', '.join(variants)})" if variants else ""
        print(
            f"{k} game{'s' if k != 1 else ''} against Wakhan{which} (the last seat, W), {n - 1} random bot seat"
            f"{'s' if n > 2 else ''}, seeds {args.seed}..{args.seed + k - 1}" + checked,
            file=out,
        )
        seats = ", ".join(("Wakhan" if p == w else f"player {p + 1}") + f": {wins[p]}" for p in range(n))
        print(f"wins: {seats}", file=out)
    else:
        games = f"{k} game{'s' if k != 1 else ''}"
        print(f"{games}, {n} players, seeds {args.seed}..{args.seed + k - 1}" + checked, file=out)
        seat_text = ", ".join(f"player {p + 1}: {wins[p]}" for p in range(n))
        print(f"wins: {seat_text}" + (f" (shared wins: {shared})" if shared else ""), file=out)
    print(f"average turns: {total_turns / k:.1f}, average decisions: {total_decisions / k:.1f}", file=out)
    print("end reasons: " + ", ".join(f"{r} {c}" for r, c in sorted(reasons.items())), file=out)
    return 0


# ---------------------------------------------------------------------------- bench


def _mid_game(players: int, seed: int) -> Game:
    """A state halfway (by decisions) through a fixed random game."""
    _, total = _play_random_game(players, seed)
    game = Game.new(players, seed)
    play_game(game, [RandomBot(seed)] * players, stop_after=total // 2)
    return game


def cmd_bench(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    counts = sorted(set(args.players)) if args.players else list(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    k = args.games
    quiet = bool(getattr(args, "quiet", False))
    logged = "quiet games: only turns, reasons and notes logged" if quiet else "every event logged"
    print(f"engine: {build_info()} (Python {sys.version.split()[0]}); {logged}", file=out)
    print(
        f"{'players':>7} {'games':>6} {'seconds':>8} {'games/s':>8} {'decisions/s':>11} {'avg dec':>8} "
        f"{'avg turns':>9} {'clones/s':>9} {'state B':>8}",
        file=out,
    )
    started = time.perf_counter()
    total_games = 0
    total_decisions = 0
    total_time = 0.0
    with Progress(err) as bar:  # on standard error, and only on a terminal
        for n in counts:
            try:
                bar.phase(f"{n} players: warm-up", total=args.warmup, unit="games")
                for seed in range(args.warmup):  # warm-up: not timed
                    _play_random_game(n, seed, quiet=quiet)
                    bar.advance()
                bar.phase(f"{n} players: timed games", total=k, unit="games")
                decisions = 0
                turns = 0
                t0 = time.perf_counter()
                for seed in range(BENCH_SEED, BENCH_SEED + k):
                    game, d = _play_random_game(n, seed, quiet=quiet)
                    decisions += d
                    turns += game.turn
                    bar.advance()
                elapsed = time.perf_counter() - t0
                mid = _mid_game(n, BENCH_SEED)
            except GameFailure as fail:
                bar.print(f"error: {n}-player game with seed {fail.seed} failed: {fail}", err)
                return 1
            bar.phase(f"{n} players: {args.clones:,} clones")
            mid.clone()
            t1 = time.perf_counter()
            for _i in range(args.clones):
                mid.clone()
            clone_time = time.perf_counter() - t1
            total_games += k
            total_decisions += decisions
            total_time += elapsed
            bar.print(
                f"{n:>7} {k:>6} {elapsed:>8.2f} {k / elapsed:>8.1f} {decisions / elapsed:>11.0f} "
                f"{decisions / k:>8.1f} {turns / k:>9.1f} {args.clones / clone_time:>9.0f} {state_bytes(mid):>8}",
                out,
            )
    print(
        f"all: {total_games} games in {total_time:.2f} s timed ({total_games / total_time:.1f} games/s, "
        f"{total_decisions / total_time:.0f} decisions/s); wall time {time.perf_counter() - started:.1f} s",
        file=out,
    )
    print(
        f"(random bot, seeds {BENCH_SEED}..{BENCH_SEED + k - 1}, "
        f"{args.warmup} warm-up games per player count; "
        f"clones of a state halfway through seed {BENCH_SEED}, state B = the bytes such a clone allocates; "
        f"Python {sys.version.split()[0]})",
        file=out,
    )
    return 0


#: Fields a clone shares instead of copying: immutable history, options, the loaded position, the spy table,
#: caches.
_SHARED_FIELDS = frozenset(
    {"_log", "_history", "options", "removed", "initial", "_undo_states", "_options_cache", "spies"}
)


def state_bytes(game: Game) -> int:
    """The memory one clone of ``game`` allocates: the Game object and every list it copies, nested lists
    included (small integers, strings and step tuples are shared, not copied)."""

    def size(value: object) -> int:
        if not isinstance(value, list):
            return 0
        return sys.getsizeof(value) + sum(size(item) for item in value)

    copy = game.clone()
    total = sys.getsizeof(copy)
    for name in dir(copy):
        if not name.startswith("__") and name not in _SHARED_FIELDS:
            total += size(getattr(copy, name))
    return total


# ---------------------------------------------------------------------------- cards


def cmd_cards(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    query = " ".join(args.query).strip()
    if args.markdown:
        if query:
            raise UsageError("--markdown prints the whole reference; give no card with it")
        out.write(markdown_reference())
        return 0
    try:
        lines = card_query_lines(query) if query else card_list([c for c in CARDS if c is not None])
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None
    print("\n".join(lines), file=out)
    return 0


# ---------------------------------------------------------------------------- new


def cmd_new(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    game = Game.new(args.players, args.seed, open_hands=args.open_hands)
    if args.random_moves:
        play_game(game, [RandomBot(args.seed)] * args.players, stop_after=args.random_moves)
    text = record_text(game.record())
    if args.out in (None, "-"):
        out.write(text)
        return 0
    try:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise UsageError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    print(
        f"wrote {args.out}: {args.players}-player game, seed {args.seed}, "
        f"{len(game.record()['choices'])} decisions recorded",
        file=err,
    )
    return 0


# ---------------------------------------------------------------------------- parser and main


class _Parser(argparse.ArgumentParser):
    """Raise instead of exiting so :func:`main` can return the exit code."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message, self)

    def exit(self, status: int = 0, message: str | None = None) -> None:  # type: ignore[override]
        if message:
            sys.stderr.write(message)
        raise _Exit(status)


class _Exit(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="pamir",
        description="Tools for the paxpamir rules engine (Pax Pamir: Second Edition).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("simulate", help="play random-bot games and summarise them")
    p.add_argument("--players", type=player_count_arg, default=4, help="players per game, 2-5 (default 4)")
    p.add_argument("--games", type=positive_arg, default=10, help="number of games (default 10)")
    p.add_argument("--seed", type=seed_arg, default=1, help="seed of the first game; game i uses seed+i (default 1)")
    p.add_argument("--check", action="store_true", help="check the state invariants after every decision")
    p.add_argument(
        "--wakhan", action="store_true", help="the last seat is Wakhan, the solo opponent (--players 2 or 3)"
    )
    p.add_argument("--wakhan-variants", type=wakhan_variants_arg, default=(), metavar="VARIANTS",
                   help=wakhan_variants_help())
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("bench", help="measure games, decisions and clones per second")
    p.add_argument(
        "--games",
        type=positive_arg,
        default=BENCH_GAMES,
        help=f"timed games per player count (default {BENCH_GAMES})",
    )
    p.add_argument(
        "--players",
        type=player_count_arg,
        nargs="+",
        metavar="N",
        help="player counts to measure (default: 2 3 4 5)",
    )
    p.add_argument(
        "--warmup",
        type=non_negative_arg,
        default=BENCH_WARMUP,
        help=f"untimed warm-up games per player count (default {BENCH_WARMUP})",
    )
    p.add_argument(
        "--clones",
        type=positive_arg,
        default=BENCH_CLONES,
        help=f"clones timed per player count (default {BENCH_CLONES})",
    )
    p.add_argument(
        "--quiet",
        action="store_true",
        help="play quiet games (Game.new(quiet=True)): only the events agents read are logged",
    )
    p.set_defaults(run=cmd_bench)

    p = sub.add_parser("cards", help=_("show a card by number or name, or list every card"))
    p.add_argument("query", nargs="*", help=_("card number or (part of a) name; omit to list all cards"))
    add_lang_argument(p)
    p.add_argument("--markdown", action="store_true", help="print the whole card reference as Markdown (docs/cards.md)")
    p.set_defaults(run=cmd_cards)

    p = sub.add_parser("new", help="write the record of a new game as JSON (for bug reports)")
    p.add_argument("--players", type=player_count_arg, default=4, help="players, 2-5 (default 4)")
    p.add_argument("--seed", type=seed_arg, default=1, help="the game's seed (default 1)")
    p.add_argument("--out", metavar="FILE", help="file to write (default: standard output)")
    p.add_argument("--open-hands", action="store_true", help="play with open hands")
    p.add_argument(
        "--random-moves",
        type=non_negative_arg,
        default=0,
        metavar="K",
        help="let a random bot (seeded like the game) make the first K decisions",
    )
    p.set_defaults(run=cmd_new)

    arena.register(sub)  # pamir arena: bot tournaments
    review.register(sub)  # pamir review: a game's decisions weighed
    terminal.register(sub)  # the terminal game: play and replay
    server_cli.register(sub, progress=Progress)  # online play: pamir serve, pamir loadtest
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pamir`` command with ``argv`` (default: the process arguments); return the exit code. Texts are
    in the language ``--lang`` names, else the environment's (``LANG``...)."""
    args_list = list(argv) if argv is not None else sys.argv[1:]
    with language(requested_language(args_list)):
        return _main(args_list)


def _main(argv: list[str]) -> int:
    parser = build_parser()
    out, err = sys.stdout, sys.stderr
    try:
        try:
            args = parser.parse_args(argv)
        except _Exit as e:  # --help
            return e.status
        if getattr(args, "run", None) is None:
            parser.print_help(err)
            return 2
        return args.run(args, out, err)
    except UsageError as exc:
        which = exc.args[1] if len(exc.args) > 1 else None
        if which is not None:
            which.print_usage(err)
        print(f"{which.prog if which is not None else 'pamir'}: error: {exc.args[0]}", file=err)
        return 2
    except PamirError as exc:  # the engine refused something: say why, without a traceback
        print(f"pamir: error: {exc}", file=err)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=err)
        return 130
    except BrokenPipeError:  # e.g. piped into head: stop quietly, and keep Python from complaining at exit
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
