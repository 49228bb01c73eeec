"""The terminal game in German: ``--lang de``, the ``LANG`` default, German screens, prompts, help and errors
end to end, and the same game in English when nothing asks for German."""

from __future__ import annotations

import io

import pytest
from terminalkit import Script, run, spawn_play
from test_i18n import english_leftovers

from paxpamir.clients import cli
from paxpamir.clients.terminal import commands as terminal
from paxpamir.content.i18n import current_language


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("PAXPAMIR_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "120")


def test_lang_de_plays_a_whole_game_in_german(tmp_path):
    script = Script(["", "xyz", "99", "help", "card 37", "card ai 3", "log 2", "m", "board"], then="1")
    code, out, err = run(["play", "--lang", "de", "--seed", "3", "--save", str(tmp_path / "g.json")], script)
    assert code == 0, err
    for german in (
        "Wähle deine anfängliche Loyalität", "Loyal zur Koalition Afghanistan sein", "Bevorzugte Farbe",
        "Gib die Nummer einer Option ein", "Keine Option passt zu 'xyz'", "Es gibt keine Option 99",
        "Befehle:", "Hofkarte", "Wakhans KI-Karte 3", "Die letzten 2 Protokollzeilen", "Landkarte",
        "Spielende", "Das beendete Spiel ist in",
    ):
        assert german in out, german
    board_lines = [line for line in out.splitlines() if line.strip()]
    leftovers = {w for line in board_lines for w in english_leftovers(line)}
    # What may stay English: the commands a player types (help lists them: "pamir play", "card", "market"...),
    # and the "of" of a card name that a narrow table cell wraps ("Army of the" / "Indus").
    assert leftovers <= {"market", "board", "card", "log", "map", "courts", "quit", "save", "help", "play", "of"}, (
        leftovers
    )
    assert current_language() == "en"  # the command's language does not outlive it


def test_the_same_game_reads_english_without_lang(tmp_path):
    code, out, err = run(["play", "--seed", "3", "--save", str(tmp_path / "g.json")], Script(then="1"))
    assert code == 0, err
    assert "Choose your starting loyalty" in out and "Wähle" not in out and "Game over" in out


def test_lang_comes_from_the_environment_and_lang_overrides_it(tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out, _err = run(["play", "--seed", "4", "--save", str(tmp_path / "a.json")], Script(then="1"))
    assert code == 0 and "Wähle deine anfängliche Loyalität" in out
    code, out, _err = run(["play", "--lang", "en", "--seed", "4", "--save", str(tmp_path / "b.json")], Script(then="1"))
    assert code == 0 and "Choose your starting loyalty" in out
    monkeypatch.setenv("LANG", "C")
    code, out, _err = run(["play", "--seed", "4", "--save", str(tmp_path / "c.json")], Script(then="1"))
    assert code == 0 and "Choose your starting loyalty" in out


def test_an_unknown_language_is_refused_with_the_choices(tmp_path, capsys):
    code, out, _err = run(["play", "--lang", "xx", "--save", str(tmp_path / "g.json")], Script(then="1"))
    assert code == 2 and not out
    assert "argument --lang: unknown language 'xx'; choose one of en, de" in capsys.readouterr().err
    assert not (tmp_path / "g.json").exists()
    assert cli.main(["cards", "--lang", "fr", "37"]) == 2
    assert "unknown language 'fr'" in capsys.readouterr().err


def test_the_help_and_errors_of_play_are_german(capsys):
    with pytest.raises(SystemExit):
        terminal.build_parser().parse_args(["play", "--help"])
    capsys.readouterr()
    err = io.StringIO()
    argv = ["play", "--lang", "de", "--players", "4", "--wakhan"]
    code = terminal.main(argv, stdin=Script(), out=io.StringIO(), err=err)
    assert code == 2 and "Wakhan spielt gegen einen oder zwei Menschen" in err.getvalue()


def test_pamir_cards_in_german(capsys):
    assert cli.main(["cards", "--lang", "de", "1"]) == 0
    out = capsys.readouterr().out
    assert "Mohan Lal (Karte 1, eine Hofkarte)" in out and "Unverzichtbare Berater" in out
    assert not english_leftovers(out.replace("Mohan Lal", ""))


def test_real_terminal_in_german(tmp_path):
    import pexpect

    child = spawn_play(["--wakhan", "--seed", "5"], tmp_path / "home", 50, 160, timeout=30, LANG="de_DE.UTF-8")
    try:
        child.expect("Markt 1: kostet 0")
        child.expect("Wähle deine anfängliche Loyalität")
        child.expect("> ")
        child.sendline("2")
        child.expect("Wakhan zieht KI-Karte")
        child.expect("Wähle eine Aktion oder beende deinen Zug")
        child.expect("> ")
        child.sendline("kaufen")
        child.expect("passt zu .* Optionen")
        child.expect("> ")
        child.sendline("quit")
        child.expect("fortsetzen mit: pamir play --load")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
