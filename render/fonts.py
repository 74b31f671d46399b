"""Fonts: a TrueType font if the system has one, else Pillow's built-in scalable default."""
from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

_CANDIDATES = ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
               "LiberationSans-Regular.ttf", "Arial.ttf")


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.ImageFont:
    for name in _CANDIDATES:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)
