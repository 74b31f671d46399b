"""Combat rules (RULES.md section 3) with injected dice, and the exact odds calculator."""
import random

import pytest

from engine.aa1914.combat import SeaPolicy, land_battle, land_targets, sea_battle, take_hits
from engine.aa1914.odds import land_odds, sea_odds


from tests.aa_helpers import Dice, force


def test_artillery_supports_one_infantry_or_tank_each():
    """Each attacking artillery raises one attacking infantry or tank from 2 to 3 (RULES.md 2.3)."""
    assert land_targets(force("infantry", "infantry", "artillery"), True, False) == {3: 2, 2: 1}
    assert land_targets(force("tank", "artillery", "artillery", "infantry"), True, False) == {3: 4}
    # defending: infantry 3, tank 1, no support
    assert land_targets(force("infantry", "tank", "artillery"), False, False) == {3: 2, 1: 1}


def test_air_supremacy_promotes_artillery():
    """ "the side with fighters left when the other has none has air supremacy, which promotes
    its artillery (+1)" """
    assert land_targets(force("artillery", "fighter"), True, True) == {4: 1, 2: 1}
    assert land_targets(force("artillery"), False, True) == {4: 1}


def test_air_combat_until_one_side_has_no_fighters():
    # round 1: attacker 2 fighters roll 5,6 (miss); defender 1 fighter rolls 4 (miss)
    # round 2: attacker rolls 1,6 → 1 hit; defender rolls 2 → 1 hit
    # then land: attacker 1 fighter (2) + 1 infantry (2); defender 1 infantry (3)
    dice = Dice(5, 6, 4, 1, 6, 2, 6, 6, 6)
    result = land_battle(dice, force("fighter", "fighter", "infantry"), force("fighter", "infantry"))
    assert [r.step for r in result.rolls][:4] == ["air combat 1", "air combat 1", "air combat 2", "air combat 2"]
    assert result.air_supremacy == "attacker"
    assert sum(p.type == "fighter" for p in result.attackers) == 1


def test_one_round_only_and_contested():
    """ "land battles only last for one turn of dice rolling" """
    dice = Dice(6, 6, 6)   # attacker 2 infantry miss, defender 1 infantry misses
    result = land_battle(dice, force("infantry", "infantry"), force("infantry"))
    assert result.rounds == 1 and len(result.attackers) == 2 and len(result.defenders) == 1


def test_tanks_cancel_defender_hits():
    """Rulebook p. 19: the attacker removes one scoring die per attacking tank."""
    dice = Dice(6, 6, 6, 1, 1, 1)   # attacker: tank + 2 infantry miss; defender 3 infantry hit 3 times
    result = land_battle(dice, force("tank", "infantry", "infantry"), force("infantry", "infantry", "infantry"))
    assert len(result.attacker_lost) == 2          # 3 hits, 1 cancelled by the tank


def test_battleship_takes_two_hits_and_transports_go_last():
    fleet = force("battleship", "transport", "cruiser")
    dead = take_hits(fleet, 1)
    assert dead == [] and fleet[0].damaged
    dead = take_hits(fleet, 2)
    assert [p.type for p in dead] == ["cruiser", "battleship"]
    assert [p.type for p in fleet] == ["transport"]


def test_custom_order_of_loss():
    army = force("infantry", "artillery", "tank")
    dead = take_hits(army, 1, ["tank", "infantry"])
    assert [p.type for p in dead] == ["tank"]


def test_sea_battle_runs_until_decided():
    dice = Dice(6, 6, 6, 6, 1, 6)   # rounds 1-2: all miss; round 3: attacker hits, defender misses
    result = sea_battle(dice, force("cruiser"), force("cruiser"))
    assert result.rounds == 3 and result.ended == "defender destroyed"


def test_naval_retreat_and_break_off():
    """Seed 001 NAVAL RETREATS: the attacker may break off and stay, or retreat; "the attacker may
    not choose to retreat if the only defending units remaining in the sea zone are transports"."""
    dice = Dice(6, 6)
    result = sea_battle(dice, force("cruiser"), force("cruiser"), SeaPolicy("retreat", 1, "SZ 6"))
    assert result.ended == "attacker retreats to SZ 6" and result.rounds == 1
    result = sea_battle(Dice(6, 6), force("cruiser"), force("cruiser"), SeaPolicy("break", 1))
    assert result.ended == "attacker breaks off"
    result = sea_battle(Dice(1), force("cruiser"), force("transport"), SeaPolicy("retreat", 0, "SZ 6"))
    assert result.ended == "defender destroyed"      # no retreat from lone transports


def test_exact_odds_simple_cases():
    one = land_odds(["infantry"], ["infantry"])
    # attacker hits 1/3, defender hits 1/2, one round
    assert one.attacker_wins == pytest.approx(1 / 3 * 1 / 2)
    assert one.defender_wins == pytest.approx(2 / 3 * 1 / 2)
    assert one.both_destroyed == pytest.approx(1 / 3 * 1 / 2)
    assert one.undecided == pytest.approx(2 / 3 * 1 / 2)
    duel = sea_odds(["cruiser"], ["cruiser"])
    # each round: A hits 1/2, D hits 1/2; battle ends at the first round with a hit
    assert duel.attacker_wins == pytest.approx(1 / 3)
    assert duel.both_destroyed == pytest.approx(1 / 3)


def test_exact_odds_agree_with_simulation():
    attackers, defenders = ["infantry", "infantry", "artillery", "tank"], ["infantry", "infantry", "artillery"]
    exact = land_odds(attackers, defenders)
    rng, wins, n = random.Random(11), 0, 4000
    for _ in range(n):
        result = land_battle(rng, force(*attackers), force(*defenders))
        wins += bool(result.attackers) and not result.defenders
    assert abs(wins / n - exact.attacker_wins) < 4 * (exact.attacker_wins * (1 - exact.attacker_wins) / n) ** 0.5


def test_submarines_may_submerge_instead_of_firing():
    """RULES.md 2.8: a sub "may submerge instead of firing, leaving the naval battle; it can still
    be hit in the round it submerges"."""
    dice = Dice(6, 6)   # attacker cruiser misses; the defending sub does not fire; defender cruiser misses
    result = sea_battle(dice, force("cruiser"), force("submarine", "cruiser"), SeaPolicy(defender_submerge=True, action="break", after_rounds=1))
    assert [r.who for r in result.rolls] == ["attacker", "defender"] and len(result.rolls[1].dice) == 1
    assert [p.type for p in result.submerged] == ["submarine"] and [p.type for p in result.defenders] == ["cruiser"]
