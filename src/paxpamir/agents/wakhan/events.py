"""Her choices when an event asks one (rulebook, Playing with Wakhan: General Rules): a suit is the favored
suit; a player is the first in the red arrow's order; a region by the AI card's order of regions."""

from __future__ import annotations

from ...content.i18n import N_, msg
from ...content.map import REGIONS, SUITS, region_title
from ...engine.options import option_args
from ...presentation.describe import SUIT_NAMES, player_message
from .context import Choice, Context, Option, handles
from .priorities import player_order


def _choose_player(ctx: Context, legal: list[Option], what: str) -> Choice:
    players = [p for p in option_args(legal, "player", "player") if p != ctx.w]
    for p in player_order(ctx.g):
        if p in players:
            return ("player", p), msg(
                "{event}: {player}, the first in the red arrow's order", event=what, player=player_message(ctx.g, p)
            )
    return legal[0], msg("{event}: first legal option", event=what)


@handles("rumor")
def _rumor(ctx: Context, legal: list[Option]) -> Choice:
    return _choose_player(ctx, legal, "Rumor")  # the event's card name, as printed


@handles("exchange_hands")
def _exchange(ctx: Context, legal: list[Option]) -> Choice:
    return _choose_player(ctx, legal, "Other Persuasive Methods")


@handles("pashtunwali")
def _pashtunwali(ctx: Context, legal: list[Option]) -> Choice:
    suit = SUITS[ctx.g.favored]
    return ("suit", suit), msg(
        "Pashtunwali Values: she chooses the current favored suit ({suit})", suit=msg(SUIT_NAMES[ctx.g.favored])
    )


@handles("rebuke")
def _rebuke(ctx: Context, legal: list[Option]) -> Choice:
    """Reading: the first region on the AI card where another player has a tribe and she has none; else where
    another player has a tribe; else the first region."""
    g, w, n = ctx.g, ctx.w, ctx.g.n

    def others(r: int) -> int:
        return sum(g.tribes[r * n + q] for q in range(n) if q != w)

    for test, why in (
        (
            lambda r: others(r) > 0 and g.tribes[r * n + w] == 0,
            N_("leftmost region on the AI card where another player has tribes and she has none"),
        ),
        (lambda r: others(r) > 0, N_("leftmost region on the AI card where another player has tribes")),
        (lambda r: True, N_("no other player has a tribe anywhere: the first region on the AI card")),
    ):
        for r in ctx.regions:
            if test(r) and ("region", REGIONS[r]) in legal:
                return ("region", REGIONS[r]), msg("Rebuke {region}: {why}", region=region_title(r), why=msg(why))
    return legal[0], msg("Rebuke: first legal option")


__all__ = []
