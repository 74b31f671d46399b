"""Dispatch processes of a cluster for the tests: `bot.py --shards … --shard-count …` started as
real processes on one database, talking to the fake Discord through `DISCORD_API_BASE` (REST;
the gateway address comes from the fake's GET /gateway/bot), with short leases so that a killed
process's work is taken over within seconds."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.fake_discord import FakeDiscord
from tests.fake_discord.server import TOKEN

ROOT = Path(__file__).resolve().parents[2]
LEASE = 4.0         # seconds: a killed process's shards are free after this, its claims after twice this
POLL = 0.3          # seconds: how often a cluster process looks for the work the others queued


@dataclass
class Process:
    shards: str
    popen: subprocess.Popen
    log: Path

    @property
    def pid(self) -> int:
        return self.popen.pid

    def kill(self) -> None:
        """SIGKILL to the process and its map workers (its own process group), as a machine that
        loses power: no clean stop, its leases and claims stay until they run out."""
        try:
            os.killpg(self.popen.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.popen.wait()

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def environment(fake: FakeDiscord, database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISPATCH_", "DISCORD_"))}
    env.update(DISCORD_TOKEN=TOKEN, DATABASE_URL=database_url, DISCORD_API_BASE=fake.base_url,
               DISPATCH_LEASE_SECONDS=str(LEASE), DISPATCH_POLL_SECONDS=str(POLL), PYTHONUNBUFFERED="1")
    return env


def start(fake: FakeDiscord, database_url: str, shards: str, count: int, folder: Path,
          *extra: str, **env: str) -> Process:
    log = folder / f"dispatch-{shards.replace(',', '_')}-{len(list(folder.iterdir()))}.log"
    with log.open("wb") as out:
        popen = subprocess.Popen([sys.executable, str(ROOT / "bot.py"), "--shards", shards, "--shard-count",
                                  str(count), *extra], cwd=ROOT, env={**environment(fake, database_url), **env},
                                 stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    return Process(shards, popen, log)


async def run_to_end(fake: FakeDiscord, database_url: str, *args: str, timeout: float = 120,
                     **env: str) -> tuple[int, str, str]:
    """`bot.py ARGS` run to its end beside the test's event loop (the fake Discord keeps serving):
    its exit status, standard output and standard error."""
    child = await asyncio.create_subprocess_exec(sys.executable, str(ROOT / "bot.py"), *args, cwd=ROOT,
                                                 env={**environment(fake, database_url), **env},
                                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                                 start_new_session=True)
    try:
        out, err = await asyncio.wait_for(child.communicate(), timeout)
    except asyncio.TimeoutError:
        os.killpg(child.pid, signal.SIGKILL)
        raise
    return child.returncode, out.decode(errors="replace"), err.decode(errors="replace")


async def until(condition, timeout: float, what: str, processes: list[Process] = (), every: float = 0.05,
                state=None):
    """Poll `condition()` (sync or async) until true; fails naming `what`, the processes' logs and
    `state()` (what the database says)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        value = condition()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        if loop.time() > end:
            logs = "\n".join(f"--- {p.shards} (pid {p.pid}, exit {p.popen.poll()}):\n{p.output()[-3000:]}"
                             for p in processes)
            said = await state() if state is not None else ""
            raise TimeoutError(f"waited {timeout:.0f} s for {what}\n{said}\n{logs}")
        await asyncio.sleep(every)
