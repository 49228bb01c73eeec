"""Scan arena records for plain mistakes of the bots (issue 34): decisions whose whole effect for the decider is
plainly bad.

Usage::

    python tools/scan_mistakes.py DIR [DIR ...] [--json OUT] [--all-seats] [--mistakes]

Each DIR holds the records of one ``pamir arena ... --records DIR`` run (``game-*.json`` and ``summary.json``,
which names the bot in every seat). Every game is replayed decision by decision and cut into *actions*: a turn
decision of a seat (a purchase, a play, a card action) and everything up to that seat's next turn decision or the
end of its turn (follow-ups, bribes, impacts). An action is flagged, for bot seats (not Wakhan, unless
``--all-seats``), when

* ``bribe-not-worth-it``: the decider paid a bribe for a card action and the action left the board, the courts,
  hands, the market and the points as they were, and brought the decider no more rupees than the bribe cost
  (a tax of at most the bribe, say), and took no rupee from any other player;
* ``bribe-paid-nothing-done``: as above, and the action itself did nothing at all (no tax, no piece, no gift):
  the bribe was paid for an action that could not be completed;
* ``bribe-to-tax-another``: as ``bribe-not-worth-it``, but the rupees taxed came from another player than the
  one bribed (with three players or more: a rupee of the leader given to a weaker player; listed, not counted);
* ``no-effect``: an action (no bribe) that changed nothing but the decider's rupees, not for the better, and
  cost one of the turn's actions or rupees;
* ``no-effect-free``: the same for a bonus action that cost nothing (a spy moved there and back: listed, not
  counted as a mistake);
* ``discarded-at-cleanup``: a card bought or played this turn was discarded at the turn's cleanup (hand or
  court limit) with nothing come of it (no impact placed, its action unused, no more rupees taken with it than
  were spent on it); the details say what was spent;
* ``discarded-for-rupees``: the same for a card bought for fewer rupees than lay on it (a purchase for the
  rupees: listed, not counted as a mistake);
* ``discarded-after-impacts``: the same for a card whose play placed pieces or whose action was used (playing a
  card for its impacts alone is often right: listed, not counted as a mistake).

The step of each finding is the index in the record's ``choices`` of the decision that began the action: replay
the first ``step`` choices to get the position the decision was taken in.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from paxpamir import Game

#: Events that show a card action doing something (beyond its cost).
ACTION_EFFECTS = frozenset(
    {
        "tax",
        "gift",
        "place",
        "move_army",
        "move_tribe",
        "move_spy",
        "removed",
        "betray",
        "prize",
        "blackmail",
        "infrastructure",
        "safe_house",
        "take_piece",
    }
)
#: The kinds of finding that count as mistakes (the others are listed for reading: often right).
MISTAKES = frozenset({"bribe-not-worth-it", "bribe-paid-nothing-done", "no-effect", "discarded-at-cleanup"})
#: The reasons the cleanup discards with.
CLEANUP_REASONS = frozenset({"hand limit", "court limit"})


@dataclass
class Finding:
    """One flagged action."""

    file: str
    seed: int | None
    lineup: list[str]
    step: int
    player: int
    bot: str
    kind: str
    option: list[Any]
    turn: int
    detail: dict[str, Any] = field(default_factory=dict)

    def line(self) -> str:
        return (
            f"{self.kind:24} seed {self.seed} step {self.step} turn {self.turn} P{self.player} ({self.bot}) "
            f"{self.option}: {json.dumps(self.detail)}"
        )


def _signature(g: Game) -> tuple[object, ...]:
    """Everything but rupees (and the bookkeeping of used cards and actions): what an action may change."""
    return (
        tuple(g.vp),
        g.gifts,
        tuple(g.prizes),
        tuple(tuple(h) for h in g.hands),
        tuple(tuple(c) for c in g.courts),
        tuple(g.tribes),
        tuple(g.armies),
        g.roads,
        g.spies,
        tuple(g.market),
        g.loyalty,
        g.favored,
        g.rulers,
        tuple(g.discard),
        g.effects,
    )


def new_events(g: Game, since: int) -> list[dict[str, Any]]:
    """The events logged after the first ``since``, oldest first."""
    count = g._log_len - since
    out: list[dict[str, Any]] = []
    if count <= 0:
        return out
    for event in g.recent_events():
        out.append(event)
        if len(out) == count:
            break
    out.reverse()
    return out


@dataclass
class _Action:
    step: int
    player: int
    option: list[Any]
    turn: int
    rupees: list[int]
    signature: tuple[object, ...]
    log_len: int


@dataclass
class _Turn:
    player: int
    bought: dict[int, int] = field(default_factory=dict)  # card -> cost
    gained: dict[int, int] = field(default_factory=dict)  # card -> the rupees taken with it from the market
    played: dict[int, int] = field(default_factory=dict)  # card -> bribe paid to play it
    impacts: dict[int, list[str]] = field(default_factory=dict)  # card -> what its play placed or did
    used: set[int] = field(default_factory=set)  # cards whose action was taken
    steps: dict[int, int] = field(default_factory=dict)  # card -> the step that bought or played it


def _bot_names(directory: Path) -> dict[int, list[str]]:
    """Game index -> the bot in each seat, from the run's summary.json."""
    summary = directory / "summary.json"
    if not summary.exists():
        return {}
    data = json.loads(summary.read_text())
    return {int(game["index"]): list(game["lineup"]) for game in data.get("games", [])}


def scan_record(record: dict[str, Any], name: str, lineup: list[str], all_seats: bool = False) -> list[Finding]:
    """The flagged actions of one game record."""
    findings: list[Finding] = []
    if record.get("position") is not None:
        g = Game.from_json(record["position"])
    else:
        options = record.get("options") or {}
        g = Game.new(
            record["players"],
            record["seed"],
            **{k: v for k, v in options.items() if k in ("open_hands", "wakhan", "wakhan_variants")},
        )

    def bot(p: int) -> str:
        if p == g.wakhan:
            return "wakhan"
        return lineup[p] if p < len(lineup) else "?"

    def watched(p: int) -> bool:
        return all_seats or p != g.wakhan

    action: _Action | None = None
    turn: _Turn | None = None
    play_of: int | None = None  # the card whose play's impacts are being collected

    def close_action() -> None:
        nonlocal action
        if action is None:
            return
        a = action
        action = None
        p = a.player
        events = new_events(g, a.log_len)
        paid = sum(e["amount"] for e in events if e["type"] == "bribe_paid" and e["player"] == p)
        hostage = any(e["type"] == "bribe_paid" and e["player"] == p and e["purpose"] == "hostage" for e in events)
        gained = g.rupees[p] - a.rupees[p]
        unchanged = _signature(g) == a.signature
        did = [e["type"] for e in events if e["type"] in ACTION_EFFECTS]
        if not watched(p) or a.option[0] == "end_turn":
            return
        refused = any(e["type"] in ("bribe_refused", "bribe_broken_off") for e in events)
        if refused and unchanged and gained == 0:
            return  # the action was not taken: nothing happened, nothing spent
        bonus = [e["bonus"] for e in events if e["type"] == "action" and e["player"] == p]
        detail: dict[str, Any] = {"bribe": paid, "rupees": gained, "effects": did, "bonus": bonus}
        if hostage and unchanged and gained <= 0:
            changes = [g.rupees[q] - a.rupees[q] for q in range(g.n)]
            detail["rupee_changes"] = changes
            if not did:
                kind = "bribe-paid-nothing-done"
            elif any(changes[q] < 0 for q in range(g.n) if q != p):
                kind = "bribe-to-tax-another"
            else:
                kind = "bribe-not-worth-it"
            findings.append(Finding(name, record["seed"], lineup, a.step, p, bot(p), kind, a.option, a.turn, detail))
        elif unchanged and gained <= 0:
            kind = "no-effect-free" if bonus and all(bonus) and gained == 0 else "no-effect"
            findings.append(Finding(name, record["seed"], lineup, a.step, p, bot(p), kind, a.option, a.turn, detail))

    choices = record.get("choices", [])
    log_len = 0
    for i, item in enumerate(choices):
        who, option, *rest = item
        if g.decision == "turn" and who == g.current_player:
            close_action()
            action = _Action(i, who, list(option), g.turn, list(g.rupees), _signature(g), g._log_len)
        g.apply(option, who, *rest)
        for e in new_events(g, log_len):
            t = e["type"]
            if t == "turn":
                close_action()
                turn = _Turn(e["player"])
                play_of = None
            if turn is None:
                continue
            p = turn.player
            if t == "purchase" and e["player"] == p:
                turn.bought[e["card"]] = e["cost"]
                turn.gained[e["card"]] = e["gained"]
                turn.steps.setdefault(e["card"], i)
            elif t == "bribe_paid" and e["player"] == p and e["purpose"] == "play":
                turn.played[e["card"]] = turn.played.get(e["card"], 0) + e["amount"]
            elif t == "play" and e["player"] == p:
                turn.played.setdefault(e["card"], 0)
                turn.impacts[e["card"]] = []
                turn.steps.setdefault(e["card"], i)
                play_of = e["card"]
            elif t == "action":
                play_of = None
                if e["player"] == p:
                    turn.used.add(e["card"])
            elif play_of is not None and t in ("place", "favored", "removed", "bank_rupees"):
                turn.impacts[play_of].append(t if t != "place" else f"place {e['kind']}")
            elif t in ("discard_hand", "discard_court") and e["player"] == p and e["reason"] in CLEANUP_REASONS:
                card = e["card"]
                if (card in turn.bought or card in turn.played) and watched(p):
                    detail = {
                        "card": card,
                        "from": "hand" if t == "discard_hand" else "court",
                        "bought_for": turn.bought.get(card),
                        "rupees_on_it": turn.gained.get(card),
                        "play_bribe": turn.played.get(card),
                        "impacts": turn.impacts.get(card),
                        "action_used": card in turn.used,
                        "since_step": turn.steps.get(card),
                    }
                    net = turn.gained.get(card, 0) - turn.bought.get(card, 0) - turn.played.get(card, 0)
                    detail["net_rupees"] = net
                    if turn.impacts.get(card) or card in turn.used:
                        what = "discarded-after-impacts"
                    elif net > 0:
                        what = "discarded-for-rupees"
                    else:
                        what = "discarded-at-cleanup"
                    findings.append(
                        Finding(name, record["seed"], lineup, i, p, bot(p), what, list(option), g.turn, detail)
                    )
        log_len = g._log_len
    close_action()
    return findings


def records(directory: Path) -> Iterator[tuple[Path, dict[str, Any], list[str]]]:
    lineups = _bot_names(directory)
    for path in sorted(directory.glob("game-*.json")):
        index = int(path.name.split("-")[1])
        yield path, json.loads(path.read_text()), lineups.get(index, [])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", type=Path, help="folders of arena records")
    parser.add_argument("--json", type=Path, help="write the findings here as JSON")
    parser.add_argument("--all-seats", action="store_true", help="Wakhan's decisions too")
    parser.add_argument("--mistakes", action="store_true", help="print only the kinds counted as mistakes")
    args = parser.parse_args(argv)
    findings: list[Finding] = []
    games = 0
    for directory in args.dirs:
        for path, record, lineup in records(directory):
            games += 1
            findings.extend(scan_record(record, str(path), lineup, args.all_seats))
    for f in findings:
        if f.kind in MISTAKES or not args.mistakes:
            print(f.line())
    counts: dict[str, int] = {}
    for f in findings:
        counts[f.kind] = counts.get(f.kind, 0) + 1
    mistakes = sum(v for k, v in counts.items() if k in MISTAKES)
    listed = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) or "no findings"
    print(f"{games} games scanned; {mistakes} mistakes; {listed}")
    if args.json:
        args.json.write_text(json.dumps([asdict(f) for f in findings], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
