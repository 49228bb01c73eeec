"""Start uvicorn with the server application."""

from __future__ import annotations

from typing import TextIO

from .store import database_url


def serve(host: str, port: int, database: str | None, public_url: str | None, log_level: str, out: TextIO,
          err: TextIO) -> int:
    try:
        import uvicorn

        from .app import create_app
    except ImportError as exc:
        print(f"pamir serve: error: {exc.name} is missing; install the extra: pip install 'paxpamir[server]'",
              file=err)
        return 1
    url = database_url(database)
    shown = url.split("@")[-1] if "@" in url else url
    public = public_url or f"http://{host}:{port}"
    app = create_app(url, public)
    print(f"pamir serve: {public}/ (database {shown})", file=out, flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=1 << 20,  # beyond this uvicorn closes the socket (1009); the app refuses over 16 KiB itself
        ws_per_message_deflate=False,  # small JSON messages: compression costs more CPU than it saves
        ws_ping_interval=20,
        ws_ping_timeout=30,
        timeout_graceful_shutdown=3,
    )
    return 0
