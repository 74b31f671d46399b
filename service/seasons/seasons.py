"""`Seasons`: the seasons' parts, built once with the service's database, store and clock.

- `records` (`GameRecords`): the hooks that write phase records and finished games' results;
- `ladders` (`RatingLadders`): the ratings per server and family;
- `reliabilities` (`Reliabilities`): players' reliability and the `committed=` check;
- `organisers` (`Organisers`): who organises leagues and tournaments on a server;
- `leagues` (`Leagues`): a server's leagues, their games and standings;
- `boards` (`BoardResults`): tournament boards' results and the standings they move;
- and what the front ends read: `profile`, `scores`, `centres` (each checks its ids, and records
  any game that ended before the record existed on first read).
"""
from __future__ import annotations

import json

from db.seasons import SeasonsRepository, snapshot
from engine.variant import get_variant

from ..ids import checked_ids
from ..permissions import require_same_server
from ..runtime import Now
from ..store import Store
from .boards import BoardResults
from .ladders import RatingLadders
from .leagues import Leagues
from .organisers import Organisers
from .profiles import SHOWN_CURRENT, SHOWN_FINISHED, Profile, current_games, finished_line
from .records import GameRecords
from .reliability import Reliabilities
from .settings import SeasonSettings, default_scoring
from .sheets import CentresTable, centres_table, require_over, scores_text
from .stored import results_from_rows


@checked_ids
class Seasons:
    """The seasons' part of the service: it needs the store and the clock, and no other part."""

    def __init__(self, store: Store, clock: Now):
        self.store = store
        self.repo = SeasonsRepository(store.db)
        self.ladders = RatingLadders(store.db, self.repo)
        self.organisers = Organisers(store, clock)
        self.leagues = Leagues(store, clock, self.organisers)
        self.boards = BoardResults(store, clock)
        # a recorded or deleted game tells the leagues and the tournaments (their standings move)
        self.records = GameRecords(store.db, store, self.repo, self.ladders, clock, (self.leagues, self.boards))
        self.reliabilities = Reliabilities(self.repo)

    # ------------------------------------------------------------------ settings (hook at creation)
    async def settings_chosen(self, conn, game_id: int, settings: SeasonSettings) -> None:
        """Hook, in the transaction that creates the game: its `scoring=` and `committed=`, and
        its league (`league=`: refused, nothing created, unless the league takes the game)."""
        settings = await self.leagues.game_created(conn, game_id, settings)
        await self.repo.save_settings(conn, game_id, settings.scoring, settings.committed)

    async def settings_imported(self, conn, game_id: int, settings: dict | None) -> None:
        """Hook, in an import's transaction: the game's scoring and commitment as exported, and its
        league if this server has an open league of that name that counts the game (else none:
        leagues belong to a server)."""
        if not settings:
            return
        game = await self.store.game(game_id, conn)
        scoring = settings.get("scoring") or default_scoring(get_variant(game.variant), game.options)
        await self.repo.save_settings(conn, game_id, scoring, settings.get("committed"))
        await self.leagues.game_imported(conn, game, settings.get("league"))

    async def settings_of(self, game_id: int) -> SeasonSettings:
        """The game's scoring system and commitment requirement (defaults for an older game)."""
        stored = await self.repo.settings(game_id)
        if stored is not None:
            return SeasonSettings(*stored)
        game = await self.store.game(game_id)
        return SeasonSettings(default_scoring(get_variant(game.variant), game.options))

    async def settings_line(self, game_id: int) -> str | None:
        """`/game status`'s line for a game created with `scoring=` or `committed=` (None: defaults)."""
        stored = await self.repo.settings(game_id)
        if stored is None:
            return None
        game = await self.store.game(game_id)
        parts = []
        if stored[0] != default_scoring(get_variant(game.variant), game.options):
            parts.append(f"scored by {stored[0]} (`/game scores` at the end)")
        if stored[1]:
            parts.append(f"committed={stored[1]}: players of {stored[1]} reliability or better join")
        return ("Seasons: " + "; ".join(parts)) if parts else None

    # ------------------------------------------------------------------ reading
    async def scores(self, game_id: int, guild_id: int | None = None) -> str:
        """`/game scores`: every applicable system's points for a game that is over."""
        game = await self.store.game(game_id)
        require_same_server(game, guild_id)
        require_over(game.status, game.id)
        await self.records.record_of(game.id)
        result = await self._result(game.id)
        return scores_text(result, game.name, game.options.get("victory_centres", 18), [s.seat for s in game.seats])

    async def centres(self, game_id: int, guild_id: int | None = None) -> CentresTable:
        """`/game centres`: the powers' centres per year (income per round), running or over."""
        game = await self.store.game(game_id)
        require_same_server(game, guild_id)
        return centres_table(game.id, game.name, game.variant, await self.records.summaries(game.id))

    async def profile(self, guild_id: int, user_id: int, viewer_id: int | None = None) -> Profile:
        """`/profile`: the player's standing on this server, as `viewer_id` may see it."""
        await self.records.ensure_recorded(guild_id)
        await self.ladders.refresh(guild_id)
        async with snapshot(self.store.db) as r:          # one reader's snapshot for every statement
            ratings = tuple((row["family"], row["rating"], row["games"], row["place"], row["players"])
                            for row in await self.repo.player_ratings(guild_id, user_id, r))
            figure = await self.reliabilities.of(user_id, r)
            count, rows = await self.repo.finished_games_of(guild_id, user_id, SHOWN_FINISHED, r)
            results = {result.game_id: result for result in results_from_rows(
                *await self.repo.result_rows([row["game_id"] for row in rows], conn=r))}
            sitting = await self.repo.current_games_of(guild_id, user_id, r)
            seats: dict[int, list[str]] = {}
            for row in sitting:
                seats.setdefault(row["id"], []).append(row["seat"])
            games = [await self.store.game(game_id, r) for game_id in list(seats)[:SHOWN_CURRENT]]
        finished = [finished_line(results[row["game_id"]], row["name"], row["seat"],
                                  json.loads(row["options"] or "{}").get("victory_centres", 18)) for row in rows]
        return Profile(user_id, ratings, figure, count, tuple(finished), tuple(current_games(games, seats, user_id,
                                                                                               viewer_id)))

    async def _result(self, game_id: int):
        found = results_from_rows(*await self.repo.result_rows([game_id]))
        return found[0]
