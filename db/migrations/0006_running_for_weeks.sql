-- 0006: running a game for weeks (issue #15). Per game: how many missed phases a player is
-- excused (each extends the deadline once) before their seat falls into civil disorder, and
-- optionally a fixed time of day (in an IANA time zone) at which deadlines fall. Per seat: the
-- misses so far and whether it is in civil disorder. Per phase: whether it was already extended
-- for a miss (once only).

ALTER TABLE games ADD COLUMN excused_misses INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN miss_extension_hours REAL NOT NULL DEFAULT 24;
ALTER TABLE games ADD COLUMN deadline_time TEXT;          -- "21:00", or NULL: phase length from the opening
ALTER TABLE games ADD COLUMN time_zone TEXT;              -- e.g. "Europe/Paris" (with deadline_time)
ALTER TABLE seats ADD COLUMN misses INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN civil_disorder INTEGER NOT NULL DEFAULT 0;
ALTER TABLE phases ADD COLUMN extended_for_misses INTEGER NOT NULL DEFAULT 0;
