"""Sequence of play: a turn of up to two actions plus bonus actions, then the four cleanup steps."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ..content.i18n import N_, ngettext
from ..content.i18n import gettext as _
from ..content.map import INTELLIGENCE, POLITICAL
from ..engine.errors import PamirError
from ..engine.log import log_kind
from ..engine.options import option_kind, shared_option, shared_options
from ..engine.steps import KINDS, Option, Step, automatic_kind, decision_kind, per_seat
from .abilities import start_of_turn
from .actions import ACTIONS_PER_TURN, begin_action, card_action_options, is_bonus
from .court import DISCARD, begin_play, discard_from_court, discard_from_hand
from .market import (
    CleanupEvents,
    CleanupMarket,
    cleanup_events,
    cleanup_market,
    purchase,
    purchase_cost,
    purchase_options,
)
from .names import action_name, card_name, discard_step_label, plain_label, rupees_text
from .wakhan import draw_ai_card

if TYPE_CHECKING:
    from ..engine.game import Game

log_kind("turn", "player", "turn")
log_kind("end_turn", "player")

__all__ = ["ACTIONS_PER_TURN", "is_bonus", "start_turn"]


def start_turn(g: Game, player: int) -> None:
    g.current = player
    g.turn += 1
    g.actions_used = 0
    g.used_cards = ()
    g.paid_cards = ()
    g.placed = ()
    g.undo_floor = g._history_len
    g.log("turn", player, g.turn)
    g.agenda.append(_TURN[player])
    if player == g.wakhan:
        draw_ai_card(g)
    start_of_turn(g, player)


class Turn(NamedTuple):
    """The active player chooses an action, or to end the turn."""

    kind: str
    player: int


def _turn_options(g: Game, step: Turn) -> list[Option]:
    p = step.player
    opts: list[Option] = []
    if g.actions_used < ACTIONS_PER_TURN:
        if p == g.wakhan:
            # Wakhan's one core action: radicalize (purchase a card and play it at once).
            purchase_options(g, p, opts, radicalize=True)
        else:
            purchase_options(g, p, opts)
            for c in g.hands[p]:
                opts.append(PLAY_OPTIONS[c])
    card_action_options(g, p, opts)
    opts.append(END_TURN)
    return opts


def _turn(g: Game, step: Turn, option: Option) -> None:
    p = step.player
    kind: str = option[0]
    if kind == "end_turn":
        if not g.quiet:
            g.log("end_turn", p)
        _end_turn(g, p)
        return
    g.agenda.append(step)
    if kind == "purchase":
        purchase(g, p, option[1])
    elif kind == "radicalize":
        purchase(g, p, option[1])
        if option[1] in g.hands[p]:
            begin_play(g, p, option[1], radicalize=True)
    elif kind == "play":
        begin_play(g, p, option[1])
    else:
        begin_action(g, p, option[1], option[2])


def _turn_ask(g: Game, step: Turn) -> str:
    text = _(KINDS[step.kind].prompt)
    if step.player != g.wakhan:
        left = max(0, ACTIONS_PER_TURN - g.actions_used)
        if left:
            text += ngettext(" ({n} action left)", " ({n} actions left)", left).format(n=left)
        else:
            text += _(" (no actions left: bonus actions only)")
    return text


def _turn_label(g: Game, step: Turn, option: Option) -> str:
    kind = option[0] if option else ""
    a: Any = option[1] if len(option) > 1 else None
    if kind == "purchase":
        slot = g.market.index(a) if a in g.market else -1
        cost = purchase_cost(g, step.player, slot) if slot >= 0 else 0
        rupees = g.market_rupees[slot] if slot >= 0 else 0
        if cost == 0:
            text = _("Purchase {card} for free").format(card=card_name(a))
        else:
            text = _("Purchase {card} for {rupees}").format(card=card_name(a), rupees=rupees_text(cost))
        if rupees:
            text += _(" (+{rupees} on it)").format(rupees=rupees_text(rupees))
        return text
    if kind == "play":
        return _("Play {card}").format(card=card_name(a))
    if kind == "radicalize":
        cost = purchase_cost(g, step.player, g.market.index(a)) if a in g.market else 0
        return _("Radicalize {card}: purchase for {rupees} and play it at once").format(
            card=card_name(a), rupees=rupees_text(cost)
        )
    if kind == "action":
        b = option[2] if len(option) > 2 else None
        text = _("{action} with {card}").format(action=action_name(str(b)).capitalize(), card=card_name(a))
        return text + action_note(g, step.player, a, str(b))
    if kind == "end_turn":
        return _("End your turn (cleanup)")
    return plain_label(option)


option_kind("end_turn")
END_TURN: Final = shared_option("end_turn")

#: ``("play", card)`` for every court card (see :func:`~paxpamir.engine.options.shared_options`).
PLAY_OPTIONS: Final = shared_options("play", range(101))

decision_kind(
    "turn", Turn, _turn_options, _turn, _turn_label,
    N_("Choose an action or end your turn"), ask=_turn_ask,
)


def court_limit(g: Game, player: int) -> int:
    return 3 + g.stars(player, POLITICAL)


def hand_limit(g: Game, player: int) -> int:
    return 2 + g.stars(player, INTELLIGENCE)


class Cleanup(NamedTuple):
    """Cleanup steps 1 (``cleanup_court``) and 2 (``cleanup_hand``): ask for discards while the court (the hand) is
    over its limit."""

    kind: str
    player: int


def _cleanup(g: Game, step: Cleanup) -> None:
    p = step.player
    if step.kind == "cleanup_court":
        if len(g.courts[p]) > court_limit(g, p):
            g.agenda.append(_DISCARD_COURT[p])
    elif len(g.hands[p]) > hand_limit(g, p):
        g.agenda.append(_DISCARD_HAND[p])


class DiscardOverLimit(NamedTuple):
    """The player discards a court card (``discard_court_over_limit``) or a card from their hand
    (``discard_hand_over_limit``): cleanup, that zone over its limit. The cleanup step of the zone checks again
    afterwards (the court's limit may have dropped)."""

    kind: str
    player: int


def _over_limit_options(g: Game, step: DiscardOverLimit) -> list[Option]:
    p = step.player
    return [DISCARD[c] for c in (g.courts[p] if step.kind == "discard_court_over_limit" else g.hands[p])]


def _discard_over_limit(g: Game, step: DiscardOverLimit, option: Option) -> None:
    p = step.player
    if step.kind == "discard_court_over_limit":
        g.agenda.append(_CLEANUP_COURT[p])
        discard_from_court(g, p, option[1], N_("court limit"))
    else:
        discard_from_hand(g, p, option[1], N_("hand limit"))
        g.agenda.append(_CLEANUP_HAND[p])


# The two zones cleanup checks, one after the other: its step, the decision it asks, that decision's question.
for _zone_step, _zone_discard, _zone_prompt in (
    ("cleanup_court", "discard_court_over_limit", N_("Your court is over its limit: discard a court card")),
    ("cleanup_hand", "discard_hand_over_limit", N_("Your hand is over its limit: discard a card from your hand")),
):
    automatic_kind(_zone_step, Cleanup, _cleanup)
    decision_kind(
        _zone_discard, DiscardOverLimit, _over_limit_options, _discard_over_limit, discard_step_label,
        _zone_prompt,
    )


class NextTurn(NamedTuple):
    """Starts the turn of the seat after ``player``."""

    kind: str
    player: int


def _next_turn(g: Game, step: NextTurn) -> None:
    start_turn(g, (step.player + 1) % g.n)


automatic_kind("next_turn", NextTurn, _next_turn)


def _end_turn(g: Game, player: int) -> None:
    """Cleanup and the next turn, the steps of ``_END_OF_TURN``, run here one after another while none of them
    pushes a step. The first one that does (a discard to choose, an event or a Dominance Check to resolve) gets
    the steps still to run beneath what it pushed, so that the agenda is exactly as if all had been pushed at
    once and run by the engine; only the engine's dispatch of each one is saved (the end of every turn).
    """
    agenda = g.agenda
    steps = _END_OF_TURN[player]
    for i in range(len(steps) - 1, -1, -1):
        size = len(agenda)
        _run_end_of_turn_step(g, steps[i])
        if len(agenda) != size:
            if len(agenda) < size:
                raise PamirError(f"internal error: {steps[i][0]} took steps off the agenda")
            agenda[size:size] = steps[:i]
            return


def _run_end_of_turn_step(g: Game, step: Step) -> None:
    kind: str = step[0]
    if kind == "cleanup_court" or kind == "cleanup_hand":
        _cleanup(g, step)  # type: ignore[arg-type]
    elif kind == "cleanup_events":
        cleanup_events(g, step)  # type: ignore[arg-type]
    elif kind == "cleanup_market":
        cleanup_market(g, step)  # type: ignore[arg-type]
    elif kind == "next_turn":
        _next_turn(g, step)  # type: ignore[arg-type]
    else:
        raise PamirError(f"internal error: {kind} is not a step of the end of a turn")


def action_note(g: Game, player: int, card: int, action: str) -> str:
    """What a card action costs: " (bonus action)" for the favored suit, and its rupees."""
    from .abilities import build_blocks_paid
    from .actions import BETRAY_COST, BUILD_UNIT_COST, gift_cost

    notes = []
    if action == "gift":
        notes.append(rupees_text(gift_cost(g, player)))
    elif action == "build":
        two = build_blocks_paid(g, player, 2) < 2  # Nation Building: each block paid for places two
        each = _("{rupees} per two blocks") if two else _("{rupees} a block")
        notes.append(each.format(rupees=rupees_text(BUILD_UNIT_COST)))
    elif action == "betray":
        notes.append(rupees_text(BETRAY_COST))
    if is_bonus(g, player, card):
        notes.append(_("bonus action"))
    return f" ({', '.join(notes)})" if notes else ""


# Steps are immutable: the ones every turn pushes are made once per seat (a hot path).
_TURN: Final = per_seat(lambda p: Turn("turn", p))
_CLEANUP_COURT: Final = per_seat(lambda p: Cleanup("cleanup_court", p))
_DISCARD_COURT: Final = per_seat(lambda p: DiscardOverLimit("discard_court_over_limit", p))
_CLEANUP_HAND: Final = per_seat(lambda p: Cleanup("cleanup_hand", p))
_DISCARD_HAND: Final = per_seat(lambda p: DiscardOverLimit("discard_hand_over_limit", p))
#: The steps that follow when a player ends the turn, as they would stand on the agenda (the top last): the four
#: cleanup steps (court first), then the next turn. :func:`_end_turn` runs them.
_END_OF_TURN: Final = per_seat(
    lambda p: (
        NextTurn("next_turn", p),
        CleanupMarket("cleanup_market", p),
        CleanupEvents("cleanup_events", p),
        _CLEANUP_HAND[p],
        _CLEANUP_COURT[p],
    )
)
