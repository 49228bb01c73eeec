"""``pamir play`` / ``pamir replay``: scripted sessions through stdin, and the real program in a pseudo-terminal."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.clients import terminal
from paxpamir.content.cards import CARDS

HASH = re.compile(r"state ([0-9a-f]{12})")


class Script(io.StringIO):
    """Standard input: the given lines, then ``then`` forever (up to ``limit`` lines in all), then EOF.

    ``interrupt_after`` raises KeyboardInterrupt instead of returning that line (like Ctrl-C at a prompt).
    """

    def __init__(self, lines=(), then: str | None = None, limit: int = 4000, interrupt_after: int | None = None):
        super().__init__()
        self.lines = list(lines)
        self.then = then
        self.limit = limit
        self.interrupt_after = interrupt_after
        self.read_count = 0

    def readline(self, *args) -> str:
        if self.interrupt_after is not None and self.read_count >= self.interrupt_after:
            raise KeyboardInterrupt
        if self.read_count >= self.limit:
            return ""
        self.read_count += 1
        if self.lines:
            return self.lines.pop(0) + "\n"
        return "" if self.then is None else self.then + "\n"

    def isatty(self) -> bool:
        return False


def run(argv, stdin: Script, env_home: Path | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = terminal.main(argv, stdin=stdin, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


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
    assert "Seaforth Highlanders (37) — court card" in out
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
    assert code == terminal.EXIT_INTERRUPTED
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


def test_board_never_shows_another_players_hidden_hand():
    g = Game.new(3, 31)
    bot = RandomBot(2)
    while not (g.hands[1] and g.hands[2]) or g.is_over:
        g.apply(bot.choose(g))
    assert not g.is_over
    secret = [c for p in (1, 2) for c in g.hands[p]]

    def draw(game, viewer):
        out = io.StringIO()
        terminal.Screen(out).board(game, viewer, [0], log_lines=0)
        return out.getvalue()

    text = draw(g, 0)
    for c in secret:
        assert f"({c})" not in text, CARDS[c].name
    for c in g.hands[0]:
        assert f"({c})" in text
    opened = Game.from_json({**g.to_json(), "options": {"open_hands": True}})
    text = draw(opened, 0)
    for c in secret:
        assert f"({c})" in text


def test_board_marks_hostages_spies_and_military_costs():
    g = Game.new(2, 1)
    data = g.to_json()
    data.update(
        {
            "players": [
                {"loyalty": "british", "rupees": 3, "court": [37], "hand": [1]},
                {"loyalty": "russian", "rupees": 2, "court": [], "hand": []},
            ],
            "spies": {"37": [0, 2]},
            "favored": "military",
            "map": {
                "tribes": {"kabul": [1, 0]},
                "armies": {"punjab": {"british": 2}},
                "roads": {"kabul-punjab": {"russian": 1}},
            },
            "effects": [{"effect": "rumor", "player": 1, "card": 108}],
            "turn": 5,
            "current": 0,
        }
    )
    for key in ("agenda", "record", "log", "removed", "turn_state", "rulers", "bank", "undo_floor"):
        data.pop(key, None)
    data["market"] = [[c if c not in (1, 37, 108) else None for c in row] for row in data["market"]]
    data["deck"] = [c for c in data["deck"] if c not in (1, 37, 108)]
    g = Game.from_json(data)
    out = io.StringIO()
    terminal.Screen(out).board(g, 0, [0])
    text = " ".join(out.getvalue().split())  # long lines wrap
    assert "HOSTAGE of Player 2" in text and "spies: Player 2 x2" in text
    assert "(purchase costs doubled)" in text and "cost 10" in text
    assert "Mohan Lal (1)" in text  # the hand
    # The drawn map: Punjab's box, the road on the Kabul–Punjab border, the tribe in Kabul's box.
    assert drawn_border(g, "kabul-punjab") == "R1" and "armies B2" in drawn_box(g, "punjab")
    assert "tribes P1:1" in drawn_box(g, "kabul") and "armies B2" in text and "│R1" in text
    assert "Rumor (108) for Player 2" in text


def drawn_lines(g) -> list[str]:
    from paxpamir.presentation.viewmodel import view_model

    return [t.plain for t in terminal.drawn_map(view_model(g, 0))][1:]  # after the legend


def drawn_border(g, name: str) -> str:
    """The roads drawn on a border of the map ("" when it has none)."""
    kind, x, y = terminal._MAP_BORDERS[name]
    lines = drawn_lines(g)
    if kind == "v":
        assert lines[y][x] == "│"
        return lines[y][x + 1 :].split(" │")[0].split("   ")[0].strip()
    return lines[y][x : x + 6].strip("─")


def drawn_box(g, name: str) -> str:
    """The text inside a region's box on the map, its title line included."""
    x, y, w, h = terminal._MAP_BOXES[name]
    return " / ".join(line[x : x + w] for line in drawn_lines(g)[y : y + h])


def test_the_map_draws_every_region_and_border_where_the_board_has_them():
    from positions import game, player

    from paxpamir.content.map import BORDER_NAMES, REGIONS
    from paxpamir.presentation.viewmodel import view_model

    g = game(
        player("british", 3),
        player("russian", 2),
        tribes={"herat": [2, 1]},
        armies={"punjab": {"british": 3}, "transcaspia": {"russian": 2, "afghan": 1}},
        roads={"herat-persia": {"british": 1, "russian": 2, "afghan": 1}, "herat-kandahar": {"afghan": 2}},
    )
    assert set(terminal._MAP_BOXES) == set(REGIONS) and set(terminal._MAP_BORDERS) == set(BORDER_NAMES)
    assert all(len(line.plain) <= terminal.MAP_WIDTH for line in terminal.drawn_map(view_model(g, 0)))
    assert "Herat" in drawn_box(g, "herat") and "tribes P1:2 P2:1" in drawn_box(g, "herat")
    assert " P1 " in drawn_box(g, "herat").split(" / ")[0]  # Player 1 rules Herat: on the box's top line
    assert "armies A1 R2" in drawn_box(g, "transcaspia") and "armies B3" in drawn_box(g, "punjab")
    assert drawn_border(g, "herat-kandahar") == "A2"
    assert drawn_border(g, "herat-persia") == "A1B1R2"  # three coalitions' roads on a short border line
    roads = {"herat-persia": {"afghan": 3, "british": 10, "russian": 2}}
    many = game(player("british", 3), player("russian", 2), roads=roads)
    kind, x, y = terminal._MAP_BORDERS["herat-persia"]
    assert drawn_lines(many)[y][x : x + 6] == "A3B10─" and drawn_lines(many)[y + 1][x : x + 6].strip() == "R2"
    for name in ("herat-kabul", "kabul-punjab", "persia-transcaspia"):
        assert drawn_border(g, name) == ""


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


def test_replay_all_and_step_by_step(tmp_path):
    save = tmp_path / "r.json"
    run(["play", "--seed", "14", "--save", str(save)], Script(then="1"))
    g = Game.from_record(saved(save)["record"])
    n = len(g.record()["choices"])
    code, out, _ = run(["replay", str(save), "--all"], Script())
    assert code == 0
    assert out.count("\n") >= len(g.log_lines())
    assert f"Game over after {n} decisions" in out
    code, out, _ = run(["replay", str(save)], Script(["", "", "b", "", "q"]))
    assert code == 0
    assert f"[1/{n}]" in out and f"[3/{n}]" in out and f"[4/{n}]" in out and f"[5/{n}]" not in out
    assert "Market" in out  # the board
    first_who, first = g.record()["choices"][0]
    assert f"Player {first_who + 1}: Be loyal to the {first[1].capitalize()} coalition" in out
    code, out, _ = run(["replay", str(save)], Script(then=""))
    assert code == 0 and f"Game over after {n} decisions" in out


def test_register_adds_play_and_replay():
    parser = argparse.ArgumentParser()
    terminal.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["play", "--players", "2", "--humans", "1,2", "--step"])
    assert args.run is terminal.cmd_play and args.players == 2 and args.step
    args = parser.parse_args(["replay", "f.json", "--all"])
    assert args.run is terminal.cmd_replay and args.all and args.file == "f.json"


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "d" / "x.json"
    terminal.atomic_write_json(path, {"a": 1})
    terminal.atomic_write_json(path, {"a": 2})
    assert saved(path) == {"a": 2}
    assert os.listdir(path.parent) == ["x.json"]


# ---------------------------------------------------------------------------- the real program in a terminal


def test_real_terminal_screen_kill_and_resume(tmp_path):
    import pexpect

    save = tmp_path / "pty.json"
    env = dict(os.environ, PAXPAMIR_HOME=str(tmp_path / "home"), TERM="xterm-256color", PYTHONUNBUFFERED="1")
    env.pop("COLUMNS", None)
    cmd = [sys.executable, "-m", "paxpamir.clients.terminal", "play", "--seed", "7", "--save", str(save)]
    child = pexpect.spawn(cmd[0], cmd[1:], env=env, dimensions=(60, 150), timeout=20, encoding="utf-8")
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

    cmd = [sys.executable, "-m", "paxpamir.clients.terminal", "play", "--load", str(save), "--save", str(save)]
    child = pexpect.spawn(cmd[0], cmd[1:], env=env, dimensions=(60, 150), timeout=20, encoding="utf-8")
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
        assert child.exitstatus == terminal.EXIT_INTERRUPTED
    finally:
        child.close(force=True)
    assert saved(save)["state_hash"].startswith(last)


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
    assert [c[2] for c in choices if len(c) == 3] == [terminal.ONLY_OPTION_REASON] * 2
    code, out, _ = run(["play", "--seed", "21", "--ask-always", "--save", str(tmp_path / "a.json")],
                       Script(["3", "1", "play"]))
    assert "taken without asking" not in out


# ---------------------------------------------------------------------------- what a player at the table sees

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Tty(io.StringIO):
    """An output stream that says it is a terminal (its size comes from $COLUMNS and $LINES)."""

    def isatty(self) -> bool:
        return True


def _played(players: int, seed: int, decisions: int, wakhan: bool = False) -> Game:
    """A game played by random bots (Wakhan by her procedure) for ``decisions``, then on to seat 0's decision."""
    from paxpamir.agents.wakhan_procedure import WakhanPlayer

    g = Game.new(players, seed, wakhan=wakhan)
    bot = RandomBot(seed)
    i = 0
    while not g.is_over and (i < decisions or g.current_player != 0):
        if g.current_player == g.wakhan:
            option, reason = WakhanPlayer().choose(g)
            g.apply(option, g.wakhan, reason)
        else:
            g.apply(bot.choose(g))
        i += 1
    assert not g.is_over
    return g


def _decision_screen(g: Game, monkeypatch, width: int, height: int, tmp_path: Path) -> list[str]:
    """The lines a human at seat 0 sees for their decision in a width x height terminal."""
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("LINES", str(height))
    out = Tty()
    session = terminal.Session(g, [0], 1, tmp_path / "s.json", Script(), out)
    session.log_mark[0] = len(g.events()) - 40  # much happened since the last decision
    session.show_decision(0)
    text = ANSI.sub("", out.getvalue())
    assert text.endswith("\n")
    return text[:-1].split("\n")


@pytest.mark.parametrize(
    ("players", "seed", "decisions", "width", "height"),
    [(5, 5, 150, 160, 50), (3, 4, 150, 160, 50), (4, 6, 120, 140, 50), (2, 3, 120, 120, 45)],
)
def test_the_board_and_every_option_fit_the_terminal(tmp_path, monkeypatch, players, seed, decisions, width, height):
    g = _played(players, seed, decisions)
    lines = _decision_screen(g, monkeypatch, width, height, tmp_path)
    assert len(lines) <= height - 1, "\n".join(lines)  # the input line is the last row
    assert max(len(line.rstrip()) for line in lines) <= width
    assert lines[0].startswith(f"Pax Pamir · turn {g.turn} · Player 1 to decide")
    text = "\n".join(lines)
    assert all(f"Player {p + 1} (" in text for p in range(players))  # every row of the players table
    assert "Market" in text and "cost 4" in text and "Transcaspia" in text
    labelled = g.labelled_options()
    assert any(line.startswith(g.prompt()) for line in lines)
    for i, (_, label) in enumerate(labelled, 1):
        assert f"{i}. {label}" in text
    assert "Since your last decision" in text and "of 40 lines; l shows them all" in text
    # At least the three latest log lines are there, right above the prompt.
    latest = g.log_lines()[-3:]
    prompt_at = next(i for i, line in enumerate(lines) if line.startswith(g.prompt()))
    assert [line.strip() for line in lines[prompt_at - 3 : prompt_at]] == latest


def test_on_a_big_terminal_the_log_gets_the_room_left(tmp_path, monkeypatch):
    g = _played(3, 4, 150)
    small = _decision_screen(g, monkeypatch, 160, 50, tmp_path)
    big = _decision_screen(g, monkeypatch, 160, 90, tmp_path)
    assert len(big) > len(small)
    shown = [line for line in big if line.startswith("  ") and line.strip() in g.log_lines()[-40:]]
    assert len(shown) >= 30  # as many as fit, up to MAX_BOARD_LOG_LINES


def test_many_options_go_in_columns_on_a_wide_terminal(tmp_path, monkeypatch):
    g = _played(3, 4, 150)
    n = len(g.labelled_options())
    assert n > 8
    wide = _decision_screen(g, monkeypatch, 160, 200, tmp_path)
    narrow = _decision_screen(g, monkeypatch, 80, 200, tmp_path)
    first = next(i for i, line in enumerate(wide) if line.startswith(g.prompt()))
    assert len(wide) - first - 1 < n  # fewer rows than options
    assert re.search(r"^\s+1\. .*\s{3,}\s*\d+\. ", wide[first + 1])  # two numbers on the first row
    first = next(i for i, line in enumerate(narrow) if line.startswith(g.prompt()))
    assert len(narrow) - first - 1 >= n  # one option a line (long labels may wrap)


def test_prompts_say_how_many_actions_are_left_and_labels_what_an_action_costs():
    from positions import game, player

    g = game(
        player("british", 10, court=[12, 18]),  # City of Ghazni (economic, gift), Harry Flashman (intelligence)
        player("russian", 0),
        favored="economic",
    )
    assert g.prompt() == "Player 1: Choose an action or end your turn (2 actions left)"
    labels = dict(g.labelled_options())
    assert labels[("action", 12, "gift")] == "Gift with City of Ghazni (12) (2 rupees, bonus action)"
    assert labels[("action", 18, "gift")] == "Gift with Harry Flashman (18) (2 rupees)"
    g.apply(("action", 18, "gift"))
    assert g.prompt() == "Player 1: Choose an action or end your turn (1 action left)"
    gift = dict(g.labelled_options())[("action", 12, "gift")]
    assert gift == "Gift with City of Ghazni (12) (4 rupees, bonus action)"
    building = game(
        player("british", 10, court=[14]),  # Money Lenders: build
        player("russian", 0),
        tribes={"kabul": [1, 0]},
        effects=[{"effect": "nationBuilding", "player": 0, "card": 112}],
    )
    build = dict(building.labelled_options())[("action", 14, "build")]
    assert build == "Build with Money Lenders (14) (2 rupees per two blocks)"
    done = game(player("british", 10, court=[12]), player("russian", 0), turn_state={"actions_used": 2})
    assert done.prompt() == "Player 1: Choose an action or end your turn (no actions left: bonus actions only)"
    rupees = game(player("british", 10), player("russian", 0), market=[[None, 12], []], market_rupees=[[0, 2], []])
    purchase = dict(rupees.labelled_options())[("purchase", 12)]
    assert purchase == "Purchase City of Ghazni (12) for 1 rupee (+2 rupees on it)"


def test_bribe_and_game_over_log_lines_read_as_sentences():
    from paxpamir.presentation.describe import event_text

    g = Game.new(2, 1)

    def text(**e):
        return event_text(g, e)

    common = {"player": 1, "payer": 0, "card": 7}
    assert (
        text(type="bribe_asked", amount=2, full=3, purpose="play", **common)
        == "Player 2 asks Player 1 for a bribe of 2 rupees (up to 3) to play Dost Mohammad (7)."
    )
    assert (
        text(type="bribe_asked", amount=1, full=1, purpose="hostage", **common)
        == "Player 2 asks Player 1 for a bribe of 1 rupee to act with Dost Mohammad (7) (held hostage)."
    )
    assert (
        text(type="bribe_asked", amount=0, full=2, purpose="play", **common)
        == "Player 2 waives the bribe Player 1 owes to play Dost Mohammad (7)."
    )
    assert (
        text(type="bribe_refused", player=0, to=1, amount=1, purpose="hostage", card=7)
        == "Player 1 refuses the bribe of 1 rupee: the action with Dost Mohammad (7) is not taken."
    )
    assert (
        text(type="game_over", winners=[1], vp=[3, 7], reason="final dominance check")
        == "Game over (final dominance check): Player 2 wins. Victory points: Player 1 3, Player 2 7."
    )
    assert (
        text(type="leverage_repaid", player=0, paid=1, short=1, card=12)
        == "Player 1 repays 1 rupee for leveraged City of Ghazni (12), 1 short."
    )
    assert text(type="battle", player=0, region=1, limit=1) == "Player 1 battles in Kabul (up to 1 removal)."
    assert text(type="battle", player=0, card=82, limit=2) == (
        "Player 1 battles on Persian Army (82) (up to 2 removals)."
    )


def test_wakhans_log_lines_say_her():
    from paxpamir.presentation.describe import event_text

    g = Game.new(players=2, seed=1, wakhan=True)
    line = event_text(g, {"type": "overthrow_cards", "player": 1, "region": 1})
    assert line == "Wakhan loses the last tribe in Kabul: her political cards there are discarded."
    assert "their political cards" in event_text(g, {"type": "overthrow_cards", "player": 0, "region": 1})


def test_a_discard_that_may_come_from_hand_or_court_says_which():
    from positions import game, player

    seats = (player("british", 0, hand=[1], court=[12]), player("russian", 0))
    g = game(*seats, agenda=[["turn", 0], ["leverage_discard", 0]])
    assert g.labelled_options() == [
        (("discard", 1), "Discard Mohan Lal (1) from your hand"),
        (("discard", 12), "Discard City of Ghazni (12) from your court"),
    ]


def test_board_shows_limits_dominance_events_in_force_and_only_roads_that_exist():
    from positions import game, player

    g = game(
        player("british", 3, court=[24, 12], hand=[1, 2]),  # Ranjit Singh: political 2, so a court limit of 5
        player("russian", 2, court=[18]),
        armies={"punjab": {"british": 3}, "kabul": {"british": 1}},
        roads={"kabul-punjab": {"british": 1}},
        spies={18: [1, 0]},
        effects=[
            {"effect": "rumor", "player": 1, "card": 108},
            {"effect": "conflictFatigue", "player": -1, "card": 109},
        ],
    )
    out = io.StringIO()
    terminal.Screen(out).board(g, 0, [0])
    text = " ".join(out.getvalue().split())
    assert "Blocks: Afghan 0, British 5, Russian 0 (British dominant)" in text
    assert "Player 1 (you) British 3 0 1 0 - 2/2 2/5" in text  # rupees, VP, influence, gifts, prizes, hand, court
    assert "Player 2 (bot) Russian 2 0 1 0 - 0/3 1/3" in text
    assert "Rumor (108) for Player 2: Player 2's patriots give no influence until after the next Dominance" in text
    assert "Conflict Fatigue (109): at the next Dominance Check, 2 more blocks" in text
    assert drawn_border(g, "kabul-punjab") == "B1" and drawn_border(g, "herat-kabul") == ""  # roads by border
    assert "Harry Flashman (18) Int 1 · Punjab · gift/betray · spies: Player 1 x1 · HOSTAGE of Player 1" in text
    assert "Mohan Lal (1) intelligence 3 · Kabul · move · impact:" in text  # the hand, in full


def test_wakhan_is_named_and_her_ai_card_is_readable(tmp_path):
    g = _played(2, 21, 20, wakhan=True)
    out = io.StringIO()
    terminal.Screen(out).board(g, 0, [0])
    text = " ".join(out.getvalue().split())
    from paxpamir.presentation.viewmodel import view_model

    pragmatic = view_model(g, 0)["wakhan"]["pragmatic_loyalty"].capitalize()
    assert f"Wakhan (AI) all, now {pragmatic}" in text and "Player 2" not in text  # her pragmatic loyalty
    assert re.search(r"arrows \(with the next card's back\): column [1-6] \(cost \d+\)", text)  # columns 1-6
    assert re.search(r"Afg \d+ Bri \d+ Rus \d+", text)  # her influence with each coalition
    assert "Wakhan's AI card" in text and f"pragmatic loyalty now: {pragmatic} (the card's order" in text
    assert "arrows (with the next card's back)" in text
    assert "radicalize" in text and "radicalizeIf" not in text  # instructions in words, not codes


def test_card_command_shows_wakhan_ai_cards_and_help_explains_the_board(tmp_path):
    lines = ["card ai 3", "card ai 99", "card ai x", "help", "quit"]
    code, out, _ = run(["play", "--seed", "3", "--save", str(tmp_path / "c.json")], Script(lines))
    assert code == 0
    assert "Wakhan's AI card 3: tried top to bottom" in out
    assert "Radicalize the highest-ranked intelligence card in the market." in out
    assert "no Wakhan AI card number 99" in out and "Usage: card ai <1-24>" in out
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
    g, loaded = terminal.load_document(save)
    assert f"replays only up to decision {n // 2} of {n + 1}" in loaded["warnings"][0]
    assert g.record()["choices"] == doc["record"]["choices"][: n // 2]


def test_real_terminal_fits_a_late_five_player_board_and_edits_lines(tmp_path):
    import pexpect

    rec = tmp_path / "late.json"
    rec.write_text(json.dumps(_played(5, 5, 150).record()))
    env = dict(os.environ, PAXPAMIR_HOME=str(tmp_path / "home"), TERM="xterm-256color", PYTHONUNBUFFERED="1")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    cmd = [sys.executable, "-m", "paxpamir.clients.terminal", "play", "--load", str(rec)]
    cmd += ["--save", str(tmp_path / "s.json")]
    child = pexpect.spawn(cmd[0], cmd[1:], env=env, dimensions=(50, 160), timeout=20, encoding="utf-8")
    try:
        child.expect(r"\n> ")
        screen = ANSI.sub("", child.before).replace("\r\n", "\n")
        board = screen[screen.index("Pax Pamir · turn") :].split("\n")
        assert len(board) + 1 <= 50, "\n".join(board)  # the board, the options and the input line
        assert "Player 5 (bot)" in screen and "18. End your turn (cleanup)" in screen
        child.send("card 7\r")
        child.expect("Dost Mohammad \\(7\\) — court card")
        child.expect("> ")
        child.send("\x1b[A\r")  # the up arrow brings back "card 7"
        child.expect("Dost Mohammad \\(7\\) — court card")
        child.expect("> ")
        child.sendeof()  # Ctrl-D: saved, with the way back
        child.expect("end of input")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
    finally:
        child.close(force=True)


# ---------------------------------------------------------------------------- a newcomer's first game


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


def test_log_with_turn_and_dominance_checks_stand_out():
    lines = ["— Turn 1: Player 1 —", "a", "b", "— Turn 2: Player 2 —", "c", "d", "e"]
    assert terminal.log_with_turn(lines, 5) == ["— Turn 2: Player 2 —", "...", "d", "e"]
    assert terminal.log_with_turn(lines, 4) == ["— Turn 2: Player 2 —", "c", "d", "e"]
    assert terminal.log_with_turn(lines, 3) == lines[3:]
    assert "reverse" in (terminal.log_style("Dominance Check: no coalition is dominant; Player 2 +3.") or "")
    assert "reverse" in (terminal.log_style("Instability: A meets B in the market; a Dominance Check follows.") or "")
    assert terminal.log_style("— Turn 2: Player 2 —") == "bold"
    assert terminal.log_style("Player 1 ends the turn.") is None


def test_a_plain_hyphen_matches_the_en_dash_of_a_border(tmp_path):
    session = terminal.Session(Game.new(2, 1), [0], 1, tmp_path / "s.json", Script(), io.StringIO())
    labelled = [(("road", "herat-kabul"), "Place a road on Herat–Kabul"), (("road", "herat-kandahar"),
                "Place a road on Herat–Kandahar")]
    assert session.interpret("herat-kandahar", labelled) == ("road", "herat-kandahar")
    assert session.interpret("Place a road on herat-kab", labelled) == ("road", "herat-kabul")
    assert session.interpret("herat–kandahar", labelled) == ("road", "herat-kandahar")


def test_pages_show_the_map_the_market_in_full_and_the_courts(tmp_path):
    code, out, _ = run(["play", "--seed", "3", "--save", str(tmp_path / "p.json")], Script(["1", "m", "k", "c", "q"]))
    assert code == 0
    page = out.split("> m\n")[1].split("> k\n")[0]
    assert "┌ Transcaspia" in page and "┌ Kandahar" in page and "Choose an action" in page
    page = out.split("> k\n")[1].split("> c\n")[0]
    assert "1: cost 0" in page and "6: cost 5" in page and " · impact " in page
    page = out.split("> c\n")[1].split("> q\n")[0]
    assert "Courts (left to right)" in page and "Your hand" in page


def test_market_cards_show_actions_impact_patriot_and_prize():
    from positions import game, player

    g = game(player("british", 3), player("russian", 2), market=[[71] + [None] * 5, [None] * 6])
    out = io.StringIO()
    terminal.Screen(out).board(g, 0, [0])
    text = " ".join(out.getvalue().split())
    assert "Joseph Wolff (71) Int 1 Persia · move/gift · impact spy · patriot British · prize Afghan" in text


def test_the_header_says_where_the_dominance_checks_are():
    g = Game.new(3, 11)
    out = io.StringIO()
    terminal.Screen(out).board(g, 0, [0])
    assert "Deck: 46 cards with 4 Dominance Checks in it ·" in " ".join(out.getvalue().split())


def test_80_by_24_shows_the_players_the_pages_and_every_option(tmp_path, monkeypatch):
    g = _played(3, 4, 40)
    lines = _decision_screen(g, monkeypatch, 80, 24, tmp_path)
    text = "\n".join(lines)
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert "Pages: m map · k market · c courts, hands · l log · b whole board" in text
    assert all(f"Player {p + 1} (" in text for p in range(3))
    for i, (_, label) in enumerate(g.labelled_options(), 1):
        assert f"{i}. {label}" in text
    assert len(lines) <= 23 or len(g.labelled_options()) > 12, "\n".join(lines)


def test_an_action_that_cannot_be_taken_now_is_shown_with_its_reason(tmp_path):
    from positions import game, player

    from paxpamir.presentation.viewmodel import view_model

    g = game(player("british", 1, court=[62]), player("russian", 2))  # Qanat System (62): gift, build
    court = view_model(g, 0)["courts"][0][0]
    assert court["usable_actions"] == []
    short = "it costs 2 rupees; you have 1"
    assert court["unusable_actions"] == {"gift": short, "build": short}
    assert view_model(g, 1)["courts"][0][0]["unusable_actions"] == court["unusable_actions"]  # public facts
    rich = game(player("british", 5, court=[62]), player("russian", 2))
    assert view_model(rich, 0)["courts"][0][0]["unusable_actions"] == {"build": "you rule no region"}
    out = io.StringIO()
    session = terminal.Session(g, [0], 1, tmp_path / "s.json", Script(), out)
    session.show_decision(0)
    text = " ".join(out.getvalue().split())
    assert "Not now: Gift with Qanat System (62): it costs 2 rupees; you have 1 · Build with Qanat System (62)" in text


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
    g = terminal._record_start(record)
    for who, option, *reason in record["choices"][:9]:
        g.apply(option, who, *reason[:1])
    board = out.split("] b\n")[1]
    assert HASH.search(board).group(1) == g.state_hash()[:12]


def test_the_header_shows_the_piles_still_to_come_and_their_dominance_checks():
    from paxpamir.presentation.viewmodel import view_model

    # Piles of 8, 10, 10, 10, 10, 10 cards, a Dominance Check in each of the last four; the market took 12 cards
    # from the top: the rest of pile 2 is on top.
    g = Game.new(3, 11)
    assert view_model(g, 0)["dominance"]["piles"] == [{"cards": 6, "checks": 0}] + [{"cards": 10, "checks": 1}] * 4
    out = io.StringIO()
    terminal.Screen(out).board(g, 0, [0])
    assert "piles (top first): 6 10* 10* 10* 10* (* a Dominance Check)" in " ".join(out.getvalue().split())


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
