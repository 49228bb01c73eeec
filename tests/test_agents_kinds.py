"""Every decision kind that can reach a seat has what that seat's agent and the environments need, declared once
and read by name (issue 30, item 2):

* Wakhan: her handler, registered with ``@handles(kind)`` next to its code (``agents/wakhan``), unless the kind
  is one of ``NOT_HERS`` (the kinds that never fall to her, with the reason; checked on whole games below);
* the heuristic bot: the kind's role in its lookahead (``heuristic.KIND_ROLES``), which also says what the search
  bot leaves to the heuristic;
* the environments: the kind's place in the observation (``observation.DECISION_KINDS``), the step fields the
  observation reads by name (``STEP_CARD``, ``STEP_UNITS``, ``STEP_AMOUNT``), and every option kind's place in the
  action space (``env/actions.KINDS``).

The kinds come from the engine's registry (``engine/steps.KINDS``), filled in when the rules are imported, so a new
decision kind fails here until each of them has what it needs. The tests after the first show that the check
fails when a registration is missing.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import SimpleNamespace
from typing import Any

import pytest

import paxpamir.rules
from paxpamir import Game
from paxpamir.agents import heuristic, search
from paxpamir.agents.bots import RandomBot
from paxpamir.agents.runner import play_game, seat_agents
from paxpamir.agents.wakhan import WakhanPlayer
from paxpamir.agents.wakhan.context import HANDLERS, NOT_HERS, Context, handles
from paxpamir.engine.options import OPTION_KINDS
from paxpamir.engine.steps import KINDS, Seat
from paxpamir.env import actions as env_actions
from paxpamir.env import observation

ROLES = {heuristic.FOLLOW_UP_ROLE, heuristic.PAY_ROLE, heuristic.DEMAND_ROLE, heuristic.OWN_ROLE}


def decision_kinds() -> list[str]:
    """Every decision kind the engine knows (each rules module imported, so each has registered its kinds)."""
    for module in pkgutil.iter_modules(paxpamir.rules.__path__):
        importlib.import_module(f"paxpamir.rules.{module.name}")
    return sorted(kind for kind, spec in KINDS.items() if spec.options is not None)


def _field_names(kind: str) -> list[str]:
    return [name for name, _ in KINDS[kind].fields]


def missing() -> list[str]:
    """What a decision kind lacks for an agent or an environment, and registrations that name no decision kind."""
    kinds = decision_kinds()
    known = set(kinds)
    problems = []
    for kind in kinds:
        if kind not in HANDLERS and kind not in NOT_HERS:
            problems.append(f"{kind}: Wakhan has no handler (agents/wakhan: @handles({kind!r})) nor a NOT_HERS reason")
        if kind in HANDLERS and kind in NOT_HERS:
            problems.append(f"{kind}: Wakhan has a handler for a kind said never to reach her")
        if heuristic.KIND_ROLES.get(kind) not in ROLES:
            problems.append(f"{kind}: no role in the heuristic's lookahead (agents/heuristic.KIND_ROLES)")
        if kind not in observation.DECISION_KINDS:
            problems.append(f"{kind}: no place in the observation (env/observation.DECISION_KINDS)")
    tables: list[tuple[str, Any]] = [
        ("Wakhan's handlers", HANDLERS),
        ("Wakhan's NOT_HERS", NOT_HERS),
        ("heuristic.KIND_ROLES", heuristic.KIND_ROLES),
        ("search.LEFT_TO_HEURISTIC", search.LEFT_TO_HEURISTIC),
        ("observation.DECISION_KINDS", observation.DECISION_KINDS),
    ]
    for name, table in tables:
        problems.extend(f"{name} names {kind!r}, which is no decision kind" for kind in table if kind not in known)
    for name, fields in (("STEP_CARD", observation.STEP_CARD), ("STEP_UNITS", observation.STEP_UNITS),
                         ("STEP_AMOUNT", observation.STEP_AMOUNT)):
        for kind, field in fields.items():
            if kind not in known:
                problems.append(f"observation.{name} names {kind!r}, which is no decision kind")
            elif field not in _field_names(kind):
                problems.append(f"observation.{name}: a {kind!r} step has no field {field!r}")
    if sorted(env_actions.KINDS) != sorted(OPTION_KINDS):
        differ = set(env_actions.KINDS) ^ set(OPTION_KINDS)
        problems.append(f"env/actions.KINDS differs from the option kinds: {sorted(differ)}")
    return problems


def test_every_decision_kind_has_what_the_agents_and_environments_need():
    assert len(decision_kinds()) >= 26
    assert missing() == []


def test_the_search_leaves_to_the_heuristic_exactly_the_follow_ups_and_bribe_demands():
    roles = heuristic.KIND_ROLES
    left = {k for k in roles if roles[k] in (heuristic.FOLLOW_UP_ROLE, heuristic.DEMAND_ROLE)}
    assert left == search.LEFT_TO_HEURISTIC
    assert heuristic.FOLLOW_UP < search.LEFT_TO_HEURISTIC and "turn" not in search.LEFT_TO_HEURISTIC


class Watching:
    """Wakhan's procedure, noting the kinds of the decisions that reach her."""

    def __init__(self) -> None:
        self.wakhan = WakhanPlayer()
        self.reached: set[str] = set()

    def decide(self, game: Game) -> Any:
        self.reached.add(game.decision or "")
        decision = self.wakhan.decide(game)
        assert "no Wakhan rule covers" not in str(decision.reason), decision
        return decision


def test_a_kind_said_never_to_reach_wakhan_never_does_and_her_own_rules_answer_every_other():
    watching = Watching()
    for seed in range(12):
        game = Game.new(2 + seed % 2, seed, wakhan=True, wakhan_variants="improved" if seed % 3 == 2 else ())
        agents = seat_agents(game, RandomBot(seed))
        agents[game.wakhan] = watching
        play_game(game, agents)
    assert not watching.reached & set(NOT_HERS)
    assert {"turn", "side", "place_spy", "bribe_pay", "tax"} <= watching.reached <= set(HANDLERS)


# ---------------------------------------------------------------------------- the check can fail


def test_the_check_fails_without_wakhans_handler(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delitem(HANDLERS, "tax")
    assert [p for p in missing() if p.startswith("tax: Wakhan")] != []


def test_the_check_fails_without_the_heuristics_role(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delitem(heuristic.KIND_ROLES, "bribe_pay")
    assert [p for p in missing() if p.startswith("bribe_pay: no role")] != []


def test_the_check_fails_without_the_observations_place(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(observation, "DECISION_KINDS", tuple(k for k in observation.DECISION_KINDS if k != "rebuke"))
    assert [p for p in missing() if p.startswith("rebuke: no place")] != []


def test_the_check_fails_when_the_observation_names_a_field_the_kind_lacks(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(observation.STEP_UNITS, "battle", "units")
    assert missing() == ["observation.STEP_UNITS: a 'battle' step has no field 'units'"]


def test_the_check_fails_for_a_new_decision_kind_that_nobody_knows(monkeypatch: pytest.MonkeyPatch):
    fake = SimpleNamespace(kind="new_decision", options=lambda g, step: [], run=None, fields=(("player", Seat),))
    monkeypatch.setitem(KINDS, "new_decision", fake)
    found = [p for p in missing() if p.startswith("new_decision:")]
    assert len(found) == 3, found  # Wakhan, the heuristic, the observation


def test_wakhan_refuses_a_decision_she_has_no_handler_for(monkeypatch: pytest.MonkeyPatch):
    game = Game.new(2, 1, wakhan=True)
    game.apply(game.legal_options()[0])
    assert game.decision == "turn" and game.current_player == game.wakhan
    monkeypatch.delitem(HANDLERS, "turn")
    with pytest.raises(LookupError, match="no handler"):
        WakhanPlayer().decide(game)


def test_a_kind_has_one_handler():
    def twice(ctx: Context, legal: list[Any]) -> None:
        return None

    with pytest.raises(RuntimeError, match="two handlers"):
        handles("tax")(twice)
    assert HANDLERS["tax"] is not twice
