"""The websocket protocol ``pamir serve`` runs uvicorn with (server/wsprotocol.py): it goes on reading a socket
while a few of its messages wait for the application, stops at HIGH_WATER, and starts again once the application
has taken them all. Real uvicorn and websockets objects; only the socket is a recording stand-in."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from uvicorn.config import Config  # noqa: E402
from uvicorn.server import ServerState  # noqa: E402
from websockets.client import ClientProtocol  # noqa: E402
from websockets.uri import parse_uri  # noqa: E402

from paxpamir.server.wsprotocol import BIG, HIGH_WATER, protocol  # noqa: E402


class Socket:
    """The transport uvicorn writes to: records what it was sent and every pause and resume of reading."""

    def __init__(self) -> None:
        self.written = b""
        self.calls: list[str] = []

    def write(self, data: bytes) -> None:
        self.written += data

    def pause_reading(self) -> None:
        self.calls.append("pause")

    def resume_reading(self) -> None:
        self.calls.append("resume")

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def is_closing(self) -> bool:
        return False

    def close(self) -> None:
        self.calls.append("close")


async def connected(app: Any) -> tuple[Any, Socket, ClientProtocol]:
    """The server side of a websocket of ``app`` (``pamir serve``'s protocol) and a client past the handshake."""
    cls = protocol()
    assert not isinstance(cls, str), "this uvicorn has the sans-I/O websocket protocol"
    config = Config(app=app, ws=cls, ws_ping_interval=None, log_level="warning")
    config.load()
    server = cls(config=config, server_state=ServerState(), app_state={})
    sock = Socket()
    server.connection_made(sock)
    client = ClientProtocol(parse_uri("ws://127.0.0.1:8000/ws"))
    client.send_request(client.connect())
    server.data_received(b"".join(client.data_to_send()))
    for _ in range(5):
        await asyncio.sleep(0)  # the application accepts
    client.receive_data(sock.written)
    assert client.handshake_exc is None
    return server, sock, client


def test_a_socket_is_read_on_until_high_water_messages_wait_then_again_once_they_are_taken() -> None:
    async def scenario() -> tuple[list[str], list[str], list[str], list[str]]:
        reading = asyncio.Event()
        received: list[str] = []

        async def app(scope: Any, receive: Any, send: Any) -> None:
            assert (await receive())["type"] == "websocket.connect"
            await send({"type": "websocket.accept"})
            await reading.wait()  # the application is busy elsewhere meanwhile
            while len(received) < HIGH_WATER + 4:
                received.append((await receive())["text"])

        server, sock, client = await connected(app)

        def say(n: int) -> None:
            for i in range(n):
                client.send_text(f"line {i}".encode())
            server.data_received(b"".join(client.data_to_send()))

        say(HIGH_WATER - 1)
        below = list(sock.calls)  # HIGH_WATER - 1 messages wait: reading goes on
        say(1)
        at = list(sock.calls)  # the HIGH_WATER-th waits: reading stops
        reading.set()
        for _ in range(HIGH_WATER + 5):
            await asyncio.sleep(0)
        taken = list(sock.calls)  # all taken: reading starts again
        say(4)
        for _ in range(10):
            await asyncio.sleep(0)
        return below, at, taken, received

    below, at, taken, received = asyncio.run(scenario())
    assert below == []
    assert at == ["pause"]
    assert taken == ["pause", "resume"]
    assert received == [f"line {i}" for i in range(HIGH_WATER - 1)] + ["line 0"] + [f"line {i}" for i in range(4)]


def test_once_the_application_has_closed_the_socket_it_is_read_on_to_the_peers_close_reply() -> None:
    """A page flooded, the application closed its socket (1008) with many of its messages still waiting: those
    are never taken, and the socket must still be read, or the peer's close reply is never seen and the
    connection hangs until a timeout."""

    async def scenario() -> tuple[list[str], bool]:
        async def app(scope: Any, receive: Any, send: Any) -> None:
            assert (await receive())["type"] == "websocket.connect"
            await send({"type": "websocket.accept"})
            await receive()  # one message taken; then the page is closed for flooding
            await send({"type": "websocket.close", "code": 1008, "reason": "flooding"})

        server, sock, client = await connected(app)
        for i in range(3 * HIGH_WATER):
            client.send_text(f"line {i}".encode())
        server.data_received(b"".join(client.data_to_send()))  # the flood arrives at once
        for _ in range(10):
            await asyncio.sleep(0)  # the application takes one and closes
        for i in range(3 * HIGH_WATER):  # more of the flood, read and dropped
            client.send_text(f"more {i}".encode())
        server.data_received(b"".join(client.data_to_send()))
        reading = server.read_paused is False and sock.calls[-1:] != ["pause"]
        return sock.calls, reading

    calls, reading = asyncio.run(scenario())
    assert "pause" in calls  # the flood filled the queue
    assert reading, calls


def test_a_large_message_stops_reading_at_once_as_uvicorn_does() -> None:
    """What waits for the application stays near uvicorn's own bound: a message of BIG bytes or more (the
    application refuses it anyway) pauses reading as soon as it is queued."""

    async def scenario() -> list[str]:
        async def app(scope: Any, receive: Any, send: Any) -> None:
            assert (await receive())["type"] == "websocket.connect"
            await send({"type": "websocket.accept"})
            await asyncio.Event().wait()  # busy: takes nothing

        server, sock, client = await connected(app)
        client.send_text(b"small")
        client.send_text(b"x" * BIG)
        server.data_received(b"".join(client.data_to_send()))
        return list(sock.calls)  # (closing the loop then cancels the application, which closes the socket)

    assert asyncio.run(scenario()) == ["pause"]
