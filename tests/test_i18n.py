"""Translations: every text a player reads comes from the gettext catalogs, German is complete, and the game's
state and log hold no text of any language (a game started in English reads in German and back)."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import sys
from pathlib import Path

import pytest

from paxpamir import Game, IllegalOption, PamirError
from paxpamir.agents.wakhan import WakhanPlayer
from paxpamir.content.cards import CARDS, EventCard
from paxpamir.content.i18n import (
    UnknownLanguage,
    best_language,
    check_language,
    current_language,
    is_message,
    language,
    language_from_environment,
    msg,
    msg_join,
    msgn,
    ngettext,
    render,
)
from paxpamir.content.i18n import (
    gettext as _,
)
from paxpamir.presentation.cardref import ability_name, card_lines
from paxpamir.presentation.describe import event_text
from paxpamir.presentation.viewmodel import view_model
from paxpamir.presentation.words import labelled_options, prompt

ROOT = Path(__file__).resolve().parent.parent


def _catalogs_tool():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogs"] = module
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------- the machinery


def test_english_is_the_source_language_and_german_comes_from_the_catalog():
    assert _("Dominance Check") == "Dominance Check"
    with language("de"):
        assert current_language() == "de"
        assert _("Dominance Check") == "Dominanzcheck"
        assert _("a message nobody wrote") == "a message nobody wrote"
    assert current_language() == "en"


def test_plural_forms_follow_the_count():
    assert [ngettext("{n} rupee", "{n} rupees", k).format(n=k) for k in (1, 2)] == ["1 rupee", "2 rupees"]
    with language("de"):
        assert [ngettext("{n} rupee", "{n} rupees", k).format(n=k) for k in (0, 1, 3)] == [
            "0 Rupien", "1 Rupie", "3 Rupien",
        ]


def test_an_unknown_language_is_refused_with_the_choices():
    with pytest.raises(UnknownLanguage, match="choose one of en, de"):
        check_language("xx")
    with pytest.raises(UnknownLanguage), language("fr"):
        pass
    assert current_language() == "en"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT"}, "de"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:de", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LC_ALL": "de_CH.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_the_posix_locale_variables_choose_the_language(environ, expected):
    assert language_from_environment(environ) == expected


@pytest.mark.parametrize(
    ("header", "expected"),
    [("de-DE,de;q=0.9,en;q=0.8", "de"), ("en-US,en;q=0.9,de;q=0.8", "en"), ("fr-FR,de;q=0.5", "de"),
     ("fr", "en"), ("", "en"), ("de;q=0", "en"), ("en;q=0.2,de;q=0.7", "de")],
)
def test_the_browser_accept_language_header_chooses_the_language(header, expected):
    assert best_language(header) == expected


def test_messages_are_json_and_render_in_the_reader_s_language():
    m = msg("{who} places {piece}.", who=msg("Player {n}", n=2), piece=msg("a spy on {card}", card="Mohan Lal (1)"))
    assert is_message(m) and json.loads(json.dumps(m)) == m
    assert render(m) == "Player 2 places a spy on Mohan Lal (1)."
    with language("de"):
        assert render(m) == "Spieler 2 platziert einen Spion auf Mohan Lal (1)."
    counted = msgn("{n} rupee", "{n} rupees", 3)
    assert render(counted) == "3 rupees"
    with language("de"):
        assert render(counted) == "3 Rupien"
        assert render(msg_join([msg("Afghan"), msg("British")])) == "Afghanistan, Großbritannien"
    assert render("free text from a bot") == "free text from a bot"
    assert not is_message(["x"]) and not is_message([1, {}]) and not is_message([["a"], {"n": 1}])


# ---------------------------------------------------------------------------- catalogs


def test_every_message_of_the_sources_has_a_german_translation_and_the_catalogs_are_compiled():
    problems = _catalogs_tool().problems()
    assert problems == [], "\n".join(problems[:40])


def test_the_catalog_check_finds_an_untranslated_message(tmp_path, monkeypatch):
    tool = _catalogs_tool()
    locale = tmp_path / "locale"
    for domain in tool.DOMAINS:
        target = locale / "de" / "LC_MESSAGES"
        target.mkdir(parents=True, exist_ok=True)
        for suffix in (".po", ".mo"):
            source = tool.po_path("de", domain).with_suffix(suffix)
            (target / source.name).write_bytes(source.read_bytes())
    po = locale / "de" / "LC_MESSAGES" / "engine.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgid "Dominance Check"\nmsgstr "Dominanzcheck"', 'msgid "Dominance Check"\nmsgstr ""')
    po.write_text(text, encoding="utf-8")
    monkeypatch.setattr(tool, "LOCALE", locale)
    problems = tool.problems()
    assert any("untranslated 'Dominance Check'" in p for p in problems)
    assert any("engine.mo is out of date" in p for p in problems)


# ---------------------------------------------------------------------------- whole games in German

#: English words that never appear in a German text of ours (card names are taken out first).
ENGLISH_WORDS = frozenset(
    [
        "the", "and", "of", "to", "from", "with", "player", "players", "rupee", "rupees", "turn", "card", "cards",
        "court", "market", "army", "armies", "road", "roads", "tribe", "tribes", "spy", "spies", "takes", "places",
        "buys", "discards", "her", "their", "is", "are", "not", "she", "you", "your", "for", "on", "at", "left",
        "right", "row", "column", "bribe", "loyalty", "coalition", "favored", "suit", "dominance", "purchase",
        "play", "battle", "betray", "tax", "gift", "build", "move", "none", "nobody", "everyone", "over", "action",
        "actions", "choose", "take", "it", "stop", "here", "game",
    ]
)
#: Names that stay as printed: card names and the names of events (which are card names too).
_CARD_NAMES = sorted(
    {c.name for c in CARDS if c is not None}
    | {ability_name(c.if_purchased) for c in CARDS if isinstance(c, EventCard)},
    key=len,
    reverse=True,
)


def english_leftovers(text: str) -> set[str]:
    for name in _CARD_NAMES:
        text = text.replace(name, " ")
    return {w for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", text) if w.lower() in ENGLISH_WORDS}


def test_the_english_word_check_would_see_english():
    assert english_leftovers("Spieler 1 takes 2 rupees from the bank.") == {"takes", "rupees", "from", "the"}
    assert english_leftovers("Spieler 1 kauft Army of the Indus (32) für 2 Rupien.") == set()


def _random_game(players: int, seed: int, wakhan: bool, variants: str | None = None) -> tuple[Game, list[str]]:
    """A random game (Wakhan decides her seat); German labels and prompts of every decision, collected on the way."""
    g = Game.new(players=players, seed=seed, wakhan=wakhan, wakhan_variants=variants)
    rng = random.Random(seed)
    her = WakhanPlayer()
    seen: list[str] = []
    while not g.is_over and len(seen) < 6000:
        with language("de"):
            seen.append(prompt(g))
            seen.extend(label for _option, label in labelled_options(g))
        if g.current_player == g.wakhan:
            option, reason = her.choose(g)
            g.apply(option, None, reason)
        else:
            g.apply(rng.choice(g.legal_options()))
    return g, seen


@pytest.mark.parametrize(
    ("players", "seed", "wakhan", "variants"),
    [(2, 1, True, None), (2, 7, True, "improved"), (3, 2, False, None), (4, 3, False, None), (5, 4, False, None)],
)
def test_a_whole_random_game_reads_in_german_with_no_english_left(players, seed, wakhan, variants):
    g, seen = _random_game(players, seed, wakhan, variants)
    with language("de"):
        lines = [event_text(g, e) for e in g.events()]
        for p in range(players):
            vm = view_model(g, p, log_from=0)
            seen += [vm["prompt"], *(o["label"] for o in vm["options"])]
            seen += [e["text"] for e in vm["effects"]] + [e["lasts"] or "" for e in vm["effects"]]
            for facts in vm["cards"].values():
                seen += [facts.get(key) or "" for key in ("ability_text", "if_purchased", "if_discarded")]
            for court in vm["courts"]:
                for card in court:
                    seen += list((card.get("blocked") or {}).values())
    problems = [(text, english_leftovers(text)) for text in lines + seen if english_leftovers(text)]
    assert problems == [], problems[:10]
    assert any("Spieler" in line or "Wakhan" in line for line in lines)


def test_every_card_reads_in_german():
    with language("de"):
        for c in CARDS:
            if c is None:
                continue
            for line in card_lines(c):
                assert not english_leftovers(line), (c.number, line)


def test_the_log_holds_no_text_so_a_game_reads_in_either_language():
    g, _seen = _random_game(2, 5, True)
    english = [event_text(g, e) for e in g.events()]
    with language("de"):
        german = [event_text(g, e) for e in g.events()]
    assert len(english) == len(german) and english != german
    # A record keeps Wakhan's reasons as messages: replayed, the game reads the same in both languages.
    replayed = Game.from_record(json.loads(json.dumps(g.record())))
    assert [event_text(replayed, e) for e in replayed.events()] == english
    with language("de"):
        assert [event_text(replayed, e) for e in replayed.events()] == german
    reasons = [e["text"] for e in g.events() if e["type"] == "reason"]
    assert reasons and all(is_message(r) for r in reasons)


def test_the_view_model_renders_in_the_language_asked_for():
    g = Game.new(players=3, seed=1)
    seat = g.current_player
    en, de = view_model(g, seat), view_model(g, seat, lang="de")
    assert (en["lang"], de["lang"]) == ("en", "de")
    assert en["options"][0]["label"] == "Be loyal to the Afghan coalition"
    assert de["options"][0]["label"] == "Loyal zur Koalition Afghanistan sein"
    assert de["prompt"].endswith("Wähle deine anfängliche Loyalität")
    assert current_language() == "en"
    with pytest.raises(PamirError, match="unknown language 'xx'"):
        view_model(g, seat, lang="xx")


def test_a_reason_must_be_text_or_a_well_formed_message_and_a_bad_one_changes_nothing():
    g = Game.new(players=2, seed=1)
    before = g.to_json()
    option = g.legal_options()[0]
    for bad in (["no args"], ["{x}", {"x": object()}], ["{x}", {1: 2}], 42):
        with pytest.raises(IllegalOption, match="a reason"):
            g.apply(option, None, bad)
        assert g.to_json() == before
    g.apply(option, None, msg("because {why}", why=msg("Afghan")))
    with language("de"):
        assert event_text(g, g.events()[-2]).endswith("because Afghanistan")
