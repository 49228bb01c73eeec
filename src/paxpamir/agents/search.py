"""The search bot: information-set Monte Carlo search over determinizations of its own view.

The bot never looks at hidden state. Every line it plays starts from a *determinization*: the deciding seat's
view (``game.view(seat)``) with its hidden parts filled in by a sample consistent with what the seat has seen,
loaded with ``Game.from_json`` (:mod:`paxpamir.agents.determinize`):

* the other players' hands (their sizes are public) and the deck (its size is public) are dealt from the cards
  the seat cannot see; the deck keeps the rulebook's pile structure (six piles of 5 + N court cards, two
  events in the second pile, a Dominance Check and an event in each of the last four), so the unseen
  Dominance Checks lie where they can still be;
* Wakhan's AI deck is shuffled with a card whose back matches the public next back on top;
* the random generator state is re-seeded from the bot's own generator (the true one would reveal the future).

A decision is searched like this:

1. **Candidates.** The heuristic bot's turn plan ranks the options (:func:`~paxpamir.agents.heuristic.score_options`
   in one determinization); the best ``root_width`` are kept.
2. **Lines.** A line plays one candidate in a copy of a determinization: the rest of the searcher's own turn
   down a tree of its turn decisions shared by all determinizations (:class:`TurnNode`: children added
   best-first by the heuristic as visits grow, then UCB1 among those legal in the determinization), every
   other seat's decisions by the heuristic's one-action lookahead and Wakhan's by her procedure, up to the
   searcher's next turn. The reward is the searcher's chance of winning there as the heuristic sees it
   (:func:`~paxpamir.agents.heuristic.win_chance`, a softmax of every seat's value; a share of the win, or 0, at
   the end of the game). Seeing the opponents' replies is what the heuristic alone cannot do:
   a card left in the market for them, a Dominance Check they can buy, pieces they can remove.
3. **Sequential halving** (Karnin, Koren & Somekh 2013) spends the budget: each round plays every surviving
   candidate in the same fresh determinizations (so differences come from the candidates, not from the luck of
   the deal), and keeps the better half, until one is left. Candidates are compared by their rewards in all
   their lines so far (every survivor was played in the same determinizations), plus the heuristic's own
   score of each counted as :data:`PRIOR_LINES` lines: a few unlucky deals do not overturn a clear
   preference, which matters most with more players, whose replies make lines noisier.

Follow-up decisions (where to tax, build, move, battle) are the heuristic's. The search is deterministic for a
seed when its budget is in iterations (lines); a budget in seconds depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any, Final

from ..engine.game import Game
from .base import Decision
from .determinize import determinization_base, determinize
from .heuristic import (
    DEMAND_ROLE,
    FOLLOW_UP_ROLE,
    PLAN_WIDTH,
    HeuristicBot,
    RepeatGuard,
    greedy_step,
    kinds_in_role,
    score_options,
    win_chance,
)
from .wakhan import WakhanPlayer

if TYPE_CHECKING:
    from ..engine.steps import Option

#: Budgets by level: lines played per searched decision, and how many candidates they are spent on.
#: Iteration budgets keep the bot deterministic for a seed.
SEARCH_LEVELS: Final[dict[str, dict[str, Any]]] = {
    "fast": {"iterations": 32, "root_width": 4},
    "normal": {"iterations": 80, "root_width": 4},
    "strong": {"iterations": 240, "root_width": 8},
}

#: The decisions the search leaves to the heuristic's one-action lookahead, by their role there
#: (:data:`~paxpamir.agents.heuristic.KIND_ROLES`): those that continue an action, and asking for a bribe.
LEFT_TO_HEURISTIC: Final = kinds_in_role(FOLLOW_UP_ROLE, DEMAND_ROLE)

EXPLORATION: Final = 0.7
#: Scale of the heuristic's score differences (in its points) that maps them to rewards, for the prior.
REWARD_SCALE: Final = 12.0
#: A cap on the decisions of one line (a line ends at the searcher's next turn, long before this).
LINE_STEPS: Final = 400
#: Progressive widening: a turn node visited v times has up to ceil(WIDENING * sqrt(v + 1)) children.
WIDENING: Final = 0.5
#: The heuristic's score of a candidate counts as this many lines: a candidate must beat the heuristic's
#: preference by more than the noise of a few determinizations to be chosen instead.
PRIOR_LINES: Final = 2.0


def _reward(value: float) -> float:
    """A difference of the heuristic's scores (its points) as a reward between 0 and 1 (0.5 for none)."""
    return 1.0 / (1.0 + math.exp(-value / REWARD_SCALE))


def _rounds(candidates: int) -> int:
    """Rounds of sequential halving that leave one of ``candidates``."""
    return max(1, math.ceil(math.log2(candidates)))


class TurnNode:
    """A node of the tree over the searcher's own turn decisions, shared by all determinizations: children are
    added best-first by the heuristic (progressive widening), so that a node visited once follows the
    heuristic's choice and one visited often tries the next best options too."""

    __slots__ = ("children", "visits", "total")

    def __init__(self) -> None:
        self.children: dict[Option, TurnNode] = {}
        self.visits = 0
        self.total = 0.0


class SearchBot:
    """Information-set Monte Carlo search: the heuristic's best options, each played to this seat's next turn in
    determinizations of its own view, chosen among by sequential halving. ``iterations``: lines per searched
    decision; ``seconds``: a time budget instead (or as well); ``root_width``: candidates.

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
        root_width: int = 6,
        exploration: float = EXPLORATION,
        prior_lines: float = PRIOR_LINES,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("a search needs a budget: iterations, seconds or both")
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.root_width = root_width
        self.exploration = exploration
        self.prior_lines = prior_lines
        self.follow = HeuristicBot(seed, plan=0, reply=0)  # follow-ups within an action: no turn plans
        self.wakhan = WakhanPlayer()
        self.repeats = RepeatGuard()
        self.searched = 0  # decisions searched and lines played, for reports
        self.iterations_run = 0
        self.search_time = 0.0

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
        if game.decision in LEFT_TO_HEURISTIC:
            return Decision(self.follow.choose(game))
        started = time.perf_counter()
        view = determinization_base(game, player)
        first = determinize(view, player, self.rng)
        plan = PLAN_WIDTH if game.decision == "turn" else 0
        scores = score_options(first, player, options, True, plan)
        tried = self.repeats.tried(game, player)
        order = sorted(range(len(options)), key=lambda i: -scores[i])
        candidates = [options[i] for i in order if options[i] not in tried][: self.root_width]
        if len(candidates) <= 1:
            best = candidates[0] if candidates else options[order[0]]
            self.repeats.note(game, player, best)
            return Decision(best)
        prior = dict(zip(options, scores, strict=True))
        best, done, value = self._halving(view, player, candidates, first, started, prior)
        self.repeats.note(game, player, best)
        self.searched += 1
        self.iterations_run += done
        self.search_time += time.perf_counter() - started
        return Decision(best, f"search: {done} lines, value {value:.2f}")

    def _halving(
        self,
        view: dict[str, Any],
        player: int,
        candidates: list[Option],
        first: Game,
        started: float,
        prior: dict[Option, float],
    ) -> tuple[Option, int, float]:
        """Sequential halving over the candidates (best-first by the heuristic): each round plays every
        surviving candidate in the same fresh determinizations and keeps the better half by their rewards
        in every line so far (all survivors were played in the same determinizations), with the heuristic's
        own score counted as ``prior_lines`` lines more (ties: the heuristic's order). Returns the choice,
        the lines played and the choice's mean reward."""
        budget = self.iterations
        if budget is not None:  # at least one determinization a round
            while len(candidates) > 2 and len(candidates) * _rounds(len(candidates)) > budget:
                candidates = candidates[:-1]
        rounds = _rounds(len(candidates))
        trees = {o: TurnNode() for o in candidates}
        survivors = list(candidates)
        done = 0
        worlds = [first]
        out_of_time = False
        top = max(prior[o] for o in survivors)  # rewards near the middle, where the mapping is not flat
        sums = {o: self.prior_lines * _reward(prior[o] - top) for o in survivors}
        for r in range(rounds):
            played = 0
            spent = done
            while not out_of_time:
                if budget is not None:  # this round's share: what is left in the last one
                    share = budget - spent if r == rounds - 1 else budget // rounds
                    if played >= max(1, share // len(survivors)):
                        break
                world = worlds.pop() if worlds else determinize(view, player, self.rng)
                for o in survivors:
                    sums[o] += self._line(world, player, o, trees[o])
                done += len(survivors)
                played += 1
                if self.seconds is not None:
                    elapsed = time.perf_counter() - started
                    out_of_time = elapsed >= self.seconds
                    if budget is None:  # a budget in seconds only: lines at the pace of the first ones
                        budget = max(done, int(self.seconds * done / max(elapsed, 1e-9)))
            survivors.sort(key=lambda o: -sums[o])  # stable: ties keep the heuristic's order
            if out_of_time:
                break
            survivors = survivors[: (len(survivors) + 1) // 2]
        best = survivors[0]
        return best, done, trees[best].total / max(1, trees[best].visits)

    def _line(self, world: Game, player: int, option: Option, node: TurnNode) -> float:
        """One line (:meth:`play_line`), its reward (between 0 and 1) added up along its path in the tree."""
        path = [node]
        g = self.play_line(world, player, option, path)
        value = win_chance(g, player)
        for n in path:
            n.visits += 1
            n.total += value
        return value

    def play_line(self, world: Game, player: int, option: Option, path: list[TurnNode] | None = None) -> Game:
        """Play ``option`` in a copy of ``world`` (a determinization where ``player`` is to decide): the rest of
        ``player``'s turn down the tree whose nodes ``path`` starts with (the heuristic's choices with no
        tree), the other seats by the heuristic's one-action lookahead or Wakhan's procedure, up to
        ``player``'s next turn decision or the end of the game. Returns the position where the line ends;
        the nodes passed are appended to ``path``."""
        g = world.clone()
        g.quiet = True
        turn = g.turn
        g.apply(option)
        node = path[-1] if path else TurnNode()
        steps = 0
        while not g.is_over and steps < LINE_STEPS:
            steps += 1
            who = g.current_player
            assert who is not None
            if who == player:
                if g.decision == "turn":
                    if g.turn != turn:
                        break
                    node = self._descend(g, player, node)
                    if path is not None:
                        path.append(node)
                else:
                    greedy_step(g, player, True)
            elif who == g.wakhan:
                d = self.wakhan.decide(g)
                g.apply(d.option, reason=d.reason, note=d.note)
            else:
                greedy_step(g, who, True)
        return g

    def _descend(self, g: Game, player: int, node: TurnNode) -> TurnNode:
        """The searcher's next turn decision at ``node``: a new child best-first by the heuristic while the
        node's visits allow one more (progressive widening), else UCB1 among the children legal here."""
        options = g.legal_options()
        if len(options) == 1:
            g.apply(options[0])
            return node
        legal = [o for o in node.children if o in options]
        if len(legal) < math.ceil(WIDENING * math.sqrt(node.visits + 1)) and len(legal) < len(options):
            scores = score_options(g, player, options, True)
            fresh = [i for i in range(len(options)) if options[i] not in node.children]
            option = options[max(fresh, key=lambda i: scores[i])]
            child = node.children[option] = TurnNode()
        else:
            log_n = math.log(max(1, node.visits))
            option = max(
                legal,
                key=lambda o: node.children[o].total / max(1, node.children[o].visits)
                + self.exploration * math.sqrt(log_n / max(1, node.children[o].visits)),
            )
            child = node.children[option]
        g.apply(option)
        return child


__all__ = ["SEARCH_LEVELS", "SearchBot", "TurnNode", "determinize"]
