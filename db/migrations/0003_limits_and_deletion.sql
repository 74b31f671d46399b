-- 0003: per-server limits against runaway use (issue #9: minimum phase length, open games per
-- user and per server), and deletion of finished games by a server admin: the event log stays
-- append-only while a game runs, and may be removed with its game once that game is over.

ALTER TABLE guild_settings ADD COLUMN min_phase_hours REAL NOT NULL DEFAULT 1;
ALTER TABLE guild_settings ADD COLUMN max_games_per_user INTEGER NOT NULL DEFAULT 5;
ALTER TABLE guild_settings ADD COLUMN max_games_per_server INTEGER NOT NULL DEFAULT 50;

DROP TRIGGER events_no_delete;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
WHEN (SELECT status FROM games WHERE id = OLD.game_id) NOT IN ('finished', 'abandoned')
BEGIN SELECT RAISE(ABORT, 'events are append-only while the game runs'); END;

CREATE INDEX games_creator ON games (guild_id, creator_id, status);
