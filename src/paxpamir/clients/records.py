"""Game records as files people read: JSON with one line per decision."""

from __future__ import annotations

import json
from typing import Any


def record_text(record: dict[str, Any]) -> str:
    """A record as JSON with one line per choice (readable in a bug report, and still plain JSON)."""
    head = {k: v for k, v in record.items() if k != "choices"}
    choices = record.get("choices", [])
    body = json.dumps(head, indent=1)
    if not choices:
        return body[:-2] + ',\n "choices": []\n}\n'
    lines = ",\n  ".join(json.dumps(c) for c in choices)
    return body[:-2] + f',\n "choices": [\n  {lines}\n ]\n}}\n'
