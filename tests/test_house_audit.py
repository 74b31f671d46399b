"""The house-rules audit (issue 11), items 3-10: each test quotes the seed 002 sentence it enforces."""
import random

import pytest

from engine.aa1914.board import spain_board
from engine.aa1914.orders import parse_order
from engine.aa1914.setup import initial_state
from engine.aa1914.state import is_contested
from engine.aa1914.standing import apply_standing
from engine.aa1914.turn import Turn
from engine.errors import OrderError

from tests.aa_helpers import B, V, Dice, clear, place, state_with


def run(state, power, *orders, rng=None, board=B):
    return Turn(board, state, power, rng).run([parse_order(o, board) for o in orders])


def at(state, where, owner=None, kind=None):
    return [u for u in state["units"] if u["where"] == where and (owner is None or u["owner"] == owner)
            and (kind is None or u["type"] == kind)]


def test_a_truck_drives_one_space_to_fetch_its_load():
    """2.1: "The Truck may move 1 space to get to the units it is loading and unload them one space
    away. This allows the transported units to use their move to advance another space, which gives
    them a total move of 2." """
    state = state_with(trucks=True)
    clear(state, "Prussia", "Poland")
    place(state, "Germany", "truck", "Berlin")
    place(state, "Germany", "infantry", "Prussia", 2)
    place(state, "Russia", "infantry", "Poland")
    after = run(state, "Germany", "truck 2 infantry: Prussia - Poland from Berlin", rng=Dice(*[6] * 20))
    assert len(at(after, "Poland", "Germany", "infantry")) == 2 and len(at(after, "Poland", "Germany", "truck")) == 1
    assert not at(after, "Berlin", "Germany", "truck")
    # a fetched truck has spent a space: it unloads one space on, and the units march the second
    clear(state, "Poland")
    after = run(state, "Germany", "truck 2 infantry: Prussia - Berlin - Silesia from Berlin")
    assert len(at(after, "Silesia", "Germany", "infantry")) == 2 + len(at(state, "Silesia", "Germany", "infantry"))
    assert len(at(after, "Berlin", "Germany", "truck")) == 1
    with pytest.raises(OrderError, match="truck\\(s\\) in Kiel"):
        run(state, "Germany", "truck 2 infantry: Prussia - Poland from Kiel")
    with pytest.raises(OrderError, match="do not border"):
        place(state, "Germany", "truck", "Munich")
        run(state, "Germany", "truck 2 infantry: Prussia - Poland from Munich")


def test_truck_moves_obey_the_movement_rules():
    """2.1 carries units "2 spaces": over passable land the units could enter — not the impassable
    Sahara, not Switzerland under 4.4 ("Switzerland is now considered impassable"), not neutral
    Spain under 4.17."""
    state = state_with(trucks=True, swiss_alps=True)
    place(state, "France", "truck", "Algeria")
    place(state, "France", "infantry", "Algeria", 2)
    with pytest.raises(OrderError, match="Sahara is impassable"):
        run(state, "France", "truck 2 infantry: Algeria - Sahara")
    place(state, "Germany", "truck", "Munich")
    with pytest.raises(OrderError, match="Switzerland is impassable"):
        run(state, "Germany", "truck 2 infantry: Munich - Switzerland")
    spain = spain_board()
    state = initial_state(spain, V.parse_options({"trucks": True, "spain_balance": True}))
    place(state, "France", "truck", "Bordeaux")
    place(state, "France", "infantry", "Bordeaux", 2)
    with pytest.raises(OrderError, match="neutral Spain"):
        run(state, "France", "truck 2 infantry: Bordeaux - Spain", board=spain)
    with pytest.raises(OrderError, match="over land"):
        run(state, "France", "truck 2 infantry: Bordeaux - SZ 15", board=spain)


def test_units_that_cannot_fight_neither_hold_nor_contest_a_territory():
    """2.1: trucks have "No attack or defense value" and "The Truck is destroyed if the territory it
    is in is captured by the enemy." A truck left alone with the enemy does not keep the territory
    contested: it is lost."""
    state = state_with(trucks=True)
    clear(state, "Prussia", "Poland")
    place(state, "Germany", "truck", "Prussia")
    place(state, "Germany", "infantry", "Prussia", 2)
    place(state, "Russia", "infantry", "Poland", 3)
    # the two German infantry miss (6, 6); the three Russians hit twice (1, 1, 6)
    after = run(state, "Germany", "truck 2 infantry: Prussia - Poland", rng=Dice(6, 6, 1, 1, 6, *[6] * 20))
    assert not at(after, "Poland", "Germany")
    assert not is_contested(B, after, "Poland") and after["control"]["Poland"] == "Russia"
    # a truck standing with enemy infantry does not contest the territory
    lone = state_with(trucks=True)
    clear(lone, "Lorraine")
    place(lone, "France", "infantry", "Lorraine")
    place(lone, "Germany", "truck", "Lorraine")
    assert not is_contested(B, lone, "Lorraine")


def test_a_coastal_battery_falls_with_its_territory():
    """2.4: "Defense value (against ships): 3" — the battery does not fight land units — and
    "Coastal Batteries are destroyed ... if the territory is captured by an enemy power." """
    state = state_with(coastal_artillery=True)
    clear(state, "Kiel", "Hanover")
    place(state, "Germany", "coastal_artillery", "Kiel")
    place(state, "Germany", "infantry", "Kiel")
    place(state, "France", "infantry", "Hanover", 3)
    # France hits three times (1, 1, 1); the one German infantry misses (6): the battery is no casualty
    turn = Turn(B, state, "France", Dice(1, 1, 1, 6, *[6] * 10))
    after = turn.run([parse_order("move 3 infantry Hanover - Kiel", B)])
    assert after["control"]["Kiel"] == "France" and not is_contested(B, after, "Kiel")
    assert not at(after, "Kiel", "Germany") and len(at(after, "Kiel", "France")) == 3
    assert any("coastal battery in Kiel is lost" in line for line in turn.report)


def test_one_battery_fires_once_at_a_passing_ship():
    """2.4: "Ships passing through the sea zone adjacent to the land territory where the Coastal
    Artillery is located are attacked by the coastal guns and sunk on a roll of 1." A ship passing
    two zones next to French West Africa is attacked once (docs/rulings.md)."""
    state = state_with(coastal_artillery=True)
    clear(state, "SZ 14", "SZ 22", "SZ 23", "French West Africa")
    place(state, "France", "coastal_artillery", "French West Africa")
    place(state, "Germany", "cruiser", "SZ 14")
    # the battery rolls 6 as the cruiser enters SZ 22; a second shot would roll the 1
    after = run(state, "Germany", "move 1 cruiser SZ 14 - SZ 22 - SZ 23", rng=Dice(6, 1, 1, 1))
    assert at(after, "SZ 23", "Germany", "cruiser")
    assert [e["dice"] for e in after["log"] if e["step"] == "coastal guns"] == [[6]]


def test_raiders_defend_at_2():
    """2.7: Merchant Raiders, "Defense value : 2": a raider attacked at sea fires back at 2."""
    from engine.aa1914.combat import Piece, sea_battle
    result = sea_battle(Dice(6, 2), [Piece("cruiser", "British Empire", uid=1)],
                        [Piece("merchant_raider", "Germany", uid=2)])
    assert [(r.who, r.target, r.dice) for r in result.rolls][:2] == [("attacker", 3, [6]), ("defender", 2, [2])]
    assert result.attacker_lost and not result.defender_lost


def test_a_freighter_may_claim_again_after_a_turn_away():
    """4.2: "The Freighter must move every turn. It cannot stay in one area and claim the IPCs in the
    same zone two turns in a row." A → B → A earns in A both times; one left in place earns nothing
    and /ready names it."""
    state = state_with(freighters_raiders=True)
    clear(state, "SZ 5", "SZ 6")
    place(state, "British Empire", "freighter", "SZ 6")        # Karelia's base: Russian
    income = 30

    def treasury_after(state, *orders):
        return run(state, "British Empire", *orders, rng=random.Random(1))

    one = treasury_after(state, "move 1 freighter SZ 6 - SZ 5 - SZ 6")
    assert one["treasury"]["British Empire"] == 30 + income + 2
    two = treasury_after(one, "move 1 freighter SZ 6 - SZ 5")          # nothing next to SZ 5
    three = treasury_after(two, "move 1 freighter SZ 5 - SZ 6")
    assert three["treasury"]["British Empire"] == two["treasury"]["British Empire"] + income + 2
    stayed = treasury_after(three)
    assert stayed["treasury"]["British Empire"] == three["treasury"]["British Empire"] + income
    three["turn"] = three["turn"] if V.active(three) == "British Empire" else B.turn_order.index("British Empire")
    assert any("SZ 6 must move every turn" in m for m in V.missing_orders(three, "British Empire", []))
    assert not any("freighter" in m for m in V.missing_orders(three, "British Empire", ["move 1 freighter SZ 6 - SZ 5"]))


def test_armored_trains_run_any_distance_and_attack_into_their_own_lost_territory():
    """2.8: "Armored Trains may move any number of spaces within the owner's original territories."
    A train may go back into an original territory the enemy took: it attacks there."""
    state = state_with(armored_trains=True)
    place(state, "Russia", "armored_train", "Belarus")
    after = run(state, "Russia", "move 1 train Belarus - Livonia - Karelia - Moscow - Tatarstan - Kazakhstan")
    assert at(after, "Kazakhstan", "Russia", "armored_train")
    with pytest.raises(OrderError, match="at most three places"):
        run(state, "Russia", "move 1 infantry Belarus - Livonia - Karelia - Moscow - Tatarstan - Kazakhstan")
    clear(state, "Poland", "Ukraine")
    state["control"]["Poland"] = state["control"]["Ukraine"] = "Germany"
    place(state, "Germany", "infantry", "Poland")
    place(state, "Russia", "armored_train", "Ukraine")
    state["control"]["Ukraine"] = "Russia"
    # the train's two dice at 2 hit (1, 2); the German infantry's hit (1) is negated by the train
    turn = Turn(B, state, "Russia", Dice(1, 2, 1, *[6] * 10))
    after = turn.run([parse_order("move 1 train Ukraine - Poland", B)])
    assert after["control"]["Poland"] == "Russia" and at(after, "Poland", "Russia", "armored_train")
    state["control"]["Ukraine"] = "Germany"
    place(state, "Russia", "armored_train", "Moscow")
    with pytest.raises(OrderError, match="not Ukraine"):
        run(state, "Russia", "move 1 train Moscow - Ukraine - Poland")


def test_a_defending_train_negates_armored_car_hits_too():
    """2.8: "Armored Trains negate 2 hits on the defense"; 2.3: armored-car hits "may be affected to
    enemy Artillery" — they are hits all the same, so the train negates them (docs/rulings.md)."""
    from engine.aa1914.combat import land_battle
    from tests.aa_helpers import force
    # the car hits (1) and would take the artillery; the defenders miss (6, 6, 6)
    result = land_battle(Dice(1, 6, 6, 6), force("armored_car"), force("armored_train", "artillery"))
    assert not result.defender_lost


def test_allies_defending_together_each_spend_their_own_supplies_as_they_choose():
    """4.7: "consume 1 supply to increase the hit die of one attacking or defending land unit by 1.
    You may use any quantity of supplies" — each defending power spends its own supplies on its own
    units, up to its standing `supplies use N`."""
    state = state_with(supply_chain=True)
    clear(state, "Lorraine", "Alsace")
    place(state, "France", "infantry", "Lorraine")
    place(state, "British Empire", "infantry", "Lorraine")
    place(state, "Germany", "infantry", "Alsace")
    state["supplies"] = {"France": {"stock": 0, "at": {"Lorraine": 1}},
                         "British Empire": {"stock": 0, "at": {"Lorraine": 1}}}

    def defender_targets(state):
        after = run(state, "Germany", "move 1 infantry Alsace - Lorraine", rng=Dice(6, 6, 6, *[6] * 10))
        rolls = [e for e in after["log"] if e["battle"] == "Lorraine" and e["who"] == "defender"]
        return sorted(e["target"] for e in rolls for _ in e["dice"]), after

    targets, after = defender_targets(state)
    assert targets == [4, 4]
    assert after["supplies"]["France"]["at"]["Lorraine"] == after["supplies"]["British Empire"]["at"]["Lorraine"] == 0
    apply_standing(state, "France", parse_order("supplies use none", B))
    assert state["supply_use"] == {"France": 0}
    targets, after = defender_targets(state)
    assert targets == [3, 4] and after["supplies"]["France"]["at"]["Lorraine"] == 1
    with pytest.raises(OrderError, match="option `supply_chain`"):
        apply_standing(state_with(), "France", parse_order("supplies use 2", B))


def test_a_breakthrough_into_a_contested_territory_attacks_or_reinforces():
    """4.13: "If moving into another contested territory, you may either perform an attack or a
    reinforcement move." Without `attack <territory>` the units reinforce: no battle there."""
    state = state_with(breaking_through=True)
    clear(state, "Picardy", "Paris")
    place(state, "Germany", "infantry", "Picardy", 6)
    place(state, "France", "infantry", "Picardy", 2)
    place(state, "France", "infantry", "Paris", 2)
    place(state, "Germany", "infantry", "Paris")          # Paris is contested too
    orders = ["break through 2 infantry: Picardy - Paris"]
    reinforced = run(state, "Germany", *orders, rng=random.Random(4))
    assert len(at(reinforced, "Paris", "Germany")) == 3
    assert not any(e["battle"] == "Paris" for e in reinforced["log"])
    assert any(e["battle"] == "Picardy" for e in reinforced["log"])
    attacked = run(state, "Germany", "attack Paris", *orders, rng=random.Random(4))
    assert any(e["battle"] == "Paris" for e in attacked["log"])


def test_an_order_for_a_rule_the_game_does_not_use_says_which_option():
    """One refusal for every house rule not switched on: the seed's section and the option's name."""
    from engine.aa1914.house.catalog import HOUSE_OPTIONS, not_enabled
    from engine.errors import RuleNotEnabled
    for spec in HOUSE_OPTIONS:
        error = not_enabled(spec.key)
        assert f"(option `{spec.key}`)" in str(error) and spec.description.split(":")[0] in str(error)
    with pytest.raises(RuleNotEnabled, match=r"house rule 2.1/3.1 Standard Trucks \(option `trucks`\)") as caught:
        run(state_with(), "Germany", "truck 2 infantry: Berlin - Prussia")
    assert caught.value.option == "trucks"
    with pytest.raises(RuleNotEnabled, match="option `armored_trains`"):
        run(state_with(), "Germany", "buy 1 armored train")
