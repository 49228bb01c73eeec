"""What one seat (or a spectator) is sent after a move: the only place where a page's view is built.

Each page gets, once per move, its view model (:func:`paxpamir.presentation.viewmodel.view_model`) in its
language, without the log (the new log entries travel beside it, each once), and the decision in a short form
for scripts, taken from the model rather than worked out again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..content.i18n import language
from ..presentation.describe import event_text
from ..presentation.viewmodel import view_model
from ..presentation.words import labelled_options, prompt
from .wakhan_teach import explain

if TYPE_CHECKING:
    from ..engine.game import Game


def page_model(game: Game, seat: int | None, log_len: int | None = None) -> dict[str, Any]:
    """The view model of ``seat`` (None: a spectator) without log lines: the page keeps its log from the entries
    each message brings (``log_from``/``log``), so none is rendered or sent twice. ``log_len``: the length of the
    game's log, when the caller knows it."""
    model = view_model(game, seat, log_from=len(game.events()) if log_len is None else log_len)
    model["view"].pop("log", None)
    return model


def decision_of(model: dict[str, Any]) -> dict[str, Any] | None:
    """The prompt and the labelled legal options of the model's seat when it decides now; else None."""
    if not model["your_decision"]:
        return None
    return {
        "kind": model["decision"],
        "prompt": model["prompt"],
        "options": [{"option": o["option"], "label": o["label"]} for o in model["options"]],
        "can_undo": model["can_undo"],
    }


def decision_for(game: Game, seat: int | None) -> dict[str, Any] | None:
    """The decision in the short form of :func:`decision_of`, without a model (for scripts that want none)."""
    if seat is None or game.current_player != seat:
        return None
    return {
        "kind": game.decision,
        "prompt": prompt(game),
        "options": [{"option": list(o), "label": label} for o, label in labelled_options(game)],
        "can_undo": game.can_undo(seat),
    }


def seat_view(game: Game, seat: int | None) -> dict[str, Any]:
    """The state as ``seat`` may see it (None: a spectator), without the log: the ``view`` of :func:`page_model`."""
    return game.view(seat, log=False)


def log_entries(game: Game, events: list[dict[str, Any]], start: int, lang: str = "en") -> list[dict[str, Any]]:
    """The log entries from ``start`` on, each its event and its text in ``lang`` (whatever language the caller's
    context has: a game's cached English lines are made in a request or a task of any language); a reason of
    Wakhan's procedure also says where on her AI card she is and which cards it chose and passed over
    (``wakhan``: :func:`.wakhan_teach.explain`)."""
    out: list[dict[str, Any]] = []
    with language(lang):
        for e in events[start:]:
            entry: dict[str, Any] = {"event": e, "text": event_text(game, e)}
            teach = explain(e)
            if teach is not None:
                entry["wakhan"] = teach
            out.append(entry)
    return out
