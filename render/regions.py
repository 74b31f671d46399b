"""Map regions for `/map region:` — a crop of the board a phone can read. A region is a list of
places; its box is drawn around their positions on the map, so it follows the map data."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from .fonts import font

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
        "africa": ("Morocco", "Algeria", "Libya", "Egypt", "French West Africa", "Kamerun", "Belgian Congo",
                   "German East Africa", "Union of South Africa"),
    },
}

# the standard-board Diplomacy variants share rx07's board and so its regions
REGIONS.update({key: REGIONS["rx07"] for key in ("classic", "france_austria", "england_turkey")})


def regions_of(variant_key: str) -> tuple[str, ...]:
    return tuple(REGIONS.get(variant_key, {}))


def crop_region(png: bytes, points: list[tuple[float, float]], board_size: tuple[int, int], title: str,
                width: int = 1000, margin: int = 70) -> bytes:
    """The part of the map around `points`, enlarged to `width` pixels, under a title bar."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    box = (max(0, int(min(xs)) - margin), max(0, int(min(ys)) - margin),
           min(board_size[0], int(max(xs)) + margin), min(board_size[1], int(max(ys)) + margin))
    crop = image.crop(box)
    scale = width / crop.size[0]
    crop = crop.resize((width, int(crop.size[1] * scale)), Image.LANCZOS)
    out = Image.new("RGB", (width, crop.size[1] + 40), (250, 248, 240))
    out.paste(crop, (0, 40))
    ImageDraw.Draw(out).text((10, 20), title, fill=(20, 20, 20), font=font(20), anchor="lm")
    buffer = io.BytesIO()
    out.save(buffer, "PNG", compress_level=6)
    return buffer.getvalue()
