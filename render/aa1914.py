"""The Axis & Allies 1914 map drawn with Pillow from the TripleA outlines: territories in their
controller's colour, contested ones hatched red, unit counts per power, an IPC track and the
round/power label. Everything comes from the state; nothing here decides a rule."""
from __future__ import annotations

import io
import json
from functools import lru_cache
from pathlib import Path
from typing import Mapping, NamedTuple, Sequence

from PIL import Image, ImageChops, ImageDraw

from engine.aa1914.model import GameState, Unit

from .aa1914_orders import draw_battles, draw_moves
from .fonts import font
from .palettes import colours_in, ink_for
from .patterns import diagonal_hatch
from .registry import register_renderer
from .unit_icons import draw_icon, icon_image

DATA = Path(__file__).parent / "data" / "aa1914.json"
SCALE = 0.4
PANEL = 150
SEA = (168, 200, 224)
NEUTRAL = (214, 203, 178)
IMPASSABLE = (200, 196, 198)
OUTLINE = (60, 60, 60)
# Map colours of the TripleA map (map.properties), readable on a light board.
POWER_COLOURS = {
    "Austria-Hungary": (0, 102, 0), "Russia": (102, 0, 0), "Germany": (97, 94, 97), "France": (17, 58, 119),
    "British Empire": (182, 178, 50), "Ottoman Empire": (0, 102, 102), "Italy": (178, 71, 1),
    "United States": (51, 51, 0), "Spain": (196, 120, 20), "Neutral": (120, 110, 95),
}


def power_colours(palette: str = "standard") -> dict[str, tuple[int, int, int]]:
    return colours_in(palette, POWER_COLOURS)


ABBREVIATIONS = {"infantry": "I", "artillery": "A", "tank": "T", "fighter": "F", "battleship": "B",
                 "damaged_battleship": "Bd",
                 "cruiser": "C", "submarine": "S", "transport": "Tr",
                 # house units (seed 002, section 2): each its own label, none shared with the above
                 "truck": "Tk", "artillery_truck": "AT", "armored_car": "AC", "destroyer": "D",
                 "coastal_artillery": "CB", "armored_train": "Trn", "freighter": "Fr", "merchant_raider": "R"}


@lru_cache(maxsize=1)
def art() -> dict:
    return json.loads(DATA.read_text())


def _tint(colour, amount=0.55):
    return tuple(int(c + (255 - c) * amount) for c in colour)


def _scaled(ring) -> list[tuple[float, float]]:
    return [(x * SCALE, y * SCALE) for x, y in ring]


@lru_cache(maxsize=1)
def _static() -> Image.Image:
    """What never changes: the sea, every shape's outline and the sea-zone names. One decoded
    image for all games; each map copies it and paints only what the position decides."""
    data = art()
    width, height = (int(v * SCALE) for v in data["size"])
    image = Image.new("RGB", (width, height + PANEL), SEA)
    draw = ImageDraw.Draw(image)
    for name, rings in data["shapes"].items():
        for ring in rings:
            draw.polygon(_scaled(ring), fill=SEA if name.startswith("SZ") else NEUTRAL, outline=OUTLINE)
    return image


@lru_cache(maxsize=1)
def _name_masks() -> tuple[Image.Image, Image.Image]:
    """Territory names (with IPC values) and sea-zone numbers as two masks, drawn once: each map
    stamps them over the owners' colours in two pastes instead of re-typesetting 135 labels."""
    data = art()
    size = _static().size
    land, sea = Image.new("L", size, 0), Image.new("L", size, 0)
    land_pen, sea_pen = ImageDraw.Draw(land), ImageDraw.Draw(sea)
    label = font(11)
    for name in name_boxes():
        x, y = data["centres"][name]
        if name.startswith("SZ"):
            sea_pen.text((x * SCALE, y * SCALE), _name_text(name), fill=255, font=label, anchor="mm")
        else:
            land_pen.multiline_text((x * SCALE, y * SCALE), _name_text(name), fill=255, font=label,
                                    anchor="mm", align="center", spacing=1)
    return land, sea


def _draw_names(image: Image.Image) -> None:
    """Territory names with their IPC values, and sea-zone numbers, over the owners' colours."""
    land, sea = _name_masks()
    image.paste((35, 30, 25), mask=land)
    image.paste((40, 70, 110), mask=sea)


def _name_text(name: str) -> str:
    """A territory's name (long ones on two lines) and its IPC value, as on the printed board;
    ⚓ marks a naval base, ✹ a sea zone with a minefield."""
    from engine.aa1914.board import standard_board
    t = standard_board().territories.get(name)
    if name.startswith("SZ"):
        return f"{name} ✹" if t is not None and t.minefield else name
    words = name.split()
    if len(name) > 12 and len(words) > 1:
        half = (len(words) + 1) // 2
        name = " ".join(words[:half]) + "\n" + " ".join(words[half:])
    if t is not None and t.naval_base:
        name += " ⚓"
    return f"{name}\n{t.ipc}" if t is not None and t.ipc else name


@lru_cache(maxsize=1)
def name_boxes() -> dict[str, tuple[float, float, float, float]]:
    """Where each territory's name and sea zone's number is printed: unit stacks keep clear of these."""
    data = art()
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    label = font(11)
    boxes = {}
    for name, (x, y) in data["centres"].items():
        if name not in data["shapes"]:
            continue
        text = _name_text(name)
        boxes[name] = probe.multiline_textbbox((x * SCALE, y * SCALE), text, font=label, anchor="mm",
                                               align="center", spacing=1)
    return boxes


def _base(fills: dict, contested: frozenset) -> Image.Image:
    """The board of one position without units: land coloured by owner, contested hatched."""
    data = art()
    image = _static().copy()
    draw = ImageDraw.Draw(image)
    mask = Image.new("L", image.size, 0) if contested else None
    mask_pen = ImageDraw.Draw(mask) if mask is not None else None
    for name, rings in data["shapes"].items():
        fill = fills.get(name, SEA)
        if fill in (SEA, NEUTRAL) and name not in contested:
            continue
        for ring in rings:
            points = _scaled(ring)
            draw.polygon(points, fill=fill, outline=OUTLINE)
            if mask_pen is not None and name in contested:
                mask_pen.polygon(points, fill=255)
    if contested:
        image.paste((200, 0, 0), mask=ImageChops.multiply(mask, diagonal_hatch(image.size, 8)))
    return image


def territory_fills(board, state: dict, contested: frozenset,
                    colours: dict = POWER_COLOURS) -> dict[str, tuple[int, int, int]]:
    from engine.aa1914.state import aligned
    fills = {}
    for name, t in board.territories.items():
        if t.sea:
            fills[name] = SEA
        elif t.impassable:
            fills[name] = IMPASSABLE
        elif name in contested:
            fills[name] = (235, 215, 215)
        else:
            owner = state["control"].get(name)
            if owner in colours:
                fills[name] = _tint(colours[owner])
            elif aligned(state, t) in colours and t.minor not in state.get("mobilized_minors", []):
                fills[name] = _tint(colours[aligned(state, t)], 0.8)   # an unmobilized aligned minor
            else:
                fills[name] = NEUTRAL
    return fills


def render_aa1914(state: dict, last_orders: Mapping[str, Sequence[str]] | None, label: str,
                  summary: str = "", palette: str = "standard") -> bytes:
    from engine.aa1914.board import board_for
    from engine.aa1914.state import contested_territories, incomes
    from engine.aa1914.tournament import KEY_CAPITAL, THRESHOLDS, homeland_lost, victory_points

    board = board_for(state.get("options", {}), state.get("italy", {}).get("status"))
    contested = frozenset(contested_territories(board, state))
    income_of = incomes(board, state)
    colours = power_colours(palette)
    image = _base(territory_fills(board, state, contested, colours), contested)
    _draw_names(image)
    draw = ImageDraw.Draw(image)
    _draw_units(image, draw, state, colours)
    if last_orders:
        draw_moves(draw, board, last_orders, colours, state.get("failed_orders", ()), place_point)
    draw_battles(draw, state, place_point)
    width = image.size[0]
    top = image.size[1] - PANEL
    draw.rectangle([0, top, width, image.size[1]], fill=(248, 245, 236))
    draw.text((12, top + 10), label, fill=(20, 20, 20), font=font(22))
    x, y = 12, top + 44
    for power in board.turn_order:
        collapsed = state["collapsed"].get(power)
        text = f"{power}: {state['treasury'].get(power, 0)} (+{income_of.get(power, 0)})"
        if collapsed:
            text += f" {collapsed} collapse"
        elif power in THRESHOLDS:
            # homeland IPCs lost against the economic / political collapse thresholds
            economic, political = THRESHOLDS[power]
            text += f" · lost {homeland_lost(board, state, power)}/{economic}/{political}"
        draw.rectangle([x, y + 2, x + 12, y + 14], fill=colours.get(power, (150, 150, 150)))
        draw.text((x + 18, y), text, fill=(20, 20, 20), font=font(14))
        x += 320
        if x > width - 300:
            x, y = 12, y + 24
    points = "   ".join(f"{side} {victory_points(board, state, side)} VP" for side in KEY_CAPITAL)
    legend_top = _draw_legend(draw, state, image.size[1] - 20, width)
    draw.text((12, legend_top - 20), points, fill=(20, 20, 20), font=font(14))
    draw.text((330, legend_top - 18), PANEL_KEY, fill=(80, 70, 60), font=font(12))
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()


def unit_kinds(state: dict) -> list[str]:
    """The unit types on this board (a damaged battleship its own kind), in legend order."""
    present = {drawn_kind(u) for u in GameState.from_json(state).units}
    return [kind for kind in ABBREVIATIONS if kind in present]


def drawn_kind(unit: Unit) -> str:
    """The icon a unit is drawn with: a damaged battleship has its own."""
    return "damaged_battleship" if unit.type == "battleship" and unit.damaged else unit.type


MARKS = "⚓ naval base · ✹ minefield · red hatching: contested"


def legend_text(state: dict) -> str:
    """The legend in words: each unit type on the board with its letter code (the badge's alt
    text), then the map's marks."""
    words = [f"{ABBREVIATIONS[kind]} {kind.replace('_', ' ')}" for kind in unit_kinds(state)]
    return ", ".join(words) + " · " + MARKS


def _draw_legend(draw: ImageDraw.ImageDraw, state: dict, y: float, width: int) -> float:
    """Each unit type's icon and name, on as many lines as the board's unit types need, then
    the marks; set bottom-up from y. Returns the top of the legend."""
    small = font(12)
    items = [(kind, kind.replace("_", " ")) for kind in unit_kinds(state)] + [(None, MARKS)]
    lines: list[list[tuple[str | None, str]]] = [[]]
    x = 12.0
    for kind, word in items:
        step = (ICON + 3 if kind else 0) + draw.textlength(word, font=small) + 12
        if x + step > width - 12 and lines[-1]:
            lines.append([])
            x = 12.0
        lines[-1].append((kind, word))
        x += step
    for row, line in enumerate(reversed(lines)):
        top = y - row * (ICON + 3)
        x = 12.0
        for kind, word in line:
            if kind:
                draw.rectangle([x - 1, top - 1, x + ICON + 1, top + ICON + 1], fill=(120, 110, 95))
                draw_icon(draw, kind, x, top, ICON, (255, 255, 255))
                x += ICON + 3
            draw.text((x, top + ICON / 2), word, fill=(80, 70, 60), font=small, anchor="lm")
            x += draw.textlength(word, font=small) + 12
    return y - (len(lines) - 1) * (ICON + 3)


PANEL_KEY = "power: IPCs (+income) · lost a/b/c: homeland IPCs lost / economic / political collapse at"


Box = tuple[float, float, float, float]


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Badge(NamedTuple):
    """One power's stack in one territory or sea zone: where it is drawn, its letter text (the
    same stack in words, for the legend and alt text) and its (unit type, count) parts."""
    box: Box
    text: str
    owner: str
    parts: tuple[tuple[str, int], ...]
    where: str = ""                              # the territory or sea zone it stands in
    leader: tuple[float, float] | None = None    # drawn off its own ground: a line back to it
    stacked: bool = False                        # one unit type per line, where a row has no room


ICON = 13          # icon side in pixels at map scale
PAD = 2
REACH = 90         # how far (px) a badge may wander from its territory's first unit place
# steps around a territory's first unit place, nearest first
OFFSETS = sorted(((dx, dy) for dx in range(-REACH, REACH + 1, 6) for dy in range(-REACH, REACH + 1, 4)),
                 key=lambda d: d[0] ** 2 + (1.5 * d[1]) ** 2)


def _count_text(count: int) -> str:
    # a lone icon is one unit; a number follows only stacks of two or more
    return str(count) if count > 1 else ""


def badge_width(parts: Sequence[tuple[str, int]], probe: ImageDraw.ImageDraw) -> float:
    small = font(12)
    width = PAD
    for kind, count in parts:
        width += ICON + probe.textlength(_count_text(count), font=small) + 3
    return width - 3 + PAD


def layout_badges(state: dict) -> list[Badge]:
    """Where each power's unit badge goes. A stack starts at its territory's unit places (from
    the TripleA map) and moves on to the next free spot, so no badge covers a name, a sea-zone
    number or another badge; where every spot nearby is taken it keeps to its own territory's
    ground (its outline) rather than a neighbour's."""
    data = art()
    stacks: dict[str, dict[str, dict[str, int]]] = {}
    for u in GameState.from_json(state).units:
        per_owner = stacks.setdefault(u.where, {}).setdefault(u.owner, {})
        kind = drawn_kind(u)
        per_owner[kind] = per_owner.get(kind, 0) + 1
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    names = list(name_boxes().values())
    taken: list[Box] = list(names)
    order = list(ABBREVIATIONS)
    placed = []
    height = ICON + 2 * PAD
    # small territories first: they have the least room, a large neighbour can make way
    for where in sorted(stacks, key=lambda name: (_ground(name), name)):
        spots = [(x * SCALE, y * SCALE) for x, y in (data["places"].get(where) or [])]
        if not spots and where in data["centres"]:
            cx, cy = data["centres"][where]
            spots = [(cx * SCALE, cy * SCALE)]
        if not spots:
            continue
        inside = _inside_test(where)
        for owner, counts in sorted(stacks[where].items()):
            parts = tuple(sorted(counts.items(), key=lambda kv: order.index(kv[0])))
            text = " ".join(f"{n}{ABBREVIATIONS[t]}" for t, n in parts)
            row = (badge_width(parts, probe), height)
            column = (max(badge_width(parts[i:i + 1], probe) for i in range(len(parts))),
                      len(parts) * (ICON + 1) - 1 + 2 * PAD)
            reach = (spots[0][0] - REACH - row[0], spots[0][1] - REACH - column[1],
                     spots[0][0] + REACH + row[0], spots[0][1] + REACH + column[1])
            near = [t for t in taken if _overlaps(t, reach)]

            def boxes(size):
                width, tall = size
                yield from ((x, y, x + width, y + tall) for x, y in spots)
                x0, y0 = spots[0]
                yield from ((x0 + dx, y0 + dy, x0 + dx + width, y0 + dy + tall) for dx, dy in OFFSETS)

            def clear(box):
                left, top, right, bottom = box
                for o in near:      # _overlaps, inlined: this runs some ten thousand times a map
                    if left < o[2] and o[0] < right and top < o[3] and o[1] < bottom:
                        return False
                return True
            # on its own ground in one row; else stacked in a column there; else the nearest free
            # spot off it (with a leader line back); else below, over names but no other badge
            box = next((b for b in boxes(row) if inside(b) and clear(b)), None)
            stacked = box is None and len(parts) > 1
            if stacked:
                box = next((b for b in boxes(column) if inside(b) and clear(b)), None)
            if box is None:
                stacked = False
                box = next((b for b in boxes(row) if clear(b)), None)
            if box is None:
                box = next(boxes(row))
                while any(_overlaps(box, other) for other in taken[len(names):]):
                    box = (box[0], box[1] + height + 1, box[2], box[3] + height + 1)
            taken.append(box)
            placed.append(Badge(box, text, owner, parts, where,
                                None if inside(box) else _landfall(where, box, spots[0]), stacked))
    return placed


def _landfall(where: str, box: Box, spot: tuple[float, float]) -> tuple[float, float]:
    """Where a badge drawn off its territory points to: the first point of the territory's own
    ground on the way from the badge to its unit place, a few pixels in, so the leader is short."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    steps = 40
    for i in range(1, steps + 1):
        if on_ground(where, cx + (spot[0] - cx) * i / steps, cy + (spot[1] - cy) * i / steps):
            i = min(steps, i + 2)
            return cx + (spot[0] - cx) * i / steps, cy + (spot[1] - cy) * i / steps
    return spot


def _inside_test(where: str):
    """Whether a badge sits mostly on this territory's own ground: its centre, or three of its
    corners."""
    if not _ground(where):
        return lambda box: True
    pixels, number = _ground_pixels(), _ground_map()[1][where]
    left, top, right, bottom = _extent(where)
    width, height = _ground_map()[0].size

    def at(x, y):
        return 0 <= x < width and 0 <= y < height and pixels[int(x), int(y)] == number

    def inside(box: Box) -> bool:
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if not (left <= x <= right and top <= y <= bottom):
            return False      # three corners on the ground would put the centre inside its extent
        if at(x, y):
            return True
        return at(box[0], box[1]) + at(box[2], box[1]) + at(box[0], box[3]) + at(box[2], box[3]) >= 3
    return inside


@lru_cache(maxsize=None)
def _extent(where: str) -> Box:
    points = [point for ring in art()["shapes"].get(where, []) for point in _scaled(ring)]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


@lru_cache(maxsize=1)
def _ground_map() -> tuple[Image.Image, dict[str, int]]:
    """Every territory and sea zone painted with its own number at map scale (land over sea, as
    the map draws them), so "which ground is this pixel" is one lookup."""
    data = art()
    width, height = (int(v * SCALE) for v in data["size"])
    image = Image.new("I", (width, height), 0)
    draw = ImageDraw.Draw(image)
    numbers = {}
    names = sorted(data["shapes"], key=lambda n: (not n.startswith("SZ"), n))
    for number, name in enumerate(names, start=1):
        numbers[name] = number
        for ring in data["shapes"][name]:
            draw.polygon(_scaled(ring), fill=number)
    return image, numbers


def on_ground(where: str, x: float, y: float) -> bool:
    """Whether the map point (x, y) lies on this territory or sea zone."""
    image, numbers = _ground_map()
    if not (0 <= x < image.size[0] and 0 <= y < image.size[1]):
        return False
    return _ground_pixels()[int(x), int(y)] == numbers.get(where, -1)


@lru_cache(maxsize=1)
def _ground_pixels():
    return _ground_map()[0].load()


@lru_cache(maxsize=None)
def _ground(where: str) -> int:
    """A territory's area on the map, in pixels."""
    image, numbers = _ground_map()
    return _ground_areas().get(numbers.get(where, -1), 0)


@lru_cache(maxsize=1)
def _ground_areas() -> dict[int, int]:
    image, _ = _ground_map()
    counts: dict[int, int] = {}
    for value in image.getdata():
        counts[value] = counts.get(value, 0) + 1
    return counts


def _draw_units(image: Image.Image, draw: ImageDraw.ImageDraw, state: dict,
                colours: dict = POWER_COLOURS) -> None:
    small = font(12)
    badges = layout_badges(state)
    for badge in badges:          # leaders first, so no line crosses a badge
        if badge.leader:
            colour = colours.get(badge.owner, (90, 90, 90))
            centre = ((badge.box[0] + badge.box[2]) / 2, (badge.box[1] + badge.box[3]) / 2)
            (x, y) = badge.leader
            draw.line([centre, badge.leader], fill=(40, 40, 40), width=3)
            draw.line([centre, badge.leader], fill=colour, width=1)
            draw.ellipse([x - 3, y - 3, x + 3, y + 3], fill=colour, outline=(40, 40, 40))
    for badge in badges:
        colour = colours.get(badge.owner, (90, 90, 90))
        ink = ink_for(colour)
        draw.rectangle(badge.box, fill=colour, outline=(40, 40, 40))
        x, y = badge.box[0] + PAD, badge.box[1] + PAD
        for kind, count in badge.parts:
            tile = icon_image(kind, ICON, ink)
            image.paste(tile, (round(x), round(y)), tile)
            x += ICON
            label = _count_text(count)
            if label:
                draw.text((x, y + ICON / 2), label, fill=ink, font=small, anchor="lm")
                x += draw.textlength(label, font=small)
            x += 3
            if badge.stacked:
                x, y = badge.box[0] + PAD, y + ICON + 1


def place_point(name: str) -> tuple[float, float] | None:
    centre = art()["centres"].get(name)
    return (centre[0] * SCALE, centre[1] * SCALE) if centre else None


def board_size() -> tuple[int, int]:
    width, height = _static().size
    return width, height - PANEL


def register_aa1914_renderer() -> None:
    register_renderer("aa1914", render_aa1914)
