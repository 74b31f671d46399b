"""Dispatch: entry point.

With DISCORD_TOKEN set (in .env or the environment) the bot connects to Discord; without
one (or with --console) it starts the offline console on the same database.
"""
from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

from dotenv import load_dotenv

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from db import Database, DatabaseUnavailable, SchemaTooNew, StorageError, database_for, is_postgresql_url  # noqa: E402,E501
from engine.catalog import register_all  # noqa: E402
from service import GameService  # noqa: E402
from service.cluster import LEASE_SECONDS, POLL_SECONDS, ShardLeases, ShardSet, ShardsTaken  # noqa: E402
from service.limits import Limits  # noqa: E402

log = logging.getLogger("dispatch")


IDENTIFY_WINDOW = 5.0     # Discord: each identify bucket starts one session per 5 seconds
# The exit status of a start that a setting must fix before a restart can help (a token Discord
# refuses, privileged intents off, a database from a newer Dispatch, a bad DISPATCH_SHARDS): 78 is
# EX_CONFIG of sysexits.h, and README's systemd unit has RestartPreventExitStatus=78, so such a
# start fails once, with one line saying what to change, instead of restarting in a loop.
CONFIG_ERROR = 78
PORTAL = "https://discord.com/developers/applications"


class CannotStart(Exception):
    """A start refused for a setting the host must change; the message is the one line to show."""


def refusal_line(error: BaseException) -> str | None:
    """What a host must change, in one line, when Discord refuses the bot's settings at start;
    None for any other failure (the network, Discord having a bad minute: a restart may help)."""
    import discord

    code = error.code if isinstance(error, discord.ConnectionClosed) else None
    if isinstance(error, discord.LoginFailure) or code == 4004:
        return (f"Discord refused DISCORD_TOKEN (wrong, or reset since): copy the token from {PORTAL} → your "
                f"application → Bot → Reset Token into .env as DISCORD_TOKEN=…, then start again.")
    if isinstance(error, discord.PrivilegedIntentsRequired) or code == 4014:
        return (f"the Message Content and Server Members intents are off for this bot: turn both on at {PORTAL} "
                f"→ your application → Bot → Privileged Gateway Intents, then start again.")
    if code in (4010, 4011):
        return (f"Discord refused the number of shards (close code {code}): leave DISPATCH_SHARDS empty in .env "
                f"to let Discord choose (in a cluster, give every process a --shard-count of at least the "
                f"number GET /gateway/bot advises), then start again.")
    return None


async def run_discord(service: GameService, token: str, cluster: ShardSet | None = None,
                      standby: bool = False, adopt: int = 0) -> None:
    """Connect to Discord until stopped; `CannotStart` when Discord refuses the bot's settings or
    another live process runs the shards asked for. `cluster`: this process runs only these
    shards (README, "Hosting" → "A cluster of processes"); else it runs every shard, alone on its
    database. `adopt`: it also takes over, up to that many, shards whose lease lapsed (their
    process died), opening their gateway connections as it runs."""
    from cogs.permissions import invite_url
    from service.workers import ProcessPool

    client_id = client_id_of(token)
    if client_id:
        print(f"Invite Dispatch to a server with exactly the permissions it needs:\n  {invite_url(client_id)}")
    dev = os.getenv("DISPATCH_DEV_GUILD", "").strip()
    try:
        shards = ShardPlan.from_env(os.getenv("DISPATCH_SHARDS"), cluster)
        dev_guild = int(dev) if dev else None
        configure_api_base(os.getenv("DISCORD_API_BASE"))
        lease = seconds_setting("DISPATCH_LEASE_SECONDS", LEASE_SECONDS)
        poll = seconds_setting("DISPATCH_POLL_SECONDS", POLL_SECONDS)
    except ValueError as exc:
        if not str(exc).startswith(("DISPATCH_SHARDS", "DISCORD_API_BASE", "DISPATCH_LEASE", "DISPATCH_POLL")):
            exc = ValueError(f"DISPATCH_DEV_GUILD must be a server id (a number), not {dev!r}")
        raise CannotStart(str(exc)) from None
    node = service.node             # the parts hold this very Node: its shards and timings set in place
    node.shards, node.lease = cluster, lease
    node.poll = poll if cluster is not None else None       # alone, the clock wakes on its own changes
    leases = ShardLeases(service.store.db, node, adopt=adopt)
    try:
        await leases.acquire(standby)
    except ShardsTaken as exc:
        raise CannotStart(str(exc)) from None
    service.cpu = ProcessPool()
    bot = build_bot(service, os.getenv("DISPATCH_PREFIX", "!") or "!", dev_guild, shards)
    lost: list[str] = []

    async def on_lost(reason: str) -> None:
        lost.append(reason)
        await bot.close()

    adopting: set[asyncio.Task] = set()

    def on_adopted(shard_ids: tuple[int, ...]) -> None:
        # connecting waits for Discord's identify window: never in the way of the lease's renewal
        task = asyncio.create_task(bot.adopt_shards(shard_ids), name=f"adopt-shards-{shard_ids}")
        adopting.add(task)
        task.add_done_callback(adopting.discard)

    keeper = asyncio.create_task(leases.keep(on_lost, on_adopted, lambda: bot.is_ready()), name="shard-lease")
    stop_on_sigterm(bot)
    try:
        async with bot:
            try:
                await bot.start(token)
            except Exception as exc:  # noqa: BLE001 - named if it is a setting, else raised as it is
                line = refusal_line(exc)
                if line is None:
                    raise
                raise CannotStart(line) from None
    finally:
        keeper.cancel()
        # the renewal stops (its transaction closed) before the leases are handed back
        await asyncio.gather(keeper, return_exceptions=True)
        await leases.release()
    if lost:
        raise LeaseLost(lost[0])


def stop_on_sigterm(bot) -> None:
    """systemd stops the bot with SIGTERM: close the connection cleanly, so the shards' lease is
    handed back at once and the next start (a restart, a deploy) need not wait for it to run out."""
    import signal

    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
    except (NotImplementedError, RuntimeError):     # not on this platform, or not the main thread
        pass


class LeaseLost(Exception):
    """This process stopped because its shards' lease ran out (the database was out of reach):
    a restart (systemd's) takes them again once they are free."""


def configure_api_base(base: str | None) -> str | None:
    """`DISCORD_API_BASE`: where discord.py sends its REST calls (and interaction responses),
    e.g. a rate-limit proxy such as nirn-proxy (`http://127.0.0.1:8080/api/v10`) that shares one
    set of Discord's rate limits between several processes. A base without `/api/v…` gets
    `/api/v10`, the version discord.py speaks. Empty: Discord itself."""
    import discord

    base = (base or "").strip().rstrip("/")
    if not base:
        return None
    scheme, _, rest = base.partition("://")
    if scheme not in ("http", "https") or not rest or rest.startswith("/"):
        raise ValueError(f"DISCORD_API_BASE must be an http:// or https:// address such as "
                         f"http://127.0.0.1:8080/api/v10, not {base!r}")
    if "/api/v" not in rest:
        base += "/api/v10"
    discord.http.Route.BASE = base
    return base


def seconds_setting(name: str, default: float) -> float:
    text = os.getenv(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise ValueError(f"{name} must be a number of seconds above 0, not {text!r}")
    return value


class ShardPlan:
    """Which shards the bot runs. Discord requires sharding from 2,500 servers; each shard is one
    gateway connection carrying the servers whose `(guild_id >> 22) % count` is its id. By
    default one process runs every shard, their count from Discord (GET /gateway/bot, its
    recommendation) or fixed by `.env` (`DISPATCH_SHARDS`). In a cluster (`--shards 0-3
    --shard-count 8`) a process runs only its shards; the others run the rest, and work is
    claimed in the shared database so that nothing is done twice (service/cluster.py)."""

    def __init__(self, count: int | None = None, ids: tuple[int, ...] | None = None):
        if count is not None and count < 1:
            raise ValueError(f"DISPATCH_SHARDS must be 1 or more, not {count}")
        self.count = count
        self.ids = ids

    @classmethod
    def from_env(cls, count: str | None, cluster: ShardSet | None = None) -> "ShardPlan":
        """From the `.env` text (empty: ask Discord), or the cluster's flags, which win."""
        if cluster is not None:
            return cls(cluster.count, cluster.ids)
        count = (count or "").strip()
        try:
            return cls(int(count) if count else None)
        except ValueError as exc:
            if "must be" in str(exc):
                raise
            raise ValueError(f"DISPATCH_SHARDS must be a number of shards (e.g. `2`), not {count!r}") from None

    def options(self) -> dict:
        """The keyword arguments for discord.py's AutoShardedBot."""
        return {"shard_count": self.count} if self.ids is None else \
            {"shard_count": self.count, "shard_ids": list(self.ids)}


def build_bot(service: GameService, prefix: str = "!", dev_guild: int | None = None,
              shards: ShardPlan | None = None):
    import discord
    from discord.ext import commands

    from cogs import EXTENSIONS
    from cogs.permissions import invite_url

    intents = discord.Intents.default()
    intents.message_content = True   # plain order lines in seat channels
    intents.members = True           # permission overwrites for seated players

    class DispatchBot(commands.AutoShardedBot):
        _identified: dict[int, float] = {}
        _concurrency: int | None = None

        async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
            """Start sessions as fast as Discord allows: shards `max_concurrency` apart
            (GET /gateway/bot) identify together; a shard waits only for the one before it in
            its bucket (`shard_id % max_concurrency`), 5 seconds after that one started."""
            if self._concurrency is None:
                try:
                    limits = await self.fetch_session_start_limits()
                    self._concurrency = max(1, limits.max_concurrency)
                except (discord.HTTPException, discord.GatewayNotFound):
                    self._concurrency = 1
            bucket = (shard_id or 0) % self._concurrency
            loop = asyncio.get_running_loop()
            last = self._identified.get(bucket)
            if last is not None and loop.time() - last < IDENTIFY_WINDOW:
                await asyncio.sleep(IDENTIFY_WINDOW - (loop.time() - last))
            self._identified[bucket] = loop.time()

        async def setup_hook(self) -> None:
            self._identified = {}
            if self.shard_count is not None:
                # with the count fixed, discord.py would dial its built-in gateway address; Discord
                # says to use the one GET /gateway/bot gives (through DISCORD_API_BASE, if set)
                from discord.gateway import DiscordWebSocket
                import yarl

                try:
                    _, url, _ = await self.http.get_bot_gateway()
                    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
                except (discord.HTTPException, discord.GatewayNotFound):
                    log.warning("GET /gateway/bot failed; connecting to discord.py's default gateway")
            for extension in EXTENSIONS:
                await self.load_extension(extension)
            await self.sync_commands(force=False)

        async def sync_commands(self, force: bool) -> bool:
            """Send the slash commands to Discord only when they changed since the last sync
            (a hash is kept in the database) or when forced by the owner's `sync` command."""
            guild = discord.Object(id=dev_guild) if dev_guild else None
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            payload = [command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
            digest = hashlib.sha256(json.dumps(sorted(payload, key=lambda c: c["name"]), sort_keys=True)
                                    .encode()).hexdigest()
            key = f"command_tree:{dev_guild or 'global'}"
            if not force and await service.store.get_meta(key) == digest:
                log.info("slash commands unchanged; not syncing")
                return False
            await self.tree.sync(guild=guild)
            await service.store.set_meta(key, digest)
            log.info("slash commands synced (%d commands)", len(payload))
            return True

        async def adopt_shards(self, shard_ids: tuple[int, ...]) -> None:
            """Open the gateway connections of shards this process adopted (their lease lapsed)
            while it runs. discord.py has no public call to add a shard to a running
            AutoShardedClient; `launch_shard` is the step its own `connect` takes for each shard
            (identify through `before_identify_hook`, then the shard's events join the same
            queue, cache and command tree). The shard ids are widened first so that the new
            shard's READY is not taken for the end of the bot's start; once the shard is ready
            (`on_shard_ready`) this process posts to its servers."""
            from discord.gateway import DiscordWebSocket

            self.shard_ids = sorted({*(self.shard_ids or ()), *shard_ids})
            self._connection.shard_ids = self.shard_ids
            for shard_id in shard_ids:
                log.info("connecting adopted shard %d of %d", shard_id, self.shard_count)
                await self.launch_shard(DiscordWebSocket.DEFAULT_GATEWAY, shard_id)

        async def on_shard_ready(self, shard_id: int) -> None:
            log.info("shard %d of %d ready", shard_id, self.shard_count or 1)
            service.node.serve(shard_id)        # an adopted shard's servers are known now: post to them

        async def on_ready(self) -> None:
            log.info("connected as %s to %d server(s) on %d shard(s)", self.user, len(self.guilds),
                     len(self.shards))
            log.info("invite link with the permissions Dispatch needs: %s", invite_url(self.user.id))

    bot = DispatchBot(command_prefix=commands.when_mentioned_or(prefix), intents=intents, help_command=None,
                      allowed_mentions=discord.AllowedMentions.none(), **(shards or ShardPlan()).options())
    bot.service = service

    async def within_limits(ctx: commands.Context) -> bool:
        """Every command anyone gives, typed or slash, passes here once: at most
        `service.limits.commands` of them per person (`service.limits`; the clock never does)."""
        if service.limits is not None:
            from service.limits import TooFast
            try:
                service.limits.command(ctx.author.id)
            except TooFast as exc:
                raise commands.CheckFailure(str(exc)) from None
        return True

    bot.add_check(within_limits, call_once=True)

    @bot.command(name="sync", hidden=True)
    @commands.is_owner()
    async def sync(ctx: commands.Context) -> None:
        """Owner only (`!sync` or `@Dispatch sync`): send the slash commands to Discord now.
        Global commands take up to an hour to show in every server; a development server's
        (DISPATCH_DEV_GUILD) show at once."""
        await bot.sync_commands(force=True)
        where = (f"to the development server {dev_guild} (DISPATCH_DEV_GUILD): they show there at once"
                 if dev_guild else "globally: Discord can take up to an hour to show them in every server")
        await ctx.send(f"Slash commands synced {where}.")

    return bot


async def run_console(service: GameService, out_dir: str) -> None:
    from console import Console

    console = Console(service, out_dir)
    await console.execute("")   # deadlines that passed while nobody was running adjudicate now
    clock = asyncio.create_task(console.clock.run(), name="console-clock")
    print("Dispatch offline console. Type `help`; `as NAME` switches player; `quit` ends.")
    loop = asyncio.get_running_loop()
    while True:
        prompt = f"{console.actor.name}> "
        try:
            line = await loop.run_in_executor(None, lambda: input(prompt))
        except (EOFError, KeyboardInterrupt):
            print()
            break
        if line.strip().lower() in ("quit", "exit"):
            break
        await console.execute(line)
    clock.cancel()


async def main(argv: list[str] | None = None) -> None:
    load_dotenv(ROOT / ".env")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--console", action="store_true", help="offline console even with a token")
    parser.add_argument("--db", metavar="PATH", help="the SQLite database (default: DISPATCH_DB); given, it wins "
                                                     "over DATABASE_URL")
    parser.add_argument("--migrate-to", metavar="URL", help="copy the SQLite database (--db, DISPATCH_DB) into the "
                                                            "empty PostgreSQL database at URL, check it, and exit")
    parser.add_argument("--backup", metavar="PATH", help="write a consistent copy of the database to PATH "
                                                           "(safe while the bot runs) and exit")
    parser.add_argument("--shards", metavar="IDS", help="cluster mode: run only these Discord shards (`0-3`, `0,2`); "
                                                        "other processes on the same database run the rest")
    parser.add_argument("--shard-count", type=int, metavar="N", help="cluster mode: the cluster's number of "
                                                                     "shards, the same on every process")
    parser.add_argument("--standby", action="store_true", help="cluster mode: wait for the process running these "
                                                               "shards to stop, then take them over")
    parser.add_argument("--adopt", type=int, metavar="N", default=0,
                        help="cluster mode: also take over, up to N, shards whose lease lapsed (their process died "
                             "or lost its machine), without a restart; stand by if these --shards are run by another "
                             "live process")
    args = parser.parse_args(argv)
    target, args.db = database_setting(args.db)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.backup:
        from db.backup import BackupError, backup

        if is_postgresql_url(target):
            raise SystemExit("Backup refused: the database is PostgreSQL (DATABASE_URL); back it up with "
                             "pg_dump (README, \"PostgreSQL\"). Nothing was written.")

        try:
            size = backup(args.db, args.backup)
        except BackupError as exc:
            raise SystemExit(f"Backup refused: {exc}. Nothing was written.") from None
        print(f"Backed up {args.db} to {args.backup} ({size / 2**20:.1f} MiB).")
        return
    if args.migrate_to:
        await migrate_to(args.db, args.migrate_to)
        return
    register_all()
    cluster = None
    if args.shards is not None or args.shard_count is not None:
        try:
            cluster = ShardSet.parse(args.shards or "", args.shard_count) if args.shards is not None else \
                ShardSet.parse(f"0-{args.shard_count - 1}", args.shard_count)
        except ValueError as exc:
            cannot_start(str(exc))
    if args.adopt < 0:
        cannot_start(f"--adopt takes a number of shards, 0 or more, not {args.adopt}")
    if args.adopt and cluster is None:
        cannot_start("--adopt takes over other processes' shards in a cluster: give --shards and --shard-count too")
    db = await open_database(target)
    service = GameService(db)
    service.limits = Limits(service.clock)      # letters and commands per person (README, "Limits")
    token = os.getenv("DISCORD_TOKEN", "").strip()
    try:
        if args.console or not token:
            if not token:
                print("No DISCORD_TOKEN in .env: starting the offline console.")
            await run_console(service, os.getenv("DISPATCH_OUT", str(ROOT / "out")))
        else:
            try:
                await run_discord(service, token, cluster, args.standby, args.adopt)
            except CannotStart as exc:
                cannot_start(str(exc))
            except LeaseLost as exc:
                print(f"Dispatch stopped: {exc}.", file=sys.stderr)
                raise SystemExit(1) from None
    finally:
        service.cpu.close()
        await db.close()


def cannot_start(reason: str) -> None:
    """End the start with one line on standard error (the journal keeps it) and `CONFIG_ERROR`."""
    print(f"Dispatch cannot start: {reason.rstrip('.')}.", file=sys.stderr)
    raise SystemExit(CONFIG_ERROR)


def database_setting(flag: str | None) -> tuple[str, str]:
    """What to open (`--db` if given, else DATABASE_URL, else DISPATCH_DB) and the SQLite path
    (`--db`, else DISPATCH_DB: what --backup copies and --migrate-to reads)."""
    path = flag or os.getenv("DISPATCH_DB", "").strip() or str(ROOT / "data" / "dispatch.sqlite3")
    return (flag or os.getenv("DATABASE_URL", "").strip() or path), path


async def open_database(target: str):
    """The database, connected and migrated. A bad set-up ends the start with one line: a
    setting to change (wrong password, unknown database, a newer Dispatch's schema) with
    `CONFIG_ERROR`, which systemd does not restart; a server out of reach with status 1, which it
    restarts (the server may be starting too)."""
    try:
        return await database_for(target).connect()
    except SchemaTooNew as exc:
        cannot_start(str(exc))
    except DatabaseUnavailable as exc:
        if not exc.retry:
            cannot_start(str(exc))
        print(f"Dispatch cannot start: {str(exc).rstrip('.')}.", file=sys.stderr)
        raise SystemExit(1) from None
    except StorageError as exc:
        print(f"Dispatch cannot start: the database failed while preparing it ({exc}).", file=sys.stderr)
        raise SystemExit(1) from None


async def migrate_to(path: str, url: str) -> None:
    """`--migrate-to URL`: copy the SQLite database at `path` into the empty PostgreSQL database
    at `url` (db/transfer.py: row counts and every game's current state checked before COMMIT);
    a refusal is one line and exit status 1, with nothing written."""
    from db.transfer import TransferRefused, copy_to_postgresql
    from service.models import decode_state, encode_state

    def refuse(reason: str) -> None:
        print(f"Migration refused: {reason.rstrip('.')}.", file=sys.stderr)
        raise SystemExit(1)

    if not is_postgresql_url(url):
        refuse(f"--migrate-to takes a PostgreSQL URL (postgresql://user:password@host/database), not {url!r}")
    if not Path(path).is_file():
        refuse(f"there is no SQLite database at {path} (set DISPATCH_DB or --db to the file to copy)")
    source = target = None
    try:
        source = await Database(path).connect()
        target = await database_for(url).connect()
        done = await copy_to_postgresql(source, target, decode_state,
                                        lambda text: encode_state(decode_state(text)))
    except (SchemaTooNew, DatabaseUnavailable, TransferRefused, StorageError) as exc:
        refuse(str(exc))
    finally:
        for database in (source, target):
            if database is not None:
                await database.close()
    print(f"Copied {path} into {target.path}: {done.total:,} rows in {len(done.rows)} tables, counts equal; "
          f"the current state of {done.games_checked:,} game{'' if done.games_checked == 1 else 's'} equal. Put DATABASE_URL={target.path} (with its "
          f"password) in .env and start Dispatch.")


def client_id_of(token: str) -> int | None:
    """A bot token starts with its user id in base64; that id is also the application's."""
    try:
        head = token.split(".", 1)[0]
        return int(base64.b64decode(head + "=" * (-len(head) % 4)).decode())
    except (ValueError, UnicodeDecodeError):
        return None


if __name__ == "__main__":
    asyncio.run(main())
