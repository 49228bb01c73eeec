"""The six card-based actions: tax, gift, build, move, betray, battle.

A card gives at most one action per turn. Actions of cards in the favored suit are bonus actions. A card
held hostage can be used only after a bribe to the hostage-taker (who may lower or waive it). Every action
with several parts is a sequence of small decisions; each kind below has a function that says whether the
action can be taken at all and handlers that list and apply its steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ..content.cards import ACTIONS, COURT
from ..content.i18n import N_
from ..content.i18n import gettext as _
from ..content.map import (
    BORDER_INDEX,
    BORDER_NAMES,
    BORDERS,
    COALITION_INDEX,
    COALITIONS,
    ECONOMIC,
    NEIGHBOURS,
    REGION_BORDERS,
    REGION_INDEX,
    REGIONS,
)
from ..engine.errors import PamirError
from ..engine.log import log_kind
from ..engine.options import (
    CARDS,
    COALITION_NAMES,
    COURT_CARDS,
    DONE,
    REGION_NAMES,
    SEATS,
    Field,
    option_kind,
    shared_options,
)
from ..engine.steps import (
    KINDS,
    Arg,
    Count,
    CourtCardNumber,
    InnerStep,
    OneOf,
    Option,
    Seat,
    Step,
    automatic_kind,
    decision_kind,
    new_step,
    per_seat_and_card,
)
from ..presentation.describe import army_text, card_name, plain_label, player_name, road_text, where_name
from .abilities import (
    after_build,
    army_moves_without_roads,
    block_label,
    bribe_waiver,
    build_blocks_paid,
    build_units,
    counts_as_favored,
    extra_spy_neighbours,
    hostage_bribe_waived,
    protected_from_betrayal,
    spy_move_distance,
    spy_protected,
    spy_removed,
    taxes_as_if_ruling_everywhere,
    tribe_protected,
    tribes_battle,
    tribes_move,
)
from .court import (
    ROAD,
    ask_bribe,
    block_coalition,
    discard_from_court,
    hostage_holder,
)
from .market import holds, pay_action_cost
from .pieces import place

if TYPE_CHECKING:
    from ..engine.game import Game

log_kind("gift", "player", "cost")
log_kind("betray", "player", "card", "owner")
log_kind("prize", "player", "card", "coalition")
log_kind("action", "player", "card", "action", "bonus")
log_kind("move_army", "player", "source", "to")
log_kind("move_tribe", "player", "source", "to")
log_kind("prize_declined", "player", "card")
log_kind("battle", "player", "region?", "card?", "limit")
log_kind("removed", "player", "kind", "coalition?", "owner?", "where")
log_kind("bribe_waived", "player", "to", "amount", "purpose", "card", "by", "source")
log_kind("tax", "player", "card?", "target?")
log_kind("move_spy", "player", "card", "to")

BUILD_UNIT_COST: Final = 2
BETRAY_COST: Final = 2
BUILD_UNITS: Final = 3
ACTIONS_PER_TURN: Final = 2


def is_bonus(g: Game, player: int, card: int) -> bool:
    """Actions of cards in the favored suit are bonus actions (plus card and event exceptions)."""
    return COURT[card].suit == g.favored or counts_as_favored(g, player, card)


def gift_cost(g: Game, player: int) -> int:
    """Gifts fill the dial's spaces in order: 2, 4 and 6 rupees."""
    return 2 * (g.gifts[player] + 1)


def action_min_cost(g: Game, player: int, action: str) -> int:
    if action == "gift":
        return gift_cost(g, player)
    if action == "build":
        return BUILD_UNIT_COST
    if action == "betray":
        return BETRAY_COST
    return 0


option_kind("action", Field("card", COURT_CARDS, points_at="card"), Field("action", ACTIONS))


def card_action_options(g: Game, player: int, out: list[Option]) -> None:
    main_left = g.actions_used < ACTIONS_PER_TURN
    used = g.used_cards
    checked = 0  # bit i: action i (its place in ACTIONS) checked already
    possible = 0  # bit i: action i possible now
    for card in g.courts[player]:
        if used and holds(used, card):
            continue
        if not main_left and not is_bonus(g, player, card):
            continue
        for i, option in CARD_ACTION_OPTIONS[card]:
            bit = 1 << i
            if not checked & bit:
                checked |= bit
                if _possible(g, player, i, COURT[card].rank):
                    possible |= bit
            if possible & bit:
                out.append(option)


def begin_action(g: Game, player: int, card: int, action: str) -> None:
    step = _CARD_ACTION[player][card][_action_index(action)]
    if step is None:
        raise PamirError(f"internal error: card {card} has no {action} action")
    g.agenda.append(step)
    holder, spies = hostage_holder(g, card, player)
    if spies:
        if not hostage_bribe_waived(g, player):
            ask_bribe(g, holder, player, spies, "hostage", card, action_min_cost(g, player, action))
        else:
            by, source = bribe_waiver(g, player, True)
            g.log("bribe_waived", player, holder, spies, "hostage", card, by, source)


class CardAction(NamedTuple):
    """Counts the action (unless bonus) and starts the ``action`` of ``card`` in the player's court."""

    kind: str
    player: int
    card: int
    action: str


def _card_action(g: Game, step: CardAction) -> None:
    p, card, action = step.player, step.card, step.action
    bonus = is_bonus(g, p, card)
    g.used_cards += (card,)
    if not bonus:
        g.actions_used += 1
    if not g.quiet:
        g.log("action", p, card, action, bonus)
    _start(g, p, action, COURT[card].rank)


def _card_action_check(g: Game, step: CardAction, below: Step | None) -> str | None:
    if step.card not in g.courts[step.player]:
        return f"card {step.card} is not in player {step.player}'s court"
    return None


automatic_kind(
    "card_action",
    CardAction,
    _card_action,
    check=_card_action_check,
    args={
        "player": Seat,
        "card": CourtCardNumber,
        "action": OneOf("tax", "gift", "build", "move", "betray", "battle"),
    },
)
#: ``_CARD_ACTION[p][card][i]``: the step of the card's action number ``i`` (its place in ``ACTIONS``; None for
#: an action the card does not have), made once (see :func:`~paxpamir.engine.steps.per_seat_and_card`).
_CARD_ACTION: Final = per_seat_and_card(
    lambda p, c: tuple(CardAction("card_action", p, c, a) if a in COURT[c].actions else None for a in ACTIONS)
)


# ---------------------------------------------------------------------------- tax


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


def _can_tax(g: Game, player: int, rank: int) -> bool:
    return any(g.market_rupees[s] and g.market[s] for s in range(12)) or bool(_taxable_players(g, player))


def _start_tax(g: Game, player: int, rank: int) -> None:
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
        _push_more(g, new_step(Tax, "tax", p, left - 1, taken + 1))


def _more_ask(g: Game, step: Tax | Build | Move | Battle) -> str:
    return _("{prompt} (up to {n} more)").format(prompt=_(KINDS[step.kind].prompt), n=step.left)


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
    "tax",
    Tax,
    options=_tax_options,
    apply=_tax,
    prompt=N_("Tax: take a rupee from a market card or a player (you may stop after the first)"),
    ask=_more_ask,
    label=_tax_label,
    args={"player": Seat, "left": Count, "taken": Count},
)


# ---------------------------------------------------------------------------- gift


def _can_gift(g: Game, player: int, rank: int) -> bool:
    return g.gifts[player] < 3 and g.rupees[player] >= gift_cost(g, player)


def _start_gift(g: Game, player: int, rank: int) -> None:
    cost = gift_cost(g, player)
    pay_action_cost(g, player, cost)
    g.log("gift", player, cost)
    place(g, player, "gift", 0)


# ---------------------------------------------------------------------------- build


def _buildable(g: Game, player: int) -> tuple[list[int], list[int]]:
    ruled = [r for r in range(6) if g.rulers[r] == player]
    borders = sorted({b for r in ruled for b in REGION_BORDERS[r]})
    return ruled, borders


def _can_build(g: Game, player: int, rank: int) -> bool:
    return g.rupees[player] >= BUILD_UNIT_COST and player in g.rulers


def _start_build(g: Game, player: int, rank: int) -> None:
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
        _push_more(g, new_step(Build, "build", p, left - 1, placed + 1))
    else:
        g.agenda.append(new_step(BuildDone, "build_done", p, placed + 1))
    coalition = block_coalition(g, p)
    if option[0] == "army":
        place(g, p, "army", REGION_INDEX[option[1]], coalition)
    else:
        place(g, p, "road", BORDER_INDEX[option[1]], coalition)


def _build_label(g: Game, step: Build, option: Option) -> str:
    return block_label(option)


option_kind("army", Field("region", REGION_NAMES, points_at="region"))
#: ``ARMY[r]``: the army option of region number ``r``.
ARMY: Final = shared_options("army", REGION_NAMES)

decision_kind(
    "build",
    Build,
    options=_build_options,
    apply=_build,
    prompt=N_("Build: place an army or a road (you may stop after the first)"),
    ask=_more_ask,
    label=_build_label,
    args={"player": Seat, "left": Count, "placed": Count},
)


class BuildDone(NamedTuple):
    """Finishes a build of ``placed`` units (Infrastructure)."""

    kind: str
    player: int
    placed: int


def _build_done(g: Game, step: BuildDone) -> None:
    _after_build(g, step.player, step.placed)


automatic_kind("build_done", BuildDone, _build_done, args={"player": Seat, "placed": Count})


def _after_build(g: Game, player: int, placed: int) -> None:
    after_build(g, player, placed)


# ---------------------------------------------------------------------------- move


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


def _can_move(g: Game, player: int, rank: int) -> bool:
    """Whether ``player`` has a move: an army or tribe move, or a spy in play while the courts hold two cards or
    more (on a ring of two cards or more every card has a neighbour, so every spy can move). The same answer as
    ``bool(_move_options_for(g, player))``, which ``tests/test_rules_actions.py`` checks, without listing the
    spies' moves."""
    if _move_options_for(g, player, first=True, spies=False):
        return True
    return g.spies_in_play(player) > 0 and sum(len(court) for court in g.courts) > 1


def _start_move(g: Game, player: int, rank: int) -> None:
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
            _push_more(g, new_step(Move, "move", p, left - 1, moved + 1))
    else:
        if left > 1:
            _push_more(g, new_step(Move, "move", p, left - 1, moved + 1))
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
            from .court import overthrow_cards

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
    "move",
    Move,
    options=_move_options,
    apply=_move,
    prompt=N_("Move: move one loyal army or one of your spies (you may stop after the first)"),
    ask=_more_ask,
    label=_move_label,
    args={"player": Seat, "left": Count, "moved": Count},
)


def _carry_placed(g: Game, kind: str, source: int, to: int, owner: int, left_behind: int) -> None:
    """A piece placed this turn stays "placed this turn" when it moves (component limits exclude it). Pieces
    are alike, so the moved one counts as new only when every piece left behind at the source is new."""
    key = (kind, source, owner)
    placed = g.placed
    if placed.count(key) > left_behind:
        i = placed.index(key)
        g.placed = (*placed[:i], *placed[i + 1 :], (kind, to, owner))


def _push_more(g: Game, step: Tax | Build | Move | Battle) -> None:
    """Push a repeated decision (tax, build, move, battle) to come after whatever is pending now; it is
    asked only if it then offers something more than stopping."""
    g.agenda.append(new_step(More, "more", step.player, step))


class More(NamedTuple):
    """Pushes the ``inner`` ``tax``/``build``/``move``/``battle`` step if it still offers more than stopping."""

    kind: str
    player: int
    inner: tuple


def _more(g: Game, step: More) -> None:
    inner = step.inner
    options = KINDS[inner[0]].options(g, inner)  # type: ignore[misc]
    if any(o[0] != "done" for o in options):
        g.agenda.append(inner)
    elif isinstance(inner, Build):
        _after_build(g, inner.player, inner.placed)


def _more_check(g: Game, step: More, below: Step | None) -> str | None:
    if step.inner[0] not in ("tax", "build", "move", "battle") or step.inner[1] != step.player:
        return "the inner step must be the same player's tax, build, move or battle step"
    return None


automatic_kind("more", More, _more, check=_more_check, args={"player": Seat, "inner": InnerStep})


# ---------------------------------------------------------------------------- betray


def betray_targets(g: Game, player: int) -> list[int]:
    """Court cards ``player`` may betray: those with their spy on them (Bodyguards protects political cards)."""
    out = []
    for q in range(g.n):
        for c in g.courts[q]:
            if g.spy_count(c, player) and not protected_from_betrayal(g, q, c):
                out.append(c)
    return out


def _can_betray(g: Game, player: int, rank: int) -> bool:
    return g.rupees[player] >= BETRAY_COST and bool(betray_targets(g, player))


def _start_betray(g: Game, player: int, rank: int) -> None:
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


def _betray_label(g: Game, step: Betray, option: Option) -> str:
    if option[:1] == ("betray",) and len(option) == 2:
        return _("Betray {card}").format(card=card_name(option[1]))
    return plain_label(option)


option_kind("betray", Field("card", COURT_CARDS, points_at="card"))
BETRAY: Final = shared_options("betray", range(101))

decision_kind(
    "betray",
    Betray,
    options=_betray_options,
    apply=_betray,
    prompt=N_("Betray: choose a card with your spy on it to discard (2 rupees)"),
    label=_betray_label,
    args={"player": Seat},
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
        from .court import change_loyalty

        change_loyalty(g, p, coalition)
    g.add_prize(p, card)
    g.log("prize", p, card, coalition)


def _prize_label(g: Game, step: Prize, option: Option) -> str:
    if option[:1] == ("take_prize",):
        return _("Take the card as a prize")
    if option[:1] == ("decline_prize",):
        return _("Leave it in the discard pile")
    return plain_label(option)


option_kind("take_prize")
option_kind("decline_prize")

decision_kind(
    "prize",
    Prize,
    options=_prize_options,
    apply=_prize,
    prompt=N_("Take the betrayed card as a prize, or leave it in the discard pile"),
    label=_prize_label,
    args={"player": Seat, "card": CourtCardNumber},
)


# ---------------------------------------------------------------------------- battle


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


def _can_battle(g: Game, player: int, rank: int) -> bool:
    return bool(_battle_sites(g, player, first=True))


def _start_battle(g: Game, player: int, rank: int) -> None:
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


def _site_label(g: Game, step: BattleSite, option: Option) -> str:
    a = option[1] if len(option) > 1 else None
    if option[:1] == ("battle_region",):
        return _("Battle in {region}").format(region=where_name(a))
    if option[:1] == ("battle_card",):
        return _("Battle on {card}").format(card=card_name(a))  # type: ignore[arg-type]
    return plain_label(option)


option_kind("battle_region", Field("region", REGION_NAMES, points_at="region"))
option_kind("battle_card", Field("card", COURT_CARDS, points_at="card"))
#: ``BATTLE_REGION[r]`` (region number ``r``), ``BATTLE_CARD[card]``.
BATTLE_REGION: Final = shared_options("battle_region", REGION_NAMES)
BATTLE_CARD: Final = shared_options("battle_card", range(101))

decision_kind(
    "battle_site",
    BattleSite,
    options=_site_options,
    apply=_battle_site,
    prompt=N_("Battle: choose a region or a court card to fight in"),
    label=_site_label,
    args={"player": Seat, "rank": Arg("a rank", 1, 3)},
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
        _push_more(g, new_step(Battle, "battle", p, site, where, left - 1, removed + 1))
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
    "battle",
    Battle,
    options=_battle_options,
    apply=_battle,
    prompt=N_("Battle: remove an enemy unit (you may stop after the first)"),
    ask=_more_ask,
    label=_battle_label,
    check=_battle_check,
    args={
        "player": Seat,
        "site": OneOf("region", "card"),
        "where": Arg("a region index or a court card", 0, 100),
        "left": Count,
        "removed": Count,
    },
)


def _action_index(action: str) -> int:
    """The place of ``action`` in ``ACTIONS`` (``ACTIONS.index``, which a compiled build would call as a Python
    method); ``tests/test_rules_actions.py`` checks that the two agree."""
    if action == "tax":
        return 0
    if action == "gift":
        return 1
    if action == "build":
        return 2
    if action == "move":
        return 3
    if action == "betray":
        return 4
    return 5


def _card_action_table(card: int) -> tuple[tuple[int, Option], ...]:
    return tuple((_action_index(a), ("action", card, a)) for a in COURT[card].actions) if card else ()


#: For each court card, its actions as ``(index in ACTIONS, ("action", card, action))``, made once: a turn's
#: listing hands out these shared (immutable) options instead of making new tuples.
CARD_ACTION_OPTIONS: Final[tuple[tuple[tuple[int, Option], ...], ...]] = tuple(
    _card_action_table(c) for c in range(101)
)


def _possible(g: Game, player: int, action: int, rank: int) -> bool:
    """Whether ``player`` could take action number ``action`` (its place in ``ACTIONS``) with a card of ``rank``
    now. (Direct calls, not a table of functions: a compiled build calls these natively.)"""
    if action == 0:
        return _can_tax(g, player, rank)
    if action == 1:
        return _can_gift(g, player, rank)
    if action == 2:
        return _can_build(g, player, rank)
    if action == 3:
        return _can_move(g, player, rank)
    if action == 4:
        return _can_betray(g, player, rank)
    return _can_battle(g, player, rank)


def _start(g: Game, player: int, action: str, rank: int) -> None:
    """Push the first step of ``action`` taken with a card of ``rank``."""
    if action == "tax":
        _start_tax(g, player, rank)
    elif action == "gift":
        _start_gift(g, player, rank)
    elif action == "build":
        _start_build(g, player, rank)
    elif action == "move":
        _start_move(g, player, rank)
    elif action == "betray":
        _start_betray(g, player, rank)
    else:
        _start_battle(g, player, rank)

__all__ = [
    "BORDERS",
    "begin_action",
    "betray_targets",
    "card_action_options",
    "card_battle_targets",
    "is_bonus",
    "region_battle_targets",
]
