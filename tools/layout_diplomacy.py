"""Lay out the standard Diplomacy board so no piece sits on a name, on the points
tools/convert_diplomacy_svg.py wrote (jDip's):
    .venv/bin/python tools/convert_diplomacy_svg.py <standard.svg> render/data/diplomacy_standard.json
    .venv/bin/python tools/layout_diplomacy.py

Reads render/data/diplomacy_standard.json and writes back its `labels` (every province named,
inside its own province), `units` (each province's and coast's unit spot: inside its province,
clear of every name, supply-centre dot and other province's spot), `dislodged` (one spot per
province beside its unit spots, where a dislodged unit is drawn next to the one that took its
place) and `coast_labels` (the "nc"/"sc"/"ec" marks of the dual coasts). Points that are already
clear are kept; the rest are searched for outward from where jDip put them. Box sizes come from
render/diplomacy_layout.py, the same the renderer draws with.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import diplomacy_layout as L  # noqa: E402
from render.overlay import boxes_overlap  # noqa: E402


class Board:
    def __init__(self, data: dict):
        self.data = data
        self.raster, self.index = L.province_raster()

    def inside(self, province: str, box: L.Box) -> float:
        return L.share_inside(province, box)

    def share(self, values: set[int], box: L.Box) -> float:
        """The share of `box` painted with any of the province `values`."""
        left, top, right, bottom = (round(v) for v in box)
        counts = self.raster.crop((left, top, right, bottom)).histogram()
        return sum(counts[v] for v in values) / max(1, (right - left) * (bottom - top))


def spiral(origin: tuple[float, float], step: float, reach: float):
    """Candidate points from `origin` outward, nearest first."""
    yield origin
    radius = step
    while radius <= reach:
        count = max(8, int(2 * math.pi * radius / step))
        for k in range(count):
            angle = 2 * math.pi * k / count
            yield origin[0] + radius * math.cos(angle), origin[1] + radius * math.sin(angle)
        radius += step


def centroid(board: Board, province: str) -> tuple[float, float]:
    mask = board.raster.point(lambda v, i=board.index[province]: 255 if v == i else 0)
    left, top, right, bottom = mask.getbbox()
    return (left + right) / 2, (top + bottom) / 2


def clear(box: L.Box, obstacles: list[L.Box], margin: float = 2.0) -> bool:
    return not any(boxes_overlap(box, other, margin) for other in obstacles)


def place_labels(board: Board) -> dict[str, list[float]]:
    data = board.data
    centres = [L.centre_box(tuple(p)) for p in data["supply_centres"].values()]
    placed: dict[str, list[float]] = {}
    for province in sorted(data["labels"]):
        start = tuple(data["labels"][province])
        if start == (0, 0):
            start = centroid(board, province)
        others = centres + [L.label_box(p, tuple(pt)) for p, pt in placed.items()]
        box = L.label_box(province, start)
        best = start if board.inside(province, box) >= 0.85 and clear(box, others) else None
        for need in () if best else (0.97, 0.85, 0.6):
            for point in spiral(start, 3, 140):
                box = L.label_box(province, point)
                if board.inside(province, box) >= need and clear(box, others):
                    best = point
                    break
            if best:
                break
        if best is None:
            raise SystemExit(f"no room for the name of {province}")
        placed[province] = [round(best[0], 1), round(best[1], 1)]
    return placed


def place_units(board: Board, labels: dict) -> dict[str, list[float]]:
    data = board.data
    fixed = [L.label_box(p, tuple(pt)) for p, pt in labels.items()] + \
        [L.centre_box(tuple(p)) for p in data["supply_centres"].values()]
    placed: dict[str, list[float]] = {}

    def others(loc: str) -> list[L.Box]:
        own = loc.split("/")[0]
        return fixed + [L.unit_box(tuple(pt)) for other, pt in placed.items() if other.split("/")[0] != own]

    def fits(loc: str, point, need: float) -> bool:
        box = L.unit_box(point)
        return board.inside(loc.split("/")[0], box) >= need and clear(box, others(loc))

    todo = []
    # Switzerland is impassable on the standard board: no unit ever stands there
    data["units"] = {loc: pt for loc, pt in data["units"].items() if loc != "swi"}
    for loc in sorted(data["units"]):          # first keep every spot that is already clear
        point = tuple(data["units"][loc])
        if fits(loc, point, 0.55 if "/" in loc else 0.8):
            placed[loc] = list(point)
        else:
            todo.append(loc)
    for loc in todo:
        start = tuple(data["units"][loc])
        for need in ((0.55, 0.4, 0.25) if "/" in loc else (0.8, 0.65, 0.5)):
            best = next((p for p in spiral(start, 2.5, 120) if fits(loc, p, need)), None)
            if best:
                break
        if best is None:
            raise SystemExit(f"no room for a unit in {loc}")
        placed[loc] = [round(best[0], 1), round(best[1], 1)]
    return dict(sorted(placed.items()))


def place_dislodged(board: Board, labels: dict, units: dict) -> dict[str, list[float]]:
    """Beside the province's own unit spot, about a unit's width away, clear of everything."""
    data = board.data
    fixed = [L.label_box(p, tuple(pt)) for p, pt in labels.items()] + \
        [L.centre_box(tuple(p)) for p in data["supply_centres"].values()] + \
        [L.unit_box(tuple(pt)) for pt in units.values()]
    placed: dict[str, list[float]] = {}
    for province in sorted({loc.split("/")[0] for loc in units}):
        home = tuple(units[province])
        obstacles = fixed + [L.unit_box(tuple(pt), True) for pt in placed.values()]
        own = L.unit_box(home)
        best, best_score = None, math.inf
        for dx in range(-90, 91, 3):
            for dy in range(-70, 71, 3):
                point = home[0] + dx, home[1] + dy
                box = L.unit_box(point, True)
                if boxes_overlap(box, own, 1.0) or not clear(box, obstacles, 3.0):
                    continue
                gap = max(box[0] - own[2], own[0] - box[2], box[1] - own[3], own[1] - box[3], 0)
                # inside its own province above all, then as close to the unit that took its place
                score = gap + (1 - board.inside(province, box)) * 200
                if score < best_score:
                    best, best_score = point, score
        if best is None:
            raise SystemExit(f"no room for a dislodged unit in {province}")
        placed[province] = [round(best[0], 1), round(best[1], 1)]
    return placed


def place_coast_marks(board: Board, labels: dict, units: dict, dislodged: dict) -> dict[str, list[float]]:
    """The "nc"/"sc"/"ec" beside each dual coast's fleet spot."""
    data = board.data
    obstacles = [L.label_box(p, tuple(pt)) for p, pt in labels.items()] + \
        [L.centre_box(tuple(p)) for p in data["supply_centres"].values()] + \
        [L.unit_box(tuple(pt)) for pt in units.values()] + [L.unit_box(tuple(pt), True) for pt in dislodged.values()]
    placed: dict[str, list[float]] = {}
    land = {board.index[shape["province"]] for shape in data["shapes"]
            if shape["province"] and shape["kind"] != "water"}
    for loc in sorted(loc for loc in units if "/" in loc):
        coast = loc.split("/")[1]
        home = tuple(units[loc])
        best, best_score = None, math.inf
        for point in spiral(home, 2, 70):
            box = L.coast_box(coast, point)
            if not clear(box, obstacles, 1.0) or math.dist(point, home) < 18:
                continue
            # on the water off that coast, where a coast's name is read, and near its fleet spot
            score = math.dist(point, home) + 80 * board.share(land, box)
            if score < best_score:
                best, best_score = point, score
        if best is None:
            raise SystemExit(f"no room for the mark of {loc}")
        placed[loc] = [round(best[0], 1), round(best[1], 1)]
        obstacles.append(L.coast_box(coast, best))
    return placed


def main() -> None:
    data = json.loads(L.DATA.read_text())
    board = Board(data)
    labels = place_labels(board)
    units = place_units(board, labels)
    dislodged = place_dislodged(board, labels, units)
    coasts = place_coast_marks(board, labels, units, dislodged)
    moved = [p for p in labels if labels[p] != data["labels"][p]] + \
        [loc for loc in units if units[loc] != data["units"][loc]]
    data.update(labels=labels, units=units, dislodged=dislodged, coast_labels=coasts)
    data["layout"] = "labels, unit spots, dislodged spots and coast marks laid out by tools/layout_diplomacy.py"
    L.DATA.write_text(json.dumps(data, separators=(",", ":")))
    print(f"moved {len(moved)}: {', '.join(moved)}")


if __name__ == "__main__":
    main()
