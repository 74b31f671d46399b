"""CPU-heavy work (drawing maps, exact battle odds) off the event loop, with a time bound.

On Discord a map render or a large odds computation would otherwise stop the bot from
answering heartbeats and every other server while it runs. `ProcessPool` runs such pure
functions in worker processes; `Inline` runs them in place (the console, unit tests).
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Callable

log = logging.getLogger("dispatch.workers")


class Overrun(Exception):
    """The work took longer than its time bound and was stopped."""


class Inline:
    """Run the function right here (no isolation, no bound): for the console and unit tests."""

    async def run(self, fn: Callable[..., Any], *args: Any, timeout: float = 0) -> Any:
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

    def __init__(self, workers: int = 1, threads: bool = False):
        self.workers = workers
        self.threads = threads
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.threads:
                self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="dispatch-cpu")
            else:
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("forkserver"),
                                                 initializer=_worker_init)
        return self._pool

    async def run(self, fn: Callable[..., Any], *args: Any, timeout: float = 30.0) -> Any:
        future = self._executor().submit(fn, *args)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), timeout)
        except asyncio.TimeoutError:
            log.warning("%s overran its %ss bound; replacing the worker pool", getattr(fn, "__name__", fn), timeout)
            self._replace()
            raise Overrun(f"stopped after {timeout:g} s") from None

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
