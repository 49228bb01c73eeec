"""``pamir serve --open``: open the lobby in the default web browser once the server answers."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
import urllib.request
import webbrowser
from typing import TextIO


def has_display() -> bool:
    """A graphical browser can be shown: macOS, Windows, or a Linux/BSD desktop session (X11 or Wayland)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_when_ready(url: str, timeout: float = 20.0, out: TextIO | None = None) -> threading.Thread:
    """Start a daemon thread that waits for ``url`` + ``healthz`` to answer, then opens ``url`` in a browser; where
    none can be opened (no desktop, or the browser refused), it says so on ``out``, with the address to open."""

    def say(text: str) -> None:
        if out is not None:
            print(f"pamir serve: --open: {text}; open {url} in a browser yourself", file=out, flush=True)

    def run() -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url + "healthz", timeout=1):  # noqa: S310 - our own local server
                    break
            except OSError:
                time.sleep(0.2)
        if not has_display():
            # No graphical browser here (a text browser would take over the terminal).
            say("no desktop (no DISPLAY or WAYLAND_DISPLAY) to open a browser on")
            return
        opened = False
        with contextlib.suppress(Exception):
            opened = webbrowser.open(url)
        if not opened:
            say("no web browser could be started")

    thread = threading.Thread(target=run, name="open-browser", daemon=True)
    thread.start()
    return thread
