"""Helpers for the server tests: real ``pamir serve`` processes, real websocket and HTTP clients."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 20.0

#: Debian's Chromium, driven by Playwright for Python (no browser is downloaded).
CHROMIUM = Path("/usr/bin/chromium")
#: ``PAMIR_TEST_BROWSER=1`` (CI) requires the browser tests to run: a missing Chromium then fails them.
BROWSER_WANTED = os.environ.get("PAMIR_TEST_BROWSER") == "1"
BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium (a Playwright ``Browser``) for the length of the ``with`` block."""
    assert CHROMIUM.exists(), "PAMIR_TEST_BROWSER=1 but /usr/bin/chromium is missing: apt-get install chromium"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        try:
            yield b
        finally:
            b.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A ``pamir serve`` subprocess on a free port; :meth:`kill` sends SIGKILL, :meth:`stop` ends it politely."""

    def __init__(self, database: str, port: int | None = None, home: Path | None = None, wait: bool = True,
                 args: tuple[str, ...] = (), log: Path | None = None, env: dict[str, str] | None = None) -> None:
        """``args``: more ``pamir serve`` arguments; ``log``: a file that gets everything the server prints
        (without it, a temporary file of its own, removed by :meth:`stop` after its last lines are printed for a
        failed test's report: a pipe nobody reads would stop the server once it filled); ``env``: more
        environment variables for the server (this process's own stay as they are)."""
        self.database = database
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        server_env = {**os.environ, **(env or {})}
        if home is not None:
            server_env["PAXPAMIR_HOME"] = str(home)
        self.own_log = log is None
        if log is None:
            handle, name = tempfile.mkstemp(prefix="pamir-serve-", suffix=".log")
            os.close(handle)
            log = Path(name)
        self.log = log
        output = log.open("w", encoding="utf-8")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "paxpamir", "serve", "--port", str(self.port), "--database", database, *args],
            cwd=ROOT,
            env=server_env,
            stdout=output,
            stderr=subprocess.STDOUT,
            text=True,
        )
        output.close()
        if wait:
            self.wait_ready()

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 30
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"pamir serve exited: {self.output()}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError("pamir serve did not start within 30 s")
            time.sleep(0.1)

    def output(self) -> str:
        """Everything the server printed so far."""
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.own_log:  # its last lines go to the test's captured output (shown when the test failed)
            tail = self.output().splitlines()[-40:]
            if tail:
                print("pamir serve printed (last lines):", *tail, sep="\n")
            self.log.unlink(missing_ok=True)

    def create(self, seats: list[Any], seed: int | None = 1, **extra: Any) -> dict[str, Any]:
        spec: dict[str, Any] = {"seats": seats, "bot_delay": 0, **extra}
        if seed is not None:
            spec["seed"] = seed
        r = httpx.post(self.url + "/api/games", json=spec, timeout=TIMEOUT)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def state(self, game: str, token: str) -> dict[str, Any]:
        r = httpx.get(f"{self.url}/api/games/{game}", headers={"Authorization": f"Bearer {token}"}, timeout=TIMEOUT)
        assert r.status_code == 200, r.text
        return dict(r.json())


@dataclass
class Client:
    """One page: a websocket that has said hello with a token; keeps every message it received."""

    ws: Any
    received: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    state: dict[str, Any] | None = None

    @classmethod
    async def open(cls, ws_url: str, game: str, token: str | None) -> Client:
        ws = await websockets.connect(f"{ws_url}/ws/{game}", max_size=None)
        client = cls(ws)
        await client.send({"type": "hello", "token": token})
        return client

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        self.raw.append(text)
        message = dict(json.loads(text))
        self.received.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    async def until(self, kind: str, timeout: float = TIMEOUT, **fields: Any) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            m = await self.recv(max(0.01, deadline - time.monotonic()))
            if m["type"] == kind and all(m.get(k) == v for k, v in fields.items()):
                return m

    async def until_seq(self, seq: int, timeout: float = TIMEOUT) -> dict[str, Any]:
        if self.state is not None and self.state["seq"] >= seq:
            return self.state
        deadline = time.monotonic() + timeout
        while True:
            m = await self.recv(max(0.01, deadline - time.monotonic()))
            if m["type"] == "state" and m["seq"] >= seq:
                return m

    async def close(self) -> None:
        await self.ws.close()


async def play_with_clients(
    ws_urls: list[str], created: dict[str, Any], seed: int, max_moves: int | None = None
) -> dict[int, Client]:
    """Play the human seats of ``created`` with random bot clients until the game ends (or ``max_moves``).

    Seat i connects to ``ws_urls[i % len(ws_urls)]``. Returns the clients (closed) with every message.
    """
    game = created["game"]
    rng = random.Random(seed)
    clients: dict[int, Client] = {}
    for s in created["seats"]:
        if "token" in s:
            clients[s["seat"]] = await Client.open(ws_urls[s["seat"] % len(ws_urls)], game, s["token"])
    moves = 0

    async def run(seat: int, client: Client) -> None:
        """Until this page sees the game end (or ``max_moves`` decisions are made)."""
        nonlocal moves
        answered = -1
        while True:
            m = await client.recv(60)
            if m["type"] == "error":
                raise AssertionError(f"seat {seat} got an error: {m}")
            if m["type"] != "state":
                continue
            if m["over"] or (max_moves is not None and moves >= max_moves):
                return
            d = m["decision"]
            if d is not None and m["seq"] > answered:
                answered = m["seq"]
                option = d["options"][rng.randrange(len(d["options"]))]["option"]
                moves += 1
                await client.send({"type": "move", "seq": m["seq"], "option": option})

    try:
        await asyncio.wait_for(asyncio.gather(*(run(s, c) for s, c in clients.items())), 300)
    finally:
        for c in clients.values():
            await c.close()
    return clients


def wait_for(check: Any, seconds: float = 30.0) -> Any:
    """Poll ``check()`` (every 50 ms) until it is truthy or ``seconds`` have passed; its last value."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def bearer(token: str) -> dict[str, str]:
    """The header that sends a link's token."""
    return {"Authorization": f"Bearer {token}"}


class _Hook(BaseHTTPRequestHandler):
    """A webhook receiver's handler: keeps each request's path, Host header and JSON body; answers ``status``."""

    seen: list[tuple[str, str, dict[str, Any]]]
    status = 204
    location = ""

    def do_POST(self) -> None:  # noqa: N802 (the http.server API)
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.seen.append((self.path, self.headers["Host"], json.loads(body)))
        self.send_response(self.status)
        if self.location:
            self.send_header("Location", self.location)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


class WebhookReceiver:
    """A local HTTP server that webhooks are sent to (a server started with --allow-private-webhooks may call
    it): ``seen`` holds ``(path, host, body)`` of each; ``bodies()`` the bodies. Use it as a context manager."""

    def __init__(self, status: int = 204, location: str = "") -> None:
        self.seen: list[tuple[str, str, dict[str, Any]]] = []
        handler = type("Hook", (_Hook,), {"seen": self.seen, "status": status, "location": location})
        self.httpd = HTTPServer(("127.0.0.1", 0), handler)
        self.port = int(self.httpd.server_address[1])
        self.url = f"http://127.0.0.1:{self.port}/hook"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def bodies(self) -> list[dict[str, Any]]:
        return [body for _path, _host, body in self.seen]

    def wait_for(self, text: str, seconds: float = 5.0) -> list[dict[str, Any]]:
        """The bodies whose ``content`` holds ``text``, once there is one (or after ``seconds``)."""
        deadline = time.monotonic() + seconds
        while True:
            found = [b for b in self.bodies() if text in str(b.get("content", ""))]
            if found or time.monotonic() > deadline:
                return found
            time.sleep(0.05)

    def __enter__(self) -> WebhookReceiver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.httpd.shutdown()


@contextmanager
def pg_schema(base: str, prefix: str = "pamir_test_") -> Iterator[str]:
    """A PostgreSQL URL (from ``base``, e.g. PAMIR_TEST_POSTGRES) whose tables live in a new schema of their own,
    dropped afterwards."""
    import secrets

    import psycopg

    schema = prefix + secrets.token_hex(6)
    with psycopg.connect(base, autocommit=True, connect_timeout=10) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield base + ("&" if "?" in base else "?") + f"options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(base, autocommit=True, connect_timeout=10) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def add_two_seat_games(store: Any, names: tuple[str, ...]) -> None:
    """Store a new 2-player game (seed 7; Ann and Bea, both people) under each name, with links "<name>-seat-0"
    and "<name>-seat-1": what store-level tests write chat lines and moves into."""
    from paxpamir import Game
    from paxpamir.server.store import GameRow, SeatRow

    game = Game.new(2, 7)
    seats = [SeatRow(0, "human", "Ann", None), SeatRow(1, "human", "Bea", None)]
    for name in names:
        store.create_game(GameRow(name, 2, 7, False, False, 0.0, 0, game.current_player, False, game.state_hash(),
                                  seats), [(f"{name}-seat-0", "seat", 0), (f"{name}-seat-1", "seat", 1)])
