"""Bot kinds and strength levels by name, for ``pamir play``, the server's seats and ``pamir arena``.

A bot is named ``kind`` or ``kind:level``; :func:`make_agent` builds one from its name and a seed, and
:func:`bot_names` lists every name. The search's levels are times a decision (``search:fast`` about 0.3 s,
``search`` 1 s, ``search:strong`` 5 s: :data:`~paxpamir.agents.search.SEARCH_LEVELS`); ``search:N`` is a budget
of N lines, whose decisions depend only on the seed, and ``search:Xs`` one of X seconds. ``wakhan`` is the
rulebook's automa; she can only sit in the last seat of a game created with ``wakhan=True``.

>>> from paxpamir import Game
>>> game = Game.new(players=2, seed=1)
>>> bot = make_agent("heuristic", seed=7)
>>> bot.decide(game).option in game.legal_options()
True
>>> parse_bot("search:fast")
('search', 'fast')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..engine.errors import PamirError
from .base import Agent, Decision
from .bots import RandomBot
from .heuristic import HeuristicBot
from .search import SEARCH_LEVELS, SearchBot
from .wakhan import WakhanPlayer

if TYPE_CHECKING:
    from ..engine.game import Game


class WakhanAgent:
    """Wakhan's decision procedure as an :class:`~paxpamir.agents.base.Agent` (her reason goes to the log)."""

    __slots__ = ("player",)

    def __init__(self, seed: int | None = None) -> None:
        self.player = WakhanPlayer()  # she has no randomness of her own: the seed is ignored

    def decide(self, game: Game) -> Decision:
        option, reason = self.player.choose(game)
        return Decision(option, reason)


@dataclass(frozen=True, slots=True)
class BotKind:
    kind: str
    levels: dict[str, Callable[[int | None], Agent]]
    default: str
    about: str


def _search(level: str) -> Callable[[int | None], Agent]:
    def make(seed: int | None) -> Agent:
        return SearchBot(seed=seed, **SEARCH_LEVELS[level])

    return make


KINDS: Final[dict[str, BotKind]] = {
    "random": BotKind("random", {"normal": lambda seed: RandomBot(seed)}, "normal", "uniform among legal options"),
    "heuristic": BotKind(
        "heuristic",
        {
            "easy": lambda seed: HeuristicBot(seed, noise=3.0, follow_up=False, plan=0, reply=0),
            "normal": lambda seed: HeuristicBot(seed),
        },
        "normal",
        "lookahead over its turn's actions on a weighted evaluation (under 10 ms a decision)",
    ),
    "search": BotKind(
        "search",
        {level: _search(level) for level in SEARCH_LEVELS},
        "normal",
        "information-set Monte Carlo tree search over determinizations of its own view: about 0.3 s a decision "
        "(fast), 1 s (normal), 5 s (strong), or N lines (search:N, the same decisions for a seed on any machine)",
    ),
    "wakhan": BotKind("wakhan", {"normal": lambda seed: WakhanAgent(seed)}, "normal", "the rulebook's automa"),
}


def parse_bot(name: str) -> tuple[str, str]:
    """``"search:fast"`` -> ``("search", "fast")``; the default level when none is given; PamirError if unknown."""
    if not isinstance(name, str):
        raise PamirError(f"a bot name is a string, not {name!r}")
    kind, _, level = name.strip().lower().partition(":")
    info = KINDS.get(kind)
    if info is None:
        raise PamirError(f"unknown bot kind {kind!r}; kinds are {', '.join(KINDS)}")
    level = level or info.default
    if level not in info.levels and not (kind == "search" and _search_budget(level) is not None):
        raise PamirError(f"unknown level {level!r} for {kind}; levels are {', '.join(info.levels)}")
    return kind, level


def _search_budget(level: str) -> dict[str, object] | None:
    """A search level given as a budget: ``500`` lines (the same decisions for the same seed on any machine) or
    ``0.5s`` seconds a decision; None when ``level`` is neither."""
    try:
        if level.endswith("s"):
            seconds = float(level[:-1])
            return {"iterations": None, "seconds": seconds} if 0 < seconds < math.inf else None
        iterations = int(level)
        return {"iterations": iterations, "seconds": None} if iterations > 0 else None
    except ValueError:
        return None


def canonical_name(name: str) -> str:
    kind, level = parse_bot(name)
    return kind if level == KINDS[kind].default else f"{kind}:{level}"


def make_agent(name: str, seed: int | None = None) -> Agent:
    """The bot called ``name`` (``kind`` or ``kind:level``), seeded with ``seed``."""
    kind, level = parse_bot(name)
    make = KINDS[kind].levels.get(level)
    if make is None:  # a search budget
        budget = _search_budget(level)
        assert budget is not None
        return SearchBot(seed=seed, **{**SEARCH_LEVELS["normal"], **budget})
    return make(seed)


def bot_names() -> list[str]:
    """Every valid bot name, kind first then each ``kind:level``."""
    names = []
    for kind, info in KINDS.items():
        names.append(kind)
        if len(info.levels) > 1:
            names.extend(f"{kind}:{level}" for level in info.levels)
    return names


def is_wakhan(name: str) -> bool:
    return parse_bot(name)[0] == "wakhan"


__all__ = ["KINDS", "WakhanAgent", "bot_names", "canonical_name", "is_wakhan", "make_agent", "parse_bot"]
