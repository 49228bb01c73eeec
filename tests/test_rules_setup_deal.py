"""Setup from a given deal (``Game.new(..., deal=...)``): the deck, the first player and Wakhan's AI deck given
from outside instead of drawn from the seed, as OpenSpiel's chance nodes deal a game. A deal must be one that
setup could have produced (RB pp. 4-5: six piles, events and Dominance Checks in their piles)."""

from __future__ import annotations

import copy
import json

import pytest

from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.agents.runner import play_game, seat_agents
from paxpamir.content.cards import DOMINANCE_CHECKS, OTHER_EVENTS
from paxpamir.engine.errors import PamirError
from paxpamir.rules.setup import pile_kinds, pile_sizes


def a_deck(players: int) -> list[int]:
    """Court cards 1, 2, 3, ... in order; pile 2 ends with two events, piles 3-6 with an event and a check."""
    court = iter(range(1, 101))
    events = iter(OTHER_EVENTS)
    deck: list[int] = []
    for i, (courts, n_events, checks) in enumerate(pile_kinds(players)):
        deck += [next(court) for _ in range(courts)]
        deck += [next(events) for _ in range(n_events)]
        if checks:
            deck.append(DOMINANCE_CHECKS[i - 2])
    return deck


def test_the_piles_of_a_deal_are_the_rulebooks():
    for n in range(2, 6):
        assert [sum(k) for k in pile_kinds(n)] == pile_sizes(n)


def test_a_dealt_game_uses_the_deal():
    deck = a_deck(3)
    g = Game.new(players=3, seed=0, deal={"deck": deck, "first": 1})
    # The market is dealt from the top, column by column, top row first.
    assert g.market[:6] == deck[0:12:2] and g.market[6:] == deck[1:12:2]
    assert g.deck == deck[12:]
    # Set aside: the 52 court cards and the 6 events left out of the deck.
    assert g.removed == sorted(set(range(1, 101)) - set(deck)) + sorted(set(OTHER_EVENTS) - set(deck))
    assert len(g.removed) == 52 + 6
    assert g.current_player == 1 and g.decision == "loyalty"


def test_a_dealt_game_plays_and_its_record_replays_from_its_position():
    g = Game.new(players=2, seed=5, deal={"deck": a_deck(2), "first": 0})
    play_game(g, seat_agents(g, RandomBot(5)))
    record = json.loads(json.dumps(g.record()))
    assert "position" in record
    assert Game.from_record(record).state_hash() == g.state_hash()


def test_a_wakhan_deal_gives_her_ai_deck():
    ai = list(range(24, 0, -1))
    g = Game.new(players=2, seed=1, wakhan=True, deal={"deck": a_deck(2), "first": 0, "ai_deck": ai})
    assert g.ai_deck == tuple(ai)
    g.apply(("loyalty", "british"))
    assert g.ai_discard == (24,)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(deck=d["deck"][:-1]), "a 3-player deck has 58 cards, not 57"),
        (lambda d: d["deck"].__setitem__(0, d["deck"][1]), "a card twice"),
        (lambda d: d["deck"].__setitem__(0, OTHER_EVENTS[-1]), "pile 1 of the deal's deck must hold"),
        (lambda d: d["deck"].__setitem__(-1, 100), "pile 6"),
        (lambda d: d.update(first=3), "'first' is a seat"),
        (lambda d: d.update(first=True), "'first' is a seat"),
        (lambda d: d.update(ai_deck=list(range(1, 25))), "only a Wakhan game"),
        (lambda d: d.update(extra=1), "unknown fields"),
        (lambda d: d.update(deck="1,2,3"), "list of card numbers"),
    ],
)
def test_an_impossible_deal_is_refused(change, words):
    deal = {"deck": a_deck(3), "first": 0}
    change(deal)
    with pytest.raises(PamirError, match=words):
        Game.new(players=3, seed=0, deal=deal)


def test_an_impossible_wakhan_deal_is_refused():
    good = {"deck": a_deck(2), "first": 0, "ai_deck": list(range(1, 25))}
    for change, words in [
        ({"ai_deck": list(range(1, 24))}, "24 AI cards"),
        ({"ai_deck": None}, "24 AI cards"),
        ({"first": 1}, "loyalty order is fixed"),
    ]:
        deal = copy.deepcopy(good)
        deal.update(change)
        with pytest.raises(PamirError, match=words):
            Game.new(players=2, seed=0, wakhan=True, deal=deal)
    with pytest.raises(PamirError, match="a deal is an object"):
        Game.new(players=2, seed=0, deal=[1, 2, 3])
