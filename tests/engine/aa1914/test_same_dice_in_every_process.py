"""The same position, orders and seed give the same dice and the same report in every process: the
rules never let the order in which Python happens to walk a set of places (which changes from one
process to the next with string hashing) decide who acts first. Two places where it once did: the
armored train that rushes to a defence when two stand equally near (2.8; the first found walking
the neighbours in alphabetical order), and the order in which coastal batteries fire on passing
ships (2.4; alphabetical order of their territories). A game is replayed, rolled back or
adjudicated in a worker process, so each process must give the same answer."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

SCENARIO = r"""
import random
from engine.aa1914.variant import AA1914Variant
V = AA1914Variant()

def unit(state, owner, kind, where):
    state["units"].append({"id": state["next_id"], "type": kind, "owner": owner, "where": where, "damaged": False})
    state["next_id"] += 1

# 2.8: Russia attacks Bohemia; Austria-Hungary's trains in Galicia and Vienna are equally near
state = V.initial_state(V.parse_options({"armored_trains": True}), random.Random(1))
state["turn"] = list(V.board_of(state).turn_order).index("Russia")
state["units"] = [u for u in state["units"] if u["where"] not in ("Bohemia", "Galicia", "Vienna")]
unit(state, "Austria-Hungary", "infantry", "Bohemia")
unit(state, "Russia", "infantry", "Bohemia")
for where in ("Vienna", "Galicia"):
    unit(state, "Austria-Hungary", "armored_train", where)
state["trains_react"] = {"Austria-Hungary": True}
print(V.adjudicate(state, {"Russia": ["attack Bohemia"]}, random.Random(5)).report)

# 2.4: German ships sail past three British batteries
state = V.initial_state(V.parse_options({"coastal_artillery": True}), random.Random(1))
state["turn"] = list(V.board_of(state).turn_order).index("Germany")
state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 9", "SZ 10")]
for where in ("London", "Yorkshire", "Scotland"):
    unit(state, "British Empire", "coastal_artillery", where)
for _ in range(3):
    unit(state, "Germany", "cruiser", "SZ 10")
print(V.adjudicate(state, {"Germany": ["move 3 cruiser SZ 10 - SZ 9"]}, random.Random(2)).report)
"""


def _report(hash_seed: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed), "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", SCENARIO], capture_output=True, text=True, env=env, cwd=ROOT,
                         check=True)
    return run.stdout


def test_the_same_seed_gives_the_same_report_whatever_the_process():
    reports = {seed: _report(seed) for seed in (0, 1, 2, 3, 4, 5)}
    first = reports[0]
    assert "armored train rushes from Galicia to defend Bohemia" in first       # Galicia before Vienna
    guns = [line for line in first.splitlines() if "coastal guns at" in line]
    assert guns and all(a <= b for a, b in zip(guns, guns[1:]))            # London, Scotland, Yorkshire
    assert all(report == first for report in reports.values())
