"""A Gymnasium single-agent environment: one learning seat, every other seat played by bots.

The opponents are any agents with ``decide(game) -> Decision`` (:class:`~paxpamir.agents.bots.RandomBot` by
default); Wakhan's seat, in a Wakhan game, is always played by the rulebook's procedure. Observations are the
same dicts as in the PettingZoo environment (``"observation"``, ``"action_mask"``); the mask is also in
``info["action_mask"]`` and from :meth:`PaxPamirGymEnv.action_masks` (the name that maskable-policy libraries
look for). The reward is 0 until the end, then +1 if the learning seat is among the winners and -1 if not.

An illegal action (one the mask does not mark) ends the episode by default (``illegal="lose"``): the learning
seat forfeits, the step returns reward -1, ``terminated`` and ``info["illegal"] = True``, and the game is left
as it was (a new episode needs ``reset()``). This is what generic code that samples the whole action space
expects (Gymnasium's ``check_env`` passes with the default settings). With ``illegal="raise"`` an illegal
action raises :class:`~paxpamir.engine.errors.IllegalOption` instead and changes nothing, which catches a
policy that ignores its mask.

Needs the ``rl`` extra (``pip install paxpamir[rl]``).

>>> from paxpamir.env.gymnasium import PaxPamirGymEnv
>>> env = PaxPamirGymEnv(players=2)
>>> obs, info = env.reset(seed=3)
>>> obs["action_mask"].shape == (env.action_space.n,)
True
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, cast

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..agents.base import Agent
from ..agents.bots import RandomBot
from ..agents.wakhan import WakhanPlayer
from ..engine.errors import PamirError
from ..engine.game import Game
from .actions import NUM_ACTIONS, decode, legal_actions
from .arrays import ObservationBuilder
from .core import LOSS, agent_seats, check_table, final_rewards, play_wakhan
from .observation import observation_string
from .pettingzoo import observation_space

#: What an illegal action does: ends the episode as a loss (the default), or raises IllegalOption.
ILLEGAL = ("lose", "raise")

#: Opponents: a bot kind's name, one agent for every other seat, one per other seat (in seat order), or a
#: factory seat -> agent.
Opponents = str | Agent | Sequence[Agent] | Callable[[int], Agent] | None


def make_bot(name: str, seed: int | None = None) -> Agent:
    """A bot by kind name: ``"random"``, or any name that ``paxpamir.agents.registry.make_agent`` knows
    (``"heuristic"``, ``"heuristic:easy"``, ...) when that registry is installed."""
    if name == "random":
        return RandomBot(seed)
    try:
        registry = importlib.import_module("paxpamir.agents.registry")
    except ImportError:
        raise PamirError(f"unknown bot kind {name!r}: only 'random' is available here") from None
    agent: Agent = registry.make_agent(name, seed=seed)
    return agent


class PaxPamirGymEnv(gym.Env):
    """Pax Pamir from one seat's side.

    ``players`` counts every seat (Wakhan's too when ``wakhan=True``); ``seat`` is the learning seat, or
    None for a seat drawn at random each episode; ``opponents`` plays the others (default: RandomBot; a
    name such as ``"heuristic"`` makes a fresh bot of that kind for each seat and episode).
    ``max_decisions`` (optional) truncates an episode after that many decisions of the learning seat.
    ``illegal`` is ``"lose"`` (default) or ``"raise"`` (see the module docstring).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        players: int = 2,
        wakhan: bool = False,
        seat: int | None = 0,
        opponents: Opponents = None,
        max_decisions: int | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
    ) -> None:
        check_table(players, bool(wakhan))
        seats = agent_seats(players, bool(wakhan))
        if seat is not None and seat not in seats:
            raise PamirError(f"the learning seat must be one of {seats}, not {seat!r}")
        if render_mode is not None and render_mode != "ansi":
            raise PamirError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        if illegal not in ILLEGAL:
            raise PamirError(f"illegal must be one of {ILLEGAL}, not {illegal!r}")
        self.illegal = illegal
        self.players = players
        self.wakhan = bool(wakhan)
        self.fixed_seat = seat
        self.seat = seats[0] if seat is None else seat
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._seats = seats
        self._opponents = opponents
        self._bots: dict[int, Agent] = {}
        self._procedure = WakhanPlayer()
        self._rng = random.Random()
        self.game: Game | None = None
        self.decisions = 0
        self._forfeited = False
        self._builder = ObservationBuilder()
        #: The legal actions of the current state, once asked for (forgotten by step and reset).
        self._legal: list[int] | None = None

    def _bot(self, seat: int) -> Agent:
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._new_bot(seat)
            self._bots[seat] = bot
        return bot

    def _new_bot(self, seat: int) -> Agent:
        given = self._opponents
        if given is None:
            return RandomBot(seed=self._rng.randrange(1 << 30))
        if isinstance(given, str):
            return make_bot(given, seed=self._rng.randrange(1 << 30))
        if isinstance(given, Sequence):
            others = [s for s in self._seats if s != self.seat]
            if len(given) != len(others):
                raise PamirError(f"{len(others)} opponents are needed, not {len(given)}")
            return cast(Agent, given[others.index(seat)])
        if hasattr(given, "decide"):
            return cast(Agent, given)
        return given(seat)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng.seed(seed)
        if self.fixed_seat is None:
            self.seat = self._rng.choice(self._seats)
        if self._opponents is None or isinstance(self._opponents, str):
            self._bots = {}  # fresh random bots, seeded from this environment's generator
        game_seed = seed if seed is not None else self._rng.randrange(1 << 62)
        self.game = Game.new(players=self.players, seed=game_seed, wakhan=self.wakhan)
        self.decisions = 0
        self._forfeited = False
        self._legal = None
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        g = self._game()
        if g.is_over or self._forfeited:
            raise PamirError("the episode is over: call reset()")
        option = decode(int(action))
        if self.illegal == "lose" and int(action) not in self._legal_actions():
            self._forfeited = True
            return self._observe(), LOSS, True, False, {**self._info(), "illegal": True}
        g.apply(option, self.seat)
        self._legal = None
        self.decisions += 1
        self._play_others()
        terminated = g.is_over
        reward = final_rewards(g)[self.seat] if terminated else 0.0
        truncated = not terminated and self.max_decisions is not None and self.decisions >= self.max_decisions
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """Booleans: which actions are legal now (a new array)."""
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        legal = self._legal_actions()
        if legal:
            mask[legal] = True
        return mask

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return observation_string(self._game(), self.seat)

    # ------------------------------------------------------------------ helpers

    def _game(self) -> Game:
        if self.game is None:
            raise PamirError("call reset() before using the environment")
        return self.game

    def _play_others(self) -> None:
        g = self._game()
        while not g.is_over and g.current_player != self.seat:
            if g.current_player == g.wakhan:
                play_wakhan(g, self._procedure)
                continue
            who = g.current_player
            assert who is not None
            decision = self._bot(who).decide(g)
            g.apply(decision.option, who, decision.reason)

    def _legal_actions(self) -> list[int]:
        if self._legal is None:
            g = self._game()
            self._legal = [] if g.is_over or g.current_player != self.seat else legal_actions(g)
        return self._legal

    def _observe(self) -> dict[str, np.ndarray]:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        legal = self._legal_actions()
        if legal:
            mask[legal] = 1
        return {"observation": self._builder.vector(self._game(), self.seat).copy(), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        g = self._game()
        info: dict[str, Any] = {"seat": self.seat, "action_mask": self.action_masks()}
        if g.is_over:
            info["winners"] = list(g.winners)
        return info


__all__ = ["ILLEGAL", "Opponents", "PaxPamirGymEnv", "make_bot"]
