-- 0010 on PostgreSQL (db/dialect.py): the portable file's translation; the open games' names are
-- indexed by lower(name) here already (SQLite's COLLATE NOCASE index, replaced by the same
-- lower(name) index in migration 0013, which drops this one and makes it again).
CREATE INDEX games_open_id ON games (guild_id, id) WHERE status IN ('forming', 'active', 'paused');
CREATE INDEX games_open_name ON games (guild_id, lower(name)) WHERE status IN ('forming', 'active', 'paused');
CREATE INDEX games_pause_end ON games (paused_until) WHERE status = 'paused';
