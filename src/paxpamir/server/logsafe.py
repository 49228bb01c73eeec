"""Logging without secrets: no link token, no websocket payload (which holds a seat's hand) in any log line.

:func:`log_config` is the logging configuration ``pamir serve`` hands to uvicorn: uvicorn's own, with
:class:`Redact` on every handler and the server's logger (``paxpamir``) sent to the same place. At
``--log-level debug`` the websocket library logs every frame it sends and receives; a frame's text is replaced by
its length, and a token anywhere in a message (``"token": "..."``, ``Bearer ...``, a link's ``#...``) by
``[redacted]``.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any, Final

REDACTED: Final = "[redacted]"
_PATTERNS: Final = (
    re.compile(r"""(["']?token["']?\s*[:=]\s*["']?)[^"'\s,}]+""", re.IGNORECASE),
    re.compile(r"(bearer\s+)[^\s\"',}]+", re.IGNORECASE),
    re.compile(r"(/g/[A-Za-z0-9_-]+#)[A-Za-z0-9_-]+"),
)
#: How the websocket libraries log a frame: "< TEXT '...' [12 bytes]", "> BINARY ...".
_FRAME: Final = re.compile(r"^((?:[<>] )?(?:TEXT|BINARY|CONT|PING|PONG|CLOSE)) .*?(\[\d+ bytes\])?$", re.DOTALL)


def redact(text: str) -> str:
    """``text`` with every token and websocket payload removed."""
    frame = _FRAME.match(text)
    if frame is not None:
        return f"{frame.group(1)} {REDACTED} {frame.group(2) or ''}".rstrip()
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: m.group(1) + REDACTED, text)
    return text


class Redact(logging.Filter):
    """Rewrites a record through :func:`redact`: its message and each of its arguments (uvicorn's access log
    formats its arguments one by one), or, for a record with an exception, the whole text with the traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info or record.stack_info:
            try:
                message = record.getMessage()
            except Exception:  # arguments that do not fit the format: keep only the format
                message = str(record.msg)
            if record.exc_info:
                message += "\n" + logging.Formatter().formatException(record.exc_info)
            if record.stack_info:
                message += "\n" + record.stack_info
            record.msg, record.args = redact(message), ()
            record.exc_info = record.exc_text = record.stack_info = None
            return True
        record.msg = redact(record.msg) if isinstance(record.msg, str) else redact(str(record.msg))
        if isinstance(record.args, tuple):
            record.args = tuple(_redact_arg(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _redact_arg(v) for k, v in record.args.items()}
        return True


def _redact_arg(value: Any) -> Any:
    return value if isinstance(value, int | float) or value is None else redact(str(value))


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`Redact` on every handler and the server's own logger."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact"] = {"()": f"{__name__}.Redact"}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact")
    config["loggers"]["paxpamir"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    return config
