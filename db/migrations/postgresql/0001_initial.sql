-- 0001 on PostgreSQL (db/dialect.py): the base schema as the portable file's translation, except
-- where SQLite's words have no translation. A phase's state is stored compressed (bytes: BYTEA,
-- which SQLite keeps in any column), and the event log's append-only triggers are a function.

-- Rows numbered as SQLite's AUTOINCREMENT numbers them: one more than the highest id the table
-- ever had (`id_sequence` is SQLite's `sqlite_sequence`), written in the inserting transaction,
-- so a rolled-back insert gives its number back (game numbers without gaps). Every
-- `id INTEGER PRIMARY KEY AUTOINCREMENT` of a migration gets this trigger (db/dialect.py).
CREATE TABLE id_sequence (
    name        TEXT COLLATE "C" PRIMARY KEY,
    seq         BIGINT NOT NULL
);
CREATE FUNCTION next_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.id IS NULL THEN
        INSERT INTO id_sequence AS s (name, seq) VALUES (TG_TABLE_NAME, 1)
        ON CONFLICT (name) DO UPDATE SET seq = s.seq + 1
        RETURNING seq INTO NEW.id;
    ELSE
        INSERT INTO id_sequence AS s (name, seq) VALUES (TG_TABLE_NAME, NEW.id)
        ON CONFLICT (name) DO UPDATE SET seq = GREATEST(s.seq, EXCLUDED.seq);
    END IF;
    RETURN NEW;
END $$;

CREATE TABLE guild_settings (
    guild_id        BIGINT PRIMARY KEY,
    phase_hours     DOUBLE PRECISION NOT NULL DEFAULT 48,
    reminder_hours  TEXT COLLATE "C" NOT NULL DEFAULT '[24, 1]',   -- JSON list, hours before a deadline
    gm_role_id      BIGINT,
    updated_at      TEXT COLLATE "C" NOT NULL
);

CREATE TABLE games (
    id              BIGINT PRIMARY KEY,
    guild_id        BIGINT NOT NULL,
    name            TEXT COLLATE "C" NOT NULL,
    variant         TEXT COLLATE "C" NOT NULL,
    options         TEXT COLLATE "C" NOT NULL DEFAULT '{}',       -- JSON
    status          TEXT COLLATE "C" NOT NULL DEFAULT 'forming'
                    CHECK (status IN ('forming', 'active', 'paused', 'finished', 'abandoned')),
    creator_id      BIGINT NOT NULL,
    seed            TEXT COLLATE "C" NOT NULL,                    -- secret until the game ends
    seed_hash       TEXT COLLATE "C" NOT NULL,                    -- sha256(seed), published at start
    phase_hours     DOUBLE PRECISION NOT NULL,
    reminder_hours  TEXT COLLATE "C" NOT NULL DEFAULT '[24, 1]',
    category_id     BIGINT,
    channel_id      BIGINT,
    current_phase   BIGINT,                                      -- phases.id
    paused_remaining DOUBLE PRECISION,                            -- seconds left when paused
    winners         TEXT COLLATE "C",                             -- JSON list once finished
    created_at      TEXT COLLATE "C" NOT NULL,
    started_at      TEXT COLLATE "C",
    ended_at        TEXT COLLATE "C"
);
CREATE TRIGGER games_next_id BEFORE INSERT ON games FOR EACH ROW EXECUTE FUNCTION next_id();
CREATE INDEX games_guild ON games (guild_id, status);

CREATE TABLE seats (
    game_id     BIGINT NOT NULL REFERENCES games (id),
    seat        TEXT COLLATE "C" NOT NULL,
    user_id     BIGINT,
    channel_id  BIGINT,
    joined_at   TEXT COLLATE "C",
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE phases (
    id              BIGINT PRIMARY KEY,
    game_id         BIGINT NOT NULL REFERENCES games (id),
    seq             BIGINT NOT NULL,
    label           TEXT COLLATE "C" NOT NULL,
    state           BYTEA NOT NULL,                               -- the state at the start of the phase, compressed JSON
    deadline        TEXT COLLATE "C",                             -- ISO UTC; NULL while paused / forming
    created_at      TEXT COLLATE "C" NOT NULL,
    adjudicated_at  TEXT COLLATE "C",
    report          TEXT COLLATE "C",                             -- what happened when it was adjudicated
    UNIQUE (game_id, seq)
);
CREATE TRIGGER phases_next_id BEFORE INSERT ON phases FOR EACH ROW EXECUTE FUNCTION next_id();

CREATE TABLE orders (
    phase_id        BIGINT NOT NULL REFERENCES phases (id),
    seat            TEXT COLLATE "C" NOT NULL,
    lines           TEXT COLLATE "C" NOT NULL DEFAULT '[]',       -- JSON list of canonical order lines
    ready           BIGINT NOT NULL DEFAULT 0,
    submitted_by    BIGINT,
    submitted_at    TEXT COLLATE "C",
    PRIMARY KEY (phase_id, seat)
);

CREATE TABLE events (
    id          BIGINT PRIMARY KEY,
    game_id     BIGINT NOT NULL,
    phase_id    BIGINT,
    at          TEXT COLLATE "C" NOT NULL,
    actor_id    BIGINT,
    kind        TEXT COLLATE "C" NOT NULL,
    payload     TEXT COLLATE "C" NOT NULL DEFAULT '{}'
);
CREATE TRIGGER events_next_id BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION next_id();
CREATE INDEX events_game ON events (game_id, id);
-- The event log is append-only.
CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only';
END $$;
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
FOR EACH ROW EXECUTE FUNCTION events_append_only();
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
FOR EACH ROW EXECUTE FUNCTION events_append_only();

CREATE TABLE reminders (
    id          BIGINT PRIMARY KEY,
    game_id     BIGINT NOT NULL,
    phase_id    BIGINT NOT NULL REFERENCES phases (id),
    due_at      TEXT COLLATE "C" NOT NULL,
    kind        TEXT COLLATE "C" NOT NULL CHECK (kind IN ('reminder', 'deadline')),
    hours_before DOUBLE PRECISION,
    done_at     TEXT COLLATE "C"
);
CREATE TRIGGER reminders_next_id BEFORE INSERT ON reminders FOR EACH ROW EXECUTE FUNCTION next_id();
CREATE INDEX reminders_due ON reminders (done_at, due_at);

-- Messages the bot owes to Discord, written in the same transaction as the change that
-- caused them, so a crash between "adjudicated" and "posted" loses nothing.
CREATE TABLE outbox (
    id          BIGINT PRIMARY KEY,
    game_id     BIGINT NOT NULL,
    target      TEXT COLLATE "C" NOT NULL,                        -- 'game' or 'seat:<seat>'
    content     TEXT COLLATE "C" NOT NULL,
    phase_id    BIGINT,                                          -- attach this phase's map
    created_at  TEXT COLLATE "C" NOT NULL,
    delivered_at TEXT COLLATE "C"
);
CREATE TRIGGER outbox_next_id BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION next_id();
CREATE INDEX outbox_pending ON outbox (delivered_at, id);
