"""Betray: for two rupees, discard a court card with one's own spy on it, and perhaps take it as a prize (which
may change one's loyalty).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ...content.cards import COURT
from ...content.i18n import N_
from ...engine.log import log_kind
from ...engine.options import COURT_CARDS, Field, option_kind, shared_options
from ...engine.steps import CourtCardNumber, Option, decision_kind, new_step
from ..abilities import protected_from_betrayal
from ..court import change_loyalty, discard_from_court
from ..market import pay_action_cost
from ..names import option_labels

if TYPE_CHECKING:
    from ...engine.game import Game

log_kind("betray", "player", "card", "owner")
log_kind("prize", "player", "card", "coalition")
log_kind("prize_declined", "player", "card")

BETRAY_COST: Final = 2


def betray_targets(g: Game, player: int) -> list[int]:
    """Court cards ``player`` may betray: those with their spy on them (Bodyguards protects political cards)."""
    out = []
    for q in range(g.n):
        for c in g.courts[q]:
            if g.spy_count(c, player) and not protected_from_betrayal(g, q, c):
                out.append(c)
    return out


def can_betray(g: Game, player: int, rank: int) -> bool:
    return g.rupees[player] >= BETRAY_COST and bool(betray_targets(g, player))


def start_betray(g: Game, player: int, rank: int) -> None:
    g.agenda.append(new_step(Betray, "betray", player))


class Betray(NamedTuple):
    """The player chooses the card to betray."""

    kind: str
    player: int


def _betray_options(g: Game, step: Betray) -> list[Option]:
    return [BETRAY[c] for c in betray_targets(g, step.player)]


def _betray(g: Game, step: Betray, option: Option) -> None:
    p, card = step.player, option[1]
    owner = g.owner_of(card)
    pay_action_cost(g, p, BETRAY_COST)
    g.log("betray", p, card, owner)
    if COURT[card].prize >= 0:
        g.agenda.append(new_step(Prize, "prize", p, card))
    discard_from_court(g, owner, card, N_("betrayed"))


_betray_label: Final = option_labels({"betray": N_("Betray {card}")})


option_kind("betray", Field("card", COURT_CARDS, points_at="card"))
BETRAY: Final = shared_options("betray", range(101))

decision_kind(
    "betray", Betray, _betray_options, _betray, _betray_label,
    N_("Betray: choose a card with your spy on it to discard (2 rupees)"),
)


class Prize(NamedTuple):
    """The player decides whether to take the betrayed ``card`` as a prize."""

    kind: str
    player: int
    card: int


def _prize_options(g: Game, step: Prize) -> list[Option]:
    if step.card not in g.discard:
        return [("decline_prize",)]
    return [("take_prize",), ("decline_prize",)]


def _prize(g: Game, step: Prize, option: Option) -> None:
    p, card = step.player, step.card
    if option[0] == "decline_prize":
        g.log("prize_declined", p, card)
        return
    g.discard.remove(card)
    coalition = COURT[card].prize
    if coalition != g.loyalty[p] and p != g.wakhan:  # Wakhan holds prizes of every coalition
        change_loyalty(g, p, coalition)
    g.add_prize(p, card)
    g.log("prize", p, card, coalition)


_prize_label: Final = option_labels(
    {"take_prize": N_("Take the card as a prize"), "decline_prize": N_("Leave it in the discard pile")}
)


option_kind("take_prize")
option_kind("decline_prize")

decision_kind(
    "prize", Prize, _prize_options, _prize, _prize_label,
    N_("Take the betrayed card as a prize, or leave it in the discard pile"), args={"card": CourtCardNumber},
)
