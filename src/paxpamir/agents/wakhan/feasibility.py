"""Whether a card-based action can be taken by its default behaviour, and with which of her cards (rulebook,
Playing with Wakhan: Wakhan's Card-Based Actions; docs/wakhan-variants.md for Spy Movement). The targets each
default behaviour looks for (battle sites, army moves, idle spies, betrayals) are found here too, so that a
line of her AI card is skipped exactly when its action would find nothing to do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...content.cards import COURT
from ...content.map import COALITIONS, NEIGHBOURS
from ...engine.options import option_arg
from ...rules.abilities import hostage_bribe_waived
from ...rules.actions import (
    BETRAY_COST,
    action_min_cost,
    card_battle_targets,
    region_battle_targets,
    spy_moves,
)
from ...rules.actions import (
    betray_targets as engine_betray_targets,
)
from ...rules.court import hostage_holder
from ...rules.rulers import ruler_after
from ...rules.scoring import dominant_coalition
from ...rules.wakhan import SPY_MOVEMENT, variant_on
from .context import SPECIAL_BATTLE, Context, Option
from .priorities import card_priority, has_most_spies

if TYPE_CHECKING:
    from ...engine.game import Game


def hostage_bribe(g: Game, card: int) -> int:
    """Spies of the player holding Wakhan's card hostage (0 if free or the bribe is waived): the engine's
    hostage rule, with the full bribe asked."""
    holder, spies = hostage_holder(g, card, g.wakhan)
    if holder < 0 or hostage_bribe_waived(g, g.wakhan):
        return 0
    return spies


def min_cost(g: Game, action: str) -> int:
    return action_min_cost(g, g.wakhan, action)


def _other_loyalties(ctx: Context) -> set[int]:
    g = ctx.g
    return {g.loyalty[p] for p in range(g.n) if p != ctx.w and g.loyalty[p] >= 0} - {ctx.pl}


def battle_regions(ctx: Context) -> list[int]:
    """Default battle: regions (AI card order) where another player has pieces (tribes, armies or roads of a
    coalition another player is loyal to) and she has at least one army.

    Reading: blocks of a coalition nobody else is loyal to are not "another player's pieces"; she neither
    chooses a region for them nor removes them."""
    g, w = ctx.g, ctx.w
    loyal = {COALITIONS[c] for c in _other_loyalties(ctx)}
    out = []
    for r in ctx.regions:
        if not g.armies[r * 3 + ctx.pl]:
            continue
        for target in region_battle_targets(g, w, r):  # the engine's battle rule (Citadel protects tribes)
            if target[0] == "remove_tribe" or option_arg(target, "coalition") in loyal:
                out.append(r)
                break
    return out


def battle_cards(g: Game) -> list[int]:
    """Court cards where Wakhan has a spy and another player has a spy she may remove."""
    w = g.wakhan
    out = []
    for court in g.courts:
        for c in court:
            if g.spy_count(c, w) and card_battle_targets(g, w, c):
                out.append(c)
    return out


def most_spies_card(g: Game, cards: list[int]) -> int:
    dominant = dominant_coalition(g)
    return max(cards, key=lambda c: (sum(g.spies_on(c)), card_priority(g, c, dominant)))


def army_moves(ctx: Context) -> list[tuple[int, int]]:
    """Default move, one army at a time, best first: from a region where she has more armies (of her pragmatic
    loyalty) than other players' tribes, to an adjacent region where other players have more tribes than she
    has armies, never losing a ruler token; destination then origin by the AI card's region order.

    Reading: "as many armies as there are tribes" counts other players' tribes and applies to the origin too
    (she moves only surplus armies), so armies never shuttle back and forth."""
    g, w, n, pl = ctx.g, ctx.w, ctx.g.n, ctx.pl

    def enemy_tribes(r: int) -> int:
        return sum(g.tribes[r * n + q] for q in range(n) if q != w)

    out = []
    for o in range(6):
        have = g.armies[o * 3 + pl]
        if not have or have <= enemy_tribes(o):
            continue
        if g.rulers[o] == w and ruler_after(g, o, None, {pl: -1}) != w:
            continue
        for d, _border in NEIGHBOURS[o]:
            need = enemy_tribes(d)
            if need and g.armies[d * 3 + pl] < need:
                out.append((o, d))
    out.sort(key=lambda od: (ctx.region_rank(od[1]), ctx.region_rank(od[0])))
    return out


def idle_spies(g: Game, card: int) -> int:
    """Her spies on ``card`` not tied up by other players' spies there (each other spy ties up one of hers)."""
    row = g.spies_on(card)
    mine = row[g.wakhan]
    return max(0, mine - (sum(row) - mine))


def idle_spy_moves(ctx: Context) -> list[tuple[int, int]]:
    """Spy Movement (docs/wakhan-variants.md 2): the spy moves she would make, best first. Origins are her cards
    with an idle spy, lowest card priority first; each origin's destinations are the cards one ordinary spy move
    away (the engine's own spy moves, abilities included) where she does not alone have the most spies, highest
    card priority first. Her choice is the first of the list."""
    g, w = ctx.g, ctx.w
    reach: dict[int, list[int]] = {}
    for origin, dest in spy_moves(g, w):
        reach.setdefault(origin, []).append(dest)
    dominant = ctx.dominant
    out: list[tuple[int, int]] = []
    origins = sorted((c for c in reach if idle_spies(g, c) > 0), key=lambda c: card_priority(g, c, dominant))
    for origin in origins:
        dests = [d for d in reach[origin] if not has_most_spies(g, d, w)]
        dests.sort(key=lambda c: card_priority(g, c, dominant), reverse=True)
        out.extend((origin, d) for d in dests)
    return out


def betray_targets(g: Game) -> list[int]:
    """Cards she may betray (the engine's rule) that carry a prize: her default betray wants a prize."""
    return [c for c in engine_betray_targets(g, g.wakhan) if COURT[c].prize >= 0]


def action_feasible(ctx: Context, action: str, code: str) -> bool:
    """Can the action be carried out with its default behaviour (or the special battle instruction)?"""
    g, w = ctx.g, ctx.w
    if action == "move":
        return bool(army_moves(ctx)) or (variant_on(g, SPY_MOVEMENT) and bool(idle_spy_moves(ctx)))
    if action == "betray":
        return g.rupees[w] >= BETRAY_COST and bool(betray_targets(g))
    if action == "battle":
        if code == SPECIAL_BATTLE:
            return bool(battle_cards(g))
        return bool(battle_regions(ctx)) or bool(battle_cards(g))
    return True  # tax, gift, build: the engine's own conditions are the default behaviour's


def usable_cards(ctx: Context, legal: list[Option], action: str, code: str = "") -> list[int]:
    """Her court cards that could legally take ``action`` now (hostage bribe affordable included)."""
    g, w = ctx.g, ctx.w
    if not action_feasible(ctx, action, code or action):
        return []
    out = []
    for o in legal:
        if o[0] == "action" and option_arg(o, "action") == action:
            card = option_arg(o, "card")
            if g.rupees[w] >= hostage_bribe(g, card) + min_cost(g, action):
                out.append(card)
    return out


__all__ = [
    "action_feasible",
    "army_moves",
    "battle_cards",
    "battle_regions",
    "betray_targets",
    "hostage_bribe",
    "idle_spies",
    "idle_spy_moves",
    "min_cost",
    "most_spies_card",
    "usable_cards",
]
