-- 0013 on PostgreSQL (db/dialect.py): a seat's place in its game's list as a column of its own.
-- PostgreSQL rows have no rowid, and a PostgreSQL database starts empty at this migration (a
-- SQLite database is copied in by `bot.py --migrate-to` only once at the newest schema), so the
-- seats keep the order they were added in through the default alone.
ALTER TABLE seats ADD COLUMN position BIGINT NOT NULL DEFAULT 0;
DROP INDEX games_open_name;
CREATE INDEX games_open_name ON games (guild_id, lower(name)) WHERE status IN ('forming', 'active', 'paused');
