"""House rule 3.1/4.1 "Fighting By Numbers": sides worth 20 or more score value / 6 hits with a
deviation die; the worked example, battles, and tanks."""
from engine.aa1914.combat import land_battle
from engine.aa1914.house.registry import rules_for
from engine.aa1914.rules import fighting_by_numbers_hits
from tests.aa_helpers import Dice, force


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
