"""Determinizations (``paxpamir.agents.determinize``) of a position where another seat is playing a card: the
card being played stays in its player's hand until it reaches the court (a ``play_card`` step under a bribe, a
``side`` step), so every seat knows that the hand holds it although it cannot see the hand. A determinization
from any seat keeps it there and deals only the rest of the hand.

And a seat that remembers the game (``remember=True``): every card reaches a hand by a purchase from the market
and leaves it by a play or a discard, all in view of the table, so the public log tells every hand; a Hands
exchange (Other Persuasive Methods) swaps two of them. Such a determinization deals the true hands."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import paxpamir  # noqa: F401  (the rules fill the registries)
from paxpamir.agents.determinize import determinize
from paxpamir.engine.game import Game


def positions_with_a_card_being_played(kind: str, limit: int = 3) -> Iterator[tuple[Game, int, int, int]]:
    """Seeded random games, each position whose agenda holds a ``kind`` step: (game, player, card, viewer) with a
    viewer that cannot see that player's hand."""
    found = 0
    for seed in range(40):
        game = Game.new(players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.is_over:
                break
            for step in game.agenda:
                if step[0] == kind:
                    player, card = step[1], step[2]
                    yield game, player, card, (player + 1) % 3
                    found += 1
                    if found >= limit:
                        return
                    break
            game.apply(rng.choice(game.legal_options()), game.current_player)


@pytest.mark.parametrize("kind", ["side", "play_card"])
def test_a_card_being_played_stays_in_its_players_hand_in_every_determinization(kind: str) -> None:
    seen_any = False
    for game, player, card, viewer in positions_with_a_card_being_played(kind):
        seen_any = True
        view = game.view(viewer)
        assert view["players"][player].get("hand") is None  # the viewer cannot see that hand...
        assert card in game.hands[player]  # ...but the card being played is in it
        for sample_seed in range(3):
            world = determinize(view, viewer, random.Random(sample_seed))  # loads: the engine checks the agenda
            assert card in world.hands[player]
            assert len(world.hands[player]) == len(game.hands[player])
            assert world.hands[viewer] == game.hands[viewer] and world.market == game.market
            # The card is dealt nowhere else: not into another hand, the deck or the cards set aside.
            elsewhere = [h for p, h in enumerate(world.hands) if p != player]
            assert all(card not in h for h in elsewhere) and card not in world.deck
    assert seen_any, f"no position with a pending {kind} step was found"


def test_a_seat_that_remembers_the_log_knows_every_other_hand() -> None:
    exchanges = checked = 0
    for seed in range(24):
        players = 2 + seed % 4
        game = Game.new(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            if rng.random() < 0.1:
                viewer = game.current_player
                assert viewer is not None
                view = game.view(viewer)
                world = determinize(view, viewer, random.Random(seed), remember=True)
                for p in range(players):
                    assert sorted(world.hands[p]) == sorted(game.hands[p]), (seed, p)
                checked += 1
            game.apply(rng.choice(game.legal_options()), game.current_player)
        exchanges += sum(1 for e in game.events() if e["type"] == "hands_exchanged")
    assert checked > 300 and exchanges > 3  # the positions cover hands swapped by the event


def test_a_seat_that_does_not_remember_deals_the_other_hands_at_random() -> None:
    game = Game.new(players=2, seed=4)
    rng = random.Random(4)
    while not (game.turn >= 8 and len(game.hands[0]) >= 2 and game.current_player == 1):
        game.apply(rng.choice(game.legal_options()), game.current_player)
    view = game.view(1)
    dealt = [sorted(determinize(view, 1, random.Random(s)).hands[0]) for s in range(10)]
    assert any(hand != sorted(game.hands[0]) for hand in dealt)
    assert all(len(hand) == len(game.hands[0]) for hand in dealt)


def test_without_the_log_a_remembering_seat_samples_what_it_never_saw_bought() -> None:
    game = Game.new(players=2, seed=4)
    rng = random.Random(4)
    while not (game.turn >= 8 and len(game.hands[0]) >= 2 and game.current_player == 1):
        game.apply(rng.choice(game.legal_options()), game.current_player)
    view = game.view(1, log=False)  # as a position loaded without its history
    dealt = [sorted(determinize(view, 1, random.Random(s), remember=True).hands[0]) for s in range(10)]
    assert any(hand != sorted(game.hands[0]) for hand in dealt)
    assert all(len(hand) == len(game.hands[0]) for hand in dealt)
