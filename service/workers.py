"""CPU-heavy work (drawing maps, exact battle odds) off the event loop, with a time bound.

On Discord a map render or a large odds computation would otherwise stop the bot from
answering heartbeats and every other server while it runs. `ProcessPool` runs such pure
functions in worker processes; `Inline` runs them in place (the console, unit tests).

The pool has one worker per core the process may use (eight games resolving at once
must not wait on one worker), and hands each worker one job at a time: the rest wait here, in
order of priority (a map after a turn before the frames of a replay), at most `MAX_WAITING` of
them — beyond that a job is refused at once (`Busy`) rather than piling up. The one exception is
a job that must not be dropped (`refusable=False`: the map posted with a turn's results): it
always takes its place in line, since a map is owed after every turn; their number is bounded by
the turns being delivered, not by what players ask for. A job's time bound runs from when a
worker takes it, so waiting in line never counts as an overrun.
"""
from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Callable

from .errors import BadState

log = logging.getLogger("dispatch.workers")

MAX_WAITING = 64            # jobs waiting for a worker; more are refused (Busy)
URGENT, BACKGROUND = 0, 10  # priorities: a map a player waits for / the frames of a replay
IDLE = 20                   # work done ahead that nobody waits for yet (a new phase's legal orders): it runs
                            # after every map waiting, and never on every worker at once, so the maps of
                            # turns resolving meanwhile always find one free
AFTER_MAPS = IDLE           # a seat channel's crop of its own orders: like idle work, after the turn's maps
                            # the game's channel waits for and never on every worker, so a burst of turns
                            # posts every result first (the seat's message waits for its crop meanwhile)


class Overrun(Exception):
    """The work took longer than its time bound and was stopped."""


class Busy(BadState):
    """Too much work is waiting for the workers: the job was not started."""


def machine_workers() -> int:
    """How many cores this process may run on (its CPU affinity, else the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class Inline:
    """Run the function right here (no isolation, no bound): for the console and unit tests."""

    async def run(self, fn: Callable[..., Any], *args: Any, timeout: float = 0, priority: int = URGENT,
                  refusable: bool = True) -> Any:
        return fn(*args)

    def close(self) -> None:
        pass


def _worker_init() -> None:
    from engine.catalog import register_all
    register_all()


class ProcessPool:
    """Worker processes (or threads, with `threads=True`) that run pure functions with a bound.

    A job that overruns its bound is abandoned and the pool replaced, so a runaway computation
    never keeps a worker busy for the next one."""

    def __init__(self, workers: int | None = None, threads: bool = False, max_waiting: int = MAX_WAITING):
        self.workers = workers or machine_workers()
        self.threads = threads
        self.max_waiting = max_waiting
        self._pool: Executor | None = None
        self._running = 0
        self._idle = 0                     # workers running idle work
        self._waiting: list[tuple[int, int, asyncio.Future]] = []     # (priority, arrival, wake-up)
        self._arrivals = itertools.count()
        self._starting = asyncio.Lock()

    @property
    def waiting(self) -> int:
        """Jobs waiting for a worker now."""
        return len(self._waiting)

    @property
    def running(self) -> int:
        """Jobs a worker is running now."""
        return self._running

    def _idle_full(self) -> bool:
        """Whether idle work already holds every worker it may (all but one, of two or more)."""
        return self._idle >= max(1, self.workers - 1)

    async def _turn(self, priority: int, refusable: bool = True) -> None:
        """Wait until a worker is free for this job (lower `priority` first, then first come);
        a refusable job is refused (`Busy`) when `max_waiting` jobs already wait."""
        if self._running < self.workers and not self._waiting and (priority < IDLE or not self._idle_full()):
            self._running += 1
            self._idle += priority >= IDLE
            return
        if refusable and len(self._waiting) >= self.max_waiting:
            raise Busy(f"{len(self._waiting)} jobs are already waiting for the map and odds workers; "
                       f"try again in a minute")
        wake = asyncio.get_running_loop().create_future()
        entry = (priority, next(self._arrivals), wake)
        heapq.heappush(self._waiting, entry)
        if self._running < self.workers:
            self._running += 1             # a worker is free, but idle work may not take it:
            self._done()                   # hand it to the best job waiting that may
        try:
            await wake                     # _done hands its worker over (the count stays)
        except asyncio.CancelledError:
            if wake.done() and not wake.cancelled():
                self._done(priority >= IDLE)   # handed a worker just as it was cancelled: pass it on
            else:
                self._waiting.remove(entry)
                heapq.heapify(self._waiting)
            raise

    def _done(self, idle: bool = False) -> None:
        """A worker is free (its job was idle work if `idle`): hand it to the first waiting job
        that may take it, else count it free."""
        self._idle -= idle
        passed = []
        while self._waiting:
            entry = heapq.heappop(self._waiting)
            if entry[2].done():
                continue
            if entry[0] >= IDLE and self._idle_full():
                passed.append(entry)
                continue
            self._idle += entry[0] >= IDLE
            entry[2].set_result(None)
            break
        else:
            self._running -= 1
        for entry in passed:
            heapq.heappush(self._waiting, entry)

    async def _executor(self) -> Executor:
        """The pool with all its workers running. Starting a worker process costs tens of
        milliseconds, so they are all started at once, in a thread, never by a job on the loop."""
        if self._pool is None:
            async with self._starting:
                if self._pool is None:
                    self._pool = await asyncio.to_thread(self._start)
        return self._pool

    def _start(self) -> Executor:
        if self.threads:
            return ThreadPoolExecutor(self.workers, thread_name_prefix="dispatch-cpu")
        pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("forkserver"),
                                   initializer=_worker_init)
        # the executor starts a process per job while none is idle: one short job per worker
        for started in [pool.submit(time.sleep, 0.05) for _ in range(self.workers)]:
            started.result()
        return pool

    async def run(self, fn: Callable[..., Any], *args: Any, timeout: float = 30.0, priority: int = URGENT,
                  refusable: bool = True) -> Any:
        await self._turn(priority, refusable)
        idle = priority >= IDLE
        try:
            future = (await self._executor()).submit(fn, *args)
            try:
                return await asyncio.wait_for(asyncio.wrap_future(future), timeout)
            except asyncio.TimeoutError:
                log.warning("%s overran its %ss bound; replacing the worker pool", getattr(fn, "__name__", fn),
                            timeout)
                self._replace()
                raise Overrun(f"stopped after {timeout:g} s") from None
        finally:
            self._done(idle)

    def _replace(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # ProcessPoolExecutor has no public way to stop a running job; its worker processes are
        # ours (we started them), so they are ended directly.
        processes = list(getattr(pool, "_processes", {}).values()) if isinstance(pool, ProcessPoolExecutor) else []
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
