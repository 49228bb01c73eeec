"""A reason text that carries a note.

This module stays pure Python in a compiled build (``setup.py``: ``PURE_MODULES``): mypyc cannot compile a
subclass of ``str``.
"""

from __future__ import annotations

from typing import Any


class Reason(str):
    """A reason text that carries a note (see :meth:`paxpamir.engine.game.Game.apply`): ``apply(option,
    player, reason)`` with a Reason keeps ``reason.note`` too, so callers that pass ``(option, reason)`` pairs
    along keep the note.

    >>> r = Reason("line 2 of my plan", {"line": 2})
    >>> (r, r.note)
    ('line 2 of my plan', {'line': 2})
    """

    note: dict[str, Any] | None

    def __new__(cls, text: str, note: dict[str, Any] | None = None) -> Reason:
        self = super().__new__(cls, text)
        self.note = note
        return self
