-- 0005: notifications a player controls (issue #14 item 9): a direct message when a phase opens,
-- their own reminder lead times, or quiet (the seat channel only, no pings). A reminder row with
-- a user_id is that player's own; NULL is the game's reminder for every seat.

CREATE TABLE notify_settings (
    user_id INTEGER PRIMARY KEY,
    dm_phase INTEGER NOT NULL DEFAULT 0,
    quiet INTEGER NOT NULL DEFAULT 0,
    reminder_hours TEXT,                 -- e.g. "24,2"; NULL: the game's lead times
    updated_at TEXT NOT NULL
);

ALTER TABLE reminders ADD COLUMN user_id INTEGER;
