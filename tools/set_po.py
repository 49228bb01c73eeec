"""Set translations in a .po file by message: ``python tools/set_po.py FILE.po TSV`` where each TSV line is
``msgid<TAB>translation`` (plural messages: the singular msgid, and ``singular|||plural`` as the translation)."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po


def main(po: str, tsv: str) -> int:
    with open(po, "rb") as f:
        cat = read_po(f)
    by_id = {(m.id if isinstance(m.id, str) else m.id[0]): m for m in cat if m.id}
    missing = 0
    for line in Path(tsv).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        msgid, text = (part.replace("\\n", "\n") for part in line.split("\t", 1))
        m = by_id.get(msgid.replace("\\t", "\t"))
        if m is None:
            print(f"not in {po}: {msgid!r}")
            missing += 1
            continue
        m.string = tuple(text.split("|||")) if isinstance(m.id, (list, tuple)) else text
    with open(po, "wb") as f:
        write_po(f, cat, width=120, sort_output=False)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
