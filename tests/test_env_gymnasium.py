"""The Gymnasium wrapper: one learning seat against bots of a chosen kind (needs the rl extra)."""

from __future__ import annotations

import doctest

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import paxpamir.env.gymnasium as gym_env  # noqa: E402
from paxpamir import IllegalOption, PamirError  # noqa: E402
from paxpamir.agents.base import Decision  # noqa: E402
from paxpamir.agents.bots import RandomBot  # noqa: E402
from paxpamir.env.actions import decode  # noqa: E402
from paxpamir.env.gymnasium import PaxPamirGymEnv  # noqa: E402


def episode(env: PaxPamirGymEnv, seed: int) -> tuple[float, int]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    steps, reward, done = 0, 0.0, False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        assert env.game.current_player == env.seat
        assert sorted(decode(int(i)) for i in legal) == sorted(env.game.legal_options())
        assert (info["action_mask"] == obs["action_mask"].astype(bool)).all()
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
        done = terminated or truncated
    return reward, steps


@pytest.mark.filterwarnings("ignore:.*Box observation space")
@pytest.mark.filterwarnings("ignore:.*not having a spec")  # made directly, not by gymnasium.make
@pytest.mark.filterwarnings("ignore:.*No render fps")  # a text rendering has no frame rate
def test_gymnasiums_env_checker_passes_with_the_default_settings():
    check_env(PaxPamirGymEnv())  # it samples the whole action space: an illegal action must not raise
    check_env(PaxPamirGymEnv(players=3, wakhan=True, render_mode="ansi"))


@pytest.mark.parametrize("players,wakhan", [(2, False), (4, False), (5, False), (2, True), (3, True)])
def test_episodes_end_with_the_learning_seats_result(players, wakhan):
    env = PaxPamirGymEnv(players=players, wakhan=wakhan, seat=None)
    for seed in range(2):
        reward, steps = episode(env, seed)
        assert env.game.is_over and steps > 0
        assert reward == (1.0 if env.seat in env.game.winners else -1.0)


def test_the_opponents_are_the_given_agents():
    class Counting:
        def __init__(self) -> None:
            self.bot, self.calls = RandomBot(seed=1), 0

        def decide(self, game):
            self.calls += 1
            return self.bot.decide(game)

    a, b = Counting(), Counting()
    episode(PaxPamirGymEnv(players=3, seat=1, opponents=[a, b]), 3)
    assert a.calls > 0 and b.calls > 0
    made = []
    episode(PaxPamirGymEnv(players=3, seat=0, opponents=lambda seat: made.append(seat) or RandomBot(seat)), 4)
    assert sorted(made) == [1, 2]


def test_a_named_bot_kind_is_made_for_each_seat():
    env = PaxPamirGymEnv(players=2, opponents="random")
    episode(env, 5)
    assert isinstance(env._bots[1], RandomBot)
    with pytest.raises(PamirError):
        gym_env.make_bot("no-such-bot")


def test_the_same_seed_plays_the_same_episode():
    first = PaxPamirGymEnv(players=3)
    second = PaxPamirGymEnv(players=3)
    assert episode(first, 9) == episode(second, 9)
    assert first.game.state_hash() == second.game.state_hash()


def test_an_illegal_action_loses_by_default_or_raises():
    env = PaxPamirGymEnv(players=2)
    env.reset(seed=1)
    before = env.game.state_hash()
    obs, reward, terminated, truncated, info = env.step(0)  # end_turn, during the choice of loyalty
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    assert env.game.state_hash() == before
    with pytest.raises(PamirError):
        env.step(0)
    obs, info = env.reset(seed=1)
    assert "illegal" not in info and obs["action_mask"].sum() == 3  # a new episode
    env = PaxPamirGymEnv(players=2, illegal="raise")
    env.reset(seed=1)
    with pytest.raises(IllegalOption):
        env.step(0)
    assert env.game.state_hash() == before
    with pytest.raises(PamirError):
        PaxPamirGymEnv(players=2, illegal="ignore")


def test_bad_arguments_are_refused():
    with pytest.raises(PamirError):
        PaxPamirGymEnv(players=2, wakhan=True, seat=1)  # seat 1 is Wakhan's
    with pytest.raises(PamirError):
        PaxPamirGymEnv(players=3, opponents=[RandomBot()]).reset(seed=1)  # two opponents needed


def test_an_agent_that_decides_is_an_opponent():
    class First:
        def decide(self, game):
            return Decision(game.legal_options()[0], "first")

    env = PaxPamirGymEnv(players=2, opponents=First())
    reward, steps = episode(env, 2)
    assert env.game.is_over


def test_docstring_examples():
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(gym_env, gym_env.__name__):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
