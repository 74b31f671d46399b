-- 0007: the rest of running a game for weeks (issue #15).
-- Games: whether players may open private press channels, who reads the game channel
-- ('server': every member; 'players': the players and the game's Spectator role), that role,
-- the longest pause a seated GM or a vote may impose and when such a pause ends by itself, and
-- when the game's channels were moved to the archive.
ALTER TABLE games ADD COLUMN press INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN audience TEXT NOT NULL DEFAULT 'server';
ALTER TABLE games ADD COLUMN spectator_role_id INTEGER;
ALTER TABLE games ADD COLUMN pause_cap_hours REAL NOT NULL DEFAULT 168;
ALTER TABLE games ADD COLUMN paused_until TEXT;
ALTER TABLE games ADD COLUMN archived_at TEXT;

-- Seats: the holder has agreed to hand the seat to a substitute (they play on until one comes).
ALTER TABLE seats ADD COLUMN leaving INTEGER NOT NULL DEFAULT 0;

-- Who held each seat, from which phase: one row each time a seat changes hands.
CREATE TABLE seat_history (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seat        TEXT    NOT NULL,
    user_id     INTEGER,
    from_seq    INTEGER,                 -- the phase they took it in (NULL: before the start)
    from_label  TEXT,
    at          TEXT    NOT NULL,
    how         TEXT    NOT NULL         -- 'start', 'assigned', 'substitute'
);
CREATE INDEX seat_history_game ON seat_history (game_id, seat, id);

-- Votes: one per seat and motion, for the phase they were cast in (a new phase starts afresh).
CREATE TABLE votes (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    phase_id    INTEGER NOT NULL,
    motion      TEXT    NOT NULL,        -- 'pause', 'resume', 'extend:24', 'draw', 'concede', 'rollback'
    seat        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    at          TEXT    NOT NULL,
    PRIMARY KEY (game_id, phase_id, motion, seat)
);

-- Private channels beside the seat channels: an alliance's (A&A) or a press channel a player
-- opened with chosen seats. Access follows the seats, so a substitute inherits it.
CREATE TABLE rooms (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    kind        TEXT    NOT NULL CHECK (kind IN ('alliance', 'press')),
    name        TEXT    NOT NULL,
    channel_id  INTEGER,
    seats       TEXT    NOT NULL,        -- JSON list of seats
    created_by  INTEGER,
    created_at  TEXT    NOT NULL
);
CREATE INDEX rooms_game ON rooms (game_id);
CREATE INDEX rooms_channel ON rooms (channel_id) WHERE channel_id IS NOT NULL;

-- Adjudications undone by a rollback, kept whole for the record and the export.
CREATE TABLE rollbacks (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    at          TEXT    NOT NULL,
    actor_id    INTEGER,
    reopened_seq INTEGER NOT NULL,
    reopened_label TEXT NOT NULL,
    report      TEXT,                    -- what the undone adjudication had said
    undone      TEXT    NOT NULL         -- JSON: the later phases removed, with their orders
);

-- Buttons a queued message carries (JSON list of [kind, argument]): e.g. Join on an open seat.
ALTER TABLE outbox ADD COLUMN buttons TEXT;
