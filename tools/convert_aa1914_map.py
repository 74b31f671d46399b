"""Convert the TripleA map "world_war_i_1914" into Dispatch's A&A 1914 map data file.

    python tools/convert_aa1914_map.py ../shared/reference/aa1914/tripleamap engine/aa1914/data/map.json

Takes territories, sea zones, IPC values, original owners, capitals, connections, the Suez
canal, naval bases (TripleA `port` units), minefields (`mines`), starting units and IPCs. What
the XML does not say is added here as rulings (docs/rulings.md, "A&A 1914 map"): which
territories are colonies rather than homeland, the minor powers' alignments and colonies,
and which sea zones a naval base serves. TripleA's "Coastal Barrage" helper territories and its
neutral stand-in units are dropped. Run once; the output is committed.
"""
from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

POWERS = {"AustroHungarians": "Austria-Hungary", "Russians": "Russia", "Germans": "Germany",
          "French": "France", "British": "British Empire", "Ottomans": "Ottoman Empire",
          "Italians": "Italy", "Americans": "United States"}
TURN_ORDER = ["Austria-Hungary", "Russia", "Germany", "France", "British Empire", "Ottoman Empire",
              "Italy", "United States"]
SIDES = {"Central Powers": ["Austria-Hungary", "Germany", "Ottoman Empire"],
         "Allies": ["Russia", "France", "British Empire", "Italy", "United States"]}
# Tournament Rules: "homeland territories include its capital, as well as any regional territories
# that it may have. They do not, however, include colonies." Colonies: the overseas holdings.
COLONIES = {
    "Germany": ["German East Africa", "Kamerun", "South West Africa", "Togoland"],
    "France": ["Algeria", "French Equatorial Africa", "French West Africa", "Madagascar", "Morocco", "Tunisia"],
    "British Empire": ["Anglo Egyptian Sudan", "British East Africa", "Canada", "Egypt", "Gold Coast", "India",
                       "Nigeria", "Rhodesia", "Union of South Africa"],
    "Italy": ["Libya", "Somaliland"],
}
# Minor powers (RULES.md 4.3): capital territory -> aligned major (None: true neutral); colonies.
MINORS = {
    "Belgium": ("France", ["Belgian Congo"]), "Portugal": ("France", ["Angola", "Portuguese East Africa"]),
    "Albania": ("Italy", []), "Serbia": ("Russia", []), "Romania": ("Russia", []),
    "Bulgaria": ("Ottoman Empire", []), "Arabia": ("British Empire", []),
    "Spain": (None, ["Spanish Morocco", "Balearic Islands"]), "Norway": (None, []), "Sweden": (None, []),
    "Denmark": (None, []), "Holland": (None, []), "Switzerland": (None, []), "Greece": (None, []),
    "Persia": (None, []), "Afghanistan": (None, []), "Empire of Ethiopia": (None, []),
}
DROP_UNITS = {"factory", "port", "mines", "coastal_artillery"}


def convert(folder: Path) -> dict:
    root = ET.parse(folder / "games" / "world_war_i_1914.xml").getroot()
    names = [t.get("name") for t in root.iter("territory") if not t.get("name").startswith("Coastal Barrage")]
    owners = {t.get("territory"): t.get("owner") for t in root.iter("territoryOwner")}
    info: dict[str, dict] = {n: {"ipc": 0, "sea": False, "capital": False, "impassable": False} for n in names}
    for a in root.iter("attachment"):
        target = a.get("attachTo")
        if a.get("name") != "territoryAttachment" or target not in info:
            continue
        for o in a.iter("option"):
            key, value = o.get("name"), o.get("value")
            if key == "production":
                info[target]["ipc"] = int(value)
            elif key == "isSea":
                info[target]["sea"] = value == "true"
            elif key == "capital":
                info[target]["capital"] = True
            elif key == "isImpassable":
                info[target]["impassable"] = value == "true"
    for n in names:
        if n.startswith("SZ "):
            info[n]["sea"] = True
    connections = sorted({tuple(sorted((c.get("t1"), c.get("t2")))) for c in root.iter("connection")
                          if c.get("t1") in info and c.get("t2") in info})
    adjacent: dict[str, set[str]] = {n: set() for n in names}
    for a, b in connections:
        adjacent[a].add(b)
        adjacent[b].add(a)
    mines = {u.get("territory"): POWERS[u.get("owner")] for u in root.iter("unitPlacement")
             if u.get("unitType") == "mines"}
    bases = {}
    for u in root.iter("unitPlacement"):
        if u.get("unitType") == "port":
            land, owner = u.get("territory"), POWERS[u.get("owner")]
            seas = sorted(s for s in adjacent[land] if info[s]["sea"])
            mined = [s for s in seas if mines.get(s) == owner]
            bases[land] = mined or seas   # the zone(s) the base is drawn in: its owner's minefield
    colony_of = {c: p for p, cs in COLONIES.items() for c in cs}
    minor_of = {}
    for capital, (aligned, colonies) in MINORS.items():
        minor_of[capital] = {"minor": capital, "aligned": aligned, "minor_capital": True}
        for c in colonies:
            minor_of[c] = {"minor": capital, "aligned": aligned, "minor_capital": False}
    territories = {}
    for n in names:
        t = info[n]
        owner = POWERS.get(owners.get(n))
        entry = {"sea": t["sea"], "ipc": t["ipc"], "owner": owner, "adjacent": sorted(adjacent[n])}
        if t["impassable"]:
            entry["impassable"] = True
        if t["capital"]:
            entry["capital"] = True
        if owner and not t["sea"]:
            entry["homeland"] = n not in colony_of
        if n in bases:
            entry["naval_base"] = bases[n]
        if n in mines:
            entry["minefield"] = mines[n]
        if n in minor_of:
            entry.update(minor_of[n])
        territories[n] = entry
    units = []
    for u in root.iter("unitPlacement"):
        kind, where, owner = u.get("unitType"), u.get("territory"), u.get("owner")
        if kind in DROP_UNITS or owner not in POWERS or where not in info:
            continue
        units.append({"type": kind, "owner": POWERS[owner], "where": where, "count": int(u.get("quantity", "1"))})
    treasury = {POWERS[r.get("player")]: int(r.get("quantity")) for r in root.iter("resourceGiven")}
    return {
        "source": "TripleA map world_war_i_1914 (triplea-maps, commit 712cdfbe) converted by "
                  "tools/convert_aa1914_map.py; homeland/colony, minors and base zones are Dispatch rulings",
        "turn_order": TURN_ORDER, "sides": SIDES, "territories": territories,
        "canals": {"Suez Canal": {"zones": ["SZ 19", "SZ 28"], "land": ["Egypt"]}},
        "starting_units": units, "starting_ipcs": treasury,
    }


if __name__ == "__main__":
    data = convert(Path(sys.argv[1]))
    t = data["territories"]
    print(f"{sum(not v['sea'] for v in t.values())} land, {sum(v['sea'] for v in t.values())} sea, "
          f"{len(data['starting_units'])} unit stacks")
    for power in data["turn_order"]:
        home = sum(v["ipc"] for v in t.values() if v.get("owner") == power and v.get("homeland"))
        total = sum(v["ipc"] for v in t.values() if v.get("owner") == power)
        print(f"  {power}: homeland {home} IPC, all {total} IPC, start {data['starting_ipcs'][power]}")
    Path(sys.argv[2]).write_text(json.dumps(data, indent=1) + "\n")
