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
    "build_info",
    "compiled_modules",
]
__version__ = "0.1.0"

#: The subpackages that a regular install compiles with mypyc when it can (see setup.py).
COMPILED_PACKAGES = ("engine", "rules", "content", "presentation", "agents")
#: Modules of those packages that stay Python in every build (mypyc cannot compile a subclass of ``str``).
PURE_MODULES = ("engine.reason",)


def compiled_modules() -> list[str]:
    """The engine modules that are running compiled (empty in a pure-Python install)."""
    import importlib
    import pkgutil

    found = []
    for package in COMPILED_PACKAGES:
        module = importlib.import_module(f"{__name__}.{package}")
        for info in pkgutil.iter_modules(module.__path__):
            name = f"{module.__name__}.{info.name}"
            if not (getattr(importlib.import_module(name), "__file__", None) or "").endswith(".py"):
                found.append(name)
    return found


def build_info() -> str:
    """Which build of the engine is running: ``"compiled (mypyc)"`` or ``"pure Python"``."""
    return "compiled (mypyc)" if compiled_modules() else "pure Python"
