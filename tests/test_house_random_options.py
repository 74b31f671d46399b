"""Issue #11: no combination of house options may raise. Random option sets × random legal
orders for several phases: every phase adjudicates, and the state keeps its invariants."""
import random

import pytest

from engine.aa1914.house.catalog import HOUSE_OPTIONS
from engine.errors import OptionError, RulesError
from tests.test_aa1914_random_play import V, accepted, play_random_phases, random_lines

KEYS = [spec.key for spec in HOUSE_OPTIONS]


def random_options(rng: random.Random) -> dict:
    while True:
        chosen = {key: True for key in KEYS if rng.random() < 0.35}
        if rng.random() < 0.5:
            chosen[rng.choice(["auction_by_power", "auction_by_alliance"])] = True
            chosen[rng.choice(["italian_dilemma", "spain_balance"])] = True
        try:
            return V.parse_options(chosen)
        except OptionError:
            continue


def phase_lines(state, seat, rng):
    phase = state.get("phase", "turn")
    if phase == "turn":
        return random_lines(state, seat, rng)
    if phase == "auction":
        power = rng.choice([p for p in V.board_of(state).turn_order if p != "United States"])
        return [rng.choice([f"bid {rng.randint(1, 12)}", f"bid {rng.randint(1, 12)} for {power}", "pass",
                            "threaten", "no threat", "premium pay", "premium refuse"])]
    if phase == "reserves":
        mine = [u["where"] for u in state["units"] if u["owner"] == seat and u["type"] == "infantry"]
        return [f"place 1 infantry {rng.choice(mine)}"] if mine else []
    if phase == "italy_demands":
        return [rng.choice(["demand lump 3", "demand per-turn 2", "no demands"])]
    if phase == "italy_responses":
        return [rng.choice(["accept", "refuse", "offer 2"])]
    return []


@pytest.mark.parametrize("seed", range(12))
def test_random_option_sets_never_raise(seed):
    rng = random.Random(seed)
    options = random_options(rng)
    state = V.initial_state(options, random.Random(seed))

    def lines_for(state, seat, rng):
        lines = phase_lines(state, seat, rng)
        try:
            return accepted(state, seat, lines)
        except RulesError:
            return []
    play_random_phases(state, rng, lines_for, 40)


def test_neutral_powers_do_not_bid():
    """4.10: "the alliances bid" — neutral Italy (4.16) has no alliance, so it is not asked."""
    from engine.aa1914.auction import auction_budgets
    state = V.initial_state(V.parse_options({"auction_by_alliance": True, "italian_dilemma": True}),
                            random.Random(1))
    assert state["phase"] == "auction"
    assert "Italy" not in V.seats_to_act(state)
    assert set(auction_budgets(V.board_of(state), True)) == {"Central Powers", "Allies"}
    with pytest.raises(RulesError, match="Italy is neutral"):
        V.check_orders(state, "Italy", ["bid Spain 3 for Germany"])


def test_every_unit_of_every_option_can_be_drawn():
    """Issue #11: no map once any house unit is on the board — every unit type draws."""
    from engine.aa1914.units import UNIT_TYPES
    from render.aa1914 import render_aa1914
    state = V.initial_state(V.parse_options({key: True for key in ("trucks", "armored_cars", "armored_trains",
                                                                     "coastal_artillery", "destroyers",
                                                                     "artillery_trucks", "freighters_raiders")}),
                            random.Random(1))
    for index, kind in enumerate(UNIT_TYPES):
        where = "SZ 9" if UNIT_TYPES[kind].is_sea else "Berlin"
        state["units"].append({"id": 10_000 + index, "type": kind, "owner": "Germany", "where": where,
                               "damaged": False})
    png = render_aa1914(state, None, "every unit")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_territory_names_with_spaces_parse_in_placements():
    """Issue #11: `place 2 infantry United States of America` names the territory, not `America`."""
    from engine.aa1914.orders import parse_order
    order = parse_order("place 2 infantry United States of America", V.board)
    assert order.where == "United States of America" and order.units == (("infantry", 2),)


def test_a_capital_capture_refund_is_the_price_paid():
    """3.1 Naval costs: a cruiser bought for its house price is refunded at that price."""
    from engine.aa1914.house.registry import rules_for
    rules = rules_for(V.parse_options({"naval_costs": True}))
    from engine.aa1914.units import UNIT_TYPES
    assert rules.cost("cruiser") != UNIT_TYPES["cruiser"].cost


def test_first_sub_costs_2_in_each_zone():
    """3.2: "The first Submarine in every area that is open to Submarine Warfare now causes 2 IPCs
    of damage. Each subsequent Submarine in that specific area deals 1 IPC of damage." Every sea
    zone is an area: one sub in each of SZ 2, 7 and 8 costs 6 (docs/rulings.md)."""
    from engine.aa1914.turn import Turn
    from tests.aa_helpers import clear, place
    state = V.initial_state(V.parse_options({"sub_warfare_first_2": True, "usw_flat": True}), random.Random(1))
    state["usw_declared"] = True
    clear(state, "SZ 2", "SZ 7", "SZ 8")
    for zone in ("SZ 2", "SZ 7", "SZ 8"):
        place(state, "Germany", "submarine", zone)
    before = state["treasury"]["British Empire"]
    after = Turn(V.board_of(state), state, "British Empire", random.Random(1)).run([])
    assert after["treasury"]["British Empire"] - before == 30 - 6


def test_deploy_the_reserves_keeps_one_battery_on_a_coast_and_one_train_per_territory():
    """2.4 Coastal Artillery "Max per territory: 1"; 2.8 "There may be only one Armored Train per
    territory"; with 4.3 Deploy the Reserves these hold for the secret placements too."""
    from engine.aa1914.orders import parse_order
    from engine.aa1914.reserves import check_reserves
    from engine.errors import OrderError
    state = V.initial_state(V.parse_options({"deploy_reserves": True, "coastal_artillery": True,
                                             "armored_trains": True}), random.Random(1))
    board = V.board_of(state)

    def check(*lines):
        check_reserves(board, state, "Germany", [parse_order(line, board) for line in lines])

    check("place 1 coastal artillery Kiel")
    with pytest.raises(OrderError, match="only one coastal artillery in Kiel"):
        check("place 2 coastal artillery Kiel")
    with pytest.raises(OrderError, match="borders no sea zone"):
        check("place 1 coastal artillery Munich")
    check("place 1 armored train Berlin")
    with pytest.raises(OrderError, match="only one armored train in Berlin"):
        check("place 1 armored train Berlin", "place 1 armored train Berlin")


def _raider_state():
    return V.initial_state(V.parse_options({"freighters_raiders": True}), random.Random(1))


def test_no_more_than_two_raiders_are_mobilized_into_one_zone():
    """4.2: "No more than 2 Merchant Raiders may be in the same sea zone at any time." """
    from engine.aa1914.orders import parse_order
    from engine.aa1914.turn import Turn
    from engine.errors import OrderError
    state = _raider_state()
    board = V.board_of(state)
    zone = next(z for z in sorted(board.territories["Kiel"].adjacent) if board.territories[z].sea)
    with pytest.raises(OrderError, match="no more than 2 merchant raiders"):
        Turn(board, state, "Germany", None).run([parse_order(line, board) for line in (
            "buy 3 merchant raider", f"place 3 merchant raider {zone}")])


def test_a_raider_next_to_a_territory_worth_nothing_destroys_nothing():
    """4.2: a raider acts when "adjacent to an enemy territory that is worth 1 IPC" (or more): off
    Corsica (worth nothing), with France's other coasts on SZ 16 in German hands, nothing happens."""
    from engine.aa1914.turn import Turn
    from tests.aa_helpers import Dice
    state = _raider_state()
    board = V.board_of(state)
    from tests.aa_helpers import clear, place
    for name in ("Marseilles", "Algeria", "Tunisia"):
        clear(state, name)
        place(state, "Germany", "infantry", name)
        state["control"][name] = "Germany"
    state["units"].append({"id": 99_999, "type": "merchant_raider", "owner": "Germany", "where": "SZ 16",
                           "damaged": False})
    turn = Turn(board, state, "France", Dice(*[1] * 20))
    turn.run([])
    assert not any("merchant raider in SZ 16" in line for line in turn.report)


def test_counter_battery_fire_is_simultaneous_and_negates_only_artillery_hits():
    """4.8: "Rolling a 1 destroys an enemy Artillery and negates 1 hit from the enemy Artillery":
    with no hit from the enemy artillery there is nothing to negate; and both sides' CB guns fire
    "once normal combat is resolved", together: a gun the other side hits still rolls."""
    from engine.aa1914.combat import land_battle
    from tests.aa_helpers import Dice, force
    # exchange: attacker 2 infantry at 2 → 6 6; defender 2 artillery + 1 infantry at 3 → 6 6 6 (no hit);
    # the defender's CB gun (1 of 2 artillery) rolls 1, the attacker's CB gun rolls 1
    result = land_battle(Dice(6, 6, 6, 6, 1, 1), force("artillery", "infantry", "infantry"),
                         force("artillery", "artillery", "infantry"), counter_battery=(1, 1))
    cb = [r for r in result.rolls if r.step == "counter-battery fire"]
    assert [r.who for r in cb] == ["attacker", "defender"]            # both rolled
    assert not result.attacker_lost or all(p.type == "artillery" for p in result.attacker_lost)
    assert sum(1 for p in result.defender_lost if p.type == "artillery") == 1


def test_artillery_trucks_and_artillery_support_the_most_units():
    """2.2: an artillery truck upgrades "an attacking Infantry's value to 3 the same way an
    Artillery would": with 1 infantry, 1 tank, 1 artillery and 1 artillery truck both the
    infantry (by the truck) and the tank (by the artillery) attack at 3."""
    from engine.aa1914.combat import land_targets
    from tests.aa_helpers import force
    groups = land_targets(force("infantry", "tank", "artillery", "artillery_truck"), True, False)
    assert groups.get(2, 0) == 0 and groups[3] == 2 + 1 + 1      # infantry, tank, artillery, truck


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


def test_every_unit_type_has_its_own_map_label():
    from engine.aa1914.units import UNIT_TYPES
    from render.aa1914 import ABBREVIATIONS
    assert set(UNIT_TYPES) <= set(ABBREVIATIONS)
    assert len(set(ABBREVIATIONS.values())) == len(ABBREVIATIONS)
