"""Court card special abilities, and the lasting event effects that bend the same rules.

Each function here is a hook that one rule consults: the rule stays in its own module and asks this one
whether a card or effect changes it. An ability works only while its card is in its owner's court, and is
never held hostage. Ability ids come from the card data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ..content.cards import COURT
from ..content.i18n import N_
from ..content.map import (
    AFGHAN,
    BORDER_INDEX,
    HERAT,
    KABUL,
    KANDAHAR,
    MILITARY,
    PERSIA,
    POLITICAL,
    REGION_BORDERS,
    REGION_INDEX,
    REGIONS,
    RUSSIAN,
    TRANSCASPIA,
)
from ..engine.log import log_kind
from ..engine.options import COURT_CARDS, DECLINE, SKIP, Field, option_kind
from ..engine.steps import CourtCardNumber, Option, RegionName, decision_kind, new_step
from .effects import end_effects, has_effect
from .names import option_labels
from .pieces import ARMY, ROAD, SPY, block_coalition, place

if TYPE_CHECKING:
    from ..engine.game import Game

log_kind("blackmail", "player", "card")
log_kind("infrastructure", "player")
log_kind("safe_house", "player", "card")
log_kind("insurrection", "player")


def has_ability(g: Game, player: int, ability: str) -> bool:
    for c in g.courts[player]:
        if COURT[c].ability == ability:
            return True
    return False


def ability_cards(g: Game, player: int, ability: str) -> list[int]:
    return [c for c in g.courts[player] if COURT[c].ability == ability]


# ---------------------------------------------------------------------------- turn


def start_of_turn(g: Game, player: int) -> None:
    """Blackmail (Herat, Kandahar): at the start of your turn you may place a spy on a card of that region
    with no spy on it."""
    if has_ability(g, player, "blackmailKandahar"):
        _offer_blackmail(g, player, KANDAHAR)
    if has_ability(g, player, "blackmailHerat"):
        _offer_blackmail(g, player, HERAT)


def _offer_blackmail(g: Game, player: int, region: int) -> None:
    if _blackmail_targets(g, region):
        g.agenda.append(new_step(Blackmail, "blackmail", player, REGIONS[region]))


def _blackmail_targets(g: Game, region: int) -> list[int]:
    return [
        c
        for court in g.courts
        for c in court
        if COURT[c].region == region and not g.has_spies(c)
    ]


class Blackmail(NamedTuple):
    """Blackmail (Herat, Kandahar): at the start of the turn the player may place a spy on a card of
    ``region`` with no spy on it."""

    kind: str
    player: int
    region: str


def _blackmail_options(g: Game, step: Blackmail) -> list[Option]:
    opts: list[Option] = [SPY[c] for c in _blackmail_targets(g, REGION_INDEX[step.region])]
    opts.append(SKIP)
    return opts


def _blackmail(g: Game, step: Blackmail, option: Option) -> None:
    if option[0] == "skip":
        return
    g.log("blackmail", step.player, option[1])
    place(g, step.player, "spy", option[1])


_blackmail_label: Final = option_labels({"skip": N_("Skip"), "spy": N_("Spy on {card}")})


decision_kind(
    "blackmail", Blackmail, _blackmail_options, _blackmail, _blackmail_label,
    N_("Blackmail: place a spy on a card of the region with no spy, or skip"), args={"region": RegionName},
)


def counts_as_favored(g: Game, player: int, card: int) -> bool:
    """Savvy Operator and Irregulars always count as favored; New Tactics makes the buyer's military cards
    favored. ``player`` is the card's owner, or -1 for a card in the market (which no buyer's New Tactics
    reaches)."""
    info = COURT[card]
    if info.ability == "savvyOperator" or info.ability == "irregulars":
        return True
    return info.suit == MILITARY and player >= 0 and bool(g.effects) and has_effect(g, "newTactics", player)


# ---------------------------------------------------------------------------- costs and bribes


_DISCOUNTS: Final = ("heratInfluence", "persianInfluence", "russianInfluence")


def has_purchase_discount(g: Game, player: int) -> bool:
    for c in g.courts[player]:
        if COURT[c].ability in _DISCOUNTS:
            return True
    return False


def purchase_is_free(g: Game, player: int, card: int) -> bool:
    """Herat / Persian / Russian Influence: no cost to purchase Herat cards, Persia cards, Russian patriots."""
    if card > 100:
        return False
    info = COURT[card]
    for c in g.courts[player]:
        ability = COURT[c].ability
        if ability is None:
            continue
        if ability == "heratInfluence" and info.region == HERAT:
            return True
        if ability == "persianInfluence" and info.region == PERSIA:
            return True
        if ability == "russianInfluence" and info.patriot == RUSSIAN:
            return True
    return False


def play_bribe_waived(g: Game, player: int) -> bool:
    """Charismatic Courtiers; Courtly Manners (buyer); Disregard for Customs (everyone)."""
    if has_ability(g, player, "charismaticCourtiers"):
        return True
    return bool(g.effects) and (
        has_effect(g, "disregardForCustoms") or has_effect(g, "courtlyManners", player)
    )


def hostage_bribe_waived(g: Game, player: int) -> bool:
    """Civil Service Reforms; Courtly Manners (buyer); Disregard for Customs (everyone)."""
    if has_ability(g, player, "civilServiceReforms"):
        return True
    return bool(g.effects) and (
        has_effect(g, "disregardForCustoms") or has_effect(g, "courtlyManners", player)
    )


def bribe_waiver(g: Game, player: int, hostage: bool) -> tuple[str, int]:
    """(ability or effect, its card) that spares ``player`` a play bribe (``hostage``: a hostage bribe);
    ("", -1) when none does. Used to say so in the log."""
    ability = "civilServiceReforms" if hostage else "charismaticCourtiers"
    cards = ability_cards(g, player, ability)
    if cards:
        return ability, cards[0]
    for e, p, card in g.effects:
        if e == "disregardForCustoms" or (e == "courtlyManners" and (p == player or p < 0)):
            return e, card
    return "", -1


def suit_change_blocked(g: Game) -> bool:
    """Pashtunwali Values: suit-changing icons are ignored until the next Dominance Check."""
    return bool(g.effects) and has_effect(g, "pashtunwaliValues")


def leverage_shortfall_forgiven(g: Game, player: int) -> bool:
    """Wakhan, out of rupees, discards nothing for a leveraged card."""
    return player == g.wakhan


# ---------------------------------------------------------------------------- actions


def taxes_as_if_ruling_everywhere(g: Game, player: int) -> bool:
    return has_ability(g, player, "claimOfAncientLineage")


def build_units(g: Game, player: int, base: int) -> int:
    """Nation Building doubles the blocks of each build action."""
    if g.effects and has_effect(g, "nationBuilding", player):
        return base * 2
    return base


def build_blocks_paid(g: Game, player: int, placed: int) -> int:
    """How many of a build action's first ``placed`` blocks are paid for: each of them, or under Nation
    Building one in two (each block paid for places two)."""
    if g.effects and has_effect(g, "nationBuilding", player):
        return (placed + 1) // 2
    return placed


def after_build(g: Game, player: int, placed: int) -> None:
    """Infrastructure: after a build action, place one more block in a legal space for free."""
    if placed and has_ability(g, player, "infrastructure"):
        step = new_step(Infrastructure, "infrastructure", player)
        if _infrastructure_options(g, step):
            g.agenda.append(step)


class Infrastructure(NamedTuple):
    """Infrastructure: after a build, the player places one more army or road for free."""

    kind: str
    player: int


def _infrastructure_options(g: Game, step: Infrastructure) -> list[Option]:
    p = step.player
    ruled = [r for r in range(6) if g.rulers[r] == p]
    borders = sorted({b for r in ruled for b in REGION_BORDERS[r]})
    return [ARMY[r] for r in ruled] + [ROAD[b] for b in borders]


def _infrastructure(g: Game, step: Infrastructure, option: Option) -> None:
    p = step.player
    g.log("infrastructure", p)
    if option[0] == "army":
        place(g, p, "army", REGION_INDEX[option[1]], block_coalition(g, p))
    else:
        place(g, p, "road", BORDER_INDEX[option[1]], block_coalition(g, p))


#: The labels of the ``("army", region)`` and ``("road", border)`` options of a decision that places blocks (build,
#: Infrastructure), and of stopping.
block_label: Final = option_labels(
    {"army": N_("Army in {region}"), "road": N_("Road on {border}"), "done": N_("Stop here")}
)


decision_kind(
    "infrastructure", Infrastructure, _infrastructure_options, _infrastructure, block_label,
    N_("Infrastructure: place one more army or road for free"),
)


def army_moves_without_roads(g: Game, player: int) -> bool:
    """Indian Supplies; and Wakhan, who needs no roads to move her armies."""
    return player == g.wakhan or has_ability(g, player, "indianSupplies")


def spy_move_distance(g: Game, player: int) -> int:
    return 2 if has_ability(g, player, "wellConnected") else 1


def extra_spy_neighbours(g: Game, player: int, card: int) -> list[int]:
    """Strange Bedfellows: cards of the same region count as adjacent for your spies."""
    if not has_ability(g, player, "strangeBedfellows"):
        return []
    region = COURT[card].region
    return [c for court in g.courts for c in court if c != card and COURT[c].region == region]


def tribes_move(g: Game, player: int) -> bool:
    """Nationalism: the buyer's tribes move as if they were armies."""
    return bool(g.effects) and has_effect(g, "nationalism", player)


def tribes_battle(g: Game, player: int) -> bool:
    """Nationalism: the buyer's tribes battle as if they were armies (the same effect as :func:`tribes_move`)."""
    return tribes_move(g, player)


def protected_from_betrayal(g: Game, owner: int, card: int) -> bool:
    """Bodyguards: the owner's political cards cannot be betrayed."""
    return COURT[card].suit == POLITICAL and has_ability(g, owner, "bodyguards")


def tribe_protected(g: Game, owner: int, region: int) -> bool:
    """Citadel: the owner's tribes in Kabul (Transcaspia) cannot be removed by battle."""
    if region == KABUL:
        return has_ability(g, owner, "citadelKabul")
    if region == TRANSCASPIA:
        return has_ability(g, owner, "citadelTranscaspia")
    return False


def spy_protected(g: Game, owner: int, attacker: int) -> bool:
    """Indispensable Advisors: the owner's spies cannot be removed in battles by other players' spies."""
    return has_ability(g, owner, "indispensableAdvisors")


def spy_removed(g: Game, owner: int, card: int) -> None:
    """Remove one spy in battle; Safe House lets its owner move it to the Safe House card instead."""
    g.remove_spy(owner, card)
    houses = [c for c in ability_cards(g, owner, "safeHouse") if c != card]
    if houses:
        g.agenda.append(new_step(SafeHouse, "safe_house", owner, card))


class SafeHouse(NamedTuple):
    """The player may move the spy just removed from ``card`` to one of their Safe House cards instead."""

    kind: str
    player: int
    card: int


def _safe_house_options(g: Game, step: SafeHouse) -> list[Option]:
    opts: list[Option] = [("safe_house", c) for c in ability_cards(g, step.player, "safeHouse") if c != step.card]
    opts.append(DECLINE)
    return opts


def _safe_house(g: Game, step: SafeHouse, option: Option) -> None:
    if option[0] == "decline":
        return
    p = step.player
    g.add_spy(p, option[1], placed=False)
    g.log("safe_house", p, option[1])


_safe_house_label: Final = option_labels({"decline": N_("Decline"), "safe_house": N_("Put the spy on {card}")})


option_kind("safe_house", Field("card", COURT_CARDS, points_at="card"))


decision_kind(
    "safe_house", SafeHouse, _safe_house_options, _safe_house, _safe_house_label,
    N_("Safe House: put your removed spy on your Safe House card instead?"), args={"card": CourtCardNumber},
)


# ---------------------------------------------------------------------------- influence and dominance


def gift_influence(g: Game, player: int) -> int:
    """Influence per gift: 1; none under Embarrassment of Riches; one more for the Koh-i-noor's buyer."""
    if not g.effects:
        return 1
    base = 0 if has_effect(g, "embarrassementOfRiches") else 1
    return base + (1 if has_effect(g, "kohINoorRecovered", player) and _own(g, "kohINoorRecovered", player) else 0)


def _own(g: Game, effect: str, player: int) -> bool:
    return any(e == effect and p == player for e, p, _card in g.effects)


def patriots_count(g: Game, player: int) -> bool:
    """Rumor: the chosen player's patriots give no influence."""
    return not (g.effects and _own(g, "rumor", player))


def dominance_lead(g: Game, base: int) -> int:
    """Conflict Fatigue: a coalition needs only 2 more blocks than each other to be dominant."""
    return 2 if g.effects and has_effect(g, "conflictFatigue") else base


def before_dominance_scoring(g: Game) -> None:
    """Effects that last "until the next Dominance Check" end as the check begins."""
    if g.effects:
        end_effects(g, scored=False)


def before_dominance_cleanup(g: Game) -> None:
    return


def after_dominance_check(g: Game) -> None:
    """Lasting effects end; Insurrection places two Afghan armies in Kabul."""
    end_effects(g)

    for p in range(g.n):
        if has_ability(g, p, "insurrection"):
            g.log("insurrection", p)
            # Placed in reverse so the first army's component-limit choice (if any) comes first.
            place(g, p, "army", KABUL, AFGHAN)
            place(g, p, "army", KABUL, AFGHAN)
