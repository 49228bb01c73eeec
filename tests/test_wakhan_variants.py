"""Wakhan's variants (docs/wakhan-variants.md): Savvy Purchasing, Spy Movement, Steadfast Pragmatic Loyalty.

Each test sets a position up by hand from state JSON (tests/wakhanpositions.py) and checks one step, tie-breaker
or edge case of the specification; each variant is also checked to change nothing when it is off.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from positions import player, spies
from wakhanpositions import choose, decide, next_for, wakhan, wstate

from paxpamir import Game
from paxpamir.agents.runner import play_seeded_game
from paxpamir.clients.arena import play_spec, schedule
from paxpamir.clients.cli import main
from paxpamir.content.map import COALITIONS
from paxpamir.engine.errors import BadState, PamirError
from paxpamir.engine.invariants import check_invariants
from paxpamir.presentation.viewmodel import view_model
from paxpamir.rules.court import block_coalition
from paxpamir.rules.wakhan import WAKHAN_VARIANTS, pragmatic_loyalty, wakhan_variants

ALL = list(WAKHAN_VARIANTS)
AFGHAN, BRITISH, RUSSIAN = (COALITIONS.index(c) for c in ("afghan", "british", "russian"))


def vgame(*players: dict[str, Any], variants: list[str] | None = None, **kw: Any) -> Game:
    """A Wakhan position with ``variants`` switched on (none: the rulebook's Wakhan)."""
    data = wstate(*players, **kw)
    if variants:
        data["options"]["wakhan_variants"] = list(variants)
    return Game.from_json(copy.deepcopy(data))


# ---------------------------------------------------------------------------- options


def test_the_rulebook_wakhan_is_the_default_and_keeps_its_state_as_before():
    g = Game.new(2, 1, wakhan=True)
    assert g.options == {"open_hands": False, "wakhan": True}
    assert "wakhan_variants" not in g.to_json()["options"]


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (None, []),
        ("rulebook", []),
        ((), []),
        ("improved", ALL),
        ("Improved", ALL),
        ("spy-movement", ["spy_movement"]),
        ("steadfast_loyalty,savvy_purchasing", ["savvy_purchasing", "steadfast_loyalty"]),
        (["spy_movement", "spy_movement"], ["spy_movement"]),
    ],
)
def test_variants_are_named_by_a_preset_or_by_name(given, expected):
    assert list(wakhan_variants(given)) == expected
    g = Game.new(2, 1, wakhan=True, wakhan_variants=given)
    assert g.options.get("wakhan_variants", []) == expected


@pytest.mark.parametrize("bad", ["bogus", ["savvy_purchasing", 3], 7, "improved,spy_movement", {"a": 1}])
def test_an_unknown_variant_is_a_clear_error(bad):
    with pytest.raises(PamirError, match="Wakhan variant"):
        Game.new(2, 1, wakhan=True, wakhan_variants=bad)


def test_variants_need_wakhan():
    with pytest.raises(PamirError, match="need a game with Wakhan"):
        Game.new(2, 1, wakhan_variants="improved")


def test_variants_travel_with_the_state_json_and_the_record():
    g, _ = play_seeded_game(2, 5, wakhan=True, wakhan_variants="improved")
    state = json.loads(json.dumps(g.to_json()))
    assert state["options"]["wakhan_variants"] == ALL
    assert Game.from_json(state).state_hash() == g.state_hash()
    record = json.loads(json.dumps(g.record()))
    assert record["options"]["wakhan_variants"] == ALL
    replayed = Game.from_record(record)
    assert replayed.state_hash() == g.state_hash()


def test_a_state_with_unknown_or_misplaced_variants_does_not_load():
    g = Game.new(2, 1, wakhan=True)
    data = g.to_json()
    data["options"]["wakhan_variants"] = ["telepathy"]
    with pytest.raises(BadState, match="unknown Wakhan variant"):
        Game.from_json(data)
    plain = Game.new(2, 1).to_json()
    plain["options"]["wakhan_variants"] = ["spy_movement"]
    with pytest.raises(BadState, match="need a game with Wakhan"):
        Game.from_json(plain)


def test_the_view_model_names_the_variants():
    g = Game.new(2, 1, wakhan=True, wakhan_variants="spy_movement")
    g.apply(g.legal_options()[0])
    titles = [v["title"] for v in view_model(g, 0)["wakhan"]["variants"]]
    assert titles == ["Spy Movement"]
    assert view_model(Game.new(2, 1, wakhan=True), None)["wakhan"]["variants"] == []


def test_simulate_and_arena_take_the_variants(capsys):
    assert main(["simulate", "--wakhan", "--wakhan-variants", "improved", "--players", "2", "--games", "2"]) == 0
    assert "against Wakhan (savvy_purchasing, spy_movement, steadfast_loyalty)" in capsys.readouterr().out
    assert main(["simulate", "--wakhan-variants", "improved", "--players", "2", "--games", "1"]) == 2
    assert "needs --wakhan" in capsys.readouterr().err
    assert main(["simulate", "--wakhan", "--wakhan-variants", "bogus"]) == 2
    assert "unknown Wakhan variant 'bogus'" in capsys.readouterr().err
    specs = schedule(["random", "wakhan"], 2, 2, 3, ("spy_movement",))
    outcome = play_spec(specs[0])
    assert outcome.record["options"]["wakhan_variants"] == ["spy_movement"]
    with pytest.raises(PamirError, match="Wakhan among the bots"):
        schedule(["random", "heuristic"], 2, 2, 3, ("spy_movement",))


def test_variants_change_her_play_but_every_game_stays_sound():
    changed = 0
    for seed in range(6):
        base, _ = play_seeded_game(2, seed, wakhan=True)
        improved, _ = play_seeded_game(2, seed, wakhan=True, wakhan_variants="improved", check=check_invariants)
        assert improved.is_over
        changed += base.state_hash() != improved.state_hash()
    assert changed >= 5


# ---------------------------------------------------------------------------- 3. Steadfast Pragmatic Loyalty

# AI card 12 lists British, Afghan, Russian; with a British human the candidates are Afghan, then Russian.


def _steadfast(variants: list[str] | None, **fields: Any) -> Game:
    return vgame(player("british"), wakhan(), ai=12, variants=variants, **fields)


def test_steadfast_takes_the_unshared_coalition_with_the_most_blocks_in_play():
    fields = {"armies": {"persia": {"russian": 2}, "kabul": {"afghan": 1}}}
    assert pragmatic_loyalty(_steadfast(None, **fields)) == AFGHAN  # rulebook: the leftmost unshared
    g = _steadfast(["steadfast_loyalty"], **fields)
    assert pragmatic_loyalty(g) == RUSSIAN  # 2 blocks against 1
    assert block_coalition(g, g.wakhan) == RUSSIAN  # the engine places, moves and battles with it


def test_steadfast_counts_roads_as_blocks_in_play():
    g = _steadfast(["steadfast_loyalty"], armies={"kabul": {"afghan": 1}}, roads={"herat-kabul": {"russian": 2}})
    assert pragmatic_loyalty(g) == RUSSIAN


def test_steadfast_ties_go_to_the_leftmost_on_the_ai_card():
    assert pragmatic_loyalty(_steadfast(["steadfast_loyalty"])) == AFGHAN  # 0 against 0
    tied = {"armies": {"persia": {"russian": 1}, "kabul": {"afghan": 1}}}
    assert pragmatic_loyalty(_steadfast(["steadfast_loyalty"], **tied)) == AFGHAN


def test_steadfast_ignores_the_coalitions_other_players_hold():
    # British blocks lead, but the human is British: never a candidate.
    g = _steadfast(["steadfast_loyalty"], armies={"persia": {"british": 5, "russian": 1}})
    assert pragmatic_loyalty(g) == RUSSIAN
    # Two humans of different loyalties leave one candidate: the variant changes nothing.
    g = vgame(player("british"), player("afghan"), wakhan(), ai=12, variants=["steadfast_loyalty"],
              armies={"persia": {"british": 5, "afghan": 4}})
    assert pragmatic_loyalty(g) == RUSSIAN


# ---------------------------------------------------------------------------- 1. Savvy Purchasing, 1A


def _arrows_game(market: list, variants: list[str] | None, rupees: int = 10, **kw: Any) -> Game:
    """AI card 1, her radicalize line next, the arrows at the top row, column 3."""
    nxt = next_for(1, side="topLeft", column=3)
    return vgame(player("british"), wakhan(rupees), ai=1, nxt=nxt, market=market, last_line=2,
                 variants=variants, **kw)


# Top row: Qanat System (economic 1), Karakul Sheep (economic 2), Farah Road (economic 3), Russo-Persian Trade
# (economic 2, the arrows' card, cost 3). Bottom row: Ghilzai Nomads (economic 2) in column 1.
SAVVY_MARKET = [[62, 61, 63, 81], [None, 13]]


def test_savvy_buys_the_cheapest_card_of_the_same_suit_and_at_least_the_same_rank():
    option, reason = choose(_arrows_game(SAVVY_MARKET, None))
    assert option == ("radicalize", 81)
    option, reason = choose(_arrows_game(SAVVY_MARKET, ["savvy_purchasing"]))
    # Karakul Sheep and Ghilzai Nomads cost 1 (Qanat System costs 0 but ranks lower): same column, so the card in
    # the red arrow's row (top).
    assert option == ("radicalize", 61)
    assert "Savvy Purchasing" in reason and "Russo-Persian Trade" in reason


def test_savvy_ties_go_to_the_leftmost_column():
    # Farah Road (rank 3, cost 2) and Karakul Sheep (rank 2, cost 1): the cheaper wins, whatever its rank.
    market = [[None, 63, 61, 81], []]
    assert choose(_arrows_game(market, ["savvy_purchasing"]))[0] == ("radicalize", 63)


def test_savvy_ties_in_cost_go_to_the_leftmost_column():
    # Wakhan holds Baluchi Smugglers (Herat Influence): Herat court cards cost her nothing, wherever they lie. So
    # Opium Fields (column 5) and Karakul Sheep (column 6) both cost 0, less than Ghilzai Nomads (column 2, cost 1):
    # the leftmost of the two.
    nxt = next_for(1, side="topLeft", column=3)
    g = vgame(player("british"), wakhan(10, court=[66]), ai=1, nxt=nxt, last_line=2,
              market=[[None, 13, None, 81, 64, 61], []], variants=["savvy_purchasing"])
    option, reason = choose(g)
    assert option == ("radicalize", 64), reason


def test_savvy_has_nothing_cheaper_than_a_free_card():
    nxt = next_for(1, side="topLeft", column=0)
    g = vgame(player("british"), wakhan(10), ai=1, nxt=nxt, last_line=2, market=[[81, 61], [13]],
              variants=["savvy_purchasing"])
    assert choose(g)[0] == ("radicalize", 81)


def test_savvy_needs_a_strictly_cheaper_card_of_the_same_suit():
    # Only other suits, lower ranks or the same cost: the arrows' card stands.
    market = [[5, 62, 2, 81], [None, None, None, 61]]
    assert choose(_arrows_game(market, ["savvy_purchasing"]))[0] == ("radicalize", 81)


def test_savvy_never_takes_a_card_she_put_a_rupee_on_or_cannot_afford():
    ts = {"actions_used": 1, "paid_cards": [61]}
    assert choose(_arrows_game(SAVVY_MARKET, ["savvy_purchasing"], turn_state=ts))[0] == ("radicalize", 13)


def test_savvy_never_replaces_an_event():
    market = [[62, 61, 63, 105], []]  # an event at the arrows
    assert choose(_arrows_game(market, ["savvy_purchasing"]))[0] == ("radicalize", 105)


# ---------------------------------------------------------------------------- 1. Savvy Purchasing, 1B


def _dc_game(market: list, variants: list[str] | None, rupees: list | None = None) -> Game:
    """A Dominance Check in the market, no coalition dominant; the human would win the check (no Ambition)."""
    return vgame(player("british", 3, court=[9]), wakhan(20), ai=1, last_line=2, market=market,
                 market_rupees=rupees or [[], []], deck=[102, 103, 104], tribes={"kabul": [2, 0]}, variants=variants)


def test_savvy_nets_the_most_rupees_when_no_card_has_spy_or_tribe_icons():
    # Karakul Sheep costs 1 (net -1); Anglo-Persian Trade costs 2 with leverage (net 0); Farah Road costs 3 and
    # carries 5 rupees (net +2).
    market = [[101, 61, 80, 63], []]
    rupees = [[0, 0, 0, 5], []]
    assert choose(_dc_game(market, None, rupees))[0] == ("radicalize", 61)  # rulebook: the cheapest
    option, reason = choose(_dc_game(market, ["savvy_purchasing"], rupees))
    assert option == ("radicalize", 63) and "nets her the most rupees (+2)" in reason


def test_savvy_net_ties_go_to_the_cheapest_then_the_highest_number():
    # Qanat System (cost 0, net 0) and Anglo-Persian Trade (cost 2 + leverage, net 0): the cheaper.
    market = [[101, None, 80], [62]]
    assert choose(_dc_game(market, ["savvy_purchasing"]))[0] == ("radicalize", 62)


def test_savvy_buys_even_at_a_loss():
    market = [[101, 61, 63], []]
    option, reason = choose(_dc_game(market, ["savvy_purchasing"]))
    assert option == ("radicalize", 61) and "(-1)" in reason


def test_savvy_net_rule_not_when_a_coalition_is_dominant():
    # Russian dominant: the rulebook's branch (cheapest card with the most army and road icons) is unchanged.
    market = [[101, 61, 80, 63], []]
    g = vgame(player("russian", 3, gifts=2, court=[9]), wakhan(20), ai=1, last_line=2, market=market,
              market_rupees=[[0, 0, 0, 5], []], deck=[102, 103, 104], armies={"persia": {"russian": 4}},
              variants=["savvy_purchasing"])
    option, reason = choose(g)
    assert option == ("radicalize", 63) and "Savvy" not in reason and "most army/road icons" in reason


def test_savvy_net_rule_only_when_no_card_has_a_spy_or_tribe_icon():
    # Mohan Lal has spy icons: the base rule (the cheapest card with the most spy and tribe icons) applies.
    market = [[101, 61, 63, 1], []]
    rupees = [[0, 0, 5, 0], []]
    assert choose(_dc_game(market, ["savvy_purchasing"], rupees))[0] == ("radicalize", 1)


# ---------------------------------------------------------------------------- 2. Spy Movement

# AI card 12: move, betray, radicalize; pragmatic loyalty Afghan against a British human. Alexander Burnes
# (Punjab, intelligence 2) has Move. The ring of courts runs: the human's court, then hers.


def _move_game(variants: list[str] | None, human_court: list[int], her_court: list[int], **kw: Any) -> Game:
    return vgame(player("british", 3, court=human_court), wakhan(0, court=her_court), ai=12, variants=variants, **kw)


def test_without_an_army_move_the_move_line_is_taken_for_an_idle_spy():
    fields = {"spies": {21: [0, 1]}}
    option, reason = choose(_move_game(None, [24], [21], **fields))
    assert option != ("action", 21, "move")  # the rulebook Wakhan skips the line
    g = _move_game(["spy_movement"], [24], [21], **fields)
    option, reason = decide(g)
    assert option == ("action", 21, "move") and "line 1/3 (move)" in reason
    option, reason = decide(g)
    assert option == ("move_spy", 21, 24) and "Spy Movement" in reason
    check_invariants(g)


def test_the_same_spy_may_bounce_back_while_it_is_idle():
    g = _move_game(["spy_movement"], [24], [21], spies={21: [0, 1]})
    decide(g)
    decide(g)  # 21 -> 24
    option, _ = decide(g)  # rank 2: a second move; the spy is idle on 24 and 21 is free again
    assert option == ("move_spy", 24, 21)


def test_spies_tied_up_by_other_spies_do_not_move():
    g = _move_game(["spy_movement"], [24], [21], spies={21: [1, 1]})
    option, _ = choose(g)
    assert option != ("action", 21, "move")


def test_the_lowest_priority_origin_moves_to_the_highest_priority_destination():
    # Her court: Alexander Burnes (rank 2, Move), Charles Stoddart (rank 1): idle spies on both; Stoddart has the
    # lower priority, so his spy moves. From Stoddart (last in the ring) a move reaches Burnes and, wrapping, the
    # human's first card, Ranjit Singh: the opponent's card has the higher priority.
    g = _move_game(["spy_movement"], [24, 5], [21, 4], spies={21: [0, 1], 4: [0, 1]})
    decide(g)
    option, _ = decide(g)
    assert option == ("move_spy", 4, 24)


def test_a_destination_where_she_alone_has_the_most_spies_is_skipped():
    # From Stoddart: Ranjit Singh already holds more of her spies than anyone's, so it is skipped; Burnes (tied)
    # and Shah Shujah Durrani (a Kabul card like Stoddart, within reach through Burnes's Strange Bedfellows) are
    # eligible, and the opponent's card has the higher priority.
    g = _move_game(["spy_movement"], [24, 5], [21, 4], spies={21: [1, 1], 4: [0, 1], 24: [0, 1]})
    g.apply(("action", 21, "move"), 1)
    option, _ = decide(g)
    assert option == ("move_spy", 4, 5)
    # Without Strange Bedfellows (Ghilzai Nomads moves instead of Burnes), Shah Shujah is out of reach: Burnes.
    g = _move_game(["spy_movement"], [24, 5], [13, 4], spies={13: [1, 1], 4: [0, 1], 24: [0, 1]})
    g.apply(("action", 13, "move"), 1)
    option, _ = decide(g)
    assert option == ("move_spy", 4, 13)


def test_army_moves_come_first_and_the_fallback_is_decided_move_by_move():
    # One army move (Kabul -> Punjab, towards the human's tribe), then the second move of Burnes goes to a spy.
    g = _move_game(["spy_movement"], [24], [21], spies={21: [0, 1]},
                   armies={"kabul": {"afghan": 2}}, tribes={"punjab": [1, 0]})
    decide(g)
    assert decide(g)[0] == ("move_army", "kabul", "punjab")
    assert decide(g)[0] == ("move_spy", 21, 24)
    assert spies(g, 24, 1) == 1


def test_a_move_no_spy_can_make_is_lost():
    # After the army move, her only spy is tied up: she stops.
    g = _move_game(["spy_movement"], [24], [21], spies={21: [1, 1]},
                   armies={"kabul": {"afghan": 2}}, tribes={"punjab": [1, 0]})
    decide(g)
    decide(g)
    option, reason = decide(g)
    assert option == ("done",) and "no idle spy" in reason


def test_the_rulebook_wakhan_never_moves_spies():
    g = _move_game(None, [24], [21], spies={21: [0, 1]}, armies={"kabul": {"afghan": 2}}, tribes={"punjab": [1, 0]})
    decide(g)
    decide(g)
    option, reason = decide(g)
    assert option == ("done",) and "never moves spies" in reason
