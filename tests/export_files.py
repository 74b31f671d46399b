"""Hostile export files for the import's tests."""
import zlib

from service.exports import MIB


def bomb(expanded: int) -> bytes:
    """A gzip file of `expanded` zero bytes: a few KiB on disk."""
    inflater = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = bytes(MIB)
    parts = [inflater.compress(block) for _ in range(expanded // MIB)]
    return b"".join(parts) + inflater.flush()
