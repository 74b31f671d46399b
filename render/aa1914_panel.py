"""The A&A map's panel under the board: the round and power, each power's treasury, income and
how near it is to collapse (in words a player reads without the rulebook), the victory points,
and a legend of every unit type, fill and mark on this map (overlay.py's legend box)."""
from __future__ import annotations

from functools import lru_cache
from typing import Mapping

from PIL import Image, ImageDraw

from engine.aa1914.model import GameState

from .aa1914_layout import ABBREVIATIONS, PROBE, drawn_kind
from .aa1914_orders import draw_burst
from .fonts import font
from .overlay import (LegendEntry, arrow_sample, crossed_sample, draw_legend, failure_sample, legend_size,
                      swatch)
from .palettes import tint
from .unit_icons import draw_icon

BACKGROUND = (248, 245, 236)
INK = (20, 20, 20)
MARKS = "⚓ naval base · ✹ minefield · red hatching: contested"
# what "home lost" means (Tournament Rules: economic and political collapse thresholds)
COLLAPSE_KEY = ("home lost n · collapses at e / p: n of the power's homeland IPCs are in enemy hands; "
                "at e it suffers economic collapse, at p political collapse")


def unit_kinds(state: dict, units=None) -> list[str]:
    """The unit types on this board (a damaged battleship its own kind), in legend order."""
    present = {drawn_kind(u) for u in (GameState.from_json(state).units if units is None else units)}
    return [kind for kind in ABBREVIATIONS if kind in present]


def legend_text(state: dict) -> str:
    """The legend in words: each unit type on the board with its letter code (the badge's alt
    text), then the map's marks."""
    words = [f"{ABBREVIATIONS[kind]} {kind.replace('_', ' ')}" for kind in unit_kinds(state)]
    return ", ".join(words) + " · " + MARKS


def power_lines(board, state: dict) -> list[tuple[str, str, str]]:
    """(power, treasury line, collapse line) for each power in turn order."""
    from engine.aa1914.state import incomes
    from engine.aa1914.tournament import THRESHOLDS, homeland_lost
    income_of = incomes(board, state)
    lines = []
    for power in board.turn_order:
        first = f"{power}: {state['treasury'].get(power, 0)} IPCs (+{income_of.get(power, 0)})"
        collapsed = state["collapsed"].get(power)
        if collapsed:
            second = f"{collapsed} collapse"
        elif power in THRESHOLDS:
            economic, political = THRESHOLDS[power]
            second = f"home lost {homeland_lost(board, state, power)} · collapses at {economic} / {political}"
        else:
            second = "no collapse thresholds"
        lines.append((power, first, second))
    return lines


def _unit_sample(kind: str):
    def paint(draw: ImageDraw.ImageDraw, box, scale: float) -> None:
        side = box[3] - box[1]
        left = box[0] + (box[2] - box[0] - side) / 2
        draw.rectangle([left - 1, box[1] - 1, left + side + 1, box[3] + 1], fill=(120, 110, 95))
        draw_icon(draw, kind, left, box[1], side, (255, 255, 255))
    return paint


def _glyph_sample(glyph: str, ink=(40, 34, 28)):
    def paint(draw: ImageDraw.ImageDraw, box, scale: float) -> None:
        draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), glyph, fill=ink,
                  font=font(round(13 * scale)), anchor="mm")
    return paint


def _battle_sample(draw: ImageDraw.ImageDraw, box, scale: float) -> None:
    draw.rounded_rectangle(box, radius=3 * scale, fill=(255, 250, 235), outline=(170, 20, 20),
                           width=max(1, round(1.5 * scale)))
    draw_burst(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), (box[3] - box[1]) - 1, scale)


def legend_entries(state: dict, colours: Mapping[str, tuple], fills: Mapping[str, tuple],
                   shown: Mapping[str, bool], kinds: list[str] | None = None) -> list[LegendEntry]:
    """Every unit type on the board, the fills a player may not know (neutral, a pale aligned
    minor, impassable, contested), the marks, and the turn's marks when the map shows them."""
    kinds = unit_kinds(state) if kinds is None else kinds
    entries = [LegendEntry(kind.replace("_", " "), _unit_sample(kind)) for kind in kinds]
    pale = tint(colours.get("Russia", (110, 0, 0)), 0.8)
    entries += [LegendEntry("neutral", swatch(fills["neutral"])),
                LegendEntry("pale: a minor aligned with that power, not yet at war", swatch(pale)),
                LegendEntry("impassable", swatch(fills["impassable"])),
                LegendEntry("contested", swatch(fills["contested"], hatch=fills["hatch"])),
                LegendEntry("naval base", _glyph_sample("⚓")), LegendEntry("minefield", _glyph_sample("✹"))]
    if shown.get("moves"):
        entries.append(LegendEntry("move, in the mover's colour", arrow_sample((130, 130, 130))))
    if shown.get("failed"):
        entries.append(LegendEntry("could not be carried out", failure_sample((130, 130, 130))))
    if shown.get("battles"):
        ends = "taken (won at sea), contested, held or all sunk" if shown.get("all sunk") else \
            "taken (won at sea), contested or held"
        entries.append(LegendEntry(f"battle this turn and how it ended: {ends}", _battle_sample))
    if shown.get("lost"):
        entries.append(LegendEntry("destroyed this turn", crossed_sample(_unit_sample("infantry"))))
    return entries


def _columns(width: int, zoom: float) -> int:
    return max(1, int((width - 24 * zoom) // (300 * zoom)))


def wrap(text: str, size: int, width: float) -> list[str]:
    """`text` in lines no wider than `width` pixels at font size `size` (a region's narrow panel)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and PROBE.textlength(f"{lines[-1]} {word}", font=font(size)) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]


def _texts(label: str, width: int, zoom: float) -> tuple[list[str], list[str]]:
    """The panel's title and the collapse key, wrapped to the picture's width."""
    return wrap(label, round(22 * zoom), width - 24 * zoom), wrap(COLLAPSE_KEY, round(12 * zoom), width - 24 * zoom)


@lru_cache(maxsize=32)
def _legend(kinds: tuple[str, ...], colours: tuple, fills: tuple, shown: tuple, width: float,
            zoom: float) -> Image.Image:
    """The legend box drawn once for its contents and width (most maps repeat one)."""
    entries = legend_entries({}, dict(colours), dict(fills), dict(shown), list(kinds))
    size = legend_size(PROBE, entries, font(round(12 * zoom)), width, zoom)
    image = Image.new("RGB", (size[0] + 1, size[1] + 1), BACKGROUND)
    draw_legend(ImageDraw.Draw(image), (0, 0), entries, font(round(12 * zoom)), width, scale=zoom)
    return image


def _legend_for(state: dict, colours, fills, shown, kinds, width: int, zoom: float) -> Image.Image:
    kinds = unit_kinds(state) if kinds is None else kinds
    return _legend(tuple(kinds), tuple(colours.items()), tuple(fills.items()), tuple(sorted(shown.items())),
                   width - 24 * zoom, zoom)


def panel_height(state: dict, board, width: int, zoom: float, colours, fills, shown, kinds=None,
                 label: str = "") -> int:
    rows = -(-len(board.turn_order) // _columns(width, zoom))
    title, key = _texts(label, width, zoom)
    legend = _legend_for(state, colours, fills, shown, kinds, width, zoom).size[1] - 1
    return round((18 + 28 * len(title)) * zoom + rows * 36 * zoom + (24 + 16 * len(key)) * zoom + legend + 12 * zoom)


def draw_panel(picture: Image.Image, state: dict, board, label: str, top: int, zoom: float,
               colours: Mapping[str, tuple], fills: Mapping[str, tuple], shown: Mapping[str, bool],
               kinds: list[str] | None = None) -> None:
    from engine.aa1914.tournament import KEY_CAPITAL, victory_points
    width = picture.size[0]
    draw = ImageDraw.Draw(picture)
    draw.rectangle([0, top, width, picture.size[1]], fill=BACKGROUND)
    draw.line([(0, top), (width, top)], fill=(90, 80, 70), width=max(1, round(zoom)))
    z = zoom
    title, key = _texts(label, width, zoom)
    for index, line in enumerate(title):
        draw.text((12 * z, top + (10 + 28 * index) * z), line, fill=INK, font=font(round(22 * z)))
    columns = _columns(width, zoom)
    cell = (width - 24 * z) / columns
    y0 = top + (18 + 28 * len(title)) * z
    for index, (power, first, second) in enumerate(power_lines(board, state)):
        x = 12 * z + (index % columns) * cell
        y = y0 + (index // columns) * 36 * z
        draw.rectangle([x, y + 2 * z, x + 12 * z, y + 14 * z], fill=colours.get(power, (150, 150, 150)),
                       outline=(40, 40, 40))
        draw.text((x + 18 * z, y), first, fill=INK, font=font(round(14 * z)))
        draw.text((x + 18 * z, y + 17 * z), second, fill=(80, 70, 60), font=font(round(12 * z)))
    y = y0 + -(-len(board.turn_order) // columns) * 36 * z + 2 * z
    points = "   ".join(f"{side} {victory_points(board, state, side)} VP" for side in KEY_CAPITAL)
    draw.text((12 * z, y), points, fill=INK, font=font(round(14 * z)))
    for index, line in enumerate(key):
        draw.text((12 * z, y + (20 + 16 * index) * z), line, fill=(80, 70, 60), font=font(round(12 * z)))
    picture.paste(_legend_for(state, colours, fills, shown, kinds, width, zoom),
                  (round(12 * z), round(y + (24 + 16 * len(key)) * z)))


# ---------------------------------------------------------------- a crop's legend
SHORT = {"Austria-Hungary": "Austria-H.", "British Empire": "Britain", "Ottoman Empire": "Ottomans",
         "United States": "USA"}
OUTCOMES = ("taken", "won", "contested", "held", "all sunk")


def crop_entries(seen: list[dict], colours: Mapping[str, tuple], fills: Mapping[str, tuple],
                 palette: str = "standard") -> list[LegendEntry]:
    """The legend of a crop: only what its parts show (`aa1914_focus.shown_in` of each) — the
    powers there, their unit types, the fills a player may not know, the printed marks and the
    turn's marks, in a few words each."""
    merged: dict = {"powers": set(), "kinds": set(), "fills": set(), "outcomes": set()}
    for part in seen:
        for key, value in part.items():
            if isinstance(value, set):
                merged[key] |= value
            elif value:
                merged[key] = True
    entries = [LegendEntry(SHORT.get(power, power), swatch(colour), narrow=True)
               for power, colour in colours.items() if power in merged["powers"]]
    entries += [LegendEntry(kind.replace("_", " "), _unit_sample(kind), narrow=True) for kind in ABBREVIATIONS
                if kind in merged["kinds"]]
    pale = {tint(colour, 0.8) for colour in colours.values()}
    present = merged["fills"]
    if fills["neutral"] in present:
        entries.append(LegendEntry("neutral", swatch(fills["neutral"]), narrow=True))
    if present & pale:
        entries.append(LegendEntry("pale: minor not yet at war", swatch(next(iter(present & pale))), narrow=True))
    if fills["impassable"] in present:
        entries.append(LegendEntry("impassable", swatch(fills["impassable"]), narrow=True))
    if "contested" in present:
        entries.append(LegendEntry("contested", swatch(fills["contested"], hatch=fills["hatch"]), narrow=True))
    if merged.get("naval base"):
        entries.append(LegendEntry("naval base", _glyph_sample("⚓"), narrow=True))
    if merged.get("minefield"):
        entries.append(LegendEntry("minefield", _glyph_sample("✹"), narrow=True))
    if merged.get("moves"):
        entries.append(LegendEntry("move", arrow_sample((130, 130, 130))))
    if merged.get("failed"):
        entries.append(LegendEntry("not carried out", failure_sample((130, 130, 130))))
    if merged.get("battles"):
        ends = [o for o in OUTCOMES if o in merged["outcomes"]]
        entries.append(LegendEntry("battle: " + ", ".join(ends), _battle_sample))
    if merged.get("lost"):
        entries.append(LegendEntry("destroyed", crossed_sample(_unit_sample("infantry"))))
    return entries
