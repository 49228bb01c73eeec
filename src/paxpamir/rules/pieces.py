"""Placing units, with the component limits (rulebook "Component Limits").

When a unit must be placed and none is left in supply, the placing player takes one of the required shape
and colour from anywhere in play, except pieces placed this turn, and places it as instructed (a tribe may
become a spy, a road an army). If every such piece was placed this turn, nothing is placed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ..content.i18n import N_
from ..content.i18n import gettext as _
from ..content.map import BORDER_INDEX, BORDER_NAMES, REGION_INDEX, REGIONS
from ..engine.log import log_kind
from ..engine.options import COURT_CARDS, REGION_NAMES, Field, option_kind, shared_options
from ..engine.steps import Arg, CoalitionOrNone, OneOf, Option, Step, automatic_kind, decision_kind, new_step
from .names import card_name, plain_label, where_name
from .wakhan import pragmatic_loyalty

if TYPE_CHECKING:
    from ..engine.game import Game

log_kind("take_piece", "player", "source", "kind")
log_kind("no_piece", "player", "kind", "where", "coalition")
log_kind("place", "player", "kind", "where", "coalition")

CYLINDER_KINDS: Final = ("tribe", "spy", "gift")

# The options that place a piece: several decisions list them (building, impact icons, abilities).
option_kind("army", Field("region", REGION_NAMES, points_at="region"))
#: ``ARMY[r]``: the army option of region number ``r``.
ARMY: Final = shared_options("army", REGION_NAMES)
option_kind("road", Field("border", BORDER_NAMES, points_at="border"))
#: ``ROAD[b]``: the road option of border number ``b``.
ROAD: Final = shared_options("road", BORDER_NAMES)
option_kind("spy", Field("card", COURT_CARDS, points_at="card"))
#: ``SPY[card] == ("spy", card)``.
SPY: Final = shared_options("spy", range(101))


def block_coalition(g: Game, player: int) -> int:
    """The coalition whose blocks ``player`` places, moves and battles with (Wakhan: her pragmatic loyalty)."""
    if player == g.wakhan:
        return pragmatic_loyalty(g)
    return g.loyalty[player]


def place(g: Game, player: int, kind: str, where: int, coalition: int = -1) -> None:
    """Place a unit now if the supply has one; otherwise a ``place_piece`` step does it once the steps pushed
    above it have run, when the pieces in play to take from are known (:func:`_place_piece`).

    kind: "tribe" (where = region), "spy" (where = card), "gift", "army" (where = region, coalition),
    "road" (where = border, coalition).
    """
    if _in_supply(g, player, kind, coalition):
        _put(g, player, kind, where, coalition)
    else:
        g.agenda.append(new_step(PlacePiece, "place_piece", player, kind, where, coalition))


def _in_supply(g: Game, player: int, kind: str, coalition: int) -> bool:
    if kind in CYLINDER_KINDS:
        return g.cylinders_in_supply(player) > 0
    return g.blocks_in_supply(coalition) > 0


class PlacePiece(NamedTuple):
    """A unit the supply had none of when it was to be placed. When this step runs: placed from the supply if a
    piece has come back to it; otherwise ``player`` chooses a piece in play to take (``take_piece``) if one can
    be taken; otherwise nothing is placed. Asked only now, not when the unit was due: of two units due at once
    (the two armies of Insurrection) the second may find that the first took the last piece it could take, and
    then there is nothing to decide."""

    kind: str
    player: int
    unit: str
    where: int
    coalition: int


def _place_piece(g: Game, step: PlacePiece) -> None:
    player, kind, where, coalition = step.player, step.unit, step.where, step.coalition
    if _in_supply(g, player, kind, coalition):
        _put(g, player, kind, where, coalition)
        return
    take = new_step(TakePiece, "take_piece", player, kind, where, coalition)
    if _take_options(g, take):
        g.agenda.append(take)
    else:
        g.log("no_piece", player, kind, where, coalition)


def _put(g: Game, player: int, kind: str, where: int, coalition: int) -> None:
    # Logged first: what the new piece causes (a new ruler) is logged after it.
    if not g.quiet:
        g.log("place", player, kind, where, coalition)
    if kind == "tribe":
        g.add_tribe(player, where)
    elif kind == "spy":
        g.add_spy(player, where)
    elif kind == "gift":
        g.add_gift(player)
    elif kind == "army":
        g.add_army(coalition, where)
    else:
        g.add_road(coalition, where)


class TakePiece(NamedTuple):
    """The player chooses which piece in play to take when the supply has no ``unit`` left; ``where`` is the
    region index, card or border index the unit is for (0 for a gift), ``coalition`` the block colour or -1."""

    kind: str
    player: int
    unit: str
    where: int
    coalition: int


_WHERE: Final = {"tribe": (0, 5), "army": (0, 5), "road": (0, 8), "spy": (1, 100), "gift": (0, 0)}


def _take_check(g: Game, step: TakePiece | PlacePiece, below: Step | None) -> str | None:
    lo, hi = _WHERE[step.unit]
    if not lo <= step.where <= hi:
        return f"where must be {lo} to {hi} for a {step.unit}, not {step.where}"
    if (step.unit in CYLINDER_KINDS) != (step.coalition < 0):
        return "a block (army, road) needs its coalition; a cylinder (tribe, spy, gift) has coalition -1"
    return None


def _take_options(g: Game, step: TakePiece) -> list[Option]:
    """Pieces that may be taken: the right shape and colour, in play, not placed this turn, and not already
    where the new unit goes (taking it from there would change nothing but could overthrow)."""
    player, kind, where, coalition = step.player, step.unit, step.where, step.coalition
    opts: list[Option] = []
    if kind in CYLINDER_KINDS:
        n = g.n
        for r in range(6):
            if (kind, where) != ("tribe", r) and g.tribes[r * n + player] > g.placed_this_turn("tribe", r, player):
                opts.append(("take_tribe", REGIONS[r]))
        for court in g.courts:
            for c in court:
                if (kind, where) != ("spy", c) and g.spy_count(c, player) > g.placed_this_turn("spy", c, player):
                    opts.append(("take_spy", c))
        if kind != "gift" and g.gifts[player] > g.placed_this_turn("gift", 0, player):
            opts.append(("take_gift",))
    else:
        for r in range(6):
            if (kind, where) != ("army", r) and g.armies[r * 3 + coalition] > g.placed_this_turn("army", r, coalition):
                opts.append(("take_army", REGIONS[r]))
        for b in range(9):
            if (kind, where) != ("road", b) and g.roads[b * 3 + coalition] > g.placed_this_turn("road", b, coalition):
                opts.append(("take_road", BORDER_NAMES[b]))
    return opts


def _take_piece(g: Game, step: TakePiece, option: Option) -> None:
    player, kind, where, coalition = step.player, step.unit, step.where, step.coalition
    what = option[0]
    if what == "take_tribe":
        g.remove_tribe(player, REGION_INDEX[option[1]])
    elif what == "take_spy":
        g.remove_spy(player, option[1])
    elif what == "take_gift":
        g.remove_gift(player)
    elif what == "take_army":
        g.remove_army(coalition, REGION_INDEX[option[1]])
    else:
        g.remove_road(coalition, BORDER_INDEX[option[1]])
    g.log("take_piece", player, list(option), kind)
    if kind == "spy" and g.owner_of(where) < 0:
        # Taking the player's last tribe of a region overthrew (discarded) the card the spy was meant for.
        g.log("no_spy_target", player, where, -1)
        return
    _put(g, player, kind, where, coalition)


def _take_label(g: Game, step: TakePiece, option: Option) -> str:
    kind = str(option[0]) if option else ""
    if not kind.startswith("take_"):
        return plain_label(option)
    what = _PIECE_WORDS.get(kind[5:])
    if what is None:
        return plain_label(option)
    if len(option) < 2:
        return _(what[0])
    a = option[1]
    return _(what[1]).format(where=where_name(a) if not isinstance(a, int) else card_name(a))


_PIECE_WORDS: Final[dict[str, tuple[str, str]]] = {
    "army": (N_("Take one of your armies"), N_("Take your army from {where}")),
    "road": (N_("Take one of your roads"), N_("Take your road from {where}")),
    "tribe": (N_("Take one of your tribes"), N_("Take your tribe from {where}")),
    "spy": (N_("Take one of your spies"), N_("Take your spy from {where}")),
    "gift": (N_("Take one of your gifts"), N_("Take your gift from {where}")),
}


option_kind("take_tribe", Field("region", REGION_NAMES, points_at="region"))
option_kind("take_spy", Field("card", COURT_CARDS, points_at="card"))
option_kind("take_gift")
option_kind("take_army", Field("region", REGION_NAMES, points_at="region"))
option_kind("take_road", Field("border", BORDER_NAMES, points_at="border"))


#: The arguments of ``take_piece`` and ``place_piece`` after ``player``.
_PIECE_ARGS: Final[dict[str, Arg]] = {
    "unit": OneOf("tribe", "spy", "gift", "army", "road"),
    "where": Arg("a region index, court card or border index", 0, 100),
    "coalition": CoalitionOrNone,
}

decision_kind(
    "take_piece", TakePiece, _take_options, _take_piece, _take_label,
    N_("None left in supply: choose a piece in play to take instead"),
    check=_take_check, args=_PIECE_ARGS,
)
automatic_kind("place_piece", PlacePiece, _place_piece, check=_take_check, args=_PIECE_ARGS)
