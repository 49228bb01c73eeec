"""Event cards: the effect for the buyer when purchased, the effect for everyone when discarded from the
market at cleanup, and the lasting effects that stay in force until (or until after) the next Dominance
Check. Each effect id from the card data maps to one handler here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..content.cards import CARDS, EventCard
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
from ..engine.steps import Option, Step, automatic, decision

if TYPE_CHECKING:
    from ..engine.game import Game

#: Lasting effects, and whether they end at the next Dominance Check ("until": before it is scored) or right
#: after its scoring ("until after", and Conflict Fatigue, which must count during it).
LASTING = {
    "newTactics": "until the next Dominance Check",
    "kohINoorRecovered": "until after the next Dominance Check",
    "embarrassementOfRiches": "until after the next Dominance Check",
    "courtlyManners": "until the next Dominance Check",
    "disregardForCustoms": "until the next Dominance Check",
    "rumor": "until after the next Dominance Check",
    "conflictFatigue": "at the next Dominance Check",
    "nationalism": "until the next Dominance Check",
    "nationBuilding": "until the next Dominance Check",
    "pashtunwaliValues": "until the next Dominance Check",
}


def _event(card: int) -> EventCard:
    info = CARDS[card]
    assert isinstance(info, EventCard)
    return info


def resolve_purchased_event(g: Game, player: int, card: int) -> None:
    effect = _event(card).if_purchased
    g.log("event", card=card, effect=effect, player=player, purchased=True)
    _HANDLERS[effect](g, player, card)


def resolve_discarded_event(g: Game, card: int) -> None:
    effect = _event(card).if_discarded
    g.log("event", card=card, effect=effect, player=-1, purchased=False)
    _HANDLERS[effect](g, -1, card)


def add_effect(g: Game, effect: str, player: int, card: int) -> None:
    g.effects.append((effect, player, card))
    g.log("effect_on", effect=effect, player=player, card=card)


def has_effect(g: Game, effect: str, player: int = -1) -> bool:
    for e, p, _ in g.effects:
        if e == effect and (player < 0 or p == player or p < 0):
            return True
    return False


#: Effects that must still count while a Dominance Check is scored.
UNTIL_AFTER = frozenset(e for e, lasts in LASTING.items() if lasts != "until the next Dominance Check")


def end_effects(g: Game, scored: bool = True) -> None:
    """End lasting effects at a Dominance Check: before it is scored (``scored=False``) those that last
    "until the next Dominance Check"; once it is scored, all that remain."""
    keep = []
    for effect, player, card in g.effects:
        if not scored and effect in UNTIL_AFTER:
            keep.append((effect, player, card))
            continue
        g.discard.append(card)
        g.log("effect_off", effect=effect, player=player, card=card)
    g.effects = keep


# ---------------------------------------------------------------------------- handlers


def _dominance_check(g: Game, player: int, card: int) -> None:
    g.discard.append(card)
    g.agenda.append(("dominance_check", -1, card))


def _lasting(g: Game, player: int, card: int, effect: str) -> None:
    add_effect(g, effect, player, card)


def _favor(suit: int) -> Callable[[Game, int, int], None]:
    def handler(g: Game, player: int, card: int) -> None:
        g.discard.append(card)
        if has_effect(g, "pashtunwaliValues"):
            g.log("favored_unchanged", card=card, suit=suit)
        elif g.favored != suit:
            g.favored = suit
            g.log("favored", suit=suit, card=card)

    return handler


def _riots(region: int) -> Callable[[Game, int, int], None]:
    def handler(g: Game, player: int, card: int) -> None:
        g.discard.append(card)
        clear_region(g, region)

    return handler


def clear_region(g: Game, region: int) -> None:
    """Remove all tribes and armies from a region (tribe losses trigger the overthrow rule)."""
    g.log("region_cleared", region=region)  # before its consequences (a new ruler, overthrown cards)
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
            g.log("prizes_discarded", player=p, cards=g.prizes[p][:])
            g.discard.extend(g.prizes[p])
            g.prizes[p] = []


def _persian_aristocracy(g: Game, player: int, card: int) -> None:
    g.discard.append(card)
    g.from_bank(player, 3)
    g.log("bank_rupees", player=player, amount=3)


def _confidence_failure(g: Game, player: int, card: int) -> None:
    g.discard.append(card)
    order = [(g.current + i) % g.n for i in range(g.n)]
    for p in reversed(order):
        if g.hands[p]:
            g.agenda.append(("confidence_failure", p))


def _choice(kind: str) -> Callable[[Game, int, int], None]:
    def handler(g: Game, player: int, card: int) -> None:
        g.agenda.append((kind, player, card))

    return handler


_HANDLERS: dict[str, Callable[[Game, int, int], None]] = {
    "dominanceCheck": _dominance_check,
    "newTactics": lambda g, p, c: _lasting(g, p, c, "newTactics"),
    "militarySuit": _favor(MILITARY),
    "kohINoorRecovered": lambda g, p, c: _lasting(g, p, c, "kohINoorRecovered"),
    "embarrassementOfRiches": lambda g, p, c: _lasting(g, -1, c, "embarrassementOfRiches"),
    "courtlyManners": lambda g, p, c: _lasting(g, p, c, "courtlyManners"),
    "disregardForCustoms": lambda g, p, c: _lasting(g, -1, c, "disregardForCustoms"),
    "rumor": _choice("rumor"),
    "failureToImpress": _failure_to_impress,
    "conflictFatigue": lambda g, p, c: _lasting(g, -1, c, "conflictFatigue"),
    "riotsInPunjab": _riots(PUNJAB),
    "nationalism": lambda g, p, c: _lasting(g, p, c, "nationalism"),
    "riotsInHerat": _riots(HERAT),
    "publicWithdrawal": _public_withdrawal,
    "noEffect": _no_effect,
    "nationBuilding": lambda g, p, c: _lasting(g, p, c, "nationBuilding"),
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


# ---------------------------------------------------------------------------- event decisions


def _rumor_options(g: Game, step: Step) -> list[Option]:
    return [("player", q) for q in range(g.n)]


@decision("rumor", "Rumor: choose the player whose patriots give no influence")(_rumor_options)
def _rumor(g: Game, step: Step, option: Option) -> None:
    add_effect(g, "rumor", option[1], step[2])


def _exchange_options(g: Game, step: Step) -> list[Option]:
    return [("player", q) for q in range(g.n) if q != step[1]]


@decision("exchange_hands", "Other Persuasive Methods: choose a player to exchange hands with")(_exchange_options)
def _exchange(g: Game, step: Step, option: Option) -> None:
    p, q = step[1], option[1]
    g.hands[p], g.hands[q] = g.hands[q], g.hands[p]
    g.discard.append(step[2])
    g.log("hands_exchanged", player=p, other=q)
    g.undo_floor = g._history_len  # the buyer has now seen a hidden hand


def _pashtunwali_options(g: Game, step: Step) -> list[Option]:
    return [("suit", s) for s in SUITS]


@decision("pashtunwali", "Pashtunwali Values: choose the favored suit")(_pashtunwali_options)
def _pashtunwali(g: Game, step: Step, option: Option) -> None:
    suit = SUIT_INDEX[option[1]]
    if g.favored != suit:
        g.favored = suit
        g.log("favored", suit=suit, card=step[2])
    add_effect(g, "pashtunwaliValues", step[1], step[2])


def _rebuke_options(g: Game, step: Step) -> list[Option]:
    return [("region", r) for r in REGIONS]


@decision("rebuke", "Rebuke: choose a region to clear of tribes and armies")(_rebuke_options)
def _rebuke(g: Game, step: Step, option: Option) -> None:
    g.discard.append(step[2])
    clear_region(g, REGION_INDEX[option[1]])


def _confidence_options(g: Game, step: Step) -> list[Option]:
    return [("discard", c) for c in g.hands[step[1]]]


@decision("confidence_failure", "Confidence Failure: discard a card from your hand")(_confidence_options)
def _confidence(g: Game, step: Step, option: Option) -> None:
    from .court import discard_from_hand

    discard_from_hand(g, step[1], option[1], "Confidence Failure")


@automatic("noop")
def _noop(g: Game, step: Step) -> None:
    return
