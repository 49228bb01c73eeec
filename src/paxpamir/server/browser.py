"""``pamir serve --open``: open the lobby in the default web browser once the server answers."""

from __future__ import annotations

import contextlib
import threading
import time
import urllib.request
import webbrowser


def open_when_ready(url: str, timeout: float = 20.0) -> threading.Thread:
    """Start a daemon thread that waits for ``url`` + ``healthz`` to answer, then opens ``url`` in a browser."""

    def run() -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url + "healthz", timeout=1):  # noqa: S310 - our own local server
                    break
            except OSError:
                time.sleep(0.2)
        with contextlib.suppress(Exception):  # no browser here: the address is printed anyway
            webbrowser.open(url)

    thread = threading.Thread(target=run, name="open-browser", daemon=True)
    thread.start()
    return thread
