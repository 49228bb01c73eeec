"""``pamir loadtest``: many concurrent games of bot clients over real websockets; moves/s and round-trip latency.

Every seat of every game is a client with its own websocket that, when the server offers it a decision, waits a
"thinking" pause (exponentially distributed around ``--think`` seconds), sends a random legal option and times
the round trip until its own new view arrives. A finished game is replaced by a new one, so ``--games`` games are
in play all along. Without ``--url`` a server is started on a temporary SQLite file (or on ``--database``).
With ``--pages`` each client also does what the browser page does with every ``state`` that carries no view
model (protocol 1, before the model came with the message): it asks ``GET /api/games/<id>/model`` for it.

The ``pamir`` command passes a progress bar (``paxpamir.clients.progress.Progress``, on standard error and only on a
terminal): starting the servers, connecting the clients, the warm-up, the measurement.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import gc
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO


class Phases(Protocol):
    """The progress the load test shows, one phase at a time."""

    def phase(self, description: str, total: float | None = None, unit: str = "") -> None: ...

    def set(self, completed: float) -> None: ...


class _Silent:
    def phase(self, description: str, total: float | None = None, unit: str = "") -> None:
        pass

    def set(self, completed: float) -> None:
        pass


#: Makes the progress display on a stream (standard error), as a context manager.
ProgressFactory = Callable[[TextIO], contextlib.AbstractContextManager[Phases]]


@dataclass
class Totals:
    measure_from: float = float("inf")  # time.perf_counter() after which moves are counted
    measure_to: float = float("inf")
    server_cpu_wait: float | None = None
    server_memory: float | None = None
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    games_finished: int = 0
    errors: int = 0
    chat_lines: int = 0
    chat_pushes: int = 0  # the chat messages the clients received (each with one line or more)
    error_codes: dict[str, int] = field(default_factory=dict)
    connections: int = 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


#: How every message of chat lines the server pushes begins (the server's compact JSON).
_CHAT_LINE = b'{"type":"chat_lines",'


class _Client(asyncio.Protocol):
    """One bot client's websocket: the websockets package's sans-I/O protocol driven straight from the event loop's
    callbacks. A message costs its parsing and little more (the package's asyncio client spends a future, a lock
    and a wake-up of its reader on each), and a push of chat lines is counted and dropped as it arrives. The load
    generator shares the machine's cores with the server it measures: what it spends is added to the round trips
    it times."""

    def __init__(self, url: str, totals: Totals) -> None:
        from websockets.client import ClientProtocol
        from websockets.uri import parse_uri

        self.ws = ClientProtocol(parse_uri(url), max_size=None)
        self.totals = totals
        self.inbox: collections.deque[bytes] = collections.deque()
        self.parts: list[bytes] = []
        self.waiter: asyncio.Future[None] | None = None
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.ws.send_request(self.ws.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        from websockets.frames import Frame, Opcode

        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if not isinstance(event, Frame):  # the handshake's response
                if not self.opened.done():
                    failed = self.ws.handshake_exc
                    if failed is None:
                        self.opened.set_result(None)
                    else:
                        self.opened.set_exception(failed)
            elif event.opcode in (Opcode.TEXT, Opcode.CONT):
                self.parts.append(bytes(event.data))
                if event.fin:
                    message = b"".join(self.parts)
                    self.parts = []
                    if message.startswith(_CHAT_LINE):  # lines said at the table: nothing to time, nothing to decode
                        self.totals.chat_pushes += 1
                    else:
                        self.inbox.append(message)
                        self._wake()
        self._flush()  # pongs, the reply to a close
        if self.ws.parser_exc is not None or self.ws.close_expected():
            self.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("the server closed the connection"))
        self._wake()

    def _wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def _flush(self) -> None:
        data = [chunk for chunk in self.ws.data_to_send() if chunk]  # b"": the end of the stream
        if data and self.transport is not None and not self.transport.is_closing():
            self.transport.write(b"".join(data))

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` as JSON text."""
        import orjson

        if self.closed:
            raise ConnectionError("the connection is closed")
        self.ws.send_text(orjson.dumps(message))
        self._flush()

    async def recv(self) -> dict[str, Any]:
        """The next message that is not a push of chat lines, decoded."""
        import orjson

        while not self.inbox:
            if self.closed:
                raise ConnectionError("the connection is closed")
            self.waiter = asyncio.get_running_loop().create_future()
            await self.waiter
        return dict(orjson.loads(self.inbox.popleft()))

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


async def _connect(url: str, totals: Totals) -> _Client:
    """A websocket to ``url`` (``ws://host:port/path``), open."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    _transport, client = await asyncio.get_running_loop().create_connection(
        lambda: _Client(url, totals), parts.hostname or "127.0.0.1", parts.port or 80)
    try:
        await asyncio.wait_for(client.opened, 60)
    except BaseException:
        client.close()
        raise
    return client


async def _chatter(ws: _Client, rate: float, rng: random.Random, totals: Totals) -> None:
    """Say a line at the table about ``rate`` times a second (exponential pauses), until cancelled."""
    while True:
        await asyncio.sleep(rng.expovariate(rate))
        ws.send({"type": "chat", "text": f"line {rng.randrange(10**6)} at the table"})
        totals.chat_lines += 1


async def _seat(ws_url: str, game: str, token: str, think: float, rng: random.Random, totals: Totals,
                deadline: float, pages: Any = None, chat: float = 0.0) -> bool:
    """Play one seat until the game ends (True) or the time is up (False); say ``chat`` lines a second."""
    ws = await _connect(f"{ws_url}/ws/{game}", totals)
    totals.connections += 1
    # A bot client needs only its decision; a client acting as a browser page takes the page's model.
    ws.send({"type": "hello", "token": token, **({} if pages is not None else {"model": False})})
    chatter = asyncio.create_task(_chatter(ws, chat, random.Random(rng.random()), totals)) if chat else None
    try:
        return await _play(ws, game, token, think, rng, totals, deadline, pages, ws_url)
    finally:
        if chatter is not None:
            chatter.cancel()
        ws.close()


async def _play(ws: _Client, game: str, token: str, think: float, rng: random.Random, totals: Totals,
                deadline: float, pages: Any, ws_url: str) -> bool:
    # One timeout for the whole game (the loop's clock is time.monotonic()), not one per message received: a
    # wait_for() a message is a task and a timer each, and chat brings 30 messages a second to every seat.
    try:
        async with asyncio.timeout_at(deadline):
            return await _moves(ws, game, token, think, rng, totals, pages, ws_url)
    except TimeoutError:
        return False


async def _moves(ws: _Client, game: str, token: str, think: float, rng: random.Random, totals: Totals, pages: Any,
                 ws_url: str) -> bool:
    sent_at: float | None = None
    sent_seq = -1
    while True:
        m = await ws.recv()  # lines said at the table never come here (_Client counts them)
        kind = m["type"]
        if kind == "error":
            totals.errors += 1
            code = str(m.get("code"))
            totals.error_codes[code] = totals.error_codes.get(code, 0) + 1
            continue
        if kind != "state":
            continue
        if pages is not None and "model" not in m:  # a page of protocol 1 fetched its view model
            http = ws_url.replace("ws", "http", 1)
            r = await pages.get(f"{http}/api/games/{game}/model", headers={"Authorization": f"Bearer {token}"})
            r.raise_for_status()
        if sent_at is not None and m["seq"] > sent_seq:
            if totals.measure_from <= sent_at <= totals.measure_to:
                totals.latencies.append(time.perf_counter() - sent_at)
                totals.moves += 1
            sent_at = None
        if m["over"]:
            return True
        decision = m["decision"]
        if decision is None or m["seq"] == sent_seq:
            continue
        if think > 0:
            await asyncio.sleep(min(rng.expovariate(1 / think), 10 * think))
        options = decision["options"]
        option = options[rng.randrange(len(options))]["option"]
        sent_seq = m["seq"]
        sent_at = time.perf_counter()
        ws.send({"type": "move", "seq": sent_seq, "option": option})


async def _table(client: Any, urls: list[str], players: int, seed: int, think: float, totals: Totals,
                 deadline: float, pages: bool, chat: float = 0.0) -> None:
    """Play games one after another at one table; seat ``s`` connects to server ``s`` of ``urls`` (round robin),
    so with several server processes every move crosses from one to another."""
    url = urls[0]
    rng = random.Random(seed)
    if True:
        while time.monotonic() < deadline:
            r = await client.post(f"{url}/api/games", json={"seats": ["human"] * players, "seed": seed})
            r.raise_for_status()
            created = r.json()
            seat_tasks = [
                _seat("ws" + urls[s["seat"] % len(urls)][4:], created["game"], s["token"], think,
                      random.Random(rng.random()), totals, deadline,
                      client if pages else None, chat / players)
                for s in created["seats"]
            ]
            results = await asyncio.gather(*seat_tasks)
            if all(results):
                totals.games_finished += 1
            seed += 100_000


async def _wait(seconds: float, bar: Phases) -> None:
    """Sleep ``seconds``, moving the bar along."""
    end = time.perf_counter() + seconds
    while (left := end - time.perf_counter()) > 0:
        bar.set(seconds - left)
        await asyncio.sleep(min(0.25, left))
    bar.set(seconds)


async def _run(urls: list[str], games: int, players: int, seconds: float, think: float, seed: int, warmup: float,
               pids: list[int], pages: bool = False, chat: float = 0.0, bar: Phases | None = None
               ) -> tuple[Totals, float, float | None]:
    """Play; return the totals, the measured time and the server's CPU seconds in it (when known)."""
    import httpx

    from .hub import Collector

    bar = bar or _Silent()
    totals = Totals()
    # The clients' own garbage collections pause every socket of this process, and would be measured as the
    # server's slowness: the same short pauses as the server's (a frozen heap, see Collector).
    gc.freeze()
    collector = Collector()
    collector.start()
    limits = httpx.Limits(max_connections=50 if pages else 20)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        # Every game is created and every page connected before the clock starts (plus a warm-up).
        total_seconds = warmup + seconds
        deadline = time.monotonic() + 120 + total_seconds
        tables = [
            asyncio.create_task(_table(client, urls, players, seed + i, think, totals, deadline, pages, chat))
            for i in range(games)
        ]
        bar.phase("connecting the clients", total=games * players, unit="websockets")
        while totals.connections < games * players and time.monotonic() < deadline - total_seconds:
            bar.set(totals.connections)
            await asyncio.sleep(0.1)
        bar.phase("warm-up", total=warmup, unit="s")
        await _wait(warmup, bar)
        bar.phase("measuring", total=seconds, unit="s")
        cpu_before = _total(_cpu_seconds, pids)
        wait_before = _total(_cpu_wait_seconds, pids)
        totals.measure_from = time.perf_counter()
        await _wait(seconds, bar)
        totals.measure_to = time.perf_counter()
        cpu_after = _total(_cpu_seconds, pids)
        wait_after = _total(_cpu_wait_seconds, pids)
        totals.server_memory = _total(_memory_bytes, pids)
        if wait_before is not None and wait_after is not None:
            totals.server_cpu_wait = wait_after - wait_before
        bar.phase("stopping the clients")
        for task in tables:
            task.cancel()
        await asyncio.gather(*tables, return_exceptions=True)
    collector.stop()
    gc.unfreeze()
    server_cpu = cpu_after - cpu_before if cpu_before is not None and cpu_after is not None else None
    return totals, totals.measure_to - totals.measure_from, server_cpu


def _total(read: Any, pids: list[int]) -> float | None:
    """The sum of ``read(pid)`` over the servers' processes (None when any is unknown, or there are none)."""
    values = [read(pid) for pid in pids]
    return None if not values or None in values else float(sum(values))


def _memory_bytes(pid: int) -> float | None:
    """The resident memory of process ``pid`` and its children (the bot workers), from Linux /proc, or None."""
    try:
        with open(f"/proc/{pid}/status") as f:
            rss = next(int(line.split()[1]) * 1024.0 for line in f if line.startswith("VmRSS:"))
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            children = [int(c) for c in f.read().split()]
    except (OSError, ValueError, IndexError, StopIteration):
        return None
    return rss + sum(_memory_bytes(child) or 0.0 for child in children)


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of process ``pid`` (Linux /proc), or None where that is not available."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _cpu_wait_seconds(pid: int) -> float | None:
    """Seconds the main thread of ``pid`` has spent ready to run but waiting for a CPU (Linux schedstat)."""
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return None


def _start_servers(database: str | None, processes: int, bar: Phases
                   ) -> tuple[list[subprocess.Popen[bytes]], list[str], str | None]:
    """Start ``processes`` servers on one database (a temporary SQLite file by default); their URLs."""
    import httpx

    if processes == 1:
        bar.phase("starting the server")
    else:
        bar.phase(f"starting {processes} servers", total=processes, unit="ready")

    tmp = None
    if database is None:
        tmp = tempfile.mkdtemp(prefix="pamir-loadtest-")
        database = os.path.join(tmp, "loadtest.sqlite3")
    procs, urls = [], []
    for _i in range(processes):
        port = _free_port()
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "paxpamir", "serve", "--port", str(port), "--database", database],
            stdout=subprocess.DEVNULL,
        ))
        urls.append(f"http://127.0.0.1:{port}")
    for started, (proc, url) in enumerate(zip(procs, urls, strict=True), 1):
        for _i in range(300):
            try:
                if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            for p in procs:
                p.kill()
            raise RuntimeError("the server did not start")
        assert proc.poll() is None
        bar.set(started)
    return procs, urls, tmp


def main(args: argparse.Namespace, out: TextIO, err: TextIO, progress: ProgressFactory | None = None) -> int:
    """Run the load test of ``args``; print the figures on ``out``; show ``progress(err)`` meanwhile."""
    if not 2 <= args.players <= 5 or args.games < 1 or args.seconds <= 0 or args.think < 0:
        print("pamir loadtest: error: need 2-5 players, at least 1 game, a positive duration", file=err)
        return 2
    procs: list[subprocess.Popen[bytes]] = []
    tmp = None
    processes = getattr(args, "processes", 1)
    if processes < 1 or (processes > 1 and args.url is not None):
        print("pamir loadtest: error: --processes starts that many servers (1 or more), not with --url", file=err)
        return 2
    showing = progress(err) if progress is not None else contextlib.nullcontext(_Silent())
    with showing as bar:
        if args.url is None:
            procs, urls, tmp = _start_servers(args.database, processes, bar)
        else:
            urls = [args.url.rstrip("/")]
        url = ", ".join(urls)
        try:
            client_before = time.process_time()
            totals, elapsed, server_cpu = asyncio.run(
                _run(urls, args.games, args.players, args.seconds, args.think, args.seed, args.warmup,
                     [p.pid for p in procs], getattr(args, "pages", False), getattr(args, "chat", 0.0), bar)
            )
            client_cpu = time.process_time() - client_before
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.wait(10)
            if tmp is not None:
                import shutil

                shutil.rmtree(tmp, ignore_errors=True)
    lat = totals.latencies
    started = f" ({len(procs)} started for this test)" if len(procs) > 1 else " (started for this test)"
    print(f"server: {url}{started if procs else ''}", file=out)
    print(
        f"{args.games} concurrent games x {args.players} bot clients"
        f"{' acting as browser pages' if getattr(args, 'pages', False) else ''}, think {args.think:g} s, "
        f"measured {elapsed:.1f} s after a {args.warmup:g} s warm-up, {totals.connections} websockets",
        file=out,
    )
    print(
        f"moves: {totals.moves} ({totals.moves / elapsed:.1f} moves/s), games finished: {totals.games_finished}, "
        f"errors: {totals.errors}" + (f" {totals.error_codes}" if totals.errors else "")
        + (f", chat lines: {totals.chat_lines} said, {totals.chat_pushes} chat messages received"
           if totals.chat_lines else ""),
        file=out,
    )
    print(
        f"move round trip: p50 {_percentile(lat, 0.50) * 1000:.1f} ms, p90 {_percentile(lat, 0.90) * 1000:.1f} ms, "
        f"p99 {_percentile(lat, 0.99) * 1000:.1f} ms, max {max(lat, default=float('nan')) * 1000:.1f} ms",
        file=out,
    )
    per_move = 1000 / max(totals.moves, 1)
    line = f"client CPU {client_cpu:.1f} s in all"
    if server_cpu is not None:
        line = f"server CPU {server_cpu:.1f} s ({server_cpu * per_move:.2f} ms per move), " + line
    if totals.server_memory is not None:
        line += f"; server memory {totals.server_memory / 2**20:.0f} MB"
    if totals.server_cpu_wait is not None:
        line += f"; the server waited {totals.server_cpu_wait:.1f} s for a CPU (other processes' load)"
    print(line + f"; load average {os.getloadavg()[0]:.1f}", file=out)
    return 0 if totals.moves > 0 and totals.errors == 0 else 1


__all__ = ["Phases", "ProgressFactory", "main"]
