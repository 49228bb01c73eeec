"""The search's budgets (issue 34): levels in seconds, anytime; budgets in lines, reproducible.

No assertion here depends on the machine's speed: a time budget is tested with a fake clock that moves on by a
fixed step each time it is read, so the search's reads of the clock, and so its choices, depend only on the seed.
Real latencies are measured by ``tools/bench_search.py``, not asserted.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from test_bots import _turn_position

from paxpamir.agents.determinize import determinization_base
from paxpamir.agents.heuristic import (
    FOLLOW_UP,
    PLAN_WIDTH,
    WIN_TEMPERATURE,
    HeuristicBot,
    best_after,
    fitted_chance,
    greedy_step,
    learned_chance,
    learned_chances,
    score_options,
    scored_positions,
    scores_within,
    win_chance,
)
from paxpamir.agents.registry import canonical_name, make_agent, parse_bot
from paxpamir.agents.search import (
    PLAYOUT_LINES,
    PLAYOUT_WIDTH,
    SEARCH_LEVELS,
    SearchBot,
    TurnNode,
    _turn_key,
    determinize,
    play_on,
    play_out,
)
from paxpamir.engine.errors import PamirError
from paxpamir.engine.game import Game
from paxpamir.engine.steps import Option


class FakeClock:
    """A clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_levels_are_times_and_a_number_is_lines() -> None:
    assert {level: budget["seconds"] for level, budget in SEARCH_LEVELS.items()} == {
        "fast": 0.3,
        "normal": 1.0,
        "strong": 5.0,
    }
    for name, seconds in (("search:fast", 0.3), ("search", 1.0), ("search:strong", 5.0), ("search:0.5s", 0.5)):
        bot = make_agent(name, 1)
        assert isinstance(bot, SearchBot)
        assert (bot.seconds, bot.iterations) == (seconds, None), name
    lines = make_agent("search:80", 1)
    assert isinstance(lines, SearchBot)
    assert (lines.iterations, lines.seconds) == (80, None)  # no clock in the choice: reproducible anywhere
    for bad in ("search:0", "search:-3", "search:0s", "search:infs", "search:nans", "search:quick"):
        with pytest.raises(PamirError):
            parse_bot(bad)
    assert SearchBot().seconds == SEARCH_LEVELS["normal"]["seconds"]  # no budget given: the normal level's
    with pytest.raises(ValueError):
        SearchBot(iterations=0)
    with pytest.raises(ValueError):
        SearchBot(seconds=0.0)


def test_a_time_budget_is_kept_on_the_searchs_clock() -> None:
    # On a clock that moves 0.01 ms a read (a line reads it before each option it scores), a 50 ms budget ends
    # within a few reads of its deadline, after lines.
    for players, seed in ((2, 33), (4, 41)):
        game = _turn_position(players, seed, 4)
        clock = FakeClock(0.00001)
        bot = SearchBot(seed=1, seconds=0.05, root_width=4, clock=clock)
        made = bot.decide(game)
        assert made.option in game.legal_options()
        assert bot.searched == 1 and bot.iterations_run >= 4
        assert bot.search_time <= 0.05 + 5 * clock.step, bot.search_time


def test_more_time_plays_more_lines_and_the_same_clock_the_same_decision() -> None:
    game = _turn_position(2, 36, 4)
    runs = []
    for seconds in (0.02, 0.02, 0.2):
        bot = SearchBot(seed=3, seconds=seconds, root_width=4, clock=FakeClock(0.0001))
        runs.append((bot.decide(game), bot.iterations_run))
    assert runs[0] == runs[1]  # same seed, same reads of the clock: same decision, same lines
    assert runs[2][1] > 2 * runs[0][1]


def test_the_time_is_spread_over_the_rounds_of_halving() -> None:
    # Four candidates, two rounds: the first half of the time plays all four in the same determinizations, the
    # second only the better two (in the same time: twice the determinizations).
    game = _turn_position(2, 31, 4)
    bot = SearchBot(seed=2, seconds=0.1, root_width=4, clock=FakeClock(0.00001))
    made = bot.decide(game)
    lines = sorted(bot.last_lines.values())
    assert len(lines) == 4 and lines[0] == lines[1] > 0 and lines[2] == lines[3] > 2 * lines[0], bot.last_lines
    assert bot.last_lines[made.option] == lines[3] and sum(lines) == bot.iterations_run


def test_out_of_time_at_once_the_heuristics_first_choice() -> None:
    # A budget spent before the first line: the search returns the heuristic's best candidate, with no line.
    game = _turn_position(2, 52, 4)
    seat = game.current_player
    assert seat is not None
    options = game.legal_options()
    world = determinize(game.view(seat), seat, random.Random(2))  # the bot's first determinization
    scores = score_options(world, seat, options, True, PLAN_WIDTH)
    bot = SearchBot(seed=2, seconds=0.001, clock=FakeClock(0.01))
    made = bot.decide(game)
    assert bot.iterations_run == 0 and str(made.reason).startswith("search: 0 lines")
    assert scores[options.index(made.option)] == max(scores)


def test_a_line_stops_at_the_deadline() -> None:
    game = _turn_position(4, 44, 3)
    seat = game.current_player
    assert seat is not None
    world = determinize(game.view(seat), seat, random.Random(3))
    bot = SearchBot(seed=5, iterations=8)
    option = game.legal_options()[0]
    assert bot.play_line(world, seat, option, deadline=-math.inf) is None
    end = bot.play_line(world, seat, option, deadline=math.inf)
    assert end is not None and (end.is_over or end.current_player == seat)


def test_a_line_budget_never_reads_the_clock_for_its_choice() -> None:
    # The same seed and line budget make the same decision whatever the clock says (another machine, build, load).
    game = _turn_position(4, 41, 5)
    made = []
    for clock in (FakeClock(0.0001), FakeClock(100.0), random.Random(9).random):
        bot = SearchBot(seed=6, iterations=24, root_width=4, clock=clock)
        made.append((bot.decide(game), bot.iterations_run))
    assert made[0] == made[1] == made[2] and made[0][1] == 24


def test_the_turn_plan_within_a_time_limit_is_the_heuristics_own_plan_or_a_part_of_it() -> None:
    # With time enough, the plan made best-first scores every option as score_options' own plan does;
    # with none, the options keep their one-action scores.
    for players, seed in ((2, 31), (4, 41), (5, 44)):
        game = _turn_position(players, seed, 8)
        seat = game.current_player
        assert seat is not None
        options = game.legal_options()
        world = determinize(game.view(seat), seat, random.Random(4))
        bot = SearchBot(seed=1, seconds=1.0, clock=FakeClock(0.001))
        assert bot._planned_scores(world, seat, options, math.inf) == score_options(
            world, seat, options, True, PLAN_WIDTH
        )
        assert bot._planned_scores(world, seat, options, -math.inf) == score_options(world, seat, options, True)


def test_the_turn_plan_stops_when_told_best_first() -> None:
    # score_options plans its best options first while stop() is false: told to stop at once, every option
    # keeps its one-action score; never told, the plan is the whole plan; stopped after some reads, the options
    # planned are a prefix of the best-first order and the rest keep their one-action scores.
    game = _turn_position(2, 31, 8)
    seat = game.current_player
    assert seat is not None
    options = game.legal_options()
    plain = score_options(game, seat, options, True)
    planned = score_options(game, seat, options, True, PLAN_WIDTH)
    assert planned != plain
    assert score_options(game, seat, options, True, PLAN_WIDTH, stop=lambda: True) == plain
    assert score_options(game, seat, options, True, PLAN_WIDTH, stop=lambda: False) == planned
    reads = [0]

    def after_three() -> bool:
        reads[0] += 1
        return reads[0] > 3

    cut = score_options(game, seat, options, True, PLAN_WIDTH, stop=after_three)
    assert cut != planned and any(c != p for c, p in zip(cut, plain, strict=True))
    order = sorted(range(len(options)), key=lambda i: -plain[i])
    changed = [n for n, i in enumerate(order) if cut[i] != plain[i]]
    assert (
        changed
        and max(changed) < PLAN_WIDTH
        and all(cut[order[n]] == plain[order[n]] for n in range(max(changed) + 1, len(order)))
    )


def test_a_new_node_of_the_searchers_turn_is_planned_only_until_the_deadline() -> None:
    # Where a line first reaches a decision of the searcher's own turn, the option it tries is the heuristic's
    # best by its turn plan. The deadline may come at any read of the clock while the options are scored one action
    # ahead (their follow-ups included) or planned: the node is then left as it was, the game too, and the line is
    # dropped (None).
    for players, seed in ((2, 31), (4, 41), (5, 44), (2, 7), (3, 12)):
        game = _turn_position(players, seed, 8)
        seat = game.current_player
        assert seat is not None
        options = game.legal_options()
        plain = score_options(game, seat, options, True)
        planned = score_options(game, seat, options, True, PLAN_WIDTH)
        by_plain, by_plan = options[plain.index(max(plain))], options[planned.index(max(planned))]
        if by_plain == by_plan:
            continue
        bot = SearchBot(seed=1, seconds=1.0, clock=FakeClock(0.001))
        reads, counted = _counting()
        tried = {}
        for name, stop in (("never", None), ("not yet", counted)):
            node = TurnNode()
            assert bot._widen(game.clone(), seat, node, 0.0, PLAN_WIDTH, False, -1, stop) is not None
            tried[name] = next(iter(node.children))
        assert tried["never"] == tried["not yet"] == by_plan
        assert reads[0] > 2 * len(options)  # read inside the follow-ups and the plan too
        for cut in (0, 1, len(options) - 1, len(options) + 1, reads[0] // 2, reads[0] - 1):
            node, before = TurnNode(), game.clone()
            assert bot._widen(before, seat, node, 0.0, PLAN_WIDTH, False, -1, _after_reads(cut)) is None
            assert not node.children and before.state_hash() == game.state_hash()
        return
    raise AssertionError("no position where the plan changes the heuristic's first choice")


def _counting() -> tuple[list[int], Callable[[], bool]]:
    """A deadline never reached, and the count of its reads."""
    reads = [0]

    def stop() -> bool:
        reads[0] += 1
        return False

    return reads, stop


def _after_reads(reads: int) -> Callable[[], bool]:
    """A deadline reached at the read after the first ``reads``."""
    count = [0]

    def stop() -> bool:
        count[0] += 1
        return count[0] > reads

    return stop


def test_a_step_of_the_heuristic_is_abandoned_at_the_deadline() -> None:
    # Inside a line a step of the heuristic asks the deadline before scoring each option and, in each option's
    # greedy follow-up, before each option looked at there: once it is reached the step is abandoned, the game left
    # as it was; never reached, it is the heuristic's step.
    game = _turn_position(4, 41, 8)
    seat = game.current_player
    assert seat is not None
    options = game.legal_options()
    assert len(options) > 2
    assert scores_within(game, seat, options, True, stop=lambda: False) == score_options(game, seat, options, True)
    reads, counted = _counting()
    assert scores_within(game, seat, options, True, stop=counted) is not None
    assert reads[0] > len(options) + 1  # asked inside the options' follow-ups too, and after the last
    for cut in (0, 1, len(options) - 1, len(options) + 1, reads[0] // 2, reads[0] - 1):
        assert scores_within(game, seat, options, True, stop=_after_reads(cut)) is None
    for cut in (0, 1, len(options) - 1):
        g = game.clone()
        assert greedy_step(g, seat, True, stop=_after_reads(cut)) is False
        assert g.state_hash() == game.state_hash()
    stepped, heuristic = game.clone(), game.clone()
    assert greedy_step(stepped, seat, True, stop=lambda: False) is True
    greedy_step(heuristic, seat, True)
    assert stepped.state_hash() == heuristic.state_hash() != game.state_hash()


def test_a_line_ends_at_its_deadline_even_inside_a_step() -> None:
    # The clock is read before each decision of a line and before each option a step scores: a line whose
    # deadline comes at any of those reads is dropped there, without another step, and its world is untouched.
    game = _turn_position(4, 44, 3)
    seat = game.current_player
    assert seat is not None
    world = determinize(game.view(seat), seat, random.Random(3))
    before = world.state_hash()
    option = game.legal_options()[0]
    whole = FakeClock(1.0)
    assert SearchBot(seed=5, iterations=8, clock=whole).play_line(world, seat, option, deadline=math.inf)
    ended = SearchBot(seed=5, iterations=8).play_line(world, seat, option)
    assert ended is not None
    decisions = len(ended.record()["choices"]) - len(world.record()["choices"])
    # Read before each option of a step too, not only at the line's decisions (and its own turn's plan): here
    # 112 reads in 17 decisions, where reads at the decisions and the plan alone come to 43.
    assert whole.now > 4 * decisions
    for deadline in (3.0, 10.0, whole.now / 2, whole.now - 1):
        clock = FakeClock(1.0)
        assert SearchBot(seed=5, iterations=8, clock=clock).play_line(world, seat, option, deadline=deadline) is None
        assert deadline <= clock.now <= deadline + 3
    assert world.state_hash() == before


def _nodes(node: TurnNode) -> list[TurnNode]:
    return [node, *(n for child in node.children.values() for n in _nodes(child))]


@pytest.mark.parametrize("widening", [0.0, 0.5])
def test_each_line_counts_once_in_the_tree_of_the_searchers_turn(widening: float) -> None:
    # A line passes each node of its path once: a forced decision (one legal option) stays at its node and is
    # not counted there a second time, so no node's children have more visits than the node.
    game = _turn_position(2, 31, 4)
    bot = SearchBot(seed=2, iterations=120, root_width=4, widening=widening)
    bot.decide(game)
    for option, tree in bot.last_trees.items():
        assert tree.visits == bot.last_lines[option]
        for node in _nodes(tree):
            assert sum(child.visits for child in node.children.values()) <= node.visits


def test_the_levels_follow_the_heuristic_through_the_rest_of_the_turn() -> None:
    # Widening 0: one continuation a node (the heuristic's best where the first reached it), so a candidate is
    # valued by its best continuation, not by the mean over continuations tried; 0.5 widens as visits grow.
    assert all(level["widening"] == 0.0 for level in SEARCH_LEVELS.values())
    game = _turn_position(2, 31, 4)
    widths = {}
    for widening in (0.0, 0.5):
        bot = SearchBot(seed=2, iterations=120, root_width=4, widening=widening)
        bot.decide(game)
        widths[widening] = max(len(n.children) for tree in bot.last_trees.values() for n in _nodes(tree))
    assert widths == {0.0: 1, 0.5: 4}
    assert SearchBot().widening == 0.0  # built directly (as the review builds it), the search plays as its levels


def test_settings_joined_by_commas_name_a_search_for_experiments() -> None:
    # A named level is the base (normal when none is named); lines or seconds, candidates and widening change it.
    def settings(name: str) -> tuple[int | None, float | None, int, float]:
        bot = make_agent(name, 1)
        assert isinstance(bot, SearchBot)
        return bot.iterations, bot.seconds, bot.root_width, bot.widening

    assert settings("search:w0.5") == (None, 1.0, 4, 0.5)  # the normal level with the widening tree of before
    assert settings("search:strong,w0.5") == (None, 5.0, 8, 0.5)
    assert settings("search:fast, 300") == (300, None, 4, 0.0)  # a budget in lines replaces the level's time
    assert settings("search:c8,2s,w0.25") == (None, 2.0, 8, 0.25)
    old = make_agent("search:w0.5,p0", 1)  # the search before its continuation was planned and kept
    assert isinstance(old, SearchBot) and (old.widening, old.plan, old.seconds) == (0.5, 0, 1.0)
    assert make_agent("search", 1).plan == SearchBot().plan == PLAN_WIDTH  # the heuristic bot's turn plan
    assert canonical_name("Search:Fast, 300") == "search:fast,300"
    for bad in ("search:w-1", "search:wnan", "search:c0", "search:c33", "search:1s,2s", "search:fast,strong",
                "search:1s,", "search:c8,z", "search:p-1", "search:p33", "search:p1.5", "search:p0,p2"):
        with pytest.raises(PamirError, match="settings joined by commas"):
            parse_bot(bad)


def _line_start(players: int, seed: int) -> tuple[Game, int, Option]:
    """A determinization of a seat's view at a turn decision of a game of heuristic bots, that seat, and its first
    option: where a line starts."""
    game = _turn_position(players, seed, 4)
    seat = game.current_player
    assert seat is not None
    world = determinize(game.view(seat), seat, random.Random(1))
    return world, seat, world.legal_options()[0]


def _line_end(world: Game, seat: int, first: Option, **settings: int) -> Game:
    """Where a line of a search with these settings, from ``first`` in ``world``, ends (before the game's end)."""
    line = SearchBot(seed=1, iterations=10, **settings).play_line(world, seat, first)  # type: ignore[arg-type]
    assert line is not None and not line.is_over
    return line


def test_a_horizon_ends_lines_after_the_next_seats_turns() -> None:
    # With four players a line runs to the searcher's next turn: three other turns (the turn counter moves on by
    # four). With horizon 1 it ends where the turn after the next seat's begins; with two players both are the same.
    world, seat, first = _line_start(4, 41)
    ends = {h: _line_end(world, seat, first, horizon=h).turn - world.turn for h in (0, 1, 2)}
    assert ends == {0: 4, 1: 2, 2: 3}
    two = _turn_position(2, 31, 4)
    choices = {h: SearchBot(seed=2, iterations=24, root_width=4, horizon=h).decide(two).option for h in (0, 1)}
    assert choices[0] == choices[1]
    bot = make_agent("search:h1", 1)
    assert isinstance(bot, SearchBot) and (bot.horizon, bot.seconds) == (1, 1.0)
    assert make_agent("search", 1).horizon == SearchBot().horizon == 0  # the levels play to their next turn
    for bad in ("search:h-1", "search:h9", "search:h1.5", "search:h1,h2", "search:h"):
        with pytest.raises(PamirError, match="settings joined by commas"):
            parse_bot(bad)
    with pytest.raises(ValueError, match="horizon is a whole number"):
        SearchBot(seed=1, iterations=10, horizon=-1)


def test_depth_two_plays_lines_through_the_searchers_next_turn() -> None:
    # With two players a line of depth 1 ends where the searcher's next turn starts (the turn counter two on); one
    # of depth 2 plays that turn and the other seat's next, and ends where the searcher's turn after it starts (four
    # on), with the searcher to decide there, at its turn's first decision.
    world, seat, first = _line_start(2, 31)
    lines = {depth: _line_end(world, seat, first, depth=depth) for depth in (1, 2, 3)}
    assert all((line.current_player, line.decision) == (seat, "turn") for line in lines.values())
    assert {depth: line.turn - world.turn for depth, line in lines.items()} == {1: 2, 2: 4, 3: 6}
    bot = make_agent("search:d2", 1)
    assert isinstance(bot, SearchBot) and (bot.depth, bot.seconds, bot.root_width) == (2, 1.0, 4)
    assert make_agent("search", 1).depth == SearchBot().depth == 1  # the levels play to their next turn
    for bad in ("search:d0", "search:d5", "search:d1.5", "search:d1,d2", "search:d", "search:d-1"):
        with pytest.raises(PamirError, match="settings joined by commas"):
            parse_bot(bad)
    with pytest.raises(ValueError, match="depth is a whole number"):
        SearchBot(seed=1, iterations=10, depth=0)


def test_the_other_seats_can_plan_their_turns_in_the_lines() -> None:
    # With o2 every other seat's turn decision in a line is the heuristic's turn plan over its two best options:
    # replayed, each one is the best by score_options with plan 2, and in these lines some of them differ from
    # the one-action lookahead that the levels give the other seats.
    for players, seed in ((2, 30), (4, 31)):
        world, seat, first = _line_start(players, seed)
        line = _line_end(world, seat, first, opponent_plan=2)
        replay = world.clone()
        checked = differs = 0
        for who, option, *_ in line.choices()[len(world.choices()) :]:
            if who != seat and replay.decision == "turn":
                options = replay.legal_options()
                planned = score_options(replay, who, options, True, 2)
                one = score_options(replay, who, options, True)
                best = max(range(len(options)), key=lambda i: planned[i])
                assert options[best] == option
                checked += 1
                differs += max(range(len(options)), key=lambda i: one[i]) != best
            replay.apply(option)
        assert replay.state_hash() == line.state_hash()
        assert checked >= 3 and differs >= 1
    bot = make_agent("search:o2", 1)
    assert isinstance(bot, SearchBot) and (bot.opponent_plan, bot.seconds, bot.root_width) == (2, 1.0, 4)
    assert make_agent("search", 1).opponent_plan == SearchBot().opponent_plan == 0
    for bad in ("search:o-1", "search:o33", "search:o1.5", "search:o1,o2", "search:o"):
        with pytest.raises(PamirError, match="settings joined by commas"):
            parse_bot(bad)
    with pytest.raises(ValueError, match="opponent_plan is a whole number"):
        SearchBot(seed=1, iterations=10, opponent_plan=-1)


def test_the_other_seats_replies_can_be_searched_in_the_lines() -> None:
    # With r1 the other seat's turn decisions in a searched line go down a tree of replies shared by every line of
    # the candidate: its first child is the heuristic's reply (what the levels play), more are added as visits grow,
    # and each holds the replying seat's own rewards, not the searcher's. Lines played without a tree (a review's)
    # keep the heuristic's replies.
    world, seat, first = _line_start(2, 30)
    other = 1 - seat
    bot = SearchBot(seed=1, iterations=10, reply_widening=1.0)
    root = TurnNode()
    for _ in range(12):
        assert bot._line(world, seat, first, root) is not None
    replies = root.replies
    while replies is None:  # the searcher's turn continues below the candidate: its tree of replies hangs at the end
        (root,) = root.children.values()
        replies = root.replies
    assert replies.visits == 12 and len(replies.children) >= 3
    plain = bot.play_line(world, seat, first)  # no tree: the heuristic's replies
    assert plain is not None and plain.state_hash() == SearchBot(seed=1, iterations=10).play_line(
        world, seat, first
    ).state_hash()  # type: ignore[union-attr]
    replay = world.clone()
    for who, option, *_ in plain.choices()[len(world.choices()) :]:
        if who == other and replay.decision == "turn":
            assert next(iter(replies.children)) == option  # the first reply tried is the heuristic's
            break
        replay.apply(option)
    else:
        raise AssertionError("the other seat had no turn decision in the line")
    for child in replies.children.values():
        assert child.seat == other and child.visits >= 1 and 0 < child.total / child.visits < 1
    # Its rewards are the other seat's: with two players, near the rest of the searcher's chance (each seat's values
    # are its own view of the position, so not exactly), far from the searcher's own.
    assert sum(c.visits for c in replies.children.values()) == replies.visits
    theirs = sum(c.total for c in replies.children.values())
    assert abs(theirs - (replies.visits - replies.total)) < 0.2 * abs(theirs - replies.total)
    r = make_agent("search:r0.5", 1)
    assert isinstance(r, SearchBot) and (r.reply_widening, r.seconds, r.root_width) == (0.5, 1.0, 4)
    assert make_agent("search", 1).reply_widening == SearchBot().reply_widening == 0.0
    for bad in ("search:r-1", "search:rinf", "search:r", "search:r1,r2"):
        with pytest.raises(PamirError, match="settings joined by commas"):
            parse_bot(bad)
    with pytest.raises(ValueError, match="reply_widening is 0 or more"):
        SearchBot(seed=1, iterations=10, reply_widening=-1.0)


def test_the_temperature_of_the_reward_is_a_setting() -> None:
    # A line is scored by win_chance at the bot's temperature: the heuristic's own by default (the levels), any
    # positive number by the setting tX. A hotter reward is flatter: the same line's value lies nearer an even share.
    world, seat, first = _line_start(4, 41)
    values = {}
    for temperature in (12.0, 36.0):
        bot = SearchBot(seed=1, iterations=10, temperature=temperature)
        values[temperature] = bot._line(world, seat, first, TurnNode())
    assert values[12.0] is not None and values[36.0] is not None
    assert abs(values[36.0] - 0.25) < abs(values[12.0] - 0.25)
    assert make_agent("search", 1).temperature == SearchBot().temperature == WIN_TEMPERATURE
    hot = make_agent("search:t36,w0.5", 1)
    assert isinstance(hot, SearchBot) and (hot.temperature, hot.widening, hot.seconds) == (36.0, 0.5, 1.0)
    for bad in ("search:t0", "search:t-3", "search:tinf", "search:tnan", "search:t", "search:t12,t36"):
        with pytest.raises(PamirError, match="settings joined by commas"):
            parse_bot(bad)
    with pytest.raises(ValueError, match="temperature is a positive number"):
        SearchBot(seed=1, iterations=10, temperature=0.0)


def test_the_reward_may_be_the_evaluation_fitted_to_who_won() -> None:
    # search:f scores a line by fitted_chance (the weights fitted to 4-player arena games), not by win_chance.
    world, seat, first = _line_start(4, 41)
    end = _line_end(world, seat, first)
    value = SearchBot(seed=1, iterations=10, fitted=True)._line(world, seat, first, TurnNode())
    assert value == pytest.approx(fitted_chance(end, seat))
    assert value != pytest.approx(win_chance(end, seat))
    bot = make_agent("search:f", 1)
    assert isinstance(bot, SearchBot) and (bot.fitted, bot.seconds) == (True, 1.0)
    assert make_agent("search", 1).fitted is SearchBot().fitted is False  # the levels keep the heuristic's
    for bad in ("search:f,f", "search:f1", "search:ff"):
        with pytest.raises(PamirError, match="f the fitted reward"):
            parse_bot(bad)
    # Compiled, a fitted that is no bool is a TypeError on the call; pure, a ValueError from the constructor.
    with pytest.raises((TypeError, ValueError), match="fitted is True or False|bool"):
        SearchBot(seed=1, iterations=10, fitted="yes")  # type: ignore[arg-type]


def test_the_reward_may_be_learned_from_who_won_two_and_four_player_games() -> None:
    # search:l scores a line by learned_chance (boosted trees fitted to who won two-player games); search:l1 only
    # where the line ends with at most one Dominance Check left, by the heuristic's chance before.
    world, seat, first = _line_start(2, 41)
    end = _line_end(world, seat, first)
    assert end.dominance_checks_left() > 1
    learned = SearchBot(seed=1, iterations=10, learned=4)._line(world, seat, first, TurnNode())
    assert learned == pytest.approx(learned_chance(end, seat)) and learned != pytest.approx(win_chance(end, seat))
    early = SearchBot(seed=1, iterations=10, learned=1)._line(world, seat, first, TurnNode())
    assert early == pytest.approx(win_chance(end, seat))
    late = world.clone()
    late.deck[:] = late.deck[-6:]  # the last pile: its Dominance Check is the last one
    end = _line_end(late, seat, first)
    assert end.dominance_checks_left() == 1
    value = SearchBot(seed=1, iterations=10, learned=1)._line(late, seat, first, TurnNode())
    assert value == pytest.approx(learned_chance(end, seat)) != pytest.approx(win_chance(end, seat))
    assert [make_agent(name, 1).learned for name in ("search:l", "search:l1", "search:l0", "search")] == [4, 1, 0, 0]  # type: ignore[attr-defined]
    # With four players, by the trees fitted to who won four-player games: the seat's share of the four chances.
    world, seat, first = _line_start(4, 41)
    end = _line_end(world, seat, first)
    learned = SearchBot(seed=1, iterations=10, learned=4)._line(world, seat, first, TurnNode())
    assert learned == pytest.approx(learned_chances(end, seat)[seat]) == pytest.approx(learned_chance(end, seat))
    assert learned != pytest.approx(win_chance(end, seat)) and learned != pytest.approx(fitted_chance(end, seat))
    for bad in ("search:l,l", "search:l5", "search:ll", "search:l,l1"):
        with pytest.raises(PamirError, match="l the learned reward"):
            parse_bot(bad)
    for wrong in (5, -1, "yes", True):
        with pytest.raises((TypeError, ValueError), match="learned is a number of Dominance Checks left|int"):
            SearchBot(seed=1, iterations=10, learned=wrong)  # type: ignore[arg-type]


def test_a_line_may_be_scored_after_the_searchers_best_action_at_its_next_turn() -> None:
    # search:a: where a line reaches the start of the searcher's next turn, the heuristic's best action there (its
    # one-action lookahead, follow-ups finished) is played before the line is scored: what it can do next counts.
    world, seat, first = _line_start(2, 41)
    start = _line_end(world, seat, first)
    assert (start.current_player, start.decision) == (seat, "turn")
    options = start.legal_options()
    scores = score_options(start, seat, options)
    best = options[max(range(len(options)), key=lambda i: scores[i])]
    after = best_after(start, seat)
    assert after is not None and after is not start
    assert after.choices()[len(start.choices())][:2] == (seat, best)  # the best option, then its follow-ups
    assert not (after.current_player == seat and after.decision in FOLLOW_UP)
    ahead = SearchBot(seed=1, iterations=10, next_action=True)
    end = ahead.play_line(world, seat, first)
    assert end is not None and end.state_hash() == after.state_hash()
    value = ahead._line(world, seat, first, TurnNode())
    assert value == pytest.approx(win_chance(after, seat)) != pytest.approx(win_chance(start, seat))
    # At the deadline the line is dropped, as everywhere else in it.
    assert best_after(start, seat, stop=lambda: True) is None
    assert [make_agent(name, 1).next_action for name in ("search:a", "search:a0", "search")] == [True, False, False]  # type: ignore[attr-defined]
    for bad in ("search:a,a", "search:a2", "search:aa", "search:a,a0"):
        with pytest.raises(PamirError, match="a lines scored after its best action"):
            parse_bot(bad)
    with pytest.raises((TypeError, ValueError), match="next_action is True or False|bool"):
        SearchBot(seed=1, iterations=10, next_action=1)  # type: ignore[arg-type]


def test_late_in_the_game_lines_may_be_played_to_its_end() -> None:
    # search:e1: once one Dominance Check (or none) is left where the search starts, a line goes on past the
    # searcher's next turn to the end of the game, and its reward is who won there; earlier, lines end as before.
    world, seat, first = _line_start(2, 41)
    assert world.dominance_checks_left() > 1
    finishing = SearchBot(seed=1, iterations=10, finish=1)
    early = finishing.play_line(world, seat, first)
    assert early is not None and early.state_hash() == _line_end(world, seat, first).state_hash()
    late = world.clone()
    late.deck[:] = late.deck[-6:]  # the last pile: its Dominance Check is the last one
    assert late.dominance_checks_left() == 1
    assert _line_end(late, seat, first).turn == late.turn + 2  # without the setting: to the searcher's next turn
    end = finishing.play_line(late, seat, first)
    assert end is not None and end.is_over and end.turn > late.turn + 2
    value = finishing._line(late, seat, first, TurnNode())
    assert value in (0.0, 1.0) and value == win_chance(end, seat)
    names = ("search:e1", "search:e2", "search:e", "search:e0", "search")
    assert [make_agent(name, 1).finish for name in names] == [1, 2, 4, 0, 0]  # type: ignore[attr-defined]
    for bad in ("search:e,e", "search:e5", "search:ee", "search:e1,e2"):
        with pytest.raises(PamirError, match="e1 lines to the end of the game"):
            parse_bot(bad)
    for wrong in (5, -1, "yes", 1.5, True):
        with pytest.raises((TypeError, ValueError), match="finish is a number of Dominance Checks left|int"):
            SearchBot(seed=1, iterations=10, finish=wrong)  # type: ignore[arg-type]


def test_the_other_seats_replies_in_its_lines_may_be_drawn_by_their_scores() -> None:
    # search:m1: the other seat's turn decisions in a line are drawn with weights exp(-behind), behind its best by
    # the heuristic's scores; the same line from the same determinization then ends in different positions, where
    # the levels' lines (the heuristic's best reply) all end in one.
    world, seat, first = _line_start(2, 41)
    plain = SearchBot(seed=1, iterations=10)
    mixed = SearchBot(seed=1, iterations=10, mixed=1.0)

    def ends(bot: SearchBot) -> set[str]:
        lines = [bot.play_line(world, seat, first) for _ in range(12)]
        return {line.state_hash() for line in lines if line is not None}

    assert ends(plain) == {_line_end(world, seat, first).state_hash()}
    assert len(ends(mixed)) > 1
    bot = make_agent("search:m1,c3", 1)
    assert isinstance(bot, SearchBot) and (bot.mixed, bot.root_width, bot.seconds) == (1.0, 3, 1.0)
    assert make_agent("search", 1).mixed == make_agent("search:m0", 1).mixed == 0.0  # type: ignore[attr-defined]
    for bad in ("search:m", "search:m-1", "search:minf", "search:mnan", "search:m1,m2", "search:mx"):
        with pytest.raises(PamirError, match="m1 the other seats' replies"):
            parse_bot(bad)
    with pytest.raises(ValueError, match="mixed is 0 or more"):
        SearchBot(seed=1, iterations=10, mixed=-1.0)


def _choice_with(game: Game, **settings: float) -> tuple[Option, list[Option]]:
    """The choice of a 48-line search with ``settings`` at ``game``, and its candidates best-first by the heuristic."""
    bot = SearchBot(seed=1, iterations=48, root_width=4, **settings)  # type: ignore[arg-type]
    return bot.decide(game).option, list(bot.last_lines)


def test_the_heuristics_score_may_keep_a_share_of_a_candidates_value() -> None:
    # search:q0.3: a candidate's value is 0.3 of the reward of the heuristic's score and 0.7 of the mean of its
    # lines, however many there are; the levels count the score as two lines, which many lines outweigh. In this
    # position the levels' lines prefer the heuristic's second candidate; with nearly all the weight on the
    # heuristic's score the search keeps its first, and with little weight it follows the lines as the levels do.
    game = _turn_position(2, 41, 4)
    first, ranked = _choice_with(game)
    assert first != ranked[0]
    assert _choice_with(game, prior_share=0.99) == (ranked[0], ranked)
    assert _choice_with(game, prior_share=0.05)[0] == first
    light = SearchBot(seed=1, iterations=48, root_width=4, prior_share=0.05)
    assert light._shared_value(3.0, 4, 0.0) == pytest.approx(0.05 * 0.5 + 0.95 * 0.75)
    assert light._shared_value(0.0, 0, -12.0) == pytest.approx(1 / (1 + math.e))  # no lines: the score alone
    bot = make_agent("search:q0.3,c3", 1)
    assert isinstance(bot, SearchBot) and (bot.prior_share, bot.root_width, bot.seconds) == (0.3, 3, 1.0)
    assert make_agent("search", 1).prior_share == make_agent("search:q0", 1).prior_share == 0.0  # type: ignore[attr-defined]
    for bad in ("search:q", "search:q1", "search:q-0.1", "search:qnan", "search:q0.3,q0.5", "search:qx"):
        with pytest.raises(PamirError, match="q0.3 the heuristic's score as that share"):
            parse_bot(bad)
    for wrong in (1.0, -0.5, math.nan):
        with pytest.raises(ValueError, match="prior_share is a share"):
            SearchBot(seed=1, iterations=10, prior_share=wrong)


def test_the_heuristics_score_may_count_as_more_lines() -> None:
    # search:v30: the heuristic's score of a candidate counts as 30 lines rather than the levels' 2, so that a few
    # lines (the pure build, four players, the fast level) do not overturn its plan, while many still can. In the
    # position above the levels' 48 lines prefer the heuristic's second candidate; counted as 1,000 lines, its score
    # keeps the first.
    game = _turn_position(2, 41, 4)
    chosen, ranked = _choice_with(game)
    assert chosen != ranked[0]
    assert _choice_with(game, prior_lines=1000.0)[0] == ranked[0]
    assert _choice_with(game, prior_lines=0.0)[0] == chosen
    assert make_agent("search:fast,v30", 1).prior_lines == 30.0  # type: ignore[attr-defined]
    assert make_agent("search", 1).prior_lines == 2.0  # type: ignore[attr-defined]
    for bad in ("search:v", "search:v-1", "search:vinf", "search:vnan", "search:v3,v4", "search:vx"):
        with pytest.raises(PamirError, match="v30 the heuristic's score counted as that many lines"):
            parse_bot(bad)
    for wrong in (-1.0, math.inf, math.nan):
        with pytest.raises(ValueError, match="prior_lines is a number of lines"):
            SearchBot(seed=1, iterations=10, prior_lines=wrong)


def test_its_own_choices_may_be_guided_by_the_fitted_evaluation() -> None:
    # search:g ranks its candidates as heuristic:fitted would (score_options with fitted_value), in the same
    # determinization its first draw makes; in this 4-player position they differ from the heuristic's.
    game = _turn_position(4, 43, 6)
    seat = game.current_player
    assert seat is not None
    options = game.legal_options()

    def candidates(fitted: bool) -> list[object]:
        first = determinize(determinization_base(game, seat), seat, random.Random(1))
        scores = score_options(first, seat, options, True, PLAN_WIDTH, fitted=fitted)
        return [options[i] for i in sorted(range(len(options)), key=lambda i: -scores[i])][:4]

    guided = SearchBot(seed=1, iterations=12, root_width=4, guided=True)
    guided.decide(game)
    plain = SearchBot(seed=1, iterations=12, root_width=4)
    plain.decide(game)
    assert list(guided.last_lines) == candidates(True) != candidates(False) == list(plain.last_lines)
    bot = make_agent("search:g,f", 1)
    assert isinstance(bot, SearchBot) and (bot.guided, bot.fitted, bot.seconds) == (True, True, 1.0)
    assert make_agent("search", 1).guided is SearchBot().guided is False
    for bad in ("search:g,g", "search:g1", "search:gg"):
        with pytest.raises(PamirError, match="g its own choices"):
            parse_bot(bad)
    with pytest.raises((TypeError, ValueError), match="guided is True or False|bool"):
        SearchBot(seed=1, iterations=10, guided=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("plan", [-1, 1.5, "4"])
def test_a_plan_that_is_not_a_whole_number_of_zero_or_more_is_refused(plan: object) -> None:
    # The compiled build refuses a plan that is no int at the call (TypeError), the pure build in the constructor.
    with pytest.raises((TypeError, ValueError), match="plan|int"):
        SearchBot(seed=1, iterations=10, plan=plan)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="plan is a whole number"):
        SearchBot(seed=1, iterations=10, plan=-1)


@pytest.mark.parametrize("widening", [-0.1, math.inf, math.nan])
def test_a_widening_that_is_not_a_number_of_zero_or_more_is_refused(widening: float) -> None:
    with pytest.raises(ValueError, match="widening"):
        SearchBot(seed=1, iterations=10, widening=widening)


def _follow_up_position(kinds: frozenset[str], seed: int, scores_differ: bool) -> Game:
    """A position of a 2-player game of heuristic bots where a seat continues its action with a decision of one of
    ``kinds`` and has two options or more, which the heuristic's one-action lookahead scores differently or not."""
    game = Game.new(players=2, seed=seed)
    bots = [make_agent("heuristic", seed + i) for i in range(2)]
    while not game.is_over:
        options = game.legal_options()
        if game.decision in kinds and len(options) > 1:
            seat = game.current_player
            assert seat is not None
            scores = score_options(determinize(game.view(seat), seat, random.Random(1)), seat, options, True)
            if (max(scores) - min(scores) > 1e-9) == scores_differ:
                return game
        game.apply(bots[game.current_player or 0].decide(game).option)
    raise AssertionError(f"no decision of {sorted(kinds)} in the game of seed {seed}")


def test_the_follow_ups_of_its_actions_can_be_searched_with_a_share_of_the_budget() -> None:
    # The levels leave where to tax, build, move or battle to the heuristic; with u0.5 such a decision is searched
    # like any other, with half the budget: 20 lines of a budget of 40 (what its rounds of halving can share out of
    # them), or half the seconds on the search's clock.
    game = _follow_up_position(frozenset({"tax", "build", "move", "battle", "place_road", "place_spy"}), 50, True)
    seat = game.current_player
    level = SearchBot(seed=1, iterations=40)
    made = level.decide(game)
    assert made.reason is None and level.searched == 0  # the levels: the heuristic's choice, unsearched
    assert made.option == HeuristicBot(1, plan=0, reply=0).decide(game).option
    bot = SearchBot(seed=1, iterations=40, follow_ups=0.5)
    searched = bot.decide(game)
    assert searched.option in game.legal_options() and bot.searched == 1 and 15 <= bot.iterations_run <= 20
    assert searched.reason is not None and searched.reason.startswith(f"search: {bot.iterations_run} lines")
    clock = FakeClock(0.0001)
    timed = SearchBot(seed=1, seconds=0.05, follow_ups=0.5, clock=clock)
    timed.decide(game)
    assert timed.searched == 1 and timed.iterations_run >= 2
    assert timed.search_time <= 0.025 + 5 * clock.step, timed.search_time
    assert game.current_player == seat  # deciding changed nothing
    # Where the heuristic's scores cannot tell the options apart (the side of the court a card goes to, pieces that
    # all get placed by the end of the action), no search.
    side = _follow_up_position(frozenset({"side", "build"}), 51, False)
    bot = SearchBot(seed=1, iterations=40, follow_ups=0.5)
    assert bot.decide(side).reason is None and bot.searched == 0
    u = make_agent("search:u0.3", 1)
    assert isinstance(u, SearchBot) and (u.follow_ups, u.seconds, u.root_width) == (0.3, 1.0, 4)
    assert make_agent("search", 1).follow_ups == SearchBot().follow_ups == 0.0
    for bad in ("search:u-1", "search:u1.5", "search:u", "search:unan", "search:u0.3,u0.5"):
        with pytest.raises(PamirError, match="settings joined by commas"):
            parse_bot(bad)
    with pytest.raises(ValueError, match="follow_ups is a share"):
        SearchBot(seed=1, iterations=10, follow_ups=2.0)


def test_the_search_may_remember_the_other_hands_from_the_log() -> None:
    # search:k: every card in a hand was bought in view of the table, so its determinizations deal the other hands
    # the log tells (determinize's remember), where the levels deal them from every card they have not seen.
    game = _turn_position(2, 44, 10)
    seat = game.current_player
    assert seat is not None
    other = 1 - seat
    assert len(game.hands[other]) >= 1
    bot = make_agent("search:k", 1)
    assert isinstance(bot, SearchBot) and (bot.remember, bot.seconds, bot.follow.remember) == (True, 1.0, True)
    assert make_agent("search:k0", 1).remember is make_agent("search", 1).remember is SearchBot().remember is False
    view = determinization_base(game, seat)
    for s in range(5):
        assert sorted(determinize(view, seat, random.Random(s), bot.remember).hands[other]) == sorted(
            game.hands[other]
        )
    decision = SearchBot(seed=2, iterations=20, remember=True).decide(game)
    assert decision.option in game.legal_options()
    for bad in ("search:k,k", "search:k2", "search:kk", "search:k0,k1"):
        with pytest.raises(PamirError, match="k the other hands"):
            parse_bot(bad)
    with pytest.raises((TypeError, ValueError), match="remember is True or False|bool"):
        SearchBot(seed=1, iterations=10, remember=1)  # type: ignore[arg-type]


def test_the_search_may_keep_its_places_for_different_turns() -> None:
    # Buying a card and then playing another, or playing it and then buying: one turn, which the heuristic ranks
    # twice, side by side. search:x gives the second of such a pair's place to the next option by the heuristic's
    # ranking, so its four candidates are four different turns.
    game = _turn_position(2, 40, 8)
    seat = game.current_player
    assert seat is not None
    plain = SearchBot(seed=1, iterations=40, root_width=4)
    plain.decide(game)
    distinct = SearchBot(seed=1, iterations=40, root_width=4, distinct=True)
    distinct.decide(game)
    world = determinize(determinization_base(game, seat), seat, random.Random(0))

    def turns(bot: SearchBot) -> set[str]:
        ends = [bot.play_line(world, seat, o) for o in bot.last_lines]
        return {_turn_key(g) for g in ends if g is not None}

    assert len(plain.last_lines) == 4 and len(turns(plain)) < 4
    assert len(distinct.last_lines) == 4 and len(turns(distinct)) == 4
    assert set(plain.last_lines) != set(distinct.last_lines)
    # The lines of a candidate that gave up its place count against the budget.
    assert sum(distinct.last_lines.values()) < distinct.iterations_run <= 40
    bot = make_agent("search:x", 1)
    assert isinstance(bot, SearchBot) and (bot.distinct, bot.seconds) == (True, 1.0)
    assert make_agent("search:x0", 1).distinct is make_agent("search", 1).distinct is SearchBot().distinct is False
    for bad in ("search:x,x", "search:x2", "search:x0,x1"):
        with pytest.raises(PamirError, match="x candidates that are different turns"):
            parse_bot(bad)
    with pytest.raises((TypeError, ValueError), match="distinct is True or False|bool"):
        SearchBot(seed=1, iterations=10, distinct=1)  # type: ignore[arg-type]


def test_a_playout_plays_a_determinization_to_the_end_by_the_heuristics_scores() -> None:
    # Every seat's turn decisions drawn by its heuristic scores, the rest its best: the game ends, its winner takes
    # the whole share (or the tied winners theirs), and the same draws play the same game.
    world, seat, _ = _line_start(2, 41)
    ends = []
    for draws in (7, 7, 8):
        g = world.clone()
        shares = play_out(g, random.Random(draws))
        assert shares is not None and g.is_over and sum(shares) == pytest.approx(1.0)
        assert shares == [1.0 / len(g.winners) if p in g.winners else 0.0 for p in range(2)]
        ends.append(g.state_hash())
    assert ends[0] == ends[1]
    stopped = world.clone()
    assert play_out(stopped, random.Random(7), stop=lambda: True) is None and not stopped.is_over
    # With Wakhan at the table she plays by her procedure.
    with_wakhan = Game.new(players=2, seed=12, wakhan=True)
    assert with_wakhan.wakhan is not None
    shares = play_out(with_wakhan, random.Random(1))
    assert shares is not None and with_wakhan.is_over and sum(shares) == pytest.approx(1.0)
    greedy = [world.clone() for _ in range(2)]
    assert play_out(greedy[0], random.Random(1), 0.0) == play_out(greedy[1], random.Random(2), 0.0)
    assert greedy[0].state_hash() == greedy[1].state_hash()  # temperature 0: every decision the heuristic's best
    for wrong in (-1.0, math.inf, math.nan):
        with pytest.raises(ValueError, match="temperature is 0 or a positive number"):
            play_out(world.clone(), random.Random(1), wrong)


def _playouts_by_hand(
    probe: SearchBot,
    view: dict[str, Any],
    seat: int,
    ranked: list[tuple[Option, float]],
    count: int,
    value: Callable[[Game, int], float],
) -> bool:
    """Whether the bot's playout stage over ``ranked`` (``count`` determinizations) chooses as its replay by hand
    from the same random draws does: each candidate's line end played on and valued by ``value(end, draws)``."""
    state = probe.rng.getstate()
    chosen, played = probe._playouts(view, seat, ranked, None, count)
    probe.rng.setstate(state)
    values = [0.0] * len(ranked)
    for _ in range(count):
        world = determinize(view, seat, probe.rng, probe.remember)
        draws = probe.rng.getrandbits(64)
        for i, (option, _) in enumerate(ranked):
            end = probe.play_line(world, seat, option)
            assert end is not None
            values[i] += value(end, draws)
    best = max(range(len(ranked)), key=lambda i: (ranked[i][1] + values[i] / count, -i))
    return played == count and chosen == ranked[best][0]


def test_a_share_of_the_budget_may_go_to_playouts_from_the_best_two_candidates_lines() -> None:
    # search:n0.5: half the budget plays the halving's best two candidates' lines on to the end of the game, in the
    # same fresh determinizations with the same draws for both; each candidate's value is then its halving value
    # plus its share of the playouts' wins. With a budget in lines a playout counts as PLAYOUT_LINES lines.
    game = _turn_position(2, 31, 4)
    bot = SearchBot(seed=2, iterations=600, root_width=4, playouts=0.5)
    made = bot.decide(game)
    count = round(600 * 0.5 / (PLAYOUT_LINES * PLAYOUT_WIDTH))
    assert bot.playouts_run == count and bot.iterations_run <= 600 - count * PLAYOUT_LINES * PLAYOUT_WIDTH
    assert str(made.reason).endswith(f", {count} playouts")
    assert made.option in [o for o, _ in bot.last_ranking[:2]]
    again = SearchBot(seed=2, iterations=600, root_width=4, playouts=0.5)
    assert again.decide(game) == made  # a budget in lines: the same decision for the same seed
    # The choice, replayed by hand from the same random draws as the bot's playout stage.
    seat = game.current_player
    assert seat is not None
    view = determinization_base(game, seat)
    probe = SearchBot(seed=5, iterations=10)
    ranked = [(o, 0.5) for o in game.legal_options()[:2]]

    def share(end: Game, draws: int) -> float:
        shares = play_out(end, random.Random(draws))
        assert shares is not None
        return shares[seat]

    assert _playouts_by_hand(probe, view, seat, ranked, 3, share)
    # A halving value a whole win ahead is never overturned.
    assert probe._playouts(view, seat, [(ranked[1][0], 1.0), (ranked[0][0], 0.0)], None, 2)[0] == ranked[1][0]
    # On the clock: the playouts end by the decision's deadline.
    timed = SearchBot(seed=2, seconds=0.2, root_width=4, playouts=0.5, clock=FakeClock(0.00001))
    timed.decide(game)
    assert timed.search_time <= 0.2 + 5 * 0.00001 and timed.playouts_run >= 1
    bot = make_agent("search:n0.5,c3", 1)
    assert isinstance(bot, SearchBot) and (bot.playouts, bot.root_width, bot.seconds) == (0.5, 3, 1.0)
    assert make_agent("search", 1).playouts == make_agent("search:n0", 1).playouts == 0.0  # type: ignore[attr-defined]
    # The strong level spends four of its five seconds on them (the normal level and the fast one none);
    # search:strong,n0 is the strong level as it was before.
    assert {level: budget.get("playouts", 0.0) for level, budget in SEARCH_LEVELS.items()} == {
        "fast": 0.0,
        "normal": 0.0,
        "strong": 0.8,
    }
    strong, before = make_agent("search:strong", 1), make_agent("search:strong,n0", 1)
    assert isinstance(strong, SearchBot) and isinstance(before, SearchBot)
    assert (strong.seconds, strong.root_width, strong.playouts) == (5.0, 8, 0.8)
    assert (before.seconds, before.root_width, before.playouts) == (5.0, 8, 0.0)
    timed = make_agent("search:strong", 3)
    assert isinstance(timed, SearchBot)
    timed.clock = FakeClock(0.0002)
    made = timed.decide(game)
    assert timed.playouts_run >= 1 and str(made.reason).endswith(f", {timed.playouts_run} playouts")
    assert timed.search_time <= 5.0 + 5 * 0.0002
    for bad in ("search:n", "search:n1", "search:n-0.1", "search:nnan", "search:n0.3,n0.5", "search:nx"):
        with pytest.raises(PamirError, match="n0.5 that share of the time spent on playouts"):
            parse_bot(bad)
    for wrong in (1.0, -0.5, math.nan):
        with pytest.raises(ValueError, match="playouts is a share"):
            SearchBot(seed=1, iterations=10, playouts=wrong)
    for width in (1, 0, True):
        with pytest.raises((TypeError, ValueError), match="playout_width is a whole number|int"):
            SearchBot(seed=1, iterations=10, playout_width=width)


def test_a_playout_may_end_after_the_next_dominance_check_and_be_scored_by_the_reward_there() -> None:
    # search:b1: a playout stops once one more Dominance Check has been resolved (or the game has ended first), and
    # the searcher's reward there (its chance of winning, as where a line ends) stands for the share of the win.
    world, seat, _ = _line_start(4, 41)
    left = world.dominance_checks_left()
    g = world.clone()
    assert play_on(g, random.Random(7), checks=1) is g  # played on in place
    assert g.is_over or g.dominance_checks_left() == left - 1
    again = world.clone()
    assert play_on(again, random.Random(7), checks=1) is again and again.state_hash() == g.state_hash()  # same draws
    two = world.clone()
    assert play_on(two, random.Random(7), checks=2) is two and (two.is_over or two.dominance_checks_left() == left - 2)
    whole = world.clone()
    assert play_on(whole, random.Random(7)) is whole and whole.is_over  # checks 0: to the end of the game
    assert play_on(world.clone(), random.Random(7), stop=lambda: True, checks=1) is None
    for wrong in (-1, 5, True):
        with pytest.raises(ValueError, match="checks is a number of Dominance Checks"):
            play_on(world.clone(), random.Random(7), checks=wrong)
    # In the search: the candidates' values by those rewards, replayed by hand from the same draws.
    game = _turn_position(4, 31, 4)
    player = game.current_player
    assert player is not None
    probe = SearchBot(seed=5, iterations=10, playout_checks=1)

    def reward(end: Game, draws: int) -> float:
        assert play_on(end, random.Random(draws), checks=1) is end
        if end.is_over:
            return 1.0 / len(end.winners) if player in end.winners else 0.0
        return win_chance(end, player, probe.temperature)

    ranked = [(o, 0.5) for o in game.legal_options()[:2]]
    assert _playouts_by_hand(probe, determinization_base(game, player), player, ranked, 2, reward)
    bot = make_agent("search:n0.8,b1", 1)
    assert isinstance(bot, SearchBot) and (bot.playouts, bot.playout_checks) == (0.8, 1)
    assert make_agent("search:b", 1).playout_checks == 1  # type: ignore[attr-defined]
    assert make_agent("search:b2", 1).playout_checks == 2  # type: ignore[attr-defined]
    assert make_agent("search", 1).playout_checks == 0  # type: ignore[attr-defined]
    for bad in ("search:b5", "search:b1,b2", "search:bx"):
        with pytest.raises(PamirError, match="b1 playouts that end after the next Dominance Check"):
            parse_bot(bad)
    for wrong in (-1, 5, True):
        with pytest.raises((TypeError, ValueError), match="playout_checks is a number|int"):
            SearchBot(seed=1, iterations=10, playout_checks=wrong)


def test_playouts_may_be_played_from_more_than_the_best_two_candidates_lines() -> None:
    # search:y3: the playouts start from the lines of the halving's best three candidates (the levels: two), each
    # playout then costing three candidates' lines of a budget in lines; the choice is one of those three, the one a
    # replay by hand of the same draws values best.
    game = _turn_position(2, 31, 4)
    bot = SearchBot(seed=2, iterations=600, root_width=4, playouts=0.5, playout_width=3)
    made = bot.decide(game)
    count = round(600 * 0.5 / (PLAYOUT_LINES * 3))
    assert bot.playouts_run == count and bot.iterations_run <= 600 - count * PLAYOUT_LINES * 3
    assert made.option in [o for o, _ in bot.last_ranking[:3]]
    seat = game.current_player
    assert seat is not None

    def share(end: Game, draws: int) -> float:
        shares = play_out(end, random.Random(draws))
        assert shares is not None
        return shares[seat]

    ranked = [(o, 0.5) for o in game.legal_options()[:3]]
    assert _playouts_by_hand(SearchBot(seed=5, iterations=10), determinization_base(game, seat), seat, ranked, 2, share)
    named = make_agent("search:n0.8,b1,y4", 1)
    assert isinstance(named, SearchBot) and (named.playouts, named.playout_checks, named.playout_width) == (0.8, 1, 4)
    assert make_agent("search", 1).playout_width == PLAYOUT_WIDTH == 2  # type: ignore[attr-defined]
    for bad in ("search:y1", "search:y", "search:y3,y4", "search:y33", "search:yx"):
        with pytest.raises(PamirError, match="y3 playouts from its best three candidates"):
            parse_bot(bad)


def test_a_cheaper_playout_scores_a_few_of_each_turns_options_and_plays_on_from_the_position_it_scored() -> None:
    # search:z4: in a playout every seat's turn decision with more than four options scores four of them, drawn at
    # random, and the game goes on from the copy its scoring made of the chosen option's position (the action's
    # follow-up taken there as the heuristic's lookahead took it), not from a fresh one: a cheaper playout.
    world, seat, _ = _line_start(4, 41)
    assert len(world.legal_options()) > 4
    # Those positions and their scores: the heuristic's one-action scores, each option's position after its follow-up.
    options = world.legal_options()
    before = world.state_hash()
    scored = scored_positions(world, seat, options)
    assert scored is not None
    children, scores = scored
    assert scores == score_options(world, seat, options, True, 0) and world.state_hash() == before
    assert len(children) == len(options) and any(child is not None for child in children)
    for child in children:  # a copy each, with the option taken and its follow-up finished
        assert child is None or (child is not world and child.state_hash() != before)
    assert scored_positions(world, seat, options, stop=lambda: True) is None
    # A whole playout, replayed by hand from the same draws.
    rng = random.Random(7)
    g = world.clone()
    g.quiet = True
    while not g.is_over:
        who = g.current_player
        assert who is not None
        legal = g.legal_options()
        if g.decision == "turn" and len(legal) > 1:
            drawn = rng.sample(legal, 4) if len(legal) > 4 else legal
            made = scored_positions(g, who, drawn)
            assert made is not None
            top = max(made[1])
            i = rng.choices(range(len(drawn)), [math.exp(score - top) for score in made[1]])[0]
            child = made[0][i]
            if child is None:
                g.apply(drawn[i])
            else:
                g = child
        else:
            assert greedy_step(g, who, True)
    start = world.clone()
    end = play_on(start, random.Random(7), sample=4)
    assert end is not None and end is not start and end.is_over and end.state_hash() == g.state_hash()
    again = play_on(world.clone(), random.Random(7), sample=4)
    assert again is not None and again.state_hash() == end.state_hash()  # the same draws, the same playout
    # Without a sample every option is scored and the game played on in place: another playout.
    whole = world.clone()
    assert play_on(whole, random.Random(7)) is whole and whole.is_over and whole.state_hash() != end.state_hash()
    assert play_on(world.clone(), random.Random(7), stop=lambda: True, sample=4) is None
    for wrong in (-1, True, 2.0):
        with pytest.raises(ValueError, match="sample is a whole number of options"):
            play_on(world.clone(), random.Random(7), sample=wrong)
    # In the search: the candidates' shares of the wins in those playouts, replayed by hand.
    game = _turn_position(4, 31, 4)
    player = game.current_player
    assert player is not None
    probe = SearchBot(seed=5, iterations=10, playout_sample=4)

    def share(line: Game, draws: int) -> float:
        finished = play_on(line, random.Random(draws), sample=4)
        assert finished is not None
        return 1.0 / len(finished.winners) if player in finished.winners else 0.0

    ranked = [(o, 0.5) for o in game.legal_options()[:2]]
    assert _playouts_by_hand(probe, determinization_base(game, player), player, ranked, 2, share)
    bot = make_agent("search:n0.8,z4", 1)
    assert isinstance(bot, SearchBot) and (bot.playouts, bot.playout_sample) == (0.8, 4)
    assert make_agent("search", 1).playout_sample == 0  # type: ignore[attr-defined]
    for bad in ("search:z", "search:z4,z3", "search:zx", "search:z-1"):
        with pytest.raises(PamirError, match="z4 playouts that score four options of a turn"):
            parse_bot(bad)
    for wrong in (-1, True, 1.5):
        with pytest.raises((TypeError, ValueError), match="playout_sample is a whole number|int"):
            SearchBot(seed=1, iterations=10, playout_sample=wrong)
