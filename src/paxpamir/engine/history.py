"""A game's history: the decisions made (the record), the log's readers, and undo.

The :class:`~paxpamir.engine.game.Game` methods of the same names call these; the history itself is the game's
(immutable lists, newest first: ``_history`` for decisions, ``_log`` for events; the states kept for undo).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from .log import newest_first, stored_event
from .serialize import state_to_json

if TYPE_CHECKING:
    from .game import Game

FORMAT_VERSION: Final = 1


def choices(g: Game) -> list[tuple[Any, ...]]:
    """Every decision made so far, oldest first, as (player, option[, reason[, note]])."""
    out = []
    node = g._history
    while node is not None:
        out.append(node[1:])
        node = node[0]
    out.reverse()
    return out


def record(g: Game) -> dict[str, Any]:
    """The game record: enough to replay ``g`` to an identical state."""
    rec: dict[str, Any] = {
        "format": "paxpamir-record",
        "version": FORMAT_VERSION,
        "players": g.n,
        "options": dict(g.options),
        "seed": g.seed,
        "choices": [[c[0], list(c[1]), *c[2:]] for c in choices(g)],
    }
    if g.initial is not None:
        rec["position"] = g.initial
    return rec


def state_hash(g: Game) -> str:
    """A hash of the full state without its history (log, record, undo point)."""
    data = state_to_json(g, history=False)
    data.pop("undo_floor", None)
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32]


def events_from(log: tuple | None, start: int) -> list[dict[str, Any]]:
    """The events of the log ``log`` from index ``start`` on, oldest first, each a new dict (none made for the
    events before ``start``)."""
    size = 0
    for _node in newest_first(log):
        size += 1
    out: list[dict[str, Any]] = []
    for node in newest_first(log):
        if len(out) >= size - start:
            break
        out.append(stored_event(node))
    out.reverse()
    return out


def events_newest_first(log: tuple | None) -> Iterator[dict[str, Any]]:
    """The events of the log ``log``, newest first, each a new dict."""
    for node in newest_first(log):
        yield stored_event(node)


def notes_this_turn(g: Game, player: int) -> list[dict[str, Any]]:
    """The notes ``player`` attached to decisions since the current turn began, newest first."""
    out: list[dict[str, Any]] = []
    for node in newest_first(g._log):
        t = node[0]
        if t == "turn":
            break
        if t == "reason" or t == "note":
            e = stored_event(node)
            note = e.get("note")
            if note and e.get("player") == player:
                out.append(note)
    return out


def keep_undo_state(g: Game) -> None:
    """Save the state before the active player's decision about to be applied (undo restores it)."""
    states = g._undo_states
    floor = g.undo_floor
    if states and states[0][0] < floor:  # a new turn or another player's decision: older states are gone
        states = tuple(s for s in states if s[0] >= floor)
    saved = g.clone()
    saved._undo_states = ()
    g._undo_states = (*states, (g._history_len, saved))


def undo_last(g: Game) -> None:
    """Restore the state before the last decision (which :meth:`~paxpamir.engine.game.Game.can_undo` allows): the
    state kept for it, or else the record replayed up to it."""
    floor = g.undo_floor
    states = g._undo_states
    target = g._history_len - 1
    while states and states[-1][0] > target:  # states of decisions already gone (should not happen)
        states = states[:-1]
    if states and states[-1][0] == target:
        saved = states[-1][1]
        g._restore(saved)  # copied: clones of this game share its saved states
        g._undo_states = states[:-1]
    else:
        replay = g._replay_base()
        for c in choices(g)[:-1]:
            replay.apply(c[1], c[0], *c[2:])
        g._restore(replay)
        g._undo_states = ()
    g.undo_floor = floor
    g.keep_undo = True
