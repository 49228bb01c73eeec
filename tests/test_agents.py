"""The agents layer: decisions with reasons and notes, the one game runner, and the rules agents share with
the engine (no agent keeps a copy of a rule)."""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
from typing import Any

import pytest

from paxpamir import Game, IllegalOption
from paxpamir.agents import wakhan as wakhan_package
from paxpamir.agents.base import Agent, Decision
from paxpamir.agents.bots import RandomBot
from paxpamir.agents.runner import GameFailure, play_game, play_out, play_seeded_game, seat_agents
from paxpamir.agents.wakhan import WakhanPlayer
from paxpamir.content.i18n import is_message, render
from paxpamir.engine.game import Reason
from paxpamir.engine.invariants import check_invariants
from paxpamir.presentation.words import log_lines
from paxpamir.rules import abilities, actions, court, market, rulers, scoring, turn


def _frozen(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


# ---------------------------------------------------------------------------- notes


def test_a_note_is_kept_in_the_record_and_the_log_and_replays_identically():
    g = Game.new(3, seed=2)
    g.apply(g.legal_options()[0], reason="first option", note={"plan": "a", "step": 1, "tags": ["x", 2]})
    g.apply(g.legal_options()[-1], note={"step": 2})
    choices = g.record()["choices"]
    assert choices[0][2:] == ["first option", {"plan": "a", "step": 1, "tags": ["x", 2]}]
    assert choices[1][2:] == [None, {"step": 2}]
    kinds = [e["type"] for e in g.events() if e["type"] in ("reason", "note")]
    assert kinds == ["reason", "note"]
    assert all(isinstance(line, str) and line for line in log_lines(g))
    replay = Game.from_record(json.loads(json.dumps(g.record())))
    assert _frozen(replay) == _frozen(g)
    assert _frozen(Game.from_json(json.loads(json.dumps(g.to_json())))) == _frozen(g)


def test_records_from_before_notes_still_load():
    g = Game.new(2, seed=4, wakhan=True)
    play_game(g, seat_agents(g, RandomBot(4)), stop_after=40)
    old = g.record()
    old["choices"] = [c[:3] for c in old["choices"]]  # as written before notes: reason strings only
    assert any(len(c) == 3 for c in old["choices"])
    loaded = Game.from_record(old)
    assert loaded.state_hash() == g.state_hash()


@pytest.mark.parametrize(
    "note",
    [["not", "a dict"], {1: "key not a string"}, {"nested": {"a": 1}}, {"tuple": (1, 2)}, {"obj": object()}],
)
def test_a_note_that_would_not_survive_json_is_refused_and_changes_nothing(note: Any):
    g = Game.new(2, seed=1)
    before = _frozen(g)
    with pytest.raises(IllegalOption):
        g.apply(g.legal_options()[0], note=note)
    assert _frozen(g) == before


def test_a_note_is_copied_so_the_caller_cannot_change_history_afterwards():
    g = Game.new(2, seed=1)
    note: dict[str, Any] = {"list": [1]}
    g.apply(g.legal_options()[0], note=note)
    note["list"].append(2)
    note["new"] = 1
    assert g.record()["choices"][0][3] == {"list": [1]}


def test_notes_this_turn_are_the_players_own_newest_first_and_end_with_the_turn():
    g = Game.new(2, seed=3)
    while g.decision != "turn":
        g.apply(g.legal_options()[0])
    p = g.current_player
    assert p is not None and g.notes_this_turn(p) == []
    made = 0
    while g.current_player == p and g.decision == "turn" and made < 2:
        option = next((o for o in g.legal_options() if o[0] != "end_turn"), ("end_turn",))
        g.apply(option, p, Reason(f"step {made}", {"step": made}))
        made += 1
    if made == 2 and g.current_player == p:
        assert g.notes_this_turn(p) == [{"step": 1}, {"step": 0}]
    g2 = g.clone()
    play_game(g2, [RandomBot(1)] * 2, until=lambda x: x.turn > g.turn)
    assert g2.notes_this_turn(p) == []


def test_a_reason_object_carries_its_note_through_apply():
    g = Game.new(2, seed=5)
    g.apply(g.legal_options()[0], None, Reason("because", {"k": 1}))
    assert g.record()["choices"][0] == [g.choices()[0][0], list(g.choices()[0][1]), "because", {"k": 1}]
    assert type(g.choices()[0][2]) is str  # the record holds plain strings


def test_wakhans_notes_are_public_in_every_view():
    g, _ = play_seeded_game(3, 11, wakhan=True, max_decisions=5000)
    notes = [e["note"] for e in g.events() if e.get("note")]
    assert notes and all(n["wakhan"] in ("line", "bonus", "road") for n in notes)
    for viewer in (0, 1, None):
        view = g.view(viewer)
        assert "record" not in view and "seed" not in view
        assert [e["note"] for e in view["log"] if e.get("note")] == notes


# ---------------------------------------------------------------------------- Wakhan plays from state


class Reworded:
    """Wakhan with every reason rewritten: her play must not depend on the words."""

    def __init__(self) -> None:
        self.inner = WakhanPlayer()

    def decide(self, game: Game) -> Decision:
        d = self.inner.decide(game)
        return Decision(d.option, "(reworded)", d.note)


def test_rewording_her_reasons_does_not_change_how_wakhan_plays():
    differing_lines = 0
    for seed in range(1, 9):
        players = 2 + seed % 2
        a = Game.new(players, seed, wakhan=True)
        b = Game.new(players, seed, wakhan=True)
        bot_a, bot_b = RandomBot(seed), RandomBot(seed)
        play_game(a, [bot_a] * (players - 1) + [WakhanPlayer()])
        play_game(b, [bot_b] * (players - 1) + [Reworded()])
        assert [c[:2] for c in a.choices()] == [c[:2] for c in b.choices()]
        assert a.state_hash() == b.state_hash()
        differing_lines += sum(1 for x, y in zip(log_lines(a), log_lines(b), strict=True) if x != y)
    assert differing_lines > 100


def test_wakhan_decide_gives_a_decision_with_a_note_for_her_ai_card_lines():
    g = Game.new(2, seed=1, wakhan=True)
    g.apply(g.legal_options()[0])
    d = WakhanPlayer().decide(g)
    assert isinstance(d, Decision) and isinstance(d, tuple)
    # Her reason is a message, rendered in each reader's language (English here).
    assert d.option in g.legal_options() and is_message(d.reason) and render(d.reason).startswith("line ")
    if d.option[0] != "end_turn":
        assert d.note is not None and d.note["wakhan"] in ("line", "bonus") or "Ambition" in render(d.reason)
    option, reason = WakhanPlayer().choose(g)
    assert (option, str(reason), reason.message) == (d.option, render(d.reason), d.reason)
    assert getattr(reason, "note", None) == d.note


# ---------------------------------------------------------------------------- the runner


def test_agents_follow_the_protocol():
    agents: list[Agent] = [RandomBot(1), WakhanPlayer()]  # the Agent protocol: decide(game) -> Decision
    g = Game.new(2, seed=1, wakhan=True)
    g.apply(g.legal_options()[0])
    assert all(callable(getattr(agent, "decide", None)) for agent in agents)
    assert isinstance(agents[1].decide(g), Decision)
    assert RandomBot(3).decide(g) == Decision(RandomBot(3).choose(g))


def test_the_runner_plays_to_the_end_and_calls_back_after_each_decision():
    g = Game.new(4, seed=8)
    seen: list[int] = []
    result = play_game(g, [RandomBot(8)] * 4, check=check_invariants, after=lambda game, seat, d: seen.append(seat))
    assert g.is_over and not result.stopped and result.decisions == len(seen) == len(g.choices())
    same = Game.new(4, seed=8)
    assert play_out(same, RandomBot(8)) == result.decisions and same.state_hash() == g.state_hash()


def test_the_runner_stops_when_asked():
    g = Game.new(3, seed=2)
    result = play_game(g, [RandomBot(2)] * 3, stop_after=17)
    assert result.stopped and result.decisions == 17 and len(g.choices()) == 17
    result = play_game(g, [RandomBot(2)] * 3, until=lambda game: game.turn >= 12)
    assert result.stopped and result.decisions > 0 and g.turn == 12 and not g.is_over


class Stubborn:
    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def decide(self, game: Game) -> Any:
        return self.answer


@pytest.mark.parametrize(
    ("agent", "message"),
    [
        (Stubborn(Decision(("no_such_option",))), "IllegalOption"),
        (Stubborn(("end_turn",)), "not a Decision"),
    ],
)
def test_an_agents_bad_decision_is_one_game_failure_naming_seed_and_count(agent: Any, message: str):
    g = Game.new(2, seed=6)
    with pytest.raises(GameFailure, match=message) as info:
        play_game(g, [agent, agent])
    assert info.value.seed == 6 and info.value.decisions == 0 and "seed 6, after 0 decisions" in str(info.value)


def test_a_game_that_does_not_end_within_the_cap_is_a_game_failure():
    g = Game.new(2, seed=6)
    with pytest.raises(GameFailure, match="did not end within 30 decisions") as info:
        play_game(g, [RandomBot(1)] * 2, max_decisions=30)
    assert info.value.decisions == 30


def test_a_broken_invariant_is_a_game_failure():
    def fussy(game: Game) -> list[str]:
        return ["too many decisions"] if len(game.choices()) >= 3 else []

    with pytest.raises(GameFailure, match="invariant broken after decision 3.*too many decisions"):
        play_game(Game.new(2, seed=1), [RandomBot(1)] * 2, check=fussy)


def test_seeded_games_are_the_same_as_a_random_bot_playing_alone():
    game, result = play_seeded_game(3, 21)
    alone = Game.new(3, 21)
    bot = RandomBot(21)
    while not alone.is_over:
        alone.apply(bot.choose(alone))
    assert alone.state_hash() == game.state_hash() and result.decisions == len(alone.choices())


# ---------------------------------------------------------------------------- one function per rule


def _wakhan_modules() -> list[Any]:
    names = [m.name for m in pkgutil.iter_modules(wakhan_package.__path__)]
    return [importlib.import_module(f"paxpamir.agents.wakhan.{name}") for name in names]


def test_wakhans_procedure_uses_the_engines_rule_functions():
    modules = _wakhan_modules()
    assert len(modules) >= 10
    rules = [
        scoring.dominant_coalition, market.purchase_cost, actions.is_bonus, turn.court_limit, rulers.ruler_after,
        court.hostage_holder, court.play_bribe, abilities.hostage_bribe_waived,
    ]
    for rule in rules:
        users = [m for m in modules if getattr(m, rule.__name__, None) is not None]
        assert users, f"no module of Wakhan's uses {rule.__name__}"
        assert all(getattr(m, rule.__name__) is rule for m in users), rule.__name__
    for m in modules:
        assert not hasattr(m, "_LINE_TAG") and not hasattr(m, "_BONUS_TAG") and not hasattr(m, "re"), m.__name__


def test_ruler_after_agrees_with_ruler_of_on_the_changed_map():
    checked = 0
    for seed in range(12):
        players = 2 + seed % 4
        wakhan = seed % 4 == 1
        g = Game.new(3 if wakhan else players, seed, wakhan=wakhan)
        rnd = random.Random(seed)
        play_game(g, seat_agents(g, RandomBot(seed)), until=lambda game: game.turn >= 12 or game.is_over)
        for _ in range(40):
            region = rnd.randrange(6)
            tribes = {p: rnd.randint(-g.tribes[region * g.n + p], 2) for p in range(g.n) if rnd.random() < 0.5}
            armies = {c: rnd.randint(-g.armies[region * 3 + c], 2) for c in range(3) if rnd.random() < 0.5}
            trial = g.clone()
            for p, k in tribes.items():
                trial.tribes[region * g.n + p] += k
            for c, k in armies.items():
                trial.armies[region * 3 + c] += k
            assert rulers.ruler_after(g, region, tribes, armies) == rulers.ruler_of(trial, region)
            checked += 1
        for r in range(6):
            assert rulers.ruler_after(g, r) == g.rulers[r]
    assert checked == 480


def test_a_market_card_never_counts_as_favored_through_new_tactics():
    g = Game.new(2, seed=1)
    g.effects += (("newTactics", 0, 0),)
    military = next(c for c in range(1, 101) if abilities.COURT[c].suit == abilities.MILITARY)
    assert not abilities.counts_as_favored(g, -1, military)
    assert abilities.counts_as_favored(g, 0, military)


def test_the_hostage_rule_reads_the_same_from_a_view():
    checked = 0
    for seed in range(10):
        g = Game.new(2 + seed % 4, 40 + seed)
        play_game(g, [RandomBot(seed)] * g.n, stop_after=150)
        view = g.view(None)
        for owner, cards in enumerate(g.courts):
            for c in cards:
                spies = view["spies"].get(str(c), [0] * g.n)
                assert court.hostage_from_spies(spies, owner) == court.hostage_holder(g, c, owner)
                checked += 1
    assert checked > 50
