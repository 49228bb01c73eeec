"""Observations: one fixed-size vector per seat, built from that seat's view only."""

from __future__ import annotations

import json
import random

import pytest

from paxpamir import Game, PamirError
from paxpamir.content.cards import is_court_card
from paxpamir.env.observation import (
    CARD_FEATURES,
    OBS_SIZE,
    PLAYER_BLOCK,
    information_state_string,
    observation_string,
    observation_vector,
)

TABLES = [(2, False), (3, False), (4, False), (5, False), (2, True), (3, True)]


def played(players: int, wakhan: bool, seed: int, decisions: int) -> Game:
    game = Game.new(players=players, seed=seed, wakhan=wakhan)
    rnd = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        game.apply(rnd.choice(game.legal_options()))
    return game


def hide_and_seek(data: dict, seat: int, rnd: random.Random) -> bool:
    """Change what ``seat`` cannot see: swap a card of another hand with a court card of the deck, shuffle
    the deck, and swap a court card of the deck with one set aside at setup. True if anything changed."""
    changed = False
    deck = data["deck"]
    named = {x for step in data["agenda"] for x in step if isinstance(x, int)}  # cards the pending steps name
    others = [q for q, p in enumerate(data["players"]) if q != seat and set(p["hand"]) - named]
    court_in_deck = [i for i, c in enumerate(deck) if is_court_card(c)]
    if others and court_in_deck:
        hand = data["players"][rnd.choice(others)]["hand"]
        i = rnd.choice([k for k, c in enumerate(hand) if c not in named])
        j = rnd.choice(court_in_deck)
        hand[i], deck[j] = deck[j], hand[i]
        changed = True
    if len(deck) > 1:
        before = deck[:]
        rnd.shuffle(deck)
        changed = changed or deck != before
    removed_court = [i for i, c in enumerate(data["removed"]) if is_court_card(c)]
    court_in_deck = [i for i, c in enumerate(deck) if is_court_card(c)]
    if removed_court and court_in_deck:
        i, j = rnd.choice(court_in_deck), rnd.choice(removed_court)
        deck[i], data["removed"][j] = data["removed"][j], deck[i]
        data["removed"].sort()
        changed = True
    return changed


def hidden_changes(players: int, wakhan: bool):
    """(game, seat, other) for random positions of this table: ``other`` is ``game`` with what ``seat`` may not see
    changed (another hand, the deck's order, the cards set aside); at least twelve of them."""
    rnd = random.Random(players * 10 + wakhan)
    changed = 0
    for seed in range(12):
        game = played(players, wakhan, seed, rnd.randrange(0, 400))
        for seat in range(players):
            data = game.to_json()
            if hide_and_seek(data, seat, rnd):
                other = Game.from_json(data)
                assert other.state_hash() != game.state_hash()
                yield game, seat, other
                changed += 1
    assert changed >= 12


@pytest.mark.parametrize("players,wakhan", TABLES)
def test_nothing_hidden_from_a_seat_changes_its_observation(players, wakhan):
    for game, seat, other in hidden_changes(players, wakhan):
        assert observation_vector(other, seat) == observation_vector(game, seat), seat
        assert observation_string(other, seat) == observation_string(game, seat)
        assert information_state_string(other, seat) == information_state_string(game, seat)


def test_a_seat_sees_its_own_hand():
    """The other side of the coin: swapping the viewer's own hand card with a deck card changes its vector."""
    game = played(3, False, 7, 60)
    seat = next(p for p in range(3) if game.hands[p])
    data = game.to_json()
    hand, deck = data["players"][seat]["hand"], data["deck"]
    j = next(i for i, c in enumerate(deck) if is_court_card(c))
    hand[0], deck[j] = deck[j], hand[0]
    other = Game.from_json(data)
    assert observation_vector(other, seat) != observation_vector(game, seat)
    card = hand[0]
    assert observation_vector(other, seat)[(card - 1) * len(CARD_FEATURES)] == 1.0  # "in my hand"


@pytest.mark.parametrize("players,wakhan", TABLES)
def test_the_vector_has_a_fixed_size_and_stays_in_range(players, wakhan):
    for seed in range(3):
        game = played(players, wakhan, seed, 10_000)
        assert game.is_over
        for seat in range(players):
            v = observation_vector(game, seat)
            assert len(v) == OBS_SIZE
            assert all(isinstance(x, float) and 0.0 <= x <= 100.0 for x in v)


def test_the_vector_is_seat_relative():
    """Slot 0 of the player block is always the viewer: its rupees are the viewer's."""
    game = played(4, False, 3, 80)
    for seat in range(4):
        v = observation_vector(game, seat)
        assert v[PLAYER_BLOCK] == 1.0  # present
        assert v[PLAYER_BLOCK + 6] == pytest.approx(game.rupees[seat] / 10)


def test_the_string_view_is_the_seats_view_as_json():
    game = played(3, False, 5, 50)
    view = json.loads(observation_string(game, 1))
    assert view["viewer"] == 1 and view["players"][0]["hand"] is None
    assert "log" not in view and "removed" not in view
    assert "log" in json.loads(information_state_string(game, 1))


@pytest.mark.parametrize("seat", [-1, 3, None, True, "0"])
def test_a_seat_that_is_not_at_the_table_is_refused(seat):
    game = Game.new(players=3, seed=1)
    with pytest.raises(PamirError):
        observation_vector(game, seat)
