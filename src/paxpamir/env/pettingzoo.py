"""A PettingZoo AEC environment, in the style of PettingZoo's classic board games.

Agents are ``"player_0"`` ... (seat order; in a Wakhan game Wakhan's seat is not an agent: the rulebook's
procedure plays her). The agent to act is whoever the engine waits for, so it is not always round-robin (a
bribe or a discard can fall to another player in the middle of a turn). Each observation is a dict:
``"observation"``, the seat's :func:`~paxpamir.env.observation.observation_vector` (float32), and
``"action_mask"``, int8 ones at the legal actions of :mod:`paxpamir.env.actions` (all zeros when it is not
that agent's decision). At the end each winner gets a reward of +1 and every other agent -1. An illegal action
raises :class:`~paxpamir.engine.errors.IllegalOption` and changes nothing.

Observations are built only when asked for (``observe``, ``last``): the vector incrementally, from the last
one built for that seat (:class:`~paxpamir.env.arrays.ObservationBuilder`), the mask from the legal actions,
listed once per state. Each call returns new arrays, which the caller may keep and change.

Needs the ``rl`` extra (``pip install paxpamir[rl]``).

>>> from paxpamir.env.pettingzoo import env
>>> e = env(players=3)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum())  # a loyalty to choose
3
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..agents.wakhan import WakhanPlayer
from ..engine.errors import PamirError
from ..engine.game import Game
from ..presentation.words import prompt
from .actions import NUM_ACTIONS, decode, legal_actions
from .arrays import ObservationBuilder
from .core import agent_seats, check_table, final_rewards, play_wakhan
from .observation import OBS_SIZE, observation_string

RENDER_MODES = ("human", "ansi")

#: Observation values are counts divided by typical maxima: well below this bound in any real game.
OBS_HIGH = 100.0


def observation_space() -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(low=0.0, high=OBS_HIGH, shape=(OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
        }
    )


class PaxPamirEnv(AECEnv):
    """Pax Pamir for 2 to 5 players (``players`` counts Wakhan's seat when ``wakhan=True``).

    ``max_decisions`` (optional) truncates a game after that many decisions of the agents.
    """

    metadata = {"render_modes": list(RENDER_MODES), "name": "paxpamir_v0", "is_parallelizable": False}

    def __init__(
        self,
        players: int = 4,
        wakhan: bool = False,
        render_mode: str | None = None,
        max_decisions: int | None = None,
    ) -> None:
        super().__init__()
        check_table(players, bool(wakhan))
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise PamirError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        self.players = players
        self.wakhan = bool(wakhan)
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.seats = agent_seats(players, self.wakhan)
        self.possible_agents = [f"player_{s}" for s in self.seats]
        self._seat_of = {a: s for a, s in zip(self.possible_agents, self.seats, strict=True)}
        self._agent_at = {s: a for a, s in self._seat_of.items()}
        space = observation_space()
        self.observation_spaces = {a: space for a in self.possible_agents}
        action = spaces.Discrete(NUM_ACTIONS)
        self.action_spaces = {a: action for a in self.possible_agents}
        self._procedure = WakhanPlayer()
        self._rng = random.Random()
        self.game: Game | None = None
        self.decisions = 0
        self._builder = ObservationBuilder()
        #: The legal actions of the current state, once listed (forgotten by step and reset).
        self._legal: list[int] | None = None

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC API

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        game_seed = seed if seed is not None else self._rng.randrange(1 << 62)
        self.game = Game.new(players=self.players, seed=game_seed, wakhan=self.wakhan)
        self._legal = None
        play_wakhan(self.game, self._procedure)
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._to_move()
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        g = self._game()
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if not g.is_over and g.current_player == seat:
            legal = self._legal
            if legal is None:
                legal = self._legal = legal_actions(g)
            mask[legal] = 1
        return {"observation": self._builder.vector(g, seat).copy(), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise PamirError("a live agent must choose an action, not None")
        g = self._game()
        self._cumulative_rewards[agent] = 0.0
        g.apply(decode(int(action)), self._seat_of[agent])
        self._legal = None
        self.decisions += 1
        play_wakhan(g, self._procedure)
        if g.is_over:
            rewards = final_rewards(g)
            for a in self.agents:
                self.rewards[a] = rewards[self._seat_of[a]]
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"winners": list(g.winners), "end_reason": g.end_reason} for a in self.agents}
        elif self.max_decisions is not None and self.decisions >= self.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self._accumulate_rewards()
        self.agent_selection = self._to_move() if not g.is_over else agent
        self._after_move()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        g = self._game()
        seat = g.current_player
        text = prompt(g) if seat is None else observation_string(g, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ helpers

    def _game(self) -> Game:
        if self.game is None:
            raise PamirError("call reset() before using the environment")
        return self.game

    def _to_move(self) -> str:
        seat = self._game().current_player
        return self._agent_at[seat] if seat is not None else self.possible_agents[0]

    def _after_move(self) -> None:
        if self.render_mode == "human":
            self.render()


def env(players: int = 4, wakhan: bool = False, render_mode: str | None = None, **kwargs: Any) -> PaxPamirEnv:
    """A new environment (call ``reset()`` before use)."""
    return PaxPamirEnv(players=players, wakhan=wakhan, render_mode=render_mode, **kwargs)


raw_env = PaxPamirEnv

__all__ = ["PaxPamirEnv", "env", "observation_space", "raw_env"]
