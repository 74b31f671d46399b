-- 0016: several processes on one database (README, "Hosting: a cluster"). Work that one process
-- used to do alone is claimed, row by row, by the process that does it: a claim names the process
-- (`claimed_by`) and lasts until `claimed_until` (ISO time), so a process that dies leaves its
-- work to the others once its claims run out, and a process that finishes checks its claim is
-- still its own before it writes (a fence). Claims are taken with one portable statement
-- (`UPDATE … WHERE … AND (claimed_until IS NULL OR claimed_until < now) RETURNING …`), atomic on
-- SQLite (one writer) and on PostgreSQL (the row lock, the condition read again after a wait).

-- a due deadline or reminder, fired by one process
ALTER TABLE reminders ADD COLUMN claimed_by TEXT;
ALTER TABLE reminders ADD COLUMN claimed_until TEXT;

-- a message or a job (archive, access) owed to Discord, sent by one process (its server's shard's)
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until TEXT;

-- other work without a row of its own: `kind` names it, `item` is its row (the bots' turn in a
-- phase: kind 'bots', item the phase id)
CREATE TABLE work_claims (
    kind          TEXT    NOT NULL,
    item          INTEGER NOT NULL,
    claimed_by    TEXT    NOT NULL,
    claimed_until TEXT    NOT NULL,
    PRIMARY KEY (kind, item)
);

-- Which process holds which Discord shard (`bot.py --shards 0-3 --shard-count 8`). A holder
-- renews its lease every heartbeat; a lease not renewed by `expires_at` may be taken by another
-- process (a crashed one's shards). Shard -1 is every shard: a process run without --shards.
CREATE TABLE shard_leases (
    shard         INTEGER PRIMARY KEY,
    shard_count   INTEGER,
    holder        TEXT    NOT NULL,
    heartbeat_at  TEXT    NOT NULL,
    expires_at    TEXT    NOT NULL
);

-- when another process's claim runs out (the clock's next wake-up, if that process died)
CREATE INDEX reminders_claimed ON reminders (claimed_until) WHERE done_at IS NULL AND claimed_until IS NOT NULL;
CREATE INDEX outbox_claimed ON outbox (claimed_until)
    WHERE delivered_at IS NULL AND failed_at IS NULL AND claimed_until IS NOT NULL;
