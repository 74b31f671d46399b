-- 0002: delivery attempts with backoff and a dead-letter state (issue #8), timers that retry
-- with backoff instead of blocking every other game (issue #9), indexes for the lookups run on
-- every message and command, and a small key/value table for the bot's own bookkeeping.

ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at TEXT;      -- NULL: due now
ALTER TABLE outbox ADD COLUMN failed_at TEXT;            -- dead letter: given up, GM told
ALTER TABLE outbox ADD COLUMN last_error TEXT;
ALTER TABLE outbox ADD COLUMN ping_user INTEGER;         -- the one user this message may notify
DROP INDEX outbox_pending;
CREATE INDEX outbox_open ON outbox (game_id, target, id) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE delivered_at IS NULL AND failed_at IS NULL;

ALTER TABLE reminders ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE reminders ADD COLUMN last_error TEXT;
CREATE INDEX reminders_phase ON reminders (phase_id, done_at);

CREATE INDEX seats_channel ON seats (channel_id) WHERE channel_id IS NOT NULL;
CREATE INDEX games_channel ON games (channel_id) WHERE channel_id IS NOT NULL;
CREATE INDEX games_category ON games (category_id) WHERE category_id IS NOT NULL;

CREATE TABLE bot_meta (
    key     TEXT PRIMARY KEY,
    value   TEXT NOT NULL
);
