"""Game review and hints on the server (issue 35): a finished game's review computed once in the workers, kept
in the store and given to any of its links; during the game, a seat's review of its own decisions only; hints
for the seat to decide in a practice game or a game created with hints, refused otherwise, one at a time. Real
``pamir serve`` processes on SQLite, with small budgets (``PAXPAMIR_REVIEW_LINES``, ``PAXPAMIR_HINT_LINES``)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import Server, bearer, wait_for

TIMEOUT = 30.0
BUDGETS = {"PAXPAMIR_REVIEW_LINES": "2", "PAXPAMIR_HINT_LINES": "4"}


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("review")


def start(home: Path, port: int | None = None) -> Server:
    return Server(str(home / "review.sqlite3"), port=port, home=home, args=("--workers", "2"), env=BUDGETS)


@pytest.fixture(scope="module")
def server(home: Path) -> Iterator[Server]:
    s = start(home)
    yield s
    s.stop()



def review(server: Server, game: str, token: str, post: bool = False, body: Any = None) -> httpx.Response:
    url = f"{server.url}/api/games/{game}/review"
    if post:
        return httpx.post(url, json={} if body is None else body, headers=bearer(token), timeout=TIMEOUT)
    return httpx.get(url, headers=bearer(token), timeout=TIMEOUT)


def reviewed(server: Server, game: str, token: str) -> dict[str, Any]:
    """Start the review and wait for it; every answer on the way says how far it is."""
    r = review(server, game, token, post=True)
    assert r.status_code in (200, 202), r.text
    progress: list[int] = []

    def done() -> dict[str, Any] | None:
        answer = review(server, game, token).json()
        assert answer["status"] in ("running", "done"), answer
        if answer["status"] == "running":
            progress.append(answer["done"])
            assert 0 <= answer["done"] <= answer["total"]
            return None
        return dict(answer)

    answer = wait_for(done, 240)
    assert answer, "the review did not finish"
    assert progress == sorted(progress)
    return dict(answer)


def hint(server: Server, game: str, token: str, body: Any = None) -> httpx.Response:
    return httpx.post(f"{server.url}/api/games/{game}/hint", json={} if body is None else body,
                      headers=bearer(token), timeout=TIMEOUT)


def test_a_finished_game_is_reviewed_once_and_the_review_is_kept(server: Server, home: Path) -> None:
    created = server.create(["heuristic", "heuristic:easy"], seed=12)
    game, spectator, creator = created["game"], created["spectator"]["token"], created["creator"]["token"]
    assert review(server, game, spectator).status_code == 403  # not over yet: nobody's own decisions
    assert wait_for(lambda: server.state(game, creator)["over"], 120)
    assert review(server, game, spectator).json()["status"] == "none"
    answer = reviewed(server, game, spectator)
    rev, words = answer["review"], answer["words"]
    record = httpx.get(f"{server.url}/api/games/{game}/record", headers=bearer(creator)).json()["record"]
    assert answer["scope"] == "game" and rev["seat"] is None and rev["over"]
    assert rev["decisions"] and {d["seat"] for d in rev["decisions"]} == {0, 1}
    assert all(len(c) == 2 and None not in c for c in rev["chances"])  # every seat's chance at every decision
    assert rev["checks"] and all(0 <= i < len(record["choices"]) for i in rev["checks"])
    assert len(answer["steps"]) == len(record["choices"])  # the replay step of each decision
    assert rev["names"] == ["Heuristic bot 1", "Heuristic:easy bot 2"]
    assert len(words["rows"]) == len(rev["decisions"]) and all(row["why"] for row in words["rows"])
    for row, d in zip(words["rows"], rev["decisions"], strict=True):
        assert row["mistake"] == d["mistake"]
    # Kept: asked again, by any link, it is there at once and the same; the store holds it once.
    again = review(server, game, creator, post=True)
    assert again.status_code == 200 and again.json()["review"] == rev
    german = httpx.get(f"{server.url}/api/games/{game}/review?lang=de", headers=bearer(spectator)).json()
    assert german["review"] == rev and len(german["words"]["rows"]) == len(words["rows"])
    with sqlite3.connect(home / "review.sqlite3") as db:
        assert db.execute("SELECT count(*) FROM reviews WHERE game_id = ?", (game,)).fetchone() == (1,)
    # A restarted server does not compute it again.
    server.stop()
    server.proc = start(home, server.port).proc
    answer = review(server, game, spectator).json()
    assert answer["status"] == "done" and answer["review"] == rev


def test_during_the_game_a_seat_reviews_only_its_own_decisions(server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, "heuristic"], seed=5)
    game, ann = created["game"], created["seats"][0]["token"]
    for _ in range(6):  # a few of Ann's decisions (the bot answers in between)
        state = wait_for(lambda: (s := server.state(game, ann))["decision"] is not None and s, 60)
        r = httpx.post(f"{server.url}/api/games/{game}/moves", headers=bearer(ann), timeout=TIMEOUT,
                       json={"seq": state["seq"], "option": state["decision"]["options"][-1]["option"]})
        assert r.status_code == 200, r.text
    for token in (created["spectator"]["token"], created["creator"]["token"]):
        r = review(server, game, token, post=True)
        assert r.status_code == 403 and r.json()["error"] == "forbidden"
    answer = reviewed(server, game, ann)
    rev = answer["review"]
    assert answer["scope"] == "seat" and rev["seat"] == 0 and not rev["over"] and rev["winners"] is None
    assert rev["decisions"] and all(d["seat"] == 0 for d in rev["decisions"])
    assert all(c[1] is None for c in rev["chances"])  # nothing about the bot's chances: it holds hidden cards
    assert len(rev["summary"]) == 1


def test_hints_for_the_seat_to_decide_in_a_practice_game(server: Server) -> None:
    created = server.create([{"kind": "human", "name": "Ann"}, "heuristic", "wakhan"], seed=9)
    game, ann = created["game"], created["seats"][0]["token"]
    state = wait_for(lambda: (s := server.state(game, ann))["decision"] is not None and s, 60)
    assert state["hints"] is True  # one person against bots: a practice game
    assert created["hints"] is True  # and the creation answer says so too
    r = hint(server, game, ann, {"seq": state["seq"]})
    assert r.status_code == 200, r.text
    found = r.json()
    assert found["seq"] == state["seq"] and 1 <= len(found["best"]) <= 3
    labels = {o["label"] for o in state["decision"]["options"]}
    for entry in found["best"] + found["overlooked"]:
        assert entry["label"] in labels and 0 <= entry["chance"] <= 1 and entry["percent"].endswith("%")
        assert isinstance(entry["why"], str)
    assert [e["chance"] for e in found["best"]] == sorted((e["chance"] for e in found["best"]), reverse=True)
    assert all(e["kind_name"] for e in found["overlooked"])
    # The same decision again: the same answer, at no cost; in German, German labels.
    assert hint(server, game, ann).json() == found
    german = httpx.post(f"{server.url}/api/games/{game}/hint?lang=de", json={}, headers=bearer(ann), timeout=TIMEOUT)
    assert german.status_code == 200
    # Only the seat to decide, for the decision shown, with a well-formed request.
    assert hint(server, game, created["spectator"]["token"]).status_code == 403
    assert hint(server, game, ann, {"seq": state["seq"] + 5}).json()["error"] == "stale_seq"
    for body in ({"seq": "1"}, {"seq": True}, {"seq": -1}, {"option": 1}, [1]):
        r = hint(server, game, ann, body)
        assert r.status_code == 422 and r.json()["message"], body
    assert httpx.post(f"{server.url}/api/games/{game}/hint", json={}).status_code == 401
    assert hint(server, game, "y" * 30).status_code == 403


def test_hints_are_refused_when_the_game_was_created_without_them(server: Server) -> None:
    people = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]
    off = server.create(people, seed=3)
    state = server.state(off["game"], off["creator"]["token"])
    mover = off["seats"][state["to_move"]]["token"]
    assert state["hints"] is False
    r = hint(server, off["game"], mover)
    assert r.status_code == 403 and r.json()["error"] == "hints_off"
    on = server.create(people, seed=3, hints=True)
    state = server.state(on["game"], on["creator"]["token"])
    assert state["hints"] is True and on["hints"] is True
    to_move = state["to_move"]
    assert hint(server, on["game"], on["seats"][1 - to_move]["token"]).json()["error"] == "not_your_turn"
    mover = on["seats"][to_move]["token"]

    async def race() -> list[int]:
        async with httpx.AsyncClient(timeout=TIMEOUT) as client:
            asks = [client.post(f"{server.url}/api/games/{on['game']}/hint", json={}, headers=bearer(mover))
                    for _ in range(3)]
            return [r.status_code for r in await asyncio.gather(*asks)]

    codes = asyncio.run(race())
    assert 200 in codes and 429 in codes, codes  # one at a time
    assert httpx.post(f"{server.url}/api/games", json={"seats": people, "hints": "yes"}).status_code == 422


def test_a_bad_review_request_says_why(server: Server) -> None:
    created = server.create(["random", "random"], seed=2)
    game, spectator = created["game"], created["spectator"]["token"]
    bodies: list[Any] = [{"seat": 1}, [], "x"]
    for body in bodies:
        r = review(server, game, spectator, post=True, body=body)
        assert r.status_code == 422 and r.json()["message"], body
    message = review(server, game, spectator, post=True, body={"seat": 1}).json()["message"]
    assert "'seat'" in message and "(its fields: )" not in message and "empty JSON object" in message, message
    r = httpx.post(f"{server.url}/api/games/{game}/review", content=b"{", headers=bearer(spectator))
    assert r.status_code == 400
    assert httpx.get(f"{server.url}/api/games/{game}/review").status_code == 401
    assert httpx.get(f"{server.url}/api/games/nope!/review", headers=bearer(spectator)).status_code == 404


def test_the_deploy_guide_tells_of_the_review_and_hint_workers() -> None:
    """docs/deploy.md names the worker processes a review starts, how many, the variables that size reviews and
    hints (with their defaults and ranges as the server reads them) and the memory they take."""
    import re

    from serverkit import ROOT

    doc = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    source = (ROOT / "src" / "paxpamir" / "server" / "review_jobs.py").read_text(encoding="utf-8")
    section = doc.split("## Worker processes", 1)[1].split("\n## ", 1)[0]
    for name in ("PAXPAMIR_REVIEW_LINES", "PAXPAMIR_HINT_LINES"):
        found = re.search(rf'_env_int\("{name}", (\d+), (\d+), (\d+)\)', source)
        assert found, name
        default, low, high = found.groups()
        assert re.search(rf"`{name}` \(default {default}, from {low} to {high}\)", section), name
    assert "half as many processes as the bots' pool" in section and "--workers" in section
    assert re.search(r"at\s+most 4 reviews at once", section)
    assert re.search(r"MAX_RUNNING = 4\b", source)
    assert re.search(r"review worker about \d+ MB", section) and re.search(r"bot worker about \d+ MB", section)

