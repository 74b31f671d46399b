"""Exact `/odds` for every battle the bot accepts: the vectorised chain gives
the same figures as a plain state-by-state Markov chain, and the largest accepted battles are
worked out exactly (how fast is bench/odds.py's figure, not a test's)."""
from __future__ import annotations

import random

import pytest

from engine.aa1914.combat import Piece, sea_targets, take_hits
from engine.aa1914.odds import binomial, hit_distribution, land_odds, sea_odds
from engine.aa1914.units import DEFAULT_LOSS_ORDER, UNIT_TYPES
from service.odds import MAX_UNITS_PER_SIDE, battle_odds


def _survivors(types, hits):
    force = [Piece(t, "", uid=i) for i, t in enumerate(types)]
    take_hits(force, hits, DEFAULT_LOSS_ORDER)
    return [p.type for p in force]


def reference_sea_wins(attackers, defenders) -> float:
    """P(attacker wins) by the textbook chain: each state's round spread one cell at a time."""
    a_hp = sum(UNIT_TYPES[t].hits for t in attackers)
    d_hp = sum(UNIT_TYPES[t].hits for t in defenders)
    reach = {(0, 0): 1.0}
    wins = 0.0
    for i in range(a_hp + 1):
        for j in range(d_hp + 1):
            p = reach.pop((i, j), 0.0)
            if not p:
                continue
            a_now, d_now = _survivors(attackers, i), _survivors(defenders, j)
            a_dist = hit_distribution(sea_targets([Piece(t, "") for t in a_now]))
            d_dist = hit_distribution(sea_targets([Piece(t, "") for t in d_now], defending=True))
            stay = a_dist[0] * d_dist[0]
            if not a_now or not d_now or stay >= 1:
                wins += p if a_now and not d_now else 0.0
                continue
            for ha, pa in enumerate(a_dist):
                for hd, pd in enumerate(d_dist):
                    if ha or hd:
                        key = (min(a_hp, i + hd), min(d_hp, j + ha))
                        reach[key] = reach.get(key, 0.0) + p * pa * pd / (1 - stay)
    return wins


@pytest.mark.parametrize("seed", range(12))
def test_sea_odds_match_the_plain_chain(seed):
    rng = random.Random(seed)
    ships = ["battleship", "cruiser", "submarine", "transport"]
    attackers = [rng.choice(ships[:3]) for _ in range(rng.randint(1, 5))]
    defenders = [rng.choice(ships) for _ in range(rng.randint(1, 5))]
    assert sea_odds(attackers, defenders).attacker_wins == pytest.approx(
        reference_sea_wins(attackers, defenders), abs=1e-12)


def test_land_air_combat_matches_hand_arithmetic():
    """RULES.md 3.1: fighters fight fighters first, each hitting on 2, until one side has none.
    One fighter against one: each round ends it unless both miss (4/6 * 4/6), so the attacker's
    fighter alone survives with (2/6 * 4/6) / (1 - 16/36) = 2/5; then it fights the infantry."""
    odds = land_odds(["fighter"], ["fighter", "infantry"])
    p_air_attacker = (2 / 6 * 4 / 6) / (1 - 16 / 36)
    # then one round: the fighter hits on 2, the defending infantry on 3
    win_after = 2 / 6 * (1 - 3 / 6)
    assert odds.attacker_wins == pytest.approx(p_air_attacker * win_after, abs=1e-12)


def test_probabilities_add_up_for_the_largest_accepted_battles():
    biggest = [
        f"{MAX_UNITS_PER_SIDE} battleship vs {MAX_UNITS_PER_SIDE} battleship",
        f"{MAX_UNITS_PER_SIDE} fighter vs {MAX_UNITS_PER_SIDE} fighter",
        "20 infantry, 20 fighter vs 10 artillery, 30 fighter",
        "20 cruiser, 20 submarine vs 20 battleship, 20 transport",
    ]
    for text in biggest:
        _, odds = battle_odds(text)
        total = odds.attacker_wins + odds.defender_wins + odds.both_destroyed + odds.undecided
        assert total == pytest.approx(1.0, abs=1e-9), text
        assert sum(odds.outcomes.values()) == pytest.approx(1.0, abs=1e-9)
        assert odds.trials == 0    # computed, not sampled


def test_equal_fleets_are_an_even_fight():
    odds = sea_odds(["battleship"] * MAX_UNITS_PER_SIDE, ["battleship"] * MAX_UNITS_PER_SIDE)
    # the same fleet on both sides: the chain is symmetric, so each side wins equally often
    assert odds.attacker_wins == pytest.approx(odds.defender_wins, abs=1e-9)


def test_binomial_sums_to_one():
    for n in (0, 1, 7, 40):
        assert sum(binomial(n, 3)) == pytest.approx(1.0)
