"""Extract, update, compile and check the translation catalogs (Babel). See docs/translating.md.

    python tools/catalogs.py update [DOMAIN...]  # extract the messages, merge into each language's .po files
    python tools/catalogs.py compile [DOMAIN...]  # .po -> .mo (the files the game reads)
    python tools/catalogs.py check      # every message translated, .mo files up to date (CI runs this)

Domains (one .po file each per language): ``engine`` (content, engine, rules, presentation, agents, and the
card texts of content/data), ``terminal`` (clients: the command line, the terminal game, the arena), ``web``
(the server and its pages: Python, JavaScript, and ``data-i18n`` texts of the HTML pages).
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "paxpamir"
LOCALE = PACKAGE / "content" / "locale"
LANGUAGES = ("de",)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "msg": None, "msgn": (1, 2)}

DOMAINS: dict[str, list[tuple[str, str]]] = {
    "engine": [(d, "python") for d in ("content", "engine", "rules", "presentation", "agents")],
    "terminal": [("clients", "python")],
    "web": [("server", "python")],
}


def extract_html(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Texts of elements marked ``data-i18n`` (and ``data-i18n-title``/``-placeholder``/``-aria-label`` values)."""
    text = fileobj.read().decode("utf-8")
    for m in re.finditer(r"<(\w+)([^>]*)\bdata-i18n\b(?![-=])([^>]*)>(.*?)</\1>", text, re.S):
        inner = " ".join(m.group(4).split())
        if inner:
            yield text[: m.start()].count("\n") + 1, "", inner, []
    for m in re.finditer(r'data-i18n-(?:title|placeholder|aria-label)="([^"]+)"', text):
        yield text[: m.start()].count("\n") + 1, "", m.group(1), []


def _card_texts() -> list[str]:
    """The card texts of content/data shown to players: abilities, events, Wakhan's instructions."""
    data = json.loads((PACKAGE / "content" / "data" / "cards.json").read_text(encoding="utf-8"))
    found: list[str] = []
    from paxpamir.presentation.cardref import _words

    for c in data.get("court_cards", []):
        if c.get("ability_text"):
            found.append(c["ability_text"])
        if c.get("ability"):
            found.append(_words(c["ability"]))
    for c in data.get("event_cards", []):
        for key in ("if_purchased_text", "if_discarded_text"):
            if c.get(key):
                found.append(c[key])
        for key in ("if_purchased", "if_discarded"):
            if c.get(key):
                found.append(_words(c[key]))
    wakhan = json.loads((PACKAGE / "content" / "data" / "wakhan_cards.json").read_text(encoding="utf-8"))
    for text in (wakhan.get("instructions") or {}).values():
        if isinstance(text, str):
            found.append(text)
    return found


def extract(domain: str) -> Catalog:
    """Every message of ``domain`` in the sources."""
    cat = Catalog(project="paxpamir", domain=domain, fuzzy=False)
    for directory, method in DOMAINS[domain]:
        root = PACKAGE / directory
        for filename, lineno, message, comments, context in extract_from_dir(
            str(root), [("**.py", method)], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            cat.add(message, None, [(f"{directory}/{filename}", lineno)], auto_comments=comments, context=context)
    if domain == "web":
        static = PACKAGE / "server" / "static"
        for filename, lineno, message, comments, context in extract_from_dir(
            str(static), [("**.js", "javascript")], keywords={"_": None, "ngettext": (1, 2)}
        ):
            cat.add(message, None, [(f"server/static/{filename}", lineno)], auto_comments=comments, context=context)
        for path in sorted(static.glob("*.html")):
            with path.open("rb") as f:
                for lineno, _func, message, comments in extract_html(f, None, None, None):
                    cat.add(message, None, [(f"server/static/{path.name}", lineno)], auto_comments=comments)
    if domain == "engine":
        for text in _card_texts():
            cat.add(text, None, [("content/data/cards.json", 0)])
    return cat


def _rel(path: Path) -> str:
    """A path as shown in messages: relative to the checkout when inside it."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def po_path(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def update(domains: list[str]) -> None:
    for domain in domains or list(DOMAINS):
        template = extract(domain)
        for lang in LANGUAGES:
            path = po_path(lang, domain)
            if path.exists():
                with path.open("rb") as f:
                    cat = read_po(f, locale=lang, domain=domain)
                cat.update(template, no_fuzzy_matching=True)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                cat = Catalog(locale=lang, domain=domain, project="paxpamir", fuzzy=False)
                cat.update(template, no_fuzzy_matching=True)
            with path.open("wb") as f:
                write_po(f, cat, width=120, omit_header=False, ignore_obsolete=True, sort_output=False)
            missing = sum(1 for m in cat if m.id and not _translated(m))
            print(f"{_rel(path)}: {len(cat)} messages, {missing} untranslated")


def _translated(m: Any) -> bool:
    if isinstance(m.string, (list, tuple)):
        return all(m.string)
    return bool(m.string)


def _mo_bytes(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    return out.getvalue()


def _read(lang: str, domain: str) -> Catalog:
    with po_path(lang, domain).open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def compile_all(domains: list[str]) -> None:
    for domain in domains or list(DOMAINS):
        for lang in LANGUAGES:
            cat = _read(lang, domain)
            po_path(lang, domain).with_suffix(".mo").write_bytes(_mo_bytes(cat))
            print(f"compiled {_rel(po_path(lang, domain).with_suffix('.mo'))}: {len(cat)} messages")


def problems() -> list[str]:
    """What is wrong with the catalogs: messages in the sources missing or untranslated, placeholders that do not
    match, .mo files out of date."""
    found: list[str] = []
    for domain in DOMAINS:
        template = extract(domain)
        for lang in LANGUAGES:
            path = po_path(lang, domain)
            if not path.exists():
                found.append(f"{_rel(path)} is missing")
                continue
            cat = _read(lang, domain)
            for m in template:
                if not m.id:
                    continue
                have = cat.get(m.id, context=m.context)
                if have is None or not _translated(have):
                    where = ", ".join(f"{f}:{n}" for f, n in m.locations[:2])
                    found.append(f"{lang}/{domain}: untranslated {m.id!r} ({where})")
                    continue
                found.extend(_placeholder_problems(lang, domain, have))
            mo = path.with_suffix(".mo")
            if not mo.exists():
                found.append(f"{_rel(mo)} is missing: run tools/catalogs.py compile")
            else:
                with mo.open("rb") as f:
                    compiled = read_mo(f)
                want = {_key(m): _strings(m) for m in cat if m.id}
                got = {_key(m): _strings(m) for m in compiled if m.id}
                if {k: v for k, v in want.items() if any(v)} != {k: v for k, v in got.items() if any(v)}:
                    found.append(f"{_rel(mo)} is out of date: run tools/catalogs.py compile")
    return found


def _key(m: Any) -> tuple[str, str | None]:
    return (m.id if isinstance(m.id, str) else m.id[0], m.context)


def _strings(m: Any) -> tuple[str, ...]:
    return (m.string,) if isinstance(m.string, str) else tuple(m.string)


_FIELD = re.compile(r"(?<!\{)\{([a-z_][a-z0-9_]*)(?:[:!][^}]*)?\}(?!\})")


def _placeholder_problems(lang: str, domain: str, m: Any) -> list[str]:
    ids = [m.id] if isinstance(m.id, str) else list(m.id)
    strings = [m.string] if isinstance(m.string, str) else list(m.string)
    want = set().union(*(set(_FIELD.findall(i)) for i in ids))
    out = []
    for s in strings:
        extra = set(_FIELD.findall(s)) - want
        if extra:
            out.append(f"{lang}/{domain}: {m.id!r}: the translation names {sorted(extra)}, not in the message")
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        unknown = [d for d in argv[1:] if d not in DOMAINS]
        if unknown:
            print(f"unknown domain(s) {unknown}; the domains are {', '.join(DOMAINS)}")
            return 2
        update(argv[1:])
    elif argv[:1] == ["compile"]:
        compile_all(argv[1:])
    elif argv[:1] == ["check"]:
        found = problems()
        for p in found:
            print(p)
        print(f"{len(found)} problem(s) in the catalogs" if found else "catalogs complete and compiled")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
