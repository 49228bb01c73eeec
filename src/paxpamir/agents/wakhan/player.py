"""Wakhan as a player: each decision that falls to her seat goes to her handler of its kind
(:data:`.context.HANDLERS`), given what the decision reads (:class:`.context.Context`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...content.i18n import language, msg, render
from ...engine.reason import Reason
from ..base import Decision

# Each of these modules registers its handlers (``@handles(kind)``) when imported.
from . import abilities, card_actions, discards, events, lines, pieces, playing  # noqa: F401
from .context import HANDLERS, NOT_HERS, Choice, Context

if TYPE_CHECKING:
    from ...engine.game import Game


class WakhanPlayer:
    """Wakhan's decisions, from the AI card in use and the state only (no memory of her own).

    >>> from paxpamir import Game
    >>> g = Game.new(players=2, seed=1, wakhan=True)
    >>> g.apply(g.legal_options()[0])  # the human chooses a loyalty; Wakhan takes the first turn
    >>> option, reason = WakhanPlayer().choose(g)
    >>> option
    ('radicalize', 75)
    >>> print(reason)  # doctest: +ELLIPSIS
    line 3/3 (radicalize (by the arrows)): radicalize Abbas Mirza (75) — arrows: top row, column 1 ... 2 (tax))
    """

    def decide(self, game: Game) -> Decision:
        """Her decision for the pending step: the option, the reason in words and, for the decisions that
        perform a line of her AI card or a bonus action, a note saying which (read back later this turn)."""
        g = game
        if g.wakhan < 0 or g.current_player != g.wakhan:
            raise ValueError("WakhanPlayer decides only what falls to Wakhan's seat")
        legal = g.legal_options()
        kind = g.decision or ""
        handler = HANDLERS.get(kind)
        if handler is None:
            why = NOT_HERS.get(kind, "no handler of hers is registered for it (agents/wakhan, @handles)")
            raise LookupError(f"Wakhan cannot decide {kind!r}: {why}")
        choice = handler(Context(g), legal)
        if choice is None or choice[0] not in legal:
            choice = (legal[0], msg("no Wakhan rule covers this decision ({kind}); the first legal option", kind=kind))
        option, reason = choice
        if isinstance(reason, Reason):
            return Decision(option, reason.message, reason.note)
        return Decision(option, reason)

    def choose(self, game: Game) -> Choice:
        """``(option, reason)`` (a thin wrapper of :meth:`decide`); the reason is a :class:`Reason` carrying the
        note when there is one, so that ``game.apply(option, player, reason)`` keeps it."""
        d = self.decide(game)
        message = d.reason if isinstance(d.reason, list) else msg(str(d.reason or ""))
        with language("en"):
            text = render(message)
        return d.option, Reason(text, d.note, message)


__all__ = ["WakhanPlayer"]
