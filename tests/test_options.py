"""Option kinds (paxpamir.engine.options): each declared once, next to the decision that lists it; every option
the rules list follows its declaration, and code outside the rules reads options by argument name."""

from __future__ import annotations

import random

import pytest

from paxpamir import Game, PamirError
from paxpamir.agents.wakhan import WakhanPlayer
from paxpamir.engine.options import OPTION_KINDS, option_arg, option_args, option_error, option_kind, targets
from paxpamir.env.actions import KINDS


def test_every_option_of_random_games_follows_its_declaration():
    seen: set[str] = set()
    wakhan = WakhanPlayer()
    for players, with_wakhan in [(2, False), (3, False), (4, False), (5, False), (2, True), (3, True)]:
        for seed in range(12):
            rnd = random.Random(seed)
            game = Game.new(players=players, seed=seed, wakhan=with_wakhan)
            while not game.is_over:
                legal = game.legal_options()
                for option in legal:
                    assert option_error(option) is None, (option_error(option), game.pending)
                    seen.add(option[0])
                if game.current_player == game.wakhan:
                    option, reason = wakhan.choose(game)
                    game.apply(option, reason=reason)
                else:
                    game.apply(legal[rnd.randrange(len(legal))])
    # Random games reach most kinds; the rarest (event and ability choices) are declared all the same.
    assert len(seen) >= 30, sorted(set(OPTION_KINDS) - seen)


def test_options_are_read_by_name():
    assert option_arg(("move_spy", 12, 40), "card") == 12
    assert option_arg(["move_spy", 12, 40], "to") == 40
    assert option_args([("purchase", 3), ("end_turn",), ("purchase", 9)], "purchase", "card") == [3, 9]
    with pytest.raises(PamirError, match="no argument 'region'"):
        option_arg(("move_spy", 12, 40), "region")
    with pytest.raises(PamirError, match="unknown option kind"):
        option_arg(("teleport", 1), "card")
    with pytest.raises(PamirError, match="should have 2 argument"):
        option_arg(("move_spy", 12), "card")


def test_what_an_option_points_at_comes_from_its_declaration():
    assert targets(("purchase", 23)) == {"card": 23}
    assert targets(("road", "herat-kabul")) == {"border": "herat-kabul"}
    assert targets(("move_army", "kabul", "punjab")) == {"region": "punjab", "from": {"region": "kabul"}}
    assert targets(("remove_road", "herat-kabul", "british")) == {"border": "herat-kabul", "coalition": "british"}
    assert targets(("tax_player", 1)) == {"player": 1}
    assert targets(("end_turn",)) is None and targets(("demand", 2)) is None and targets(("suit", "military")) is None


def test_a_bad_option_is_described():
    assert "is not one of its possible values" in (option_error(("purchase", 117)) or "")
    assert "is not one of its possible values" in (option_error(("purchase", True)) or "")
    assert "unknown option kind" in (option_error(("teleport",)) or "")


def test_a_kind_is_declared_once():
    with pytest.raises(ValueError, match="declared twice"):
        option_kind("purchase")


def test_every_declared_kind_has_its_place_in_the_action_space():
    assert sorted(KINDS) == sorted(OPTION_KINDS)
