"""The words of a game, in the current language (:mod:`paxpamir.content.i18n`): the question of the pending
decision, the labels of its options and the log as lines. The engine speaks no language; these read a game and
change nothing.

>>> from paxpamir import Game
>>> from paxpamir.presentation.words import labelled_options, prompt
>>> game = Game.new(players=3, seed=7)
>>> prompt(game)
'Player 1: Choose your starting loyalty'
>>> labelled_options(game)[0]
(('loyalty', 'afghan'), 'Be loyal to the Afghan coalition')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..content.i18n import gettext as _
from ..engine.errors import IllegalOption
from ..engine.steps import Option
from .describe import event_text
from .describe import label as step_label
from .describe import prompt as step_prompt

if TYPE_CHECKING:
    from ..engine.game import Game


def prompt(game: Game) -> str:
    """A short question for the pending decision ("Player 1: choose your loyalty"), or that the game is over."""
    if not game.agenda:
        return _("The game is over.")
    return step_prompt(game, game.agenda[-1])


def labelled_options(game: Game) -> list[tuple[Option, str]]:
    """``(option, label)`` for each legal option of the pending decision, in the order of ``legal_options()``."""
    step = game.agenda[-1] if game.agenda else ()
    return [(o, step_label(game, step, o)) for o in game.legal_options()]


def label(game: Game, option: object) -> str:
    """The label of ``option`` (a tuple or list) in the pending decision."""
    if not isinstance(option, (tuple, list)):
        raise IllegalOption(f"an option is a tuple or list such as ('end_turn',), not {option!r}")
    return step_label(game, game.agenda[-1] if game.agenda else (), tuple(option))


def log_lines(game: Game) -> list[str]:
    """The log as text: one line per event of ``game.events()``, oldest first."""
    return [event_text(game, e) for e in game.events()]
