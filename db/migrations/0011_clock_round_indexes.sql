-- 0011: the clock's round with nothing due costs the same at 10,000 games as at 1,000 (issue 25
-- item 5). Messages still owed, in order (the delivered ones stay as the record and would be
-- scanned otherwise); the seats a bot plays (a bot seat, or a seat in civil disorder), which
-- each round looks for.
CREATE INDEX outbox_undelivered ON outbox (id) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX seats_bot ON seats (game_id) WHERE bot IS NOT NULL OR civil_disorder = 1;
