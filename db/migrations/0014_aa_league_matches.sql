-- 0014: A&A league mode (docs/tournaments.md, "Axis & Allies league mode"): two-player matches of
-- two games with sides swapped, the sealed bid for sides that opens each match, the bid placed on
-- each game's start position, and playoffs of a league's top 8. A match's games are ordinary
-- games (`games`); the rows here say which match they belong to and what was bid and placed.

-- A playoff: its seeds and the results so far (engine.tournaments.Bracket.to_json), the games'
-- options and deadlines, and where its bracket is posted.
CREATE TABLE playoffs (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER,                        -- where the bracket is posted (NULL: the console)
    organiser_id  INTEGER NOT NULL,               -- GM of every game of the playoff
    league        TEXT,                           -- the league seeded from (NULL: a ranked list given)
    variant       TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}',  -- JSON: the games' options, as parsed
    phase_hours   REAL,                           -- NULL: the server's default
    bracket       TEXT    NOT NULL,               -- JSON: seeds (user ids, seed 1 first), size, results
    status        TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'over')),
    created_at    TEXT    NOT NULL,
    ended_at      TEXT
);
CREATE INDEX playoffs_guild ON playoffs (guild_id, id);

-- A match between two players: the sealed bids until both are in, then who plays which side and
-- the bid (engine.tournaments.BidOutcome), then the result of the two games.
CREATE TABLE matches (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER,                        -- where the match's news is posted (NULL: the console)
    creator_id    INTEGER NOT NULL,               -- GM of the match's games
    player_a      INTEGER NOT NULL,               -- the player who created or was seeded higher
    player_b      INTEGER NOT NULL,
    variant       TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}',  -- JSON: the games' options, as parsed
    phase_hours   REAL,                           -- NULL: the server's default
    status        TEXT    NOT NULL DEFAULT 'bidding'
                  CHECK (status IN ('bidding', 'playing', 'over', 'cancelled')),
    bids          TEXT    NOT NULL,               -- JSON: engine.tournaments.SealedBids.to_json
    outcome       TEXT,                           -- JSON: sides, bid side and IPCs, bidder, coin flip
    result        TEXT,                           -- JSON: points, winner, decided_by (once over)
    playoff_id    INTEGER REFERENCES playoffs (id) ON DELETE CASCADE,
    playoff_round INTEGER,
    playoff_slot  INTEGER,
    league        TEXT,                           -- the league its games count in (`league=`), if any
    created_at    TEXT    NOT NULL,
    ended_at      TEXT
);
CREATE INDEX matches_guild ON matches (guild_id, status);
CREATE UNIQUE INDEX matches_playoff_slot ON matches (playoff_id, playoff_round, playoff_slot)
    WHERE playoff_id IS NOT NULL;

-- A match's game 1 and game 2: the game, the bid placed on its start (once placed), who has
-- confirmed its start, and how it ended.
CREATE TABLE match_games (
    match_id      INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL CHECK (number IN (1, 2)),
    game_id       INTEGER UNIQUE REFERENCES games (id) ON DELETE SET NULL,
    placement     TEXT,                           -- JSON: the placement as typed and as checked
    ready         TEXT    NOT NULL DEFAULT '[]',  -- JSON list: players who confirmed the start
    ended         INTEGER NOT NULL DEFAULT 0,     -- 1 once the game is over
    winner        TEXT,                           -- the winning side (NULL: a draw or not over)
    rounds        INTEGER,                        -- game rounds played when it ended
    PRIMARY KEY (match_id, number)
);
