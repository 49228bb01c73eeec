"""The view model: one JSON-compatible dict with everything a client shows one seat, and nothing that seat may
not know."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from positions import game, player

from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.content.cards import is_court_card, is_dominance_check
from paxpamir.content.map import BORDER_NAMES, REGIONS
from paxpamir.engine.errors import PamirError
from paxpamir.presentation.viewmodel import option_target, view_model
from paxpamir.presentation.words import labelled_options, log_lines, prompt

SETUPS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 2, "wakhan": True},
    {"players": 3, "wakhan": True},
    {"players": 3, "open_hands": True},
    {"players": 4, "open_hands": True},
]


def _scrambled(g: Game, seat: int | None, rnd: random.Random) -> Game:
    """The same game except for what ``seat`` may not know: the order of the deck, the cards set aside at setup
    and which of them the deck holds, the other players' hands (unless hands are open), the random state, and
    the order of Wakhan's AI deck below its top card (whose back everyone sees). Built from the true state."""
    data = g.to_json()
    open_hands = bool(g.options.get("open_hands"))
    # Hidden places, each a list in the state; court cards and events are exchanged only with their own kind,
    # and Dominance Checks keep their places (how many the deck holds is public).
    places: list[list[int]] = [data["deck"], data["removed"]]
    if not open_hands:
        places += [pd["hand"] for p, pd in enumerate(data["players"]) if p != seat]
    # A card named by a pending step (a card being played, shown to the ruler who asks a bribe) is public.
    shown = {a for step in data.get("agenda", []) for a in step[2:] if isinstance(a, int)}
    for kind in (is_court_card, lambda c: not is_court_card(c) and not is_dominance_check(c)):
        slots = [(place, i) for place in places for i, c in enumerate(place) if kind(c) and c not in shown]
        cards = [place[i] for place, i in slots]
        rnd.shuffle(cards)
        for (place, i), c in zip(slots, cards, strict=True):
            place[i] = c
    data["removed"] = sorted(data["removed"])
    data["rng"] = rnd.randrange(1, 2**62)
    wk = data.get("wakhan")
    if wk and len(wk["ai_deck"]) > 2:
        rest = wk["ai_deck"][1:]
        rnd.shuffle(rest)
        wk["ai_deck"] = wk["ai_deck"][:1] + rest
    return Game.from_json(data)


def _hidden_from(g: Game, seat: int | None) -> bool:
    """True when ``seat`` has something hidden that a scramble can change."""
    return bool(g.deck) or (not g.options.get("open_hands") and any(g.hands[p] for p in range(g.n) if p != seat))


def test_no_view_or_view_model_depends_on_what_the_seat_may_not_know() -> None:
    compared = 0
    for i, setup in enumerate(SETUPS * 2):
        seed = 100 + i
        g = Game.new(seed=seed, **setup)
        bot = RandomBot(seed)
        rnd = random.Random(seed)
        while not g.is_over:
            for _ in range(rnd.randrange(5, 60)):
                if g.is_over:
                    break
                g.apply(bot.choose(g))
            for seat in [*range(g.n), None]:
                view, model = g.view(seat), view_model(g, seat, log_from=0)
                text = json.dumps(model)  # JSON as it is: a server sends it unchanged
                assert json.loads(text) == model
                assert "rng" not in view and "seed" not in view and "record" not in view
                assert view["deck"] is None and view["removed"] is None
                assert str(g.rng) not in text
                if g.wakhan >= 0:
                    assert "ai_deck" not in view["wakhan"]
                for p, pd in enumerate(model["players"]):
                    visible = g.options.get("open_hands") or p == seat
                    assert pd["hand"] == (g.hands[p] if visible else None)
                if not _hidden_from(g, seat):
                    continue
                other = _scrambled(g, seat, rnd)
                assert other.to_json() != g.to_json()
                assert other.view(seat) == view, f"seed {seed}: a view of seat {seat} shows hidden information"
                assert view_model(other, seat, log_from=0) == model, (
                    f"seed {seed}: a view model of seat {seat} shows hidden information"
                )
                compared += 1
    assert compared > 300


def test_the_scramble_changes_what_is_hidden_and_the_view_model_notices_a_leak() -> None:
    """The comparison above can fail: a view model that showed another hand would differ after a scramble."""
    g = Game.new(3, 7)
    bot = RandomBot(7)
    while not (g.hands[1] and g.deck) and not g.is_over:
        g.apply(bot.choose(g))
    other = _scrambled(g, 0, random.Random(1))
    assert other.hands[1] != g.hands[1] and other.deck != g.deck and other.rng != g.rng
    assert other.view(1) != g.view(1) and view_model(other, 1) != view_model(g, 1)
    assert other.view(0) == g.view(0)


def test_options_carry_labels_and_the_targets_they_point_at() -> None:
    for i, setup in enumerate(SETUPS):
        g = Game.new(seed=200 + i, **setup)
        bot = RandomBot(i)
        kinds: set[str] = set()
        while not g.is_over:
            seat = g.current_player
            model = view_model(g, seat)
            legal = labelled_options(g)
            assert model["your_decision"] and model["prompt"] == prompt(g)
            assert [(tuple(_tupled(o["option"])), o["label"]) for o in model["options"]] == legal
            assert [o["index"] for o in model["options"]] == list(range(len(legal)))
            grouped = sorted(
                [i for group in ("cards", "regions", "borders", "players") for ids in model["targets"][group].values()
                 for i in ids] + model["targets"]["none"]
            )
            assert grouped == list(range(len(legal))), "every option is in exactly one group"
            visible = set(model["cards"])
            for o in model["options"]:
                kinds.add(o["kind"])
                t = o["target"]
                if t is None:
                    continue
                if "card" in t:
                    assert str(t["card"]) in visible
                elif "region" in t:
                    assert t["region"] in REGIONS
                elif "border" in t:
                    assert t["border"] in BORDER_NAMES
                else:
                    assert 0 <= t["player"] < g.n
            if seat is not None:
                for other in range(g.n):
                    if other != seat:
                        assert view_model(g, other)["options"] == []
            g.apply(bot.choose(g))
        assert {"purchase", "end_turn", "loyalty"} <= kinds


def _tupled(value: Any) -> Any:
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def test_a_turn_lights_up_market_cards_hand_cards_and_court_card_actions() -> None:
    g = game(
        player("british", 5, court=[12, 18], hand=[1]),  # City of Ghazni (gift), Harry Flashman (gift, betray)
        player("russian", 2, court=[37]),
        market=[[2, 3], [4]],
        spies={37: [1, 0]},
        favored="economic",
    )
    model = view_model(g, 0)
    targets = model["targets"]
    assert set(targets["cards"]) >= {"1", "2", "3", "4", "12", "18"}
    labels = {o["label"]: o for o in model["options"]}
    gift = next(o for o in model["options"] if o["option"] == ["action", 12, "gift"])
    assert gift["target"] == {"card": 12} and gift["index"] in targets["cards"]["12"]
    assert labels["End your turn (cleanup)"]["target"] is None
    court = {c["card"]: c for c in model["courts"][0]}
    assert court[12]["usable_actions"] == ["gift"] and court[12]["bonus"]  # economic is favored
    assert not court[18]["bonus"] and not court[12]["used"]
    # Seat 1 sees the same card facts but no options, and not seat 0's hand.
    theirs = view_model(g, 1)
    assert theirs["options"] == [] and theirs["players"][0]["hand"] is None and theirs["your_decision"] is False
    assert {c["card"]: c["usable_actions"] for c in theirs["courts"][0]}[12] == ["gift"]
    assert "1" not in theirs["cards"]


def test_derived_facts_come_from_the_rules() -> None:
    g = game(
        player("british", 3, court=[24, 12], hand=[1, 2], gifts=1),  # Ranjit Singh: political 2: court limit 5
        player("russian", 2, court=[18]),
        armies={"punjab": {"british": 3}, "kabul": {"british": 1}},
        roads={"kabul-punjab": {"british": 1}},
        tribes={"punjab": [1, 0]},
        spies={18: [1, 0]},
        favored="military",
        market=[[3, 4, 5], []],
        effects=[{"effect": "rumor", "player": 1, "card": 108}],
    )
    model = view_model(g, 0)
    p0, p1 = model["players"]
    assert (p0["hand_size"], p0["hand_limit"], p0["court_size"], p0["court_limit"]) == (2, 2, 2, 5)
    assert p0["influence"] == 2 and p0["gift_cost"] == 4 and p0["cylinders_in_play"] == 3
    assert p0["cylinders_in_supply"] == 7 and p0["regions_ruled"] == ["punjab"]
    assert p1["hand"] is None and p1["court_limit"] == 3 and p1["play_bribes"] is None
    # Mohan Lal and Jan-Fishan Khan are Kabul cards, and nobody rules Kabul: no bribe to play them.
    assert [b["to"] for b in p0["play_bribes"]] == [None, None]
    assert model["regions"]["punjab"]["ruler"] == 0 and model["regions"]["kabul"]["ruler"] is None
    assert model["borders"]["kabul-punjab"]["roads"]["british"] == 1
    assert model["dominance"]["blocks"] == {"afghan": 0, "british": 5, "russian": 0}
    assert model["dominance"]["dominant"] == "british"
    harry = model["courts"][1][0]
    assert harry["hostage_of"] == 0 and harry["hostage_spies"] == 1 and harry["spies"] == [1, 0]
    costs = [m["cost"] for m in model["market"] if m["row"] == 0 and m["card"] is not None]
    assert costs == [[0, 0], [2, 2], [4, 4]]  # military favored: costs doubled
    (rumor,) = model["effects"]
    assert rumor["name"] == "Rumor" and rumor["player"] == 1 and "Player 2's patriots" in rumor["text"]
    assert model["cards"]["24"]["name"] and model["cards"]["108"]["kind"] == "event"


def test_playing_a_card_in_a_region_another_player_rules_shows_the_bribe() -> None:
    g = game(
        player("british", 5, hand=[1]),  # Mohan Lal: Kabul
        player("russian", 2, court=[5]),
        tribes={"kabul": [0, 2]},
    )
    (bribe,) = view_model(g, 0)["players"][0]["play_bribes"]
    assert bribe == {"card": 1, "to": 1, "rupees": 2}  # one rupee per tribe of the ruler


def test_wakhan_seat_shows_her_ai_card_and_pragmatic_loyalty() -> None:
    g = Game.new(2, 21, wakhan=True)
    bot = RandomBot(3)
    while not g.is_over and not g.ai_discard:
        g.apply(bot.choose(g))
    model = view_model(g, 0)
    wk = model["wakhan"]
    assert wk["seat"] == 1 and model["players"][1]["wakhan"]
    assert wk["ai_card_face"]["number"] == wk["ai_card"] and wk["ai_card_face"]["actions"][0]["text"]
    assert wk["pragmatic_loyalty"] in ("afghan", "british", "russian")
    assert set(model["players"][1]["influence"]) == {"afghan", "british", "russian"}


def test_option_targets_of_every_kind() -> None:
    assert option_target(("turn", 0), ("purchase", 5)) == {"card": 5}
    assert option_target(("place_road", 0, 7), ("road", "kabul-punjab")) == {"border": "kabul-punjab"}
    assert option_target(("build", 0, 3, 0), ("army", "kabul")) == {"region": "kabul"}
    assert option_target(("tax", 0, 2, 0), ("tax_player", 1)) == {"player": 1}
    assert option_target(("move", 0, 1, 0), ("move_spy", 3, 9)) == {"card": 9, "from": {"card": 3}}
    assert option_target(("battle", 0, "card", 9, 1, 0), ("remove_spy", 2)) == {"card": 9, "player": 2}
    assert option_target(("battle", 0, "region", 4, 1, 0), ("remove_army", "russian")) == {
        "region": "punjab",
        "coalition": "russian",
    }
    assert option_target(("battle", 0, "region", 4, 1, 0), ("remove_road", "kabul-punjab", "russian")) == {
        "border": "kabul-punjab",
        "coalition": "russian",
    }
    assert option_target(("rebuke", 0, 116), ("region", "herat")) == {"region": "herat"}
    assert option_target(("bribe_demand", 1, 0, 2, "play", 7, 0), ("demand", 2)) is None


def test_bad_arguments_raise_a_clear_error() -> None:
    g = Game.new(2, 1)
    for seat in (2, -1, "0", True):
        with pytest.raises(PamirError, match="seat must be"):
            view_model(g, seat)  # type: ignore[arg-type]
    with pytest.raises(PamirError, match="log_from"):
        view_model(g, 0, log_from=-1)
    assert view_model(g, None)["options"] == []


def test_the_log_part_starts_where_asked() -> None:
    g = Game.new(2, 4)
    bot = RandomBot(4)
    for _ in range(30):
        g.apply(bot.choose(g))
    total = len(g.events())
    model = view_model(g, 0, log_from=3)
    assert model["log"]["size"] == total and model["log"]["from"] == 3
    assert model["log"]["lines"] == log_lines(g)[3:]
    assert view_model(g, 0, log_from=10**6)["log"]["lines"] == []


def test_the_terminal_decides_no_rule_itself() -> None:
    """The terminal reads the game through the view model and the decision API; it imports no rule module."""
    from pathlib import Path

    import paxpamir.clients.terminal as terminal

    package = Path(terminal.__file__).parent
    source = "\n".join(path.read_text(encoding="utf-8") for path in sorted(package.glob("*.py")))
    assert "rules import" not in source and ".rules." not in source
    assert "view_model(" in source
    for call in ("hostage_holder(", "court_limit(", "hand_limit(", "dominant_coalition(", "coalition_blocks(",
                 "influence(", "purchase_cost(", ".stars(", ".cylinders_in_supply("):
        assert call not in source, call


def test_a_play_that_changes_loyalty_says_what_it_costs_from_the_rules() -> None:
    g = game(
        # British, with a British patriot (Eldred Pottinger) and Ranjit Singh in court, a prize and two gifts;
        # in hand a Russian patriot (Count Ivan Simonich) and Mohan Lal (no patriot).
        player("british", 10, court=[19, 24], hand=[69, 1], prizes=[20], gifts=2),
        player("russian", 2),
    )
    model = view_model(g, 0)
    plays = {o["option"][1]: o for o in model["options"] if o["kind"] == "play"}
    assert set(plays) == {69, 1}
    assert plays[1]["changes_loyalty"] is None
    assert plays[69]["changes_loyalty"] == {
        "from": "british", "to": "russian", "loses": {"patriots": [19], "prizes": [20], "gifts": 2}}
    assert all("changes_loyalty" not in o for o in model["options"] if o["kind"] != "play")
    # Computed on a copy: the game itself is untouched.
    assert g.loyalty[0] == 1 and list(g.courts[0]) == [19, 24] and g.gifts[0] == 2
    json.dumps(model)
