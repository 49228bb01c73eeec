"""Simple players that use only the public decision API."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from .base import Decision, new_decision

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.steps import Option

#: The random bots' decisions, one per option, shared by every random bot: a Decision is immutable, and the
#: same options (often the very same objects: the engine hands out shared tuples for its most frequent
#: options) come back game after game, so simulations make few of them. Capped, to bound its memory.
_MADE: Final[dict[Option, Decision]] = {}
_MADE_CAP: Final = 50_000


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

    __slots__ = ("seed", "rng", "_bits")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
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
        """One of the legal options, drawn uniformly (one draw, none when there is only one option)."""
        n = game.option_count()
        if not n:
            raise ValueError("the game is over: there is nothing to choose")
        return game.option_at(self._below(n) if n > 1 else 0)

    def decide(self, game: Game) -> Decision:
        option = self.choose(game)
        made = _MADE.get(option)
        if made is None:
            made = new_decision(option)
            if len(_MADE) < _MADE_CAP:
                _MADE[option] = made
        return made
