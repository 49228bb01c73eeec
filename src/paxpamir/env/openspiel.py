"""Pax Pamir as an OpenSpiel game: ``pyspiel.load_game("python_paxpamir(players=3)")`` after importing this.

The game is registered as sequential, imperfect-information, with explicit chance and terminal rewards
(+1 for each winner, -1 for every other player; general-sum, since a game can have several winners).

Chance: setup is dealt by chance nodes, one outcome at a time, with the rulebook's probabilities: the first
player to choose loyalty (not with Wakhan, where the order is fixed), then every card of the draw deck from the
top (each of the six piles holds its fixed numbers of court cards, events and Dominance Checks, shuffled), then,
with Wakhan, each card of her AI deck from the top. Nothing else in the game is random, except Wakhan's
reshuffles of her AI deck when it runs out: those follow, through the engine's generator, from one last chance
node with ``seeds`` equally likely outcomes (Wakhan games only). The engine sets the game up from these outcomes
(``Game.new(..., deal=...)``).

Parameters: ``players`` (2-5 seats, Wakhan's included), ``wakhan`` (bool: the last seat is Wakhan, played
by the rulebook's procedure as soon as a decision falls to her; she is not an OpenSpiel player, so a
2-seat Wakhan game has one player), ``seeds`` (outcomes of the reshuffle seed in a Wakhan game).

Actions are :mod:`paxpamir.env.actions` indices (chance outcomes: seats, card numbers, AI card numbers,
seeds); observation tensors are :func:`~paxpamir.env.observation.observation_vector` (built incrementally by
:class:`~paxpamir.env.arrays.ObservationBuilder`); observation strings and
information-state strings are the player's view as JSON (the latter with the log of all public events, i.e. the
history the player saw).

Needs ``open_spiel`` (``pip install paxpamir[openspiel]``) and numpy.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..agents.wakhan import WakhanPlayer
from ..content.cards import DOMINANCE_CHECKS, OTHER_EVENTS
from ..engine.game import Game
from ..presentation.describe import card_name
from ..presentation.words import prompt
from ..rules.setup import pile_kinds
from ..rules.wakhan import AI_DECK_SIZE
from .actions import NUM_ACTIONS, decode, legal_actions
from .arrays import ObservationBuilder
from .core import LOSS, WIN, agent_seats, check_table, final_rewards, play_wakhan
from .observation import OBS_SIZE, information_state_string, observation_string

SHORT_NAME = "python_paxpamir"
DEFAULT_SEEDS = 4096
#: Far more decisions than any game takes; OpenSpiel only uses it as a bound.
MAX_GAME_LENGTH = 20_000
#: Chance outcomes are at most card numbers (the highest event's number) or seeds.
MAX_CARD_OUTCOME = max(DOMINANCE_CHECKS + OTHER_EVENTS) + 1

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


class _Dealing:
    """The chance nodes that deal a game, one outcome at a time: the first player to choose loyalty (not with
    Wakhan), each card of the draw deck from the top, each of Wakhan's AI cards from the top, and the seed of the
    engine's generator for Wakhan's later reshuffles (only with Wakhan: nothing else is random after setup)."""

    __slots__ = ("players", "wakhan", "seeds", "kinds", "first", "deck", "ai_deck", "seed")

    def __init__(self, players: int, wakhan: bool, seeds: int) -> None:
        self.players = players
        self.wakhan = wakhan
        self.seeds = seeds
        self.kinds = pile_kinds(players)
        self.first: int | None = 0 if wakhan else None
        self.deck: list[int] = []
        self.ai_deck: list[int] = []
        self.seed: int | None = None if wakhan else 0

    def copy(self) -> _Dealing:
        out = _Dealing(self.players, self.wakhan, self.seeds)
        out.first, out.deck, out.ai_deck, out.seed = self.first, self.deck[:], self.ai_deck[:], self.seed
        return out

    def deck_size(self) -> int:
        return sum(sum(k) for k in self.kinds)

    def stage(self) -> str:
        """What the next chance outcome decides: "first", "deck", "ai_deck", "seed" or "" when all is dealt."""
        if self.first is None:
            return "first"
        if len(self.deck) < self.deck_size():
            return "deck"
        if self.wakhan and len(self.ai_deck) < AI_DECK_SIZE:
            return "ai_deck"
        if self.seed is None:
            return "seed"
        return ""

    def outcomes(self) -> list[tuple[int, float]]:
        stage = self.stage()
        if stage == "first":
            return [(p, 1.0 / self.players) for p in range(self.players)]
        if stage == "deck":
            return self._card_outcomes()
        if stage == "ai_deck":
            left = [c for c in range(1, AI_DECK_SIZE + 1) if c not in self.ai_deck]
            return [(c, 1.0 / len(left)) for c in left]
        if stage == "seed":
            return [(s, 1.0 / self.seeds) for s in range(self.seeds)]
        return []

    def _card_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the deck. Each pile holds a fixed number of court cards, other events and Dominance
        Checks, shuffled: the next card is of a kind in proportion to that kind's places left in the pile, and
        any card of that kind not yet dealt equally."""
        position = len(self.deck)
        start = 0
        for court, events, checks in self.kinds:
            size = court + events + checks
            if position < start + size:
                break
            start += size
        pile = self.deck[start:position]
        dealt = set(self.deck)
        left = (
            court - sum(1 for c in pile if c <= 100),
            events - sum(1 for c in pile if c in OTHER_EVENTS),
            checks - sum(1 for c in pile if c in DOMINANCE_CHECKS),
        )
        places = sum(left)
        out: list[tuple[int, float]] = []
        for count, cards in zip(left, (range(1, 101), OTHER_EVENTS, DOMINANCE_CHECKS), strict=True):
            if count:
                free = [c for c in cards if c not in dealt]
                out.extend((c, count / places / len(free)) for c in free)
        return out

    def apply(self, outcome: int) -> None:
        legal = {a for a, _ in self.outcomes()}
        if outcome not in legal:
            raise ValueError(f"{outcome} is not a chance outcome of this node ({self.stage()})")
        stage = self.stage()
        if stage == "first":
            self.first = outcome
        elif stage == "deck":
            self.deck.append(outcome)
        elif stage == "ai_deck":
            self.ai_deck.append(outcome)
        else:
            self.seed = outcome

    def describe(self, outcome: int) -> str:
        stage = self.stage()
        if stage == "first":
            return f"seat {outcome} chooses loyalty first"
        if stage == "deck":
            return f"deck card {len(self.deck) + 1}: {card_name(outcome)}"
        if stage == "ai_deck":
            return f"AI deck card {len(self.ai_deck) + 1}: AI card {outcome}"
        return f"seed {outcome} (Wakhan's later reshuffles)"

    def game(self) -> Game:
        deal: dict[str, Any] = {"deck": self.deck, "first": self.first or 0}
        if self.wakhan:
            deal["ai_deck"] = self.ai_deck
        return Game.new(players=self.players, seed=self.seed or 0, wakhan=self.wakhan, deal=deal)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Dealing:
        return self.copy()


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
            max_chance_outcomes=max(MAX_CARD_OUTCOME, seeds) if wakhan else MAX_CARD_OUTCOME,
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
        self._dealing = _Dealing(game.seats, game.wakhan, game.seeds)
        self._held = _Held(None)
        self._procedure = WakhanPlayer()

    @property
    def game(self) -> Game | None:
        """The engine's game (None while the chance nodes are still dealing it)."""
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
        return self._dealing.outcomes() if self._held.game is None else []

    def _apply_action(self, action: int) -> None:
        g = self._held.game
        if g is None:
            self._dealing.apply(int(action))
            if self._dealing.stage():
                return
            g = self._dealing.game()
            self._held = _Held(g)
        else:
            g.apply(decode(int(action)))
        play_wakhan(g, self._procedure)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._dealing.describe(int(action))
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
            d = self._dealing
            return f"chance: dealing ({d.stage()}; {len(d.deck)} of {d.deck_size()} deck cards dealt)"
        return f"{g.state_hash()} {prompt(g)}"


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
        self._builder = ObservationBuilder()

    def set_from(self, state: PaxPamirState, player: int) -> None:
        g = state.game
        if g is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self._builder.vector(g, player)

    def string_from(self, state: PaxPamirState, player: int) -> str:
        g = state.game
        if g is None:
            return f"player {player}: the game is being set up"
        return information_state_string(g, player) if self.perfect_recall else observation_string(g, player)


pyspiel.register_game(_GAME_TYPE, PaxPamirGame)

__all__ = ["SHORT_NAME", "PaxPamirGame", "PaxPamirObserver", "PaxPamirState"]
