"""The `votes` rows: one per seat and motion, for the phase it was cast in."""
from __future__ import annotations

from typing import Sequence

from .sql import Repository, Row


class Votes(Repository):
    async def motions(self, game_id: int, phase_id: int) -> list[str]:
        return [row["motion"] for row in await self.sql.all(
            "SELECT DISTINCT motion FROM votes WHERE game_id=? AND phase_id=? ORDER BY motion", (game_id, phase_id))]

    async def on(self, game_id: int, phase_id: int, motions: Sequence[str]) -> list[Row]:
        """(seat, user_id, motion) of the votes on any of `motions` in the phase."""
        return await self.sql.all(f"SELECT seat, user_id, motion FROM votes WHERE game_id=? AND phase_id=? "
                                  f"AND motion IN ({','.join('?' * len(motions))})", (game_id, phase_id, *motions))

    async def cast(self, game_id: int, phase_id: int, motion: str, seat: str, user_id: int, at: str) -> None:
        """A seat's vote, replacing its earlier one on the motion (a seat a bot voted for before
        a person took it is the person's now)."""
        await self.sql.run("INSERT INTO votes (game_id, phase_id, motion, seat, user_id, at) VALUES (?,?,?,?,?,?) "
                           "ON CONFLICT (game_id, phase_id, motion, seat) DO UPDATE SET user_id=excluded.user_id, "
                           "at=excluded.at", (game_id, phase_id, motion, seat, user_id, at))

    async def withdrawn(self, game_id: int, phase_id: int, motion: str, seats: Sequence[str]) -> None:
        await self.sql.run(f"DELETE FROM votes WHERE game_id=? AND phase_id=? AND motion=? "
                           f"AND seat IN ({','.join('?' * len(seats))})", (game_id, phase_id, motion, *seats))

    async def dropped(self, game_id: int, motions: Sequence[str], phase_id: int | None = None) -> None:
        """The votes on `motions` (in one phase, or all of the game's)."""
        marks = ",".join("?" * len(motions))
        if phase_id is None:
            await self.sql.run(f"DELETE FROM votes WHERE game_id=? AND motion IN ({marks})", (game_id, *motions))
        else:
            await self.sql.run(f"DELETE FROM votes WHERE game_id=? AND phase_id=? AND motion IN ({marks})",
                               (game_id, phase_id, *motions))

    async def dropped_phase(self, phase_id: int, game_id: int | None = None) -> None:
        if game_id is None:
            await self.sql.run("DELETE FROM votes WHERE phase_id=?", (phase_id,))
        else:
            await self.sql.run("DELETE FROM votes WHERE game_id=? AND phase_id=?", (game_id, phase_id))
