"""Reliability: each player's last ten order phases, and the `committed=` check at a join, a
seat taken as a substitute, or a GM's assignment.

The figure is Diplicity's (`engine.ratings.reliability`: high, medium, low, or new under ten phases
owed). A phase is owed when the player held a seat with orders to give; a miss the game's policy
excused still counts; a phase the game was paused in is not owed; the phases of an anonymous
game count once it is over (a running one's misses would tell who plays which seat). The figure
is the player's own, across every server: a committed game wants to know whether they show up.

Who meets `committed=` (docs/scoring.md): high meets both; medium meets medium; low meets neither;
a new player (fewer than ten phases owed) meets medium but not high — Dispatch lets newcomers into
the usual committed games, and keeps `committed=high` for players with a record.
"""
from __future__ import annotations

from engine.ratings import OrderPhase, Reliability, reliability

from ..errors import BadState
from .settings import COMMITMENTS

WINDOW = 10
ASKS = {"high": "high (at most 1 missed in 10)", "medium": "medium (fewer than half missed)"}


def admits(figure: Reliability, required: str | None) -> bool:
    """Whether a player of this reliability may join a game with `committed=required`."""
    if required is None:
        return True
    if required not in COMMITMENTS:
        raise ValueError(f"committed is high or medium, not {required!r}")
    if figure.level == "new":
        return required == "medium"
    return figure.meets(required)


def figure_words(figure: Reliability) -> str:
    """The figure a player reads: "medium: 2 missed of the last 10 phases you owed"."""
    if figure.level == "new":
        owed = f"{figure.owed} order phase{'s' if figure.owed != 1 else ''}" if figure.owed else "no order phase"
        missed = f", {figure.misses} missed" if figure.misses else ""
        return f"new: {owed} so far{missed} (10 make a figure)"
    text = f"{figure.level}: {figure.misses} missed of the last {figure.owed} phases you owed"
    return text + (f" ({figure.excused} excused)" if figure.excused else "")


def refusal(figure: Reliability, required: str, own: bool) -> str:
    """Why a join is refused, with the player's own figure and what the game asks."""
    whose = "your" if own else "their"
    words = figure_words(figure) if own else figure_words(figure).replace("you owed", "they owed")
    then = ("Play on in other games: the figure counts your last 10 order phases." if own else
            "The game's creator chose `committed`; choose a player who meets it.")
    return f"{whose} reliability is {words}; this game asks for {ASKS[required]}. {then}"


class Reliabilities:
    """Players' reliability figures and the committed check (reads `db.seasons`)."""

    def __init__(self, repo):
        self.repo = repo

    async def of(self, user_id: int, conn=None) -> Reliability:
        """The player's figure over their last ten owed phases (oldest first to the engine)."""
        rows = await self.repo.owed_phases(user_id, WINDOW, conn)
        phases: dict[int, list] = {}
        for row in rows:
            phases.setdefault(row["phase_id"], []).append(row)
        owed = []
        for phase_id in sorted(phases):
            seats = phases[phase_id]
            missed = any(r["missed"] for r in seats)
            excused = missed and all(r["excused"] for r in seats if r["missed"])
            owed.append(OrderPhase(f"game {seats[0]['game_id']} phase {phase_id}", True, missed, excused))
        return reliability(owed)

    async def admit(self, conn, game_id: int, user_id: int | None, own: bool = True) -> None:
        """Refuse (BadState) a player below the game's `committed=` level; nothing is changed."""
        if user_id is None:
            return
        settings = await self.repo.settings(game_id, conn)
        required = settings[1] if settings else None
        if required is None:
            return
        figure = await self.of(user_id, conn)
        if not admits(figure, required):
            raise BadState(refusal(figure, required, own))
