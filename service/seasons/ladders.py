"""Ratings kept per server and family (a community's ladder: docs/scoring.md, "Whose ladder"),
moved by every finished game and recomputable from the stored results at any time.

A game that finishes after the ladder's last game (finishing time, then game number) moves the
ratings of its players in the same transaction that records it (`engine.ratings.apply_game` on
those players' rows: the same arithmetic as a full recompute, so both give the same numbers). A
game that arrives out of that order (an imported game, a backfilled one) or a deleted game marks
the family's ladder dirty; `refresh` then recomputes that family from its stored results
(`engine.ratings.rate`, off the event loop) and writes it only if nothing moved the ladder
meanwhile (its generation), else it tries again.
"""
from __future__ import annotations

import asyncio
import logging

from engine.ratings import FinishedGame, PlayerRating, Ratings, apply_game, rate

from .results import GameResult
from .stored import rating_history

log = logging.getLogger("dispatch.seasons")
MAX_TRIES = 5


class RatingLadders:
    """The `ratings` and `rating_ladders` tables (reads and writes through `db.seasons`)."""

    def __init__(self, db, repo):
        self.db = db
        self.repo = repo
        self._lock = asyncio.Lock()

    async def game_recorded(self, conn, result: GameResult, incremental: bool = True) -> None:
        """Inside the transaction that records `result`: move its players' ratings, or mark the
        family for a recompute when the game comes out of order (or `incremental` is off)."""
        if result.family is None:
            return
        ladder = await self.repo.ladder(result.guild_id, result.family, conn)
        key = (result.finished_at, result.game_id)
        in_order = ladder.last_finished is None or key > (ladder.last_finished, ladder.last_game or 0)
        if ladder.dirty or not incremental or not in_order:
            await self.repo.save_ladder(conn, result.guild_id, result.family, ladder.last_finished, ladder.last_game,
                                        ladder.generation + 1, True)
            return
        game = result.finished_game()
        players = sorted({int(h.player) for seat in game.seats for h in seat.holders if h.player is not None})
        rows = await self.repo.ratings_of(conn, result.guild_id, result.family, players)
        last = (ladder.last_finished, str(ladder.last_game)) if ladder.last_finished else None
        before = Ratings({(str(r["user_id"]), result.family): PlayerRating(str(r["user_id"]), result.family,
                                                                            r["rating"], r["games"]) for r in rows},
                         last)
        after = apply_game(before, game)
        changed = [(int(r.player), r.rating, r.games) for r in after if r.family == result.family]
        await self.repo.save_ratings(conn, result.guild_id, result.family, changed)
        await self.repo.save_ladder(conn, result.guild_id, result.family, result.finished_at, result.game_id,
                                    ladder.generation + 1, False)

    async def mark_dirty(self, conn, guild_id: int, family: str | None) -> None:
        """A game of this ladder was deleted: the family is recomputed (`refresh`)."""
        if family is None:
            return
        ladder = await self.repo.ladder(guild_id, family, conn)
        await self.repo.save_ladder(conn, guild_id, family, ladder.last_finished, ladder.last_game,
                                    ladder.generation + 1, True)

    async def refresh(self, guild_id: int | None = None) -> int:
        """Recompute every dirty ladder (of one server, or all); returns how many."""
        done = 0
        for guild, family in await self.repo.dirty_ladders(guild_id):
            await self.recompute(guild, family)
            done += 1
        return done

    async def recompute(self, guild_id: int, family: str) -> Ratings:
        """The family's ratings on the server from its stored results, written over the table."""
        async with self._lock:
            for _ in range(MAX_TRIES):
                ladder = await self.repo.ladder(guild_id, family)
                rows = await self.repo.rating_rows(guild_id, family)
                # built and rated in a thread: 10,000 games hold the event loop for none of it
                history, ratings = await asyncio.to_thread(_rate, rows, family)
                async with self.db.transaction() as conn:
                    now = await self.repo.ladder(guild_id, family, conn)
                    if now.generation != ladder.generation:
                        continue            # a game finished meanwhile: read the history again
                    await self.repo.replace_ratings(conn, guild_id, family,
                                                    [(int(r.player), r.rating, r.games) for r in ratings.family(family)])
                    last = history[-1] if history else None
                    await self.repo.save_ladder(conn, guild_id, family, last.finished if last else None,
                                                int(last.game) if last else None, now.generation + 1, False)
                return ratings
            log.warning("ratings of %s on server %s kept moving during %d recomputes", family, guild_id, MAX_TRIES)
            return ratings

    async def stored(self, guild_id: int, family: str) -> Ratings:
        """The family's ratings as the table holds them (what `/profile` shows)."""
        rows = await self.repo.family_ratings(guild_id, family)
        ladder = await self.repo.ladder(guild_id, family)
        last = (ladder.last_finished, str(ladder.last_game)) if ladder.last_finished else None
        return Ratings({(str(r["user_id"]), family): PlayerRating(str(r["user_id"]), family, r["rating"], r["games"])
                        for r in rows}, last)


def _rate(rows: list[tuple], family: str) -> tuple[list[FinishedGame], Ratings]:
    history = rating_history(rows, family)
    return history, rate(history, families=[family])
