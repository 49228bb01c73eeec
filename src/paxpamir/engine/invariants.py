"""Consistency checks for a :class:`~paxpamir.engine.game.Game` state, for tests and debugging.

:func:`check_invariants` recomputes everything that can be derived and checks the conservation laws of the
physical game (12 blocks per coalition, 10 cylinders per player, 116 cards, rupees moved only between
players, market and bank). It raises :class:`AssertionError` with a message naming the first broken law.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..content.cards import COURT, is_court_card, is_event
from ..content.map import BLOCKS_PER_COALITION, COALITIONS, CYLINDERS_PER_PLAYER, INTELLIGENCE, POLITICAL, REGIONS
from .errors import BadState
from .fields import FIELDS, LIST, LISTS, TUPLE
from .game import SPY_BITS
from .hooks import ruler_of
from .log import newest_first, stored_event
from .steps import KINDS, step_error

if TYPE_CHECKING:
    from .game import Game

STARTING_RUPEES: Final = 4
MAX_GIFTS: Final = 3
#: Steps that hold an event card between its purchase and the buyer's choice (the card is in no pile then).
CARD_HOLDING_STEPS: Final = frozenset({"rumor", "exchange_hands", "pashtunwali", "rebuke"})


def _fail(message: str) -> None:
    raise AssertionError(message)


def check_invariants(game: Game) -> None:
    """Raise AssertionError with a clear message if ``game`` breaks any invariant of the game's state."""
    g = game
    n = g.n
    _check_fields(g)
    _check_blocks(g)
    _check_cylinders(g, n)
    _check_rupees(g, n)
    _check_cards(g, n)
    _check_spies(g, n)
    _check_rulers(g)
    _check_flow(g, n)
    _check_agenda(g, n)
    _check_limits(g, n)
    _check_wakhan(g)
    _check_loyalty(g, n)
    _check_log(g)


def _check_fields(g: Game) -> None:
    """Each field of the state holds what :data:`~paxpamir.engine.fields.FIELDS` says: the lists a clone copies are
    lists (no two the same list), the tuples a clone shares are tuples (a list there would be shared by clones)."""
    lists: dict[int, str] = {}
    for name, held, _json in FIELDS:
        value = getattr(g, name)
        if held == TUPLE:
            if value is not None and not isinstance(value, tuple):
                _fail(f"field {name} must be an immutable tuple (clones share it), not {type(value).__name__}")
        elif held in (LIST, LISTS):
            if not isinstance(value, list):
                _fail(f"field {name} must be a list (clones copy it), not {type(value).__name__}")
            inner = value if held == LISTS else []
            for item in [value, *inner]:
                if not isinstance(item, list):
                    _fail(f"field {name} must be a list of lists, not hold {type(item).__name__}")
                if id(item) in lists:
                    _fail(f"fields {lists[id(item)]} and {name} hold the same list")
                lists[id(item)] = name


def _check_log(g: Game) -> None:
    """This turn's events (back to the turn's start) match their kinds' declarations (see engine/log.py)."""
    for node in newest_first(g._log):
        try:
            stored_event(node)
        except BadState as e:
            _fail(f"log: {e}")
        if node[0] == "turn":
            return


def _check_blocks(g: Game) -> None:
    if min(g.armies) < 0:
        _fail(f"negative army count: {g.armies}")
    if min(g.roads) < 0:
        _fail(f"negative road count: {g.roads}")
    for c in range(3):
        armies = sum(g.armies[c::3])
        roads = sum(g.roads[c::3])
        supply = BLOCKS_PER_COALITION - armies - roads
        if supply < 0:
            _fail(f"{COALITIONS[c]}: {armies} armies + {roads} roads on the map, but only 12 blocks exist")
        if g._blocks_used[c] != armies + roads:
            _fail(f"{COALITIONS[c]}: cached blocks in use {g._blocks_used[c]} != armies {armies} + roads {roads}")
        if g.blocks_in_supply(c) != supply:
            _fail(f"{COALITIONS[c]}: blocks in supply {g.blocks_in_supply(c)} + map {armies + roads} != 12")


def _check_cylinders(g: Game, n: int) -> None:
    if min(g.tribes) < 0:
        _fail(f"negative tribe count: {g.tribes}")
    if min(g.spies) < 0 or max(g.spies) >= 1 << (SPY_BITS * n):
        _fail("a packed spy count out of range on some card")
    for p in range(n):
        if not 0 <= g.gifts[p] <= MAX_GIFTS:
            _fail(f"player {p} has {g.gifts[p]} gifts; a gift dial holds 0 to 3")
        tribes = sum(g.tribes[p::n])
        spies = sum(g.spy_count(c, p) for c in range(101))
        used = tribes + spies + g.gifts[p]
        if used > CYLINDERS_PER_PLAYER:
            _fail(f"player {p}: {tribes} tribes + {spies} spies + {g.gifts[p]} gifts > 10 cylinders")
        if g._cyl_used[p] != used:
            _fail(
                f"player {p}: cached cylinders in use {g._cyl_used[p]} != "
                f"tribes {tribes} + spies {spies} + gifts {g.gifts[p]}"
            )
        if g.spies_in_play(p) != spies:
            _fail(f"player {p}: {g.spies_in_play(p)} spies in play by the cylinder count, {spies} on cards")
        if g.cylinders_in_supply(p) + used != CYLINDERS_PER_PLAYER:
            _fail(f"player {p}: cylinders in supply {g.cylinders_in_supply(p)} + in play {used} != 10")


def _check_rupees(g: Game, n: int) -> None:
    for p in range(n):
        if g.rupees[p] < 0:
            _fail(f"player {p} has {g.rupees[p]} rupees")
    for s in range(12):
        if g.market_rupees[s] < 0:
            _fail(f"market slot {s} holds {g.market_rupees[s]} rupees")
    if g.bank_out < 0 or g.bank_in < 0:
        _fail(f"bank flows must be non-negative: out {g.bank_out}, in {g.bank_in}")
    if g.phase == "setup" and g.rupees == [0] * n:
        return  # before the starting rupees are handed out
    total = sum(g.rupees) + sum(g.market_rupees)
    expected = STARTING_RUPEES * n + g.bank_out - g.bank_in
    if total != expected:
        _fail(
            f"rupees not conserved: players {g.rupees} + market {sum(g.market_rupees)} = {total}, but "
            f"4*{n} + bank out {g.bank_out} - bank in {g.bank_in} = {expected}"
        )


_ALL_CARDS: Final = list(range(1, 117))


def _check_cards(g: Game, n: int) -> None:
    for p in range(n):
        for c in g.hands[p]:
            if not is_court_card(c):
                _fail(f"{c!r} is in player {p}'s hand, but only court cards 1-100 can be")
        for c in g.courts[p]:
            if not is_court_card(c):
                _fail(f"{c!r} is in player {p}'s court, but only court cards 1-100 can be")
        for c in g.prizes[p]:
            if not is_court_card(c) or COURT[c].prize < 0:
                _fail(f"card {c} is among player {p}'s prizes but shows no prize")
    cards = g.deck + g.discard + g.removed + [c for c in g.market if c]
    for p in range(n):
        cards += g.hands[p]
        cards += g.courts[p]
        cards += g.prizes[p]
    cards += [c for _e, _p, c in g.effects]
    cards += [step[2] for step in g.agenda if step[0] in CARD_HOLDING_STEPS]
    if sorted(cards) != _ALL_CARDS:
        _locate_cards(g, n)


def _locate_cards(g: Game, n: int) -> None:
    """The slow path of the card check: say which card is misplaced and where."""
    where: dict[int, str] = {}

    def put(card: int, place: str) -> None:
        if not isinstance(card, int) or not 1 <= card <= 116:
            _fail(f"{place} holds {card!r}, which is not a card number 1-116")
        if card in where:
            _fail(f"card {card} is in two places: {where[card]} and {place}")
        where[card] = place

    for p in range(n):
        for c in g.hands[p]:
            put(c, f"player {p}'s hand")
        for c in g.courts[p]:
            put(c, f"player {p}'s court")
        for c in g.prizes[p]:
            put(c, f"player {p}'s prizes")
    for s, c in enumerate(g.market):
        if c:
            put(c, f"market slot {s}")
    for c in g.deck:
        put(c, "the deck")
    for c in g.discard:
        put(c, "the discard pile")
    for c in g.removed:
        put(c, "the removed cards")
    for effect, _player, c in g.effects:
        put(c, f"effect {effect}")
        if not is_event(c):
            _fail(f"effect {effect} is held by card {c}, which is not an event")
    for step in g.agenda:
        if step[0] in CARD_HOLDING_STEPS:
            put(step[2], f"pending step {step[0]}")
    missing = [c for c in range(1, 117) if c not in where]
    _fail(f"cards {missing} are nowhere")


def _check_spies(g: Game, n: int) -> None:
    in_court = {c for court in g.courts for c in court}
    for c in range(101):
        if g.has_spies(c) and c not in in_court:
            _fail(f"spies {g.spies_on(c)} on card {c}, which is not in any court")


def _check_rulers(g: Game) -> None:
    for r in range(6):
        fresh = ruler_of(g, r)
        if g.rulers[r] != fresh:
            _fail(f"cached ruler of {REGIONS[r]} is {g.rulers[r]}, but recomputed it is {fresh}")


def _check_agenda(g: Game, n: int) -> None:
    """Every pending step is of its kind's declared type and well formed (rules build steps with
    :func:`~paxpamir.engine.steps.new_step`, which counts no fields)."""
    for step in g.agenda:
        problem = step_error(step, n)
        if problem:
            _fail(f"malformed step on the agenda: {problem}")
        declared = KINDS[step[0]].cls
        if type(step) is not declared:
            _fail(f"step {list(step)!r} is a {type(step).__name__}, not a {declared.__name__}")
        if len(step) != len(KINDS[step[0]].fields) + 1:
            _fail(f"step {list(step)!r} does not give every field of a {declared.__name__}")


def _check_flow(g: Game, n: int) -> None:
    if g.phase == "over":
        if g.agenda:
            _fail(f"the game is over but steps are pending: {g.agenda}")
        if not g.winners or any(not 0 <= w < n for w in g.winners):
            _fail(f"the game is over but the winners are {g.winners}")
        best = max(g.vp)
        if any(g.vp[w] != best for w in g.winners):
            _fail(f"winners {g.winners} do not all have the most victory points {g.vp}")
    else:
        if not g.agenda:
            _fail("the game is not over but nothing is pending")
        if g.winners:
            _fail(f"winners {g.winners} named before the game is over")
    if any(v < 0 for v in g.vp):
        _fail(f"negative victory points {g.vp}")
    if not 0 <= g.favored < 4:
        _fail(f"favored suit {g.favored} out of range")
    if g.phase != "setup" and any(not 0 <= c < 3 for p, c in enumerate(g.loyalty) if p != g.wakhan):
        _fail(f"a player without loyalty during play: {g.loyalty}")
    if g.wakhan >= 0 and g.loyalty[g.wakhan] != -1:
        _fail(f"Wakhan (seat {g.wakhan}) has no loyalty, but the state gives her {g.loyalty[g.wakhan]}")
    if not 0 <= g.actions_used <= 2:
        _fail(f"{g.actions_used} actions used; a turn has two")
    if len(set(g.used_cards)) != len(g.used_cards):
        _fail(f"a card used twice this turn: {g.used_cards}")


def _check_limits(g: Game, n: int) -> None:
    """At the start of a turn (after the previous player's cleanup) their court and hand are within limits."""
    if g.phase != "play" or g.decision != "turn" or g.turn < 2 or g.actions_used or g.used_cards:
        return
    prev = (g.current - 1) % n
    # Cleanup checks the limits in its steps 1 and 2; an event discarded in step 3 (a riot overthrowing a
    # political card, and a leveraged card repaid with cards) may lower them afterwards. Check only when the
    # previous player's court lost nothing since they ended their turn.
    for node in newest_first(g._log):
        if node[0] == "end_turn":
            if stored_event(node).get("player") != prev:
                return
            break
        if node[0] == "discard_court" and stored_event(node).get("player") == prev:
            return
    else:
        return  # the end of the previous turn is not in the log (a loaded position)
    political = sum(COURT[c].rank for c in g.courts[prev] if COURT[c].suit == POLITICAL)
    intelligence = sum(COURT[c].rank for c in g.courts[prev] if COURT[c].suit == INTELLIGENCE)
    if len(g.courts[prev]) > 3 + political:
        _fail(f"player {prev} ended their turn with {len(g.courts[prev])} court cards; limit {3 + political}")
    if len(g.hands[prev]) > 2 + intelligence:
        _fail(f"player {prev} ended their turn with {len(g.hands[prev])} cards in hand; limit {2 + intelligence}")


def _check_wakhan(g: Game) -> None:
    """Wakhan's 24 AI cards are each in her AI deck or its face-up discard pile."""
    if g.wakhan < 0:
        if g.ai_deck or g.ai_discard:
            _fail("AI cards in a game without Wakhan")
        return
    cards = sorted(g.ai_deck + g.ai_discard)
    if cards != list(range(1, 25)):
        _fail(f"Wakhan's AI cards are not the 24 cards once each: deck {g.ai_deck}, discard {g.ai_discard}")


def _check_loyalty(g: Game, n: int) -> None:
    """A player's patriots and prizes are all of the coalition they are loyal to (a loyalty change discards
    the others). Wakhan, loyal to every coalition, is exempt."""
    for p in range(n):
        if p == g.wakhan:
            continue
        for c in g.courts[p]:
            if COURT[c].patriot >= 0 and COURT[c].patriot != g.loyalty[p]:
                _fail(f"player {p} (loyalty {g.loyalty[p]}) has a patriot of coalition {COURT[c].patriot}: card {c}")
        for c in g.prizes[p]:
            if COURT[c].prize != g.loyalty[p]:
                _fail(f"player {p} (loyalty {g.loyalty[p]}) holds a prize of coalition {COURT[c].prize}: card {c}")
