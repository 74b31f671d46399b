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


def _force(types: Sequence[str]) -> list[Piece]:
    return [Piece(t, "", uid=i) for i, t in enumerate(types)]


def _after(types: tuple, hits: int, order: tuple) -> tuple:
    force = _force(types)
    take_hits(force, hits, order)
    return tuple(sorted((p.type, p.damaged) for p in force))


def _cost(types, costs: dict | None = None) -> int:
    return sum((costs or {}).get(t, UNIT_TYPES[t].cost) for t in types)


def _summarise(outcomes: dict, attackers: tuple, defenders: tuple, land: bool, costs: dict | None = None,
               trials: int = 0) -> Odds:
    a_win = d_win = both = undecided = a_left = d_left = a_lost = d_lost = 0.0
    for (a, d), p in outcomes.items():
        a_types = [t for t, _ in a]
        d_types = [t for t, _ in d]
        a_left += p * len(a)
        d_left += p * len(d)
        a_lost += p * (_cost(attackers, costs) - _cost(a_types, costs))
        d_lost += p * (_cost(defenders, costs) - _cost(d_types, costs))
        if not a and not d:
            both += p
        elif not d:
            a_win += p
        elif not a:
            d_win += p
        else:
            undecided += p
    return Odds(a_win, d_win, both, undecided, a_left, d_left, a_lost, d_lost, dict(outcomes), trials)


def land_odds(attackers: Sequence[str], defenders: Sequence[str],
              attacker_order: Sequence[str] = DEFAULT_LOSS_ORDER,
              defender_order: Sequence[str] = DEFAULT_LOSS_ORDER) -> Odds:
    """Exact outcome of one land battle (air combat, then one round)."""
    attackers, defenders = tuple(attackers), tuple(defenders)
    a_order, d_order = tuple(attacker_order), tuple(defender_order)
    fa = sum(t == "fighter" for t in attackers)
    fd = sum(t == "fighter" for t in defenders)
    air = _air_combat(fa, fd) if fa and fd else {(fa, fd): 1.0}
    outcomes: dict = {}
    for (fa_left, fd_left), p_air in air.items():
        a_force = _drop_fighters(attackers, fa - fa_left)
        d_force = _drop_fighters(defenders, fd - fd_left)
        supremacy = "attacker" if fa_left and not fd_left else "defender" if fd_left and not fa_left else None
        a_groups = land_targets(_force(a_force), True, supremacy == "attacker")
        cars = sum(t == "armored_car" for t in a_force)
        if cars:   # armored cars' hits counted like any others (their choice of artillery is not modelled)
            a_groups[3] = a_groups.get(3, 0) + cars
        a_dist = hit_distribution(a_groups)
        d_dist = hit_distribution(land_targets(_force(d_force), False, supremacy == "defender"))
        tanks = sum(t == "tank" for t in a_force)
        cancelled = [0.0] * max(1, len(d_dist) - tanks)
        for hits, p in enumerate(d_dist):
            cancelled[max(0, hits - tanks)] += p
        for a_hits, pa in enumerate(a_dist):
            d_after = _after(d_force, a_hits, d_order)
            for d_hits, pd in enumerate(cancelled):
                key = (_after(a_force, d_hits, a_order), d_after)
                outcomes[key] = outcomes.get(key, 0.0) + p_air * pa * pd
    return _summarise(outcomes, attackers, defenders, land=True)


def _drop_fighters(types: tuple, n: int) -> tuple:
    out = list(types)
    for _ in range(n):
        out.remove("fighter")
    return tuple(out)


@lru_cache(maxsize=256)
def _air_combat(fa: int, fd: int) -> dict[tuple[int, int], float]:
    """Fighters left on each side when air combat ends (one side, or both, has none)."""
    result: dict[tuple[int, int], float] = {}
    states = {(fa, fd): 1.0}
    for total in range(fa + fd, -1, -1):
        for (a, d), p in sorted(states.items()):
            if a + d != total or p == 0:
                continue
            if a == 0 or d == 0:
                result[(a, d)] = result.get((a, d), 0.0) + p
                continue
            ha, hd = binomial(a, AIR_COMBAT_HIT), binomial(d, AIR_COMBAT_HIT)
            stay = ha[0] * hd[0]
            for i, pi in enumerate(ha):
                for j, pj in enumerate(hd):
                    if i == 0 and j == 0:
                        continue
                    nxt = (max(0, a - j), max(0, d - i))
                    states[nxt] = states.get(nxt, 0.0) + p * pi * pj / (1 - stay)
        states = {k: v for k, v in states.items() if sum(k) < total}
        if not states:
            break
    return result


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
    a_dists = [hit_distribution(sea_targets(_force([t for t, _ in f]))) for f in a_forces]
    d_dists = [hit_distribution(sea_targets(_force([t for t, _ in f]), defending=True)) for f in d_forces]
    probability = {(0, 0): 1.0}
    outcomes: dict = {}
    for i in range(a_hp + 1):
        for j in range(d_hp + 1):
            p = probability.pop((i, j), 0.0)
            if not p:
                continue
            a_now, d_now = a_forces[i], d_forces[j]
            a_dist, d_dist = a_dists[i], d_dists[j]
            stay = a_dist[0] * d_dist[0]
            if not a_now or not d_now or stay >= 1.0:
                key = (a_now, d_now)
                outcomes[key] = outcomes.get(key, 0.0) + p
                continue
            for ha, pa in enumerate(a_dist):
                for hd, pd in enumerate(d_dist):
                    if ha == 0 and hd == 0:
                        continue
                    nxt = (min(a_hp, i + hd), min(d_hp, j + ha))
                    probability[nxt] = probability.get(nxt, 0.0) + p * pa * pd / (1 - stay)
    return _summarise(outcomes, attackers, defenders, land=False)


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
