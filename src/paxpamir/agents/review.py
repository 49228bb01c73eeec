"""Game review: each decision of a game record weighed against the options its player had, from that player's
own view, with a calibrated chance of winning before and after it; and hints for a pending decision.

**What a decision is worth.** A decision of seat ``s`` is reviewed in the position before it, seen the way ``s``
saw it: every figure comes from *determinizations* of ``game.view(s)`` (:mod:`paxpamir.agents.determinize`: the
cards ``s`` could not see dealt at random, consistently with what it saw), never from the true hidden cards. The
candidates are the heuristic's best :data:`REVIEW_WIDTH` options (its one-action lookahead,
:func:`~paxpamir.agents.heuristic.score_options`) and the option chosen. Each candidate is played in the same
determinizations (so that differences come from the options, not from the deal) by the search bot's lines
(:meth:`~paxpamir.agents.search.SearchBot.play_line`: the rest of the seat's turn, then every other seat by the
heuristic and Wakhan by her procedure, up to the seat's next turn). A line's raw value is the heuristic's chance
of winning where it ends (:func:`~paxpamir.agents.heuristic.win_chance`); a candidate's chance is the mean of its
raw values passed through the calibration map :func:`calibrated` (below). The *preferred* option is the
candidate with the best chance; the chance *before* the decision is that best chance, *after* it the chosen
option's; the *loss* is their difference.

**Budgets.** A decision's lines are a budget in lines (``lines``, default :data:`REVIEW_LINES`) shared by its
candidates, never a time: the same record, seed and budget give the same review on any machine and in either
build. Each decision's random numbers come from the seed and the decision's index alone, so a decision reviewed
on its own (or in a worker process: :func:`review_part`) is the same as in the whole review.

**Mistakes.** A decision is a mistake (:func:`is_mistake`) when its loss is at least :data:`MISTAKE_LOSS` (five
percentage points of chance of winning: more than the noise of a review's budget, which is about two points
between options played in the same deals), or when it loses at least :data:`MISTAKE_FLOOR` (one point) and at
least :data:`MISTAKE_LOGIT` in the logit of the chance (:func:`logit_loss`, the log of the ratio of the odds):
five points cannot be lost near a chance of 0, and hardly near 1, where a bad move still cuts the odds. The
review's ``mistakes`` lists them, biggest loss first.

**What changed.** ``changed`` compares the preferred option's lines with the chosen one's where they end (means of
victory points, rupees, expected points at the next Dominance Check; regions ruled), but the loyalty is the one
each option itself leaves (:func:`option_loyalty`: after the option and its own follow-ups), never one the lines'
later moves chose. It is None when the loss rounds to 0%: such a decision recommends nothing.

**Calibration.** The map is a Platt scaling in the logit around the even chance ``1/n`` of ``n`` players:
``calibrated(raw) = sigmoid(A * (logit(raw) + log(n - 1)) + B - log(n - 1))``, with :data:`CALIBRATION_A` and
:data:`CALIBRATION_B` fitted by ``tools/bench_review.py --fit`` on bot games of one range of seeds and checked on
games of another (README, *Game review*). The chart's chances of the seats that are not deciding are the
heuristic's static chance (no lines: :data:`STATIC_WORLDS` determinizations of each seat's own view), through its
own map (:data:`STATIC_A`, :data:`STATIC_B`).

**Hidden information.** The determinizations are :func:`~paxpamir.agents.determinize.determinize`'s, drawn from
the decision's own generator. With ``seat=s`` only ``s``'s decisions are reviewed and the chart holds only ``s``'s
chances: nothing in the review depends on a card ``s`` could not see (``tests/test_review.py`` changes those
cards and compares). With ``seat=None`` every seat's decisions are reviewed, each from its decider's view.

The review holds no words but the options' labels, given in every language (``labels``); the words are
:mod:`paxpamir.presentation.review_words`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..content.cards import COURT, is_court_card
from ..content.i18n import LANGUAGES, language
from ..content.map import REGIONS
from ..engine.game import Game
from ..engine.options import option_arg
from ..presentation.review_words import change_line, overlooked_name
from ..presentation.words import label
from .determinize import determinize
from .heuristic import check_expectations, greedy_step, score_options, win_chance
from .search import SearchBot
from .wakhan import WakhanPlayer

if TYPE_CHECKING:
    from ..engine.steps import Option

REVIEW_FORMAT: Final = "paxpamir-review"
REVIEW_VERSION: Final = 1
#: The lines a decision's review plays by default, shared by its candidates.
REVIEW_LINES: Final[int] = 40
#: The heuristic's best options weighed besides the one chosen.
REVIEW_WIDTH: Final[int] = 4
#: The rest of the seat's turn in a review's line: the heuristic's one-action choice at each decision (the search
#: bot's lines plan it, :data:`~paxpamir.agents.search.PLAN`; a review's lines share no tree, so a plan would be
#: made at every decision of every line, and the calibration map was fitted on lines played this way).
REVIEW_PLAN: Final[int] = 0
#: A loss (in chance of winning, 0 to 1) from which a decision is a mistake.
MISTAKE_LOSS: Final[float] = 0.05
#: A loss in the logit of the chance (the log of the odds of winning) from which a decision is a mistake too, if
#: it loses at least :data:`MISTAKE_FLOOR`: 0.3 is odds of winning cut by 26% (10% to 7.6%, 4% to 3%), or odds of
#: losing raised by 35% (96% to 94.7%), where five points cannot be lost any more. The two rules meet near 21%
#: and 79%: between them five points is the stricter, outside them the logit.
MISTAKE_LOGIT: Final[float] = 0.3
#: The smallest loss (in chance of winning) that :data:`MISTAKE_LOGIT` marks: below it, a loss is noise.
MISTAKE_FLOOR: Final[float] = 0.01
#: Steps played after an option at most to see its own follow-ups (:func:`option_loyalty`).
_FOLLOW_UP_STEPS: Final[int] = 200
#: Determinizations of a seat's view for its static chance (the chart's seats that are not deciding).
STATIC_WORLDS: Final[int] = 2
#: At most this many overlooked options (:func:`hints`) are weighed besides the best ones.
OVERLOOKED_MAX: Final[int] = 4
#: The calibration map of a line's chance, fitted by ``tools/bench_review.py --fit`` on 1,200 decisions of 600
#: heuristic-bot games (seeds 1-300 of 3 players, seeds 1-300 of 2 and 4 players by turns) at 40 lines.
CALIBRATION_A: Final[float] = 1.2149
CALIBRATION_B: Final[float] = 0.5417
#: The calibration map of the static chance, fitted on the same decisions.
STATIC_A: Final[float] = 1.1341
STATIC_B: Final[float] = 0.0987
#: Raw chances are kept this far from 0 and 1 before the logit.
_EDGE: Final[float] = 0.002

#: The kinds of options people overlook, as :func:`overlooked_kind` names them.
LOYALTY_KIND: Final = "loyalty"
BETRAY_KIND: Final = "betray"
BRIBE_KIND: Final = "bribe"
LEVERAGE_KIND: Final = "leverage"


# ---------------------------------------------------------------------------- calibration


def _logit(p: float) -> float:
    p = min(1.0 - _EDGE, max(_EDGE, p))
    return math.log(p / (1.0 - p))


def _sigmoid(x: float) -> float:
    if x < -60.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def calibration_feature(raw: float, players: int) -> float:
    """The raw chance as the calibration map reads it: its logit, 0 at the even chance of ``players`` seats."""
    return _logit(raw) + math.log(max(1, players - 1))


def logit_loss(before: float, after: float) -> float:
    """The loss from ``before`` to ``after`` (chances of winning) in the logit: the log of the ratio of the odds.

    >>> round(logit_loss(0.5, 0.5), 3), round(logit_loss(0.04, 0.02), 3)
    (0.0, 0.714)
    """
    return _logit(before) - _logit(after)


def is_mistake(before: float, after: float) -> bool:
    """Whether a decision whose best option had the chance ``before`` and the chosen one ``after`` is a mistake:
    a loss of at least :data:`MISTAKE_LOSS` (five points), or, where the chance is near 0 or 1, a loss of at
    least :data:`MISTAKE_FLOOR` (one point) that is at least :data:`MISTAKE_LOGIT` in the logit.

    >>> is_mistake(0.40, 0.34), is_mistake(0.40, 0.37), is_mistake(0.05, 0.02), is_mistake(0.005, 0.001)
    (True, False, True, False)
    """
    loss = before - after
    if loss >= MISTAKE_LOSS:
        return True
    return loss >= MISTAKE_FLOOR and logit_loss(before, after) >= MISTAKE_LOGIT


def calibrated(raw: float, players: int, a: float = CALIBRATION_A, b: float = CALIBRATION_B) -> float:
    """A raw chance of winning (a line's mean :func:`~paxpamir.agents.heuristic.win_chance`) as a calibrated one:
    Platt scaling around the even chance of ``players`` seats.

    >>> round(calibrated(0.5, 2, 1.0, 0.0), 3), round(calibrated(0.25, 4, 2.0, 0.0), 3)
    (0.5, 0.25)
    """
    shift = math.log(max(1, players - 1))
    return _sigmoid(a * calibration_feature(raw, players) + b - shift)


# ---------------------------------------------------------------------------- records


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def record_start(record: dict[str, Any]) -> Game:
    """The game a record starts from, before any decision."""
    start = dict(record)
    start["choices"] = []
    return Game.from_record(start)


def _mix(seed: int, index: int, salt: int = 0) -> int:
    """A decision's own seed, from the review's seed and the decision's index (stable across runs)."""
    return (seed * 1_000_003 + index * 7919 + salt * 104_729 + 12_345) % (2**61 - 1)


def _labels(game: Game, option: Option) -> dict[str, str]:
    out = {}
    for lang in LANGUAGES:
        with language(lang):
            out[lang] = label(game, option)
    return out


# ---------------------------------------------------------------------------- one decision


class LineStats:
    """What the lines of one candidate came to: their raw chances and, for the words, the seat's victory points,
    rupees, regions ruled, loyalty and expected points at the next Dominance Check where they ended."""

    __slots__ = ("option", "raw", "vp", "rupees", "ruled", "loyalty", "check", "lines")

    # ``loyalty`` holds the seat's loyalty after the option and its own follow-ups (:func:`option_loyalty`), one
    # entry a determinization: not where the line ends, since the lines' later moves are not the option's.

    def __init__(self, option: Option) -> None:
        self.option = option
        self.raw = 0.0
        self.vp = 0.0
        self.rupees = 0.0
        self.ruled = [0] * len(REGIONS)
        self.loyalty: list[int] = []
        self.check = 0.0
        self.lines = 0

    def add(self, g: Game, seat: int) -> None:
        self.raw += win_chance(g, seat)
        self.vp += g.vp[seat]
        self.rupees += g.rupees[seat]
        for r in range(len(REGIONS)):
            if g.rulers[r] == seat:
                self.ruled[r] += 1
        if not g.is_over:
            self.check += check_expectations(g)[seat]
        self.lines += 1

    def mean_raw(self) -> float:
        return self.raw / self.lines if self.lines else 0.0

    def summary(self) -> dict[str, Any]:
        """Means over the lines (regions: those ruled in at least half of them; loyalty: the most common after
        the option itself)."""
        k = max(1, self.lines)
        loyal = max(sorted(set(self.loyalty)), key=self.loyalty.count) if self.loyalty else -1
        return {
            "vp": self.vp / k,
            "rupees": self.rupees / k,
            "regions": [REGIONS[r] for r in range(len(REGIONS)) if 2 * self.ruled[r] >= k and self.ruled[r]],
            "loyalty": loyal,
            "check": self.check / k,
        }


def option_loyalty(world: Game, seat: int, option: Option, wakhan: WakhanPlayer) -> int:
    """``seat``'s loyalty once ``option`` and its own follow-ups are played in a copy of ``world`` (the steps it
    starts, as the lines play them: a card's side, its bribe and the answer, a choice of loyalty...): up to the
    next turn decision (the seat's next action, or another seat's turn), before any later move of the line."""
    g = world.clone()
    g.quiet = True
    g.apply(option)
    steps = 0
    while not g.is_over and g.decision != "turn" and steps < _FOLLOW_UP_STEPS:
        steps += 1
        who = g.current_player
        assert who is not None
        if who == g.wakhan:
            d = wakhan.decide(g)
            g.apply(d.option, reason=d.reason, note=d.note)
        else:
            greedy_step(g, who, True)
    return g.loyalty[seat]


def _changed(chosen: dict[str, Any], preferred: dict[str, Any]) -> dict[str, Any]:
    """The preferred line against the chosen one: differences of the means, regions and loyalty (the option's
    own)."""
    return {
        "vp": round(preferred["vp"] - chosen["vp"], 2),
        "rupees": round(preferred["rupees"] - chosen["rupees"], 2),
        "rulers_gained": [r for r in preferred["regions"] if r not in chosen["regions"]],
        "rulers_lost": [r for r in chosen["regions"] if r not in preferred["regions"]],
        "loyalty": [chosen["loyalty"], preferred["loyalty"]],
        "check": round(preferred["check"] - chosen["check"], 2),
    }


def weigh_options(
    game: Game, seat: int, candidates: list[Option], lines: int, rng: random.Random
) -> list[LineStats]:
    """Each candidate played in the same determinizations of ``seat``'s view (``lines`` in all, at least one
    determinization), its lines' outcomes gathered; in the order of ``candidates``."""
    view = game.view(seat)
    stats = [LineStats(o) for o in candidates]
    worlds = max(1, lines // max(1, len(candidates)))
    player = SearchBot(seed=0, iterations=1, plan=REVIEW_PLAN)
    wakhan = WakhanPlayer()
    for _w in range(worlds):
        world = determinize(view, seat, rng)
        for st in stats:
            end = player.play_line(world, seat, st.option)
            assert end is not None
            st.add(end, seat)
            st.loyalty.append(option_loyalty(world, seat, st.option, wakhan))
    return stats


def _candidates(game: Game, seat: int, options: list[Option], width: int, rng: random.Random,
                must: list[Option]) -> list[Option]:
    """The heuristic's best ``width`` options (in one determinization of ``seat``'s view), then ``must``."""
    first = determinize(game.view(seat), seat, rng)
    scores = score_options(first, seat, options, True)
    order = sorted(range(len(options)), key=lambda i: (-scores[i], i))
    out = [options[i] for i in order[:width]]
    for o in must:
        if o not in out:
            out.append(o)
    return out


def review_decision(game: Game, seat: int, chosen: Option, *, lines: int = REVIEW_LINES, seed: int = 0,
                    index: int = 0) -> dict[str, Any]:
    """The review of ``seat``'s decision ``chosen`` at ``game``'s pending decision (the ``index``-th of its
    record), from ``seat``'s view only. Its keys: see :func:`review_record`."""
    options = game.legal_options()
    rng = random.Random(_mix(seed, index))
    candidates = _candidates(game, seat, options, REVIEW_WIDTH, rng, [chosen])
    stats = weigh_options(game, seat, candidates, lines, rng)
    n = game.n
    chances = [calibrated(st.mean_raw(), n) for st in stats]
    best = max(range(len(stats)), key=lambda i: (chances[i], -i))
    mine = candidates.index(chosen)
    before, after = chances[best], chances[mine]
    summaries = [st.summary() for st in stats]
    loss = max(0.0, before - after)
    # A loss that rounds to 0% recommends nothing: the chosen option is as good as the best found.
    same = best == mine or round(100 * loss) == 0
    return {
        "index": index,
        "seat": seat,
        "turn": game.turn,
        "kind": game.decision,
        "options": len(options),
        "chosen": {"option": _jsonable(chosen), "labels": _labels(game, chosen), "chance": round(after, 4)},
        "preferred": {"option": _jsonable(candidates[best]), "labels": _labels(game, candidates[best]),
                      "chance": round(before, 4)},
        "before": round(before, 4),
        "after": round(after, 4),
        "loss": round(loss, 4),
        "mistake": is_mistake(before, after),
        "raw": round(stats[mine].mean_raw(), 5),
        "changed": None if same else _changed(summaries[mine], summaries[best]),
        "candidates": [
            {"option": _jsonable(st.option), "labels": _labels(game, st.option), "chance": round(c, 4),
             "lines": st.lines}
            for st, c in sorted(zip(stats, chances, strict=True), key=lambda sc: -sc[1])
        ],
    }


def static_chance(game: Game, seat: int, rng: random.Random, worlds: int = STATIC_WORLDS) -> float:
    """``seat``'s calibrated static chance of winning: the heuristic's, in determinizations of its own view."""
    view = game.view(seat)
    raw = 0.0
    for _w in range(worlds):
        raw += win_chance(determinize(view, seat, rng), seat)
    return calibrated(raw / worlds, game.n, STATIC_A, STATIC_B)


def static_raw(game: Game, seat: int, rng: random.Random, worlds: int = STATIC_WORLDS) -> float:
    """The raw (uncalibrated) mean of :func:`static_chance` (for fitting its map)."""
    view = game.view(seat)
    return sum(win_chance(determinize(view, seat, rng), seat) for _w in range(worlds)) / worlds


# ---------------------------------------------------------------------------- a record


def reviewed_indices(record: dict[str, Any], seat: int | None = None) -> list[int]:
    """The indices of the record's decisions a review weighs: those of ``seat`` (None: of every seat but
    Wakhan) with more than one legal option. Raises :class:`ValueError` when ``seat`` is not a player's seat
    of the game (out of range, or Wakhan's)."""
    g = record_start(record)
    if seat is not None and (not 0 <= seat < g.n or seat == g.wakhan):
        raise ValueError(f"seat {seat} is not a player's seat in this game")
    out = []
    for i, item in enumerate(record.get("choices") or []):
        who, option, *reason = item
        if who != g.wakhan and (seat is None or who == seat) and len(g.legal_options()) > 1:
            out.append(i)
        g.apply(_tupled(option), who, *reason)
    return out


def review_part(record: dict[str, Any], *, seat: int | None = None, lines: int = REVIEW_LINES, seed: int = 0,
                part: int = 0, parts: int = 1,
                progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The review of every ``parts``-th reviewed decision from the ``part``-th (0 and 1: all of them) and what
    every part needs to be merged (:func:`merge_parts`): the same figures, whichever process computes them."""
    g = record_start(record)
    choices = record.get("choices") or []
    todo = reviewed_indices(record, seat)[part::parts]
    wanted = set(todo)
    decisions: list[dict[str, Any]] = []
    checks: list[int] = []
    n = g.n
    seats = [s for s in range(n) if s != g.wakhan] if seat is None else [seat]
    for i, item in enumerate(choices):
        who, option, *reason = item
        chosen = _tupled(option)
        if i in wanted:
            d = review_decision(g, who, chosen, lines=lines, seed=seed, index=i)
            chart: list[float | None] = [None] * n
            for s in seats:
                if s == who:
                    chart[s] = d["before"]
                else:
                    chart[s] = round(static_chance(g, s, random.Random(_mix(seed, i, 1 + s))), 4)
            d["chances"] = chart
            decisions.append(d)
            if progress is not None:
                progress(len(decisions), len(todo))
        left = g.dominance_checks_left()
        g.apply(chosen, who, *reason)
        if g.dominance_checks_left() < left or (g.is_over and left > 0 and "final" in g.end_reason):
            checks.append(i)
    return {"decisions": decisions, "checks": checks, "players": n, "wakhan": g.wakhan, "over": g.is_over,
            "winners": list(g.winners) if g.is_over else None}


def merge_parts(record: dict[str, Any], parts: list[dict[str, Any]], *, seat: int | None, lines: int,
                seed: int) -> dict[str, Any]:
    """The whole review from its parts (:func:`review_part`)."""
    head = parts[0]
    decisions = sorted((d for p in parts for d in p["decisions"]), key=lambda d: d["index"])
    mistakes = sorted((d for d in decisions if d["mistake"]), key=lambda d: (-d["loss"], d["index"]))
    n = int(head["players"])
    summary = []
    for s in range(n):
        if s == head["wakhan"]:
            continue
        mine = [d for d in decisions if d["seat"] == s]
        total = sum(d["loss"] for d in mine)
        summary.append({
            "seat": s,
            "decisions": len(mine),
            "mistakes": sum(1 for d in mine if d["mistake"]),
            "total_loss": round(total, 4),
            "mean_loss": round(total / len(mine), 4) if mine else 0.0,
        })
    names = record.get("options", {}).get("names") if isinstance(record.get("options"), dict) else None
    return {
        "format": REVIEW_FORMAT,
        "version": REVIEW_VERSION,
        "players": n,
        "names": list(names) if names else None,
        "wakhan": head["wakhan"],
        "seat": seat,
        "lines": lines,
        "seed": seed,
        "decisions_in_record": len(record.get("choices") or []),
        "over": head["over"],
        "winners": head["winners"],
        "decisions": decisions,
        "chances": [d["chances"] for d in decisions],
        "checks": head["checks"],
        "mistakes": [d["index"] for d in mistakes],
        "summary": summary if seat is None else [row for row in summary if row["seat"] == seat],
        "mistake_loss": MISTAKE_LOSS,
        "mistake_logit": MISTAKE_LOGIT,
        "mistake_floor": MISTAKE_FLOOR,
        "calibration": {"a": CALIBRATION_A, "b": CALIBRATION_B},
    }


def review_record(record: dict[str, Any], *, seat: int | None = None, lines: int = REVIEW_LINES, seed: int = 0,
                  progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """JSON-able review of the decisions in a game record (finished or not). ``seat=None``: every seat's
    decisions (Wakhan's aside), each evaluated from its decider's own view (determinizations of
    ``game.view(decider)``, never the true hidden cards). ``seat=s``: only seat ``s``'s decisions, using only
    ``s``'s information. ``progress(done, total)`` is called after each decision reviewed.

    The review (``docs/review.md`` describes every field): ``decisions``, one per decision weighed (more than one
    legal option), each with ``index`` (in the record's choices), ``seat``, ``turn``, ``kind`` (the decision kind),
    ``chosen`` and ``preferred`` (``option``, ``labels`` by language, ``chance``), ``before``, ``after``, ``loss``,
    ``mistake`` (:func:`is_mistake`), ``changed`` (the preferred line against the chosen one, None when they are
    the same option or the loss rounds to 0%: ``vp``, ``rupees``, ``check`` as differences of means,
    ``rulers_gained``, ``rulers_lost``, ``loyalty`` as [chosen, preferred] coalitions, each the option's own:
    :func:`option_loyalty`), ``candidates`` and ``chances`` (each seat's chance before the decision,
    None for a seat not computed); and ``chances`` (one such list per decision), ``checks`` (the indices of the
    decisions after which a Dominance Check was scored), ``mistakes`` (indices, biggest loss first), ``summary``
    per seat.
    """
    part = review_part(record, seat=seat, lines=lines, seed=seed, progress=progress)
    return merge_parts(record, [part], seat=seat, lines=lines, seed=seed)


# ---------------------------------------------------------------------------- hints


def overlooked_kind(game: Game, seat: int, option: Option) -> str | None:
    """Which kind of often overlooked option ``option`` is, if any: changing loyalty (a patriot of another
    coalition played, another coalition chosen), betraying (for a prize), a bribe's bargain (an offer, a
    refusal, asking less), or leverage (a card with the leverage icon played)."""
    kind = option[0]
    loyal = game.loyalty[seat]
    if kind == "play":
        card = option_arg(option, "card")
        if isinstance(card, int) and is_court_card(card):
            info = COURT[card]
            if info.patriot >= 0 and loyal >= 0 and info.patriot != loyal:
                return LOYALTY_KIND
            if "leverage" in info.impact:
                return LEVERAGE_KIND
        return None
    if kind == "action" and option_arg(option, "action") == "betray":
        return BETRAY_KIND
    if kind in ("betray", "take_prize"):
        return BETRAY_KIND
    if kind in ("offer", "refuse", "ask"):
        return BRIBE_KIND
    return None


def hints(game: Game, seat: int, *, lines: int = REVIEW_LINES, seed: int = 0, top: int = 3) -> dict[str, Any]:
    """The best ``top`` options for ``seat`` at its pending decision, from its own view only: each ``option``,
    ``label`` (current language), ``chance`` and ``changed`` (its line against the next best one's), plus
    ``overlooked``: legal options of the kinds people overlook (:func:`overlooked_kind`: changing loyalty,
    betraying for a prize, bribes and offers, leverage) with their ``kind``, ``chance`` and ``changed`` against
    the best; ``why`` is ``changed`` in ONE line of the current language
(:func:`paxpamir.presentation.review_words.change_line`)."""
    if game.is_over or game.current_player != seat:
        raise ValueError(f"seat {seat} has no decision to take")
    options = game.legal_options()
    rng = random.Random(_mix(seed, len(game.record()["choices"]), 7))
    odd = [o for o in options if overlooked_kind(game, seat, o) is not None][:OVERLOOKED_MAX]
    if len(options) == 1:
        candidates = list(options)
    else:
        candidates = _candidates(game, seat, options, max(top, REVIEW_WIDTH), rng, odd)
    stats = weigh_options(game, seat, candidates, lines, rng) if len(candidates) > 1 else [LineStats(options[0])]
    if len(candidates) == 1:
        chances = [static_chance(game, seat, rng)]
    else:
        chances = [calibrated(st.mean_raw(), game.n) for st in stats]
    order = sorted(range(len(stats)), key=lambda i: (-chances[i], i))
    summaries = [st.summary() for st in stats]
    best = order[0]

    def entry(i: int, against: int | None) -> dict[str, Any]:
        o = stats[i].option
        changed = None
        if against is not None:
            changed = _changed(summaries[against], summaries[i])
            gap = chances[i] - chances[against]
            changed["better"] = None if round(100 * gap) == 0 else gap > 0  # None: as good, within the rounding
            if game.decision == "loyalty":
                changed["loyalty_in_label"] = True  # the options say the loyalty
        return {
            "option": _jsonable(o),
            "label": label(game, o),
            "chance": round(chances[i], 4),
            "changed": changed,
            "why": change_line(changed),
        }

    best_list = []
    for rank, i in enumerate(order[:top]):
        other = order[1] if rank == 0 and len(order) > 1 else (best if rank > 0 else None)
        best_list.append(entry(i, other))
    overlooked = []
    for i in order:
        kind = overlooked_kind(game, seat, stats[i].option)
        if kind is not None:
            e = entry(i, best if i != best else None)
            e["kind"] = kind
            e["kind_name"] = overlooked_name(kind)
            overlooked.append(e)
    return {"seat": seat, "kind": game.decision, "turn": game.turn, "lines": lines, "best": best_list,
            "overlooked": overlooked}


__all__ = [
    "CALIBRATION_A",
    "CALIBRATION_B",
    "MISTAKE_FLOOR",
    "MISTAKE_LOGIT",
    "MISTAKE_LOSS",
    "REVIEW_LINES",
    "REVIEW_WIDTH",
    "STATIC_A",
    "STATIC_B",
    "calibrated",
    "calibration_feature",
    "hints",
    "is_mistake",
    "logit_loss",
    "merge_parts",
    "option_loyalty",
    "overlooked_kind",
    "record_start",
    "review_decision",
    "review_part",
    "review_record",
    "reviewed_indices",
    "static_chance",
    "static_raw",
    "weigh_options",
]
