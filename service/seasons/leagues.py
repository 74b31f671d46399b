"""Leagues: a season of ordinary games on a server (docs/tournaments.md, "Leagues").

An organiser (`organisers.Organisers`) creates a league with its scoring system, the games it
counts and, if it has one, its last day; players join and leave; a game created with
`league=<name>` is the league's (refused, with nothing created, for an unknown or closed league,
a league past its last day, or a game the league does not count). When a league game is
recorded as over (`records.GameRecords.game_ended`, in the game's own transaction), every person
who held one of its seats becomes a member if they were not one, and the new standings are
queued to the league's channel through the outbox; when a recorded game is deleted the standings
are queued again without it. A finished game cannot be rolled back (its seed is public), so a
rollback never changes a league. The table is always computed from the recorded results (the
engine's `league_standings`); `close` freezes it as it stands, and new games are refused.
"""
from __future__ import annotations

from typing import Collection

from engine.tournaments import GamePoints, LeagueGame, LeagueStandings, league_standings
from engine.variant import get_variant

from ..errors import BadInput, BadState, NotFound, clip
from ..ids import checked_ids
from ..models import CONSOLE_GUILD, Actor, iso
from ..runtime import Now
from ..store import Store
from .league_rules import (RANK_BY, LeagueInfo, read_choice, read_count, read_end, read_name, read_scoring,
                           read_variants)
from .league_tables import LeagueTable, frozen_rows, frozen_standings
from .organisers import Organisers
from .results import GameResult
from .season_points import ABANDONED_RULES, last_holders, player_scores
from .settings import SeasonSettings, allowed_systems
from .stored import results_from_rows


SCORED_KEPT = 50_000        # games' league points kept in memory (a few hundred bytes each)


@checked_ids
class Leagues:
    """A server's leagues: their rules, members and games, and their standings."""

    def __init__(self, store: Store, clock: Now, organisers: Organisers):
        self.store = store
        self.clock = clock
        self.organisers = organisers
        # A recorded game's league points, by (game, when it was recorded, the league's system
        # and abandoned rule): a result never changes once recorded (re-recorded: a new time),
        # so `/league standings` scores each game once, not on every asking.
        self._scored: dict[tuple, tuple[GameResult, tuple, LeagueGame]] = {}

    # ------------------------------------------------------------------ the organiser's commands
    async def create(self, guild_id: int, actor: Actor, name: str, scoring: str | None = None,
                     families: str | None = None, ends: str | None = None, *, roles: Collection[int] = (),
                     channel_id: int | None = None, rank_by: str | None = None, best: int | None = None,
                     min_games: int | None = None, abandoned: str | None = None) -> LeagueInfo:
        """Organiser: a new league of this server; its standings go to `channel_id`."""
        name = read_name(name)
        system = read_scoring(scoring)
        variants = read_variants(families)
        ends_on = read_end(ends, self.clock().date())
        ranking = read_choice(rank_by, RANK_BY, "rank")
        best = read_count(best, "best", 1, 1000)
        minimum = read_count(min_games, "minimum games", 0, 1000) or 0
        rule = read_choice(abandoned, ABANDONED_RULES, "abandoned")
        if system == "winloss" and any(v in ("classic",) for v in variants):
            raise BadInput("scoring: winloss scores two-sided games only; a league of seven-player Diplomacy takes a "
                           "centre system such as dss or sos (two-sided games are scored win/draw/loss anyway)")
        async with self.store.db.transaction() as tx:
            await self.organisers.require(tx, guild_id, actor, roles, "create a league")
            twin = await tx.leagues.named(guild_id, name.lower())
            if twin is not None:
                raise BadState(f"this server already has a league called {twin['name']}: pick another name")
            league_id = await tx.leagues.create(guild_id, name, system, variants, ends_on, ranking, best, minimum,
                                                rule, channel_id, actor.user_id, iso(self.clock()))
            return LeagueInfo.from_row(await tx.leagues.get(league_id))

    async def close(self, guild_id: int, actor: Actor, name: str | None = None, *,
                    roles: Collection[int] = ()) -> LeagueTable:
        """Organiser: archive the season: the table is frozen as it stands (still readable), and
        no new game may be created for the league."""
        async with self.store.db.transaction() as tx:
            league = await self._league(tx, guild_id, name)
            await self.organisers.require(tx, guild_id, actor, roles, f"close the league {league.name}")
            if league.closed:
                raise BadState(f"the league {league.name} was closed on {league.closed_at[:10]}; its table is "
                               f"frozen (`/league standings name:{league.name}`)")
            table = await self._table(tx, league)
            await tx.leagues.close(league.id, actor.user_id, iso(self.clock()),
                                   frozen_rows(table.standings, table.games))
            league = LeagueInfo.from_row(await tx.leagues.get(league.id))
            return LeagueTable(league, table.standings, table.games, table.scores)

    # ------------------------------------------------------------------ players
    async def join(self, guild_id: int, actor: Actor, name: str | None = None) -> LeagueInfo:
        async with self.store.db.transaction() as tx:
            league = await self._league(tx, guild_id, name)
            if league.closed:
                raise BadState(f"the league {league.name} is closed: its season is over")
            member = await tx.leagues.member(league.id, actor.user_id)
            if member is not None and member["left_at"] is None:
                raise BadState(f"you are already in the league {league.name} (since {member['joined_at'][:10]}); "
                               f"`/league standings name:{league.name}` shows where you stand")
            await tx.leagues.join(league.id, actor.user_id, "joined", iso(self.clock()))
        return league

    async def leave(self, guild_id: int, actor: Actor, name: str | None = None) -> LeagueInfo:
        """Leave the league; the points of the games already played stay in its table."""
        async with self.store.db.transaction() as tx:
            league = await self._league(tx, guild_id, name)
            member = await tx.leagues.member(league.id, actor.user_id)
            if member is None or member["left_at"] is not None:
                raise BadState(f"you are not in the league {league.name}")
            await tx.leagues.leave(league.id, actor.user_id, iso(self.clock()))
        return league

    # ------------------------------------------------------------------ reading
    async def standings(self, guild_id: int, name: str | None = None) -> LeagueTable:
        """The league's table now (a closed league's as it was frozen)."""
        async with self.store.db.read() as r:
            league = await self._league(r, guild_id, name)
            return await self._table(r, league)

    async def ranked(self, guild_id: int, name: str) -> tuple[int, ...]:
        """The league's players, best first (a playoff's seeds)."""
        return (await self.standings(guild_id, name)).standings.ranked

    async def listing(self, guild_id: int) -> list[LeagueInfo]:
        async with self.store.db.read() as r:
            return [LeagueInfo.from_row(row) for row in await r.leagues.of_guild(guild_id)]

    # ------------------------------------------------------------------ hooks in the game flow
    async def game_created(self, tx, game_id: int, settings: SeasonSettings) -> SeasonSettings:
        """Hook, in the transaction creating the game: a `league=` game becomes the league's (or
        the creation is refused, nothing written); its scoring is the league's unless given."""
        if settings.league is None:
            return settings
        game = await self.store.game(game_id, tx)
        league = await self._league(tx, game.guild_id, settings.league, what="league")
        if league.closed:
            raise BadState(f"league: {league.name} is closed (its season is over); no new game counts in it")
        if league.ends_on is not None and self.clock().date().isoformat() > league.ends_on:
            raise BadState(f"league: {league.name}'s season ended on {league.ends_on}; no new game counts in it")
        if not league.allows(game.variant):
            raise BadInput(f"league: {league.name} counts {league.games_words()} games, not {game.variant}; "
                           f"create the game without `league=`, or in a league that counts it")
        allowed = allowed_systems(get_variant(game.variant), game.options)
        scoring = settings.scoring
        if league.scoring in allowed:
            if settings.scoring_given and settings.scoring != league.scoring:
                raise BadInput(f"scoring: the league {league.name} scores by {league.scoring}; leave out "
                               f"`scoring=` or give `scoring={league.scoring}`")
            scoring = league.scoring
        await tx.leagues.add_game(league.id, game_id, iso(self.clock()))
        return SeasonSettings(scoring, settings.committed, league.name, settings.scoring_given)

    async def game_imported(self, tx, game, name: str | None) -> None:
        """Hook, in an import: the game counts in the league it was exported from, if this
        server has an open league of that name that counts the game."""
        if not name:
            return
        row = await tx.leagues.named(game.guild_id, str(name).strip().lower())
        if row is not None and row["closed_at"] is None and LeagueInfo.from_row(row).allows(game.variant):
            await tx.leagues.add_game(row["id"], game.id, iso(self.clock()))

    async def game_recorded(self, tx, result: GameResult) -> None:
        """Hook, after a game's result is recorded: its players join the league; the standings
        are posted to the league's channel."""
        row = await tx.leagues.league_of_game(result.game_id)
        if row is None:
            return
        league = LeagueInfo.from_row(row)
        if league.closed:
            return
        scores = player_scores(result, league.scoring, last_holders(result), league.abandoned)
        if not scores:
            return                                  # an abandoned game that does not count
        now = iso(self.clock())
        for holder in result.holders:
            if holder.user_id is not None:
                await tx.leagues.join(league.id, holder.user_id, "played", now)
        game = await self.store.game(result.game_id, tx)
        table = await self._table(tx, league)
        await self._post(tx, league, result.game_id, table.post(f"after game #{game.id} {game.name} ended"))

    async def game_removed(self, tx, game_id: int) -> None:
        """Hook, in the deletion of a game, before its rows go: the league counts it no more,
        and its standings without it are posted (if another of its games can carry the message)."""
        row = await tx.leagues.league_of_game(game_id)
        if row is None:
            return
        league = LeagueInfo.from_row(row)
        recorded = await tx.seasons.has_result(game_id)
        await tx.leagues.remove_game(game_id)
        if league.closed or not recorded:
            return
        anchor = await tx.leagues.newest_game(league.id)
        if anchor is None:
            return
        table = await self._table(tx, league)
        await self._post(tx, league, anchor, table.post(f"after game #{game_id} was deleted"))

    # ------------------------------------------------------------------ the table
    async def _table(self, r, league: LeagueInfo) -> LeagueTable:
        """The table from the recorded results (a closed league's: as frozen, with the games'
        scores as recorded now, for the export)."""
        rows = await r.leagues.results(league.id)
        keys = [(row["game_id"], row["recorded_at"], league.scoring, league.abandoned) for row in rows]
        scored = {key: self._scored[key] for key in keys if key in self._scored}
        if len(scored) < len(keys):
            for key, result in zip(keys, results_from_rows(rows, *await r.leagues.result_parts(league.id))):
                if key not in scored:
                    counted = tuple(player_scores(result, league.scoring, last_holders(result), league.abandoned))
                    game = LeagueGame(result.game_id, tuple(GamePoints(s.player, s.points, s.centres) for s in counted))
                    scored[key] = self._scored[key] = (result, counted, game)
            while len(self._scored) > SCORED_KEPT:
                self._scored.pop(next(iter(self._scored)))
        scores = []
        games = []
        for key in keys:
            result, counted, game = scored[key]
            if counted:
                scores.append((result, counted))
                games.append(game)
        members = [m["user_id"] for m in await r.leagues.members(league.id)]
        if league.frozen is not None:
            standings, count = frozen_standings(league.frozen, league.rules)
            return LeagueTable(league, standings, count, tuple(scores))
        standings: LeagueStandings = league_standings(games, members, league.rules)
        return LeagueTable(league, standings, len(games), tuple(scores))

    async def _league(self, r, guild_id: int, name: str | None, what: str = "name") -> LeagueInfo:
        """The league named (any case), or the server's only open league when no name is given."""
        if name is not None and str(name).strip():
            row = await r.leagues.named(guild_id, str(name).strip().lower())
            if row is None:
                known = [l["name"] for l in await r.leagues.of_guild(guild_id)]
                listed = f"its leagues: {', '.join(known[:10])}" if known else "it has none yet (`/league create`)"
                raise NotFound(f"{what}: this server has no league called `{clip(name, 40)}`; {listed}")
            return LeagueInfo.from_row(row)
        open_ones = await r.leagues.of_guild(guild_id, open_only=True)
        if len(open_ones) == 1:
            return LeagueInfo.from_row(open_ones[0])
        if not open_ones:
            raise NotFound("this server has no open league; an organiser creates one with `/league create`")
        raise BadInput("which league? this server has several: " + ", ".join(row["name"] for row in open_ones[:10])
                       + " (give `name:`)")

    async def _post(self, tx, league: LeagueInfo, game_id: int, text: str) -> None:
        target = f"channel:{league.channel_id}" if league.channel_id and league.guild_id != CONSOLE_GUILD else "game"
        await self.store.outbox(tx, game_id, target, text, None, iso(self.clock()))
