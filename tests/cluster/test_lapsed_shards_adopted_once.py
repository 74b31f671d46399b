"""A cluster's live processes adopt the shards of a process whose lease lapsed (`--adopt N`,
README "Hosting" → "A cluster of processes"), each shard by exactly one of them: the lease is
taken in one conditional statement, so two survivors adopting at the same moment never both get
a shard. Survivors split a dead process's shards evenly, never beyond their `--adopt` limit,
never a lease still running. Each process has its own connection to the one database, on the
backend the suite runs on (SQLite, then PostgreSQL); the time is a clock the test moves."""
from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack

from db import database_for
from service.cluster import Node, ShardLeases, ShardSet, stamp
from tests.conftest import FakeClock

LEASE = 30.0
COUNT = 6


async def cluster(stack: AsyncExitStack, target: str, clock: FakeClock,
                  processes: dict[str, tuple[str, int]]) -> dict[str, ShardLeases]:
    """Each process (name → its --shards and --adopt) holding its own shards, on its own
    connection to the database at `target`."""
    leases = {}
    for name, (ids, adopt) in processes.items():
        db = await database_for(target).connect()
        stack.push_async_callback(db.close)
        node = Node(name, lease=LEASE, shards=ShardSet.parse(ids, COUNT))
        leases[name] = ShardLeases(db, node, clock, adopt=adopt)
        await leases[name].acquire()
    return leases


async def holders(leases: ShardLeases) -> dict[int, str]:
    async with leases.db.transaction() as tx:
        return {row["shard"]: row["holder"] for row in await tx.claims.leases()}


async def renew(*processes: ShardLeases) -> None:
    for leases in processes:
        async with leases.db.transaction() as tx:
            now = leases.clock()
            await tx.claims.renew(leases.node.name, stamp(now), stamp(now + leases.expiry))


async def test_two_survivors_adopting_at_once_split_the_dead_process_s_shards_each_taken_once(database_target):
    clock = FakeClock()
    async with AsyncExitStack() as stack:
        every = await cluster(stack, await database_target(), clock,
                              {"dead": ("0-3", 0), "north": ("4", 3), "south": ("5", 3)})
        north, south = every["north"], every["south"]

        # within the lease nothing is adopted: the holder may still be renewing
        clock.advance(seconds=LEASE - 1)
        await renew(north, south)
        assert await asyncio.gather(north.adopt_lapsed(), south.adopt_lapsed()) == [(), ()]

        # the dead process's lease lapses: both survivors adopt in the same moment
        clock.advance(seconds=2)
        taken = await asyncio.gather(north.adopt_lapsed(), south.adopt_lapsed())
        assert sorted(taken[0] + taken[1]) == [0, 1, 2, 3]          # every shard adopted, none twice
        assert [len(t) for t in taken] == [2, 2]                      # an even share: three shards each
        held = await holders(north)
        assert {shard: held[shard] for shard in range(4)} == {
            **{shard: "north" for shard in taken[0]}, **{shard: "south" for shard in taken[1]}}
        assert north.leased.ids == tuple(sorted((*taken[0], 4)))
        assert south.leased.ids == tuple(sorted((*taken[1], 5)))
        assert north.adopted == taken[0] and south.own.ids == (5,)
        # a server is posted to once its adopted shard is connected and its servers known
        assert north.node.shards.ids == (4,)
        north.node.serve(taken[0][0])
        assert north.node.shards.ids == tuple(sorted((taken[0][0], 4)))

        # adopted leases are renewed with the process's own: a later look finds nothing lapsed
        clock.advance(seconds=LEASE / 3)
        await renew(north, south)
        assert await asyncio.gather(north.adopt_lapsed(), south.adopt_lapsed()) == [(), ()]


async def test_no_survivor_adopts_beyond_its_limit_and_a_shard_left_over_goes_to_one_with_room(database_target):
    clock = FakeClock()
    async with AsyncExitStack() as stack:
        every = await cluster(stack, await database_target(), clock,
                              {"dead": ("0-2", 0), "north": ("3", 3), "south": ("4", 1), "east": ("5", 0)})
        north, south, east = every["north"], every["south"], every["east"]
        clock.advance(seconds=LEASE + 1)
        await renew(north, south, east)
        assert await east.adopt_lapsed() == ()                        # started without --adopt
        assert await south.adopt_lapsed() == (0,)                     # its limit: one shard
        assert await north.adopt_lapsed() == (1,)                     # its even share: 6 shards, 3 live processes
        assert await south.adopt_lapsed() == ()
        assert (await holders(north))[2] == "dead"

        # a heartbeat later a shard still lapsed goes to whoever has room, beyond its share
        clock.advance(seconds=LEASE / 3)
        await renew(north, south, east)
        assert await south.adopt_lapsed() == ()
        assert await north.adopt_lapsed() == (2,)
        assert await holders(north) == {0: "south", 1: "north", 2: "north", 3: "north", 4: "south", 5: "east"}


class OutOfReach:
    """A database that cannot be reached: every transaction fails."""

    def transaction(self):
        raise ConnectionError("connection refused")


async def test_a_process_that_cannot_renew_stops_before_its_lease_lapses_so_no_adopter_overlaps_it():
    """Once a lease lapses another process may adopt its shards: the holder that could not renew
    (its database out of reach) must have stopped talking to Discord by then."""
    start = FakeClock()
    lease = 0.03
    node = Node("cut-off", lease=lease, shards=ShardSet.parse("0-1", COUNT))
    ticks: list = []

    def clock():            # each look at the clock is a heartbeat later, as the renewals are
        ticks.append(start.advance(seconds=lease / 3))
        return ticks[-1]

    leases = ShardLeases(OutOfReach(), node, clock, adopt=2)
    stopped: list = []

    async def on_lost(reason: str) -> None:
        stopped.append((ticks[-1], reason))

    await asyncio.wait_for(leases.keep(on_lost, lambda shards: None), 10)
    (when, reason), = stopped
    renewed = ticks[0]                                      # its start: the lease taken (or last renewed)
    assert len(ticks) > 2                                   # it tried again before giving up
    assert when - renewed < leases.expiry                   # and stopped before the lease lapsed
    assert "lost shards 0-1 of 6" in reason and "no server is served twice" in reason


async def test_a_clean_stop_hands_back_its_own_shards_and_leaves_those_it_adopted_to_the_others(database_target):
    """A deploy stops a process cleanly and starts it again with the same --shards: its own
    shards wait for it (nobody adopts a shard handed back), while the shards it had adopted,
    which its restart does not ask for, go to the other processes at once."""
    clock = FakeClock()
    async with AsyncExitStack() as stack:
        every = await cluster(stack, await database_target(), clock,
                              {"dead": ("0-1", 0), "north": ("2-3", 2), "south": ("4-5", 2)})
        north, south = every["north"], every["south"]
        clock.advance(seconds=LEASE + 1)
        await renew(north, south)
        assert await north.adopt_lapsed() == (0,) and await south.adopt_lapsed() == (1,)

        await north.release()
        clock.advance(seconds=1)
        assert await south.adopt_lapsed() == (0,)                      # north's adopted shard, not its own
        held = await holders(south)
        assert 2 not in held and 3 not in held                          # north's own: free for its restart
        assert [held[shard] for shard in (0, 1)] == ["south", "south"]


async def test_after_the_whole_cluster_stopped_the_first_back_leaves_the_others_a_lease_to_return(database_target):
    """A lease that had lapsed before the process started (a power cut stopped every process)
    stays its holder's for one lease more: the processes restarting take their own shards back;
    only a shard whose process does not return within that lease is adopted."""
    clock = FakeClock()
    async with AsyncExitStack() as stack:
        target = await database_target()
        await cluster(stack, target, clock, {"west": ("0-1", 0), "east": ("2-3", 0)})
        clock.advance(seconds=LEASE + 5)                                # every process stopped: all lapsed
        first_back = (await cluster(stack, target, clock, {"north": ("4-5", 4)}))["north"]
        clock.advance(seconds=LEASE - 1)
        await renew(first_back)
        assert await first_back.adopt_lapsed() == ()                    # not yet: they may be restarting
        await cluster(stack, target, clock, {"west again": ("0-1", 0)})
        clock.advance(seconds=2)
        await renew(first_back)
        assert await first_back.adopt_lapsed() == (2, 3)                # east did not return within a lease
        held = await holders(first_back)
        assert [held[shard] for shard in range(6)] == ["west again"] * 2 + ["north"] * 4
