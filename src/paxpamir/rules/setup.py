"""Setup (rulebook "Setup"): the deck in six piles, the market, rupees, favored suit, starting loyalty."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ..content.cards import DOMINANCE_CHECKS, OTHER_EVENTS
from ..content.i18n import N_
from ..content.i18n import gettext as _
from ..content.map import COALITION_INDEX, POLITICAL
from ..engine import rng
from ..engine.log import log_kind
from ..engine.options import COALITION_NAMES, Field, option_kind
from ..engine.steps import Option, Step, automatic_kind, decision_kind, new_step
from .names import coalition_name

if TYPE_CHECKING:
    from ..engine.game import Game

log_kind("setup", "players", "first_chooser")
log_kind("loyalty", "player", "coalition")

STARTING_RUPEES: Final = 4


def pile_sizes(players: int) -> list[int]:
    """The cards in each of the six deck piles at setup, top pile first: 5 + N court cards, plus two events in
    pile 2 and an event and a Dominance Check in each of piles 3-6 (see :func:`build_deck`)."""
    return [sum(kinds) for kinds in pile_kinds(players)]


def pile_kinds(players: int) -> list[tuple[int, int, int]]:
    """For each pile of the deck at setup, top first: (court cards, other events, Dominance Checks)."""
    size = 5 + players
    return [(size, 0, 0), (size, 2, 0)] + [(size, 1, 1)] * 4


#: The piles that hold a Dominance Check (0-based, top pile first).
DOMINANCE_PILES: Final = (2, 3, 4, 5)


def deck_piles(players: int, deck_size: int) -> list[tuple[int, bool]]:
    """The piles still in a deck of ``deck_size`` cards, top first: (cards left in it, whether it held a
    Dominance Check at setup). The top pile may be partly drawn (its check may be gone)."""
    out: list[tuple[int, bool]] = []
    left = deck_size
    sizes = pile_sizes(players)
    for i in range(5, -1, -1):
        if left <= 0:
            break
        k = min(sizes[i], left)
        out.append((k, i in DOMINANCE_PILES))
        left -= k
    out.reverse()
    return out


def build_deck(g: Game) -> None:
    """Six piles of 5 + N court cards; Dominance Checks one each in piles 3-6; two other events in pile 2 and
    one each in piles 3-6; each pile shuffled alone; pile 1 on top. Unused cards are set aside."""
    n = g.n
    state = g.rng
    court = list(range(1, 101))
    state = rng.shuffle(state, court)
    size = 5 + n
    piles = [court[i * size : (i + 1) * size] for i in range(6)]
    removed = court[6 * size :]
    for i, dc in enumerate(DOMINANCE_CHECKS):
        piles[2 + i].append(dc)
    events = list(OTHER_EVENTS)
    state = rng.shuffle(state, events)
    piles[1].extend(events[:2])
    for i in range(4):
        piles[2 + i].append(events[2 + i])
    removed.extend(events[6:])
    deck: list[int] = []
    for pile in piles:
        state = rng.shuffle(state, pile)
        deck.extend(pile)
    g.rng = state
    g.deck = deck
    g.removed = sorted(removed)


class Deal(NamedTuple):
    """The outcome of setup's chance, given from outside instead of drawn from the seed (OpenSpiel's explicit
    chance nodes deal a game this way): the draw deck top card first, the first player to choose loyalty (not
    in a Wakhan game, where the order is fixed), Wakhan's AI deck top card first (only in a Wakhan game)."""

    deck: tuple[int, ...]
    first: int
    ai_deck: tuple[int, ...]


def check_deal(players: int, wakhan: bool, deal: object) -> Deal:
    """``deal`` (a mapping with ``deck``, ``first`` and, with Wakhan, ``ai_deck``) as a :class:`Deal`, checked
    against the rules of setup. Raises :class:`PamirError` with the reason when it is not a possible deal."""
    from ..engine.errors import PamirError

    if not isinstance(deal, dict):
        raise PamirError(f"a deal is an object with 'deck', 'first' and (with Wakhan) 'ai_deck', not {deal!r}")
    unknown = sorted(set(deal) - {"deck", "first", "ai_deck"})
    if unknown:
        raise PamirError(f"unknown fields in the deal: {', '.join(map(str, unknown))}")
    deck = deal.get("deck")
    if not isinstance(deck, list | tuple) or not all(isinstance(c, int) and not isinstance(c, bool) for c in deck):
        raise PamirError("the deal's 'deck' is a list of card numbers, top card first")
    cards: list[int] = list(deck)
    if len(set(cards)) != len(cards):
        raise PamirError("the deal's deck holds a card twice")
    kinds = pile_kinds(players)
    if len(cards) != sum(sum(k) for k in kinds):
        raise PamirError(f"a {players}-player deck has {sum(sum(k) for k in kinds)} cards, not {len(cards)}")
    start = 0
    for i, (court, events, checks) in enumerate(kinds):
        pile = cards[start : start + court + events + checks]
        start += len(pile)
        got = (
            sum(1 for c in pile if 1 <= c <= 100),
            sum(1 for c in pile if c in OTHER_EVENTS),
            sum(1 for c in pile if c in DOMINANCE_CHECKS),
        )
        if got != (court, events, checks):
            raise PamirError(
                f"pile {i + 1} of the deal's deck must hold {court} court cards, {events} other events and "
                f"{checks} Dominance Checks, not {got[0]}, {got[1]} and {got[2]}"
            )
    first = deal.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        raise PamirError(f"the deal's 'first' is a seat, 0 to {players - 1}, not {first!r}")
    if wakhan and first != 0:
        raise PamirError("in a Wakhan game the loyalty order is fixed: the deal's 'first' must be 0")
    ai_deck = deal.get("ai_deck")
    if wakhan:
        if not isinstance(ai_deck, list | tuple) or sorted(ai_deck) != list(range(1, 25)):
            raise PamirError("the deal's 'ai_deck' lists the 24 AI cards, each once, top card first")
    elif ai_deck is not None:
        raise PamirError("only a Wakhan game has an AI deck to deal")
    return Deal(tuple(cards), first, tuple(ai_deck) if wakhan and ai_deck is not None else ())


def deal_market(g: Game) -> None:
    """Fill the market column by column from the left, top row first."""
    for col in range(6):
        for row in range(2):
            slot = row * 6 + col
            if g.market[slot] == 0 and g.deck:
                g.market[slot] = g.deck.pop(0)


def set_up_checked(g: Game, deal: object) -> None:
    """Set up the blank game ``g`` from its seed, with ``deal`` (setup's chance outcomes, checked by
    :func:`check_deal`) when it is not None: what :meth:`Game.new <paxpamir.engine.game.Game.new>` runs."""
    set_up(g, check_deal(g.n, g.wakhan >= 0, deal) if deal is not None else None)


def set_up(g: Game, deal: Deal | None = None) -> None:
    """Set the game up from its seed; with ``deal``, the deck, the first player and Wakhan's AI deck are the
    deal's instead of drawn (the seed's generator still serves Wakhan's later reshuffles)."""
    assert g.seed is not None
    g.rng = rng.seed_state(g.seed)
    if deal is None:
        build_deck(g)
    else:
        g.deck = list(deal.deck)
        dealt = set(deal.deck)
        g.removed = sorted(c for c in (*range(1, 101), *OTHER_EVENTS, *DOMINANCE_CHECKS) if c not in dealt)
    deal_market(g)
    g.favored = POLITICAL
    for p in range(g.n):
        g.rupees[p] = STARTING_RUPEES
    if g.wakhan >= 0:
        # Wakhan sits to the right of the last player to choose loyalty and takes the first turn. Seats are
        # the table: she is the last seat, seat 0 chooses last and plays right after her.
        from .wakhan import shuffle_ai_deck

        if deal is None:
            shuffle_ai_deck(g)
        else:
            g.ai_deck = deal.ai_deck
            g.ai_discard = ()
        humans = list(range(g.n - 1))
        order = humans[1:] + humans[:1]
        first_turn = g.wakhan
    else:
        if deal is None:
            g.rng, first = rng.below(g.rng, g.n)
        else:
            first = deal.first
        order = [(first + i) % g.n for i in range(g.n)]
        first_turn = order[-1]
    g.log("setup", g.n, order[0])
    # The last player to choose loyalty takes the first turn.
    g.agenda.append(new_step(BeginGame, "begin_game", first_turn))
    for p in reversed(order):
        g.agenda.append(new_step(Loyalty, "loyalty", p))


class BeginGame(NamedTuple):
    """Ends setup; ``player`` takes the first turn."""

    kind: str
    player: int


def _begin_game(g: Game, step: BeginGame) -> None:
    from .turn import start_turn

    g.phase = "play"
    g.turn = 0
    start_turn(g, step.player)


automatic_kind("begin_game", BeginGame, _begin_game)


class Loyalty(NamedTuple):
    """The player chooses their starting loyalty (setup)."""

    kind: str
    player: int


def _loyalty_options(g: Game, step: Loyalty) -> list[Option]:
    return [("loyalty", "afghan"), ("loyalty", "british"), ("loyalty", "russian")]


def _choose_loyalty(g: Game, step: Loyalty, option: Option) -> None:
    p = step.player
    g.set_loyalty(p, COALITION_INDEX[option[1]])
    g.log("loyalty", p, g.loyalty[p])


def _loyalty_label(g: Game, step: Loyalty, option: Option) -> str:
    return _("Be loyal to the {coalition} coalition").format(
        coalition=coalition_name(COALITION_INDEX[str(option[1])])
    )


def _loyalty_check(g: Game, step: Loyalty, below: Step | None) -> str | None:
    if step.player == g.wakhan:
        return _("Wakhan chooses no loyalty")
    return None


option_kind("loyalty", Field("coalition", COALITION_NAMES))


decision_kind(
    "loyalty", Loyalty, _loyalty_options, _choose_loyalty, _loyalty_label,
    N_("Choose your starting loyalty"), check=_loyalty_check,
)
