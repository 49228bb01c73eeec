"""Play a whole game in the terminal (``pamir play``) and step through saved games (``pamir replay``).

Humans share one terminal (hot-seat); the other seats are random bots (or Wakhan). The screen shows what a
player at the table sees: the map, the market, every court, your hand, the scores, the events in force and
the last lines of the log. It is drawn with ``rich`` (colours on a terminal, plain text when the output is a
file or a pipe) from the view model (:func:`paxpamir.presentation.viewmodel.view_model`: the seat's view, the
facts the rules derive from it, the prompt and the labelled options) and the printed card facts of
:mod:`paxpamir.content.cards`; the terminal decides no rule itself. Bot seats play through
:func:`paxpamir.agents.runner.play_game`. On a terminal the board is laid out for its width and trimmed to its
height, so that the prompt and every option fit below it.

A game is never lost: after every decision the session (the game record plus the seat configuration) is
written atomically to the autosave file, and Ctrl-C or the end of input saves and tells how to resume.

The modules, each importing only those above it:

- ``saves``: where saved games go, listing them, writing them atomically, loading sessions, records and states.
- ``logtext``: the log as shown: the lines since a point, which lines stand out, where the board's log begins.
- ``styles``: colours, and the names of players, suits and coalitions drawn in them.
- ``cardtext``: what a card says: its title, its printed facts, Wakhan's AI cards.
- ``mapdraw``: the map drawn in text.
- ``boardparts``: the pieces of the board: header, players, market, courts, hands, Wakhan's card, events.
- ``seats``: the seats the humans take, and the bots and Wakhan in the others.
- ``screen``: the screen (``Screen``): the board fitted to the terminal, its pages, the prompt and the options.
- ``session``: one game (``Session``): the loop, the pass screen, and the commands typed at a decision.
- ``play`` and ``replay``: the two subcommands; ``commands`` registers them on the ``pamir`` command and
  runs them on their own::

    python -m paxpamir.clients.terminal play --players 3 --humans 1
    python -m paxpamir.clients.terminal replay ~/.paxpamir/autosave.json --all
"""
