"""Wakhan's decision procedure (rulebook "Playing with Wakhan", pp. 16-18, and the 24 AI cards).

:class:`WakhanPlayer` answers every decision that falls to Wakhan's seat with ``(option, reason)``: the option
is always one of ``game.legal_options()`` and the reason names the line of her AI card she performs (in words),
the rule applied and the card or place chosen, so that a human can check her by hand (the log says once, when
she draws it, which AI card she uses and where its arrows point).
It uses only the public API (``legal_options``, ``clone``/``apply`` to look ahead at a Dominance Check), the
state's public fields and the engine's rule functions (costs, dominance, bonus actions, rulers, hostages,
protections: none is re-implemented here); it keeps no state of its own. Where she is within her AI card's
action lines (and the roads she placed for a card) is kept as a note with each decision (``{"wakhan": "line",
"line": 2, ...}``, ``{"wakhan": "road", "card": 12}``) and read back with
``game.notes_this_turn``, so a saved game resumes identically and rewording a reason changes nothing.

The modules follow the rulebook's section on Wakhan:

* :mod:`.context`: what every decision of hers reads (the AI card in use, its arrows, her pragmatic loyalty),
  and the table of her handlers, one per decision kind, each registered by name with :func:`.context.handles`
  next to its code;
* :mod:`.priorities`: "General Rules": the card priority, the red arrow's order of players, the AI card's
  order of regions, "has the most spies";
* :mod:`.lines`: "Wakhan's Turn": Wakhan's Ambition, the AI card's action lines, bonus actions;
* :mod:`.radicalize`: "Wakhan's Core Action": which market card she radicalizes;
* :mod:`.playing`: playing the card she radicalized: its side, her spies and roads, and bribes;
* :mod:`.feasibility`: "Wakhan's Card-Based Actions": whether an action can be taken by its default
  behaviour, and with which card;
* :mod:`.card_actions`: the default behaviour of each card-based action (tax, build, move, betray, battle);
* :mod:`.discards`: "Cleanup": the order of her discards;
* :mod:`.abilities`, :mod:`.events`, :mod:`.pieces`: what the Wakhan section settles in general terms (she
  always does what a card says she "may"; she chooses the favored suit; the red arrow's order of players),
  applied to card abilities, events and the component limits;
* :mod:`.player`: :class:`WakhanPlayer`, which asks the handler of the pending decision.

Where the rulebook leaves a choice open, the reading followed is marked "Reading:" in the docstring of the
function that applies it.
"""

from __future__ import annotations

from .player import WakhanPlayer

__all__ = ["WakhanPlayer"]
