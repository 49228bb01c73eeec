"""Command-line helpers shared by the ``pamir`` subcommands: argument types, and the language a command line
asks for."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from typing import Any

from ..content.i18n import LANGUAGES, UnknownLanguage, check_language, language_from_environment
from ..content.i18n import gettext as _
from ..engine.errors import PamirError
from ..engine.game import MAX_PLAYERS, MIN_PLAYERS
from ..rules.wakhan import WAKHAN_VARIANTS, wakhan_variants


def _int_arg(text: str, refusal: str) -> int:
    """``text`` as a whole number, else an argparse error saying ``refusal`` (with ``{text}`` for the text)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(refusal.format(text=repr(text))) from None


def player_count_arg(text: str) -> int:
    """``--players``: a number of players the game allows."""
    n = _int_arg(text, "not a number of players: {text}")
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    return n


def positive_arg(text: str) -> int:
    """A count of at least 1 (games, workers, clones)."""
    k = _int_arg(text, "not a whole number: {text}")
    if k < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {k}")
    return k


def non_negative_arg(text: str) -> int:
    """A count that may be 0 (warm-up games, random moves)."""
    k = _int_arg(text, "not a whole number: {text}")
    if k < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {k}")
    return k


def seed_arg(text: str) -> int:
    """``--seed``: any whole number."""
    return _int_arg(text, "a seed is a whole number, not {text}")


def wakhan_variants_arg(text: str) -> tuple[str, ...]:
    """``--wakhan-variants``: rulebook, improved, or variant names separated by commas."""
    try:
        return wakhan_variants(text)
    except PamirError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def wakhan_variants_help() -> str:
    """The help of ``--wakhan-variants`` wherever it is offered (in the current language)."""
    return _(
        "Wakhan's variants: rulebook (the default), improved (all three), or any of {variants} separated by commas "
        "(needs --wakhan)"
    ).format(variants=", ".join(WAKHAN_VARIANTS))


def lang_arg(text: str) -> str:
    """``--lang``: a language we have a catalog for."""
    try:
        return check_language(text.strip().lower())
    except UnknownLanguage as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_lang_argument(p: argparse.ArgumentParser) -> None:
    """``--lang en|de`` on a command that prints game text (the default comes from the environment)."""
    p.add_argument(
        "--lang",
        type=lang_arg,
        default=None,
        metavar="LANG",
        help=_("language of the game's texts: {languages} (default: from LANGUAGE, LC_ALL or LANG)").format(
            languages=", ".join(LANGUAGES)
        ),
    )


def requested_language(argv: Sequence[str], environ: Any = None) -> str:
    """The language a command line asks for: its ``--lang`` when that names a language we have, else the
    environment's (``LANG``...). Read before the parser is built, so that its help is in that language too; an
    unknown ``--lang`` is left to the parser to refuse."""
    for i, arg in enumerate(argv):
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value is not None and value.strip().lower() in LANGUAGES:
            return value.strip().lower()
    return language_from_environment(os.environ if environ is None else environ)
