"""Slow work off the event loop: the bots' and Wakhan's decisions run in worker processes.

A search bot may think for seconds; on the event loop that would stall every game and page of the server
process. :class:`Workers` is a pool of processes (one per core by default, ``pamir serve --workers N``) that
each take a copy of the game (pickled: the whole state, which never leaves the server) and return the bot's
``(option, reason)``. The workers are started with ``spawn`` (no copy of the server's threads, sockets or
database connections); each imports the modules that registered the bot kinds (:func:`bots.register_bot`), so a
bot registered at import of the caller's module is known in the workers too. A worker that dies (killed, out of
memory) breaks its pool: a new pool takes its place and the work it was doing is asked for once more, so the
server's bots go on playing.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, TypeVar

from . import bots

if TYPE_CHECKING:
    from ..engine.game import Game


#: Seconds between a worker's looks at whether its server still runs; how much lower a worker's scheduling
#: priority is than its server's (the event loop answers people first; a bot's thought may wait a little).
WATCH_EVERY = 0.5
WORKER_NICENESS = 10
T = TypeVar("T")
log = logging.getLogger("paxpamir.server")


def default_size() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _start(modules: tuple[str, ...], server: int) -> None:
    """A worker's start: the engine and every module that registered a bot kind, imported once; and a watch on
    the server, so that the worker ends with it (also when the server is killed and cannot end its pool)."""
    from ..engine.game import Game  # noqa: F401 (imported for its cost, once)

    for name in modules:
        importlib.import_module(name)
    with contextlib.suppress(OSError):  # a thinking bot yields the processor to the server that serves people
        os.nice(WORKER_NICENESS)
    # The server's pid comes from the server itself: a worker that starts after its server was killed has another
    # parent already, and must end at once rather than watch that one.
    threading.Thread(target=_end_with, args=(server,), daemon=True, name="pamir-worker-watch").start()


def _end_with(server: int) -> None:
    """End this worker as soon as its server process is gone (it is then no longer this process's parent)."""
    while os.getppid() == server:
        time.sleep(WATCH_EVERY)
    os._exit(0)


def _decide(kind: str, game: Game, seed: int) -> tuple[tuple[Any, ...], Any]:
    return bots.decide(kind, game, seed)


class Workers:
    """A pool of worker processes for the bots' decisions; :meth:`decide` awaits one without blocking."""

    def __init__(self, size: int | None = None) -> None:
        if size is not None and (not isinstance(size, int) or isinstance(size, bool) or size < 1):
            raise ValueError(f"the number of workers is a whole number of 1 or more, not {size!r}")
        self.size = size or default_size()
        self.pool = self._new_pool(self.size)
        #: The pool of reviews (:meth:`run_long`), started when the first review is asked for.
        self.long: ProcessPoolExecutor | None = None

    @staticmethod
    def _new_pool(size: int) -> ProcessPoolExecutor:
        modules = tuple(sorted({b.factory.__module__ for b in bots.BOTS.values()} - {"__main__"}))
        return ProcessPoolExecutor(
            max_workers=size, mp_context=multiprocessing.get_context("spawn"), initializer=_start,
            initargs=(modules, os.getpid()),
        )

    async def _in(self, long: bool, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the pool of bots (or of reviews, ``long``); if a worker of that pool died, a new pool
        replaces it and ``fn`` is tried once more there."""
        loop = asyncio.get_running_loop()
        pool = self._pool(long)
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            if self._pool(long) is pool:  # the first call to see it breaks replaces it; the others use the new one
                log.warning("a worker process of the %s pool died: starting a new pool", "review" if long else "bot")
                fresh = self._new_pool(max(1, self.size // 2) if long else self.size)
                if long:
                    self.long = fresh
                else:
                    self.pool = fresh
                pool.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._pool(long), fn, *args)

    def _pool(self, long: bool) -> ProcessPoolExecutor:
        if not long:
            return self.pool
        if self.long is None:
            self.long = self._new_pool(max(1, self.size // 2))
        return self.long

    async def start(self) -> None:
        """Start every worker now (each imports the engine), so that the first bot does not wait for it."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self.pool, default_size) for _ in range(self.size)))

    async def decide(self, kind: str, game: Game, seed: int) -> tuple[tuple[Any, ...], Any]:
        """``(option, reason)`` of the bot of ``kind`` for ``game``'s seat to move, decided in a worker."""
        return await self._in(False, _decide, kind, game, seed)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker (``fn`` a module-level function, its arguments picklable): short work such as
        a hint or an analysis position, off the event loop."""
        return await self._in(False, fn, *args)

    async def run_long(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a pool of its own (half as many processes, started when first needed): a game review
        takes minutes of processor time, and the bots' decisions must not queue behind it."""
        return await self._in(True, fn, *args)

    def close(self) -> None:
        """End the pool: decisions not started are dropped, a decision being made is let finish, the workers
        exit (call it from a thread: it waits for them)."""
        self.pool.shutdown(wait=True, cancel_futures=True)
        if self.long is not None:
            self.long.shutdown(wait=True, cancel_futures=True)
