"""The terminal game as a player sees it in real terminals of 80x24 and 120x40 (a pseudo-terminal, and the screen it
shows through terminalkit.VirtualScreen): nothing that matters scrolls off, long lines wrap between words, a bot
that thinks says so. Also what issue 33 found in the German screens, the card views and ``pamir replay``."""

from __future__ import annotations

import io
import json

import pytest
from terminalkit import ANSI, Script, VirtualScreen, decision_screen, played, run, screen_of, spawn_play
from test_i18n import english_leftovers

from paxpamir import Game
from paxpamir.clients import cli
from paxpamir.clients.terminal import commands as terminal
from paxpamir.clients.terminal.boardparts import region_table, roads_table
from paxpamir.content.cards import CARDS
from paxpamir.content.i18n import language
from paxpamir.presentation.cardref import card_lines
from paxpamir.presentation.viewmodel import view_model
from paxpamir.presentation.words import log_lines


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("PAXPAMIR_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "120")


def test_the_virtual_screen_wraps_scrolls_and_erases_like_a_terminal():
    screen = VirtualScreen(3, 10).feed("\x1b[1mabcdefghijKL\x1b[0m\r\nxy\r\n12345\x1b[2K\rz")
    assert screen.history == ["abcdefghij", "KL", "xy", "z"]
    assert screen.lines == ["KL", "xy", "z"]


def _play(tmp_path, args: list[str], rows: int, columns: int, keys: list[str]) -> tuple[list[VirtualScreen], str]:
    """``pamir play ARGS --save s.json`` in a terminal of ``rows`` x ``columns``, typing the next of ``keys`` at each
    prompt, then quit: the screen at each prompt (the first one before any key), and all that it wrote."""
    import pexpect

    save = ["--save", str(tmp_path / "s.json")]
    child = spawn_play([*args, *save], tmp_path / "home", rows, columns, timeout=60)
    screens = []
    try:
        for key in [*keys, "quit"]:
            child.expect(r"\n> ")
            screens.append(screen_of(child, rows, columns))
            child.sendline(key)
        child.expect(pexpect.EOF)
        child.close()
    finally:
        child.close(force=True)
    return screens, child.logfile_read.getvalue()


# ---------------------------------------------------------------------------- 1. log lines wrap between words


@pytest.mark.parametrize(("rows", "columns"), [(24, 80), (40, 120)])
def test_long_log_lines_wrap_between_words_their_next_rows_indented(tmp_path, rows, columns):
    screens, _written = _play(tmp_path, ["--wakhan", "--seed", "5"], rows, columns, ["2"])
    screen = screens[-1]
    history = screen.history
    g = Game.from_record(json.loads((tmp_path / "s.json").read_text())["record"])
    long = [line for line in log_lines(g) if len(line) + 2 > columns and line.startswith("Wakhan")]
    assert long  # Wakhan's reasons are long
    for line in long:
        found = []
        for start in (i for i, row in enumerate(history) if row.startswith("  " + line[:20])):
            rows_of_line = [history[start]]
            for row in history[start + 1 :]:
                if not row.startswith("    ") or len(" ".join(r.strip() for r in rows_of_line)) >= len(line):
                    break
                rows_of_line.append(row)  # its next rows, indented
            found.append(" ".join(row.strip() for row in rows_of_line))
        # As the log goes by (the board's own log is drawn otherwise): whole words on each row.
        assert " ".join(line.split()) in found, (line, found)


# ---------------------------------------------------------------------------- 2. the top of the board stays


@pytest.mark.parametrize(
    ("args", "rows", "columns"),
    [(["--players", "3"], 24, 80), (["--players", "4"], 40, 120), (["--players", "5"], 40, 120),
     (["--wakhan"], 24, 80), (["--wakhan"], 40, 120)],
)
def test_the_board_keeps_its_header_and_scores_on_the_screen(tmp_path, args, rows, columns):
    # Four players at 120x40 did not fit but for the pages, and Wakhan's long reasons take several rows each.
    screens, _written = _play(tmp_path, [*args, "--seed", "5"], rows, columns, ["2"])
    screen = screens[-1]
    lines = screen.lines
    top = next((i for i, line in enumerate(lines) if line.startswith("Pax Pamir · turn")), None)
    assert top is not None, "\n".join(lines)
    seats = ["Wakhan (AI)"] if "--wakhan" in args else [f"Player {p + 1} (bot)" for p in range(1, int(args[1]))]
    assert all(seat in "\n".join(lines[top:]) for seat in ["Player 1 (you)", *seats]), "\n".join(lines)
    assert "End your turn (cleanup)" in "\n".join(lines)


def test_a_crowded_board_of_120_by_40_falls_back_to_the_pages(tmp_path, monkeypatch):
    g = played(4, 6, 120)
    lines = decision_screen(g, monkeypatch, 120, 40, tmp_path)
    assert len(lines) <= 39, "\n".join(lines)
    assert lines[0].startswith(f"Pax Pamir · turn {g.turn} · Player 1 to decide")


# ---------------------------------------------------------------------------- 3. the pages keep their top rows


@pytest.mark.parametrize(("rows", "columns"), [(24, 80), (40, 120)])
def test_the_market_and_the_other_pages_fit_the_screen_top_row_first(tmp_path, rows, columns):
    rec = tmp_path / "late.json"
    rec.write_text(json.dumps(played(4, 6, 120).record()))
    screens, _written = _play(tmp_path, ["--load", str(rec)], rows, columns, ["k", "m", "c"])
    pages = {key: screen.lines for key, screen in zip(("k", "m", "c"), screens[1:], strict=True)}
    market = pages["k"]
    first = next(i for i, line in enumerate(market) if line.startswith("> k"))
    shown = "\n".join(market[first + 1 :])
    assert market[first + 1].lstrip().startswith(("Pax Pamir · turn", "Market")), "\n".join(market)
    assert "1: cost" in shown and "6: cost" in shown and "Choose" in shown
    drawn = "\n".join(pages["m"])
    assert "┌ Transcaspia" in drawn and "┌ Punjab" in drawn
    courts = pages["c"]
    first = next(i for i, line in enumerate(courts) if line.startswith("> c"))
    assert "Player 1" in courts[first + 1] or "Pax Pamir" in courts[first + 1] or "Courts" in courts[first + 1]


# ---------------------------------------------------------------------------- 4. German


def test_the_map_as_tables_names_the_coalitions_in_german():
    from positions import game, player

    g = game(
        player("british", 3),
        player("russian", 2),
        armies={"punjab": {"russian": 1}},
        roads={"herat-kandahar": {"british": 2}},
    )
    with language("de"):
        vm = view_model(g, 0)
        text = " ".join(t.plain if hasattr(t, "plain") else str(t) for t in _cells(region_table(vm)))
        text += " " + " ".join(t.plain if hasattr(t, "plain") else str(t) for t in _cells(roads_table(vm)))
    assert "Russland x1" in text and "Großbritannien x2" in text
    assert "Russian" not in text and "British" not in text


def _cells(table) -> list:
    return [cell for column in table.columns for cell in column.cells]


def test_the_card_command_answers_in_german(tmp_path):
    script = Script(["card 999", "card khan", "card ai 99", "card 1", "quit"])
    code, out, err = run(["play", "--lang", "de", "--seed", "3", "--save", str(tmp_path / "g.json")], script)
    assert code == 0, err
    assert "keine Karte heißt '999'" in out and "6 Karten passen zu 'khan':" in out
    assert "Es gibt keine KI-Karte 99: Wakhans sind von 1 bis 24 nummeriert." in out
    assert "Mohan Lal (Karte 1, eine Hofkarte)" in out
    assert "no card" not in out and "matches several" not in out and "numbered 1-24" not in out


def test_pamir_cards_lists_every_card_in_german(capsys):
    assert cli.main(["cards", "--lang", "de"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 116
    for line in lines:
        number, rest = line.split(maxsplit=1)
        name = CARDS[int(number)].name
        assert rest.startswith(name)
        words = english_leftovers(rest[len(name) :])
        assert not words - {"Transcaspia"}, (line, words)  # region names stay as printed
    akbar = next(line for line in lines if "Prince Akbar Khan" in line)
    assert "Patriot Afghanistan" in akbar and "Geheimdienst" in akbar and "Schlacht" in akbar
    assert "Dominanzcheck" in lines[100] and "Ereignis (wenn vom Markt abgeworfen" in lines[106]


@pytest.mark.parametrize("players, wakhan", [(4, False), (2, True), (3, True)])
def test_the_narrow_players_table_fits_80_columns_in_german_with_every_heading_whole(
    tmp_path, monkeypatch, players, wakhan
):
    g = played(players, 5, 20, wakhan=wakhan)
    with language("de"):
        lines = decision_screen(g, monkeypatch, 80, 24, tmp_path)
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Spieler ") and "Rp" in line)
    head = lines[at]
    for heading in ("Spieler", "Loyal", "Rp", "SP", "Einfl", "Geschenk", "Beute", "Hand", "Hof", "Vorrat"):
        assert f" {heading} " in f" {head} ", head
    assert "…" not in head and max(len(line.rstrip()) for line in lines) <= 80
    # Every row reaches the last column (its stock of cylinders), Wakhan's long loyalty and influence included.
    for row in lines[at + 1 : at + 1 + players]:
        assert row.rstrip().split()[-1].isdigit() and len(row.rstrip()) == len(head.rstrip()), (head, row)
    text = "\n".join(lines)
    assert all(f"Spieler {p + 1} (" in text for p in range(players - wakhan)) and ("Wakhan (KI)" in text) == wakhan


# ---------------------------------------------------------------------------- 5. the end of a replay


def test_replay_stays_at_the_end_of_the_record(tmp_path):
    save = tmp_path / "r.json"
    run(["play", "--seed", "14", "--save", str(save)], Script(then="1"))
    n = len(json.loads(save.read_text())["record"]["choices"])
    code, out, _ = run(["replay", str(save)], Script(["j 999", "", "p", "", "", "j 2", "q"]))
    assert code == 0
    assert f"The record has {n} decisions." in out
    assert out.count("That was the last decision: p = back one, j N = to decision N, q = quit.") == 4
    assert f"[end] p\nAt decision {n} of {n}" in out  # still there after the end: back one
    assert f"[{n}/{n}] \n" in out and "At decision 2 of" in out and out.rstrip().endswith("q")
    code, out, _ = run(["replay", "--lang", "de", str(save)], Script(["j 999", "", "q"]))
    assert code == 0 and f"Das Protokoll hat {n} Entscheidungen." in out and "[Ende] " in out


# ---------------------------------------------------------------------------- 6. the help's defaults


def test_the_help_gives_the_default_number_of_players_with_and_without_wakhan(capsys):
    for lang, words in (
        ("en", "players, 2-5 (default 3); with --wakhan 2 or 3, her seat included (default 2)"),
        ("de", "Spieler, 2-5 (Standard 3); mit --wakhan 2 oder 3, ihr Platz eingeschlossen (Standard 2)"),
    ):
        with language(lang), pytest.raises(SystemExit):
            terminal.build_parser().parse_args(["play", "--help"])
        text = capsys.readouterr().out
        assert words in " ".join(text.split()), text


# ---------------------------------------------------------------------------- 7. one card view


def test_the_game_and_the_command_line_show_a_card_the_same_way(tmp_path, capsys):
    for query in ("37", "Courtly Manners", "khan"):
        assert cli.main(["cards", *query.split()]) == 0
        printed = capsys.readouterr().out
        code, out, _ = run(["play", "--seed", "3", "--save", str(tmp_path / "c.json")], Script([f"card {query}", "q"]))
        assert code == 0 and printed in out, (query, printed)
    assert printed.startswith("6 cards match 'khan':")
    code, out, _ = run(["play", "--seed", "3", "--save", str(tmp_path / "d.json")], Script(["card 1", "q"]))
    assert "\n".join(card_lines(CARDS[1])) + "\n" in out  # the card reference's own format


# ---------------------------------------------------------------------------- 8. a bot that thinks says so


def test_a_bot_seat_says_it_is_thinking_and_the_line_goes_away(tmp_path):
    rows, columns = 24, 80
    screens, written = _play(tmp_path, ["--seed", "5"], rows, columns, ["2", "end"])
    screen = screens[-1]
    for when in written.split("> end")[0], written.split("> end")[1]:  # loyalties first, then after "end"
        assert "Player 2 is thinking…" in when and "Player 3 is thinking…" in when
    assert not any("thinking" in line for line in screen.history)  # each went away once its bot had decided


def test_wakhan_says_she_is_thinking_in_german_and_a_transcript_stays_without(tmp_path):
    rows, columns = 40, 120
    _screens, written = _play(tmp_path, ["--wakhan", "--lang", "de", "--seed", "5"], rows, columns, ["2"])
    assert "Wakhan überlegt …" in written
    code, out, _ = run(["play", "--wakhan", "--seed", "5", "--save", str(tmp_path / "p.json")], Script(["2", "q"]))
    assert code == 0 and "thinking" not in out


def test_the_thinking_line_is_written_and_erased_on_a_terminal_only():
    from terminalkit import Tty

    from paxpamir.clients.terminal.screen import Screen

    tty, pipe = Tty(), io.StringIO()
    for out in (tty, pipe):
        screen = Screen(out)
        screen.status("Player 2 is thinking…")
        screen.status(None)
    assert "Player 2 is thinking…" in ANSI.sub("", tty.getvalue()) and tty.getvalue().endswith("\r\x1b[2K")
    assert pipe.getvalue() == ""


# ---------------------------------------------------------------------------- 9. one helper each


def test_the_number_arguments_and_the_streams_come_from_one_helper_each():
    import argparse
    import sys

    from paxpamir.clients import arguments
    from paxpamir.clients.terminal.styles import streams

    for parse, text, refusal in (
        (arguments.player_count_arg, "x", "not a number of players: 'x'"),
        (arguments.positive_arg, "1.5", "not a whole number: '1.5'"),
        (arguments.non_negative_arg, "", "not a whole number: ''"),
        (arguments.seed_arg, "s", "a seed is a whole number, not 's'"),
    ):
        with pytest.raises(argparse.ArgumentTypeError, match=refusal):
            parse(text)
    assert arguments.seed_arg("-3") == -3 and arguments.player_count_arg("5") == 5
    out = io.StringIO()
    assert streams(out, None, None) == (out, sys.stderr, sys.stdin)
