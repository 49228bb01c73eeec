"""Sequence of play: a turn of up to two actions plus bonus actions, then the four cleanup steps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..content.map import INTELLIGENCE, POLITICAL
from ..engine.steps import Option, Step, automatic, decision
from .abilities import start_of_turn
from .actions import ACTIONS_PER_TURN, begin_action, card_action_options, is_bonus
from .court import begin_play, discard_from_court, discard_from_hand
from .market import purchase, purchase_options
from .wakhan import draw_ai_card

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["ACTIONS_PER_TURN", "is_bonus", "start_turn"]


def start_turn(g: Game, player: int) -> None:
    g.current = player
    g.turn += 1
    g.actions_used = 0
    g.used_cards = []
    g.paid_cards = []
    g.placed = []
    g.undo_floor = g._history_len
    g.log("turn", player=player, turn=g.turn)
    g.agenda.append(("turn", player))
    if player == g.wakhan:
        draw_ai_card(g)
    start_of_turn(g, player)


def _turn_options(g: Game, step: Step) -> list[Option]:
    p = step[1]
    opts: list[Option] = []
    if g.actions_used < ACTIONS_PER_TURN:
        if p == g.wakhan:
            # Wakhan's one core action: radicalize (purchase a card and play it at once).
            purchase_options(g, p, opts, "radicalize")
        else:
            purchase_options(g, p, opts)
            for c in g.hands[p]:
                opts.append(("play", c))
    card_action_options(g, p, opts)
    opts.append(("end_turn",))
    return opts


@decision("turn", "Choose an action or end your turn")(_turn_options)
def _turn(g: Game, step: Step, option: Option) -> None:
    p = step[1]
    kind = option[0]
    if kind == "end_turn":
        g.log("end_turn", player=p)
        g.agenda.append(("next_turn", p))
        g.agenda.append(("cleanup_market", p))
        g.agenda.append(("cleanup_events", p))
        g.agenda.append(("cleanup_hand", p))
        g.agenda.append(("cleanup_court", p))
        return
    g.agenda.append(("turn", p))
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


def court_limit(g: Game, player: int) -> int:
    return 3 + g.stars(player, POLITICAL)


def hand_limit(g: Game, player: int) -> int:
    return 2 + g.stars(player, INTELLIGENCE)


@automatic("cleanup_court")
def _cleanup_court(g: Game, step: Step) -> None:
    p = step[1]
    if len(g.courts[p]) > court_limit(g, p):
        g.agenda.append(("discard_court_over_limit", p))


def _court_over_limit_options(g: Game, step: Step) -> list[Option]:
    return [("discard", c) for c in g.courts[step[1]]]


@decision("discard_court_over_limit", "Your court is over its limit: discard a court card")(
    _court_over_limit_options
)
def _discard_court_over_limit(g: Game, step: Step, option: Option) -> None:
    p = step[1]
    g.agenda.append(("cleanup_court", p))  # check again afterwards: the limit may have dropped
    discard_from_court(g, p, option[1], "court limit")


@automatic("cleanup_hand")
def _cleanup_hand(g: Game, step: Step) -> None:
    p = step[1]
    if len(g.hands[p]) > hand_limit(g, p):
        g.agenda.append(("discard_hand_over_limit", p))


def _hand_over_limit_options(g: Game, step: Step) -> list[Option]:
    return [("discard", c) for c in g.hands[step[1]]]


@decision("discard_hand_over_limit", "Your hand is over its limit: discard a card from your hand")(
    _hand_over_limit_options
)
def _discard_hand_over_limit(g: Game, step: Step, option: Option) -> None:
    p = step[1]
    discard_from_hand(g, p, option[1], "hand limit")
    g.agenda.append(("cleanup_hand", p))


@automatic("next_turn")
def _next_turn(g: Game, step: Step) -> None:
    start_turn(g, (step[1] + 1) % g.n)

