"""The analysis board: a new game that starts from a position of another game (issue 35).

Two kinds of start, decided by what the asking link may know (never by what it asks for):

- **the position itself**, once the game is over (its record is public then): the true state after decision
  ``at``, hidden cards included;
- **a "what if"** while the game goes on: the state as one seat sees it at decision ``at`` (a spectator's or the
  creator's link: the public view), every card it cannot see dealt anew by
  :func:`paxpamir.agents.determinize.determinize` from a seed of the new game. Nothing of the true deck, the other
  hands, the cards set aside, the random state or Wakhan's AI deck order enters it: two games that differ only in
  what that seat cannot see give the same "what if" from the same seed (``tests/test_server_analysis.py``).

Either way the start is a state without history (no record, no seed: the original game's seed and record never
enter the new game); its log is kept, since it is public and Wakhan reads her place on her AI card from it. The
new game is stored with that state (``games.position``, migration 0006) and replayed from it; its ``origin`` says
that it is an analysis game (``what_if`` or not) and from which decision, so it never counts as the original.

The work (replaying the original game to decision ``at`` and dealing the hidden cards) runs in the server's
worker processes (:func:`start_position` is what they run), not in the event loop.
"""

from __future__ import annotations

import random
from typing import Any

from ..agents.determinize import determinize
from ..engine.errors import PamirError
from ..engine.game import Game

#: The parts of a state that belong to its history or its origin, left out of an analysis game's start.
HISTORY_FIELDS = ("record", "undo_floor", "seed")


def initial_game(players: int, seed: int, options: dict[str, Any], position: dict[str, Any] | None) -> Game:
    """A stored game's start: the analysis position it was created from, else ``Game.new`` from its seed."""
    if position is not None:
        return Game.from_json(position)
    return Game.new(players, seed, open_hands=bool(options.get("open_hands")), wakhan=bool(options.get("wakhan")),
                    wakhan_variants=options.get("wakhan_variants") or ())


def replayed(players: int, seed: int, options: dict[str, Any], position: dict[str, Any] | None,
             decisions: list[tuple[str, int, list[Any] | None, Any]], at: int) -> Game:
    """The game after its first ``at`` decisions; ``decisions``: ``(kind, seat, option, reason_data or
    reason)`` of each stored decision, in order."""
    game = initial_game(players, seed, options, position)
    for kind, seat, option, reason in decisions[:at]:
        if kind == "undo":
            game.undo(seat)
        elif isinstance(reason, dict):
            game.apply(option, seat, reason.get("reason"), reason.get("note"))
        else:
            game.apply(option, seat, reason)
    return game


def position_of(game: Game, viewer: int | None, true_position: bool, seed: int,
                open_hands: bool | None = None) -> dict[str, Any]:
    """The start of an analysis game from ``game``: its true state (``true_position``: only once the original game
    is over), or a "what if" dealt from what ``viewer`` (None: a spectator) sees, with a generator seeded by
    ``seed``. ``open_hands``: the new game's choice (None: as the original). No history, no seed."""
    data = game.to_json() if true_position else dealt(game.view(viewer), viewer, seed)
    for key in HISTORY_FIELDS:
        data.pop(key, None)
    if open_hands is not None:
        data["options"] = {**data.get("options", {}), "open_hands": open_hands}
    Game.from_json(data)  # loads, or raises the engine's reason
    return data


def dealt(view: dict[str, Any], viewer: int | None, seed: int) -> dict[str, Any]:
    """A full state consistent with ``view``, its hidden cards dealt by :func:`determinize` with a generator seeded
    by ``seed`` (a card being played, which a hidden hand is known to hold, stays in that hand)."""
    seat = viewer if viewer is not None else 0  # (determinize reads the view, not the number)
    return determinize(view, seat, random.Random(seed)).to_json()


def start_position(players: int, seed: int, options: dict[str, Any], position: dict[str, Any] | None,
                   decisions: list[tuple[str, int, list[Any] | None, Any]], at: int, viewer: int | None,
                   true_position: bool, sample_seed: int, open_hands: bool | None) -> dict[str, Any]:
    """What a worker process runs: the original game replayed to decision ``at``, then :func:`position_of`.
    Raises :class:`ValueError` with a reason a person can read when that position cannot start a game."""
    try:
        game = replayed(players, seed, options, position, decisions, at)
    except PamirError as exc:
        raise ValueError(str(exc)) from None
    if game.is_over:
        raise ValueError("over")
    return position_of(game, viewer, true_position, sample_seed, open_hands)


__all__ = ["initial_game", "position_of", "replayed", "start_position"]
