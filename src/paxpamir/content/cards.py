"""Card facts of Pax Pamir: Second Edition, loaded from ``data/cards.json`` into immutable objects.

Card content is by Cole Wehrle / Wehrlegig Games, licensed CC BY-NC-SA 4.0.
Court cards are numbered 1-100, Dominance Checks 101-104 and the other events 105-116.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Final

from .map import COALITION_INDEX, REGION_INDEX, SUIT_INDEX

ACTIONS: Final[tuple[str, ...]] = ("tax", "gift", "build", "move", "betray", "battle")
IMPACTS: Final[tuple[str, ...]] = (
    "army", "road", "tribe", "spy", "leverage", "political", "intelligence", "economic", "military",
)


@dataclass(frozen=True, slots=True)
class CourtCard:
    number: int
    name: str
    region: int
    suit: int
    rank: int
    actions: tuple[str, ...]
    impact: tuple[str, ...]
    patriot: int  # coalition index, or -1
    prize: int  # coalition index, or -1
    ability: str | None
    ability_text: str | None

    @property
    def is_court(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class EventCard:
    number: int
    name: str
    is_dominance_check: bool
    if_purchased: str
    if_discarded: str
    if_purchased_text: str
    if_discarded_text: str

    @property
    def is_court(self) -> bool:
        return False


Card = CourtCard | EventCard

# Our own short names for the event cards (the data file identifies them by effect only).
_EVENT_NAMES: Final = {
    "dominanceCheck": "Dominance Check",
    "newTactics": "New Tactics",
    "kohINoorRecovered": "Koh-i-noor Recovered",
    "courtlyManners": "Courtly Manners",
    "rumor": "Rumor",
    "conflictFatigue": "Conflict Fatigue",
    "nationalism": "Nationalism",
    "publicWithdrawal": "Public Withdrawal",
    "nationBuilding": "Nation Building",
    "backingOfPersianAristocracy": "Backing of Persian Aristocracy",
    "otherPersuasiveMethods": "Other Persuasive Methods",
    "pashtunwaliValues": "Pashtunwali Values",
    "rebuke": "Rebuke",
}


def _load() -> tuple[tuple[CourtCard, ...], tuple[EventCard, ...]]:
    raw = json.loads(resources.files(__package__).joinpath("data/cards.json").read_text(encoding="utf-8"))
    court = tuple(
        CourtCard(
            number=c["number"],
            name=c["name"],
            region=REGION_INDEX[c["region"]],
            suit=SUIT_INDEX[c["suit"]],
            rank=c["rank"],
            actions=tuple(c["actions"]),
            impact=tuple(c["impact"]),
            patriot=COALITION_INDEX[c["patriot"]] if c["patriot"] else -1,
            prize=COALITION_INDEX[c["prize"]] if c["prize"] else -1,
            ability=c["ability"],
            ability_text=c["ability_text"],
        )
        for c in raw["court_cards"]
    )
    events = tuple(
        EventCard(
            number=e["number"],
            name=_EVENT_NAMES[e["if_purchased"]] if e["kind"] == "event" else f"Dominance Check {e['number'] - 100}",
            is_dominance_check=e["kind"] == "dominance_check",
            if_purchased=e["if_purchased"],
            if_discarded=e["if_discarded"],
            if_purchased_text=e["if_purchased_text"],
            if_discarded_text=e["if_discarded_text"],
        )
        for e in raw["event_cards"]
    )
    return court, events


COURT_CARDS, EVENT_CARDS = _load()
assert [c.number for c in COURT_CARDS] == list(range(1, 101))
assert [e.number for e in EVENT_CARDS] == list(range(101, 117))

#: Every card by number; index 0 is unused.
CARDS: Final[tuple[Card | None, ...]] = (None, *COURT_CARDS, *EVENT_CARDS)
#: Court cards only, by number (index 0 and event numbers are None), for the hot paths.
COURT: Final[tuple[CourtCard, ...]] = (COURT_CARDS[0], *COURT_CARDS)  # index 0 is a placeholder, never used
DOMINANCE_CHECKS: Final[tuple[int, ...]] = tuple(e.number for e in EVENT_CARDS if e.is_dominance_check)
OTHER_EVENTS: Final[tuple[int, ...]] = tuple(e.number for e in EVENT_CARDS if not e.is_dominance_check)
PUBLIC_WITHDRAWAL: Final = next(e.number for e in EVENT_CARDS if e.if_purchased == "publicWithdrawal")
ALL_CARD_NUMBERS: Final[tuple[int, ...]] = tuple(range(1, 117))


def is_court_card(number: int) -> bool:
    return 1 <= number <= 100


def is_event(number: int) -> bool:
    return 101 <= number <= 116


def is_dominance_check(number: int) -> bool:
    return 101 <= number <= 104


def card(number: object) -> Card:
    """The card with this printed number (1-116); KeyError for anything else."""
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 116:
        raise KeyError(f"no card number {number!r}: court cards are 1-100, events 101-116")
    c = CARDS[number]
    assert c is not None
    return c


def find_cards(query: object) -> list[Card]:
    """Every card a query names: by number, exact (case-insensitive) name, name prefix, or part of the name."""
    if not isinstance(query, (str, int)) or isinstance(query, bool):
        raise KeyError(f"a card query is a number or (part of) a name, not {query!r}")
    if isinstance(query, int) or (isinstance(query, str) and query.strip().isdigit()):
        number = int(query)
        return [card(number)] if 1 <= number <= 116 else []
    q = query.strip().lower()
    every = [c for c in CARDS if c is not None]
    exact = [c for c in every if c.name.lower() == q]
    if exact:
        return exact
    return [c for c in every if c.name.lower().startswith(q)] or [c for c in every if q in c.name.lower()]


def find_card(query: object) -> Card:
    """A card by number or by (case-insensitive, unique) name or name prefix; KeyError if none or several."""
    if not isinstance(query, (str, int)) or isinstance(query, bool):
        raise KeyError(f"a card query is a number or (part of) a name, not {query!r}")
    if isinstance(query, int) or (isinstance(query, str) and query.strip().isdigit()):
        return card(int(query))
    matches = find_cards(query)
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise KeyError(f"no card is called {query!r}")
    names = ", ".join(f"{c.number} {c.name}" for c in matches[:8])
    raise KeyError(f"{query!r} matches several cards: {names}")


# ---------------------------------------------------------------------------- Wakhan AI cards


@dataclass(frozen=True, slots=True)
class WakhanCard:
    """One of Wakhan's 24 AI cards. The front is read when the card is drawn; the back is read while the card
    is the next one on the AI deck."""

    number: int
    actions: tuple[str, ...]  # instruction codes, tried top to bottom
    column_arrow: int  # index into the next card's back column_numbers
    row_side_arrow: int  # index into the next card's back row_side
    pragmatic_loyalty: tuple[int, ...]  # coalitions, leftmost first
    region_order: tuple[int, ...]  # regions, leftmost first
    back_columns: tuple[int, ...]  # six market column numbers printed on the back
    back_row_side: tuple[str, ...]  # two entries, "topLeft" or "bottomRight"


def _load_wakhan() -> tuple[tuple[WakhanCard, ...], dict[str, str]]:
    raw = json.loads(
        resources.files(__package__).joinpath("data/wakhan_cards.json").read_text(encoding="utf-8")
    )
    out = tuple(
        WakhanCard(
            number=c["number"],
            actions=tuple(c["front"]["actions"]),
            column_arrow=c["front"]["column_arrow"],
            row_side_arrow=c["front"]["row_side_arrow"],
            pragmatic_loyalty=tuple(COALITION_INDEX[x] for x in c["front"]["pragmatic_loyalty"]),
            region_order=tuple(REGION_INDEX[x] for x in c["front"]["region_order"]),
            back_columns=tuple(c["back"]["column_numbers"]),
            back_row_side=tuple(c["back"]["row_side"]),
        )
        for c in raw["ai_cards"]
    )
    return out, dict(raw["instructions"])


WAKHAN_CARDS, WAKHAN_INSTRUCTIONS = _load_wakhan()
assert [c.number for c in WAKHAN_CARDS] == list(range(1, 25))


def wakhan_card(number: int) -> WakhanCard:
    if not isinstance(number, int) or not 1 <= number <= 24:
        raise KeyError(f"no Wakhan AI card number {number!r}: they are numbered 1-24")
    return WAKHAN_CARDS[number - 1]
