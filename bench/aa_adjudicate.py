"""A&A 1914 adjudication: CPU time per turn, and a record of whole games to prove a change of the
engine's insides changed nothing players see.

Time (the default): seeded games are played (random legal orders and bot sheets, with many house
options), every turn's (state, orders, seed) kept; then each turn is adjudicated again and its CPU
time measured (`time.process_time`, best of `--repeat`), printed with the machine's load. With
`--against <commit>` the same turns are also timed on that commit's engine (`git archive` into a
temporary folder, run in a child process), interleaved block by block, so before and after are
measured under the same load.

Record/compare: `--record FILE` writes, for every phase of those games, the orders given, the
refusal of every line the rules refused (checked one by one as a player's sheet is), the report,
the announcements and the resulting state (canonical JSON); `--compare FILE` plays the games again
and names the first difference. Same seed and orders, same dice and reports: the file must match
byte for byte after any refactor of the turn.

    .venv/bin/python bench/aa_adjudicate.py                       # time this engine
    .venv/bin/python bench/aa_adjudicate.py --against HEAD~5      # and an older one beside it
    .venv/bin/python bench/aa_adjudicate.py --bot --sample 60 --repeat 1 --against HEAD~5   # the bot's sheets
    .venv/bin/python bench/aa_adjudicate.py --record /tmp/aa.json  # then --compare /tmp/aa.json
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":
    sys.path.insert(0, os.environ.get("AA_ENGINE_ROOT", str(ROOT)))

ALL_RULES = {"naval_costs": True, "aerial_combat": True, "fighting_by_numbers": True, "trucks": True,
             "armored_trains": True, "armored_cars": True, "artillery_trucks": True, "destroyers": True,
             "coastal_artillery": True, "freighters_raiders": True, "supply_chain": True, "counter_battery": True,
             "breaking_through": True, "concentrated_attacks": True, "multinational_attacks": True,
             "restricted_sub_warfare": True, "sub_changes": True, "every_corner": True, "more_production": True,
             "tanks_now": True, "munich_reinforcements": True, "swiss_alps": True}
SPAIN_ITALY = {"spain_balance": True, "italian_dilemma": True, "usw_flat": True, "sub_warfare_first_2": True,
               "starting_naval_changes": True, "artillery_neutralization": True, "deploy_reserves": True}
# (name, options, seed, phases, who orders: "random" lines or the "bot")
GAMES = (
    ("tournament-random", {}, 1, 80, "random"),
    ("house-random", ALL_RULES, 2, 96, "random"),
    ("spain-italy-random", SPAIN_ITALY, 3, 80, "random"),
    ("house-bots", ALL_RULES, 4, 32, "bot"),
    ("spain-italy-bots", {**SPAIN_ITALY, "auction_by_power": True}, 5, 40, "bot"),
    ("tournament-bots", {"end_round": 4}, 6, 40, "bot"),
    ("alliance-auction-bots", {**ALL_RULES, "auction_by_alliance": True, "deploy_reserves": True}, 7, 24, "bot"),
)
UNIT_KINDS = ["infantry", "artillery", "fighter", "cruiser", "submarine", "transport", "truck", "armored_car",
              "freighter", "merchant_raider", "armored_train", "tank", "battleship", "destroyer",
              "coastal_artillery", "artillery_truck"]


def _variant():
    from engine.catalog import register_all
    from engine.variant import get_variant
    register_all()                  # the bot plays through the registered variant
    return get_variant("aa1914")


def random_lines(variant, state: dict, power: str, rng: random.Random) -> list[str]:
    """A player's random sheet: a purchase, moves of up to 12 units, an attack, and now and then
    an order of the house rules (whether or not the game uses them)."""
    board = variant.board_of(state)
    lines = []
    if rng.random() < 0.7:
        lines.append(f"buy {rng.randint(1, 3)} {rng.choice(UNIT_KINDS)}")
    mine = [u for u in state["units"] if u["owner"] == power]
    rng.shuffle(mine)
    places = sorted({u["where"] for u in mine}) or ["Berlin"]
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
        verb = rng.choice(["move"] * 6 + ["truck", "join France", "break through"])
        lines.append(f"{verb} 1 {unit['type']}: " + " - ".join(path))
    where = rng.choice(places)
    extras = [f"attack {where}", f"neutralize {where} with 1", f"counter-battery {where} with 1",
              f"supply {where} 2", f"concentrate {where} on Germany", "declare usw", f"submerge {where}",
              "trains react", "supplies use 1", "counter-battery always", "submerge always", "spain pay 1",
              f"factory {where} income", f"attack battery {where} from SZ 10", "sub targets transport",
              f"call off {where} if mined", "casualties infantry, artillery", f"place 1 infantry {where}",
              f"break off {where} after 2", "defect", "frobnicate everything", "truck 2 infantry: Berlin"]
    for _ in range(rng.randint(0, 3)):
        lines.append(rng.choice(extras))
    return lines


def checked(variant, state: dict, seat: str, lines: list[str]) -> tuple[list[str], list[str]]:
    """The sheet a player would end with, line by line, and each refusal's words."""
    from engine.errors import OrderError
    sheet, refusals = [], []
    for line in lines:
        try:
            sheet = variant.check_orders(state, seat, [line], sheet)
        except OrderError as exc:
            refusals.append(f"{line} => {exc}")
    return sheet, refusals


def play(name: str, options: dict, seed: int, phases: int, who: str, keep=None) -> list[dict]:
    """One game; each phase's record (orders, refusals, report, state). `keep(state, orders, seed)`
    is told every phase adjudicated."""
    from engine.errors import OrderError
    variant = _variant()
    rng = random.Random(seed)
    state = variant.initial_state(variant.parse_options(options), rng)
    records = []
    for _ in range(phases):
        seats = variant.seats_to_act(state)
        if not seats:
            break
        orders, refusals, reasons = {}, [], []
        for seat in seats:
            if who == "bot":
                try:
                    pairs = variant.bot_orders(state, seat, random.Random(rng.random()))
                except OrderError as exc:
                    pairs, reasons = [], reasons + [f"{seat}: bot refused: {exc}"]
                orders[seat] = [line for line, _ in pairs]
                reasons += [f"{seat}: {line} — {why}" for line, why in pairs]
            elif state.get("phase", "turn") == "turn":
                orders[seat], refused = checked(variant, state, seat, random_lines(variant, state, seat, rng))
                refusals += refused
            elif state["phase"] == "italy_demands":
                orders[seat], refused = checked(variant, state, seat, ["demand lump 3"])
                refusals += refused
            elif state["phase"] == "italy_responses":
                orders[seat], refused = checked(variant, state, seat, [rng.choice(["accept", "refuse", "offer 2"])])
                refusals += refused
        dice = rng.random()
        if keep is not None:
            keep(state, orders, dice)
        result = variant.adjudicate(state, orders, random.Random(dice))
        records.append({"game": name, "label": variant.phase_label(state), "orders": orders,
                        "refusals": refusals, "reasons": reasons, "report": result.report,
                        "announcements": list(result.announcements), "finished": result.finished,
                        "winners": list(result.winners), "state": json.dumps(result.state, sort_keys=True)})
        state = result.state
        if result.finished:
            break
    return records


def record(path: Path) -> None:
    out = [r for game in GAMES for r in play(*game)]
    path.write_text("\n".join(json.dumps(r, sort_keys=True) for r in out) + "\n")
    print(f"{len(out)} phases of {len(GAMES)} games recorded in {path}")


def compare(path: Path) -> int:
    want = [json.loads(line) for line in path.read_text().splitlines() if line]
    got = [r for game in GAMES for r in play(*game)]
    for a, b in zip(want, got):
        if a != b:
            for key in a:
                if a[key] != b.get(key):
                    print(f"DIFFERENT in {a['game']}, {a['label']}: {key}")
                    print("  was:", str(a[key])[:3000])
                    print("  now:", str(b.get(key))[:3000])
            return 1
    if len(want) != len(got):
        print(f"DIFFERENT: {len(want)} phases recorded, {len(got)} played")
        return 1
    print(f"same: {len(got)} phases of {len(GAMES)} games, orders, refusals, reports and states identical")
    return 0


def turns() -> list[tuple[dict, dict, float]]:
    """(state, orders, dice seed) of every power's turn of the games (pre-game phases left out)."""
    kept = []

    def keep(state, orders, dice):
        if state.get("phase", "turn") == "turn":
            kept.append((state, orders, dice))
    for game in GAMES:
        play(*game, keep=keep)
    return kept


def time_turns(cases, repeat: int, what: str = "adjudicate") -> list[float]:
    """CPU seconds to adjudicate each turn, or for the bot to write the sheet of the power whose
    turn it is (`what`: "bot"), best of `repeat`."""
    variant = _variant()
    out = []
    for state, orders, dice in cases:
        best = None
        for _ in range(repeat):
            start = time.process_time()
            if what == "bot":
                variant.bot_orders(state, variant.seats_to_act(state)[0], random.Random(dice))
            else:
                variant.adjudicate(state, orders, random.Random(dice))
            spent = time.process_time() - start
            best = spent if best is None else min(best, spent)
        out.append(best)
    return out


def _child() -> None:
    """Run by `--against`: time the pickled turns read from stdin with the engine on sys.path."""
    cases, repeat, what = pickle.load(sys.stdin.buffer)
    pickle.dump(time_turns(cases, repeat, what), sys.stdout.buffer)


def _older_engine(commit: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="aa-engine-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "engine"], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def _timed_elsewhere(folder: Path, cases, repeat: int, what: str) -> list[float]:
    env = {**os.environ, "AA_ENGINE_ROOT": str(folder)}
    run = subprocess.run([sys.executable, __file__, "--child"], input=pickle.dumps((cases, repeat, what)),
                         capture_output=True, env=env, check=True)
    return pickle.loads(run.stdout)


def summary(label: str, spent: list[float]) -> str:
    ms = sorted(1000 * s for s in spent)
    return (f"{label}: {len(ms)} turns, CPU per turn median {statistics.median(ms):.1f} ms, mean "
            f"{statistics.mean(ms):.1f} ms, 90th pct {ms[int(len(ms) * 0.9)]:.1f} ms, max {ms[-1]:.1f} ms, "
            f"total {sum(ms) / 1000:.2f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", type=Path)
    parser.add_argument("--compare", type=Path)
    parser.add_argument("--against", help="a commit whose engine is timed on the same turns")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--blocks", type=int, default=4, help="interleaved blocks with --against")
    parser.add_argument("--bot", action="store_true", help="time the bot's sheet for each turn instead")
    parser.add_argument("--sample", type=int, default=0, help="time only this many turns, evenly spread")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child()
        return 0
    if args.record:
        record(args.record)
        return 0
    if args.compare:
        return compare(args.compare)
    cases = turns()
    if args.sample and args.sample < len(cases):
        cases = [cases[i * len(cases) // args.sample] for i in range(args.sample)]
    what = "bot" if args.bot else "adjudicate"
    print(f"timing: {'the bot writing the sheet' if args.bot else 'adjudication'} of each turn, CPU (process time)")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not args.against:
        print(summary("this engine", time_turns(cases, args.repeat, what)))
    else:
        older = _older_engine(args.against)
        ours: list[float] = []
        theirs: list[float] = []
        size = -(-len(cases) // args.blocks)
        for start in range(0, len(cases), size):
            block = cases[start:start + size]
            theirs += _timed_elsewhere(older, block, args.repeat, what)
            ours += _timed_elsewhere(ROOT, block, args.repeat, what)
        print(summary(f"engine of {args.against}", theirs))
        print(summary("this engine", ours))
        print(f"this engine takes {sum(ours) / sum(theirs):.0%} of the CPU time of {args.against}'s per turn")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
