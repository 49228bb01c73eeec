"""Simulated games against Wakhan: one or two random bots (the human seats) and her decision procedure.

``pamir simulate --wakhan --players 2|3`` runs :func:`simulate_command`; :func:`run_wakhan_games` is the
library function behind it.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..agents.bots import RandomBot
from ..agents.wakhan_procedure import WakhanPlayer
from ..engine.game import Game

MAX_DECISIONS = 100_000


class WakhanGameFailure(Exception):
    """A simulated game broke: an illegal choice, an engine error or a broken invariant."""

    def __init__(self, seed: int, decisions: int, message: str) -> None:
        super().__init__(f"seed {seed}, after {decisions} decisions: {message}")
        self.seed = seed
        self.decisions = decisions


@dataclass
class WakhanGameResult:
    seed: int
    players: int
    vp: list[int]
    winners: list[int]
    turns: int
    decisions: int
    end_reason: str
    record: dict[str, Any] = field(repr=False, default_factory=dict)


def play_wakhan_game(
    players: int, seed: int, check: bool | Callable[[Game], Any] = False, keep_record: bool = False
) -> WakhanGameResult:
    """Play one game: seats 0..players-2 are a random bot seeded with ``seed``, the last seat is Wakhan.

    ``check``: True to run :func:`paxpamir.engine.invariants.check_invariants` after every decision, or a checker of
    your own. Raises :class:`WakhanGameFailure` with the seed and decision count if anything goes wrong.
    """
    checker: Callable[[Game], Any] | None
    if check is True:
        from ..engine.invariants import check_invariants

        checker = check_invariants
    else:
        checker = check or None
    game = Game.new(players, seed, wakhan=True)
    bot = RandomBot(seed)
    wakhan = WakhanPlayer()
    decisions = 0
    while not game.is_over:
        if decisions >= MAX_DECISIONS:
            raise WakhanGameFailure(seed, decisions, "the game did not end")
        try:
            if game.current_player == game.wakhan:
                option, reason = wakhan.choose(game)
                game.apply(option, game.wakhan, reason=reason)
            else:
                option = bot.choose(game)
                game.apply(option)
        except Exception as exc:
            raise WakhanGameFailure(seed, decisions, f"{type(exc).__name__}: {exc}") from exc
        decisions += 1
        if checker is not None:
            try:
                checker(game)
            except AssertionError as exc:
                raise WakhanGameFailure(seed, decisions, f"invariant broken after {list(option)!r}: {exc}") from exc
    s = game.summary()
    return WakhanGameResult(
        seed=seed,
        players=players,
        vp=s["vp"],
        winners=s["winners"],
        turns=s["turns"],
        decisions=decisions,
        end_reason=s["end_reason"],
        record=game.record() if keep_record else {},
    )


def run_wakhan_games(
    players: int, games: int, seed: int = 1, check: bool | Callable[[Game], Any] = False
) -> list[WakhanGameResult]:
    """Play ``games`` games against Wakhan (``players`` seats including hers: 2 or 3), seeds seed..seed+games-1."""
    if players not in (2, 3):
        raise ValueError(f"Wakhan plays against one or two humans: --players 2 or 3, not {players}")
    return [play_wakhan_game(players, seed + i, check) for i in range(games)]


def report_lines(results: list[WakhanGameResult], checked: bool = False) -> list[str]:
    """A table of the games and a summary, like ``pamir simulate``."""
    if not results:
        return ["no games"]
    n = results[0].players
    w = n - 1
    lines = [f"{'game':>5} {'seed':>6}  {'winner':<8} {'VP':<{3 * n + 2}} {'turns':>5} {'decisions':>9}  ended"]
    wins: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    for i, r in enumerate(results):
        for p in r.winners:
            wins[p] += 1
        ended = "final check" if r.end_reason.startswith("final") else "early end"
        reasons[ended] += 1
        who = "+".join("W" if p == w else str(p) for p in r.winners)
        vp = "/".join(str(v) for v in r.vp)
        lines.append(f"{i + 1:>5} {r.seed:>6}  {who:<8} {vp:<{3 * n + 2}} {r.turns:>5} {r.decisions:>9}  {ended}")
    k = len(results)
    lines.append("")
    lines.append(
        f"{k} game{'s' if k != 1 else ''} against Wakhan (seat {w}), {n - 1} random bot seat{'s' if n > 2 else ''}, "
        f"seeds {results[0].seed}..{results[-1].seed}"
        + (" (invariants checked after every decision)" if checked else "")
    )
    seats = ", ".join(("Wakhan" if p == w else f"seat {p}") + f": {wins[p]}" for p in range(n))
    lines.append(f"wins: {seats}")
    lines.append(
        f"average turns: {sum(r.turns for r in results) / k:.1f}, "
        f"average decisions: {sum(r.decisions for r in results) / k:.1f}"
    )
    lines.append("end reasons: " + ", ".join(f"{r} {c}" for r, c in sorted(reasons.items())))
    return lines


def simulate_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``pamir simulate --wakhan``: uses args.players (2 or 3), args.games, args.seed, args.check."""
    if args.players not in (2, 3):
        print(f"pamir simulate: error: --wakhan needs --players 2 or 3 (Wakhan included), not {args.players}", file=err)
        return 2
    try:
        results = run_wakhan_games(args.players, args.games, args.seed, bool(args.check))
    except WakhanGameFailure as fail:
        print(f"error: {fail}", file=err)
        print(
            f"reproduce with: pamir simulate --wakhan --players {args.players} --games 1 --seed {fail.seed}"
            + (" --check" if args.check else ""),
            file=err,
        )
        return 1
    for line in report_lines(results, bool(args.check)):
        print(line, file=out)
    return 0


__all__ = ["run_wakhan_games", "play_wakhan_game", "report_lines", "simulate_command", "WakhanGameResult"]
