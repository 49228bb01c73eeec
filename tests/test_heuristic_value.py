"""The heuristic's value of a position is exactly the sum its docstring describes, term by term, in the same order
of additions: the shortcuts the evaluation takes for speed (a card's fixed worth computed once, the rupee bands
in a table, the coalitions' blocks and each seat's influence counted once) change no score, so no decision."""

from __future__ import annotations

import math
import random

import pytest

from paxpamir import Game
from paxpamir.agents.heuristic import (
    RUPEES_BEYOND_TEN,
    RUPEES_TO_TEN,
    WEIGHTS,
    card_value,
    check_expectations,
    evaluate,
    player_values,
    soft_places,
)
from paxpamir.agents.wakhan import WakhanPlayer
from paxpamir.content.cards import COURT, DOMINANCE_CHECKS, is_court_card
from paxpamir.rules.abilities import dominance_lead
from paxpamir.rules.scoring import DOMINANCE_LEAD, FAILURE_POINTS, SUCCESS_POINTS, cylinders_in_play, influence
from paxpamir.rules.turn import hand_limit


def _blocks(g: Game, coalition: int) -> int:
    """A coalition's armies and roads, counted on the map."""
    return sum(g.armies[r * 3 + coalition] for r in range(6)) + sum(g.roads[b * 3 + coalition] for b in range(9))


def _card(g: Game, player: int, card: int) -> float:
    info = COURT[card]
    w = WEIGHTS
    value = w.card_base + w.card_action * len(info.actions) + info.rank * w.suit[info.suit]
    if info.suit == g.favored:
        value += 0.5
    if info.patriot >= 0 and player != g.wakhan:
        value += 1.2 if info.patriot == g.loyalty[player] else -1.5
    if info.ability:
        value += 0.3
    if g.rulers[info.region] == player:
        value += 0.4
    return value


def _expected(g: Game, sharpness: float) -> list[float]:
    """The points each seat expects from the next Dominance Check, counted from scratch."""
    blocks = [_blocks(g, c) for c in range(3)]
    lead = dominance_lead(g, DOMINANCE_LEAD)
    chance = []
    for c in range(3):
        margin = blocks[c] - max(blocks[o] for o in range(3) if o != c)
        chance.append(1.0 / (1.0 + math.exp(-(sharpness * (margin - lead + 0.5)))))
    total = sum(chance)
    if total > 1.0:
        chance = [x / total for x in chance]
        total = 1.0
    checks = sum(1 for c in [*g.deck, *g.market] if c in DOMINANCE_CHECKS)
    multiplier = 2 if checks <= 1 else 1
    expected = [0.0] * g.n
    for c in range(3):
        if chance[c] < 0.01:
            continue
        values = [(p, influence(g, p, c)) for p in range(g.n) if g.loyalty[p] == c or p == g.wakhan]
        for p, x in soft_places(values, SUCCESS_POINTS, WEIGHTS.place_sharpness).items():
            expected[p] += chance[c] * x * multiplier
    if 1.0 - total > 0.01:
        values = [(p, cylinders_in_play(g, p)) for p in range(g.n)]
        for p, x in soft_places(values, FAILURE_POINTS, WEIGHTS.place_sharpness).items():
            expected[p] += (1.0 - total) * x * multiplier
    return expected


def _reference(g: Game, viewer: int) -> list[float]:
    """Every seat's value as the heuristic's docstring lists its terms, each counted from scratch."""
    if g.is_over:
        return [1000.0 if p in g.winners else -1000.0 for p in range(g.n)]
    w = WEIGHTS
    in_market = any(c in DOMINANCE_CHECKS for c in g.market)
    expected = _expected(g, w.imminent_sharpness if in_market else w.sharpness)
    blocks = [_blocks(g, c) for c in range(3)]
    margins = [blocks[c] - max(blocks[o] for o in range(3) if o != c) for c in range(3)]
    values = []
    for p in range(g.n):
        v = w.vp * g.vp[p] + (w.check_in_market if in_market else w.check) * expected[p]
        loyal = g.loyalty[p]
        if loyal >= 0 and p != g.wakhan:
            v += w.influence * influence(g, p, loyal)
            v += w.margin * min(margins[loyal], w.margin_cap)
        elif p == g.wakhan:
            v += w.margin * min(max(margins), w.margin_cap)
        r = g.rupees[p]
        v += w.rupee * min(r, 5) + RUPEES_TO_TEN * max(0, min(r, 10) - 5) + RUPEES_BEYOND_TEN * max(0, r - 10)
        for c in g.courts[p]:
            v += _card(g, p, c)
        room = hand_limit(g, p)
        if p == viewer:
            hand = sorted((_card(g, p, c) for c in g.hands[p] if is_court_card(c)), reverse=True)
            v += w.hand * sum(hand[:room])
        else:
            v += w.hand * 2.0 * min(len(g.hands[p]), room)
        tribes = 0
        for region in range(6):
            tribes += g.tribes[region * g.n + p]
            if g.rulers[region] == p:
                v += w.rule
        v += w.tribe * tribes
        v += w.spy * (cylinders_in_play(g, p) - tribes - g.gifts[p])
        values.append(v)
    return values


def _positions(players: int, seed: int, wakhan: bool = False) -> list[Game]:
    """Positions along a game of random legal choices (Wakhan's by her procedure), every few decisions."""
    rng = random.Random(seed)
    game = Game.new(players=players, seed=seed, wakhan=wakhan, quiet=True)
    her = WakhanPlayer()
    found = []
    while not game.is_over:
        if game.current_player == game.wakhan:
            made = her.decide(game)
            game.apply(made.option, reason=made.reason, note=made.note)
        else:
            game.apply(rng.choice(game.legal_options()))
        if rng.random() < 0.1:
            found.append(game.clone())
    return [*found, game]


@pytest.mark.parametrize(("players", "wakhan"), [(2, False), (3, False), (4, False), (5, False), (2, True), (3, True)])
def test_every_seats_value_is_the_sum_of_its_terms_exactly(players: int, wakhan: bool) -> None:
    positions = [g for seed in range(3) for g in _positions(players, 500 + seed, wakhan)]
    assert any(g.is_over for g in positions) and len(positions) >= 20
    assert any(any(c in DOMINANCE_CHECKS for c in g.market) for g in positions)  # a check to buy, in some
    for g in positions:
        for viewer in range(players):
            assert player_values(g, viewer) == _reference(g, viewer)  # exactly: the same additions
        assert check_expectations(g) == _expected(g, WEIGHTS.sharpness)
        assert [card_value(g, p, c) for p in range(players) for c in g.courts[p]] == [
            _card(g, p, c) for p in range(players) for c in g.courts[p]
        ]
        assert g.dominance_checks_left() == sum(1 for c in [*g.deck, *g.market] if c in DOMINANCE_CHECKS)
        assert [g.coalition_blocks(c) for c in range(3)] == [_blocks(g, c) for c in range(3)]


def test_rupees_count_in_three_bands_however_many_a_seat_holds() -> None:
    """The first five rupees count most, the next five less, the rest little: from none to more than any game
    has seen (past the table the evaluation keeps)."""
    game = _positions(2, 9)[5]
    for rupees in [*range(0, 80), 200]:
        data = game.to_json()
        data["players"][0]["rupees"] = rupees
        rich = Game.from_json(data)
        assert player_values(rich, 0) == _reference(rich, 0)
        assert player_values(rich, 1) == _reference(rich, 1)


def test_the_evaluation_subtracts_most_of_the_best_opponents_value() -> None:
    game = _positions(4, 77)[20]
    for p in range(4):
        values = _reference(game, p)
        assert evaluate(game, p) == values[p] - WEIGHTS.opponent * max(v for q, v in enumerate(values) if q != p)
