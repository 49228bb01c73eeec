"""Play a whole game in the terminal (``pamir play``) and step through saved games (``pamir replay``).

Humans share one terminal (hot-seat); the other seats are random bots (or Wakhan). The screen shows what a
player at the table sees: the map, the market, every court, your hand, the scores, the events in force and
the last lines of the log. It is drawn with ``rich`` (colours on a terminal, plain text when the output is a
file or a pipe) from the view model (:func:`paxpamir.presentation.viewmodel.view_model`: the seat's view, the
facts the rules derive from it, the prompt and the labelled options) and the printed card facts of
:mod:`paxpamir.content.cards`; the terminal decides no rule itself. Bot seats play through
:func:`paxpamir.agents.runner.play_game`. On a terminal the board is laid out for its width and trimmed to its
height, so that the prompt and every option fit below it.

A game is never lost: after every decision the session (the game record plus the seat configuration) is
written atomically to the autosave file, and Ctrl-C or the end of input saves and tells how to resume.

Use it through the ``pamir`` command (:func:`register` adds the subcommands) or directly::

    python -m paxpamir.clients.terminal play --players 3 --humans 1
    python -m paxpamir.clients.terminal replay ~/.paxpamir/autosave.json --all
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from rich import box
from rich.console import Console, Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..agents.base import Decision
from ..agents.bots import RandomBot
from ..agents.registry import make_agent, parse_bot
from ..agents.runner import play_game
from ..agents.wakhan_procedure import WakhanPlayer
from ..content.cards import CARDS, WAKHAN_INSTRUCTIONS, CourtCard, EventCard, find_card, wakhan_card
from ..content.i18n import N_, language, msg, ngettext
from ..content.i18n import gettext as _
from ..content.map import COALITIONS, MILITARY, SUITS, region_title
from ..engine.errors import PamirError
from ..engine.game import MAX_PLAYERS, Game
from ..presentation.cardref import arrow_words, wakhan_instruction
from ..presentation.describe import action_name, coalition_name, piece_kind_name, suit_name
from ..presentation.describe import player_name as seat_name
from ..presentation.viewmodel import view_model
from .cli import (
    add_lang_argument,
    player_count_arg,
    requested_language,
    seed_arg,
    wakhan_variants_arg,
    wakhan_variants_help,
)

SESSION_FORMAT = "paxpamir-session"
SESSION_VERSION = 1
RECORD_FORMAT = "paxpamir-record"
STATE_FORMAT = "paxpamir-state"
#: Log lines shown at the bottom of the board.
BOARD_LOG_LINES = 6
#: At most this many log lines on the board when more happened since the player's last decision.
MAX_BOARD_LOG_LINES = 30
#: The log's note on a decision with a single option, taken for the player (``--ask-always`` asks instead).
ONLY_OPTION_REASON = msg("a single option, taken without asking")
#: Exit code after Ctrl-C (the shell's convention for SIGINT).
EXIT_INTERRUPTED = 130

PLAYER_STYLES = ("bold cyan", "bold magenta", "bold bright_blue", "bold white", "bold dark_orange")
COALITION_STYLES = ("bold green", "bold red", "bold yellow")
SUIT_STYLES = ("bright_blue", "magenta", "green", "red")
SUIT_SHORT = (N_("Pol"), N_("Int"), N_("Eco"), N_("Mil"))

#: Wakhan's AI card instructions in a few words (``card ai <n>`` shows the full text).
HELP_TEXT = N_("""\
Choose an option by its number, or type the start of its label, for example "end" or "purchase bank":
a unique prefix of a label is enough (case does not matter); a unique part of a label also works.
Commands:
  undo          take back your last decision of this turn (when allowed)
  l, log        everything since your last decision (log n: the last n lines; log all: the whole game)
  m, map        the map; k, market: the market in full; c, courts: courts, hands, events in force
  b, board      draw the whole board again
  card <n|name> show a card by number or (part of its) name; card ai <n>: Wakhan's AI card n
  save <file>   save the game to a file (the autosave goes on as well)
  help          this text
  quit          save and leave; resume later with pamir play --load FILE
Reading the board: courts run left to right; a card shows suit and rank (Pol, Int, Eco, Mil), region and
actions, then spies (P2 x1 = one spy of Player 2), HOSTAGE (another player has the most spies on it) and
"used" (its action was taken this turn); card <n> shows its ability. Hand 2/3 and Court 4/5: cards held /
limit at cleanup; Stock (Cylinders in stock): cylinders not yet on the map or on cards. On the map, a box is
a region (its ruler at the top right) and a line between two boxes a border (A2 = two Afghan roads). The log
on the board is what happened since your last decision, as much as fits: l shows all of it.
""")


class QuitGame(Exception):
    """The player asked to leave (quit, end of input or Ctrl-C)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ---------------------------------------------------------------------------- helpers


def paxpamir_home() -> Path:
    """``$PAXPAMIR_HOME``, or ``~/.paxpamir``."""
    home = os.environ.get("PAXPAMIR_HOME")
    return Path(home).expanduser() if home else Path.home() / ".paxpamir"


def default_save_path() -> Path:
    """The autosave file of earlier versions, ``<home>/autosave.json`` (still listed and resumable)."""
    return paxpamir_home() / "autosave.json"


def saves_dir() -> Path:
    """Where every new game keeps its own autosave: ``<home>/saves``."""
    return paxpamir_home() / "saves"


def new_save_path(seed: int | None, now: float | None = None) -> Path:
    """A fresh autosave file for a new game, ``<home>/saves/<date>-<time>-seed<seed>.json``: never an existing
    file, so a new game never replaces another."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = saves_dir() / f"{stamp}-seed{seed if seed is not None else 'none'}"
    path = base.with_suffix(".json")
    k = 2
    while path.exists():
        path = Path(f"{base}-{k}.json")
        k += 1
    return path


def list_saves() -> list[tuple[Path, dict[str, Any] | None]]:
    """The saved sessions (``<home>/saves/*.json`` and the old ``autosave.json``), newest first, each with its
    document (None when it cannot be read)."""
    files = sorted(saves_dir().glob("*.json")) if saves_dir().is_dir() else []
    legacy = default_save_path()
    if legacy.is_file():
        files.append(legacy)
    out: list[tuple[Path, dict[str, Any] | None]] = []
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
            if not isinstance(doc, dict) or doc.get("format") != SESSION_FORMAT:
                doc = None
        except (OSError, ValueError):
            doc = None
        out.append((path, doc))
    out.sort(key=lambda item: _mtime(item[0]), reverse=True)
    return out


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def save_summary(path: Path, doc: dict[str, Any] | None) -> str:
    """One line about a saved session: when, how many players, which turn, finished or not, the seed."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(_mtime(path)))
    if doc is None:
        return _("{when}  (not a readable game)  {path}").format(when=when, path=path)
    seed = (doc.get("record") or {}).get("seed")
    state = _("finished") if doc.get("over") else _("unfinished")
    if (doc.get("record") or {}).get("wakhan"):
        text = _("{when}  {players} players with Wakhan, turn {turn}, {state}, seed {seed}  {path}")
    else:
        text = _("{when}  {players} players, turn {turn}, {state}, seed {seed}  {path}")
    return text.format(when=when, players=doc.get("players"), turn=doc.get("turn"), state=state, seed=seed, path=path)


def would_lose_decisions(path: Path, game: Game) -> dict[str, Any] | None:
    """The unfinished session saved in ``path`` when writing ``game`` there would lose it (another game, or
    decisions ``game`` does not have); None when the file is absent, finished, not a session, or an earlier
    point of this same game."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != SESSION_FORMAT or doc.get("over"):
        return None
    record = doc.get("record")
    if not isinstance(record, dict):
        return None
    mine = game.record()
    theirs = record.get("choices") or []
    same_start = {k: v for k, v in record.items() if k != "choices"} == {
        k: v for k, v in json.loads(json.dumps(mine)).items() if k != "choices"
    }
    if same_start and json.loads(json.dumps(mine["choices"]))[: len(theirs)] == theirs:
        return None
    return doc


def atomic_write_json(path: str | os.PathLike[str], data: Any, durable: bool = True) -> None:
    """Write ``data`` as JSON to ``path`` so that the file is always either the old or the new document.

    ``durable`` also flushes it to the disk (fsync), so it survives a crash of the machine, not only of
    the program.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"))
            f.write("\n")
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def session_doc(g: Game, humans: Sequence[int], bot_seed: int, bots: str = "random") -> dict[str, Any]:
    """The saved session: the game record plus the seat configuration."""
    return {
        "format": SESSION_FORMAT,
        "version": SESSION_VERSION,
        "players": g.n,
        "humans": sorted(humans),
        "bot_seed": bot_seed,
        "bots": bots,
        "open_hands": bool(g.options.get("open_hands")),
        "turn": g.turn,
        "decisions": len(g.record()["choices"]),
        "state_hash": g.state_hash(),
        "over": g.is_over,
        "record": g.record(),
    }


def load_document(path: str | os.PathLike[str]) -> tuple[Game, dict[str, Any]]:
    """Load a saved session, a game record, or a full state that carries its record.

    Returns the game and the session document (for a bare record or state: a document without seats).
    Raises :class:`PamirError` (or OSError / ValueError for unreadable files) with a readable message.
    """
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict):
        raise PamirError(f"{path}: not a paxpamir session, record or state (a JSON object was expected)")
    fmt = data.get("format")
    if fmt == SESSION_FORMAT:
        record = data.get("record")
    elif fmt == RECORD_FORMAT:
        record, data = data, {"record": data}
    elif fmt == STATE_FORMAT and isinstance(data.get("record"), dict):
        record, data = data["record"], {"record": data["record"]}
    else:
        raise PamirError(f"{path}: not a paxpamir session, record or state (format {fmt!r})")
    if not isinstance(record, dict):
        raise PamirError(f"{path}: the saved session has no game record")
    data = dict(data)
    warnings: list[str] = []
    try:
        g = Game.from_record(record)
    except PamirError as exc:
        # A rules fix can make an old record stop replaying: keep every decision that still replays.
        g = _record_start(record)
        choices = record.get("choices") or []
        kept = 0
        for item in choices:
            try:
                who, option, *reason = item  # Wakhan's decisions carry her reason as a third item
                g.apply(option, who, *reason)  # reason and note (see docs/state-format.md)
            except (PamirError, TypeError, ValueError):
                break
            kept += 1
        warnings.append(
            _("the record replays only up to decision {kept} of {n} ({error}); the game goes on from there").format(
                kept=kept, n=len(choices), error=exc
            )
        )
    else:
        saved_hash = data.get("state_hash")
        if saved_hash is not None and saved_hash != g.state_hash():
            warnings.append(_("the record replays to a different state than the one saved (the rules engine changed)"))
    data["warnings"] = warnings
    return g, data


def log_since(g: Game, start: int) -> tuple[int, list[str]]:
    """(length of the log, its lines from index ``start`` on): like ``g.log_lines()[start:]`` but formats
    only the lines asked for, so following a long game stays fast."""
    from ..presentation.describe import event_text

    events = g.events()
    start = max(0, min(start, len(events)))
    return len(events), [event_text(g, e) for e in events[start:]]


def player_name(vm: dict[str, Any], p: int) -> str:
    """The seat's name in a view model: "Player 2", "Wakhan", or the name the game gives it."""
    return str(vm["names"][p])


def short_name(vm: dict[str, Any], p: int) -> str:
    """"P2" for Player 2 (other names stay whole), where room is short."""
    name = player_name(vm, p)
    return _("P{n}").format(n=p + 1) if name == _("Player {n}").format(n=p + 1) else name


def game_player_name(g: Game, p: int) -> str:
    """The seat's name in ``g``: "Player 2", or "Wakhan" for her seat (the engine's own naming)."""
    return seat_name(g, p)


def log_style(line: str) -> str | None:
    """How a log line stands out: Dominance Checks (and the instability that calls one) in reverse, turn
    headers in bold; None for the others."""
    if line.startswith((_("Dominance Check") + ":", _("Instability") + ":")):
        return "bold reverse yellow"
    if line.startswith("—"):
        return "bold"
    return None


def log_with_turn(lines: list[str], start: int) -> list[str]:
    """``lines[start:]``, headed by the line of the turn they begin in when that line is not among them."""
    start = max(0, min(start, len(lines)))
    out = lines[start:]
    if out and not out[0].startswith("— "):
        for i in range(start - 1, -1, -1):
            if lines[i].startswith("— "):
                return [lines[i], "...", *out] if i < start - 1 else [lines[i], *out]
    return out


def norm_label(text: str) -> str:
    """A label or typed text for matching: lower case, single spaces, and any dash as a plain hyphen (labels
    use en dashes, as in "Herat–Kandahar")."""
    return " ".join(text.lower().replace("–", "-").replace("—", "-").split())


def board_log_from(total: int, log_lines: int = BOARD_LOG_LINES, since: int | None = None) -> int:
    """The first log line the board may show: the last ``log_lines``, or (up to ``MAX_BOARD_LOG_LINES``) every
    line from index ``since`` on when that is more."""
    count = log_lines
    if since is not None:
        count = min(max(log_lines, total - since), MAX_BOARD_LOG_LINES)
    return max(0, total - count)


def wakhan_card_details(number: int) -> str:
    """Wakhan's AI card ``number``: its instructions in full, its arrows, loyalty and region order, its back."""
    card = wakhan_card(number)
    lines = [
        _("Wakhan's AI card {number}: tried top to bottom, the first one she can carry out is taken").format(
            number=card.number
        )
    ]
    lines += [f"  {i}. {_(WAKHAN_INSTRUCTIONS.get(a, a))}" for i, a in enumerate(card.actions, 1)]
    lines.append(
        _("  Pragmatic loyalty: {loyalty}; region order: {regions}").format(
            loyalty=" > ".join(coalition_name(c) for c in card.pragmatic_loyalty),
            regions=", ".join(region_title(r) for r in card.region_order),
        )
    )
    lines.append(
        _("  Arrows point at the next card's back: its column entry {column} of 6, its row entry {row} of 2").format(
            column=card.column_arrow + 1, row=card.row_side_arrow + 1
        )
    )
    lines.append(
        _("  Back: market columns {columns} (from the left); rows {rows}").format(
            columns=", ".join(str(c + 1) for c in card.back_columns),
            rows=", ".join(arrow_words(r) for r in card.back_row_side),
        )
    )
    return "\n".join(lines)


def _impact_word(icon: str) -> str:
    """An impact icon in words: suit icons make that suit favored."""
    if icon in SUITS:
        return _("favor {suit}").format(suit=suit_name(icon))
    return _icon_name(icon)


def _icon_name(icon: str) -> str:
    """An impact icon's name: a piece, a suit or leverage."""
    if icon in SUITS:
        return suit_name(icon)
    return piece_kind_name(icon) if icon != "leverage" else _("leverage")


def _blocks_text(counts: dict[str, int] | None) -> Text:
    """Coalition blocks like "Afghan x2  British x1", in coalition colours; empty when there are none."""
    out = Text()
    for coal, k in sorted((counts or {}).items(), key=lambda kv: COALITIONS.index(kv[0])):
        if k:
            if out:
                out.append("  ")
            out.append(f"{coal.capitalize()} x{k}", style=COALITION_STYLES[COALITIONS.index(coal)])
    return out


# ---------------------------------------------------------------------------- the drawn map
#
# The six regions where the printed board has them (north at the top; /work/shared/reference/board-look.md):
# Transcaspia a band across the north; Persia, Herat and Kabul below it; Kandahar and Punjab in the south.
# Every border is a line between two boxes, labelled with its roads (A2 = two Afghan roads).

MAP_WIDTH = 79
_BOX = 18  # the width of a region box
#: Region boxes: (left column, top row, width, height).
_MAP_BOXES = {
    "transcaspia": (0, 0, 67, 3),
    "persia": (0, 4, _BOX, 4),
    "herat": (24, 4, _BOX, 4),
    "kabul": (48, 4, _BOX, 4),
    "kandahar": (36, 9, _BOX, 4),
    "punjab": (60, 9, _BOX, 4),
}
#: Borders: ("v", column, row) a vertical line one row high, ("h", column, row) a horizontal one of six columns.
_MAP_BORDERS = {
    "persia-transcaspia": ("v", 8, 3),
    "herat-transcaspia": ("v", 32, 3),
    "kabul-transcaspia": ("v", 56, 3),
    "herat-persia": ("h", 18, 5),
    "herat-kabul": ("h", 42, 5),
    "herat-kandahar": ("v", 38, 8),
    "kabul-kandahar": ("v", 50, 8),
    "kabul-punjab": ("v", 62, 8),
    "kandahar-punjab": ("h", 54, 10),
}
MAP_HEIGHT = 13
_COALITION_LETTERS = "ABR"


def _blocks_short(counts: dict[str, int] | None) -> Text:
    """Blocks as "A2 R1" (coalition letter and count, in coalition colours); empty when there are none."""
    out = Text()
    for i, coal in enumerate(COALITIONS):
        k = (counts or {}).get(coal, 0)
        if k:
            if out:
                out.append(" ")
            out.append(f"{_COALITION_LETTERS[i]}{k}", style=COALITION_STYLES[i])
    return out


class _Canvas:
    """A grid of styled characters."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.rows: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str | Text, style: str = "") -> int:
        """Write ``text`` at (x, y), clipped at ``limit``; returns the column after it."""
        if isinstance(text, Text):
            for span_text, span_style in _text_runs(text):
                x = self.put(x, y, span_text, span_style or style)
            return x
        row = self.rows[y]
        for ch in text:
            if 0 <= x < self.width:
                row[x] = (ch, style)
            x += 1
        return x

    def lines(self) -> list[Text]:
        out = []
        for row in self.rows:
            line = Text()
            for ch, style in row:
                line.append(ch, style=style)
            line.rstrip()
            out.append(line)
        return out


def _text_runs(text: Text) -> list[tuple[str, str]]:
    """(text, style) runs of a rich Text (styles as strings)."""
    plain = text.plain
    styles = [str(text.style or "")] * len(plain)
    for span in text.spans:
        for i in range(span.start, min(span.end, len(plain))):
            styles[i] = str(span.style)
    runs: list[tuple[str, str]] = []
    for ch, st in zip(plain, styles, strict=True):
        if runs and runs[-1][1] == st:
            runs[-1] = (runs[-1][0] + ch, st)
        else:
            runs.append((ch, st))
    return runs


def drawn_map(vm: dict[str, Any]) -> list[Text]:
    """The map as lines of text: each region a box (its name, ruler, tribes and armies), each border a line
    between two boxes labelled with its roads."""
    canvas = _Canvas(MAP_WIDTH, MAP_HEIGHT)
    for name, (x, y, w, h) in _MAP_BOXES.items():
        region = vm["regions"][name]
        ruler = region["ruler"]
        title = f" {region['title']} "
        canvas.put(x, y, "┌" + "─" * (w - 2) + "┐", "dim")
        canvas.put(x + 1, y, title, "bold")
        if ruler is not None:
            tag = f" {short_name(vm, ruler)[:3]} "
            canvas.put(x + w - 1 - len(tag), y, tag, "reverse " + PLAYER_STYLES[ruler % len(PLAYER_STYLES)])
        for k in range(1, h - 1):
            canvas.put(x, y + k, "│", "dim")
            canvas.put(x + w - 1, y + k, "│", "dim")
        canvas.put(x, y + h - 1, "└" + "─" * (w - 2) + "┘", "dim")
        tribes = Text()
        for p, k in enumerate(region["tribes"]):
            if k:
                if tribes:
                    tribes.append(" ")
                tribes.append(f"{short_name(vm, p)}:{k}", style=PLAYER_STYLES[p % len(PLAYER_STYLES)])
        armies = _blocks_short(region["armies"])
        inner = w - 2
        first = Text(_("tribes") + " ", style="dim")
        first.append_text(tribes if tribes else Text("-", style="dim"))
        second = Text(_("armies") + " ", style="dim")
        second.append_text(armies if armies else Text("-", style="dim"))
        if h == 3:  # one line: tribes and armies side by side
            first.append("   ")
            first.append_text(second)
            canvas.put(x + 1, y + 1, first[:inner])
        else:
            canvas.put(x + 1, y + 1, first[:inner])
            canvas.put(x + 1, y + 2, second[:inner])
    for name, (kind, x, y) in _MAP_BORDERS.items():
        roads = _blocks_short(vm["borders"][name]["roads"])
        if kind == "v":
            canvas.put(x, y, "│", "bold" if roads else "dim")
            if roads:
                canvas.put(x + 1, y, roads)
        else:
            canvas.put(x, y, "──────", "bold" if roads else "dim")
            counts = vm["borders"][name]["roads"]
            pieces = [
                Text(f"{_COALITION_LETTERS[i]}{counts[c]}", style=COALITION_STYLES[i])
                for i, c in enumerate(COALITIONS)
                if counts.get(c)
            ]
            line, row = Text(), y
            for piece in pieces:  # as many as fit on the border's line, the others just below it
                if len(line) + len(piece) > 6:
                    canvas.put(x + (6 - len(line)) // 2, row, line)
                    line, row = Text(), row + 1
                line.append_text(piece)
            if line:
                canvas.put(x + (6 - len(line)) // 2, row, line)
    legend = Text(_("Map"), style="bold underline")
    legend.append(_(" · ruler at top right · P1:2 = 2 tribes of P1 · "), style="dim")
    for i, _coal in enumerate(COALITIONS):
        legend.append(f"{_COALITION_LETTERS[i]}={coalition_name(i)}", style=COALITION_STYLES[i])
        legend.append(" ")
    legend.rstrip()
    return [legend, *canvas.lines()]


def _card_extras(info: CourtCard) -> Text:
    """What a court card adds in the market, as in hands and courts: actions, impact icons, patriot, prize."""
    out = Text()
    if info.actions:
        out.append(f" · {'/'.join(action_name(a) for a in info.actions)}")
    if info.impact:
        counted: list[list[Any]] = []
        for icon in info.impact:
            if counted and counted[-1][0] == icon:
                counted[-1][1] += 1
            else:
                counted.append([icon, 1])
        words = ", ".join(_impact_word(i) + (f" x{k}" if k > 1 else "") for i, k in counted)
        out.append(_(" · impact {icons}").format(icons=words), style="dim")
    if info.patriot >= 0:
        out.append(_(" · patriot "))
        out.append(coalition_name(info.patriot), style=COALITION_STYLES[info.patriot])
    if info.prize >= 0:
        out.append(_(" · prize "))
        out.append(coalition_name(info.prize), style=COALITION_STYLES[info.prize])
    if info.ability_text:
        out.append(_(" · ability"), style="dim")
    return out


def suit_text(suit: int) -> Text:
    return Text(suit_name(suit).capitalize(), style=SUIT_STYLES[suit])


def coalition_text(c: int | str | None) -> Text:
    if c is None or c == -1:
        return Text("—")
    i = COALITIONS.index(c) if isinstance(c, str) else c
    return Text(coalition_name(i), style=COALITION_STYLES[i])


def card_title(number: int) -> str:
    c = CARDS[number]
    return f"{c.name} ({number})" if c is not None else _("card {number}").format(number=number)


def card_details(number: int) -> str:
    """Everything printed on a card, as plain text lines."""
    c = CARDS[number]
    if isinstance(c, CourtCard):
        lines = [
            _("{name} ({number}) — court card").format(name=c.name, number=c.number),
            _("  Region: {region}   Suit: {suit}   Rank: {rank}").format(
                region=region_title(c.region), suit=suit_name(c.suit), rank=c.rank
            ),
            _("  Actions: {actions}").format(actions=", ".join(action_name(a) for a in c.actions) or _("none")),
            _("  Impact: {icons}").format(icons=", ".join(_icon_name(i) for i in c.impact) or _("none")),
        ]
        if c.patriot >= 0:
            lines.append(_("  Patriot: {coalition}").format(coalition=coalition_name(c.patriot)))
        if c.prize >= 0:
            lines.append(_("  Prize: {coalition}").format(coalition=coalition_name(c.prize)))
        if c.ability_text:
            lines.append(_("  Ability: {text}").format(text=_(c.ability_text)))
        return "\n".join(lines)
    assert isinstance(c, EventCard)
    kind = _("Dominance Check") if c.is_dominance_check else _("event")
    return "\n".join(
        [
            f"{c.name} ({c.number}) — {kind}",
            _("  If purchased: {text}").format(text=_(c.if_purchased_text)),
            _("  If discarded from the market: {text}").format(text=_(c.if_discarded_text)),
        ]
    )


def parse_humans(text: str, players: int | None = None) -> list[int]:
    """``"1,3"`` -> ``[0, 2]``; ``"none"`` or ``""`` -> ``[]``. Raises ValueError with a readable message."""
    text = text.strip().lower()
    if text in ("", "none", "0"):
        return []
    seats = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit():
            raise ValueError(_("seats are numbers separated by commas, such as 1,3 (not {text})").format(
                text=repr(part)
            ))
        seat = int(part)
        if seat < 1 or (players is not None and seat > players):
            top = players if players is not None else MAX_PLAYERS
            raise ValueError(_("seat {n} does not exist: seats are 1 to {top}").format(n=seat, top=top))
        if seat - 1 in seats:
            raise ValueError(_("seat {n} is listed twice").format(n=seat))
        seats.append(seat - 1)
    return sorted(seats)


def bot_choice(
    game: Game, bot_seed: int, seat: int, decision_index: int, kind: str = "random"
) -> tuple[Any, ...]:
    """The bot's choice. Seeded by the decision's index, so a resumed game plays on exactly as it would have."""
    seed = (bot_seed * 1_000_003 + seat * 10_007 + decision_index) & 0x7FFFFFFF
    if kind == "random":
        return tuple(RandomBot(seed).choose(game))
    return tuple(make_agent(kind, seed).decide(game).option)


class SessionBot:
    """A random bot seat of a session: its choice depends only on the session's bot seed, the seat and the
    decision's index in the record (see :func:`bot_choice`)."""

    def __init__(self, bot_seed: int, kind: str = "random") -> None:
        self.bot_seed = bot_seed
        self.kind = kind

    def decide(self, game: Game) -> Decision:
        seat = game.current_player
        assert seat is not None
        return Decision(bot_choice(game, self.bot_seed, seat, len(game.choices()), self.kind))


class WakhanSeat:
    """Wakhan's seat: the rulebook's procedure decides, and her reason goes into the log and the record."""

    def decide(self, game: Game) -> Decision:
        option, reason = WakhanPlayer().choose(game)
        return Decision(option, reason)


# ---------------------------------------------------------------------------- the board


def _plain_width() -> int:
    """Line width for plain output: $COLUMNS when it is a sensible number, else 110."""
    try:
        width = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        return 110
    return width if width >= 60 else 110


class Screen:
    """Draws boards, prompts and messages on one output stream.

    On a terminal the board is laid out for the terminal's width and trimmed to its height: the prompt and
    the options always fit below the board, and the log shows as many of the latest lines as there is room
    for (``log`` shows more). Written to a file or a pipe, it is drawn in full.
    """

    def __init__(self, out: TextIO) -> None:
        self.out = out
        isatty = bool(getattr(out, "isatty", lambda: False)())
        self.tty = isatty
        width = None if isatty else _plain_width()
        self.console = Console(
            file=out,
            force_terminal=isatty,
            no_color=not isatty,
            color_system="auto" if isatty else None,
            highlight=False,
            emoji=False,
            width=width,
            soft_wrap=False,
        )
        self.market_box = box.MINIMAL if isatty else box.ASCII2

    # -- output primitives

    def print(self, *items: Any, **kw: Any) -> None:
        self.console.print(*items, **kw)
        self.out.flush()

    def plain(self, text: str, style: str | None = None) -> None:
        """A message, never wrapped (paths and commands in it stay copyable)."""
        self.console.print(Text(text, style=style or ""), soft_wrap=True)
        self.out.flush()

    def clear(self) -> None:
        """Clear the screen and, where the terminal allows, its scrollback (a hot-seat hand must not show)."""
        if self.tty:
            self.console.clear()
            self.out.write("\x1b[3J")
            self.out.flush()

    @property
    def width(self) -> int:
        return self.console.width

    def height(self) -> int | None:
        """Rows of the terminal the board must fit in; None when the output is not a terminal."""
        return self.console.height if self.tty else None

    def lines(self, renderable: Any) -> int:
        """How many lines ``renderable`` takes at the console's width."""
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    # -- pieces of the board (each reads the view model, see paxpamir.presentation.viewmodel)

    def _player(self, vm: dict[str, Any], p: int) -> Text:
        return Text(player_name(vm, p), style=PLAYER_STYLES[p % len(PLAYER_STYLES)])

    def _header(self, vm: dict[str, Any]) -> list[Any]:
        """One line (two on a narrow terminal): turn, who decides, favored suit, deck, blocks and dominance."""
        favored = SUITS.index(vm["favored"])
        head = Text(_("Pax Pamir · turn {turn}").format(turn=vm["turn"]), style="bold")
        to_move = vm["to_move"]
        if to_move is not None and not vm["over"]:
            head.append(" · ")
            head.append_text(self._player(vm, to_move))
            head.append(_(" to decide"))
        head.append(_(" · Favored suit: "))
        head.append_text(suit_text(favored))
        if favored == MILITARY:
            head.append(_(" (purchase costs doubled)"), style="bold red")
        dominance = vm["dominance"]
        checks = dominance["left"]
        in_deck = dominance["in_deck"]
        piles = dominance.get("piles") or []
        market = _("{n} in the market").format(n=checks - in_deck) if checks > in_deck else ""
        if self.width < 100 and piles:  # compact: the piles say where the checks are
            head.append(_(" · Deck: {n}, piles ").format(n=vm["deck_size"]))
            head.append(" ".join(f"{p['cards']}{'*' * p['checks']}" for p in piles))
            if market:
                head.append(_(" (*: Dominance Check; {market})").format(market=market), style="dim")
            else:
                head.append(_(" (*: Dominance Check)"), style="dim")
        else:
            head.append(
                ngettext(" · Deck: {n} card", " · Deck: {n} cards", vm["deck_size"]).format(n=vm["deck_size"])
                + ngettext(" with {k} Dominance Check in it", " with {k} Dominance Checks in it", in_deck).format(
                    k=in_deck
                )
                + (f" ({market})" if market else "")
            )
            if piles:
                head.append(_(" · piles (top first): "))
                head.append(" ".join(f"{p['cards']}{'*' * p['checks']}" for p in piles))
                head.append(_(" (* a Dominance Check)"), style="dim")
        head.append(_(" · Blocks: "))
        for c, name in enumerate(COALITIONS):
            if c:
                head.append(", ")
            head.append_text(coalition_text(c))
            head.append(f" {dominance['blocks'][name]}")
        dominant = dominance["dominant"]
        if dominant is not None:
            head.append(" (")
            head.append_text(coalition_text(dominant))
            head.append(_(" dominant)"))
        else:
            head.append(_(" (none dominant)"))
        return [head]

    def _players_table(self, vm: dict[str, Any], humans: Sequence[int], narrow: bool | None = None) -> Table:
        if narrow is None:
            narrow = self.width < 100
        heads = (
            ("", _("Player"), _("Loyal"), _("Rs"), _("VP"), _("Infl"), _("Gift"), _("Prizes"), _("Hand"), _("Court"),
             _("Stock"))
            if narrow
            else (
                "", _("Player"), _("Loyalty"), _("Rupees"), _("VP"), _("Influence"), _("Gifts"), _("Prizes"), _("Hand"),
                _("Court"), _("Cylinders in stock"),
            )
        )
        t = Table(box=None, header_style="bold underline", expand=False, padding=(0, 1))
        for i, head in enumerate(heads):
            t.add_column(head, justify="left" if i in (0, 1, 2, 7) else "right", no_wrap=i != 7)
        to_move = vm["to_move"]
        viewer = vm["seat"]
        for pd in vm["players"]:
            p = pd["seat"]
            mark = ">" if p == to_move and not vm["over"] else ""
            who = self._player(vm, p)
            if p == viewer:
                who.append(_(" (you)"))
            elif pd["wakhan"]:
                who.append(_(" (AI)"))
            elif p not in humans:
                who.append(_(" (bot)"))
            prizes = Text()
            for coal, name in enumerate(COALITIONS):
                k = pd["prizes_by_coalition"][name]
                if k:
                    if prizes:
                        prizes.append(", ")
                    prizes.append(f"{k} {coalition_name(coal)}", style=COALITION_STYLES[coal])
            if pd["wakhan"]:
                # Wakhan is loyal to all; her pragmatic loyalty (from her AI card) is what counts now.
                pragmatic = (vm["wakhan"] or {}).get("pragmatic_loyalty")
                loyalty = Text(_("all, now ") if not narrow else _("now "))
                if narrow and pragmatic:
                    short = coalition_name(COALITIONS.index(pragmatic))[:3]
                    loyalty.append(short, style=COALITION_STYLES[COALITIONS.index(pragmatic)])
                else:
                    loyalty.append_text(coalition_text(pragmatic) if pragmatic else Text("-"))
                by_coalition = pd["influence"].items()
                influence = Text(
                    " ".join(
                        f"{_COALITION_LETTERS[COALITIONS.index(c)]}{k}"
                        if narrow
                        else f"{coalition_name(COALITIONS.index(c))[:3]} {k}"
                        for c, k in by_coalition
                    )
                )
                hand = str(pd["hand_size"])
                court = str(pd["court_size"])
            else:
                loyalty = coalition_text(pd["loyalty"])
                influence = Text(str(pd["influence"]) if pd["loyalty"] else "-")
                hand = f"{pd['hand_size']}/{pd['hand_limit']}"
                court = f"{pd['court_size']}/{pd['court_limit']}"
            t.add_row(
                mark,
                who,
                loyalty,
                str(pd["rupees"]),
                str(pd["vp"]),
                influence,
                str(pd["gifts"]),
                prizes if pd["prizes"] else Text("-"),
                hand,
                court,
                str(pd["cylinders_in_supply"]),
            )
        return t

    def _map_table(self, vm: dict[str, Any]) -> Table:
        t = Table(box=None, header_style="bold underline", padding=(0, 1))
        t.add_column(_("Region"), no_wrap=True)
        t.add_column(_("Ruler"), no_wrap=True)
        t.add_column(_("Tribes"))
        t.add_column(_("Armies"))
        for region in vm["regions"].values():
            tribes = Text()
            for p, k in enumerate(region["tribes"]):
                if k:
                    if tribes:
                        tribes.append("  ")
                    tribes.append(f"{player_name(vm, p)} x{k}", style=PLAYER_STYLES[p % len(PLAYER_STYLES)])
            ruler = region["ruler"]
            t.add_row(
                region["title"],
                self._player(vm, ruler) if ruler is not None else Text("—"),
                tribes or Text("—"),
                _blocks_text(region["armies"]) or Text("—"),
            )
        return t

    def _roads_table(self, vm: dict[str, Any]) -> Table:
        """Roads on each border that has any."""
        t = Table(box=None, header_style="bold underline", padding=(0, 1))
        t.add_column(_("Border"), no_wrap=True)
        t.add_column(_("Roads"))
        for border in vm["borders"].values():
            cell = _blocks_text(border["roads"])
            if cell:
                t.add_row(border["title"], cell)
        if not t.row_count:
            t.add_row(Text(_("no roads on any border"), style="dim"), "")
        return t

    def _players_and_map(self, vm: dict[str, Any], humans: Sequence[int], drawn: bool) -> list[Any]:
        """The players' table and the map: the drawn map beside the table on a wide terminal, below it on a
        narrower one; the map as tables (regions, roads) when ``drawn`` is False or the terminal is too narrow."""
        if drawn and self.width > MAP_WIDTH:
            players = self._players_table(vm, humans, narrow=self.width < 100 + MAP_WIDTH)
            wide = self.lines(players) and (self.console.measure(players).maximum + 3 + MAP_WIDTH <= self.width)
            if wide:
                grid = Table.grid(padding=(0, 3))
                grid.add_row(players, Group(*drawn_map(vm)))
                return [grid]
            return [self._players_table(vm, humans), *drawn_map(vm)]
        return [self._players_table(vm, humans), self._map(vm)]

    def _map(self, vm: dict[str, Any]) -> Any:
        grid = Table.grid(padding=(0, 3))
        if self.width >= 110:
            grid.add_row(self._map_table(vm), self._roads_table(vm))
        else:
            grid.add_row(self._map_table(vm))
            grid.add_row(self._roads_table(vm))
        return grid

    def _market_cell(self, card: int | None, rupees: int, one_line: bool, extras: bool = True) -> Text:
        cell = Text()
        if card is None:
            cell.append(_("(empty)"), style="dim")
        else:
            info = CARDS[card]
            cell.append(card_title(card), style="bold")
            cell.append(" " if one_line else "\n")
            if isinstance(info, CourtCard):
                cell.append(f"{_(SUIT_SHORT[info.suit])} {info.rank}", style=SUIT_STYLES[info.suit])
                cell.append(f" {region_title(info.region)}")
                if extras:
                    cell.append_text(_card_extras(info))
            else:
                assert isinstance(info, EventCard)
                cell.append(_("Dominance Check") if info.is_dominance_check else _("event"), style="italic")
        if rupees:
            cell.append(ngettext(" +{n} rupee", " +{n} rupees", rupees).format(n=rupees), style="bold yellow")
        return cell

    def _market_table(self, vm: dict[str, Any], extras: bool = True) -> Table:
        costs = vm["column_costs"]
        slots = {(m["row"], m["column"]): m for m in vm["market"]}
        if self.width >= 130:
            t = Table(box=self.market_box, show_lines=True, show_edge=False, padding=(0, 1), expand=True)
            for col in range(6):
                head = _("Market {column}: cost {cost}") if col == 0 else _("{column}: cost {cost}")
                t.add_column(head.format(column=col + 1, cost=costs[col]), overflow="fold", ratio=1)
            for row in range(2):
                cells = (slots[row, col] for col in range(6))
                t.add_row(*(self._market_cell(m["card"], m["rupees"], False, extras) for m in cells))
            return t
        # A narrow terminal: the market on its side, one line per column of the board.
        t = Table(box=self.market_box, show_edge=False, padding=(0, 1))
        t.add_column(_("Market"))
        t.add_column(_("top row"), overflow="fold", ratio=1)
        t.add_column(_("bottom row"), overflow="fold", ratio=1)
        for col in range(6):
            t.add_row(
                _("{column}: cost {cost}").format(column=col + 1, cost=costs[col]),
                *(self._market_cell(slots[r, col]["card"], slots[r, col]["rupees"], True, extras) for r in (0, 1)),
            )
        return t

    def _market_events(self, vm: dict[str, Any], brief: bool = False) -> list[Text]:
        if brief:
            return []  # the market says "event"; card <number> tells the rest
        lines = []
        for m in vm["market"]:
            facts = vm["cards"].get(str(m["card"])) if m["card"] is not None else None
            if facts is None or facts["kind"] != "event":
                continue
            line = Text(f"  {card_title(m['card'])}", style="bold")
            line.append(
                _(" — if bought: {bought} If discarded: {discarded}").format(
                    bought=facts["if_purchased"], discarded=facts["if_discarded"]
                )
            )
            lines.append(line)
        return lines

    def _card_line(self, vm: dict[str, Any], card: int, court: dict[str, Any] | None, short: bool = False) -> Text:
        """A card on one line: a hand card (``court`` None) with its impact and ability, a court card (its entry in
        the view model's courts) with its spies, hostage mark and whether it was used this turn (``short``:
        players as P1, P2...)."""
        name = short_name if short else player_name
        info = CARDS[card]
        line = Text()
        if not isinstance(info, CourtCard):
            line.append(card_title(card))
            return line
        line.append(card_title(card), style="bold")
        line.append(" ")
        if court is None:
            line.append(f"{suit_name(info.suit)} {info.rank}", style=SUIT_STYLES[info.suit])
        else:
            line.append(f"{_(SUIT_SHORT[info.suit])} {info.rank}", style=SUIT_STYLES[info.suit])
        line.append(f" · {region_title(info.region)}")
        if info.actions:
            line.append(f" · {'/'.join(action_name(a) for a in info.actions)}")
        if info.patriot >= 0:
            line.append(_(" · patriot "))
            line.append(coalition_name(info.patriot), style=COALITION_STYLES[info.patriot])
        if court is None:
            line.append(_(" · impact: {icons}").format(icons=", ".join(_impact_word(i) for i in info.impact) or "-"))
            if info.prize >= 0:
                line.append(_(" · prize {coalition}").format(coalition=coalition_name(info.prize)))
            if info.ability_text:
                line.append(_(" · ability: "))
                line.append(_(info.ability_text), style="italic")
        else:
            counts = court["spies"]
            if any(counts):
                line.append(_(" · spies:"))
                for p, k in enumerate(counts):
                    if k:
                        line.append(f" {name(vm, p)} x{k}", style=PLAYER_STYLES[p % len(PLAYER_STYLES)])
            holder = court["hostage_of"]
            if holder is not None:
                line.append(" · ")
                line.append(_("HOSTAGE of {player}").format(player=name(vm, holder)), style="bold reverse")
            if court["used"]:
                line.append(_(" · used"), style="dim")
            if info.ability_text and not short:
                line.append(_(" · has an ability"), style="dim")
        return line

    def _court_head(self, vm: dict[str, Any], p: int) -> Text:
        stars = vm["players"][p]["stars"]
        head = self._player(vm, p)
        if any(stars.values()):
            head.append(" · ")
            for s, suit in enumerate(SUITS):
                if stars[suit]:
                    head.append(f"{_(SUIT_SHORT[s])} {stars[suit]} ", style=SUIT_STYLES[s])
            head.rstrip()
        return head

    def _courts(self, vm: dict[str, Any], layout: str = "stacked") -> list[Any]:
        """Every court, left to right. ``layout``: "side" (one column per player), "stacked" (one card a line,
        one player after another) or "inline" (each court's cards run on in a paragraph: the most compact)."""
        courts = vm["courts"]
        short = layout != "stacked"
        cells = []
        for court in courts:
            cell = Text()
            for i, entry in enumerate(court):
                if i:
                    cell.append(" | " if layout == "inline" else "\n")
                cell.append_text(self._card_line(vm, entry["card"], entry, short))
            if not court:
                cell.append(_("(empty court)"), style="dim")
            cells.append(cell)
        if layout == "side":
            t = Table(box=None, header_style="bold underline", padding=(0, 1), expand=True)
            for p in range(len(courts)):
                head = self._court_head(vm, p)
                head.append(_(" (court, left to right)") if p == 0 else "")
                t.add_column(head, ratio=1, overflow="fold")
            t.add_row(*cells)
            return [t]
        if layout == "inline":
            grid = Table.grid(padding=(0, 1))
            grid.add_column(no_wrap=True)
            grid.add_column(ratio=1)
            for p in range(len(courts)):
                head = self._court_head(vm, p)
                head.append(":")
                grid.add_row(head, cells[p])
            return [grid]
        out: list[Any] = [Text(_("Courts (left to right)"), style="bold underline")]
        for p in range(len(courts)):
            head = Text("  ")
            head.append_text(self._court_head(vm, p))
            out.append(head)
            if courts[p]:
                out.append(Padding(cells[p], (0, 0, 0, 4)))
        return out

    def _court_layouts(self, vm: dict[str, Any]) -> list[str]:
        """Court layouts to try, best first: the shorter of side by side and stacked, then inline."""
        if self.width // len(vm["players"]) < 26:
            return ["stacked", "inline"]
        side, stacked = (self.lines(Group(*self._courts(vm, k))) for k in ("side", "stacked"))
        return ["side", "stacked", "inline"] if side <= stacked else ["stacked", "side", "inline"]

    def _hands(self, vm: dict[str, Any]) -> list[Any]:
        """The hands the viewer may see (their own; everyone's with open hands), one card a line."""
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column(ratio=1)
        viewer = vm["seat"]
        for pd in vm["players"]:
            p = pd["seat"]
            if pd["hand"] is None or pd["wakhan"]:
                continue
            title = _("Your hand:") if p == viewer else _("{player}'s hand (open hands):").format(
                player=player_name(vm, p)
            )
            cards = Text()
            for i, c in enumerate(pd["hand"]):
                if i:
                    cards.append("\n")
                cards.append_text(self._card_line(vm, c, None))
            grid.add_row(Text(title, style="bold underline"), cards if pd["hand"] else Text(_("(empty)"), style="dim"))
        return [grid] if grid.row_count else []

    def _wakhan(self, vm: dict[str, Any], brief: bool = False) -> list[Any]:
        """Wakhan's face-up AI card and the back of the next one, as a player at the table sees them."""
        wk = vm["wakhan"]
        if not wk:
            return []
        head = Text(_("Wakhan's AI card"), style="bold underline")
        arrows = wk.get("arrows") or {}
        column, side = arrows.get("column"), arrows.get("row_side")
        where = ""
        if isinstance(column, int):
            where = _("column {column} (cost {cost}), ").format(column=column + 1, cost=vm["column_costs"][column])
        if side == "topLeft":
            where += _("top row, left end, player on her left")
        else:
            where += _("bottom row, right end, player on her right")
        face = wk["ai_card_face"]
        if not face:
            return [head, Text(_("  none drawn yet; AI deck {n} cards").format(n=wk.get("ai_deck_size")))]
        head.append(f" {face['number']}", style="bold")
        out: list[Any] = [head]
        codes = [a["code"] for a in face["actions"]]
        if brief:
            out.append(
                Text(_("  {instructions}; arrows: {where}").format(
                    instructions=" / ".join(wakhan_instruction(a) for a in codes), where=where
                ))
            )
            return out
        for i, code in enumerate(codes, 1):
            out.append(Text(f"  {i}. {wakhan_instruction(code)}"))
        loyalty = " > ".join(coalition_name(COALITIONS.index(c)) for c in face["pragmatic_loyalty"])
        regions = ", ".join(vm["regions"][r]["title"] for r in face["region_order"])
        out.append(Text(_("  arrows (with the next card's back): {where}").format(where=where)))
        now = Text(_("  pragmatic loyalty now: "))
        now.append_text(coalition_text(wk.get("pragmatic_loyalty")))
        steadfast = any(v["name"] == "steadfast_loyalty" for v in wk.get("variants") or ())
        if steadfast:
            rule = _(
                " (the most blocks in play, then the card's order {loyalty}, leaving out any loyalty another player "
                "shares); region order: {regions}; AI deck {n}"
            )
        else:
            rule = _(
                " (the card's order {loyalty}, leaving out any loyalty another player shares); region order: "
                "{regions}; AI deck {n}"
            )
        now.append(rule.format(loyalty=loyalty, regions=regions, n=wk.get("ai_deck_size")))
        out.append(now)
        variants = [v["title"] for v in wk.get("variants") or ()]
        if variants:
            out.append(Text(_("  variants: {variants}").format(variants=", ".join(variants))))
        else:
            out.append(Text(_("  variants: none (the rulebook Wakhan)")))
        return out

    def _effects(self, vm: dict[str, Any]) -> list[Any]:
        out: list[Any] = []
        for e in vm["effects"]:
            p = e["player"]
            line = Text(_("In force: "), style="bold")
            line.append(card_title(e["card"]))
            if p is not None:
                line.append(_(" for "))
                line.append_text(self._player(vm, p))
            line.append(f": {e['text']}")
            out.append(line)
        return out

    def _log_part(self, vm: dict[str, Any], count: int, wanted: int, since: int | None, footer: Text) -> list[Any]:
        """The log's last ``count`` lines (of ``wanted``) under a title, with ``footer`` at the right of it."""
        log = vm["log"]
        total = log["size"]
        lines = log["lines"][len(log["lines"]) - count :] if count > 0 else []
        if not lines:
            return [footer]
        fresh = since is not None and total - since > 0
        title = Text(_("Since your last decision") if fresh else _("Recent log"), style="bold underline")
        wanted = min(wanted, total)
        if wanted > len(lines):
            more = _("l shows them all") if fresh else _("log {n} shows them all").format(n=wanted)
            title.append(
                _(" (last {n} of {wanted} lines; {more})").format(n=len(lines), wanted=wanted, more=more), style="dim"
            )
        if len(title) + len(footer) + 2 > self.width:
            return [title, *self._log_lines(lines), footer]
        head = Table.grid(expand=True)
        head.add_column(ratio=1)
        head.add_column(justify="right")
        head.add_row(title, footer)
        return [head, *self._log_lines(lines)]

    @staticmethod
    def _log_lines(lines: list[str]) -> list[Text]:
        """Log lines, the older ones dimmed (the last three are what just happened); turn headers in bold, and
        Dominance Checks stand out."""
        return [
            Text(f"  {line}", style=log_style(line) or ("dim" if i < len(lines) - 3 else ""))
            for i, line in enumerate(lines)
        ]

    def board(
        self,
        g: Game,
        viewer: int | None,
        humans: Sequence[int],
        log_lines: int = BOARD_LOG_LINES,
        since: int | None = None,
        reserve: int = 0,
        vm: dict[str, Any] | None = None,
        extra: Any = None,
    ) -> None:
        """Draw the table as ``viewer`` sees it (None: a spectator), from the view model ``vm`` (made here when
        not given; it must then carry the log from ``board_log_from``).

        The log shows the last ``log_lines`` lines, or every line from index ``since`` on when that is more
        (up to ``MAX_BOARD_LOG_LINES``): what happened since the viewer last decided. On a terminal the board
        leaves ``reserve`` lines free below it (for the prompt and the options): the log gets the rows left
        over, and when even that is too much, the market's event texts and Wakhan's card are shortened.
        ``extra`` goes right above the log when there is room for it.
        """
        if vm is None:
            vm = view_model(g, viewer, log_from=board_log_from(len(g.events()), log_lines, since))
        total = vm["log"]["size"]
        wanted_lines = log_lines
        if since is not None:
            wanted_lines = max(log_lines, total - since)
            log_lines = min(wanted_lines, MAX_BOARD_LOG_LINES)
        log_lines = min(log_lines, len(vm["log"]["lines"]))
        # The session's place in its record, to check a resumed game (the host's, not part of the view).
        decisions = len(g.record()["choices"])
        footer = Text(_("decision #{n} · state {hash}").format(n=decisions, hash=g.state_hash()[:12]), style="dim")

        def top(courts: str, brief: bool, drawn: bool = True, extras: bool = True) -> list[Any]:
            if courts == "pages":
                # Too small for the whole table: the players, and the other pages one command away.
                return [*self._header(vm), self._players_table(vm, humans), self.pages_hint()]
            parts: list[Any] = [] if self.tty else [Text("")]
            parts.extend(self._header(vm))
            parts.extend(self._players_and_map(vm, humans, drawn))
            parts.append(self._market_table(vm, extras))
            parts.extend(self._market_events(vm, brief))
            parts.extend(self._courts(vm, courts))
            parts.extend(self._hands(vm))
            parts.extend(self._effects(vm))
            parts.extend(self._wakhan(vm, brief))
            return parts

        rows = self.height()
        if rows is None:
            parts = top("stacked", False)
        else:
            layouts = self._court_layouts(vm)
            # The most readable layout that leaves room for a few log lines, else the most compact one.
            want = min(log_lines, 3) + 1 if log_lines else 0
            extra_lines = self.lines(extra) if extra is not None else 0
            room = 0
            tries = [(layouts[0], False, True, True), (layouts[0], True, True, True), (layouts[1], True, True, True)]
            tries += [("inline", True, True, True), ("inline", True, True, False), (layouts[0], True, False, False)]
            tries += [("inline", True, False, False)]
            if rows < 40 or self.width < 100:
                tries.append(("pages", True, False, False))  # a small terminal: the rest one key away
            # What happened since the player's last decision comes first: the detailed layouts must leave room
            # for up to ten of its lines, the compact ones for three.
            want_more = min(log_lines, 10) + 1 if log_lines else 0
            for k, (courts, brief, drawn, extras) in enumerate(tries):
                parts = top(courts, brief, drawn, extras)
                room = rows - reserve - self.lines(Group(*parts))
                if room >= (want_more if k < 3 else want) + extra_lines:
                    break
            if room >= want + extra_lines:
                room -= extra_lines
            else:
                extra = None
            # Never fewer than the last three lines: what just happened matters more than the top of the board.
            # The log's title shares its line with the footer when both fit, else they take a line each.
            longest = _("Since your last decision") + _(" (last {n} of {wanted} lines; {more})").format(
                n=99, wanted=999, more=_("l shows them all")
            )
            title_room = len(longest) + len(footer) + 2
            log_lines = min(log_lines, max(room - (1 if title_room <= self.width else 2), 3))
        if extra is not None:
            parts.append(extra)
        parts.extend(self._log_part(vm, log_lines, wanted_lines, since, footer))
        self.print(Group(*parts))

    @staticmethod
    def pages_hint() -> Text:
        hint = Text(_("Pages: "), style="bold")
        hint.append(_("m map · k market · c courts, hands · l log · b whole board"))
        return hint

    def page(self, vm: dict[str, Any], name: str, humans: Sequence[int]) -> int:
        """One page of the table (for small terminals, or to look again): "map", "market" or "courts". Returns
        the lines it took."""
        parts: list[Any] = list(self._header(vm))
        if name == "map":
            parts.extend(drawn_map(vm) if self.width > MAP_WIDTH else [self._map(vm)])
        elif name == "market":
            parts.append(self._market_table(vm, True))
            parts.extend(self._market_events(vm))
        else:
            parts.extend(self._courts(vm, "stacked"))
            parts.extend(self._hands(vm))
            parts.extend(self._effects(vm))
            parts.extend(self._wakhan(vm))
        self.print(Group(*parts))
        return self.lines(Group(*parts))

    def options_block(self, vm: dict[str, Any]) -> Group:
        """The prompt, the numbered options (in columns when there are many and the terminal is wide) and a hint."""
        labels = [o["label"] for o in vm["options"]]
        width = len(str(len(labels)))
        items = [Text(f"  {i:>{width}}. {label}") for i, label in enumerate(labels, 1)]

        def fits(k: int) -> bool:
            per = (len(items) + k - 1) // k
            widths = [max(len(t.plain) for t in items[c : c + per]) for c in range(0, len(items), per)]
            return sum(widths) + 3 * (len(widths) - 1) < self.width

        columns = 1
        while (len(items) + columns - 1) // columns > 8 and columns < 4 and fits(columns + 1):
            columns += 1
        hint = _("number or label prefix; help for commands")
        if vm["can_undo"]:
            hint += _("; undo to take back")
        prompt = Text(vm["prompt"], style="bold reverse")
        prompt.append(f"  ({hint})", style="dim")
        parts: list[Any] = [prompt]
        if columns == 1:
            parts.extend(items)
        else:
            per = (len(items) + columns - 1) // columns
            grid = Table.grid(padding=(0, 3))
            for _col in range(columns):
                grid.add_column(no_wrap=True)
            for r in range(per):
                grid.add_row(*(items[c * per + r] if c * per + r < len(items) else "" for c in range(columns)))
            parts.append(grid)
        return Group(*parts)

    @staticmethod
    def blocked_actions(vm: dict[str, Any]) -> Text | None:
        """The card actions of the viewer's court that cannot be taken now, each with its reason (they are not
        among the options, and should not just disappear)."""
        seat = vm["seat"]
        if seat is None or not vm["your_decision"] or vm["decision"] != "turn":
            return None
        items = []
        for entry in vm["courts"][seat]:
            for action, why in (entry.get("unusable_actions") or {}).items():
                items.append(
                    _("{action} with {card}: {why}").format(
                        action=action_name(action).capitalize(), card=card_title(entry["card"]), why=why
                    )
                )
        if not items:
            return None
        text = Text(_("  Not now: "), style="dim bold")
        text.append(" · ".join(items), style="dim")
        return text


# ---------------------------------------------------------------------------- the session


class Session:
    """One game at the terminal: humans in ``humans`` (0-based seats), bots in the others."""

    def __init__(
        self,
        game: Game,
        humans: Sequence[int],
        bot_seed: int,
        save_path: Path,
        stdin: TextIO,
        out: TextIO,
        step: bool = False,
        ask_always: bool = False,
        bots: str = "random",
    ) -> None:
        self.g = game
        #: The kind of bot in every computer seat but Wakhan's (a name of paxpamir.agents.registry).
        self.bots = bots
        #: Ask even when a decision has a single option (else it is taken for the player, with a log line).
        self.ask_always = ask_always
        self.humans = sorted(set(humans))
        self.bot_seed = bot_seed
        self.save_path = save_path
        self.stdin = stdin
        self.screen = Screen(out)
        self.step = step
        self.echo = not bool(getattr(stdin, "isatty", lambda: False)())
        #: input() with line editing: only when both ends are this process's own terminal.
        self.line_editing = stdin is sys.stdin and out is sys.stdout and not self.echo and self.screen.tty
        if self.line_editing:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (input() then edits lines and keeps a history)
        self.seen = len(game.events())
        self.last_human: int | None = None
        #: Length of the log when each seat last decided (what it has seen).
        self.log_mark: dict[int, int] = {}
        self.save_error: str | None = None
        #: The view model of the decision on screen (for the pages and the options shown again).
        self.vm: dict[str, Any] | None = None

    # -- input

    def read(self, prompt: str) -> str:
        """One line of input without its newline; raises QuitGame at end of input.

        At a real terminal the line is read with line editing and history (arrow keys, where Python has
        ``readline``); from a pipe or a file, it is read as it comes and echoed, so a transcript reads well.
        """
        if self.line_editing:
            try:
                return input(prompt)
            except EOFError:
                self.screen.print("")
                raise QuitGame(_("end of input")) from None
        self.screen.console.print(Text(prompt), end="")
        self.screen.out.flush()
        line = self.stdin.readline()
        if not line:
            self.screen.print("")
            raise QuitGame(_("end of input"))
        line = line.rstrip("\r\n")
        if self.echo:
            self.screen.print(Text(line))
        return line

    # -- saving

    def doc(self) -> dict[str, Any]:
        return session_doc(self.g, self.humans, self.bot_seed, self.bots)

    def autosave(self, durable: bool = True) -> bool:
        """Save the session; on failure warn (once per message) and go on playing. True when saved."""
        try:
            atomic_write_json(self.save_path, self.doc(), durable)
        except OSError as exc:
            key = f"{type(exc).__name__} {exc.errno}"
            if key != self.save_error:
                reason = exc.strerror or str(exc)
                self.screen.plain(
                    _("Warning: could not autosave to {path}: {reason}").format(path=self.save_path, reason=reason),
                    style="bold red",
                )
            self.save_error = key
            return False
        self.save_error = None
        return True

    def resume_hint(self) -> str:
        return _("resume with: pamir play --load {path}").format(path=self.save_path)

    # -- log

    def flush_log(self, indent: str = "  ") -> None:
        total, lines = log_since(self.g, self.seen)  # after an undo the log may be shorter than seen
        for line in lines:
            self.screen.plain(indent + line, style=log_style(line))
        self.seen = total

    # -- the game loop

    def run(self) -> int:
        g = self.g
        try:
            self.autosave()
            bots: dict[int, Any] = {p: SessionBot(self.bot_seed, self.bots) for p in range(g.n) if p not in self.humans}
            if g.wakhan >= 0:
                bots[g.wakhan] = WakhanSeat()
            while not g.is_over:
                who = g.current_player
                assert who is not None
                if who in self.humans:
                    self.human_turn(who)
                else:
                    play_game(g, bots, until=self.humans_turn, after=self.after_bot)
            self.flush_log()
            self.finish()
            return 0
        except QuitGame as q:
            return self.leave(_("Game saved to {path} ({reason}).").format(path=self.save_path, reason=q.reason), 0)
        except KeyboardInterrupt:
            self.screen.plain("")
            return self.leave(_("Interrupted. Game saved to {path}.").format(path=self.save_path), EXIT_INTERRUPTED)

    def leave(self, message: str, code: int) -> int:
        """Save before leaving, and say how to come back."""
        if not self.autosave():
            self.screen.plain(_("The game could NOT be saved to {path}.").format(path=self.save_path), style="bold red")
            return 1
        self.screen.plain(message, style="bold")
        self.screen.plain(self.resume_hint(), style="bold")
        return code

    def finish(self) -> None:
        g = self.g
        self.autosave()
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.screen.board(g, viewer, self.humans, reserve=g.n + 3)
        summary = g.summary()
        names = _(" and ").join(game_player_name(g, w) for w in summary["winners"])
        if len(summary["winners"]) > 1:
            over = _("Game over ({reason}): {names} win.")
        else:
            over = _("Game over ({reason}): {names} wins.")
        self.screen.print(Text(over.format(reason=_(str(summary.get("end_reason"))), names=names), style="bold green"))
        vp = summary["vp"]
        for place, p in enumerate(sorted(range(g.n), key=lambda q: -vp[q]), 1):
            you = _(" (you)") if self.humans == [p] else ""
            won = _(" — winner") if p in summary["winners"] else ""
            self.screen.plain(
                _("  {place}. {player}{you}: {vp} VP{won}").format(
                    place=place, player=game_player_name(g, p), you=you, vp=vp[p], won=won
                )
            )
        self.screen.plain(
            _("The finished game is saved in {path}; see it again with: pamir replay {path}").format(
                path=self.save_path
            )
        )

    def humans_turn(self, g: Game) -> bool:
        """The bots stop when a human is to decide."""
        return g.current_player in self.humans

    def after_bot(self, g: Game, who: int, decision: Decision) -> None:
        """After each bot decision: save, print what happened, and with --step pause after a bot's turn."""
        nxt = g.current_player
        # Every bot decision is saved; it is flushed to the disk once a human is to decide again.
        self.autosave(durable=nxt in self.humans or g.is_over)
        self.flush_log()
        if self.step and nxt != who and not g.is_over:
            self.step_pause()

    def step_pause(self) -> None:
        """After a bot's turn with --step: Enter goes on, b shows the board, q saves and leaves."""
        while True:
            cmd = self.read("[step] press Enter to continue (b = board, q = quit) ").strip().lower()
            if cmd in ("q", "quit", "exit"):
                raise QuitGame(_("quit"))
            if cmd not in ("b", "board"):
                return
            viewer = self.humans[0] if len(self.humans) == 1 else None
            self.screen.board(self.g, viewer, self.humans, log_lines=0)

    def pass_screen(self, who: int) -> None:
        self.screen.clear()
        name = game_player_name(self.g, who)
        self.screen.print(
            Text("\n" * 2 + _("Pass to {player} — press Enter (q = save and quit)").format(
                player=name
            ), style="bold reverse")
        )
        if self.read("").strip().lower() in ("q", "quit", "exit"):
            raise QuitGame(_("quit"))
        self.screen.clear()

    def show_decision(self, who: int) -> list[tuple[tuple[Any, ...], str]]:
        """Draw the board as ``who`` sees it, then the prompt and the options, which always fit below it on a
        terminal (the board gives up log lines, then detail, for them). Returns the labelled options."""
        g = self.g
        since = self.log_mark.get(who)
        vm = view_model(g, who, log_from=board_log_from(len(g.events()), BOARD_LOG_LINES, since))
        labelled = [(_tupled(o["option"]), o["label"]) for o in vm["options"]]
        block = self.screen.options_block(vm)
        reserve = self.screen.lines(block) + 1 if self.screen.tty else 0  # + the input line
        extra = self.screen.blocked_actions(vm)
        self.screen.board(g, who, self.humans, since=since, reserve=reserve, vm=vm, extra=extra)
        self.screen.print(block)
        self.vm = vm
        return labelled

    def human_turn(self, who: int) -> None:
        g = self.g
        if not self.ask_always:
            only = g.labelled_options()
            if len(only) == 1:
                # No pointless question: the log says it was taken, and the board still shows everything since
                # the player's last real decision.
                g.apply(only[0][0], who, ONLY_OPTION_REASON)
                self.autosave()
                self.flush_log()
                return
        others = len(self.humans) > 1 and not g.options.get("open_hands")
        if others and who != self.last_human:
            # Also when a hot-seat game is resumed: whoever sits at the terminal must not see the hand.
            sizes = [pd["hand_size"] for pd in g.view(None)["players"]]
            if self.last_human is not None or any(sizes[h] for h in self.humans):
                self.pass_screen(who)
        self.last_human = who
        labelled = self.show_decision(who)
        while True:
            line = self.read("> ").strip()
            result = self.interpret(line, labelled)
            if result is None:
                continue
            if result == "redraw":
                return
            option = result
            before = len(g.events())
            try:
                g.apply(option, who)
            except PamirError as exc:  # cannot happen for a listed option, but never lose the game to it
                self.screen.plain(_("That did not work: {error}").format(error=exc), style="bold red")
                continue
            self.autosave()
            self.flush_log()
            # What follows from the decision counts as new: the next board shows it with what others did.
            self.log_mark[who] = before
            return

    def reprompt(self, used: int = 0) -> None:
        """After a page or the log (``used`` lines): the prompt and the options again, so that they stay in view;
        on a terminal too small for both, the prompt alone, and the page stays whole."""
        if self.vm is None:
            return
        block = self.screen.options_block(self.vm)
        rows = self.screen.height()
        if rows is not None and used + self.screen.lines(block) + 1 > rows:
            line = Text(self.vm["prompt"], style="bold reverse")
            line.append(_("  (options 1-{n}; b shows them again)").format(n=len(self.vm["options"])), style="dim")
            self.screen.print(line)
            return
        self.screen.print(block)

    def interpret(self, line: str, labelled: list[tuple[tuple[Any, ...], str]]) -> Any:
        """An option tuple, ``"redraw"`` (the board must be drawn again), or None (ask again)."""
        g = self.g
        if not line:
            self.screen.plain(_("Type the number of an option, the start of its label, or help."), style="yellow")
            return None
        word, _sep, rest = line.partition(" ")
        cmd = word.lower()
        rest = rest.strip()
        if cmd in ("help", "?", "h"):
            self.screen.plain(_(HELP_TEXT))
            return None
        if cmd in ("quit", "exit", "q"):
            raise QuitGame(_("quit"))
        if cmd == "undo":
            if not g.can_undo(g.current_player):
                self.screen.plain(
                    _(
                        "Nothing to undo: you can take back only your own decisions of this turn, "
                        "before a card is drawn or revealed and before another player decides."
                    ),
                    style="yellow",
                )
                return None
            g.undo(g.current_player)
            self.autosave()
            self.seen = len(g.events())
            self.screen.plain(_("Undone."), style="bold")
            return "redraw"
        if cmd in ("log", "l"):
            lines = g.log_lines()
            who = g.current_player
            since = self.log_mark.get(who) if who is not None else None
            if rest == "all":
                shown, title = lines, _("The whole log ({n} lines):").format(n=len(lines))
            elif rest:
                if not rest.isdigit():
                    self.screen.plain(_("Usage: log [n | all]"), style="yellow")
                    return None
                n = int(rest)
                shown = log_with_turn(lines, len(lines) - n) if n else []
                title = _("The last {n} log lines:").format(n=n)
            elif since is not None and len(lines) - since > 0:
                shown = log_with_turn(lines, since)
                title = _("Since your last decision ({n} lines):").format(n=len(lines) - since)
            else:
                shown, title = log_with_turn(lines, len(lines) - 20), _("The last 20 log lines:")
            self.screen.plain(title, style="bold underline")
            for text in shown:
                self.screen.plain("  " + text, style=log_style(text))
            self.reprompt(len(shown) + 1)
            return None
        if cmd in ("map", "m", "market", "k", "courts", "c") and self.vm is not None:
            page = {"m": "map", "k": "market", "c": "courts"}.get(cmd, cmd)
            self.reprompt(self.screen.page(self.vm, page, self.humans))
            return None
        if cmd == "card":
            if not rest:
                self.screen.plain(_("Usage: card <number or name>, or card ai <1-24>"), style="yellow")
                return None
            kind, _sep, number = rest.partition(" ")
            try:
                if kind.lower() in ("ai", "wakhan"):
                    if not number.strip().isdigit():
                        raise KeyError(_("Usage: card ai <1-24>"))
                    self.screen.plain(wakhan_card_details(int(number)))
                else:
                    self.screen.plain(card_details(find_card(rest).number))
            except KeyError as exc:
                self.screen.plain(str(exc.args[0]), style="yellow")
            return None
        if cmd in ("board", "show", "b"):
            return "redraw"
        if cmd == "save":
            if not rest:
                self.screen.plain(_("Usage: save <file>"), style="yellow")
                return None
            target = Path(rest).expanduser()
            try:
                atomic_write_json(target, self.doc())
            except OSError as exc:
                self.screen.plain(_("Could not save to {path}: {error}").format(
                    path=target, error=exc
                ), style="bold red")
                return None
            self.screen.plain(_("Saved to {path}; resume with: pamir play --load {path}").format(
                path=target
            ), style="bold")
            return None
        if line.isdigit():
            k = int(line)
            if 1 <= k <= len(labelled):
                return labelled[k - 1][0]
            self.screen.plain(_("There is no option {k}: choose 1 to {n}.").format(
                k=k, n=len(labelled)
            ), style="yellow")
            return None
        low = norm_label(line)
        exact = [o for o, lab in labelled if norm_label(lab) == low]
        if len(exact) == 1:
            return exact[0]
        matches = [(o, lab) for o, lab in labelled if norm_label(lab).startswith(low)]
        if not matches:
            matches = [(o, lab) for o, lab in labelled if low in norm_label(lab)]
        if len(matches) == 1:
            return matches[0][0]
        if not matches:
            self.screen.plain(
                _("No option matches {text}. Type a number, a label prefix, or help.").format(text=repr(line)),
                style="yellow",
            )
            return None
        numbers = [str(i) for i, (o, _label) in enumerate(labelled, 1) if any(o == m[0] for m in matches)]
        self.screen.plain(
            _("{text} matches {n} options ({numbers}); type more of the label or its number.").format(
                text=repr(line),
                n=len(matches),
                numbers=", ".join(numbers[:12]) + (", ..." if len(numbers) > 12 else ""),
            ),
            style="yellow",
        )
        return None


# ---------------------------------------------------------------------------- commands


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
    p.add_argument("--players", type=player_count_arg, default=None, help=_("players, 2-5 (default 3)"))
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


def add_replay_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help=_("a saved game, autosave or game record"))
    p.add_argument("--all", action="store_true", help=_("print the whole log without stopping"))
    add_lang_argument(p)


def _load_reporting(path: str, command: str, err: TextIO) -> tuple[Game, dict[str, Any]] | None:
    """``load_document`` with its warnings and errors printed for ``pamir <command>``; None if it failed."""
    try:
        game, doc = load_document(path)
    except (OSError, ValueError, PamirError) as exc:
        print(_("pamir {command}: error: cannot load {path}: {error}").format(command=command, path=path, error=exc),
              file=err)
        return None
    for warning in doc["warnings"]:
        print(_("pamir {command}: warning: {path}: {warning}").format(command=command, path=path, warning=warning),
              file=err)
    return game, doc


def cmd_play(
    args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None, stdin: TextIO | None = None
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    stdin = stdin or sys.stdin
    if args.list:
        return list_saved_games(out)
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
        loaded = _load_reporting(args.load, "play", err)
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
        if not bool(getattr(stdin, "isatty", lambda: False)()):
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


def cmd_replay(
    args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None, stdin: TextIO | None = None
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    stdin = stdin or sys.stdin
    loaded = _load_reporting(args.file, "replay", err)
    if loaded is None:
        return 1
    final, doc = loaded
    screen = Screen(out)
    record = final.record()
    choices = record["choices"]
    humans = doc.get("humans", list(range(final.n)))
    if args.all:
        for line in final.log_lines():
            screen.plain(line, style="bold" if line.startswith("—") else None)
        _replay_footer(screen, final, len(choices))
        return 0
    g = _record_start(record)
    seen = 0
    echo = not bool(getattr(stdin, "isatty", lambda: False)())
    screen.plain(
        _("Replay of {path}: {n} decisions. {keys}").format(path=args.file, n=len(choices), keys=_(REPLAY_KEYS)),
        style="bold",
    )

    def show_new() -> None:
        nonlocal seen
        total, lines = log_since(g, seen)
        for line in lines:
            screen.plain("  " + line, style="bold" if line.startswith("—") else None)
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
            g = _record_start(record)
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
        lines = g.log_lines()
        if at < len(choices):
            where = _("At decision {k} of {n}, turn {turn}; the log that leads here:")
        else:  # past the last decision: nothing is next
            where = _("After the last of {n} decisions, turn {turn}; the log that leads here:")
        screen.plain(
            where.format(k=at + 1, n=len(choices), turn=g.turn),
            style="bold",
        )
        for text in log_with_turn(lines, len(lines) - 8):
            screen.plain("  " + text, style=log_style(text))
        return at

    try:
        i = 0
        while i < len(choices):
            screen.console.print(Text(f"[{i + 1}/{len(choices)}] "), end="")
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
                continue
            if word in ("t", "turn"):
                target = int(arg)
                if target <= g.turn:
                    g, i = _record_start(record), 0
                i = goto(len(choices), lambda game, new, target=target: game.turn >= target)
                continue
            if cmd in ("d", "dominance"):
                i = goto(len(choices), lambda game, new: any(e["type"] == "dominance_check" for e in new))
                continue
            if cmd not in ("", "n", "next"):
                screen.plain(_("Unknown key {key}. {keys}").format(key=repr(cmd), keys=_(REPLAY_KEYS)), style="yellow")
                continue
            who, option, *reason = choices[i]
            label = g.label(tuple(_tupled(option)))
            screen.plain(f"{game_player_name(g, who)}: {label}", style=PLAYER_STYLES[who % len(PLAYER_STYLES)])
            step(i)
            show_new()
            i += 1
    except KeyboardInterrupt:
        screen.print("")
        return EXIT_INTERRUPTED
    _replay_footer(screen, g, len(choices))
    return 0


REPLAY_KEYS = N_(
    "Enter = next decision, p = back one, j N = to decision N, t N = to turn N, d = to the next Dominance Check, "
    "b = board, q = quit."
)


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def _record_start(record: dict[str, Any]) -> Game:
    """The game a record starts from, before any decision."""
    start = dict(record)
    start["choices"] = []
    return Game.from_record(start)


def _replay_footer(screen: Screen, g: Game, decisions: int) -> None:
    if g.is_over:
        s = g.summary()
        names = _(" and ").join(game_player_name(g, w) for w in s["winners"])
        scores = ", ".join(f"{game_player_name(g, p)} {v}" for p, v in enumerate(s["vp"]))
        screen.plain(
            _("Game over after {n} decisions ({reason}): {names}; VP: {scores}.").format(
                n=decisions, reason=_(str(s.get("end_reason"))), names=names, scores=scores
            ),
            style="bold",
        )
    else:
        screen.plain(
            _("End of the record ({n} decisions); the game goes on: turn {turn}, {player} to decide.").format(
                n=decisions, turn=g.turn, player=game_player_name(g, g.current_player or 0)
            ),
            style="bold",
        )


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


if __name__ == "__main__":
    sys.exit(main())
