"""Tax and gift: the actions that take rupees and spend them.

Tax takes up to the card's rank in rupees, one at a time, from market cards and from players with a card of a
region the taxer rules in their court (each keeps rupees up to their economic stars). A gift buys the next space of
the gift dial: 2, 4 and 6 rupees, a cylinder that counts as influence in every coalition.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ...content.cards import COURT
from ...content.i18n import N_
from ...content.i18n import gettext as _
from ...content.map import ECONOMIC
from ...engine.log import log_kind
from ...engine.options import CARDS, DONE, SEATS, Field, option_kind, shared_options
from ...engine.steps import Option, decision_kind, new_step
from ..abilities import taxes_as_if_ruling_everywhere
from ..market import pay_action_cost
from ..names import card_name, plain_label, player_name
from ..pieces import place
from .repeat import more_ask, push_more, repeated_args

if TYPE_CHECKING:
    from ...engine.game import Game

log_kind("tax", "player", "card?", "target?")
log_kind("gift", "player", "cost")


def _taxable_players(g: Game, player: int) -> list[int]:
    if taxes_as_if_ruling_everywhere(g, player):
        regions = set(range(6))
    else:
        regions = {r for r in range(6) if g.rulers[r] == player}
    if not regions:
        return []
    out = []
    for q in range(g.n):
        if q == player or g.rupees[q] <= g.stars(q, ECONOMIC):
            continue
        if any(COURT[c].region in regions for c in g.courts[q]):
            out.append(q)
    return out


def can_tax(g: Game, player: int, rank: int) -> bool:
    return any(g.market_rupees[s] and g.market[s] for s in range(12)) or bool(_taxable_players(g, player))


def start_tax(g: Game, player: int, rank: int) -> None:
    g.agenda.append(new_step(Tax, "tax", player, rank, 0))


class Tax(NamedTuple):
    """The player takes the next rupee (``left`` more at most, ``taken`` so far), or stops once one is taken."""

    kind: str
    player: int
    left: int
    taken: int


def _tax_options(g: Game, step: Tax) -> list[Option]:
    p, taken = step.player, step.taken
    opts: list[Option] = [TAX_MARKET[g.market[s]] for s in range(12) if g.market[s] and g.market_rupees[s]]
    opts.extend(TAX_PLAYER[q] for q in _taxable_players(g, p))
    if taken:
        opts.append(DONE)
    return opts


def _tax(g: Game, step: Tax, option: Option) -> None:
    p, left, taken = step.player, step.left, step.taken
    if option[0] == "done":
        return
    if option[0] == "tax_market":
        slot = g.market.index(option[1])
        g.market_rupees[slot] -= 1
        g.rupees[p] += 1
        if not g.quiet:
            g.log("tax", p, option[1], None)
    else:
        g.pay_player(option[1], p, 1)
        if not g.quiet:
            g.log("tax", p, None, option[1])
    if left > 1:
        push_more(g, new_step(Tax, "tax", p, left - 1, taken + 1))


def _tax_label(g: Game, step: Tax, option: Option) -> str:
    kind = option[0] if option else ""
    a = option[1] if len(option) > 1 else None
    if kind == "tax_market":
        return _("Tax a rupee from {card} in the market").format(card=card_name(a))  # type: ignore[arg-type]
    if kind == "tax_player":
        return _("Tax a rupee from {player}").format(player=player_name(g, a))  # type: ignore[arg-type]
    if kind == "done":
        return _("Stop here")
    return plain_label(option)


option_kind("tax_market", Field("card", CARDS, points_at="card"))
option_kind("tax_player", Field("player", SEATS, points_at="player"))
#: ``TAX_MARKET[card]``, ``TAX_PLAYER[seat]`` (see :func:`~paxpamir.engine.options.shared_options`).
TAX_MARKET: Final = shared_options("tax_market", range(117))
TAX_PLAYER: Final = shared_options("tax_player", SEATS)

decision_kind(
    "tax", Tax, _tax_options, _tax, _tax_label,
    N_("Tax: take a rupee from a market card or a player (you may stop after the first)"),
    ask=more_ask, args=repeated_args("taken"),
)


# ---------------------------------------------------------------------------- gift


def gift_cost(g: Game, player: int) -> int:
    """Gifts fill the dial's spaces in order: 2, 4 and 6 rupees."""
    return 2 * (g.gifts[player] + 1)


def can_gift(g: Game, player: int, rank: int) -> bool:
    return g.gifts[player] < 3 and g.rupees[player] >= gift_cost(g, player)


def start_gift(g: Game, player: int, rank: int) -> None:
    cost = gift_cost(g, player)
    pay_action_cost(g, player, cost)
    g.log("gift", player, cost)
    place(g, player, "gift", 0)
