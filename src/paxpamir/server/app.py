"""The Starlette application: pages, the JSON API and the websocket (protocol: docs/server-protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..content.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    UnknownLanguage,
    best_language,
    check_language,
    current_language,
    domain_messages,
    language,
    plural_expression,
)
from ..content.i18n import (
    gettext as _,
)
from ..engine.errors import PamirError
from ..engine.game import MAX_PLAYERS, MIN_PLAYERS, Game
from ..rules.wakhan import wakhan_variants
from . import analysis, board_api, bots, checks, review_jobs, tutorial
from .checks import ClientError
from .hub import MAX_MESSAGE, MAX_REFUSED, Hub
from .live import Conn, LiveGame
from .metrics import CONTENT_TYPE_LATEST, HTTPCounter
from .store import GameRow, SeatRow, Store, hash_token, new_token

log = logging.getLogger("paxpamir.server")

STATIC = Path(__file__).resolve().parent / "static"
#: A server game's seed: random bits from ``secrets`` (the opening market must not let anyone search them all).
SEED_BITS = 64
MAX_BODY = 65_536
#: Seconds a new websocket has to send its ``hello``.
HELLO_TIMEOUT = 15.0

STATUS = {
    "bad_json": 400,
    "bad_message": 400,
    "bad_language": 422,
    "bad_request": 422,
    "bad_name": 422,
    "bad_webhook": 422,
    "bad_chat": 422,
    "rate_limited": 429,
    "unauthorized": 401,
    "forbidden": 403,
    "unknown_game": 404,
    "not_over": 409,
    "stale_seq": 409,
    "not_your_turn": 409,
    "game_over": 409,
    "cannot_undo": 409,
    "illegal_option": 422,
    "too_large": 413,
}


def error_response(exc: ClientError) -> JSONResponse:
    return JSONResponse({"error": exc.code, "message": exc.message}, status_code=STATUS.get(exc.code, 400))


def request_language(scope: dict[str, Any]) -> str | None:
    """The language a request asks for: ``?lang=`` when given (None when it names no language we have), else
    the browser's ``Accept-Language``, else English."""
    for key, value in parse_qsl(scope.get("query_string", b"").decode("latin-1")):
        if key == "lang":
            return value if value in LANGUAGES else None
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            return best_language(value.decode("latin-1"))
    return "en"


class LanguageMiddleware:
    """Every request is answered in its language (texts of the view model, cards, errors): ``?lang=de``, else
    ``Accept-Language``. A ``lang`` that names no language we have is refused with the choices."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        lang = request_language(scope)
        if lang is None:
            if scope["type"] == "http":
                exc = ClientError("bad_language", N_("unknown language: choose one of {languages}"),
                                  languages=", ".join(LANGUAGES))
                await error_response(exc)(scope, receive, send)
                return
            lang = "en"
        with language(lang):
            await self.app(scope, receive, send)


def create_app(database_url: str, public_url: str = "", allow_private_webhooks: bool = False,
               workers: int | None = None) -> Starlette:
    """The server's application; ``workers``: how many processes the bots think in (default: one per core)."""
    store = Store(database_url)
    hub = Hub(store, public_url, allow_private_webhooks, workers)
    rematch_lock = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    async def read_json(request: Request) -> Any:
        body = await request.body()
        if len(body) > MAX_BODY:
            raise ClientError("too_large", N_("the request body is over {limit} bytes"), limit=MAX_BODY)
        return checks.parse_json(body or b"{}")

    def bearer(request: Request) -> str:
        header = request.headers.get("authorization", "")
        return header[7:].strip() if header.lower().startswith("bearer ") else ""

    async def authorise(request: Request) -> tuple[LiveGame, str, int | None]:
        game_id = request.path_params["game_id"]
        token = bearer(request)
        if not token:
            raise ClientError("unauthorized", N_("send the link's token as 'Authorization: Bearer <token>'"))
        return await resolve(game_id, token)

    async def resolve(game_id: str, token: Any) -> tuple[LiveGame, str, int | None]:
        token = checks.token(token)
        checks.game_id(game_id)
        found = await hub.db(store.resolve_token, game_id, token)
        if found is None:
            if await hub.db(store.load_game, game_id) is None:
                raise ClientError("unknown_game", N_("there is no such game"))
            raise ClientError("forbidden", N_("this token opens no seat of this game"))
        live = await hub.get(game_id)
        if live is None:
            raise ClientError("unknown_game", N_("there is no such game"))
        return live, found[0], found[1]

    async def api_create(request: Request) -> Response:
        try:
            spec = await read_json(request)
            created = await create_game(spec, str(request.base_url).rstrip("/"))
        except ClientError as exc:
            return error_response(exc)
        return JSONResponse(created, status_code=201)

    async def create_game(spec: Any, base: str, position: dict[str, Any] | None = None,
                          origin: dict[str, Any] | None = None, drawn_seed: int | None = None) -> dict[str, Any]:
        """A new game from ``spec`` (checked here); an analysis game starts from ``position`` (its seats must fit
        it, its options are the position's), and ``drawn_seed`` is a secret seed drawn by the caller."""
        spec = checks.fields(spec, GAME_FIELDS, N_("a new game"))
        start = Game.from_json(position) if position is not None else None
        seat_specs = spec.get("seats")
        if not isinstance(seat_specs, list) or not MIN_PLAYERS <= len(seat_specs) <= MAX_PLAYERS:
            raise ClientError("bad_request", N_("'seats' must list {low} to {high} seats"), low=MIN_PLAYERS,
                              high=MAX_PLAYERS)
        kinds = bots.seat_kinds()
        seat_rows: list[SeatRow] = []
        for i, s in enumerate(seat_specs):
            if isinstance(s, str):
                s = {"kind": s}
            s = checks.fields(s, ("kind", "name"), N_("a seat"))
            kind = s.get("kind", "human")
            if not isinstance(kind, str) or kind not in kinds:
                raise ClientError(
                    "bad_request", N_("seat {n}: the kind must be one of {kinds}"), n=i + 1, kinds=', '.join(kinds)
                )
            name = s.get("name")
            if name is not None:
                try:
                    name = checks.display_name(name)
                except ClientError as exc:
                    raise ClientError("bad_request", N_("seat {n}: {error}"), n=i + 1, error=exc.message) from None
            # Unnamed seats are named in the creator's language (the names are stored as given).
            if kind == bots.WAKHAN:
                default = "Wakhan"
            elif kind == bots.HUMAN:
                default = _("Player {n}").format(n=i + 1)
            else:
                default = _("{kind} bot {n}").format(kind=kind.capitalize(), n=i + 1)
            seat_rows.append(SeatRow(i, kind, name or default, None))
        wakhan_seats = [r.seat for r in seat_rows if r.kind == bots.WAKHAN]
        if start is not None:
            if len(seat_rows) != start.n:
                raise ClientError("bad_request", N_("'seats' must list the position's {n} seats"), n=start.n)
            if wakhan_seats != ([start.wakhan] if start.wakhan >= 0 else []):
                raise ClientError("bad_request", N_("Wakhan keeps her seat in a game from a position, and only hers"))
        elif wakhan_seats and (wakhan_seats != [len(seat_rows) - 1] or len(seat_rows) not in (2, 3)):
            raise ClientError("bad_request", N_("Wakhan takes the last seat of a game of 2 or 3 seats"))
        seed = spec.get("seed")
        # A seed the creator gives (tests, tournaments) makes the deck known to them: the game says so publicly.
        # (a finished game's true position is no secret either: its record is public)
        secret = seed is None and (origin is None or bool(origin.get("what_if")))
        if seed is None:
            seed = secrets.randbits(SEED_BITS) if drawn_seed is None else drawn_seed
        seed = checks.whole_number(seed, "seed", 0, 2**SEED_BITS - 1)
        open_hands = spec.get("open_hands", False)
        delay = spec.get("bot_delay", 0.5)
        if not isinstance(open_hands, bool):
            raise ClientError("bad_request", N_("'open_hands' is true or false"))
        spectator_chat = spec.get("spectator_chat", False)
        if not isinstance(spectator_chat, bool):
            raise ClientError("bad_request", N_("'spectator_chat' is true or false"))
        hints = spec.get("hints", False)
        if not isinstance(hints, bool):
            raise ClientError("bad_request", N_("'hints' is true or false"))
        clock = spec.get("clock")
        if clock is not None:
            clock = checks.whole_number(clock, "clock", MIN_CLOCK, MAX_CLOCK)
        if not isinstance(delay, int | float) or isinstance(delay, bool) or not 0 <= delay <= 10:
            raise ClientError("bad_request", N_("'bot_delay' is a number of seconds from 0 to 10"))
        variants = spec.get("wakhan_variants", [])
        if not isinstance(variants, (str, list)):
            raise ClientError(
                "bad_request", N_("'wakhan_variants' is 'rulebook', 'improved' or a list of variant names")
            )
        try:
            chosen = wakhan_variants(variants)
            if chosen and not wakhan_seats:
                raise ClientError("bad_request", N_("'wakhan_variants' needs a Wakhan seat"))
            if start is not None:  # an analysis game: the position's own options
                game, open_hands = start, bool(start.options.get("open_hands"))
                chosen = tuple(start.options.get("wakhan_variants") or ())
            else:
                game = Game.new(
                    len(seat_rows), seed, open_hands=open_hands, wakhan=bool(wakhan_seats), wakhan_variants=chosen
                )
        except PamirError as exc:
            raise ClientError("bad_request", "{error}", error=str(exc)) from None
        game_id = secrets.token_urlsafe(9)
        links: list[tuple[str, str, int | None]] = [(new_token(), "creator", None), (new_token(), "spectator", None)]
        links += [(new_token(), "seat", r.seat) for r in seat_rows if r.kind == bots.HUMAN]
        new = GameRow(game_id, len(seat_rows), seed, open_hands, bool(wakhan_seats), float(delay), 0,
                      game.current_player, False, game.state_hash(), seat_rows, chosen, secret, spectator_chat, clock,
                      position=position, origin=origin, hints=hints)
        await hub.db(store.create_game, new, links)
        hub.metrics.games_created.inc()
        if clock is not None:
            live = await hub.get(game_id)
            if live is not None:
                live.deadline = hub.clock.deadline(live, live.game)
                await hub.db(store.set_deadline, game_id, 0, live.deadline)
        page = f"{base}/g/{game_id}"
        live = await hub.get(game_id)
        out: dict[str, Any] = {
            "game": game_id,
            # The seed is never sent (it is the whole deck); only whether someone may know it.
            "secret_deck": secret,
            "spectator_chat": spectator_chat,
            "clock": clock,
            "wakhan_variants": list(chosen),
            # What the game does: hints chosen at creation, and always in a practice game (one person against
            # bots only), as every page's state says.
            "hints": live.hints_on() if live is not None else hints,
            "analysis": {"what_if": bool(origin.get("what_if")), "at": origin.get("at")} if origin else None,
            "creator": {"token": links[0][0], "url": f"{page}#{links[0][0]}"},
            "spectator": {"token": links[1][0], "url": f"{page}#{links[1][0]}"},
            "seats": [],
        }
        by_seat = {s: t for t, role, s in links if role == "seat"}
        for r in seat_rows:
            entry: dict[str, Any] = {"seat": r.seat, "kind": r.kind, "name": r.name}
            if r.seat in by_seat:
                entry["token"] = by_seat[r.seat]
                entry["url"] = f"{page}#{by_seat[r.seat]}"
            out["seats"].append(entry)
        if live is not None:
            hub.kick_bots(live)
        return out

    async def api_state(request: Request) -> Response:
        try:
            live, role, seat = await authorise(request)
            await hub.sync(live)
        except ClientError as exc:
            return error_response(exc)
        message = hub.state_message(live, role, seat, 0, current_language())
        if role == "creator" and live.game.is_over:
            # A hash of the whole hidden state would confirm a guess at the deck: given once the game is over.
            message["state_hash"] = live.game.state_hash()
        return JSONResponse(message)

    async def api_move(request: Request) -> Response:
        try:
            live, role, seat = await authorise(request)
            msg = checks.fields(await read_json(request), MESSAGE_FIELDS["move"], N_("a move"), "bad_message")
            seq = await hub.submit(live, role, seat, msg, token_hash=hash_token(bearer(request)))
        except ClientError as exc:
            return error_response(exc)
        return JSONResponse({"ok": True, "seq": seq})

    async def api_seat(request: Request) -> Response:
        try:
            live, role, seat = await authorise(request)
            msg = await read_json(request)
            await set_seat(live, role, seat, msg)
        except ClientError as exc:
            return error_response(exc)
        return JSONResponse({"ok": True})

    async def set_seat(live: LiveGame, role: str, seat: int | None, msg: Any) -> None:
        if role != "seat" or seat is None:
            raise ClientError("forbidden", N_("only a player's own link may change their name or webhook"))
        msg = checks.fields(msg, ("type", "name", "webhook"), N_("a seat's settings"), "bad_message")
        name = msg.get("name")
        webhook = msg.get("webhook", "")
        if name is not None:
            name = checks.display_name(name)
        if webhook is not None and not isinstance(webhook, str):
            raise ClientError("bad_webhook", N_("a webhook is a URL string, or null to remove it"))
        await hub.update_seat(live, seat, name, webhook or None, "webhook" in msg and not webhook)

    async def api_links(request: Request) -> Response:
        """The creator issues a new link for a seat (``{"seat": n}``) or the spectators; the old one stops."""
        try:
            live, role, _seat = await authorise(request)
            if role != "creator":
                raise ClientError("forbidden", N_("only the game's creator may issue links"))
            msg = checks.fields(await read_json(request), ("seat",), N_("a new link ({} for the spectators)"))
            target = msg.get("seat")
            if target is not None and (not isinstance(target, int) or isinstance(target, bool)
                                       or not 0 <= target < len(live.seats) or live.seats[target].kind != bots.HUMAN):
                raise ClientError("bad_request", N_("'seat' must be a human seat's number (0-based)"))
            token = new_token()
            old = await hub.db(store.replace_token, live.id, "seat" if target is not None else "spectator", target,
                               token)
            hub.revoke(live.id, set(old))  # pages open with the old link close now (other processes: NOTIFY)
        except ClientError as exc:
            return error_response(exc)
        base = str(request.base_url).rstrip("/")
        return JSONResponse({"seat": target, "token": token, "url": f"{base}/g/{live.id}#{token}"})

    async def api_record(request: Request) -> Response:
        try:
            live, _role, _seat = await authorise(request)
            await hub.sync(live)
            if not live.game.is_over:
                raise ClientError("not_over", N_("the record (which reveals the deck) is published when the game ends"))
        except ClientError as exc:
            return error_response(exc)
        return JSONResponse({"record": live.game.record(), "state_hash": live.game.state_hash()})

    async def api_chat(request: Request) -> Response:
        """``GET``: the game's whole chat; ``POST {"text": ...}``: say something (a seat, or a spectator where the
        game allows it)."""
        try:
            live, role, seat = await authorise(request)
            if request.method == "POST":
                msg = checks.fields(await read_json(request), ("text",), N_("a chat message"), "bad_message")
                row = await hub.talk.say(live, role, seat, msg.get("text"))
                return JSONResponse(row.message(), status_code=201)
            chat = await hub.talk.of(live)
        except ClientError as exc:
            return error_response(exc)
        return JSONResponse({"messages": [m.message() for m in chat]})

    async def api_seat_player(request: Request) -> Response:
        """The creator hands an absent person's seat to a bot (``{"played_by": "heuristic"}``) or gives it back
        (``{"played_by": null}``)."""
        try:
            live, role, _seat = await authorise(request)
            if role != "creator":
                raise ClientError("forbidden", N_("only the game's creator may hand a seat to a bot"))
            raw = request.path_params["seat"]
            seat = int(raw) if checks.DIGITS.fullmatch(raw) else -1
            # (not named msg: that is a message keyword of the catalog extraction, and msg["..."] confuses it)
            body = checks.fields(await read_json(request), ("played_by",), N_("a seat's player"))
            if "played_by" not in body:
                raise ClientError("bad_request", N_("say which bot plays the seat, or null to give it back"))
            bot = body["played_by"]
            if bot is not None and not isinstance(bot, str):
                raise ClientError("bad_request", N_("the bot must be one of {kinds}"), kinds=", ".join(bots.BOTS))
            await hub.hand_over(live, seat, bot)
        except ClientError as exc:
            return error_response(exc)
        return JSONResponse({"ok": True, "seat": seat, "played_by": bot})

    async def api_rematch(request: Request) -> Response:
        """A finished game's rematch: the same seats and options, a new deal. Made once, by whoever asks first;
        each link of the old game gets its own new link to it (its earlier one, if any, stops working)."""
        try:
            live, role, seat = await authorise(request)
            if not live.game.is_over:
                raise ClientError("not_over", N_("a rematch can be made once the game is over"))
            async with rematch_lock:
                row = await hub.db(store.load_game, live.id)
                rematch = row.rematch if row is not None else None
                if rematch is None:
                    spec: dict[str, Any] = {
                        "seats": [{"kind": s.kind, "name": s.name} for s in live.seats],
                        "open_hands": bool(live.game.options.get("open_hands")), "bot_delay": live.bot_delay,
                        "wakhan_variants": list(live.game.options.get("wakhan_variants") or []),
                        "spectator_chat": live.spectator_chat, "clock": live.clock, "hints": live.hints,
                    }
                    if live.position is not None:  # an analysis game's rematch starts from the same position
                        spec.pop("open_hands"), spec.pop("wakhan_variants")
                    made = await create_game(spec, "", live.position, live.origin)
                    rematch = await hub.db(store.set_rematch, live.id, made["game"])
                    live.rematch = rematch
                    live.version += 1
                    hub.broadcast(live)  # every page hears of it, and asks for its own link
            token = new_token()
            old = await hub.db(store.replace_token, rematch, role, seat, token)
            hub.revoke(rematch, set(old))
        except ClientError as exc:
            return error_response(exc)
        base = str(request.base_url).rstrip("/")
        return JSONResponse({"game": rematch, "role": role, "seat": seat, "token": token,
                             "url": f"{base}/g/{rematch}#{token}"})

    async def api_analysis(request: Request) -> Response:
        """A new game from decision ``at`` of this one (the analysis board, :mod:`.analysis`): the true position
        once the game is over, else a "what if" dealt from what this link sees (a seat: its own view; others:
        the public view). Its seats, options and links are its own."""
        try:
            live, role, seat = await authorise(request)
            await hub.sync(live)
            body = checks.fields(await read_json(request), ANALYSIS_FIELDS, N_("a game from a position"))
            at = checks.whole_number(body.get("at", live.seq), "at", 0, live.seq)
            open_hands = body.get("open_hands")
            if open_hands is not None and not isinstance(open_hands, bool):
                raise ClientError("bad_request", N_("'open_hands' is true or false"))
            seed = body.get("seed")
            drawn = secrets.randbits(SEED_BITS) if seed is None else checks.whole_number(seed, "seed", 0,
                                                                                           2**SEED_BITS - 1)
            over = live.game.is_over  # read once: what this link may know now
            viewer = seat if role == "seat" else None
            spec = {k: v for k, v in body.items() if k not in ("at", "open_hands")}
            if not isinstance(spec.get("seats"), list) or len(spec["seats"]) != live.game.n:
                raise ClientError("bad_request", N_("'seats' must list the position's {n} seats"), n=live.game.n)
            rows = await hub.db(store.decisions_from, live.id, 0)
            decisions = [(r.kind, r.seat, r.option, r.reason_data if r.reason_data is not None else r.reason)
                         for r in rows[:at]]
            opts = live.game.options
            options = {"open_hands": bool(opts.get("open_hands")), "wakhan": live.game.wakhan >= 0,
                       "wakhan_variants": list(opts.get("wakhan_variants") or ())}
            try:
                position = await hub.workers.run(analysis.start_position, live.game.n, live.seed, options,
                                                 live.position, decisions, at, viewer, over, drawn, open_hands)
            except ValueError as exc:
                if str(exc) == "over":
                    raise ClientError("bad_request", N_("the game is over at that step: choose an earlier one")) \
                        from None
                raise ClientError("bad_request", "{error}", error=str(exc)) from None
            except Exception:  # a fault of ours (logged): the request is refused, the server goes on
                log.exception("game %s: no game could be started from step %d", live.id, at)
                raise ClientError("bad_request", N_("no game could be started from that step")) from None
            origin = {"what_if": not over, "from": live.id, "at": at, "seat": viewer}
            created = await create_game(spec, str(request.base_url).rstrip("/"), position, origin, drawn)
        except ClientError as exc:
            return error_response(exc)
        return JSONResponse(created, status_code=201)

    async def api_status(request: Request) -> Response:
        """Where each of the games this browser holds links for stands (``{"links": [{"game", "token"}]}``, up to
        50): whose turn, whether it is yours, how many decisions and chat lines. A link that opens nothing is
        answered with its error; nothing is said about any other game."""
        try:
            msg = checks.fields(await read_json(request), ("links",), N_("a status request"))
            links = msg.get("links")
            if not isinstance(links, list) or len(links) > MAX_STATUS:
                raise ClientError("bad_request", N_("'links' lists up to {n} links"), n=MAX_STATUS)
            answers = []
            for link in links:
                link = checks.fields(link, ("game", "token"), N_("a link"))
                game_id = link.get("game")
                try:
                    if not isinstance(game_id, str):
                        raise ClientError("unknown_game", N_("there is no such game"))
                    live, role, seat = await resolve(game_id, link.get("token"))
                    await hub.sync(live)
                except ClientError as exc:
                    answers.append({"game": game_id if isinstance(game_id, str) else None, "error": exc.code})
                    continue
                state = hub.state_message(live, role, seat, len(live.texts), current_language(), False)
                answers.append({key: state[key] for key in ("game", "seq", "role", "seat", "to_move", "over",
                                                           "winners", "title", "rematch")}
                               | {"your_turn": state["decision"] is not None,
                                  "chat": len(await hub.talk.of(live))})
        except ClientError as exc:
            return error_response(exc)
        return JSONResponse({"games": answers})

    async def api_tutorial(request: Request) -> Response:
        """The guided first game (issue 36): ``GET`` its steps and guided path, ``POST`` ``{}`` (or
        ``{"bot_delay": seconds}``) a new game of its fixed deal against Wakhan, answered as a new game is."""
        if request.method == "GET":
            return JSONResponse(tutorial.tutorial_data())
        try:
            spec = checks.fields(await read_json(request), ("bot_delay",), N_("a guided game"))
            created = await create_game({"seats": list(tutorial.SEATS), "seed": tutorial.SEED,
                                         "bot_delay": spec.get("bot_delay", tutorial.BOT_DELAY)},
                                        str(request.base_url).rstrip("/"))
        except ClientError as exc:
            return error_response(exc)
        return JSONResponse(created, status_code=201)

    async def api_kinds(_request: Request) -> Response:
        return JSONResponse({"kinds": {kind: _(text) for kind, text in bots.seat_kinds().items()}})

    async def api_i18n(request: Request) -> Response:
        """The browser pages' catalog of a language: msgid -> translation (plural messages: a list of forms by
        the catalog's plural rule), with that rule as a JavaScript expression of ``n``."""
        code = request.path_params["lang"]
        try:
            check_language(code)
        except UnknownLanguage as exc:
            return JSONResponse({"error": "unknown_language", "message": str(exc)}, status_code=404)
        return JSONResponse(
            {"lang": code, "name": LANGUAGE_NAMES[code], "plural": plural_expression(code),
             "messages": domain_messages(code, "web")},
            headers={"Cache-Control": "no-cache"},
        )

    async def healthz(_request: Request) -> Response:
        return JSONResponse({"ok": True, "games_in_memory": len(hub.live)})

    async def metrics(_request: Request) -> Response:
        return Response(hub.metrics.text(), media_type=CONTENT_TYPE_LATEST)

    async def lobby(_request: Request) -> Response:
        return FileResponse(STATIC / "lobby.html")

    async def game_page(_request: Request) -> Response:
        return FileResponse(STATIC / "game.html")

    async def rules_page(_request: Request) -> Response:
        return FileResponse(STATIC / "rules.html")

    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        game_id = ws.path_params["game_id"]
        conn: Conn | None = None
        live: LiveGame | None = None
        try:
            try:
                first = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
            except (TimeoutError, KeyError):
                await _refuse(ws, ClientError(
                    "bad_message", N_("send {example} first"), example='{"type": "hello", "token": ...}'
                ))
                return
            try:
                hello = checks.parse_json(first) if len(first) <= MAX_MESSAGE else None
                if not isinstance(hello, dict) or hello.get("type") != "hello":
                    raise ClientError("bad_message", N_("the first message must be {example}"),
                                      example='{"type": "hello", "token": ...}')
                hello = checks.fields(hello, ("type", "token", "lang", "model"), N_("the hello message"),
                                      "bad_message")
                if not isinstance(hello.get("model", True), bool):
                    raise ClientError("bad_message", N_("'model' is true or false"))
                live, role, seat = await resolve(game_id, hello.get("token"))
            except ClientError as exc:
                await _refuse(ws, exc)
                return
            lang = hello.get("lang", current_language())
            if not isinstance(lang, str) or lang not in LANGUAGES:
                await _refuse(ws, ClientError("bad_language", N_("unknown language {lang}: choose one of {languages}"),
                                              lang=repr(lang), languages=", ".join(LANGUAGES)))
                return
            conn = Conn(role, seat, hash_token(hello["token"]), hello.get("model", True), lang)
            writer = asyncio.create_task(_writer(ws, conn))
            try:
                await hub.attach(live, conn)
                await _reader(ws, conn, live)
            finally:
                hub.detach(live, conn)
                with contextlib.suppress(Exception):
                    await writer
        except WebSocketDisconnect:
            pass

    async def _reader(ws: WebSocket, conn: Conn, live: LiveGame) -> None:
        while not conn.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect" or conn.closed:  # closed: e.g. its link was replaced
                return
            hub.metrics.websocket_messages.inc()
            raw = message.get("text")
            if raw is None:
                raw = (message.get("bytes") or b"").decode("utf-8", "replace")
            if not conn.allow():
                if conn.refused == 1:
                    conn.send({"type": "error", "code": "rate_limited",
                               "message": "too many messages: slow down (messages are ignored meanwhile)",
                               "seq": live.seq})
                if conn.refused >= MAX_REFUSED:
                    conn.close(1008, "flooding")
                    return
                continue
            try:
                await handle(conn, live, raw)
            except ClientError as exc:
                with language(conn.lang):
                    conn.send({"type": "error", "code": exc.code, "message": exc.message, "seq": live.seq})
                if exc.code == "stale_seq":
                    hub.send_state(live, conn)
            except Exception:  # a fault of ours: the page hears of it, the socket and the game go on
                log.exception("game %s: a message could not be handled", live.id)
                with language(conn.lang):
                    conn.send({"type": "error", "code": "internal", "seq": live.seq,
                               "message": _("the server could not handle that message (nothing changed)")})
            await asyncio.sleep(0)  # let the writer and other pages through

    async def handle(conn: Conn, live: LiveGame, raw: str) -> None:
        if len(raw) > MAX_MESSAGE:
            raise ClientError("too_large", N_("messages are limited to {limit} characters"), limit=MAX_MESSAGE)
        msg = checks.parse_json(raw)
        if not isinstance(msg, dict):
            raise ClientError("bad_message", N_("a message is a JSON object"))
        kind = msg.get("type", "move" if "option" in msg else None)
        if not isinstance(kind, str) or kind not in MESSAGE_FIELDS:
            raise ClientError("bad_message", N_("unknown message type {kind} ({kinds})"), kind=repr(kind),
                              kinds=", ".join(MESSAGE_FIELDS))
        msg = checks.fields(msg, MESSAGE_FIELDS[kind], N_("this message"), "bad_message")
        if kind in ("move", "undo"):
            await hub.submit(live, conn.role, conn.seat, {**msg, "type": kind}, conn)
        elif kind == "ping":
            conn.send({"type": "pong", "seq": live.seq})
        elif kind == "state":
            hub.send_state(live, conn)
        elif kind == "seat":
            await set_seat(live, conn.role, conn.seat, msg)
        elif kind == "chat":
            await hub.talk.say(live, conn.role, conn.seat, msg.get("text"), conn, wait=False)
        elif kind == "lang":
            lang = msg.get("lang")
            if not isinstance(lang, str) or lang not in LANGUAGES:
                raise ClientError("bad_language", N_("unknown language {lang}: choose one of {languages}"),
                                  lang=repr(lang), languages=", ".join(LANGUAGES))
            conn.lang = lang
            conn.epoch = -1  # the whole log again, in the new language
            hub.send_state(live, conn)

    routes = [
        Route("/", lobby),
        Route("/g/{game_id}", game_page),
        Route("/rules", rules_page),
        Route("/api/tutorial", api_tutorial, methods=["GET", "POST"]),
        Route("/healthz", healthz),
        Route("/metrics", metrics),
        Route("/api/kinds", api_kinds),
        Route("/api/i18n/{lang}", api_i18n),
        Route("/api/games", api_create, methods=["POST"]),
        Route("/api/games/{game_id}", api_state),
        Route("/api/games/{game_id}/moves", api_move, methods=["POST"]),
        Route("/api/games/{game_id}/seat", api_seat, methods=["POST"]),
        Route("/api/games/{game_id}/links", api_links, methods=["POST"]),
        Route("/api/games/{game_id}/record", api_record),
        Route("/api/games/{game_id}/chat", api_chat, methods=["GET", "POST"]),
        Route("/api/games/{game_id}/seats/{seat}", api_seat_player, methods=["POST"]),
        Route("/api/games/{game_id}/rematch", api_rematch, methods=["POST"]),
        Route("/api/games/{game_id}/analysis", api_analysis, methods=["POST"]),
        Route("/api/status", api_status, methods=["POST"]),
        WebSocketRoute("/ws/{game_id}", websocket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    routes[-1:-1] = board_api.ROUTES  # the browser board's read-only JSON (model, replay, stats, cards)
    routes[-1:-1] = review_jobs.ROUTES  # game review and hints (issue 35)
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(HTTPCounter, metrics=hub.metrics), Middleware(LanguageMiddleware)])
    app.state.hub = hub
    return app


#: The fields of a new game's request, the shortest and longest clock (seconds a person has for a decision:
#: a minute to a week), and how many links one status request may ask about.
GAME_FIELDS = ("seats", "seed", "open_hands", "bot_delay", "wakhan_variants", "spectator_chat", "clock", "hints")
#: The fields of a request for a game from a position (the analysis board): the new game's, and ``at``.
ANALYSIS_FIELDS = ("at", "seats", "seed", "open_hands", "bot_delay", "spectator_chat", "clock", "hints")
MIN_CLOCK = 60
MAX_CLOCK = 7 * 24 * 3600
MAX_STATUS = 50

#: The fields of each message a page may send (docs/server-protocol.md).
MESSAGE_FIELDS: dict[str, tuple[str, ...]] = {
    "move": ("type", "seq", "option"),
    "undo": ("type", "seq"),
    "seat": ("type", "name", "webhook"),
    "chat": ("type", "text"),
    "state": ("type",),
    "lang": ("type", "lang"),
    "ping": ("type",),
}


async def _refuse(ws: WebSocket, exc: ClientError) -> None:
    codes = {"unauthorized": 4401, "forbidden": 4403, "unknown_game": 4404}
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "code": exc.code, "message": exc.message}))
        await ws.close(codes.get(exc.code, 4400), exc.code)


async def _writer(ws: WebSocket, conn: Conn) -> None:
    while True:
        text = await conn.queue.get()
        if text is None:
            break
        try:
            await ws.send_text(text)
        except Exception:
            conn.closed = True
            break
    with contextlib.suppress(Exception):
        await ws.close(conn.close_code, conn.close_reason)
