-- 0003 on PostgreSQL (db/dialect.py): the portable file's translation, with the event log's
-- delete trigger as a function: events stay append-only while their game runs, and may go with a
-- game that is over (or no longer exists).

ALTER TABLE guild_settings ADD COLUMN min_phase_hours DOUBLE PRECISION NOT NULL DEFAULT 1;
ALTER TABLE guild_settings ADD COLUMN max_games_per_user BIGINT NOT NULL DEFAULT 5;
ALTER TABLE guild_settings ADD COLUMN max_games_per_server BIGINT NOT NULL DEFAULT 50;

DROP TRIGGER events_no_delete ON events;
CREATE FUNCTION events_kept_while_running() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT status FROM games WHERE id = OLD.game_id) NOT IN ('finished', 'abandoned') THEN
        RAISE EXCEPTION 'events are append-only while the game runs';
    END IF;
    RETURN OLD;
END $$;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
FOR EACH ROW EXECUTE FUNCTION events_kept_while_running();

CREATE INDEX games_creator ON games (guild_id, creator_id, status);
