"""What the engine runs but does not know: the rules it calls at a few points (setting a game up, who rules a
region, the overthrow rule, Wakhan's variants and the back of her next AI card).

The engine imports nothing of the rules. The rules package registers them here when it is imported
(:mod:`paxpamir.rules`, which ``import paxpamir`` imports), as it registers its step kinds in
:mod:`paxpamir.engine.steps`: the engine calls ``HOOKS.rules.ruler(...)``; until then a call raises
:class:`~paxpamir.engine.errors.PamirError`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .errors import PamirError

if TYPE_CHECKING:
    from .game import Game

def _unregistered() -> PamirError:
    return PamirError("the rules are not registered: import paxpamir (or paxpamir.rules) first")


class Rules:
    """The rule functions the engine calls. :mod:`paxpamir.rules` registers an instance of a subclass that
    implements each method (:func:`register_rules`); these raise :class:`PamirError`. A subclass rather than a
    table of functions: a compiled build calls an overriding method natively, a function kept in an attribute
    through Python (``ruler`` runs at every placed or removed piece)."""

    def set_up(self, g: Game, deal: object) -> None:
        """Set the blank game ``g`` up from its seed (``deal``: setup's chance outcomes, or None)."""
        raise _unregistered()

    def ruler(self, g: Game, tribes: list[int], armies: list[int], t0: int, a0: int) -> int:
        """Who rules a region holding ``tribes[t0 + player]`` tribes and ``armies[a0 + coalition]`` armies (-1:
        nobody)."""
        raise _unregistered()

    def overthrow(self, g: Game, player: int, region: int) -> None:
        """``player`` lost their last tribe in ``region``."""
        raise _unregistered()

    def variants(self, value: object) -> tuple[str, ...]:
        """The Wakhan variants ``value`` names, in their canonical order."""
        raise _unregistered()

    def ai_card_back(self, g: Game) -> dict[str, Any]:
        """What a view shows of Wakhan's AI cards besides the cards: the next card's back and the arrows."""
        raise _unregistered()


class Hooks:
    """Where the engine finds the registered rules."""

    __slots__ = ("rules",)

    def __init__(self) -> None:
        self.rules: Rules = Rules()


#: The one registry: ``HOOKS.rules`` is the registered :class:`Rules`.
HOOKS: Final = Hooks()


def register_rules(rules: Rules) -> None:
    """Make ``rules`` the rules the engine runs (done once, by :mod:`paxpamir.rules`)."""
    HOOKS.rules = rules


def ruler_of(g: Game, region: int) -> int:
    """The player ruling ``region`` now, or -1 (the registered rule)."""
    return HOOKS.rules.ruler(g, g.tribes, g.armies, region * g.n, region * 3)


def game_options(open_hands: object, wakhan: object, wakhan_variants: object) -> dict[str, Any]:
    """The options of a new game as kept in its state and record. ``wakhan_variants`` is kept only when some are
    on (and only with Wakhan), so that a rulebook game's state reads as it always did."""
    options: dict[str, Any] = {"open_hands": bool(open_hands), "wakhan": bool(wakhan)}
    variants = HOOKS.rules.variants(wakhan_variants)
    if variants and not wakhan:
        raise PamirError("Wakhan variants need a game with Wakhan (wakhan=True)")
    if variants:
        options["wakhan_variants"] = list(variants)
    return options
