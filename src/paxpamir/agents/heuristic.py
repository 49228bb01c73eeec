"""A fast heuristic bot: a lookahead over its turn's actions on a hand-weighted evaluation of the position.

For every legal option the bot applies it to a clone (through the public API), finishes its own follow-up
decisions of the same action greedily (where to tax, build, move, battle), and scores the result with
:func:`evaluate`. At a turn decision it also plans a second action: the best :data:`PLAN_WIDTH` first actions
are scored by the best action that can follow them in the same turn (and the best :data:`PLAN_THEN_WIDTH` of
those by a third, where a bonus action or a second action is left), so that buying a card is worth what
playing it next brings (Wakhan buys and plays in one go; a bot that only looks one action ahead hoards
rupees and loses the race for cylinders). In a game against Wakhan alone, the best :data:`REPLY_WIDTH` turn
actions are then played out to the end of the turn and through Wakhan's whole reply by her own procedure
(:func:`reply_scores`; her AI card is sampled with the rest of what the bot cannot see), in
:data:`REPLY_SAMPLES` determinizations each, and the best position after her turn, summed over them, wins:
she builds for a coalition nobody is loyal to and can make it dominant before a check, which a static
evaluation does not see coming. It reads only what its seat may see: the public board,
its own hand, and the sizes of the other hands; never another hand, the deck order or the random state.

What it values, for each player (then its own value minus most of the best opponent's):

* victory points, by far the most;
* the points it expects from the next Dominance Check: for each coalition, a chance of being dominant that
  grows with its lead in blocks (armies and roads), times the points its loyal players would get by
  influence; otherwise the points by cylinders in play (the rulebook's failed check). Places are smooth
  (:func:`soft_places`): one more cylinder or influence counts even before it changes a place. Doubled for
  the final check, and weighted up while a Dominance Check sits in the market, so it buys (triggers) a check
  when it scores well and avoids it when it does not;
* influence in its coalition (patriots, gifts, prizes), and being loyal to the coalition that leads;
* rupees (with diminishing returns), its court (rank, suit, patriots of its coalition, abilities) and hand;
* ruling regions (tax and bribe income), tribes and spies in play (cylinders: they score failed checks).

Because the opponent's value is subtracted, battles, betrayals and taxes that hurt a leader score well.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..content.cards import COURT, DOMINANCE_CHECKS, is_court_card
from ..engine.options import DONE, option_arg
from ..rules.abilities import dominance_lead
from ..rules.court import ACCEPT, ASK, INSIST, OFFER, PAY, REFUSE, BribeAnswer, BribePay
from ..rules.scoring import (
    DOMINANCE_LEAD,
    FAILURE_POINTS,
    SUCCESS_POINTS,
    cylinders_in_play,
    influence,
)
from ..rules.turn import END_TURN, hand_limit
from . import value_trees, value_trees4
from .base import Decision
from .determinize import determinize
from .wakhan import WakhanPlayer

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.steps import Option, Step

# ---------------------------------------------------------------------------- decision kinds

#: The roles a decision kind plays in the lookahead (:data:`KIND_ROLES`).
#: Continues an action the bot has just started (where to tax, build, move, battle, ...): the lookahead finishes
#: it greedily; the search bot leaves it to the heuristic.
FOLLOW_UP_ROLE: Final = "follow-up"
#: Paying a bribe, refusing or offering less: the lookahead finishes it like a follow-up, paying the amount asked
#: or refusing; the bot itself may offer less first (:func:`bargain`); the search bot searches it.
PAY_ROLE: Final = "pay"
#: The holder's side of a bribe, by a fixed policy (:func:`holder_choice`): ask for the whole amount (the payer's
#: refusal costs them their action, never the asker anything), and answer an offer by meeting halfway; the search
#: bot leaves it to the heuristic.
DEMAND_ROLE: Final = "demand"
#: A decision of its own (the turn, loyalty, an event's choice): the lookahead stops before it.
OWN_ROLE: Final = "own"

#: The role of every decision kind, by the kind's name. ``tests/test_agents_kinds.py`` fails when a decision kind
#: of the engine has none.
KIND_ROLES: Final[dict[str, str]] = {
    "loyalty": OWN_ROLE,
    "turn": OWN_ROLE,
    "rumor": OWN_ROLE,
    "exchange_hands": OWN_ROLE,
    "pashtunwali": OWN_ROLE,
    "rebuke": OWN_ROLE,
    "confidence_failure": OWN_ROLE,
    "bribe_demand": DEMAND_ROLE,
    "bribe_answer": DEMAND_ROLE,
    "bribe_pay": PAY_ROLE,
    "bribe_counter": PAY_ROLE,
    "tax": FOLLOW_UP_ROLE,
    "build": FOLLOW_UP_ROLE,
    "move": FOLLOW_UP_ROLE,
    "battle": FOLLOW_UP_ROLE,
    "battle_site": FOLLOW_UP_ROLE,
    "betray": FOLLOW_UP_ROLE,
    "prize": FOLLOW_UP_ROLE,
    "place_road": FOLLOW_UP_ROLE,
    "place_spy": FOLLOW_UP_ROLE,
    "side": FOLLOW_UP_ROLE,
    "blackmail": FOLLOW_UP_ROLE,
    "infrastructure": FOLLOW_UP_ROLE,
    "take_piece": FOLLOW_UP_ROLE,
    "safe_house": FOLLOW_UP_ROLE,
    "discard_hand_over_limit": FOLLOW_UP_ROLE,
    "discard_court_over_limit": FOLLOW_UP_ROLE,
    "leverage_discard": FOLLOW_UP_ROLE,
}


def kinds_in_role(*roles: str) -> frozenset[str]:
    """The decision kinds whose role (:data:`KIND_ROLES`) is one of ``roles``."""
    return frozenset(kind for kind, role in KIND_ROLES.items() if role in roles)


#: Decisions that continue an action the bot has just started: finished greedily during the lookahead.
FOLLOW_UP: Final = kinds_in_role(FOLLOW_UP_ROLE)
#: Decisions the lookahead finishes for the bot: follow-ups, and paying or refusing a bribe.
_FINISHED: Final = kinds_in_role(FOLLOW_UP_ROLE, PAY_ROLE)
#: Decisions of a bribe's holder: asking for it and answering an offer.
DEMANDS: Final = kinds_in_role(DEMAND_ROLE)
#: Decisions of a bribe's payer.
PAYS: Final = kinds_in_role(PAY_ROLE)


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's hand-tuned weights, in heuristic points (:data:`WEIGHTS`): one value to read, tune and
    compare whole."""

    vp: float = 6.0  # a victory point: by far the most
    check: float = 4.0  # an expected point from the next Dominance Check (vp x a discount)
    check_in_market: float = 5.5  # ... while a Dominance Check sits in the market
    influence: float = 0.8  # a point of influence in one's coalition
    rule: float = 2.0  # a region ruled
    tribe: float = 1.0  # a tribe in play
    spy: float = 0.8  # a spy in play
    hand: float = 0.6  # a card in hand, by its value (another player's: 2 points a card)
    opponent: float = 0.8  # how much of the best opponent's value is subtracted
    suit: tuple[float, ...] = (0.4, 0.2, 0.35, 0.35)  # per rank of a court card: political, intelligence, ...
    margin: float = 0.0  # per block of lead of one's coalition over the strongest other one
    margin_cap: int = 5  # ... up to this lead
    card_base: float = 1.0  # a court card
    card_action: float = 0.25  # ... and each of its actions
    rupee: float = 1.0  # each of the first five rupees (then less)
    sharpness: float = 1.3  # how fast a coalition's chance of dominance grows with its lead in blocks
    imminent_sharpness: float = 4.0  # ... while a Dominance Check sits in the market (the blocks hold till then)
    place_sharpness: float = 1.0  # how sure a lead in influence or cylinders is to hold until the check


#: The weights :func:`player_values` and :func:`card_value` use.
WEIGHTS: Final = Weights()

# How far the lookahead goes.
FOLLOW_UP_DEPTH: Final = 6  # follow-up decisions finished greedily after an option
SMALL_CHOICE: Final = 3  # a follow-up with this many options or fewer is looked through (pay or refuse, a side)
PLAN_WIDTH: Final = 16  # turn decisions: how many of the best first actions are scored with a second one
PLAN_THEN_WIDTH: Final = 2  # ... and how many of the best second actions with a third (bonus actions)
REPLY_WIDTH: Final = 4  # 2-player games with Wakhan: how many of the best turn actions meet her whole reply
REPLY_SAMPLES: Final = 3  # ... in how many determinizations (her next AI card, the deals) each, summed
REPLY_STEPS: Final = 200  # a cap on the decisions of a simulated reply
#: What each rupee from the sixth to the tenth is worth, and each beyond (the first five: ``Weights.rupee``).
#: (Two floats, not a tuple: compiled, a Final tuple read in a function was found unset: issue 34.)
RUPEES_TO_TEN: Final = 0.4
RUPEES_BEYOND_TEN: Final = 0.1


def rupee_value(r: int) -> float:
    """What ``r`` rupees add to a seat's value: the first five most, the next five less, the rest little."""
    return WEIGHTS.rupee * min(r, 5) + RUPEES_TO_TEN * max(0, min(r, 10) - 5) + RUPEES_BEYOND_TEN * max(0, r - 10)


#: :func:`rupee_value` of 0 to 63 rupees, computed once (more than a seat holds in any game seen).
RUPEE_VALUES: Final[tuple[float, ...]] = tuple(rupee_value(r) for r in range(64))
WIN_TEMPERATURE: Final = 12.0  # heuristic points per factor e in :func:`win_chance` (2 victory points)
#: Heuristic points per factor e of the fitted chance of winning (:func:`fitted_value`): the temperature at which
#: the heuristic's own values fit the 4-player games best (tools/fit_evaluation.py), so that a point means about
#: the same in both evaluations (the easy level's noise, the ties).
FITTED_POINTS: Final = 30.0
WASTED: Final = 1000.0  # below every other option: one that changes nothing or brings nothing (:func:`_after`)
# Ties go to the shorter way: an action scored by what a later action of the turn brings is worth this much less
# than that later action taken at once, and a follow-up's "done" this much more than a step that brings the same
# (a move there and back scores as stopping: issue 34). Far below any real difference of evaluations.
SHORTER: Final = 1e-6
#: Options that stop (a follow-up's "done", the turn's end): chosen over any step tied with them.
STOPS: Final = frozenset({DONE, END_TURN})
#: A game stalls when nobody buys a card: the market never moves on, no Dominance Check comes and the game never
#: ends. Two heuristic bots were seen taxing, building and battling back and forth for thousands of turns (one
#: game in about 1,600; issue 34). After this many decisions per seat (about five rounds) with no card bought, a
#: bot buys (:func:`stalled`).
STALL_DECISIONS: Final = 30
#: The options that buy a card (a player's purchase, Wakhan's radicalize).
BUYS: Final = frozenset({"purchase", "radicalize"})


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _card_static(card: int) -> tuple[float, int, int, bool, int]:
    """What :func:`card_value` reads of a court card that never changes: the sum of its base, actions and rank by
    suit (the same sum, in the same order), its suit, patriotism, whether it has an ability, and its region."""
    info = COURT[card]
    w = WEIGHTS
    return (
        w.card_base + w.card_action * len(info.actions) + info.rank * w.suit[info.suit],
        info.suit,
        info.patriot,
        bool(info.ability),
        info.region,
    )


#: :func:`_card_static` of every court card, by number (index 0: a placeholder), computed once: the evaluation
#: values every court and hand card of every seat at every position it scores.
CARD_STATIC: Final[tuple[tuple[float, int, int, bool, int], ...]] = tuple(_card_static(c) for c in range(len(COURT)))


def card_value(g: Game, player: int, card: int) -> float:
    """What a court card is worth in ``player``'s court: its actions, rank, suit, patriotism and ability."""
    value, suit, patriot, ability, region = CARD_STATIC[card]
    if suit == g.favored:
        value += 0.5
    if patriot >= 0 and player != g.wakhan:
        value += 1.2 if patriot == g.loyalty[player] else -1.5
    if ability:
        value += 0.3
    if g.rulers[region] == player:
        value += 0.4
    return value


def soft_places(values: list[tuple[int, int]], points: tuple[int, ...], sharpness: float) -> dict[int, float]:
    """Points by place like :func:`~paxpamir.rules.scoring.split_places`, but smooth: each player stands at
    the expected number of players ahead of them (another player is ahead with a chance that grows with the
    difference in value), and gets the points of that place, interpolated. A tie gives the shared points, and
    one more cylinder or influence is worth something even when it does not yet change a place."""
    result = {}
    for p, v in values:
        ahead = 0.0
        for q, w in values:
            if q != p:
                ahead += _sigmoid(sharpness * (w - v))
        low = int(ahead)
        frac = ahead - low
        here = points[low] if low < len(points) else 0
        below = points[low + 1] if low + 1 < len(points) else 0
        result[p] = here + frac * (below - here)
    return result


def _margins(blocks: list[int]) -> list[int]:
    """Each coalition's lead in blocks over the strongest other (negative: behind)."""
    b0, b1, b2 = blocks
    return [b0 - (b1 if b1 > b2 else b2), b1 - (b0 if b0 > b2 else b2), b2 - (b0 if b0 > b1 else b1)]


def check_expectations(g: Game, sharpness: float = WEIGHTS.sharpness, blocks: list[int] | None = None) -> list[float]:
    """Each player's expected victory points from the next Dominance Check, from public facts only.
    ``sharpness``: how fast the chance of a coalition's dominance grows with its lead in blocks (high when
    the check can be bought now, since the blocks will not change before it). ``blocks``: each coalition's
    blocks, when the caller has counted them already."""
    if blocks is None:
        blocks = [g.coalition_blocks(c) for c in range(3)]
    return _check_expectations(g, sharpness, blocks, None)


def _check_expectations(g: Game, sharpness: float, blocks: list[int], influences: list[int] | None) -> list[float]:
    """:func:`check_expectations`; ``influences``: each seat's influence in its coalition where the caller has
    counted it already (Wakhan's, which depends on the coalition, is counted here)."""
    n = g.n
    lead = dominance_lead(g, DOMINANCE_LEAD)
    chance = [_sigmoid(sharpness * (margin - lead + 0.5)) for margin in _margins(blocks)]
    total = sum(chance)
    if total > 1.0:
        chance = [x / total for x in chance]
        total = 1.0
    multiplier = 2 if g.dominance_checks_left() <= 1 else 1
    expected = [0.0] * n
    loyalty = g.loyalty
    wakhan = g.wakhan
    for c in range(3):
        if chance[c] < 0.01:
            continue
        values = [
            (p, influences[p] if influences is not None and p != wakhan else influence(g, p, c))
            for p in range(n)
            if loyalty[p] == c or p == wakhan
        ]
        if values:
            for p, x in soft_places(values, SUCCESS_POINTS, WEIGHTS.place_sharpness).items():
                expected[p] += chance[c] * x * multiplier
    failed = 1.0 - total
    if failed > 0.01:
        values = [(p, cylinders_in_play(g, p)) for p in range(n)]
        for p, x in soft_places(values, FAILURE_POINTS, WEIGHTS.place_sharpness).items():
            expected[p] += failed * x * multiplier
    return expected


def player_values(g: Game, viewer: int) -> list[float]:
    """A value for every seat; ``viewer``'s own hand is valued card by card, others' by their size only."""
    n = g.n
    if g.is_over:
        return [1000.0 if p in g.winners else -1000.0 for p in range(n)]
    w = WEIGHTS
    in_market = any(c in DOMINANCE_CHECKS for c in g.market)
    blocks = [g.coalition_blocks(c) for c in range(3)]
    wakhan = g.wakhan
    loyalty = g.loyalty
    # Each seat's influence in its coalition, counted once for the check's expectations and the seat's value.
    influences = [influence(g, p, loyalty[p]) if loyalty[p] >= 0 and p != wakhan else 0 for p in range(n)]
    expected = _check_expectations(g, w.imminent_sharpness if in_market else w.sharpness, blocks, influences)
    weight = w.check_in_market if in_market else w.check
    margins = _margins(blocks)
    values = []
    tribes = g.tribes
    rulers = g.rulers
    favored = g.favored
    for p in range(n):
        v = w.vp * g.vp[p] + weight * expected[p]
        loyal = loyalty[p]
        if loyal >= 0 and p != wakhan:
            v += w.influence * influences[p]
            v += w.margin * min(margins[loyal], w.margin_cap)
        elif p == wakhan:
            v += w.margin * min(max(margins), w.margin_cap)
        r = g.rupees[p]
        v += RUPEE_VALUES[r] if r < len(RUPEE_VALUES) else rupee_value(r)
        # The court's cards (card_value, inlined: the evaluation's most frequent step).
        for c in g.courts[p]:
            card, suit, patriot, ability, region = CARD_STATIC[c]
            if suit == favored:
                card += 0.5
            if patriot >= 0 and p != wakhan:
                card += 1.2 if patriot == loyal else -1.5
            if ability:
                card += 0.3
            if rulers[region] == p:
                card += 0.4
            v += card
        room = hand_limit(g, p)
        if p == viewer:
            hand = sorted((card_value(g, p, c) for c in g.hands[p] if is_court_card(c)), reverse=True)
            v += w.hand * sum(hand[:room])
        else:
            v += w.hand * 2.0 * min(len(g.hands[p]), room)
        t = 0
        for region in range(6):
            t += tribes[region * n + p]
            if rulers[region] == p:
                v += w.rule
        v += w.tribe * t
        v += w.spy * (cylinders_in_play(g, p) - t - g.gifts[p])
        values.append(v)
    return values


#: The terms of a seat's value that :func:`seat_features` lists, unweighted, by name: those of
#: :func:`player_values` (its rupees in three bands, its court cards' values summed, its hand as there) and a few
#: more: its lead in victory points over the best other seat (alone and with the expected points of the next
#: Dominance Check), its court's size and its gifts.
FEATURES: Final[tuple[str, ...]] = (
    "vp",
    "check",
    "check_in_market",
    "influence",
    "margin",
    "rupees5",
    "rupees10",
    "rupees_more",
    "court",
    "hand",
    "rule",
    "tribe",
    "spy",
    "vp_lead",
    "projected_lead",
    "court_size",
    "gifts",
)

#: Weights of :data:`FEATURES` fitted to who won, by number of players: the chance that a seat wins is a softmax
#: of ``weights . features`` over the seats (:func:`fitted_chance`). Fitted by ``tools/fit_evaluation.py`` (a
#: conditional logit on the start of every turn, every seat's view), each on games of heuristic bots (compiled):
#:
#: * four players: 1,576 games (``pamir arena --bots heuristic --players 4 --seed 30000``), checked on the other
#:   394: a mean log-loss of 1.311 against 1.326 for the heuristic's value at its best temperature (30) and 1.386
#:   for an even chance; in the last quarter of the games 1.184 against 1.222;
#: * two players: 1,600 games (``pamir arena --bots heuristic --players 2 --games 2000 --seed 50000``), checked
#:   on the other 400: 0.6025 against 0.6168 for the heuristic's value at its best temperature (18) and 0.6931;
#:   then tuned for play by self-play (``tools/tune_weights.py --players 2 --iterations 500 --games 16 --seed
#:   70000``: 8,000 games of ``heuristic:fitted`` against itself), after which the tuned weights won 56.1% of 800
#:   games (seeds 90000 on) against the fitted ones: the next Dominance Check, a coalition's lead, influence,
#:   tribes and the first five rupees count for more, court cards for less.
#:
#: Cylinders in play (tribes, spies and most of all gifts) count for much more than the heuristic's weights give
#: them, court cards for less, and with two players a lead in victory points and rupees (the first five) too.
FITTED_WEIGHTS: Final[dict[int, tuple[float, ...]]] = {
    2: (
        0.016377,  # vp
        -0.0069688,  # check
        0.070448,  # check_in_market
        0.15525,  # influence
        0.073685,  # margin
        0.17955,  # rupees5
        0.073037,  # rupees10
        0.039534,  # rupees_more
        0.072513,  # court
        0.013424,  # hand
        0.10329,  # rule
        0.36064,  # tribe
        0.077283,  # spy
        0.16828,  # vp_lead
        0.094966,  # projected_lead
        -0.1036,  # court_size
        0.19243,  # gifts
    ),
    4: (
        0.023801,  # vp
        0.0060658,  # check
        0.045271,  # check_in_market
        0.012464,  # influence
        0.041143,  # margin
        0.073476,  # rupees5
        0.051723,  # rupees10
        0.018435,  # rupees_more
        0.056067,  # court
        0.0085899,  # hand
        0.057549,  # rule
        0.12741,  # tribe
        0.11161,  # spy
        0.075957,  # vp_lead
        0.058111,  # projected_lead
        -0.1265,  # court_size
        0.26207,  # gifts
    ),
}


def feature_weights(w: Weights) -> tuple[float, ...]:
    """``w`` as weights of :data:`FEATURES`: :func:`player_values` is these times :func:`seat_features` (for
    every seat but Wakhan's; the features it does not weigh get 0)."""
    named = {
        "vp": w.vp,
        "check": w.check,
        "check_in_market": w.check_in_market,
        "influence": w.influence,
        "margin": w.margin,
        "rupees5": w.rupee,
        "rupees10": RUPEES_TO_TEN,
        "rupees_more": RUPEES_BEYOND_TEN,
        "court": 1.0,
        "hand": w.hand,
        "rule": w.rule,
        "tribe": w.tribe,
        "spy": w.spy,
    }
    return tuple(named.get(name, 0.0) for name in FEATURES)


def seat_features(g: Game, viewer: int) -> list[list[float]]:
    """Every seat's :data:`FEATURES` from ``viewer``'s view (its own hand valued card by card, the others' by
    their size, as in :func:`player_values`)."""
    n = g.n
    w = WEIGHTS
    in_market = any(c in DOMINANCE_CHECKS for c in g.market)
    blocks = [g.coalition_blocks(c) for c in range(3)]
    expected = check_expectations(g, w.imminent_sharpness if in_market else w.sharpness, blocks)
    margins = _margins(blocks)
    tribes = g.tribes
    rows = []
    for p in range(n):
        loyal = g.loyalty[p]
        loyal_here = loyal >= 0 and p != g.wakhan
        r = g.rupees[p]
        room = hand_limit(g, p)
        if p == viewer:
            hand = sorted((card_value(g, p, c) for c in g.hands[p] if is_court_card(c)), reverse=True)
            hand_value = sum(hand[:room])
        else:
            hand_value = 2.0 * min(len(g.hands[p]), room)
        t = 0
        ruled = 0
        for region in range(6):
            t += tribes[region * n + p]
            if g.rulers[region] == p:
                ruled += 1
        best_vp = max(g.vp[q] for q in range(n) if q != p)
        best_projected = max(g.vp[q] + expected[q] for q in range(n) if q != p)
        rows.append(
            [
                float(g.vp[p]),
                0.0 if in_market else expected[p],
                expected[p] if in_market else 0.0,
                float(influence(g, p, loyal)) if loyal_here else 0.0,
                float(min(margins[loyal], w.margin_cap)) if loyal_here else 0.0,
                float(min(r, 5)),
                float(max(0, min(r, 10) - 5)),
                float(max(0, r - 10)),
                sum(card_value(g, p, c) for c in g.courts[p]),
                hand_value,
                float(ruled),
                float(t),
                float(cylinders_in_play(g, p) - t - g.gifts[p]),
                float(g.vp[p] - best_vp),
                g.vp[p] + expected[p] - best_projected,
                float(len(g.courts[p])),
                float(g.gifts[p]),
            ]
        )
    return rows


def fitted_chance(g: Game, player: int) -> float:
    """``player``'s chance of winning by :data:`FITTED_WEIGHTS` for the game's number of players (a share of the
    win, or 0, at the end); by :func:`win_chance` at its temperature where no weights are fitted and in a game
    with Wakhan."""
    if g.is_over:
        return 1.0 / len(g.winners) if player in g.winners else 0.0
    weights = _fitted_weights(g)
    if weights is None:
        return win_chance(g, player)
    values = _fitted_utilities(g, player, weights)
    top = max(values)
    exps = [math.exp(v - top) for v in values]
    return exps[player] / sum(exps)


def learned_inputs(g: Game, viewer: int) -> list[float]:
    """What the learned reward (:func:`learned_chance`) reads of a two-player position from ``viewer``'s view:
    its :data:`FEATURES`, the other seat's, their difference, the cards left in the deck, the Dominance Checks
    left, the turn and whether ``viewer`` is to play."""
    rows = seat_features(g, viewer)
    mine, theirs = rows[viewer], rows[1 - viewer]
    return [
        *mine,
        *theirs,
        *(a - b for a, b in zip(mine, theirs, strict=True)),
        float(len(g.deck)),
        float(g.dominance_checks_left()),
        float(g.turn),
        1.0 if g.current == viewer else 0.0,
    ]


def seat_inputs(g: Game, rows: list[list[float]], viewer: int, seat: int) -> list[float]:
    """What the four-player learned reward (:func:`learned_chances`) reads of ``seat`` at a position from
    ``viewer``'s view, ``rows`` being every seat's :func:`seat_features` from that view: the seat's
    :data:`FEATURES`, the most of each among the other seats, the seat's lead over that most and over the others'
    mean, the cards left in the deck, the Dominance Checks left, the turn, whether the seat is the viewer and how
    many seats after the one to play it sits."""
    mine = rows[seat]
    others = [row for p, row in enumerate(rows) if p != seat]
    count = float(len(others))
    most: list[float] = []
    mean: list[float] = []
    for i in range(len(mine)):
        column = [row[i] for row in others]
        most.append(max(column))
        mean.append(sum(column) / count)
    return [
        *mine,
        *most,
        *(a - b for a, b in zip(mine, most, strict=True)),
        *(a - b for a, b in zip(mine, mean, strict=True)),
        float(len(g.deck)),
        float(g.dominance_checks_left()),
        float(g.turn),
        1.0 if seat == viewer else 0.0,
        float((seat - g.current) % g.n),
    ]


def trees_score(
    base: float,
    roots: tuple[int, ...],
    feature: tuple[int, ...],
    threshold: tuple[float, ...],
    left: tuple[int, ...],
    right: tuple[int, ...],
    x: list[float],
) -> float:
    """The raw score (log-odds) of boosted trees held as parallel tuples of nodes for the inputs ``x``."""
    total = base
    for root in roots:
        node = root
        f = feature[node]
        while f >= 0:
            node = left[node] if x[f] <= threshold[node] else right[node]
            f = feature[node]
        total += threshold[node]
    return total


def learned_chances(g: Game, viewer: int) -> list[float]:
    """Every seat's chance of winning a four-player game without Wakhan from ``viewer``'s view, by boosted trees
    fitted to who won four-player arena games (:mod:`~paxpamir.agents.value_trees4`, written by
    ``tools/fit_four_player_judge.py``): each seat's chance by the trees (:func:`seat_inputs`), divided by their
    sum so that they add up to one.

    >>> from paxpamir import Game
    >>> chances = learned_chances(Game.new(players=4, seed=1), 0)
    >>> len(chances), round(sum(chances), 9), all(0.1 < c < 0.4 for c in chances)
    (4, 1.0, True)
    """
    if g.n != 4 or g.wakhan >= 0:
        raise ValueError("the four-player learned reward is for four-player games without Wakhan")
    if not 0 <= viewer < 4:
        raise ValueError(f"viewer is a seat, 0 to 3, not {viewer!r}")
    rows = seat_features(g, viewer)
    t = value_trees4
    chances = [
        1.0 / (1.0 + math.exp(-trees_score(t.BASE, t.ROOTS, t.FEATURE, t.THRESHOLD, t.LEFT, t.RIGHT,
                                            seat_inputs(g, rows, viewer, p))))
        for p in range(4)
    ]
    total = sum(chances)
    return [c / total for c in chances]


def learned_chance(g: Game, player: int) -> float:
    """``player``'s chance of winning by boosted trees fitted to who won: in a two-player game without Wakhan
    (:mod:`~paxpamir.agents.value_trees`, written by ``tools/fit_value_trees.py``: unlike :func:`fitted_chance`,
    what a lead is worth depends on how many Dominance Checks are left), or a four-player one
    (:func:`learned_chances`); a share of the win, or 0, at the end; :func:`fitted_chance` for other games.

    >>> from paxpamir import Game
    >>> 0.3 < learned_chance(Game.new(players=2, seed=1), 0) < 0.7
    True
    """
    if g.is_over or g.wakhan >= 0 or g.n not in (2, 4):
        return fitted_chance(g, player)
    if g.n == 4:
        return learned_chances(g, player)[player]
    t = value_trees
    total = trees_score(t.BASE, t.ROOTS, t.FEATURE, t.THRESHOLD, t.LEFT, t.RIGHT, learned_inputs(g, player))
    return 1.0 / (1.0 + math.exp(-total))


def _fitted_weights(g: Game) -> tuple[float, ...] | None:
    """The fitted weights for ``g``: those of its number of players, in a game without Wakhan (the games they were
    fitted to; against her they played worse than the heuristic's own value); None where there are none."""
    return FITTED_WEIGHTS.get(g.n) if g.wakhan < 0 else None


def _fitted_utilities(g: Game, viewer: int, weights: tuple[float, ...]) -> list[float]:
    """Every seat's ``weights . features`` from ``viewer``'s view: the softmax of these is the fitted chance."""
    return [sum(w * f for w, f in zip(weights, row, strict=True)) for row in seat_features(g, viewer)]


def evaluate(g: Game, player: int) -> float:
    """``player``'s value minus most of the best opponent's (the bot maximises this)."""
    values = player_values(g, player)
    mine = values[player]
    best_other = max(v for p, v in enumerate(values) if p != player)
    return mine - WEIGHTS.opponent * best_other


def fitted_value(g: Game, player: int) -> float:
    """``player``'s value by the weights fitted to who won (:data:`FITTED_WEIGHTS`): the log of its
    :func:`fitted_chance`, in heuristic points (:data:`FITTED_POINTS` per factor e), what the bot maximises with
    ``fitted``; 1000 for a winner and -1000 for a loser at the end; :func:`evaluate` for a number of players
    with no fitted weights and in a game with Wakhan.

    >>> from paxpamir import Game
    >>> round(fitted_value(Game.new(players=4, seed=1), 0) / FITTED_POINTS, 4)  # log(1/4): every seat alike
    -1.3863
    """
    if g.is_over:
        return 1000.0 if player in g.winners else -1000.0
    weights = _fitted_weights(g)
    if weights is None:
        return evaluate(g, player)
    values = _fitted_utilities(g, player, weights)
    top = max(values)
    total = sum(math.exp(v - top) for v in values)
    return FITTED_POINTS * (values[player] - top - math.log(total))


def _value(g: Game, player: int, fitted: bool) -> float:
    return fitted_value(g, player) if fitted else evaluate(g, player)


def win_chance(g: Game, player: int, temperature: float = WIN_TEMPERATURE) -> float:
    """``player``'s chance of winning as the heuristic sees it: a softmax of every seat's value
    (:func:`player_values`) at ``temperature`` heuristic points; at the end of the game, a share of the win
    (1/k for each of k winners) or 0. Unlike :func:`evaluate` it weighs every opponent, not only the best.

    >>> from paxpamir import Game
    >>> game = Game.new(players=4, seed=1)  # nothing done yet: every seat alike
    >>> round(win_chance(game, 0), 6)
    0.25
    """
    if g.is_over:
        return 1.0 / len(g.winners) if player in g.winners else 0.0
    values = player_values(g, player)
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    return weights[player] / sum(weights)


def _follow_up(
    g: Game, player: int, depth: int, fitted: bool = False, stop: Callable[[], bool] | None = None
) -> None:
    """Finish ``player``'s follow-up decisions greedily (one-ply, no further follow-up). A bribe asked on the
    way is assumed to be the whole amount (Wakhan always asks for it); paying or refusing is evaluated.
    ``stop`` (a searcher's deadline): asked before each option is looked at; once it is true the follow-up is
    left unfinished (the caller drops the result: :func:`scores_within`)."""
    while depth > 0 and not g.is_over:
        kind = g.decision
        if kind in DEMANDS:
            g.apply(holder_choice(g, g.legal_options()))
            depth -= 1
            continue
        if g.current_player != player or kind not in _FINISHED:
            return
        options = g.legal_options()
        refused: Game | None = None
        if kind in PAYS:
            options = _without_offers(options)
            if REFUSE in options and len(options) > 1:
                refused = g.clone()
                refused.apply(REFUSE)
        best = options[0]
        if len(options) > 1:
            best_score = -math.inf
            for option in options:
                if stop is not None and stop():
                    return
                child = g.clone()
                child.apply(option)
                if len(options) <= SMALL_CHOICE:  # pay or refuse, a side: look through to what follows
                    _follow_up(child, player, depth - 1, fitted, stop)
                score = _value(child, player, fitted)
                if refused is not None and option != REFUSE and _wasted(refused, child, player):
                    score -= WASTED  # a bribe for an action that brings nothing: refuse it
                if option == DONE:
                    score += SHORTER  # stopping here is as good as a step that brings nothing more
                if score > best_score:
                    best, best_score = option, score
        g.apply(best)
        depth -= 1


def _same_board(before: Game, after: Game) -> bool:
    """True when every card, piece, point and loyalty is where it was (rupees and actions aside)."""
    return (
        after.courts == before.courts
        and after.hands == before.hands
        and after.market == before.market
        and after.tribes == before.tribes
        and after.armies == before.armies
        and after.roads == before.roads
        and after.spies == before.spies
        and after.gifts == before.gifts
        and after.vp == before.vp
        and after.prizes == before.prizes
        and after.loyalty == before.loyalty
        and after.favored == before.favored
        and after.discard == before.discard
    )


def _unchanged(before: Game, after: Game, player: int) -> bool:
    """True when an option led back to the same turn decision with nothing done (e.g. a refused bribe)."""
    return (
        after.decision == "turn"
        and after.current_player == player
        and after.actions_used == before.actions_used
        and after.used_cards == before.used_cards
        and after.rupees == before.rupees
        and _same_board(before, after)
    )


def _wasted(before: Game, after: Game, player: int) -> bool:
    """True when ``after``, ``player``'s turn decision later in the same turn as ``before`` (also a turn
    decision of ``player``), differs from it only in the actions and cards used and in rupees, with none gained
    by ``player`` and none lost by any other player: an action whose whole effect for ``player`` is nothing or
    a loss, such as a bribe as big as the tax it buys (issue 34) or a move there and back. Another player's
    rupees taken count as a gain (a tax that hurts a leader), everything else on the board as a change."""
    if after.decision != "turn" or after.current_player != player or after.turn != before.turn:
        return False
    if before.decision != "turn" or before.current_player != player:
        return False
    mine, was = after.rupees, before.rupees
    if mine[player] > was[player]:
        return False
    for q in range(before.n):
        if q != player and mine[q] < was[q]:
            return False
    return _same_board(before, after)


def _after(
    game: Game,
    player: int,
    option: Option,
    follow_up: bool,
    fitted: bool,
    stop: Callable[[], bool] | None = None,
) -> tuple[Game | None, float]:
    """The position after ``option`` (and its greedy follow-up) and its evaluation. An option that changes
    nothing (a refused bribe), or an action that brings nothing (:func:`_wasted`: a bribe as big as the tax it
    buys, a move there and back), gives no position and scores below every other, so that a bot never repeats
    it forever, never plans from it and never spends an action, a card or rupees on nothing. ``stop``: the
    follow-up is left unfinished once it is true (:func:`_follow_up`)."""
    child = game.clone()
    child.quiet = True  # a look-ahead nobody reads the log of
    child.apply(option)
    if follow_up:
        _follow_up(child, player, FOLLOW_UP_DEPTH, fitted, stop)
    score = _value(child, player, fitted)
    if game.decision == "turn" and (_unchanged(game, child, player) or _wasted(game, child, player)):
        return None, score - WASTED
    return child, score


def score_options(
    game: Game,
    player: int,
    options: list[Option],
    follow_up: bool = True,
    plan: int = 0,
    plan_then: int = PLAN_THEN_WIDTH,
    fitted: bool = False,
    stop: Callable[[], bool] | None = None,
) -> list[float]:
    """The evaluation after each option (and, for actions, after finishing the action greedily).

    ``plan``: at a turn decision, the best ``plan`` options are also scored by the best second action that can
    follow them this turn (buying a card is worth what playing it next brings); those second actions are scored
    in turn with ``plan_then`` as their ``plan`` (a third action: a bonus action, or the second of two).
    ``fitted``: evaluated by :func:`fitted_value` instead of :func:`evaluate`. ``stop``: the plan is made
    best-first while ``stop()`` is false (a searcher's deadline); the options not planned by then keep their
    one-action scores (without it, or while it stays false, the scores are the same)."""
    scored = _scored(game, player, options, follow_up, plan, plan_then, fitted, stop, False)
    assert scored is not None
    return scored[1]


def best_after(
    game: Game, player: int, fitted: bool = False, stop: Callable[[], bool] | None = None
) -> Game | None:
    """A copy of ``game`` after ``player``'s pending decision taken by its one-action lookahead (:func:`greedy_step`)
    and the action's follow-up finished greedily, as the lookahead scored it: what it can do next, for a searcher's
    line that ends at its turn. None once ``stop()`` is true (a searcher's deadline, as in :func:`scores_within`)."""
    g = game.clone()
    g.quiet = True
    if not greedy_step(g, player, True, fitted, stop=stop):
        return None
    _follow_up(g, player, FOLLOW_UP_DEPTH, fitted, stop)
    if stop is not None and stop():  # the follow-up may have been left unfinished
        return None
    return g


def scores_within(
    game: Game,
    player: int,
    options: list[Option],
    follow_up: bool = True,
    plan: int = 0,
    fitted: bool = False,
    stop: Callable[[], bool] | None = None,
) -> list[float] | None:
    """:func:`score_options`, abandoned once ``stop()`` is true (a searcher's deadline, for a line that is then
    dropped): ``stop`` is asked before each option is scored, inside its greedy follow-up before each option
    looked at there, and before each option of the plan (its second actions included), and None is returned
    once it is true."""
    scored = _scored(game, player, options, follow_up, plan, PLAN_THEN_WIDTH, fitted, stop, True)
    return None if scored is None else scored[1]


def scored_positions(
    game: Game, player: int, options: list[Option], stop: Callable[[], bool] | None = None
) -> tuple[list[Game | None], list[float]] | None:
    """:func:`scores_within` (follow-ups, no plan), with the position each option's score was taken in: a copy of
    ``game`` after the option and its greedy follow-up (None for an option that changes or brings nothing), to play
    on from without taking the follow-up again (a cheaper playout)."""
    return _scored(game, player, options, True, 0, PLAN_THEN_WIDTH, False, stop, True)


def _scored(
    game: Game,
    player: int,
    options: list[Option],
    follow_up: bool,
    plan: int,
    plan_then: int,
    fitted: bool,
    stop: Callable[[], bool] | None,
    abandon: bool,
) -> tuple[list[Game | None], list[float]] | None:
    """:func:`score_options` (``abandon``: :func:`scores_within`), with the position after each option
    (:func:`_after`)."""
    results = []
    cut = stop if abandon else None  # only a scoring that is dropped at the deadline may leave one unfinished
    for option in options:
        if cut is not None and cut():
            return None
        results.append(_after(game, player, option, follow_up, fitted, cut))
    if cut is not None and cut():  # the last option's follow-up may have been left unfinished
        return None
    scores = [score for _, score in results]
    if game.decision == "turn":
        # An option that changes or brings nothing leaves the turn to be played on from where it is: it can be
        # worth no more than the worst of the others, even one that loses the game (ending the turn before a
        # final Dominance Check lost): otherwise a bot would take it, and then again, forever.
        kept = [score for child, score in results if child is not None]
        if kept and len(kept) < len(results):
            floor = min(kept) - WASTED
            scores = [score if child is not None else min(score, floor) for child, score in results]
    if game.decision in PAYS and REFUSE in options:
        # Paying (or offering) for an action that then brings nothing is worse than refusing, which keeps the
        # action and the rupees: compared with the position after the refusal (issue 34).
        refused = results[options.index(REFUSE)][0]
        if refused is not None:
            for i, (child, score) in enumerate(results):
                if options[i] != REFUSE and child is not None and _wasted(refused, child, player):
                    scores[i] = score - WASTED
    if plan and game.decision == "turn" and len(options) > 1:
        order = sorted(range(len(options)), key=lambda i: -scores[i])
        for i in order[:plan]:
            if stop is not None and stop():
                if abandon:
                    return None
                break
            child = results[i][0]
            if child is None or child.is_over or child.decision != "turn" or child.current_player != player:
                continue
            if options[i][0] == "end_turn":
                continue
            seconds = [o for o in child.legal_options() if o[0] != "end_turn"]
            if seconds:
                # The same gain one action later is worth a little less: a move that brings nothing before a
                # purchase must not tie the purchase alone (issue 34).
                then = _scored(child, player, seconds, follow_up, plan_then, 0, fitted, stop, abandon)
                if then is None:
                    return None
                best_then = max(then[1]) - SHORTER
                if best_then > scores[i]:
                    scores[i] = best_then
    return [child for child, _ in results], scores


def holder_choice(g: Game, options: list[Option]) -> Option:
    """The holder's side of a bribe. Ask for all of it: the payer's refusal costs them their action, never us
    anything. An offer of at least half the demand is accepted; a lower one is met halfway while the payer may
    still answer, and the demand insisted on after their last offer (breaking off never gains more than that)."""
    if g.decision == "bribe_demand":
        return max((o for o in options if o[0] == "demand"), key=lambda o: option_arg(o, "amount"))
    step = BribeAnswer(*_pending(g))
    offer, amount = step.offer, step.amount
    if 2 * offer >= amount:
        return ACCEPT
    middle = ASK[(offer + amount + 1) // 2]
    return middle if middle in options else INSIST


def _pending(g: Game) -> Step:
    step = g.pending
    assert step is not None, "no decision is pending in a finished game"
    return step


def _without_offers(options: list[Option]) -> list[Option]:
    """A payer's options but offers: the lookahead pays what is asked or refuses."""
    return [o for o in options if o[0] != "offer"]


def bargain(g: Game, player: int, options: list[Option], choice: Option, fitted: bool = False) -> Option:
    """The bot as a bribe's payer, at its first answer to a demand, where its lookahead chose ``choice`` between
    paying and refusing: where it would pay, it offers half (rounded up), which a holder who meets halfway
    accepts; where it cannot pay, it offers half if the action is worth that and it can. Wakhan never bargains
    (she insists on the full amount), so she is simply paid."""
    if g.decision != "bribe_pay":
        return choice
    step = BribePay(*_pending(g))
    if step.holder == g.wakhan:
        return choice
    half = OFFER[(step.amount + 1) // 2]
    if half not in options:
        return choice
    if choice == PAY:
        return half
    if PAY in options:
        return choice
    accepted = g.clone()
    accepted.quiet = True
    accepted.apply(half)
    accepted.apply(ACCEPT)
    _follow_up(accepted, player, FOLLOW_UP_DEPTH, fitted)
    refused = g.clone()
    refused.quiet = True
    refused.apply(REFUSE)
    return half if _value(accepted, player, fitted) > _value(refused, player, fitted) else choice


def greedy_step(
    g: Game,
    player: int,
    follow_up: bool,
    fitted: bool = False,
    plan: int = 0,
    stop: Callable[[], bool] | None = None,
) -> bool:
    """Take ``player``'s pending decision by its one-action lookahead (a bribe's holder: :func:`holder_choice`;
    its payer pays what is asked or refuses); ``fitted``: evaluated by :func:`fitted_value`; ``plan``: at a turn
    decision, its best ``plan`` options scored by the best second action that can follow (:func:`score_options`).
    ``stop`` (a searcher's deadline): the step is abandoned once ``stop()`` is true before it is taken
    (:func:`scores_within`), and False returned with ``g`` unchanged; True once the decision is taken."""
    options = g.legal_options()
    if g.decision in DEMANDS:
        g.apply(holder_choice(g, options))
        return True
    if g.decision in PAYS:
        options = _without_offers(options)
    if len(options) == 1:
        g.apply(options[0])
        return True
    scores = scores_within(g, player, options, follow_up, plan, fitted, stop)
    if scores is None:
        return False
    g.apply(options[max(range(len(options)), key=lambda i: scores[i])])
    return True


def _finish_turn(g: Game, player: int) -> None:
    """Play the rest of ``player``'s turn greedily: each decision by its one-action lookahead (planning here
    too cost a fifth more time and won no more games). What falls to another seat on the way (a bribe asked
    for an action or a play) is answered too, Wakhan's by her procedure, and the turn goes on after it: a turn
    that stopped at her demand would be scored before her reply, as if she had none (issue 34)."""
    steps = 0
    turn = g.turn
    wakhan: WakhanPlayer | None = None
    while not g.is_over and g.current == player and g.turn == turn and steps < REPLY_STEPS:
        steps += 1
        who = g.current_player
        assert who is not None
        if who == g.wakhan:
            wakhan = wakhan or WakhanPlayer()
            d = wakhan.decide(g)
            g.apply(d.option, reason=d.reason, note=d.note)
        else:
            greedy_step(g, who, True)


def _wakhan_reply(g: Game, player: int) -> None:
    """Play Wakhan's turn by her procedure (her notes kept) until ``player``'s next turn decision; ``player``
    answers what falls to it on the way greedily."""
    wakhan = WakhanPlayer()
    steps = 0
    while not g.is_over and steps < REPLY_STEPS:
        steps += 1
        who = g.current_player
        if who == player and g.decision == "turn":
            return
        if who == g.wakhan:
            d = wakhan.decide(g)
            g.apply(d.option, reason=d.reason, note=d.note)
            continue
        assert who is not None
        greedy_step(g, who, False)


def reply_scores(game: Game, player: int, options: list[Option], scores: list[float], width: int) -> list[float]:
    """Games against Wakhan alone: the ``width`` best turn actions by ``scores`` (from :func:`score_options`),
    each scored again after the rest of the turn (played greedily) and Wakhan's whole reply by her procedure,
    up to ``player``'s next turn. The other options, one that changes nothing (a refused bribe) and one the
    lookahead found worth nothing (:func:`_after`: :data:`WASTED` below the best, such as a bribe as big as the
    tax it buys, which the turn played out would refuse: the same position as ending the turn) keep their
    order below all of them."""
    order = sorted(range(len(options)), key=lambda i: -scores[i])[:width]
    out = [-1e9 + s for s in scores]
    worthless = max(scores) - WASTED / 2
    for i in order:
        if scores[i] < worthless:
            continue
        child = game.clone()
        child.quiet = True
        child.apply(options[i])
        if _unchanged(game, child, player):
            continue
        _finish_turn(child, player)
        _wakhan_reply(child, player)
        out[i] = evaluate(child, player)
    return out


#: The option that asks for a bribe, by the bribe's purpose in the log: playing the card, or an action with it.
BRIBED_OPTION: Final[dict[str, str]] = {"play": "play", "hostage": "action"}


def unbribed_this_turn(game: Game, player: int) -> set[tuple[str, int]]:
    """``(kind, card)`` of every option of ``player``'s whose bribe was not paid this turn (``player`` refused, or
    the holder broke off): taken again, it would ask the same bribe from the same position.

    >>> from paxpamir import Game
    >>> unbribed_this_turn(Game.new(players=2, seed=1), 0)
    set()
    """
    out: set[tuple[str, int]] = set()
    for event in game.recent_events():
        kind = event["type"]
        if kind == "turn":
            break
        if kind == "bribe_refused":
            payer = event["player"]
        elif kind == "bribe_broken_off":
            payer = event["payer"]
        else:
            continue
        if payer == player and event["purpose"] in BRIBED_OPTION:
            out.add((BRIBED_OPTION[event["purpose"]], event["card"]))
    return out


class RepeatGuard:
    """Remembers the options a bot took from each turn position this turn. A refused bribe leads back to the
    very same position; an option already taken from it is not taken again, so that no bot loops forever."""

    __slots__ = ("turn", "taken")

    def __init__(self) -> None:
        self.turn = -1
        self.taken: dict[tuple[object, ...], set[Option]] = {}

    @staticmethod
    def _key(game: Game, player: int) -> tuple[object, ...]:
        return (
            player,
            game.actions_used,
            tuple(game.used_cards),
            tuple(game.rupees),
            tuple(game.hands[player]),
            tuple(game.courts[player]),
            tuple(game.market),
        )

    def tried(self, game: Game, player: int) -> set[Option]:
        """Options (other than ending the turn) already taken from this position this turn, and those whose
        bribe was refused or broken off this turn (:func:`unbribed_this_turn`: read from the log, so that a bot
        built afresh for each decision, as the server's are, does not ask again either)."""
        if game.decision != "turn":
            return set()
        if game.turn != self.turn:
            self.taken.clear()
            self.turn = game.turn
        taken = {o for o in self.taken.get(self._key(game, player), ()) if o[0] != "end_turn"}
        unbribed = unbribed_this_turn(game, player)
        if unbribed:
            taken.update(o for o in game.legal_options() if o[:2] in unbribed)
        return taken

    def note(self, game: Game, player: int, option: Option) -> None:
        if game.decision == "turn":
            if game.turn != self.turn:
                self.taken.clear()
                self.turn = game.turn
            self.taken.setdefault(self._key(game, player), set()).add(option)


def stalled(game: Game) -> bool:
    """True at a turn decision where a card can be bought when nobody has bought one in the last
    :data:`STALL_DECISIONS` decisions per seat: read from the game's own record (public), so that a bot built afresh
    for each decision, as the server builds them, sees it too."""
    if game.decision != "turn":
        return False
    limit = STALL_DECISIONS * game.n
    recent = game.choices()[-limit:]
    return (
        len(recent) == limit
        and not any(choice[1][0] in BUYS for choice in recent)
        and any(is_purchase(o) for o in game.legal_options())
    )


def is_purchase(option: Option) -> bool:
    """A player's purchase of a market card."""
    return option[0] == "purchase"


def purchases_first(options: list[Option], scores: list[float]) -> list[float]:
    """``scores`` with every purchase above every other option (their order kept): what a bot does in a stalled
    game (:func:`stalled`)."""
    lift = max(scores) - min(scores) + 1.0
    return [s + lift if is_purchase(o) else s for o, s in zip(options, scores, strict=True)]


class HeuristicBot:
    """Chooses the option whose lookahead evaluation is best; of tied options it stops (a follow-up's "done", the
    turn's end) if it can, and otherwise breaks the tie by its own seeded generator.

    >>> from paxpamir import Game
    >>> game = Game.new(players=2, seed=3)
    >>> bot = HeuristicBot(seed=1)
    >>> bot.decide(game).option in game.legal_options()
    True
    """

    __slots__ = (
        "seed", "rng", "noise", "follow_up", "private", "repeats", "plan", "reply", "reply_samples", "fitted",
        "remember",
    )

    def __init__(
        self,
        seed: int | None = None,
        noise: float = 0.0,
        follow_up: bool = True,
        private: bool = True,
        plan: int = PLAN_WIDTH,
        reply: int = REPLY_WIDTH,
        reply_samples: int = REPLY_SAMPLES,
        fitted: bool = False,
        remember: bool = False,
    ) -> None:
        if not isinstance(fitted, bool):
            raise ValueError(f"fitted is True or False, not {fitted!r}")
        if not isinstance(remember, bool):
            raise ValueError(f"remember is True or False, not {remember!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.noise = noise
        self.follow_up = follow_up
        # Look ahead in a determinization of its own view, never in the true game: ending the turn deals
        # market cards from the deck, and a hand exchange shows another hand.
        self.private = private
        self.repeats = RepeatGuard()
        self.plan = plan
        # Against Wakhan alone, the best few turn actions are weighed against her whole reply, in several
        # determinizations of what the bot cannot see (her next AI card above all): one sampled card decides too
        # much (52.5% of 200 games against her improved variants with one, 69% of 100 with three).
        self.reply = reply
        self.reply_samples = reply_samples if private else 1
        # Evaluate by the weights fitted to who won (:func:`fitted_value`) where the number of players has them.
        self.fitted = fitted
        # Its determinizations give the other hands the cards the log saw them buy (determinize's ``remember``).
        self.remember = remember

    def choose(self, game: Game) -> Option:
        options = game.legal_options()
        if not options:
            raise ValueError("the game is over: there is nothing to choose")
        if len(options) == 1:
            return options[0]
        if game.decision in DEMANDS:
            return holder_choice(game, options)
        bribe = game.decision in PAYS
        if bribe:
            options = _without_offers(options)
        player = game.current_player
        assert player is not None
        world = determinize(game.view(player), player, self.rng, self.remember) if self.private else game
        scores = score_options(world, player, options, self.follow_up, self.plan, fitted=self.fitted)
        samples = 1
        if self.reply and game.decision == "turn" and world.wakhan >= 0 and world.n == 2:
            samples = max(1, self.reply_samples)
            total = reply_scores(world, player, options, scores, self.reply)
            for _ in range(samples - 1):
                other = determinize(game.view(player), player, self.rng, self.remember)
                more = reply_scores(other, player, options, scores, self.reply)
                total = [a + b for a, b in zip(total, more, strict=True)]
            scores = total
        if stalled(game):
            scores = purchases_first(options, scores)
        tried = self.repeats.tried(game, player)
        if tried:
            # Below every option not yet taken, whatever the scores' range (an option left unscored by
            # :func:`reply_scores` lies a billion below): the turn's end is never among them, so the bot moves on.
            below = max(scores) - min(scores) + 2000.0 * samples
            scores = [s - below if o in tried else s for o, s in zip(options, scores, strict=True)]
        if self.noise:
            scores = [s + self.rng.gauss(0.0, self.noise) for s in scores]
        best = max(scores)
        top = [o for o, s in zip(options, scores, strict=True) if s >= best - 1e-9]
        if len(top) > 1 and (stops := [o for o in top if o in STOPS]):
            top = stops  # nothing more to gain: stop here rather than take a step that brings nothing (issue 34)
        choice = top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]
        if bribe:
            choice = bargain(game, player, game.legal_options(), choice, self.fitted)
        self.repeats.note(game, player, choice)
        return choice

    def decide(self, game: Game) -> Decision:
        return Decision(self.choose(game))


__all__ = [
    "DEMANDS",
    "FOLLOW_UP",
    "KIND_ROLES",
    "PLAN_THEN_WIDTH",
    "PLAN_WIDTH",
    "REPLY_SAMPLES",
    "REPLY_WIDTH",
    "STALL_DECISIONS",
    "WEIGHTS",
    "HeuristicBot",
    "Weights",
    "best_after",
    "card_value",
    "check_expectations",
    "evaluate",
    "fitted_value",
    "greedy_step",
    "is_purchase",
    "player_values",
    "purchases_first",
    "reply_scores",
    "score_options",
    "scores_within",
    "soft_places",
    "stalled",
    "unbribed_this_turn",
    "win_chance",
]
