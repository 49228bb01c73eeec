"""The state as JSON (schema in docs/state-format.md), per-player views, and game records."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Final

from ..content.cards import COURT, is_court_card, is_event
from ..content.map import (
    BLOCKS_PER_COALITION,
    BORDER_INDEX,
    BORDER_NAMES,
    COALITION_INDEX,
    COALITIONS,
    CYLINDERS_PER_PLAYER,
    REGION_INDEX,
    REGIONS,
    SUIT_INDEX,
    SUITS,
)
from .errors import BadState, PamirError
from .hooks import HOOKS, game_options, ruler_of
from .steps import make_step, step_check, step_error

if TYPE_CHECKING:
    from .game import Game

STATE_FORMAT: Final = "paxpamir-state"
RECORD_FORMAT: Final = "paxpamir-record"
VERSION: Final = 1


def _coal(c: int) -> str | None:
    return COALITIONS[c] if c >= 0 else None


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def state_to_json(g: Game, history: bool = True) -> dict[str, Any]:
    """The full state as JSON-compatible data; without ``history``, no ``record`` and no ``log`` (what a state
    hash and a view leave out or build apart: a long game's history is most of the work)."""
    n = g.n
    players = []
    for p in range(n):
        players.append(
            {
                "loyalty": _coal(g.loyalty[p]),
                "rupees": g.rupees[p],
                "vp": g.vp[p],
                "gifts": g.gifts[p],
                "prizes": list(g.prizes[p]),
                "hand": g.hands[p][:],
                "court": g.courts[p][:],
            }
        )
    spies = {}
    for court in g.courts:
        for c in court:
            row = g.spies_on(c)
            if any(row):
                spies[str(c)] = row
    tribes = {REGIONS[r]: g.tribes[r * n : r * n + n] for r in range(6) if any(g.tribes[r * n : r * n + n])}
    armies = {
        REGIONS[r]: {COALITIONS[c]: g.armies[r * 3 + c] for c in range(3) if g.armies[r * 3 + c]}
        for r in range(6)
        if any(g.armies[r * 3 : r * 3 + 3])
    }
    roads = {
        BORDER_NAMES[b]: {COALITIONS[c]: g.roads[b * 3 + c] for c in range(3) if g.roads[b * 3 + c]}
        for b in range(9)
        if any(g.roads[b * 3 : b * 3 + 3])
    }
    data = {
        "format": STATE_FORMAT,
        "version": VERSION,
        "players": players,
        "options": dict(g.options),
        "seed": g.seed,
        "rng": g.rng,
        "phase": g.phase,
        "turn": g.turn,
        "current": g.current,
        "favored": SUITS[g.favored],
        "market": [[g.market[r * 6 + c] or None for c in range(6)] for r in range(2)],
        "market_rupees": [g.market_rupees[r * 6 : r * 6 + 6] for r in range(2)],
        "deck": g.deck[:],
        "discard": g.discard[:],
        "removed": g.removed[:],
        "map": {"tribes": tribes, "armies": armies, "roads": roads},
        "spies": spies,
        "rulers": {REGIONS[r]: g.rulers[r] for r in range(6) if g.rulers[r] >= 0},
        "effects": [{"effect": e, "player": p, "card": c} for e, p, c in g.effects],
        "turn_state": {
            "actions_used": g.actions_used,
            "used_cards": list(g.used_cards),
            "paid_cards": list(g.paid_cards),
            "placed": [list(x) for x in g.placed],
        },
        "agenda": _jsonable(g.agenda),
        "bank": {"out": g.bank_out, "in": g.bank_in},
        "winners": g.winners[:],
        "end_reason": g.end_reason,
        "undo_floor": g.undo_floor,
        "wakhan": (
            {"seat": g.wakhan, "ai_deck": list(g.ai_deck), "ai_discard": list(g.ai_discard)} if g.wakhan >= 0 else None
        ),
    }
    if history:
        data["record"] = g.record()
        data["log"] = g.events()
    return data


def view(g: Game, player: int | None, log: bool = True) -> dict[str, Any]:
    """What ``player`` may see: other players' hands become counts (unless open hands), the deck becomes its
    size and the number of Dominance Checks in it, the cards set aside at setup become their count, Wakhan's AI
    deck shows only its public faces; seed, random state and record are removed.

    The agenda stays: every argument of every step is public. Steps name players, amounts, regions, borders
    and cards in the market, in a court, in the discard pile, bought events, and a card being played, which
    its player shows to the ruler asking the bribe; none names a card in a hand or in the deck. The legal
    options of a pending decision are not in the view: they can name the cards in its player's hand.
    tests/test_viewmodel.py checks that no view changes when only what the viewer may not know changes.
    Without ``log``, the view has no ``log`` (a page that keeps the log lines apart)."""
    data = state_to_json(g, history=False)
    if log:
        data["log"] = g.events()
    open_hands = bool(g.options.get("open_hands"))
    for p, pdata in enumerate(data["players"]):
        pdata["hand_size"] = len(pdata["hand"])
        if not open_hands and p != player:
            pdata["hand"] = None
    data["deck"] = None
    data["deck_size"] = len(g.deck)
    # Which cards were set aside at setup is hidden (with the visible cards, it would tell what the deck holds).
    data["removed"] = None
    data["removed_count"] = len(g.removed)
    data["dominance_checks_left"] = g.dominance_checks_left()
    if g.wakhan >= 0:
        data["wakhan"] = {
            "seat": g.wakhan,
            "ai_card": g.ai_discard[-1] if g.ai_discard else None,
            "ai_discard": list(g.ai_discard),
            "ai_deck_size": len(g.ai_deck),
            **HOOKS.rules.ai_card_back(g),
        }
    for key in ("seed", "rng", "undo_floor"):
        data.pop(key, None)
    data["viewer"] = player
    data["format"] = "paxpamir-view"
    data["to_move"] = g.current_player
    data["decision"] = g.decision
    return data


# ---------------------------------------------------------------------------- loading


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise BadState(message)


def _int(value: Any, what: str, lo: int = 0, hi: int | None = None) -> int:
    _need(isinstance(value, int) and not isinstance(value, bool), f"{what} must be an integer, not {value!r}")
    _need(value >= lo, f"{what} must be at least {lo}, not {value}")
    if hi is not None:
        _need(value <= hi, f"{what} must be at most {hi}, not {value}")
    return value


def _card_list(value: Any, what: str) -> list[int]:
    _need(isinstance(value, list), f"{what} must be a list of card numbers")
    return [_int(c, f"a card in {what}", 1, 116) for c in value]


def state_from_json(game_class: type[Game], data: dict[str, Any]) -> Game:
    """The game ``data`` holds (a :class:`~paxpamir.engine.game.Game`: ``game_class``), or :class:`BadState`."""
    try:
        return _load(game_class, data)
    except BadState:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        if isinstance(exc, PamirError):
            raise BadState(str(exc)) from exc
        raise BadState(f"malformed state: {type(exc).__name__}: {exc}") from exc


def _load(game_class: type[Game], data: dict[str, Any]) -> Game:
    _need(isinstance(data, dict), "a state must be a JSON object")
    fmt = data.get("format", STATE_FORMAT)
    _need(fmt == STATE_FORMAT, f"not a paxpamir state (format {fmt!r}); views cannot be loaded")
    _need(data.get("version", VERSION) == VERSION, f"unsupported state version {data.get('version')!r}")
    players: Any = data.get("players")
    _need(isinstance(players, list) and 2 <= len(players) <= 5, "'players' must be a list of 2 to 5 players")
    n = len(players)
    options = data.get("options", {}) or {}
    _need(isinstance(options, dict), "'options' must be an object")
    try:
        chosen = game_options(
            options.get("open_hands", False), options.get("wakhan", False), options.get("wakhan_variants")
        )
    except PamirError as exc:
        raise BadState(str(exc)) from None
    g = game_class._blank(n, chosen)
    if g.wakhan >= 0:
        _need(n in (2, 3), "a game with Wakhan has 2 or 3 seats (one or two humans and her)")
        wk = data.get("wakhan") or {}
        _need(isinstance(wk, dict), "'wakhan' must be an object")
        g.ai_deck = tuple(_int(c, "AI card", 1, 24) for c in wk.get("ai_deck", list(range(1, 25))))
        g.ai_discard = tuple(_int(c, "AI card", 1, 24) for c in wk.get("ai_discard", []))
        _need(
            sorted(g.ai_deck + g.ai_discard) == list(range(1, 25)),
            "the 24 AI cards must each be in the AI deck or its discard",
        )
    seed = data.get("seed")
    g.seed = seed if isinstance(seed, int) else None
    g.rng = _int(data.get("rng", 0), "rng")
    seen: dict[int, str] = {}

    def claim(cards: list[int], where: str, court_only: bool = False) -> None:
        for c in cards:
            _need(c not in seen, f"card {c} is in two places: {seen.get(c)} and {where}")
            if court_only:
                _need(is_court_card(c), f"card {c} is an event and cannot be in {where}")
            seen[c] = where

    for p, pd in enumerate(players):
        _need(isinstance(pd, dict), f"player {p} must be an object")
        loyalty = pd.get("loyalty")
        _need(loyalty is None or loyalty in COALITION_INDEX, f"player {p}: unknown loyalty {loyalty!r}")
        g.set_loyalty(p, COALITION_INDEX[loyalty] if loyalty else -1)
        g.rupees[p] = _int(pd.get("rupees", 0), f"player {p} rupees")
        g.vp[p] = _int(pd.get("vp", 0), f"player {p} vp")
        g.set_gifts(p, _int(pd.get("gifts", 0), f"player {p} gifts", 0, 3))
        g.set_prizes(p, tuple(_card_list(pd.get("prizes", []), f"player {p} prizes")))
        g.hands[p] = _card_list(pd.get("hand", []), f"player {p} hand")
        g.courts[p] = _card_list(pd.get("court", []), f"player {p} court")
        claim(list(g.prizes[p]), f"player {p}'s prizes", True)
        claim(g.hands[p], f"player {p}'s hand", True)
        claim(g.courts[p], f"player {p}'s court", True)
    market = data.get("market", [[None] * 6, [None] * 6])
    _need(isinstance(market, list) and len(market) == 2, "'market' must be two rows")
    for r in range(2):
        _need(isinstance(market[r], list) and len(market[r]) == 6, "each market row must have 6 slots (null = vacant)")
        for c in range(6):
            card = market[r][c]
            if card is not None:
                g.market[r * 6 + c] = _int(card, f"market row {r} column {c}", 1, 116)
                claim([card], f"market row {r} column {c}")
    mr = data.get("market_rupees", [[0] * 6, [0] * 6])
    _need(isinstance(mr, list) and len(mr) == 2 and all(isinstance(x, list) and len(x) == 6 for x in mr),
          "'market_rupees' must be two rows of 6 numbers")
    for r in range(2):
        for c in range(6):
            g.market_rupees[r * 6 + c] = _int(mr[r][c], "market rupees")
    g.deck = _card_list(data.get("deck", []), "deck")
    claim(g.deck, "the deck")
    g.discard = _card_list(data.get("discard", []), "discard")
    claim(g.discard, "the discard pile")
    effects = data.get("effects", [])
    _need(isinstance(effects, list), "'effects' must be a list")
    for e in effects:
        _need(isinstance(e, dict) and isinstance(e.get("effect"), str), "each effect needs an 'effect' name")
        card = _int(e.get("card"), "effect card", 101, 116)
        _need(is_event(card), "effect card must be an event")
        claim([card], "the effects in force")
        g.effects += ((e["effect"], _int(e.get("player", -1), "effect player", -1, n - 1), card),)
    # An event bought for its choice (Rumor, Other Persuasive Methods, Pashtunwali Values, Rebuke) is held by
    # its pending step until the buyer chooses; it is in no pile then.
    for step in data.get("agenda") or []:
        if isinstance(step, list) and len(step) > 2 and step[0] in ("rumor", "exchange_hands", "pashtunwali", "rebuke"):
            claim([_int(step[2], f"the card of the pending {step[0]} step", 101, 116)], f"the pending {step[0]} step")
    removed = data.get("removed")
    if removed is None:
        g.removed = sorted(c for c in range(1, 117) if c not in seen)
    else:
        g.removed = _card_list(removed, "removed")
        claim(g.removed, "the removed cards")
        missing = [c for c in range(1, 117) if c not in seen]
        _need(not missing, f"cards {missing[:10]} are nowhere (list them in 'removed' or omit 'removed')")
    # Map.
    mp = data.get("map", {}) or {}
    _need(isinstance(mp, dict), "'map' must be an object")
    for name, counts in (mp.get("tribes") or {}).items():
        _need(name in REGION_INDEX, f"unknown region {name!r}; regions are {', '.join(REGIONS)}")
        _need(isinstance(counts, list) and len(counts) == n, f"tribes in {name} must list one count per player")
        for p in range(n):
            g.tribes[REGION_INDEX[name] * n + p] = _int(counts[p], f"tribes in {name}")
    for name, counts in (mp.get("armies") or {}).items():
        _need(name in REGION_INDEX, f"unknown region {name!r}; regions are {', '.join(REGIONS)}")
        _need(isinstance(counts, dict), f"armies in {name} must map coalition to count")
        for coal, k in counts.items():
            _need(coal in COALITION_INDEX, f"unknown coalition {coal!r}")
            g.armies[REGION_INDEX[name] * 3 + COALITION_INDEX[coal]] = _int(k, f"{coal} armies in {name}")
    roads = list(g.roads)
    for name, counts in (mp.get("roads") or {}).items():
        _need(name in BORDER_INDEX, f"unknown border {name!r}; borders are {', '.join(BORDER_NAMES)}")
        _need(isinstance(counts, dict), f"roads on {name} must map coalition to count")
        for coal, k in counts.items():
            _need(coal in COALITION_INDEX, f"unknown coalition {coal!r}")
            roads[BORDER_INDEX[name] * 3 + COALITION_INDEX[coal]] = _int(k, f"{coal} roads on {name}")
    g.roads = tuple(roads)
    spies = data.get("spies", {}) or {}
    _need(isinstance(spies, dict), "'spies' must map a court card number to one count per player")
    in_court = {c for court in g.courts for c in court}
    for key, counts in spies.items():
        card = _int(int(key), "spy card", 1, 100)
        _need(card in in_court, f"spies on card {card}, which is in no court")
        _need(isinstance(counts, list) and len(counts) == n, f"spies on {card} must list one count per player")
        for p in range(n):
            g.set_spies(card, p, _int(counts[p], f"spies on {card}"))
    cylinders: list[int] = []
    for p in range(n):
        used = sum(g.tribes[r * n + p] for r in range(6)) + sum(g.spy_count(c, p) for c in in_court) + g.gifts[p]
        _need(used <= CYLINDERS_PER_PLAYER, f"player {p} has {used} cylinders in play; only 10 exist")
        cylinders.append(used)
    g._cyl_used = tuple(cylinders)
    blocks: list[int] = []
    for c in range(3):
        used = sum(g.armies[r * 3 + c] for r in range(6)) + sum(g.roads[b * 3 + c] for b in range(9))
        _need(used <= BLOCKS_PER_COALITION, f"{COALITIONS[c]} has {used} blocks on the map; only 12 exist")
        blocks.append(used)
    g._blocks_used = tuple(blocks)
    # Turn.
    favored = data.get("favored", "political")
    _need(favored in SUIT_INDEX, f"unknown favored suit {favored!r}")
    g.favored = SUIT_INDEX[favored]
    g.phase = data.get("phase", "play")
    _need(g.phase in ("setup", "play", "over"), f"unknown phase {g.phase!r}")
    g.turn = _int(data.get("turn", 1), "turn")
    g.current = _int(data.get("current", 0), "current", 0, n - 1)
    if g.phase == "play":
        _need(
            all(c >= 0 for p, c in enumerate(g.loyalty) if p != g.wakhan),
            "every player needs a loyalty once play has begun",
        )
    ts = data.get("turn_state", {}) or {}
    g.actions_used = _int(ts.get("actions_used", 0), "actions_used", 0, 2)
    g.used_cards = tuple(_card_list(ts.get("used_cards", []), "used_cards"))
    g.paid_cards = tuple(_card_list(ts.get("paid_cards", []), "paid_cards"))
    g.placed = tuple((str(x[0]), int(x[1]), int(x[2])) for x in ts.get("placed", []))
    bank = data.get("bank")
    total = sum(g.rupees) + sum(g.market_rupees)
    if bank is None:
        g.bank_out = max(0, total - 4 * n)
        g.bank_in = max(0, 4 * n - total)
    else:
        g.bank_out = _int(bank.get("out", 0), "bank out")
        g.bank_in = _int(bank.get("in", 0), "bank in")
    g.winners = [_int(w, "winner", 0, n - 1) for w in data.get("winners", [])]
    g.end_reason = str(data.get("end_reason", ""))
    g.rulers = tuple(ruler_of(g, r) for r in range(6))
    agenda = data.get("agenda")
    if agenda is None:
        g.agenda = [] if g.phase == "over" else [("turn", g.current)]
    else:
        _need(isinstance(agenda, list), "'agenda' must be a list of steps")
        g.agenda = []
        for step in agenda:
            _need(isinstance(step, list) and bool(step) and isinstance(step[0], str), f"malformed step {step!r}")
            values = _tupled(step)
            problem = step_error(values, n)
            _need(problem is None, f"agenda: {problem}")
            g.agenda.append(make_step(values))
    _need(g.phase == "over" or bool(g.agenda), "a game in play needs a pending step")
    if g.agenda and g.phase != "over":
        # The bottom step keeps the game going: the turn (or the next one), or the end of setup.
        _need(
            g.agenda[0][0] in ("turn", "next_turn", "begin_game"),
            f"the agenda's first (bottom) step must be 'turn', 'next_turn' or 'begin_game', not {g.agenda[0][0]!r}",
        )
    # History.
    record = data.get("record")
    if record is not None:
        _need(isinstance(record, dict), "'record' must be an object")
        position = record.get("position")
        g.initial = position
        if position is None:
            g.seed = record.get("seed", g.seed)
        for item in record.get("choices", []):
            g._history = (g._history, item[0], _tupled(item[1]), *item[2:])
            g._history_len += 1
        g.undo_floor = _int(data.get("undo_floor", g._history_len), "undo_floor")
    else:
        g.initial = copy.deepcopy(data)
        g.undo_floor = 0
    log = data.get("log", []) or []
    _need(isinstance(log, list), "'log' must be a list of events")
    for e in log:
        _need(
            isinstance(e, dict) and isinstance(e.get("type"), str), f"a log event must be an object with a type: {e!r}"
        )
        g._log = (e["type"], e, g._log)
        g._log_len += 1
    for i, step in enumerate(g.agenda):
        problem = step_check(g, step, g.agenda[i - 1] if i else None)
        _need(problem is None, f"agenda: {problem}")
    g._advance()
    _need(
        not g.agenda or bool(g._legal()),
        f"player {g.current_player} must decide {g.decision!r} but has no legal option",
    )
    return g


def load_record(game_class: type[Game], record: dict[str, Any]) -> Game:
    """Replay ``record`` in a new game (a :class:`~paxpamir.engine.game.Game`: ``game_class``)."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise BadState("not a paxpamir game record (its 'format' must be 'paxpamir-record')")
    if record.get("version") != VERSION:
        raise BadState(f"unsupported record version {record.get('version')!r}")
    if record.get("position") is not None:
        g = game_class.from_json(record["position"])
    else:
        seed = record.get("seed")
        players: Any = record.get("players")
        options = record.get("options", {}) or {}
        if not isinstance(seed, int):
            raise BadState("a record without a position needs an integer 'seed'")
        g = game_class.new(
            players,
            seed,
            open_hands=bool(options.get("open_hands", False)),
            wakhan=bool(options.get("wakhan", False)),
            wakhan_variants=options.get("wakhan_variants"),
        )
    choices = record.get("choices", [])
    if not isinstance(choices, list):
        raise BadState("'choices' must be a list of [player, option]")
    for i, item in enumerate(choices):
        try:
            who, option, *reason = item
            g.apply(option, who, *reason)
        except (PamirError, TypeError, ValueError) as exc:
            raise BadState(f"choice {i} ({item!r}) does not replay: {exc}") from exc
    return g


__all__ = ["state_to_json", "state_from_json", "view", "load_record", "COURT"]
