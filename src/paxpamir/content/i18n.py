"""Translations: every text a player reads goes through :func:`gettext` (imported as ``_``) or :func:`ngettext`,
looked up in gettext catalogs.

The game's state, records and log hold no text: labels, prompts and log lines are rendered when someone looks
at them, in the language of the context they are rendered in. A client renders in a language with::

    >>> from paxpamir.content.i18n import gettext as _, language
    >>> with language("de"):
    ...     print(_("Dominance Check"))
    Dominanzcheck
    >>> print(_("Dominance Check"))
    Dominance Check

The language is a context variable (each thread and each asyncio task has its own, English by default), so a
server renders each player's view in that player's language. The catalogs are standard gettext catalogs in
``content/locale/<lang>/LC_MESSAGES/<domain>.po``, compiled to ``.mo`` files that ship with the package; see
``docs/translating.md`` for how to extract, translate and compile them. English is the source language: its
"translation" is the message itself.

Texts composed by agents (Wakhan's reasons) are kept as *messages*, ``[msgid, {name: value}]`` JSON values
(:func:`msg`), and rendered with :func:`render` at display time; an argument may itself be a message.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Final

#: Languages with a complete catalog, English (the source language) first.
LANGUAGES: Final[tuple[str, ...]] = ("en", "de")
#: Each language's name in that language (for language menus).
LANGUAGE_NAMES: Final[dict[str, str]] = {"en": "English", "de": "Deutsch"}
#: The catalogs (gettext domains): the engine's texts, the terminal and command line, the browser pages.
DOMAINS: Final[tuple[str, ...]] = ("engine", "terminal", "web")
LOCALE_DIR: Final[Path] = Path(__file__).resolve().parent / "locale"

_LANGUAGE: Final[ContextVar[str]] = ContextVar("paxpamir_language", default="en")
_CATALOGS: Final[dict[str, dict[Any, Any]]] = {}


class UnknownLanguage(ValueError):
    """A language without a catalog."""


def check_language(lang: object) -> str:
    """``lang`` if it is a supported language code, else :class:`UnknownLanguage` with the choices."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise UnknownLanguage(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return lang


def current_language() -> str:
    """The language texts are rendered in here (``"en"`` unless inside :func:`language`)."""
    return _LANGUAGE.get()


@contextmanager
def language(lang: str) -> Iterator[str]:
    """Render texts in ``lang`` inside the ``with`` block (this thread or task only)."""
    token = _LANGUAGE.set(check_language(lang))
    try:
        yield lang
    finally:
        _LANGUAGE.reset(token)


def set_language(lang: str) -> None:
    """Render texts in ``lang`` from now on in this context (a program's main thread: ``pamir play --lang``)."""
    _LANGUAGE.set(check_language(lang))


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language the POSIX locale variables ask for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, in
    gettext's order), if we have it; English otherwise. ``de_DE.UTF-8`` and ``de_AT`` mean German."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "")
        if not value:
            continue
        for part in value.split(":"):
            code = part.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            if code in LANGUAGES:
                return code
            if code in ("c", "posix"):
                return "en"
        if var != "LANGUAGE":
            return "en"
    return "en"


def best_language(accept: str) -> str:
    """The first supported language of an HTTP ``Accept-Language`` value (by quality), English otherwise."""
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate(accept.split(",")):
        parts = item.strip().split(";")
        code = parts[0].strip().split("-")[0].lower()
        q = 1.0
        for p in parts[1:]:
            p = p.strip()
            if p.startswith("q="):
                try:
                    q = float(p[2:])
                except ValueError:
                    q = 0.0
        if code in LANGUAGES and q > 0:
            ranked.append((-q, i, code))
    return min(ranked)[2] if ranked else "en"


def catalog(lang: str) -> dict[Any, Any]:
    """All messages of ``lang`` from every domain: msgid -> translation (plurals: (singular, plural) -> list).
    Read once from the compiled ``.mo`` files; English has none."""
    check_language(lang)
    found = _CATALOGS.get(lang)
    if found is None:
        found = {}
        for domain in DOMAINS:
            t = _translations(lang, domain)
            if t is not None:
                found.update(t._catalog)  # type: ignore[attr-defined]
                found[("", "plural")] = t.plural  # type: ignore[attr-defined]
        _CATALOGS[lang] = found
    return found


def _translations(lang: str, domain: str) -> _gettext.GNUTranslations | None:
    path = LOCALE_DIR / check_language(lang) / "LC_MESSAGES" / f"{domain}.mo"
    if not path.exists():
        return None
    with path.open("rb") as f:
        return _gettext.GNUTranslations(f)


def domain_messages(lang: str, domain: str) -> dict[str, Any]:
    """One domain's messages in ``lang``, as JSON for another program (the browser pages): msgid -> translation,
    and for a message with plural forms msgid (its singular) -> the list of forms."""
    if domain not in DOMAINS:
        raise ValueError(f"unknown domain {domain!r}; the domains are {', '.join(DOMAINS)}")
    t = _translations(lang, domain)
    if t is None:
        return {}
    out: dict[str, Any] = {}
    for key, text in t._catalog.items():  # type: ignore[attr-defined]
        if isinstance(key, tuple):
            forms = out.setdefault(key[0], [])
            if isinstance(forms, list):
                while len(forms) <= key[1]:
                    forms.append("")
                forms[key[1]] = text
        elif key:
            out[key] = text
    return out


def plural_expression(lang: str) -> str:
    """The catalog's plural rule of ``lang`` as a C expression of ``n`` (``"(n != 1)"``), from its header."""
    for domain in DOMAINS:
        t = _translations(lang, domain)
        if t is not None:
            rule = t.info().get("plural-forms", "")
            for part in rule.split(";"):
                key, _sep, value = part.strip().partition("=")
                if key.strip() == "plural" and value.strip():
                    return value.strip()
    return "(n != 1)"


def gettext(message: str) -> str:
    """``message`` (an English msgid) in the current language; the msgid itself where no translation exists."""
    lang = _LANGUAGE.get()
    if lang == "en" or not message:
        return message
    return catalog(lang).get(message) or message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the current language (with its plural rules)."""
    lang = _LANGUAGE.get()
    if lang != "en":
        cat = catalog(lang)
        rule = cat.get(("", "plural"))
        if rule is not None:
            found = cat.get((singular, rule(n)))
            if found:
                return str(found)
    return singular if n == 1 else plural


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English word in another ``context``."""
    lang = _LANGUAGE.get()
    if lang == "en":
        return message
    return catalog(lang).get(f"{context}\x04{message}") or message


def N_(message: str) -> str:
    """Marks ``message`` for translation where it is defined (a table); it is translated where it is shown."""
    return message


def msg(message: str, **args: Any) -> list[Any]:
    """A message to render later: ``[msgid, {name: value}]`` (JSON). Values are numbers, strings shown as they
    are (card names), or messages themselves (rendered in turn)."""
    return [message, args]


def msgn(singular: str, plural: str, n: int, **args: Any) -> list[Any]:
    """A message with a count: ``[[singular, plural], {"n": n, ...}]``, rendered in the form ``n`` asks for."""
    return [[singular, plural], {"n": n, **args}]


def msg_join(parts: list[Any], sep: str = ", ") -> list[Any]:
    """A message listing ``parts`` (messages or plain values) with ``sep`` between them."""
    template = sep.join(f"{{p{i}}}" for i in range(len(parts))).replace("{{", "{").replace("}}", "}")
    return [template, {f"p{i}": p for i, p in enumerate(parts)}]


def is_message(value: object) -> bool:
    """Is ``value`` a message made by :func:`msg` or :func:`msgn` (after a trip through JSON too)?"""
    if not (isinstance(value, list) and len(value) == 2 and isinstance(value[1], dict)):
        return False
    head = value[0]
    if isinstance(head, list):
        if not (len(head) == 2 and isinstance(head[0], str) and isinstance(head[1], str)):
            return False
        if not isinstance(value[1].get("n"), int):
            return False
    elif not isinstance(head, str):
        return False
    return all(isinstance(k, str) for k in value[1])


def render(value: Any) -> str:
    """A message, or a plain string (free text from an agent, shown as it is), in the current language."""
    if isinstance(value, str):
        return value
    if not is_message(value):
        return str(value)
    head, args = value
    rendered = {k: render(v) if isinstance(v, list) else v for k, v in args.items()}
    text = ngettext(head[0], head[1], args["n"]) if isinstance(head, list) else gettext(head)
    return text.format(**rendered)
