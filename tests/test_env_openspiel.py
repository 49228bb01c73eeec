"""The game registered with OpenSpiel: its random-simulation test, its RL environment, chance, hidden cards
(needs open_spiel)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from paxpamir import Game  # noqa: E402
from paxpamir.content.cards import is_court_card  # noqa: E402
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


def test_the_root_is_a_chance_node_that_picks_the_seed():
    game = pyspiel.load_game("python_paxpamir(players=3,seeds=20)")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(20)) and sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(7)
    assert state.game.state_hash() == Game.new(players=3, seed=7).state_hash()
    assert state.current_player() == state.game.current_player
    assert state.legal_actions() == sorted(state.legal_actions())
    assert sorted(decode(a) for a in state.legal_actions()) == sorted(state.game.legal_options())


def test_a_clone_is_independent():
    game = pyspiel.load_game("python_paxpamir(players=2)")
    state = game.new_initial_state()
    state.apply_action(3)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.game.state_hash() != state.game.state_hash()
    assert clone.history() == [*state.history(), clone.history()[-1]]


def test_observation_tensors_hide_the_other_hands():
    game = pyspiel.load_game("python_paxpamir(players=3)")
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    state.apply_action(5)
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
    state.apply_action(1)
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4, evaluator=rollouts, random_state=np.random.RandomState(0))
    assert bot.step(state) in state.legal_actions()
