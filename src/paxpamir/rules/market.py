"""The market: purchase costs and payments, action costs, and the cleanup steps that discard events,
slide the rows left and deal new cards (with instability when two Dominance Checks meet).

Slots are numbered ``row * 6 + column``; 0 is the top-left slot. A slot holding 0 is vacant. Rupees belong
to the slot: a card that slides into a slot collects the rupees left there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ..content.cards import COURT, PUBLIC_WITHDRAWAL, is_court_card, is_dominance_check
from ..content.map import MILITARY
from ..engine.log import log_kind
from ..engine.options import CARDS, Field, option_kind, shared_options
from ..engine.steps import MarketSlot, Option, automatic_kind, new_step, per_seat
from .abilities import has_purchase_discount, purchase_is_free
from .events import resolve_discarded_event, resolve_purchased_event
from .scoring import DominanceCheck

if TYPE_CHECKING:
    from ..engine.game import Game

log_kind("event_discarded", "card")
log_kind("purchase", "player", "card", "cost", "gained", "row", "column")
log_kind("dealt", "card", "slot")
log_kind("instability", "card", "other")


def holds(cards: tuple[int, ...], card: int) -> bool:
    """``card in cards`` (this turn's paid or used cards), as a loop that a compiled build runs natively (``in``
    on a tuple compares objects)."""
    for c in cards:
        if c == card:
            return True
    return False


def purchase_cost(g: Game, player: int, slot: int) -> int:
    """Rupees the player pays to buy the card in ``slot``: the column index, doubled while military is
    favored (per card to its left)."""
    card = g.market[slot]
    if purchase_is_free(g, player, card):
        return 0
    return column_cost(g, slot % 6)


def column_cost(g: Game, column: int) -> int:
    """What a card in market ``column`` costs before any discount: one rupee per card to its left, two while
    military is favored."""
    return column * 2 if g.favored == MILITARY else column


option_kind("purchase", Field("card", CARDS, points_at="card"))

#: ``("purchase", card)`` and ``("radicalize", card)`` for every card (see
#: :func:`~paxpamir.engine.options.shared_options`).
PURCHASE_OPTIONS: Final = shared_options("purchase", range(117))
RADICALIZE_OPTIONS: Final = shared_options("radicalize", range(117))


def purchase_options(g: Game, player: int, out: list[Option], radicalize: bool = False) -> None:
    """Append to ``out`` the cards ``player`` can buy now: ``("purchase", card)``, or Wakhan's
    ``("radicalize", card)``."""
    table = RADICALIZE_OPTIONS if radicalize else PURCHASE_OPTIONS
    rupees = g.rupees[player]
    paid = g.paid_cards
    market = g.market
    per_column = 2 if g.favored == MILITARY else 1
    may_be_free = has_purchase_discount(g, player)
    for slot in range(12):
        card = market[slot]
        if card == 0 or card == PUBLIC_WITHDRAWAL or (paid and holds(paid, card)):
            continue
        if (slot % 6) * per_column <= rupees or (may_be_free and purchase_is_free(g, player, card)):
            out.append(table[card])


def slot_of(g: Game, card: int) -> int:
    """The market slot holding ``card`` (which must be in the market)."""
    market = g.market
    for slot in range(12):
        if market[slot] == card:
            return slot
    raise ValueError(f"card {card} is not in the market")


def put_rupee_on_slot(g: Game, player: int, slot: int, amount: int = 1) -> None:
    """Put rupees from ``player`` on a market slot. Rupees put on Public Withdrawal leave the game."""
    card = g.market[slot]
    rupees = g.rupees
    rupees[player] = rupees[player] - amount  # not -=: a compiled build does that to a list item generically
    if card == PUBLIC_WITHDRAWAL:
        g.bank_in += amount
    else:
        market_rupees = g.market_rupees
        market_rupees[slot] = market_rupees[slot] + amount
    if card and not holds(g.paid_cards, card):
        g.paid_cards += (card,)


def purchase(g: Game, player: int, card: int) -> None:
    slot = slot_of(g, card)
    row, col = slot // 6, slot % 6
    cost = purchase_cost(g, player, slot)
    per_card = cost // col if col else 0
    if per_card:
        for c in range(col):
            target = row * 6 + c
            if g.market[target] == 0:
                other = (1 - row) * 6 + c
                if g.market[other] != 0:
                    target = other
            put_rupee_on_slot(g, player, target, per_card)
    gained = g.market_rupees[slot]
    g.market_rupees[slot] = 0
    g.rupees[player] += gained
    g.market[slot] = 0
    g.actions_used += 1
    if not g.quiet:
        g.log("purchase", player, card, cost, gained, row, col)
    if is_court_card(card):
        g.hands[player].append(card)
    else:
        resolve_purchased_event(g, player, card)


def pay_action_cost(g: Game, player: int, amount: int, already: int = 0) -> None:
    """Pay a card action's cost to the market: half to each row, one rupee per card from the rightmost card
    leftwards, skipping vacant slots. ``already`` rupees of the same action were paid before (per row: half),
    so the next rupees go further left. Rupees that find no card leave the game."""
    half = amount // 2
    start = already // 2
    for row in range(2):
        occupied = [row * 6 + c for c in range(5, -1, -1) if g.market[row * 6 + c] != 0]
        for k in range(start, start + half):
            if k < len(occupied):
                put_rupee_on_slot(g, player, occupied[k])
            else:
                g.rupees[player] -= 1
                g.bank_in += 1


# ---------------------------------------------------------------------------- cleanup


class CleanupEvents(NamedTuple):
    """Cleanup step 3: discards the events in the leftmost column."""

    kind: str
    player: int


def cleanup_events(g: Game, step: CleanupEvents) -> None:
    """Cleanup step 3: discard events in the leftmost column, top row first, resolving their discard effect.

    The top one is discarded here, and the bottom one waits in a ``discard_market_event`` step beneath whatever
    the top one's effect pushes; when the top slot holds no event, the bottom one is discarded here at once.
    """
    if _holds_event(g, 0):
        g.agenda.append(_DISCARD_BOTTOM_EVENT[step.player])
        _discard_event(g, 0)
    else:
        _discard_event(g, 6)


automatic_kind("cleanup_events", CleanupEvents, cleanup_events)


class DiscardMarketEvent(NamedTuple):
    """Discards an event in market ``slot`` (``row × 6 + column``) and resolves its "if discarded" effect."""

    kind: str
    player: int
    slot: int


def _discard_market_event(g: Game, step: DiscardMarketEvent) -> None:
    _discard_event(g, step.slot)


def _holds_event(g: Game, slot: int) -> bool:
    card = g.market[slot]
    return card != 0 and not is_court_card(card)


def _discard_event(g: Game, slot: int) -> None:
    """Discard the event in market ``slot``, if there is one, and resolve its "if discarded" effect."""
    if not _holds_event(g, slot):
        return
    card = g.market[slot]
    g.market[slot] = 0  # rupees stay on the slot
    g.log("event_discarded", card)
    resolve_discarded_event(g, card)


automatic_kind("discard_market_event", DiscardMarketEvent, _discard_market_event, args={"slot": MarketSlot})


#: Cleanup step 3's step for the bottom slot, made once per seat.
_DISCARD_BOTTOM_EVENT: Final = per_seat(lambda p: DiscardMarketEvent("discard_market_event", p, 6))


class CleanupMarket(NamedTuple):
    """Cleanup step 4 (``cleanup_market``), and the same again after an instability check
    (``cleanup_market_refill``): slides the market left and deals new cards."""

    kind: str
    player: int


def cleanup_market(g: Game, step: CleanupMarket) -> None:
    """Cleanup step 4: slide each row left with its rupees, then deal into the empty slots (instability)."""
    slide_left(g)
    deal(g)
    _withdraw_rupees(g)


automatic_kind("cleanup_market", CleanupMarket, cleanup_market)


def slide_left(g: Game) -> None:
    market = g.market
    rupees = g.market_rupees
    for row in range(2):
        base = row * 6
        target = base
        for col in range(6):
            slot = base + col
            card = market[slot]
            if card == 0:
                continue
            if slot != target:
                market[target] = card
                rupees[target] = rupees[target] + rupees[slot]  # not +=: see put_rupee_on_slot
                market[slot] = 0
                rupees[slot] = 0
            target += 1


def deal(g: Game) -> None:
    """Deal new cards into empty slots, leftmost column first, top row first. A Dominance Check dealt while
    another is in the market triggers an immediate check (instability)."""
    market = g.market
    for col in range(6):
        for row in range(2):
            slot = row * 6 + col
            if market[slot] != 0 or not g.deck:
                continue
            card = g.deck.pop(0)
            if is_dominance_check(card):
                other = next((c for c in market if c != 0 and is_dominance_check(c)), 0)
                market[slot] = card
                if other:
                    g.log("instability", card, other)
                    for c in (other, card):
                        s = market.index(c)
                        market[s] = 0
                        g.discard.append(c)
                    g.agenda.append(new_step(CleanupMarket, "cleanup_market_refill", g.current))
                    g.agenda.append(new_step(DominanceCheck, "dominance_check", -1, card))
                    return
            else:
                market[slot] = card
            if not g.quiet:
                g.log("dealt", card, slot)


automatic_kind("cleanup_market_refill", CleanupMarket, cleanup_market)


def _withdraw_rupees(g: Game) -> None:
    """Rupees left on a slot are placed on the card arriving there; on Public Withdrawal they leave the game."""
    for slot in range(12):
        if g.market[slot] == PUBLIC_WITHDRAWAL and g.market_rupees[slot]:
            g.bank_in += g.market_rupees[slot]
            g.market_rupees[slot] = 0


def market_card_rupees(g: Game) -> list[tuple[int, int]]:
    """(card, rupees) for market cards holding rupees."""
    return [(g.market[s], g.market_rupees[s]) for s in range(12) if g.market[s] and g.market_rupees[s]]


def market_region_cards(g: Game, region: int) -> list[int]:
    return [c for c in g.market if c and is_court_card(c) and COURT[c].region == region]
