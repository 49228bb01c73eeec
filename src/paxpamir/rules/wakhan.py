"""Playing with Wakhan (rulebook pp. 16-18): how the rules change when the automated opponent takes a seat.

Wakhan is an ordinary seat in the engine (the last one), whose decisions are made by
:mod:`paxpamir.agents.wakhan` through the public API, like any bot. This module holds only the rule changes:
her AI deck, her pragmatic loyalty, her ruling pieces, her influence in every coalition, and her core action
*radicalize* (purchase a card and play it at once); and the optional Wakhan variants, which are game options
(``Game.new(..., wakhan_variants="improved")``, specified in ``docs/wakhan-variants.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..content.cards import WakhanCard, wakhan_card
from ..content.i18n import N_
from ..engine import rng
from ..engine.errors import PamirError
from ..engine.log import log_kind
from ..engine.options import CARDS, Field, option_kind

if TYPE_CHECKING:
    from ..engine.game import Game

log_kind("wakhan_card", "player", "card", "next_back")
log_kind("wakhan_reshuffle", "player")

AI_DECK_SIZE: Final = 24

#: Savvy Purchasing: a cheaper card of the same suit and at least the same rank instead of the arrows' card; the
#: card that nets the most rupees when a Dominance Check is in the market and no card has a spy or tribe icon.
SAVVY_PURCHASING: Final = "savvy_purchasing"
#: Spy Movement: a single move of the Move action that no army can make moves one of her idle spies.
SPY_MOVEMENT: Final = "spy_movement"
#: Steadfast Pragmatic Loyalty: of the coalitions nobody else is loyal to, the one with the most blocks in play.
STEADFAST_LOYALTY: Final = "steadfast_loyalty"
#: The variants, in the order they are listed everywhere.
WAKHAN_VARIANTS: Final = (SAVVY_PURCHASING, SPY_MOVEMENT, STEADFAST_LOYALTY)
#: The variants' names as players know them.
VARIANT_TITLES: Final[dict[str, str]] = {
    SAVVY_PURCHASING: N_("Savvy Purchasing"),
    SPY_MOVEMENT: N_("Spy Movement"),
    STEADFAST_LOYALTY: N_("Steadfast Pragmatic Loyalty"),
}
#: Named sets of variants: the rulebook's Wakhan (the default) and "improved" (all three variants).
WAKHAN_PRESETS: Final[dict[str, tuple[str, ...]]] = {"rulebook": (), "improved": WAKHAN_VARIANTS}


def wakhan_variants(value: object) -> tuple[str, ...]:
    """The variants named by ``value``, in the canonical order: ``None``, ``"rulebook"`` or an empty list for none,
    ``"improved"`` for all three, a variant name, a comma-separated string of names, or a list of names.
    Raises :class:`PamirError` for anything else."""
    if value is None:
        return ()
    if isinstance(value, str):
        text = value.strip().lower()
        if text in WAKHAN_PRESETS:
            return WAKHAN_PRESETS[text]
        names: list[object] = [x.strip().replace("-", "_") for x in text.split(",") if x.strip()]
    elif isinstance(value, (list, tuple)):
        names = list(value)
    else:
        raise PamirError(f"Wakhan variants are a preset or a list of variant names, not {value!r}")
    chosen: set[str] = set()
    for name in names:
        if not isinstance(name, str) or name not in WAKHAN_VARIANTS:
            known = ", ".join(WAKHAN_VARIANTS + tuple(WAKHAN_PRESETS))
            raise PamirError(f"unknown Wakhan variant {name!r}; known: {known}")
        chosen.add(name)
    return tuple(v for v in WAKHAN_VARIANTS if v in chosen)


def variant_on(g: Game, name: str) -> bool:
    """Is the Wakhan variant ``name`` switched on in this game?"""
    chosen: list[str] | None = g.options.get("wakhan_variants")
    return chosen is not None and name in chosen


option_kind("radicalize", Field("card", CARDS, points_at="card"))  # her core action: purchase and play at once



def is_wakhan(g: Game, player: int) -> bool:
    return player == g.wakhan


def shuffle_ai_deck(g: Game) -> None:
    deck = list(range(1, AI_DECK_SIZE + 1))
    g.rng = rng.shuffle(g.rng, deck)
    g.ai_deck = tuple(deck)
    g.ai_discard = ()


def draw_ai_card(g: Game) -> None:
    """Draw the top AI card face up. If that empties the AI deck, reshuffle every AI card (the one just drawn
    included) into a new deck and draw again, so that there is always a next card whose back can be read."""
    if not g.ai_deck:
        _reshuffle(g)
    _draw(g)
    if not g.ai_deck:
        _reshuffle(g)
        _draw(g)
    g.log("wakhan_card", g.wakhan, g.ai_discard[-1], [list(x) for x in next_back(g)])


def _draw(g: Game) -> None:
    g.ai_discard += (g.ai_deck[0],)
    g.ai_deck = g.ai_deck[1:]


def _reshuffle(g: Game) -> None:
    deck = sorted(g.ai_discard + g.ai_deck)
    g.rng = rng.shuffle(g.rng, deck)
    g.ai_deck = tuple(deck)
    g.ai_discard = ()
    g.log("wakhan_reshuffle", g.wakhan)


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
    """The leftmost coalition on the face-up AI card that no other player is loyal to.

    With Steadfast Pragmatic Loyalty: of those coalitions, the one with the most blocks in play (its armies and
    roads on the map), the leftmost on the AI card on ties."""
    card = current_ai_card(g)
    order = card.pragmatic_loyalty if card is not None else (0, 1, 2)
    taken = {g.loyalty[p] for p in range(g.n) if p != g.wakhan}
    free = [c for c in order if c not in taken]
    if not free:
        return order[0]
    if len(free) > 1 and variant_on(g, STEADFAST_LOYALTY):
        best = free[0]
        most = g.coalition_blocks(best)
        for c in free[1:]:
            count = g.coalition_blocks(c)
            if count > most:
                best, most = c, count
        return best
    return free[0]


def ruling_armies(g: Game, region: int) -> int:
    """Wakhan's armies for ruling: the most numerous single coalition's armies in the region."""
    return ruling_army_count(g.armies, region * 3)


def ruling_army_count(armies: list[int], a0: int = 0) -> int:
    """Wakhan's armies for ruling among a region's ``armies[a0 + coalition]``: the most numerous coalition's."""
    return max(armies[a0], armies[a0 + 1], armies[a0 + 2])


def ai_card_back(g: Game) -> dict[str, Any]:
    """What every view shows of Wakhan's AI cards besides the cards themselves: the back of the next card and
    where the face-up card's arrows point on it."""
    columns, rows = next_back(g)
    column, row_side = arrows(g)
    return {
        "next_back": {"column_numbers": list(columns), "row_side": list(rows)},
        "arrows": {"column": column, "row_side": row_side},
    }
