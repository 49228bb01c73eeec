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
   best-first by the heuristic's turn plan, :data:`PLAN`, as visits grow, then UCB1 among those legal in the
   determinization; the levels widen it not at all, :data:`WIDENING`, so the rest of the turn is the heuristic
   bot's continuation where a line first met each decision), every
   other seat's decisions by the heuristic's one-action lookahead and Wakhan's by her procedure, up to the
   searcher's next turn (or, for experiments, past it: :data:`DEPTH`). The reward is the searcher's chance of
   winning there as the heuristic sees it (:func:`~paxpamir.agents.heuristic.win_chance`, a softmax of every
   seat's value; a share of the win, or 0, at the end of the game). Seeing the opponents' replies is what the
   heuristic alone cannot do: a card left in the market for them, a Dominance Check they can buy, pieces they can
   remove.
3. **Sequential halving** (Karnin, Koren & Somekh 2013) spends the budget: each round plays every surviving
   candidate in the same fresh determinizations (so differences come from the candidates, not from the luck of
   the deal), and keeps the better half, until one is left. Candidates are compared by their mean reward over
   all their lines so far, with the heuristic's own score of each counted as :data:`PRIOR_LINES` lines more: a
   few unlucky deals do not overturn a clear preference, which matters most with more players, whose replies
   make lines noisier.
4. **Playouts** (four fifths of the strong level's time; off in the fast and normal levels, :data:`PLAYOUTS`): a
   share of the budget kept from the halving plays its best two candidates' lines on to the end of the game
   (:func:`play_out`: every seat's turns drawn by its heuristic scores), in fresh determinizations with the same
   draws for both; each candidate's halving value plus its share of the playouts' wins decides. With
   :data:`PLAYOUT_CHECKS` they stop after the next Dominance Check (:func:`play_on`) and are scored by the reward
   there.

**Budgets.** A budget is in seconds, in lines (iterations), or both (whichever runs out first):

* *Seconds* (the levels of :data:`SEARCH_LEVELS`): the search is anytime. The clock starts when ``decide`` is
  called, so the heuristic's scoring of the candidates is part of the budget: its turn plan (a second action
  after each of the best first ones, which can take longer than a fast level's budget in the pure-Python
  build) is made best-first while the clock is short of :data:`PLAN_SHARE` of the budget. Each round
  of halving gets an equal share of the time left. A round starts determinizations while its share lasts (the
  first round one at least), each only if it is expected to end before the deadline at the pace of the lines
  so far; a line reads the clock before each of its decisions, and inside each before every option the
  heuristic scores or plans there and every option it looks at in their greedy follow-ups, and is dropped,
  unscored, once the deadline is reached. Then the best survivor by the current estimates is the choice. So a
  decision outlasts its budget by no more than one option looked at inside a line (a copy of the position, a
  step and an evaluation), a decision of Wakhan's or the making of one determinization, unless the heuristic's
  one-action scoring of the candidates and the plan of one of them take longer than the budget (or the process
  is not given the CPU: the budget is wall-clock time); a slower build or machine plays fewer lines, not longer.
* *Lines*: each round plays its share of the lines (what is left in the last one), on fewer candidates if
  the budget cannot give each of them a determinization a round. No clock is read for the choice: the same
  seed and line budget make the same decision on any machine, in either build (what tests and reproducible
  experiments use).

Follow-up decisions (where to tax, build, move, battle) are the heuristic's (or, for experiments, searched
with a share of the budget: :data:`FOLLOW_UPS`). In a stalled game (no card bought
for about five rounds: :func:`~paxpamir.agents.heuristic.stalled`) the candidates are the purchases.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..engine.game import Game
from .base import Decision
from .determinize import determinization_base, determinize
from .heuristic import (
    DEMAND_ROLE,
    FOLLOW_UP,
    FOLLOW_UP_ROLE,
    PLAN_WIDTH,
    WIN_TEMPERATURE,
    HeuristicBot,
    RepeatGuard,
    best_after,
    fitted_chance,
    greedy_step,
    is_purchase,
    kinds_in_role,
    learned_chance,
    score_options,
    scored_positions,
    scores_within,
    stalled,
    win_chance,
)
from .wakhan import WakhanPlayer

if TYPE_CHECKING:
    from ..engine.steps import Option

#: Levels by name: the seconds a searched decision takes (the heuristic's candidate scoring included), how many
#: candidates they are spent on, and (the strong level) the share of them spent on playouts to the end of the game
#: from its best two candidates' lines (:data:`PLAYOUTS`). A slower machine or the pure-Python build plays fewer
#: lines in them. For a decision that does not depend on the machine, give a budget in lines instead
#: (``SearchBot(iterations=80)``, the bot named ``search:80``).
SEARCH_LEVELS: Final[dict[str, dict[str, Any]]] = {
    "fast": {"seconds": 0.3, "root_width": 4, "widening": 0.0},
    "normal": {"seconds": 1.0, "root_width": 4, "widening": 0.0},
    "strong": {"seconds": 5.0, "root_width": 8, "widening": 0.0, "playouts": 0.8},
}

#: The decisions the search leaves to the heuristic's one-action lookahead, by their role there
#: (:data:`~paxpamir.agents.heuristic.KIND_ROLES`): those that continue an action, and asking for a bribe.
LEFT_TO_HEURISTIC: Final = kinds_in_role(FOLLOW_UP_ROLE, DEMAND_ROLE)

EXPLORATION: Final[float] = 0.7
#: Scale of the heuristic's score differences (in its points) that maps them to rewards, for the prior.
REWARD_SCALE: Final[float] = 12.0
#: A cap on the decisions of one line (a line ends at the searcher's next turn, long before this).
LINE_STEPS: Final[int] = 400
#: Progressive widening: a turn node visited v times has up to max(1, ceil(widening * sqrt(v + 1))) children. The
#: default and the levels use 0: the rest of the searcher's turn is the heuristic's, so that a candidate is judged
#: by its best continuation rather than by the mean over tried ones (with 0.5, as the search played before, a
#: candidate whose good continuation is one of many was valued below one with few; ``search:w0.5`` plays so).
WIDENING: Final[float] = 0.0
#: The rest of the searcher's turn in a line: at a turn decision the tree has not met, the heuristic's best option
#: with this many of its best scored by the best second action that can follow (its turn plan, as the heuristic
#: bot plays; 0: one action's lookahead, as the search played before). Once per node of the tree, not per line.
PLAN: Final[int] = PLAN_WIDTH
#: The heuristic's score of a candidate counts as this many lines: a candidate must beat the heuristic's
#: preference by more than the noise of a few determinizations to be chosen instead.
PRIOR_LINES: Final[float] = 2.0
#: The heuristic's own score of a candidate as a share of its value (0: counted as :data:`PRIOR_LINES` lines, as the
#: levels do, so that its weight fades as lines grow). X > 0 (``search:q0.3``): a candidate's value is X times the
#: reward of the heuristic's score plus 1 - X times the mean of its lines, however many: the lines' estimate is
#: biased (one turn of heuristic play, the evaluation at its end), so more of them need not outweigh the
#: heuristic's two-action plan.
PRIOR_SHARE: Final[float] = 0.0
#: Where a line ends: 0, at the searcher's next turn (every other seat has played its turn once); N, after the turns
#: of the next N seats if that comes first (``search:h1``: lines of the next seat's reply only, shorter and so more
#: of them in the same time with three or more players; with two players every horizon is the same).
HORIZON: Final[int] = 0
#: How many of the searcher's turns a line looks past: 1, to the start of its next turn (every other seat has
#: played once); 2, on through that turn (its own choices by the heuristic's one-action lookahead) and the other
#: seats' next, to the start of the turn after (``search:d2``: with two players about 180 lines a decision in a
#: second against 480; it won 53.9% of 64 two-player games against the search before, where the levels won 64.1%
#: of the same seeds, so the levels keep 1).
DEPTH: Final[int] = 1
#: The temperature of the reward (:func:`~paxpamir.agents.heuristic.win_chance`, in heuristic points): the
#: heuristic's own, fitted to 2-player games. With four players it is overconfident: on the positions of 100
#: 4-player arena games its chances predict the winners worse than an even chance does (a mean log-loss of 1.44
#: against 1.39), while 30 to 40 does best (1.35); ``search:t36`` plays with 36.
TEMPERATURE: Final[float] = WIN_TEMPERATURE
#: The reward by the evaluation fitted to who won arena games
#: (:func:`~paxpamir.agents.heuristic.fitted_chance`, for the numbers of players it has weights for, in games
#: without Wakhan; the heuristic's chance at :data:`TEMPERATURE` for the others) instead of the heuristic's value:
#: ``search:f``.
FITTED: Final[bool] = False
#: The other seats' turn decisions in a line: by the heuristic's one-action lookahead (0), or with this many of
#: their best options scored by the best second action that can follow (their turn plan, narrowed: ``search:o2``),
#: replies closer to what a planning opponent plays, at the cost of lines.
OPPONENT_PLAN: Final[int] = 0
#: The other seats' turn decisions in a searched line: 0, each by the heuristic (:data:`OPPONENT_PLAN`), the same
#: reply whatever the candidate; X > 0, down a tree of their replies after each end of the searcher's turn,
#: shared by all determinizations and widened as :data:`WIDENING` widens the searcher's own (a node visited v
#: times has up to ceil(X sqrt(v + 1)) children, the heuristic's best first), then UCB1 on the replying seat's own
#: chance of winning: the more lines, the more the lines find the replies that hurt a candidate most, rather than
#: the heuristic's one (``search:r0.5``).
REPLY_WIDENING: Final[float] = 0.0
#: The follow-up decisions of its own actions (where to tax, build, move, battle, which card to discard: the kinds
#: of :data:`~paxpamir.agents.heuristic.FOLLOW_UP`): 0, the heuristic's (its one-action lookahead, as the levels
#: play); X > 0, searched like any other decision with X times its budget (in seconds or lines), the heuristic's
#: one-action scores ranking the candidates (``search:u0.3``). Where those scores cannot tell the candidates apart
#: (the side of the court a card goes to, pieces that all get placed by the end of the action), the heuristic's
#: choice is kept without a search.
FOLLOW_UPS: Final[float] = 0.0
#: Its determinizations: the other hands dealt at random from the cards it has not seen (False), or holding the
#: cards the public log saw them buy and not leave (True, ``search:k``;
#: :func:`~paxpamir.agents.determinize.determinize`).
REMEMBER: Final[bool] = False
#: Candidates that are one turn in another order (a purchase then a tax, the tax then the purchase: the heuristic ranks
#: them side by side, as its turn plan finds the other for each) take two of the search's places and share its lines.
#: True (``search:x``): in the first determinization a candidate whose line ends where a better-ranked one's
#: ended (the same position, hands in any order) gives its place to the next option by
#: the heuristic's ranking, so that the candidates are different turns.
DISTINCT: Final[bool] = False
#: The reward by boosted trees fitted to who won (:func:`~paxpamir.agents.heuristic.learned_chance`: two-player
#: games of heuristic bots, where what a lead is worth depends on the Dominance Checks left, which the fitted weights
#: of :data:`FITTED` cannot say; four-player arena games of the search, where the heuristic's chance foresees little:
#: :func:`~paxpamir.agents.heuristic.learned_chances`) instead of the heuristic's chance where a line or a playout ends
#: with at most this many Dominance Checks left: 0, never; 4, always (``search:l``; ``search:l1``, only with one check
#: left; in games of other sizes or with Wakhan, the fitted weights' chance).
LEARNED: Final[int] = 0
#: Where a line ends at the start of the searcher's turn: scored there (False), or after its best action there by the
#: heuristic's one-action lookahead, follow-ups finished (True, ``search:a``): what it can do next counts (a card
#: the other seats left in the market for it, a tax, a Dominance Check it can buy), at the cost of one more scored
#: decision a line.
NEXT_ACTION: Final[bool] = False
#: Lines played to the end of the game once this many Dominance Checks or fewer are left where the search starts
#: (0: never; ``search:e1``): the reward is then who won, as the heuristic's choices played it out, rather than the
#: heuristic's guess at the searcher's next turn. Late in the game few turns are left (about nine in all with one
#: check left in two-player games between searches), so a line costs a few times more than one to the next turn.
FINISH: Final[int] = 0
#: The other seats' turn decisions in a line: the heuristic's best (0), or drawn at random with weights
#: exp(-behind / X), ``behind`` what an option's heuristic score is short of the best (``search:m1``: an option a point
#: behind is chosen e times less often than the best). The heuristic's reply is one the real opponent often does not
#: play; replies drawn so vary from line to line, so that a candidate is judged against the replies it may meet
#: rather than tuned to one.
MIXED: Final[float] = 0.0
#: A budget in seconds: the share of it the heuristic's turn plan may take to rank the candidates (planned two
#: options at a time while it lasts); the rest is the lines'.
PLAN_SHARE: Final[float] = 0.4
#: The share of a decision's budget spent, after the halving, on playouts to the end of the game from the ends of
#: its best :data:`PLAYOUT_WIDTH` candidates' lines (0: none; ``search:n0.5``; the strong level's 0.8 is set in
#: :data:`SEARCH_LEVELS`). Measured on 1,148 positions of arena games (docs/search-strength.md, *Playouts from the
#: ends of its lines*), a dozen such playouts pick among the candidates better than the reward at the line's end
#: does; in the arena, the strong level's four seconds of them beat the normal level (*Playouts in the search*).
PLAYOUTS: Final[float] = 0.0
#: The candidates (the halving's best) that the playouts decide among.
PLAYOUT_WIDTH: Final[int] = 2
#: The seats' turn decisions in a playout are drawn by their heuristic scores, an option this many points behind
#: the best e times less often (the temperature of that measurement); their other decisions are their best.
PLAYOUT_TEMPERATURE: Final[float] = 1.0
#: A budget in lines counts a playout as this many lines (about what one costs: 35 ms against 1 ms a line).
PLAYOUT_LINES: Final[int] = 30
#: Playouts end once this many Dominance Checks have been resolved, the position then scored by the searcher's reward
#: (its chance of winning there, as where a line ends) unless the game has ended (0: to the end of the game;
#: ``search:b1``). Shorter than a whole game, such a playout is cheaper, and its value is a chance rather than one
#: winner of the seats: with four seats, both matter more.
PLAYOUT_CHECKS: Final[int] = 0
#: A playout that has not ended after this many decisions is dropped (none has come near it).
PLAYOUT_STEPS: Final[int] = 20_000
#: How many options of each turn decision a playout scores, drawn at random (0: all of them, as the levels do):
#: fewer make a playout cheaper, so that a second holds more of them, with every seat's play in them weaker.
PLAYOUT_SAMPLE: Final[int] = 0


def _reward(value: float) -> float:
    """A difference of the heuristic's scores (its points) as a reward between 0 and 1 (0.5 for none)."""
    return 1.0 / (1.0 + math.exp(-value / REWARD_SCALE))


def _turn_key(g: Game) -> str:
    """The position ``g`` as a hash, the order of the cards in each hand aside (a turn's purchases in another order
    leave the same hand in another order)."""
    g = g.clone()
    for hand in g.hands:
        hand.sort()
    return g.state_hash()


def play_on(
    g: Game,
    rng: random.Random,
    temperature: float = PLAYOUT_TEMPERATURE,
    wakhan: WakhanPlayer | None = None,
    stop: Callable[[], bool] | None = None,
    checks: object = 0,
    sample: object = 0,
) -> Game | None:
    """Play ``g`` (a determinization: every card known) on, in place, to the end of the game, or with ``checks``
    (1 or more) until that many more Dominance Checks have been resolved if the game has not ended first: every
    seat's turn decisions drawn by its heuristic scores (an option ``temperature`` points behind the best e times
    less often), its other decisions its heuristic's best (every decision at ``temperature`` 0), Wakhan's by her
    procedure. Returns the position where it stopped, ``g``; None, with ``g`` part-played, when ``stop()`` became
    true first (asked before each decision) or the game did not get there within :data:`PLAYOUT_STEPS` decisions.

    ``sample`` (1 or more, with ``temperature`` above 0) makes a cheaper playout (:data:`PLAYOUT_SAMPLE`): a turn
    decision with more options than that scores only that many of them, drawn at random, and the game goes on from
    the copy its scoring made of the chosen option's position, the action's follow-up decisions taken there as the
    heuristic's one-action lookahead took them. The position returned is then that copy, played on, and ``g`` is
    left part-played.

    >>> from paxpamir import Game
    >>> g = Game.new(players=2, seed=5)
    >>> left = g.dominance_checks_left()
    >>> play_on(g, random.Random(1), checks=1) is g and (g.is_over or g.dominance_checks_left() == left - 1)
    True
    >>> end = play_on(Game.new(players=4, seed=5), random.Random(1), sample=4)
    >>> end is not None and end.is_over
    True
    """
    if not 0 <= temperature < math.inf:
        raise ValueError(f"temperature is 0 or a positive number of heuristic points, not {temperature}")
    if not isinstance(checks, int) or isinstance(checks, bool) or not 0 <= checks <= 4:
        raise ValueError(f"checks is a number of Dominance Checks, 0 to 4, not {checks!r}")
    if not isinstance(sample, int) or isinstance(sample, bool) or sample < 0:
        raise ValueError(f"sample is a whole number of options, 0 (all of them) or more, not {sample!r}")
    drawn: int = sample
    more: int = checks  # typed object above: compiled, an int parameter would take True as 1 before the check
    g.quiet = True
    until = g.dominance_checks_left() - more if more else -1  # the checks left where it stops
    for _ in range(PLAYOUT_STEPS):
        if g.is_over or (more and g.dominance_checks_left() <= until):
            return g
        if stop is not None and stop():
            return None
        who = g.current_player
        assert who is not None
        if who == g.wakhan:
            d = (wakhan or WakhanPlayer()).decide(g)
            g.apply(d.option, reason=d.reason, note=d.note)
        elif g.decision == "turn" and temperature > 0:
            options = g.legal_options()
            if len(options) == 1:
                g.apply(options[0])
                continue
            if 0 < drawn < len(options):
                options = rng.sample(options, drawn)
            scored = scored_positions(g, who, options, stop)
            if scored is None:
                return None
            children, scores = scored
            top = max(scores)
            i = rng.choices(range(len(options)), [math.exp((score - top) / temperature) for score in scores])[0]
            child = children[i] if drawn else None
            if child is None:
                g.apply(options[i])
            else:
                g = child
        elif not greedy_step(g, who, True, stop=stop):
            return None
    return None


def play_out(
    g: Game,
    rng: random.Random,
    temperature: float = PLAYOUT_TEMPERATURE,
    wakhan: WakhanPlayer | None = None,
    stop: Callable[[], bool] | None = None,
) -> list[float] | None:
    """Play ``g`` (a determinization: every card known) to the end of the game, in place (:func:`play_on`).
    Returns each seat's share of the win; None when ``stop()`` became true first (asked before each decision) or
    the game did not end within :data:`PLAYOUT_STEPS` decisions.

    >>> from paxpamir import Game
    >>> shares = play_out(Game.new(players=2, seed=5), random.Random(1))
    >>> shares is not None and sum(shares) == 1.0
    True
    """
    if play_on(g, rng, temperature, wakhan, stop) is None:
        return None
    return [1.0 / len(g.winners) if p in g.winners else 0.0 for p in range(g.n)]


def _rounds(candidates: int) -> int:
    """Rounds of sequential halving that leave one of ``candidates``."""
    return max(1, math.ceil(math.log2(candidates)))


class TurnNode:
    """A node of the tree over the searcher's own turn decisions, shared by all determinizations: children are
    added best-first by the heuristic (progressive widening), so that a node visited once follows the
    heuristic's choice and one visited often tries the next best options too."""

    __slots__ = ("children", "visits", "total", "seat", "replies")

    def __init__(self, seat: int = -1) -> None:
        self.children: dict[Option, TurnNode] = {}
        self.visits = 0
        self.total = 0.0
        #: The seat that chose this node, whose rewards ``total`` adds up: -1, the searcher (its own turn); another
        #: seat for a node of the tree of replies (:data:`REPLY_WIDENING`).
        self.seat = seat
        #: The root of the other seats' replies where the searcher's turn ended at this node (None until a line
        #: meets one with reply widening).
        self.replies: TurnNode | None = None


class SearchBot:
    """Information-set Monte Carlo search: the heuristic's best options, each played to this seat's next turn in
    determinizations of its own view, chosen among by sequential halving. ``seconds``: the time a searched
    decision may take (anytime: the best choice so far when it is up; the normal level's second when no budget is
    given); ``iterations``: a budget in lines instead, for decisions that depend only on the seed (or as well:
    whichever runs out first); ``root_width``: candidates; ``widening``: how the tree of the rest of its turn
    widens (:data:`WIDENING`: 0 keeps the heuristic's continuation); ``plan``: the options planned with a second
    action where that tree meets a new decision (:data:`PLAN`); ``horizon``: lines end after the next
    ``horizon`` seats' turns if they do not reach this seat's next turn first (:data:`HORIZON`: 0, no such end);
    ``depth``: they end at the start of this seat's ``depth``-th turn from now (:data:`DEPTH`: 1, the next);
    ``temperature``: of the reward, the chance of winning where a line ends (:data:`TEMPERATURE`); ``fitted``:
    that chance by the weights fitted to who won instead (:data:`FITTED`); ``guided``: its own choices (the
    candidates, its turn's continuation, follow-ups) by that fitted evaluation (``search:g``; the other seats in its
    lines stay the heuristic's); ``opponent_plan``: the other seats' turn decisions in its lines planned with a
    second action for their best ``opponent_plan`` options (:data:`OPPONENT_PLAN`: 0, their one-action lookahead);
    ``reply_widening``: a tree of their turn decisions in its lines, chosen by their own chances of winning
    (:data:`REPLY_WIDENING`: 0, none); ``follow_ups``: the share of its budget a follow-up decision of its own
    actions is searched with (:data:`FOLLOW_UPS`: 0, the heuristic's choice); ``learned``: the reward by the trees
    fitted to who won where a line ends with at most that many Dominance Checks left (:data:`LEARNED`: 0, never);
    ``next_action``: a line that ends at the start of its turn is scored after its best action there
    (:data:`NEXT_ACTION`); ``finish``: lines played to the end of the game once that many Dominance Checks or fewer
    are left (:data:`FINISH`: 0, never); ``mixed``: the other seats' turn decisions in its lines drawn by their
    heuristic scores at that temperature (:data:`MIXED`: 0, their best); ``prior_share``: the heuristic's score of
    a candidate as that share of its value, the mean of its lines the rest (:data:`PRIOR_SHARE`: 0, the score counted
    as ``prior_lines`` lines); ``playouts``: the share of its budget spent after the halving on playouts to the end
    of the game from the lines of its best ``playout_width`` candidates (:data:`PLAYOUTS`: 0, none; :meth:`_playouts`);
    ``playout_checks``: playouts that end once that many Dominance Checks have been resolved, scored by its reward
    there (:data:`PLAYOUT_CHECKS`: 0, to the end of the game); ``playout_sample``: playouts in which every seat's
    turn decision scores only that many of its options, drawn at random (:data:`PLAYOUT_SAMPLE`: 0, all of them).
    ``clock`` reads the time in seconds (tests give a fake one).

    >>> from paxpamir import Game
    >>> game = Game.new(players=2, seed=3)
    >>> bot = SearchBot(seed=1, iterations=10)
    >>> bot.decide(game).option in game.legal_options()
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        root_width: int = 6,
        exploration: float = EXPLORATION,
        prior_lines: float = PRIOR_LINES,
        widening: float = WIDENING,
        plan: int = PLAN,
        horizon: int = HORIZON,
        temperature: float = TEMPERATURE,
        fitted: bool = FITTED,
        guided: bool = False,
        depth: int = DEPTH,
        opponent_plan: int = OPPONENT_PLAN,
        reply_widening: float = REPLY_WIDENING,
        follow_ups: float = FOLLOW_UPS,
        remember: bool = REMEMBER,
        distinct: bool = DISTINCT,
        learned: object = LEARNED,  # object: compiled, an int parameter would take True as 1
        next_action: bool = NEXT_ACTION,
        finish: object = FINISH,  # object: compiled, an int parameter would take True as 1
        mixed: float = MIXED,
        prior_share: float = PRIOR_SHARE,
        playouts: float = PLAYOUTS,
        playout_width: int = PLAYOUT_WIDTH,
        playout_checks: object = PLAYOUT_CHECKS,  # object: compiled, an int parameter would take True as 1
        playout_sample: object = PLAYOUT_SAMPLE,  # object: compiled, an int parameter would take True as 1
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations is None and seconds is None:
            seconds = float(SEARCH_LEVELS["normal"]["seconds"])
        if (iterations is not None and iterations < 1) or (seconds is not None and not seconds > 0):
            raise ValueError(f"a search budget must be positive: {iterations} lines, {seconds} seconds")
        if not 0 <= widening < math.inf:
            raise ValueError(f"widening is 0 or more, not {widening}")
        if not isinstance(plan, int) or plan < 0:  # compiled, a plan that is no int is a TypeError on the call
            raise ValueError(f"plan is a whole number of options, 0 or more, not {plan!r}")
        if not isinstance(horizon, int) or horizon < 0:
            raise ValueError(f"horizon is a whole number of turns, 0 or more, not {horizon!r}")
        if not 0 < temperature < math.inf:
            raise ValueError(f"temperature is a positive number of heuristic points, not {temperature}")
        if not isinstance(fitted, bool):
            raise ValueError(f"fitted is True or False, not {fitted!r}")
        if not isinstance(depth, int) or depth < 1:
            raise ValueError(f"depth is a whole number of turns, 1 or more, not {depth!r}")
        if not isinstance(guided, bool):
            raise ValueError(f"guided is True or False, not {guided!r}")
        if not isinstance(opponent_plan, int) or opponent_plan < 0:
            raise ValueError(f"opponent_plan is a whole number of options, 0 or more, not {opponent_plan!r}")
        if not 0 <= reply_widening < math.inf:
            raise ValueError(f"reply_widening is 0 or more, not {reply_widening}")
        if not 0 <= follow_ups <= 1:
            raise ValueError(f"follow_ups is a share of the budget, from 0 to 1, not {follow_ups}")
        if not isinstance(remember, bool):
            raise ValueError(f"remember is True or False, not {remember!r}")
        if not isinstance(distinct, bool):
            raise ValueError(f"distinct is True or False, not {distinct!r}")
        if not isinstance(learned, int) or isinstance(learned, bool) or not 0 <= learned <= 4:
            raise ValueError(f"learned is a number of Dominance Checks left, 0 to 4, not {learned!r}")
        if not isinstance(next_action, bool):
            raise ValueError(f"next_action is True or False, not {next_action!r}")
        if not isinstance(finish, int) or isinstance(finish, bool) or not 0 <= finish <= 4:
            raise ValueError(f"finish is a number of Dominance Checks left, 0 to 4, not {finish!r}")
        if not 0 <= mixed < math.inf:
            raise ValueError(f"mixed is 0 or more heuristic points, not {mixed}")
        if not 0 <= prior_lines < math.inf:
            raise ValueError(f"prior_lines is a number of lines, 0 or more, not {prior_lines}")
        if not 0 <= prior_share < 1:
            raise ValueError(f"prior_share is a share of a candidate's value, from 0 to below 1, not {prior_share}")
        if not 0 <= playouts < 1:
            raise ValueError(f"playouts is a share of the budget, from 0 to below 1, not {playouts}")
        if not isinstance(playout_width, int) or isinstance(playout_width, bool) or playout_width < 2:
            raise ValueError(f"playout_width is a whole number of candidates, 2 or more, not {playout_width!r}")
        if not isinstance(playout_checks, int) or isinstance(playout_checks, bool) or not 0 <= playout_checks <= 4:
            raise ValueError(f"playout_checks is a number of Dominance Checks, 0 to 4, not {playout_checks!r}")
        if not isinstance(playout_sample, int) or isinstance(playout_sample, bool) or playout_sample < 0:
            raise ValueError(f"playout_sample is a whole number of options, 0 or more, not {playout_sample!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.clock = clock
        self.root_width = root_width
        self.exploration = exploration
        self.prior_lines = prior_lines
        self.widening = widening
        self.plan = plan
        self.horizon = horizon
        self.temperature = temperature
        self.fitted = fitted
        self.depth = depth
        self.opponent_plan = opponent_plan
        self.reply_widening = reply_widening
        self.follow_ups = follow_ups
        # Its own choices (the candidates and their order, its turn's continuation, follow-ups) by the evaluation
        # fitted to who won, as heuristic:fitted makes them; the other seats' stay the heuristic's.
        self.guided = guided
        self.remember = remember
        self.distinct = distinct
        self.learned: int = learned
        self.next_action = next_action
        self.finish: int = finish
        self.mixed = mixed
        self.prior_share = prior_share
        self.playouts = playouts
        self.playout_width = playout_width
        self.playout_checks: int = playout_checks
        self.playout_sample: int = playout_sample
        # Follow-ups within an action: no plans.
        self.follow = HeuristicBot(seed, plan=0, reply=0, fitted=guided, remember=remember)
        self.wakhan = WakhanPlayer()
        self.repeats = RepeatGuard()
        self.searched = 0  # decisions searched, lines played and the time they took, for reports
        self.iterations_run = 0
        self.search_time = 0.0
        self.dropped = 0  # lines cut short by the deadline (not scored)
        self.playouts_run = 0  # determinizations played out to the end by the playouts' candidates
        #: The halving's surviving candidates of the last searched decision, best first, with their values.
        self.last_ranking: list[tuple[Option, float]] = []
        #: The lines each candidate of the last searched decision was played in (best-first by the heuristic),
        #: and the tree of the searcher's turn decisions after each.
        self.last_lines: dict[Option, int] = {}
        self.last_trees: dict[Option, TurnNode] = {}

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
        follow_up = game.decision in LEFT_TO_HEURISTIC
        if follow_up and not (self.follow_ups and game.decision in FOLLOW_UP):
            return Decision(self.follow.choose(game))
        started = self.clock()
        view = determinization_base(game, player)
        first = determinize(view, player, self.rng, self.remember)
        seconds, iterations = self.seconds, self.iterations
        if follow_up:  # searched with its share of the budget
            seconds = None if seconds is None else seconds * self.follow_ups
            iterations = None if iterations is None else max(1, round(iterations * self.follow_ups))
        # The playouts' share of the budget, kept from the halving's (not for follow-ups).
        out_seconds = out_count = None
        if self.playouts and not follow_up:
            if seconds is not None:
                out_seconds, seconds = seconds * self.playouts, seconds * (1.0 - self.playouts)
            if iterations is not None:
                out_count = max(1, round(iterations * self.playouts / (PLAYOUT_LINES * self.playout_width)))
                iterations = max(1, iterations - out_count * PLAYOUT_LINES * self.playout_width)
        if game.decision != "turn":
            scores = score_options(first, player, options, True, fitted=self.guided)
            if follow_up and max(scores) - min(scores) < 1e-9:  # nothing the heuristic can tell apart
                return Decision(self.follow.choose(game))
        elif self.seconds is None:
            scores = score_options(first, player, options, True, PLAN_WIDTH, fitted=self.guided)
        else:
            scores = self._planned_scores(first, player, options, started + PLAN_SHARE * (seconds or self.seconds))
        if stalled(game):  # nobody buys, so the game would never end: the candidates are purchases
            kept = [i for i, o in enumerate(options) if is_purchase(o)]
            options, scores = [options[i] for i in kept], [scores[i] for i in kept]
        tried = self.repeats.tried(game, player)
        order = sorted(range(len(options)), key=lambda i: -scores[i])
        ranked = [options[i] for i in order if options[i] not in tried]
        candidates = ranked[: self.root_width]
        reserve = ranked[self.root_width :] if self.distinct else None
        if len(candidates) <= 1:
            best = candidates[0] if candidates else options[order[0]]
            self.repeats.note(game, player, best)
            return Decision(best)
        prior = dict(zip(options, scores, strict=True))
        best, done, value = self._halving(view, player, candidates, first, started, prior, iterations, seconds, reserve)
        played = 0
        if (out_seconds is not None or out_count is not None) and len(self.last_ranking) > 1:
            deadline = None if out_seconds is None else started + (seconds or 0.0) + out_seconds
            best, played = self._playouts(view, player, self.last_ranking[: self.playout_width], deadline, out_count)
        self.repeats.note(game, player, best)
        self.searched += 1
        self.iterations_run += done
        self.playouts_run += played
        self.search_time += self.clock() - started
        outs = f", {played} playouts" if played else ""
        return Decision(best, f"search: {done} lines, value {value:.2f}{outs}")

    def _playouts(
        self,
        view: dict[str, Any],
        player: int,
        ranked: list[tuple[Option, float]],
        deadline: float | None,
        count: int | None,
    ) -> tuple[Option, int]:
        """Choose among the halving's best candidates ``ranked`` (best first, with their values) by playouts
        (:data:`PLAYOUTS`): in fresh determinizations, each candidate's line (:meth:`play_line`) played on to the
        end of the game (:func:`play_on`; with :attr:`playout_checks`, until that many Dominance Checks have been
        resolved, then scored by its reward), all with the same random draws; a candidate's value is then its
        halving value plus its share of the playouts' wins (or mean reward). ``count`` determinizations, or as many
        as end before ``deadline`` (one is begun only if it can end in time at the pace of those before; one cut
        short is not counted). Returns the choice (the halving's best when no determinization ended) and the
        determinizations played out."""
        clock = self.clock
        past = self._past(deadline)
        wins = [0.0] * len(ranked)
        done = 0
        spent = 0.0
        while count is None or done < count:
            begun = clock()
            if deadline is not None and (begun >= deadline or (done and begun + spent / done > deadline)):
                break
            world = determinize(view, player, self.rng, self.remember)
            draws = self.rng.getrandbits(64)  # the same for every candidate
            shares: list[float] = []
            for option, _ in ranked:
                line = self.play_line(world, player, option, None, deadline)
                end = None if line is None else play_on(
                    line,
                    random.Random(draws),
                    wakhan=self.wakhan,
                    stop=past,
                    checks=self.playout_checks,
                    sample=self.playout_sample,
                )
                if end is None:
                    break
                # Its share of the win where the game ended (every reward is that there), else its reward after
                # the Dominance Checks it was played through (:data:`PLAYOUT_CHECKS`).
                shares.append(self._reward_of(end, player))
            if len(shares) < len(ranked):  # cut short by the deadline
                break
            for i, share in enumerate(shares):
                wins[i] += share
            done += 1
            spent += clock() - begun
        if not done:
            return ranked[0][0], 0
        best = max(range(len(ranked)), key=lambda i: (ranked[i][1] + wins[i] / done, -i))
        return ranked[best][0], done

    def _planned_scores(self, first: Game, player: int, options: list[Option], until: float) -> list[float]:
        """The heuristic's turn plan within a time limit: ``score_options(first, player, options, True,
        PLAN_WIDTH)``, planned best-first while the clock is short of ``until``; the options not planned by then
        keep their one-action scores."""
        return score_options(first, player, options, True, PLAN_WIDTH, fitted=self.guided, stop=self._past(until))

    def _past(self, deadline: float | None) -> Callable[[], bool] | None:
        """Whether the clock has reached ``deadline`` (None: no deadline, never)."""
        if deadline is None:
            return None
        clock = self.clock
        return lambda: clock() >= deadline

    def _halving(
        self,
        view: dict[str, Any],
        player: int,
        candidates: list[Option],
        first: Game,
        started: float,
        prior: dict[Option, float],
        budget: int | None,
        seconds: float | None,
        reserve: list[Option] | None = None,
    ) -> tuple[Option, int, float]:
        """Sequential halving over the candidates (best-first by the heuristic): each round plays every
        surviving candidate in the same fresh determinizations and keeps the better half by their mean rewards
        over every line so far, with the heuristic's own score counted as ``prior_lines`` lines more (ties: the
        heuristic's order). A budget in lines gives each round its share of them; a budget in seconds (counted
        from ``started``) gives each round an equal share of the time left, and ends the search, with the best
        by the current estimates, when the time is up (see the module's docstring). Returns the choice, the
        lines played and the choice's mean reward. ``budget`` and ``seconds``: this decision's budget; ``reserve``:
        the options ranked after the candidates, which take the places of candidates that are the same turn as a
        better-ranked one (:data:`DISTINCT`; None: no such check)."""
        if budget is not None:  # at least one determinization a round
            while len(candidates) > 2 and len(candidates) * _rounds(len(candidates)) > budget:
                candidates = candidates[:-1]
        deadline = None if seconds is None else started + seconds
        clock = self.clock
        rounds = _rounds(len(candidates))
        trees: dict[Option, TurnNode] = {}
        survivors = list(candidates)
        done = 0
        worlds = [first]
        out_of_time = False
        line_time = 0.0  # the time the scored lines took, for the pace
        top = max(prior[o] for o in survivors)  # rewards near the middle, where the mapping is not flat
        sums: dict[Option, float] = {}
        counts: dict[Option, int] = {}
        for o in survivors:
            self._enter(o, trees, sums, counts, prior[o] - top)
        ahead = 0  # determinizations of the first round played before it (by the check for the same turn)
        if reserve is not None:
            survivors, done, line_time, out_of_time = self._distinct(
                worlds.pop(), player, survivors, reserve, trees, sums, counts, deadline, top, prior
            )
            ahead = 1
            rounds = _rounds(len(survivors)) if len(survivors) > 1 else 0  # one turn: nothing to compare
        for r in range(rounds):
            played = ahead if r == 0 else 0
            spent = done
            round_end = None
            if deadline is not None:
                now = clock()
                round_end = now + (deadline - now) / (rounds - r)
            while not out_of_time:
                if budget is not None:  # this round's share: what is left in the last one
                    share = budget - spent if r == rounds - 1 else budget // rounds
                    if played >= max(1, share // len(survivors)):
                        break
                if deadline is not None and round_end is not None:
                    now = clock()
                    if now >= deadline:
                        out_of_time = True
                        break
                    # The round's share of the time (after one determinization at least), and a determinization
                    # only if it can end in time at the pace of the lines so far.
                    if (played and now >= round_end) or (done and now + line_time / done * len(survivors) > deadline):
                        break
                world = worlds.pop() if worlds else determinize(view, player, self.rng, self.remember)
                for o in survivors:
                    line_started = clock() if deadline is not None else 0.0
                    value = self._line(world, player, o, trees[o], deadline)
                    if value is None:  # cut short by the deadline
                        self.dropped += 1
                        out_of_time = True
                        break
                    if deadline is not None:
                        line_time += clock() - line_started
                    sums[o] += value
                    counts[o] += 1
                    done += 1
                played += 1
            # Survivors played in the same determinizations compare by their sums (the same as by their means);
            # a determinization the deadline cut short leaves them with different numbers of lines.
            even = len({counts[o] for o in survivors}) == 1
            if self.prior_share:
                survivors.sort(key=lambda o: -self._shared_value(sums[o], counts[o], prior[o] - top))
            else:
                survivors.sort(key=lambda o: -(sums[o] if even else sums[o] / (self.prior_lines + counts[o] or 1.0)))
            if out_of_time:
                break
            if r < rounds - 1:
                survivors = survivors[: (len(survivors) + 1) // 2]
        self.last_lines = counts
        self.last_trees = trees
        self.last_ranking = [
            (
                o,
                self._shared_value(sums[o], counts[o], prior[o] - top)
                if self.prior_share
                else sums[o] / (self.prior_lines + counts[o] or 1.0),
            )
            for o in survivors
        ]
        best = survivors[0]
        return best, done, trees[best].total / max(1, trees[best].visits)

    def _enter(
        self,
        option: Option,
        trees: dict[Option, TurnNode],
        sums: dict[Option, float],
        counts: dict[Option, int],
        behind: float,
    ) -> None:
        """A candidate enters the halving: its tree, no lines yet, and the heuristic's score (``behind`` the best
        candidate's, in its points) as :attr:`prior_lines` lines."""
        trees[option] = TurnNode()
        sums[option] = 0.0 if self.prior_share else self.prior_lines * _reward(behind)
        counts[option] = 0

    def _shared_value(self, total: float, lines: int, behind: float) -> float:
        """A candidate's value with :attr:`prior_share`: that share of the reward of the heuristic's score
        (``behind`` the best candidate's, in its points), the rest the mean of its ``lines`` (their rewards add up
        to ``total``; none: the heuristic's alone)."""
        heuristic = _reward(behind)
        if not lines:
            return heuristic
        return self.prior_share * heuristic + (1.0 - self.prior_share) * total / lines

    def _distinct(
        self,
        world: Game,
        player: int,
        candidates: list[Option],
        reserve: list[Option],
        trees: dict[Option, TurnNode],
        sums: dict[Option, float],
        counts: dict[Option, int],
        deadline: float | None,
        top: float,
        prior: dict[Option, float],
    ) -> tuple[list[Option], int, float, bool]:
        """The first determinization of the first round, ``world``, played by the candidates best-first, each kept
        only if its line ends in a position no better-ranked one's ended in, a place given up so to the next option
        of ``reserve`` (:data:`DISTINCT`). The lines of those kept are scored in ``trees``, ``sums`` and ``counts``.
        Returns the candidates kept (as many as before where the reserve allows), the lines played (those of the
        candidates that gave up their places too), the time they took and whether the deadline was reached."""
        width = len(candidates)
        queue = candidates + reserve
        kept: list[Option] = []
        ends: set[str] = set()
        clock = self.clock
        done = 0
        line_time = 0.0
        while queue and len(kept) < width:
            o = queue.pop(0)
            if o not in trees:
                self._enter(o, trees, sums, counts, prior[o] - top)
            started = clock() if deadline is not None else 0.0
            end: list[Game] = []
            value = self._line(world, player, o, trees[o], deadline, end)
            if value is None:  # cut short by the deadline: what is kept, and the candidates not yet played
                self.dropped += 1
                rest = [c for c in candidates if c == o or c in queue]
                return kept + rest, done, line_time, True
            if deadline is not None:
                line_time += clock() - started
            done += 1
            position = _turn_key(end[0])
            if position in ends:  # the same turn as a better-ranked candidate: its line is played, not scored
                del trees[o], sums[o], counts[o]
                continue
            ends.add(position)
            kept.append(o)
            sums[o] += value
            counts[o] += 1
        return kept, done, line_time, False

    def _line(
        self,
        world: Game,
        player: int,
        option: Option,
        node: TurnNode,
        deadline: float | None = None,
        end: list[Game] | None = None,
    ) -> float | None:
        """One line (:meth:`play_line`), its reward (between 0 and 1) added up along its path in the tree; None,
        with nothing added, when the line reached ``deadline`` (a time of :attr:`clock`) before its end. The
        position where it ended is appended to ``end`` if given."""
        path = [node]
        g = self.play_line(world, player, option, path, deadline)
        if g is None:
            return None
        if end is not None:
            end.append(g)
        value = self._reward_of(g, player)
        others: dict[int, float] = {}  # the replying seats' own rewards, for the nodes of the tree of replies
        for n in path:
            n.visits += 1
            if n.seat < 0:
                n.total += value
            else:
                if n.seat not in others:
                    others[n.seat] = self._reward_of(g, n.seat)
                n.total += others[n.seat]
        return value

    def _reward_of(self, g: Game, seat: int) -> float:
        """``seat``'s reward where a line ended: its chance of winning (learned, fitted, or the heuristic's)."""
        if self.learned and (self.learned >= 4 or g.dominance_checks_left() <= self.learned):
            return learned_chance(g, seat)
        return fitted_chance(g, seat) if self.fitted else win_chance(g, seat, self.temperature)

    def play_line(
        self,
        world: Game,
        player: int,
        option: Option,
        path: list[TurnNode] | None = None,
        deadline: float | None = None,
    ) -> Game | None:
        """Play ``option`` in a copy of ``world`` (a determinization where ``player`` is to decide): the rest of
        ``player``'s turn down the tree whose nodes ``path`` starts with (the heuristic's choices with no
        tree), the other seats by the heuristic's one-action lookahead or Wakhan's procedure, up to
        ``player``'s next turn decision, the start of the turn after the next :attr:`horizon` seats' turns (if
        the horizon is not 0) or the end of the game. Returns the position where the line ends (with
        :attr:`next_action`, after ``player``'s best action at that next turn); the
        nodes passed are appended to ``path``. With a ``deadline`` (a time of :attr:`clock`), the clock is read
        before every decision of the line and None is returned once it is reached."""
        g = world.clone()
        g.quiet = True
        turn = g.turn
        last = turn + (self.horizon or LINE_STEPS)  # the last turn a line plays (no horizon: past its end)
        depth = self.depth
        if self.finish and g.dominance_checks_left() <= self.finish:  # to the end of the game
            depth, last = LINE_STEPS, turn + LINE_STEPS
        g.apply(option)
        node = path[-1] if path else TurnNode()
        clock = self.clock
        past = self._past(deadline)
        steps = 0
        current = turn  # the searcher's turn being played, and how many of its later turns have started
        later = 0
        reply: TurnNode | None = None  # where the line is in the tree of replies, once the searcher's turn ended
        replies = path is not None and self.reply_widening > 0
        while not g.is_over and steps < LINE_STEPS:
            if deadline is not None and clock() >= deadline:
                return None
            if g.turn > last:
                break
            steps += 1
            who = g.current_player
            assert who is not None
            if who == player:
                if g.decision == "turn" and g.turn != current:  # one of its later turns starts
                    later += 1
                    if later >= depth:
                        if self.next_action:  # scored after what it can do next
                            after = best_after(g, player, self.guided, past)
                            if after is None:
                                return None
                            g = after
                        break
                    current = g.turn
                if g.decision == "turn" and g.turn == turn:
                    child = self._descend(g, player, node, past)
                    if child is None:
                        return None
                    if path is not None and child is not node:  # a forced decision stays at the node
                        path.append(child)
                    node = child
                elif not greedy_step(g, player, True, self.guided, stop=past):
                    return None
            elif who == g.wakhan:
                d = self.wakhan.decide(g)
                g.apply(d.option, reason=d.reason, note=d.note)
            elif replies and g.decision == "turn" and later == 0:
                assert path is not None
                if reply is None:  # the searcher's turn ended at this node: its tree of replies starts
                    if node.replies is None:
                        node.replies = TurnNode()
                    reply = node.replies
                    path.append(reply)
                child = self._reply(g, who, reply, past)
                if child is None:
                    return None
                if child is not reply:
                    path.append(child)
                reply = child
            elif self.mixed and g.decision == "turn":
                if not self._mixed_step(g, who, past):
                    return None
            elif not greedy_step(g, who, True, plan=self.opponent_plan, stop=past):
                return None
        return g

    def _mixed_step(self, g: Game, who: int, stop: Callable[[], bool] | None = None) -> bool:
        """Another seat's turn decision in a line, drawn by its heuristic scores (:data:`MIXED`); False, with ``g``
        unchanged, once ``stop()`` is true (the line is dropped)."""
        options = g.legal_options()
        if len(options) == 1:
            g.apply(options[0])
            return True
        scores = scores_within(g, who, options, True, self.opponent_plan, False, stop)
        if scores is None:
            return False
        top = max(scores)
        weights = [math.exp((score - top) / self.mixed) for score in scores]
        g.apply(self.rng.choices(options, weights)[0])
        return True

    def _reply(self, g: Game, who: int, node: TurnNode, stop: Callable[[], bool] | None = None) -> TurnNode | None:
        """Another seat's turn decision at ``node`` of the tree of replies (:meth:`_widen`, at
        :attr:`reply_widening`, by ``who``'s heuristic scores and own rewards: its hand differs from one
        determinization to the next, so only the children legal here compete)."""
        return self._widen(g, who, node, self.reply_widening, self.opponent_plan, False, who, stop)

    def _descend(self, g: Game, player: int, node: TurnNode, stop: Callable[[], bool] | None = None) -> TurnNode | None:
        """The searcher's next turn decision at ``node`` (:meth:`_widen`, at :attr:`widening`)."""
        return self._widen(g, player, node, self.widening, self.plan, self.guided, -1, stop)

    def _widen(
        self,
        g: Game,
        who: int,
        node: TurnNode,
        widening: float,
        plan: int,
        fitted: bool,
        seat: int,
        stop: Callable[[], bool] | None = None,
    ) -> TurnNode | None:
        """``who``'s decision at ``node``, taken in ``g``: a new child (chosen by ``seat``) best-first by the
        heuristic's scores with ``plan`` while the node's visits allow one more (progressive widening at
        ``widening``), else UCB1 among the children legal here. A forced decision stays at the node. ``stop``
        (the line's deadline): the heuristic's scoring is abandoned once it is true, and None returned with
        nothing added and ``g`` unchanged (the line is dropped)."""
        options = g.legal_options()
        if len(options) == 1:
            g.apply(options[0])
            return node
        legal = [o for o in node.children if o in options]
        if len(legal) < max(1, math.ceil(widening * math.sqrt(node.visits + 1))) and len(legal) < len(options):
            scores = scores_within(g, who, options, True, plan, fitted, stop)
            if scores is None:
                return None
            fresh = [i for i in range(len(options)) if options[i] not in node.children]
            option = options[max(fresh, key=lambda i: scores[i])]
            child = node.children[option] = TurnNode(seat)
        else:
            log_n = math.log(max(1, node.visits))
            option = max(
                legal,
                key=lambda o: (
                    node.children[o].total / max(1, node.children[o].visits)
                    + self.exploration * math.sqrt(log_n / max(1, node.children[o].visits))
                ),
            )
            child = node.children[option]
        g.apply(option)
        return child


__all__ = ["SEARCH_LEVELS", "SearchBot", "TurnNode", "determinize"]
