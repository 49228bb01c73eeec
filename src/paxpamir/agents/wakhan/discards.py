"""Which card she discards (rulebook, Playing with Wakhan: Cleanup): the cleanup order, for every discard that
falls to her."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...content.cards import COURT
from ...content.i18n import msg
from ...content.map import POLITICAL
from ...engine.options import option_args
from ...presentation.describe import card_name
from .context import Choice, Context, Option, handles
from .priorities import counts_as_favored

if TYPE_CHECKING:
    from ...engine.game import Game


def cleanup_discard_key(g: Game, card: int) -> tuple[Any, ...]:
    """Cleanup order (smallest first is discarded first): non-political, non-patriot, non-leveraged, most other
    players' spies in excess of hers, fewest spies, lowest rank, not the favored suit, lowest card number.

    Reading: "most player spies more than Wakhan spies" is the other players' spies on the card minus hers,
    largest first. "Matching the favored suit" includes cards that count as favored (Savvy Operator, Irregulars,
    her military cards under New Tactics). The same order serves for discards from her hand (she holds cards
    only after an exchange)."""
    info = COURT[card]
    w = g.wakhan
    row = g.spies_on(card)
    others = sum(row) - row[w]
    return (
        info.suit == POLITICAL,
        info.patriot >= 0,
        "leverage" in info.impact,
        -(others - row[w]),
        sum(row),
        info.rank,
        counts_as_favored(g, w, card),
        card,
    )


@handles("discard_court_over_limit", "discard_hand_over_limit", "leverage_discard", "confidence_failure")
def _discard_cleanup(ctx: Context, legal: list[Option]) -> Choice:
    g = ctx.g
    cards = option_args(legal, "discard", "card")
    c = min(cards, key=lambda c: cleanup_discard_key(g, c))
    return ("discard", c), msg(
        "discard {card}: non-political, non-patriot, non-leveraged first, then most other players' spies over hers, "
        "fewest spies, lowest rank, not favored, lowest number",
        card=card_name(c),
    )


__all__ = ["cleanup_discard_key"]
