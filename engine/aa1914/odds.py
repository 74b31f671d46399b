"""Exact battle odds: outcome probabilities computed, not sampled.

Casualties follow each side's order of loss, so after k hits a force is always the same set
of units. A battle is then a Markov chain over (hits taken by the attacker, hits taken by the
defender): each round moves it by the dice's binomial distributions; a round where nobody
hits is a self-loop, folded out by normalising. Land battles add the air-combat chain and a
single round of fire; sea battles run until one side is gone (the attacker pressing on).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Sequence

import numpy as np

from .combat import AIR_COMBAT_HIT, Piece, SeaPolicy, land_battle, land_targets, sea_battle, sea_targets, take_hits
from .units import DEFAULT_LOSS_ORDER, UNIT_TYPES


SIMULATED_BATTLES = 10_000   # ±1 % at 95 % confidence for any outcome's probability


@dataclass(frozen=True)
class Odds:
    attacker_wins: float        # defenders all destroyed and the attacker has units left
    defender_wins: float        # attackers all destroyed (or, on land, only defenders remain)
    both_destroyed: float
    undecided: float            # land: a contested territory (both sides survive the round)
    attacker_survivors: float   # expected units left
    defender_survivors: float
    attacker_ipc_lost: float    # expected value of units lost
    defender_ipc_lost: float
    outcomes: dict               # (attacker survivors, defender survivors) -> probability
    trials: int = 0              # 0: computed exactly; otherwise the number of battles simulated

    def summary(self) -> str:
        lines = [f"attacker wins {self.attacker_wins:.1%}", f"defender wins {self.defender_wins:.1%}"]
        if self.undecided:
            lines.append(f"contested {self.undecided:.1%}")
        if self.both_destroyed:
            lines.append(f"both destroyed {self.both_destroyed:.1%}")
        text = (", ".join(lines) + f"; expected losses: attacker {self.attacker_ipc_lost:.1f} IPC, "
                f"defender {self.defender_ipc_lost:.1f} IPC")
        if self.trials:
            text += f" (from {self.trials:,} battles fought by the game's own combat rules, within about ±1%)"
        return text


def binomial(n: int, target: int) -> list[float]:
    """P(k hits) for n dice hitting on `target` or less."""
    p = max(0, min(6, target)) / 6
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def convolve(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def hit_distribution(groups: dict[int, int]) -> list[float]:
    dist = [1.0]
    for target, count in groups.items():
        dist = convolve(dist, binomial(count, target))
    return dist


def pieces_of(types: Sequence[str]) -> list[Piece]:
    """Pieces of the given types, as a battle would field them (no owner, ids in order)."""
    return [Piece(t, "", uid=i) for i, t in enumerate(types)]


def _after(types: tuple, hits: int, order: tuple) -> tuple:
    force = pieces_of(types)
    take_hits(force, hits, order)
    return tuple(sorted((p.type, p.damaged) for p in force))


def _cost(types, costs: dict | None = None) -> int:
    return sum((costs or {}).get(t, UNIT_TYPES[t].cost) for t in types)


def _summarise(outcomes: dict, attackers: tuple, defenders: tuple, land: bool, costs: dict | None = None,
               trials: int = 0) -> Odds:
    a_win = d_win = both = undecided = a_left = d_left = a_lost = d_lost = 0.0
    a_full, d_full = _cost(attackers, costs), _cost(defenders, costs)
    for (a, d), p in outcomes.items():
        a_left += p * len(a)
        d_left += p * len(d)
        a_lost += p * (a_full - _cost([t for t, _ in a], costs))
        d_lost += p * (d_full - _cost([t for t, _ in d], costs))
        if not a and not d:
            both += p
        elif not d:
            a_win += p
        elif not a:
            d_win += p
        else:
            undecided += p
    return Odds(a_win, d_win, both, undecided, a_left, d_left, a_lost, d_lost, dict(outcomes), trials)


class _Tally:
    """Outcome probabilities gathered as arrays: each distinct surviving force gets an id, and a
    block of (attacker force, defender force, probability) cells is added at once, so a battle of
    forty units a side is summed without a Python loop over its thousands of end states."""

    def __init__(self) -> None:
        self.ids: dict[tuple, int] = {}
        self.forces: list[tuple] = []
        self.keys: list[np.ndarray] = []
        self.weights: list[np.ndarray] = []

    def id_of(self, force: tuple) -> int:
        found = self.ids.get(force)
        if found is None:
            found = self.ids[force] = len(self.forces)
            self.forces.append(force)
        return found

    def add(self, a_ids: np.ndarray, d_ids: np.ndarray, block: np.ndarray) -> None:
        """`block[x, y]`: probability that the attacker ends as force `a_ids[x]` and the defender
        as force `d_ids[y]`."""
        self.keys.append((a_ids[:, None].astype(np.int64) << 32 | d_ids[None, :]).ravel())
        self.weights.append(block.ravel())

    def odds(self, attackers: tuple, defenders: tuple) -> Odds:
        keys = np.concatenate(self.keys)
        weights = np.concatenate(self.weights)
        unique, inverse = np.unique(keys, return_inverse=True)
        summed = np.bincount(inverse, weights=weights, minlength=len(unique))
        a_id, d_id = unique >> 32, unique & 0xFFFFFFFF
        size = np.array([len(f) for f in self.forces], dtype=float)
        cost = np.array([_cost([t for t, _ in f]) for f in self.forces], dtype=float)
        a_size, d_size = size[a_id], size[d_id]
        a_gone, d_gone = a_size == 0, d_size == 0
        a_full, d_full = _cost(attackers), _cost(defenders)
        outcomes = {(self.forces[a], self.forces[d]): p
                    for a, d, p in zip(a_id.tolist(), d_id.tolist(), summed.tolist()) if p}
        return Odds(attacker_wins=float(summed[d_gone & ~a_gone].sum()),
                    defender_wins=float(summed[a_gone & ~d_gone].sum()),
                    both_destroyed=float(summed[a_gone & d_gone].sum()),
                    undecided=float(summed[~a_gone & ~d_gone].sum()),
                    attacker_survivors=float((summed * a_size).sum()),
                    defender_survivors=float((summed * d_size).sum()),
                    attacker_ipc_lost=float((summed * (a_full - cost[a_id])).sum()),
                    defender_ipc_lost=float((summed * (d_full - cost[d_id])).sum()),
                    outcomes=outcomes)


def _folded(dist: np.ndarray, most: int) -> np.ndarray:
    """Hits beyond what the other side can still take all end the same way: it is gone."""
    if len(dist) <= most + 1:
        return dist
    out = dist[:most + 1].copy()
    out[most] += dist[most + 1:].sum()
    return out


def absorbing_chain(a_dists: Sequence[np.ndarray], d_dists: Sequence[np.ndarray],
                    ended: np.ndarray) -> np.ndarray:
    """Rounds of simultaneous fire until the battle ends.

    State (i, j): the attacker has taken i hits, the defender j. `a_dists[i]` is the attacker's
    hit distribution in that state, `d_dists[j]` the defender's; `ended[i, j]` says the battle is
    over there (a side is gone). A round where nobody hits changes nothing, so it is folded out by
    normalising. Every other round moves to a later state, so one pass in row order settles each
    state before it is spread. Returns P(the battle ends in state (i, j))."""
    a_hp, d_hp = len(a_dists) - 1, len(d_dists) - 1
    reach = np.zeros((a_hp + 1, d_hp + 1))
    reach[0, 0] = 1.0
    final = np.zeros_like(reach)
    for i in range(a_hp + 1):
        row = reach[i]
        for j in range(d_hp + 1):
            p = row[j]
            if not p:
                continue
            if ended[i, j]:
                final[i, j] = p
                continue
            pa = _folded(a_dists[i], d_hp - j)
            pd = _folded(d_dists[j], a_hp - i)
            stay = pa[0] * pd[0]
            if stay >= 1.0:
                final[i, j] = p
                continue
            block = np.multiply.outer(pd, pa * (p / (1.0 - stay)))
            block[0, 0] = 0.0
            reach[i:i + len(pd), j:j + len(pa)] += block
    return final


def tanks_cancel(dist: np.ndarray, tanks: int) -> np.ndarray:
    """RULES.md 3.1 (4): each attacking tank cancels one defending hit — the defender's hit
    distribution with `tanks` hits taken off (never below none)."""
    out = np.zeros(max(1, len(dist) - tanks))
    out[0] = dist[:tanks + 1].sum()
    out[1:] = dist[tanks + 1:]
    return out


def _dist(groups: dict[int, int]) -> np.ndarray:
    return np.array(hit_distribution(groups))


def land_odds(attackers: Sequence[str], defenders: Sequence[str],
              attacker_order: Sequence[str] = DEFAULT_LOSS_ORDER,
              defender_order: Sequence[str] = DEFAULT_LOSS_ORDER) -> Odds:
    """Exact outcome of one land battle (air combat, then one round)."""
    attackers, defenders = tuple(attackers), tuple(defenders)
    a_order, d_order = tuple(attacker_order), tuple(defender_order)
    fa = sum(t == "fighter" for t in attackers)
    fd = sum(t == "fighter" for t in defenders)
    air = _air_combat(fa, fd) if fa and fd else {(fa, fd): 1.0}
    tally = _Tally()
    for (fa_left, fd_left), p_air in air.items():
        if not p_air:
            continue
        a_force = _drop_fighters(attackers, fa - fa_left)
        d_force = _drop_fighters(defenders, fd - fd_left)
        supremacy = "attacker" if fa_left and not fd_left else "defender" if fd_left and not fa_left else None
        a_groups = land_targets(pieces_of(a_force), True, supremacy == "attacker")
        cars = sum(t == "armored_car" for t in a_force)
        if cars:   # armored cars' hits counted like any others (their choice of artillery is not modelled)
            a_groups[3] = a_groups.get(3, 0) + cars
        a_dist = _dist(a_groups)
        d_dist = _dist(land_targets(pieces_of(d_force), False, supremacy == "defender"))
        cancelled = tanks_cancel(d_dist, sum(t == "tank" for t in a_force))
        d_ids = np.array([tally.id_of(_after(d_force, hits, d_order)) for hits in range(len(a_dist))])
        a_ids = np.array([tally.id_of(_after(a_force, hits, a_order)) for hits in range(len(cancelled))])
        tally.add(a_ids, d_ids, np.multiply.outer(cancelled, a_dist * p_air))
    return tally.odds(attackers, defenders)


def _drop_fighters(types: tuple, n: int) -> tuple:
    out = list(types)
    for _ in range(n):
        out.remove("fighter")
    return tuple(out)


@lru_cache(maxsize=256)
def _air_combat(fa: int, fd: int) -> dict[tuple[int, int], float]:
    """Fighters left on each side when air combat ends (one side, or both, has none): each
    fighter hits an enemy fighter on 2, round after round (RULES.md 3.1 (1))."""
    a_dists = [np.array(binomial(fa - i, AIR_COMBAT_HIT)) for i in range(fa + 1)]
    d_dists = [np.array(binomial(fd - j, AIR_COMBAT_HIT)) for j in range(fd + 1)]
    ended = np.zeros((fa + 1, fd + 1), dtype=bool)
    ended[fa, :] = ended[:, fd] = True
    final = absorbing_chain(a_dists, d_dists, ended)
    return {(fa - i, fd - j): float(final[i, j]) for i, j in zip(*np.nonzero(final))}


def sea_odds(attackers: Sequence[str], defenders: Sequence[str],
             attacker_order: Sequence[str] = DEFAULT_LOSS_ORDER,
             defender_order: Sequence[str] = DEFAULT_LOSS_ORDER) -> Odds:
    """Exact outcome of a sea battle fought until one side is gone (the attacker presses on)."""
    attackers, defenders = tuple(attackers), tuple(defenders)
    a_order, d_order = tuple(attacker_order), tuple(defender_order)
    a_hp = sum(UNIT_TYPES[t].hits for t in attackers)
    d_hp = sum(UNIT_TYPES[t].hits for t in defenders)
    a_forces = [_after(attackers, k, a_order) for k in range(a_hp + 1)]
    d_forces = [_after(defenders, k, d_order) for k in range(d_hp + 1)]
    a_dists = [_dist(sea_targets(pieces_of([t for t, _ in f]))) for f in a_forces]
    d_dists = [_dist(sea_targets(pieces_of([t for t, _ in f]), defending=True)) for f in d_forces]
    ended = np.array([[not a or not d for d in d_forces] for a in a_forces], dtype=bool).reshape(a_hp + 1, d_hp + 1)
    final = absorbing_chain(a_dists, d_dists, ended)
    tally = _Tally()
    a_ids = np.array([tally.id_of(f) for f in a_forces])
    d_ids = np.array([tally.id_of(f) for f in d_forces])
    tally.add(a_ids, d_ids, final)
    return tally.odds(attackers, defenders)


def simulated_odds(attackers: Sequence[str], defenders: Sequence[str], rules, rng: random.Random,
                   trials: int = SIMULATED_BATTLES, attacker_order: Sequence[str] = DEFAULT_LOSS_ORDER,
                   defender_order: Sequence[str] = DEFAULT_LOSS_ORDER) -> Odds:
    """Odds under a game's house rules (aerial combat, Fighting By Numbers, submarine changes, the
    new units' special abilities): `trials` battles fought by the engine's own `land_battle` or
    `sea_battle` with those rules, so the odds can never disagree with how the game plays a battle.
    Deterministic for a given `rng` seed."""
    attackers, defenders = tuple(attackers), tuple(defenders)
    land = not any(UNIT_TYPES[t].is_sea for t in attackers + defenders)
    policy = SeaPolicy(sub_changes=rules.house_submarines, sub_negator=rules.sub_negator)
    counts: dict = {}
    for _ in range(trials):
        a_force = [Piece(t, "attacker", uid=i) for i, t in enumerate(attackers)]
        d_force = [Piece(t, "defender", uid=1000 + i) for i, t in enumerate(defenders)]
        if land:
            result = land_battle(rng, a_force, d_force, attacker_order, defender_order, rules)
        else:
            result = sea_battle(rng, a_force, d_force, policy, attacker_order, defender_order)
        key = (tuple(sorted((p.type, p.damaged) for p in result.attackers + result.submerged
                            if p.owner == "attacker")),
               tuple(sorted((p.type, p.damaged) for p in result.defenders + result.submerged
                            if p.owner == "defender")))
        counts[key] = counts.get(key, 0) + 1
    outcomes = {key: n / trials for key, n in counts.items()}
    return _summarise(outcomes, attackers, defenders, land, dict(rules.costs), trials)
