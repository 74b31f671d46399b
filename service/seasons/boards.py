"""Tournament boards as their games end: when a board's result is recorded (or a recorded board
is deleted) the tournament's standings are posted to its channel through the outbox, in the same
transaction — the round's progress, the top of the table and, once every board of the round is
over, what the organiser does next. The upper part (`tournaments.Tournaments`) seeds the rounds
and creates the boards; this one only reads results, so the record's hooks can reach it."""
from __future__ import annotations

from ..ids import checked_ids
from ..models import CONSOLE_GUILD, iso
from ..runtime import Now
from ..store import Store
from .results import GameResult
from .tournament_tables import TournamentInfo, TournamentState, board_post, read_state


@checked_ids
class BoardResults:
    """The tournaments' side of the record: a board over, a board deleted."""

    def __init__(self, store: Store, clock: Now):
        self.store = store
        self.clock = clock

    async def state(self, r, tournament_id: int) -> TournamentState:
        return await read_state(r, TournamentInfo.from_row(await r.tournaments.get(tournament_id)))

    async def game_recorded(self, tx, result: GameResult) -> None:
        """Hook, after a game's result is recorded: a board's standings are posted."""
        board = await tx.tournaments.board_of_game(result.game_id)
        if board is None:
            return
        state = await self.state(tx, board["tournament_id"])
        how = "ended as it stood" if result.ending == "abandoned" else "is over"
        text = board_post(state, board["round"], board["board"], result.game_id, f"{how} (game #{result.game_id})")
        await self._post(tx, state.info, result.game_id, text)

    async def game_removed(self, tx, game_id: int) -> None:
        """Hook, in the deletion of a game, before its rows go: a recorded board no longer
        counts; the standings without it are posted (on another board's game, if one is left)."""
        board = await tx.tournaments.board_of_game(game_id)
        if board is None or not await tx.seasons.has_result(game_id):
            return
        await tx.tournaments.drop_board_game(game_id)
        state = await self.state(tx, board["tournament_id"])
        anchor = next((b.game_id for b in reversed(state.boards) if b.game_id is not None), None)
        if anchor is None:
            return
        text = board_post(state, board["round"], board["board"], None, f"was deleted (game #{game_id})")
        await self._post(tx, state.info, anchor, text)

    async def _post(self, tx, info: TournamentInfo, game_id: int, text: str) -> None:
        target = f"channel:{info.channel_id}" if info.channel_id and info.guild_id != CONSOLE_GUILD else "game"
        await self.store.outbox(tx, game_id, target, text, None, iso(self.clock()))
