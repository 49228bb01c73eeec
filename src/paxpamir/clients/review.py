"""``pamir review RECORD``: a game reviewed decision by decision (:mod:`paxpamir.agents.review`), as a table.

The record may be an arena record, a terminal save (or autosave), a full state that carries its record, or a
game saved from the server (``GET /api/games/<id>/record``: a JSON object whose ``record`` is the game record).
Each decision with a choice shows the player's chance of winning with the best option found and with the one chosen, the
bot's preferred option and, for a mistake (highlighted), what it would have changed. ``--workers`` shares the
decisions among processes: the review is the same (each decision's random numbers come from the seed and its
index alone).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from typing import Any, TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..agents.review import REVIEW_LINES, merge_parts, review_part, reviewed_indices
from ..content.i18n import gettext as _
from ..engine.errors import PamirError
from ..presentation.review_words import describe_review
from .arguments import add_lang_argument, non_negative_arg, positive_arg, seed_arg
from .progress import Progress

RECORD_FORMAT = "paxpamir-record"


def load_record(path: str) -> dict[str, Any]:
    """The game record in the file ``path``: a record, a saved session, a state with its record, or a server
    replay. Raises :class:`PamirError` with the reason."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as exc:
        raise PamirError(_("cannot read {path}: {error}").format(path=path, error=exc)) from None
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        return data
    if isinstance(data, dict) and isinstance(data.get("record"), dict):
        record = data["record"]
        if record.get("format") == RECORD_FORMAT:
            return record
    raise PamirError(_("{path} holds no game record").format(path=path))


def _work(args: tuple[dict[str, Any], int | None, int, int, int, int]) -> dict[str, Any]:
    record, seat, lines, seed, part, parts = args
    return review_part(record, seat=seat, lines=lines, seed=seed, part=part, parts=parts)


def run_review(record: dict[str, Any], *, seat: int | None = None, lines: int = REVIEW_LINES, seed: int = 0,
               workers: int = 1, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """:func:`paxpamir.agents.review.review_record`, its decisions shared among ``workers`` processes (the same
    review whatever their number). ``progress(done, total)`` sees the decisions as they are done (with
    workers: as each worker's share ends)."""
    if workers <= 1:
        parts = [review_part(record, seat=seat, lines=lines, seed=seed, progress=progress)]
        return merge_parts(record, parts, seat=seat, lines=lines, seed=seed)
    from concurrent.futures import ProcessPoolExecutor, as_completed

    total = len(reviewed_indices(record, seat))
    jobs = [(record, seat, lines, seed, k, workers) for k in range(workers)]
    done = 0
    parts = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for future in as_completed([pool.submit(_work, job) for job in jobs]):
            part = future.result()
            parts.append(part)
            done += len(part["decisions"])
            if progress is not None:
                progress(done, total)
    parts.sort(key=lambda p: min((d["index"] for d in p["decisions"]), default=-1))
    return merge_parts(record, parts, seat=seat, lines=lines, seed=seed)


def print_review(review: dict[str, Any], out: TextIO, mistakes_only: bool = False) -> None:
    """The review as a table in the current language, mistakes highlighted."""
    words = describe_review(review)
    console = Console(file=out, highlight=False, soft_wrap=False, width=max(120, Console(file=out).width))
    cols = words["columns"]
    table = Table(title=words["title"], show_lines=False)
    table.add_column("#", justify="right")
    table.add_column(cols["turn"], justify="right")
    table.add_column(cols["player"])
    table.add_column(cols["kind"])
    table.add_column(cols["chosen"])
    table.add_column(cols["after"], justify="right")
    table.add_column(cols["preferred"])
    table.add_column(cols["before"], justify="right")
    table.add_column(cols["loss"], justify="right")
    for row in words["rows"]:
        if mistakes_only and not row["mistake"]:
            continue
        style = "bold red" if row["mistake"] else ""
        same = row.get("same", False) or row["preferred"] == row["chosen"]  # as good as the best: "="
        table.add_row(str(row["index"] + 1), str(row["turn"]), row["player"], row["kind"], Text(row["chosen"]),
                      row["after"], Text("=" if same else row["preferred"]), row["before"], row["loss"],
                      style=style)
    console.print(table)
    mistakes = [r for r in words["rows"] if r["mistake"]]
    if mistakes:
        console.print(Text(_("Mistakes, biggest first:"), style="bold"))
        order = {i: k for k, i in enumerate(review["mistakes"])}
        for r in sorted(mistakes, key=lambda r: order.get(r["index"], 0)):
            line = _("#{n} ({player}, turn {turn}): {why}").format(n=r["index"] + 1, player=r["player"],
                                                                   turn=r["turn"], why=r["why"])
            console.print(Text("  " + line, style="red"))
    for line in words["summary"]:
        console.print(line)
    if words["checks"]:
        console.print(words["checks"])
    console.print(Text(words["legend"], style="dim"))


def cmd_review(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    record = load_record(args.record)
    with Progress(err) as bar:
        bar.phase(_("reviewing"), total=None, unit=_("decisions"))
        total_seen = [False]

        def progress(done: int, total: int) -> None:
            if not total_seen[0]:
                bar.phase(_("reviewing"), total=total, unit=_("decisions"))
                total_seen[0] = True
            bar.set(done)

        try:
            review = run_review(record, seat=args.seat, lines=args.lines, seed=args.seed, workers=args.workers,
                                progress=progress)
        except ValueError as exc:
            raise PamirError(str(exc)) from None
    if args.json:
        text = json.dumps(review, ensure_ascii=False, indent=1)
        if args.json == "-":
            out.write(text + "\n")
            return 0
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    print_review(review, out, args.mistakes)
    if args.json:
        print(_("review saved in {path}").format(path=args.json), file=err)
    return 0


def register(sub: Any) -> None:
    """Add ``pamir review`` to the ``pamir`` command's subparsers."""
    p = sub.add_parser("review", help=_("review a game: each decision's chance of winning, mistakes, the bot's choice"))
    p.add_argument("record", metavar="RECORD",
                   help=_("a game record, saved game or server replay (JSON)"))
    p.add_argument("--seat", type=non_negative_arg, default=None, metavar="N",
                   help=_("review only seat N's decisions (0 is Player 1), with only what it could see"))
    p.add_argument("--lines", type=positive_arg, default=REVIEW_LINES, metavar="L",
                   help=_("lines played per decision (default {n})").format(n=REVIEW_LINES))
    p.add_argument("--seed", type=seed_arg, default=0, help=_("the review's seed (default 0)"))
    p.add_argument("--workers", type=positive_arg, default=min(2, os.cpu_count() or 1),
                   help=_("processes sharing the decisions (default: 2, or 1 on one core)"))
    p.add_argument("--json", metavar="OUT", help=_("also write the review as JSON to OUT (- : standard output only)"))
    p.add_argument("--mistakes", action="store_true", help=_("list only the mistakes in the table"))
    add_lang_argument(p)
    p.set_defaults(run=cmd_review)


__all__ = ["cmd_review", "load_record", "print_review", "register", "run_review"]
