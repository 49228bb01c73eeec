"""The piece she takes from the board when none of its kind is left in the supply (the component limits; the
rulebook is silent for Wakhan)."""

from __future__ import annotations

from ...content.i18n import msg
from ...content.map import BORDER_NAMES, BORDERS, REGION_INDEX
from ...engine.options import option_arg, option_args
from ...presentation.describe import card_name, where_name
from .context import Choice, Context, Option, handles
from .priorities import card_priority


@handles("take_piece")
def _take_piece(ctx: Context, legal: list[Option]) -> Choice:
    """Reading (component limits, rulebook silent for Wakhan): take the piece she needs least: a road (border
    whose better region is last on the AI card), then an army from the region last on the AI card whose rule
    she keeps; for cylinders a spy from her lowest-priority card, then a tribe from the region last on the AI
    card that she does not rule, then a gift."""
    g = ctx.g
    kinds = {o[0] for o in legal}
    rank = ctx.region_rank
    if "take_road" in kinds or "take_army" in kinds:
        roads = [o for o in legal if o[0] == "take_road"]
        if roads:

            def road_key(o: Option) -> int:
                a, b = BORDERS[BORDER_NAMES.index(option_arg(o, "border"))]
                return min(rank(a), rank(b))

            o = max(roads, key=road_key)
            border = where_name(option_arg(o, "border"))
            return o, msg(
                "none in supply: take the road on {border} (least needed by the AI card's region order)", border=border
            )
        o = _last_not_ruled(ctx, [o for o in legal if o[0] == "take_army"])
        region = where_name(option_arg(o, "region"))
        return o, msg(
            "none in supply: take an army from {region} (last region on the AI card that she does not rule)",
            region=region,
        )
    spies = option_args(legal, "take_spy", "card")
    if spies:
        dominant = ctx.dominant
        c = min(spies, key=lambda c: card_priority(g, c, dominant))
        return ("take_spy", c), msg("none in supply: take her spy from {card}, lowest priority", card=card_name(c))
    tribes = [o for o in legal if o[0] == "take_tribe"]
    if tribes:
        o = _last_not_ruled(ctx, tribes)
        region = where_name(option_arg(o, "region"))
        return o, msg(
            "none in supply: take her tribe from {region} (last region on the AI card that she does not rule)",
            region=region,
        )
    return legal[0], msg("none in supply: take her gift")


def _last_not_ruled(ctx: Context, options: list[Option]) -> Option:
    """Of ``options`` (each naming a region), the one whose region comes last on the AI card among the regions she
    does not rule (among all of them when she rules every one)."""
    g, w = ctx.g, ctx.w

    def region(o: Option) -> int:
        return REGION_INDEX[option_arg(o, "region")]

    keep = [o for o in options if g.rulers[region(o)] != w]
    return max(keep or options, key=lambda o: ctx.region_rank(region(o)))


__all__ = []
