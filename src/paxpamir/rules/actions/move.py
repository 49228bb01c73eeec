"""Move: up to the card's rank in moves, one at a time: a loyal army (or, by a card ability, a tribe) to a
neighbouring region along a road, or a spy along the ring of courts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...content.i18n import N_
from ...content.i18n import gettext as _
from ...content.map import NEIGHBOURS, REGION_INDEX, REGIONS
from ...engine.log import log_kind
from ...engine.options import COURT_CARDS, DONE, REGION_NAMES, Field, option_kind
from ...engine.steps import Option, decision_kind, new_step
from ..abilities import army_moves_without_roads, extra_spy_neighbours, spy_move_distance, tribes_move
from ..court import overthrow_cards
from ..names import card_name, plain_label, where_name
from ..pieces import block_coalition
from .repeat import more_ask, push_more, repeated_args

if TYPE_CHECKING:
    from ...engine.game import Game

log_kind("move_army", "player", "source", "to")
log_kind("move_tribe", "player", "source", "to")
log_kind("move_spy", "player", "card", "to")


def _ring(g: Game) -> list[int]:
    """All court cards around the table, clockwise: the track spies move along.

    Play passes clockwise, to the left, so seat k+1 sits on seat k's left and each court's left end lies next
    to the right end of the court of the player on its owner's left. Going clockwise therefore runs through
    each court from its right end to its left end, seat after seat. (With two players both orders agree.)"""
    return [c for court in g.courts for c in reversed(court)]


def _spy_steps(g: Game, player: int, ring: list[int], i: int) -> list[int]:
    """The cards one spy move away from ``ring[i]``: its two neighbours on the track, and under Strange
    Bedfellows every other court card of the same region."""
    size = len(ring)
    card = ring[i]
    out: list[int] = []
    for j in ((i + 1) % size, (i - 1) % size):
        dest = ring[j]
        if dest != card and dest not in out:
            out.append(dest)
    for dest in extra_spy_neighbours(g, player, card):
        if dest != card and dest not in out:
            out.append(dest)
    return out


def _move_options_for(g: Game, player: int, first: bool = False, spies: bool = True) -> list[Option]:
    """Every single move ``player`` may make (with ``first``: stop at the first one found; without ``spies``:
    army and tribe moves only)."""
    opts: list[Option] = []
    coalition = block_coalition(g, player)
    armies = g.armies
    roads = g.roads
    free_roads = army_moves_without_roads(g, player)
    movers_tribes = tribes_move(g, player)
    n = g.n
    for r in range(6):
        has_army = coalition >= 0 and armies[r * 3 + coalition] > 0
        has_tribe = movers_tribes and g.tribes[r * n + player] > 0
        if not (has_army or has_tribe):
            continue
        for to, border in NEIGHBOURS[r]:
            if free_roads or roads[border * 3 + coalition] > 0:
                if has_army:
                    opts.append(("move_army", REGIONS[r], REGIONS[to]))
                if has_tribe:
                    opts.append(("move_tribe", REGIONS[r], REGIONS[to]))
                if first:
                    return opts
    if spies:
        for c, dest in spy_moves(g, player, first):
            opts.append(("move_spy", c, dest))
    return opts


def spy_moves(g: Game, player: int, first: bool = False) -> list[tuple[int, int]]:
    """Every single spy move ``player`` may make, as (from card, to card) (with ``first``: the moves of the first
    card that has any). A move goes to a neighbour on the ring of courts; Strange Bedfellows adds the cards of the
    same region, Well Connected a second step."""
    out: list[tuple[int, int]] = []
    if not g.spies_in_play(player):
        return out
    ring = _ring(g)
    size = len(ring)
    if size > 1:
        distance = spy_move_distance(g, player)
        for i, c in enumerate(ring):
            if not g.spy_count(c, player):
                continue
            dests = _spy_steps(g, player, ring, i)
            # Well-Connected: a move may be two steps, each along the track or (Strange Bedfellows) to a card of
            # the same region, in any order. A spy that ends where it began has not moved.
            frontier = dests
            for _step in range(distance - 1):
                reached: list[int] = []
                for via in frontier:
                    for dest in _spy_steps(g, player, ring, ring.index(via)):
                        if dest != c and dest not in dests and dest not in reached:
                            reached.append(dest)
                dests = dests + reached
                frontier = reached
            for dest in dests:
                out.append((c, dest))
            if first and dests:
                return out
    return out


def can_move(g: Game, player: int, rank: int) -> bool:
    """Whether ``player`` has a move: an army or tribe move, or a spy in play while the courts hold two cards or
    more (on a ring of two cards or more every card has a neighbour, so every spy can move). The same answer as
    ``bool(_move_options_for(g, player))``, which ``tests/test_rules_actions.py`` checks, without listing the
    spies' moves."""
    if _move_options_for(g, player, first=True, spies=False):
        return True
    return g.spies_in_play(player) > 0 and sum(len(court) for court in g.courts) > 1


def start_move(g: Game, player: int, rank: int) -> None:
    g.agenda.append(new_step(Move, "move", player, rank, 0))


class Move(NamedTuple):
    """The player makes the next army, tribe or spy move (``left`` more at most, ``moved`` so far), or stops."""

    kind: str
    player: int
    left: int
    moved: int


def _move_options(g: Game, step: Move) -> list[Option]:
    opts = _move_options_for(g, step.player)
    if step.moved:
        opts.append(DONE)
    return opts


def _move(g: Game, step: Move, option: Option) -> None:
    p, left, moved = step.player, step.left, step.moved
    kind: str = option[0]
    if kind == "done":
        return
    if kind == "move_spy":
        g.move_spy(p, option[1], option[2])
        _carry_placed(g, "spy", option[1], option[2], p, g.spy_count(option[1], p))
        if not g.quiet:
            g.log("move_spy", p, option[1], option[2])
        if left > 1:
            push_more(g, new_step(Move, "move", p, left - 1, moved + 1))
    else:
        if left > 1:
            push_more(g, new_step(Move, "move", p, left - 1, moved + 1))
        a, b = REGION_INDEX[option[1]], REGION_INDEX[option[2]]
        if kind == "move_army":
            c = block_coalition(g, p)
            g.armies[a * 3 + c] -= 1
            g.armies[b * 3 + c] += 1
            _carry_placed(g, "army", a, b, c, g.armies[a * 3 + c])
        else:
            i = g.n
            g.tribes[a * i + p] -= 1
            g.tribes[b * i + p] += 1
            _carry_placed(g, "tribe", a, b, p, g.tribes[a * i + p])
        g.log(kind, p, a, b)
        g.recompute_ruler(min(a, b))  # in region order, as the log has always listed ruler changes
        g.recompute_ruler(max(a, b))
        if kind == "move_tribe" and g.tribes[a * g.n + p] == 0:
            overthrow_cards(g, p, a)


def _move_label(g: Game, step: Move, option: Option) -> str:
    kind = option[0] if option else ""
    a = option[1] if len(option) > 1 else None
    b = option[2] if len(option) > 2 else None
    if kind == "move_army":
        return _("Move an army from {source} to {to}").format(source=where_name(a), to=where_name(b))
    if kind == "move_tribe":
        return _("Move a tribe from {source} to {to}").format(source=where_name(a), to=where_name(b))
    if kind == "move_spy":
        return _("Move a spy from {card} to {to}").format(card=card_name(a), to=card_name(b))  # type: ignore[arg-type]
    if kind == "done":
        return _("Stop here")
    return plain_label(option)


option_kind("move_army", Field("region", REGION_NAMES, "region", "from"), Field("to", REGION_NAMES, "region"))
option_kind("move_tribe", Field("region", REGION_NAMES, "region", "from"), Field("to", REGION_NAMES, "region"))
option_kind("move_spy", Field("card", COURT_CARDS, "card", "from"), Field("to", COURT_CARDS, "card"))

decision_kind(
    "move", Move, _move_options, _move, _move_label,
    N_("Move: move one loyal army or one of your spies (you may stop after the first)"),
    ask=more_ask, args=repeated_args("moved"),
)


def _carry_placed(g: Game, kind: str, source: int, to: int, owner: int, left_behind: int) -> None:
    """A piece placed this turn stays "placed this turn" when it moves (component limits exclude it). Pieces
    are alike, so the moved one counts as new only when every piece left behind at the source is new."""
    key = (kind, source, owner)
    placed = g.placed
    if placed.count(key) > left_behind:
        i = placed.index(key)
        g.placed = (*placed[:i], *placed[i + 1 :], (kind, to, owner))
