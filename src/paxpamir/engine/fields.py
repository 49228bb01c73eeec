"""Every field of a game's state, once: its name, how it is held (and so how a clone takes it) and where the JSON
form keeps it. :class:`~paxpamir.engine.game.Game` declares the fields as annotations; ``tests/test_fields.py``
checks the two against each other, and :func:`paxpamir.engine.invariants.check_invariants` each field's value
against this list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..content.map import POLITICAL

if TYPE_CHECKING:
    from .game import Game

# How a field of the state is held, and so how a clone takes it (:data:`FIELDS`).
#: A value nothing changes in place (a number, a string, a flag, None): a clone shares it.
VALUE: Final = "value"
#: An immutable tuple (or None), replaced whole when it changes: a clone shares it. Never assign into one.
TUPLE: Final = "tuple"
#: A list changed in place: a clone copies it.
LIST: Final = "list"
#: A list of lists changed in place (hands, courts): a clone copies each.
LISTS: Final = "lists"
#: Set when the game is made or loaded, never changed after: a clone shares it.
FROZEN: Final = "frozen"
#: A cache a clone starts without (None).
CACHE: Final = "cache"

NO_CARD: Final = 0
#: The spy table of a game without spies (cards 0 to 100; card 0 never holds any).
NO_SPIES: Final[tuple[int, ...]] = (0,) * 101
#: The road table of a game without roads ([border * 3 + coalition]).
NO_ROADS: Final[tuple[int, ...]] = (0,) * 27

#: Every field of a game's state, once, in the order of the class's annotations: ``(name, how it is held, where
#: the JSON form keeps it)``, the JSON place a key path of :meth:`~paxpamir.engine.game.Game.to_json`
#: (``"players.rupees"``: each player's ``rupees``; ``"record.choices"``) or ``""`` for what the JSON form does not
#: keep (derived caches, undo states, quiet). :func:`clone_into` and :func:`blank` (below) assign each field
#: explicitly (a loop over names would be slow in a compiled build); ``tests/test_fields.py`` checks that each of
#: them, the JSON form and the class's annotations cover exactly these fields, each as it is held here, and
#: :func:`paxpamir.engine.invariants.check_invariants` checks that each holds what it says (a list, a tuple). A new
#: field: its annotation, a row here, and the line each of those two functions and the JSON form need.
FIELDS: Final[tuple[tuple[str, str, str], ...]] = (
    ("n", VALUE, "players"),
    ("options", FROZEN, "options"),
    ("seed", VALUE, "seed"),
    ("rng", VALUE, "rng"),
    ("turn", VALUE, "turn"),
    ("current", VALUE, "current"),
    ("phase", VALUE, "phase"),
    ("loyalty", TUPLE, "players.loyalty"),
    ("rupees", LIST, "players.rupees"),
    ("vp", LIST, "players.vp"),
    ("gifts", TUPLE, "players.gifts"),
    ("prizes", LIST, "players.prizes"),
    ("hands", LISTS, "players.hand"),
    ("courts", LISTS, "players.court"),
    ("tribes", LIST, "map.tribes"),
    ("armies", LIST, "map.armies"),
    ("roads", TUPLE, "map.roads"),
    ("spies", TUPLE, "spies"),
    ("market", LIST, "market"),
    ("market_rupees", LIST, "market_rupees"),
    ("deck", LIST, "deck"),
    ("discard", LIST, "discard"),
    ("removed", FROZEN, "removed"),
    ("favored", VALUE, "favored"),
    ("actions_used", VALUE, "turn_state.actions_used"),
    ("used_cards", TUPLE, "turn_state.used_cards"),
    ("paid_cards", TUPLE, "turn_state.paid_cards"),
    ("placed", TUPLE, "turn_state.placed"),
    ("effects", TUPLE, "effects"),
    ("agenda", LIST, "agenda"),
    ("bank_out", VALUE, "bank.out"),
    ("bank_in", VALUE, "bank.in"),
    ("winners", LIST, "winners"),
    ("end_reason", VALUE, "end_reason"),
    ("rulers", TUPLE, "rulers"),
    ("wakhan", VALUE, "wakhan.seat"),
    ("ai_deck", TUPLE, "wakhan.ai_deck"),
    ("ai_discard", TUPLE, "wakhan.ai_discard"),
    ("_log", TUPLE, "log"),
    ("_log_len", VALUE, "log"),
    ("quiet", VALUE, ""),
    ("_history", TUPLE, "record.choices"),
    ("_history_len", VALUE, "record.choices"),
    ("undo_floor", VALUE, "undo_floor"),
    ("initial", FROZEN, "record.position"),
    ("keep_undo", VALUE, ""),
    ("_undo_states", TUPLE, ""),
    ("_options_cache", CACHE, ""),
    ("_top", VALUE, ""),
    ("_cyl_used", TUPLE, ""),
    ("_blocks_used", TUPLE, ""),
)


# The two functions below assign every field of FIELDS explicitly, one line each, as the list says the field is
# held (no loop over the names and no ``__dict__``: a compiled build would run them slowly or not at all);
# ``tests/test_fields.py`` reads them and checks each line. ``Game._blank`` calls the first, ``Game.clone`` and
# ``Game._restore`` the second.


def blank(g: Game, n: int, options: dict[str, Any]) -> None:
    """Set every field of ``g`` (a new, empty game of ``n`` seats) at its value before setup."""
    g.n = n
    g.options = dict(options)
    g.seed = None
    g.rng = 0
    g.turn = 0
    g.current = 0
    g.phase = "setup"
    g.loyalty = (-1,) * n
    g.rupees = [0] * n
    g.vp = [0] * n
    g.gifts = (0,) * n
    g.prizes = [() for _ in range(n)]
    g.hands = [[] for _ in range(n)]
    g.courts = [[] for _ in range(n)]
    g.tribes = [0] * (6 * n)
    g.armies = [0] * 18
    g.roads = NO_ROADS
    g.spies = NO_SPIES
    g.market = [NO_CARD] * 12
    g.market_rupees = [0] * 12
    g.deck = []
    g.discard = []
    g.removed = []
    g.favored = POLITICAL
    g.actions_used = 0
    g.used_cards = ()
    g.paid_cards = ()
    g.placed = ()
    g.effects = ()
    g.agenda = []
    g.bank_out = 0
    g.bank_in = 0
    g.winners = []
    g.end_reason = ""
    g.rulers = (-1,) * 6
    g.wakhan = n - 1 if options.get("wakhan") else -1
    g.ai_deck = ()
    g.ai_discard = ()
    g._log = None
    g._log_len = 0
    g.quiet = False
    g._history = None
    g._history_len = 0
    g.undo_floor = 0
    g.initial = None
    g.keep_undo = False
    g._undo_states = ()
    g._options_cache = None
    g._top = None
    g._cyl_used = (0,) * n
    g._blocks_used = (0,) * 3


def clone_into(src: Game, g: Game) -> None:
    """Make ``g`` (a new, empty game, or one to overwrite whole) a copy of ``src`` that shares nothing mutable with
    it: the lists are copied; the tuples (the tables that rarely change, and the history) and what never changes
    after setup are shared. In the order of :data:`FIELDS`, as :func:`blank` sets them: a pure Python build then
    keeps every game's attributes in one shared layout."""
    g.n = src.n
    g.options = src.options  # a dict, never mutated after creation
    g.seed = src.seed
    g.rng = src.rng  # the random generator's whole state: one integer
    g.turn = src.turn
    g.current = src.current
    g.phase = src.phase
    g.loyalty = src.loyalty
    g.rupees = src.rupees[:]
    g.vp = src.vp[:]
    g.gifts = src.gifts
    g.prizes = src.prizes[:]  # each player's prizes are an immutable tuple: a clone shares it
    g.hands = [x[:] for x in src.hands]
    g.courts = [x[:] for x in src.courts]
    g.tribes = src.tribes[:]
    g.armies = src.armies[:]
    g.roads = src.roads
    g.spies = src.spies
    g.market = src.market[:]
    g.market_rupees = src.market_rupees[:]
    g.deck = src.deck[:]
    g.discard = src.discard[:]
    g.removed = src.removed  # a list, never mutated after setup
    g.favored = src.favored
    g.actions_used = src.actions_used
    g.used_cards = src.used_cards
    g.paid_cards = src.paid_cards
    g.placed = src.placed
    g.effects = src.effects
    g.agenda = src.agenda[:]  # its steps are immutable tuples: a clone shares them
    g.bank_out = src.bank_out
    g.bank_in = src.bank_in
    g.winners = src.winners[:]
    g.end_reason = src.end_reason
    g.rulers = src.rulers
    g.wakhan = src.wakhan
    g.ai_deck = src.ai_deck
    g.ai_discard = src.ai_discard
    g._log = src._log
    g._log_len = src._log_len
    g.quiet = src.quiet
    g._history = src._history
    g._history_len = src._history_len
    g.undo_floor = src.undo_floor
    g.initial = src.initial
    g.keep_undo = src.keep_undo
    g._undo_states = src._undo_states
    g._options_cache = None
    g._top = src._top
    g._cyl_used = src._cyl_used
    g._blocks_used = src._blocks_used
