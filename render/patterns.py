"""Fill patterns shared by the map renderers."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw


@lru_cache(maxsize=4)
def diagonal_hatch(size: tuple[int, int], spacing: int) -> Image.Image:
    """A mask of diagonal lines over a whole image, to be combined with a region's mask."""
    pattern = Image.new("L", size, 0)
    pen = ImageDraw.Draw(pattern)
    for offset in range(-size[1], size[0], spacing):
        pen.line([(offset, size[1]), (offset + size[1], 0)], fill=255, width=2)
    return pattern
