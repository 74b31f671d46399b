-- 0015: leagues and tournaments (docs/tournaments.md). A league is a season of ordinary games
-- created for it (`/game create … league:<name>`); its table is computed from the recorded
-- results of its games (migration 0012), so these rows hold only what the results do not: the
-- league's rules, its members in join order, which games are its, and the table frozen when it
-- closes. A tournament is played in rounds of boards: its players in registration order with
-- their power preferences, each seeded round as the seeding left it, and the game of each board.
-- A league's or tournament's name is unique on its server whatever its case (lower(name)).

-- Who organises leagues and tournaments on a server besides its admins (`/league organisers`).
CREATE TABLE organiser_roles (
    guild_id    INTEGER PRIMARY KEY,
    role_id     INTEGER NOT NULL,
    set_by      INTEGER NOT NULL,
    set_at      TEXT    NOT NULL
);

CREATE TABLE leagues (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    scoring     TEXT    NOT NULL,                 -- a key of engine.scoring (two-sided games: winloss)
    variants    TEXT    NOT NULL,                 -- JSON list of the variant keys whose games count
    ends_on     TEXT,                             -- YYYY-MM-DD: no new game after this day (NULL: open-ended)
    rank_by     TEXT    NOT NULL DEFAULT 'points',    -- 'points' or 'average'
    best        INTEGER,                          -- count each player's best N games (NULL: all)
    min_games   INTEGER NOT NULL DEFAULT 0,       -- rank_by average: games to rank among the qualified
    abandoned   TEXT    NOT NULL DEFAULT 'none',  -- how an abandoned game counts: none, zero, standing
    channel_id  INTEGER,                          -- where the standings are posted (NULL: nowhere)
    created_by  INTEGER NOT NULL,
    created_at  TEXT    NOT NULL,
    closed_at   TEXT,
    closed_by   INTEGER,
    frozen      TEXT                              -- JSON: the table as it stood at the close
);
CREATE UNIQUE INDEX leagues_name ON leagues (guild_id, lower(name));

-- Members in join order (`position`); a player who left keeps their row (and their points).
CREATE TABLE league_members (
    league_id   INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    position    INTEGER NOT NULL,
    joined_at   TEXT    NOT NULL,
    how         TEXT    NOT NULL,                 -- 'joined' (/league join) or 'played' (held a seat of a counted game)
    left_at     TEXT,
    PRIMARY KEY (league_id, user_id)
);

-- The games created for a league. A deleted game's row goes with it.
CREATE TABLE league_games (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    league_id   INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    added_at    TEXT    NOT NULL
);
CREATE INDEX league_games_league ON league_games (league_id, game_id);

CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    shape       TEXT    NOT NULL,                 -- a board shape of engine.tournaments (classic, rx07, aa1914_sides, …)
    variant     TEXT    NOT NULL,                 -- the variant its boards are games of
    rounds      INTEGER NOT NULL,                 -- the rounds announced
    scoring     TEXT    NOT NULL,
    hours       REAL,                             -- the boards' phase length (NULL: the server's)
    fill        TEXT    NOT NULL DEFAULT 'wait',  -- players left over: 'wait' or 'bots'
    counted     INTEGER,                          -- the best N round scores count (NULL: all)
    channel_id  INTEGER,                          -- where its standings are posted
    created_by  INTEGER NOT NULL,
    created_at  TEXT    NOT NULL
);
CREATE UNIQUE INDEX tournaments_name ON tournaments (guild_id, lower(name));

-- Players in registration order, their dipvis preference list, and whether they offered to sit
-- the next round out.
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    position    INTEGER NOT NULL,
    registered_at TEXT  NOT NULL,
    left_at     TEXT,
    prefs       TEXT,                             -- seat letters, most wanted first (NULL: any seat)
    PRIMARY KEY (tournament_id, user_id)
);

-- A seeded round as the seeding left it (engine.tournaments.SeededRound.to_json).
CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number      INTEGER NOT NULL,
    seeded      TEXT    NOT NULL,
    top         INTEGER NOT NULL DEFAULT 0,       -- board 1 is the top board, by the standings
    seeded_by   INTEGER NOT NULL,
    seeded_at   TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, number)
);

-- Each board's game. A deleted game leaves its board without one (the seating stays history).
CREATE TABLE tournament_boards (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round       INTEGER NOT NULL,
    board       INTEGER NOT NULL,
    game_id     INTEGER REFERENCES games (id) ON DELETE SET NULL,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_boards_game ON tournament_boards (game_id);
