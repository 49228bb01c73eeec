"""Determinizations: a full game consistent with what one seat sees, its hidden parts sampled.

:func:`determinize` takes a seat's view (``game.view(seat)``) and fills in what the view hides with a sample
consistent with it, then loads it with ``Game.from_json``:

* the other players' hands (their sizes are public) and the deck (its size is public) are dealt from the cards
  the seat cannot see (the ``removed`` pile is treated as unseen too), except a card that a hidden hand is known
  to hold: one being played (a pending ``play_card`` or ``side`` step names it, and stays in the hand until it
  reaches the court) is put back in its player's hand; the deck keeps the rulebook's pile
  structure (six piles of 5 + N court cards, two events in the second pile, a Dominance Check and an event in
  each of the last four), so the unseen Dominance Checks lie where they can still be;
* Wakhan's AI deck is shuffled with a card whose back matches the public next back on top;
* the random generator state is drawn from the caller's generator (the true one would reveal the future).

>>> import random
>>> from paxpamir import Game
>>> game = Game.new(players=3, seed=2)
>>> sample = determinize(game.view(0), 0, random.Random(5))
>>> sample.hands[0] == game.hands[0] and sample.market == game.market and len(sample.deck) == len(game.deck)
True
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..content.cards import DOMINANCE_CHECKS, OTHER_EVENTS, is_court_card, wakhan_card
from ..engine.game import Game
from ..engine.steps import KINDS
from ..rules.court import PlayCard, Side
from ..rules.events import EventChoice
from ..rules.setup import pile_sizes

MAX_SEED: Final = 2**62


def _visible_cards(view: dict[str, Any], viewer: int | None) -> set[int]:
    seen: set[int] = set()
    for pdata in view["players"]:
        seen.update(pdata["court"])
        seen.update(pdata["prizes"])
        if pdata.get("hand") is not None:
            seen.update(pdata["hand"])
    for row in view["market"]:
        seen.update(c for c in row if c)
    seen.update(view["discard"])
    seen.update(e["card"] for e in view["effects"])
    for step in view.get("agenda") or []:
        spec = KINDS.get(step[0]) if step else None
        if spec is not None and spec.cls is EventChoice and len(step) > 2:  # an event's choice, by the step's type
            seen.add(EventChoice(*step).card)  # the event card waits on the agenda, in no pile
    return seen


def _held_cards(view: dict[str, Any]) -> dict[int, list[int]]:
    """The cards that the view's hidden hands are known to hold, by player: a card being played waits in its
    player's hand while the agenda plays it (a ``play_card`` step) or asks for its side (a ``side`` step), so
    another seat knows that it is there although it cannot see the hand."""
    held: dict[int, list[int]] = {}
    players = view["players"]
    for step in view.get("agenda") or []:
        spec = KINDS.get(step[0]) if step else None
        if spec is None or (spec.cls is not PlayCard and spec.cls is not Side) or len(step) < 3:
            continue
        player, card = step[1], step[2]
        if not isinstance(player, int) or not isinstance(card, int) or not 0 <= player < len(players):
            continue
        if players[player].get("hand") is None and card not in held.get(player, []):
            held.setdefault(player, []).append(card)
    return held


def _bought_hands(view: dict[str, Any]) -> list[list[int]]:
    """Each player's hand as the view's public log tells it: every court card enters a hand by a purchase from the
    market, in view of everyone, and leaves it by a play or a discard, also in view (``hands_exchanged`` swaps two
    hands). So a seat that remembers the game knows the other hands, except where the log does not reach back (a
    position loaded without its history): a card it never saw bought is sampled."""
    hands: list[list[int]] = [[] for _ in view["players"]]
    n = len(hands)
    for event in view.get("log") or ():
        kind = event.get("type")
        if kind == "purchase" or kind == "play" or kind == "discard_hand":
            player, card = event.get("player"), event.get("card")
            if not isinstance(player, int) or not 0 <= player < n or not isinstance(card, int):
                continue
            if kind == "purchase":
                if is_court_card(card):
                    hands[player].append(card)
            elif card in hands[player]:
                hands[player].remove(card)
        elif kind == "hands_exchanged":
            p, q = event.get("player"), event.get("other")
            if isinstance(p, int) and isinstance(q, int) and 0 <= p < n and 0 <= q < n:
                hands[p], hands[q] = hands[q], hands[p]
    return hands


def _deal_deck(
    view: dict[str, Any], unseen_court: list[int], unseen_events: list[int], rng: random.Random
) -> list[int]:
    """A deck of the public size that respects the pile structure; takes cards from the two unseen lists."""
    n = len(view["players"])
    size = view["deck_size"]
    visible_events = sum(1 for c in _visible_cards(view, None) if c in OTHER_EVENTS)
    missing_checks = [c for c in DOMINANCE_CHECKS if c in unseen_events]
    other_unseen = [c for c in unseen_events if c not in DOMINANCE_CHECKS]
    rng.shuffle(other_unseen)
    events_in_deck = max(0, min(len(other_unseen), 6 - visible_events, size - len(missing_checks)))
    chosen_events = other_unseen[:events_in_deck]
    del unseen_events[:]
    unseen_events.extend(c for c in other_unseen[events_in_deck:])
    sizes = pile_sizes(n)
    drawn = sum(sizes) - size
    # The remaining part of each pile, top first.
    chunks: list[list[int]] = []
    start = 0
    for s in sizes:
        left = max(0, min(s, start + s - drawn))
        chunks.append([0] * left)
        start += s
    structured = drawn >= 0 and sum(len(c) for c in chunks) == size
    if not structured:  # a hand-written position: no pile structure to keep
        chunks = [[0] * size]
    fill: list[list[int]] = [[] for _ in chunks]
    for i, dc in enumerate(DOMINANCE_CHECKS):
        if dc not in missing_checks:
            continue
        j = 2 + i if structured and chunks[2 + i] else max(range(len(chunks)), key=lambda k: len(chunks[k]))
        fill[j].append(dc)
    wanted = [0, 2, 1, 1, 1, 1] if structured else [len(chosen_events)]
    # Untouched piles get their full events; the partly drawn pile (the first non-empty) gets the rest.
    first = next((j for j, c in enumerate(chunks) if c), 0)
    events = list(chosen_events)
    for j in range(len(chunks) - 1, -1, -1):
        if j == first:
            continue
        for _ in range(min(wanted[j], len(chunks[j]) - len(fill[j]))):
            if events:
                fill[j].append(events.pop())
    while events:  # what is left goes where there is room, the partly drawn pile first
        room = next((k for k in range(len(chunks)) if len(fill[k]) < len(chunks[k])), None)
        if room is None:
            unseen_events.extend(events)
            break
        fill[room].append(events.pop())
    deck: list[int] = []
    for j, chunk in enumerate(chunks):
        cards = fill[j][: len(chunk)]
        while len(cards) < len(chunk) and unseen_court:
            cards.append(unseen_court.pop())
        rng.shuffle(cards)
        deck.extend(cards)
    return deck


def determinization_base(game: Game, viewer: int) -> dict[str, Any]:
    """The viewer's view, ready to be completed by :func:`determinize` (computed once per decision)."""
    return game.view(viewer)


def determinize(view: dict[str, Any], viewer: int, rng: random.Random, remember: bool = False) -> Game:
    """A full game consistent with ``view`` (what seat ``viewer`` sees), hidden parts sampled with ``rng``.
    ``remember``: the other hands hold the cards the public log saw them buy and not leave (:func:`_bought_hands`),
    only the rest being sampled; otherwise every card of a hidden hand is sampled (as a seat that does not follow
    the log sees it)."""
    data = dict(view)
    players = [dict(p) for p in view["players"]]
    unknown_hands = [p for p, pdata in enumerate(players) if pdata.get("hand") is None]
    seen = _visible_cards(view, viewer)
    held = _held_cards(view)
    if remember and unknown_hands:
        bought = _bought_hands(view)
        for p in unknown_hands:
            hand = held.setdefault(p, [])
            room = players[p]["hand_size"] - len(hand)
            for c in bought[p]:
                if room > 0 and c not in hand and c not in seen:
                    hand.append(c)
                    room -= 1
    known = {c for cards in held.values() for c in cards}
    unseen = [c for c in range(1, 117) if c not in seen and c not in known]
    rng.shuffle(unseen)
    unseen_court = [c for c in unseen if is_court_card(c)]
    unseen_events = [c for c in unseen if not is_court_card(c)]
    for p in unknown_hands:
        hand = list(held.get(p, []))
        k = players[p]["hand_size"] - len(hand)
        hand.extend(unseen_court.pop() for _ in range(min(max(k, 0), len(unseen_court))))
        players[p]["hand"] = hand
    deck = _deal_deck(view, unseen_court, unseen_events, rng)
    for pdata in players:
        pdata.pop("hand_size", None)
    data["players"] = players
    data["deck"] = deck
    data["removed"] = sorted(unseen_court + unseen_events)
    data["rng"] = rng.randrange(MAX_SEED)
    data["format"] = "paxpamir-state"
    # No history: a determinization is never undone or recorded (and copying the view's log for an
    # undo base would cost more than the search step).
    data["record"] = {"format": "paxpamir-record", "version": 1, "players": len(players), "choices": []}
    for key in ("viewer", "to_move", "decision", "deck_size", "dominance_checks_left", "rulers"):
        data.pop(key, None)
    wk = view.get("wakhan")
    if wk is not None:
        discard = list(wk["ai_discard"])
        hidden = [c for c in range(1, 25) if c not in discard]
        rng.shuffle(hidden)
        columns = tuple(wk["next_back"]["column_numbers"])
        rows = tuple(wk["next_back"]["row_side"])
        if columns:
            for i, c in enumerate(hidden):
                card = wakhan_card(c)
                if card.back_columns == columns and card.back_row_side == rows:
                    hidden.insert(0, hidden.pop(i))
                    break
        data["wakhan"] = {"seat": wk["seat"], "ai_deck": hidden, "ai_discard": discard}
    world = Game.from_json(data)
    world.quiet = True  # a world searched, not read: only what agents read back is logged
    return world


__all__ = ["determinization_base", "determinize"]
