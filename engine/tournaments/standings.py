"""Round and overall standings of a tournament, from the points each player scored on each board
(the scoring system — engine/scoring — turns a finished board into points; this module only adds
them up and ranks).

A player's *round score* is their board's points; if they played two boards in one round, the
better one counts (dipvis `RScoringBest`: "take the best game score and flag the rest as
dropped"). The *tournament score* is the sum of the best `counted_rounds` round scores (all rounds
when None; dipvis `TScoringSumRounds`: "add up the best N round scores"). A registered player
without a finished board scores 0 ("Anyone who hadn't yet played scores zero", dipvis).

Ties on the tournament score are broken, in order, by (dipvis `TScoringWDC2025._top21`: "Higher
single game score; Higher score where the tied players went head to head; Total number of SCs;
Higher score in dropped round"; DAANZ tournaments: "the better 'best' game, the better 'second
best' game, …"):
1. best board: the counted round scores compared best first, then second best, …;
2. head-to-head: on the boards the tied players shared, +1 for each tied opponent outscored,
   −1 for each who outscored them;
3. centres: supply centres at the end of the counted boards, added up;
4. dropped rounds: the round scores that did not count, best first;
5. registration order: who registered first (dipvis draws lots here; a fixed rule gives the same
   table every time it is recomputed).
A round's standings rank by the round score, then centres on that board, then registration.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Hashable, Iterable, Sequence

from .boards import PlayerId
from .errors import StandingsError
from .ranking import TieBreak, head_to_head, points_key, rank


@dataclass(frozen=True)
class BoardScore:
    """One player's result on one board: the scoring system's points and their final centres."""

    player: PlayerId
    points: float
    centres: int = 0


@dataclass(frozen=True)
class BoardResult:
    """A finished board of round `round`: every human player's score (bots are not ranked)."""

    round: int
    board: int
    scores: tuple[BoardScore, ...]

    @property
    def key(self) -> tuple[int, int]:
        return self.round, self.board


@dataclass(frozen=True)
class StandingsRow:
    """One line of the table. `score`: the tournament (or round) score; `counted` and `dropped`:
    the round scores that count and do not, best first; `decided_by`: the tie-break that put this
    player below the one above on equal score (None when the score itself did)."""

    place: int
    player: PlayerId
    score: float
    rounds: int
    counted: tuple[float, ...]
    dropped: tuple[float, ...]
    centres: int
    decided_by: str | None = None


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingsRow, ...]

    @property
    def ranked(self) -> tuple[PlayerId, ...]:
        """The players, best first (what `seeding.top_board` takes)."""
        return tuple(r.player for r in self.rows)

    def row(self, player: PlayerId) -> StandingsRow:
        for r in self.rows:
            if r.player == player:
                return r
        raise KeyError(player)


def _check(results: Iterable[BoardResult]) -> list[BoardResult]:
    out = []
    seen: set = set()
    for result in results:
        if result.key in seen:
            raise StandingsError(f"round {result.round} board {result.board} is given twice")
        seen.add(result.key)
        players = [s.player for s in result.scores]
        if len(set(players)) != len(players):
            raise StandingsError(f"round {result.round} board {result.board} scores a player twice")
        for s in result.scores:
            if not isinstance(s.points, (int, float)) or isinstance(s.points, bool) or s.points != s.points:
                raise StandingsError(f"round {result.round} board {result.board}: {s.player}'s points are not a number")
        out.append(result)
    return out


def _round_scores(results: list[BoardResult]) -> dict[PlayerId, dict[int, BoardScore]]:
    """player -> round -> the board score that counts for that round (the best)."""
    best: dict[PlayerId, dict[int, BoardScore]] = defaultdict(dict)
    for result in results:
        for s in result.scores:
            held = best[s.player].get(result.round)
            if held is None or (points_key(s.points), s.centres) > (points_key(held.points), held.centres):
                best[s.player][result.round] = s
    return best


def _players(registration: Sequence[PlayerId], results: list[BoardResult]) -> list[PlayerId]:
    """Registered players in order, then anyone scored but not registered, in order of first board."""
    out = list(dict.fromkeys(registration))
    known = set(out)
    for result in sorted(results, key=lambda r: r.key):
        for s in result.scores:
            if s.player not in known:
                known.add(s.player)
                out.append(s.player)
    return out


def _shared_boards(results: list[BoardResult]) -> tuple[dict, dict]:
    games: dict[PlayerId, list[Hashable]] = defaultdict(list)
    points: dict[Hashable, dict[PlayerId, float]] = {}
    for result in results:
        points[result.key] = {s.player: s.points for s in result.scores}
        for s in result.scores:
            games[s.player].append(result.key)
    return games, points


def tournament_standings(results: Iterable[BoardResult], registration: Sequence[PlayerId] = (), *,
                         counted_rounds: int | None = None) -> Standings:
    """The overall table after the finished boards `results` (see the module's tie-breaks)."""
    if counted_rounds is not None and counted_rounds < 1:
        raise StandingsError("at least one round must count")
    results = _check(results)
    players = _players(registration, results)
    by_round = _round_scores(results)
    order = {p: i for i, p in enumerate(players)}
    counted: dict[PlayerId, list[BoardScore]] = {}
    dropped: dict[PlayerId, list[BoardScore]] = {}
    for p in players:
        scores = sorted(by_round.get(p, {}).values(), key=lambda s: (points_key(s.points), s.centres), reverse=True)
        cut = len(scores) if counted_rounds is None else counted_rounds
        counted[p], dropped[p] = scores[:cut], scores[cut:]
    total = {p: sum(s.points for s in counted[p]) for p in players}
    games, points = _shared_boards(results)

    def padded(lists: dict[PlayerId, list[BoardScore]], p: PlayerId, group: tuple) -> tuple:
        width = max(len(lists[q]) for q in group)
        return tuple(points_key(s.points) for s in lists[p]) + (0.0,) * (width - len(lists[p]))

    chain = [
        TieBreak("points", lambda p, g: points_key(total[p])),
        TieBreak("best board", lambda p, g: padded(counted, p, g)),
        TieBreak("head-to-head", lambda p, g: head_to_head(p, g, games, points)),
        TieBreak("centres", lambda p, g: sum(s.centres for s in counted[p])),
        TieBreak("dropped rounds", lambda p, g: padded(dropped, p, g)),
        TieBreak("registration", lambda p, g: -order[p]),
    ]
    rows = tuple(StandingsRow(place, p, total[p], len(by_round.get(p, {})),
                              tuple(s.points for s in counted[p]), tuple(s.points for s in dropped[p]),
                              sum(s.centres for s in counted[p]), reason)
                 for place, (p, reason) in enumerate(rank(players, chain), start=1))
    return Standings(rows)


def round_standings(results: Iterable[BoardResult], round_number: int,
                    registration: Sequence[PlayerId] = ()) -> Standings:
    """The table of one round: the players who played it, by round score, then centres on that
    board, then registration order."""
    results = _check(results)
    this_round = [r for r in results if r.round == round_number]
    by_round = _round_scores(this_round)
    players = [p for p in _players(registration, this_round) if p in by_round]
    order = {p: i for i, p in enumerate(players)}
    score = {p: by_round[p][round_number] for p in players}
    chain = [
        TieBreak("points", lambda p, g: points_key(score[p].points)),
        TieBreak("centres", lambda p, g: score[p].centres),
        TieBreak("registration", lambda p, g: -order[p]),
    ]
    rows = tuple(StandingsRow(place, p, score[p].points, 1, (score[p].points,), (), score[p].centres, reason)
                 for place, (p, reason) in enumerate(rank(players, chain), start=1))
    return Standings(rows)
