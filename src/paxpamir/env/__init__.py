"""Environments for learning agents (docs/env.md).

:mod:`~paxpamir.env.actions` (the fixed action space) and :mod:`~paxpamir.env.observation` (per-player
observation vectors and strings) need only the engine. :mod:`~paxpamir.env.arrays` (the same vectors as numpy
arrays, built incrementally), :mod:`~paxpamir.env.pettingzoo`, :mod:`~paxpamir.env.gymnasium` and
:mod:`~paxpamir.env.openspiel` need the ``rl`` (and ``openspiel``) extras; nothing here imports them until one
of those modules is imported.
"""
