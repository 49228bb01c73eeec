"""What one seat (or a spectator) is sent: the only place where a seat's view is built.

To switch to the richer view model, change :func:`seat_view` only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.game import Game


def seat_view(game: Game, seat: int | None) -> dict[str, Any]:
    """The state as ``seat`` may see it (None: a spectator), without the log (sent separately, by entries)."""
    view = game.view(seat)
    view.pop("log", None)
    # The cards set aside at setup go back to the box unseen; listing them would tell which cards the deck
    # holds. Only their number is sent.
    removed = view.get("removed")
    if isinstance(removed, list):
        view["removed"] = None
        view["removed_size"] = len(removed)
    return view


def decision_for(game: Game, seat: int | None) -> dict[str, Any] | None:
    """The prompt and the labelled legal options, when the pending decision is ``seat``'s; else None."""
    if seat is None or game.current_player != seat:
        return None
    return {
        "kind": game.decision,
        "prompt": game.prompt(),
        "options": [{"option": list(o), "label": label} for o, label in game.labelled_options()],
        "can_undo": game.can_undo(seat),
    }


def log_entries(game: Game, events: list[dict[str, Any]], start: int) -> list[dict[str, Any]]:
    from ..presentation.describe import event_text

    return [{"event": e, "text": event_text(game, e)} for e in events[start:]]
