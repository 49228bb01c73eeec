"""The log as the terminal shows it: the lines since a point, which stand out, where the board's log begins."""

from __future__ import annotations

from ...content.i18n import gettext as _
from ...engine.game import Game
from ...presentation.describe import event_text

#: Log lines shown at the bottom of the board.
BOARD_LOG_LINES = 6
#: At most this many log lines on the board when more happened since the player's last decision.
MAX_BOARD_LOG_LINES = 30


def log_since(g: Game, start: int) -> tuple[int, list[str]]:
    """(length of the log, its lines from index ``start`` on): like ``log_lines(g)[start:]`` but formats
    only the lines asked for, so following a long game stays fast."""
    events = g.events()
    start = max(0, min(start, len(events)))
    return len(events), [event_text(g, e) for e in events[start:]]


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


def board_log_from(total: int, log_lines: int = BOARD_LOG_LINES, since: int | None = None) -> int:
    """The first log line the board may show: the last ``log_lines``, or (up to ``MAX_BOARD_LOG_LINES``) every
    line from index ``since`` on when that is more."""
    count = log_lines
    if since is not None:
        count = min(max(log_lines, total - since), MAX_BOARD_LOG_LINES)
    return max(0, total - count)
