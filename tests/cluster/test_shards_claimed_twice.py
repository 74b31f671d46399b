"""A bad cluster set-up is refused at start with one line and exit status 78 (EX_CONFIG, which
README's systemd unit does not restart), never a traceback: a second live process asking for
shards another process runs, and a process whose --shard-count differs from the cluster's. Two
processes on one SQLite file (one machine) share the leases as a cluster on PostgreSQL does."""
from __future__ import annotations

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

        code, out, err = await run_to_end(fake, "", "--shards", "1", "--shard-count", "2", "--db", str(database))
        line = refusal(err)
        assert code == 78, (out, err)
        assert line.startswith("Dispatch cannot start: shards 1 of 2 are already run by another Dispatch process (")
        assert "give each process its own --shards" in line and "--standby" in line
        assert f"/{first.pid}/" in line                 # names the process that holds them

        code, out, err = await run_to_end(fake, "", "--shards", "3", "--shard-count", "4", "--db", str(database))
        assert code == 78 and "--shard-count 4 differs from the cluster's 2" in refusal(err), (out, err)

        code, out, err = await run_to_end(fake, "", "--shards", "2-3", "--shard-count", "2", "--db", str(database))
        assert code == 78 and refusal(err) == ("Dispatch cannot start: --shards: shard 2 does not exist with "
                                               "--shard-count 2 (shards are numbered 0 to 1).")

        # the first process was never disturbed: it still holds both shards
        assert first.popen.poll() is None and fake.identified_shards() == [(0, 2), (1, 2)]
        with sqlite3.connect(database) as conn:
            holders = {row[0] for row in conn.execute("SELECT holder FROM shard_leases")}
        assert len(holders) == 1 and f"/{first.pid}/" in holders.pop()
    finally:
        if first is not None:
            first.kill()
        await fake.stop()
