"""Adjudication speed: phases per second on the DATC positions and on a long random rx07 game.

Compares with the `diplomacy` package (MILA) on the same DATC movement positions if it is
installed (optional; not a dependency). Run: `.venv/bin/python bench/adjudicate.py`.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.diplomacy import datc  # noqa: E402
from engine.diplomacy.game import board_units  # noqa: E402
from engine.diplomacy.map import DiplomacyMap, province_of  # noqa: E402
from engine.diplomacy.rx07 import Rx07Variant  # noqa: E402
from engine.errors import OrderError  # noqa: E402

DATC_FILE = ROOT / "tests" / "data" / "datc_v2.4_06.txt"


def datc_rate(rounds: int) -> tuple[float, int]:
    dmap = DiplomacyMap.standard()
    cases = datc.read_v24(DATC_FILE)
    start = time.perf_counter()
    for _ in range(rounds):
        for case in cases:
            datc.run_v24_case(case, dmap)
    elapsed = time.perf_counter() - start
    return rounds * len(cases) / elapsed, len(cases)


def random_orders(variant: Rx07Variant, state: dict, rng: random.Random) -> dict[str, list[str]]:
    """Plausible random orders: each unit holds, moves, or supports a neighbour."""
    dmap = variant.game_map(state)
    orders: dict[str, list[str]] = {}
    units = board_units(state)
    for seat in variant.seats_to_act(state):
        lines = []
        if state["phase"] == "movement":
            for prov, unit in units.items():
                if unit.power not in variant.powers_of(state, seat) or unit.power in variant.civil_disorder_powers(state):
                    continue
                targets = sorted(dmap.army_neighbours(prov) if unit.kind == "A" else dmap.fleet_neighbours(unit.loc))
                choice = rng.random()
                if targets and choice < 0.6:
                    lines.append(f"{unit.kind} {unit.loc} - {rng.choice(targets)}")
                elif targets and choice < 0.8:
                    friend = [p for p in units if p in {t.split('/')[0] for t in targets}]
                    if friend:
                        lines.append(f"{unit.kind} {unit.loc} S {rng.choice(friend)}")
        elif state["phase"] == "retreat":
            for prov, d in state["dislodged"].items():
                lines.append(f"{d['unit']['kind']} {d['unit']['loc']} D")
        else:
            for power in variant.powers_of(state, seat):
                for home in dmap.home_centers.get(power, ()):
                    lines.append(f"Build A {home}")
        good = []
        for line in lines:
            try:
                good = variant.check_orders(state, seat, [line], good)
            except OrderError:
                pass
        orders[seat] = good
    return orders


def random_game(seed: int, max_phases: int) -> tuple[int, float, str]:
    variant = Rx07Variant()
    rng = random.Random(seed)
    state = variant.initial_state({}, rng)
    phases, spent = 0, 0.0
    while phases < max_phases:
        orders = random_orders(variant, state, rng)
        start = time.perf_counter()
        result = variant.adjudicate(state, orders, rng)
        spent += time.perf_counter() - start
        phases += 1
        state = result.state
        if result.finished:
            return phases, spent, f"won by {', '.join(result.winners)} in {variant.phase_label(state)}"
    return phases, spent, f"stopped at {variant.phase_label(state)}"


MILA_POWERS = {"Austria": "AUSTRIA", "England": "ENGLAND", "France": "FRANCE", "Germany": "GERMANY",
               "Italy": "ITALY", "Russia": "RUSSIA", "Turkey": "TURKEY"}


def random_positions(count: int, seed: int = 11) -> list[tuple[dict, dict[str, list[str]]]]:
    """Positions of a standard game after random play, each with random orders for every power."""
    from engine.diplomacy.game import DiplomacyGame

    class Standard(DiplomacyGame):
        key, title, summary = "standard", "Standard", "seven powers"

        def seats(self, options):
            return self.powers

        def initial_state(self, options, rng):
            dmap = DiplomacyMap.standard()
            return {"year": 1901, "season": "spring", "phase": "movement", "options": {},
                    "units": {province_of(loc): {"kind": kind, "power": power, "loc": loc}
                              for kind, power, loc in dmap.starting_units},
                    "owners": {sc: p for p, homes in dmap.home_centers.items() for sc in homes}}

    variant, rng = Standard(), random.Random(seed)
    state = variant.initial_state({}, rng)
    positions = []
    while len(positions) < count:
        orders = random_orders(variant, state, rng)
        if state["phase"] == "movement":
            positions.append((state, orders))
        result = variant.adjudicate(state, orders if state["phase"] == "movement" else {}, rng)
        state = result.state if not result.finished else variant.initial_state({}, rng)
    return positions


def compare_with_diplomacy_package(positions: int = 300) -> str:
    """Like with like: the same standard-map positions and order texts, each adjudicated from
    the order text to the new position, by this engine and by the `diplomacy` package (MILA);
    neither side's timing includes building its game or map objects."""
    try:
        from diplomacy import Game
    except ImportError:
        return "the `diplomacy` package is not installed: no comparison (pip install diplomacy to compare)"
    from engine.diplomacy.movement import resolve_movement
    from engine.diplomacy.parser import parse_order
    from engine.diplomacy.validation import check_movement_orders

    dmap = DiplomacyMap.standard()
    cases = random_positions(positions)
    ours = theirs = 0.0
    for state, orders in cases:
        units = board_units(state)
        start = time.perf_counter()
        given = []
        for lines in orders.values():
            for line in lines:
                try:
                    order = parse_order(line, dmap, "movement")
                except OrderError:
                    continue
                unit = units.get(order.province)
                if unit is not None:
                    given.append((unit.power, order))
        check_movement_orders(dmap, units, given, "2000")
        resolve_movement(dmap, units, given, "2000")
        ours += time.perf_counter() - start
        game = Game()
        game.clear_units()
        for power, name in MILA_POWERS.items():
            game.set_units(name, [f"{u['kind']} {u['loc'].upper().replace('/', '/')}"
                                  for u in state["units"].values() if u["power"] == power], reset=True)
        start = time.perf_counter()
        for power, lines in orders.items():
            for line in lines:
                unit = units.get(parse_order(line, dmap, "movement").province)
                if unit is not None:
                    game.set_orders(MILA_POWERS[unit.power], [line.upper()])
        game.process()
        theirs += time.perf_counter() - start
    return (f"same {len(cases)} positions, order text to new position: this engine {len(cases) / ours:.0f} "
            f"phases/s, `diplomacy` package {len(cases) / theirs:.0f} phases/s: {theirs / ours:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--phases", type=int, default=300)
    args = parser.parse_args()
    rate, n = datc_rate(args.rounds)
    print(f"DATC v2.4: {n} cases x {args.rounds} rounds: {rate:.0f} phases/s")
    phases, spent, outcome = random_game(7, args.phases)
    print(f"random rx07 game: {phases} phases adjudicated in {spent:.2f}s = {phases / spent:.0f} phases/s ({outcome})")
    print(compare_with_diplomacy_package())


if __name__ == "__main__":
    main()
