"""Seat kinds: ``human``, ``wakhan`` and a small registry of bots (name -> factory) that new bots plug into.

A bot's decision must follow from the stored record alone, so that a server that restarts (or another server
process) makes the same decision: every bot is built afresh for each decision, seeded from the game's seed and
the decision's index (:func:`bot_seed`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..agents.base import Agent
from ..content.i18n import N_

if TYPE_CHECKING:
    from ..engine.game import Game

HUMAN = "human"
WAKHAN = "wakhan"


@dataclass(frozen=True)
class BotKind:
    name: str
    description: str
    factory: Callable[[int], Agent]


BOTS: dict[str, BotKind] = {}


def register_bot(name: str, description: str, factory: Callable[[int], Agent]) -> None:
    """Make ``name`` a seat kind: ``factory(seed)`` returns an agent whose ``decide(game)`` is used."""
    if name in (HUMAN, WAKHAN):
        raise ValueError(f"{name!r} is reserved")
    BOTS[name] = BotKind(name, description, factory)


def _random_bot(seed: int) -> Agent:
    from ..agents.bots import RandomBot

    return RandomBot(seed)


register_bot("random", N_("picks uniformly among the legal options"), _random_bot)


def _registered(name: str) -> Callable[[int], Agent]:
    def factory(seed: int) -> Agent:
        from ..agents.registry import make_agent

        return make_agent(name, seed)

    return factory


# The project's other bots (paxpamir.agents.registry), at the levels a server can afford per decision.
for _name, _description in (
    ("heuristic", N_("plays on sensible principles (influence, dominance, rupees, rulers), in a few milliseconds")),
    ("heuristic:easy", N_("the heuristic bot with some randomness")),
    (
        "search:fast",
        N_("plays out the others' replies in deals imagined from what it may know (about 0.3 s a decision)"),
    ),
    ("search", N_("the search bot with more time: stronger, about a second a decision")),
):
    register_bot(_name, _description, _registered(_name))


def seat_kinds() -> dict[str, str]:
    """Every seat kind with a short description (English; ``_()`` translates each)."""
    kinds = {
        HUMAN: N_("a person, with a secret invite link"),
        WAKHAN: N_("the rulebook's automated opponent (last seat)"),
    }
    kinds.update({k: b.description for k, b in BOTS.items()})
    return kinds


def is_machine(kind: str) -> bool:
    return kind == WAKHAN or kind in BOTS


def bot_seed(game_seed: int, seq: int) -> int:
    """The seed of the bot that makes decision number ``seq`` of a game seeded with ``game_seed``."""
    digest = hashlib.sha256(f"paxpamir-bot:{game_seed}:{seq}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def decide(kind: str, game: Game, seed: int) -> tuple[tuple[Any, ...], Any]:
    """``(option, reason)`` for the seat to move, of kind ``kind`` (Wakhan or a registered bot)."""
    if kind == WAKHAN:
        from ..agents.wakhan import WakhanPlayer

        return WakhanPlayer().choose(game)
    decision = BOTS[kind].factory(seed).decide(game)
    return tuple(decision.option), decision.reason
