"""Cleanup (RB p.9): the four steps in order, and instability."""

from __future__ import annotations

from positions import event_types, game, market, market_rupees, player, seat

from paxpamir import find_card

TOP = [80, 81, 82, 83, 84, 85]
BOTTOM = [86, 87, 89, 90, 91, 92]
FULL = [TOP, BOTTOM]
EXILED_DURRANI = 57  # Herat political, rank 1
JAN_FISHAN_KHAN = 2  # Kabul intelligence, rank 2
PASHTUNWALI_VALUES = 115  # if discarded: intelligence becomes favored
REBUKE = 116  # if discarded: political becomes favored
RUMOR = 108  # if discarded: every player's prizes are discarded (Failure to Impress)
OTHER_PERSUASIVE_METHODS = 114


def _discard_options(g):
    return sorted(o[1] for o in g.legal_options())


def test_court_limit_is_three_plus_political_stars():
    court = [61, 62, 63, 64, EXILED_DURRANI]
    g = game(player("british", 0, court=court), player("russian", 0), market=FULL)
    g.apply(("end_turn",))
    assert g.decision == "discard_court_over_limit" and g.current_player == 0
    assert _discard_options(g) == sorted(court)
    g.apply(("discard", 61))
    assert g.current_player == 1 and g.decision == "turn"
    assert seat(g, 0)["court"] == [62, 63, 64, EXILED_DURRANI]
    assert 61 in g.to_json()["discard"]


def test_court_limit_is_recomputed_after_discarding_a_political_card():
    g = game(player("british", 0, court=[61, 62, 63, 64, EXILED_DURRANI]), player("russian", 0), market=FULL)
    g.apply(("end_turn",))
    g.apply(("discard", EXILED_DURRANI))  # the limit drops from 4 to 3
    assert g.decision == "discard_court_over_limit"
    g.apply(("discard", 64))
    assert g.current_player == 1
    assert seat(g, 0)["court"] == [61, 62, 63]


def test_court_within_its_limit_is_kept():
    for court in ([61, 62, 63], [61, 62, 63, EXILED_DURRANI]):
        g = game(player("british", 0, court=court), player("russian", 0), market=FULL)
        g.apply(("end_turn",))
        assert g.current_player == 1 and g.decision == "turn"
        assert seat(g, 0)["court"] == court


def test_hand_limit_is_two_plus_intelligence_stars():
    g = game(
        player("british", 0, court=[JAN_FISHAN_KHAN], hand=[61, 62, 63, 64, 65]),
        player("russian", 0),
        market=FULL,
    )
    g.apply(("end_turn",))
    assert g.decision == "discard_hand_over_limit"
    assert _discard_options(g) == [61, 62, 63, 64, 65]
    g.apply(("discard", 65))
    assert g.current_player == 1
    assert seat(g, 0)["hand"] == [61, 62, 63, 64]


def test_hand_limit_without_intelligence_is_two():
    g = game(player("british", 0, hand=[61, 62, 63, 64]), player("russian", 0), market=FULL)
    g.apply(("end_turn",))
    g.apply(("discard", 61))
    assert g.decision == "discard_hand_over_limit"
    g.apply(("discard", 62))
    assert g.current_player == 1 and seat(g, 0)["hand"] == [63, 64]


def test_court_is_trimmed_before_the_hand():
    # Discarding the intelligence card from the court (step 1) lowers the hand limit checked in step 2.
    g = game(
        player("british", 0, court=[JAN_FISHAN_KHAN, 61, 62, 63], hand=[64, 65, 66, 67]),
        player("russian", 0),
        market=FULL,
    )
    g.apply(("end_turn",))
    assert g.decision == "discard_court_over_limit"
    g.apply(("discard", JAN_FISHAN_KHAN))
    assert g.decision == "discard_hand_over_limit"
    g.apply(("discard", 64))
    g.apply(("discard", 65))
    assert g.current_player == 1
    assert seat(g, 0)["hand"] == [66, 67]


def test_events_in_the_leftmost_column_are_discarded_top_row_first():
    g = game(
        player("british", 0),
        player("russian", 0),
        market=[[PASHTUNWALI_VALUES, 81, OTHER_PERSUASIVE_METHODS, 83], [REBUKE, 87, 89]],
        market_rupees=[[2, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]],
        favored="economic",
    )
    g.apply(("end_turn",))
    favored = [e["suit"] for e in g.events() if e["type"] == "favored"]
    assert favored == [1, 0]  # intelligence (top row) first, then political (bottom row)
    assert g.to_json()["favored"] == "political"
    data = g.to_json()
    assert PASHTUNWALI_VALUES in data["discard"] and REBUKE in data["discard"]
    # An event outside the leftmost column is not discarded; it slides left.
    assert market(g) == [[81, OTHER_PERSUASIVE_METHODS, 83, None, None, None], [87, 89, None, None, None, None]]
    # Rupees on a discarded event stay on its slot and go to the card that slides there.
    assert market_rupees(g) == [[3, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]]


def test_a_discarded_event_affects_every_player():
    g = game(
        player("british", 0, prizes=[4]),
        player("russian", 0, prizes=[19]),
        market=[[RUMOR, 81], BOTTOM],
    )
    g.apply(("end_turn",))
    assert seat(g, 0)["prizes"] == [] and seat(g, 1)["prizes"] == []
    assert {4, 19, RUMOR} <= set(g.to_json()["discard"])


def test_market_slides_left_with_rupees_then_deals_left_to_right_top_row_first():
    g = game(
        player("british", 0),
        player("russian", 0),
        market=[[80, None, 82, 83, 84, 85], [86, 87, None, None, 91, 92]],
        market_rupees=[[0, 2, 1, 0, 0, 4], [0, 0, 0, 0, 1, 0]],
        deck=[61, 62, 63, 64],
    )
    g.apply(("end_turn",))
    assert market(g) == [[80, 82, 83, 84, 85, 62], [86, 87, 91, 92, 61, 63]]
    # Card 82 slid onto the slot holding 2 rupees: it now has 3.
    assert market_rupees(g) == [[0, 3, 0, 0, 4, 0], [0, 0, 1, 0, 0, 0]]
    assert g.to_json()["deck"] == [64]


def test_cleanup_runs_after_every_turn_even_with_no_action():
    g = game(player("british", 0), player("russian", 0), market=[[None, 81], [86]], deck=[61])
    g.apply(("end_turn",))
    assert market(g)[0][:2] == [81, 61] and market(g)[1][:2] == [86, None]
    assert [t for t in event_types(g) if t in ("end_turn", "turn")] == ["end_turn", "turn"]


# ---------------------------------------------------------------------------- instability


def test_instability_two_dominance_checks_in_the_market_trigger_one_check():
    # Dominance Check 101 is already in the market; the next card dealt is 102.
    g = game(
        player("british", 0),
        player("russian", 0),
        tribes={"kabul": [0, 1]},
        market=[[80, 81, 101, 83, 84, 85], [86, 87, 89, 90, 91, None]],
        deck=[102, 61, 62, 103],
    )
    g.apply(("end_turn",))
    assert [e["type"] for e in g.events() if e["type"] in ("instability", "dominance_check")] == [
        "instability",
        "dominance_check",
    ]
    data = g.to_json()
    assert 101 in data["discard"] and 102 in data["discard"]
    assert [seat(g, 0)["vp"], seat(g, 1)["vp"]] == [1, 3]  # unsuccessful: cylinders in play
    # Both checks left the market, which was refilled: slid left, then dealt.
    assert market(g) == [[80, 81, 83, 84, 85, 61], [86, 87, 89, 90, 91, 62]]
    assert data["deck"] == [103]
    assert not g.is_over and g.current_player == 1


def test_instability_with_the_last_dominance_checks_is_the_final_check():
    g = game(
        player("british", 0, vp=3),
        player("russian", 0, vp=2),
        tribes={"kabul": [0, 1]},
        market=[[80, 81, 101, 83, 84, 85], [86, 87, 89, 90, 91, None]],
        deck=[102, 61],
    )
    g.apply(("end_turn",))
    assert g.is_over
    assert [seat(g, 0)["vp"], seat(g, 1)["vp"]] == [3 + 2, 2 + 6]  # doubled
    assert g.winners == [1]


def test_dealing_a_single_dominance_check_is_not_instability():
    g = game(
        player("british", 0),
        player("russian", 0),
        market=[[80, 81, 82, 83, 84, 85], [86, 87, 89, 90, 91, None]],
        deck=[102, 61],
    )
    g.apply(("end_turn",))
    assert market(g)[1][5] == 102
    assert "instability" not in event_types(g) and "dominance_check" not in event_types(g)
    assert find_card(102).is_dominance_check


def test_the_log_tells_a_cause_before_its_consequences():
    """A new ruler is logged after the piece that made them ruler (a placement, a cleared region), never right
    after the card play or event that led to it (issue: "Player 1 now rules Herat" came before "Player 1 places
    a tribe in Herat")."""
    from paxpamir import Game
    from paxpamir.agents.bots import RandomBot

    causes = []
    for seed in range(40):
        game = Game.new(players=2 + seed % 4, seed=seed)
        bot = RandomBot(seed=seed)
        while not game.is_over:
            game.apply(bot.choose(game))
        events = game.events()
        causes += [events[i - 1]["type"] for i, e in enumerate(events) if e["type"] == "ruler"]
    assert "place" in causes
    assert not {"play", "event", "purchase"} & set(causes), sorted(set(causes))


def test_while_a_cleanup_discard_waits_the_rest_of_cleanup_and_the_next_turn_wait_beneath_it():
    g = game(player("british", 0, court=[61, 62, 63, 64]), player("russian", 0), market=FULL)
    g.apply(("end_turn",))
    assert g.to_json()["agenda"] == [
        ["next_turn", 0],
        ["cleanup_market", 0],
        ["cleanup_events", 0],
        ["cleanup_hand", 0],
        ["discard_court_over_limit", 0],
    ]


def test_a_dominance_check_discarded_from_the_top_row_is_scored_before_the_bottom_rows_event():
    g = game(
        player("british", 0),
        player("russian", 0),
        market=[[101, 81], [REBUKE, 87]],
        favored="economic",
        deck=[61, 62, 103, 63],  # a Dominance Check still to come: this one does not end the game
    )
    g.apply(("end_turn",))
    order = [e["type"] for e in g.events() if e["type"] in ("event_discarded", "dominance_check", "favored")]
    assert order == ["event_discarded", "dominance_check", "event_discarded", "favored"]
    assert g.to_json()["favored"] == "political" and g.current_player == 1
