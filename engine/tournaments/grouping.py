"""Players into boards so that as few pairs as possible meet again: the first rule of seeding.

The measure is dipvis's (`GameSeeder._fitness_score`: "the square of the number of times each
pair of players has played together already", github.com/UEWBot/dipvis): the sum, over every pair
on one board, of the times they met before, squared — a third meeting costs more than two second
ones. Pairs an organiser keeps apart count as having met many times (dipvis `add_bias`, weight 25).

The search (this is a "social golfer" problem):
1. a greedy start in the manner of dipvis's BOARD method: the players with the most past
   opponents are placed first, each on the board where they meet the fewest of them (ties: the
   emptiest board, then the seeded RNG);
2. tabu search over swaps of two players between boards: from a player who meets someone again,
   take the swap that lowers the measure most (a worse one when none lowers it), and do not move
   the two players back for a few steps; stop at 0, or after `patience` steps without a new best,
   or `max_steps`; keep the best seen.
The number of steps, not the clock, bounds the search, so a seed gives the same boards every time.
Every step is a few numpy operations over the players, so 700 players take well under a second.
"""
from __future__ import annotations

import random
from typing import Sequence

import numpy as np

NEVER = np.int64(1 << 40)


def group(weights: np.ndarray, capacities: Sequence[int], rng: random.Random, *,
          max_steps: int = 20_000, patience: int = 4_000) -> tuple[list[int], int]:
    """(board index of each player, the measure). `weights[p, q]`: cost of p and q on one board
    (symmetric, zero diagonal); `capacities`: players each board takes (they sum to the players)."""
    n = weights.shape[0]
    if sum(capacities) != n:
        raise ValueError(f"{n} players for boards of {sum(capacities)}")
    board, conf = _greedy(weights, capacities, rng)
    return _tabu(weights, board, conf, rng, max_steps, patience)


def cost_of(weights: np.ndarray, board: Sequence[int]) -> int:
    """The measure of an assignment of players to boards."""
    b = np.asarray(board)
    same = b[:, None] == b[None, :]
    return int((weights * same).sum()) // 2


def _greedy(weights: np.ndarray, capacities: Sequence[int], rng: random.Random) -> tuple[np.ndarray, np.ndarray]:
    n, boards = weights.shape[0], len(capacities)
    board = np.full(n, -1, dtype=np.int64)
    conf = np.zeros((n, boards), dtype=np.int64)
    room = list(capacities)
    degree = weights.sum(axis=1).tolist()
    order = list(range(n))
    rng.shuffle(order)
    order.sort(key=lambda p: -degree[p])
    for p in order:
        row = conf[p].tolist()
        open_ = [b for b in range(boards) if room[b] > 0]
        least = min(row[b] for b in open_)
        ties = [b for b in open_ if row[b] == least]
        most_room = max(room[b] for b in ties)
        ties = [b for b in ties if room[b] == most_room]
        b = ties[rng.randrange(len(ties))]
        board[p] = b
        room[b] -= 1
        conf[:, b] += weights[:, p]
    return board, conf


def _tabu(weights: np.ndarray, board: np.ndarray, conf: np.ndarray, rng: random.Random,
          max_steps: int, patience: int) -> tuple[list[int], int]:
    n = weights.shape[0]
    idx = np.arange(n)
    own = conf[idx, board]
    cost = int(own.sum()) // 2
    best_cost, best_board = cost, board.copy()
    tabu = np.zeros(n, dtype=np.int64)
    since_best = 0
    for step in range(max_steps):
        if best_cost == 0 or since_best > patience:
            break
        conflicted = np.flatnonzero(own > 0)
        p = int(conflicted[rng.randrange(len(conflicted))])
        b1 = int(board[p])
        # swapping p (board b1) with q (board b2): p leaves b1 for b2 minus q, q the reverse
        delta = conf[p, board] - own[p] + conf[:, b1] - own - 2 * weights[p]
        delta[board == b1] = NEVER
        allowed = (tabu <= step) | (cost + delta < best_cost)
        delta = np.where(allowed, delta, NEVER)
        least = delta.min()
        if least >= NEVER:
            since_best += 1
            continue
        ties = np.flatnonzero(delta == least)
        q = int(ties[rng.randrange(len(ties))])
        b2 = int(board[q])
        change = weights[:, q] - weights[:, p]
        conf[:, b1] += change
        conf[:, b2] -= change
        board[p], board[q] = b2, b1
        own = conf[idx, board]
        cost += int(least)
        tenure = 4 + rng.randrange(8)
        tabu[p] = tabu[q] = step + tenure
        if cost < best_cost:
            best_cost, best_board, since_best = cost, board.copy(), 0
        else:
            since_best += 1
    return best_board.tolist(), best_cost
