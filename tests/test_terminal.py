"""``pamir play`` / ``pamir replay``: scripted sessions through stdin, and the real program in a pseudo-terminal.
What the board shows is tested in test_terminal_board.py."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import signal

import pytest
from terminalkit import ANSI, HASH, Script, played, run, saved, spawn_play

from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.clients.terminal.commands import register
from paxpamir.clients.terminal.play import cmd_play
from paxpamir.clients.terminal.replay import cmd_replay
from paxpamir.clients.terminal.saves import atomic_write_json, load_document, record_start
from paxpamir.clients.terminal.session import EXIT_INTERRUPTED, ONLY_OPTION_REASON, Session
from paxpamir.presentation.words import log_lines


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("PAXPAMIR_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "120")


# ---------------------------------------------------------------------------- scripted sessions


def test_full_game_choosing_option_one_with_invalid_input(tmp_path):
    save = tmp_path / "game.json"
    script = Script(["", "xyz", "0", "99", "help", "card 37", "card nobody-at-all", "log 2", "board"], then="1")
    code, out, err = run(["play", "--seed", "3", "--save", str(save)], script)
    assert code == 0, err
    assert "Game over" in out
    assert "No option matches 'xyz'" in out
    assert "There is no option 0" in out and "There is no option 99" in out
    assert "Type the number of an option" in out
    assert "Commands:" in out  # help
    assert "Seaforth Highlanders (card 37, a court card)" in out
    assert "no card is called" in out
    assert "Market" in out and "cost 5" in out and "Your hand" in out
    doc = saved(save)
    assert doc["format"] == "paxpamir-session" and doc["over"] is True
    assert doc["humans"] == [0] and doc["players"] == 3
    g = Game.from_record(doc["record"])
    assert g.is_over and g.state_hash() == doc["state_hash"]
    # The human decided every seat-0 decision: option 1 each time, once the invalid input was refused.
    assert any(who == 0 for who, *_ in doc["record"]["choices"])


def test_default_is_three_players_human_in_seat_one_and_default_autosave(tmp_path):
    code, out, _ = run(["play", "--seed", "8"], Script(["1"]))
    assert code == 0
    assert "Seats: Player 1 (you), Player 2 (bot), Player 3 (bot)" in out
    # Each new game keeps its own autosave in <home>/saves, named by its date and seed.
    (path,) = (tmp_path / "home" / "saves").glob("*-seed8.json")
    assert f"resume with: pamir play --load {path}" in out
    doc = saved(path)
    assert doc["players"] == 3 and doc["humans"] == [0]
    assert doc["record"]["seed"] == 8


def test_a_new_game_never_replaces_an_unfinished_one_and_list_and_resume_find_them(tmp_path):
    run(["play", "--seed", "8"], Script(["1"]))
    code, out, _ = run(["play", "--seed", "8"], Script(["1"]))  # the README's run command again, same second
    assert code == 0
    assert "you have 1 unfinished saved game" in out and "pamir play --list" in out
    saves = sorted((tmp_path / "home" / "saves").glob("*.json"))
    assert len(saves) == 2  # both games kept
    first = saved(saves[0])
    code, out, _ = run(["play", "--list"], Script())
    assert code == 0 and "Saved games, newest first" in out
    assert out.count("3 players, turn") == 2 and "unfinished, seed 8" in out
    assert " 1. " in out and " 2. " in out
    # --resume goes on with the newest unfinished game, in its own file.
    code, out, _ = run(["play", "--resume"], Script())
    assert code == 0 and "Resumed" in out
    code, out, _ = run(["play", "--resume", "9"], Script())
    assert code == 2
    assert saved(saves[0])["record"] == first["record"]


def test_overwriting_an_unfinished_game_asks_first(tmp_path):
    save = tmp_path / "mine.json"
    run(["play", "--seed", "8", "--save", str(save)], Script(["1"]))
    before = saved(save)
    code, out, _ = run(["play", "--seed", "9", "--save", str(save)], Script(["n"]))
    assert "holds another unfinished game" in out and "Overwrite it? [y/N]" in out
    assert code == 1 and "Nothing overwritten" in out
    assert saved(save) == before
    code, out, _ = run(["play", "--seed", "9", "--save", str(save)], Script(["yes", "1"]))
    assert code == 0 and saved(save)["record"]["seed"] == 9
    # Going on with the same game in its own file asks nothing.
    code, out, _ = run(["play", "--load", str(save)], Script(["1"]))
    assert code == 0 and "Overwrite" not in out
    assert len(saved(save)["record"]["choices"]) > 0


def test_undo_takes_back_the_last_decision_and_only_this_turn(tmp_path):
    save = tmp_path / "u.json"
    # Loyalty, then one purchase, undo it, and try to undo again (the turn has just started: not allowed).
    code, out, _ = run(
        ["play", "--seed", "21", "--players", "2", "--save", str(save)], Script(["1", "1", "undo", "undo"])
    )
    assert code == 0
    assert "Undone." in out
    assert "Nothing to undo" in out
    hashes = HASH.findall(out)
    # Boards: before loyalty (not ours if a bot chose first), turn start, after purchase, after undo.
    assert hashes[-1] == hashes[-3] and hashes[-2] != hashes[-1]
    g = Game.from_record(saved(save)["record"])
    assert g.state_hash()[:12] == hashes[-1]
    assert not g.can_undo()


def test_prefix_and_part_of_a_label_choose_an_option(tmp_path):
    save = tmp_path / "p.json"
    code, out, _ = run(
        ["play", "--seed", "4", "--players", "2", "--save", str(save)],
        Script(["BE LOYAL TO THE BRIT", "purchase", "end"]),
    )
    assert code == 0
    assert "matches" in out and "type more of the label" in out  # "purchase" is ambiguous
    choices = saved(save)["record"]["choices"]
    mine = [opt for who, opt, *_ in choices if who == 0]
    assert mine[0] == ["loyalty", "british"]
    assert ["end_turn"] in mine


def test_eof_saves_and_resume_continues_identically(tmp_path):
    # The same inputs, once straight through and once interrupted by the end of input and resumed:
    # bots are seeded by the decision's index, so both games end in the same state.
    straight = tmp_path / "straight.json"
    code, _, _ = run(["play", "--seed", "12", "--save", str(straight)], Script(then="1"))
    assert code == 0
    final = saved(straight)

    broken = tmp_path / "broken.json"
    code, out, _ = run(["play", "--seed", "12", "--save", str(broken)], Script(then="1", limit=6))
    assert code == 0
    assert "end of input" in out and f"resume with: pamir play --load {broken}" in out
    partial = saved(broken)
    assert partial["over"] is False
    code, out, _ = run(["play", "--load", str(broken)], Script(then="1"))
    assert code == 0
    assert f"Resumed {broken}" in out and f"state {partial['state_hash'][:12]}" in out
    resumed = saved(broken)  # without --save, the loaded game goes on in its own file
    assert resumed["over"] is True
    assert resumed["state_hash"] == final["state_hash"]
    assert resumed["record"]["choices"] == final["record"]["choices"]


def test_save_command_and_quit(tmp_path):
    snap = tmp_path / "snap" / "s.json"
    auto = tmp_path / "a.json"
    code, out, _ = run(["play", "--seed", "5", "--save", str(auto)], Script(["1", f"save {snap}", "1", "quit"]))
    assert code == 0
    assert f"Saved to {snap}" in out and "(quit)" in out
    s, a = saved(snap), saved(auto)
    assert len(a["record"]["choices"]) > len(s["record"]["choices"])
    assert s["record"]["choices"] == a["record"]["choices"][: len(s["record"]["choices"])]
    # The snapshot resumes where it was taken.
    code, out, _ = run(["play", "--load", str(snap), "--save", str(tmp_path / "b.json")], Script())
    assert code == 0
    assert f"state {s['state_hash'][:12]}" in out


def test_ctrl_c_saves_and_exits_cleanly(tmp_path):
    save = tmp_path / "c.json"
    code, out, err = run(["play", "--seed", "6", "--save", str(save)], Script(then="1", interrupt_after=3))
    assert code == EXIT_INTERRUPTED
    assert "Interrupted. Game saved" in out and f"resume with: pamir play --load {save}" in out
    assert "Traceback" not in out + err
    doc = saved(save)
    assert Game.from_record(doc["record"]).state_hash() == doc["state_hash"]


def test_a_failing_autosave_warns_and_the_game_goes_on(tmp_path):
    blocked = tmp_path / "a-directory"
    blocked.mkdir()
    code, out, _ = run(["play", "--seed", "3", "--save", str(blocked)], Script(["1", "1", "1"]))
    assert code == 1
    assert out.count("Warning: could not autosave") == 1  # said once, not after every decision
    assert out.count("> ") >= 4  # the three choices were played, then the end of input
    assert "could NOT be saved" in out


def test_hot_seat_passes_between_humans_and_hides_hands(tmp_path):
    save = tmp_path / "h.json"
    code, out, _ = run(
        ["play", "--seed", "9", "--players", "2", "--humans", "1,2", "--save", str(save)], Script(then="1", limit=60)
    )
    assert code == 0
    passes = out.count("Pass to Player")
    assert passes >= 3
    assert "(open hands)" not in out and "(bot)" not in out
    # After each pass screen, the board and the prompt are those of the player named on it.
    for m in re.finditer(r"Pass to Player (\d) — press Enter", out):
        rest = out[m.end() :]
        prompt = re.search(r"^Player (\d): ", rest, re.M)
        assert prompt is not None and prompt.group(1) == m.group(1)
        assert "Your hand" in rest[: prompt.start()]
    assert saved(save)["humans"] == [0, 1]


def test_open_hands_show_every_hand(tmp_path):
    code, out, _ = run(
        [
            "play",
            "--seed",
            "9",
            "--players",
            "2",
            "--humans",
            "1,2",
            "--open-hands",
            "--save",
            str(tmp_path / "o.json"),
        ],
        Script(then="1", limit=30),
    )
    assert code == 0
    assert "Pass to Player" not in out
    assert "Player 2's hand (open hands)" in out or "Player 1's hand (open hands)" in out


def test_bots_alone_with_step_pause_after_each_bot_turn(tmp_path):
    save = tmp_path / "b.json"
    code, out, _ = run(
        ["play", "--seed", "2", "--humans", "none", "--step", "--save", str(save)], Script(then="", limit=3)
    )
    assert code == 0
    assert out.count("[step] press Enter") == 4  # three Enters, then the end of input at the fourth pause
    # The file holds the unfinished game: starting it again there is asked first.
    code, out, _ = run(["play", "--seed", "2", "--humans", "none", "--save", str(save)], Script(["y"], limit=1))
    assert "Overwrite it? [y/N]" in out
    assert code == 0 and "Game over" in out and saved(save)["over"] is True


def test_bad_arguments_and_files(tmp_path):
    code, _, err = run(["play", "--wakhan", "--players", "4"], Script())
    assert code == 2 and "one or two humans" in err
    code, _, err = run(["play", "--wakhan", "--humans", "2"], Script())
    assert code == 2 and "Wakhan's" in err
    code, _, err = run(["play", "--players", "2", "--humans", "3"], Script())
    assert code == 2 and "seat 3 does not exist" in err
    assert run(["play", "--humans", "1,x"], Script())[0] == 2
    assert run(["play", "--players", "6"], Script())[0] == 2
    code, _, err = run(["play", "--load", str(tmp_path / "missing.json")], Script())
    assert code == 1 and "cannot load" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert run(["play", "--load", str(bad)], Script())[0] == 1
    bad.write_text(json.dumps({"format": "something-else"}))
    assert run(["replay", str(bad)], Script())[0] == 1


def test_a_record_that_no_longer_replays_resumes_from_its_last_good_decision(tmp_path):
    save = tmp_path / "s.json"
    run(["play", "--seed", "15", "--save", str(save)], Script(["1", "1"]))
    doc = saved(save)
    good = len(doc["record"]["choices"])
    assert good >= 3
    doc["record"]["choices"].append([0, ["no_such_option", 1]])
    doc["record"]["choices"].append([1, ["end_turn"]])
    save.write_text(json.dumps(doc))
    code, out, err = run(["play", "--load", str(save), "--save", str(tmp_path / "t.json")], Script())
    assert code == 0
    assert f"replays only up to decision {good} of {good + 2}" in err
    assert f"state {doc['state_hash'][:12]}" in out
    doc["record"]["choices"] = doc["record"]["choices"][:good]
    doc["state_hash"] = "0" * 32
    save.write_text(json.dumps(doc))
    code, out, err = run(["play", "--load", str(save), "--save", str(tmp_path / "t.json")], Script())
    assert code == 0 and "replays to a different state" in err


def test_load_accepts_a_bare_record(tmp_path):
    g = Game.new(2, 77)
    bot = RandomBot(1)
    for _ in range(10):
        g.apply(bot.choose(g))
    rec = tmp_path / "rec.json"
    rec.write_text(json.dumps(g.record()))
    code, out, _ = run(["play", "--load", str(rec), "--humans", "2", "--save", str(tmp_path / "x.json")], Script())
    assert code == 0
    assert f"state {g.state_hash()[:12]}" in out
    assert saved(tmp_path / "x.json")["humans"] == [1]
    code, _, err = run(["play", "--load", str(rec), "--humans", "3"], Script())
    assert code == 2 and "seat 3 does not exist" in err
    code, _, err = run(["play", "--load", str(rec), "--players", "3"], Script())
    assert code == 2 and "2-player game" in err


def test_wakhan_plays_her_seat_and_logs_her_reasons(tmp_path):
    save = tmp_path / "w.json"
    code, out, _ = run(["play", "--wakhan", "--humans", "none", "--seed", "4", "--save", str(save)], Script(limit=0))
    assert code == 0 and "Game over" in out
    assert "Wakhan (last seat)" in out and "Wakhan draws AI card" in out and "AI card" in out
    record = saved(save)["record"]
    assert record["options"]["wakhan"] is True
    assert any(len(choice) == 3 and choice[0] == 1 for choice in record["choices"])  # her reasons are kept


def test_one_human_against_wakhan_gets_the_prompt_after_her_first_turn(tmp_path):
    save = tmp_path / "w1.json"
    code, out, _ = run(["play", "--wakhan", "--seed", "9", "--save", str(save)], Script(["1"], then="", limit=3))
    assert "Be loyal to the Afghan coalition" in out
    assert "— Turn 1: Wakhan —" in out and "Player 1: Choose an action or end your turn" in out
    assert "next card's back" in out  # her face-up AI card and the next back are on the board


def test_a_human_asked_for_a_bribe_in_a_bot_turn_cannot_undo_the_bots_decisions(tmp_path):
    # Seed 21: the human rules Kabul after playing Dost Mohammad; the bot then buys a Kabul card and must
    # pay the human a bribe to play it. The human's "undo" there must not take back the bot's purchase.
    save = tmp_path / "u.json"
    argv = ["play", "--seed", "21", "--ask-always", "--save", str(save)]
    code, out, _ = run(argv, Script(["3", "1", "play", "1", "1", "undo"]))
    assert "owes you a bribe" in out
    after_prompt = out[out.index("owes you a bribe") :]
    assert "Nothing to undo" in after_prompt and "Undone." not in after_prompt
    assert "undo to take back" not in after_prompt.split("\n>")[0]


def test_a_decision_with_a_single_option_is_taken_with_a_log_line_unless_ask_always(tmp_path):
    # Seed 21: after playing Dost Mohammad the human's spy has one card to go to, and then only the end of the
    # turn is left: both are taken without asking, and the log says so.
    save = tmp_path / "one.json"
    code, out, _ = run(["play", "--seed", "21", "--save", str(save)], Script(["3", "1", "play"]))
    # Said as it happens, and again on the board's "since your last decision".
    assert out.split("Since your last decision")[-1].count("Player 1: a single option, taken without asking") == 2
    assert "Place a spy" not in out.split("> play")[1].split("owes you a bribe")[0]
    assert "owes you a bribe" in out
    choices = saved(save)["record"]["choices"]
    assert [c[2] for c in choices if len(c) == 3] == [ONLY_OPTION_REASON] * 2
    code, out, _ = run(["play", "--seed", "21", "--ask-always", "--save", str(tmp_path / "a.json")],
                       Script(["3", "1", "play"]))
    assert "taken without asking" not in out


def test_card_command_shows_wakhan_ai_cards_and_help_explains_the_board(tmp_path):
    lines = ["card ai 3", "card ai 99", "card ai x", "help", "quit"]
    code, out, _ = run(["play", "--seed", "3", "--save", str(tmp_path / "c.json")], Script(lines))
    assert code == 0
    assert "Wakhan's AI card 3: tried top to bottom" in out
    assert "Radicalize the highest-ranked intelligence card in the market." in out
    assert "There is no AI card 99: Wakhan's are numbered 1 to 24." in out and "Usage: card ai <1-24>" in out
    assert "Reading the board:" in out and "Hand 2/3 and Court 4/5" in out


def test_step_pause_shows_the_board_on_b_and_quits_on_q(tmp_path):
    save = tmp_path / "s.json"
    argv = ["play", "--seed", "2", "--humans", "none", "--step", "--save", str(save)]
    code, out, _ = run(argv, Script(["", "b", "q"]))
    assert code == 0 and "(quit)" in out
    pause = "[step] press Enter to continue (b = board, q = quit)"
    assert out.count(pause) == 3
    between = out.split(pause)[2]
    assert "Market" in between and "cost 5" in between  # the board, on b
    assert saved(save)["over"] is False


def test_hot_seat_pass_screen_quits_on_q_and_a_resumed_game_passes_first(tmp_path):
    save = tmp_path / "h.json"
    code, out, _ = run(
        ["play", "--seed", "9", "--players", "2", "--humans", "1,2", "--save", str(save)],
        Script(then="1", limit=40),
    )
    assert code == 0
    doc = saved(save)
    assert any(Game.from_record(doc["record"]).hands[h] for h in (0, 1))
    # Resumed: whoever sits at the terminal must not see the next player's hand before the pass screen.
    code, out, _ = run(["play", "--load", str(save), "--save", str(save)], Script(["q"]))
    assert code == 0
    assert re.search(r"Pass to Player \d — press Enter \(q = save and quit\)", out)
    assert "Your hand" not in out and "(quit)" in out
    assert saved(save)["record"] == doc["record"]


def test_the_end_of_the_game_ranks_the_players(tmp_path):
    code, out, _ = run(["play", "--seed", "3", "--players", "4", "--save", str(tmp_path / "e.json")], Script(then="1"))
    assert code == 0
    g = Game.from_record(saved(tmp_path / "e.json")["record"])
    ranked = re.findall(r"^  (\d)\. Player (\d)( \(you\))?: (\d+) VP", out, re.M)
    assert [int(r[0]) for r in ranked] == [1, 2, 3, 4]
    assert [int(r[3]) for r in ranked] == sorted(g.vp, reverse=True)
    assert [r[2] for r in ranked if r[1] == "1"] == [" (you)"]
    assert f"Victory points: Player 1 {g.vp[0]}, Player 2 {g.vp[1]}" in out


def test_l_shows_everything_since_your_last_decision_and_log_n_starts_with_its_turn(tmp_path):
    code, out, _ = run(["play", "--seed", "3", "--save", str(tmp_path / "l.json")], Script(["1", "l", "log 2", "quit"]))
    assert code == 0
    since = out.split("> l\n")[1].split("> log 2")[0]
    assert since.startswith("Since your last decision (")
    n = int(since.split("(")[1].split(" ")[0])
    shown = [line for line in since.split("\n")[1:] if line.startswith("  ")]
    assert shown[0].startswith("  Player 1 is loyal to")  # the player's own decision and all that followed
    assert any(line.startswith("  — Turn") for line in shown) and len(shown) >= n
    last = out.split("> log 2\n")[1].split("\n")
    assert last[0] == "The last 2 log lines:" and last[1].startswith("  — Turn")  # headed by its turn
    # The prompt comes again after the log, so that the options stay in view.
    assert "Choose an action" in out.split("> log 2\n")[1].split("> quit")[0]


def test_a_plain_hyphen_matches_the_en_dash_of_a_border(tmp_path):
    session = Session(Game.new(2, 1), [0], 1, tmp_path / "s.json", Script(), io.StringIO())
    labelled = [(("road", "herat-kabul"), "Place a road on Herat–Kabul"), (("road", "herat-kandahar"),
                "Place a road on Herat–Kandahar")]
    assert session.interpret("herat-kandahar", labelled) == ("road", "herat-kandahar")
    assert session.interpret("Place a road on herat-kab", labelled) == ("road", "herat-kabul")
    assert session.interpret("herat–kandahar", labelled) == ("road", "herat-kandahar")


def test_the_other_seats_can_be_heuristic_bots_and_a_resumed_game_keeps_them(tmp_path):
    save = tmp_path / "h.json"
    code, out, _ = run(
        ["play", "--players", "2", "--humans", "none", "--bots", "heuristic", "--seed", "5", "--save", str(save)],
        Script(limit=0),
    )
    assert code == 0 and "Game over" in out
    doc = saved(save)
    assert doc["bots"] == "heuristic" and doc["over"]
    # The same seed and bots play the same game again (the bots are seeded by the decision's index).
    again = tmp_path / "h2.json"
    argv = ["play", "--players", "2", "--humans", "none", "--bots", "heuristic", "--seed", "5", "--save", str(again)]
    assert run(argv, Script(limit=0))[0] == 0
    assert saved(again)["state_hash"] == doc["state_hash"]
    # A random game with the same seed differs: the kind of bot matters.
    other = tmp_path / "r.json"
    argv = ["play", "--players", "2", "--humans", "none", "--seed", "5", "--save", str(other)]
    assert run(argv, Script(limit=0))[0] == 0
    assert saved(other)["state_hash"] != doc["state_hash"]


def test_an_unknown_bot_name_is_a_usage_error(tmp_path, capsys):
    code, _, err = run(["play", "--bots", "grandmaster", "--save", str(tmp_path / "x.json")], Script(limit=0))
    assert code == 2 and "unknown bot kind 'grandmaster'" in err + capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_play_against_improved_wakhan(tmp_path, capsys):
    save = tmp_path / "iw.json"
    code, out, _ = run(["play", "--wakhan", "--wakhan-variants", "improved", "--seed", "9", "--save", str(save)],
                       Script(["1"], then="", limit=3))
    assert "variants: Savvy Purchasing, Spy Movement, Steadfast Pragmatic Loyalty" in out
    assert "the most blocks in play, then the card's order" in out
    assert saved(save)["record"]["options"]["wakhan_variants"] == [
        "savvy_purchasing", "spy_movement", "steadfast_loyalty"]
    code, _, err = run(["play", "--wakhan-variants", "improved"], Script())
    assert code == 2 and "needs --wakhan" in err
    code, _, err = run(["play", "--wakhan", "--wakhan-variants", "fast"], Script())
    assert code == 2 and "unknown Wakhan variant 'fast'" in err + capsys.readouterr().err


# ---------------------------------------------------------------------------- replay


def test_replay_all_and_step_by_step(tmp_path):
    save = tmp_path / "r.json"
    run(["play", "--seed", "14", "--save", str(save)], Script(then="1"))
    g = Game.from_record(saved(save)["record"])
    n = len(g.record()["choices"])
    code, out, _ = run(["replay", str(save), "--all"], Script())
    assert code == 0
    assert out.count("\n") >= len(log_lines(g))
    assert f"Game over after {n} decisions" in out
    code, out, _ = run(["replay", str(save)], Script(["", "", "b", "", "q"]))
    assert code == 0
    assert f"[1/{n}]" in out and f"[3/{n}]" in out and f"[4/{n}]" in out and f"[5/{n}]" not in out
    assert "Market" in out  # the board
    first_who, first = g.record()["choices"][0]
    assert f"Player {first_who + 1}: Be loyal to the {first[1].capitalize()} coalition" in out
    code, out, _ = run(["replay", str(save)], Script(then=""))
    assert code == 0 and f"Game over after {n} decisions" in out


def test_replay_and_resume_a_game_with_wakhan_and_her_reasons(tmp_path):
    save = tmp_path / "w.json"
    run(["play", "--wakhan", "--humans", "none", "--seed", "4", "--save", str(save)], Script(limit=0))
    doc = saved(save)
    n = len(doc["record"]["choices"])
    assert any(len(c) == 3 for c in doc["record"]["choices"])
    code, out, err = run(["replay", str(save)], Script(then=""))
    assert code == 0, err
    assert f"Game over after {n} decisions" in out and "Wakhan: line " in out
    # A record that stops replaying part-way keeps Wakhan's decisions up to there, reasons and all.
    doc["record"]["choices"].insert(n // 2, [0, ["no_such_option"]])
    doc["state_hash"] = None
    save.write_text(json.dumps(doc))
    g, loaded = load_document(save)
    assert f"replays only up to decision {n // 2} of {n + 1}" in loaded["warnings"][0]
    assert g.record()["choices"] == doc["record"]["choices"][: n // 2]


def test_replay_steps_back_and_jumps_to_a_decision_a_turn_and_a_dominance_check(tmp_path):
    save = tmp_path / "r.json"
    run(["play", "--seed", "14", "--save", str(save)], Script(then="1"))
    record = saved(save)["record"]
    n = len(record["choices"])
    keys = ["", "", "", "p", "j 10", "b", "t 5", "t 2", "d", "x", "j", "j 99999"]
    code, out, _ = run(["replay", str(save)], Script(keys))
    assert code == 0
    assert f"[4/{n}] p" in out and "At decision 3 of" in out and f"[3/{n}]" in out.split(f"[4/{n}] p")[1]
    assert "At decision 10 of" in out and f"[10/{n}]" in out
    after_turn5 = out.split("t 5\n")[1].split("\n")[0]
    assert after_turn5.startswith("At decision") and "turn 5;" in after_turn5
    after_turn2 = out.split("t 2\n")[1].split("\n")[0]
    assert "turn 2;" in after_turn2  # back to an earlier turn
    after_check = out.split("] d\n")[1].split("\n[")[0]
    assert "Dominance Check:" in after_check  # stopped right after the check, with its result in the log
    assert "Unknown key 'x'" in out and "Usage: j <number>" in out
    assert f"After the last of {n} decisions" in out and f"At decision {n + 1} of" not in out  # past the end
    # Each position is the record's: jumping to decision 10 shows the state after its first 9 decisions.
    g = record_start(record)
    for who, option, *reason in record["choices"][:9]:
        g.apply(option, who, *reason[:1])
    board = out.split("] b\n")[1]
    assert HASH.search(board).group(1) == g.state_hash()[:12]


# ---------------------------------------------------------------------------- the parts of the command


def test_register_adds_play_and_replay():
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["play", "--players", "2", "--humans", "1,2", "--step"])
    assert args.run is cmd_play and args.players == 2 and args.step
    args = parser.parse_args(["replay", "f.json", "--all"])
    assert args.run is cmd_replay and args.all and args.file == "f.json"


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "d" / "x.json"
    atomic_write_json(path, {"a": 1})
    atomic_write_json(path, {"a": 2})
    assert saved(path) == {"a": 2}
    assert os.listdir(path.parent) == ["x.json"]


# ---------------------------------------------------------------------------- the real program in a terminal


def test_real_terminal_screen_kill_and_resume(tmp_path):
    import pexpect

    save = tmp_path / "pty.json"
    child = spawn_play(["--seed", "7", "--save", str(save)], tmp_path / "home", 60, 150)
    try:
        child.expect("Market")
        child.expect("cost 5")
        child.expect("Choose your starting loyalty")
        child.expect("> ")
        child.sendline("2")
        child.expect(r"state ([0-9a-f]{12})")
        child.expect("Choose an action or end your turn")
        child.expect("> ")
        child.sendline("1")  # a purchase
        child.expect(r"state ([0-9a-f]{12})")
        last = child.match.group(1)
        child.expect("> ")
        child.kill(signal.SIGKILL)
        child.wait()
    finally:
        child.close(force=True)
    assert saved(save)["state_hash"].startswith(last)

    child = spawn_play(["--load", str(save), "--save", str(save)], tmp_path / "home", 60, 150)
    try:
        child.expect("Resumed")
        child.expect(r"state ([0-9a-f]{12})")
        assert child.match.group(1) == last
        child.expect("Market")
        child.expect(r"state ([0-9a-f]{12})")
        assert child.match.group(1) == last
        child.expect("> ")
        child.sendintr()  # Ctrl-C at the prompt
        child.expect("resume with: pamir play --load")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == EXIT_INTERRUPTED
    finally:
        child.close(force=True)
    assert saved(save)["state_hash"].startswith(last)


def test_real_terminal_fits_a_late_five_player_board_and_edits_lines(tmp_path):
    import pexpect

    rec = tmp_path / "late.json"
    late = played(5, 5, 150)
    rec.write_text(json.dumps(late.record()))
    end = f"{len(late.legal_options())}. End your turn (cleanup)"  # the last option
    child = spawn_play(["--load", str(rec), "--save", str(tmp_path / "s.json")], tmp_path / "home", 50, 160)
    try:
        child.expect(r"\n> ")
        screen = ANSI.sub("", child.before).replace("\r\n", "\n")
        board = screen[screen.index("Pax Pamir · turn") :].split("\n")
        assert len(board) + 1 <= 50, "\n".join(board)  # the board, the options and the input line
        assert "Player 5 (bot)" in screen and end in screen
        child.send("card 7\r")
        child.expect("Dost Mohammad \\(card 7, a court card\\)")
        child.expect("> ")
        child.send("\x1b[A\r")  # the up arrow brings back "card 7"
        child.expect("Dost Mohammad \\(card 7, a court card\\)")
        child.expect("> ")
        child.sendeof()  # Ctrl-D: saved, with the way back
        child.expect("end of input")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
    finally:
        child.close(force=True)


def test_a_game_on_the_pure_python_engine_says_so_once_and_a_compiled_one_says_nothing(tmp_path, monkeypatch):
    import paxpamir
    from paxpamir.clients.terminal import play

    monkeypatch.setenv("PAXPAMIR_HOME", str(tmp_path))
    monkeypatch.setattr(play, "engine_notice", lambda: "paxpamir: the pure-Python engine is running (test)")
    code, _out, err = run(["play", "--seed", "5"], Script(["quit"]))
    assert code == 0 and err.count("the pure-Python engine is running") == 1
    monkeypatch.setattr(play, "engine_notice", paxpamir.engine_notice)
    code, _out, err = run(["play", "--seed", "6"], Script(["quit"]))
    assert ("pure-Python engine" in err) == (paxpamir.engine_notice() is not None)
