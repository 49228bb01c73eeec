"""Courts: playing a card (bribe, side, loyalty change, impact icons), discarding court cards (spies home,
leverage repayment, the overthrow rule), loyalty changes, hostages and bribes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from ..content.cards import COURT
from ..content.i18n import N_
from ..content.i18n import gettext as _
from ..content.map import BORDER_INDEX, POLITICAL, REGION_BORDERS, SUIT_INDEX
from ..engine.log import log_kind
from ..engine.options import BRIBES, CARDS, SIDES, Field, option_kind, shared_option, shared_options
from ..engine.steps import (
    KINDS,
    CardNumber,
    Count,
    CourtCardNumber,
    Flag,
    OneOf,
    Option,
    Seat,
    Step,
    automatic_kind,
    decision_kind,
    make_step,
    new_step,
    per_seat_and_card,
)
from .abilities import bribe_waiver, leverage_shortfall_forgiven, play_bribe_waived, suit_change_blocked
from .names import bribe_purpose, card_name, discard_step_label, plain_label, player_name, rupees_text, where_name
from .pieces import ROAD, SPY, block_coalition, place

if TYPE_CHECKING:
    from ..engine.game import Game

log_kind("bribe_asked", "player", "payer", "amount", "full", "purpose", "card")
log_kind("loyalty_change", "player", "coalition", "previous")
log_kind("leverage_repaid", "player", "card", "paid", "short")
log_kind("bribe_paid", "player", "to", "amount", "purpose", "card")
log_kind("bribe_refused", "player", "to", "amount", "purpose", "card", "dropped")
log_kind("bribe_offered", "player", "to", "amount", "asked", "purpose", "card")
log_kind("bribe_countered", "player", "payer", "amount", "offer", "purpose", "card")
log_kind("bribe_insisted", "player", "payer", "amount", "offer", "purpose", "card")
log_kind("bribe_accepted", "player", "payer", "amount", "purpose", "card")
log_kind("bribe_broken_off", "player", "payer", "amount", "purpose", "card", "dropped")
log_kind("play", "player", "card", "side")
log_kind("impacts_cancelled", "player", "card")
log_kind("discard_hand", "player", "card", "reason")
log_kind("discard_court", "player", "card", "reason")
log_kind("overthrow_cards", "player", "region", "cards")
log_kind("overthrow_tribes", "player", "region", "tribes")
log_kind("no_spy_target", "player", "card", "region")
log_kind("leverage_taken", "player", "card", "amount")
log_kind("favored_unchanged", "card", "suit")
log_kind("favored", "suit", "card")

LEVERAGE_RUPEES: Final = 2

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
    return hostage_from_spies(g.spies_on(card), owner)


def hostage_from_spies(spies: Sequence[int], owner: int) -> tuple[int, int]:
    """The hostage rule on a card's spy counts (``spies[player]``, as in a view's ``spies`` entry): (player,
    spies) of the single player with the most spies on it unless that is its ``owner``; (-1, 0) when free.

    >>> hostage_from_spies([0, 2, 1], owner=0), hostage_from_spies([2, 2, 0], owner=2), hostage_from_spies([3, 1], 0)
    ((1, 2), (-1, 0), (-1, 0))
    """
    best = -1
    best_count = 0
    second = 0
    for q, k in enumerate(spies):
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
    payer pays it, offers less (the holder accepts, asks another amount, insists or breaks off: a few rounds at
    most) or refuses, in which case the thing paid for is dropped and costs no action.
    """
    g.agenda.append(new_step(BribeDemand, "bribe_demand", holder, payer, amount, purpose, card, extra_cost))


class BribeDemand(NamedTuple):
    """The ruler or hostage-taker (``player``) names how much of the bribe ``amount`` to ask of ``payer``, to
    play ``card`` (purpose ``"play"``) or act with it (``"hostage"``); ``extra`` is the action's rupee cost,
    which the payer must also afford. The play or card action waits below."""

    kind: str
    player: int
    payer: int
    amount: int
    purpose: str
    card: int
    extra: int


class BribePay(NamedTuple):
    """The payer (``player``) pays ``amount`` to ``holder`` or refuses (dropping the play or action below)."""

    kind: str
    player: int
    holder: int
    amount: int
    purpose: str
    card: int
    extra: int


def _bribe_check(
    g: Game, step: BribeDemand | BribePay | BribeAnswer | BribeCounter, below: Step | None
) -> str | None:
    wanted = "play_card" if step.purpose == "play" else "card_action"
    if below is None or below[0] != wanted or below[2] != step.card:
        return f"a bribe to {step.purpose} card {step.card} needs that {wanted} step below it"
    return None


def _demand_options(g: Game, step: BribeDemand) -> list[Option]:
    full = step.amount
    if full > 1 and g.rupees[step.payer] - step.extra < 1:
        # The payer cannot pay a single rupee: every demand above 0 ends in a refusal, so the only choice that
        # can matter is to ask (the full amount) or to waive (docs/rules-decisions.md, "Bribes").
        return [DEMAND[full], DEMAND[0]]
    return [DEMAND[k] for k in range(full, -1, -1)]


def _bribe_demand(g: Game, step: BribeDemand, option: Option) -> None:
    k = option[1]
    g.log("bribe_asked", step.player, step.payer, k, step.amount, step.purpose, step.card)
    if k > 0:
        pay = new_step(BribePay, "bribe_pay", step.payer, step.player, k, step.purpose, step.card, step.extra)
        g.agenda.append(pay)


def _demand_ask(g: Game, step: BribeDemand) -> str:
    why = bribe_purpose(step.purpose, step.card)
    return _("{player} owes you a bribe of up to {rupees} {purpose}: name it").format(
        player=player_name(g, step.payer), rupees=rupees_text(step.amount), purpose=why
    )


def _demand_label(g: Game, step: BribeDemand, option: Option) -> str:
    a = option[1] if len(option) > 1 else None
    return _("Waive the bribe") if a == 0 else _("Ask {rupees}").format(rupees=rupees_text(a))  # type: ignore[arg-type]


option_kind("play", Field("card", CARDS, points_at="card"))
option_kind("demand", Field("amount", BRIBES))
option_kind("pay")
option_kind("refuse")
#: ``DEMAND[k] == ("demand", k)``; see :func:`~paxpamir.engine.options.shared_options`.
DEMAND: Final = shared_options("demand", BRIBES)
PAY: Final = shared_option("pay")
REFUSE: Final = shared_option("refuse")


#: The terms of a bribe, the arguments a bribe's demand and its payment share after the two players: what is
#: asked, what for (a card played or a hostage card's action), and the rupees the payer needs besides.
_BRIBE_TERMS: Final = {"amount": Count, "purpose": OneOf("play", "hostage"), "card": CourtCardNumber, "extra": Count}

decision_kind(
    "bribe_demand", BribeDemand, _demand_options, _bribe_demand, _demand_label,
    N_("Name the bribe you ask (you may lower or waive it)"),
    ask=_demand_ask, check=_bribe_check, args={"payer": Seat, **_BRIBE_TERMS},
)


def _pay_or_offer(g: Game, payer: int, amount: int, extra: int, above: int, made: int) -> list[Option]:
    """Pay ``amount`` (if the payer can, beside the action's cost ``extra``), offer less, or refuse. Offers are
    more than ``above`` (-1: anything, nothing included), less than asked and what the payer can pay; none once
    the payer has made :data:`BRIBE_OFFERS` of them."""
    options = [PAY] if g.rupees[payer] >= amount + extra else []
    if made < BRIBE_OFFERS:
        top = min(amount - 1, g.rupees[payer] - extra)
        options.extend(OFFER[k] for k in range(top, above, -1))
    options.append(REFUSE)
    return options


def _pay_options(g: Game, step: BribePay) -> list[Option]:
    return _pay_or_offer(g, step.player, step.amount, step.extra, -1, 0)


def _bribe_pay(g: Game, step: BribePay, option: Option) -> None:
    _answer_demand(g, step.player, step.holder, step.amount, 0, step.purpose, step.card, step.extra, option)


def _answer_demand(
    g: Game, payer: int, holder: int, amount: int, made: int, purpose: str, card: int, extra: int, option: Option
) -> None:
    """The payer's answer to a demand of ``amount``, after ``made`` offers: pay, offer, or refuse."""
    if option[0] == "pay":
        g.pay_player(payer, holder, amount)
        g.log("bribe_paid", payer, holder, amount, purpose, card)
    elif option[0] == "offer":
        g.log("bribe_offered", payer, holder, option[1], amount, purpose, card)
        answer = new_step(
            BribeAnswer, "bribe_answer", holder, payer, option[1], amount, made + 1, purpose, card, extra
        )
        g.agenda.append(answer)
    else:
        _not_paid(g, payer, holder, amount, purpose, card, payer)


def _not_paid(g: Game, payer: int, holder: int, amount: int, purpose: str, card: int, by: int) -> None:
    """No bribe is paid: the play or card action waiting below is dropped (it costs no action) and a radicalized
    card is discarded. ``by``: who ended it (the payer refused, or the holder broke off)."""
    dropped = g.agenda.pop()
    if by == payer:
        g.log("bribe_refused", payer, holder, amount, purpose, card, dropped[0])
    else:
        g.log("bribe_broken_off", holder, payer, amount, purpose, card, dropped[0])
    if dropped[0] == "play_card" and make_step(dropped).radicalize:  # type: ignore[attr-defined]
        discard_from_hand(g, payer, card, N_("radicalized card whose bribe was not paid"))


def _pay_ask(g: Game, step: BribePay) -> str:
    why = bribe_purpose(step.purpose, step.card)
    return _("{player} asks a bribe of {rupees} {purpose}: pay or refuse").format(
        player=player_name(g, step.holder), rupees=rupees_text(step.amount), purpose=why
    )


def _pay_label(g: Game, step: BribePay | BribeCounter, option: Option) -> str:
    if option[:1] == ("pay",):
        return _("Pay the bribe of {rupees}").format(rupees=rupees_text(step.amount))
    if option[:1] == ("offer",) and len(option) == 2 and isinstance(option[1], int):
        if option[1] == 0:
            return _("Offer nothing: ask to have it waived")
        return _("Offer {rupees} instead").format(rupees=rupees_text(option[1]))
    if option[:1] == ("refuse",):
        return _("Refuse to pay (take back the play or action)")
    return plain_label(option)


decision_kind(
    "bribe_pay", BribePay, _pay_options, _bribe_pay, _pay_label,
    N_("Pay the bribe, offer less, or refuse (the play or action is then not taken)"),
    ask=_pay_ask, check=_bribe_check, args={"holder": Seat, **_BRIBE_TERMS},
)

# Bargaining (docs/rules-decisions.md, "Bribes"): the payer may offer less; the holder accepts, asks an amount
# between the offer and their demand, insists on the demand, or breaks off. After the payer's last offer the
# holder asks nothing new: the last demand stands.

#: How many offers a payer may make for one bribe.
BRIBE_OFFERS: Final = 3


class BribeAnswer(NamedTuple):
    """The holder (``player``) answers ``payer``'s offer of ``offer`` rupees against their demand ``amount``:
    accept it, ask an amount between the two (while the payer has offers left), insist on ``amount``, or break
    off (the play or action below is then not taken). ``offers``: the payer's offers so far."""

    kind: str
    player: int
    payer: int
    offer: int
    amount: int
    offers: int
    purpose: str
    card: int
    extra: int


class BribeCounter(NamedTuple):
    """The payer (``player``) answers ``holder``'s new demand ``amount`` after ``offers`` offers, the last of
    them ``offer``: pay it, offer more than before (while offers are left), or refuse."""

    kind: str
    player: int
    holder: int
    amount: int
    offer: int
    offers: int
    purpose: str
    card: int
    extra: int


def _answer_options(g: Game, step: BribeAnswer) -> list[Option]:
    options = [ACCEPT]
    if step.offers < BRIBE_OFFERS:
        options.extend(ASK[k] for k in range(step.amount - 1, step.offer, -1))
    options.extend((INSIST, BREAK_OFF))
    return options


def _bribe_answer(g: Game, step: BribeAnswer, option: Option) -> None:
    holder, payer, purpose, card = step.player, step.payer, step.purpose, step.card
    kind = option[0]
    if kind == "accept":
        g.log("bribe_accepted", holder, payer, step.offer, purpose, card)
        g.pay_player(payer, holder, step.offer)
        g.log("bribe_paid", payer, holder, step.offer, purpose, card)
    elif kind == "break_off":
        _not_paid(g, payer, holder, step.amount, purpose, card, holder)
    else:
        insist = kind == "insist"
        amount = step.amount if insist else option[1]
        g.log("bribe_insisted" if insist else "bribe_countered", holder, payer, amount, step.offer, purpose, card)
        offers = BRIBE_OFFERS if insist else step.offers  # insisting ends the offers: the demand stands
        counter = new_step(
            BribeCounter, "bribe_counter", payer, holder, amount, step.offer, offers, purpose, card, step.extra
        )
        g.agenda.append(counter)


def _answer_ask(g: Game, step: BribeAnswer) -> str:
    if not step.offer:  # as the log says it
        return _("{player} offers nothing instead of the {rupees} you ask {purpose}: answer").format(
            player=player_name(g, step.payer), rupees=rupees_text(step.amount),
            purpose=bribe_purpose(step.purpose, step.card),
        )
    return _("{player} offers {offer} instead of the {rupees} you ask {purpose}: answer").format(
        player=player_name(g, step.payer), offer=rupees_text(step.offer), rupees=rupees_text(step.amount),
        purpose=bribe_purpose(step.purpose, step.card),
    )


def _answer_label(g: Game, step: BribeAnswer, option: Option) -> str:
    kind = option[0] if option else None
    if kind == "accept":
        if step.offer == 0:
            return _("Accept: waive the bribe")
        return _("Accept {rupees}").format(rupees=rupees_text(step.offer))
    if kind == "ask" and len(option) == 2 and isinstance(option[1], int):
        return _("Ask {rupees} instead").format(rupees=rupees_text(option[1]))
    if kind == "insist":
        return _("Insist on {rupees}").format(rupees=rupees_text(step.amount))
    if kind == "break_off":
        return _("Break off (the play or action is not taken)")
    return plain_label(option)


def _counter_options(g: Game, step: BribeCounter) -> list[Option]:
    return _pay_or_offer(g, step.player, step.amount, step.extra, step.offer, step.offers)


def _bribe_counter(g: Game, step: BribeCounter, option: Option) -> None:
    _answer_demand(
        g, step.player, step.holder, step.amount, step.offers, step.purpose, step.card, step.extra, option
    )


def _counter_ask(g: Game, step: BribeCounter) -> str:
    return _("{player} asks {rupees} {purpose} (you offered {offer}): pay, offer more or refuse").format(
        player=player_name(g, step.holder), rupees=rupees_text(step.amount), offer=rupees_text(step.offer),
        purpose=bribe_purpose(step.purpose, step.card),
    )


option_kind("offer", Field("amount", BRIBES))
option_kind("accept")
option_kind("ask", Field("amount", BRIBES))
option_kind("insist")
option_kind("break_off")
#: ``OFFER[k] == ("offer", k)``, ``ASK[k] == ("ask", k)``.
OFFER: Final = shared_options("offer", BRIBES)
ASK: Final = shared_options("ask", BRIBES)
ACCEPT: Final = shared_option("accept")
INSIST: Final = shared_option("insist")
BREAK_OFF: Final = shared_option("break_off")

decision_kind(
    "bribe_answer", BribeAnswer, _answer_options, _bribe_answer, _answer_label,
    N_("Accept the offer, ask another amount, insist on yours, or break off"),
    ask=_answer_ask, check=_bribe_check,
    args={"payer": Seat, "offer": Count, "amount": Count, "offers": Count, **_BRIBE_TERMS},
)
decision_kind(
    "bribe_counter", BribeCounter, _counter_options, _bribe_counter, _pay_label,
    N_("Pay the bribe asked, offer more, or refuse (the play or action is then not taken)"),
    ask=_counter_ask, check=_bribe_check,
    args={"holder": Seat, "amount": Count, "offer": Count, "offers": Count, **_BRIBE_TERMS},
)


# ---------------------------------------------------------------------------- play


def begin_play(g: Game, player: int, card: int, radicalize: bool = False) -> None:
    """Play a card from hand (bribe first). Wakhan's radicalize plays the card she just bought as part of the
    same action: it uses no further action, and a card whose bribe she does not pay is discarded."""
    g.agenda.append(_PLAY_CARD[player][card][1 if radicalize else 0])
    ruler, amount = play_bribe(g, player, card)
    if amount > 0:
        ask_bribe(g, ruler, player, amount, "play", card, 0)
    else:
        region = COURT[card].region
        holder = g.rulers[region]
        if holder >= 0 and holder != player and g.tribes[region * g.n + holder] and play_bribe_waived(g, player):
            by, source = bribe_waiver(g, player, False)
            g.log("bribe_waived", player, holder, g.tribes[region * g.n + holder], "play", card, by, source)


def _in_hand(g: Game, step: PlayCard | Side, below: Step | None) -> str | None:
    if step.card not in g.hands[step.player]:
        return f"card {step.card} is not in player {step.player}'s hand"
    return None


class PlayCard(NamedTuple):
    """Counts the action (not for a radicalized card) and puts ``card`` from the hand into the court (asking
    for the side if the court is not empty)."""

    kind: str
    player: int
    card: int
    radicalize: int = 0


def _play_card(g: Game, step: PlayCard) -> None:
    p, card = step.player, step.card
    if not step.radicalize:
        g.actions_used += 1
    if g.courts[p]:
        g.agenda.append(_SIDE[p][card])
    else:
        _put_in_court(g, p, card, "left")


automatic_kind("play_card", PlayCard, _play_card, check=_in_hand, args={"card": CourtCardNumber, "radicalize": Flag})
#: ``_PLAY_CARD[p][card][radicalize]``, made once (see :func:`~paxpamir.engine.steps.per_seat_and_card`).
_PLAY_CARD: Final = per_seat_and_card(lambda p, c: (PlayCard("play_card", p, c, 0), PlayCard("play_card", p, c, 1)))


class Side(NamedTuple):
    """The player chooses which end of the court to play ``card`` (from the hand) to."""

    kind: str
    player: int
    card: int


def _side_options(g: Game, step: Side) -> list[Option]:
    return list(SIDE_OPTIONS)


def _side(g: Game, step: Side, option: Option) -> None:
    _put_in_court(g, step.player, step.card, option[1])


def _card_ask(g: Game, step: Side | PlaceRoad | PlaceSpy) -> str:
    """The question of a decision the play of a card asks its player (its side, the border of its road, the card
    for its spy): it names the card."""
    return f"{_(KINDS[step.kind].prompt)} ({card_name(step.card)})"


#: The arguments after its player of those decisions: the card played.
_CARD: Final = {"card": CourtCardNumber}


def _side_label(g: Game, step: Side, option: Option) -> str:
    if option[1:2] == ("left",):
        return _("Play it at the left end of your court")
    return _("Play it at the right end of your court")


option_kind("side", Field("side", SIDES))
SIDE_OPTIONS: Final = shared_options("side", SIDES)

decision_kind(
    "side", Side, _side_options, _side, _side_label, N_("Play the card to the left or the right end of your court"),
    ask=_card_ask, check=_in_hand, args=_CARD,
)
_SIDE: Final = per_seat_and_card(lambda p, c: Side("side", p, c))


def _put_in_court(g: Game, p: int, card: int, side: str) -> None:
    g.hands[p].remove(card)
    if side == "left":
        g.courts[p].insert(0, card)
    else:
        g.courts[p].append(card)
    if not g.quiet:
        g.log("play", p, card, side)
    g.agenda.append(_IMPACT[p][card][0])
    patriot = COURT[card].patriot
    if patriot >= 0 and patriot != g.loyalty[p] and p != g.wakhan:  # Wakhan is loyal to every coalition
        change_loyalty(g, p, patriot, keep=card)


class Impact(NamedTuple):
    """Resolves ``card``'s impact icons from icon ``icon`` on, one step each."""

    kind: str
    player: int
    card: int
    icon: int


def _impact(g: Game, step: Impact) -> None:
    """Resolve the card's impact icons top to bottom, one step each."""
    p, card, i = step.player, step.card, step.icon
    info = COURT[card]
    icons = info.impact
    if i >= len(icons):
        return
    if card not in g.courts[p]:
        # The card left the court during its own play (discarded to repay leverage): its remaining icons
        # are not resolved.
        g.log("impacts_cancelled", p, card)
        return
    g.agenda.append(_IMPACT[p][card][i + 1])
    icon = icons[i]
    region = info.region
    if icon == "army":
        place(g, p, "army", region, block_coalition(g, p))
    elif icon == "tribe":
        place(g, p, "tribe", region)
    elif icon == "road":
        g.agenda.append(_PLACE_ROAD[p][card])
    elif icon == "spy":
        # The card itself is normally a target, but it may have left the court already (leverage repaid by
        # discarding it after a loyalty change): with no card of the region in any court, no spy is placed.
        spy = _PLACE_SPY[p][card]
        if _spy_options(g, spy):
            g.agenda.append(spy)
        else:
            g.log("no_spy_target", p, card, region)
    elif icon == "leverage":
        g.from_bank(p, LEVERAGE_RUPEES)
        g.log("leverage_taken", p, card, LEVERAGE_RUPEES)
    else:
        suit = SUIT_INDEX[icon]
        if suit_change_blocked(g):
            g.log("favored_unchanged", card, suit)
        elif g.favored != suit:
            g.favored = suit
            g.log("favored", suit, card)


automatic_kind("impact", Impact, _impact, args={"card": CourtCardNumber, "icon": Count})

#: The impact steps of every seat and court card, made once (steps are immutable): ``_IMPACT[p][card][icon]``,
#: ``icon`` from 0 to the number of the card's icons (the last step finds nothing left to resolve).
_IMPACT: Final = per_seat_and_card(
    lambda p, c: tuple(Impact("impact", p, c, i) for i in range(len(COURT[c].impact) + 1))
)


class PlaceRoad(NamedTuple):
    """The player chooses the border (of ``card``'s region) for a road from an impact icon."""

    kind: str
    player: int
    card: int


def _road_options(g: Game, step: PlaceRoad) -> list[Option]:
    return [ROAD[b] for b in REGION_BORDERS[COURT[step.card].region]]


def _place_road(g: Game, step: PlaceRoad, option: Option) -> None:
    p = step.player
    place(g, p, "road", BORDER_INDEX[option[1]], block_coalition(g, p))


def _road_label(g: Game, step: PlaceRoad, option: Option) -> str:
    return _("Road on {border}").format(border=where_name(option[1] if len(option) > 1 else None))


decision_kind(
    "place_road", PlaceRoad, _road_options, _place_road, _road_label,
    N_("Choose a border of the card's region for the road"), ask=_card_ask, args=_CARD,
)
_PLACE_ROAD: Final = per_seat_and_card(lambda p, c: PlaceRoad("place_road", p, c))


class PlaceSpy(NamedTuple):
    """The player chooses the court card (of ``card``'s region) for a spy from an impact icon."""

    kind: str
    player: int
    card: int


def _spy_options(g: Game, step: PlaceSpy) -> list[Option]:
    region = COURT[step.card].region
    return [SPY[c] for court in g.courts for c in court if COURT[c].region == region]


def _place_spy(g: Game, step: PlaceSpy, option: Option) -> None:
    place(g, step.player, "spy", option[1])


def _spy_label(g: Game, step: PlaceSpy, option: Option) -> str:
    return _("Spy on {card}").format(card=card_name(option[1] if len(option) > 1 else None))  # type: ignore[arg-type]


decision_kind(
    "place_spy", PlaceSpy, _spy_options, _place_spy, _spy_label,
    N_("Choose a court card of the card's region for the spy"), ask=_card_ask, args=_CARD,
)
_PLACE_SPY: Final = per_seat_and_card(lambda p, c: PlaceSpy("place_spy", p, c))

# ---------------------------------------------------------------------------- loyalty


def change_loyalty(g: Game, player: int, coalition: int, keep: int = 0) -> None:
    """Return gifts, discard prizes and patriots (all but ``keep``), then turn the loyalty dial."""
    old = g.loyalty[player]
    g.log("loyalty_change", player, coalition, old)
    while g.gifts[player]:
        g.remove_gift(player)
    for prize in g.prizes[player]:
        g.discard.append(prize)
    g.set_prizes(player, ())
    for c in [c for c in g.courts[player] if COURT[c].patriot >= 0 and c != keep]:
        discard_from_court(g, player, c, N_("loyalty change"))
    g.set_loyalty(player, coalition)
    g.recompute_rulers()


# ---------------------------------------------------------------------------- discarding


def discard_from_hand(g: Game, player: int, card: int, reason: str) -> None:
    g.hands[player].remove(card)
    g.discard.append(card)
    if not g.quiet:
        g.log("discard_hand", player, card, reason)


def discard_from_court(g: Game, owner: int, card: int, reason: str) -> None:
    """Discard a court card: spies on it go home, a leveraged card must be repaid, and losing the last
    political card of a region removes the owner's tribes there (overthrow)."""
    court = g.courts[owner]
    if card not in court:
        return
    court.remove(card)
    g.clear_spies(card)
    g.discard.append(card)
    if not g.quiet:
        g.log("discard_court", owner, card, reason)
    info = COURT[card]
    if "leverage" in info.impact:
        g.agenda.append(new_step(Leverage, "leverage", owner, LEVERAGE_RUPEES, card))
    if info.suit == POLITICAL:
        region = info.region
        if not any(COURT[c].suit == POLITICAL and COURT[c].region == region for c in court):
            tribes = g.tribes[region * g.n + owner]
            if tribes:
                g.log("overthrow_tribes", owner, region, tribes)
                g.remove_all_tribes(owner, region)


def overthrow_cards(g: Game, player: int, region: int) -> None:
    """The player lost their last tribe in ``region``: discard their political cards of that region."""
    cards = [c for c in g.courts[player] if COURT[c].suit == POLITICAL and COURT[c].region == region]
    if cards:
        g.log("overthrow_cards", player, region, cards)
    for c in cards:
        discard_from_court(g, player, c, N_("overthrow"))


class Leverage(NamedTuple):
    """Repays the discarded leveraged ``card``: ``owed`` rupees."""

    kind: str
    player: int
    owed: int
    card: int


def _leverage(g: Game, step: Leverage) -> None:
    """Repay a discarded leveraged card: 2 rupees; one card from hand or court for each rupee missing."""
    p, owed, card = step.player, step.owed, step.card
    paid = min(owed, g.rupees[p])
    if paid:
        g.to_bank(p, paid)
    short = owed - paid
    g.log("leverage_repaid", p, card, paid, short)
    if short and not leverage_shortfall_forgiven(g, p):
        g.agenda.append(new_step(LeverageOwed, "leverage_owed", p, short))


automatic_kind("leverage", Leverage, _leverage, args={"owed": Count, "card": CardNumber})


class LeverageOwed(NamedTuple):
    """Asks for ``leverage_discard`` while rupees are ``short`` and cards remain."""

    kind: str
    player: int
    short: int


def _leverage_owed(g: Game, step: LeverageOwed) -> None:
    p = step.player
    if step.short > 0 and (g.hands[p] or g.courts[p]):
        g.agenda.append(new_step(LeverageDiscard, "leverage_discard", p, step.short))


automatic_kind("leverage_owed", LeverageOwed, _leverage_owed, args={"short": Count})


class LeverageDiscard(NamedTuple):
    """The player discards a card from hand or court for a missing leverage rupee (``short`` missing)."""

    kind: str
    player: int
    short: int = 1


def _leverage_discard_options(g: Game, step: LeverageDiscard) -> list[Option]:
    p = step.player
    return [DISCARD[c] for c in g.hands[p]] + [DISCARD[c] for c in g.courts[p]]


def _leverage_discard(g: Game, step: LeverageDiscard, option: Option) -> None:
    p, short, card = step.player, step.short, option[1]
    g.agenda.append(new_step(LeverageOwed, "leverage_owed", p, short - 1))
    if card in g.hands[p]:
        discard_from_hand(g, p, card, N_("leverage"))
    else:
        discard_from_court(g, p, card, N_("leverage"))


option_kind("discard", Field("card", CARDS, points_at="card"))
#: ``DISCARD[card] == ("discard", card)``.
DISCARD: Final = shared_options("discard", range(117))

decision_kind(
    "leverage_discard", LeverageDiscard, _leverage_discard_options, _leverage_discard, discard_step_label,
    N_("You cannot repay a leveraged card: discard a card from your hand or court"), args={"short": Count},
)
