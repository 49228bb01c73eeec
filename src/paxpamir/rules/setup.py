"""Setup (rulebook "Setup"): the deck in six piles, the market, rupees, favored suit, starting loyalty."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ..content.cards import DOMINANCE_CHECKS, OTHER_EVENTS
from ..content.map import COALITION_INDEX, POLITICAL
from ..engine import rng
from ..engine.steps import Option, Seat, Step, automatic_kind, decision_kind

if TYPE_CHECKING:
    from ..engine.game import Game

STARTING_RUPEES: Final = 4


def pile_sizes(players: int) -> list[int]:
    """The cards in each of the six deck piles at setup, top pile first: 5 + N court cards, plus two events in
    pile 2 and an event and a Dominance Check in each of piles 3-6 (see :func:`build_deck`)."""
    size = 5 + players
    return [size, size + 2] + [size + 2] * 4


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


def deal_market(g: Game) -> None:
    """Fill the market column by column from the left, top row first."""
    for col in range(6):
        for row in range(2):
            slot = row * 6 + col
            if g.market[slot] == 0 and g.deck:
                g.market[slot] = g.deck.pop(0)


def set_up(g: Game) -> None:
    assert g.seed is not None
    g.rng = rng.seed_state(g.seed)
    build_deck(g)
    deal_market(g)
    g.favored = POLITICAL
    for p in range(g.n):
        g.rupees[p] = STARTING_RUPEES
    if g.wakhan >= 0:
        # Wakhan sits to the right of the last player to choose loyalty and takes the first turn. Seats are
        # the table: she is the last seat, seat 0 chooses last and plays right after her.
        from .wakhan import shuffle_ai_deck

        shuffle_ai_deck(g)
        humans = list(range(g.n - 1))
        order = humans[1:] + humans[:1]
        first_turn = g.wakhan
    else:
        g.rng, first = rng.below(g.rng, g.n)
        order = [(first + i) % g.n for i in range(g.n)]
        first_turn = order[-1]
    g.log("setup", players=g.n, first_chooser=order[0])
    # The last player to choose loyalty takes the first turn.
    g.agenda.append(BeginGame("begin_game", first_turn))
    for p in reversed(order):
        g.agenda.append(Loyalty("loyalty", p))


class BeginGame(NamedTuple):
    """Ends setup; ``player`` takes the first turn."""

    kind: str
    player: int


def _begin_game(g: Game, step: BeginGame) -> None:
    from .turn import start_turn

    g.phase = "play"
    g.turn = 0
    start_turn(g, step.player)


automatic_kind("begin_game", BeginGame, _begin_game, args={"player": Seat})


class Loyalty(NamedTuple):
    """The player chooses their starting loyalty (setup)."""

    kind: str
    player: int


def _loyalty_options(g: Game, step: Loyalty) -> list[Option]:
    return [("loyalty", "afghan"), ("loyalty", "british"), ("loyalty", "russian")]


def _choose_loyalty(g: Game, step: Loyalty, option: Option) -> None:
    p = step.player
    g.loyalty[p] = COALITION_INDEX[option[1]]
    g.log("loyalty", player=p, coalition=g.loyalty[p])


def _loyalty_label(g: Game, step: Loyalty, option: Option) -> str:
    return f"Be loyal to the {str(option[1]).capitalize()} coalition"


def _loyalty_check(g: Game, step: Loyalty, below: Step | None) -> str | None:
    if step.player == g.wakhan:
        return "Wakhan chooses no loyalty"
    return None


decision_kind(
    "loyalty",
    Loyalty,
    options=_loyalty_options,
    apply=_choose_loyalty,
    prompt="Choose your starting loyalty",
    label=_loyalty_label,
    check=_loyalty_check,
    args={"player": Seat},
)
