"""``tools/imitate.py``: can a policy learn the search's choices from what an option is (the figures behind
docs/search-strength.md, *A policy that imitates the search*)?"""

from __future__ import annotations

import json
import os

import pytest
from toolkit import arena_records, load_tool

from paxpamir import Game
from paxpamir.agents.heuristic import PLAN_WIDTH, score_options


def heuristic_best_records(folder: str, seeds: range, moves: int) -> str:
    """Records whose every turn decision of the play phase is the heuristic's best option (its turn plan scored on the
    true game), noted as a search's, and whose other decisions are the first legal option: the first ``moves``."""
    os.makedirs(folder)
    for seed in seeds:
        game = Game.new(players=2, seed=seed)
        choices: list[list[object]] = []
        while len(choices) < moves and not game.is_over:
            player = game.current_player
            options = game.legal_options()
            note = ""
            option = options[0]
            if game.phase == "play" and game.decision == "turn" and len(options) > 1:
                assert player is not None
                scores = score_options(game, player, options, True, PLAN_WIDTH)
                option = options[scores.index(max(scores))]
                note = "search: 1 lines, value 0.50"
            choices.append([player, list(option), note])
            game.apply(option)
        record = {"format": "paxpamir-record", "version": 1, "players": 2, "seed": seed, "choices": choices}
        record["options"] = {"open_hands": False, "wakhan": False}
        with open(os.path.join(folder, f"game-{seed:04d}-seed-{seed}.json"), "w", encoding="utf-8") as f:
            json.dump(record, f)
    return folder


def test_a_search_that_plays_the_heuristics_best_is_imitated_by_the_heuristic_and_learned(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    records = heuristic_best_records(os.path.join(tmp_path, "best"), range(21, 24), 70)
    searched = 0
    for name in os.listdir(records):
        with open(os.path.join(records, name), encoding="utf-8") as f:
            searched += sum(1 for move in json.load(f)["choices"] if move[2])
    tool = load_tool("imitate")
    assert tool.main([records, "--held-out", "0.3"]) == 0
    out = capsys.readouterr().out.splitlines()
    first, held = out[0].split("; ")
    assert first == f"{searched} searched turn decisions of 3 games (3 seeds)"
    asked = int(held.split()[0])
    assert held == f"{asked} of 1 game (1 seed, the last) held out" and asked > 0
    assert out[1] == f"the heuristic's best: {asked} of {asked} (100.0%)"
    # Whether an option is the heuristic's best is one of its inputs: both models learn that it is always chosen.
    assert out[2] == f"the option: logistic {asked} of {asked} (100.0%); trees {asked} of {asked} (100.0%)"
    assert out[3].startswith("the turn's end: logistic ") and out[4].startswith("both: logistic ")
    assert len(out) == 5


def test_it_reads_only_the_decisions_a_search_seat_made(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    records = arena_records(tmp_path, 2, bots=("search:8", "heuristic"))
    capsys.readouterr()
    searched = 0
    for name in os.listdir(records):
        if name.startswith("game-"):
            with open(os.path.join(records, name), encoding="utf-8") as f:
                record = json.load(f)
            game = Game.new(players=2, seed=record["seed"])
            for move in record["choices"]:
                if len(move) > 2 and move[2].startswith("search") and game.decision == "turn":
                    searched += game.phase == "play" and len(game.legal_options()) > 1
                game.apply(tuple(move[1]))
    assert searched > 0
    tool = load_tool("imitate")
    assert tool.main([records, "--workers", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{searched} searched turn decisions of 2 games (2 seeds); ")
    assert out[0].endswith(" of 1 game (1 seed, the last) held out")


def test_bad_arguments_are_refused_with_a_message(tmp_path: os.PathLike[str]) -> None:
    tool = load_tool("imitate")
    records = heuristic_best_records(os.path.join(tmp_path, "one"), range(5, 6), 30)
    for bad in (
        [records, "--every", "0"],
        [records, "--held-out", "1"],
        [records, "--workers", "0"],
        [records],  # one game: nothing to hold out
        [os.path.join(tmp_path, "nothing-here")],
    ):
        with pytest.raises(SystemExit):
            tool.main(bad)
