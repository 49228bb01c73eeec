"""``pamir arena``: a tournament between bot kinds (and Wakhan), on the local cores or a Ray cluster.

Every game is fixed up front by its index: its seed (``seed + index``), its lineup (which bot sits where, the
seats rotated from game to game) and the seeds of its bots. Games are then played in any order by a local
process pool (the default), in this process (``--workers 1``), or as Ray tasks (``--ray [ADDRESS]``); results
are put back in game order, so the same command gives the same results whichever way it runs.

The report gives each bot's games, wins (a shared win counts 1/k for each of the k winners), win rate with a
95% Wilson confidence interval, an Elo rating fitted to all pairwise results within games (a winner beats
every other seat; other seats compare by victory points), and the CPU time of a decision (the mean and the
longest, measured in the process that ran it, so figures from Ray compare with local ones) beside the wall
time; every game is saved as a replayable record as soon as it ends, by default under the data folder
(``$PAXPAMIR_HOME`` or ``~/.paxpamir``) in ``arena/<date>-<time>-seed<S>/``, beside the tournament's settings
(:data:`SETTINGS_FILE`) and each game's outcome (:data:`OUTCOMES_FILE`, a line a game). A tournament stopped
part-way (Ctrl-C, a crash, a machine switched off) loses only the games being played: ``--resume DIR`` plays
the games it lacks, and ``--resume DIR --games N`` makes it longer; the results are those of one whole run.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Final, TextIO

from .. import __version__, build_info
from ..agents.base import Decision
from ..agents.registry import canonical_name, is_wakhan, make_agent, parse_bot
from ..agents.runner import GameFailure, play_game
from ..engine.errors import PamirError
from ..engine.game import MAX_PLAYERS, MIN_PLAYERS, Game
from .arguments import player_count_arg, positive_arg, seed_arg, wakhan_variants_arg, wakhan_variants_help
from .progress import Progress
from .records import record_text
from .terminal.saves import paxpamir_home

#: A tournament folder's settings (bots, players, games, seed, Wakhan's variants, the version that plays them).
SETTINGS_FILE: Final = "tournament.json"
#: ... and its games' outcomes, a JSON line each, appended as each game ends (its record is written first).
OUTCOMES_FILE: Final = "outcomes.jsonl"

ELO_BASE = 1500.0
#: A game of bots that runs longer than this is reported as failed (a bot is looping).
MAX_DECISIONS = 20_000
ELO_SCALE = 400.0


@dataclass(frozen=True, slots=True)
class GameSpec:
    index: int
    seed: int
    players: int
    wakhan: bool
    lineup: tuple[str, ...]  # bot name per seat
    bot_seeds: tuple[int, ...]
    wakhan_variants: tuple[str, ...] = ()  # Wakhan's variants (rules/wakhan.py) in a Wakhan game


@dataclass(slots=True)
class GameOutcome:
    index: int
    seed: int
    lineup: list[str]
    winners: list[int]
    vp: list[int]
    turns: int
    decisions: int
    end_reason: str
    record: dict[str, Any] = field(repr=False)
    seconds: list[float]  # decision time per seat, wall clock (machine-dependent: not part of the result)
    seat_decisions: list[int]
    searched: list[int]  # decisions searched and iterations run by search bots, per seat
    iterations: list[int]
    cpu_seconds: list[float]  # CPU time of the seat's decisions (the thread that ran them), and the longest one
    cpu_max: list[float]
    error: str | None = None

    def result_key(self) -> tuple[Any, ...]:
        """Everything that must be identical between runs (no timings)."""
        return (self.index, self.seed, tuple(self.lineup), tuple(self.winners), tuple(self.vp), self.turns,
                self.decisions, self.end_reason, self.error)


# ---------------------------------------------------------------------------- the schedule


def bot_seed(base: int, index: int, seat: int) -> int:
    """A bot's seed from the tournament's seed, the game and the seat (stable across runs and machines)."""
    return (base * 1_000_003 + index * 101 + seat * 7919 + 12345) % (2**61 - 1)


def schedule(bots: Sequence[str], players: int, games: int, seed: int,
             wakhan_variants: tuple[str, ...] = ()) -> list[GameSpec]:
    """The games of a tournament, in order. ``bots`` names the participants:

    * exactly one per seat: that lineup, its seats rotated from game to game;
    * fewer than the seats: the last one fills the remaining seats (``search heuristic`` at 4 players is a
      search bot against three heuristic bots);
    * more than the seats: every combination of ``players`` of them in turn, each with rotated seats.

    ``wakhan`` among them makes a Wakhan game (2 or 3 seats): she always sits in the last seat, the rotation
    moves the others, and ``wakhan_variants`` switches on her variants.
    """
    names = [canonical_name(b) for b in bots]
    if not names:
        raise PamirError("name at least one bot")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PamirError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    wakhan = any(is_wakhan(b) for b in names)
    if wakhan:
        if players not in (2, 3):
            raise PamirError("Wakhan plays in games of 2 or 3 seats (--players 2 or 3)")
        if sum(1 for b in names if is_wakhan(b)) > 1:
            raise PamirError("only one Wakhan can sit at a table")
        names = [b for b in names if not is_wakhan(b)]
        if not names:
            raise PamirError("Wakhan needs at least one opponent")
    elif wakhan_variants:
        raise PamirError("Wakhan variants need Wakhan among the bots")
    seats = players - 1 if wakhan else players
    if len(names) < seats:
        names = names + [names[-1]] * (seats - len(names))
    combos = [tuple(names)] if len(names) == seats else list(itertools.combinations(names, seats))
    specs = []
    for i in range(games):
        combo = combos[(i // seats) % len(combos)]
        shift = i % seats
        lineup = combo[shift:] + combo[:shift]
        if wakhan:
            lineup = (*lineup, "wakhan")
        specs.append(
            GameSpec(i, seed + i, players, wakhan, lineup, tuple(bot_seed(seed, i, s) for s in range(players)),
                     tuple(wakhan_variants))
        )
    return specs


# ---------------------------------------------------------------------------- one game


class _Timed:
    """Counts a bot's decisions and the time they take: wall clock, and the CPU time of the thread deciding
    (a bot decides in one thread; other threads and processes on the machine do not count)."""

    __slots__ = ("agent", "seconds", "cpu", "cpu_max", "decisions")

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.seconds = 0.0
        self.cpu = 0.0
        self.cpu_max = 0.0
        self.decisions = 0

    def decide(self, game: Game) -> Decision:
        t0, c0 = time.perf_counter(), time.thread_time()
        made = self.agent.decide(game)
        cpu = time.thread_time() - c0
        self.seconds += time.perf_counter() - t0
        self.cpu += cpu
        self.cpu_max = max(self.cpu_max, cpu)
        self.decisions += 1
        return made


def play_spec(spec: GameSpec) -> GameOutcome:
    """Play one scheduled game (in any process: everything it needs is in ``spec``)."""
    game = Game.new(spec.players, spec.seed, wakhan=spec.wakhan, wakhan_variants=spec.wakhan_variants)
    agents = [_Timed(make_agent(name, s)) for name, s in zip(spec.lineup, spec.bot_seeds, strict=True)]
    error = None
    try:
        play_game(game, agents, max_decisions=MAX_DECISIONS)
    except GameFailure as exc:
        error = str(exc)
    s = game.summary()
    return GameOutcome(
        index=spec.index,
        seed=spec.seed,
        lineup=list(spec.lineup),
        winners=list(game.winners),
        vp=list(game.vp),
        turns=int(s["turns"]),
        decisions=sum(a.decisions for a in agents),
        end_reason=game.end_reason,
        record=game.record(),
        seconds=[a.seconds for a in agents],
        seat_decisions=[a.decisions for a in agents],
        searched=[int(getattr(a.agent, "searched", 0)) for a in agents],
        iterations=[int(getattr(a.agent, "iterations_run", 0)) for a in agents],
        cpu_seconds=[a.cpu for a in agents],
        cpu_max=[a.cpu_max for a in agents],
        error=error,
    )


# ---------------------------------------------------------------------------- running


def run_local(specs: Sequence[GameSpec], workers: int, progress: Callable[[GameOutcome], None] | None = None
              ) -> list[GameOutcome]:
    """Play the games in a local process pool (``workers`` > 1) or in this process; ``progress`` sees each
    outcome as its game ends; results in game order."""
    if workers <= 1 or len(specs) <= 1:
        out = []
        for spec in specs:
            outcome = play_spec(spec)
            if progress is not None:
                progress(outcome)
            out.append(outcome)
        return out
    import multiprocessing

    # The workers leave Ctrl-C to this process, which stops them at once (the games being played are lost, the
    # ones that ended are saved by ``progress``); waiting for every queued game could take hours.
    with multiprocessing.Pool(min(workers, len(specs)), initializer=_ignore_interrupts) as pool:
        results = []
        for outcome in pool.imap_unordered(play_spec, specs):
            if progress is not None:
                progress(outcome)
            results.append(outcome)
    return sorted(results, key=lambda o: o.index)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_ray(specs: Sequence[GameSpec], address: str | None = None,
            progress: Callable[[GameOutcome], None] | None = None, **init: Any) -> list[GameOutcome]:
    """Play the games as Ray tasks on the cluster at ``address`` (None: start or join a local instance);
    ``progress`` sees each outcome as its game ends; results in game order."""
    with ray_runtime(address, **init) as ray:
        task = ray.remote(play_spec)
        pending = [task.remote(spec) for spec in specs]
        results: list[GameOutcome] = []
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            outcome = ray.get(ready[0])
            if progress is not None:
                progress(outcome)
            results.append(outcome)
        return sorted(results, key=lambda o: o.index)


@contextlib.contextmanager
def ray_runtime(address: str | None = None, **init: Any) -> Iterator[Any]:
    """The ``ray`` module, connected to the cluster at ``address`` (None: start or join a local instance) unless
    it already is, and shut down at the end if it was connected here."""
    try:
        import ray
    except ImportError:
        raise PamirError("Ray is not installed: pip install 'paxpamir[ray]'") from None
    started = False
    if not ray.is_initialized():
        ray.init(address=address, **init)
        started = True
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


# ---------------------------------------------------------------------------- statistics


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def pairwise(outcomes: Sequence[GameOutcome]) -> list[tuple[str, str, float]]:
    """(a, b, score of a) for every pair of different bots in every game: 1 win, 0.5 tie, 0 loss."""
    pairs = []
    for o in outcomes:
        if o.error:
            continue
        n = len(o.lineup)
        for i in range(n):
            for j in range(i + 1, n):
                a, b = o.lineup[i], o.lineup[j]
                if a == b:
                    continue
                wi, wj = i in o.winners, j in o.winners
                if wi != wj:
                    score = 1.0 if wi else 0.0
                elif wi:
                    score = 0.5
                else:
                    score = 1.0 if o.vp[i] > o.vp[j] else 0.0 if o.vp[i] < o.vp[j] else 0.5
                pairs.append((a, b, score))
    return pairs


def elo_ratings(names: Sequence[str], pairs: Sequence[tuple[str, str, float]], iterations: int = 2000
                ) -> dict[str, float]:
    """Elo ratings (mean 1500) fitted to pairwise results by maximum likelihood (Bradley-Terry), with a weak
    prior (one draw against an average player) so that a bot that always wins keeps a finite rating."""
    rating = {b: 0.0 for b in names}
    if not pairs or len(names) < 2:
        return {b: ELO_BASE for b in names}
    k = math.log(10) / ELO_SCALE
    for _i in range(iterations):
        grad = {b: 0.0 for b in names}
        hess = {b: 1e-9 for b in names}
        for b in names:  # the prior: one draw against a 0-rated player
            e = 1 / (1 + math.exp(-k * rating[b]))
            grad[b] += 0.5 - e
            hess[b] += e * (1 - e)
        for a, b, s in pairs:
            e = 1 / (1 + math.exp(-k * (rating[a] - rating[b])))
            grad[a] += s - e
            grad[b] -= s - e
            hess[a] += e * (1 - e)
            hess[b] += e * (1 - e)
        step = max(abs(grad[b] / (k * hess[b])) for b in names)
        for b in names:
            rating[b] += grad[b] / (k * hess[b]) * 0.5
        if step < 1e-6:
            break
    mean = sum(rating.values()) / len(rating)
    return {b: ELO_BASE + rating[b] - mean for b in names}


@dataclass(slots=True)
class BotStats:
    name: str
    games: int = 0
    wins: float = 0.0
    seconds: float = 0.0  # wall clock
    cpu_seconds: float = 0.0
    cpu_max: float = 0.0  # the longest decision
    decisions: int = 0
    searched: int = 0
    iterations: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def per_decision(self, seconds: float) -> float:
        """``seconds`` over the bot's decisions, in milliseconds."""
        return 1000 * seconds / self.decisions if self.decisions else 0.0


def bot_stats(outcomes: Sequence[GameOutcome]) -> dict[str, BotStats]:
    stats: dict[str, BotStats] = {}
    for o in outcomes:
        seen_in_game: set[str] = set()
        for seat, name in enumerate(o.lineup):
            st = stats.setdefault(name, BotStats(name))
            st.seconds += o.seconds[seat]
            st.cpu_seconds += o.cpu_seconds[seat]
            st.cpu_max = max(st.cpu_max, o.cpu_max[seat])
            st.decisions += o.seat_decisions[seat]
            st.searched += o.searched[seat]
            st.iterations += o.iterations[seat]
            if o.error:
                continue
            # A bot that fills several seats plays the game once; it wins if any of its seats wins.
            if name not in seen_in_game:
                st.games += 1
                seen_in_game.add(name)
            if seat in o.winners:
                st.wins += 1.0 / len(o.winners)
    return stats


def report(outcomes: Sequence[GameOutcome], out: TextIO, wall: float | None = None) -> dict[str, Any]:
    """Print the table; return the figures (also saved as summary.json)."""
    stats = bot_stats(outcomes)
    names = list(stats)
    elo = elo_ratings(names, pairwise(outcomes))
    failures = [o for o in outcomes if o.error]
    print(f"{'bot':<18} {'games':>5} {'wins':>7} {'win rate':>8}  {'95% CI':<15} {'Elo':>6} "
          f"{'CPU ms/decision':>15} {'CPU max':>8} {'wall ms':>8}", file=out)
    rows = []
    for name in names:
        st = stats[name]
        lo, hi = wilson(st.wins, st.games)
        ms, cpu_ms, cpu_max = st.per_decision(st.seconds), st.per_decision(st.cpu_seconds), 1000 * st.cpu_max
        print(f"{name:<18} {st.games:>5} {st.wins:>7.1f} {st.rate:>8.1%}  [{lo:.1%}, {hi:.1%}]".ljust(57)
              + f" {elo[name]:>6.0f} {cpu_ms:>15.2f} {cpu_max:>8.1f} {ms:>8.2f}", file=out)
        rows.append({"bot": name, "games": st.games, "wins": st.wins, "win_rate": st.rate, "ci95": [lo, hi],
                     "elo": elo[name], "cpu_ms_per_decision": cpu_ms, "cpu_ms_max": cpu_max,
                     "ms_per_decision": ms})
        if st.searched:
            cpu = max(st.cpu_seconds, 1e-9)
            print(f"  {name}: {st.searched} searched decisions, {st.iterations / st.searched:.0f} iterations "
                  f"each, {st.iterations / cpu:.0f} iterations a CPU second, "
                  f"{st.decisions / cpu:.1f} decisions a CPU second ({cpu_ms:.0f} CPU ms a decision)", file=out)
    n_games = len(outcomes)
    seats = len(outcomes[0].lineup) if outcomes else 0
    seat_wins = [sum(1.0 / len(o.winners) for o in outcomes if s in o.winners and not o.error) for s in range(seats)]
    print(f"{n_games} games" + (f", {len(failures)} failed" if failures else "")
          + (f", wall time {wall:.1f} s" if wall is not None else "")
          + "; wins by seat: " + ", ".join(f"{s}: {w:g}" for s, w in enumerate(seat_wins)), file=out)
    for o in failures:
        print(f"  game {o.index} (seed {o.seed}) failed: {o.error}", file=out)
    return {"bots": rows, "games": n_games, "failures": len(failures), "seat_wins": seat_wins}


def default_records_dir(seed: int, now: float | None = None) -> str:
    """A new folder, made here, for a tournament's records under the data folder:
    ``<home>/arena/<date>-<time>-seed<S>`` (``-2``, ``-3``... after it when that exists: a tournament never mixes
    its records with another's)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = os.path.join(paxpamir_home(), "arena", f"{stamp}-seed{seed}")
    os.makedirs(os.path.dirname(base), exist_ok=True)
    path, k = base, 2
    while True:
        try:
            os.mkdir(path)
            return path
        except FileExistsError:
            path, k = f"{base}-{k}", k + 1


def record_path(directory: str, index: int, seed: int) -> str:
    """Where game ``index`` (of seed ``seed``) of a tournament keeps its record."""
    return os.path.join(directory, f"game-{index:04d}-seed-{seed}.json")


def _write(path: str, text: str) -> None:
    """Write a file whole or not at all (a run stopped while writing leaves the old one or none)."""
    part = path + ".part"
    with open(part, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(part, path)


def _outcome_line(outcome: GameOutcome) -> str:
    return json.dumps({k: v for k, v in asdict(outcome).items() if k != "record"}) + "\n"


def start_tournament(directory: str, settings: dict[str, Any], done: Sequence[GameOutcome] = ()) -> None:
    """Make ``directory`` a tournament's folder: its settings, the version of paxpamir that plays it, and the
    outcomes of the games ``done`` (a resumed tournament's: what a stopped run left unreadable is dropped)."""
    os.makedirs(directory, exist_ok=True)
    played_by = {"version": __version__, "build": build_info()}
    _write(os.path.join(directory, SETTINGS_FILE), json.dumps({**settings, **played_by}, indent=1))
    _write(os.path.join(directory, OUTCOMES_FILE), "".join(_outcome_line(o) for o in done))


def save_game(directory: str, outcome: GameOutcome) -> None:
    """Save a game as it ends: its record, then its outcome's line (so a line always has its record)."""
    _write(record_path(directory, outcome.index, outcome.seed), record_text(outcome.record))
    with open(os.path.join(directory, OUTCOMES_FILE), "a", encoding="utf-8") as f:
        f.write(_outcome_line(outcome))


def load_tournament(directory: str) -> tuple[dict[str, Any], dict[int, GameOutcome]]:
    """A tournament folder's settings and the games it has played, by index. A line cut short, or one whose
    record is missing or unreadable, is a game to play again."""
    try:
        with open(os.path.join(directory, SETTINGS_FILE), encoding="utf-8") as f:
            settings = json.load(f)
    except FileNotFoundError:
        raise PamirError(f"{directory} holds no tournament to resume (no {SETTINGS_FILE})") from None
    except (OSError, ValueError) as exc:
        raise PamirError(f"cannot read {os.path.join(directory, SETTINGS_FILE)}: {exc}") from None
    if not isinstance(settings, dict) or not {"bots", "players", "games", "seed"} <= settings.keys():
        raise PamirError(f"{os.path.join(directory, SETTINGS_FILE)} is not a tournament's settings")
    if settings.get("version") != __version__:
        raise PamirError(f"the games in {directory} were played by paxpamir {settings.get('version')}, this is "
                         f"{__version__}: a tournament's results come from one version; start a new one")
    if settings.setdefault("build", build_info()) != build_info():
        raise PamirError(f"the games in {directory} were played by the {settings['build']} build, this is the "
                         f"{build_info()} one: levels in seconds play fewer lines in the pure build, so a "
                         "tournament's results come from one build; resume it with that build")
    done: dict[int, GameOutcome] = {}
    try:
        with open(os.path.join(directory, OUTCOMES_FILE), encoding="utf-8") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        lines = []
    for line in lines:
        try:
            fields = json.loads(line)
            with open(record_path(directory, fields["index"], fields["seed"]), encoding="utf-8") as f:
                record = json.load(f)
            outcome = GameOutcome(**fields, record=record)
        except (OSError, ValueError, TypeError, KeyError):
            continue
        done[outcome.index] = outcome
    return settings, done


def save_records(outcomes: Sequence[GameOutcome], directory: str, summary: dict[str, Any]) -> None:
    """Write ``summary.json`` in ``directory``, and each game's record (``game-<index>-seed-<seed>.json``) that is
    not there yet."""
    os.makedirs(directory, exist_ok=True)
    for o in outcomes:
        path = record_path(directory, o.index, o.seed)
        if not os.path.exists(path):
            _write(path, record_text(o.record))
    results = [{k: v for k, v in asdict(o).items() if k != "record"} for o in outcomes]
    _write(os.path.join(directory, "summary.json"), json.dumps({"summary": summary, "games": results}, indent=1))


# ---------------------------------------------------------------------------- the command


#: ``pamir arena``'s defaults for what a tournament is (``--resume`` takes them from the folder instead).
DEFAULTS: Final[dict[str, Any]] = {"bots": ["heuristic", "random"], "players": 2, "games": 20, "seed": 1,
                                   "wakhan_variants": ()}


def _settings(args: argparse.Namespace) -> tuple[dict[str, Any], dict[int, GameOutcome]]:
    """The tournament to play (bots, players, games, seed, Wakhan's variants) and the games it has played:
    from the command line, or from the folder ``--resume`` names (whose settings only ``--games`` may change,
    to a larger number)."""
    if args.resume is None:
        settings = {k: getattr(args, k) if getattr(args, k) is not None else v for k, v in DEFAULTS.items()}
        settings["wakhan_variants"] = list(settings["wakhan_variants"])
        return settings, {}
    given = [k for k in ("bots", "players", "seed", "wakhan_variants") if getattr(args, k) is not None]
    if given:
        flags = ", ".join("--" + k.replace("_", "-") for k in given)
        raise PamirError(f"--resume plays the tournament its folder describes: {flags} cannot change it")
    settings, done = load_tournament(args.resume)
    if args.games is not None:
        if args.games < settings["games"]:
            raise PamirError(f"the tournament in {args.resume} has {settings['games']} games: --games can make it "
                             f"longer, not shorter")
        settings["games"] = args.games
    return settings, done


def cmd_arena(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    settings, done = _settings(args)
    bots, players, games, seed = settings["bots"], settings["players"], settings["games"], settings["seed"]
    variants = tuple(settings["wakhan_variants"])
    for b in bots:
        parse_bot(b)
    specs = schedule(bots, players, games, seed, variants)
    for spec in specs:  # a game played before must be the game scheduled now
        old = done.get(spec.index)
        if old is not None and (old.seed, tuple(old.lineup)) != (spec.seed, spec.lineup):
            raise PamirError(f"game {spec.index} in {args.resume} is not the game this tournament schedules")
    todo = [spec for spec in specs if spec.index not in done]
    records = None
    if args.resume is not None or not (args.no_records or args.records == ""):
        records = args.resume or args.records or default_records_dir(seed)
        start_tournament(records, settings, sorted(done.values(), key=lambda o: o.index))
    lineups = sorted({" v ".join(s.lineup) for s in specs})
    where = f"Ray ({args.ray or 'local instance'})" if args.ray is not None else (
        f"{args.workers} local processes" if args.workers > 1 else "this process")
    print(f"arena: {games} games of {players} players, seeds {seed}..{seed + games - 1}, on {where}, "
          f"{build_info()} engine", file=err)
    if done:
        print(f"resuming {records}: {len(specs) - len(todo)} games played, {len(todo)} to play", file=err)
    print("lineups (seats rotated): " + "; ".join(lineups[:4]) + (" ..." if len(lineups) > 4 else ""), file=err)
    t0 = time.perf_counter()
    # Ray starts (and says so on standard error) before the bar is drawn.
    cluster = ray_runtime(args.ray or None) if args.ray is not None and todo else contextlib.nullcontext()
    with cluster, Progress(err) as bar:
        bar.phase("playing", total=len(todo), unit="games")

        def progress(o: GameOutcome) -> None:
            if records is not None:
                save_game(records, o)
            bar.advance()
            if args.verbose:
                w = "+".join(o.lineup[s] for s in o.winners) or "-"
                bar.print(f"game {o.index} seed {o.seed}: {' / '.join(o.lineup)} -> {w} {o.vp}", err)

        if not todo:
            played: list[GameOutcome] = []
        elif args.ray is not None:
            played = run_ray(todo, args.ray or None, progress)
        else:
            played = run_local(todo, args.workers, progress)
    wall = time.perf_counter() - t0
    outcomes = sorted([*done.values(), *played], key=lambda o: o.index)
    outcomes = [o for o in outcomes if o.index < games]
    summary = report(outcomes, out, wall)
    if records is not None:
        summary["build"] = build_info()
        summary["command"] = f"pamir arena --bots {' '.join(bots)} --players {players} --games {games} --seed {seed}"
        if variants:
            summary["command"] += f" --wakhan-variants {','.join(variants)}"
        save_records(outcomes, records, summary)
        print(f"records saved in {os.path.join(records, '')} ({len(outcomes)} games and summary.json; "
              "pamir replay FILE replays one)", file=out)
    return 1 if summary["failures"] else 0


def register(sub: Any) -> None:
    """Add ``pamir arena`` to the ``pamir`` command's subparsers."""
    p = sub.add_parser("arena", help="a tournament between bots (and Wakhan): win rates, Elo, records")
    p.add_argument("--bots", nargs="+", metavar="BOT",
                   help="bots to pit against each other: random, heuristic[:easy|normal|fitted], "
                        "search[:fast|normal|strong|ITERATIONS|SECONDSs], wakhan (default: heuristic random); "
                        "a search's settings join with commas (search:strong,w0.5: lines or seconds, cN candidates, "
                        "wX widening, pN plan, hN horizon: lines end after the next N seats' turns, "
                        "dN depth: lines end at the start of its N-th turn from now, "
                        "tX temperature of the reward, f the reward fitted to who won, g its own choices by that fit)")
    p.add_argument("--players", type=player_count_arg, help="seats per game, 2-5 (default 2)")
    p.add_argument("--games", type=positive_arg,
                   help="number of games (default 20; with --resume, a larger number makes the tournament longer)")
    p.add_argument("--seed", type=seed_arg, help="seed of the first game; game i uses seed+i (default 1)")
    p.add_argument("--wakhan-variants", type=wakhan_variants_arg, metavar="VARIANTS",
                   help=wakhan_variants_help())
    p.add_argument("--workers", type=positive_arg, default=os.cpu_count() or 1,
                   help="local processes (default: one per core; 1 plays in this process)")
    p.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="run the games on a Ray cluster (default address: start or join a local instance)")
    saving = p.add_mutually_exclusive_group()
    saving.add_argument("--records", metavar="DIR",
                        help="folder for the game records (each saved as its game ends) and summary.json "
                             "(default: a new folder arena/<date>-<time>-seed<S> in $PAXPAMIR_HOME or ~/.paxpamir)")
    saving.add_argument("--no-records", action="store_true", help="save no records (nothing to resume)")
    saving.add_argument("--resume", metavar="DIR",
                        help="go on with the tournament saved in DIR (stopped part-way): play the games it lacks")
    p.add_argument("-v", "--verbose", action="store_true", help="print each game's result as it ends")
    p.set_defaults(run=cmd_arena)


__all__ = ["OUTCOMES_FILE", "SETTINGS_FILE", "GameOutcome", "GameSpec", "cmd_arena", "default_records_dir",
           "elo_ratings", "load_tournament", "pairwise", "play_spec", "ray_runtime", "record_path", "register",
           "report", "run_local", "run_ray", "save_game", "schedule", "start_tournament", "wilson"]
