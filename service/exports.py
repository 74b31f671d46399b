"""Export files: a game's record packed as compact JSON, gzip-compressed.

The service packs an export in a thread, piece by piece, so the event loop is never held while
a long game is written. Reading and checking a file to import is `service.imports`; its names
are also reachable from here, where they used to live.
"""
from __future__ import annotations

import json
import zlib
from typing import Any

from .imports import (CHUNK, FORMAT, GZIP_MAGIC, MAX_CONTAINERS, MAX_DEPTH, MAX_EVENTS,  # noqa: F401 - moved
                      MAX_EXPANDED, MAX_EXPORT_FILE, MAX_HISTORY, MAX_LINE, MAX_ORDER_LINES, MAX_PHASES,
                      MAX_REPORT, MAX_SEED, MAX_TEXT, MIB, ImportedPhase, ImportPlan, check_export, check_values,
                      expand, plan_import, read_export)
from .models import StoredState


def pack_export(data: Any) -> bytes:
    """An export as it is sent and written: compact JSON, gzip-compressed (always under Discord's
    upload limit for the games Dispatch stores). The same bytes as one `json.dumps`, made piece
    by piece (one phase, one event at a time) and compressed as they come: the service runs it
    in a thread, and since no single piece holds the interpreter long, the event loop keeps
    answering while a long game is packed (one `json.dumps` of 161 A&A phases held it ~0.4 s)."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    out = [deflate.compress(piece.encode()) for piece in _json_pieces(data)]
    out.append(deflate.flush())
    return b"".join(out)


def _json_pieces(value: Any, depth: int = 0):
    """Compact JSON of `value` in pieces: objects and lists of the top three levels are opened up
    (the export, its phases, each phase), so a piece is at most one state."""
    if depth < 3 and isinstance(value, dict) and all(isinstance(key, str) for key in value):
        yield "{"
        for index, (key, item) in enumerate(value.items()):
            yield ("," if index else "") + json.dumps(key) + ":"
            yield from _json_pieces(item, depth + 1)
        yield "}"
    elif depth < 3 and isinstance(value, list):
        yield "["
        for index, item in enumerate(value):
            if index:
                yield ","
            yield from _json_pieces(item, depth + 1)
        yield "]"
    elif isinstance(value, StoredState):       # a phase's state, decoded here, off the loop
        yield json.dumps(value.decode(), separators=(",", ":"))
    else:
        yield json.dumps(value, separators=(",", ":"))
