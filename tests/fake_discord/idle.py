"""Is the bot idle? The fake Discord's tests wait on events, never on the clock.

The bot, the fake and the test share one event loop. Where each task of that loop is suspended
tells whether anything is still to happen: a task waiting on a thread (SQLite, the map workers),
on the fake's answer or on a timer due soon is busy, and the waits below follow the very future
such a task waits on; a task reading a socket, or waiting for an event or a far timer, is idle.
"""
from __future__ import annotations

import asyncio
import gc
import inspect
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .server import FakeDiscord

CALM_ROUNDS = 3            # turns of the event loop, each with a look at the sockets, that must find all idle
QUIET = 0.25              # seconds without a sign of life after which an unknown kind of wait counts as idle
WAIT_POLL = 0.05           # longest a `wait_for` goes without looking at its condition while the bot works

# Where a task waits decides whether it is busy. The names are those of the coroutines it awaits,
# outermost first (see `_awaiting`).
THREAD_WORK = ("Connection._execute", "Connection._connect", "to_thread", "ProcessPool.run",
               "ProcessPool._executor")          # SQLite (aiosqlite's thread), the map/odds workers
WAITS_FOR_DISCORD = ("ClientSession._request",)  # the bot waits for the fake's answer to a request
WATCHERS = ("BotHarness.settle", "BotHarness.wait_for", "BotHarness.start", "BotHarness.stop",
            "FakeDiscord._advance_network_time")   # the test (and the fake's clock) watching, not working
NETWORK = "FakeDiscord.delay"                    # a request held up by the fake's simulated latency
PARKED = {                                       # waits that only the outside world ends
    "ClientWebSocketResponse.receive",           # the bot reading the gateway
    "WebSocketResponse.receive",                 # the fake reading the bot's gateway frames
    "RequestHandler.start",                      # an idle keep-alive connection to the fake
    "Event.wait", "Condition.wait", "Queue.get",
    "Lock.acquire", "Semaphore.acquire",         # the holder is looked at on its own
    "sleep", "wait_for",                         # a timer further off than the horizon
}

_WATCHERS, _WAITS_FOR_DISCORD = frozenset(WATCHERS), frozenset(WAITS_FOR_DISCORD)
_BUSY = frozenset(THREAD_WORK + WAITS_FOR_DISCORD)


@dataclass
class Idleness:
    idle: bool                                   # nothing runnable, busy or due soon
    runnable: bool                               # callbacks or tasks ready to run now
    only_unknown: bool                           # busy only by waits of an unknown kind
    waiters: list[asyncio.Future]                # what the busy tasks wait on
    recheck_at: float                            # when to look again without an event


def _awaiting(task: asyncio.Task) -> list[str]:
    """The chain of coroutines `task` is suspended in, outermost first. Async generators (the
    database's transaction context) and `__await__` wrappers expose no attribute to the next
    link, so it is found among the objects they hold."""
    names: list[str] = []
    coro: Any = task.get_coro()
    while coro is not None and len(names) < 64:
        frame = (getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None)
                 or getattr(coro, "ag_frame", None))
        if frame is not None:
            names.append(frame.f_code.co_qualname)
            coro = (getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None)
                    or getattr(coro, "ag_await", None))
        else:
            coro = next((held for held in gc.get_referents(coro)
                         if inspect.iscoroutine(held) or inspect.isgenerator(held) or inspect.isasyncgen(held)),
                        None)
    return names


def idleness(loop: asyncio.AbstractEventLoop, horizon: float, fake: FakeDiscord,
             advancing: bool = False) -> Idleness:
    """Is everything on this loop (the bot, the fake, their threads) waiting on the outside world?

    Runnable callbacks, a request in flight, a task waiting on a thread or on the fake's answer,
    or a timer due within `horizon` seconds make it busy. A request held up by simulated latency is
    busy too, except to the fake's network clock (`advancing`), which moves on only when all else
    is idle. The loop's private queues are read: the tests run on the standard asyncio loop."""
    now = loop.time()
    me = asyncio.current_task()
    chains: dict[asyncio.Task, list[str]] = {}

    def chain_of(task: asyncio.Task) -> list[str]:
        if task not in chains:
            chains[task] = _awaiting(task)
        return chains[task]

    def watching(task: Any) -> bool:
        return task is me or (isinstance(task, asyncio.Task) and not _WATCHERS.isdisjoint(chain_of(task)))

    # the common case first: something is about to run, so look again after it has. The queue is
    # copied in one step first: the database's and the workers' threads append to it
    # (call_soon_threadsafe) while this looks at each entry, which a live iteration would not survive.
    ready = tuple(loop._ready)                                             # type: ignore[attr-defined]
    if any(not watching(getattr(handle._callback, "__self__", None))      # type: ignore[attr-defined]
           for handle in ready):
        return Idleness(False, True, False, [], now)
    tasks = [task for task in asyncio.all_tasks(loop) if not task.done() and not watching(task)]
    watched = {id(getattr(task, "_fut_waiter", None)) for task in chains if watching(task)}
    runnable = False
    busy = fake.in_flight - (fake.delayed if advancing else 0) > 0
    recheck_at = now + (WAIT_POLL if busy else 3600.0)
    near: set[int] = set()
    for handle in loop._scheduled:                              # type: ignore[attr-defined]
        args = handle._args or ()                               # type: ignore[attr-defined]
        if handle.cancelled() or handle.when() - now > horizon or any(id(arg) in watched for arg in args):
            continue
        busy = True
        recheck_at = min(recheck_at, handle.when())
        near.update(id(arg) for arg in args)
    waiters: list[asyncio.Future] = []
    unknown = False
    for task in tasks:
        waiter = getattr(task, "_fut_waiter", None)
        if waiter is None:
            busy = runnable = True                              # runnable now
            continue
        if isinstance(waiter, (asyncio.Task, asyncio.tasks._GatheringFuture)):
            continue                                            # each awaited task is looked at itself
        chain = chain_of(task)
        if chain and chain[-1] == NETWORK:
            if not advancing:
                busy = True
                waiters.append(waiter)
            continue
        if advancing and not _WAITS_FOR_DISCORD.isdisjoint(chain):
            continue                                            # its answer is what the clock holds up
        if id(waiter) in near or not _BUSY.isdisjoint(chain):
            busy = True
            waiters.append(waiter)
        elif chain and chain[-1] in PARKED:
            continue
        else:
            unknown = True
            waiters.append(waiter)
    if unknown and not busy:
        recheck_at = min(recheck_at, fake.last_activity + horizon)
    return Idleness(not busy and not unknown, runnable, unknown and not busy, waiters, recheck_at)


def busy_report(loop: asyncio.AbstractEventLoop, fake: FakeDiscord) -> str:
    """What is keeping the loop busy, for the message of a wait that timed out."""
    now = loop.time()
    lines = [f"in flight: {fake.in_flight} (held by latency: {fake.delayed}); runnable callbacks: "
             f"{len(loop._ready)}"]                                            # type: ignore[attr-defined]
    lines += [f"timer in {handle.when() - now:.3f}s: {handle._callback}"       # type: ignore[attr-defined]
              for handle in loop._scheduled if not handle.cancelled() and handle.when() - now < 1]  # type: ignore
    for task in asyncio.all_tasks(loop):
        if not task.done():
            lines.append(f"task {task.get_name()}: {' > '.join(_awaiting(task))} "
                         f"[waits on {type(getattr(task, '_fut_waiter', None)).__name__}]")
    return "\n  ".join(lines)


async def wait_any(waiters: list[asyncio.Future], timeout: float) -> None:
    """Until one of `waiters` is done or `timeout` passes (without disturbing them)."""
    timeout = max(0.0, timeout)
    if waiters:
        await asyncio.wait(waiters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    else:
        await asyncio.sleep(timeout)


async def until_calm(loop: asyncio.AbstractEventLoop, horizon: float, fake: FakeDiscord,
                     end: float = float("inf"), advancing: bool = False) -> bool:
    """Wait until `idleness` finds the loop idle `CALM_ROUNDS` turns in a row (a wait of an
    unknown kind counts once nothing has happened for `horizon` seconds); False if `end` (loop
    time) came first. While busy it waits on what the busy tasks wait on, never a fixed time."""
    calm = 0
    while loop.time() < end:
        verdict = idleness(loop, horizon, fake, advancing)
        if verdict.idle or (verdict.only_unknown and loop.time() - fake.last_activity >= horizon):
            calm += 1
            if calm >= CALM_ROUNDS:
                return True
            await asyncio.sleep(0)          # one more turn of the loop: its selector sees the sockets
            continue
        calm = 0
        if verdict.runnable:
            await asyncio.sleep(0)
        else:
            await wait_any(verdict.waiters, min(end, verdict.recheck_at) - loop.time())
    return False
