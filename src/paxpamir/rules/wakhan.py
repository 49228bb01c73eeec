"""Playing with Wakhan (rulebook pp. 16-18): how the rules change when the automated opponent takes a seat.

Wakhan is an ordinary seat in the engine (the last one), whose decisions are made by
:mod:`paxpamir.agents.wakhan_procedure` through the public API, like any bot. This module holds only the rule changes:
her AI deck, her pragmatic loyalty, her ruling pieces, her influence in every coalition, and her core action
*radicalize* (purchase a card and play it at once).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..content.cards import WakhanCard, wakhan_card
from ..engine import rng

if TYPE_CHECKING:
    from ..engine.game import Game

AI_DECK_SIZE: Final = 24


def is_wakhan(g: Game, player: int) -> bool:
    return player == g.wakhan


def shuffle_ai_deck(g: Game) -> None:
    deck = list(range(1, AI_DECK_SIZE + 1))
    g.rng = rng.shuffle(g.rng, deck)
    g.ai_deck = deck
    g.ai_discard = []


def draw_ai_card(g: Game) -> None:
    """Draw the top AI card face up. If that empties the AI deck, reshuffle every AI card (the one just drawn
    included) into a new deck and draw again, so that there is always a next card whose back can be read."""
    if not g.ai_deck:
        _reshuffle(g)
    g.ai_discard.append(g.ai_deck.pop(0))
    if not g.ai_deck:
        _reshuffle(g)
        g.ai_discard.append(g.ai_deck.pop(0))
    g.log("wakhan_card", player=g.wakhan, card=g.ai_discard[-1], next_back=[list(x) for x in next_back(g)])


def _reshuffle(g: Game) -> None:
    deck = g.ai_discard + g.ai_deck
    deck.sort()
    g.rng = rng.shuffle(g.rng, deck)
    g.ai_deck = deck
    g.ai_discard = []
    g.log("wakhan_reshuffle", player=g.wakhan)


def current_ai_card(g: Game) -> WakhanCard | None:
    return wakhan_card(g.ai_discard[-1]) if g.ai_discard else None


def next_back(g: Game) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The back of the next AI card: (column numbers, row/side entries). Public information."""
    if not g.ai_deck:
        return (), ()
    nxt = wakhan_card(g.ai_deck[0])
    return nxt.back_columns, nxt.back_row_side


def arrows(g: Game) -> tuple[int, str]:
    """(market column, "topLeft" or "bottomRight") read from the face-up card's arrows on the next card's back."""
    card = current_ai_card(g)
    columns, rows = next_back(g)
    if card is None or not columns:
        return 0, "topLeft"
    return columns[card.column_arrow], rows[card.row_side_arrow]


def pragmatic_loyalty(g: Game) -> int:
    """The leftmost coalition on the face-up AI card that no other player is loyal to."""
    card = current_ai_card(g)
    order = card.pragmatic_loyalty if card is not None else (0, 1, 2)
    taken = {g.loyalty[p] for p in range(g.n) if p != g.wakhan}
    for c in order:
        if c not in taken:
            return c
    return order[0]


def ruling_armies(g: Game, region: int) -> int:
    """Wakhan's armies for ruling: the most numerous single coalition's armies in the region."""
    return ruling_army_count(g.armies, region * 3)


def ruling_army_count(armies: Sequence[int], a0: int = 0) -> int:
    """Wakhan's armies for ruling among a region's ``armies[a0 + coalition]``: the most numerous coalition's."""
    return max(armies[a0], armies[a0 + 1], armies[a0 + 2])
