-- 0001: the base schema (issue #2). Forward-only; never edit a shipped migration, add 0002.

CREATE TABLE guild_settings (
    guild_id        INTEGER PRIMARY KEY,
    phase_hours     REAL    NOT NULL DEFAULT 48,
    reminder_hours  TEXT    NOT NULL DEFAULT '[24, 1]',   -- JSON list, hours before a deadline
    gm_role_id      INTEGER,
    updated_at      TEXT    NOT NULL
);

CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    variant         TEXT    NOT NULL,
    options         TEXT    NOT NULL DEFAULT '{}',       -- JSON
    status          TEXT    NOT NULL DEFAULT 'forming'
                    CHECK (status IN ('forming', 'active', 'paused', 'finished', 'abandoned')),
    creator_id      INTEGER NOT NULL,
    seed            TEXT    NOT NULL,                    -- secret until the game ends
    seed_hash       TEXT    NOT NULL,                    -- sha256(seed), published at start
    phase_hours     REAL    NOT NULL,
    reminder_hours  TEXT    NOT NULL DEFAULT '[24, 1]',
    category_id     INTEGER,
    channel_id      INTEGER,
    current_phase   INTEGER,                             -- phases.id
    paused_remaining REAL,                               -- seconds left when paused
    winners         TEXT,                                -- JSON list once finished
    created_at      TEXT    NOT NULL,
    started_at      TEXT,
    ended_at        TEXT
);
CREATE INDEX games_guild ON games (guild_id, status);

CREATE TABLE seats (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seat        TEXT    NOT NULL,
    user_id     INTEGER,
    channel_id  INTEGER,
    joined_at   TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE phases (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id         INTEGER NOT NULL REFERENCES games (id),
    seq             INTEGER NOT NULL,
    label           TEXT    NOT NULL,
    state           TEXT    NOT NULL,                    -- full JSON state at the start of the phase
    deadline        TEXT,                                -- ISO UTC; NULL while paused / forming
    created_at      TEXT    NOT NULL,
    adjudicated_at  TEXT,
    report          TEXT,                                -- what happened when it was adjudicated
    UNIQUE (game_id, seq)
);

CREATE TABLE orders (
    phase_id        INTEGER NOT NULL REFERENCES phases (id),
    seat            TEXT    NOT NULL,
    lines           TEXT    NOT NULL DEFAULT '[]',       -- JSON list of canonical order lines
    ready           INTEGER NOT NULL DEFAULT 0,
    submitted_by    INTEGER,
    submitted_at    TEXT,
    PRIMARY KEY (phase_id, seat)
);

CREATE TABLE events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL,
    phase_id    INTEGER,
    at          TEXT    NOT NULL,
    actor_id    INTEGER,
    kind        TEXT    NOT NULL,
    payload     TEXT    NOT NULL DEFAULT '{}'
);
CREATE INDEX events_game ON events (game_id, id);
-- The event log is append-only.
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

CREATE TABLE reminders (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL,
    phase_id    INTEGER NOT NULL REFERENCES phases (id),
    due_at      TEXT    NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline')),
    hours_before REAL,
    done_at     TEXT
);
CREATE INDEX reminders_due ON reminders (done_at, due_at);

-- Messages the bot owes to Discord, written in the same transaction as the change that
-- caused them, so a crash between "adjudicated" and "posted" loses nothing.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL,
    target      TEXT    NOT NULL,                        -- 'game' or 'seat:<seat>'
    content     TEXT    NOT NULL,
    phase_id    INTEGER,                                 -- attach this phase's map
    created_at  TEXT    NOT NULL,
    delivered_at TEXT
);
CREATE INDEX outbox_pending ON outbox (delivered_at, id);
