"""Server seats can be any bot of the project's registry, deciding the same way after a restart."""

from __future__ import annotations

from paxpamir import Game
from paxpamir.server import bots


def test_server_seat_kinds_include_the_projects_bots():
    kinds = bots.seat_kinds()
    for name in ("human", "wakhan", "random", "heuristic", "heuristic:easy", "search:fast", "search"):
        assert name in kinds and kinds[name]
        assert name in ("human",) or bots.is_machine(name)


def test_a_heuristic_seat_decides_legally_and_the_same_way_for_the_same_record():
    game = Game.new(3, seed=6)
    while game.decision == "loyalty":
        game.apply(game.legal_options()[0])
    seed = bots.bot_seed(6, len(game.choices()))
    option, _reason = bots.decide("heuristic", game, seed)
    assert option in game.legal_options()
    assert bots.decide("heuristic", game.clone(), seed)[0] == option
