"""Exceptions raised by the engine. Every one leaves the game exactly as it was."""


class PamirError(ValueError):
    """Something asked of the engine cannot be done; the message says why."""


class IllegalOption(PamirError):
    """The option given is not one of the legal options for the pending decision."""


class BadState(PamirError):
    """A state, position or record given to the engine is malformed or inconsistent."""
