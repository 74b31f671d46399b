"""PNG bytes of a drawn map, encoded the one way every map is posted.

A map is large fields of flat colour with thin lines and lettering: rows that repeat the row
above, runs of one colour. Pillow's PNG encoder tries every PNG filter on every row and keeps the
best (libpng's heuristic), which on such pictures costs about half the CPU of the whole encoding
and buys nothing: deflate finds the repeats itself. So the rows are stored unfiltered (filter
type 0) and deflated by ISA-L (`isal`, Intel's deflate, at its level 1: a sixth of zlib's CPU
for files about a tenth larger) — the same pixels, lossless, a full A&A map ~270 KB, far under
Discord's 10 MiB. The CPU decides how soon a turn's maps are posted when several games resolve
at once (eight maps within a second, bench/maps_ready.py): the encoding was 40 % of a map's
CPU, now under a tenth. Without `isal` (a platform with no wheel for it) zlib deflates, at level
3. Modes other than RGB, RGBA and L go through Pillow.
"""
from __future__ import annotations

import io
import struct
import zlib

import numpy as np
from PIL import Image

try:
    from isal import isal_zlib as _deflate
    LEVEL = 1
except ImportError:          # pragma: no cover - isal is pinned in requirements.txt
    _deflate = zlib
    LEVEL = 3
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPE = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}     # mode: (PNG colour type, bytes a pixel)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def encode(image: Image.Image) -> bytes:
    """The image as PNG bytes (8 bits a channel, no interlace, rows unfiltered)."""
    found = _COLOUR_TYPE.get(image.mode)
    if found is None:
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=3)
        return out.getvalue()
    colour_type, channels = found
    width, height = image.size
    pixels = np.asarray(image, dtype=np.uint8).reshape(height, width * channels)
    rows = np.zeros((height, width * channels + 1), dtype=np.uint8)     # each row opens with its filter: 0, none
    rows[:, 1:] = pixels
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return (_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", _deflate.compress(rows.data, LEVEL))
            + _chunk(b"IEND", b""))
