"""The server's counters for monitoring, at ``GET /metrics`` in Prometheus' text format (prometheus_client).

Each application has a registry of its own (no global state: tests start several servers in one process). The
figures are counts and sizes only: no game id, name, token or card is ever a label.
"""

from __future__ import annotations

from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

__all__ = ["CONTENT_TYPE_LATEST", "Metrics"]


class Metrics:
    """Every counter and gauge of one server process."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.http_requests = Counter("pamir_http_requests", "HTTP requests answered, by method and status class",
                                     ["method", "status"], registry=r)
        self.websocket_messages = Counter("pamir_websocket_messages", "Messages received from pages", registry=r)
        self.websockets_open = Gauge("pamir_websockets_open", "Pages connected now", registry=r)
        self.games_created = Counter("pamir_games_created", "Games created", registry=r)
        self.games_in_memory = Gauge("pamir_games_in_memory", "Games held in memory (replayed from the store)",
                                     registry=r)
        self.decisions = Counter("pamir_decisions", "Decisions committed, by who made them",
                                 ["by"], registry=r)  # person, bot, clock, undo
        self.chat_lines = Counter("pamir_chat_lines", "Chat lines stored", registry=r)
        self.webhooks = Counter("pamir_webhooks", "Webhooks, by result", ["result"], registry=r)  # sent, failed
        self.bot_seconds = Histogram("pamir_bot_decision_seconds", "Time a bot's decision took in its worker",
                                     buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30), registry=r)

    def text(self) -> bytes:
        """The Prometheus text exposition of every figure."""
        return generate_latest(self.registry)


class HTTPCounter:
    """ASGI middleware counting every HTTP answer by method and status class (2xx, 4xx, ...)."""

    def __init__(self, app: Any, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def counted(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                status = f"{int(message['status']) // 100}xx"
                self.metrics.http_requests.labels(scope.get("method", "?"), status).inc()
            await send(message)

        await self.app(scope, receive, counted)
