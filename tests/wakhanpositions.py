"""Wakhan positions for the tests: hand-written states with Wakhan in the last seat, loaded with
``Game.from_json``. ``"options": {"wakhan": true}`` makes the last seat Wakhan and ``"wakhan": {"ai_deck": [...],
"ai_discard": [...]}`` sets her AI cards (the last of ``ai_discard`` is the card in use, the first of ``ai_deck``
the next card whose back is read)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

from positions import player, state

from paxpamir import Game
from paxpamir.agents.wakhan import WakhanPlayer
from paxpamir.agents.wakhan.lines import line_note

REF = json.loads(resources.files("paxpamir.content").joinpath("data/wakhan_cards.json").read_text(encoding="utf-8"))
AI = {c["number"]: c for c in REF["ai_cards"]}


def ref_arrows(front: int, nxt: int) -> tuple[int, str]:
    """The arrows read straight from the data file: (column, row/side)."""
    f, b = AI[front]["front"], AI[nxt]["back"]
    return b["column_numbers"][f["column_arrow"]], b["row_side"][f["row_side_arrow"]]


def ref_pragmatic(front: int, taken: set[str]) -> str:
    return next(c for c in AI[front]["front"]["pragmatic_loyalty"] if c not in taken)


def next_for(front: int, side: str | None = None, column: int | None = None) -> int:
    """An AI card whose back, read with ``front``'s arrows, gives the wanted row/side and column."""
    for nxt in range(1, 25):
        if nxt == front:
            continue
        col, rs = ref_arrows(front, nxt)
        if (side is None or rs == side) and (column is None or col == column):
            return nxt
    raise AssertionError(f"no next card gives {side} {column} with card {front}")


def wstate(
    *players: dict[str, Any],
    ai: int = 1,
    nxt: int | None = None,
    last_line: int = 0,
    log: list | None = None,
    **fields: Any,
) -> dict:
    """A Wakhan position (last seat Wakhan, AI card ``ai`` face up, ``nxt`` next). ``last_line`` (1-based)
    writes a log in which Wakhan has just performed that line of her AI card this turn, so the next line is
    tried first; ``log`` gives the log outright."""
    for key in ("market", "market_rupees"):
        if key in fields and len(fields[key]) == 1:
            fields[key] = [*fields[key], []]
    fields.setdefault("current", len(players) - 1)
    data = state(*players, **fields)
    data["options"] = {"wakhan": True}
    w = len(players) - 1
    if nxt is None:
        nxt = 2 if ai != 2 else 3
    rest = [c for c in range(1, 25) if c not in (ai, nxt)]
    data["wakhan"] = {"ai_deck": [nxt, *rest], "ai_discard": [ai]}
    if last_line:
        code = AI[ai]["front"]["actions"][last_line - 1]
        data["log"] = [
            {"type": "turn", "player": w, "turn": data["turn"]},
            {
                "type": "reason",
                "player": w,
                "text": f"AI card {ai} (test), line {last_line}/3 ({code})",
                "note": line_note(ai, last_line, 3, code),
            },
        ]
        ts = dict(data.get("turn_state") or {})
        ts.setdefault("actions_used", 1)
        data["turn_state"] = ts
    if log is not None:
        data["log"] = log
    return data


def wgame(*players: dict[str, Any], **kw: Any) -> Game:
    return Game.from_json(copy.deepcopy(wstate(*players, **kw)))


def wakhan(rupees: int = 0, **kw: Any) -> dict[str, Any]:
    return player(None, rupees, **kw)


def choose(g: Game) -> tuple[tuple, str]:
    option, reason = WakhanPlayer().choose(g)
    assert option in g.legal_options()
    assert reason and not reason.startswith("AI card")  # the log names her card once, when drawn
    return option, reason


def decide(g: Game) -> tuple[tuple, str]:
    option, reason = choose(g)
    g.apply(option, g.wakhan, reason=reason)
    return option, reason


def ambition_game(**extra: Any) -> Game:
    """Russian dominant (4 armies); Wakhan holds a Russian patriot, the human is British: a Dominance Check in
    the market would score only for her (the Ambition positions)."""
    return wgame(
        player("british", 3, court=[9]),
        wakhan(5, court=[100]),
        ai=2,
        market=[[61, 101, 5]],
        armies={"persia": {"russian": 4}},
        deck=[102, 103],
        **extra,
    )
