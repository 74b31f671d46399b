"""The Axis & Allies 1914 map drawn with Pillow from the TripleA outlines: territories in their
controller's colour, contested ones hatched red, unit counts per power, an IPC track and the
round/power label. Everything comes from the state; nothing here decides a rule."""
from __future__ import annotations

import io
import json
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Sequence

from PIL import Image, ImageChops, ImageDraw

from .aa1914_orders import draw_battles, draw_moves
from .fonts import font
from .palettes import colours_in, ink_for
from .patterns import diagonal_hatch
from .registry import register_renderer

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
    _draw_units(draw, state, colours)
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
    draw.text((12, image.size[1] - 54), points, fill=(20, 20, 20), font=font(14))
    draw.text((330, image.size[1] - 52), PANEL_KEY, fill=(80, 70, 60), font=font(12))
    legend, small = legend_text(state), font(12)
    if draw.textlength(legend, font=small) > width - 24:        # many house units: two lines
        words = legend.split(", ")
        half = len(words) // 2
        legend = ", ".join(words[:half]) + ",\n" + ", ".join(words[half:])
        small = font(11)
    draw.multiline_text((12, image.size[1] - 4), legend, fill=(80, 70, 60), font=small, anchor="ld", spacing=1)
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()


def legend_text(state: dict) -> str:
    """What the badges' letters mean, for the unit types on this board; then the map's marks."""
    present = {"damaged_battleship" if u["type"] == "battleship" and u.get("damaged") else u["type"]
               for u in state["units"]}
    words = [f"{ABBREVIATIONS[kind]} {kind.replace('_', ' ')}" for kind in ABBREVIATIONS if kind in present]
    return ", ".join(words) + " · ⚓ naval base · ✹ minefield · red hatching: contested"


PANEL_KEY = "power: IPCs (+income) · lost a/b/c: homeland IPCs lost / economic / political collapse at"


Box = tuple[float, float, float, float]


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def layout_badges(state: dict) -> list[tuple[Box, str, str]]:
    """Where each power's unit badge goes: (box, text, owner). A stack starts at its territory's
    unit places (from the TripleA map) and moves on to the next free spot, so no badge covers a
    name, a sea-zone number or another badge."""
    data = art()
    stacks: dict[str, dict[str, dict[str, int]]] = {}
    for u in state["units"]:
        per_owner = stacks.setdefault(u["where"], {}).setdefault(u["owner"], {})
        kind = "damaged_battleship" if u["type"] == "battleship" and u.get("damaged") else u["type"]
        per_owner[kind] = per_owner.get(kind, 0) + 1
    small = font(12)
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    taken: list[Box] = list(name_boxes().values())
    order = list(ABBREVIATIONS)
    placed = []
    for where in sorted(stacks):
        spots = [(x * SCALE, y * SCALE) for x, y in (data["places"].get(where) or [])]
        if not spots and where in data["centres"]:
            cx, cy = data["centres"][where]
            spots = [(cx * SCALE, cy * SCALE)]
        if not spots:
            continue
        for owner, counts in sorted(stacks[where].items()):
            text = " ".join(f"{n}{ABBREVIATIONS[t]}" for t, n in
                            sorted(counts.items(), key=lambda kv: order.index(kv[0])))
            box = None
            # each unit place, then steps around the first one
            candidates = spots + [(spots[0][0] + dx, spots[0][1] + dy)
                                  for dy in (16, -16, 32, -32, 48, -48) for dx in (0, -30, 30)]
            for x, y in candidates:
                b = probe.textbbox((x, y), text, font=small)
                b = (b[0] - 2, b[1] - 1, b[2] + 2, b[3] + 1)
                if not any(_overlaps(b, other) for other in taken):
                    box = b
                    break
            if box is None:       # crowded: the first free row below, whatever it covers
                x, y = spots[0]
                b = probe.textbbox((x, y), text, font=small)
                box = (b[0] - 2, b[1] - 1, b[2] + 2, b[3] + 1)
                while any(_overlaps(box, other) for other in taken[len(name_boxes()):]):
                    box = (box[0], box[1] + 15, box[2], box[3] + 15)
            taken.append(box)
            placed.append((box, text, owner))
    return placed


def _draw_units(draw: ImageDraw.ImageDraw, state: dict, colours: dict = POWER_COLOURS) -> None:
    small = font(12)
    for box, text, owner in layout_badges(state):
        colour = colours.get(owner, (90, 90, 90))
        draw.rectangle(box, fill=colour)
        draw.text((box[0] + 2, box[1] + 1), text, fill=ink_for(colour), font=small)


def place_point(name: str) -> tuple[float, float] | None:
    centre = art()["centres"].get(name)
    return (centre[0] * SCALE, centre[1] * SCALE) if centre else None


def board_size() -> tuple[int, int]:
    width, height = _static().size
    return width, height - PANEL


def register_aa1914_renderer() -> None:
    register_renderer("aa1914", render_aa1914)
