-- 0012: a server's seasons (docs/scoring.md, "What is recorded"). Every finished game's result
-- (how it ended, when, each power's final centres or income and the order the eliminated fell,
-- every holder of every seat with the phases each held, bots with their level, the points under
-- the game's score), a compact summary of each phase (centres per power, income in A&A) so the
-- centres table never decodes stored states, what each seat owed in each adjudicated phase (the
-- reliability figure), the ratings per server, family and player, and each game's scoring system
-- and commitment requirement. Rows of a phase or a game go with it (ON DELETE CASCADE): a
-- rollback that removes phases, or a deleted game, leaves nothing behind.

-- A game's table settings for seasons (`/game create … scoring=sos committed=high`).
CREATE TABLE season_settings (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    scoring     TEXT    NOT NULL,                 -- a key of engine.scoring (dss, sos, …, winloss)
    committed   TEXT                              -- 'high', 'medium', or NULL: anyone may join
);

-- One row per stored phase: the position it starts from, in numbers.
CREATE TABLE phase_summaries (
    phase_id    INTEGER PRIMARY KEY REFERENCES phases (id) ON DELETE CASCADE,
    game_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    year        INTEGER,                          -- Diplomacy: the game year; A&A: the round
    season      TEXT,                             -- Diplomacy: spring, fall, winter; A&A: NULL
    counts      TEXT    NOT NULL,                 -- JSON {power: supply centres (Diplomacy) or income (A&A)}
    fallen      TEXT    NOT NULL DEFAULT '[]'     -- JSON list: A&A powers out of the game (surrendered)
);
CREATE INDEX phase_summaries_game ON phase_summaries (game_id, seq);

-- One row per seat and adjudicated phase: who held it and what they owed (reliability).
CREATE TABLE phase_seats (
    phase_id    INTEGER NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
    game_id     INTEGER NOT NULL,
    seat        TEXT    NOT NULL,
    user_id     INTEGER,                          -- the person holding it (NULL: a bot's seat)
    bot         TEXT,                             -- the bot's level when a bot played it
    disorder    INTEGER NOT NULL DEFAULT 0,       -- the seat was in civil disorder
    owed        INTEGER NOT NULL DEFAULT 0,       -- its person had orders to give
    missed      INTEGER NOT NULL DEFAULT 0,       -- … and gave none
    excused     INTEGER NOT NULL DEFAULT 0,       -- … within the game's excused misses
    paused      INTEGER NOT NULL DEFAULT 0,       -- the phase was paused (not owed)
    hidden      INTEGER NOT NULL DEFAULT 0,       -- an anonymous game: counted once it is over
    PRIMARY KEY (phase_id, seat)
);
CREATE INDEX phase_seats_owed ON phase_seats (user_id, phase_id) WHERE owed = 1;

-- A finished (or abandoned) game's result: one row, written when it ends.
CREATE TABLE game_results (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    variant     TEXT    NOT NULL,
    family      TEXT,                             -- rating family (classic, rx07, aa1914); NULL: none
    ending      TEXT    NOT NULL,                 -- solo, draw, concession, capital, economic, abandoned, gm_decision
    finished_at TEXT    NOT NULL,                 -- ISO-8601 UTC to the second: the ratings' order
    winners     TEXT    NOT NULL DEFAULT '[]',    -- JSON list of seats
    scoring     TEXT    NOT NULL,                 -- the game's scoring system
    first_year  INTEGER,                          -- Diplomacy: first game year; A&A: 1
    last_year   INTEGER,                          -- the year (round) it ended
    phases      INTEGER NOT NULL DEFAULT 0,       -- adjudicated phases
    board_centres INTEGER,                        -- Diplomacy: the board's supply centres
    recorded_at TEXT    NOT NULL
);
CREATE INDEX game_results_ladder ON game_results (guild_id, family, finished_at, game_id);

-- Each power at the end: centres (Diplomacy) or income (A&A), and when it fell.
CREATE TABLE result_powers (
    game_id     INTEGER NOT NULL REFERENCES game_results (game_id) ON DELETE CASCADE,
    power       TEXT    NOT NULL,
    seat        TEXT,                             -- the seat playing it at the end (rx07: its side; NULL: neutral)
    centres     INTEGER,                          -- Diplomacy: supply centres at the end (0: eliminated)
    income      INTEGER,                          -- A&A: income at the end
    fell_order  INTEGER,                          -- 1: the first to fall; powers falling in one year share it
    fell_year   INTEGER,                          -- the game year (A&A: round) it fell
    PRIMARY KEY (game_id, power)
);

-- Each seat's points under the game's rating score (dss or sos; winloss for two sides).
CREATE TABLE result_seats (
    game_id     INTEGER NOT NULL REFERENCES game_results (game_id) ON DELETE CASCADE,
    seat        TEXT    NOT NULL,
    side        TEXT,                             -- two-sided games: the side the seat played for
    points      REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- Every holder of every seat, in the order they held it, with the phases each held.
CREATE TABLE result_holders (
    game_id     INTEGER NOT NULL REFERENCES game_results (game_id) ON DELETE CASCADE,
    seat        TEXT    NOT NULL,
    position    INTEGER NOT NULL,
    user_id     INTEGER,                          -- a person
    bot         TEXT,                             -- or a bot at this level (neither: civil disorder)
    phases      INTEGER NOT NULL,
    from_seq    INTEGER,                          -- the phase they first held it in
    PRIMARY KEY (game_id, seat, position)
);
CREATE INDEX result_holders_user ON result_holders (user_id, game_id) WHERE user_id IS NOT NULL;

-- Ratings: a server's ladder per family (docs/scoring.md: "Whose ladder").
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    family      TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    rating      REAL    NOT NULL,
    games       INTEGER NOT NULL,
    PRIMARY KEY (guild_id, family, user_id)
);
CREATE INDEX ratings_place ON ratings (guild_id, family, rating);

-- Where each ladder stands: the last game read (the order games are rated in), a generation
-- that every change moves on (a recompute writes only if nothing changed meanwhile), and
-- `dirty` when a game was deleted or arrived out of order and the family must be recomputed.
CREATE TABLE rating_ladders (
    guild_id      INTEGER NOT NULL,
    family        TEXT    NOT NULL,
    last_finished TEXT,
    last_game     INTEGER,
    generation    INTEGER NOT NULL DEFAULT 0,
    dirty         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, family)
);
