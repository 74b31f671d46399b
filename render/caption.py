"""The caption under a crop read on a phone: a short title and a legend of only the marks the
crop shows, in one or two lines — title and legend together at most a quarter of the picture's
height, so the crop is mostly map."""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from PIL import Image, ImageDraw

from .fonts import font
from .overlay import LegendEntry

__all__ = ["captioned", "CAPTION_SHARE", "caption_height"]

CAPTION_SHARE = 0.25          # the most of a crop's height its title and legend take
BACKGROUND = (250, 248, 240)
INK, LEGEND_INK, RULE = (20, 20, 20), (40, 34, 28), (90, 80, 70)
TITLE_SIZES = (28, 26, 24, 22, 20)        # px per 1,000 px of width, largest that fits first
LEGEND_SIZES = (24, 22, 21, 20, 19, 18, 17, 16, 15, 14)
FLOOR = 11                                # never smaller (px), whatever the width


@lru_cache(maxsize=4096)
def _length(text: str, size: int) -> float:
    """How wide `text` is set at `size` px (measured once: the caption tries several sizes)."""
    return font(size).getlength(text)


def _px(size: int, width: int) -> int:
    return max(FLOOR, round(size * width / 1000))


def _title_lines(draw: ImageDraw.ImageDraw, title: str, width: int, size: int) -> list[str]:
    return list(_wrapped(title, width, size))


@lru_cache(maxsize=256)
def _wrapped(title: str, width: int, size: int) -> tuple[str, ...]:
    from .regions import wrap
    return tuple(wrap(ImageDraw.Draw(Image.new("L", (1, 1))), title, font(size), width))


def _sample_width(entry: LegendEntry, size: int) -> float:
    return (0.9 if entry.narrow else 1.9) * size


def _entry_width(draw: ImageDraw.ImageDraw, entry: LegendEntry, size: int) -> float:
    return _sample_width(entry, size) + 0.3 * size + _length(entry.text, size) + 0.8 * size


def _rows(draw: ImageDraw.ImageDraw, entries: Sequence[LegendEntry], size: int, width: float) -> list[list]:
    rows: list[list] = [[]]
    x = 0.0
    for entry in entries:
        w = _entry_width(draw, entry, size)
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0.0
        rows[-1].append((entry, x))
        x += w
    return rows if rows[-1] else rows[:-1]


def _layout(draw: ImageDraw.ImageDraw, title: str, entries: Sequence[LegendEntry], width: int, room: float):
    """(title size, title lines, legend size, legend rows, height): the largest lettering whose
    title takes at most two lines and legend at most two rows within `room` px, else the
    smallest lettering (then as many rows as it takes)."""
    inner = width - 2 * _px(12, width)
    choice = None
    for title_size in TITLE_SIZES:
        t = _px(title_size, width)
        lines = _title_lines(draw, title, inner, t)
        for legend_size in LEGEND_SIZES:
            s = _px(legend_size, width)
            rows = _rows(draw, entries, s, inner) if entries else []
            height = _height(t, len(lines), s, len(rows), width)
            choice = (t, lines, s, rows, height)
            if len(lines) <= 2 and len(rows) <= 2 and height <= room:
                return choice
    return choice


def _height(title: int, lines: int, legend: int, rows: int, width: int) -> int:
    pad = _px(8, width)
    return round(pad + lines * title * 1.22 + (pad / 2 + rows * legend * 1.5 if rows else 0) + pad)


def caption_height(board_size: tuple[int, int], title: str, entries: Sequence[LegendEntry]) -> int:
    """How tall the caption of a crop of `board_size` is."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    return _layout(probe, title, entries, board_size[0], board_size[1] * CAPTION_SHARE / (1 - CAPTION_SHARE))[4]


def captioned(board: Image.Image, title: str, entries: Sequence[LegendEntry]) -> Image.Image:
    """`board` with `title` and the legend of `entries` below it."""
    width, height = board.size
    probe = ImageDraw.Draw(board)
    title_px, lines, legend_px, rows, panel = _layout(probe, title, entries, width,
                                                      height * CAPTION_SHARE / (1 - CAPTION_SHARE))
    out = Image.new("RGB", (width, height + panel), BACKGROUND)
    out.paste(board, (0, 0))
    draw = ImageDraw.Draw(out)
    draw.line([(0, height), (width, height)], fill=RULE, width=max(1, round(width / 600)))
    pad = _px(8, width)
    left = _px(12, width)
    y = height + pad
    for line in lines:
        draw.text((left, y), line, fill=INK, font=font(title_px))
        y += title_px * 1.22
    y += pad / 2
    scale = legend_px / 13
    row_h = legend_px * 1.5
    for row in rows:
        middle = y + row_h / 2
        for entry, x in row:
            x += left
            sample_h = legend_px * (0.8 if entry.narrow else 0.95)
            sample_w = _sample_width(entry, legend_px)
            entry.sample(draw, (x, middle - sample_h / 2, x + sample_w, middle + sample_h / 2), scale)
            draw.text((x + sample_w + 0.3 * legend_px, middle), entry.text, fill=LEGEND_INK, font=font(legend_px),
                      anchor="lm")
        y += row_h
    return out
