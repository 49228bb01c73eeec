"""One game at the terminal: the loop that asks the humans and lets the bots play, and the commands typed
at a decision."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from rich.text import Text

from ...agents.base import Decision
from ...agents.runner import play_game
from ...content.cards import WAKHAN_CARDS
from ...content.i18n import N_, msg
from ...content.i18n import gettext as _
from ...engine.errors import PamirError
from ...engine.game import Game
from ...presentation.cardref import card_query_lines
from ...presentation.viewmodel import view_model
from ...presentation.words import labelled_options, log_lines
from .cardtext import wakhan_card_details
from .logtext import BOARD_LOG_LINES, board_log_from, log_since, log_style, log_with_turn
from .saves import atomic_write_json, session_doc, tupled
from .screen import Screen
from .seats import SessionBot, WakhanSeat
from .styles import game_player_name, is_terminal

#: The log's note on a decision with a single option, taken for the player (``--ask-always`` asks instead).
ONLY_OPTION_REASON = msg("a single option, taken without asking")
#: Exit code after Ctrl-C (the shell's convention for SIGINT).
EXIT_INTERRUPTED = 130

#: What a player may type at a decision (``help``; also the help of ``pamir play``).
HELP_TEXT = N_("""\
Choose an option by its number, or type the start of its label, for example "end" or "purchase bank":
a unique prefix of a label is enough (case does not matter); a unique part of a label also works.
Commands:
  undo          take back your last decision of this turn (when allowed)
  l, log        everything since your last decision (log n: the last n lines; log all: the whole game)
  m, map        the map; k, market: the market in full; c, courts: courts, hands, events in force
  b, board      draw the whole board again
  card <n|name> show a card by number or (part of its) name; card ai <n>: Wakhan's AI card n
  save <file>   save the game to a file (the autosave goes on as well)
  help          this text
  quit          save and leave; resume later with pamir play --load FILE
Reading the board: courts run left to right; a card shows suit and rank (Pol, Int, Eco, Mil), region and
actions, then spies (P2 x1 = one spy of Player 2), HOSTAGE (another player has the most spies on it) and
"used" (its action was taken this turn); card <n> shows its ability. Hand 2/3 and Court 4/5: cards held /
limit at cleanup; Stock (Cylinders in stock): cylinders not yet on the map or on cards. On the map, a box is
a region (its ruler at the top right) and a line between two boxes a border (A2 = two Afghan roads). The log
on the board is what happened since your last decision, as much as fits: l shows all of it.
""")


class QuitGame(Exception):
    """The player asked to leave (quit, end of input or Ctrl-C)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def norm_label(text: str) -> str:
    """A label or typed text for matching: lower case, single spaces, and any dash as a plain hyphen (labels
    use en dashes, as in "Herat–Kandahar")."""
    return " ".join(text.lower().replace("–", "-").replace("—", "-").split())


class Thinking:
    """A bot seat that says "<name> is thinking…" while it decides, on a terminal, so that a human sees why nothing
    happens during a slow search; the line goes away once it has decided."""

    def __init__(self, bot: Any, screen: Screen) -> None:
        self.bot = bot
        self.screen = screen

    def decide(self, game: Game) -> Decision:
        seat = game.current_player
        assert seat is not None
        self.screen.status(_("{player} is thinking…").format(player=game_player_name(game, seat)))
        try:
            decision: Decision = self.bot.decide(game)
        finally:
            self.screen.status(None)
        return decision


class Session:
    """One game at the terminal: humans in ``humans`` (0-based seats), bots in the others."""

    def __init__(
        self,
        game: Game,
        humans: Sequence[int],
        bot_seed: int,
        save_path: Path,
        stdin: TextIO,
        out: TextIO,
        step: bool = False,
        ask_always: bool = False,
        bots: str = "random",
    ) -> None:
        self.g = game
        #: The kind of bot in every computer seat but Wakhan's (a name of paxpamir.agents.registry).
        self.bots = bots
        #: Ask even when a decision has a single option (else it is taken for the player, with a log line).
        self.ask_always = ask_always
        self.humans = sorted(set(humans))
        self.bot_seed = bot_seed
        self.save_path = save_path
        self.stdin = stdin
        self.screen = Screen(out)
        self.step = step
        self.echo = not is_terminal(stdin)
        #: input() with line editing: only when both ends are this process's own terminal.
        self.line_editing = stdin is sys.stdin and out is sys.stdout and not self.echo and self.screen.tty
        if self.line_editing:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (input() then edits lines and keeps a history)
        self.seen = len(game.events())
        self.last_human: int | None = None
        #: Length of the log when each seat last decided (what it has seen).
        self.log_mark: dict[int, int] = {}
        self.save_error: str | None = None
        #: The view model of the decision on screen (for the pages and the options shown again).
        self.vm: dict[str, Any] | None = None

    # -- input

    def read(self, prompt: str) -> str:
        """One line of input without its newline; raises QuitGame at end of input.

        At a real terminal the line is read with line editing and history (arrow keys, where Python has
        ``readline``); from a pipe or a file, it is read as it comes and echoed, so a transcript reads well.
        """
        if self.line_editing:
            try:
                return input(prompt)
            except EOFError:
                self.screen.print("")
                raise QuitGame(_("end of input")) from None
        self.screen.console.print(Text(prompt), end="")
        self.screen.out.flush()
        line = self.stdin.readline()
        if not line:
            self.screen.print("")
            raise QuitGame(_("end of input"))
        line = line.rstrip("\r\n")
        if self.echo:
            self.screen.print(Text(line))
        return line

    # -- saving

    def doc(self) -> dict[str, Any]:
        return session_doc(self.g, self.humans, self.bot_seed, self.bots)

    def autosave(self, durable: bool = True) -> bool:
        """Save the session; on failure warn (once per message) and go on playing. True when saved."""
        try:
            atomic_write_json(self.save_path, self.doc(), durable)
        except OSError as exc:
            key = f"{type(exc).__name__} {exc.errno}"
            if key != self.save_error:
                reason = exc.strerror or str(exc)
                self.screen.plain(
                    _("Warning: could not autosave to {path}: {reason}").format(path=self.save_path, reason=reason),
                    style="bold red",
                )
            self.save_error = key
            return False
        self.save_error = None
        return True

    def resume_hint(self) -> str:
        return _("resume with: pamir play --load {path}").format(path=self.save_path)

    # -- log

    def flush_log(self, indent: str = "  ") -> None:
        total, lines = log_since(self.g, self.seen)  # after an undo the log may be shorter than seen
        for line in lines:
            self.screen.log_line(line, log_style(line), indent)
        self.seen = total

    # -- the game loop

    def run(self) -> int:
        g = self.g
        try:
            self.autosave()
            humans = self.humans
            seats: dict[int, Any] = {p: SessionBot(self.bot_seed, self.bots) for p in range(g.n) if p not in humans}
            if g.wakhan >= 0:
                seats[g.wakhan] = WakhanSeat()
            bots = {p: Thinking(bot, self.screen) for p, bot in seats.items()}
            while not g.is_over:
                who = g.current_player
                assert who is not None
                if who in self.humans:
                    self.human_turn(who)
                else:
                    play_game(g, bots, until=self.humans_turn, after=self.after_bot)
            self.flush_log()
            self.finish()
            return 0
        except QuitGame as q:
            return self.leave(_("Game saved to {path} ({reason}).").format(path=self.save_path, reason=q.reason), 0)
        except KeyboardInterrupt:
            self.screen.plain("")
            return self.leave(_("Interrupted. Game saved to {path}.").format(path=self.save_path), EXIT_INTERRUPTED)

    def leave(self, message: str, code: int) -> int:
        """Save before leaving, and say how to come back."""
        if not self.autosave():
            self.screen.plain(_("The game could NOT be saved to {path}.").format(path=self.save_path), style="bold red")
            return 1
        self.screen.plain(message, style="bold")
        self.screen.plain(self.resume_hint(), style="bold")
        return code

    def finish(self) -> None:
        g = self.g
        self.autosave()
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.screen.board(g, viewer, self.humans, reserve=g.n + 3)
        summary = g.summary()
        names = _(" and ").join(game_player_name(g, w) for w in summary["winners"])
        if len(summary["winners"]) > 1:
            over = _("Game over ({reason}): {names} win.")
        else:
            over = _("Game over ({reason}): {names} wins.")
        self.screen.print(Text(over.format(reason=_(str(summary.get("end_reason"))), names=names), style="bold green"))
        vp = summary["vp"]
        for place, p in enumerate(sorted(range(g.n), key=lambda q: -vp[q]), 1):
            you = _(" (you)") if self.humans == [p] else ""
            won = _(" — winner") if p in summary["winners"] else ""
            self.screen.plain(
                _("  {place}. {player}{you}: {vp} VP{won}").format(
                    place=place, player=game_player_name(g, p), you=you, vp=vp[p], won=won
                )
            )
        self.screen.plain(
            _("The finished game is saved in {path}; see it again with: pamir replay {path}").format(
                path=self.save_path
            )
        )

    def humans_turn(self, g: Game) -> bool:
        """The bots stop when a human is to decide."""
        return g.current_player in self.humans

    def after_bot(self, g: Game, who: int, decision: Decision) -> None:
        """After each bot decision: save, print what happened, and with --step pause after a bot's turn."""
        nxt = g.current_player
        # Every bot decision is saved; it is flushed to the disk once a human is to decide again.
        self.autosave(durable=nxt in self.humans or g.is_over)
        self.flush_log()
        if self.step and nxt != who and not g.is_over:
            self.step_pause()

    def step_pause(self) -> None:
        """After a bot's turn with --step: Enter goes on, b shows the board, q saves and leaves."""
        while True:
            cmd = self.read("[step] press Enter to continue (b = board, q = quit) ").strip().lower()
            if cmd in ("q", "quit", "exit"):
                raise QuitGame(_("quit"))
            if cmd not in ("b", "board"):
                return
            viewer = self.humans[0] if len(self.humans) == 1 else None
            self.screen.board(self.g, viewer, self.humans, log_lines=0)

    def pass_screen(self, who: int) -> None:
        self.screen.clear()
        name = game_player_name(self.g, who)
        self.screen.print(
            Text("\n" * 2 + _("Pass to {player} — press Enter (q = save and quit)").format(
                player=name
            ), style="bold reverse")
        )
        if self.read("").strip().lower() in ("q", "quit", "exit"):
            raise QuitGame(_("quit"))
        self.screen.clear()

    def show_decision(self, who: int) -> list[tuple[tuple[Any, ...], str]]:
        """Draw the board as ``who`` sees it, then the prompt and the options, which always fit below it on a
        terminal (the board gives up log lines, then detail, for them). Returns the labelled options."""
        g = self.g
        since = self.log_mark.get(who)
        vm = view_model(g, who, log_from=board_log_from(len(g.events()), BOARD_LOG_LINES, since))
        labelled = [(tupled(o["option"]), o["label"]) for o in vm["options"]]
        block = self.screen.options_block(vm)
        reserve = self.screen.lines(block) + 1 if self.screen.tty else 0  # + the input line
        extra = self.screen.blocked_actions(vm)
        self.screen.board(g, who, self.humans, since=since, reserve=reserve, vm=vm, extra=extra)
        self.screen.print(block)
        self.vm = vm
        return labelled

    def human_turn(self, who: int) -> None:
        g = self.g
        if not self.ask_always:
            only = labelled_options(g)
            if len(only) == 1:
                # No pointless question: the log says it was taken, and the board still shows everything since
                # the player's last real decision.
                g.apply(only[0][0], who, ONLY_OPTION_REASON)
                self.autosave()
                self.flush_log()
                return
        others = len(self.humans) > 1 and not g.options.get("open_hands")
        if others and who != self.last_human:
            # Also when a hot-seat game is resumed: whoever sits at the terminal must not see the hand.
            sizes = [pd["hand_size"] for pd in g.view(None)["players"]]
            if self.last_human is not None or any(sizes[h] for h in self.humans):
                self.pass_screen(who)
        self.last_human = who
        labelled = self.show_decision(who)
        while True:
            line = self.read("> ").strip()
            result = self.interpret(line, labelled)
            if result is None:
                continue
            if result == "redraw":
                return
            option = result
            before = len(g.events())
            try:
                g.apply(option, who)
            except PamirError as exc:  # cannot happen for a listed option, but never lose the game to it
                self.screen.plain(_("That did not work: {error}").format(error=exc), style="bold red")
                continue
            self.autosave()
            self.flush_log()
            # What follows from the decision counts as new: the next board shows it with what others did.
            self.log_mark[who] = before
            return

    def reprompt(self, used: int = 0) -> None:
        """After a page or the log (``used`` lines): the prompt and the options again, so that they stay in view;
        on a terminal too small for both, the prompt alone, and the page stays whole."""
        if self.vm is None:
            return
        block = self.screen.options_block(self.vm)
        rows = self.screen.height()
        if rows is not None and used + self.screen.lines(block) + 1 > rows:
            self.screen.print(self.screen.short_prompt(self.vm))
            return
        self.screen.print(block)

    def interpret(self, line: str, labelled: list[tuple[tuple[Any, ...], str]]) -> Any:
        """An option tuple, ``"redraw"`` (the board must be drawn again), or None (ask again)."""
        g = self.g
        if not line:
            self.screen.plain(_("Type the number of an option, the start of its label, or help."), style="yellow")
            return None
        word, _sep, rest = line.partition(" ")
        cmd = word.lower()
        rest = rest.strip()
        if cmd in ("help", "?", "h"):
            self.screen.plain(_(HELP_TEXT))
            return None
        if cmd in ("quit", "exit", "q"):
            raise QuitGame(_("quit"))
        if cmd == "undo":
            if not g.can_undo(g.current_player):
                self.screen.plain(
                    _(
                        "Nothing to undo: you can take back only your own decisions of this turn, "
                        "before a card is drawn or revealed and before another player decides."
                    ),
                    style="yellow",
                )
                return None
            g.undo(g.current_player)
            self.autosave()
            self.seen = len(g.events())
            self.screen.plain(_("Undone."), style="bold")
            return "redraw"
        if cmd in ("log", "l"):
            lines = log_lines(g)
            who = g.current_player
            since = self.log_mark.get(who) if who is not None else None
            if rest == "all":
                shown, title = lines, _("The whole log ({n} lines):").format(n=len(lines))
            elif rest:
                if not rest.isdigit():
                    self.screen.plain(_("Usage: log [n | all]"), style="yellow")
                    return None
                n = int(rest)
                shown = log_with_turn(lines, len(lines) - n) if n else []
                title = _("The last {n} log lines:").format(n=n)
            elif since is not None and len(lines) - since > 0:
                shown = log_with_turn(lines, since)
                title = _("Since your last decision ({n} lines):").format(n=len(lines) - since)
            else:
                shown, title = log_with_turn(lines, len(lines) - 20), _("The last 20 log lines:")
            self.screen.plain(title, style="bold underline")
            for text in shown:
                self.screen.log_line(text, log_style(text))
            self.reprompt(len(shown) + 1)
            return None
        if cmd in ("map", "m", "market", "k", "courts", "c") and self.vm is not None:
            page = {"m": "map", "k": "market", "c": "courts"}.get(cmd, cmd)
            self.reprompt(self.screen.page(self.vm, page, self.humans))
            return None
        if cmd == "card":
            if not rest:
                self.screen.plain(_("Usage: card <number or name>, or card ai <1-24>"), style="yellow")
                return None
            kind, _sep, number = rest.partition(" ")
            try:
                if kind.lower() in ("ai", "wakhan"):
                    if not number.strip().isdigit():
                        raise KeyError(_("Usage: card ai <1-24>"))
                    if not 1 <= int(number) <= len(WAKHAN_CARDS):
                        raise KeyError(_("There is no AI card {n}: Wakhan's are numbered 1 to 24.").format(n=number))
                    self.screen.plain(wakhan_card_details(int(number)))
                else:
                    for text in card_query_lines(rest):
                        self.screen.log_line(text, indent="")
            except KeyError as exc:
                self.screen.plain(str(exc.args[0]), style="yellow")
            return None
        if cmd in ("board", "show", "b"):
            return "redraw"
        if cmd == "save":
            if not rest:
                self.screen.plain(_("Usage: save <file>"), style="yellow")
                return None
            target = Path(rest).expanduser()
            try:
                atomic_write_json(target, self.doc())
            except OSError as exc:
                self.screen.plain(_("Could not save to {path}: {error}").format(
                    path=target, error=exc
                ), style="bold red")
                return None
            self.screen.plain(_("Saved to {path}; resume with: pamir play --load {path}").format(
                path=target
            ), style="bold")
            return None
        if line.isdigit():
            k = int(line)
            if 1 <= k <= len(labelled):
                return labelled[k - 1][0]
            self.screen.plain(_("There is no option {k}: choose 1 to {n}.").format(
                k=k, n=len(labelled)
            ), style="yellow")
            return None
        low = norm_label(line)
        exact = [o for o, lab in labelled if norm_label(lab) == low]
        if len(exact) == 1:
            return exact[0]
        matches = [(o, lab) for o, lab in labelled if norm_label(lab).startswith(low)]
        if not matches:
            matches = [(o, lab) for o, lab in labelled if low in norm_label(lab)]
        if len(matches) == 1:
            return matches[0][0]
        if not matches:
            self.screen.plain(
                _("No option matches {text}. Type a number, a label prefix, or help.").format(text=repr(line)),
                style="yellow",
            )
            return None
        numbers = [str(i) for i, (o, _label) in enumerate(labelled, 1) if any(o == m[0] for m in matches)]
        self.screen.plain(
            _("{text} matches {n} options ({numbers}); type more of the label or its number.").format(
                text=repr(line),
                n=len(matches),
                numbers=", ".join(numbers[:12]) + (", ..." if len(numbers) > 12 else ""),
            ),
            style="yellow",
        )
        return None
