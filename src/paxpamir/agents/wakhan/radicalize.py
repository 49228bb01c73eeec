"""Which market card she radicalizes (rulebook, Playing with Wakhan: Wakhan's Core Action, Wakhan's Ambition,
and the AI cards' radicalize instructions; docs/wakhan-variants.md for Savvy Purchasing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...content.cards import COURT, is_court_card, is_dominance_check
from ...content.i18n import N_, msg, msg_join, msgn
from ...content.map import ECONOMIC, INTELLIGENCE, MILITARY, POLITICAL
from ...engine.options import option_args
from ...presentation.describe import SUIT_NAMES, card_name, player_message
from ...rules.court import LEVERAGE_RUPEES, play_bribe
from ...rules.market import purchase_cost
from ...rules.rulers import ruler_after
from ...rules.turn import court_limit
from ...rules.wakhan import SAVVY_PURCHASING, variant_on
from .context import Choice, Context, Message, Option, coalition_label, market_slot

if TYPE_CHECKING:
    from ...engine.game import Game


def spies_in_play(g: Game, player: int) -> int:
    """Spies ``player`` has on court cards."""
    return sum(g.spy_count(c, player) for court in g.courts for c in court)


def _radicalize_cards(ctx: Context, legal: list[Option]) -> list[int]:
    return option_args(legal, "radicalize", "card")


def _cheapest_key(ctx: Context) -> Callable[[int], tuple[int, int]]:
    g, w = ctx.g, ctx.w
    return lambda c: (purchase_cost(g, w, market_slot(g, c)), -c)


def dominance_check_outcome(g: Game, card: int) -> tuple[bool, Message]:
    """Would radicalizing this Dominance Check make Wakhan score the most points from it or win? Looked up on a
    copy of the game. "The most" is strictly more than every other player: a tie for the most counts only if
    she would win (docs/rules-decisions.md, issue 9)."""
    w = g.wakhan
    trial = g.clone()
    trial.apply(("radicalize", card), w)
    gains = [trial.vp[p] - g.vp[p] for p in range(g.n)]
    most = all(gains[w] > gains[p] for p in range(g.n) if p != w)
    wins = trial.is_over and w in trial.winners
    scores = [msg("{player} +{points}", player=player_message(g, p), points=gains[p]) for p in range(g.n)]
    listed = msg_join(scores)
    if wins:
        return True, msg("points from the check would be {scores}, and she would win the game", scores=listed)
    return most, msg("points from the check would be {scores}", scores=listed)


def ambition(ctx: Context, legal: list[Option]) -> Choice | None:
    """Wakhan's Ambition: a Dominance Check she can radicalize now and would score the most from, or win by; None
    when there is none."""
    g = ctx.g
    for card in _radicalize_cards(ctx, legal):
        if is_dominance_check(card):
            ok, text = dominance_check_outcome(g, card)
            if ok:
                return ("radicalize", card), msg(
                    "Wakhan's Ambition: radicalize {card}: {outcome}", card=card_name(card), outcome=text
                )
    return None


def default_radicalize(ctx: Context, legal: list[Option]) -> tuple[int, Message] | None:
    """The default card choice: the Dominance-Check-in-market rule, otherwise the arrows.

    Reading: with a Dominance Check in the market "the cheapest card with the most ... icons" may have zero
    such icons (then simply the cheapest, highest number on ties); events other than Dominance Checks are valid
    choices there and for the arrows."""
    g = ctx.g
    cards = _radicalize_cards(ctx, legal)
    checks_in_market = [c for c in g.market if c and is_dominance_check(c)]
    if checks_in_market:
        for dc in cards:
            if is_dominance_check(dc):
                ok, text = dominance_check_outcome(g, dc)
                if ok:
                    return dc, msg(
                        "Dominance Check in the market and she scores the most from it ({outcome})", outcome=text
                    )
        pool = [c for c in cards if not is_dominance_check(c)]
        if not pool:
            return None
        cheapest = _cheapest_key(ctx)
        dom = ctx.dominant
        if dom >= 0:
            patriots = [c for c in pool if is_court_card(c) and COURT[c].patriot == dom]
            if patriots:
                c = min(patriots, key=cheapest)
                return c, msg(
                    "Dominance Check in the market, {coalition} dominant: cheapest {coalition} patriot",
                    coalition=coalition_label(dom),
                )
            icons = ("army", "road")
        else:
            icons = ("spy", "tribe")

        def count(c: int) -> int:
            return sum(1 for i in COURT[c].impact if i in icons) if is_court_card(c) else 0

        if dom < 0 and variant_on(g, SAVVY_PURCHASING) and max(count(c) for c in pool) == 0:
            return savvy_net_coins(ctx, pool)
        c = min(pool, key=lambda c: (-count(c), *cheapest(c)))
        if dom >= 0:
            return c, msg(
                "Dominance Check in the market, {coalition} dominant: cheapest card with the most army/road icons "
                "({n}), highest number on ties",
                coalition=coalition_label(dom),
                n=count(c),
            )
        return c, msg(
            "Dominance Check in the market, no coalition dominant: cheapest card with the most spy/tribe icons "
            "({n}), highest number on ties",
            n=count(c),
        )
    valid = set(cards)
    row = 0 if ctx.row_side == "topLeft" else 1
    passed: list[Message] = []
    for r in (row, 1 - row):
        for col in range(ctx.column, -1, -1):
            c = g.market[r * 6 + col]
            if c and c in valid:
                if r == row and col == ctx.column:
                    how = msg("the arrows' card")
                elif r == row:
                    how = msg("next valid card to the left")
                else:
                    how = msg("next valid card to the left in the other row")
                if r == 0:
                    found = msg("arrows: top row, column {column} ({how})", column=col + 1, how=how)
                else:
                    found = msg("arrows: bottom row, column {column} ({how})", column=col + 1, how=how)
                if passed:
                    found = msg("{found}; passed over: {passed}", found=found, passed=msg_join(passed, "; "))
                if variant_on(g, SAVVY_PURCHASING):
                    cheaper = savvy_cheaper_equivalent(ctx, c, cards)
                    if cheaper is not None:
                        return cheaper, msg(
                            "{found}; Savvy Purchasing: {cheaper} instead of {card}, the cheapest card of the same "
                            "suit and at least the same rank that costs less",
                            found=found, cheaper=card_name(cheaper), card=card_name(c),
                        )
                return c, found
            if r == 0:
                passed.append(msg("top {column} {why}", column=col + 1, why=_not_valid(ctx, r * 6 + col)))
            else:
                passed.append(msg("bottom {column} {why}", column=col + 1, why=_not_valid(ctx, r * 6 + col)))
    return None


def savvy_cheaper_equivalent(ctx: Context, found: int, cards: list[int]) -> int | None:
    """Savvy Purchasing, the arrows' case (docs/wakhan-variants.md 1A): instead of the court card ``found`` by
    the arrows, a strictly cheaper court card of the same suit and at least the same rank that she can
    radicalize now (``cards``), anywhere in the market; the cheapest, then the leftmost column, then the card in
    the red arrow's row. None when there is none (or ``found`` is an event)."""
    g, w = ctx.g, ctx.w
    if not is_court_card(found):
        return None
    cost = purchase_cost(g, w, market_slot(g, found))
    suit, rank = COURT[found].suit, COURT[found].rank
    red_row = 0 if ctx.row_side == "topLeft" else 1
    best: tuple[int, int, int] | None = None
    pick: int | None = None
    for c in cards:
        if not is_court_card(c) or c == found or COURT[c].suit != suit or COURT[c].rank < rank:
            continue
        slot = market_slot(g, c)
        price = purchase_cost(g, w, slot)
        if price >= cost:
            continue
        key = (price, slot % 6, 0 if slot // 6 == red_row else 1)
        if best is None or key < best:
            best, pick = key, c
    return pick


def savvy_net_coins(ctx: Context, pool: list[int]) -> tuple[int, Message]:
    """Savvy Purchasing with a Dominance Check in the market, no coalition dominant and no card with a spy or
    tribe icon (docs/wakhan-variants.md 1B): the card that nets her the most rupees (the rupees on it, plus 2
    for a leverage icon, less its cost), even when that is nothing or a loss; then the cheapest, then the highest
    card number."""
    g = ctx.g
    cheapest = _cheapest_key(ctx)
    c = min(pool, key=lambda c: (-net_rupees(g, c), *cheapest(c)))
    return c, msg(
        "Dominance Check in the market, no coalition dominant, no card with spy/tribe icons; Savvy Purchasing: "
        "the card that nets her the most rupees ({net})",
        net=f"{net_rupees(g, c):+d}",
    )


def net_rupees(g: Game, card: int) -> int:
    """What radicalizing the market card ``card`` nets Wakhan: the rupees on it, plus the rupees its leverage
    icons bring, less its cost (the AI cards' "most net rupees" and Savvy Purchasing's fallback)."""
    slot = market_slot(g, card)
    leverage = sum(1 for i in COURT[card].impact if i == "leverage") if is_court_card(card) else 0
    return g.market_rupees[slot] + LEVERAGE_RUPEES * leverage - purchase_cost(g, g.wakhan, slot)


def _not_valid(ctx: Context, slot: int) -> Message:
    """Why the market slot is not a card she can radicalize now (for her reasons)."""
    g, w = ctx.g, ctx.w
    card = g.market[slot]
    if not card:
        return msg("vacant")
    if card in g.paid_cards:
        return msg("{card}: she put a rupee on it this turn", card=card_name(card))
    cost = purchase_cost(g, w, slot)
    if cost > g.rupees[w]:
        return msgn(
            "{card}: costs {cost}, she has {n} rupee", "{card}: costs {cost}, she has {n} rupees", g.rupees[w],
            card=card_name(card), cost=cost,
        )
    return msg("{card}: cannot be purchased", card=card_name(card))


def _pick(ctx: Context, cards: list[int], key: Callable[[int], Any], text: Message) -> tuple[int, Message] | None:
    if not cards:
        return None
    c = min(cards, key=key)
    return c, text


def instruction_radicalize(ctx: Context, legal: list[Option], code: str) -> tuple[int, Message] | None:
    """A radicalize instruction with conditions; None when its condition fails or no card fits. Ties go to the
    cheapest card, then the highest card number.

    Reading: instructions choose among court cards only (they name suits, ranks, icons, patriots, actions), and
    "most net rupees" counts rupees on the card plus 2 per leverage icon minus the cost, as written."""
    g, w = ctx.g, ctx.w
    cards = [c for c in _radicalize_cards(ctx, legal) if is_court_card(c)]
    cheapest = _cheapest_key(ctx)

    def highest_ranked(suit: int) -> tuple[int, Message] | None:
        pool = [c for c in cards if COURT[c].suit == suit]
        got = _pick(ctx, pool, lambda c: (-COURT[c].rank, *cheapest(c)), [])
        if got is None:
            return None
        c = got[0]
        return c, msg(
            "highest-ranked {suit} card in the market (rank {rank}; ties: cheapest, then highest number)",
            suit=msg(SUIT_NAMES[suit]), rank=COURT[c].rank,
        )

    def most_icons(icons: tuple[str, ...]) -> tuple[int, Message] | None:
        def count(c: int) -> int:
            return sum(1 for i in COURT[c].impact if i in icons)

        pool = [c for c in cards if count(c) > 0]
        got = _pick(ctx, pool, lambda c: (-count(c), *cheapest(c)), [])
        if got is None:
            return None
        if icons == ("army", "road"):
            text = N_("card with the most army/road icons ({n}; ties: cheapest, then highest number)")
        else:
            text = N_("card with the most spy/tribe icons ({n}; ties: cheapest, then highest number)")
        return got[0], msg(text, n=count(got[0]))

    if code == "radicalizeIfMilitaryFavoredHighestRankedMilitary":
        return highest_ranked(MILITARY) if g.favored == MILITARY else None
    if code == "radicalizeIfPoliticalFavoredHighestRankedEconomic":
        return highest_ranked(ECONOMIC) if g.favored == POLITICAL else None
    if code == "radicalizeHighestRankedPolitical":
        return highest_ranked(POLITICAL)
    if code == "radicalizeHighestRankedIntelligence":
        return highest_ranked(INTELLIGENCE)
    if code == "radicalizeIntelligence":
        pool = [c for c in cards if COURT[c].suit == INTELLIGENCE]
        return _pick(ctx, pool, cheapest, msg("an intelligence card (cheapest)"))
    if code == "radicalizeIfFewerThan2RupeesRadicalizeMostNetRupees":
        if g.rupees[w] >= 2:
            return None

        pool = [c for c in cards if net_rupees(g, c) > 0]
        best = _pick(ctx, pool, lambda c: (-net_rupees(g, c), *cheapest(c)), [])
        if best is None:
            return None
        return best[0], msg(
            "fewer than 2 rupees: card that nets her the most rupees ({net})", net=net_rupees(g, best[0])
        )
    if code == "radicalizeCardThatGivesControlOfRegion":
        pool = [c for c in cards if _gives_control(ctx, c)]
        return _pick(ctx, pool, cheapest, msg("card whose tribes/armies make her ruler of its region"))
    if code == "radicalizeCardThatWouldPlaceMostBlocks":
        return most_icons(("army", "road"))
    if code == "radicalizeIfNoDominantCoalitionCardThatWouldPlaceMostCylinders":
        return most_icons(("spy", "tribe")) if ctx.dominant < 0 else None
    if code == "radicalizeIfNoCardWithMoveCardWithMoveAction":
        if any("move" in COURT[c].actions for c in g.courts[w]):
            return None
        pool = [c for c in cards if "move" in COURT[c].actions]
        return _pick(ctx, pool, cheapest, msg("no move card in her court: card with the move action"))
    if code == "radicalizeIfDominantCoalitionMatchingPatriot":
        dom = ctx.dominant
        if dom < 0:
            return None
        pool = [c for c in cards if COURT[c].patriot == dom]
        why = msg("{coalition} dominant: {coalition} patriot", coalition=coalition_label(dom))
        return _pick(ctx, pool, cheapest, why)
    if code == "radicalizeIfCourtSizeAtLimitHighestRankedPolitical":
        if len(g.courts[w]) < court_limit(g, w):
            return None
        return highest_ranked(POLITICAL)
    if code == "radicalizeIfFewerSpiesThanAnotherPlayerHighestRankedIntelligence":
        mine = spies_in_play(g, w)
        if not any(spies_in_play(g, p) > mine for p in range(g.n) if p != w):
            return None
        return highest_ranked(INTELLIGENCE)
    raise KeyError(f"unknown radicalize instruction {code!r}")


def _gives_control(ctx: Context, card: int) -> bool:
    """Reading: the card's tribe and army icons (armies of her pragmatic loyalty) would make her the ruler of
    its region, which she does not rule now, and she can pay the full play bribe after buying it."""
    g, w = ctx.g, ctx.w
    info = COURT[card]
    r = info.region
    if g.rulers[r] == w:
        return False
    t = sum(1 for i in info.impact if i == "tribe")
    a = sum(1 for i in info.impact if i == "army")
    if not t and not a:
        return False
    _, bribe = play_bribe(g, w, card)  # the engine's play bribe (waivers included)
    if bribe:
        s = market_slot(g, card)
        after = g.rupees[w] - purchase_cost(g, w, s) + g.market_rupees[s]
        if bribe > after:
            return False
    return ruler_after(g, r, {w: t}, {ctx.pl: a}) == w


__all__ = [
    "ambition",
    "default_radicalize",
    "dominance_check_outcome",
    "instruction_radicalize",
    "net_rupees",
    "savvy_cheaper_equivalent",
    "savvy_net_coins",
    "spies_in_play",
]
