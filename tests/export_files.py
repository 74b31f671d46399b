"""Hostile export files for the import's tests."""
import struct
import zlib

from service.exports import MIB


def bomb(expanded: int) -> bytes:
    """A gzip file of `expanded` zero bytes: a few KiB on disk per MiB it expands to.

    Compressing hundreds of MiB of zeros costs seconds, so one MiB is compressed once, ending with a
    full flush (the compressor forgets what it saw: every MiB after it compresses to the same
    bytes), and those bytes are repeated; then the last block, the CRC-32 and the size, as gzip
    writes them (RFC 1952)."""
    deflater = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    one_mib = deflater.compress(bytes(MIB)) + deflater.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(expanded // MIB):
        crc = zlib.crc32(bytes(MIB), crc)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"     # gzip, deflate, no name, mtime 0, best compression
    last = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS).flush()      # an empty final block
    size = (expanded // MIB) * MIB
    return header + one_mib * (expanded // MIB) + last + struct.pack("<II", crc, size & 0xFFFFFFFF)
