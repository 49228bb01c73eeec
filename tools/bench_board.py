"""How long the browser board takes to apply a state update (issue 31): from the websocket message's arrival to
the table drawn, measured by the page's own performance marks (``pamir-update`` in ``game.js``).

    python tools/bench_board.py [--updates 150] [--width 1400 --height 900] [--players 3]

Starts ``pamir serve`` on a free port and a temporary SQLite file, creates a game of random bots (the page
watches it as a spectator, so every move of every seat is an update), opens it in Debian's Chromium
(``/usr/bin/chromium``, through Playwright for Python), and prints the median, 90th percentile and largest update
time in milliseconds. The goal: a median under 50 ms at 1400×900.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=150, help="state updates to measure")
    parser.add_argument("--players", type=int, default=3, help="random bots in the game (2 to 5)")
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--delay", type=float, default=0.15, help="the bots' pause between moves, in seconds")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        proc = subprocess.Popen([sys.executable, "-m", "paxpamir", "serve", "--port", str(port), "--database",
                                 str(Path(tmp) / "bench.sqlite3")], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, env={"PAXPAMIR_HOME": tmp, **dict(__import__("os").environ)})
        try:
            for _ in range(300):
                try:
                    if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            created = httpx.post(url + "/api/games", json={"seats": ["random"] * args.players, "seed": args.seed,
                                                            "bot_delay": args.delay}, timeout=20).json()
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page(viewport={"width": args.width, "height": args.height})
                page.goto(created["spectator"]["url"])
                deadline = time.monotonic() + max(60.0, args.updates * (args.delay + 0.5))
                times: list[float] = []
                while len(times) < args.updates and time.monotonic() < deadline:
                    page.wait_for_timeout(500)
                    times = page.evaluate("performance.getEntriesByName('pamir-update').map(e => e.duration)")
                    if page.evaluate("document.body.dataset.over") == "1":
                        break
                browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    if not times:
        print("no update was measured")
        return 1
    times = times[1:] or times  # the first drawing also builds the page
    times.sort()
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    print(f"{len(times)} state updates at {args.width}x{args.height}: median {statistics.median(times):.1f} ms, "
          f"90th percentile {p90:.1f} ms, largest {times[-1]:.1f} ms")
    return 0 if statistics.median(times) < 50 else 2


if __name__ == "__main__":
    sys.exit(main())
