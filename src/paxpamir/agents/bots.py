"""Simple players that use only the public decision API."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .base import Decision, new_decision

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.steps import Option


class RandomBot:
    """Picks uniformly among the legal options, with its own random number generator.

    >>> from paxpamir import Game
    >>> game = Game.new(players=2, seed=3)
    >>> bot = RandomBot(seed=5)
    >>> while not game.is_over:
    ...     game.apply(bot.choose(game))
    >>> game.winners != []
    True
    """

    __slots__ = ("seed", "rng", "_made", "_bits")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self._made: dict[Option, Decision] = {}
        self._bits = self.rng.getrandbits

    def _below(self, n: int) -> int:
        """A uniform draw from ``range(n)``: the draws of ``random.Random.randrange(n)`` (rejection sampling
        on ``getrandbits``), written out so that a compiled build runs it as native code."""
        getrandbits = self._bits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def choose(self, game: Game) -> Option:
        options = game.legal_options()
        if not options:
            raise ValueError("the game is over: there is nothing to choose")
        return options[self._below(len(options))] if len(options) > 1 else options[0]

    def decide(self, game: Game) -> Decision:
        options = game.legal_options()
        if not options:
            raise ValueError("the game is over: there is nothing to choose")
        option = options[self._below(len(options))] if len(options) > 1 else options[0]
        made = self._made.get(option)  # Decisions are immutable: one per option saves time in simulations
        if made is None:
            made = self._made[option] = new_decision(option)
        return made


def play_out(game: Game, bot: RandomBot, max_decisions: int | None = None) -> int:
    """Play ``game`` to its end with ``bot`` deciding for every seat; return the number of decisions made. Uses
    the game runner (raises its GameFailure)."""
    from .runner import MAX_DECISIONS, play_game

    return play_game(game, [bot] * game.n, max_decisions=max_decisions or MAX_DECISIONS).decisions
