"""A reason text that carries a note.

This module stays pure Python in a compiled build (``setup.py``: ``PURE_MODULES``): mypyc cannot compile a
subclass of ``str``.
"""

from __future__ import annotations

from typing import Any


class Reason(str):
    """A reason text that carries a note and, optionally, the message it was rendered from (see
    :meth:`paxpamir.engine.game.Game.apply`): ``apply(option, player, reason)`` with a Reason keeps ``reason.note``
    too, and keeps the message (``[msgid, {args}]``, :func:`paxpamir.content.i18n.msg`) instead of the text, so
    that the log can show the reason in any language.

    >>> r = Reason("line 2 of my plan", {"line": 2})
    >>> (r, r.note, r.message)
    ('line 2 of my plan', {'line': 2}, None)
    """

    note: dict[str, Any] | None
    message: list[Any] | None

    def __new__(cls, text: str, note: dict[str, Any] | None = None, message: list[Any] | None = None) -> Reason:
        self = super().__new__(cls, text)
        self.note = note
        self.message = message
        return self
