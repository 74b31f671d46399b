-- 0013: what lets every statement run unchanged on SQLite and PostgreSQL (docs/architecture.md,
-- "Platform"): a seat's place in its game's list is a column of its own instead of the rowid, and
-- open games are found by the lower case of their names instead of COLLATE NOCASE.
ALTER TABLE seats ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
UPDATE seats SET position = rowid;
DROP INDEX games_open_name;
CREATE INDEX games_open_name ON games (guild_id, lower(name)) WHERE status IN ('forming', 'active', 'paused');
