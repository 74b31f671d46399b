"""House Rules & Variants (seed 002) section 3, rules adjustments: each tested from its quote."""
import random

import pytest

from engine.aa1914.combat import land_battle
from engine.aa1914.house.registry import rules_for
from engine.aa1914.house.starting_naval_changes import STARTING_NAVAL_CHANGES
from engine.aa1914.rules import fighting_by_numbers_hits, submarine_warfare_loss
from engine.aa1914.orders import parse_order
from engine.aa1914.setup import starting_stacks
from engine.aa1914.turn import Turn
from engine.errors import OrderError

from tests.aa_helpers import B, V, Dice, force, state_with



def test_options_are_listed_parsed_and_combinable():
    options = V.parse_options({"naval_costs": "on", "fighting_by_numbers": "yes", "swiss_alps": "1"})
    assert options["naval_costs"] and options["fighting_by_numbers"] and options["swiss_alps"]
    assert not options["aerial_combat"]


def test_naval_unit_costs():
    """3.1 "Submarine cost changed from 6 to 5. Cruiser cost changed from 9 to 7." """
    rules = rules_for({"naval_costs": True})
    assert rules.cost("submarine") == 5 and rules.cost("cruiser") == 7 and rules.cost("battleship") == 12
    after = Turn(B, state_with(naval_costs=True), "Italy", None).run([parse_order("buy 2 cruiser", B)])
    assert after["treasury"]["Italy"] == 0


def test_aerial_combat_modifications():
    """3.1 "Fighters now hit on a roll of 3 instead of 2. Aerial battles now last only a single
    turn. Whoever has more Fighters standing at the end of the turn has Air Supremacy. In the
    event of a tie, no side gains Air Supremacy." """
    rules = rules_for({"aerial_combat": True})
    # air: attacker 3 fighters roll 3,6,6 (one hit on 3); defender 2 fighters roll 6,6 → 3 v 1
    result = land_battle(Dice(3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6), force("fighter", "fighter", "fighter", "infantry"),
                         force("fighter", "fighter", "infantry"), rules=rules)
    assert [r.step for r in result.rolls if r.step.startswith("air")] == ["air combat 1", "air combat 1"]
    assert result.air_supremacy == "attacker"
    tie = land_battle(Dice(6, 6, 6, 6, 6, 6), force("fighter", "infantry"), force("fighter", "infantry"), rules=rules)
    assert tie.air_supremacy is None and sum(r.step.startswith("air") for r in tie.rolls) == 2


def test_fighting_by_numbers_worked_example():
    """4.1 "The German's offensive score is (10 * 2 + 10 *3 + 10 *4 + 2) = 92. The Russian's
    defensive score is (25 *3) = 75. The German player inflicts 92 / 6 = 15,33 hits, which is
    rounded to 15. The Russian player inflicts 75 / 6 = 12,5 hits, which is rounded to 13." """
    assert fighting_by_numbers_hits(92, 3) == 15
    assert fighting_by_numbers_hits(75, 4) == 13
    # the deviation die: 1 → −15 %, 2 → −10 %, 5 → +10 %, 6 → +15 %, rounded
    assert [fighting_by_numbers_hits(92, d) for d in (1, 2, 3, 4, 5, 6)] == [13, 13, 15, 15, 17, 17]


def test_fighting_by_numbers_in_a_battle():
    """ "the Germans attacks with 20 Infantry, 10 Artillery and 1 Fighter. The Russians defend
    with 25 Infantry." """
    rules = rules_for({"fighting_by_numbers": True})
    attackers = force(*(["infantry"] * 20 + ["artillery"] * 10 + ["fighter"]))
    defenders = force(*(["infantry"] * 25))
    result = land_battle(Dice(3, 4), attackers, defenders, rules=rules)
    steps = [(r.step, r.hits) for r in result.rolls]
    assert steps == [("fighting by numbers (score 92)", 15), ("fighting by numbers (score 75)", 13)]
    assert len(result.defender_lost) == 15 and len(result.attacker_lost) == 13


def test_fighting_by_numbers_not_below_20():
    """ "nor to attackers or defenders whose total hit value is less than 20" """
    rules = rules_for({"fighting_by_numbers": True})
    result = land_battle(Dice(*([6] * 9), 3), force(*(["infantry"] * 9)), force(*(["infantry"] * 7)), rules=rules)
    assert result.rolls[0].step == "land combat"               # 18 points: dice as usual
    assert result.rolls[1].step == "fighting by numbers (score 21)"


def test_tanks_reduce_fighting_by_numbers_hits():
    """ "Attacking tanks then reduce the number of hits according to the standard rules." """
    rules = rules_for({"fighting_by_numbers": True})
    result = land_battle(Dice(6, 6, 6, 3), force("tank", "tank", "infantry"), force(*(["infantry"] * 8)), rules=rules)
    assert result.rolls[-1].hits == 4 and len(result.attacker_lost) == 2     # 24/6 = 4, two cancelled


def test_restricted_submarine_warfare():
    """3.1 "During RSW, Germans Submarines located in any sea zone directly adjacent to the UK's
    home island will now deal 1 IPC of economic damage each during the UK's Collect Phase. Only
    the UK may lose IPCs to RSW, therefore there is no risk of dragging the Americans into the war" """
    state = state_with(restricted_sub_warfare=True)
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 4", "SZ 8", "SZ 9")]
    for zone in ("SZ 4", "SZ 9"):
        state["units"].append({"id": 9000 + int(zone[3:]), "type": "submarine", "owner": "Germany", "where": zone,
                               "damaged": False})
    after = Turn(B, state, "British Empire", random.Random(1)).run([])
    assert after["treasury"]["British Empire"] == 30 + 30 - 2
    assert not after["us_at_war"]


def test_unrestricted_submarine_warfare_flat():
    """3.1 "Submarines in zones 2, 7 and 8 now deal 1 IPC of damage for every submarine in these
    zones instead of rolling for a hit." """
    state = state_with(usw_flat=True)
    state["usw_declared"] = True
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 2", "SZ 7", "SZ 8")]
    for i, zone in enumerate(("SZ 2", "SZ 7", "SZ 7")):
        state["units"].append({"id": 9100 + i, "type": "submarine", "owner": "Germany", "where": zone, "damaged": False})
    after = Turn(B, state, "British Empire", random.Random(1)).run([])
    assert after["treasury"]["British Empire"] == 30 + 30 - 3
    assert not any(e["step"].startswith("unrestricted") for e in after["log"])


def test_first_submarine_costs_two():
    """3.2 "The first Submarine in every area that is open to Submarine Warfare now causes 2 IPCs
    of damage. Each subsequent Submarine in that specific area deals 1 IPC of damage." """
    assert submarine_warfare_loss(0, True, True) == 0
    assert submarine_warfare_loss(1, True, True) == 2
    assert submarine_warfare_loss(3, True, True) == 4
    assert submarine_warfare_loss(3, True, False) == 3 and submarine_warfare_loss(3, False, False) is None


def test_starting_naval_changes():
    """3.2 e.g. "Russia: Replace Sea Zone 12 Battleship with 1 Submarine and 1 Cruiser" ...
    "United States: Add 1 Battleship and 1 Cruiser in Sea Zone 1" """
    plain = starting_stacks(B, True)
    state = state_with(starting_naval_changes=True)
    count = lambda st, p, t, z: sum(1 for u in st["units"] if (u["owner"], u["type"], u["where"]) == (p, t, z))  # noqa: E731
    assert count(state, "Russia", "battleship", "SZ 12") == plain[("Russia", "battleship", "SZ 12")] - 1
    assert count(state, "Russia", "submarine", "SZ 12") == plain.get(("Russia", "submarine", "SZ 12"), 0) + 1
    assert count(state, "Germany", "submarine", "SZ 7") == 0
    assert count(state, "Germany", "battleship", "SZ 10") == plain.get(("Germany", "battleship", "SZ 10"), 0) + 2
    assert count(state, "United States", "battleship", "SZ 1") == plain.get(("United States", "battleship", "SZ 1"), 0) + 1
    # the Tournament setup already replaced France's SZ 15 battleship by a cruiser: that change is skipped
    assert count(state, "France", "cruiser", "SZ 15") == 1 and count(state, "France", "submarine", "SZ 15") == 2
    assert len(STARTING_NAVAL_CHANGES) == 14


async def test_options_shown_in_status(service):
    from engine.catalog import register_all
    from service.text import game_status
    from tests.conftest import ALICE, GUILD
    register_all()
    game = await service.create_game(GUILD, ALICE, "aa1914", options={"naval_costs": "on", "end_round": "6"})
    text = await game_status(service, game)
    assert "Options: end_round=6, naval_costs=True" in text


def test_artillery_neutralization():
    """3.2 "This ability starts on Turn 4 ... On a successful roll, the defender must subtract one
    Infantry unit and one Artillery unit from the battle. They are suppressed and cannot fire
    back, but are not killed. If there are no more defending Artillery units, each successive
    neutralization hit suppresses two Infantry units instead. Attacking Artillery still promote
    attacking Infantry and Tank units." """
    from engine.aa1914.rules import suppress
    assert suppress(5, 1, 1) == (1, 1)
    assert suppress(5, 1, 2) == (3, 1)          # no artillery left: two infantry
    assert suppress(2, 0, 3) == (2, 0)
    rules = rules_for({"artillery_neutralization": True})
    # neutralizing artillery hits (3); the infantry, still supported, rolls 6; defender: only 1 inf fires
    result = land_battle(Dice(3, 6, 6), force("artillery", "infantry"), force("infantry", "infantry", "artillery"),
                         rules=rules, neutralizers=1)
    assert result.rolls[0].step == "artillery neutralization" and result.suppressed == 2
    assert [r.target for r in result.rolls[1:2]] == [3]          # the infantry is still promoted to 3
    assert len(result.rolls[-1].dice) == 1                        # one defender left to fire
    state = state_with(artillery_neutralization=True)
    with pytest.raises(OrderError, match="starts on turn 4"):
        Turn(B, state, "Germany", None).run([parse_order("neutralize Berlin with 1", B)])


def test_submarine_and_cruiser_changes():
    """3.2 "Defensive hit die reduced to 1. On the attack, submarines call their target ... This
    effect is negated by Cruiser* at a 1:1 ratio ... Attacking Cruisers can negate the defensive
    effect of defending Cruisers*." and the dive: "if there are 3 Subs and 4 surface ships attack
    them, each Sub must roll a 3 or less to dive away safely." """
    from engine.aa1914.combat import SeaPolicy, sea_battle, sea_targets
    from engine.aa1914.rules import dive_target, targeting_subs
    assert dive_target(4, 3) == 3 and dive_target(2, 3) == 4 and dive_target(9, 1) == 0
    assert targeting_subs(3, 1, 0) == 2 and targeting_subs(3, 2, 1) == 2 and targeting_subs(1, 3, 0) == 0
    assert sea_targets(force("submarine", "cruiser"), 1) == {1: 1, 3: 1}
    # two attacking subs, one stopped by the defending cruiser: the other calls the transport
    policy = SeaPolicy(action="break", after_rounds=1, sub_changes=True, sub_targets=("transport",))
    result = sea_battle(Dice(2, 6, 6, 6), force("submarine", "submarine"), force("cruiser", "transport"), policy)
    assert [p.type for p in result.defender_lost] == ["transport"]
    dive = SeaPolicy(defender_submerge=True, sub_changes=True, action="break", after_rounds=1)
    result = sea_battle(Dice(4, 6, 6), force("cruiser"), force("submarine", "cruiser"), dive)
    assert result.rolls[0].step == "preemptive dive" and result.rolls[0].target == 4
    assert [p.type for p in result.submerged] == ["submarine"]
    with pytest.raises(OrderError, match="option `sub_changes`"):
        Turn(B, state_with(), "Germany", None).run([parse_order("sub targets transport", B)])


def place(state, owner, kind, where, **extra):
    return place(state, owner, kind, where, **extra)
