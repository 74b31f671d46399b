"""Which player takes which seat on one board.

The rule, in priority order (docs/tournaments.md):
1. nobody plays a seat they have played before, when the board allows it ("Players will not play
   the same country twice in the tournament", WDC Bangkok rules of play, rule 5; dipvis's
   `_power_fitness`: "the sum of the number of times each player has previously played the
   specified power");
2. then the players' preference lists, as far as they go together: the assignment with the least
   total of squared ranks (first choice 0, second 1, third 4, …), so three players on their second
   choice beat one on the fourth.

That is a minimum-cost assignment (Kuhn–Munkres, `min_cost_assignment`) on the cost
`REPEAT × times played before + rank²`, where REPEAT is larger than any board's total preference
cost, so the first rule always wins. Equal assignments are chosen by the seeded RNG (rows shuffled),
so a board without preferences gets random seats, as dipvis's AUTO method does.

`choice_order` gives the other way tournaments use: players choose one after another (dipvis
`Game.assign_powers_from_prefs`: "The player with the lowest tournament score gets first choice";
a top board often lets the leader choose first). Each takes their most wanted free seat that still
leaves the fewest repeated seats possible for the players after them.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Mapping, Sequence

from .boards import Place, PlayerId
from .shapes import BoardShape, Preferences


def min_cost_assignment(cost: Sequence[Sequence[int]]) -> list[int]:
    """For a square matrix of integer costs, the column for each row with the least total
    (the Hungarian method with potentials, O(n³))."""
    n = len(cost)
    if n == 0:
        return []
    inf = float("inf")
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    match = [0] * (n + 1)        # column j -> row (1-based; 0 = free)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        match[0] = i
        j0 = 0
        minv = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = match[j0]
            row = cost[i0 - 1]
            ui = u[i0]
            delta, j1 = inf, 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = row[j - 1] - ui - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(n + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
    out = [0] * n
    for j in range(1, n + 1):
        out[match[j] - 1] = j - 1
    return out


def repeat_weight(shape: BoardShape) -> int:
    """More than a whole board's preference cost (n players × rank² ≤ n²), so a repeated seat
    always costs more than any set of preferences."""
    return shape.size ** 3 + 1


def cost_row(shape: BoardShape, played: Counter | None, prefs: Preferences | None) -> tuple[int, ...]:
    """One player's cost for each seat of the shape (a bot: all 0)."""
    weight = repeat_weight(shape)
    return tuple(weight * (played[s.name] if played else 0) + (prefs.rank(s.name) ** 2 if prefs else 0)
                 for s in shape.seats)


def best_assignment(rows: Sequence[tuple[int, ...]], rng: random.Random | None = None) -> tuple[int, list[int]]:
    """(least total cost, seat index per row). With `rng`, ties between equal assignments are
    broken at random (the rows are shuffled before solving)."""
    order = list(range(len(rows)))
    if rng is not None:
        rng.shuffle(order)
    seats = min_cost_assignment([rows[i] for i in order])
    out = [0] * len(rows)
    for k, i in enumerate(order):
        out[i] = seats[k]
    return sum(rows[i][out[i]] for i in range(len(rows))), out


def _fewest_repeats(rows: Sequence[tuple[int, ...]], free: Sequence[int], weight: int) -> int:
    """The fewest repeated seats the rows can have among the free seats."""
    if not rows:
        return 0
    sub = [[row[s] // weight for s in free] for row in rows]
    seats = min_cost_assignment(sub)
    return sum(sub[i][seats[i]] for i in range(len(rows)))


def assign_seats(players: Sequence[PlayerId | None], shape: BoardShape, rng: random.Random, *,
                 played: Mapping[PlayerId, Counter] | None = None,
                 preferences: Mapping[PlayerId, Preferences] | None = None,
                 choice_order: Sequence[PlayerId] | None = None) -> tuple[Place, ...]:
    """Seat `players` (None: a bot) on one board of `shape`; the places in seat order.

    `played`: player -> seat -> times played before; `preferences`: player -> their list.
    Without `choice_order` the least-cost assignment (see the module's rule); with it, players
    choose in that order (players not in it choose after, in the given order)."""
    if len(players) != shape.size:
        raise ValueError(f"{len(players)} players for a board of {shape.size}")
    played = played or {}
    preferences = preferences or {}
    rows = [cost_row(shape, played.get(p), preferences.get(p)) if p is not None else (0,) * shape.size
            for p in players]
    if choice_order is None:
        _, seats = best_assignment(rows, rng)
    else:
        seats = _choose_in_order(players, rows, shape, rng, preferences, choice_order)
    by_seat: list[Place | None] = [None] * shape.size
    for p, s in zip(players, seats):
        by_seat[s] = Place(shape.seats[s].name, p)
    return tuple(place for place in by_seat if place is not None)


def _choose_in_order(players: Sequence[PlayerId | None], rows: list[tuple[int, ...]], shape: BoardShape,
                     rng: random.Random, preferences: Mapping[PlayerId, Preferences],
                     choice_order: Sequence[PlayerId]) -> list[int]:
    weight = repeat_weight(shape)
    rank = {p: i for i, p in enumerate(choice_order)}
    turn = sorted(range(len(players)), key=lambda i: (players[i] is None, rank.get(players[i], len(rank)), i))
    free = list(range(shape.size))
    least = _fewest_repeats(rows, free, weight)
    seats = [0] * len(players)
    repeats_so_far = 0
    for k, i in enumerate(turn):
        prefs = preferences.get(players[i]) if players[i] is not None else None
        wanted = list(free)
        rng.shuffle(wanted)           # seats the player ranks alike: chosen at random
        wanted.sort(key=lambda s: prefs.rank(shape.seats[s].name) if prefs else 0)
        later = [rows[j] for j in turn[k + 1:]]
        for s in wanted:
            rest = [f for f in free if f != s]
            if repeats_so_far + rows[i][s] // weight + _fewest_repeats(later, rest, weight) == least:
                break
        seats[i] = s
        repeats_so_far += rows[i][s] // weight
        free.remove(s)
    return seats
