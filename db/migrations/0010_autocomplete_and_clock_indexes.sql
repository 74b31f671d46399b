-- 0010: indexes so that what runs on every keystroke and every clock round costs the same at
-- 10,000 games as at 100 (issue 25 item 5). Only the games a player can still pick (not over)
-- are indexed for the game autocomplete: by number (newest first, id prefixes as ranges) and by
-- name (case-insensitive prefix, `LIKE 'text%'`). The clock's "when is the next pause over"
-- and "which capped pauses ran out" read the paused games alone.
CREATE INDEX games_open_id ON games (guild_id, id) WHERE status IN ('forming', 'active', 'paused');
CREATE INDEX games_open_name ON games (guild_id, name COLLATE NOCASE) WHERE status IN ('forming', 'active', 'paused');
CREATE INDEX games_pause_end ON games (paused_until) WHERE status = 'paused';
