"""Several Dispatch processes on one database (README, "Hosting" → "A cluster of processes").

Each process is a `Node`: a name no other process shares, how long its claims of work hold, and
— in cluster mode (`bot.py --shards 0-3 --shard-count 8`) — the Discord shards it runs. Work is
claimed row by row in the database (`db/claims.py`, migration 0016): a due deadline or reminder
(`Timers`), a message or a job owed to Discord (`Outbox`: only by the process whose shards carry
the message's server, `(guild_id >> 22) % count`, since only that process talks to that server's
gateway and renders the maps it posts), the bots' turn in a phase (`BotSeats`). A claim lasts
`claim` (twice the shard lease): a process that dies leaves its work to the others when its
claims run out, and a process that finishes checks its claim is still its own before it writes.
A phase is adjudicated once whatever the claims: its write holds the phase row and reads it
again (`Adjudicator.adjudicate_in`).

The shards themselves are leased (`ShardLeases`): a process renews its lease every `heartbeat`;
a lease not renewed for `lease` seconds has lapsed and is free, so a crashed process's shards are
taken over by the next process started with them, or — when processes run with `--adopt N` — by
a live process of the cluster, which adopts lapsed shards (up to N) and opens their gateway
connections without a restart. Each lease is taken in one conditional statement
(`Claims.take_shard`), so two processes never both hold a shard. A second live process asking
for the same shards is refused at start (`ShardsTaken`, one line), after seeing the holder's
heartbeat move; with `--adopt`, it stands by instead (the holder may have adopted them while it
was down: it never takes them from a live process).
"""
from __future__ import annotations

import asyncio
import logging
import math
import os
import secrets
import socket
from pathlib import Path
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Awaitable, Callable

log = logging.getLogger("dispatch.cluster")

LEASE_SECONDS = 30.0          # a shard lease not renewed for this long is free (a crashed process's)
POLL_SECONDS = 2.0            # a cluster process looks for work the others queued at least this often
EVERY_SHARD = -1              # the lease of a process run without --shards: it runs them all


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def stamp(moment: datetime) -> str:
    """A lease's time as stored: ISO in UTC to the microsecond (compares as text with the
    service's times to the second: `…:01+00:00` < `…:01.5+00:00` < `…:02+00:00`)."""
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")


@dataclass(frozen=True)
class ShardSet:
    """Some of the bot's shards: `ids` out of `count` (Discord: a server is on shard
    `(guild_id >> 22) % count`)."""

    ids: tuple[int, ...]
    count: int

    @classmethod
    def parse(cls, text: str, count: int | None) -> "ShardSet":
        """`0-3`, `4,5` or `0-1,6` out of `count`; ValueError naming what is wrong."""
        if count is None:
            raise ValueError("--shards needs --shard-count (the same number on every process of the cluster)")
        if count < 1:
            raise ValueError(f"--shard-count must be 1 or more, not {count}")
        ids: set[int] = set()
        for part in str(text).replace(" ", "").split(","):
            low, dash, high = part.partition("-")
            try:
                first, last = int(low), int(high if dash else low)
            except ValueError:
                raise ValueError(f"--shards takes shard numbers and ranges such as `0-3` or `0,2`, not {text!r}") \
                    from None
            if first > last:
                raise ValueError(f"--shards: the range {part} runs backwards")
            ids.update(range(first, last + 1))
        wrong = sorted(i for i in ids if not 0 <= i < count)
        if wrong:
            raise ValueError(f"--shards: shard {wrong[0]} does not exist with --shard-count {count} "
                             f"(shards are numbered 0 to {count - 1})")
        return cls(tuple(sorted(ids)), count)

    def owns(self, guild_id: int) -> bool:
        return (int(guild_id) >> 22) % self.count in self.ids

    def describe(self) -> str:
        """`0-3 of 8`, `0,2 of 4`."""
        runs, start = [], None
        for index, shard in enumerate(self.ids):
            if start is None:
                start = shard
            if index + 1 == len(self.ids) or self.ids[index + 1] != shard + 1:
                runs.append(f"{start}" if start == shard else f"{start}-{shard}")
                start = None
        return f"{','.join(runs)} of {self.count}"


class Node:
    """This process among those sharing the database: its name (host, process id and a random
    part, so a restarted process is never taken for the one before it), how long its claims of
    work hold, the shards it runs (None: every shard, or no Discord at all), and how often its
    clock looks for work the other processes queued (`poll`; None: one process, whose clock
    wakes when its own service changes something)."""

    def __init__(self, name: str | None = None, lease: float = LEASE_SECONDS, shards: ShardSet | None = None,
                 poll: float | None = None):
        self.name = name or f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(3)}"
        self.lease = lease
        self.shards = shards
        self.poll = poll

    @property
    def claim(self) -> timedelta:
        """How long a claim of work holds: long enough for any one piece of work (an adjudication
        in the pool is bounded at 120 s but takes milliseconds; a message with its maps, seconds)."""
        return timedelta(seconds=2 * self.lease)

    def owns(self, guild_id: int) -> bool:
        """Whether this process posts to this server (its shard is one of ours)."""
        return self.shards is None or self.shards.owns(guild_id)

    def serve(self, shard: int) -> None:
        """Post to the servers of an adopted `shard` from now on: called once its gateway
        connection is ready and its servers are known, since a job that needs the server itself
        (archiving, access) would fail for a server not known yet."""
        if self.shards is not None and shard not in self.shards.ids:
            self.shards = ShardSet(tuple(sorted((*self.shards.ids, shard))), self.shards.count)

    @property
    def shard_filter(self) -> tuple[int, tuple[int, ...]] | None:
        """The outbox's filter: (count, ids), or None for every server."""
        return None if self.shards is None else (self.shards.count, self.shards.ids)


class ShardsTaken(Exception):
    """Another live process holds some of the shards asked for; the message is the one line."""


class LeaseLost(Exception):
    """This process no longer holds its shards (another took them, or the database was out of
    reach for longer than a lease): it must stop talking to Discord."""


class ShardLeases:
    """The leases of this process's shards: taken at start, renewed every `heartbeat`, handed
    back at a clean stop. `adopt`: how many shards whose lease lapsed (their process stopped
    renewing: a crash, a lost machine) this process may take over besides its own."""

    def __init__(self, db, node: Node, clock: Callable[[], datetime] = utcnow, adopt: int = 0):
        self.db = db
        self.node = node
        self.clock = clock
        self.held = False
        self.adopt = adopt
        self.own = node.shards                  # the shards asked for at start
        self.leased = node.shards               # and those adopted since (served once connected: Node.serve)
        self.next_lapse: datetime | None = None  # when another process's lease lapses unless renewed first
        self.since: datetime | None = None      # when this process took its leases (acquire)

    @property
    def adopted(self) -> tuple[int, ...]:
        """The shards this process took over from processes whose lease lapsed."""
        if self.leased is None or self.own is None:
            return ()
        return tuple(shard for shard in self.leased.ids if shard not in self.own.ids)

    @property
    def expiry(self) -> timedelta:
        return timedelta(seconds=self.node.lease)

    @property
    def heartbeat(self) -> float:
        return self.node.lease / 3

    def _wanted(self) -> tuple[tuple[int, ...], int | None]:
        shards = self.leased
        return ((EVERY_SHARD,), None) if shards is None else (shards.ids, shards.count)

    def _what(self) -> str:
        return "every shard" if self.leased is None else f"shards {self.leased.describe()}"

    async def acquire(self, standby: bool = False, say: Callable[[str], None] = print) -> None:
        """Take the leases. A lease held by a process whose heartbeat stopped is waited out (a
        crashed process's, taken when it runs out); one whose heartbeat moves while we wait is
        another live process's: `ShardsTaken`, unless `standby` or `adopt` (then wait until it
        stops: with --adopt, the live holder may have adopted them while this process was away)."""
        first_beats: dict[str, str] = {}
        told: set[str] = set()
        while True:
            now = self.clock()
            try:
                conflict = await self._try(now)
            except _Raced:
                await asyncio.sleep(0.05)
                continue
            if conflict is None:
                self.held, self.since = True, now
                log.info("holding %s as %s", self._what(), self.node.name)
                return
            holder, beat, expires, mismatch = conflict
            if mismatch:
                raise ShardsTaken(mismatch)
            if is_gone(holder):
                # this machine's process that held them is gone (a crash, a kill): no need to wait
                # for its lease to run out
                async with self.db.transaction() as tx:
                    await tx.claims.take_over(holder, stamp(now))
                log.info("%s held %s and is gone: taking them over", holder, self._what())
                continue
            alive = holder in first_beats and first_beats[holder] != beat
            if alive and not standby and not self.adopt:
                raise ShardsTaken(
                    f"{self._what()} are already run by another Dispatch process ({holder}, last heartbeat "
                    f"{_ago(now, beat)}): give each process its own --shards (the same --shard-count), stop "
                    f"that process first, or start this one with --standby (or --adopt N) to take over when it stops")
            first_beats.setdefault(holder, beat)
            # with --adopt, a holder is named once it is seen alive (a dead one's lease just runs
            # out): the one line then says why this process waits
            if holder not in told and (alive or standby or not self.adopt):
                told.add(holder)
                say(f"Waiting for {self._what()}: held by {holder} (last heartbeat {_ago(now, beat)}); "
                    + ("standing by until it stops." if standby else
                       "a live process of the cluster runs them (it adopted them when this one's lease lapsed, "
                       "or was started with them): standing by until it stops, never taking them from it."
                       if self.adopt else
                       f"taken over at {expires[11:19]} UTC if it does not renew its lease."))
            until_expiry = (datetime.fromisoformat(expires) - now).total_seconds()
            await asyncio.sleep(max(0.05, min(self.heartbeat * 1.2, until_expiry + 0.05)))

    async def _try(self, now: datetime) -> tuple[str, str, str, str | None] | None:
        """One attempt in one transaction: None if every lease is ours now, else the holder in the
        way (name, heartbeat, expiry, and the refusal if the cluster's shard count differs)."""
        ids, count = self._wanted()
        at, until = stamp(now), stamp(now + self.expiry)
        async with self.db.transaction() as tx:
            for row in await tx.claims.leases():
                if row["holder"] == self.node.name or row["expires_at"] < at:
                    continue
                other = row["shard"]
                if count is not None and other != EVERY_SHARD and row["shard_count"] != count:
                    return (row["holder"], row["heartbeat_at"], row["expires_at"], (
                        f"--shard-count {count} differs from the cluster's {row['shard_count']} (shard {other} is "
                        f"held by {row['holder']}): every process of a cluster must give the same --shard-count"))
                if other == EVERY_SHARD or count is None or other in ids:
                    return row["holder"], row["heartbeat_at"], row["expires_at"], None
            for shard in ids:
                if not await tx.claims.take_shard(shard, count, self.node.name, at, until):
                    raise _Raced()
        return None

    async def keep(self, on_lost: Callable[[str], Awaitable[None]],
                   on_adopted: Callable[[tuple[int, ...]], None] | None = None,
                   may_adopt: Callable[[], bool] = lambda: True) -> None:
        """Renew the leases every heartbeat until cancelled; `on_lost` (once) when they are gone.
        With `adopt`, while `may_adopt()` (the gateway is up), look for lapsed shards after each
        renewal and at the moment the next lease of another process would lapse (so a dead
        process's shards are adopted when its lease ends, not up to a heartbeat later), and hand
        those adopted to `on_adopted`, which must not block: the next renewal is due."""
        loop = asyncio.get_running_loop()
        renewed = self.clock()
        renew_at, look_at = loop.time() + self.heartbeat, None
        while True:
            await asyncio.sleep(max(0.0, min(renew_at, look_at or renew_at) - loop.time()))
            look_at = None
            if loop.time() >= renew_at:
                renew_at = loop.time() + self.heartbeat
                now = self.clock()
                ids, _ = self._wanted()
                try:
                    async with self.db.transaction() as tx:
                        held = await tx.claims.renew(self.node.name, stamp(now), stamp(now + self.expiry))
                    renewed = now
                except Exception as exc:  # noqa: BLE001 - the database out of reach: the lease may still hold
                    # stop before the lease lapses, not after: once it has, another process may adopt
                    # the shards, and a server must never be served by two processes
                    if now - renewed + timedelta(seconds=self.heartbeat) < self.expiry:
                        log.warning("could not renew the lease on %s: %s", self._what(), exc)
                        continue
                    held = 0
                if held < len(ids):
                    self.held = False
                    await on_lost(f"this process lost {self._what()} (its lease was not renewed in time and another "
                                  f"process may run them now): it stops so that no server is served twice")
                    return
            if self.adopt and on_adopted is not None and may_adopt():
                try:
                    taken = await self.adopt_lapsed()
                except Exception as exc:  # noqa: BLE001 - tried again at the next heartbeat
                    log.warning("could not look for lapsed shards: %s", exc)
                    continue
                if taken:
                    on_adopted(taken)
                if self.next_lapse is not None:
                    look_at = loop.time() + max(0.0, (self.next_lapse - self.clock()).total_seconds()) + 0.01

    async def adopt_lapsed(self) -> tuple[int, ...]:
        """Take over shards of the cluster whose lease lapsed, in one transaction, within `adopt`
        in all. Survivors split a dead process's shards: each takes enough to hold its even share
        of the leased shards among the live processes; a shard still lapsed a heartbeat later
        (the others are full) goes to whoever has room. A lease that had lapsed before this
        process started waits one lease more (its process may be restarting too). Each is taken
        by `Claims.take_shard`, which takes a lease only if it has still lapsed when the statement
        runs: of two processes adopting at once, one gets each shard. The shards taken, now in
        `leased` (the caller connects them, then `Node.serve`s each)."""
        shards = self.leased
        room = self.adopt - len(self.adopted)
        self.next_lapse = None
        if shards is None or room <= 0:
            return ()
        now = self.clock()
        at, until = stamp(now), stamp(now + self.expiry)
        async with self.db.transaction() as tx:
            rows = [row for row in await tx.claims.leases()
                    if row["shard_count"] == shards.count and 0 <= row["shard"] < shards.count]
            others = [row for row in rows if row["holder"] != self.node.name]
            running = [row["expires_at"] for row in others if row["expires_at"] >= at]
            self.next_lapse = datetime.fromisoformat(min(running)) if running else None
            # a lease that lapsed before this process started is its holder's for one lease more:
            # after a whole cluster stopped (a power cut), the first process back must leave the
            # others, restarting too, time to take their own shards back
            since = self.since or now
            settled = stamp(since) if now - since < self.expiry else ""
            lapsed = [row for row in others if settled <= row["expires_at"] < at]
            if not lapsed:
                return ()
            live = {row["holder"] for row in rows if row["expires_at"] >= at} | {self.node.name}
            mine = sum(row["holder"] == self.node.name for row in rows)
            overdue = stamp(now - timedelta(seconds=self.heartbeat))
            if any(row["expires_at"] < overdue for row in lapsed):
                share = room
            else:
                share = min(room, math.ceil(len(rows) / len(live)) - mine)
            taken = []
            for row in lapsed:
                if len(taken) >= share:
                    break
                if await tx.claims.take_shard(row["shard"], shards.count, self.node.name, at, until):
                    taken.append((row["shard"], row["holder"], row["expires_at"]))
        if not taken:
            return ()
        self.leased = ShardSet(tuple(sorted({*shards.ids, *(shard for shard, _, _ in taken)})), shards.count)
        for shard, holder, expired in taken:
            log.warning("adopted shard %d of %d: the lease of %s lapsed %s", shard, shards.count, holder,
                        _ago(now, expired))
        return tuple(shard for shard, _, _ in taken)

    async def release(self) -> None:
        """A clean stop (SIGTERM: a deploy, `systemctl stop`) hands the process's own shards back,
        free for its restart, which takes them at once; nobody adopts a shard handed back. The
        shards it adopted are left lapsed instead, for the other processes to adopt at once: its
        restart does not ask for them, and they must not stay unserved."""
        if not self.held:
            return
        self.held = False
        adopted, count = self.adopted, self.leased.count if self.leased is not None else None
        try:
            async with self.db.transaction() as tx:
                await tx.claims.give_up(self.node.name)
                if adopted:
                    now = self.clock()
                    for shard in adopted:
                        await tx.claims.take_shard(shard, count, self.node.name, stamp(now),
                                                   stamp(now - timedelta(microseconds=1)))
        except Exception:  # noqa: BLE001 - the leases run out by themselves
            log.warning("could not hand back %s; they are free once the lease runs out", self._what())


def is_gone(holder: str) -> bool:
    """Whether `holder` (a Node's name: host/pid/random) was a process of this machine that no
    longer runs. Another machine's process is never taken for gone: its lease must run out."""
    host, _, rest = holder.partition("/")
    pid, _, _ = rest.partition("/")
    if host != socket.gethostname() or not pid.isdigit() or int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    # the pid runs, but it may be another program that took the number since: a Dispatch process
    # of ours has `bot.py` on its command line
    try:
        return b"bot.py" not in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


class _Raced(Exception):
    """Another process took a shard between our look and our claim: try again."""


def _ago(now: datetime, beat: str) -> str:
    seconds = max(0.0, (now - datetime.fromisoformat(beat)).total_seconds())
    return f"{seconds:.0f} s ago"
