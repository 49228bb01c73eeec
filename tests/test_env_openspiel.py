"""The game registered with OpenSpiel: its random-simulation test, its RL environment, chance, hidden cards
(needs open_spiel)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from paxpamir import Game  # noqa: E402
from paxpamir.content.cards import DOMINANCE_CHECKS, OTHER_EVENTS, is_court_card  # noqa: E402
from paxpamir.env import openspiel as os_game  # noqa: E402
from paxpamir.env.actions import NUM_ACTIONS, decode  # noqa: E402
from paxpamir.env.observation import OBS_SIZE, observation_vector  # noqa: E402

TABLES = ["players=2", "players=3,seeds=50", "players=4", "players=5", "players=2,wakhan=True", "players=3,wakhan=True"]


@pytest.mark.parametrize("params", TABLES)
def test_openspiels_random_simulation_test_passes(params):
    game = pyspiel.load_game(f"python_paxpamir({params})")
    pyspiel.random_sim_test(game, num_sims=1, serialize=params == "players=2", verbose=False)


def test_the_game_type_is_imperfect_information_with_explicit_chance():
    game = pyspiel.load_game("python_paxpamir(players=3)")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 3 and game.num_distinct_actions() == NUM_ACTIONS
    assert game.observation_tensor_size() == OBS_SIZE
    assert pyspiel.load_game("python_paxpamir(players=2,wakhan=True)").num_players() == 1


def deal(state, rng=None, pick=None):
    """Play the chance nodes: the outcome ``pick(outcomes)`` or one sampled by its probability."""
    rng = rng or np.random.default_rng(0)
    taken = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        action = pick(outcomes) if pick else outcomes[rng.choice(len(outcomes), p=[p for _, p in outcomes])][0]
        state.apply_action(action)
        taken.append(action)
    return taken


def test_setup_is_dealt_by_chance_nodes_with_the_rulebooks_probabilities():
    game = pyspiel.load_game("python_paxpamir(players=3)")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.game is None
    assert state.chance_outcomes() == [(0, pytest.approx(1 / 3)), (1, pytest.approx(1 / 3)), (2, pytest.approx(1 / 3))]
    state.apply_action(2)  # seat 2 chooses loyalty first
    # Pile 1 (8 cards at 3 players) holds court cards only: any of the 100, equally likely.
    first = state.chance_outcomes()
    assert [a for a, _ in first] == list(range(1, 101)) and all(p == pytest.approx(0.01) for _, p in first)
    for card in range(1, 9):
        state.apply_action(card)
    # Pile 2: 8 court cards and 2 events: an event comes next with probability 2/10, shared by the 12 events.
    outcomes = dict(state.chance_outcomes())
    events = [a for a in outcomes if a in OTHER_EVENTS]
    assert len(events) == 12 and 1 not in outcomes
    assert sum(outcomes[e] for e in events) == pytest.approx(0.2)
    assert not any(a in DOMINANCE_CHECKS for a in outcomes)
    taken = [2, *range(1, 9), *deal(state)]
    assert len(taken) == 1 + 8 + 10 + 4 * 10
    g = state.game
    assert g is not None and state.current_player() == g.current_player == 2
    expected = Game.new(players=3, seed=0, deal={"deck": taken[1:], "first": 2})
    assert g.state_hash() == expected.state_hash()
    assert sorted(decode(a) for a in state.legal_actions()) == sorted(g.legal_options())


def test_a_wakhan_game_deals_her_ai_deck_and_the_seed_of_her_reshuffles():
    game = pyspiel.load_game("python_paxpamir(players=2,wakhan=True,seeds=8)")
    state = game.new_initial_state()
    taken = deal(state, pick=lambda outcomes: outcomes[-1][0])  # the last outcome every time
    deck, ai_deck, seed = taken[:52], taken[52:76], taken[76]
    assert ai_deck == list(range(24, 0, -1)) and seed == 7
    g = state.game
    assert g.wakhan == 1 and g.deck == deck[12:] and g.ai_deck == tuple(ai_deck)
    state.apply_action(state.legal_actions()[0])  # the human's loyalty; Wakhan then plays her first turn
    assert g.ai_discard[0] == 24  # she drew the top card of the dealt AI deck
    assert Game.from_record(g.record()).state_hash() == g.state_hash()


def test_a_clone_is_independent():
    game = pyspiel.load_game("python_paxpamir(players=2)")
    state = game.new_initial_state()
    deal(state)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.game.state_hash() != state.game.state_hash()
    assert clone.history() == [*state.history(), clone.history()[-1]]


def test_observation_tensors_hide_the_other_hands():
    game = pyspiel.load_game("python_paxpamir(players=3)")
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    deal(state)
    for _ in range(120):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = 0
    tensor = np.array(state.observation_tensor(seat))
    assert tensor.tolist() == pytest.approx(observation_vector(state.game, seat))
    # The same position with another player's hand card swapped for one in the deck looks the same to seat 0.
    data = state.game.to_json()
    other = next(q for q in (1, 2) if data["players"][q]["hand"])
    j = next(i for i, c in enumerate(data["deck"]) if is_court_card(c))
    hand = data["players"][other]["hand"]
    hand[0], data["deck"][j] = data["deck"][j], hand[0]
    assert observation_vector(Game.from_json(data), seat) == observation_vector(state.game, seat)
    assert state.observation_string(seat) != state.observation_string(other)


def test_openspiels_rl_environment_plays_a_game_with_random_agents():
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent

    game = pyspiel.load_game("python_paxpamir(players=2)")
    env = rl_environment.Environment(game, observation_type=rl_environment.ObservationType.OBSERVATION)
    agents = [random_agent.RandomAgent(player_id=p, num_actions=NUM_ACTIONS) for p in range(2)]
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([agents[player].step(step).action])
    assert sorted(step.rewards) in ([-1.0, 1.0], [1.0, 1.0], [-1.0, -1.0])


def test_the_module_names_its_game():
    assert os_game.SHORT_NAME in pyspiel.registered_names()


def test_the_documents_examples_run():
    """docs/env.md's Python blocks (PettingZoo, Gymnasium, OpenSpiel) run as written."""
    doc = Path(__file__).resolve().parent.parent / "docs" / "env.md"
    blocks = re.findall(r"^```python\n(.*?)^```", doc.read_text(encoding="utf-8"), re.S | re.M)
    assert len(blocks) == 3
    for block in blocks:
        exec(compile(block, str(doc), "exec"), {})


def test_openspiels_bots_and_mcts_run_on_the_game():
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = pyspiel.load_game("python_paxpamir(players=2)")
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert sorted(returns) == [-1.0, 1.0]
    state = game.new_initial_state()
    deal(state)
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4, evaluator=rollouts, random_state=np.random.RandomState(0))
    assert bot.step(state) in state.legal_actions()
