"""Lasting effects: events whose effect stays in force until (or until after) the next Dominance Check. One
table (:data:`LASTING_EFFECTS`) names them; the rules ask :func:`has_effect`, and a Dominance Check ends them
(:func:`end_effects`). The events that put them in force are in :mod:`paxpamir.rules.events`; what they change,
in the hooks of :mod:`paxpamir.rules.abilities`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ..content.i18n import N_
from ..content.i18n import gettext as _
from ..engine.log import log_kind

if TYPE_CHECKING:
    from ..engine.game import Game

log_kind("effect_on", "effect", "player", "card")
log_kind("effect_off", "effect", "player", "card")


class LastingEffect(NamedTuple):
    """An event whose effect stays in force for a while: its effect id (from the card data), its name, what
    it does while in force (``{p}``: the player it belongs to), how long it lasts, and whom it concerns:
    ``"buyer"``, ``"everyone"`` or ``"chosen"`` (a player or suit the buyer chooses: its own decision step).
    What it changes is in the rule hooks of :mod:`paxpamir.rules.abilities`."""

    id: str
    name: str
    text: str
    duration: str
    scope: str = "buyer"


#: The one table of lasting effects. An effect ends at the next Dominance Check ("until": before it is
#: scored) or right after its scoring ("until after", and Conflict Fatigue, which must count during it).
LASTING_EFFECTS: Final[dict[str, LastingEffect]] = {
    e.id: e
    for e in (
        LastingEffect(
            "newTactics",
            N_("New Tactics"),
            N_("{p}'s military cards count as favored until the next Dominance Check."),
            N_("until the next Dominance Check"),
        ),
        LastingEffect(
            "kohINoorRecovered",
            N_("Koh-i-noor Recovered"),
            N_("each of {p}'s gifts gives one extra influence until after the next Dominance Check."),
            N_("until after the next Dominance Check"),
        ),
        LastingEffect(
            "embarrassementOfRiches",
            N_("Embarrassment of Riches"),
            N_("gifts give no influence until after the next Dominance Check."),
            N_("until after the next Dominance Check"),
            "everyone",
        ),
        LastingEffect(
            "courtlyManners",
            N_("Courtly Manners"),
            N_("{p} may decline to pay bribes until the next Dominance Check."),
            N_("until the next Dominance Check"),
        ),
        LastingEffect(
            "disregardForCustoms",
            N_("Disregard for Customs"),
            N_("nobody pays bribes until the next Dominance Check."),
            N_("until the next Dominance Check"),
            "everyone",
        ),
        LastingEffect(
            "rumor",
            N_("Rumor"),
            N_("{p}'s patriots give no influence until after the next Dominance Check."),
            N_("until after the next Dominance Check"),
            "chosen",
        ),
        LastingEffect(
            "conflictFatigue",
            N_("Conflict Fatigue"),
            N_("at the next Dominance Check, 2 more blocks than each other coalition are enough to dominate."),
            N_("at the next Dominance Check"),
            "everyone",
        ),
        LastingEffect(
            "nationalism",
            N_("Nationalism"),
            N_("{p}'s tribes may move and battle as if they were armies until the next Dominance Check."),
            N_("until the next Dominance Check"),
        ),
        LastingEffect(
            "nationBuilding",
            N_("Nation Building"),
            N_("{p} places twice as many blocks with each build action until the next Dominance Check."),
            N_("until the next Dominance Check"),
        ),
        LastingEffect(
            "pashtunwaliValues",
            N_("Pashtunwali Values"),
            N_("impact icons do not change the favored suit until the next Dominance Check."),
            N_("until the next Dominance Check"),
            "chosen",
        ),
    )
}

#: effect id -> how long it lasts (derived from the table).
LASTING: Final = {e.id: e.duration for e in LASTING_EFFECTS.values()}


def effect_name(effect: str) -> str:
    """The name of a lasting effect (its id if unknown)."""
    e = LASTING_EFFECTS.get(effect)
    return _(e.name) if e is not None else effect


def effect_text(effect: str, player: str) -> str | None:
    """What a lasting effect does while in force, for ``player`` (a name; empty: "its buyer"), or None."""
    e = LASTING_EFFECTS.get(effect)
    return _(e.text).format(p=player or _("its buyer")) if e is not None else None


def add_effect(g: Game, effect: str, player: int, card: int) -> None:
    g.effects += ((effect, player, card),)
    g.log("effect_on", effect, player, card)


def has_effect(g: Game, effect: str, player: int = -1) -> bool:
    for e, p, _card in g.effects:
        if e == effect and (player < 0 or p == player or p < 0):
            return True
    return False


#: Effects that must still count while a Dominance Check is scored.
UNTIL_AFTER: Final = frozenset(e for e, lasts in LASTING.items() if lasts != "until the next Dominance Check")


def end_effects(g: Game, scored: bool = True) -> None:
    """End lasting effects at a Dominance Check: before it is scored (``scored=False``) those that last
    "until the next Dominance Check"; once it is scored, all that remain."""
    keep = []
    for effect, player, card in g.effects:
        if not scored and effect in UNTIL_AFTER:
            keep.append((effect, player, card))
            continue
        g.discard.append(card)
        g.log("effect_off", effect, player, card)
    g.effects = tuple(keep)
