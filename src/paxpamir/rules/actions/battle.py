"""Battle: in a region (armies, and under Nationalism tribes, against other coalitions' armies, roads and tribes)
or on a court card (spies against other players' spies), removing up to the card's rank, and no more than one's
own units there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ...content.i18n import N_
from ...content.i18n import gettext as _
from ...content.map import BORDER_INDEX, BORDER_NAMES, COALITION_INDEX, COALITIONS, REGION_BORDERS, REGION_INDEX
from ...engine.log import log_kind
from ...engine.options import (
    COALITION_NAMES,
    COURT_CARDS,
    DONE,
    REGION_NAMES,
    SEATS,
    Field,
    option_kind,
    shared_options,
)
from ...engine.steps import Arg, OneOf, Option, Step, decision_kind, new_step
from ..abilities import spy_protected, spy_removed, tribe_protected, tribes_battle
from ..names import army_text, option_labels, plain_label, player_name, road_text, where_name
from ..pieces import block_coalition
from .repeat import more_ask, push_more, repeated_args

if TYPE_CHECKING:
    from ...engine.game import Game

log_kind("battle", "player", "region?", "card?", "limit")
log_kind("removed", "player", "kind", "coalition?", "owner?", "where")


def region_battle_targets(g: Game, player: int, region: int, first: bool = False) -> list[Option]:
    """What ``player`` may remove in a battle in ``region``: other coalitions' armies and roads, and tribes
    of players loyal to another coalition (Citadel protects its owner's tribes). With ``first``: stop at the
    first one found."""
    coalition = block_coalition(g, player)
    opts: list[Option] = []
    for c in range(3):
        if c != coalition and g.armies[region * 3 + c]:
            opts.append(REMOVE_ARMY[c])
            if first:
                return opts
    for b in REGION_BORDERS[region]:
        for c in range(3):
            if c != coalition and g.roads[b * 3 + c]:
                opts.append(("remove_road", BORDER_NAMES[b], COALITIONS[c]))
                if first:
                    return opts
    n = g.n
    for q in range(n):
        if q != player and g.tribes[region * n + q] and g.loyalty[q] != coalition:
            if not tribe_protected(g, q, region):
                opts.append(REMOVE_TRIBE[q])
    return opts


def card_battle_targets(g: Game, player: int, card: int) -> list[Option]:
    """Other players' spies ``player`` may remove in a battle on ``card`` (Indispensable Advisors protects)."""
    n = g.n
    return [REMOVE_SPY[q] for q in range(n) if q != player and g.spy_count(card, q) and not spy_protected(g, q, player)]


def _own_units_in_region(g: Game, player: int, region: int) -> int:
    return _units_in_region(g, player, region, block_coalition(g, player), tribes_battle(g, player))


def _units_in_region(g: Game, player: int, region: int, coalition: int, with_tribes: bool) -> int:
    """``player``'s units for a battle in ``region``: armies of their ``coalition`` (-1: none), and their tribes
    ``with_tribes`` (Nationalism)."""
    units = g.armies[region * 3 + coalition] if coalition >= 0 else 0
    if with_tribes:
        units += g.tribes[region * g.n + player]
    return units


def _battle_sites(g: Game, player: int, first: bool = False) -> list[Option]:
    """Every region and court card where ``player`` may battle (with ``first``: stop at the first one)."""
    opts: list[Option] = []
    coalition = block_coalition(g, player)
    with_tribes = tribes_battle(g, player)
    for r in range(6):
        if _units_in_region(g, player, r, coalition, with_tribes) and region_battle_targets(g, player, r, first):
            opts.append(BATTLE_REGION[r])
            if first:
                return opts
    if not g.spies_in_play(player):
        return opts  # no spy on any card: no battle on a card
    for court in g.courts:
        for c in court:
            if g.spy_count(c, player) and card_battle_targets(g, player, c):
                opts.append(BATTLE_CARD[c])
                if first:
                    return opts
    return opts


def can_battle(g: Game, player: int, rank: int) -> bool:
    return bool(_battle_sites(g, player, first=True))


def start_battle(g: Game, player: int, rank: int) -> None:
    g.agenda.append(new_step(BattleSite, "battle_site", player, rank))


class BattleSite(NamedTuple):
    """The player chooses the region or court card to battle in, with a card of ``rank``."""

    kind: str
    player: int
    rank: int


def _site_options(g: Game, step: BattleSite) -> list[Option]:
    return _battle_sites(g, step.player)


def _battle_site(g: Game, step: BattleSite, option: Option) -> None:
    p, rank = step.player, step.rank
    if option[0] == "battle_region":
        r = REGION_INDEX[option[1]]
        limit = min(rank, _own_units_in_region(g, p, r))
        g.log("battle", p, r, None, limit)
        g.agenda.append(new_step(Battle, "battle", p, "region", r, limit, 0))
    else:
        c = option[1]
        limit = min(rank, g.spy_count(c, p))
        g.log("battle", p, None, c, limit)
        g.agenda.append(new_step(Battle, "battle", p, "card", c, limit, 0))


_site_label: Final = option_labels({"battle_region": N_("Battle in {region}"), "battle_card": N_("Battle on {card}")})


option_kind("battle_region", Field("region", REGION_NAMES, points_at="region"))
option_kind("battle_card", Field("card", COURT_CARDS, points_at="card"))
#: ``BATTLE_REGION[r]`` (region number ``r``), ``BATTLE_CARD[card]``.
BATTLE_REGION: Final = shared_options("battle_region", REGION_NAMES)
BATTLE_CARD: Final = shared_options("battle_card", range(101))

decision_kind(
    "battle_site", BattleSite, _site_options, _battle_site, _site_label,
    N_("Battle: choose a region or a court card to fight in"), args={"rank": Arg("a rank", 1, 3)},
)


class Battle(NamedTuple):
    """The player removes the next enemy unit at the site (``"region"``: ``where`` is a region index;
    ``"card"``: a court card), ``left`` more at most, ``removed`` so far, or stops."""

    kind: str
    player: int
    site: str
    where: int
    left: int
    removed: int


def _battle_check(g: Game, step: Battle, below: Step | None) -> str | None:
    if step.site == "region" and not 0 <= step.where <= 5:
        return f"where must be a region index (0 to 5), not {step.where}"
    if step.site == "card" and step.where < 1:
        return f"where must be a court card, not {step.where}"
    return None


def _battle_options(g: Game, step: Battle) -> list[Option]:
    p, site, where, removed = step.player, step.site, step.where, step.removed
    opts = region_battle_targets(g, p, where) if site == "region" else card_battle_targets(g, p, where)
    if removed:
        opts.append(DONE)
    return opts


def _battle(g: Game, step: Battle, option: Option) -> None:
    p, site, where, left, removed = step.player, step.site, step.where, step.left, step.removed
    kind = option[0]
    if kind == "done":
        return
    if left > 1:
        push_more(g, new_step(Battle, "battle", p, site, where, left - 1, removed + 1))
    if kind == "remove_army":
        g.remove_army(COALITION_INDEX[option[1]], where)
        g.log("removed", p, "army", COALITION_INDEX[option[1]], None, where)
    elif kind == "remove_road":
        g.remove_road(COALITION_INDEX[option[2]], BORDER_INDEX[option[1]])
        g.log("removed", p, "road", COALITION_INDEX[option[2]], None, BORDER_INDEX[option[1]])
    elif kind == "remove_tribe":
        g.log("removed", p, "tribe", None, option[1], where)
        g.remove_tribe(option[1], where)
    else:
        g.log("removed", p, "spy", None, option[1], where)
        spy_removed(g, option[1], where)


def _battle_label(g: Game, step: Battle, option: Option) -> str:
    kind = option[0] if option else ""
    a = option[1] if len(option) > 1 else None
    if kind == "remove_army":
        return _("Remove {army}").format(army=army_text(COALITIONS.index(str(a))))
    if kind == "remove_road":
        b = option[2] if len(option) > 2 else None
        return _("Remove {road}").format(road=road_text(COALITIONS.index(str(b)), where_name(a)))
    if kind == "remove_tribe":
        return _("Remove a tribe of {player}").format(player=player_name(g, a))  # type: ignore[arg-type]
    if kind == "remove_spy":
        return _("Remove a spy of {player}").format(player=player_name(g, a))  # type: ignore[arg-type]
    if kind == "done":
        return _("Stop here")
    return plain_label(option)


# A removal points at the battle's site (the pending step) and says whose piece or which coalition's block.
option_kind("remove_army", Field("coalition", COALITION_NAMES, "coalition", "extra"))
option_kind(
    "remove_road",
    Field("border", BORDER_NAMES, points_at="border"),
    Field("coalition", COALITION_NAMES, "coalition", "extra"),
)
option_kind("remove_tribe", Field("player", SEATS, "player", "extra"))
option_kind("remove_spy", Field("player", SEATS, "player", "extra"))
#: ``REMOVE_ARMY[c]`` (coalition number ``c``), ``REMOVE_TRIBE[seat]``, ``REMOVE_SPY[seat]``.
REMOVE_ARMY: Final = shared_options("remove_army", COALITION_NAMES)
REMOVE_TRIBE: Final = shared_options("remove_tribe", SEATS)
REMOVE_SPY: Final = shared_options("remove_spy", SEATS)

decision_kind(
    "battle", Battle, _battle_options, _battle, _battle_label,
    N_("Battle: remove an enemy unit (you may stop after the first)"), ask=more_ask, check=_battle_check,
    args=repeated_args("removed", site=OneOf("region", "card"), where=Arg("a region index or a court card", 0, 100)),
)
