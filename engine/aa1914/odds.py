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

from .combat import (AIR_COMBAT_HIT, FBN_THRESHOLD, Piece, SeaPolicy, land_battle, land_targets, sea_battle,
                     sea_targets, take_hits)
from .rules import fighting_by_numbers_hits
from .units import DEFAULT_LOSS_ORDER, UNIT_TYPES


SIMULATED_BATTLES = 10_000   # at most this many: ±1 % at 95 % confidence for any outcome's probability
# The simulation's work bound, counted (not timed: the same battle always gets the same figures):
# a battle costs about BATTLE_WORK + its pieces + 1.5 per die rolled + 8 per round, ≈ 1 µs each on
# a loaded core, so SIMULATION_WORK is ≤ 0.35 s of CPU (bench/odds.py). A battle so large that
# 10,000 of them would cost more is fought fewer times (never under MIN_SIMULATED), and its answer
# states the wider error bound that leaves.
SIMULATION_WORK = 270_000
BATTLE_WORK = 35
MIN_SIMULATED = 500
PILOT_BATTLES = 100          # battles fought first to measure the work one battle takes
EXACT_LAND_UNITS = frozenset({"infantry", "artillery", "tank", "fighter"})


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
            text += (f" (from {self.trials:,} battles fought by the game's own combat rules: each chance within "
                     f"±{self.error_bound:.1%} at 95% confidence)")
        else:
            text += " (worked out exactly)"
        return text

    @property
    def error_bound(self) -> float:
        """The half-width of a 95 % confidence interval on any outcome's probability (0: exact):
        1.96·√(p(1−p)/n) at its widest, p = ½."""
        return 0.98 / self.trials ** 0.5 if self.trials else 0.0


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


@lru_cache(maxsize=1 << 16)
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

    def odds(self, attackers: tuple, defenders: tuple, costs: dict | None = None) -> Odds:
        keys = np.concatenate(self.keys)
        weights = np.concatenate(self.weights)
        unique, inverse = np.unique(keys, return_inverse=True)
        summed = np.bincount(inverse, weights=weights, minlength=len(unique))
        a_id, d_id = unique >> 32, unique & 0xFFFFFFFF
        size = np.array([len(f) for f in self.forces], dtype=float)
        cost = np.array([_cost([t for t, _ in f], costs) for f in self.forces], dtype=float)
        a_size, d_size = size[a_id], size[d_id]
        a_gone, d_gone = a_size == 0, d_size == 0
        a_full, d_full = _cost(attackers, costs), _cost(defenders, costs)
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
    return _dist_of(tuple(sorted(groups.items())))


@lru_cache(maxsize=4096)
def _dist_of(groups: tuple) -> np.ndarray:
    return np.array(hit_distribution(dict(groups)))


def land_odds(attackers: Sequence[str], defenders: Sequence[str],
              attacker_order: Sequence[str] = DEFAULT_LOSS_ORDER,
              defender_order: Sequence[str] = DEFAULT_LOSS_ORDER, rules=None) -> Odds:
    """Exact outcome of one land battle (air combat, then one round), under `rules` (rules.Rules)
    if given: house rule 3.1's air combat (its hit number, its rounds, supremacy to the side with
    more fighters) and 4.1 Fighting By Numbers, as `combat.land_battle` fights them."""
    attackers, defenders = tuple(attackers), tuple(defenders)
    a_order, d_order = tuple(attacker_order), tuple(defender_order)
    air_hit = rules.air_hit if rules else AIR_COMBAT_HIT
    air_rounds = rules.air_rounds if rules else 0
    majority = bool(rules and rules.supremacy_by_majority)
    fbn = bool(rules and rules.fighting_by_numbers)
    fa = sum(t == "fighter" for t in attackers)
    fd = sum(t == "fighter" for t in defenders)
    air = _air_combat(fa, fd, air_hit, air_rounds) if fa and fd else {(fa, fd): 1.0}
    tally = _Tally()
    survivors: dict[tuple, np.ndarray] = {}
    for (fa_left, fd_left), p_air in air.items():
        if not p_air:
            continue
        a_force = _drop_fighters(attackers, fa - fa_left)
        d_force = _drop_fighters(defenders, fd - fd_left)
        if majority:    # 3.1: "Whoever has more Fighters standing ... In the event of a tie, no side"
            supremacy = "attacker" if fa_left > fd_left else "defender" if fd_left > fa_left else None
        else:
            supremacy = "attacker" if fa_left and not fd_left else "defender" if fd_left and not fa_left else None
        a_groups = land_targets(pieces_of(a_force), True, supremacy == "attacker")
        cars = sum(t == "armored_car" for t in a_force)
        if cars:   # armored cars' hits counted like any others (their choice of artillery is not modelled)
            a_groups[3] = a_groups.get(3, 0) + cars
        a_dist = _side_dist(a_groups, fbn)
        d_dist = _side_dist(land_targets(pieces_of(d_force), False, supremacy == "defender"), fbn)
        cancelled = tanks_cancel(d_dist, sum(t == "tank" for t in a_force))
        d_ids = _ids_after(tally, survivors, d_force, d_order, len(a_dist))
        a_ids = _ids_after(tally, survivors, a_force, a_order, len(cancelled))
        tally.add(a_ids, d_ids, np.multiply.outer(cancelled, a_dist * p_air))
    return tally.odds(attackers, defenders, dict(rules.costs) if rules else None)


def _ids_after(tally: "_Tally", survivors: dict, force: tuple, order: tuple, count: int) -> np.ndarray:
    """The tally's ids of what is left of a land force after 0 … count−1 hits (all of it gone
    after as many hits as it has units), each force's list worked out once per battle."""
    ids = survivors.get(force)
    if ids is None:
        ids = survivors[force] = np.array([tally.id_of(_after(force, k, order)) for k in range(len(force) + 1)])
    return ids[np.minimum(np.arange(count), len(force))]


def _side_dist(groups: dict[int, int], fbn: bool) -> np.ndarray:
    """One side's hits in a land battle's round of fire: its dice, or 4.1's score divided by 6
    and moved by one deviation die for a side worth `FBN_THRESHOLD` or more."""
    score = sum(target * count for target, count in groups.items())
    if not fbn or score < FBN_THRESHOLD:
        return _dist(groups)
    hits = [fighting_by_numbers_hits(score, die) for die in range(1, 7)]
    out = np.zeros(max(hits) + 1)
    for n in hits:
        out[n] += 1 / 6
    return out


def _drop_fighters(types: tuple, n: int) -> tuple:
    out = list(types)
    for _ in range(n):
        out.remove("fighter")
    return tuple(out)


@lru_cache(maxsize=256)
def _air_combat(fa: int, fd: int, hit: int = AIR_COMBAT_HIT, rounds: int = 0) -> dict[tuple[int, int], float]:
    """Fighters left on each side when air combat ends: each fighter hits an enemy fighter on
    `hit`, round after round until one side (or both) has none (RULES.md 3.1 (1)), or for
    `rounds` rounds only (house rule 3.1: one round, hit on 3)."""
    a_dists = [np.array(binomial(fa - i, hit)) for i in range(fa + 1)]
    d_dists = [np.array(binomial(fd - j, hit)) for j in range(fd + 1)]
    if rounds:
        final = np.zeros((fa + 1, fd + 1))
        final[0, 0] = 1.0
        for _ in range(rounds):
            after = np.zeros_like(final)
            after[fa, :] += final[fa, :]
            after[:fa, fd] += final[:fa, fd]
            for i, j in zip(*np.nonzero(final[:fa, :fd])):
                pa = _folded(a_dists[i], fd - j)      # the attacker's hits: fighters the defender loses
                pd = _folded(d_dists[j], fa - i)
                after[i:i + len(pd), j:j + len(pa)] += np.multiply.outer(pd, pa) * final[i, j]
            final = after
    else:
        ended = np.zeros((fa + 1, fd + 1), dtype=bool)
        ended[fa, :] = ended[:, fd] = True
        final = absorbing_chain(a_dists, d_dists, ended)
    return {(fa - i, fd - j): float(final[i, j]) for i, j in zip(*np.nonzero(final))}


def sea_odds(attackers: Sequence[str], defenders: Sequence[str],
             attacker_order: Sequence[str] = DEFAULT_LOSS_ORDER,
             defender_order: Sequence[str] = DEFAULT_LOSS_ORDER, costs: dict | None = None,
             sub_defense: int | None = None) -> Odds:
    """Exact outcome of a sea battle fought until one side is gone (the attacker presses on);
    `sub_defense`: what defending submarines hit on, if a house rule changes it (3.2: 1)."""
    attackers, defenders = tuple(attackers), tuple(defenders)
    a_order, d_order = tuple(attacker_order), tuple(defender_order)
    a_hp = sum(UNIT_TYPES[t].hits for t in attackers)
    d_hp = sum(UNIT_TYPES[t].hits for t in defenders)
    a_forces = [_after(attackers, k, a_order) for k in range(a_hp + 1)]
    d_forces = [_after(defenders, k, d_order) for k in range(d_hp + 1)]
    a_dists = [_dist(sea_targets(pieces_of([t for t, _ in f]))) for f in a_forces]
    d_dists = [_dist(sea_targets(pieces_of([t for t, _ in f]), sub_defense, defending=True)) for f in d_forces]
    ended = np.array([[not a or not d for d in d_forces] for a in a_forces], dtype=bool).reshape(a_hp + 1, d_hp + 1)
    final = absorbing_chain(a_dists, d_dists, ended)
    tally = _Tally()
    a_ids = np.array([tally.id_of(f) for f in a_forces])
    d_ids = np.array([tally.id_of(f) for f in d_forces])
    tally.add(a_ids, d_ids, final)
    return tally.odds(attackers, defenders, costs)


def house_odds(attackers: Sequence[str], defenders: Sequence[str], rules, rng: random.Random) -> Odds:
    """Odds under a game's house rules: worked out exactly where the rules allow (a land battle of
    infantry, artillery, tanks and fighters under any air-combat numbers and Fighting By Numbers;
    any sea battle, whatever the units cost), else fought by the engine's own combat code
    (`simulated_odds`).

    A sea battle is exact under the submarine changes too, as `/odds` fights it (no dive, no
    target named): 3.2's called shots hit on 2, a submarine's attack anyway, and are taken by the
    order of loss like any hit, so whether a cruiser* or destroyer stops them changes nothing;
    what changes is that defending submarines hit on 1. The house ships (destroyers, freighters,
    merchant raiders) fight by their values alone."""
    attackers, defenders = tuple(attackers), tuple(defenders)
    kinds = set(attackers + defenders)
    costs = dict(rules.costs)
    if all(UNIT_TYPES[t].is_sea for t in kinds):
        return sea_odds(attackers, defenders, costs=costs, sub_defense=1 if rules.house_submarines else None)
    if kinds <= EXACT_LAND_UNITS:
        return land_odds(attackers, defenders, rules=rules)
    return simulated_odds(attackers, defenders, rules, rng)


def simulated_odds(attackers: Sequence[str], defenders: Sequence[str], rules, rng: random.Random,
                   trials: int = SIMULATED_BATTLES, attacker_order: Sequence[str] = DEFAULT_LOSS_ORDER,
                   defender_order: Sequence[str] = DEFAULT_LOSS_ORDER, work: int = SIMULATION_WORK) -> Odds:
    """Odds under a game's house rules (aerial combat, Fighting By Numbers, submarine changes, the
    new units' special abilities): battles fought by the engine's own `land_battle` or
    `sea_battle` with those rules, so the odds can never disagree with how the game plays a battle.
    At most `trials` of them, fewer (never under `MIN_SIMULATED`) where that many would take more
    than `work` (pieces fielded and dice rolled, measured on the first `PILOT_BATTLES`): the
    answer's `error_bound` says what that leaves. Deterministic for a given `rng` seed."""
    attackers, defenders = tuple(attackers), tuple(defenders)
    land = not any(UNIT_TYPES[t].is_sea for t in attackers + defenders)
    policy = SeaPolicy(sub_changes=rules.house_submarines, sub_negator=rules.sub_negator)
    counts: dict = {}
    pieces = len(attackers) + len(defenders)
    spent, fought = 0, 0
    while fought < trials:
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
        fought += 1
        if fought <= PILOT_BATTLES:
            spent += BATTLE_WORK + pieces + 1.5 * sum(len(r.dice) for r in result.rolls) + 8 * result.rounds
            if fought == PILOT_BATTLES:
                trials = min(trials, max(MIN_SIMULATED, int(work * PILOT_BATTLES / spent)))
    outcomes = {key: n / fought for key, n in counts.items()}
    return _summarise(outcomes, attackers, defenders, land, dict(rules.costs), fought)
