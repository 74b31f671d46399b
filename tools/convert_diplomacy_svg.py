"""Convert jDip's standard.svg (via the `diplomacy` 1.1.2 package) into the renderer's data file.

    python tools/convert_diplomacy_svg.py ../shared/reference/diplomacy/svg/standard.svg \
        render/data/diplomacy_standard.json

Province outlines (MapLayer, shifted by its translate(-195 -170), Béziers flattened into 8
straight steps), unit and dislodged-unit centres (PROVINCE_DATA, top-left + 20), supply-centre
marker centres and label positions. jDip codes gol/mid/nat/nrg/tyn become lyo/mao/nao/nwg/tys.
Licence of the outlines: GPL-2.0-or-later (jDip), see NOTICE.
"""
from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

JDIP = {"gol": "lyo", "mid": "mao", "nat": "nao", "nrg": "nwg", "tyn": "tys"}
SHIFT = (-195.0, -170.0)


def code(name: str) -> str:
    name = name.lstrip("_").lower().replace("-", "/")
    return JDIP.get(name, name)


def flatten(d: str) -> list[list[tuple[float, float]]]:
    tokens = re.findall(r"[MLCZmlcz]|-?\d+(?:\.\d+)?", d)
    rings, ring, i, cmd, pos = [], [], 0, None, (0.0, 0.0)
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            cmd = t
            i += 1
            if cmd in "zZ":
                if ring:
                    rings.append(ring)
                ring = []
            continue
        if cmd in ("M", "L"):
            pos = (float(tokens[i]), float(tokens[i + 1]))
            if cmd == "M" and ring:
                rings.append(ring)
                ring = []
            ring.append(pos)
            i += 2
            if cmd == "M":
                cmd = "L"
        elif cmd == "C":
            x1, y1, x2, y2, x, y = (float(v) for v in tokens[i:i + 6])
            x0, y0 = pos
            for step in range(1, 9):
                s = step / 8
                a, b, c_, e = (1 - s) ** 3, 3 * (1 - s) ** 2 * s, 3 * (1 - s) * s * s, s ** 3
                ring.append((a * x0 + b * x1 + c_ * x2 + e * x, a * y0 + b * y1 + c_ * y2 + e * y))
            pos = (x, y)
            i += 6
        else:
            raise ValueError(f"unsupported path command {cmd}")
    if ring:
        rings.append(ring)
    return [[(round(x + SHIFT[0], 1), round(y + SHIFT[1], 1)) for x, y in r] for r in rings if len(r) > 2]


def convert(svg: Path) -> dict:
    root = ET.parse(svg).getroot()
    tag = lambda e: e.tag.split("}")[-1]  # noqa: E731
    shapes = []
    for group in root:
        if group.attrib.get("id") != "MapLayer":
            continue
        for path in group:
            if tag(path) != "path":
                continue
            ident, cls = path.attrib.get("id", ""), path.attrib.get("class", "")
            kind = {"water": "water", "nopower": "land", "impassable": "impassable", "neutral": "unplayable"}[cls]
            province = code(ident) if ident.startswith("_") else None
            if ident.startswith("unplayable"):
                kind = "unplayable" if cls != "water" else "water"
            shapes.append({"province": province, "kind": kind, "rings": flatten(path.attrib["d"])})
    units, dislodged = {}, {}
    for element in root.iter():
        if tag(element) == "PROVINCE":
            raw = element.attrib["name"].lower()
            if raw in JDIP:   # jDip's duplicates of lyo, mao, nao, nwg, tys: use the standard entries
                continue
            name = code(raw)
            for child in element:
                x, y = float(child.attrib["x"]) + 20, float(child.attrib["y"]) + 20
                (units if tag(child) == "UNIT" else dislodged)[name] = [round(x, 1), round(y, 1)]
    centres, labels = {}, {}
    for group in root:
        if group.attrib.get("id") == "SupplyCenterLayer":
            for use in group:
                centres[use.attrib["id"][3:].lower()] = [float(use.attrib["x"]) + 10, float(use.attrib["y"]) + 10]
        if group.attrib.get("id") == "BriefLabelLayer":
            for text in group:
                labels[code(text.text or "")] = [float(text.attrib["x"]), float(text.attrib["y"])]
    return {"source": "jDip standard.svg from the PyPI package diplomacy 1.1.2 (GPL-2.0-or-later outlines by "
                      "Zach DelProposto); converted by tools/convert_diplomacy_svg.py",
            "size": [1835, 1360], "shapes": shapes, "units": units, "dislodged": dislodged,
            "supply_centres": centres, "labels": labels}


if __name__ == "__main__":
    data = convert(Path(sys.argv[1]))
    print(f"{len(data['shapes'])} shapes, {len(data['units'])} unit places, {len(data['supply_centres'])} centres, "
          f"{len(data['labels'])} labels")
    Path(sys.argv[2]).write_text(json.dumps(data, separators=(",", ":")))
