"""A PostgreSQL database for the cluster tests, whatever the suite runs on: the suite's own
(`DATABASE_URL=postgresql://…`, one database of this test process's), else a throw-away cluster
started here as `.ci/with-postgresql` does (initdb in a temporary folder, a unix socket only,
no fsync; stopped and deleted afterwards), so that the tests run, and are never skipped, on the
SQLite pass of CI too."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from contextlib import asynccontextmanager
from pathlib import Path

from tests.storage.databases import ON_POSTGRESQL, worker_databases
from tests.storage.postgresql import server_bin


@asynccontextmanager
async def postgresql_url():
    """The URL of an empty, unmigrated PostgreSQL database for the test's processes."""
    if ON_POSTGRESQL:
        databases = worker_databases()
        url = await databases.take(migrated=False)
        try:
            yield url
        finally:
            await databases.give_back(url, migrated=False)
        return
    folder = Path(tempfile.mkdtemp(prefix="dispatch-pg."))
    as_user: list[str] = []
    if os.geteuid() == 0:       # PostgreSQL refuses to run as root: the package's `postgres` user runs it
        if subprocess.run(["id", "postgres"], capture_output=True).returncode != 0:
            subprocess.run(["useradd", "--system", "--no-create-home", "postgres"], check=True)
        shutil.chown(folder, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    folder.chmod(0o755)
    bindir = server_bin()
    data = folder / "data"
    try:
        subprocess.run([*as_user, str(bindir / "initdb"), "-D", str(data), "-U", "dispatch", "--auth=trust",
                        "--no-locale", "-E", "UTF8", "--no-sync"], check=True, capture_output=True)
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-w",
                        "-t", "60", "-o", f"-k {folder} -c listen_addresses='' -c fsync=off "
                        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200", "start"],
                       check=True, capture_output=True)
        yield f"postgresql://dispatch@/postgres?host={folder}"
    finally:
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
