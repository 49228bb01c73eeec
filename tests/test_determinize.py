"""Determinizations (``paxpamir.agents.determinize``) of a position where another seat is playing a card: the
card being played stays in its player's hand until it reaches the court (a ``play_card`` step under a bribe, a
``side`` step), so every seat knows that the hand holds it although it cannot see the hand. A determinization
from any seat keeps it there and deals only the rest of the hand."""

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
