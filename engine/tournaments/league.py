"""League standings: a season of games, each counted game giving every player points (from the
league's scoring system; `winloss` for two-sided games).

`LeagueRules.rank_by`:
- `points` (the default): most points first. Ties: the better average (the same points from fewer
  games), the best single game, head-to-head, centres, then who joined the league first.
- `average`: the best average points per game first, among players with at least `min_games`
  games; players with fewer games follow, ranked the same way. Ties: more points (the same
  average over more games), the best single game, head-to-head, centres, join order.
`LeagueRules.best` counts only each player's best N games (the others are shown as dropped).

Head-to-head is counted over the games the tied players shared: +1 for each tied opponent
outscored in such a game, −1 for each who outscored them (dipvis's WDC tie-break "Higher score
where the tied players went head to head"). Centres are the final supply centres of the counted
games where the game reports them (Diplomacy; an A&A game has none); the PlayDiplomacy league
breaks ties on "Centre difference" the same way. Join order last: a fixed rule, so recomputing
gives the same table. A player who left the league keeps the points of their counted games.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Hashable, Iterable, Sequence

from .boards import PlayerId
from .errors import StandingsError
from .ranking import TieBreak, head_to_head, points_key, rank

RANK_BY = ("points", "average")


@dataclass(frozen=True)
class GamePoints:
    """One player's points from one counted game, and their final centres if the game has them."""

    player: PlayerId
    points: float
    centres: int = 0


@dataclass(frozen=True)
class LeagueGame:
    """A counted game: its id (the service's game id) and every player's points."""

    game: Hashable
    results: tuple[GamePoints, ...]


@dataclass(frozen=True)
class LeagueRules:
    rank_by: str = "points"
    best: int | None = None          # count each player's best N games only
    min_games: int = 0               # with rank_by="average": games needed to rank among the qualified

    def __post_init__(self) -> None:
        if self.rank_by not in RANK_BY:
            raise StandingsError(f"a league ranks by {' or '.join(RANK_BY)}, not `{self.rank_by}`")
        if self.best is not None and self.best < 1:
            raise StandingsError("a league counts at least one game per player")
        if self.min_games < 0:
            raise StandingsError("the minimum number of games cannot be negative")


@dataclass(frozen=True)
class LeagueRow:
    """One line: points counted, games counted (and dropped), the average per counted game,
    the best game, centres, whether the player has the games to qualify, and the tie-break that
    put them below the player above (None when the first key did)."""

    place: int
    player: PlayerId
    points: float
    games: int
    dropped: int
    average: float
    best: float
    centres: int
    qualified: bool
    decided_by: str | None = None


@dataclass(frozen=True)
class LeagueStandings:
    rows: tuple[LeagueRow, ...]
    rules: LeagueRules

    @property
    def ranked(self) -> tuple[PlayerId, ...]:
        return tuple(r.player for r in self.rows)

    def row(self, player: PlayerId) -> LeagueRow:
        for r in self.rows:
            if r.player == player:
                return r
        raise KeyError(player)


def league_standings(games: Iterable[LeagueGame], members: Sequence[PlayerId] = (),
                     rules: LeagueRules = LeagueRules()) -> LeagueStandings:
    """The table from the counted `games`; `members` in join order (players who left still
    appear if they have games; members without games appear with 0)."""
    scored: dict[PlayerId, list[GamePoints]] = defaultdict(list)
    in_game: dict[PlayerId, list[Hashable]] = defaultdict(list)
    points: dict[Hashable, dict[PlayerId, float]] = {}
    order = list(dict.fromkeys(members))
    known = set(order)
    for game in games:
        if game.game in points:
            raise StandingsError(f"game {game.game} is counted twice")
        table: dict[PlayerId, float] = {}
        for r in game.results:
            if r.player in table:
                raise StandingsError(f"game {game.game} scores {r.player} twice")
            if not isinstance(r.points, (int, float)) or isinstance(r.points, bool) or r.points != r.points:
                raise StandingsError(f"game {game.game}: {r.player}'s points are not a number")
            table[r.player] = r.points
            scored[r.player].append(r)
            in_game[r.player].append(game.game)
            if r.player not in known:
                known.add(r.player)
                order.append(r.player)
        points[game.game] = table
    position = {p: i for i, p in enumerate(order)}
    counted: dict[PlayerId, list[GamePoints]] = {}
    dropped: dict[PlayerId, int] = {}
    for p in order:
        best_first = sorted(scored.get(p, []), key=lambda g: points_key(g.points), reverse=True)
        cut = len(best_first) if rules.best is None else rules.best
        counted[p], dropped[p] = best_first[:cut], len(best_first[cut:])
    total = {p: sum(g.points for g in counted[p]) for p in order}
    games_of = {p: len(counted[p]) for p in order}
    average = {p: total[p] / games_of[p] if games_of[p] else 0.0 for p in order}
    best = {p: counted[p][0].points if counted[p] else 0.0 for p in order}
    centres = {p: sum(g.centres for g in counted[p]) for p in order}
    qualified = {p: games_of[p] >= rules.min_games for p in order}
    tail = [
        TieBreak("best game", lambda p, g: points_key(best[p])),
        TieBreak("head-to-head", lambda p, g: head_to_head(p, g, in_game, points)),
        TieBreak("centres", lambda p, g: centres[p]),
        TieBreak("join order", lambda p, g: -position[p]),
    ]
    if rules.rank_by == "points":
        chain = [TieBreak("points", lambda p, g: points_key(total[p])),
                 TieBreak("average", lambda p, g: points_key(average[p]))] + tail
    else:
        chain = [TieBreak("average", lambda p, g: (qualified[p], points_key(average[p]))),
                 TieBreak("points", lambda p, g: points_key(total[p]))] + tail
    rows = tuple(LeagueRow(place, p, total[p], games_of[p], dropped[p], average[p], best[p], centres[p],
                           qualified[p], reason)
                 for place, (p, reason) in enumerate(rank(order, chain), start=1))
    return LeagueStandings(rows, rules)
