"""Observations and action masks as numpy arrays, built incrementally: what the environments hand out.

:class:`ObservationBuilder` keeps one preallocated float32 vector per seat, and next to it the parts of the
state that vector was built from (the seat's hand, the courts, the market, the pending step, ...). Asked again,
it compares each part with the game's (a list by value, an immutable tuple of the engine by identity) and
rewrites only the cells of the parts that changed, in place: a decision changes a few of them (the pending step,
some rupees, a card of the market), so a vector costs microseconds where building it from a view of the whole
game costs a view (whose log grows with the game). The vector is exactly
:func:`~paxpamir.env.observation.observation_vector`'s, cast to float32 (the layout is described there and in
``docs/env.md``; ``tests/test_env_arrays.py`` compares the two over random games of every table), and it
reads the same public parts of the state as the seat's view: of the hidden ones, only the viewer's own hand,
the sizes of the other hands and of the deck, and the deck's count of Dominance Checks
(:meth:`~paxpamir.engine.game.Game.dominance_checks_left`).

The builder is right for any game it is given, in any order (it compares values, it does not count steps);
it only gets faster when consecutive games differ little. :func:`action_mask` marks the legal actions in a new
int8 array. Needs numpy (the ``rl`` extra).

>>> from paxpamir import Game
>>> game = Game.new(players=3, seed=1)
>>> builder = ObservationBuilder()
>>> vector = builder.vector(game, 0)
>>> vector.shape, vector.dtype.name
((2925,), 'float32')
>>> from paxpamir.env.observation import observation_vector
>>> bool((vector == np.asarray(observation_vector(game, 0), dtype=np.float32)).all())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from ..content.map import REGIONS
from ..engine.errors import PamirError
from ..engine.hooks import HOOKS
from .actions import NUM_ACTIONS, legal_actions
from .observation import (
    CARD_BLOCK,
    CARD_FEATURES,
    DECISION_KINDS,
    EFFECTS,
    GLOBAL_BLOCK,
    GLOBAL_FEATURES,
    MAP_BLOCK,
    MAX_SEATS,
    NUM_CARDS,
    OBS_SIZE,
    PLAYER_BLOCK,
    PLAYER_FEATURES,
    STEP_AMOUNT,
    STEP_CARD,
    STEP_UNITS,
    WAKHAN_BLOCK,
    step_field,
)

if TYPE_CHECKING:
    from ..engine.game import Game

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

_NCF: Final = len(CARD_FEATURES)
_NPF: Final = len(PLAYER_FEATURES)
_G: Final[dict[str, int]] = {name: GLOBAL_BLOCK + i for i, name in enumerate(GLOBAL_FEATURES)}
_FAVORED: Final = _G["favored_political"]
_DECK: Final = _G["deck_size/50"]
_CHECKS: Final = _G["dominance_checks_left/4"]
_ACTIONS: Final = _G["actions_used/2"]
_PHASE: Final[dict[str, int]] = {p: _G[f"phase_{p}"] for p in ("setup", "play", "over")}
_DECISION: Final = _G[f"decision_{DECISION_KINDS[0]}"]
_DECISION_INDEX: Final[dict[str, int]] = {k: _DECISION + i for i, k in enumerate(DECISION_KINDS)}
_DECISION_OTHER: Final = _G["decision_other"]
_TO_MOVE: Final = _G["i_am_to_move"]
_UNITS: Final = _G["units_left_in_action/3"]
_AMOUNT: Final = _G["bribe_amount/5"]
_TURN: Final = _G["turn/100"]
_PLAYERS_N: Final = _G["players_2"] - 2
_WAKHAN_GAME: Final = _G["wakhan_game"]
_EFFECT: Final = _G[f"effect_{EFFECTS[0]}"]
_EFFECT_INDEX: Final[dict[str, int]] = {e: _EFFECT + i for i, e in enumerate(EFFECTS)}

# The columns of a card's row (CARD_FEATURES) and of a seat slot's row (PLAYER_FEATURES); "slot 0" columns are
# followed by those of slots 1-4, "afghan" by british and russian, the first region by the other five.
_HAND: Final = CARD_FEATURES.index("in_my_hand")
_COURT: Final = CARD_FEATURES.index("in_court_of_slot_0")
_PRIZE: Final = CARD_FEATURES.index("prize_of_slot_0")
_MARKET_ROW: Final = CARD_FEATURES.index("market_top_row")  # then market_bottom_row
_MARKET_COLUMN: Final = CARD_FEATURES.index("market_column/5")
_MARKET_RUPEES: Final = CARD_FEATURES.index("market_rupees/4")
_DISCARD: Final = CARD_FEATURES.index("in_discard_pile")
_SPIES: Final = CARD_FEATURES.index("spies_of_slot_0/3")
_USED: Final = CARD_FEATURES.index("used_this_turn")
_NAMED: Final = CARD_FEATURES.index("named_by_pending_decision")
_PRESENT: Final = PLAYER_FEATURES.index("present")
_IS_WAKHAN: Final = PLAYER_FEATURES.index("is_wakhan")
_MOVES: Final = PLAYER_FEATURES.index("to_move")
_LOYAL: Final = PLAYER_FEATURES.index("loyal_afghan")
_RUPEES: Final = PLAYER_FEATURES.index("rupees/10")
_VP: Final = PLAYER_FEATURES.index("vp/10")
_GIFTS: Final = PLAYER_FEATURES.index("gifts/3")
_HAND_SIZE: Final = PLAYER_FEATURES.index("hand_size/5")
_COURT_SIZE: Final = PLAYER_FEATURES.index("court_size/10")
_TRIBES: Final = PLAYER_FEATURES.index(f"tribes_in_{REGIONS[0]}/3")
_RULES: Final = PLAYER_FEATURES.index(f"rules_{REGIONS[0]}")
_WINNER: Final = PLAYER_FEATURES.index("winner")

#: Where the vector starts in a seat's ``raw`` array (after the spare row), and where its seat slots start.
_O: Final = _NCF
_PLAYERS: Final = _O + PLAYER_BLOCK

# The blocks as observation.py lays them out: cards from 0, then the map's 18 armies and 27 roads.
assert CARD_BLOCK == 0 and GLOBAL_BLOCK - MAP_BLOCK == 18 + 27 and _MARKET_ROW + 2 == _MARKET_COLUMN

#: Marks a part of a seat's state that was never read: it differs from every value the game holds.
_NEVER: Final = object()


class _Seat:
    """One seat's vector and the parts of the state it was last built from.

    ``raw`` is the vector after one spare row of card features, so that card c's feature f is
    ``raw[c * 23 + f]`` (cards are numbered from 1); the vector's item i is ``raw[23 + i]``.
    """

    __slots__ = (
        "seat", "n", "wakhan", "slot", "slots", "base", "raw", "v", "players",
        "hand", "courts", "prizes", "market", "market_rupees", "discard", "spies", "spy_cards", "used", "top",
        "named", "loyalty", "rupees", "vp", "gifts", "hand_sizes", "tribes", "rulers", "winners", "armies",
        "roads", "favored", "deck", "actions_used", "phase", "turn", "effects", "ai_deck", "ai_discard",
    )  # fmt: skip

    def __init__(self, seat: int, n: int, wakhan: int) -> None:
        self.seat, self.n, self.wakhan = seat, n, wakhan
        #: slot[q]: the seat slot of player q (0: the viewer); base[q]: where its features start in ``raw``
        self.slot = [(q - seat) % n for q in range(n)]
        self.slots = np.array(self.slot, dtype=np.intp)
        self.base = [_PLAYERS + k * _NPF for k in self.slot]
        self.raw = np.zeros(_NCF + OBS_SIZE, dtype=np.float32)
        self._views()
        # What the zero vector shows: no cards anywhere; everything else is read on the first call.
        self.hand: list[int] = []
        self.courts: list[list[int]] = [[] for _ in range(n)]
        self.prizes: list[tuple[int, ...]] = [() for _ in range(n)]
        self.market: list[int] = [0] * 12
        self.market_rupees: list[int] = [0] * 12
        self.discard: list[int] = []
        self.spies: Any = _NEVER
        self.spy_cards: list[int] = []
        self.used: tuple[int, ...] = ()
        self.top: Any = _NEVER
        self.named = 0
        self.loyalty: Any = _NEVER
        self.rupees: Any = _NEVER
        self.vp: Any = _NEVER
        self.gifts: Any = _NEVER
        self.hand_sizes: Any = _NEVER
        self.tribes: Any = _NEVER
        self.rulers: Any = _NEVER
        self.winners: Any = _NEVER
        self.armies: Any = _NEVER
        self.roads: Any = _NEVER
        self.favored = -1
        self.deck: Any = _NEVER
        self.actions_used = -1
        self.phase = ""
        self.turn = -1
        self.effects: Any = _NEVER
        self.ai_deck: Any = _NEVER
        self.ai_discard: Any = _NEVER
        # What never changes in a game of this table.
        raw = self.raw
        for b in self.base:
            raw[b + _PRESENT] = 1.0
        if wakhan >= 0:
            raw[self.base[wakhan] + _IS_WAKHAN] = 1.0
            raw[_O + _WAKHAN_GAME] = 1.0
        raw[_O + _PLAYERS_N + n] = 1.0

    def _views(self) -> None:
        """``v`` (the vector) and ``players`` (its seat slots' rows) share ``raw``'s memory."""
        self.v = self.raw[_NCF:]
        self.players = self.v[PLAYER_BLOCK:MAP_BLOCK].reshape(MAX_SEATS, _NPF)

    # A copy (copy.deepcopy, pickle) copies ``raw`` and makes its views again: copied one by one, the views would
    # become arrays of their own, which ``raw``'s updates no longer reach.
    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__ if name not in ("v", "players")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._views()


class ObservationBuilder:
    """Builds seats' observation vectors incrementally (see the module docstring).

    :meth:`vector` returns the builder's own array for that seat, which the next call for the seat rewrites:
    copy it to keep it. One builder serves any games and seats (it keeps one vector per seat).
    """

    def __init__(self) -> None:
        self._seats: dict[int, _Seat] = {}

    def vector(self, game: Game, seat: int) -> Vector:
        """Seat ``seat``'s observation of ``game`` (OBS_SIZE float32 values; the builder's array, see above)."""
        n = game.n
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise PamirError(f"seat must be 0..{n - 1}, not {seat!r}")
        s = self._seats.get(seat)
        if s is None or s.n != n or s.wakhan != game.wakhan:
            s = self._seats[seat] = _Seat(seat, n, game.wakhan)
        _update(s, game)
        return s.v


def _move_flag(raw: npt.NDArray[np.float32], feature: int, old: Sequence[int], new: Sequence[int]) -> None:
    """The card feature ``feature`` (in a hand, a court, among the prizes) taken off ``old``'s cards and put on
    ``new``'s."""
    for c in old:
        raw[c * _NCF + feature] = 0.0
    for c in new:
        raw[c * _NCF + feature] = 1.0


def _move_flags(
    raw: npt.NDArray[np.float32], feature: int, slot: Sequence[int], old: Sequence[Sequence[int]],
    new: Sequence[Sequence[int]],
) -> None:
    """:func:`_move_flag` for each seat whose cards changed (courts, prizes): the seat's own feature is the
    ``feature`` of its ``slot`` (the viewer's seat first)."""
    for q, (before, now) in enumerate(zip(old, new, strict=True)):
        if now != before:
            _move_flag(raw, feature + slot[q], before, now)


def _update(s: _Seat, g: Game) -> None:
    """Bring ``s``'s vector up to date with ``g``: each part of the state that changed since it was last read
    rewrites the cells it fills (what ``observation.vector_from_view`` writes from the view)."""
    raw, base, slot, n = s.raw, s.base, s.slot, s.n
    # The seat's own hand.
    hand = g.hands[s.seat]
    if hand != s.hand:
        _move_flag(raw, _HAND, s.hand, hand)
        s.hand = hand[:]
    # Courts (and their sizes), then the spies on their cards.
    courts = g.courts
    if courts != s.courts:
        _move_flags(raw, _COURT, slot, s.courts, courts)
        for q in range(n):
            raw[base[q] + _COURT_SIZE] = len(courts[q]) / 10
        s.courts = [court[:] for court in courts]
    # Spies: an immutable tuple, replaced whenever a spy comes, goes or moves. Spies are only ever on cards in a
    # court (the engine's invariant), so a card that enters or leaves a court brings or takes none of them.
    if g.spies is not s.spies:
        for c in s.spy_cards:
            raw[c * _NCF + _SPIES : c * _NCF + _SPIES + MAX_SEATS] = 0.0
        spy_cards = []
        for court in courts:
            for c in court:
                if g.has_spies(c):
                    spy_cards.append(c)
                    for q, count in enumerate(g.spies_on(c)):
                        if count:
                            raw[c * _NCF + _SPIES + slot[q]] = count / 3
        s.spies, s.spy_cards = g.spies, spy_cards
    prizes = g.prizes
    if prizes != s.prizes:
        _move_flags(raw, _PRIZE, slot, s.prizes, prizes)
        s.prizes = prizes[:]
    # The market, slot by slot: first the cards that left a slot, then those that came (a card may move).
    market, rupees = g.market, g.market_rupees
    market_changed = market != s.market
    if market_changed or rupees != s.market_rupees:
        old_market, old_rupees = s.market, s.market_rupees
        changed = [i for i in range(12) if market[i] != old_market[i] or rupees[i] != old_rupees[i]]
        for i in changed:
            c = old_market[i]
            if c:
                raw[c * _NCF + _MARKET_ROW : c * _NCF + _MARKET_RUPEES + 1] = 0.0
        for i in changed:
            c = market[i]
            if c:
                raw[c * _NCF + _MARKET_ROW + i // 6] = 1.0
                raw[c * _NCF + _MARKET_COLUMN] = (i % 6) / 5
                raw[c * _NCF + _MARKET_RUPEES] = rupees[i] / 4
        s.market, s.market_rupees = market[:], rupees[:]
    discard = g.discard
    if discard != s.discard:
        old_discard = s.discard
        if discard[: len(old_discard)] != old_discard:  # not only added to: mark it all again
            for c in old_discard:
                raw[c * _NCF + _DISCARD] = 0.0
            old_discard = []
        for c in discard[len(old_discard) :]:
            raw[c * _NCF + _DISCARD] = 1.0
        s.discard = discard[:]
    used = g.used_cards
    if used is not s.used and used != s.used:
        for c in s.used:
            raw[c * _NCF + _USED] = 0.0
        for c in used:
            raw[c * _NCF + _USED] = 1.0
        s.used = used
    # The pending step: who moves, the decision's kind, the card it names, its units left or bribe.
    top = g.agenda[-1] if g.agenda else None
    if top is not s.top:
        old_top = s.top
        if s.named:
            raw[s.named * _NCF + _NAMED] = 0.0
            s.named = 0
        if old_top is _NEVER or old_top is None:
            for b in base:
                raw[b + _MOVES] = 0.0
            raw[_O + _DECISION : _O + _DECISION_OTHER + 1] = 0.0
        else:
            raw[base[old_top[1]] + _MOVES] = 0.0
            raw[_O + _DECISION_INDEX.get(old_top[0], _DECISION_OTHER)] = 0.0
        raw[_O + _TO_MOVE] = raw[_O + _UNITS] = raw[_O + _AMOUNT] = 0.0
        s.top = top
        if top is not None:
            kind, mover = top[0], top[1]
            raw[base[mover] + _MOVES] = 1.0
            raw[_O + _DECISION_INDEX.get(kind, _DECISION_OTHER)] = 1.0
            if mover == s.seat:
                raw[_O + _TO_MOVE] = 1.0
            if kind in STEP_CARD:
                named = step_field(top, STEP_CARD[kind])
                if isinstance(named, int) and 1 <= named <= NUM_CARDS:
                    raw[named * _NCF + _NAMED] = 1.0
                    s.named = named
            if kind in STEP_UNITS:
                left = step_field(top, STEP_UNITS[kind])
                if isinstance(left, int):
                    raw[_O + _UNITS] = left / 3
            if kind in STEP_AMOUNT:
                amount = step_field(top, STEP_AMOUNT[kind])
                if isinstance(amount, int):
                    raw[_O + _AMOUNT] = amount / 5
    # The players.
    loyalty = g.loyalty
    if loyalty is not s.loyalty:
        for q in range(n):
            b = base[q] + _LOYAL
            raw[b : b + 3] = 0.0
            if loyalty[q] >= 0:
                raw[b + loyalty[q]] = 1.0
        s.loyalty = loyalty
    rupees = g.rupees
    if rupees != s.rupees:
        for q in range(n):
            raw[base[q] + _RUPEES] = rupees[q] / 10
        s.rupees = rupees[:]
    vp = g.vp
    if vp != s.vp:
        for q in range(n):
            raw[base[q] + _VP] = vp[q] / 10
        s.vp = vp[:]
    gifts = g.gifts
    if gifts is not s.gifts:
        for q in range(n):
            raw[base[q] + _GIFTS] = gifts[q] / 3
        s.gifts = gifts
    hand_sizes = [len(h) for h in g.hands]
    if hand_sizes != s.hand_sizes:
        for q in range(n):
            raw[base[q] + _HAND_SIZE] = hand_sizes[q] / 5
        s.hand_sizes = hand_sizes
    if g.tribes != s.tribes:  # [region * n + player]
        s.players[s.slots, _TRIBES : _TRIBES + 6] = np.array(g.tribes, dtype=np.float64).reshape(6, n).T / 3
        s.tribes = g.tribes[:]
    rulers = g.rulers
    if rulers is not s.rulers:
        for b in base:
            raw[b + _RULES : b + _RULES + 6] = 0.0
        for r, ruler in enumerate(rulers):
            if ruler >= 0:
                raw[base[ruler] + _RULES + r] = 1.0
        s.rulers = rulers
    if g.winners != s.winners:
        for b in base:
            raw[b + _WINNER] = 0.0
        for q in g.winners:
            raw[base[q] + _WINNER] = 1.0
        s.winners = g.winners[:]
    # The map.
    if g.armies != s.armies:  # [region * 3 + coalition]
        raw[_O + MAP_BLOCK : _O + MAP_BLOCK + 18] = np.array(g.armies, dtype=np.float64) / 4
        s.armies = g.armies[:]
    if g.roads is not s.roads:  # [border * 3 + coalition]; immutable
        raw[_O + MAP_BLOCK + 18 : _O + GLOBAL_BLOCK] = np.array(g.roads, dtype=np.float64) / 4
        s.roads = g.roads
    # The game.
    if g.favored != s.favored:
        if s.favored >= 0:
            raw[_O + _FAVORED + s.favored] = 0.0
        raw[_O + _FAVORED + g.favored] = 1.0
        s.favored = g.favored
    deck = g.deck
    if market_changed or deck != s.deck:  # the Dominance Checks left are in the deck and the market
        raw[_O + _DECK] = len(deck) / 50
        raw[_O + _CHECKS] = g.dominance_checks_left() / 4
        s.deck = deck[:]
    if g.actions_used != s.actions_used:
        raw[_O + _ACTIONS] = g.actions_used / 2
        s.actions_used = g.actions_used
    if g.phase != s.phase:
        if s.phase in _PHASE:
            raw[_O + _PHASE[s.phase]] = 0.0
        if g.phase in _PHASE:
            raw[_O + _PHASE[g.phase]] = 1.0
        s.phase = g.phase
    if g.turn != s.turn:
        raw[_O + _TURN] = g.turn / 100
        s.turn = g.turn
    effects = g.effects
    if effects is not s.effects:
        raw[_O + _EFFECT : _O + _EFFECT + len(EFFECTS)] = 0.0
        for e, _, _ in effects:
            at = _EFFECT_INDEX.get(e)
            if at is not None:
                raw[_O + at] = 1.0
        s.effects = effects
    # Wakhan's AI cards: the face-up one, the deck's size, the next card's back and the arrows.
    if s.wakhan >= 0 and (g.ai_deck is not s.ai_deck or g.ai_discard is not s.ai_discard):
        w = s.v[WAKHAN_BLOCK:]
        w[:] = 0.0
        if g.ai_discard:
            w[g.ai_discard[-1] - 1] = 1.0
        w[24] = len(g.ai_deck) / 24
        back = HOOKS.rules.ai_card_back(g)
        for i, col in enumerate(back["next_back"]["column_numbers"][:6]):
            w[25 + i] = col / 5
        rows = back["next_back"]["row_side"]
        w[31] = 1.0 if rows and rows[0] == "topLeft" else 0.0
        w[32] = back["arrows"]["column"] / 5
        w[33] = 1.0 if back["arrows"]["row_side"] == "topLeft" else 0.0
        s.ai_deck, s.ai_discard = g.ai_deck, g.ai_discard


def action_mask(game: Game, dtype: npt.DTypeLike = np.int8) -> npt.NDArray[Any]:
    """A new array of NUM_ACTIONS zeros (``dtype``, int8 by default) with a one at each legal action."""
    mask = np.zeros(NUM_ACTIONS, dtype=dtype)
    legal = legal_actions(game)
    if legal:
        mask[legal] = 1
    return mask


__all__ = ["Mask", "ObservationBuilder", "Vector", "action_mask"]
