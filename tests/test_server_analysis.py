"""The analysis board (issue 35): a new game from any step of another one. Once a game is over, from its true
position; during the game, a "what if" dealt from what the asking link sees, never from the true deck and hands
(two games that differ only in what the seat cannot see give the same "what if" from the same seed). Real
``pamir serve`` processes on SQLite; the dealing itself is also checked directly on many positions."""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import Server, bearer, wait_for
from test_viewmodel import _hidden_from, _scrambled

from paxpamir import Game
from paxpamir.agents.bots import RandomBot
from paxpamir.server.analysis import position_of

TIMEOUT = 20.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("analysis")
    s = Server(str(home / "analysis.sqlite3"), home=home)
    yield s
    s.stop()



def analyse(server: Server, game: str, token: str, body: Any) -> httpx.Response:
    return httpx.post(f"{server.url}/api/games/{game}/analysis", json=body, headers=bearer(token), timeout=TIMEOUT)


def model(server: Server, game: str, token: str, query: str = "") -> dict[str, Any]:
    r = httpx.get(f"{server.url}/api/games/{game}/model{query}", headers=bearer(token), timeout=TIMEOUT)
    assert r.status_code == 200, r.text
    return dict(r.json()["model"])


def play_moves(server: Server, created: dict[str, Any], local: Game, moves: int, seed: int) -> None:
    """Make ``moves`` random decisions through the API (all seats people), the same on ``local``."""
    rng = random.Random(seed)
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    for _ in range(moves):
        state = server.state(created["game"], tokens[local.current_player])
        option = rng.choice(state["decision"]["options"])["option"]
        r = httpx.post(f"{server.url}/api/games/{created['game']}/moves", headers=bearer(tokens[local.current_player]),
                       json={"seq": state["seq"], "option": option}, timeout=TIMEOUT)
        assert r.status_code == 200, r.text
        local.apply(option, local.current_player)


# ---------------------------------------------------------------------------- the dealing, on many positions


SETUPS: list[dict[str, Any]] = [
    {"players": 2}, {"players": 3}, {"players": 5}, {"players": 2, "wakhan": True}, {"players": 3, "wakhan": True},
    {"players": 4, "open_hands": True},
]


def test_a_what_if_depends_only_on_what_the_seat_sees() -> None:
    compared = 0
    for i, setup in enumerate(SETUPS):
        seed = 300 + i
        g = Game.new(seed=seed, **setup)
        bot = RandomBot(seed)
        rnd = random.Random(seed)
        while not g.is_over:
            for _ in range(rnd.randrange(10, 50)):
                if g.is_over:
                    break
                g.apply(bot.choose(g))
            if g.is_over:
                break
            for seat in [*range(g.n), None]:
                if not _hidden_from(g, seat):
                    continue
                start = position_of(g, seat, False, 77)
                other = _scrambled(g, seat, rnd)
                assert other.to_json() != g.to_json()
                # Two games that differ only in what the seat cannot see: the same new game, to the last card.
                assert position_of(other, seat, False, 77) == start, f"seed {seed}, seat {seat}: a leak"
                for key in ("seed", "record", "undo_floor"):
                    assert key not in start
                new = Game.from_json(start)
                assert new.view(seat) | {"log": None} == g.view(seat) | {"log": None} or seat is None
                if seat is not None:
                    assert new.hands[seat] == g.hands[seat]
                assert new.current_player == g.current_player and new.legal_options() is not None
                compared += 1
    assert compared > 30


def test_the_true_position_is_the_game_itself_without_its_history() -> None:
    g = Game.new(3, 9)
    bot = RandomBot(9)
    for _ in range(40):
        g.apply(bot.choose(g))
    start = position_of(g, None, True, 0, open_hands=True)
    new = Game.from_json(start)
    assert new.deck == g.deck and new.hands == g.hands and new.market == g.market and new.options["open_hands"]
    assert new.record()["choices"] == [] and new.seed is None and len(new.events()) == len(g.events())


# ---------------------------------------------------------------------------- the server


def finished_game(server: Server) -> dict[str, Any]:
    created = server.create(["random", "random"], seed=21)
    creator = created["creator"]["token"]
    assert wait_for(lambda: server.state(created["game"], creator)["over"], 60)
    return created


def test_any_step_of_a_finished_game_starts_a_new_game_with_seats_of_your_choice(server: Server) -> None:
    created = finished_game(server)
    game, spectator = created["game"], created["spectator"]["token"]
    record = httpx.get(f"{server.url}/api/games/{game}/record", headers=bearer(spectator)).json()["record"]
    at = 17
    r = analyse(server, game, spectator, {"at": at, "seats": [{"kind": "human", "name": "Ann"}, "heuristic"],
                                          "open_hands": True})
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["game"] != game and new["analysis"] == {"what_if": False, "at": at}
    assert new["secret_deck"] is False  # the finished game's record is public: so is this deck
    assert [s["kind"] for s in new["seats"]] == ["human", "heuristic"] and "token" in new["seats"][0]
    assert {new["creator"]["token"], new["spectator"]["token"], new["seats"][0]["token"]}.isdisjoint(
        {created["creator"]["token"], spectator})
    # Its start is the finished game's step ``at``: the same deck, hands, market and log.
    local = Game.new(2, record["seed"])
    for choice in record["choices"][:at]:
        local.apply(choice[1], choice[0], *choice[2:])
    ann = new["seats"][0]["token"]
    start = model(server, new["game"], ann, "?at=0")
    assert start["view"]["market"] == local.view(0)["market"]
    assert [p["hand"] for p in start["view"]["players"]] == local.hands  # open hands, as asked
    assert start["view"]["deck_size"] == len(local.deck)
    state = server.state(new["game"], ann)
    assert state["analysis"] == {"what_if": False, "at": at} and state["seq"] >= 0
    # The original game is untouched.
    assert server.state(game, spectator)["seq"] == len(record["choices"])


def test_an_analysis_games_rematch_starts_again_from_the_same_position(server: Server) -> None:
    created = finished_game(server)
    r = analyse(server, created["game"], created["creator"]["token"],
                {"at": 40, "seats": ["random", "random"], "bot_delay": 0})
    assert r.status_code == 201, r.text
    new = r.json()
    spectator = new["spectator"]["token"]
    assert wait_for(lambda: server.state(new["game"], spectator)["over"], 60)
    again = httpx.post(f"{server.url}/api/games/{new['game']}/rematch", headers=bearer(spectator), timeout=TIMEOUT)
    assert again.status_code == 200, again.text
    rematch = again.json()
    assert rematch["game"] not in (new["game"], created["game"])
    assert server.state(rematch["game"], rematch["token"])["analysis"] == {"what_if": False, "at": 40}
    first, second = (model(server, g, t, "?at=0")["view"] for g, t in ((new["game"], spectator),
                                                                         (rematch["game"], rematch["token"])))
    assert first["market"] == second["market"] and first["players"] == second["players"]


def test_a_what_if_during_the_game_is_dealt_from_the_seats_own_view(server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}], seed=4)
    game = created["game"]
    local = Game.new(2, 4)
    play_moves(server, created, local, 30, 4)
    ann = created["seats"][0]["token"]
    r = analyse(server, game, ann, {"seats": ["human", "random"], "open_hands": True, "seed": 77})
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["analysis"] == {"what_if": True, "at": 30}
    expected = position_of(local, 0, False, 77, open_hands=True)
    # The same deal a worker made from Ann's view alone (and it would be the same had Bea held other cards).
    assert position_of(_scrambled(local, 0, random.Random(1)), 0, False, 77, open_hands=True) == expected
    seen = model(server, new["game"], new["seats"][0]["token"], "?at=0")
    assert [p["hand"] for p in seen["view"]["players"]] == [p["hand"] for p in expected["players"]]
    assert seen["view"]["players"][0]["hand"] == local.hands[0]
    # A spectator's "what if" is dealt from the public view.
    r = analyse(server, game, created["spectator"]["token"], {"seats": ["random", "random"], "seed": 78})
    assert r.status_code == 201, r.text
    public = position_of(local, None, False, 78)
    assert r.json()["analysis"]["what_if"] is True
    # Bots play it by themselves; the original game waits for its people.
    spectator = r.json()["spectator"]["token"]
    assert wait_for(lambda: server.state(r.json()["game"], spectator)["seq"] > 3)
    assert public["deck"] != local.deck or public["players"][1]["hand"] != local.hands[1]
    assert server.state(game, ann)["seq"] == 30


def test_a_bad_request_for_a_game_from_a_position_says_why(server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, "random", "wakhan"], seed=5)
    game, ann = created["game"], created["seats"][0]["token"]
    seq = server.state(game, ann)["seq"]
    good: dict[str, Any] = {"seats": ["human", "random", "wakhan"]}
    for body, code in [
        ({**good, "at": -1}, "bad_request"), ({**good, "at": seq + 1}, "bad_request"),
        ({**good, "at": True}, "bad_request"), ({**good, "at": "3"}, "bad_request"),
        ({"seats": ["human", "random"]}, "bad_request"), ({"seats": ["human", "wakhan", "random"]}, "bad_request"),
        ({"seats": ["human", "random", "random"]}, "bad_request"),
        ({**good, "open_hands": "yes"}, "bad_request"), ({**good, "hints": 1}, "bad_request"),
        ({**good, "seed": -3}, "bad_request"), ({**good, "wakhan_variants": "improved"}, "bad_request"),
        ({**good, "deck": [1, 2]}, "bad_request"), ({"seats": ["human", "nobody", "wakhan"]}, "bad_request"),
        ({"seats": [{"kind": "human", "name": ""}, "random", "wakhan"]}, "bad_request"), ([], "bad_request"),
        ({**good, "bot_delay": 99}, "bad_request"),
    ]:
        r = analyse(server, game, ann, body)
        assert r.status_code == 422 and r.json()["error"] == code, (body, r.text)
        assert r.json()["message"]
    r = httpx.post(f"{server.url}/api/games/{game}/analysis", content=b"{nope", headers=bearer(ann))
    assert r.status_code == 400
    assert httpx.post(f"{server.url}/api/games/{game}/analysis", json=good).status_code == 401
    assert analyse(server, game, "x" * 32, good).status_code == 403
    # The last step of a finished game has nothing left to play.
    done = finished_game(server)
    end = server.state(done["game"], done["spectator"]["token"])["seq"]
    r = analyse(server, done["game"], done["spectator"]["token"], {"at": end, "seats": ["random", "random"]})
    assert r.status_code == 422 and "earlier" in r.json()["message"]
    # A good one, in German where asked.
    r = httpx.post(f"{server.url}/api/games/{game}/analysis?lang=de", json={**good, "at": 0, "hints": True},
                   headers=bearer(ann))
    assert r.status_code == 201 and r.json()["hints"] is True


# ---------------------------------------------------------------------------- the store (migration 0006)


PG = os.environ.get("PAMIR_TEST_POSTGRES", "")


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_the_store_keeps_a_games_start_its_origin_its_hints_and_its_reviews(kind: str, tmp_path: Path) -> None:
    from serverkit import pg_schema

    from paxpamir.server.store import GameRow, SeatRow, Store, database_url

    if kind == "postgresql" and not PG:
        pytest.skip("PAMIR_TEST_POSTGRES is not set")
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(pg_schema(PG)) if kind == "postgresql" else str(tmp_path / "s.sqlite3")
        store = Store(database_url(url))
        stack.callback(store.dispose)
        store.migrate()
        g = Game.new(2, 7)
        start = position_of(g, 0, False, 5)
        seats = [SeatRow(0, "human", "Ann", None), SeatRow(1, "heuristic", "Bot", None)]
        origin = {"what_if": True, "from": "orig", "at": 0, "seat": 0}
        store.create_game(GameRow("an1", 2, 9, False, False, 0.0, 0, 0, False, "h", seats, position=start,
                                  origin=origin, hints=True), [("t-an1", "creator", None)])
        store.create_game(GameRow("plain", 2, 9, False, False, 0.0, 0, 0, False, "h", seats),
                          [("t-p", "creator", None)])
        row = store.load_game("an1")
        assert row is not None and row.position == start and row.origin == origin and row.hints is True
        plain = store.load_game("plain")
        assert plain is not None and plain.position is None and plain.origin is None and plain.hints is False
        assert store.load_review("an1", "game") is None
        store.save_review("an1", "game", {"decisions": [1, 2]})
        store.save_review("an1", "game", {"decisions": [3]})  # computed twice: the first one stays
        store.save_review("an1", "seat:0:4", {"decisions": []})
        assert store.load_review("an1", "game") == {"decisions": [1, 2]}
        assert store.load_review("an1", "seat:0:4") == {"decisions": []}
        assert store.load_review("plain", "game") is None
