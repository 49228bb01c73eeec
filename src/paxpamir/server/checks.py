"""What the server accepts from outside: JSON bodies and messages, their fields, query and path parameters.

Everything a client sends goes through here before it reaches a game or the store. A request is refused with a
:class:`ClientError` (a code and a readable message; nothing changes) when it is not well-formed JSON, nests
deeper than any real message, holds a string that is not valid Unicode (a lone surrogate such as ``"\\ud800"``),
uses a JSON constant that is not JSON (``NaN``, ``Infinity``), is not an object, names a field the request does
not have, or gives a field of the wrong type or out of its range. ``true`` is never a number here.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from ..content.i18n import N_
from ..content.i18n import gettext as _

#: The deepest nesting of any real request or message (an option inside a message is three levels).
MAX_DEPTH: Final = 12
#: Longest display name, in characters, after runs of white space are made single spaces.
MAX_NAME: Final = 40
#: The largest ``seq`` (a game's sequence number: decisions and undos so far) a message may name.
MAX_SEQ: Final = 10**9
#: A game's id and a link's token: URL-safe base64, as the server makes them.
GAME_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")
TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{1,200}")
#: A whole number written plainly: ASCII digits only (``int()`` would also take " 7", "+7", "7_0" and "٧").
DIGITS: Final = re.compile(r"[0-9]{1,12}")
TOO_DEEP: Final = N_("that JSON is nested too deeply (at most {depth} levels)")


class ClientError(Exception):
    """A request that is refused, with a machine-readable code and a readable message. The message is an English
    template with ``{name}`` fields filled from ``args``; :attr:`message` renders it in the current language."""

    def __init__(self, code: str, template: str, *, translated: tuple[str, ...] = (), **args: Any) -> None:
        super().__init__(template.format(**args))
        self.code = code
        self.template = template
        self.args_ = args
        #: The names of the arguments that are texts to translate too (marked with ``N_`` where they are written).
        self.translated = translated

    @property
    def message(self) -> str:
        args = {k: _(v) if k in self.translated else v for k, v in self.args_.items()}
        return _(self.template).format(**args)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_json(raw: str | bytes, code: str = "bad_json") -> Any:
    """The JSON value of ``raw``, checked (depth, Unicode, no NaN or Infinity); else :class:`ClientError`."""
    try:
        value = json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise ClientError(code, TOO_DEEP, depth=MAX_DEPTH) from None
    except (ValueError, UnicodeDecodeError):
        raise ClientError(code, N_("that is not valid JSON")) from None
    check_value(value, code)
    return value


def check_value(value: Any, code: str = "bad_json") -> None:
    """Refuse a JSON value nested deeper than :data:`MAX_DEPTH` or holding a string that is not valid Unicode."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item, code)
        elif isinstance(item, list | dict):
            if depth > MAX_DEPTH:
                raise ClientError(code, TOO_DEEP, depth=MAX_DEPTH)
            if isinstance(item, dict):
                for key, sub in item.items():
                    _check_text(key, code)
                    stack.append((sub, depth + 1))
            else:
                stack.extend((sub, depth + 1) for sub in item)


def _check_text(text: str, code: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ClientError(code, N_("a string holds a lone surrogate (not valid Unicode)")) from None


def fields(value: Any, allowed: tuple[str, ...], what: str, code: str = "bad_request") -> dict[str, Any]:
    """``value`` as a JSON object whose keys are among ``allowed``; ``what`` (marked with ``N_``) names the
    request in messages."""
    if not isinstance(value, dict):
        if not allowed:
            raise ClientError(code, N_("{what} is an empty JSON object"), what=what, translated=("what",))
        raise ClientError(code, N_("{what} is a JSON object with the fields {fields}"), what=what,
                          fields=", ".join(allowed), translated=("what",))
    unknown = [k for k in value if k not in allowed]
    if unknown:
        if not allowed:  # never "(its fields: )": say that it has none
            raise ClientError(code, N_("{what} has no field {field} (it takes none: send an empty JSON object)"),
                              what=what, field=repr(unknown[0]), translated=("what",))
        raise ClientError(code, N_("{what} has no field {field} (its fields: {fields})"), what=what,
                          field=repr(unknown[0]), fields=", ".join(allowed), translated=("what",))
    return value


def whole_number(value: Any, name: str, low: int, high: int, code: str = "bad_request") -> int:
    """``value`` as an integer from ``low`` to ``high`` (a JSON ``true`` or ``1.0`` is not one)."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ClientError(code, N_("'{name}' is a whole number from {low} to {high}"), name=name, low=low, high=high)
    return value


def display_name(value: Any, code: str = "bad_name") -> str:
    """A display name: a string of 1 to :data:`MAX_NAME` visible characters, white space made single spaces."""
    if not isinstance(value, str):
        raise ClientError(code, N_("a name is a string"))
    _check_text(value, code)
    if any((ord(c) < 32 or 127 <= ord(c) < 160) and not c.isspace() for c in value):
        raise ClientError(code, N_("a name may not hold control characters"))
    name = " ".join(value.split())
    if not name:
        raise ClientError(code, N_("a display name needs at least one visible character"))
    if len(name) > MAX_NAME:
        raise ClientError(code, N_("a name has at most {limit} characters"), limit=MAX_NAME)
    return name


def query_number(raw: str | None, name: str, low: int, high: int) -> int | None:
    """A query parameter that is a whole number from ``low`` to ``high`` (None when absent or empty)."""
    if raw is None or raw == "":
        return None
    if DIGITS.fullmatch(raw) is None or not low <= int(raw) <= high:
        raise ClientError("bad_request", N_("'{name}' is a whole number from {low} to {high}"), name=name, low=low,
                          high=high)
    return int(raw)


def game_id(raw: str) -> str:
    """A path's game id, refused as an unknown game when it cannot be one."""
    if GAME_ID.fullmatch(raw) is None:
        raise ClientError("unknown_game", N_("there is no such game"))
    return raw


def token(raw: Any) -> str:
    """A link's token, as a page or a script sends it."""
    if not isinstance(raw, str) or TOKEN.fullmatch(raw) is None:
        raise ClientError("unauthorized", N_("a token (the secret part of your link) is needed"))
    return raw
