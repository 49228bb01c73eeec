"""What :meth:`Game.apply <paxpamir.engine.game.Game.apply>` and its kin check of what an agent or a client hands
them: an option (found among the legal ones by identity, or else by equality with values of the same types), a
seat, a reason message and a note, and the explanation of an option that is not legal.
"""

from __future__ import annotations

from typing import Any, Final

from ..content.i18n import is_message
from .errors import IllegalOption, PamirError
from .reason import Reason
from .steps import Option, Step


def check_new_game(players: object, seed: object, wakhan: object, least: int, most: int) -> None:
    """:class:`PamirError` unless ``players`` (``least`` to ``most``; 2 or 3 with Wakhan) and ``seed`` make a game."""
    if not isinstance(players, int) or isinstance(players, bool) or not least <= players <= most:
        raise PamirError(f"a game has 2 to 5 players, not {players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise PamirError(f"the seed must be an integer, not {seed!r}")
    if wakhan and players not in (2, 3):
        raise PamirError(f"Wakhan plays against one or two humans: 2 or 3 seats in all, not {players}")


def as_option(raw: object, agenda: list[Step]) -> Option:
    """``raw`` as an option of the pending decision of ``agenda``: a tuple as it is, a list (as read from JSON) as a
    tuple with nested lists as tuples; :class:`IllegalOption` for anything else, or when the game is over."""
    if not agenda:
        raise IllegalOption("the game is over; no more decisions can be made")
    if isinstance(raw, list):
        return to_tuple(raw)
    if isinstance(raw, tuple):
        return raw
    raise IllegalOption(f"an option is a tuple or list such as ('end_turn',), not {raw!r}")


def find_legal(options: list[Option], step: Step, option: Option) -> Option:
    """The option of ``options`` (the legal ones of the pending ``step``) equal to ``option`` with values of the same
    types, or :class:`IllegalOption` saying why there is none."""
    legal = same(options, option)  # agents usually hand back one of the legal options itself
    if legal is None:
        try:
            legal = options[options.index(option)]
        except ValueError:
            raise IllegalOption(explain_illegal(step, option, options)) from None
    if legal is not option and not same_types(option, legal):
        # True == 1 and 1.0 == 1 in Python: such look-alikes would leak into the record and the log.
        raise IllegalOption(f"{list(option)!r} has a value of the wrong type; the legal option is {list(legal)!r}")
    return legal


def checked_reason_and_note(reason: object, note: object) -> tuple[object, dict[str, Any] | None]:
    """A decision's reason (None, a string, or a message: a :class:`Reason` gives its message or text, and its note
    unless ``note`` is given) and its note (None or a JSON object), checked and copied, or :class:`IllegalOption`."""
    if reason is not None:
        if isinstance(reason, Reason):
            if note is None:
                note = reason.note
            reason = reason.message if reason.message is not None else str.__str__(reason)
        if isinstance(reason, list):
            reason = checked_message(reason)
        elif not isinstance(reason, str):
            raise IllegalOption(f"a reason is a string or a message [msgid, {{args}}], not {reason!r}")
    return reason, None if note is None else checked_note(note)


_NOTE_ITEM: Final = (str, int, float, bool, type(None))


def checked_message(value: list[Any]) -> list[Any]:
    """A copy of a reason message ``[msgid, {name: value}]`` (values: numbers, strings, booleans, null or messages
    themselves), or :class:`IllegalOption`."""
    if not is_message(value):
        raise IllegalOption(f"a reason is a string or a message [msgid, {{args}}], not {value!r}")
    head, args = value
    out: dict[str, Any] = {}
    for k, v in args.items():
        if isinstance(v, list):
            out[k] = checked_message(v)
        elif v is None or isinstance(v, (str, int, float, bool)):
            out[k] = v
        else:
            raise IllegalOption(f"a reason message's values are numbers, strings or messages, not {v!r}")
    return [list(head) if isinstance(head, list) else head, out]


def checked_note(note: object) -> dict[str, Any]:
    """A copy of a decision's note, which must survive JSON unchanged so that records and saved games replay
    identically."""
    if not isinstance(note, dict):
        raise IllegalOption(f"a note is a JSON object (a dict), not {note!r}")
    for k, v in note.items():
        if not isinstance(k, str):
            raise IllegalOption(f"a note's keys are strings, not {k!r}")
        items = v if isinstance(v, list) else [v]
        if not all(isinstance(x, _NOTE_ITEM) for x in items):
            raise IllegalOption(f"note {k!r}: values are numbers, strings, booleans, null or lists of them, not {v!r}")
    return {k: v[:] if isinstance(v, list) else v for k, v in note.items()}


def same(options: list[Option], option: Option) -> Option | None:
    """The legal option that *is* ``option`` (the same object), or None."""
    for o in options:
        if o is option:
            return o
    return None


def same_types(option: Option, legal: Option) -> bool:
    """Whether each value of ``option`` has the type of the same value in ``legal`` (an equal option)."""
    for i in range(len(legal)):
        if type(option[i]) is not type(legal[i]):
            return False
    return True


def is_seat(value: object, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


def to_tuple(value: list[Any]) -> tuple[Any, ...]:
    return tuple(to_tuple(v) if isinstance(v, list) else v for v in value)


def explain_illegal(step: Step, option: Option, options: list[Option]) -> str:
    kinds = sorted({o[0] for o in options})
    head = option[0] if option else None
    if head in kinds:
        same = [o for o in options if o[0] == head]
        sample = ", ".join(repr(list(o)) for o in same[:6])
        more = "" if len(same) <= 6 else f" and {len(same) - 6} more"
        return f"{list(option)!r} is not legal now; legal {head!r} options are: {sample}{more}"
    return (
        f"{list(option)!r} is not legal now: player {step[1]} must decide {step[0]!r}; "
        f"legal kinds of option: {', '.join(kinds)}"
    )
