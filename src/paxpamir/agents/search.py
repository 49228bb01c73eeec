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
from typing import TYPE_CHECKING, Any

from ..content.cards import DOMINANCE_CHECKS, OTHER_EVENTS, is_court_card, wakhan_card
from ..engine.game import Game
from .base import Decision
from .heuristic import FOLLOW_UP, HeuristicBot, player_values, score_options
from .wakhan_procedure import WakhanPlayer

if TYPE_CHECKING:
    from ..engine.steps import Option

#: Budgets by level. Iteration budgets keep the bot deterministic for a seed.
SEARCH_LEVELS: dict[str, dict[str, Any]] = {
    "fast": {"iterations": 60, "rollout_depth": 8, "root_width": 6},
    "normal": {"iterations": 200, "rollout_depth": 10, "root_width": 8},
    "strong": {"iterations": 600, "rollout_depth": 12, "root_width": 10},
}

EXPLORATION = 0.7
#: Scale of value differences (in heuristic points) that maps to a reward between 0 and 1.
REWARD_SCALE = 12.0
PILES = 6
MAX_SEED = 2**62


# ---------------------------------------------------------------------------- determinization


def _visible_cards(view: dict[str, Any], viewer: int | None) -> set[int]:
    seen: set[int] = set()
    for p, pdata in enumerate(view["players"]):
        seen.update(pdata["court"])
        seen.update(pdata["prizes"])
        if pdata.get("hand") is not None:
            seen.update(pdata["hand"])
    for row in view["market"]:
        seen.update(c for c in row if c)
    seen.update(view["discard"])
    seen.update(e["card"] for e in view["effects"])
    for step in view.get("agenda") or []:
        if step and step[0] in ("rumor", "exchange_hands", "pashtunwali", "rebuke") and len(step) > 2:
            seen.add(step[2])
    return seen


def _pile_sizes(n: int) -> list[int]:
    court = 5 + n
    return [court, court + 2] + [court + 2] * 4


def _deal_deck(view: dict[str, Any], unseen_court: list[int], unseen_events: list[int], rng: random.Random) -> list[int]:
    """A deck of the public size that respects the pile structure; takes cards from the two unseen lists."""
    n = len(view["players"])
    size = view["deck_size"]
    visible_events = sum(1 for c in _visible_cards(view, None) if c in OTHER_EVENTS)
    missing_checks = [c for c in DOMINANCE_CHECKS if c in unseen_events]
    other_unseen = [c for c in unseen_events if c not in DOMINANCE_CHECKS]
    rng.shuffle(other_unseen)
    events_in_deck = max(0, min(len(other_unseen), 6 - visible_events, size - len(missing_checks)))
    chosen_events = other_unseen[:events_in_deck]
    del unseen_events[:]
    unseen_events.extend(c for c in other_unseen[events_in_deck:])
    sizes = _pile_sizes(n)
    drawn = sum(sizes) - size
    # The remaining part of each pile, top first.
    chunks: list[list[int]] = []
    start = 0
    for s in sizes:
        left = max(0, min(s, start + s - drawn))
        chunks.append([0] * left)
        start += s
    structured = drawn >= 0 and sum(len(c) for c in chunks) == size
    if not structured:  # a hand-written position: no pile structure to keep
        chunks = [[0] * size]
    fill: list[list[int]] = [[] for _ in chunks]
    for i, dc in enumerate(DOMINANCE_CHECKS):
        if dc not in missing_checks:
            continue
        j = 2 + i if structured and chunks[2 + i] else max(range(len(chunks)), key=lambda k: len(chunks[k]))
        fill[j].append(dc)
    wanted = [0, 2, 1, 1, 1, 1] if structured else [len(chosen_events)]
    # Untouched piles get their full events; the partly drawn pile (the first non-empty) gets the rest.
    first = next((j for j, c in enumerate(chunks) if c), 0)
    events = list(chosen_events)
    for j in range(len(chunks) - 1, -1, -1):
        if j == first:
            continue
        for _ in range(min(wanted[j], len(chunks[j]) - len(fill[j]))):
            if events:
                fill[j].append(events.pop())
    while events:  # what is left goes where there is room, the partly drawn pile first
        j = next((k for k in range(len(chunks)) if len(fill[k]) < len(chunks[k])), None)
        if j is None:
            unseen_events.extend(events)
            break
        fill[j].append(events.pop())
    deck: list[int] = []
    for j, chunk in enumerate(chunks):
        cards = fill[j][: len(chunk)]
        while len(cards) < len(chunk) and unseen_court:
            cards.append(unseen_court.pop())
        rng.shuffle(cards)
        deck.extend(cards)
    return deck


def determinization_base(game: Game, viewer: int) -> dict[str, Any]:
    """The viewer's view, ready to be completed by :func:`determinize` (computed once per decision)."""
    return game.view(viewer)


def determinize(view: dict[str, Any], viewer: int, rng: random.Random) -> Game:
    """A full game consistent with ``view`` (what seat ``viewer`` sees), hidden parts sampled with ``rng``."""
    data = dict(view)
    players = [dict(p) for p in view["players"]]
    unknown_hands = [p for p, pdata in enumerate(players) if pdata.get("hand") is None]
    seen = _visible_cards(view, viewer)
    unseen = [c for c in range(1, 117) if c not in seen]
    rng.shuffle(unseen)
    unseen_court = [c for c in unseen if is_court_card(c)]
    unseen_events = [c for c in unseen if not is_court_card(c)]
    for p in unknown_hands:
        k = players[p]["hand_size"]
        players[p]["hand"] = [unseen_court.pop() for _ in range(min(k, len(unseen_court)))]
    deck = _deal_deck(view, unseen_court, unseen_events, rng)
    for p in players:
        p.pop("hand_size", None)
    data["players"] = players
    data["deck"] = deck
    data["removed"] = sorted(unseen_court + unseen_events)
    data["rng"] = rng.randrange(MAX_SEED)
    data["format"] = "paxpamir-state"
    # No history: a determinization is never undone or recorded (and copying the view's log for an
    # undo base would cost more than the search step).
    data["record"] = {"format": "paxpamir-record", "version": 1, "players": len(players), "choices": []}
    for key in ("viewer", "to_move", "decision", "deck_size", "dominance_checks_left", "rulers"):
        data.pop(key, None)
    wk = view.get("wakhan")
    if wk is not None:
        discard = list(wk["ai_discard"])
        hidden = [c for c in range(1, 25) if c not in discard]
        rng.shuffle(hidden)
        columns = tuple(wk["next_back"]["column_numbers"])
        rows = tuple(wk["next_back"]["row_side"])
        if columns:
            for i, c in enumerate(hidden):
                card = wakhan_card(c)
                if card.back_columns == columns and card.back_row_side == rows:
                    hidden.insert(0, hidden.pop(i))
                    break
        data["wakhan"] = {"seat": wk["seat"], "ai_deck": hidden, "ai_discard": discard}
    return Game.from_json(data)


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
        self.policy = HeuristicBot(seed, follow_up=False)
        self.follow = HeuristicBot(seed)
        self.wakhan = WakhanPlayer()
        self.searched = 0  # decisions searched and iterations run, for reports
        self.iterations_run = 0
        self.search_time = 0.0

    # ------------------------------------------------------------ policies

    def _policy(self, g: Game) -> Option:
        """The move in simulations: Wakhan's procedure for her seat, else the heuristic (no follow-up)."""
        if g.current_player == g.wakhan:
            return self.wakhan.choose(g)[0]
        return self.policy.choose(g)

    def _resolve(self, g: Game, depth: int = 40) -> None:
        """Take the decisions that are no tree nodes: single options, Wakhan's, and action follow-ups."""
        while depth > 0 and not g.is_over:
            if g.current_player == g.wakhan or g.decision in FOLLOW_UP:
                g.apply(self._policy(g))
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
        scores = score_options(game, player, options)
        order = sorted(range(len(options)), key=lambda i: -scores[i])
        candidates = [options[i] for i in order[: self.root_width]]
        if len(candidates) == 1:
            return Decision(candidates[0])
        view = determinization_base(game, player)
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
            g.apply(self._policy(g))
            self._resolve(g)
            steps += 1
        result = rewards(g)
        for n in path[1:]:
            n.visits += 1
            if n.player >= 0:
                n.total += result[n.player]


__all__ = ["SEARCH_LEVELS", "Node", "SearchBot", "determinize", "rewards"]
