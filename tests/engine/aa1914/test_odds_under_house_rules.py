"""`/odds` under house rules: worked out exactly where the rules allow (air combat's numbers,
Fighting By Numbers, any sea battle), else fought by the engine's own combat code within a bounded
amount of work — and every answer says which, with the error bound of a simulated one."""
import random
import re

import pytest

from engine.aa1914.house.registry import rules_for
from engine.aa1914.odds import MIN_SIMULATED, SIMULATED_BATTLES, _air_combat, land_odds, sea_odds, simulated_odds
from service.odds import battle_odds

BIG_AIR_BATTLE = "20 fighter, 20 infantry vs 20 fighter, 20 infantry"


def test_one_round_of_air_combat_hitting_on_3_by_hand():
    """House rule 3.1: air combat is one round, each fighter hitting on 3: one fighter a side
    leaves each of the four outcomes with a chance of ½ · ½."""
    assert _air_combat(1, 1, 3, 1) == pytest.approx({(1, 1): 0.25, (1, 0): 0.25, (0, 1): 0.25, (0, 0): 0.25})


def test_air_supremacy_by_majority_counts_after_air_combat():
    """3.1: "Whoever has more Fighters standing ... has Air Supremacy" — two fighters against none
    give the attacker's artillery supremacy (a hit on 4) also under the house rule; against an
    equal number of fighters nobody has it."""
    rules = rules_for({"aerial_combat": True})
    alone = land_odds(["artillery"], ["infantry"], rules=rules)
    assert alone.attacker_wins == pytest.approx(3 / 6 * 3 / 6)      # no fighters: artillery hits on 3
    supreme = land_odds(["artillery", "fighter", "fighter"], ["infantry"], rules=rules)
    assert supreme.defender_wins == 0.0 and supreme.trials == 0


@pytest.mark.parametrize("options, attackers, defenders", [
    ({"aerial_combat": True}, ["fighter"] * 3 + ["infantry"] * 4 + ["artillery"] * 2, ["fighter"] * 2 + ["infantry"] * 5),
    ({"fighting_by_numbers": True}, ["infantry"] * 8 + ["tank"] * 3 + ["artillery"] * 3, ["infantry"] * 10 + ["artillery"] * 2),
    ({"aerial_combat": True, "fighting_by_numbers": True}, ["fighter"] * 4 + ["infantry"] * 8 + ["tank"] * 2,
     ["fighter"] * 3 + ["infantry"] * 9 + ["artillery"]),
])
def test_exact_land_odds_under_house_rules_agree_with_the_engines_battles(options, attackers, defenders):
    """The exact chain plays the battle as `combat.land_battle` does under the same rules: 5,000
    seeded engine battles land within their 95 % bound (twice it, for the several figures:
    ±2.8 %)."""
    rules = rules_for(options)
    exact = land_odds(attackers, defenders, rules=rules)
    fought = simulated_odds(attackers, defenders, rules, random.Random(5), trials=5_000, work=10 ** 12)
    bound = 2 * fought.error_bound
    for name in ("attacker_wins", "defender_wins", "undecided"):
        assert getattr(fought, name) == pytest.approx(getattr(exact, name), abs=bound), name
    assert exact.trials == 0 and fought.trials == 5_000


def test_naval_costs_change_the_ipc_lost_not_the_battle():
    """3.1 Naval Unit Costs (submarine 5, cruiser 7): the same exact battle, priced anew."""
    kind, odds = battle_odds("2 cruiser vs 2 submarine", {"naval_costs": True})
    plain = sea_odds(["cruiser"] * 2, ["submarine"] * 2)
    assert kind == "sea" and odds.trials == 0 and odds.attacker_wins == pytest.approx(plain.attacker_wins)
    assert odds.defender_ipc_lost == pytest.approx(plain.defender_ipc_lost * 5 / 6)   # subs 6 → 5


def test_the_big_air_battle_is_accepted_and_worked_out_exactly():
    """20 fighters and 20 infantry a side with aerial combat (once refused as too slow to fight
    10,000 times): worked out exactly, and the answer says so."""
    kind, odds = battle_odds(BIG_AIR_BATTLE, {"aerial_combat": True})
    assert kind == "land" and odds.trials == 0 and odds.error_bound == 0
    assert odds.attacker_wins + odds.defender_wins + odds.undecided + odds.both_destroyed == pytest.approx(1)
    assert "(worked out exactly)" in odds.summary()


def test_a_simulated_answer_states_its_error_bound():
    """Armored trains are fought by the engine's own code: the answer names how many battles and
    the 95 % bound on every chance it gives (1.96·√(¼/n))."""
    _, odds = battle_odds("3 infantry vs 1 armored train", {"armored_trains": True})
    assert MIN_SIMULATED <= odds.trials <= SIMULATED_BATTLES
    assert odds.error_bound == pytest.approx(0.98 / odds.trials ** 0.5)
    said = re.search(r"from ([\d,]+) battles fought by the game's own combat rules: each chance within "
                     r"±(\d+\.\d)% at 95% confidence", odds.summary())
    assert said and int(said.group(1).replace(",", "")) == odds.trials
    assert float(said.group(2)) == pytest.approx(100 * odds.error_bound, abs=0.05)


@pytest.mark.parametrize("options, attackers, defenders", [
    ({"sub_changes": True}, ["submarine"] * 4 + ["cruiser"], ["cruiser"] * 2 + ["submarine"] * 3),
    ({"sub_changes": True, "destroyers": True}, ["submarine"] * 3 + ["destroyer"] * 2,
     ["destroyer"] * 2 + ["submarine"] * 3 + ["transport"]),
    ({"freighters_raiders": True, "sub_changes": True}, ["merchant_raider"] * 2 + ["submarine"] * 3,
     ["freighter"] * 3 + ["cruiser"] * 2),
])
def test_sea_battles_under_the_submarine_changes_are_exact_and_agree_with_the_engines(options, attackers, defenders):
    """3.2 as `/odds` fights it: called shots hit on 2 like any attacking submarine and are taken
    by the order of loss, defending submarines hit on 1; the house ships fight by their values.
    5,000 seeded engine battles land within twice their 95 % bound (±2.8 %)."""
    rules = rules_for(options)
    _, exact = battle_odds(" vs ".join(", ".join(f"1 {t}" for t in side) for side in (attackers, defenders)), options)
    fought = simulated_odds(attackers, defenders, rules, random.Random(7), trials=5_000, work=10 ** 12)
    assert exact.trials == 0
    for name in ("attacker_wins", "defender_wins", "both_destroyed"):
        assert getattr(fought, name) == pytest.approx(getattr(exact, name), abs=2 * fought.error_bound), name


def test_a_big_battle_of_house_land_units_is_fought_fewer_times_with_a_wider_bound():
    """A battle whose 10,000 fights would take seconds is fought within the work bound — never
    fewer than MIN_SIMULATED times — and the same battle always gives the same figures."""
    text, options = "20 armored car, 20 artillery vs 20 artillery truck, 20 fighter", {
        "armored_cars": True, "artillery_trucks": True, "aerial_combat": True}
    _, odds = battle_odds(text, options)
    assert MIN_SIMULATED <= odds.trials < SIMULATED_BATTLES
    assert odds.error_bound > 0.98 / SIMULATED_BATTLES ** 0.5
    assert battle_odds(text, options)[1] == odds
