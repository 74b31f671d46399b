"""Every map is posted as a lossless PNG (render/png.py): the pixels a player's phone decodes are
exactly the pixels drawn, in every image mode a map or crop is drawn in."""
import io

import numpy as np
import pytest
from PIL import Image, ImageDraw

from render.fonts import font
from render.png import encode


def _drawn_picture(mode: str) -> Image.Image:
    """Flat fields, thin lines, anti-aliased lettering and an odd width: what a map is made of."""
    image = Image.new("RGB", (301, 203), (168, 200, 224))
    draw = ImageDraw.Draw(image)
    draw.polygon([(10, 10), (200, 30), (150, 180), (20, 150)], fill=(230, 224, 206), outline=(60, 60, 60))
    draw.line([(0, 200), (300, 0)], fill=(200, 0, 0), width=3)
    draw.text((40, 60), "Galicia\n4 ⚓", fill=(35, 30, 25), font=font(17))
    if mode == "RGBA":
        image.putalpha(Image.linear_gradient("L").resize(image.size))
        return image
    return image.convert(mode)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "P", "1"])
def test_a_map_decodes_to_exactly_the_pixels_drawn(mode):
    drawn = _drawn_picture(mode)
    png = encode(drawn)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(png)) as posted:
        posted.load()
        assert posted.mode == drawn.mode and posted.size == drawn.size
        assert np.array_equal(np.asarray(posted), np.asarray(drawn))


def test_a_map_of_flat_colour_stays_small():
    """The pixels are compressed: a board-sized field of sea is tens of kilobytes, not the 6.6 MB
    of its pixels."""
    sea = Image.new("RGB", (1410, 1562), (168, 200, 224))
    assert len(encode(sea)) < 100_000
