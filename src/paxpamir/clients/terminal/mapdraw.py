"""The map drawn in text: the six regions as boxes where the printed board has them, the borders as lines."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ...content.i18n import gettext as _
from ...content.map import COALITIONS
from ...presentation.describe import coalition_name
from .styles import COALITION_LETTERS, COALITION_STYLES, player_counts, player_style, short_name

# The six regions where the printed board has them (north at the top; /work/shared/reference/board-look.md):
# Transcaspia a band across the north; Persia, Herat and Kabul below it; Kandahar and Punjab in the south.
# Every border is a line between two boxes, labelled with its roads (A2 = two Afghan roads).

MAP_WIDTH = 79
_BOX = 18  # the width of a region box
#: Region boxes: (left column, top row, width, height).
MAP_BOXES = {
    "transcaspia": (0, 0, 67, 3),
    "persia": (0, 4, _BOX, 4),
    "herat": (24, 4, _BOX, 4),
    "kabul": (48, 4, _BOX, 4),
    "kandahar": (36, 9, _BOX, 4),
    "punjab": (60, 9, _BOX, 4),
}
#: Borders: ("v", column, row) a vertical line one row high, ("h", column, row) a horizontal one of six columns.
MAP_BORDERS = {
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


def _blocks_short(counts: dict[str, int] | None) -> Text:
    """Blocks as "A2 R1" (coalition letter and count, in coalition colours); empty when there are none."""
    out = Text()
    for i, coal in enumerate(COALITIONS):
        k = (counts or {}).get(coal, 0)
        if k:
            if out:
                out.append(" ")
            out.append(f"{COALITION_LETTERS[i]}{k}", style=COALITION_STYLES[i])
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
    for name, (x, y, w, h) in MAP_BOXES.items():
        region = vm["regions"][name]
        ruler = region["ruler"]
        title = f" {region['title']} "
        canvas.put(x, y, "┌" + "─" * (w - 2) + "┐", "dim")
        canvas.put(x + 1, y, title, "bold")
        if ruler is not None:
            tag = f" {short_name(vm, ruler)[:3]} "
            canvas.put(x + w - 1 - len(tag), y, tag, "reverse " + player_style(ruler))
        for k in range(1, h - 1):
            canvas.put(x, y + k, "│", "dim")
            canvas.put(x + w - 1, y + k, "│", "dim")
        canvas.put(x, y + h - 1, "└" + "─" * (w - 2) + "┘", "dim")
        tribes = player_counts(vm, region["tribes"], short=True)
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
    for name, (kind, x, y) in MAP_BORDERS.items():
        roads = _blocks_short(vm["borders"][name]["roads"])
        if kind == "v":
            canvas.put(x, y, "│", "bold" if roads else "dim")
            if roads:
                canvas.put(x + 1, y, roads)
        else:
            canvas.put(x, y, "──────", "bold" if roads else "dim")
            counts = vm["borders"][name]["roads"]
            pieces = [
                Text(f"{COALITION_LETTERS[i]}{counts[c]}", style=COALITION_STYLES[i])
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
        legend.append(f"{COALITION_LETTERS[i]}={coalition_name(i)}", style=COALITION_STYLES[i])
        legend.append(" ")
    legend.rstrip()
    return [legend, *canvas.lines()]
