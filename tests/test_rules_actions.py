"""The six card-based actions (RB p.12-14): tax, gift, build, move, betray, battle; bonus actions for the
favored suit; one action per card per turn."""

from __future__ import annotations

import pytest
from positions import armies, game, market_rupees, player, roads, ruler, seat, spies, tribes

from paxpamir.rules.scoring import influence

TOP = [80, 81, 82, 83, 84, 85]
BOTTOM = [86, 87, 89, 90, 91, 92]
FULL = [TOP, BOTTOM]

DOST_MOHAMMAD = 7  # Kabul political, no actions
GHILZAI_NOMADS = 13  # Kabul economic rank 2: tax / move
MONEY_LENDERS = 14  # Kabul economic rank 2: gift / build
BALA_HISSAR = 16  # Kabul military rank 1: tax / betray
AFGHAN_HANDICRAFTS = 9  # Kabul economic rank 1: tax / move
FARAH_ROAD = 63  # Herat economic rank 3: move
AKALI_SIKHS = 38  # Punjab military rank 2: battle
HAZARA_CHIEFS = 55  # Herat political rank 1: battle / tax / move
EXILED_DURRANI = 57  # Herat political: shows a British prize
CHARLES_STODDART = 4  # Kabul intelligence: shows an Afghan prize


def actions_of(g, card):
    return sorted(o[2] for o in g.legal_options() if o[0] == "action" and o[1] == card)


# ---------------------------------------------------------------------------- tax


def _taxer():
    # Seat 0 rules Kabul and has a rank-two tax card; three rupees lie on a market card.
    return game(
        player("british", 0, court=[DOST_MOHAMMAD, GHILZAI_NOMADS]),
        player("russian", 0, court=[61]),
        tribes={"kabul": [1, 0]},
        market=FULL,
        market_rupees=[[0, 0, 3, 0, 0, 0], [0] * 6],
    )


def test_tax_takes_up_to_the_cards_rank():
    g = _taxer()
    g.apply(("action", GHILZAI_NOMADS, "tax"))
    g.apply(("tax_market", 82))
    g.apply(("tax_market", 82))
    assert g.decision == "turn"
    assert seat(g, 0)["rupees"] == 2 and market_rupees(g)[0][2] == 1


def test_tax_may_stop_after_the_first_rupee():
    g = _taxer()
    g.apply(("action", GHILZAI_NOMADS, "tax"))
    assert ("done",) not in g.legal_options()
    g.apply(("tax_market", 82))
    g.apply(("done",))
    assert g.decision == "turn" and seat(g, 0)["rupees"] == 1


def test_tax_players_only_with_a_court_card_in_a_region_you_rule():
    g = game(
        player("british", 0, court=[DOST_MOHAMMAD, GHILZAI_NOMADS]),
        player("russian", 3, court=[BALA_HISSAR]),  # a Kabul card
        player("afghan", 5, court=[61]),  # a Herat card only
        tribes={"kabul": [1, 0, 0]},
        market=FULL,
    )
    g.apply(("action", GHILZAI_NOMADS, "tax"))
    assert g.legal_options() == [("tax_player", 1)]
    g.apply(("tax_player", 1))
    g.apply(("tax_player", 1))
    assert seat(g, 0)["rupees"] == 2 and seat(g, 1)["rupees"] == 1 and seat(g, 2)["rupees"] == 5


def test_tax_without_ruling_only_the_market():
    g = game(
        player("british", 0, court=[GHILZAI_NOMADS]),
        player("russian", 3, court=[BALA_HISSAR]),
        market=FULL,
        market_rupees=[[0, 1, 0, 0, 0, 0], [0] * 6],
    )
    g.apply(("action", GHILZAI_NOMADS, "tax"))
    assert g.legal_options() == [("tax_market", 81)]


def test_tax_shelter_is_the_targets_economic_stars():
    # Money Lenders and Ghilzai Nomads: four economic stars. Four rupees are sheltered, the fifth is not.
    def position(rupees):
        return game(
            player("british", 0, court=[DOST_MOHAMMAD, BALA_HISSAR]),
            player("russian", rupees, court=[MONEY_LENDERS, GHILZAI_NOMADS]),
            tribes={"kabul": [1, 0]},
            market=FULL,
        )

    assert "tax" not in actions_of(position(4), BALA_HISSAR)  # nothing to take: not offered
    g = position(5)
    g.apply(("action", BALA_HISSAR, "tax"))
    assert g.legal_options() == [("tax_player", 1)]
    g.apply(("tax_player", 1))
    assert seat(g, 1)["rupees"] == 4 and seat(g, 0)["rupees"] == 1


def test_the_tax_shelter_is_the_targets_economic_stars_at_the_time_of_the_tax():
    kabul_bazaar = 8  # Kabul economic 2: tax
    balkh_arsenic_mine = 10  # Kabul economic 1: build / betray
    g = game(
        player("british", 2, court=[kabul_bazaar, balkh_arsenic_mine]),
        player("russian", 3, court=[GHILZAI_NOMADS, BALA_HISSAR]),
        tribes={"kabul": [1, 0]},
        spies={GHILZAI_NOMADS: [1, 0]},
        market=FULL,
    )
    # Ghilzai Nomads shelters 2 of seat 1's 3 rupees; betraying it first leaves all 3 open to tax.
    g.apply(("action", balkh_arsenic_mine, "betray"))
    g.apply(("betray", GHILZAI_NOMADS))
    g.apply(("decline_prize",))
    g.apply(("action", kabul_bazaar, "tax"))
    g.apply(("tax_player", 1))
    assert ("tax_player", 1) in g.legal_options()
    g.apply(("tax_player", 1))
    assert seat(g, 1)["rupees"] == 1 and seat(g, 0)["rupees"] == 2


# ---------------------------------------------------------------------------- gift


@pytest.mark.parametrize(("gifts", "cost"), [(0, 2), (1, 4), (2, 6)])
def test_gift_costs_two_four_six(gifts, cost):
    g = game(player("british", cost, court=[MONEY_LENDERS], gifts=gifts), player("russian", 0), market=FULL)
    assert influence(g, 0) == 1 + gifts
    g.apply(("action", MONEY_LENDERS, "gift"))
    assert seat(g, 0)["gifts"] == gifts + 1 and seat(g, 0)["rupees"] == 0
    assert influence(g, 0) == 2 + gifts
    short = game(player("british", cost - 1, court=[MONEY_LENDERS], gifts=gifts), player("russian", 0), market=FULL)
    assert "gift" not in actions_of(short, MONEY_LENDERS)


def test_no_gift_when_all_three_spaces_are_full():
    g = game(player("british", 20, court=[MONEY_LENDERS], gifts=3), player("russian", 0), market=FULL)
    assert "gift" not in actions_of(g, MONEY_LENDERS)


# ---------------------------------------------------------------------------- build


def test_build_needs_a_ruled_region():
    g = game(player("british", 9, court=[MONEY_LENDERS]), player("russian", 0), market=FULL)
    assert actions_of(g, MONEY_LENDERS) == ["gift"]


def test_build_up_to_three_units_in_ruled_regions_two_rupees_each():
    g = game(
        player("british", 10, court=[DOST_MOHAMMAD, EXILED_DURRANI, MONEY_LENDERS]),
        player("russian", 0),
        tribes={"kabul": [1, 0], "herat": [1, 0], "punjab": [0, 1]},
        market=FULL,
    )
    g.apply(("action", MONEY_LENDERS, "build"))
    options = g.legal_options()
    assert [o for o in options if o[0] == "army"] == [("army", "herat"), ("army", "kabul")]
    assert ("road", "herat-persia") in options and ("road", "kabul-punjab") in options
    assert ("road", "kandahar-punjab") not in options  # no border of a ruled region
    g.apply(("army", "herat"))
    g.apply(("road", "herat-persia"))
    g.apply(("army", "kabul"))
    assert g.decision == "turn"  # three units: the action is over
    assert armies(g, "herat", "british") == 1 and armies(g, "kabul", "british") == 1
    assert roads(g, "herat-persia", "british") == 1
    assert seat(g, 0)["rupees"] == 4
    assert market_rupees(g) == [[0, 0, 0, 1, 1, 1], [0, 0, 0, 1, 1, 1]]


def test_build_stops_when_the_builder_cannot_pay_more():
    g = game(
        player("british", 4, court=[DOST_MOHAMMAD, MONEY_LENDERS]),
        player("russian", 0),
        tribes={"kabul": [1, 0]},
        market=FULL,
    )
    g.apply(("action", MONEY_LENDERS, "build"))
    g.apply(("army", "kabul"))
    g.apply(("army", "kabul"))
    assert g.decision == "turn" and seat(g, 0)["rupees"] == 0


def test_build_regions_follow_the_ruler_as_it_changes():
    # Two Russian armies in Kabul; the British player rules with 3 tribes. An army of hers keeps her ruling.
    g = game(
        player("british", 6, court=[DOST_MOHAMMAD, MONEY_LENDERS]),
        player("russian", 0),
        tribes={"kabul": [3, 0]},
        armies={"kabul": {"russian": 2}},
        market=FULL,
    )
    g.apply(("action", MONEY_LENDERS, "build"))
    g.apply(("army", "kabul"))
    assert ruler(g, "kabul") == 0 and ("army", "kabul") in g.legal_options()


# ---------------------------------------------------------------------------- move


def test_move_the_same_army_several_times_along_loyal_roads():
    g = game(
        player("british", 0, court=[FARAH_ROAD]),
        player("russian", 0),
        armies={"kabul": {"british": 1}},
        roads={"kabul-punjab": {"british": 1}, "kandahar-punjab": {"british": 1}, "kabul-kandahar": {"russian": 1}},
        market=FULL,
    )
    g.apply(("action", FARAH_ROAD, "move"))
    assert g.legal_options() == [("move_army", "kabul", "punjab")]
    g.apply(("move_army", "kabul", "punjab"))
    assert sorted(g.legal_options()) == [
        ("done",),
        ("move_army", "punjab", "kabul"),
        ("move_army", "punjab", "kandahar"),
    ]
    g.apply(("move_army", "punjab", "kandahar"))
    assert ("move_army", "kandahar", "kabul") not in g.legal_options()  # a Russian road
    g.apply(("move_army", "kandahar", "punjab"))
    assert g.decision == "turn"
    assert armies(g, "punjab", "british") == 1 and armies(g, "kabul", "british") == 0


def test_move_rank_one_is_one_move():
    g = game(
        player("british", 0, court=[AFGHAN_HANDICRAFTS, 61]),
        player("russian", 0, court=[62]),
        spies={61: [1, 0]},
        market=FULL,
    )
    g.apply(("action", AFGHAN_HANDICRAFTS, "move"))
    assert sorted(g.legal_options()) == [("move_spy", 61, AFGHAN_HANDICRAFTS), ("move_spy", 61, 62)]
    g.apply(("move_spy", 61, 62))
    assert g.decision == "turn"
    assert spies(g, 62, 0) == 1 and spies(g, 61, 0) == 0


def test_move_only_your_own_spies():
    g = game(
        player("british", 0, court=[AFGHAN_HANDICRAFTS, 61]),
        player("russian", 0, court=[62]),
        spies={61: [0, 1]},
        market=FULL,
    )
    assert "move" not in actions_of(g, AFGHAN_HANDICRAFTS)


def test_no_spy_move_on_a_ring_of_one_card():
    g = game(
        player("british", 0, court=[AFGHAN_HANDICRAFTS]),
        player("russian", 0),
        spies={AFGHAN_HANDICRAFTS: [1, 0]},
        market=FULL,
    )
    assert ("action", AFGHAN_HANDICRAFTS, "move") not in g.legal_options()
    assert ("action", AFGHAN_HANDICRAFTS, "tax") not in g.legal_options()  # nothing to tax either


def test_the_ring_of_courts_skips_an_empty_court():
    g = game(
        player("british", 0, court=[AFGHAN_HANDICRAFTS, 61]),
        player("russian", 0),
        player("afghan", 0, court=[63, 64]),
        spies={61: [1, 0, 0], AFGHAN_HANDICRAFTS: [1, 0, 0]},
        market=FULL,
    )
    g.apply(("action", AFGHAN_HANDICRAFTS, "move"))
    moves = sorted(o for o in g.legal_options() if o[0] == "move_spy")
    # Ring: 9, 61 (seat 0), nothing for seat 1, 63, 64 (seat 2), back to 9.
    assert moves == [
        ("move_spy", AFGHAN_HANDICRAFTS, 61),
        ("move_spy", AFGHAN_HANDICRAFTS, 64),
        ("move_spy", 61, AFGHAN_HANDICRAFTS),
        ("move_spy", 61, 63),
    ]


# ---------------------------------------------------------------------------- betray


def test_betray_costs_two_and_discards_the_card_with_every_spy_on_it():
    g = game(
        player("british", 2, court=[BALA_HISSAR]),
        player("russian", 0, court=[61, 62]),
        spies={61: [1, 2]},
        market=FULL,
    )
    g.apply(("action", BALA_HISSAR, "betray"))
    assert g.legal_options() == [("betray", 61)]
    g.apply(("betray", 61))
    assert g.decision == "turn"
    assert seat(g, 1)["court"] == [62] and 61 in g.to_json()["discard"]
    assert g.to_json()["spies"] == {}
    assert g.cylinders_in_supply(0) == 10 and g.cylinders_in_supply(1) == 10
    assert seat(g, 0)["rupees"] == 0
    assert market_rupees(g) == [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]]


def test_betray_a_card_in_your_own_court():
    g = game(player("british", 2, court=[BALA_HISSAR, 61]), player("russian", 0), spies={61: [1, 0]}, market=FULL)
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("betray", 61))
    assert seat(g, 0)["court"] == [BALA_HISSAR]


def test_betray_needs_two_rupees():
    g = game(
        player("british", 1, court=[BALA_HISSAR]), player("russian", 0, court=[61]), spies={61: [1, 0]}, market=FULL
    )
    assert "betray" not in actions_of(g, BALA_HISSAR)


def test_betray_prize_of_your_coalition_adds_influence():
    g = game(
        player("afghan", 2, court=[BALA_HISSAR]),
        player("russian", 0, court=[CHARLES_STODDART]),
        spies={CHARLES_STODDART: [1, 0]},
        market=FULL,
    )
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("betray", CHARLES_STODDART))
    assert sorted(g.legal_options()) == [("decline_prize",), ("take_prize",)]
    g.apply(("take_prize",))
    assert seat(g, 0)["prizes"] == [CHARLES_STODDART] and influence(g, 0) == 2
    assert CHARLES_STODDART not in g.to_json()["discard"]


def test_betray_prize_of_another_coalition_changes_loyalty():
    g = game(
        player("afghan", 2, court=[BALA_HISSAR, 58], prizes=[CHARLES_STODDART], gifts=1),  # 58: Afghan patriot
        player("russian", 0, court=[EXILED_DURRANI]),  # shows a British prize
        spies={EXILED_DURRANI: [1, 0]},
        market=FULL,
    )
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("betray", EXILED_DURRANI))
    g.apply(("take_prize",))
    me = seat(g, 0)
    assert me["loyalty"] == "british"
    assert me["prizes"] == [EXILED_DURRANI] and me["gifts"] == 0 and me["court"] == [BALA_HISSAR]
    assert {58, CHARLES_STODDART} <= set(g.to_json()["discard"])


def test_betray_prize_may_be_declined():
    g = game(
        player("afghan", 2, court=[BALA_HISSAR]),
        player("russian", 0, court=[EXILED_DURRANI]),
        spies={EXILED_DURRANI: [1, 0]},
        market=FULL,
    )
    g.apply(("action", BALA_HISSAR, "betray"))
    g.apply(("betray", EXILED_DURRANI))
    g.apply(("decline_prize",))
    assert seat(g, 0)["loyalty"] == "afghan" and seat(g, 0)["prizes"] == []
    assert EXILED_DURRANI in g.to_json()["discard"]


# ---------------------------------------------------------------------------- battle


def test_battle_in_a_region_removes_up_to_rank_enemy_units():
    g = game(
        player("british", 0, court=[AKALI_SIKHS]),
        player("russian", 0, court=[EXILED_DURRANI]),
        player("british", 0, court=[56]),
        tribes={"herat": [0, 1, 1]},
        armies={"herat": {"british": 3, "russian": 1, "afghan": 1}},
        roads={"herat-persia": {"russian": 1, "british": 1}},
        market=FULL,
    )
    g.apply(("action", AKALI_SIKHS, "battle"))
    g.apply(("battle_region", "herat"))
    assert sorted(g.legal_options()) == [
        ("remove_army", "afghan"),
        ("remove_army", "russian"),
        ("remove_road", "herat-persia", "russian"),
        ("remove_tribe", 1),  # not seat 2's tribe: seat 2 shares the British loyalty
    ]
    g.apply(("remove_tribe", 1))
    g.apply(("remove_army", "afghan"))
    assert g.decision == "turn"  # rank two
    assert tribes(g, "herat", 1) == 0 and tribes(g, "herat", 2) == 1
    assert armies(g, "herat", "russian") == 1 and armies(g, "herat", "afghan") == 0


def test_battle_on_a_card_is_limited_by_your_spies_there():
    g = game(
        player("british", 0, court=[AKALI_SIKHS]),
        player("russian", 0, court=[61]),
        spies={61: [1, 3]},
        market=FULL,
    )
    g.apply(("action", AKALI_SIKHS, "battle"))
    g.apply(("battle_card", 61))
    g.apply(("remove_spy", 1))
    assert g.decision == "turn"
    assert spies(g, 61, 1) == 2 and spies(g, 61, 0) == 1


def test_battle_needs_your_own_units_at_the_site():
    g = game(
        player("british", 0, court=[AKALI_SIKHS]),
        player("russian", 0, court=[61]),
        armies={"herat": {"russian": 2}},
        spies={61: [0, 1]},
        market=FULL,
    )
    assert "battle" not in actions_of(g, AKALI_SIKHS)


# ---------------------------------------------------------------------------- bonus actions, one action per card


def test_favored_suit_actions_are_bonus_actions():
    g = game(
        player("british", 10, court=[GHILZAI_NOMADS, MONEY_LENDERS, BALA_HISSAR]),
        player("russian", 3, court=[62]),
        market=FULL,
        market_rupees=[[0, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0]],
        favored="economic",
    )
    g.apply(("action", MONEY_LENDERS, "gift"))  # economic: a bonus action
    assert g.to_json()["turn_state"]["actions_used"] == 0
    g.apply(("action", BALA_HISSAR, "tax"))  # military: a main action
    g.apply(("tax_market", BOTTOM[0]))
    assert g.to_json()["turn_state"]["actions_used"] == 1
    g.apply(("purchase", TOP[0]))
    assert g.to_json()["turn_state"]["actions_used"] == 2
    options = g.legal_options()
    assert not [o for o in options if o[0] in ("purchase", "play")]
    assert ("action", GHILZAI_NOMADS, "tax") in options  # bonus actions remain after the two actions
    g.apply(("action", GHILZAI_NOMADS, "tax"))
    g.apply(("tax_market", BOTTOM[0]))
    g.apply(("done",))
    assert g.legal_options() == [("end_turn",)]


def test_non_favored_card_actions_count_against_the_two_actions():
    g = game(
        player("british", 10, court=[GHILZAI_NOMADS, MONEY_LENDERS, BALA_HISSAR]),
        player("russian", 0),
        market=FULL,
        market_rupees=[[0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]],
        favored="political",
    )
    g.apply(("action", MONEY_LENDERS, "gift"))
    g.apply(("action", GHILZAI_NOMADS, "tax"))
    g.apply(("tax_market", BOTTOM[0]))
    g.apply(("done",))
    assert g.to_json()["turn_state"]["actions_used"] == 2
    assert g.legal_options() == [("end_turn",)]


def test_each_card_gives_one_action_per_turn():
    g = game(
        player("british", 10, court=[GHILZAI_NOMADS, 61]),
        player("russian", 0),
        spies={61: [1, 0]},
        market=FULL,
        market_rupees=[[1, 0, 0, 0, 0, 0], [0] * 6],
        favored="economic",
    )
    assert actions_of(g, GHILZAI_NOMADS) == ["move", "tax"]
    g.apply(("action", GHILZAI_NOMADS, "tax"))
    g.apply(("tax_market", TOP[0]))
    assert g.decision == "turn"
    assert actions_of(g, GHILZAI_NOMADS) == []
    assert g.to_json()["turn_state"]["used_cards"] == [GHILZAI_NOMADS]


def test_the_engine_numbers_the_six_card_actions_as_the_card_data_lists_them():
    from paxpamir.content.cards import ACTIONS
    from paxpamir.rules.actions import _action_index

    assert [_action_index(a) for a in ACTIONS] == list(range(len(ACTIONS))) == list(range(6))


def test_the_shared_option_tables_hold_each_cards_options_as_the_rules_read_them():
    from paxpamir.content.cards import ACTIONS, COURT
    from paxpamir.rules.actions import CARD_ACTION_OPTIONS
    from paxpamir.rules.market import PURCHASE_OPTIONS, RADICALIZE_OPTIONS
    from paxpamir.rules.turn import PLAY_OPTIONS

    for card in range(1, 101):
        assert [(ACTIONS[i], option) for i, option in CARD_ACTION_OPTIONS[card]] == [
            (a, ("action", card, a)) for a in COURT[card].actions
        ]
        assert PLAY_OPTIONS[card] == ("play", card)
    for card in range(1, 117):
        assert PURCHASE_OPTIONS[card] == ("purchase", card) and RADICALIZE_OPTIONS[card] == ("radicalize", card)


def test_a_turn_hands_out_the_shared_options_so_that_apply_finds_them_by_identity():
    from paxpamir import Game
    from paxpamir.rules.market import PURCHASE_OPTIONS

    g = Game.new(players=2, seed=3)
    while g.decision != "turn":
        g.apply(g.legal_options()[0])
    purchases = [o for o in g.legal_options() if o[0] == "purchase"]
    assert purchases and all(o is PURCHASE_OPTIONS[o[1]] for o in purchases)
    g.apply(["purchase", purchases[0][1]])  # an equal list is still accepted
    assert g.choices()[-1][1] == purchases[0]


def _shared_option(option: tuple) -> object:
    """The shared object that the rules hand out for ``option``, or None for a kind listed as new tuples."""
    from paxpamir.content.map import BORDER_INDEX, COALITION_INDEX, REGION_INDEX
    from paxpamir.engine import options as o
    from paxpamir.rules import actions, court, market, pieces, turn
    from paxpamir.rules.actions import battle, betray, tax

    kind, args = option[0], option[1:]
    constants = {"end_turn": turn.END_TURN, "done": o.DONE, "skip": o.SKIP, "decline": o.DECLINE,
                 "pay": court.PAY, "refuse": court.REFUSE}
    if kind in constants:
        return constants[kind]
    by_value = {"purchase": market.PURCHASE_OPTIONS, "radicalize": market.RADICALIZE_OPTIONS,
                "play": turn.PLAY_OPTIONS, "discard": court.DISCARD, "spy": court.SPY, "demand": court.DEMAND,
                "tax_market": tax.TAX_MARKET, "tax_player": tax.TAX_PLAYER, "betray": betray.BETRAY,
                "battle_card": battle.BATTLE_CARD, "remove_tribe": battle.REMOVE_TRIBE,
                "remove_spy": battle.REMOVE_SPY}
    by_name = {"road": (court.ROAD, BORDER_INDEX), "army": (pieces.ARMY, REGION_INDEX),
               "battle_region": (battle.BATTLE_REGION, REGION_INDEX),
               "remove_army": (battle.REMOVE_ARMY, COALITION_INDEX),
               "side": (court.SIDE_OPTIONS, {"left": 0, "right": 1})}
    if kind in by_value:
        return by_value[kind][args[0]]
    if kind in by_name:
        table, index = by_name[kind]
        return table[index[args[0]]]
    if kind == "action":
        return dict(actions.CARD_ACTION_OPTIONS[args[0]])[actions._action_index(args[1])]
    return None


def test_every_listing_hands_out_the_shared_options_of_its_kinds():
    """Options of a kind with a shared table (or a constant) are that very object, in every decision of random
    games with and without Wakhan: `apply` finds an agent's choice by identity, and a listing allocates nothing
    for them. A listing that builds such an option anew fails this."""
    from paxpamir import Game
    from paxpamir.agents.bots import RandomBot

    seen: set[str] = set()
    for seed in range(24):
        g = Game.new(players=2 + seed % 2, seed=seed, wakhan=seed % 4 == 0)
        bot = RandomBot(seed)
        while not g.is_over:
            for option in g.legal_options():
                shared = _shared_option(option)
                if shared is not None:
                    assert option is shared, (g.decision, option)
                    seen.add(option[0])
            g.apply(bot.choose(g))
    assert {"end_turn", "done", "purchase", "radicalize", "play", "action", "discard", "spy", "road", "army",
            "side", "demand", "tax_market", "battle_region", "betray"} <= seen


def test_whether_a_move_or_battle_is_possible_agrees_with_the_moves_and_sites_listed():
    """The turn asks "can this player move / battle?" without listing every move (spies included) or site; the
    answer must be the one the full lists give, for every player, in positions all through random games."""
    from paxpamir import Game
    from paxpamir.agents.bots import RandomBot
    from paxpamir.rules.actions.battle import _battle_sites
    from paxpamir.rules.actions.battle import can_battle as _can_battle
    from paxpamir.rules.actions.move import _move_options_for
    from paxpamir.rules.actions.move import can_move as _can_move

    checked = spies_only = 0
    for players in (2, 3, 4, 5):
        for seed in range(8):
            g = Game.new(players=players, seed=900 + seed)
            bot = RandomBot(seed)
            while not g.is_over:
                if g.decision == "turn":
                    for p in range(g.n):
                        moves = _move_options_for(g, p)
                        assert _can_move(g, p, 1) == bool(moves)
                        assert _can_battle(g, p, 1) == bool(_battle_sites(g, p))
                        spies_only += bool(moves) and all(m[0] == "move_spy" for m in moves)
                        checked += 1
                g.apply(bot.choose(g))
    assert checked > 1000 and spies_only > 50
