"""Bot kinds and strength levels by name, for ``pamir play``, the server's seats and ``pamir arena``.

A bot is named ``kind`` or ``kind:level``; :func:`make_agent` builds one from its name and a seed, and
:func:`bot_names` lists every name. The search's levels are times a decision (``search:fast`` about 0.3 s,
``search`` 1 s, ``search:strong`` 5 s, four of them on playouts to the end of the game:
:data:`~paxpamir.agents.search.SEARCH_LEVELS`); ``search:N`` is a budget
of N lines, whose decisions depend only on the seed, and ``search:Xs`` one of X seconds; settings join with
commas (``search:strong,w0.5``, see :func:`_search_settings`), for experiments. ``wakhan`` is the
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
from typing import TYPE_CHECKING, Any, Final

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


#: The most candidates a search level may be given (``search:c32``), and options planned (``search:p32``).
MAX_CANDIDATES: Final[int] = 32


#: The longest horizon a search may be given (``search:h8``): more than the other seats' turns is no horizon.
MAX_HORIZON: Final[int] = 8


#: The deepest lines a search may be given (``search:d4``): to the start of its fourth turn from now.
MAX_DEPTH: Final[int] = 4


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
            "fitted": lambda seed: HeuristicBot(seed, fitted=True),
        },
        "normal",
        "lookahead over its turn's actions on a weighted evaluation (under 10 ms a decision)",
    ),
    "search": BotKind(
        "search",
        {level: _search(level) for level in SEARCH_LEVELS},
        "normal",
        "information-set Monte Carlo tree search over determinizations of its own view: about 0.3 s a decision "
        "(fast), 1 s (normal), 5 s (strong, most of it playing its best two candidates on to the end of the "
        "game), or N lines (search:N, the same decisions for a seed on any machine)",
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
    level = ",".join(token.strip() for token in level.split(",")) or info.default
    if kind == "search" and level not in info.levels and _search_settings(level) is None:
        raise PamirError(
            f"unknown level {level!r} for search: levels are {', '.join(info.levels)}, or settings joined by commas "
            "(500 lines, 0.5s seconds, c8 candidates, w0.5 widening, p4 plan, h1 horizon, d2 depth, "
            "o2 opponents' plan, r0.5 a tree of their replies, u0.3 follow-ups searched with that share of the time, "
            "t36 temperature, f the fitted reward, l the learned reward (l1 only with one Dominance Check left), "
            "g its own choices by the fitted evaluation, k the other hands as the log tells them (k0 dealt at random), "
            "x candidates that are different turns, a lines scored after its best action at its next turn, "
            "e1 lines to the end of the game once one Dominance Check is left (e2 two), "
            "m1 the other seats' replies drawn by their scores at that temperature, q0.3 the heuristic's score as that "
            "share of a candidate's value, v30 the heuristic's score counted as that many lines, n0.5 that share of "
            "the time spent on playouts to the end of the game from the lines of its best two candidates, "
            "b1 playouts that end after the next Dominance Check, scored by its reward there (b2 the one after), "
            "y3 playouts from its best three candidates' lines, z4 playouts that score four options of a turn, "
            "drawn at random; "
            "for instance search:strong,w0.5)"
        )
    if kind != "search" and level not in info.levels:
        raise PamirError(f"unknown level {level!r} for {kind}; levels are {', '.join(info.levels)}")
    return kind, level


def _search_settings(level: str) -> dict[str, Any] | None:
    """A search level written as settings joined by commas, each at most once: a named level (``fast``,
    ``normal``, ``strong``: the base, normal when none is named), ``500`` lines (the same decisions for the same seed
    on any machine), ``0.5s`` seconds a decision, ``c8`` candidates, ``w0.5`` the widening of the tree of its own
    turn, ``p4`` its plan there, ``h1`` lines that end after the next seat's turn, ``d2`` lines that go on through
    its next turn to the one after, ``o2`` the other seats' turns in its lines planned with a second action for
    their best two options, ``r0.5`` a tree of the other seats' replies in its lines, widened as ``w`` widens its
    own, ``u0.3`` the follow-ups of its actions searched with that share of its budget, ``t36`` the temperature of
    its reward, ``f`` its reward by the evaluation fitted to who won, ``g`` its own choices (candidates,
    continuation, follow-ups) by that evaluation, ``l`` its reward by the trees fitted to who won two- and four-player
    games (``l1``: only where a line ends with one Dominance Check left; ``l0``: never), ``k`` the other hands in its
    determinizations as the public log tells them (``k0``: dealt at random from the unseen cards), ``x`` candidates
    that are different turns (a candidate whose line ends where a better-ranked one's did gives its place to the next
    option; ``x0``: no such check), ``a`` lines that end at the start of its turn scored after its best action there
    (``a0``: scored there), ``e1`` lines played to the end of the game once one Dominance Check or none is left
    (``e2``: two or fewer; ``e``: always; ``e0``: never), ``m1`` the other seats' turns in its lines drawn by their
    heuristic scores, an option a point behind the best e times less often (``m0``: their best), ``q0.3`` the
    heuristic's score of a candidate as that share of its value, the mean of its lines the rest (``q0``: the score
    counted as two lines), ``v30`` the heuristic's score of a candidate counted as that many lines (the levels: 2),
    ``n0.5`` that share of its budget spent after the halving on playouts to the end of the game from the lines of its
    best two candidates (``n0``: none), ``b1`` playouts that end once the next Dominance Check has been resolved,
    scored by its reward there (``b2``: the one after; ``b0``: to the end of the game), ``y3`` playouts from the lines
    of its best three candidates (the levels: two), ``z4`` playouts in which every seat's turn decision scores only
    four of its options, drawn at random (``z0``: all of them, as the levels do)
    (:class:`~paxpamir.agents.search.SearchBot`; ``search:w0.5,p0`` is the search as it played before its
    continuation was planned and kept). The settings for ``SearchBot``, or None when ``level`` is not written so."""
    base = SEARCH_LEVELS["normal"]
    budget: dict[str, Any] = {}
    changes: dict[str, Any] = {}
    named = False
    for token in level.split(","):
        token = token.strip()
        try:
            if token in SEARCH_LEVELS and not named:
                base, named = SEARCH_LEVELS[token], True
            elif token.endswith("s") and not budget:
                budget = {"iterations": None, "seconds": float(token[:-1])}
            elif token.startswith("c") and token[1:].isdigit() and "root_width" not in changes:
                changes["root_width"] = int(token[1:])
            elif token.startswith("p") and token[1:].isdigit() and "plan" not in changes:
                changes["plan"] = int(token[1:])
            elif token.startswith("h") and token[1:].isdigit() and "horizon" not in changes:
                changes["horizon"] = int(token[1:])
            elif token.startswith("o") and token[1:].isdigit() and "opponent_plan" not in changes:
                changes["opponent_plan"] = int(token[1:])
            elif token.startswith("d") and token[1:].isdigit() and "depth" not in changes:
                changes["depth"] = int(token[1:])
            elif token.startswith("t") and "temperature" not in changes:
                changes["temperature"] = float(token[1:])
            elif token == "f" and "fitted" not in changes:
                changes["fitted"] = True
            elif token in ("l", "l0", "l1", "l2", "l3", "l4") and "learned" not in changes:
                changes["learned"] = int(token[1:] or 4)
            elif token == "g" and "guided" not in changes:
                changes["guided"] = True
            elif token in ("k", "k0", "k1") and "remember" not in changes:
                changes["remember"] = token != "k0"
            elif token in ("x", "x0", "x1") and "distinct" not in changes:
                changes["distinct"] = token != "x0"
            elif token in ("a", "a0", "a1") and "next_action" not in changes:
                changes["next_action"] = token != "a0"
            elif token in ("e", "e0", "e1", "e2", "e3", "e4") and "finish" not in changes:
                changes["finish"] = int(token[1:] or 4)
            elif token.startswith("v") and "prior_lines" not in changes:
                changes["prior_lines"] = float(token[1:])
            elif token.startswith("q") and "prior_share" not in changes:
                changes["prior_share"] = float(token[1:])
            elif token.startswith("m") and "mixed" not in changes:
                changes["mixed"] = float(token[1:])
            elif token.startswith("w") and "widening" not in changes:
                changes["widening"] = float(token[1:])
            elif token.startswith("r") and "reply_widening" not in changes:
                changes["reply_widening"] = float(token[1:])
            elif token.startswith("n") and "playouts" not in changes:
                changes["playouts"] = float(token[1:])
            elif token in ("b", "b0", "b1", "b2", "b3", "b4") and "playout_checks" not in changes:
                changes["playout_checks"] = int(token[1:] or 1)
            elif token.startswith("y") and token[1:].isdigit() and "playout_width" not in changes:
                changes["playout_width"] = int(token[1:])
            elif token.startswith("z") and token[1:].isdigit() and "playout_sample" not in changes:
                changes["playout_sample"] = int(token[1:])
            elif token.startswith("u") and "follow_ups" not in changes:
                changes["follow_ups"] = float(token[1:])
            elif token.isdigit() and not budget:
                budget = {"iterations": int(token), "seconds": None}
            else:
                return None
        except ValueError:
            return None
    seconds, iterations = budget.get("seconds"), budget.get("iterations")
    if (seconds is not None and not 0 < seconds < math.inf) or iterations == 0:
        return None
    if not 1 <= changes.get("root_width", 1) <= MAX_CANDIDATES or changes.get("plan", 0) > MAX_CANDIDATES:
        return None
    if changes.get("opponent_plan", 0) > MAX_CANDIDATES or not 2 <= changes.get("playout_width", 2) <= MAX_CANDIDATES:
        return None
    if changes.get("horizon", 0) > MAX_HORIZON or not 1 <= changes.get("depth", 1) <= MAX_DEPTH:
        return None
    if not 0 <= changes.get("widening", 0.0) < math.inf or not 0 < changes.get("temperature", 1.0) < math.inf:
        return None
    if not 0 <= changes.get("mixed", 0.0) < math.inf or not 0 <= changes.get("prior_share", 0.0) < 1:
        return None
    if not 0 <= changes.get("prior_lines", 0.0) < math.inf or not 0 <= changes.get("playouts", 0.0) < 1:
        return None
    if not 0 <= changes.get("reply_widening", 0.0) < math.inf or not 0 <= changes.get("follow_ups", 0.0) <= 1:
        return None
    return {**base, **budget, **changes}


def canonical_name(name: str) -> str:
    kind, level = parse_bot(name)
    return kind if level == KINDS[kind].default else f"{kind}:{level}"


def make_agent(name: str, seed: int | None = None) -> Agent:
    """The bot called ``name`` (``kind`` or ``kind:level``), seeded with ``seed``."""
    kind, level = parse_bot(name)
    make = KINDS[kind].levels.get(level)
    if make is None:  # search settings
        settings = _search_settings(level)
        assert settings is not None
        return SearchBot(seed=seed, **settings)
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
