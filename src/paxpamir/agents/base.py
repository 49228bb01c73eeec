"""The agent protocol: anything that makes decisions for a seat through the public API.

An agent is an object with a ``decide(game)`` method that returns a :class:`Decision` (an option from
``game.legal_options()`` and, optionally, a short reason that is logged and kept in the record). Agents read
the game only through its public API and view model; none of them re-implements a rule.

>>> from paxpamir import Game
>>> from paxpamir.agents.bots import RandomBot
>>> game = Game.new(players=2, seed=1)
>>> decision = RandomBot(seed=2).decide(game)
>>> decision.option in game.legal_options()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple, Protocol

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.steps import Option


class Decision(NamedTuple):
    """What an agent decided: the option to apply and, optionally, why (in words a player can check) and a
    note for itself. (A named tuple: cheap to make once per decision in fast simulations.)"""

    option: Option
    #: Free text, or a message (``[msgid, {args}]``, :func:`paxpamir.content.i18n.msg`) shown in each reader's
    #: language.
    reason: str | list[Any] | None = None
    #: Optional machine-readable data kept with the decision (a small JSON object, see ``Game.apply``): where
    #: an agent is in its own procedure, read back with ``game.notes_this_turn(seat)``.
    note: dict[str, Any] | None = None


_TUPLE_NEW: Final = tuple.__new__
#: The class as a constant: a compiled build reads it without a lookup in the module's namespace.
DECISION: Final = Decision


def new_decision(option: Option) -> Decision:
    """``Decision(option)``, made without running the named tuple's Python-level constructor (for bots that
    decide thousands of times a second)."""
    return _TUPLE_NEW(DECISION, (option, None, None))


class Agent(Protocol):
    """Decides for whichever seat is to move when :meth:`decide` is called."""

    def decide(self, game: Game) -> Decision:
        """Return a legal option for ``game.current_player``; never changes ``game``."""
        ...


__all__ = ["Agent", "Decision", "new_decision"]
