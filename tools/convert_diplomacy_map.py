"""Convert DPjudge's standard map files into Dispatch's own map data file.

    python tools/convert_diplomacy_map.py ../shared/reference/diplomacy/dpjudge \
        engine/diplomacy/data/standard.json

Reads standard.geography / .politics / .military with the rules in the reference FACTS.md
(case in neighbour lists carries meaning; lower-case location lines are army adjacency of
the two-coast provinces; Switzerland takes part in no adjacency). Run once; the output is
committed, so nothing reads ../shared at run time.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path


def convert(src: Path) -> dict:
    names: dict[str, str] = {}
    aliases: dict[str, str] = {}
    kinds: dict[str, str] = {}
    lines_adj: list[tuple[str, str, list[str]]] = []
    for raw in (src / "standard.geography").read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" in line:
            full, _, rest = line.partition("=")
            words = rest.split()
            code = words[0].lower()
            names[code] = " ".join(full.split())
            for alias in [full.strip().lower()] + [w.lower() for w in words[1:]]:
                aliases[alias.replace("+", " ")] = code
            continue
        parts = line.split()
        if len(parts) >= 3 and parts[2] == "ABUTS":
            kind, loc, neighbours = parts[0], parts[1], parts[3:]
            lines_adj.append((kind, loc, neighbours))
            if loc.upper() == loc or "/" in loc:
                kinds[loc.lower()] = kind
    kinds.setdefault("bul", "COAST")
    kinds.setdefault("spa", "COAST")
    kinds.setdefault("stp", "COAST")
    province = lambda loc: loc.lower().split("/")[0]  # noqa: E731
    two_coast = {"bul", "spa", "stp"}

    army, fleet = set(), set()
    for kind, loc, neighbours in lines_adj:
        if kind == "SHUT":
            continue
        here = loc.lower()
        for n in neighbours:
            there = n.lower()
            if province(there) == "swi":
                continue
            there_kind = kinds.get(there) or kinds.get(province(there))
            if loc.islower():  # army adjacency of a two-coast province
                if there_kind != "WATER":
                    army.add(tuple(sorted((province(here), province(there)))))
                continue
            land_here = kind != "WATER"
            if land_here and there_kind != "WATER" and "/" not in here:
                army.add(tuple(sorted((province(here), province(there)))))
            if n.isupper() or "/" in n:
                fleet_here = kind != "LAND" and here not in two_coast
                fleet_there = there_kind != "LAND" and there not in two_coast
                if fleet_here and fleet_there and n.upper() == n.upper() and not n.islower():
                    fleet.add(tuple(sorted((here, there))))

    homes: dict[str, list[str]] = {}
    neutral: list[str] = []
    for raw in (src / "standard.politics").read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if words[0] == "UNOWNED":
            neutral = [w.lower() for w in words[1:]]
        else:
            homes[words[0].capitalize()] = [w.lower() for w in words[2:]]
    units: dict[str, list[str]] = {}
    power = None
    for raw in (src / "standard.military").read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if re.fullmatch(r"[A-Z]+", line):
            power = line.capitalize()
            units[power] = []
        else:
            kind, loc = line.split()
            units[power].append(f"{kind} {loc.lower()}")

    supply = sorted(neutral + [c for cs in homes.values() for c in cs])
    provinces = {}
    for code, name in sorted(names.items()):
        if "/" in code:
            continue
        kind = {"WATER": "sea", "COAST": "coast", "LAND": "land", "SHUT": "impassable"}[kinds[code]]
        provinces[code] = {
            "name": name, "type": kind, "supply_center": code in supply,
            "home_of": next((p for p, cs in homes.items() if code in cs), None),
            "coasts": sorted(c for c in names if c.startswith(code + "/")),
        }
    return {
        "source": "DPjudge standard.geography/.politics/.military (MIT, Manus Hand), converted by "
                  "tools/convert_diplomacy_map.py; adjacency equals godip's classical graph.",
        "provinces": provinces,
        "coast_names": {c: n for c, n in names.items() if "/" in c},
        "army_adjacency": sorted(list(p) for p in army),
        "fleet_adjacency": sorted(list(p) for p in fleet),
        "aliases": dict(sorted(aliases.items())),
        "powers": {p: {"home_centers": homes[p], "units": units[p]} for p in homes},
        "neutral_centers": neutral,
    }


if __name__ == "__main__":
    data = convert(Path(sys.argv[1]))
    print(f"army pairs {len(data['army_adjacency'])}, fleet pairs {len(data['fleet_adjacency'])}, "
          f"provinces {len(data['provinces'])}")
    Path(sys.argv[2]).write_text(json.dumps(data, indent=1) + "\n")
