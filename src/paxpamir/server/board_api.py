"""Read-only JSON routes for the browser board: the view model, replays, end-of-game statistics, card facts.

- ``GET /api/games/{id}/model`` (``Authorization: Bearer <token>``): the view model
  (:func:`paxpamir.presentation.viewmodel.view_model`) of the link's seat (spectators and the creator: the public
  view). ``?at=n`` gives the game after its first ``n`` decisions (a replay step); ``?as=s`` views it as seat
  ``s`` (``as=public``: the spectators' view). Before the game ends a link may only look through its own seat
  or the public view; once it has ended, through any seat.
- ``GET /api/games/{id}/stats``: per-player series sampled at the start of each turn (victory points, rupees,
  influence) and counts from the log (purchases, actions by kind, bribes, Dominance Check results), the final
  scores and the tie-break values (military stars, rupees).
- ``GET /api/cards`` and ``GET /api/cards/{n}``: what is printed on a card and its reference text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..content.cards import CARDS
from ..content.i18n import gettext as _
from ..engine.errors import PamirError
from ..engine.game import Game
from ..presentation.cardref import card_lines
from ..presentation.viewmodel import card_facts, view_model
from ..rules.scoring import influence
from . import checks
from .checks import ClientError

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveGame
    from .store import DecisionRow

MILITARY = 3


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


async def _authorise(request: Request) -> tuple[LiveGame, str, int | None] | JSONResponse:
    hub: Hub = request.app.state.hub
    game_id = request.path_params["game_id"]
    header = request.headers.get("authorization", "")
    token = header[7:].strip() if header.lower().startswith("bearer ") else ""
    try:
        checks.token(token)
        checks.game_id(game_id)
    except ClientError:
        return _error("unauthorized", "send the link's token as 'Authorization: Bearer <token>'", 401)
    found = await hub.db(hub.store.resolve_token, game_id, token)
    live = await hub.get(game_id) if found is not None else None
    if found is None or live is None:
        return _error("forbidden", "this token opens no seat of this game", 403)
    await hub.sync(live)
    return live, found[0], found[1]


def _fresh(live: LiveGame) -> Game:
    """The game's start: ``Game.new`` from its seed, or the position an analysis game starts from."""
    from .analysis import initial_game

    opts = live.game.options
    return initial_game(live.game.n, live.seed, {"open_hands": bool(opts.get("open_hands")),
                                                 "wakhan": live.game.wakhan >= 0,
                                                 "wakhan_variants": opts.get("wakhan_variants")}, live.position)


def _replayed(live: LiveGame, rows: list[DecisionRow], at: int) -> Game:
    """The game after its first ``at`` decisions, replayed from its seed and stored decisions."""
    from .hub import _apply_row

    game = _fresh(live)
    for row in rows[:at]:
        _apply_row(game, row)
    return game


async def _rows(request: Request, live: LiveGame) -> list[DecisionRow]:
    """The game's stored decisions, in order."""
    hub: Hub = request.app.state.hub
    return await hub.db(hub.store.decisions_from, live.id, 0)


async def api_model(request: Request) -> Response:
    found = await _authorise(request)
    if isinstance(found, JSONResponse):
        return found
    live, role, seat = found
    game = live.game
    over = game.is_over  # read once: every check below is about the game as it is now
    view_as: int | None = seat if role == "seat" else None
    raw_as = request.query_params.get("as")
    if raw_as is not None and raw_as != "":
        if raw_as == "public":
            view_as = None
        else:
            try:
                wanted = checks.query_number(raw_as, "as", 0, game.n - 1)
            except ClientError:
                return _error("bad_request", f"'as' is 'public' or a seat from 0 to {game.n - 1}", 422)
            # Before the end a link looks through its own seat or the public view only: the creator and the
            # spectators have no seat, so they see no hand.
            if wanted != view_as and not over:
                return _error("forbidden", "other seats' views open when the game has ended", 403)
            view_as = wanted
    try:
        chosen = checks.query_number(request.query_params.get("at"), "at", 0, live.seq)
    except ClientError:
        return _error("bad_request", f"'at' is a decision number from 0 to {live.seq}", 422)
    at = live.seq if chosen is None else chosen
    if at != live.seq:
        rows = await _rows(request, live)
        try:
            game = _replayed(live, rows, at)
        except PamirError as exc:
            return _error("bad_request", str(exc), 422)
    model = view_model(game, view_as, log_from=0)
    if at != live.seq:
        # A replayed step is for looking only.
        model["options"], model["your_decision"], model["can_undo"] = [], False, False
        model["targets"] = {"cards": {}, "regions": {}, "borders": {}, "players": {}, "none": []}
    return JSONResponse({"game": live.id, "seq": live.seq, "at": at, "role": role, "seat": seat,
                         "as": view_as, "model": model})


async def api_stats(request: Request) -> Response:
    found = await _authorise(request)
    if isinstance(found, JSONResponse):
        return found
    live, _role, _seat = found
    return JSONResponse(game_stats(live, await _rows(request, live)))


def game_stats(live: LiveGame, rows: list[DecisionRow]) -> dict[str, Any]:
    """Series over time and counts per player for the results screen (public facts only)."""
    from .hub import _apply_row

    n = live.game.n
    game = _fresh(live)

    series: dict[str, list[list[int]]] = {"vp": [[] for _p in range(n)], "rupees": [[] for _p in range(n)],
                                          "influence": [[] for _p in range(n)]}
    turns: list[int] = []

    def sample() -> None:
        turns.append(game.turn)
        for p in range(n):
            series["vp"][p].append(game.vp[p])
            series["rupees"][p].append(game.rupees[p])
            series["influence"][p].append(influence(game, p, 0) if p == game.wakhan else influence(game, p))

    sample()
    last_turn = game.turn
    for row in rows[: live.seq]:
        _apply_row(game, row)
        if game.turn != last_turn or game.is_over:
            last_turn = game.turn
            sample()
    counts: list[dict[str, Any]] = [{"purchases": 0, "plays": 0, "actions": {}, "bribes_paid": 0, "bribes_refused": 0,
               "bribes_asked": 0, "gifts": 0} for _p in range(n)]
    checks: list[dict[str, Any]] = []
    for e in game.events():
        t = e["type"]
        p = e.get("player")
        if t == "purchase" and isinstance(p, int):
            counts[p]["purchases"] += 1
        elif t == "play" and isinstance(p, int):
            counts[p]["plays"] += 1
        elif t == "action" and isinstance(p, int):
            acts = counts[p]["actions"]
            acts[e["action"]] = acts.get(e["action"], 0) + 1
        elif t == "bribe_asked" and isinstance(p, int):
            counts[p]["bribes_asked"] += 1
        elif t == "bribe_refused" and isinstance(p, int):
            counts[p]["bribes_refused"] += 1
        elif t in ("bribe_paid", "bribe") and isinstance(p, int):
            counts[p]["bribes_paid"] += 1
        elif t == "dominance_check":
            checks.append({"card": e.get("card"), "dominant": e.get("dominant"), "final": e.get("final"),
                           "awards": e.get("awards"), "vp": e.get("vp")})
    reason = str(game.summary().get("end_reason") or "") if game.is_over else None
    return {
        "names": live.names(),
        "over": game.is_over,
        "winners": list(game.winners),
        "end_reason": reason,
        "end_reason_text": _(reason) if reason else None,
        "vp": game.vp[:],
        "tie_break": {"military_stars": [game.stars(p, MILITARY) for p in range(n)], "rupees": game.rupees[:]},
        "turns": turns,
        "series": series,
        "counts": counts,
        "dominance_checks": checks,
    }


async def api_card(request: Request) -> Response:
    raw = request.path_params["number"]
    number = int(raw) if checks.DIGITS.fullmatch(raw) else -1
    if not 0 < number < len(CARDS):
        return _error("unknown_card", "there is no such card", 404)
    return JSONResponse(_card(number))


def _card(number: int) -> dict[str, Any]:
    info = CARDS[number]
    assert info is not None
    return {**card_facts(number), "text": card_lines(info)}


async def api_cards(_request: Request) -> Response:
    return JSONResponse({"cards": {str(n): _card(n) for n in range(1, len(CARDS))}})


ROUTES = [
    Route("/api/games/{game_id}/model", api_model),
    Route("/api/games/{game_id}/stats", api_stats),
    Route("/api/cards", api_cards),
    Route("/api/cards/{number}", api_card),
]
