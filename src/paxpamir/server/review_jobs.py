"""Game review and hints for the browser (issue 35), on :mod:`paxpamir.agents.review`.

- **Review** (``POST /api/games/{id}/review`` starts it, ``GET`` says how far it is and gives it once done). A
  finished game is reviewed whole (every seat's decisions, each from its decider's own view), for any of its
  links; during the game a seat's link gets the review of its own decisions so far, from its own information only
  (``review_record(record, seat=s)``); other links get none before the end. A review takes minutes of processor
  time: it is split into parts (:func:`paxpamir.agents.review.review_part`) computed in the server's pool of long
  work (:meth:`.workers.Workers.run_long`), never in the event loop, and the page polls for its progress (the
  parts done). The finished review is kept in the store (table ``reviews``, migration 0006) and never computed
  again; its words (:func:`paxpamir.presentation.review_words.describe_review`) are made for each request in its
  language.
- **Hints** (``POST /api/games/{id}/hint``): in a game created with hints, and always in a practice game (one
  person against bots), the seat to decide may ask for the bot's best options with their chances and a line each,
  and the options people overlook. They are weighed in a worker on a deal made from the seat's own view
  (:func:`.analysis.dealt`), so nothing the seat cannot see enters them; each seat may ask a few at once, then one
  every few seconds.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..content.i18n import N_, current_language, language
from ..content.i18n import gettext as _
from . import checks
from .bots import HUMAN
from .checks import ClientError
from .live import Bucket

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveGame

log = logging.getLogger("paxpamir.server")


def _env_int(name: str, default: int, low: int, high: int) -> int:
    raw = os.environ.get(name, "")
    return max(low, min(high, int(raw))) if raw.isdigit() else default


#: Lines per decision of a review and of a hint (``PAXPAMIR_REVIEW_LINES``, ``PAXPAMIR_HINT_LINES``; tests use
#: fewer); the review's seed (public: the same game gets the same review everywhere).
REVIEW_LINES = _env_int("PAXPAMIR_REVIEW_LINES", 40, 1, 400)
HINT_LINES = _env_int("PAXPAMIR_HINT_LINES", 40, 1, 400)
REVIEW_SEED = 0
#: A review is cut into at most this many parts per long-work process (more parts: finer progress).
PARTS_PER_WORKER = 4
MAX_PARTS = 32
#: Reviews computed at once on one server process; more are refused for a moment.
MAX_RUNNING = 4
#: Hints: a seat may ask HINT_BURST at once, then one every 1/HINT_RATE seconds (the same decision again is free).
HINT_BURST = 4
HINT_RATE = 0.1
HINT_CACHE = 256

STATUS = {"bad_json": 400, "bad_message": 400, "bad_request": 422, "too_large": 413, "unauthorized": 401,
          "forbidden": 403, "hints_off": 403, "unknown_game": 404, "stale_seq": 409, "not_your_turn": 409,
          "game_over": 409, "rate_limited": 429}


# ---------------------------------------------------------------------------- what the workers run


def _plan(record: dict[str, Any], seat: int | None) -> int:
    from ..agents.review import reviewed_indices

    return len(reviewed_indices(record, seat))


def _part(record: dict[str, Any], seat: int | None, lines: int, seed: int, part: int, parts: int) -> dict[str, Any]:
    from ..agents.review import review_part

    return review_part(record, seat=seat, lines=lines, seed=seed, part=part, parts=parts)


def _merge(record: dict[str, Any], parts: list[dict[str, Any]], seat: int | None, lines: int,
           seed: int) -> dict[str, Any]:
    from ..agents.review import merge_parts

    return merge_parts(record, parts, seat=seat, lines=lines, seed=seed)


def _hint(view: dict[str, Any], seat: int, seed: int, lines: int, lang: str) -> dict[str, Any]:
    """The hints of ``seat`` on a game dealt from its own view (never the true hidden cards), with their words in
    ``lang``."""
    from ..agents.review import hints
    from ..engine.game import Game
    from ..presentation.review_words import change_line, overlooked_name, percent_text
    from .analysis import dealt

    game = Game.from_json(dealt(view, seat, seed))
    with language(lang):
        found = hints(game, seat, lines=lines, seed=seed)
        for entry in found["best"]:
            entry["why"] = change_line(entry.get("changed"))
            entry["percent"] = percent_text(entry["chance"])
        for entry in found["overlooked"]:
            entry["why"] = change_line(entry.get("changed"))
            entry["percent"] = percent_text(entry["chance"])
            entry["kind_name"] = overlooked_name(entry["kind"])
    return found


# ---------------------------------------------------------------------------- jobs


@dataclass(eq=False)
class Job:
    """A review being computed: its scope, how many of its decisions are done, and its end."""

    scope: str
    seat: int | None
    seq: int
    done: int = 0
    total: int = 0
    error: str | None = None
    review: dict[str, Any] | None = None
    task: asyncio.Task[None] | None = None


class Reviews:
    """The reviews being computed on this server process, and the hints' flood control and cache."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.jobs: dict[tuple[str, str], Job] = {}
        self.buckets: dict[tuple[str, int], Bucket] = {}
        self.asking: set[tuple[str, int]] = set()
        self.cache: OrderedDict[tuple[str, int, int, str], dict[str, Any]] = OrderedDict()

    # ------------------------------------------------------------------ review

    def scope(self, live: LiveGame, role: str, seat: int | None) -> tuple[str, int | None]:
        """What this link may have reviewed now: the whole game once it is over, else its seat's decisions."""
        if live.game.is_over:
            return "game", None
        if role != "seat" or seat is None:
            raise ClientError("forbidden", N_("during the game only a player's own decisions are reviewed: open "
                                              "the review with your seat's link, or wait for the end"))
        if live.seats[seat].kind != HUMAN:
            raise ClientError("forbidden", N_("only a person's decisions are reviewed during the game"))
        # Its own decisions so far: the same review until the seat decides again.
        own = sum(1 for choice in live.game.record()["choices"] if choice[0] == seat)
        return f"seat:{seat}:{own}", seat

    async def review(self, live: LiveGame, role: str, seat: int | None, start: bool) -> dict[str, Any]:
        """The review of this link's scope: done (from the store or just computed), running (how far), failed,
        or none yet; ``start`` starts it when there is none."""
        scope, who = self.scope(live, role, seat)
        if who is not None:  # a review of the same seat still being computed at an earlier step: that one
            for (game_id, _scope), other in self.jobs.items():
                if game_id == live.id and other.seat == who and other.review is None and other.error is None:
                    scope = other.scope
        job: Job | None = self.jobs.get((live.id, scope))
        if job is not None and job.review is not None:
            return self._done(live, scope, job.review)
        stored = await self.hub.db(self.hub.store.load_review, live.id, scope)
        if stored is not None:
            return self._done(live, scope, stored)
        if job is not None and job.error is not None and start:
            self.jobs.pop((live.id, scope), None)
            job = None
        if job is None:
            if not start:
                return {"status": "none", "scope": scope.split(":")[0]}
            running = sum(1 for j in self.jobs.values() if j.review is None and j.error is None)
            if running >= MAX_RUNNING:
                raise ClientError("rate_limited", N_("the server is busy with other reviews: try again in a minute"))
            job = Job(scope, who, live.seq)
            self.jobs[(live.id, scope)] = job
            job.task = self.hub.spawn(self._run(live.id, job, live.game.record()))
        if job.error is not None:
            return {"status": "failed", "scope": scope.split(":")[0], "message": _(job.error)}
        return {"status": "running", "scope": scope.split(":")[0], "done": job.done, "total": job.total}

    async def _run(self, game_id: str, job: Job, record: dict[str, Any]) -> None:
        workers = self.hub.workers
        try:
            job.total = await workers.run(_plan, record, job.seat)
            parts = max(1, min(MAX_PARTS, job.total // 2, max(1, workers.size // 2) * PARTS_PER_WORKER))

            async def part(i: int) -> dict[str, Any]:
                found = await workers.run_long(_part, record, job.seat, REVIEW_LINES, REVIEW_SEED, i, parts)
                job.done += len(found["decisions"])
                return found

            found = list(await asyncio.gather(*(part(i) for i in range(parts))))
            review = await workers.run(_merge, record, found, job.seat, REVIEW_LINES, REVIEW_SEED)
            await self.hub.db(self.hub.store.save_review, game_id, job.scope, review)
            job.review = review
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the review %s failed", game_id, job.scope.split(":")[0])
            job.error = N_("the review could not be computed")
        finally:
            if job.review is not None:  # kept in the store: the job itself goes
                self.jobs.pop((game_id, job.scope), None)

    def _done(self, live: LiveGame, scope: str, review: dict[str, Any]) -> dict[str, Any]:
        from ..presentation.review_words import describe_review

        named = {**review, "names": live.names()}
        return {"status": "done", "scope": scope.split(":")[0], "seat": review.get("seat"),
                "review": named, "words": describe_review(named, current_language())}

    # ------------------------------------------------------------------ hints

    async def hint(self, live: LiveGame, role: str, seat: int | None, seq: int | None) -> dict[str, Any]:
        """The bot's best options for this seat's decision now, and the overlooked ones."""
        if role != "seat" or seat is None:
            raise ClientError("forbidden", N_("only the player who decides may ask for a hint"))
        if not live.hints_on():
            raise ClientError("hints_off", N_("this game gives no hints (they are chosen when the game is created)"))
        g = live.game
        if g.is_over:
            raise ClientError("game_over", N_("the game is over"))
        if seq is not None and seq != live.seq:
            raise ClientError("stale_seq", N_("the game has moved on (now at seq {now}, not {seq})"), now=live.seq,
                              seq=seq)
        if live.seats[seat].played_by is not None or g.current_player != seat:
            raise ClientError("not_your_turn", N_("a hint is for your own decision, when it is yours"))
        lang = current_language()
        key = (live.id, live.seq, seat, lang)
        if key in self.cache:
            self.cache.move_to_end(key)
            return self.cache[key]
        bucket = self.buckets.setdefault((live.id, seat), Bucket(HINT_BURST, HINT_RATE))
        if (live.id, seat) in self.asking or not bucket.take():
            raise ClientError("rate_limited", N_("one hint at a time: wait a few seconds"))
        self.asking.add((live.id, seat))
        try:
            at = live.seq
            found = await self.hub.workers.run(_hint, g.view(seat), seat, at, HINT_LINES, lang)
        except Exception:  # a fault of ours (logged): the page hears of it, nothing else changes
            log.exception("game %s: no hint could be computed at seq %d", live.id, live.seq)
            raise ClientError("bad_request", N_("no hint could be computed for this decision")) from None
        finally:
            self.asking.discard((live.id, seat))
        answer = {"seq": at, **found}
        self.cache[key] = answer
        while len(self.cache) > HINT_CACHE:
            self.cache.popitem(last=False)
        return answer


# ---------------------------------------------------------------------------- routes


def _error(exc: ClientError) -> JSONResponse:
    return JSONResponse({"error": exc.code, "message": exc.message}, status_code=STATUS.get(exc.code, 400))


async def _authorise(request: Request) -> tuple[Hub, LiveGame, str, int | None]:
    hub: Hub = request.app.state.hub
    game_id = request.path_params["game_id"]
    header = request.headers.get("authorization", "")
    token = header[7:].strip() if header.lower().startswith("bearer ") else ""
    if not token:
        raise ClientError("unauthorized", N_("send the link's token as 'Authorization: Bearer <token>'"))
    checks.token(token)
    checks.game_id(game_id)
    found = await hub.db(hub.store.resolve_token, game_id, token)
    live = await hub.get(game_id) if found is not None else None
    if found is None or live is None:
        raise ClientError("forbidden", N_("this token opens no seat of this game"))
    await hub.sync(live)
    return hub, live, found[0], found[1]


async def _body(request: Request, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > 4096:
        raise ClientError("too_large", N_("the request body is over {limit} bytes"), limit=4096)
    return checks.fields(checks.parse_json(raw or b"{}"), allowed, what)


async def api_review(request: Request) -> Response:
    """``GET``: the review of this link's scope, or how far it is; ``POST {}``: the same, starting it if needed."""
    try:
        hub, live, role, seat = await _authorise(request)
        if request.method == "POST":
            await _body(request, (), N_("a review request"))
        answer = await hub.reviews.review(live, role, seat, request.method == "POST")
        if answer["status"] == "done":
            answer["steps"] = await _steps(hub, live)
    except ClientError as exc:
        return _error(exc)
    return JSONResponse(answer, status_code=202 if answer["status"] == "running" else 200)


async def _steps(hub: Hub, live: LiveGame) -> list[int]:
    """For each decision of the game's record, the replay step (``seq``) just before it: undone decisions are in
    the store's list but not in the record."""
    out: list[int] = []
    for row in await hub.db(hub.store.decisions_from, live.id, 0):
        if row.kind == "undo":
            if out:
                out.pop()
        else:
            out.append(row.seq)
    return out


async def api_hint(request: Request) -> Response:
    """``POST {"seq": n}`` (``seq`` optional: the decision the page shows): the hint for this seat's decision."""
    try:
        hub, live, role, seat = await _authorise(request)
        body = await _body(request, ("seq",), N_("a hint request"))
        seq = body.get("seq")
        if seq is not None:
            seq = checks.whole_number(seq, "seq", 0, checks.MAX_SEQ)
        answer = await hub.reviews.hint(live, role, seat, seq)
    except ClientError as exc:
        return _error(exc)
    return JSONResponse(answer)


ROUTES = [
    Route("/api/games/{game_id}/review", api_review, methods=["GET", "POST"]),
    Route("/api/games/{game_id}/hint", api_hint, methods=["POST"]),
]
