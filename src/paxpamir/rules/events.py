"""Event cards: the effect for the buyer when purchased, the effect for everyone when discarded from the
market at cleanup, and the lasting effects that stay in force until (or until after) the next Dominance
Check. Each effect id from the card data maps to one handler here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ..content.cards import CARDS, EventCard
from ..content.i18n import N_
from ..content.i18n import gettext as _
from ..content.map import (
    HERAT,
    INTELLIGENCE,
    KABUL,
    MILITARY,
    PERSIA,
    POLITICAL,
    PUNJAB,
    REGION_INDEX,
    REGIONS,
    SUIT_INDEX,
    SUITS,
)
from ..engine.log import log_kind
from ..engine.options import REGION_NAMES, SEATS, SUIT_NAMES, Field, option_kind
from ..engine.steps import (
    Anything,
    EventCardNumber,
    Option,
    SeatOrNobody,
    automatic_kind,
    decision_kind,
    new_step,
)
from .court import DISCARD, discard_from_hand
from .effects import (
    LASTING_EFFECTS,
    LastingEffect,
    add_effect,
    has_effect,
)
from .names import discard_step_label, plain_label, player_name, suit_name, where_name
from .scoring import DominanceCheck

if TYPE_CHECKING:
    from ..engine.game import Game

log_kind("event", "card", "effect", "player", "purchased")
log_kind("region_cleared", "region")
log_kind("bank_rupees", "player", "amount")
log_kind("hands_exchanged", "player", "other")
log_kind("prizes_discarded", "player", "cards")

def _event(card: int) -> EventCard:
    info = CARDS[card]
    assert isinstance(info, EventCard)
    return info


def resolve_purchased_event(g: Game, player: int, card: int) -> None:
    effect = _event(card).if_purchased
    g.log("event", card, effect, player, True)
    _HANDLERS[effect](g, player, card)


def resolve_discarded_event(g: Game, card: int) -> None:
    effect = _event(card).if_discarded
    g.log("event", card, effect, -1, False)
    _HANDLERS[effect](g, -1, card)


# ---------------------------------------------------------------------------- handlers


def _dominance_check(g: Game, player: int, card: int) -> None:
    g.discard.append(card)
    g.agenda.append(new_step(DominanceCheck, "dominance_check", -1, card))


def _lasting(effect: LastingEffect) -> Callable[[Game, int, int], None]:
    """The handler of a lasting event bought or discarded: it comes into force for the buyer or everyone."""
    everyone = effect.scope == "everyone"

    def handler(g: Game, player: int, card: int) -> None:
        add_effect(g, effect.id, -1 if everyone else player, card)

    return handler


def _favor(suit: int) -> Callable[[Game, int, int], None]:
    def handler(g: Game, player: int, card: int) -> None:
        g.discard.append(card)
        if has_effect(g, "pashtunwaliValues"):
            g.log("favored_unchanged", card, suit)
        elif g.favored != suit:
            g.favored = suit
            g.log("favored", suit, card)

    return handler


def _riots(region: int) -> Callable[[Game, int, int], None]:
    def handler(g: Game, player: int, card: int) -> None:
        g.discard.append(card)
        clear_region(g, region)

    return handler


def clear_region(g: Game, region: int) -> None:
    """Remove all tribes and armies from a region (tribe losses trigger the overthrow rule)."""
    g.log("region_cleared", region)  # before its consequences (a new ruler, overthrown cards)
    for c in range(3):
        while g.armies[region * 3 + c]:
            g.remove_army(c, region)
    for p in range(g.n):
        while g.tribes[region * g.n + p]:
            g.remove_tribe(p, region)


def _no_effect(g: Game, player: int, card: int) -> None:
    g.discard.append(card)


def _public_withdrawal(g: Game, player: int, card: int) -> None:  # never bought: not offered for purchase
    g.discard.append(card)


def _failure_to_impress(g: Game, player: int, card: int) -> None:
    g.discard.append(card)
    for p in range(g.n):
        if g.prizes[p]:
            g.log("prizes_discarded", p, list(g.prizes[p]))
            g.discard.extend(g.prizes[p])
            g.set_prizes(p, ())


def _persian_aristocracy(g: Game, player: int, card: int) -> None:
    g.discard.append(card)
    g.from_bank(player, 3)
    g.log("bank_rupees", player, 3)


def _confidence_failure(g: Game, player: int, card: int) -> None:
    g.discard.append(card)
    order = [(g.current + i) % g.n for i in range(g.n)]
    for p in reversed(order):
        if g.hands[p]:
            g.agenda.append(new_step(ConfidenceFailure, "confidence_failure", p))


def _choice(kind: str) -> Callable[[Game, int, int], None]:
    def handler(g: Game, player: int, card: int) -> None:
        g.agenda.append(new_step(EventChoice, kind, player, card))

    return handler


_HANDLERS: Final[dict[str, Callable[[Game, int, int], None]]] = {
    "dominanceCheck": _dominance_check,
    "militarySuit": _favor(MILITARY),
    "rumor": _choice("rumor"),
    "failureToImpress": _failure_to_impress,
    "riotsInPunjab": _riots(PUNJAB),
    "riotsInHerat": _riots(HERAT),
    "publicWithdrawal": _public_withdrawal,
    "noEffect": _no_effect,
    "riotsInKabul": _riots(KABUL),
    "backingOfPersianAristocracy": _persian_aristocracy,
    "riotsInPersia": _riots(PERSIA),
    "otherPersuasiveMethods": _choice("exchange_hands"),
    "confidenceFailure": _confidence_failure,
    "pashtunwaliValues": _choice("pashtunwali"),
    "intelligenceSuit": _favor(INTELLIGENCE),
    "rebuke": _choice("rebuke"),
    "politicalSuit": _favor(POLITICAL),
}
_HANDLERS.update((e.id, _lasting(e)) for e in LASTING_EFFECTS.values() if e.scope != "chosen")


# ---------------------------------------------------------------------------- event decisions


class EventChoice(NamedTuple):
    """The buyer of an event with a choice decides: ``rumor`` (the player targeted by Rumor),
    ``exchange_hands`` (the player to exchange hands with: Other Persuasive Methods), ``pashtunwali`` (the new
    favored suit: Pashtunwali Values), ``rebuke`` (the region to clear: Rebuke). The event card waits here,
    in no pile, until the choice is made."""

    kind: str
    player: int
    card: int


def _event_choice(
    kind: str,
    options: Callable[[Game, EventChoice], list[Option]],
    apply: Callable[[Game, EventChoice, Option], None],
    label: Callable[[Game, EventChoice, Option], str],
    prompt: str,
) -> None:
    """Declare the decision ``kind`` of an event with a choice: an :class:`EventChoice` of the buyer, the event
    card waiting on it."""
    decision_kind(kind, EventChoice, options, apply, label, prompt, args={"card": EventCardNumber})


def _rumor_options(g: Game, step: EventChoice) -> list[Option]:
    return [("player", q) for q in range(g.n)]


def _rumor(g: Game, step: EventChoice, option: Option) -> None:
    add_effect(g, "rumor", option[1], step.card)


def _player_label(g: Game, step: EventChoice, option: Option) -> str:
    if option[:1] == ("player",) and len(option) == 2:
        return player_name(g, option[1])
    return plain_label(option)


option_kind("player", Field("player", SEATS, points_at="player"))

_event_choice(
    "rumor", _rumor_options, _rumor, _player_label, N_("Rumor: choose the player whose patriots give no influence")
)


def _exchange_options(g: Game, step: EventChoice) -> list[Option]:
    return [("player", q) for q in range(g.n) if q != step.player]


def _exchange(g: Game, step: EventChoice, option: Option) -> None:
    p, q = step.player, option[1]
    g.hands[p], g.hands[q] = g.hands[q], g.hands[p]
    g.discard.append(step.card)
    g.log("hands_exchanged", p, q)
    g.undo_floor = g._history_len  # the buyer has now seen a hidden hand


_event_choice(
    "exchange_hands",
    _exchange_options,
    _exchange,
    _player_label,
    N_("Other Persuasive Methods: choose a player to exchange hands with"),
)


def _pashtunwali_options(g: Game, step: EventChoice) -> list[Option]:
    return [("suit", s) for s in SUITS]


def _pashtunwali(g: Game, step: EventChoice, option: Option) -> None:
    suit = SUIT_INDEX[option[1]]
    if g.favored != suit:
        g.favored = suit
        g.log("favored", suit, step.card)
    add_effect(g, "pashtunwaliValues", step.player, step.card)


def _suit_label(g: Game, step: EventChoice, option: Option) -> str:
    return _("Favor the {suit} suit").format(suit=suit_name(str(option[1])))


option_kind("suit", Field("suit", SUIT_NAMES))

_event_choice(
    "pashtunwali", _pashtunwali_options, _pashtunwali, _suit_label, N_("Pashtunwali Values: choose the favored suit")
)


def _rebuke_options(g: Game, step: EventChoice) -> list[Option]:
    return [("region", r) for r in REGIONS]


def _rebuke(g: Game, step: EventChoice, option: Option) -> None:
    g.discard.append(step.card)
    clear_region(g, REGION_INDEX[option[1]])


def _region_label(g: Game, step: EventChoice, option: Option) -> str:
    return where_name(option[1])


option_kind("region", Field("region", REGION_NAMES, points_at="region"))

_event_choice(
    "rebuke", _rebuke_options, _rebuke, _region_label, N_("Rebuke: choose a region to clear of tribes and armies")
)


class ConfidenceFailure(NamedTuple):
    """The player discards a card from hand (Confidence Failure)."""

    kind: str
    player: int


def _confidence_options(g: Game, step: ConfidenceFailure) -> list[Option]:
    return [DISCARD[c] for c in g.hands[step.player]]


def _confidence(g: Game, step: ConfidenceFailure, option: Option) -> None:
    discard_from_hand(g, step.player, option[1], N_("Confidence Failure"))


decision_kind(
    "confidence_failure", ConfidenceFailure, _confidence_options, _confidence, discard_step_label,
    N_("Confidence Failure: discard a card from your hand"),
)


class Noop(NamedTuple):
    """Does nothing."""

    kind: str
    player: int
    args: Any = None


def _noop(g: Game, step: Noop) -> None:
    return


automatic_kind("noop", Noop, _noop, args={"player": SeatOrNobody, "args": Anything})
