"""What every part of the service shares and the host may swap after the service is built: the
time source (tests move a virtual clock; a bench pins one) and the worker pool (bot.py puts a
`ProcessPool` where the console and the tests run work in place).

The parts are handed these holders, never the service, so a swap reaches each of them at once
without any part knowing the service that composes it."""
from __future__ import annotations

from datetime import datetime
from typing import Any, Callable

from .workers import Inline


class Now:
    """The service's clock: calling it gives the time of its `source`."""

    def __init__(self, source: Callable[[], datetime]):
        self.source = source

    def __call__(self) -> datetime:
        return self.source()


class Workers:
    """The worker pool the parts send CPU work to (`pool`: `Inline` or a `ProcessPool`)."""

    def __init__(self, pool: Any = None):
        self.pool = pool if pool is not None else Inline()

    @property
    def inline(self) -> bool:
        """Whether the work runs in place, on the event loop (no pool set)."""
        return isinstance(self.pool, Inline)

    async def run(self, fn: Callable[..., Any], *args: Any, **bounds: Any) -> Any:
        """`fn(*args)` in the pool; `bounds` are the pool's own (`timeout`, `priority`, `refusable`)."""
        return await self.pool.run(fn, *args, **bounds)
