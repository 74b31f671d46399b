"""Issue 22 items 1 and 5, issue 25 item 1 (export/import part): an export file is read in
bounded chunks off the event loop, and checked field by field before anything is imported."""
import gzip
import json
import zlib

import pytest

from service.errors import BadExport, BadInput
from service.exports import CHUNK, MAX_EXPANDED, MIB, expand, pack_export, plan_import, read_export
from service.workers import Inline
from tests.conftest import ADMIN, GUILD
from tests.test_data_lifecycle import finished_game


class RecordingPool(Inline):
    """Runs the work in place, remembering what was sent to the worker pool."""

    def __init__(self):
        self.calls = []

    async def run(self, fn, *args, timeout=0):
        self.calls.append(fn.__name__)
        return fn(*args)


def bomb(expanded: int) -> bytes:
    """A gzip file of `expanded` zero bytes: a few KiB on disk."""
    inflater = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = bytes(MIB)
    parts = [inflater.compress(block) for _ in range(expanded // MIB)]
    return b"".join(parts) + inflater.flush()


# ---------------------------------------------------------------- item 1: the gzip bomb

def test_a_gzip_bomb_is_refused_once_it_expands_past_the_cap():
    raw = bomb(512 * MIB)
    assert len(raw) < 600_000
    with pytest.raises(BadExport, match=f"expands past {MAX_EXPANDED // MIB} MiB"):
        read_export(raw)


def test_expansion_stops_at_the_cap_without_expanding_the_rest(monkeypatch):
    """The inflater is asked for at most CHUNK bytes at a time and never beyond cap + 1."""
    asked = []
    real = zlib.decompressobj

    class Spy:
        def __init__(self, *args):
            self.inner = real(*args)

        def decompress(self, data, max_length=0):
            asked.append(max_length)
            return self.inner.decompress(data, max_length)

        def __getattr__(self, name):
            return getattr(self.inner, name)

    monkeypatch.setattr(zlib, "decompressobj", Spy)
    with pytest.raises(BadExport, match="expands past"):
        expand(bomb(64 * MIB), limit=8 * MIB)
    assert asked and all(0 < n <= CHUNK for n in asked)
    assert sum(asked) <= 8 * MIB + 1


def test_damaged_truncated_and_padded_gzip():
    packed = pack_export({"format": "dispatch-game/1"})
    assert read_export(packed) == {"format": "dispatch-game/1"}
    assert read_export(packed + b"\0\0\0") == {"format": "dispatch-game/1"}            # tar-style padding
    assert json.loads(expand(gzip.compress(b"[1,") + gzip.compress(b"2]"))) == [1, 2]  # two members
    with pytest.raises(BadExport, match="cut short"):
        read_export(packed[:-12])
    with pytest.raises(BadExport, match="not valid gzip"):
        read_export(packed[:10] + b"\xff" * 40)
    with pytest.raises(BadExport, match="data after its end"):
        read_export(packed + b"garbage")
    with pytest.raises(BadExport, match="not a game export"):
        read_export(b"\x00\x01 not json")
    with pytest.raises(BadExport, match="over the 32 MiB"):
        read_export(b" " * (MAX_EXPANDED + 1))


async def test_import_and_export_run_in_the_worker_pool(service):
    """Reading, parsing and checking a file, and packing an export, happen in `service.cpu`
    (the bot's worker processes), not on the event loop."""
    game = await finished_game(service)
    pool = RecordingPool()
    service.cpu = pool
    data, packed = await service.export_file(game.id)
    assert pool.calls == ["pack_export"] and read_export(packed) == json.loads(json.dumps(data))
    copy = await service.import_file(GUILD + 1, ADMIN, packed)
    assert pool.calls == ["pack_export", "plan_import"]
    assert copy.name == game.name and copy.status == "finished"
    with pytest.raises(BadExport, match="expands past"):
        await service.import_file(GUILD + 2, ADMIN, bomb(40 * MIB))
    assert pool.calls[-1] == "plan_import"
    assert len(await service.list_games(GUILD + 2, include_over=True)) == 0


def test_plan_import_is_a_picklable_worker_function():
    import pickle

    assert pickle.loads(pickle.dumps(plan_import)) is plan_import
    assert issubclass(BadExport, BadInput)
