"""Fill a .po file's translations from a tab-separated file "index<TAB>translation" (plurals: "a|||b"), by the
order of the messages in the .po file (a one-off helper for translators; see docs/translating.md)."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po


def main(po: str, *tsvs: str) -> None:
    with open(po, "rb") as f:
        cat = read_po(f)
    messages = [m for m in cat if m.id]
    for tsv in tsvs:
        for line in Path(tsv).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            index, text = line.split("\t", 1)
            m = messages[int(index)]
            if isinstance(m.id, (list, tuple)):
                m.string = tuple(text.split("|||"))
            else:
                m.string = text
    with open(po, "wb") as f:
        write_po(f, cat, width=120, sort_output=False)


if __name__ == "__main__":
    main(sys.argv[1], *sys.argv[2:])
