"""House rule 4.15 "Concentrated Attacks": the worked example and the battles it changes."""
import random

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from tests.aa_helpers import B, Dice, state_with
from tests.aa_random_play import V


def test_concentrated_defence_worked_example():
    """4.15 "There are 20 British units with 10 French units and Germany chooses to attack the
    French with 20 divisions, so the French divisions (10) AND 25% of the British ones
    (25% * 20 = 5) may defend themselves ... If you roll 4 or more, you add 25% of ALL other
    remaining units ... for a total of 10 + 5 + 5 = 20." """
    from engine.aa1914.house.concentrated_attacks import concentrated_defence
    assert concentrated_defence(10, 20, 3) == (10, 5)
    assert concentrated_defence(10, 20, 4) == (10, 10)
    assert sum(concentrated_defence(10, 20, 6)) == 20


def test_concentrated_attack_in_a_battle():
    state = state_with(concentrated_attacks=True)
    state["units"] = [u for u in state["units"] if u["where"] != "Picardy"]
    nid = 9600
    for owner, n in (("France", 2), ("British Empire", 8), ("Germany", 6)):
        for _ in range(n):
            state["units"].append({"id": nid, "type": "infantry", "owner": owner, "where": "Picardy", "damaged": False})
            nid += 1
    state["control"]["Picardy"] = "France"
    turn = Turn(B, state, "Germany", Dice(2, *([1] * 30)))
    after = turn.run([parse_order("attack Picardy", B), parse_order("concentrate Picardy on France", B)])
    # die 2: France's 2 and 25 % of 8 British (2) fight; six German hits kill only those four
    assert sum(1 for u in after["units"] if u["where"] == "Picardy" and u["owner"] == "British Empire") == 6
    assert not any(u["where"] == "Picardy" and u["owner"] == "France" for u in after["units"])


def test_concentrated_attack_joiners_follow_the_defenders_casualty_order():
    """4.15: of the other powers' defenders, 25 % fight (another 25 % on a 4+); which ones is the
    defenders' choice, taken from their standing order of loss (docs/rulings.md)."""
    from types import SimpleNamespace
    from engine.aa1914.house.concentrated_attacks import concentrated_defenders
    from tests.aa_helpers import Dice
    state = V.initial_state(V.parse_options({"concentrated_attacks": True}), random.Random(1))
    state["loss_orders"]["Austria-Hungary"] = ["artillery", "infantry", "tank", "fighter"]
    from engine.aa1914.house.concentrated_attacks import ConcentrationMemo
    from engine.aa1914.position import BoardUnit, Position
    memos = {"concentrated_attacks": ConcentrationMemo({"Galicia": "Germany"})}
    turn = SimpleNamespace(progress=SimpleNamespace(memos=memos), rng=Dice(1), report=[], power="Russia",
                           position=Position.from_json(state, V.board_of(state)), board=V.board_of(state))
    enemy = ([BoardUnit(i, "infantry", "Germany", "Galicia") for i in range(4)]
             + [BoardUnit(10 + i, "infantry", "Austria-Hungary", "Galicia") for i in range(3)]
             + [BoardUnit(20, "artillery", "Austria-Hungary", "Galicia")])
    fighting = concentrated_defenders(turn, "Galicia", enemy)
    joined = [u for u in fighting if u.owner == "Austria-Hungary"]
    assert [u.type for u in joined] == ["artillery"]          # 25 % of 4 others: 1, its owner's first
