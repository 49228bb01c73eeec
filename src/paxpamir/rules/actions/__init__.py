"""The six card-based actions: tax, gift, build, move, betray, battle.

A card gives at most one action per turn. Actions of cards in the favored suit are bonus actions. A card
held hostage can be used only after a bribe to the hostage-taker (who may lower or waive it). Every action
with several parts is a sequence of small decisions. This module starts an action (whether a card's action
can be taken at all, its cost, the bribe, the ``card_action`` step); each action's own decisions are declared in
the module named after it (:mod:`.tax` with the gift, :mod:`.build`, :mod:`.move`, :mod:`.betray`, :mod:`.battle`;
:mod:`.repeat` brings back the decisions that take one unit at a time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ...content.cards import ACTIONS, COURT
from ...engine.errors import PamirError
from ...engine.log import log_kind
from ...engine.options import COURT_CARDS, Field, option_kind
from ...engine.steps import CourtCardNumber, OneOf, Option, Step, automatic_kind, per_seat_and_card
from ..abilities import bribe_waiver, counts_as_favored, hostage_bribe_waived
from ..court import ask_bribe, hostage_holder
from ..market import holds
from .battle import Battle, can_battle, card_battle_targets, region_battle_targets, start_battle
from .betray import BETRAY_COST, betray_targets, can_betray, start_betray
from .build import BUILD_UNIT_COST, can_build, start_build
from .move import can_move, spy_moves, start_move
from .tax import can_gift, can_tax, gift_cost, start_gift, start_tax

if TYPE_CHECKING:
    from ...engine.game import Game

log_kind("action", "player", "card", "action", "bonus")
log_kind("bribe_waived", "player", "to", "amount", "purpose", "card", "by", "source")

ACTIONS_PER_TURN: Final = 2


def is_bonus(g: Game, player: int, card: int) -> bool:
    """Actions of cards in the favored suit are bonus actions (plus card and event exceptions)."""
    return COURT[card].suit == g.favored or counts_as_favored(g, player, card)


def action_min_cost(g: Game, player: int, action: str) -> int:
    if action == "gift":
        return gift_cost(g, player)
    if action == "build":
        return BUILD_UNIT_COST
    if action == "betray":
        return BETRAY_COST
    return 0


option_kind("action", Field("card", COURT_CARDS, points_at="card"), Field("action", ACTIONS))


def card_action_options(g: Game, player: int, out: list[Option]) -> None:
    main_left = g.actions_used < ACTIONS_PER_TURN
    used = g.used_cards
    checked = 0  # bit i: action i (its place in ACTIONS) checked already
    possible = 0  # bit i: action i possible now
    for card in g.courts[player]:
        if used and holds(used, card):
            continue
        if not main_left and not is_bonus(g, player, card):
            continue
        for i, option in CARD_ACTION_OPTIONS[card]:
            bit = 1 << i
            if not checked & bit:
                checked |= bit
                if _possible(g, player, i, COURT[card].rank):
                    possible |= bit
            if possible & bit:
                out.append(option)


def begin_action(g: Game, player: int, card: int, action: str) -> None:
    step = _CARD_ACTION[player][card][_action_index(action)]
    if step is None:
        raise PamirError(f"internal error: card {card} has no {action} action")
    g.agenda.append(step)
    holder, spies = hostage_holder(g, card, player)
    if spies:
        if not hostage_bribe_waived(g, player):
            ask_bribe(g, holder, player, spies, "hostage", card, action_min_cost(g, player, action))
        else:
            by, source = bribe_waiver(g, player, True)
            g.log("bribe_waived", player, holder, spies, "hostage", card, by, source)


class CardAction(NamedTuple):
    """Counts the action (unless bonus) and starts the ``action`` of ``card`` in the player's court."""

    kind: str
    player: int
    card: int
    action: str


def _card_action(g: Game, step: CardAction) -> None:
    p, card, action = step.player, step.card, step.action
    bonus = is_bonus(g, p, card)
    g.used_cards += (card,)
    if not bonus:
        g.actions_used += 1
    if not g.quiet:
        g.log("action", p, card, action, bonus)
    _start(g, p, action, COURT[card].rank)


def _card_action_check(g: Game, step: CardAction, below: Step | None) -> str | None:
    if step.card not in g.courts[step.player]:
        return f"card {step.card} is not in player {step.player}'s court"
    return None


automatic_kind(
    "card_action",
    CardAction,
    _card_action,
    check=_card_action_check,
    args={
        "card": CourtCardNumber,
        "action": OneOf("tax", "gift", "build", "move", "betray", "battle"),
    },
)
#: ``_CARD_ACTION[p][card][i]``: the step of the card's action number ``i`` (its place in ``ACTIONS``; None for
#: an action the card does not have), made once (see :func:`~paxpamir.engine.steps.per_seat_and_card`).
_CARD_ACTION: Final = per_seat_and_card(
    lambda p, c: tuple(CardAction("card_action", p, c, a) if a in COURT[c].actions else None for a in ACTIONS)
)


def _action_index(action: str) -> int:
    """The place of ``action`` in ``ACTIONS`` (``ACTIONS.index``, which a compiled build would call as a Python
    method); ``tests/test_rules_actions.py`` checks that the two agree."""
    if action == "tax":
        return 0
    if action == "gift":
        return 1
    if action == "build":
        return 2
    if action == "move":
        return 3
    if action == "betray":
        return 4
    return 5


def _card_action_table(card: int) -> tuple[tuple[int, Option], ...]:
    return tuple((_action_index(a), ("action", card, a)) for a in COURT[card].actions) if card else ()


#: For each court card, its actions as ``(index in ACTIONS, ("action", card, action))``, made once: a turn's
#: listing hands out these shared (immutable) options instead of making new tuples.
CARD_ACTION_OPTIONS: Final[tuple[tuple[tuple[int, Option], ...], ...]] = tuple(
    _card_action_table(c) for c in range(101)
)


def _possible(g: Game, player: int, action: int, rank: int) -> bool:
    """Whether ``player`` could take action number ``action`` (its place in ``ACTIONS``) with a card of ``rank``
    now. (Direct calls, not a table of functions: a compiled build calls these natively.)"""
    if action == 0:
        return can_tax(g, player, rank)
    if action == 1:
        return can_gift(g, player, rank)
    if action == 2:
        return can_build(g, player, rank)
    if action == 3:
        return can_move(g, player, rank)
    if action == 4:
        return can_betray(g, player, rank)
    return can_battle(g, player, rank)


def _start(g: Game, player: int, action: str, rank: int) -> None:
    """Push the first step of ``action`` taken with a card of ``rank``."""
    if action == "tax":
        start_tax(g, player, rank)
    elif action == "gift":
        start_gift(g, player, rank)
    elif action == "build":
        start_build(g, player, rank)
    elif action == "move":
        start_move(g, player, rank)
    elif action == "betray":
        start_betray(g, player, rank)
    else:
        start_battle(g, player, rank)


__all__ = [
    "ACTIONS_PER_TURN",
    "BETRAY_COST",
    "BUILD_UNIT_COST",
    "Battle",
    "action_min_cost",
    "begin_action",
    "betray_targets",
    "card_action_options",
    "card_battle_targets",
    "gift_cost",
    "is_bonus",
    "region_battle_targets",
    "spy_moves",
]
