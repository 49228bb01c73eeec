"""Start uvicorn with the server application."""

from __future__ import annotations

import importlib.util
from typing import TextIO

from .store import database_url


def serve(host: str, port: int, database: str | None, public_url: str | None, log_level: str, out: TextIO,
          err: TextIO, allow_private_webhooks: bool = False, workers: int | None = None,
          forwarded_allow_ips: str = "127.0.0.1") -> int:
    try:
        import uvicorn

        from .app import create_app
        from .logsafe import log_config
        from .wsprotocol import protocol
    except ImportError as exc:
        print(f"pamir serve: error: {exc.name} is missing; install the extra: pip install 'paxpamir[server]'",
              file=err)
        return 1
    url = database_url(database)
    if url.startswith("postgresql") and importlib.util.find_spec("psycopg") is None:
        print("pamir serve: error: psycopg is missing, which a PostgreSQL database needs; install the extra: "
              "pip install 'paxpamir[server,postgres]'", file=err)
        return 1
    shown = url.split("@")[-1] if "@" in url else url
    public = public_url or f"http://{host}:{port}"
    app = create_app(url, public, allow_private_webhooks, workers)
    print(f"pamir serve: {public}/ (database {shown})", file=out, flush=True)
    from .. import engine_notice

    notice = engine_notice()
    if notice is not None:  # a server whose bots think several times slower says so
        print(notice, file=out, flush=True)
    if allow_private_webhooks:
        print("pamir serve: --allow-private-webhooks: webhooks may point at loopback and private network addresses "
              "(only for a server on a trusted home or office network)", file=out, flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        log_config=log_config(log_level),  # every handler redacts tokens and websocket payloads
        # Behind a TLS proxy: its X-Forwarded-Proto/-For are trusted from these addresses only, so that links
        # say https and the access log names the player's address (docs/deploy.md).
        proxy_headers=True,
        forwarded_allow_ips=forwarded_allow_ips,
        ws=protocol(),  # uvicorn's websockets, reading on while a few messages wait (wsprotocol.py)
        ws_max_size=1 << 20,  # beyond this uvicorn closes the socket (1009); the app refuses over 16 KiB itself
        ws_per_message_deflate=False,  # small JSON messages: compression costs more CPU than it saves
        ws_ping_interval=20,
        ws_ping_timeout=30,
        timeout_graceful_shutdown=3,
    )
    return 0
