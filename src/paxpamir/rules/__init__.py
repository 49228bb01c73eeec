"""The rules, one module per concept of the game. Importing this package registers them with the engine: every
module declares its step, option and log kinds when it is imported, and the few rules the engine itself runs
(setup, who rules a region, the overthrow rule, Wakhan's variants and AI card back) are registered with
:func:`paxpamir.engine.hooks.register_rules` here. ``import paxpamir`` imports this package."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.hooks import Rules, register_rules
from . import abilities, actions, court, effects, events, market, names, pieces, rulers, scoring, setup, turn, wakhan

if TYPE_CHECKING:
    from ..engine.game import Game


class TheRules(Rules):
    """The rules the engine runs, from the modules that own them."""

    def set_up(self, g: Game, deal: object) -> None:
        setup.set_up_checked(g, deal)

    def ruler(self, g: Game, tribes: list[int], armies: list[int], t0: int, a0: int) -> int:
        return rulers.ruler_from_counts(g, tribes, armies, t0, a0)

    def overthrow(self, g: Game, player: int, region: int) -> None:
        court.overthrow_cards(g, player, region)

    def variants(self, value: object) -> tuple[str, ...]:
        return wakhan.wakhan_variants(value)

    def ai_card_back(self, g: Game) -> dict[str, Any]:
        return wakhan.ai_card_back(g)


register_rules(TheRules())

__all__ = [
    "TheRules", "abilities", "actions", "court", "effects", "events", "market", "names", "pieces", "rulers", "scoring",
    "setup", "turn", "wakhan",
]
