"""``pamir serve --open``: open the lobby in the default web browser once the server answers."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
import urllib.request
import webbrowser


def has_display() -> bool:
    """A graphical browser can be shown: macOS, Windows, or a Linux/BSD desktop session (X11 or Wayland)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


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
        if not has_display():
            return  # no graphical browser here (a text browser would take over the terminal): the address is printed
        with contextlib.suppress(Exception):
            webbrowser.open(url)

    thread = threading.Thread(target=run, name="open-browser", daemon=True)
    thread.start()
    return thread
