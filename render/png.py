"""PNG bytes of a drawn map, encoded the one way every map is posted."""
from __future__ import annotations

import io

from PIL import Image

# zlib level 3: about a quarter less CPU than Pillow's default 6 for files ~15 % larger (a full
# A&A map ~290 KB, far under Discord's 10 MiB); the CPU decides how soon a turn's maps are
# posted when several games resolve at once (eight maps within a second)
LEVEL = 3


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=LEVEL)
    return out.getvalue()
