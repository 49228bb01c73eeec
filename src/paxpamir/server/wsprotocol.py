"""The websocket protocol ``pamir serve`` gives uvicorn: its own (the websockets package's sans-I/O one), reading on
while a few messages wait.

uvicorn stops reading a socket after every message it hands on and starts again once the application has taken
it: two ``epoll_ctl`` calls and the selector's bookkeeping for every message, which under a talking table (chat
lines are most of the messages) was a tenth of the server's CPU. This protocol stops reading only when
:data:`HIGH_WATER` messages of one socket wait for the application (or a large one does), and starts again, as
uvicorn does, once they are all taken: a page that floods is still held back by its socket, a few messages later.
Once the application has closed the socket, it is read on (to the peer's close reply), as uvicorn does.
"""

from __future__ import annotations

from typing import Final

#: Messages of one socket that may wait for the application before the socket is no longer read; a message of
#: BIG bytes or more stops reading at once, as uvicorn does after every message (the application refuses those
#: over 16 KiB characters). So what waits for one socket stays near uvicorn's own: under HIGH_WATER * BIG bytes
#: and one message of up to ``ws_max_size``.
HIGH_WATER: Final[int] = 16
BIG: Final[int] = 1 << 16


def protocol() -> type | str:
    """The protocol class for uvicorn's ``ws`` setting: :class:`ReadOnProtocol` where this uvicorn has the
    sans-I/O implementation it builds on, else ``"auto"`` (uvicorn's choice, which pauses after every message)."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    except ImportError:
        return "auto"
    if not hasattr(WebSocketsSansIOProtocol, "send_receive_event_to_app"):
        return "auto"

    class ReadOnProtocol(WebSocketsSansIOProtocol):
        """uvicorn's sans-I/O websocket protocol that pauses reading only at :data:`HIGH_WATER` waiting
        messages or one of :data:`BIG` bytes."""

        def send_receive_event_to_app(self) -> None:
            size = sum(len(frame) for frame in self.frames)
            paused = self.read_paused
            self.read_paused = True  # uvicorn's method pauses reading unless it is paused already
            try:
                super().send_receive_event_to_app()
            finally:
                self.read_paused = paused
            # Past the application's close its messages are dropped, the queue no longer read: reading goes on
            # (to the peer's close reply).
            if not paused and not self.close_sent and (self.queue.qsize() >= HIGH_WATER or size >= BIG):
                self.read_paused = True  # receive() starts reading again once the queue is empty
                self.transport.pause_reading()

    return ReadOnProtocol
