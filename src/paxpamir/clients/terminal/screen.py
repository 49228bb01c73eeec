"""The screen: the board as one seat sees it, laid out to fit the terminal (from the pieces of
:mod:`.boardparts`), its pages, the prompt and the options, and messages."""

from __future__ import annotations

import os
import textwrap
from collections.abc import Sequence
from typing import Any, TextIO

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ...content.i18n import gettext as _
from ...engine.game import Game
from ...presentation.describe import action_name
from ...presentation.viewmodel import view_model
from .boardparts import (
    court_lines,
    effect_lines,
    hand_lines,
    header_lines,
    map_tables,
    market_events,
    market_table,
    players_table,
    wakhan_lines,
)
from .cardtext import card_title
from .logtext import BOARD_LOG_LINES, MAX_BOARD_LOG_LINES, board_log_from, log_style
from .mapdraw import MAP_WIDTH, drawn_map
from .styles import is_terminal


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
        isatty = is_terminal(out)
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

    def wrapped(self, line: str, indent: str = "") -> list[str]:
        """``line`` after ``indent``, as the rows it takes: on a terminal narrower than it, wrapped between words,
        its next rows indented two more than its first; else whole."""
        if not self.tty or len(indent) + len(line) <= self.width:
            return [indent + line]
        rows = textwrap.wrap(
            line,
            width=max(self.width - len(indent), 20),
            subsequent_indent=" " * (len(line) - len(line.lstrip()) + 2),
            break_on_hyphens=False,
        )
        return [indent + row for row in rows]

    def log_line(self, line: str, style: str | None = None, indent: str = "  ") -> None:
        """A log line after ``indent``: on a terminal a line longer than the terminal is wide wraps between words,
        its next rows indented; elsewhere (a file, a pipe) it stays whole, like :meth:`plain`."""
        for row in self.wrapped(line, indent):
            self.plain(row, style)

    def status(self, text: str | None) -> None:
        """A passing line on a terminal (``None``: take it away again), such as a bot's "thinking…"; nothing
        elsewhere, where it would only fill the transcript."""
        if not self.tty:
            return
        if text is None:
            self.out.write("\r\x1b[2K")
            self.out.flush()
            return
        self.console.print(Text(text, style="dim italic"), end="", soft_wrap=True)
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

    # -- the pieces of the board (boardparts.py) fitted to the terminal

    def _players_and_map(self, vm: dict[str, Any], humans: Sequence[int], drawn: bool) -> list[Any]:
        """The players' table and the map: the drawn map beside the table on a wide terminal, below it on a
        narrower one; the map as tables (regions, roads) when ``drawn`` is False or the terminal is too narrow."""
        if drawn and self.width > MAP_WIDTH:
            players = self.players(vm, humans, narrow=self.width < 100 + MAP_WIDTH)
            wide = self.lines(players) and (self.console.measure(players).maximum + 3 + MAP_WIDTH <= self.width)
            if wide:
                grid = Table.grid(padding=(0, 3))
                grid.add_row(players, Group(*drawn_map(vm)))
                return [grid]
            return [self.players(vm, humans, self.width < 100), *drawn_map(vm)]
        return [self.players(vm, humans, self.width < 100), map_tables(vm, self.width)]

    def players(self, vm: dict[str, Any], humans: Sequence[int], narrow: bool) -> Table:
        """The players' table; narrow and still too wide (long coalition names), with coalitions in three
        letters."""
        table = players_table(vm, humans, narrow)
        unbounded = self.console.options.update_width(10_000)
        if narrow and self.console.measure(table, options=unbounded).maximum > self.width:
            table = players_table(vm, humans, narrow, short=True)
        return table

    def _court_layouts(self, vm: dict[str, Any]) -> list[str]:
        """Court layouts to try, best first: the shorter of side by side and stacked, then inline."""
        if self.width // len(vm["players"]) < 26:
            return ["stacked", "inline"]
        side, stacked = (self.lines(Group(*court_lines(vm, k))) for k in ("side", "stacked"))
        return ["side", "stacked", "inline"] if side <= stacked else ["stacked", "side", "inline"]

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

    def _log_lines(self, lines: list[str]) -> list[Text]:
        """Log lines, the older ones dimmed (the last three are what just happened); turn headers in bold, and
        Dominance Checks stand out. On a terminal a long one wraps between words, its next rows indented."""
        return [
            Text(row, style=log_style(line) or ("dim" if i < len(lines) - 3 else ""))
            for i, line in enumerate(lines)
            for row in self.wrapped(line, "  ")
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
                return [*header_lines(vm, self.width), self.players(vm, humans, self.width < 100), self.pages_hint()]
            parts: list[Any] = [] if self.tty else [Text("")]
            parts.extend(header_lines(vm, self.width))
            parts.extend(self._players_and_map(vm, humans, drawn))
            parts.append(market_table(vm, self.width, self.market_box, extras))
            parts.extend(market_events(vm, brief))
            parts.extend(court_lines(vm, courts))
            parts.extend(hand_lines(vm))
            parts.extend(effect_lines(vm))
            parts.extend(wakhan_lines(vm, brief))
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
            # Last, when nothing else fits (a small terminal, or many players and options): the players, and the
            # rest one key away.
            tries += [("inline", True, False, False), ("pages", True, False, False)]
            # What happened since the player's last decision comes first: the detailed layouts must leave room
            # for up to ten of its lines, the compact ones for three.
            want_more = min(log_lines, 10) + 1 if log_lines else 0
            for k, (courts, brief, drawn, extras) in enumerate(tries):
                parts = top(courts, brief, drawn, extras)
                room = rows - reserve - self.lines(Group(*parts))
                # (``extra`` goes in the detailed layouts; a compact one leaves it out when it has no room for it.)
                if room >= (want_more + extra_lines if k < 3 else want):
                    break
            if room >= want + extra_lines:
                room -= extra_lines
            else:
                extra = None
            # The log's title shares its line with the footer when both fit, else they take a line each. The log
            # gets the rows left; when even the pages leave too few, it gives up lines rather than push the top of
            # the board (who decides, the scores) off the screen.
            longest = _("Since your last decision") + _(" (last {n} of {wanted} lines; {more})").format(
                n=99, wanted=999, more=_("l shows them all")
            )
            title_room = len(longest) + len(footer) + 2
            log_lines = max(0, min(log_lines, room - (1 if title_room <= self.width else 2)))
            # A long line (Wakhan's reasons) takes more than one row.
            while log_lines and self.lines(Group(*self._log_part(vm, log_lines, wanted_lines, since, footer))) > room:
                log_lines -= 1
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
        the lines it took. On a terminal the page leaves room below it for the prompt's line and the input line:
        when it would not fit whole, it leaves out the header, then what ``card <n>`` or another page tells (the
        events' texts, the cards' extras), rather than lose its top rows off the screen."""
        head: list[Any] = list(header_lines(vm, self.width))
        candidates: list[list[Any]]
        if name == "map":
            drawn: list[Any] = list(drawn_map(vm)) if self.width > MAP_WIDTH else [map_tables(vm, self.width)]
            candidates = [head + drawn, drawn, head + [map_tables(vm, self.width)], [map_tables(vm, self.width)]]
        elif name == "market":
            full, short = (market_table(vm, self.width, self.market_box, extras) for extras in (True, False))
            events = market_events(vm)
            candidates = [head + [full, *events], head + [full], [full], head + [short, *events], head + [short],
                          [short]]
        else:
            rest = [*hand_lines(vm), *effect_lines(vm)]
            stacked = [*court_lines(vm, "stacked"), *rest, *wakhan_lines(vm)]
            inline = [*court_lines(vm, "inline"), *rest, *wakhan_lines(vm, True)]
            candidates = [head + stacked, stacked, head + inline, inline]
        parts = candidates[0]
        rows = self.height()
        if rows is not None:
            room = rows - self.lines(self.short_prompt(vm)) - 1  # the prompt's line and the input line
            parts = next((c for c in candidates if self.lines(Group(*c)) <= room), candidates[-1])
        self.print(Group(*parts))
        return self.lines(Group(*parts))

    @staticmethod
    def short_prompt(vm: dict[str, Any]) -> Text:
        """The prompt alone, with the range of the options: below a page too tall for the options as well."""
        line = Text(vm["prompt"], style="bold reverse")
        line.append(_("  (options 1-{n}; b shows them again)").format(n=len(vm["options"])), style="dim")
        return line

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
