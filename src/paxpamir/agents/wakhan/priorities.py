"""Her orders of preference (rulebook, Playing with Wakhan: General Rules, Card Priority, and the AI card's
arrows and region order): which card, which player, which border first."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...content.cards import COURT
from ...content.map import BORDERS, REGION_BORDERS
from ...rules.actions import is_bonus
from ...rules.scoring import dominant_coalition
from ...rules.wakhan import arrows

if TYPE_CHECKING:
    from ...engine.game import Game
    from .context import Context


def counts_as_favored(g: Game, owner: int, card: int) -> bool:
    """"Matches the favored suit" in her card priority and cleanup order: the engine's bonus-action test for the
    card where it lies (``owner`` -1: in the market, where no buyer's New Tactics reaches it)."""
    return is_bonus(g, owner, card)


def card_priority(g: Game, card: int, dominant: int | None = None) -> tuple[Any, ...]:
    """The rulebook's card priority as a sort key (larger = higher priority): opponent's card, favored suit,
    patriot of the dominant coalition, prize of the dominant coalition, other patriot, leveraged, highest
    rank, highest card number. A card that counts as being in the favored suit matches the favored suit."""
    if dominant is None:
        dominant = dominant_coalition(g)
    info = COURT[card]
    owner = g.owner_of(card)
    return (
        owner >= 0 and owner != g.wakhan,
        counts_as_favored(g, owner, card),
        dominant >= 0 and info.patriot == dominant,
        dominant >= 0 and info.prize == dominant,
        info.patriot >= 0,
        "leverage" in info.impact,
        info.rank,
        card,
    )


def highest_priority(g: Game, cards: Iterable[int]) -> int:
    dominant = dominant_coalition(g)
    return max(cards, key=lambda c: card_priority(g, c, dominant))


def player_order(g: Game) -> list[int]:
    """Other players in the red arrow's order: topLeft targets the player on her left (the next seat, who
    plays after her) first, bottomRight the player on her right (the previous seat)."""
    w, n = g.wakhan, g.n
    left, right = (w + 1) % n, (w - 1) % n
    _, side = arrows(g)
    order = [left, right] if side == "topLeft" else [right, left]
    out: list[int] = []
    for p in order:
        if p != w and p not in out:
            out.append(p)
    return out


def road_order(ctx: Context, region: int) -> list[int]:
    """Borders of ``region``, by the AI card's order of the region on their other side."""
    borders = list(REGION_BORDERS[region])

    def other(b: int) -> int:
        a, c = BORDERS[b]
        return c if a == region else a

    return sorted(borders, key=lambda b: ctx.region_rank(other(b)))


def has_most_spies(g: Game, card: int, player: int) -> bool:
    """Reading of "has the most spies" (her spy placement, Spy Movement): strictly more than every other player."""
    row = g.spies_on(card)
    mine = row[player]
    return mine > 0 and all(mine > row[q] for q in range(g.n) if q != player)


__all__ = ["card_priority", "counts_as_favored", "has_most_spies", "highest_priority", "player_order", "road_order"]
