"""Two-game matches with sides swapped (A&A league mode): each player plays each side once.

Game 1 is played as the bidding decided (`bids.BidOutcome`); in game 2 the players swap sides.
The bid is the match's balance: the same side receives the same extra IPCs in both games, and
whoever plays that side in a game places them (under the placement convention,
engine/aa1914/league_bid.py).

Each game scores win 1, draw ½, loss 0 (the `winloss` system). The match goes to the player with
more points. Level matches (a win each, or two draws): the player whose win came in fewer game
rounds takes the match ("quicker win": Dispatch's rule — the same side's win in fewer rounds is
the more convincing one); otherwise the match is drawn (a playoff then advances the higher seed,
playoffs.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence

from .bids import BidOutcome
from .errors import TournamentError

PlayerId = Hashable
WIN, DRAW, LOSS = 1.0, 0.5, 0.0


@dataclass(frozen=True)
class GameOutcome:
    """A finished game of the match: the winning side (None: a draw) and the game rounds played."""

    winner: str | None
    rounds: int | None = None


@dataclass(frozen=True)
class MatchResult:
    """Points per player so far, the match's winner (None: drawn or not finished), and how it was
    decided: `games` (more points), `quicker win`, or None."""

    players: tuple[PlayerId, PlayerId]
    points: tuple[float, float]
    winner: PlayerId | None
    decided_by: str | None
    complete: bool

    def points_of(self, player: PlayerId) -> float:
        return self.points[self.players.index(player)]


@dataclass(frozen=True)
class TwoGameMatch:
    """Two players, the bidding's outcome, and the sides of each game."""

    players: tuple[PlayerId, PlayerId]
    bid: BidOutcome

    def __post_init__(self) -> None:
        if {p for p, _ in self.bid.sides} != set(self.players):
            raise TournamentError("the bid was not between this match's players")

    def sides(self, game: int) -> dict[PlayerId, str]:
        """player -> side in game 1 or 2."""
        if game not in (1, 2):
            raise TournamentError("a match has games 1 and 2")
        first = dict(self.bid.sides)
        if game == 1:
            return first
        a, b = self.players
        return {a: first[b], b: first[a]}

    def bid_for(self, game: int) -> tuple[str, int, PlayerId]:
        """(side, extra IPCs, the player who places them) in game 1 or 2."""
        placer = next(p for p, s in self.sides(game).items() if s == self.bid.bid_side)
        return self.bid.bid_side, self.bid.bid_ipcs, placer

    def result(self, outcomes: Sequence[GameOutcome]) -> MatchResult:
        """The match after the finished games (one or two, in order)."""
        if len(outcomes) > 2:
            raise TournamentError("a match has two games")
        sides_known = {s for _, s in self.bid.sides}
        points = {p: 0.0 for p in self.players}
        win_rounds: dict[PlayerId, int | None] = {}
        for game, outcome in enumerate(outcomes, start=1):
            if outcome.winner is not None and outcome.winner not in sides_known:
                raise TournamentError(f"`{outcome.winner}` is not a side of this match")
            for player, side in self.sides(game).items():
                if outcome.winner is None:
                    points[player] += DRAW
                elif outcome.winner == side:
                    points[player] += WIN
                    win_rounds[player] = outcome.rounds
        a, b = self.players
        complete = len(outcomes) == 2
        pa, pb = points[a], points[b]
        if not complete:
            return MatchResult(self.players, (pa, pb), None, None, False)
        if pa != pb:
            return MatchResult(self.players, (pa, pb), a if pa > pb else b, "games", True)
        ra, rb = win_rounds.get(a), win_rounds.get(b)
        if ra is not None and rb is not None and ra != rb:
            return MatchResult(self.players, (pa, pb), a if ra < rb else b, "quicker win", True)
        return MatchResult(self.players, (pa, pb), None, None, True)
