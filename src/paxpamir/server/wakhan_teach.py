"""Learning Wakhan (issue 36): what a page needs to show, on the board, why Wakhan made a decision.

Her procedure logs a reason with each decision, and with a decision taken by a line of her AI card (or as a
bonus action) a note, ``{"wakhan": "line", "ai_card", "line", "lines", "code"}`` or ``{"wakhan": "bonus"}``
(docs/architecture.md). Reasons and notes are public: every view's log holds them. :func:`explain` reads one
logged reason event into plain data for the page: her place on the AI card, the card the decision is about,
and the cards she passed over on the way (her reasons name them in a ``passed`` part, each as ``Name (n)``).
Nothing here reads the game: it only reads the event, so nothing hidden can leak through it.
"""

from __future__ import annotations

import re
from typing import Any

_CARD = re.compile(r"\((\d+)\)\s*$")


def _cards(message: Any, under_passed: bool, chosen: list[int], passed: list[int]) -> None:
    """Walk a reason message (``[msgid, {name: value}]``, nested) and collect the cards its ``card`` arguments
    name: those inside a ``passed`` argument into ``passed``, the others into ``chosen``."""
    if isinstance(message, list) and len(message) == 2 and isinstance(message[1], dict):
        for name, value in message[1].items():
            if name == "card" and isinstance(value, str):
                found = _CARD.search(value)
                if found:
                    (passed if under_passed else chosen).append(int(found.group(1)))
            else:
                _cards(value, under_passed or name == "passed", chosen, passed)


def explain(event: dict[str, Any]) -> dict[str, Any] | None:
    """For a reason event with a note of Wakhan's procedure: ``{"kind": "line" | "bonus", "ai_card", "line",
    "lines", "code" (for a line), "card": the card chosen or None, "passed": [cards passed over]}``; else None."""
    note = event.get("note")
    if event.get("type") != "reason" or not isinstance(note, dict) or note.get("wakhan") not in ("line", "bonus"):
        return None
    chosen: list[int] = []
    passed: list[int] = []
    _cards(event.get("text"), False, chosen, passed)
    out: dict[str, Any] = {"kind": note["wakhan"], "card": chosen[0] if chosen else None,
                           "passed": list(dict.fromkeys(passed))}
    if note["wakhan"] == "line":
        out.update({key: note.get(key) for key in ("ai_card", "line", "lines", "code")})
    return out
