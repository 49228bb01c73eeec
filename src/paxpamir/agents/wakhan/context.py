"""What every decision of Wakhan's reads (the AI card in use, its arrows, her pragmatic loyalty), the shapes of
her choices, and her handlers by decision kind.

Every decision kind that can fall to her seat has one handler, registered by the kind's name with
:func:`handles` next to its code (``@handles("tax")``); :data:`NOT_HERS` names the kinds that never fall to her,
and why. ``tests/test_agents_kinds.py`` checks the two against the engine's registry of decision kinds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ...content.cards import WakhanCard
from ...content.i18n import language, msg, render
from ...engine.reason import Reason
from ...presentation.describe import COALITION_NAMES
from ...rules.scoring import dominant_coalition
from ...rules.wakhan import arrows, current_ai_card, pragmatic_loyalty

if TYPE_CHECKING:
    from ...engine.game import Game

Option = tuple[Any, ...]
Message = list[Any]
#: An option and the reason for it: a message (:func:`paxpamir.content.i18n.msg`), or a :class:`Reason` that
#: carries a note too.
Choice = tuple[Option, Any]

#: Card actions the AI cards name directly (their default behaviour applies).
CARD_ACTIONS: Final = ("tax", "gift", "build", "move", "betray", "battle")
#: The one AI card instruction that names a battle of its own.
SPECIAL_BATTLE: Final = "battleHighestPriorityCourtCardWithMostSpiesWhereWakhanHasSpy"


class Context:
    """What every decision reads: the AI card in use, the arrows, her pragmatic loyalty. (Her reasons do not repeat
    them: the log says which AI card she drew and where its arrows point.)"""

    def __init__(self, g: Game) -> None:
        self.g = g
        self.w = g.wakhan
        self.card: WakhanCard | None = current_ai_card(g)
        self.column, self.row_side = arrows(g)
        self.pl = pragmatic_loyalty(g)
        self.regions: tuple[int, ...] = self.card.region_order if self.card else tuple(range(6))
        self._dominant: int | None = None

    @property
    def dominant(self) -> int:
        if self._dominant is None:
            self._dominant = dominant_coalition(self.g)
        return self._dominant

    def region_rank(self, region: int) -> int:
        return self.regions.index(region)


#: Her answer to one decision kind: a choice among the legal options, or None when no rule of hers applies.
Handler = Callable[[Context, list[Option]], Choice | None]

#: Her handler for each decision kind that can fall to her seat, by the kind's name (:func:`handles`).
HANDLERS: Final[dict[str, Handler]] = {}

#: The decision kinds that never fall to her seat, and why.
NOT_HERS: Final[dict[str, str]] = {
    "loyalty": "she takes no loyalty dial (rulebook, Playing with Wakhan: Setting Up)",
    "bribe_counter": "she never offers less than a bribe asked of her (she pays it if she can), so nobody counters",
}


def handles(*kinds: str) -> Callable[[Handler], Handler]:
    """Register the decorated function as her handler of the decision kinds ``kinds`` (by name)."""

    def register(handler: Handler) -> Handler:
        for kind in kinds:
            if kind in HANDLERS:
                raise RuntimeError(f"Wakhan has two handlers for the decision {kind!r}")
            HANDLERS[kind] = handler
        return handler

    return register


# ---------------------------------------------------------------------------- small facts


def coalition_label(c: int) -> Message:
    """The coalition's name, as a message."""
    return msg(COALITION_NAMES[c])


def noted(message: Message, note: dict[str, Any]) -> Reason:
    """A reason with a note kept with the decision (read back with ``game.notes_this_turn``)."""
    with language("en"):
        text = render(message)
    return Reason(text, note, message)


def pending_step(g: Game) -> tuple[Any, ...]:
    """The step she is asked to decide."""
    step = g.pending
    assert step is not None, "Wakhan is asked to decide in a finished game"
    return step


def market_slot(g: Game, card: int) -> int:
    """The market slot (0-11) holding ``card``."""
    return g.market.index(card)


def or_first(legal: list[Option], option: Option, why: Message, otherwise: Message) -> Choice:
    """``option`` (for ``why``) where it is legal, else the first legal option (for ``otherwise``): her rules'
    last resort."""
    if option in legal:
        return option, why
    return legal[0], otherwise


__all__ = [
    "CARD_ACTIONS",
    "HANDLERS",
    "NOT_HERS",
    "SPECIAL_BATTLE",
    "Choice",
    "Context",
    "Handler",
    "Message",
    "Option",
    "coalition_label",
    "handles",
    "market_slot",
    "noted",
    "or_first",
    "pending_step",
]
