"""Build: up to three armies or roads (Nation Building: six) in the regions the builder rules and on their
borders, two rupees each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ...content.i18n import N_
from ...content.map import BORDER_INDEX, REGION_BORDERS, REGION_INDEX
from ...engine.options import DONE
from ...engine.steps import Count, Option, automatic_kind, decision_kind, new_step
from ..abilities import after_build, block_label, build_blocks_paid, build_units
from ..market import pay_action_cost
from ..pieces import ARMY, ROAD, block_coalition, place
from .repeat import more_ask, push_more, repeated_args

if TYPE_CHECKING:
    from ...engine.game import Game

BUILD_UNIT_COST: Final = 2
BUILD_UNITS: Final = 3


def _buildable(g: Game, player: int) -> tuple[list[int], list[int]]:
    ruled = [r for r in range(6) if g.rulers[r] == player]
    borders = sorted({b for r in ruled for b in REGION_BORDERS[r]})
    return ruled, borders


def can_build(g: Game, player: int, rank: int) -> bool:
    return g.rupees[player] >= BUILD_UNIT_COST and player in g.rulers


def start_build(g: Game, player: int, rank: int) -> None:
    g.agenda.append(new_step(Build, "build", player, build_units(g, player, BUILD_UNITS), 0))


class Build(NamedTuple):
    """The player builds the next army or road (``left`` more at most, ``placed`` so far), or stops."""

    kind: str
    player: int
    left: int
    placed: int


def _build_options(g: Game, step: Build) -> list[Option]:
    p, placed = step.player, step.placed
    opts: list[Option] = []
    free = build_blocks_paid(g, p, placed + 1) == build_blocks_paid(g, p, placed)  # Nation Building
    if free or g.rupees[p] >= BUILD_UNIT_COST:
        ruled, borders = _buildable(g, p)
        opts.extend(ARMY[r] for r in ruled)
        opts.extend(ROAD[b] for b in borders)
    if placed:
        opts.append(DONE)
    return opts


def _build(g: Game, step: Build, option: Option) -> None:
    p, left, placed = step.player, step.left, step.placed
    if option[0] == "done":
        _after_build(g, p, placed)
        return
    paid = build_blocks_paid(g, p, placed)
    if build_blocks_paid(g, p, placed + 1) > paid:
        pay_action_cost(g, p, BUILD_UNIT_COST, paid * BUILD_UNIT_COST)
    if left > 1:
        push_more(g, new_step(Build, "build", p, left - 1, placed + 1))
    else:
        g.agenda.append(new_step(BuildDone, "build_done", p, placed + 1))
    coalition = block_coalition(g, p)
    if option[0] == "army":
        place(g, p, "army", REGION_INDEX[option[1]], coalition)
    else:
        place(g, p, "road", BORDER_INDEX[option[1]], coalition)


decision_kind(
    "build", Build, _build_options, _build, block_label,
    N_("Build: place an army or a road (you may stop after the first)"), ask=more_ask, args=repeated_args("placed"),
)


class BuildDone(NamedTuple):
    """Finishes a build of ``placed`` units (Infrastructure)."""

    kind: str
    player: int
    placed: int


def _build_done(g: Game, step: BuildDone) -> None:
    _after_build(g, step.player, step.placed)


automatic_kind("build_done", BuildDone, _build_done, args={"placed": Count})


def _after_build(g: Game, player: int, placed: int) -> None:
    after_build(g, player, placed)
