-- 0004: map colours (issue #13): a server's default palette for the maps it posts publicly, and
-- each player's own, used for the maps sent only to them (ephemeral replies, direct messages).

ALTER TABLE guild_settings ADD COLUMN palette TEXT NOT NULL DEFAULT 'standard';

CREATE TABLE user_settings (
    user_id INTEGER PRIMARY KEY,
    palette TEXT NOT NULL DEFAULT 'standard',
    updated_at TEXT NOT NULL
);
