"""``pamir serve`` and ``pamir loadtest``: argparse registration only; the server is imported when run."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from .loadtest import ProgressFactory

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def register(subparsers: Any, progress: ProgressFactory | None = None) -> None:
    """Add ``pamir serve`` and ``pamir loadtest``; ``progress`` makes the load test's progress display."""
    p = subparsers.add_parser(
        "serve",
        help="run the online-play server (browser pages, JSON API, websockets)",
        description="Serve Pax Pamir games to browsers. Needs the 'server' extra: pip install 'paxpamir[server]'.",
    )
    p.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument(
        "--database",
        metavar="PATH|URL",
        help="SQLite file or database URL such as postgresql://user@host/db "
        "(default: $PAXPAMIR_HOME/server.sqlite3 or ~/.paxpamir/server.sqlite3)",
    )
    p.add_argument("--public-url", metavar="URL", help="the address players use, for links in notifications")
    p.add_argument("--log-level", default="warning", help="uvicorn log level (default warning); tokens and "
                   "websocket payloads never reach the log at any level")
    p.add_argument(
        "--allow-private-webhooks",
        action="store_true",
        help="let webhooks point at loopback and private network addresses (a server on a trusted LAN only)",
    )
    p.add_argument("--open", action="store_true", help="open the lobby in your web browser once the server is up")
    p.add_argument("--workers", type=_positive, metavar="N",
                   help="processes the bots and Wakhan think in, off the server's event loop (default: one per core)")
    p.add_argument("--forwarded-allow-ips", default="127.0.0.1", metavar="IPS",
                   help="addresses of the proxies whose X-Forwarded-* headers are trusted, comma-separated, or * "
                   "(default 127.0.0.1; see docs/deploy.md)")
    p.set_defaults(run=cmd_serve)

    q = subparsers.add_parser(
        "loadtest",
        help="play many concurrent bot games over websockets against a server; print moves/s and latency",
    )
    q.add_argument("--url", help="a running server (default: start one on a temporary SQLite file)")
    q.add_argument("--database", metavar="PATH|URL", help="with no --url: the database of the server started")
    q.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    q.add_argument("--players", type=int, default=3, help="seats per game, all played by bot clients (default 3)")
    q.add_argument("--seconds", type=float, default=30.0, help="how long to measure (default 30)")
    q.add_argument(
        "--think", type=float, default=1.0, help="mean pause of a bot client before each move, seconds (default 1)"
    )
    q.add_argument("--warmup", type=float, default=5.0, help="seconds played before measuring (default 5)")
    q.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    q.add_argument("--processes", type=int, default=1, metavar="N",
                   help="with no --url: start N server processes on the one database (PostgreSQL) and spread "
                   "each game's seats over them (default 1)")
    q.add_argument("--chat", type=float, default=0.0, metavar="R",
                   help="chat lines a second said at each table, shared among its seats (default 0)")
    q.add_argument("--pages", action="store_true",
                   help="clients also fetch what a browser page needs after each move (the view model)")
    q.set_defaults(run=cmd_loadtest, progress=progress)


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not {text!r}")
    return int(text)


def cmd_serve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .run import serve

    if getattr(args, "open", False):
        from .browser import open_when_ready

        host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
        open_when_ready(f"http://{host}:{args.port}/", out=out)
    return serve(args.host, args.port, args.database, args.public_url, args.log_level, out, err,
                 args.allow_private_webhooks, args.workers, args.forwarded_allow_ips)


def cmd_loadtest(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .loadtest import main

    return main(args, out, err, getattr(args, "progress", None))
