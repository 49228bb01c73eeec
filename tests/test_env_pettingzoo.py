"""The PettingZoo AEC environment passes PettingZoo's own API test and plays whole games (needs the rl extra)."""

from __future__ import annotations

import copy
import doctest
import pickle

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import paxpamir.env.pettingzoo as pz  # noqa: E402
from paxpamir import IllegalOption, PamirError  # noqa: E402
from paxpamir.env.actions import NUM_ACTIONS, decode  # noqa: E402
from paxpamir.env.observation import OBS_SIZE, observation_vector  # noqa: E402

# PettingZoo's API test warns about every dict observation, as for its own classic games with action masks.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

TABLES = [(2, False), (3, False), (4, False), (5, False), (2, True), (3, True)]


@pytest.mark.parametrize("players,wakhan", TABLES)
def test_pettingzoos_api_test_passes(players, wakhan):
    api_test(pz.env(players=players, wakhan=wakhan))


@pytest.mark.parametrize("players,wakhan", [(3, False), (2, True)])
def test_pettingzoos_seed_test_passes(players, wakhan):
    seed_test(lambda: pz.env(players=players, wakhan=wakhan), num_cycles=300)


def play(env, seed: int) -> int:
    """Play a whole game with random legal actions; return the number of steps."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert obs["observation"].shape == (OBS_SIZE,) and mask.shape == (NUM_ACTIONS,)
        legal = np.flatnonzero(mask)
        assert env.game.current_player == int(agent.split("_")[1])
        assert sorted(decode(int(i)) for i in legal) == sorted(env.game.legal_options())
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(legal)))
        steps += 1
    return steps


@pytest.mark.parametrize("players,wakhan", TABLES)
def test_a_whole_game_ends_with_plus_one_for_the_winners_and_minus_one_for_the_rest(players, wakhan):
    env = pz.env(players=players, wakhan=wakhan)
    rewards = {a: 0.0 for a in env.possible_agents}
    env.reset(seed=players)
    rng = np.random.default_rng(players)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    game = env.game
    assert game.is_over and env.agents == []
    for agent, total in rewards.items():
        seat = int(agent.split("_")[1])
        assert total == (1.0 if seat in game.winners else -1.0)
    if wakhan:
        assert f"player_{game.wakhan}" not in env.possible_agents


def test_the_same_seed_plays_the_same_game():
    a, b = pz.env(players=3), pz.env(players=3)
    assert play(a, 11) == play(b, 11)
    assert a.game.state_hash() == b.game.state_hash()


def test_observations_are_the_seats_vectors_in_new_arrays_each_time():
    env = pz.env(players=3)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    while not env.game.is_over:
        agent = env.agent_selection
        obs = env.observe(agent)
        seat = int(agent.split("_")[1])
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert np.array_equal(obs["observation"], np.asarray(observation_vector(env.game, seat), dtype=np.float32))
        obs["observation"][:] = 7.0  # the caller's to change: the next observation is unaffected
        obs["action_mask"][:] = 0
        again = env.observe(agent)
        assert again["observation"].max() < 7.0 and again["action_mask"].any()
        other = (seat + 1) % 3
        expected = np.asarray(observation_vector(env.game, other), dtype=np.float32)
        assert np.array_equal(env.observe(f"player_{other}")["observation"], expected)
        env.step(int(rng.choice(np.flatnonzero(again["action_mask"]))))


def test_a_copied_environment_goes_on_like_the_original():
    """copy.deepcopy (and pickle) copies the observation arrays kept per seat with the views into them."""
    env = pz.env(players=3)
    env.reset(seed=2)
    for _ in range(30):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    for copied in (copy.deepcopy(env), pickle.loads(pickle.dumps(env)), env):
        for _ in range(40):
            obs, *_ = copied.last()
            expected = observation_vector(copied.game, copied.game.current_player)
            assert np.array_equal(obs["observation"], np.asarray(expected, dtype=np.float32))
            copied.step(int(np.flatnonzero(obs["action_mask"])[-1]))


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = pz.env(players=2)
    env.reset(seed=1)
    before = env.game.state_hash()
    with pytest.raises(IllegalOption):
        env.step(0)  # end_turn, during the choice of loyalty
    assert env.game.state_hash() == before


def test_max_decisions_truncates():
    env = pz.env(players=2, max_decisions=5)
    env.reset(seed=2)
    for _ in range(5):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(env.truncations.values())


def test_bad_tables_are_refused():
    with pytest.raises(PamirError):
        pz.env(players=6)
    with pytest.raises(PamirError):
        pz.env(players=4, wakhan=True)


def test_render_shows_the_view_of_the_seat_to_move():
    env = pz.env(players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert '"viewer":' in text and '"hand":null' in text


def test_docstring_examples():
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(pz, pz.__name__):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
