"""Colours, and the names and words of the table drawn in them."""

from __future__ import annotations

import sys
from typing import Any, TextIO

from rich.text import Text

from ...content.i18n import N_
from ...content.i18n import gettext as _
from ...content.map import COALITIONS
from ...engine.game import Game
from ...presentation.describe import coalition_name, suit_name
from ...presentation.describe import player_name as seat_name

PLAYER_STYLES = ("bold cyan", "bold magenta", "bold bright_blue", "bold white", "bold dark_orange")
COALITION_STYLES = ("bold green", "bold red", "bold yellow")
SUIT_STYLES = ("bright_blue", "magenta", "green", "red")
SUIT_SHORT = (N_("Pol"), N_("Int"), N_("Eco"), N_("Mil"))
#: Coalitions in one letter (A2 = two Afghan blocks), where room is short.
COALITION_LETTERS = "ABR"
#: Coalitions in three letters (translated: "Gro" would not do for Großbritannien), where room is short.
COALITION_SHORT = (N_("Afg"), N_("Bri"), N_("Rus"))


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a person types or reads there), not a file or a pipe."""
    return bool(getattr(stream, "isatty", lambda: False)())


def streams(
    out: TextIO | None, err: TextIO | None, stdin: TextIO | None
) -> tuple[TextIO, TextIO, TextIO]:
    """A command's output, error output and input: the ones given, else the process's own."""
    return out or sys.stdout, err or sys.stderr, stdin or sys.stdin


def player_style(p: int) -> str:
    """The colour of seat ``p``."""
    return PLAYER_STYLES[p % len(PLAYER_STYLES)]


def player_name(vm: dict[str, Any], p: int) -> str:
    """The seat's name in a view model: "Player 2", "Wakhan", or the name the game gives it."""
    return str(vm["names"][p])


def short_name(vm: dict[str, Any], p: int) -> str:
    """"P2" for Player 2 (other names stay whole), where room is short."""
    name = player_name(vm, p)
    return _("P{n}").format(n=p + 1) if name == _("Player {n}").format(n=p + 1) else name


def player_text(vm: dict[str, Any], p: int) -> Text:
    """The seat's name in its colour."""
    return Text(player_name(vm, p), style=player_style(p))


def player_counts(vm: dict[str, Any], counts: list[int], short: bool = False) -> Text:
    """Each player's count that is not 0, in the player's colour: "Player 1 x2  Player 3 x1", or with ``short``
    "P1:2 P3:1"; empty when all are 0."""
    out = Text()
    for p, k in enumerate(counts):
        if k:
            if out:
                out.append(" " if short else "  ")
            out.append(f"{short_name(vm, p)}:{k}" if short else f"{player_name(vm, p)} x{k}", style=player_style(p))
    return out


def game_player_name(g: Game, p: int) -> str:
    """The seat's name in ``g``: "Player 2", or "Wakhan" for her seat (the engine's own naming)."""
    return seat_name(g, p)


def suit_text(suit: int) -> Text:
    """A suit's name in its colour."""
    return Text(suit_name(suit).capitalize(), style=SUIT_STYLES[suit])


def coalition_text(c: int | str | None) -> Text:
    """A coalition (index or name) in its colour; a dash for none."""
    if c is None or c == -1:
        return Text("—")
    i = COALITIONS.index(c) if isinstance(c, str) else c
    return Text(coalition_name(i), style=COALITION_STYLES[i])


def blocks_text(counts: dict[str, int] | None) -> Text:
    """Coalition blocks like "Afghan x2  British x1", in coalition colours; empty when there are none."""
    out = Text()
    for coal, k in sorted((counts or {}).items(), key=lambda kv: COALITIONS.index(kv[0])):
        if k:
            if out:
                out.append("  ")
            c = COALITIONS.index(coal)
            out.append(f"{coalition_name(c)} x{k}", style=COALITION_STYLES[c])
    return out


def coalition_short(c: int) -> str:
    """A coalition in three letters: "Afg", "Bri", "Rus"."""
    return _(COALITION_SHORT[c])
