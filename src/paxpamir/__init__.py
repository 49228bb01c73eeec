"""paxpamir: a rules engine for Pax Pamir: Second Edition (Cole Wehrle, Wehrlegig Games).

>>> from paxpamir import Game
>>> game = Game.new(players=3, seed=7)
>>> game.current_player in range(3)
True
>>> game.legal_options()[0]
('loyalty', 'afghan')
"""

from .content.cards import CARDS, COURT_CARDS, EVENT_CARDS, CourtCard, EventCard, card, find_card
from .engine.errors import BadState, IllegalOption, PamirError
from .engine.game import Game

__all__ = [
    "Game",
    "PamirError",
    "IllegalOption",
    "BadState",
    "CARDS",
    "COURT_CARDS",
    "EVENT_CARDS",
    "CourtCard",
    "EventCard",
    "card",
    "find_card",
]
__version__ = "0.1.0"
