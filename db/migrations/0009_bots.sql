-- 0009: bots (issue 28). A seat may be played by a bot from the start (`bot`: its level, NULL
-- for a person's seat); a game chooses what happens to a seat in civil disorder
-- (`absent_policy`: 'bot' or 'hold'; NULL: the variant's default); `bot_sheets` keeps what a
-- bot ordered for a seat in a phase and why, so the reasons reach the seat channel after the
-- phase is adjudicated (never before) and a returning player gets a digest.
ALTER TABLE seats ADD COLUMN bot TEXT;
ALTER TABLE games ADD COLUMN absent_policy TEXT;
CREATE TABLE bot_sheets (
    phase_id    INTEGER NOT NULL REFERENCES phases (id),
    seat        TEXT    NOT NULL,
    level       TEXT    NOT NULL,
    orders      TEXT    NOT NULL DEFAULT '[]',       -- JSON list of [order line, reason]
    at          TEXT    NOT NULL,
    PRIMARY KEY (phase_id, seat)
);
