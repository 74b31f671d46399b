"""House rule 2.8 "Armored Trains": movement within the original territories, reactions, and hits."""
import random

import pytest

from engine.aa1914.combat import land_battle
from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, Dice, clear, force, place, play_turn, state_with, units_at


def test_armored_trains_run_any_distance_and_attack_into_their_own_lost_territory():
    """2.8: "Armored Trains may move any number of spaces within the owner's original territories."
    A train may go back into an original territory the enemy took: it attacks there."""
    state = state_with(armored_trains=True)
    place(state, "Russia", "armored_train", "Belarus")
    after = play_turn(state, "Russia", "move 1 train Belarus - Livonia - Karelia - Moscow - Tatarstan - Kazakhstan")
    assert units_at(after, "Kazakhstan", "Russia", "armored_train")
    with pytest.raises(OrderError, match="at most three places"):
        play_turn(state, "Russia", "move 1 infantry Belarus - Livonia - Karelia - Moscow - Tatarstan - Kazakhstan")
    clear(state, "Poland", "Ukraine")
    state["control"]["Poland"] = state["control"]["Ukraine"] = "Germany"
    place(state, "Germany", "infantry", "Poland")
    place(state, "Russia", "armored_train", "Ukraine")
    state["control"]["Ukraine"] = "Russia"
    # the train's two dice at 2 hit (1, 2); the German infantry's hit (1) is negated by the train
    turn = Turn(B, state, "Russia", Dice(1, 2, 1, *[6] * 10))
    after = turn.run([parse_order("move 1 train Ukraine - Poland", B)])
    assert after["control"]["Poland"] == "Russia" and units_at(after, "Poland", "Russia", "armored_train")
    state["control"]["Ukraine"] = "Germany"
    place(state, "Russia", "armored_train", "Moscow")
    with pytest.raises(OrderError, match="not Ukraine"):
        play_turn(state, "Russia", "move 1 train Moscow - Ukraine - Poland")


def test_a_defending_train_negates_armored_car_hits_too():
    """2.8: "Armored Trains negate 2 hits on the defense"; 2.3: armored-car hits "may be affected to
    enemy Artillery" — they are hits all the same, so the train negates them (docs/rulings.md)."""
    from engine.aa1914.combat import land_battle
    from tests.aa_helpers import force
    # the car hits (1) and would take the artillery; the defenders miss (6, 6, 6)
    result = land_battle(Dice(1, 6, 6, 6), force("armored_car"), force("armored_train", "artillery"))
    assert not result.defender_lost


def test_armored_trains():
    """2.8 "Attack and defense value: 2x 2 ... may move any number of spaces within the owner's
    original territories ... may only move within the power's original territories ... negate 2
    hits on the defense and 1 on the offense. There may be only one Armored Train per territory." """
    from engine.aa1914.combat import land_targets
    assert land_targets(force("armored_train"), True, False) == {2: 2}
    state = state_with(armored_trains=True)
    place(state, "Russia", "armored_train", "Moscow")
    Turn(B, state, "Russia", None).run([parse_order("move 1 train Moscow - Ukraine - Poland", B)])
    with pytest.raises(OrderError, match="own original territories, not Galicia"):
        Turn(B, state, "Russia", None).run([parse_order("move 1 train Moscow - Ukraine - Galicia", B)])
    place(state, "Russia", "armored_train", "Ukraine")
    with pytest.raises(OrderError, match="only one armored train in Ukraine"):
        Turn(B, state, "Russia", None).run([parse_order("move 1 train Moscow - Ukraine", B)])
    # defending train cancels two of the attacker's hits; attacking train cancels one
    result = land_battle(Dice(1, 1, 1, 6, 6, 6), force("infantry", "infantry", "infantry"), force("armored_train", "infantry"))
    assert len(result.defender_lost) == 1


def test_armored_train_reacts_to_an_attack():
    state = state_with(armored_trains=True)
    state["trains_react"] = {"Russia": True}
    state["units"] = [u for u in state["units"] if u["where"] not in ("Poland",)]
    place(state, "Russia", "infantry", "Poland")
    place(state, "Russia", "armored_train", "Moscow")
    turn = Turn(B, state, "Germany", random.Random(2))
    after = turn.run([parse_order("move 1 infantry Prussia - Poland", B)])
    assert any("armored train rushes from Moscow to defend Poland" in line for line in turn.report)
    assert after["train_reacted"]
