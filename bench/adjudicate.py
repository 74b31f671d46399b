"""Adjudication speed: phases per second on the DATC positions and on a long random rx07 game, and
against the `diplomacy` package (MILA) 1.1.2 on the same classic positions, interleaved.

MILA is not a dependency of the project: the bench imports it from the running Python or from a
throw-away virtualenv (`DISPATCH_MILA_VENV`, default /tmp/milavenv), made with
    python3 -m venv /tmp/milavenv && /tmp/milavenv/bin/pip install diplomacy==1.1.2
Run: `nice -n 15 .venv/bin/python bench/adjudicate.py [--positions 915] [--block 1 --block 25]`.
Prints the machine's load (os.getloadavg) beside the figures.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.diplomacy import datc  # noqa: E402
from engine.diplomacy.game import board_units  # noqa: E402
from engine.diplomacy.map import DiplomacyMap  # noqa: E402
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
# Where the bench looks for the `diplomacy` package (MILA) when the running Python lacks it: a
# throw-away virtualenv made for the comparison, never a requirement of the project:
#   python3 -m venv /tmp/milavenv && /tmp/milavenv/bin/pip install diplomacy==1.1.2
MILA_VENV = os.environ.get("DISPATCH_MILA_VENV", "/tmp/milavenv")


def classic_variant():
    """The registered seven-power game (its edition option set to the 2000 rules MILA follows)."""
    from engine.diplomacy.classic import CLASSIC
    from engine.diplomacy.declared import DeclaredVariant
    return DeclaredVariant(CLASSIC)


def random_positions(count: int, seed: int = 11) -> list[tuple[dict, dict[str, list[str]]]]:
    """Movement positions of classic games after random play, each with random orders for every
    power (each line passed the seat's sheet check)."""
    variant, rng = classic_variant(), random.Random(seed)
    fresh = lambda: variant.initial_state({"edition": "2000"}, rng)  # noqa: E731
    state = fresh()
    positions = []
    while len(positions) < count:
        orders = random_orders(variant, state, rng)
        if state["phase"] == "movement":
            positions.append((state, orders))
        result = variant.adjudicate(state, orders, rng)
        state = result.state if not result.finished else fresh()
    return positions


def load_mila():
    """The `diplomacy` package's Game, from this Python or from MILA_VENV's site-packages
    (appended to the path, so the project's own packages still come first); None if absent."""
    try:
        from diplomacy import Game
        return Game
    except ImportError:
        pass
    for site in sorted(Path(MILA_VENV).glob("lib/python*/site-packages")):
        sys.path.append(str(site))
        try:
            from diplomacy import Game
            return Game
        except ImportError:
            sys.path.remove(str(site))
    return None


def mila_game(Game, state: dict):
    game = Game()
    game.clear_units()
    for power, name in MILA_POWERS.items():
        game.set_units(name, [f"{u['kind']} {u['loc'].upper()}" for u in state["units"].values()
                              if u["power"] == power], reset=True)
    return game


def mila_position(game) -> tuple[set, set]:
    """(units standing, units dislodged) after MILA processed the movement phase."""
    standing, dislodged = set(), set()
    for units in game.get_units().values():
        for text in units:
            (dislodged if text.startswith("*") else standing).add(text.lstrip("*"))
    return standing, dislodged


def our_position(new: dict) -> tuple[set, set]:
    standing = {f"{u['kind']} {u['loc'].upper()}" for u in new["units"].values()}
    dislodged = {f"{d['unit']['kind']} {d['unit']['loc'].upper()}" for d in new.get("dislodged", {}).values()}
    dislodged |= {f"{e['unit']['kind']} {e['unit']['loc'].upper()}" for e in new.get("eliminated", [])
                  if e["how"] == "destroyed"}
    return standing, dislodged


def compare_with_diplomacy_package(count: int, block: int = 1) -> list[str]:
    """Like with like, interleaved: the same positions in blocks of `block` positions, each block
    run by one engine and then by the other (which goes first alternates), so a change in the
    machine's load falls on both. Before each of this engine's runs its cache of order lines is
    emptied (every phase is read from scratch) and the position is read afresh from its JSON, as
    the service reads it from the database; building MILA's game object is not timed either.

    - End to end: the order text adjudicated (`adjudicate` reads and checks every line itself;
      MILA: `set_orders` then `process`), to the next stored position.
    - End to end with sheets checked: each seat's sheet first checked as a submission is
      (`check_orders`), then adjudicated; MILA again `set_orders` + `process`.
    - Resolver alone: orders already read and given (ours: `resolve_movement`; MILA: `process`
      after `set_orders`).
    Every resulting position is compared with MILA's."""
    Game = load_mila()
    if Game is None:
        return [f"the `diplomacy` package is not installed (nor in {MILA_VENV}): no comparison. Make a throw-away "
                f"venv: python3 -m venv {MILA_VENV} && {MILA_VENV}/bin/pip install diplomacy==1.1.2"]
    from engine.diplomacy.movement import resolve_movement
    from engine.diplomacy.parser import forget_read_orders, parse_order

    variant = classic_variant()
    dmap = variant.game_map({})
    cases = random_positions(count)
    load_before = os.getloadavg()
    spent = {key: 0.0 for key in ("ours", "theirs", "ours checked", "theirs again", "ours resolver",
                                  "theirs resolver")}
    positions: dict[str, list] = {"ours": [], "ours checked": [], "theirs": [], "theirs again": []}

    def ours(index: int, state: dict, orders: dict) -> None:
        forget_read_orders()
        state, orders = json.loads(json.dumps([state, orders]))
        start = time.perf_counter()
        result = variant.adjudicate(state, orders, random.Random(index))
        spent["ours"] += time.perf_counter() - start
        positions["ours"].append(our_position(result.state))

    def ours_checked(index: int, state: dict, orders: dict) -> None:
        forget_read_orders()          # a new phase: no line of it has been read before
        # the position as the service has it, freshly read from the database (not timed, like
        # building MILA's game object from the position)
        state, orders = json.loads(json.dumps([state, orders]))
        start = time.perf_counter()
        sheets = {seat: variant.check_orders(state, seat, lines) for seat, lines in orders.items()}
        result = variant.adjudicate(state, sheets, random.Random(index))
        spent["ours checked"] += time.perf_counter() - start
        positions["ours checked"].append(our_position(result.state))

    def theirs(index: int, state: dict, orders: dict, key: str = "theirs") -> None:
        game = mila_game(Game, state)
        start = time.perf_counter()
        for seat, lines in orders.items():
            game.set_orders(MILA_POWERS[seat], [line.upper() for line in lines])
        game.process()
        spent[key] += time.perf_counter() - start
        positions[key].append(mila_position(game))

    def theirs_again(index: int, state: dict, orders: dict) -> None:
        theirs(index, state, orders, "theirs again")

    def ours_resolver(index: int, state: dict, orders: dict) -> None:
        units = board_units(state)
        given = [(seat, parse_order(line, dmap, "movement")) for seat, lines in orders.items() for line in lines]
        start = time.perf_counter()
        resolve_movement(dmap, units, given, "2000")
        spent["ours resolver"] += time.perf_counter() - start

    def theirs_resolver(index: int, state: dict, orders: dict) -> None:
        game = mila_game(Game, state)
        for seat, lines in orders.items():
            game.set_orders(MILA_POWERS[seat], [line.upper() for line in lines])
        start = time.perf_counter()
        game.process()
        spent["theirs resolver"] += time.perf_counter() - start

    for first in range(0, len(cases), block):
        chunk = list(enumerate(cases))[first:first + block]
        runs = [(ours, theirs), (ours_checked, theirs_again), (ours_resolver, theirs_resolver)]
        for pair in runs:
            for run in (pair if (first // block) % 2 == 0 else pair[::-1]):
                for index, (state, orders) in chunk:
                    run(index, state, orders)
    differ = sum(a != b for a, b in zip(positions["ours"], positions["theirs"])) + sum(
        a != b for a, b in zip(positions["ours checked"], positions["theirs again"]))
    load = tuple(max(a, b) for a, b in zip(load_before, os.getloadavg()))
    n = len(cases)
    rate = {key: n / value for key, value in spent.items()}
    return [f"same {n} classic positions, interleaved in blocks of {block}, load {load[0]:.2f} {load[1]:.2f} "
            f"{load[2]:.2f}:",
            f"  end to end (order text adjudicated: `adjudicate` reads and checks the lines; MILA `set_orders` + "
            f"`process`): this engine {rate['ours']:.0f} phases/s, `diplomacy` package {rate['theirs']:.0f} "
            f"phases/s: {rate['ours'] / rate['theirs']:.2f}x (goal >= 5x)",
            f"  end to end with each seat's sheet checked first (`check_orders`, then `adjudicate`): this engine "
            f"{rate['ours checked']:.0f} phases/s, `diplomacy` package {rate['theirs again']:.0f} phases/s: "
            f"{rate['ours checked'] / rate['theirs again']:.2f}x",
            f"  resolver alone (orders given): this engine {rate['ours resolver']:.0f} phases/s, "
            f"`diplomacy` package {rate['theirs resolver']:.0f} phases/s: "
            f"{rate['ours resolver'] / rate['theirs resolver']:.2f}x",
            f"  resulting positions where the two engines disagree: {differ} of {2 * n}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--phases", type=int, default=300)
    parser.add_argument("--positions", type=int, default=915, help="positions compared with the diplomacy package")
    parser.add_argument("--block", type=int, action="append",
                        help="positions per interleaved block; repeat the option for several runs (default: 1, "
                             "then 25: each phase alone between MILA's, then runs of 25 phases each)")
    args = parser.parse_args()
    rate, n = datc_rate(args.rounds)
    print(f"DATC v2.4: {n} cases x {args.rounds} rounds: {rate:.0f} phases/s")
    phases, spent, outcome = random_game(7, args.phases)
    print(f"random rx07 game: {phases} phases adjudicated in {spent:.2f}s = {phases / spent:.0f} phases/s ({outcome})")
    for block in args.block or [1, 25]:
        for line in compare_with_diplomacy_package(args.positions, block):
            print(line)


if __name__ == "__main__":
    main()
