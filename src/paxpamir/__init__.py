"""paxpamir: a rules engine for Pax Pamir: Second Edition (Cole Wehrle, Wehrlegig Games).

>>> from paxpamir import Game
>>> game = Game.new(players=3, seed=7)
>>> game.current_player in range(3)
True
>>> game.legal_options()[0]
('loyalty', 'afghan')
"""

from . import rules as rules  # registers the rules with the engine (step kinds and hooks): Game.new works from here
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
    "engine_notice",
]
#: The version, written here only: the build reads it (pyproject.toml), so does ``pamir --version``; a release
#: raises it and turns CHANGELOG.md's Unreleased section into this version's.
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
        for info in pkgutil.walk_packages(module.__path__, f"{module.__name__}."):  # subpackages too
            name = info.name
            if not (getattr(importlib.import_module(name), "__file__", None) or "").endswith(".py"):
                found.append(name)
    return found


def build_info() -> str:
    """Which build of the engine is running: ``"compiled (mypyc)"`` or ``"pure Python"``."""
    return "compiled (mypyc)" if compiled_modules() else "pure Python"


def engine_notice() -> str | None:
    """One line for the start of the game server and the terminal game when the engine runs as pure Python (no C
    compiler at install time, a failed compile, or an editable install): its bots think several times slower.
    ``None`` when the engine runs compiled.

    >>> engine_notice() is None or engine_notice().startswith("paxpamir: the pure-Python engine is running")
    True
    """
    if compiled_modules():
        return None
    return (
        "paxpamir: the pure-Python engine is running (its bots think several times slower); a regular install "
        "(pip install .) where a C compiler exists compiles it"
    )
