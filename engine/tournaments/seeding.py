"""Seeding a tournament round: registered players onto boards of a family's shape.

The rules, in priority order (docs/tournaments.md gives them to organisers with their sources):
1. Who plays. Players fill whole boards. With `Fill.WAIT` the players left over sit the round
   out: first those who offered to (dipvis's "would prefer not to play this round"), then those
   who have waited the fewest rounds, ties drawn by the seeded RNG — so nobody waits twice while
   someone else has never waited. With `Fill.BOTS` there is one more board instead, the players
   spread evenly over the boards and bots take the empty seats.
2. No two players meet again (grouping.py: dipvis's measure, the square of past meetings).
3. Nobody plays a seat twice; 4. preferences (assignment.py) — first on each board, then by
   swapping players between boards where the swap meets nobody new and lowers the boards' seat
   cost (repeated seats first, then preferences).
A later rule never spoils an earlier one. Everything random comes from the `rng` passed in.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Collection, Iterable, Mapping, Sequence

import numpy as np

from .assignment import assign_seats, best_assignment, cost_row
from .boards import Fill, PlayerId, SeatedBoard, SeededRound, meetings, repeat_meetings, seats_played, waits
from .errors import SeedingError
from .grouping import group
from .shapes import BoardShape, Preferences, parse_preferences

APART = 25      # dipvis `_BIAS_WEIGHT`: a pair kept apart counts as having met 25 times


def seed_round(players: Sequence[PlayerId], shape: BoardShape, rng: random.Random, *,
               previous: Sequence[SeededRound] = (), preferences: Mapping[PlayerId, Preferences | str] | None = None,
               fill: Fill | str = Fill.WAIT, volunteers: Collection[PlayerId] = (),
               keep_apart: Iterable[tuple[PlayerId, PlayerId]] = (), number: int | None = None,
               effort: float = 1.0) -> SeededRound:
    """Seat `players` (registration order) for round `number` (default: after `previous`).

    `previous`: the rounds already seeded (their boards and who waited); `preferences`: player ->
    dipvis list or `Preferences`; `volunteers`: players who offered to sit out; `keep_apart`:
    pairs never to seat together if it can be helped; `effort` scales the search. Raises
    SeedingError when the players cannot make one board."""
    fill = Fill(fill)
    _check_players(players)
    keep_apart = list(keep_apart)
    registered = set(players)
    for pair in keep_apart:
        strangers = [p for p in pair if p not in registered]
        if strangers:
            raise SeedingError(f"player {strangers[0]} is to be kept apart but is not registered")
    prefs = _read_preferences(preferences, shape)
    number = number if number is not None else len(previous) + 1
    playing, waiting = _who_plays(players, shape, fill, volunteers, previous, rng)
    boards = _seat(playing, shape, rng, previous, prefs, fill, keep_apart, effort)
    return _report(SeededRound(number, boards, waiting), previous, prefs)


def top_board(ranked: Sequence[PlayerId], shape: BoardShape, rng: random.Random, *,
              previous: Sequence[SeededRound] = (), preferences: Mapping[PlayerId, Preferences | str] | None = None,
              leader_chooses: bool = True) -> SeatedBoard:
    """The top board: the first `shape.size` players of `ranked` (the standings, whose last
    tie-break is the registration order, so there is never a tie at the cut). With
    `leader_chooses` the players choose seats in standings order, each the most wanted seat that
    leaves the fewest repeated seats for the rest; otherwise the least-cost assignment."""
    _check_players(ranked)
    if len(ranked) < shape.size:
        raise SeedingError(f"a top board needs {shape.size} players in the standings; there are {len(ranked)}")
    top = list(ranked[:shape.size])
    prefs = _read_preferences(preferences, shape)
    places = assign_seats(top, shape, rng, played=seats_played(previous), preferences=prefs,
                          choice_order=top if leader_chooses else None)
    return SeatedBoard(1, places)


def seed_final_round(ranked: Sequence[PlayerId], shape: BoardShape, rng: random.Random, *,
                     previous: Sequence[SeededRound] = (),
                     preferences: Mapping[PlayerId, Preferences | str] | None = None,
                     fill: Fill | str = Fill.WAIT, volunteers: Collection[PlayerId] = (),
                     keep_apart: Iterable[tuple[PlayerId, PlayerId]] = (), number: int | None = None,
                     leader_chooses: bool = True) -> SeededRound:
    """A final round: board 1 is the top board (`top_board`); the other players are seeded on
    boards 2, 3, … as any round (they wait if too few are left for a board)."""
    top = top_board(ranked, shape, rng, previous=previous, preferences=preferences, leader_chooses=leader_chooses)
    seated = set(top.players)
    rest = [p for p in ranked if p not in seated]
    number = number if number is not None else len(previous) + 1
    try:
        others = seed_round(rest, shape, rng, previous=previous, preferences=preferences, fill=fill,
                            volunteers=volunteers, keep_apart=[pair for pair in keep_apart
                                                               if pair[0] in rest and pair[1] in rest])
        boards = (top,) + tuple(SeatedBoard(b.number + 1, b.places) for b in others.boards)
        waiting = others.waiting
    except SeedingError:
        boards, waiting = (top,), tuple(rest)
    return _report(SeededRound(number, boards, waiting), previous, _read_preferences(preferences, shape))


# ---------------------------------------------------------------- who plays

def _check_players(players: Sequence[PlayerId]) -> None:
    seen: set = set()
    for p in players:
        if p is None:
            raise SeedingError("a player has no id (None stands for a bot)")
        if p in seen:
            raise SeedingError(f"player {p} is registered twice")
        seen.add(p)


def _read_preferences(preferences: Mapping[PlayerId, Preferences | str] | None,
                      shape: BoardShape) -> dict[PlayerId, Preferences]:
    return {p: v if isinstance(v, Preferences) else parse_preferences(v, shape)
            for p, v in (preferences or {}).items()}


def _who_plays(players: Sequence[PlayerId], shape: BoardShape, fill: Fill, volunteers: Collection[PlayerId],
               previous: Sequence[SeededRound], rng: random.Random) -> tuple[list[PlayerId], tuple[PlayerId, ...]]:
    n = len(players)
    if fill is Fill.BOTS:
        if n < 2:
            raise SeedingError(f"a board with bots needs at least 2 players; {n} registered")
        return list(players), ()
    if n < shape.size:
        raise SeedingError(f"one board of {shape.title} needs {shape.size} players; {n} registered. "
                           f"Wait for more players, or seed with fill=bots to fill the empty seats with bots")
    leftover = n % shape.size
    if not leftover:
        return list(players), ()
    waited = waits(previous)
    offered = set(volunteers)
    order = list(players)
    rng.shuffle(order)
    order.sort(key=lambda p: (p not in offered, waited[p]))
    out = set(order[:leftover])
    return [p for p in players if p not in out], tuple(p for p in players if p in out)


# ---------------------------------------------------------------- boards and seats

def _seat(playing: list[PlayerId], shape: BoardShape, rng: random.Random, previous: Sequence[SeededRound],
          prefs: dict[PlayerId, Preferences], fill: Fill, keep_apart: Iterable[tuple[PlayerId, PlayerId]],
          effort: float) -> tuple[SeatedBoard, ...]:
    n, size = len(playing), shape.size
    count = -(-n // size) if fill is Fill.BOTS else n // size
    capacities = [n // count + (1 if b < n % count else 0) for b in range(count)]
    weights = _weights(playing, previous, keep_apart)
    steps = max(1, int(20_000 * effort))
    board_of, _ = group(weights, capacities, rng, max_steps=steps, patience=max(1, steps // 5))
    members: list[list[int]] = [[] for _ in range(count)]
    for i, b in enumerate(board_of):
        members[b].append(i)
    played = seats_played(previous)
    rows = [cost_row(shape, played.get(p), prefs.get(p)) for p in playing]
    _improve_seats(members, rows, weights, size, rng, budget=int(min(3000, 1000 + 20 * count) * effort))
    members.sort(key=min)        # board 1 holds the earliest registered player, and so on
    boards = []
    for number, m in enumerate(members, start=1):
        seated = [playing[i] for i in m] + [None] * (size - len(m))
        boards.append(SeatedBoard(number, assign_seats(seated, shape, rng, played=played, preferences=prefs)))
    return tuple(boards)


def _weights(playing: list[PlayerId], previous: Sequence[SeededRound],
             keep_apart: Iterable[tuple[PlayerId, PlayerId]]) -> np.ndarray:
    index = {p: i for i, p in enumerate(playing)}
    met = np.zeros((len(playing), len(playing)), dtype=np.int64)
    for pair, times in meetings(previous).items():
        a, b = tuple(pair)
        if a in index and b in index:
            met[index[a], index[b]] = met[index[b], index[a]] = times
    for a, b in keep_apart:
        if a == b:
            raise SeedingError(f"player {a} cannot be kept apart from themselves")
        if a in index and b in index:
            met[index[a], index[b]] += APART
            met[index[b], index[a]] += APART
    return met * met


def _improve_seats(members: list[list[int]], rows: list[tuple[int, ...]], weights: np.ndarray, size: int,
                   rng: random.Random, budget: int) -> None:
    """Swap players between boards where the swap makes no new meeting and lowers the two boards'
    seat cost (repeated seats, then preferences); changes `members` in place."""
    bot = (0,) * size

    def solve(m: list[int]) -> tuple[int, list[int]]:
        return best_assignment([rows[i] for i in m] + [bot] * (size - len(m)))

    solved = [solve(m) for m in members]
    stuck: set[int] = set()
    while budget > 0:
        unhappy = [(b, k) for b, (cost, seats) in enumerate(solved) if cost
                   for k, i in enumerate(members[b]) if rows[i][seats[k]] and i not in stuck]
        if not unhappy:
            return
        b1, k1 = unhappy[rng.randrange(len(unhappy))]
        p = members[b1][k1]
        others = [(b, k) for b in range(len(members)) if b != b1 for k in range(len(members[b]))]
        rng.shuffle(others)
        improved = False
        for b2, k2 in others[:4 * size]:
            q = members[b2][k2]
            rest1 = [i for i in members[b1] if i != p]
            rest2 = [i for i in members[b2] if i != q]
            meet = (weights[p, rest2].sum() - weights[p, rest1].sum()
                    + weights[q, rest1].sum() - weights[q, rest2].sum())
            if meet > 0:
                continue
            budget -= 1
            new1, new2 = solve(rest1 + [q]), solve(rest2 + [p])
            if meet < 0 or new1[0] + new2[0] < solved[b1][0] + solved[b2][0]:
                members[b1], members[b2] = rest1 + [q], rest2 + [p]
                solved[b1], solved[b2] = new1, new2
                stuck.clear()
                improved = True
                break
            if budget <= 0:
                return
        if not improved:
            stuck.add(p)


def _report(round_: SeededRound, previous: Sequence[SeededRound], prefs: dict[PlayerId, Preferences]) -> SeededRound:
    played = seats_played(previous)
    repeated = tuple((p.player, p.seat) for b in round_.boards for p in b.places
                     if p.player is not None and played.get(p.player, Counter())[p.seat])
    missed = tuple((p.player, p.seat, prefs[p.player].rank(p.seat)) for b in round_.boards for p in b.places
                   if p.player in prefs and prefs[p.player].order and prefs[p.player].rank(p.seat) > 0)
    return SeededRound(round_.number, round_.boards, round_.waiting, repeat_meetings(round_, previous),
                       repeated, missed)

