"""Courts: playing a card (bribe, side, loyalty change, impact icons), discarding court cards (spies home,
leverage repayment, the overthrow rule), loyalty changes, hostages and bribes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..content.cards import COURT
from ..content.map import BORDER_INDEX, BORDER_NAMES, POLITICAL, REGION_BORDERS, SUIT_INDEX
from ..engine.steps import Option, Step, automatic, decision
from .abilities import bribe_waiver, leverage_shortfall_forgiven, play_bribe_waived, suit_change_blocked
from .pieces import place
from .wakhan import pragmatic_loyalty

if TYPE_CHECKING:
    from ..engine.game import Game

LEVERAGE_RUPEES = 2

# ---------------------------------------------------------------------------- bribes


def play_bribe(g: Game, player: int, card: int) -> tuple[int, int]:
    """(ruler, rupees) the player owes to play ``card``; (-1, 0) when no bribe is due."""
    region = COURT[card].region
    ruler = g.rulers[region]
    if ruler < 0 or ruler == player:
        return -1, 0
    if play_bribe_waived(g, player):
        return -1, 0
    return ruler, g.tribes[region * g.n + ruler]


def hostage_holder(g: Game, card: int, owner: int) -> tuple[int, int]:
    """(player, spies) holding ``card`` hostage: one other player with strictly more spies on it than every
    other player, its owner included. (-1, 0) when the card is free."""
    n = g.n
    base = card * n
    best = -1
    best_count = 0
    second = 0
    spies = g.spies
    for q in range(n):
        k = spies[base + q]
        if k > best_count:
            second = best_count
            best_count = k
            best = q
        elif k > second:
            second = k
    if best < 0 or best == owner or second >= best_count:
        return -1, 0
    return best, best_count


def ask_bribe(g: Game, holder: int, payer: int, amount: int, purpose: str, card: int, extra_cost: int) -> None:
    """Push the bribe negotiation for the step just pushed below it (the thing being paid for).

    The holder (ruler or hostage-taker) names what they ask, from nothing up to the full amount; then the
    payer pays it or refuses, in which case the thing paid for is dropped and costs no action.
    """
    g.agenda.append(("bribe_demand", holder, payer, amount, purpose, card, extra_cost))


def _demand_options(g: Game, step: Step) -> list[Option]:
    full = step[3]
    if full > 1 and g.rupees[step[2]] - step[6] < 1:
        # The payer cannot pay a single rupee: every demand above 0 ends in a refusal, so the only choice that
        # can matter is to ask (the full amount) or to waive (docs/rules-decisions.md, "Bribes").
        return [("demand", full), ("demand", 0)]
    return [("demand", k) for k in range(full, -1, -1)]


@decision("bribe_demand", "Name the bribe you ask (you may lower or waive it)")(_demand_options)
def _bribe_demand(g: Game, step: Step, option: Option) -> None:
    holder, payer, purpose, card, extra = step[1], step[2], step[4], step[5], step[6]
    k = option[1]
    g.log("bribe_asked", player=holder, payer=payer, amount=k, full=step[3], purpose=purpose, card=card)
    if k > 0:
        g.agenda.append(("bribe_pay", payer, holder, k, purpose, card, extra))


def _pay_options(g: Game, step: Step) -> list[Option]:
    payer, k, extra = step[1], step[3], step[6]
    if g.rupees[payer] >= k + extra:
        return [("pay",), ("refuse",)]
    return [("refuse",)]


@decision("bribe_pay", "Pay the bribe, or refuse (the play or action is then not taken)")(_pay_options)
def _bribe_pay(g: Game, step: Step, option: Option) -> None:
    payer, holder, k, purpose, card = step[1], step[2], step[3], step[4], step[5]
    if option[0] == "pay":
        g.pay_player(payer, holder, k)
        g.log("bribe_paid", player=payer, to=holder, amount=k, purpose=purpose, card=card)
    else:
        dropped = g.agenda.pop()  # the play or card action waiting below
        g.log("bribe_refused", player=payer, to=holder, amount=k, purpose=purpose, card=card, dropped=dropped[0])
        if dropped[0] == "play_card" and len(dropped) > 3 and dropped[3]:
            discard_from_hand(g, payer, card, "radicalized card whose bribe was not paid")


# ---------------------------------------------------------------------------- play


def begin_play(g: Game, player: int, card: int, radicalize: bool = False) -> None:
    """Play a card from hand (bribe first). Wakhan's radicalize plays the card she just bought as part of the
    same action: it uses no further action, and a card whose bribe she does not pay is discarded."""
    g.agenda.append(("play_card", player, card, 1 if radicalize else 0))
    ruler, amount = play_bribe(g, player, card)
    if amount > 0:
        ask_bribe(g, ruler, player, amount, "play", card, 0)
    else:
        region = COURT[card].region
        holder = g.rulers[region]
        if holder >= 0 and holder != player and g.tribes[region * g.n + holder] and play_bribe_waived(g, player):
            by, source = bribe_waiver(g, player, False)
            g.log("bribe_waived", player=player, to=holder, amount=g.tribes[region * g.n + holder], purpose="play",
                  card=card, by=by, source=source)


@automatic("play_card")
def _play_card(g: Game, step: Step) -> None:
    p, card = step[1], step[2]
    if not (len(step) > 3 and step[3]):
        g.actions_used += 1
    if g.courts[p]:
        g.agenda.append(("side", p, card))
    else:
        _put_in_court(g, p, card, "left")


def _side_options(g: Game, step: Step) -> list[Option]:
    return [("side", "left"), ("side", "right")]


@decision("side", "Play the card to the left or the right end of your court")(_side_options)
def _side(g: Game, step: Step, option: Option) -> None:
    _put_in_court(g, step[1], step[2], option[1])


def _put_in_court(g: Game, p: int, card: int, side: str) -> None:
    g.hands[p].remove(card)
    if side == "left":
        g.courts[p].insert(0, card)
    else:
        g.courts[p].append(card)
    g.log("play", player=p, card=card, side=side)
    g.agenda.append(("impact", p, card, 0))
    patriot = COURT[card].patriot
    if patriot >= 0 and patriot != g.loyalty[p] and p != g.wakhan:  # Wakhan is loyal to every coalition
        change_loyalty(g, p, patriot, keep=card)


@automatic("impact")
def _impact(g: Game, step: Step) -> None:
    """Resolve the card's impact icons top to bottom, one step each."""
    p, card, i = step[1], step[2], step[3]
    info = COURT[card]
    icons = info.impact
    if i >= len(icons):
        return
    if card not in g.courts[p]:
        # The card left the court during its own play (discarded to repay leverage): its remaining icons
        # are not resolved.
        g.log("impacts_cancelled", player=p, card=card)
        return
    g.agenda.append(("impact", p, card, i + 1))
    icon = icons[i]
    region = info.region
    if icon == "army":
        place(g, p, "army", region, block_coalition(g, p))
    elif icon == "tribe":
        place(g, p, "tribe", region)
    elif icon == "road":
        g.agenda.append(("place_road", p, card))
    elif icon == "spy":
        # The card itself is normally a target, but it may have left the court already (leverage repaid by
        # discarding it after a loyalty change): with no card of the region in any court, no spy is placed.
        if _spy_options(g, ("place_spy", p, card)):
            g.agenda.append(("place_spy", p, card))
        else:
            g.log("no_spy_target", player=p, card=card, region=region)
    elif icon == "leverage":
        g.from_bank(p, LEVERAGE_RUPEES)
        g.log("leverage_taken", player=p, card=card, amount=LEVERAGE_RUPEES)
    else:
        suit = SUIT_INDEX[icon]
        if suit_change_blocked(g):
            g.log("favored_unchanged", card=card, suit=suit)
        elif g.favored != suit:
            g.favored = suit
            g.log("favored", suit=suit, card=card)


def block_coalition(g: Game, player: int) -> int:
    """The coalition whose blocks ``player`` places, moves and battles with (Wakhan: her pragmatic loyalty)."""
    if player == g.wakhan:
        return pragmatic_loyalty(g)
    return g.loyalty[player]


def _road_options(g: Game, step: Step) -> list[Option]:
    return [("road", BORDER_NAMES[b]) for b in REGION_BORDERS[COURT[step[2]].region]]


@decision("place_road", "Choose a border of the card's region for the road")(_road_options)
def _place_road(g: Game, step: Step, option: Option) -> None:
    p = step[1]
    place(g, p, "road", BORDER_INDEX[option[1]], block_coalition(g, p))


def _spy_options(g: Game, step: Step) -> list[Option]:
    region = COURT[step[2]].region
    return [("spy", c) for court in g.courts for c in court if COURT[c].region == region]


@decision("place_spy", "Choose a court card of the card's region for the spy")(_spy_options)
def _place_spy(g: Game, step: Step, option: Option) -> None:
    place(g, step[1], "spy", option[1])


# ---------------------------------------------------------------------------- loyalty


def change_loyalty(g: Game, player: int, coalition: int, keep: int = 0) -> None:
    """Return gifts, discard prizes and patriots (all but ``keep``), then turn the loyalty dial."""
    old = g.loyalty[player]
    g.log("loyalty_change", player=player, coalition=coalition, previous=old)
    while g.gifts[player]:
        g.remove_gift(player)
    for prize in g.prizes[player]:
        g.discard.append(prize)
    g.prizes[player] = []
    for c in [c for c in g.courts[player] if COURT[c].patriot >= 0 and c != keep]:
        discard_from_court(g, player, c, "loyalty change")
    g.loyalty[player] = coalition
    g.recompute_rulers()


# ---------------------------------------------------------------------------- discarding


def discard_from_hand(g: Game, player: int, card: int, reason: str) -> None:
    g.hands[player].remove(card)
    g.discard.append(card)
    g.log("discard_hand", player=player, card=card, reason=reason)


def discard_from_court(g: Game, owner: int, card: int, reason: str) -> None:
    """Discard a court card: spies on it go home, a leveraged card must be repaid, and losing the last
    political card of a region removes the owner's tribes there (overthrow)."""
    court = g.courts[owner]
    if card not in court:
        return
    court.remove(card)
    n = g.n
    base = card * n
    for q in range(n):
        k = g.spies[base + q]
        if k:
            g.spies[base + q] = 0
            g._cyl_used[q] -= k
    g.discard.append(card)
    g.log("discard_court", player=owner, card=card, reason=reason)
    info = COURT[card]
    if "leverage" in info.impact:
        g.agenda.append(("leverage", owner, LEVERAGE_RUPEES, card))
    if info.suit == POLITICAL:
        region = info.region
        if not any(COURT[c].suit == POLITICAL and COURT[c].region == region for c in court):
            if g.tribes[region * n + owner]:
                g.log("overthrow_tribes", player=owner, region=region, tribes=g.tribes[region * n + owner])
                g.remove_all_tribes(owner, region)


def overthrow_cards(g: Game, player: int, region: int) -> None:
    """The player lost their last tribe in ``region``: discard their political cards of that region."""
    cards = [c for c in g.courts[player] if COURT[c].suit == POLITICAL and COURT[c].region == region]
    if cards:
        g.log("overthrow_cards", player=player, region=region, cards=cards)
    for c in cards:
        discard_from_court(g, player, c, "overthrow")


@automatic("leverage")
def _leverage(g: Game, step: Step) -> None:
    """Repay a discarded leveraged card: 2 rupees; one card from hand or court for each rupee missing."""
    p, owed, card = step[1], step[2], step[3]
    paid = min(owed, g.rupees[p])
    if paid:
        g.to_bank(p, paid)
    short = owed - paid
    g.log("leverage_repaid", player=p, card=card, paid=paid, short=short)
    if short and not leverage_shortfall_forgiven(g, p):
        g.agenda.append(("leverage_owed", p, short))


@automatic("leverage_owed")
def _leverage_owed(g: Game, step: Step) -> None:
    p = step[1]
    if step[2] > 0 and (g.hands[p] or g.courts[p]):
        g.agenda.append(("leverage_discard", p, step[2]))


def _leverage_discard_options(g: Game, step: Step) -> list[Option]:
    p = step[1]
    return [("discard", c) for c in g.hands[p]] + [("discard", c) for c in g.courts[p]]


@decision("leverage_discard", "You cannot repay a leveraged card: discard a card from your hand or court")(
    _leverage_discard_options
)
def _leverage_discard(g: Game, step: Step, option: Option) -> None:
    p, short, card = step[1], step[2], option[1]
    g.agenda.append(("leverage_owed", p, short - 1))
    if card in g.hands[p]:
        discard_from_hand(g, p, card, "leverage")
    else:
        discard_from_court(g, p, card, "leverage")
