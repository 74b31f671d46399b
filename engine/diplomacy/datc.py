"""Run the Diplomacy Adjudicator Test Cases against this engine.

    python -m engine.diplomacy.datc FILE [--edition 2000|2023] [-v]

FILE is godip's jDip-format `datc_v2.4_06.txt` (full positions before and after; judged
under the 1982/2000 rules it was written for) or the DATC v3.0 JSON (per-order verdicts;
judged under the 2023 rules, taking each case's "2023" entry where a case has several).
Prints one line per failing case, then `N passed, M failed`.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import OrderError

from .map import DiplomacyMap, province_of
from .movement import Dislodged, resolve_movement
from .orders import Move, Order, Unit
from .parser import parse_order
from .position import unit_to_json
from .report import read_report
from .retreats import resolve_adjustments, resolve_retreats, retreat_options

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
_POWER_CODES = {"AUS": "Austria", "ENG": "England", "FRA": "France", "GER": "Germany", "ITA": "Italy",
                "RUS": "Russia", "TUR": "Turkey"}
# v2.4 cases whose expectation DATC v3.0 changed: judged by the v3.0 file instead (docs/rulings.md)
# v3.0 JSON verdicts the DATC itself overrides (datc SOURCE notes: "errata" entries and coast
# handling the JSON's library leaves to its caller; the DATC prefers to correct the order).
V30_DATC_PREFERENCE = {
    "6.B.2": ("FRA: F gas -> spa", "Succeeds", "DATC 6.B.2/4.B.2: the only reachable coast is taken"),
    "6.B.10": ("FRA: F spa(nc) -> lyo", "Succeeds", "DATC 6.B.10: a wrong coast for the ordered unit is ignored"),
    "6.B.12": ("FRA: A gas -> spa(nc)", "Succeeds", "DATC 6.B.12: a coast on an army's move is ignored"),
}
_EDITION_PREFERENCE = ("2023", None, "1982", "dptg", "1971")
# v3.0 JSON cases marked `ignore` in the file whose result the DATC text states: judged by
# that text. The file's verdict is replaced where the text says otherwise.
RUN_DESPITE_IGNORE = {
    "6.G.19": "DATC 6.G.19: the fleet in the Western Mediterranean is needed by no route, so its order "
              "is illegal and shows no intent: both moves fail (as the file's verdicts say)",
    "6.H.1": "DATC 6.H.1: supports are no orders in a retreat; both retreats to Albania bounce",
    "6.H.2": "DATC 6.H.2: supports are no orders in a retreat",
    "6.H.3": "DATC 6.H.3: convoys are no orders in a retreat",
}
V30_DATC_PREFERENCE["6.H.1"] = ("TUR: F gre -> alb", "Fails", "DATC 6.H.1: both fleets bounce in Albania")
RUN_DESPITE_IGNORE["6.B.15"] = ("DATC 6.B.15: \"I prefer that the support succeeds and the Italian fleet in the "
                                "Western Mediterranean bounces\": the English move has strength 2 as well and bounces")
for _case in ("6.B.7", "6.B.8"):
    RUN_DESPITE_IGNORE[_case] = f"DATC {_case} (issue 4.B.4): a support naming no coast still supports the move"
V30_DATC_PREFERENCE["6.B.15"] = ("ENG: F mao -> spa(nc)", "Fails", "DATC 6.B.15: both supported fleets bounce")


@dataclass
class Case:
    name: str
    phase: str = "movement"
    owners: dict[str, str] = field(default_factory=dict)
    pre: list[tuple[str, str]] = field(default_factory=list)
    pre_dislodged: list[tuple[str, str]] = field(default_factory=list)
    results: list[tuple[str, str]] = field(default_factory=list)
    orders: list[tuple[str, str]] = field(default_factory=list)
    post: list[tuple[str, str]] | None = None
    post_dislodged: list[tuple[str, str]] = field(default_factory=list)


def _power(word: str) -> str:
    word = word.strip().rstrip(":").capitalize()
    return "Germany" if word == "Germnay" else word


def _unit(dmap: DiplomacyMap, power: str, text: str) -> Unit:
    kind, loc = text.split()[:2]
    code = dmap.lookup(loc)
    if code is None:
        raise ValueError(f"unknown place {loc}")
    return Unit(kind.upper(), power, code)


def read_v24(path: Path) -> list[Case]:
    cases, case, section = [], None, None
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word = line.split()[0]
        if word == "CASE":
            case = Case(line.split()[1])
            section = None
        elif word == "PRESTATE_SETPHASE":
            case.phase = {"Movement": "movement", "Retreat": "retreat", "Adjustment": "adjustment"}[
                line.split(",")[-1].strip()]
        elif word in ("PRESTATE_SUPPLYCENTER_OWNERS", "PRESTATE", "PRESTATE_DISLODGED", "PRESTATE_RESULTS",
                      "ORDERS", "POSTSTATE", "POSTSTATE_DISLODGED"):
            section = word
            if word == "POSTSTATE":
                case.post = []
        elif word == "POSTSTATE_SAME":
            case.post = None
            section = None
        elif word == "END":
            cases.append(case)
        elif case is not None and section:
            if section == "PRESTATE_RESULTS":
                verdict, _, rest = line.partition(":")
                power, _, order = rest.strip().partition(" ")
                case.results.append((_power(power), f"{verdict.strip()} {order.strip()}"))
                continue
            power, _, rest = line.partition(" ")
            power, rest = _power(power), rest.strip()
            if section == "PRESTATE_SUPPLYCENTER_OWNERS":   # "owner: <A|F> <province>"
                case.owners[province_of(_unit(DiplomacyMap.standard(), power, rest).loc)] = power
                continue
            {"PRESTATE": case.pre, "PRESTATE_DISLODGED": case.pre_dislodged, "ORDERS": case.orders,
             "POSTSTATE": case.post, "POSTSTATE_DISLODGED": case.post_dislodged}[section].append((power, rest))
    return cases


def _parse_all(dmap, lines, phase) -> list[tuple[str, Order]]:
    orders = []
    for power, text in lines:
        try:
            orders.append((power, parse_order(text, dmap, phase)))
        except OrderError:
            pass   # a deliberately unreadable order is simply not given
    return orders


def _board(dmap, entries) -> dict[str, Unit]:
    units = {}
    for power, text in entries:
        unit = _unit(dmap, power, text)
        units[unit.province] = unit
    return units


def _as_set(units: dict[str, Unit]) -> set[tuple[str, str, str]]:
    return {(u.power, u.kind, u.loc) for u in units.values()}


def run_v24_case(case: Case, dmap: DiplomacyMap, edition: str = "2000") -> str | None:
    """None if the case passes, else what differed."""
    pre = _board(dmap, case.pre)
    if case.phase == "movement":
        result = resolve_movement(dmap, pre, _parse_all(dmap, case.orders, "movement"), edition)
        # the file lists only dislodged units that have somewhere to retreat ("NO RETREATS: destroyed")
        got, got_dislodged = result.units, {
            p: d.unit for p, d in result.dislodged.items()
            if retreat_options(dmap, result.units, p, d, result.contested)}
        want = pre if case.post is None else _board(dmap, case.post)
        want_dislodged = {} if case.post is None else _board(dmap, case.post_dislodged)
        if _as_set(got) != _as_set(want) or _as_set(got_dislodged) != _as_set(want_dislodged):
            return _diff(got, want, got_dislodged, want_dislodged)
        return None
    if case.phase == "retreat":
        movement, dislodged, contested = _replay(dmap, case, pre)
        outcome = resolve_retreats(dmap, pre, dislodged, contested, _parse_all(dmap, case.orders, "retreat"))
        want = _board(dmap, case.post) if case.post is not None else pre
        if _as_set(outcome.units) != _as_set(want):
            return _diff(outcome.units, want, {}, {})
        return None
    outcome = resolve_adjustments(dmap, pre, case.owners, _parse_all(dmap, case.orders, "adjustment"),
                                  POWERS, edition)
    want = _board(dmap, case.post) if case.post is not None else pre
    if _as_set(outcome.units) != _as_set(want):
        return _diff(outcome.units, want, {}, {})
    return None


def run_v24_case_in_game(case: Case, variant, edition: str = "2000") -> str | None:
    """The same case played through a game variant's own `adjudicate` (the path every game
    takes: seats' order sheets, the phase cycle, the rules edition as a game option) instead of
    the resolver directly. None if the position after it is the one the case expects."""
    dmap = variant.game_map({"options": {}})
    pre = _board(dmap, case.pre)
    state = variant.initial_state(variant.parse_options({"edition": edition}), None)
    state.update(year=1901, season="spring" if case.phase != "adjustment" else "winter", phase=case.phase,
                 units={p: unit_to_json(u) for p, u in pre.items()},
                 dislodged={}, contested=[])
    if case.phase == "adjustment":
        state["owners"] = dict(case.owners)
    if case.phase == "retreat":
        _, dislodged, contested = _replay(dmap, case, pre)
        state["dislodged"] = {p: {"unit": unit_to_json(d.unit),
                                  "attacker_from": d.attacker_from, "by_convoy": d.by_convoy}
                              for p, d in dislodged.items()}
        state["contested"] = sorted(contested)
    sheets: dict[str, list[str]] = {}
    for power, text in case.orders:
        sheets.setdefault(power, []).append(text)
    result = variant.adjudicate(state, sheets, None)
    got = _board(dmap, [(u["power"], f"{u['kind']} {u['loc']}") for u in result.state["units"].values()])
    got_dislodged = _board(dmap, [(d["unit"]["power"], f"{d['unit']['kind']} {d['unit']['loc']}")
                                  for d in result.state.get("dislodged", {}).values()])
    want = pre if case.post is None else _board(dmap, case.post)
    want_dislodged = _board(dmap, case.post_dislodged) if case.phase == "movement" and case.post is not None else {}
    if _as_set(got) != _as_set(want) or _as_set(got_dislodged) != _as_set(want_dislodged):
        return _diff(got, want, got_dislodged, want_dislodged)
    return None


def _replay(dmap, case: Case, after: dict[str, Unit]):
    """The facts a retreat needs, read from the case's PRESTATE_RESULTS: who dislodged each
    unit from where (and whether by convoy), and which provinces saw a standoff (a failed move
    into a province that is empty after the movement)."""
    stated = _board(dmap, case.pre_dislodged)
    attackers: dict[str, tuple[str, bool]] = {}
    tried: dict[str, int] = {}
    for power, text in case.results:
        verdict, _, order_text = text.partition(" ")
        try:
            order = parse_order(order_text, dmap, "movement")
        except OrderError:
            continue
        if not isinstance(order, Move):
            continue
        dest = province_of(order.dest)
        tried[dest] = tried.get(dest, 0) + 1
        if verdict == "SUCCESS":
            by_convoy = order.via_convoy or not dmap.adjacent("A", order.loc, dest) if order.unit == "A" else False
            attackers[dest] = (order.province, by_convoy)
    dislodged = {p: Dislodged(u, *attackers.get(p, ("", False))) for p, u in stated.items()}
    # as the resolver does: two or more moves into it, none succeeded, and it stayed empty
    contested = {p for p, n in tried.items() if n >= 2 and p not in after and p not in attackers}
    return None, dislodged, contested


def _diff(got, want, got_d, want_d) -> str:
    parts = []
    for label, g, w in (("units", got, want), ("dislodged", got_d, want_d)):
        extra, missing = _as_set(g) - _as_set(w), _as_set(w) - _as_set(g)
        if extra or missing:
            parts.append(f"{label}: unexpected {sorted(extra)} missing {sorted(missing)}")
    return "; ".join(parts)


# ---------------------------------------------------------------- DATC v3.0 JSON
def _json_order(dmap, text: str, phase: str) -> tuple[str, Order]:
    code, _, order = text.partition(":")
    order = re.sub(r"\((nc|sc|ec)\)", r"/\1", order)
    return _POWER_CODES[code.strip()], parse_order(order, dmap, phase)


def _json_units(dmap, orders: dict, starting: list[str]) -> dict[str, Unit]:
    units = {}
    for text in list(starting) + list(orders):
        code, _, rest = text.partition(":")
        words = rest.split()
        if len(words) >= 2 and words[0] in ("A", "F"):
            loc = dmap.lookup(re.sub(r"\((nc|sc|ec)\)", r"/\1", words[1]))
            if loc and province_of(loc) not in units:
                units[province_of(loc)] = Unit(words[0], _POWER_CODES[code.strip()], loc)
    return units


def _json_orders(dmap, texts, phase: str) -> list[tuple[str, tuple[str, Order] | None]]:
    """Each order text with its parsed order, or None where the order is illegal in the phase
    (DATC 6.H.1–3: a support or convoy in a retreat phase is no order at all)."""
    parsed = []
    for text in texts:
        try:
            parsed.append((text, _json_order(dmap, text, phase)))
        except OrderError:
            parsed.append((text, None))
    return parsed


def _v30_verdicts(case: dict, parsed: list, problems: list[str]):
    """Each order of a v3.0 movement case that has a verdict to check, as (text, verdict, order):
    the file's verdict, or ours where V30_DATC_PREFERENCE prefers another reading. An order with a
    verdict that cannot be read is a problem appended to `problems` in the file's order."""
    override = V30_DATC_PREFERENCE.get(case["url"].split("#")[1])
    for (text, verdict), (_, order) in zip(case["orders"].items(), parsed):
        if override and text == override[0]:
            verdict = override[1]
        if verdict is None:
            continue
        if order is None:
            problems.append(f"{text}: cannot be read")
            continue
        yield text, verdict, order


def run_v30_case(case: dict, dmap: DiplomacyMap) -> str | None:
    """Every verdict the file gives is checked: moves, holds, supports and convoys (a unit's
    order succeeds as the report marks it ✓), retreats, builds, disbands and civil disorder."""
    phase = case["phase"]
    if phase == "Main":
        units = _json_units(dmap, case["orders"], case.get("starting_state", []))
        parsed = _json_orders(dmap, case["orders"], "movement")
        result = resolve_movement(dmap, units, [p for _, p in parsed if p], "2023")
        # The file's verdict on a support is whether it was given (not cut, not dislodged), as
        # in DATC 6.A.5 where a support of an illegal move "Succeeds" though it helps nothing.
        succeeded = {unit.province: ("cut" not in why and "dislodged" not in why)
                     if " S " in text else ok for unit, text, ok, why in result.outcomes}
        problems: list[str] = []
        for text, verdict, (_, order) in _v30_verdicts(case, parsed, problems):
            ok = order.province in result.moved if isinstance(order, Move) else succeeded.get(order.province)
            if ok != (verdict == "Succeeds"):
                problems.append(f"{text}: expected {verdict}")
        return "; ".join(problems) or None
    if phase == "Retreat":
        main = case["preceding_main_phase"]
        units = _json_units(dmap, main["orders"], main.get("starting_state", []))
        movement = resolve_movement(dmap, units, [p for _, p in _json_orders(dmap, main["orders"], "movement") if p],
                                    "2023")
        parsed = _json_orders(dmap, case["orders"], "retreat")
        outcome = resolve_retreats(dmap, movement.units, movement.dislodged, movement.contested,
                                   [p for _, p in parsed if p])
        override = V30_DATC_PREFERENCE.get(case["url"].split("#")[1])
        problems = []
        for (text, verdict), (_, order) in zip(case["orders"].items(), parsed):
            if override and text == override[0]:
                verdict = override[1]
            if verdict is not None and (order is not None and order[1].province in outcome.succeeded) \
                    != (verdict == "Succeeds"):
                problems.append(f"{text}: expected {verdict}")
        return "; ".join(problems) or None
    units = _json_units(dmap, {}, case.get("starting_state", []))
    # centres keep their 1901 owner unless occupied now (the fall's captures) or listed
    owners = {sc: p for p, scs in dmap.home_centers.items() for sc in scs}
    owners.update({p: u.power for p, u in units.items() if dmap.provinces[p].supply_center})
    owners.update({prov: _POWER_CODES[code] for prov, code in case.get("occupiers", {}).items()})
    orders = [_json_order(dmap, t, "adjustment") for t in case["orders"]]
    outcome = resolve_adjustments(dmap, units, owners, orders, POWERS, "2023")
    problems = [f"{text}: expected {verdict}" for (text, verdict), (_, order) in zip(case["orders"].items(), orders)
                if verdict is not None and (order.province in outcome.succeeded) != (verdict == "Succeeds")]
    want_disorder = {_json_units(dmap, {}, [u]).popitem()[0] for u in case.get("civil_disorder", [])}
    if "civil_disorder" in case and want_disorder != set(outcome.civil_disorder):
        problems.append(f"civil disorder removed {sorted(outcome.civil_disorder)}, expected {sorted(want_disorder)}")
    return "; ".join(problems) or None


def run_v30_main_in_game(case: dict, variant) -> str | None:
    """A v3.0 movement case played through a game variant's `adjudicate` (each power's order
    sheet, the 2023 edition as the game's option): every verdict is read from what the game
    reports (✓/✗ and the reason), as a player reads it. None if all agree."""
    dmap = variant.game_map({"options": {}})
    units = _json_units(dmap, case["orders"], case.get("starting_state", []))
    state = variant.initial_state(variant.parse_options({"edition": "2023"}), None)
    state.update(year=1901, season="spring", phase="movement", dislodged={}, contested=[],
                 units={p: unit_to_json(u) for p, u in units.items()})
    sheets: dict[str, list[str]] = {}
    for text in case["orders"]:
        code, _, order = text.partition(":")
        sheets.setdefault(_POWER_CODES[code.strip()], []).append(re.sub(r"\((nc|sc|ec)\)", r"/\1", order).strip())
    result = variant.adjudicate(state, sheets, None)
    reported: dict[str, tuple[bool, str, str, str]] = {}
    for power, ok, text, why in read_report(result.report):
        where = dmap.lookup(text.split()[1]) if len(text.split()) > 1 else None
        if where:
            reported[province_of(where)] = (ok, why, text, power)
    problems: list[str] = []
    for text, verdict, order in _v30_verdicts(case, _json_orders(dmap, case["orders"], "movement"), problems):
        ok, why, shown, power = reported.get(order[1].province, (False, "not reported", "", ""))
        if power != order[0]:
            # another power's unit (DATC 6.A.6): the game never takes the order, so it fails
            ok, why = False, f"the unit belongs to {power or 'nobody'}"
        elif " S " in shown:
            ok = "cut" not in why and "dislodged" not in why
        if ok != (verdict == "Succeeds"):
            problems.append(f"{text}: expected {verdict}, the game reported {shown or 'nothing'} ({why})")
    return "; ".join(problems) or None


def v30_cases(path: Path) -> list[tuple[str, dict]]:
    """The cases that apply to a game on the 2023 rules (DATC v3.0 SOURCE notes)."""
    cases = json.loads(path.read_text())["cases"]
    by_number: dict[str, list[dict]] = {}
    for case in cases:
        by_number.setdefault(case["url"].split("#")[1], []).append(case)
    chosen = []
    for number, entries in by_number.items():
        editions = next(chosen_entries for edition in _EDITION_PREFERENCE
                        if (chosen_entries := [c for c in entries if c.get("edition") == edition]))
        for index, case in enumerate(editions):
            chosen.append((number if len(editions) == 1 else f"{number}#{index + 1}", case))
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true", help="print passing cases too")
    args = parser.parse_args(argv)
    dmap = DiplomacyMap.standard()
    passed = failed = skipped = 0
    if args.file.suffix == ".json":
        runs = []
        for name, case in v30_cases(args.file):
            if case.get("ignore") and name not in RUN_DESPITE_IGNORE:
                print(f"{name} SKIPPED: the file marks it `ignore`: {case['ignore']}")
                skipped += 1
                continue
            runs.append((name, lambda c=case: run_v30_case(c, dmap)))
    else:
        runs = []
        for case in read_v24(args.file):
            runs.append((case.name, lambda c=case: run_v24_case(c, dmap)))
    for name, run in runs:
        try:
            problem = run()
        except Exception as exc:  # a crash is a failure of that case, not of the run
            problem = f"crashed: {type(exc).__name__}: {exc}"
        if problem:
            failed += 1
            print(f"{name} FAILED: {problem}")
        else:
            passed += 1
            if args.verbose:
                print(f"{name} ok")
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
