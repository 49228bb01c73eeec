"""Playing the card she radicalized (rulebook, Playing with Wakhan: Wakhan's Core Action, and General Rules for
bribes): the side of her court, her spies and roads, and the bribes she asks and pays."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...content.cards import COURT
from ...content.i18n import msg, msgn
from ...content.map import BORDER_NAMES, region_title
from ...engine.options import option_args
from ...presentation.describe import card_name, where_name
from ...rules.court import BribePay, PlaceRoad
from .context import Choice, Context, Option, handles, noted, pending_step
from .priorities import has_most_spies, highest_priority, road_order

if TYPE_CHECKING:
    from ...engine.game import Game


@handles("side")
def _side(ctx: Context, legal: list[Option]) -> Choice:
    if ctx.row_side == "topLeft":
        return ("side", "left"), msg(
            "the red arrow points to the top row, left end: she plays to the left end of her court"
        )
    return ("side", "right"), msg(
        "the red arrow points to the bottom row, right end: she plays to the right end of her court"
    )


@handles("place_spy")
def _place_spy(ctx: Context, legal: list[Option]) -> Choice:
    """Reading: she "has the most spies" on a card only with strictly more than every other player; if she has
    the most everywhere, the highest-priority card of the region."""
    g, w = ctx.g, ctx.w
    cards = option_args(legal, "spy", "card")
    pool = [c for c in cards if not has_most_spies(g, c, w)]
    if pool:
        c = highest_priority(g, pool)
        return ("spy", c), msg(
            "spy on {card}: highest-priority card of the region where she does not have the most spies",
            card=card_name(c),
        )
    c = highest_priority(g, cards)
    return ("spy", c), msg("spy on {card}: she has the most spies everywhere; highest-priority card", card=card_name(c))


def road_note(card: int) -> dict[str, Any]:
    """The note kept with a road she places for ``card``'s impact icons (counted back by :func:`_roads_placed_for`)."""
    return {"wakhan": "road", "card": card}


def _roads_placed_for(g: Game, card: int) -> int:
    """Roads Wakhan has placed this turn for ``card``, from the notes kept with those decisions."""
    return sum(1 for note in g.notes_this_turn(g.wakhan) if note.get("wakhan") == "road" and note.get("card") == card)


@handles("place_road")
def _place_road(ctx: Context, legal: list[Option]) -> Choice:
    g = ctx.g
    card = PlaceRoad(*pending_step(g)).card
    region = COURT[card].region
    order = road_order(ctx, region)
    k = _roads_placed_for(g, card)
    b = order[k % len(order)]
    name = BORDER_NAMES[b]
    return ("road", name), noted(
        msg(
            "road {k} of {card} on {border}: the borders of {region} in the AI card's region order",
            k=k + 1, card=card_name(card), border=where_name(name), region=region_title(region),
        ),
        road_note(card),
    )


@handles("bribe_demand")
def _bribe_demand(ctx: Context, legal: list[Option]) -> Choice:
    full = max(option_args(legal, "demand", "amount"))
    return ("demand", full), msgn(
        "she asks the full bribe of {n} rupee", "she asks the full bribe of {n} rupees", full
    )


@handles("bribe_pay")
def _bribe_pay(ctx: Context, legal: list[Option]) -> Choice:
    step = BribePay(*pending_step(ctx.g))
    if ("pay",) in legal:
        return ("pay",), msgn(
            "she can afford the bribe of {n} rupee and pays it", "she can afford the bribe of {n} rupees and pays it",
            step.amount,
        )
    if step.purpose == "play":
        return ("refuse",), msgn(
            "she cannot afford the bribe of {n} rupee; the radicalized card is discarded",
            "she cannot afford the bribe of {n} rupees; the radicalized card is discarded",
            step.amount,
        )
    return ("refuse",), msgn(
        "she cannot afford the bribe of {n} rupee; the action is not taken",
        "she cannot afford the bribe of {n} rupees; the action is not taken",
        step.amount,
    )


@handles("bribe_answer")
def _bribe_answer(ctx: Context, legal: list[Option]) -> Choice:
    # Her rulebook section knows no bargaining: she asks the full bribe and keeps to it.
    return ("insist",), msg("she insists on the full bribe: she asks the full amount and never bargains")


__all__ = ["road_note"]
