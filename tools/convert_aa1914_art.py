"""Convert the TripleA map's drawing data into the A&A renderer's data file.

    python tools/convert_aa1914_art.py ../shared/reference/aa1914/tripleamap render/data/aa1914.json

polygons.txt (territory outlines, 3200×3200 pixels; points closer than 4 px to the last kept
point are dropped), centers.txt (label points), place.txt (first unit placement point). The
TripleA map is community content distributed with the GPL TripleA engine (see NOTICE).
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

MIN_STEP = 4.0


def points(text: str) -> list[tuple[int, int]]:
    return [(int(x), int(y)) for x, y in re.findall(r"\((\d+),(\d+)\)", text)]


def decimate(ring: list[tuple[int, int]]) -> list[tuple[int, int]]:
    kept = [ring[0]]
    for p in ring[1:]:
        if abs(p[0] - kept[-1][0]) + abs(p[1] - kept[-1][1]) >= MIN_STEP:
            kept.append(p)
    return kept if len(kept) >= 3 else ring


def read_points(path: Path) -> dict[str, list[tuple[int, int]]]:
    out = {}
    for line in path.read_text().splitlines():
        match = re.match(r"(.+?)\s+(\(.*)$", line.strip())
        if match:
            out[match.group(1).strip()] = points(match.group(2))
    return out


def convert(folder: Path) -> dict:
    shapes: dict[str, list] = {}
    for line in (folder / "polygons.txt").read_text().splitlines():
        name, _, rest = line.partition("<")
        name = name.strip()
        if not name or name.startswith("Coastal Barrage"):
            continue
        rings = [decimate(points(chunk)) for chunk in rest.split(">") if points(chunk)]
        shapes.setdefault(name, []).extend(rings)
    centres = {n: p[0] for n, p in read_points(folder / "centers.txt").items() if p}
    places = {n: p[:6] for n, p in read_points(folder / "place.txt").items() if p}
    return {"source": "TripleA map world_war_i_1914 (commit 712cdfbe), converted by tools/convert_aa1914_art.py",
            "size": [3200, 3200], "shapes": shapes, "centres": centres, "places": places}


if __name__ == "__main__":
    data = convert(Path(sys.argv[1]))
    total = sum(len(r) for rings in data["shapes"].values() for r in rings)
    print(f"{len(data['shapes'])} territories, {total} points kept")
    Path(sys.argv[2]).write_text(json.dumps(data, separators=(",", ":")))
