"""Parts of the board a phone can read: the named regions of `/map region:` (the crops of a turn's
action are chosen in render/focus.py, with `box_around`).

A region is a list of places; its box is drawn around their positions on the map, so it follows
the map data. Both are drawn by the map's own renderer at their own scale from the geometry (a
viewport drawn larger, never an enlarged bitmap), with the renderer's title and legend below.
"""
from __future__ import annotations

import io
from typing import Sequence

from .png import encode

REGIONS: dict[str, dict[str, tuple[str, ...]]] = {
    "rx07": {
        "western front": ("bre", "par", "pic", "bel", "hol", "ruh", "bur", "mun", "kie", "lon", "eng", "gas", "mar"),
        "eastern front": ("pru", "sil", "war", "gal", "boh", "ukr", "lvn", "mos", "ber", "bud", "vie"),
        "balkans": ("tri", "bud", "ser", "rum", "bul", "gre", "alb", "con", "bla", "aeg"),
        "north sea": ("nth", "nwy", "ska", "den", "hel", "edi", "yor", "lon", "hol", "kie", "swe"),
        "mediterranean": ("spa", "naf", "tun", "ion", "tys", "lyo", "wes", "rom", "nap", "gre", "eas", "aeg", "smy"),
        "russia and scandinavia": ("stp", "mos", "fin", "swe", "nwy", "bot", "lvn", "war", "sev", "ukr", "bar"),
    },
    "aa1914": {
        "western front": ("Picardy", "Belgium", "Holland", "Ruhr", "Alsace", "Lorraine", "Paris", "Burgundy",
                          "London", "SZ 8", "SZ 9", "Switzerland"),
        "eastern front": ("Prussia", "Poland", "Galicia", "Ukraine", "Belarus", "Livonia", "Silesia", "Budapest",
                          "Romania"),
        "balkans": ("Serbia", "Bulgaria", "Romania", "Greece", "Albania", "Constantinople", "Trieste", "Budapest",
                    "SZ 20"),
        "italy": ("Piedmont", "Venice", "Tuscany", "Rome", "Naples", "Tyrolia", "Trieste", "SZ 18", "SZ 17"),
        "middle east": ("Constantinople", "Ankara", "Smyrna", "Syrian Desert", "Mesopotamia", "Persia", "Egypt",
                        "Trans-Jordan", "Arabia"),
        "north sea": ("SZ 8", "SZ 9", "SZ 10", "SZ 11", "SZ 5", "Norway", "Denmark", "Kiel", "Scotland", "Holland"),
        # the A&A map shows Africa south of the Sahara as an inset: its region is that inset, and
        # the coast north of the Sahara (in the theatre) is a region of its own
        "north africa": ("Morocco", "Spanish Morocco", "Algeria", "Tunisia", "Libya", "Egypt", "SZ 16", "SZ 17"),
        "africa": ("French West Africa", "Anglo Egyptian Sudan", "Kamerun", "Belgian Congo", "German East Africa",
                   "South West Africa", "Union of South Africa", "Madagascar"),
    },
}

# the standard-board Diplomacy variants share rx07's board and so its regions
REGIONS.update({key: REGIONS["rx07"] for key in ("classic", "france_austria", "england_turkey")})

Box = tuple[float, float, float, float]
Point = tuple[float, float]

PHONE_WIDTH = 1000      # pixels across a crop is drawn (a phone shows ~400: labels stay ≥ 8 px)
MAX_ZOOM = 3.0
MARGIN = 70             # map pixels around the outermost place of a crop


def regions_of(variant_key: str) -> tuple[str, ...]:
    return tuple(REGIONS.get(variant_key, {}))


def box_around(points: Sequence[Point], board: tuple[int, int], margin: float = MARGIN,
               least: tuple[float, float] = (0.0, 0.0), within: Box | None = None) -> Box:
    """The box around `points` with `margin`, at least `least` in size, kept on the board (or
    `within` a part of it, as an inset's frame)."""
    area = within or (0.0, 0.0, float(board[0]), float(board[1]))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top, right, bottom = min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin
    grow_x, grow_y = max(0.0, least[0] - (right - left)) / 2, max(0.0, least[1] - (bottom - top)) / 2
    left, right, top, bottom = left - grow_x, right + grow_x, top - grow_y, bottom + grow_y
    # slide back onto the board rather than cut (the box keeps its size where the board allows)
    shift_x = max(0.0, area[0] - left) - max(0.0, right - area[2])
    shift_y = max(0.0, area[1] - top) - max(0.0, bottom - area[3])
    left, right, top, bottom = left + shift_x, right + shift_x, top + shift_y, bottom + shift_y
    return (float(max(area[0], left)), float(max(area[1], top)), float(min(area[2], right)),
            float(min(area[3], bottom)))


def zoom_for(box: Box, width: int = PHONE_WIDTH) -> float:
    """How much larger than the full map a crop of `box` is drawn to be `width` pixels across."""
    return max(1.0, min(MAX_ZOOM, width / max(1.0, box[2] - box[0])))


def region_box(module, variant_key: str, region: str) -> Box:
    """The part of the board (map pixels at scale 1) a named region shows."""
    places = REGIONS.get(variant_key, {}).get(region)
    if places is None:
        raise ValueError(f"no region {region!r} on this map")
    points = [p for p in (module.place_point(name) for name in places) if p is not None]
    return box_around(points, module.board_size())


# ---------------------------------------------------------------- a crop of a map drawn whole
TITLE_SIZE, LEGEND_SIZE = 24, 17


def cut_out(png: bytes, box: Box, scale: float, title: str, module, palette: str = "standard") -> bytes:
    """The part `box` (map pixels at scale 1) of a map drawn `scale` times larger, with a title
    that wraps to fit and a legend of the powers' colours and the order marks below it."""
    from PIL import Image, ImageDraw

    from .fonts import font
    from .overlay import LegendEntry, arrow_sample, draw_legend, failure_sample, legend_size, swatch

    with Image.open(io.BytesIO(png)) as whole:
        crop = whole.convert("RGB").crop(tuple(round(v * scale) for v in box))
    width = crop.size[0]
    probe = ImageDraw.Draw(crop)
    title_font, legend_font = font(TITLE_SIZE), font(LEGEND_SIZE)
    lines = wrap(probe, title, title_font, width - 24)
    colours = module.power_colours(palette) if module is not None and hasattr(module, "power_colours") else {}
    entries = [LegendEntry(power, swatch(colour)) for power, colour in colours.items()]
    dark = (40, 34, 28)
    entries += [LegendEntry("move", arrow_sample(dark)), LegendEntry("failed", failure_sample(dark))]
    legend_w, legend_h = legend_size(probe, entries, legend_font, width - 24, 1.5)
    title_h = 12 + len(lines) * (TITLE_SIZE + 8)
    out = Image.new("RGB", (width, crop.size[1] + title_h + legend_h + 24), (250, 248, 240))
    out.paste(crop, (0, 0))
    draw = ImageDraw.Draw(out)
    top = crop.size[1]
    draw.line([(0, top), (width, top)], fill=(90, 80, 70), width=2)
    for index, line in enumerate(lines):
        draw.text((12, top + 10 + index * (TITLE_SIZE + 8)), line, fill=(20, 20, 20), font=title_font)
    draw_legend(draw, (12, top + title_h + 6), entries, legend_font, width - 24, scale=1.5)
    return encode(out)


def wrap(draw, text: str, text_font, width: float) -> list[str]:
    """`text` in lines no wider than `width` (a word longer than the width is cut to fit)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if not current or draw.textlength(trial, font=text_font) <= width:
            current = trial
        else:
            lines.append(current)
            current = word
        while draw.textlength(current, font=text_font) > width and len(current) > 1:
            cut = len(current) - 1
            while cut > 1 and draw.textlength(current[:cut], font=text_font) > width:
                cut -= 1
            lines.append(current[:cut])
            current = current[cut:]
    if current:
        lines.append(current)
    return lines or [""]
