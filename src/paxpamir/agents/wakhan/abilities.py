"""Her court cards' abilities (rulebook, Playing with Wakhan: General Rules): what a card says she "may" do,
she always does."""

from __future__ import annotations

from ...content.i18n import msg
from ...engine.options import option_args
from ...presentation.describe import card_name
from .card_actions import build_like
from .context import Choice, Context, Option, handles
from .priorities import highest_priority


@handles("infrastructure")
def _infrastructure(ctx: Context, legal: list[Option]) -> Choice:
    return build_like(ctx, legal, msg("Infrastructure"))


@handles("blackmail")
def _blackmail(ctx: Context, legal: list[Option]) -> Choice:
    cards = option_args(legal, "spy", "card")
    if cards:
        c = highest_priority(ctx.g, cards)
        return ("spy", c), msg("Blackmail ('may': she always does): spy on {card}, highest priority", card=card_name(c))
    return ("skip",), msg("Blackmail: no card to place a spy on")


@handles("safe_house")
def _safe_house(ctx: Context, legal: list[Option]) -> Choice:
    houses = [o for o in legal if o[0] == "safe_house"]
    if houses:
        return houses[0], msg("Safe House ('may': she always does): the spy goes to the Safe House")
    return legal[0], msg("Safe House: not available")


__all__ = []
