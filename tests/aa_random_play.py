"""Random A&A play for tests and benches: random order lines a player might write, the ones the
rules accept, random sets of house options, and phases played with the state's invariants checked
after each one (treasuries never negative, unique unit ids, every unit on the map)."""
import random

from engine.aa1914.house.catalog import HOUSE_OPTIONS
from engine.aa1914.units import UNIT_TYPES
from engine.aa1914.variant import AA1914Variant
from engine.errors import OptionError, OrderError

V = AA1914Variant()
COMBOS = [
    {},
    {"naval_costs": True, "aerial_combat": True, "fighting_by_numbers": True, "trucks": True,
     "armored_trains": True, "armored_cars": True, "artillery_trucks": True, "destroyers": True,
     "coastal_artillery": True, "freighters_raiders": True, "supply_chain": True, "counter_battery": True,
     "breaking_through": True, "concentrated_attacks": True, "multinational_attacks": True,
     "restricted_sub_warfare": True, "sub_changes": True, "every_corner": True, "more_production": True,
     "tanks_now": True, "munich_reinforcements": True, "swiss_alps": True},
    {"spain_balance": True, "italian_dilemma": True, "usw_flat": True, "sub_warfare_first_2": True,
     "starting_naval_changes": True, "artillery_neutralization": True},
]


def random_lines(state, power, rng):
    board = V.board_of(state)
    lines = []
    if rng.random() < 0.7:
        kind = rng.choice(["infantry", "artillery", "fighter", "cruiser", "submarine", "transport", "truck",
                           "armored_car", "freighter", "merchant_raider", "armored_train"])
        lines.append(f"buy {rng.randint(1, 3)} {kind}")
    mine = [u for u in state["units"] if u["owner"] == power]
    rng.shuffle(mine)
    for unit in mine[:12]:
        here = unit["where"]
        steps = sorted(board.territories[here].adjacent)
        if not steps:
            continue
        path = [here, rng.choice(steps)]
        if rng.random() < 0.3:
            further = sorted(board.territories[path[-1]].adjacent - {here})
            if further:
                path.append(rng.choice(further))
        lines.append(f"move 1 {unit['type']}: " + " - ".join(path))
    if rng.random() < 0.2:
        lines.append(f"attack {rng.choice(sorted({u['where'] for u in mine}) or ['Berlin'])}")
    return lines


def accepted(state, seat, lines):
    """The lines the rules accept, each checked against the sheet so far. The state is checked
    once and read once for the whole sheet (`sheet_checker`, which gives what `check_orders` gives
    line by line: tests/performance/test_sheet_checked_in_one_read.py)."""
    V.check_state(state)
    check = V.sheet_checker(state, seat)
    sheet = []
    for line in lines:
        try:
            sheet = check(line, sheet)
        except OrderError:
            pass
    return sheet


def check_invariants(state):
    board = V.board_of(state)
    assert all(v >= 0 for v in state["treasury"].values())
    ids = [u["id"] for u in state["units"]]
    assert len(ids) == len(set(ids))
    for u in state["units"]:
        assert u["where"] in board.territories and u["type"] in UNIT_TYPES


def play_random_phases(state, rng, lines_for, phases: int):
    """Play up to `phases` phases, each seat to act giving `lines_for(state, seat, rng)` (None:
    no sheet at all), checking the state's invariants after every one; returns the last state."""
    for _ in range(phases):
        seats = V.seats_to_act(state)
        if not seats:
            break
        orders = {}
        for seat in seats:
            lines = lines_for(state, seat, rng)
            if lines is not None:
                orders[seat] = lines
        result = V.adjudicate(state, orders, random.Random(rng.random()))
        state = result.state
        check_invariants(state)
        if result.finished:
            break
    return state


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
