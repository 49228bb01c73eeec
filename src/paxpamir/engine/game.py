"""The game: its state, the decision API, and the primitives every rule module uses.

A :class:`Game` is a plain container of lists and integers plus an *agenda* (see :mod:`paxpamir.engine.steps`).
At every point ``current_player`` must pick one of ``legal_options()``; ``apply(option)`` carries it out and
runs every automatic step that follows until the next decision. The rules themselves live in the modules
named after the game's concepts (market, court, actions, events, abilities, scoring); this module only holds
the state and the mechanisms they share: rupee flows, placing and removing pieces, rulers, the log. How each
field is held is listed in :mod:`~paxpamir.engine.fields`; what :meth:`Game.apply` checks of its arguments is in
:mod:`~paxpamir.engine.checks`, the record, the log's readers and undo in :mod:`~paxpamir.engine.history`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from ..content.cards import COURT, COURT_CARDS, DOMINANCE_CHECKS, OTHER_EVENTS
from ..content.map import (
    BLOCKS_PER_COALITION,
    COALITION_INDEX,
    COALITIONS,
    CYLINDERS_PER_PLAYER,
    REGION_BORDERS,
)
from . import fields, history, rng
from .checks import as_option, check_new_game, checked_reason_and_note, find_legal, is_seat, same
from .errors import BadState, IllegalOption, PamirError
from .hooks import HOOKS, game_options
from .log import log_kind
from .reason import Reason
from .serialize import load_record, state_from_json, state_to_json, view
from .steps import KINDS, Option, Step, StepKind, make_step

log_kind("ruler", "region", "player", "previous")
log_kind("reason", "player", "text", "note?")
log_kind("note", "player", "note")

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
#: Bits per player in a card's packed spy count (a player has 10 cylinders: at most 10 spies on a card).
SPY_BITS: Final = 4
SPY_MASK: Final = (1 << SPY_BITS) - 1


class Game:
    """One game of Pax Pamir: Second Edition.

    Create one with :meth:`Game.new`, or load one with :meth:`Game.from_json` / :meth:`Game.from_record`.
    """

    # Everything below is state, listed once more with how each field is held in engine/fields.FIELDS; the JSON
    # format in docs/state-format.md mirrors it field by field.
    n: int
    options: dict[str, Any]
    seed: int | None
    rng: int
    turn: int
    current: int
    phase: str
    loyalty: tuple[int, ...]  # immutable, like every tuple here: shared by clones, replaced when it changes
    rupees: list[int]
    vp: list[int]
    gifts: tuple[int, ...]
    prizes: list[tuple[int, ...]]
    hands: list[list[int]]
    courts: list[list[int]]
    tribes: list[int]  # [region * n + player]
    armies: list[int]  # [region * 3 + coalition]
    roads: tuple[int, ...]  # [border * 3 + coalition]; immutable (shared by clones), changed by add/remove_road
    spies: tuple[int, ...]  # [card]: every player's spies on a court card, packed (see SPY_BITS); immutable
    market: list[int]  # [row * 6 + column], 0 = vacant
    market_rupees: list[int]
    deck: list[int]  # top first
    discard: list[int]
    removed: list[int]  # cards not used in this game
    favored: int
    actions_used: int
    # Immutable (shared by clones): these change a few times a turn, and each change makes a new tuple.
    used_cards: tuple[int, ...]
    paid_cards: tuple[int, ...]
    placed: tuple[tuple[str, int, int], ...]
    effects: tuple[tuple[str, int, int], ...]  # (effect id, player or -1, card number)
    agenda: list[Step]
    bank_out: int
    bank_in: int
    winners: list[int]
    end_reason: str
    rulers: tuple[int, ...]  # derived cache: ruler of each region or -1
    wakhan: int  # Wakhan's seat, or -1 (derived from options)
    ai_deck: tuple[int, ...]  # Wakhan's AI deck, top first
    ai_discard: tuple[int, ...]  # face-up AI cards; the last is the one in use
    # History (immutable cons lists, shared safely between clones).
    _log: tuple | None  # newest first: (event type, its values or a loaded event's dict, the older node)
    _log_len: int
    quiet: bool  # keep only the events agents read (turns, reasons, notes): see Game.new
    _history: tuple | None  # newest first: (the older node, player, option[, reason[, note]])
    _history_len: int
    undo_floor: int
    initial: dict[str, Any] | None  # the loaded position a record starts from, None for a seeded new game
    # Undo: clones taken before each of the active player's decisions since ``undo_floor`` (not state).
    keep_undo: bool
    _undo_states: tuple[tuple[int, Game], ...]  # (history length before the decision, state before it)
    # Caches.
    _options_cache: list[Option] | None
    _top: StepKind | None  # the pending decision's kind (see _kind)
    _cyl_used: tuple[int, ...]
    _blocks_used: tuple[int, ...]

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        players: object = 4,
        seed: object = 0,
        open_hands: object = False,
        wakhan: object = False,
        wakhan_variants: object = (),
        deal: object = None,
        quiet: object = False,
    ) -> Game:
        """Set up a new game exactly as the rulebook describes, deterministically from ``seed``.

        With ``wakhan=True`` the last seat is Wakhan, the rulebook's automated opponent, and ``players``
        counts her (2 or 3: one or two humans). ``wakhan_variants`` switches on optional Wakhan variants:
        ``"improved"`` (all three), or any of ``"savvy_purchasing"``, ``"spy_movement"``,
        ``"steadfast_loyalty"`` (a list, or a comma-separated string); the default is the rulebook's Wakhan.

        ``deal`` (optional) gives setup's chance outcomes instead of drawing them from the seed:
        ``{"deck": [...], "first": seat, "ai_deck": [...]}`` (the draw deck top card first, in its six piles; the
        first player to choose loyalty; with Wakhan, her AI deck top card first, and ``first`` 0). Such a game's
        record starts from its position after setup. OpenSpiel's chance nodes deal games this way.

        ``quiet=True`` keeps from the log only what agents read back (turn boundaries, reasons and notes), for
        simulations, benchmarks and searches whose logs nobody reads: the events cost (almost) nothing then. The
        game, its record and its state hash are the same; its log (``presentation.words.log_lines``) has little to
        say. Not saved: a game loaded from JSON logs everything.
        """
        check_new_game(players, seed, wakhan, MIN_PLAYERS, MAX_PLAYERS)
        assert isinstance(players, int) and isinstance(seed, int)
        g = cls._blank(players, game_options(open_hands, wakhan, wakhan_variants))
        g.seed = seed
        g.quiet = bool(quiet)
        HOOKS.rules.set_up(g, deal)
        g._advance()
        if deal is not None:
            g.initial = g.to_json()  # not reproducible from the seed: records start from this position
        return g

    @classmethod
    def _blank(cls, n: int, options: dict[str, Any]) -> Game:
        """A game of ``n`` seats before setup: every field at its starting value (:func:`.fields.blank`)."""
        g = Game.__new__(Game)
        fields.blank(g, n, options)
        return g

    def clone(self) -> Game:
        """A copy that shares nothing mutable with this game: it copies the lists and shares the tuples (the
        tables that rarely change, and the history), which are immutable (:func:`.fields.clone_into`)."""
        g = Game.__new__(Game)
        fields.clone_into(self, g)
        return g

    def __copy__(self) -> Game:
        return self.clone()

    def _restore(self, other: Game) -> None:
        """Become a copy of ``other`` that shares nothing mutable with it (:func:`.fields.clone_into`)."""
        fields.clone_into(other, self)

    # ------------------------------------------------------------------ decision API

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def current_player(self) -> int | None:
        """The seat (0-based) that must decide now, or None when the game is over."""
        if not self.agenda:
            return None
        return self.agenda[-1][1]

    @property
    def decision(self) -> str | None:
        """The kind of the pending decision (``"turn"``, ``"tax"``, ``"side"``, ...), or None."""
        if not self.agenda:
            return None
        return self.agenda[-1][0]

    def legal_options(self) -> list[Option]:
        """Every legal option for the pending decision (empty when the game is over). A fresh list each call."""
        return self._legal()[:]

    def option_count(self) -> int:
        """How many legal options the pending decision has (0 when the game is over): ``len(legal_options())``
        without making the list."""
        return len(self._legal())

    def option_at(self, index: object) -> Option:
        """The legal option at ``index`` (0 to ``option_count() - 1``) of ``legal_options()``, without making
        the list: a random agent draws an index and takes that option."""
        options = self._legal()
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(options):
            raise IllegalOption(f"an option index is an integer from 0 to {len(options) - 1}, not {index!r}")
        return options[index]

    def _legal(self) -> list[Option]:
        cache = self._options_cache
        if cache is None:
            if not self.agenda:
                cache = []
            else:
                step = self.agenda[-1]
                options = self._kind(step).options
                if options is None:
                    raise PamirError(f"internal error: {step[0]!r} is not a decision")
                cache = options(self, step)
            self._options_cache = cache
        return cache

    def _kind(self, step: Step) -> StepKind:
        """``step``'s kind and handlers: the pending decision's, kept by ``_advance``, when it is of that kind (one
        dictionary lookup a decision)."""
        top = self._top
        if top is None or top.kind is not step[0]:
            top = KINDS[step[0]]
        return top

    def find_option(self, raw: object) -> Option:
        """The legal option that ``raw`` names, as ``legal_options()`` holds it: ``raw`` is a tuple or a list as
        read from JSON (nested lists become tuples), and every value must have the legal option's exact type (``1``
        is not ``True``, ``1.0`` not ``1``). Raises :class:`IllegalOption` with the explanation :meth:`apply` gives
        otherwise (the game is over, not an option, not legal now, a value of the wrong type). Changes nothing.

        >>> game = Game.new(players=3, seed=7)
        >>> game.find_option(["loyalty", "british"])
        ('loyalty', 'british')
        """
        option = as_option(raw, self.agenda)
        return find_legal(self._legal(), self.agenda[-1], option)

    def apply(
        self,
        option: object,
        player: object = None,
        reason: object = None,
        note: object = None,
    ) -> None:
        """Carry out ``option`` for the player to move (checked against ``player`` when given).

        ``reason`` (optional) is a short explanation logged before the decision and kept in the record, as
        Wakhan's decision procedure does so that a human can check her by hand: free text, or a message
        (``[msgid, {name: value}]``, :func:`paxpamir.content.i18n.msg`) that each reader sees in their language.
        ``note`` (optional) is the
        same for programs: a small JSON object (string keys; numbers, strings, booleans, null and lists of
        them) kept with the decision in the record and in the log, and read back with :meth:`notes_this_turn`
        (Wakhan keeps her place on her AI card there). Both are public, like the decision itself.
        Raises :class:`IllegalOption` and changes nothing if the option is not legal now.
        """
        option = as_option(option, self.agenda)
        step = self.agenda[-1]
        who: int = step[1]
        if player is not None:
            if not is_seat(player, self.n):
                raise IllegalOption(f"player must be a seat, 0 to {self.n - 1}, or None, not {player!r}")
            seat: int = player  # type: ignore[assignment]  # an int: checked just above (compared natively)
            if seat != who:
                raise IllegalOption(f"it is player {who}'s decision ({step[0]}), not player {player}'s")
        options = self._legal()
        if same(options, option) is None:  # agents usually hand back one of the legal options itself
            find_legal(options, step, option)  # an equal one of the same types, or IllegalOption
        if reason is not None or note is not None:
            reason, note = checked_reason_and_note(reason, note)
        own = who == self.current and self.phase == "play"
        if self.keep_undo and own:
            history.keep_undo_state(self)
        _pop(self.agenda)
        self._options_cache = None
        if note:
            self._history = (self._history, who, option, reason or None, note)
        elif reason:
            self._history = (self._history, who, option, reason)
        else:
            self._history = (self._history, who, option)
        self._history_len += 1
        if reason:
            if note:
                self.log("reason", who, reason, note)
            else:
                self.log("reason", who, reason, None)
        elif note:
            self.log("note", who, note)
        if not own:
            # Another player decided (a bribe, a discard, a loyalty choice): no undo past this.
            self.undo_floor = self._history_len
            if self._undo_states:
                self._undo_states = ()
        apply = self._kind(step).apply
        if apply is None:
            raise PamirError(f"internal error: {step[0]!r} is not a decision")
        apply(self, step, option)
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps until a decision is pending or the game is over."""
        agenda = self.agenda
        self._options_cache = None
        while agenda:
            step = agenda[-1]
            if type(step) is tuple:
                step = agenda[-1] = make_step(step)  # pushed as a plain tuple: give it its named type
            kind = KINDS[step[0]]
            run = kind.run
            if run is None:
                self._top = kind  # a decision: apply and _legal find its handlers here
                return
            _pop(agenda)
            run(self, step)
        if self.phase != "over":
            raise PamirError("internal error: the agenda ran empty before the game ended")

    # ------------------------------------------------------------------ undo

    def can_undo(self, player: object = None) -> bool:
        """True when the last decision was the active player's own, in this turn, with nothing revealed since.

        With ``player``, also that ``player`` is the active player: only they may take their decisions back.
        A game asked this starts keeping undo states (see :attr:`keep_undo`).
        """
        if player is not None and not is_seat(player, self.n):
            raise PamirError(f"player must be a seat, 0 to {self.n - 1}, or None, not {player!r}")
        self.keep_undo = True
        if player is not None and player != self.current:
            return False
        return self._history_len > self.undo_floor and self.agenda != [] and self._history is not None

    def undo(self, player: object = None) -> None:
        """Take back the active player's last decision of this turn (raises PamirError if not allowed).

        Restores the state saved before that decision. Undo states are kept once undo is in use (after
        ``keep_undo = True`` or a call to :meth:`can_undo`); a game without one (say, just loaded from JSON)
        replays its record up to the decision instead.
        """
        if not self.can_undo(player):
            raise PamirError(
                "nothing to undo: undo works only for the active player's own decisions this turn, before any "
                "card is drawn or revealed and before another player decides"
            )
        history.undo_last(self)

    def notes_this_turn(self, player: object) -> list[dict[str, Any]]:
        """The notes ``player`` attached to decisions (see :meth:`apply`) since the current turn began, newest
        first. Agents keep their place in a procedure here (Wakhan: the AI card line she performed last)."""
        if not is_seat(player, self.n):
            raise PamirError(f"player must be a seat, 0 to {self.n - 1}, not {player!r}")
        return history.notes_this_turn(self, player)  # type: ignore[arg-type]  # a seat: checked above

    def _replay_base(self) -> Game:
        if self.initial is not None:
            g = Game.from_json(self.initial)
        else:
            assert self.seed is not None
            g = Game.new(self.n, self.seed, **self.options)
        return g

    # ------------------------------------------------------------------ history, log, records

    def choices(self) -> list[tuple[Any, ...]]:
        """Every decision made so far, oldest first, as (player, option[, reason[, note]])."""
        return history.choices(self)

    def events(self, start: object = 0) -> list[dict[str, Any]]:
        """The structured log: one dict per thing that happened, oldest first (new dicts: see
        :mod:`paxpamir.engine.log`); from index ``start`` on, ``g.events()[start:]`` without making the older
        events' dicts (what a client that has the first ``start`` asks for)."""
        if not isinstance(start, int) or isinstance(start, bool) or start < 0:
            raise PamirError(f"start must be a log index (0 or more), not {start!r}")
        return history.events_from(self._log, start)

    def recent_events(self) -> Iterator[dict[str, Any]]:
        """The structured log newest first, lazily: cheap when only the latest events are needed."""
        return history.events_newest_first(self._log)

    @property
    def pending(self) -> Step | None:
        """The pending decision step ``(kind, player, *arguments)`` (see docs/state-format.md), or None.

        It is a named tuple of its kind's declared type: ``g.pending.player``, ``g.pending.card``, ..."""
        return self.agenda[-1] if self.agenda else None

    def record(self) -> dict[str, Any]:
        """The game record: enough to replay this game to an identical state."""
        return history.record(self)

    @classmethod
    def from_record(cls, record: object) -> Game:
        """Replay a game record (see :meth:`record`); raises PamirError if it does not replay."""
        if not isinstance(record, dict):
            raise BadState("not a paxpamir game record (a record is a JSON object)")
        return load_record(Game, record)

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-compatible data (schema: docs/state-format.md)."""
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: object) -> Game:
        """Load a full state (or a hand-written position); raises PamirError with the reason if malformed."""
        if not isinstance(data, dict):
            raise BadState("a state must be a JSON object")
        return state_from_json(Game, data)

    def view(self, player: object, log: object = True) -> dict[str, Any]:
        """The state as seen by ``player`` (None: a spectator): other hands and the deck order hidden. With
        ``log=False`` the view has no ``log`` (cheaper where the log is kept apart)."""
        if player is not None and not is_seat(player, self.n):
            raise PamirError(f"player must be a seat, 0 to {self.n - 1}, or None (a spectator), not {player!r}")
        if not isinstance(log, bool):
            raise PamirError(f"log must be True or False, not {log!r}")
        assert player is None or isinstance(player, int)
        return view(self, player, log)

    def state_hash(self) -> str:
        """A hash of the full state without its history (log, record, undo point): equal positions hash equal."""
        return history.state_hash(self)

    # ------------------------------------------------------------------ log primitive

    def log(self, event_type: str, *values: Any) -> None:
        """Add an event of ``event_type`` to the structured log, its ``values`` in the order its declaration
        names its fields (``log_kind`` in :mod:`paxpamir.engine.log`; None for an optional field left out)."""
        if self.quiet and event_type not in ALWAYS_LOGGED:
            return
        self._log = (event_type, values, self._log)
        self._log_len += 1

    # ------------------------------------------------------------------ derived facts

    def stars(self, player: int, suit: int) -> int:
        total = 0
        for c in self.courts[player]:
            card = COURT[c]
            if card.suit == suit:
                total += card.rank
        return total

    def cylinders_in_supply(self, player: int) -> int:
        return CYLINDERS_PER_PLAYER - self._cyl_used[player]

    def blocks_in_supply(self, coalition: int) -> int:
        return BLOCKS_PER_COALITION - self._blocks_used[coalition]

    # Spies: one int per card holds every player's count, SPY_BITS bits each (player 0 lowest), in a tuple of 101
    # small integers that clones share: spies change a few dozen times a game, and each change makes a new
    # tuple, so that a clone copies nothing. Read and change them only through these methods.

    def spy_count(self, card: int, player: int) -> int:
        """How many spies ``player`` has on ``card``."""
        return (self.spies[card] >> (SPY_BITS * player)) & SPY_MASK

    def spies_on(self, card: int) -> list[int]:
        """Every player's spies on ``card``, by seat."""
        packed = self.spies[card]
        return [(packed >> (SPY_BITS * p)) & SPY_MASK for p in range(self.n)]

    def spies_in_play(self, player: int) -> int:
        """How many of ``player``'s spies are on cards: their cylinders in play less their tribes and gifts."""
        n = self.n
        tribes = 0
        for r in range(6):
            tribes += self.tribes[r * n + player]
        return self._cyl_used[player] - tribes - self.gifts[player]

    def has_spies(self, card: int) -> bool:
        """Whether any player has a spy on ``card``."""
        return self.spies[card] != 0

    def move_spy(self, player: int, source: int, target: int) -> None:
        """One of ``player``'s spies goes from card ``source`` to card ``target`` (it stays in play)."""
        unit = 1 << (SPY_BITS * player)
        spies = list(self.spies)
        spies[source] -= unit
        spies[target] += unit
        self.spies = tuple(spies)

    def set_spies(self, card: int, player: int, count: int) -> None:
        """Set ``player``'s spies on ``card`` to ``count`` (0 to SPY_MASK), leaving the cylinder count alone:
        for loading a state. Rules place and remove spies with :meth:`add_spy` and :meth:`remove_spy`."""
        shift = SPY_BITS * player
        self._set_packed(card, (self.spies[card] & ~(SPY_MASK << shift)) | (count << shift))

    def _set_packed(self, card: int, packed: int) -> None:
        spies = list(self.spies)
        spies[card] = packed
        self.spies = tuple(spies)

    def clear_spies(self, card: int) -> None:
        """Every spy on ``card`` goes back to its owner's supply."""
        packed = self.spies[card]
        if packed:
            for p in range(self.n):
                self._cyl_used = _bumped(self._cyl_used, p, -((packed >> (SPY_BITS * p)) & SPY_MASK))
            self._set_packed(card, 0)

    def owner_of(self, card: int) -> int:
        for p in range(self.n):
            if card in self.courts[p]:
                return p
        return -1

    def ruled_regions(self, player: int) -> list[int]:
        return [r for r in range(6) if self.rulers[r] == player]

    def coalition_blocks(self, coalition: int) -> int:
        """The coalition's armies and roads on the map (kept as pieces move: the invariants check the sum)."""
        return self._blocks_used[coalition]

    def dominance_checks_left(self) -> int:
        # Each card is once in the deck or the market: count each check there (a scan in C, not a loop in Python).
        deck, market = self.deck, self.market
        left = 0
        for c in DOMINANCE_CHECKS:
            left += deck.count(c) + market.count(c)
        return left

    # ------------------------------------------------------------------ rupee flows

    def pay_player(self, payer: int, payee: int, amount: int) -> None:
        self.rupees[payer] -= amount
        self.rupees[payee] += amount

    def from_bank(self, player: int, amount: int) -> None:
        self.rupees[player] += amount
        self.bank_out += amount

    def to_bank(self, player: int, amount: int) -> None:
        self.rupees[player] -= amount
        self.bank_in += amount

    # ------------------------------------------------------------------ pieces

    def recompute_rulers(self) -> None:
        """Recompute every region's ruler and log changes (after a loyalty change, which can change any)."""
        for r in range(6):
            self.recompute_ruler(r)

    def recompute_ruler(self, region: int) -> None:
        """Recompute ``region``'s ruler and log a change. Called after any change to the region's pieces (a
        region's ruler depends on its own pieces and the loyalties only)."""
        n = self.n
        new = HOOKS.rules.ruler(self, self.tribes, self.armies, region * n, region * 3)
        old = self.rulers[region]
        if new != old:
            self.rulers = _replaced(self.rulers, region, new)
            self.log("ruler", region, new, old)

    def add_tribe(self, player: int, region: int) -> None:
        self.tribes[region * self.n + player] += 1
        self._cyl_used = _bumped(self._cyl_used, player, 1)
        self.placed += (("tribe", region, player),)
        self.recompute_ruler(region)

    def add_army(self, coalition: int, region: int) -> None:
        self.armies[region * 3 + coalition] += 1
        self._blocks_used = _bumped(self._blocks_used, coalition, 1)
        self.placed += (("army", region, coalition),)
        self.recompute_ruler(region)

    def add_road(self, coalition: int, border: int) -> None:
        self.roads = _bumped(self.roads, border * 3 + coalition, 1)
        self._blocks_used = _bumped(self._blocks_used, coalition, 1)
        self.placed += (("road", border, coalition),)

    def add_spy(self, player: int, card: int, placed: bool = True) -> None:
        """A spy of ``player`` from their supply onto ``card`` (``placed``: it counts as placed this turn)."""
        self._set_packed(card, self.spies[card] + (1 << (SPY_BITS * player)))
        self._cyl_used = _bumped(self._cyl_used, player, 1)
        if not placed:
            return
        self.placed += (("spy", card, player),)

    def add_gift(self, player: int) -> None:
        self.gifts = _bumped(self.gifts, player, 1)
        self._cyl_used = _bumped(self._cyl_used, player, 1)
        self.placed += (("gift", 0, player),)

    def remove_army(self, coalition: int, region: int) -> None:
        self.armies[region * 3 + coalition] -= 1
        self._blocks_used = _bumped(self._blocks_used, coalition, -1)
        self.recompute_ruler(region)

    def remove_road(self, coalition: int, border: int) -> None:
        self.roads = _bumped(self.roads, border * 3 + coalition, -1)
        self._blocks_used = _bumped(self._blocks_used, coalition, -1)

    def remove_spy(self, player: int, card: int) -> None:
        self._set_packed(card, self.spies[card] - (1 << (SPY_BITS * player)))
        self._cyl_used = _bumped(self._cyl_used, player, -1)

    def remove_gift(self, player: int) -> None:
        self.gifts = _bumped(self.gifts, player, -1)
        self._cyl_used = _bumped(self._cyl_used, player, -1)

    def remove_tribe(self, player: int, region: int) -> None:
        """Remove one tribe; losing the last one overthrows the player's political cards of the region."""
        i = region * self.n + player
        self.tribes[i] -= 1
        self._cyl_used = _bumped(self._cyl_used, player, -1)
        self.recompute_ruler(region)
        if self.tribes[i] == 0:
            HOOKS.rules.overthrow(self, player, region)

    def remove_all_tribes(self, player: int, region: int) -> None:
        i = region * self.n + player
        k = self.tribes[i]
        if k:
            self.tribes[i] = 0
            self._cyl_used = _bumped(self._cyl_used, player, -k)
            self.recompute_ruler(region)

    def placed_this_turn(self, kind: str, where: int, owner: int) -> int:
        return self.placed.count((kind, where, owner))

    def loyal_coalition(self, player: int) -> int:
        return self.loyalty[player]

    def set_loyalty(self, player: int, coalition: int) -> None:
        """``player`` becomes loyal to ``coalition`` (-1: none). Rulers may change: see change_loyalty."""
        self.loyalty = _replaced(self.loyalty, player, coalition)

    def set_gifts(self, player: int, gifts: int) -> None:
        """Set ``player``'s gifts, leaving the cylinder count alone: for loading a state."""
        self.gifts = _replaced(self.gifts, player, gifts)

    def set_prizes(self, player: int, prizes: tuple[int, ...]) -> None:
        self.prizes[player] = prizes

    def add_prize(self, player: int, card: int) -> None:
        self.prizes[player] = (*self.prizes[player], card)

    def region_borders(self, region: int) -> tuple[int, ...]:
        return REGION_BORDERS[region]

    # ------------------------------------------------------------------ summaries

    def summary(self) -> dict[str, Any]:
        """Scores, winners and how the game ended (for tools and tests)."""
        return {
            "players": self.n,
            "turns": self.turn,
            "vp": self.vp[:],
            "winners": self.winners[:],
            "end_reason": self.end_reason,
            "loyalty": [COALITIONS[c] if c >= 0 else None for c in self.loyalty],
        }

    def __repr__(self) -> str:
        who = self.current_player
        return f"<Game {self.n} players, turn {self.turn}, phase {self.phase}, to move: {who}, vp {self.vp}>"


def _pop(agenda: list[Step]) -> None:
    """Take the top step off ``agenda``. The last one goes by ``clear``: a ``pop`` to empty reallocates the list's
    buffer to zero bytes, which CPython's small-object allocator leaves to ``malloc``, and every later growth of
    the list then goes through ``malloc``'s slower ``realloc``; ``clear`` frees the buffer, and the next push
    takes a new one from Python's allocator (the agenda empties at almost every turn decision)."""
    if len(agenda) > 1:
        agenda.pop()
    else:
        agenda.clear()


def _replaced(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``values`` with item ``i`` replaced by ``value`` (a new tuple)."""
    changed = list(values)
    changed[i] = value
    return tuple(changed)


def _bumped(values: tuple[int, ...], i: int, change: int) -> tuple[int, ...]:
    """``values`` with ``change`` added to item ``i`` (a new tuple)."""
    return _replaced(values, i, values[i] + change)


#: The events a quiet game still logs: what agents read back (notes_this_turn) and where turns begin.
ALWAYS_LOGGED: Final = frozenset({"turn", "reason", "note"})


__all__ = ["Game", "Reason", "COALITION_INDEX", "COURT_CARDS", "OTHER_EVENTS", "REGION_BORDERS", "rng"]
