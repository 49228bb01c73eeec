"""The structured log's event kinds: every kind declares its fields once, in the module that logs it.

Rules code logs an event with its values in the declared order, ``g.log("dealt", card, slot)``, after
``log_kind("dealt", "card", "slot")`` at the top of its module. The game keeps such an event as a small tuple
(no dictionary is built while a game is played: a compiled engine logs an event at the cost of one tuple);
:meth:`Game.events <paxpamir.engine.game.Game.events>` and every other reader get it as a dict,
``{"card": 7, "slot": 3, "type": "dealt"}``. A field declared with a trailing ``?`` is optional: its value
``None`` means "left out", and the dict does not have it (``log_kind("tax", "player", "card?", "target?")``).
Events loaded from a saved state stay the dicts they were saved as.

>>> event_dict("dealt", (7, 3))
{'card': 7, 'slot': 3, 'type': 'dealt'}
>>> event_dict("tax", (1, None, 2))
{'player': 1, 'target': 2, 'type': 'tax'}
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from .errors import BadState, PamirError

#: Each event kind's field names, in the order ``Game.log`` takes their values.
LOG_FIELDS: Final[dict[str, tuple[str, ...]]] = {}
#: Each event kind's optional fields (left out of its dict when their value is None).
LOG_OPTIONAL: Final[dict[str, frozenset[str]]] = {}


def log_kind(event_type: str, *fields: str) -> None:
    """Declare the event kind ``event_type`` with its ``fields`` (a trailing ``?`` makes a field optional)."""
    if event_type in LOG_FIELDS:
        raise PamirError(f"the event kind {event_type!r} is declared twice")
    LOG_FIELDS[event_type] = tuple(f.rstrip("?") for f in fields)
    LOG_OPTIONAL[event_type] = frozenset(f.rstrip("?") for f in fields if f.endswith("?"))


def event_dict(event_type: str, values: tuple[Any, ...]) -> dict[str, Any]:
    """The event logged as ``g.log(event_type, *values)``, as a new dict (its ``"type"`` last)."""
    fields = LOG_FIELDS.get(event_type)
    if fields is None:
        raise BadState(f"the log has an event of an undeclared kind {event_type!r}")
    if len(fields) != len(values):
        raise BadState(f"a {event_type!r} event has {len(values)} values for its {len(fields)} fields {fields}")
    optional = LOG_OPTIONAL[event_type]
    out: dict[str, Any] = {}
    for i in range(len(fields)):
        value = values[i]
        if value is None and fields[i] in optional:
            continue
        out[fields[i]] = value
    out["type"] = event_type
    return out


def newest_first(log: tuple[Any, ...] | None) -> Iterator[tuple[Any, ...]]:
    """The nodes of a game's log (``Game._log``), newest first: each ``(event_type, values or a loaded dict, older
    node)``; read one with :func:`stored_event`."""
    node = log
    while node is not None:
        yield node
        node = node[2]


def stored_event(node: tuple[Any, ...]) -> dict[str, Any]:
    """The event of one node of a game's log (``(event_type, values or a loaded dict, older node)``), as a new
    dict."""
    payload = node[1]
    if isinstance(payload, dict):
        return dict(payload)
    return event_dict(node[0], payload)
