"""A PostgreSQL server of the tests' own, with passwords, on either pass of the suite (SQLite or
PostgreSQL): what `--migrate-to` copies into and what a start with a wrong password meets.

It is started as `.ci/with-postgresql` starts CI's (Debian's postgresql package; initdb in a
temporary folder, a unix socket in that folder only, no fsync), but logins need the password
(scram-sha-256), so that a wrong one is refused as a host's server would refuse it. One server
per test process, started when a test first asks for it and stopped at the end of the run."""
from __future__ import annotations

import atexit
import glob
import os
import secrets
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

USER = "dispatch_owner"


def server_bin() -> Path:
    """The folder of PostgreSQL's initdb and pg_ctl: Debian's postgresql package, installed with
    apt-get when missing (as `.ci/with-postgresql` does: root, or sudo without a password), so the
    tests that start a server of their own run on the SQLite pass of a fresh machine too."""
    try:
        return _found_bin()
    except RuntimeError:
        sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        install = [*sudo, "apt-get", "install", "-y", "-q", "postgresql"]
        if subprocess.run(install, env=env, capture_output=True).returncode != 0:
            subprocess.run([*sudo, "apt-get", "update", "-q"], env=env, capture_output=True)
            subprocess.run(install, env=env, capture_output=True)
        return _found_bin()


def _found_bin() -> Path:
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[4]), reverse=True):
        if os.access(f"{folder}/initdb", os.X_OK) and os.access(f"{folder}/pg_ctl", os.X_OK):
            return Path(folder)
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    raise RuntimeError("these tests need a PostgreSQL server: install Debian's postgresql package "
                       "(`.ci/with-postgresql` does it), or run the suite with DATABASE_URL=postgresql://…")


class Server:
    """A running throw-away cluster; `url(database, password)` reaches it."""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="dispatch-pgpw."))
        self.password = secrets.token_hex(12)
        self.as_user: list[str] = []
        if os.geteuid() == 0:          # PostgreSQL refuses to run as root: the package's user runs it
            if subprocess.run(["id", "postgres"], capture_output=True).returncode != 0:
                subprocess.run(["useradd", "--system", "--no-create-home", "postgres"], check=True)
            shutil.chown(self.folder, "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.folder.chmod(0o755)
        self.bindir = server_bin()
        self.data = self.folder / "data"
        secret = self.folder / "password"
        secret.write_text(self.password + "\n")
        if self.as_user:
            shutil.chown(secret, "postgres")
        try:
            self._run("initdb", "-D", str(self.data), "-U", USER, "--auth=scram-sha-256", f"--pwfile={secret}",
                      "--no-locale", "-E", "UTF8", "--no-sync")
            self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"), "-w", "-t", "60",
                      "-o", f"-k {self.folder} -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
                            "-c full_page_writes=off -c max_connections=50", "start")
        except BaseException:
            self.stop()
            raise

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([*self.as_user, str(self.bindir / program), *args], capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"{program} failed: {done.stderr or done.stdout}")

    def url(self, database: str = "postgres", password: str | None = None) -> str:
        secret = quote(self.password if password is None else password, safe="")
        return f"postgresql://{USER}:{secret}@/{database}?host={self.folder}"

    def stop(self) -> None:
        if self.data.exists():
            subprocess.run([*self.as_user, str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                            "-w", "stop"], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)

    async def new_database(self) -> str:
        """The URL of a new, empty database (no tables) on this server."""
        import asyncpg

        name = f"copy_{secrets.token_hex(6)}"
        admin = await asyncpg.connect(self.url())
        try:
            await admin.execute(f"CREATE DATABASE {name}")
        finally:
            await admin.close()
        return self.url(name)


_server: Server | None = None


def password_server() -> Server:
    """This test process's server, started on first use."""
    global _server
    if _server is None:
        _server = Server()
        atexit.register(_server.stop)
    return _server


def stop_password_server() -> None:
    """At the end of the test process (conftest)."""
    global _server
    if _server is not None:
        _server.stop()
        _server = None
