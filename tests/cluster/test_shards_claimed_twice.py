"""A bad cluster set-up is refused at start with one line and exit status 78 (EX_CONFIG, which
README's systemd unit does not restart), never a traceback: a second live process asking for
shards another process runs, a process whose --shard-count differs from the cluster's, and
--adopt outside a cluster. Two processes on one SQLite file (one machine) share the leases as a
cluster on PostgreSQL does."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest

from tests.cluster.processes import run_to_end, start, until
from tests.fake_discord import FakeDiscord

pytestmark = pytest.mark.xdist_group("cluster")


def refusal(err: str) -> str:
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.startswith("Dispatch cannot start:")]
    assert len(lines) == 1, err
    return lines[0]


async def test_a_second_process_on_the_same_shards_is_refused_in_one_line(tmp_path):
    fake = await FakeDiscord().start()
    fake.max_concurrency = 2
    database = tmp_path / "dispatch.sqlite3"
    first = None
    try:
        first = start(fake, "", "0-1", 2, tmp_path, "--db", str(database))
        await until(lambda: fake.identified_shards() == [(0, 2), (1, 2)], 90, "the first process's shards",
                    [first])

        # the refused starts at once (each is a whole interpreter's start: side by side they cost one)
        taken, count, missing, alone = await asyncio.gather(
            run_to_end(fake, "", "--shards", "1", "--shard-count", "2", "--db", str(database)),
            run_to_end(fake, "", "--shards", "3", "--shard-count", "4", "--db", str(database)),
            run_to_end(fake, "", "--shards", "2-3", "--shard-count", "2", "--db", str(database)),
            run_to_end(fake, "", "--adopt", "2", "--db", str(database)))
        code, out, err = taken
        line = refusal(err)
        assert code == 78, (out, err)
        assert line.startswith("Dispatch cannot start: shards 1 of 2 are already run by another Dispatch process (")
        assert "give each process its own --shards" in line and "--standby" in line and "--adopt" in line
        assert f"/{first.pid}/" in line                 # names the process that holds them

        code, out, err = count
        assert code == 78 and "--shard-count 4 differs from the cluster's 2" in refusal(err), (out, err)

        code, out, err = missing
        assert code == 78 and refusal(err) == ("Dispatch cannot start: --shards: shard 2 does not exist with "
                                               "--shard-count 2 (shards are numbered 0 to 1).")

        code, out, err = alone
        assert code == 78 and refusal(err) == ("Dispatch cannot start: --adopt takes over other processes' shards "
                                               "in a cluster: give --shards and --shard-count too."), (out, err)

        # the first process was never disturbed: it still holds both shards
        assert first.popen.poll() is None and fake.identified_shards() == [(0, 2), (1, 2)]
        with sqlite3.connect(database) as conn:
            holders = {row[0] for row in conn.execute("SELECT holder FROM shard_leases")}
        assert len(holders) == 1 and f"/{first.pid}/" in holders.pop()

        # SIGTERM (systemd's stop) hands the shards back at once, cleanly
        first.popen.terminate()
        assert first.popen.wait(timeout=60) == 0, first.output()
        with sqlite3.connect(database) as conn:
            assert conn.execute("SELECT count(*) FROM shard_leases").fetchone() == (0,)
        assert "Traceback" not in first.output()
    finally:
        if first is not None:
            first.kill()
        await fake.stop()


async def test_a_killed_process_leaves_its_shards_to_the_next_start_on_its_machine_at_once(tmp_path):
    """After a SIGKILL on this machine the next start sees the holder is gone and takes its shards
    without waiting for the lease to run out (a clean stop hands them back: the test above)."""
    fake = await FakeDiscord().start()
    database = tmp_path / "dispatch.sqlite3"
    running = []

    def leases() -> list[str]:
        with sqlite3.connect(database) as conn:
            return [row[0] for row in conn.execute("SELECT holder FROM shard_leases")]

    try:
        # a lease of a minute: without seeing that its holder is gone, the next start would wait for it
        second = start(fake, "", "0", 1, tmp_path, "--db", str(database), DISPATCH_LEASE_SECONDS="60")
        running.append(second)
        await until(lambda: fake.identified_shards() == [(0, 1)] and leases(), 90, "the second process connected",
                    running)
        second.kill()
        third = start(fake, "", "0", 1, tmp_path, "--db", str(database), DISPATCH_LEASE_SECONDS="60")
        running.append(third)
        await until(lambda: any(f"/{third.pid}/" in holder for holder in leases()), 90,
                    "the third process holding the shard", running)
        await until(lambda: "shard 0 of 1 ready" in third.output(), 90, "the third process connected", running)
        assert "is gone: taking them over" in third.output() and "Waiting for" not in third.output()
        assert len(leases()) == 1
    finally:
        for process in running:
            process.kill()
        await fake.stop()
