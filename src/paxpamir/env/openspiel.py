"""Pax Pamir as an OpenSpiel game: ``pyspiel.load_game("python_paxpamir(players=3)")`` after importing this.

The game is registered as sequential, imperfect-information, with explicit chance and terminal rewards
(+1 for each winner, -1 for every other player; general-sum, since a game can have several winners).

Chance: the game's one chance node is the root. Its outcome is the seed of the game (one of ``seeds``
equally likely values, 4096 by default), and every shuffle follows from it through the engine's
deterministic generator: the court deck and event cards at setup, the first player, Wakhan's AI deck and her
reshuffles. The engine has no public way to set a shuffle's result, so shuffles are not separate chance nodes;
an algorithm that enumerates chance outcomes sees ``seeds`` branches at the root, and the deck orders it can
meet are those of the seeds (a large sample of all orders, not all of them).

Parameters: ``players`` (2-5 seats, Wakhan's included), ``wakhan`` (bool: the last seat is Wakhan, played
by the rulebook's procedure as soon as a decision falls to her; she is not an OpenSpiel player, so a
2-seat Wakhan game has one player), ``seeds`` (number of chance outcomes at the root).

Actions are :mod:`paxpamir.env.actions` indices; observation tensors are
:func:`~paxpamir.env.observation.observation_vector`; observation strings and information-state strings are
the player's view as JSON (the latter with the log of all public events, i.e. the history the player saw).

Needs ``open_spiel`` (``pip install paxpamir[openspiel]``) and numpy.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..agents.wakhan_procedure import WakhanPlayer
from ..engine.game import Game
from .actions import NUM_ACTIONS, decode, legal_actions
from .core import LOSS, WIN, agent_seats, check_table, final_rewards, play_wakhan
from .observation import OBS_SIZE, information_state_string, observation_string, observation_vector

SHORT_NAME = "python_paxpamir"
DEFAULT_SEEDS = 4096
#: Far more decisions than any game takes; OpenSpiel only uses it as a bound.
MAX_GAME_LENGTH = 20_000

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Pax Pamir: Second Edition (paxpamir)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "wakhan": False, "seeds": DEFAULT_SEEDS},
)


class _Held:
    """Holds the engine's game so that OpenSpiel's clone (a deep copy of the state's attributes) uses
    :meth:`Game.clone`, which is fast and shares the immutable history."""

    __slots__ = ("game",)

    def __init__(self, game: Game | None) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game.clone() if self.game is not None else None)


class PaxPamirGame(pyspiel.Game):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 2))
        wakhan = bool(params.get("wakhan", False))
        seeds = int(params.get("seeds", DEFAULT_SEEDS))
        check_table(players, wakhan)
        if seeds < 1:
            raise ValueError(f"seeds must be at least 1, not {seeds}")
        self.seats = players
        self.wakhan = wakhan
        self.seeds = seeds
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=seeds,
            num_players=len(agent_seats(players, wakhan)),
            min_utility=LOSS,
            max_utility=WIN,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, {"players": players, "wakhan": wakhan, "seeds": seeds})

    def new_initial_state(self) -> PaxPamirState:
        return PaxPamirState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PaxPamirObserver:
        return PaxPamirObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class PaxPamirState(pyspiel.State):
    def __init__(self, game: PaxPamirGame) -> None:
        super().__init__(game)
        self._seats = game.seats
        self._wakhan = game.wakhan
        self._seeds = game.seeds
        self._held = _Held(None)
        self._procedure = WakhanPlayer()

    @property
    def game(self) -> Game | None:
        """The engine's game (None before the chance node has picked the seed)."""
        return self._held.game

    def current_player(self) -> int:
        g = self._held.game
        if g is None:
            return int(pyspiel.PlayerId.CHANCE)
        if g.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = g.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        g = self._held.game
        if g is None or g.is_over or g.current_player != player:
            return []
        return sorted(legal_actions(g))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._seeds
        return [(s, p) for s in range(self._seeds)]

    def _apply_action(self, action: int) -> None:
        g = self._held.game
        if g is None:
            g = Game.new(players=self._seats, seed=int(action), wakhan=self._wakhan)
            self._held = _Held(g)
        else:
            g.apply(decode(int(action)))
        play_wakhan(g, self._procedure)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return " ".join(str(x) for x in decode(int(action)))

    def is_terminal(self) -> bool:
        g = self._held.game
        return g is not None and g.is_over

    def returns(self) -> list[float]:
        g = self._held.game
        count = len(agent_seats(self._seats, self._wakhan))
        if g is None:
            return [0.0] * count
        return final_rewards(g)[:count]

    def __str__(self) -> str:
        g = self._held.game
        if g is None:
            return "chance: the seed of the game"
        return f"{g.state_hash()} {g.prompt()}"


class PaxPamirObserver:
    """OpenSpiel's PyObserver: the observation vector and the view strings of one player.

    Supports the observation types with the player's own private information (the default ones);
    a public-only observation is refused.
    """

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("paxpamir observations include the player's own hand (private_info=SINGLE_PLAYER)")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(OBS_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PaxPamirState, player: int) -> None:
        g = state.game
        if g is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = observation_vector(g, player)

    def string_from(self, state: PaxPamirState, player: int) -> str:
        g = state.game
        if g is None:
            return f"player {player}: the game is being set up"
        return information_state_string(g, player) if self.perfect_recall else observation_string(g, player)


pyspiel.register_game(_GAME_TYPE, PaxPamirGame)

__all__ = ["SHORT_NAME", "PaxPamirGame", "PaxPamirObserver", "PaxPamirState"]
