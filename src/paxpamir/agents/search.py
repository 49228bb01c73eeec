"""An information-set Monte Carlo tree search bot (single-observer ISMCTS).

The bot never looks at hidden state. Every iteration starts from a *determinization*: the deciding seat's view
(``game.view(seat)``) with its hidden parts filled in by a sample consistent with what the seat has seen, loaded
with ``Game.from_json``:

* the other players' hands (their sizes are public) and the deck (its size is public) are dealt from the cards
  the seat cannot see; the deck keeps the rulebook's pile structure (six piles of 5 + N court cards, two
  events in the second pile, a Dominance Check and an event in each of the last four), so the unseen
  Dominance Checks lie where they can still be;
* Wakhan's AI deck is shuffled with a card whose back matches the public next back on top;
* the random generator state is re-seeded from the bot's own generator (the true one would reveal the future).

One tree is shared by all determinizations: a node is a sequence of options, and a child is selected by UCB1
among the options legal in the current determinization, counting how often it was available (Cowling,
Powley & Whitehouse 2012). Tree nodes are the *strategic* decisions (a turn's actions, loyalty, bribes, hand
and court discards...); the follow-up decisions of an action (where to tax, build, move, battle) are taken by
the heuristic bot's greedy policy as part of the move. New children are expanded best-first by the heuristic
evaluation, the root keeps only the heuristically best options, and each iteration ends with a short
heuristic-guided rollout whose final position is scored by :func:`paxpamir.agents.heuristic.player_values`.
Wakhan's decisions are her procedure's.

The search is deterministic for a seed when its budget is in iterations (a budget in seconds depends on the
machine's speed).
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any, Final

from ..engine.game import Game
from .base import Decision
from .determinize import determinization_base, determinize
from .heuristic import FOLLOW_UP, PLAN_WIDTH, HeuristicBot, RepeatGuard, player_values, score_options
from .wakhan_procedure import WakhanPlayer

if TYPE_CHECKING:
    from ..engine.steps import Option

#: Budgets by level. Iteration budgets keep the bot deterministic for a seed.
SEARCH_LEVELS: Final[dict[str, dict[str, Any]]] = {
    "fast": {"iterations": 60, "rollout_depth": 8, "root_width": 6},
    "normal": {"iterations": 200, "rollout_depth": 10, "root_width": 8},
    "strong": {"iterations": 600, "rollout_depth": 12, "root_width": 10},
}

EXPLORATION: Final = 0.7
#: Scale of value differences (in heuristic points) that maps to a reward between 0 and 1.
REWARD_SCALE: Final = 12.0
MAX_SEED: Final = 2**62


# ---------------------------------------------------------------------------- the tree


class Node:
    __slots__ = ("player", "children", "visits", "total", "avail")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the option that leads here
        self.children: dict[Option, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def rewards(game: Game) -> list[float]:
    """Each seat's reward in [0, 1]: the game's result, or the evaluation of the position."""
    n = game.n
    if game.is_over:
        share = 1.0 / len(game.winners) if game.winners else 0.0
        return [share if p in game.winners else 0.0 for p in range(n)]
    # Every seat is valued with its own hand counted by size only, so the evaluation is symmetric.
    values = player_values(game, -1)
    out = []
    for p in range(n):
        best_other = max(v for q, v in enumerate(values) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(values[p] - best_other) / REWARD_SCALE)))
    return out


class SearchBot:
    """ISMCTS over determinizations of its own view, with heuristic expansion order and rollouts.

    >>> from paxpamir import Game
    >>> game = Game.new(players=2, seed=3)
    >>> bot = SearchBot(seed=1, iterations=10)
    >>> bot.decide(game).option in game.legal_options()
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = 200,
        seconds: float | None = None,
        rollout_depth: int = 10,
        root_width: int = 8,
        exploration: float = EXPLORATION,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("a search needs a budget: iterations, seconds or both")
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_depth = rollout_depth
        self.root_width = root_width
        self.exploration = exploration
        self.policy = HeuristicBot(seed, follow_up=False, private=False, plan=0, reply=0)  # inside determinizations
        self.follow = HeuristicBot(seed, plan=0, reply=0)  # follow-ups within an action: no turn plans
        self.wakhan = WakhanPlayer()
        self.repeats = RepeatGuard()
        self.searched = 0  # decisions searched and iterations run, for reports
        self.iterations_run = 0
        self.search_time = 0.0

    # ------------------------------------------------------------ policies

    def _play(self, g: Game) -> None:
        """One move in a simulation: Wakhan's procedure for her seat (with the note that keeps her place in it,
        as in a real game), else the heuristic (no follow-up)."""
        if g.current_player == g.wakhan:
            option, reason = self.wakhan.choose(g)
            g.apply(option, reason=reason)
        else:
            g.apply(self.policy.choose(g))

    def _resolve(self, g: Game, depth: int = 40) -> None:
        """Take the decisions that are no tree nodes: single options, Wakhan's, and action follow-ups."""
        while depth > 0 and not g.is_over:
            if g.current_player == g.wakhan or g.decision in FOLLOW_UP:
                self._play(g)
            else:
                options = g.legal_options()
                if len(options) != 1:
                    return
                g.apply(options[0])
            depth -= 1

    # ------------------------------------------------------------ search

    def decide(self, game: Game) -> Decision:
        options = game.legal_options()
        if not options:
            raise ValueError("the game is over: there is nothing to choose")
        if len(options) == 1:
            return Decision(options[0])
        player = game.current_player
        assert player is not None
        if player == game.wakhan:
            return Decision(*self.wakhan.choose(game))
        if game.decision in FOLLOW_UP or game.decision == "bribe_demand":
            return Decision(self.follow.choose(game))
        started = time.perf_counter()
        # The root: the heuristically best options (its evaluation reads only this seat's view).
        # (scored in a determinization of its view: the true game is never looked into).
        view = determinization_base(game, player)
        scores = score_options(determinize(view, player, self.rng), player, options, plan=PLAN_WIDTH)
        tried = self.repeats.tried(game, player)
        order = sorted(range(len(options)), key=lambda i: -scores[i])
        candidates = [options[i] for i in order if options[i] not in tried][: self.root_width]
        if len(candidates) <= 1:
            best = candidates[0] if candidates else options[order[0]]
            self.repeats.note(game, player, best)
            return Decision(best)
        root = Node(-1)
        for o in candidates:
            root.children[o] = Node(player)
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if self.seconds is not None and done > 0 and time.perf_counter() - started >= self.seconds:
                break
            self._iterate(root, view, player, candidates)
            done += 1
        best = max(candidates, key=lambda o: (root.children[o].visits, root.children[o].total))
        self.repeats.note(game, player, best)
        child = root.children[best]
        self.searched += 1
        self.iterations_run += done
        self.search_time += time.perf_counter() - started
        return Decision(best, f"search: {child.visits}/{done} visits, value {child.total / max(1, child.visits):.2f}")

    def _select(self, node: Node, legal: list[Option]) -> Option:
        log_parent = 0.0
        best: Option | None = None
        best_score = -math.inf
        for o in legal:
            child = node.children[o]
            child.avail += 1
            log_parent = math.log(max(1, child.avail))
            score = child.total / child.visits + self.exploration * math.sqrt(log_parent / child.visits)
            if score > best_score:
                best, best_score = o, score
        assert best is not None
        return best

    def _iterate(self, root: Node, view: dict[str, Any], player: int, candidates: list[Option]) -> None:
        g = determinize(view, player, self.rng)
        path = [root]
        node = root
        legal = candidates
        expanded = False
        while True:
            unexpanded = [o for o in legal if node.children.get(o) is None or node.children[o].visits == 0]
            if unexpanded:
                if node is root or len(unexpanded) == 1:
                    option = unexpanded[0]
                else:
                    mover = g.current_player
                    assert mover is not None
                    scores = score_options(g, mover, unexpanded, follow_up=False)
                    option = unexpanded[max(range(len(unexpanded)), key=lambda i: scores[i])]
                for o in legal:
                    if o in node.children:
                        node.children[o].avail += 1
                child = node.children.get(option)
                if child is None:
                    child = node.children[option] = Node(g.current_player if g.current_player is not None else -1)
                expanded = True
            else:
                option = self._select(node, legal)
                child = node.children[option]
            g.apply(option)
            path.append(child)
            node = child
            self._resolve(g)
            if expanded or g.is_over:
                break
            legal = g.legal_options()
        # Rollout: the heuristic policy for a few strategic decisions, then the evaluation.
        steps = 0
        while not g.is_over and steps < self.rollout_depth:
            self._play(g)
            self._resolve(g)
            steps += 1
        result = rewards(g)
        for n in path[1:]:
            n.visits += 1
            if n.player >= 0:
                n.total += result[n.player]


__all__ = ["SEARCH_LEVELS", "Node", "SearchBot", "determinize", "rewards"]
