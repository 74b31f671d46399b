"""An export file is read in
bounded chunks off the event loop, and checked field by field before anything is imported."""
import gzip
import json
import re
import zlib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from service.errors import BadExport, BadInput
from service.exports import CHUNK, MAX_EXPANDED, MIB, expand, pack_export, plan_import, read_export
from service.workers import Inline
from tests.conftest import ADMIN, ALICE, BOB, GUILD
from tests.export_files import bomb
from tests.positions import finished_game


class RecordingPool(Inline):
    """Runs the work in place, remembering what was sent to the worker pool."""

    def __init__(self):
        self.calls = []

    async def run(self, fn, *args, timeout=0):
        self.calls.append(fn.__name__)
        return fn(*args)


# ---------------------------------------------------------------- the gzip bomb

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


async def test_import_runs_in_the_worker_pool_and_export_in_a_thread(service, monkeypatch):
    """Reading, parsing and checking a file happen in `service.cpu` (the bot's worker processes);
    packing an export in a thread, piece by piece; neither on the event loop."""
    import asyncio
    import threading

    game = await finished_game(service)
    pool = RecordingPool()
    service.cpu = pool
    threads = []
    real = asyncio.to_thread

    async def to_thread(fn, *args):
        threads.append(fn.__name__)
        return await real(lambda: (threading.current_thread() is not threading.main_thread(), fn(*args)))
    monkeypatch.setattr(asyncio, "to_thread", to_thread)
    complete, (elsewhere, packed) = await service.export_file(game.id)
    assert complete and threads == ["pack_export"] and elsewhere and pool.calls == []
    data = await service.export(game.id)                     # states decoded on the loop: the same bytes
    assert gzip.decompress(packed) == json.dumps(data, separators=(",", ":")).encode()
    monkeypatch.setattr(asyncio, "to_thread", real)
    copy = await service.import_file(GUILD + 1, ADMIN, packed)
    assert pool.calls == ["plan_import"]
    assert copy.name == game.name and copy.status == "finished"
    with pytest.raises(BadExport, match="expands past"):
        await service.import_file(GUILD + 2, ADMIN, bomb(40 * MIB))
    assert pool.calls[-1] == "plan_import"
    assert len(await service.list_games(GUILD + 2, include_over=True)) == 0


def test_plan_import_is_a_picklable_worker_function():
    import pickle

    assert pickle.loads(pickle.dumps(plan_import)) is plan_import
    assert issubclass(BadExport, BadInput)


# ---------------------------------------------------------------- nothing in the file is trusted

async def abandoned_export(service, variant: str) -> dict:
    from engine.catalog import register_all

    register_all()
    game = await service.create_game(GUILD, ALICE, variant, name=f"{variant} to export")
    for _ in game.seats:
        await service.join(game.id, ALICE)
    await service.start(game.id, ALICE)
    await service.abandon(game.id, ALICE)
    return json.loads(json.dumps(await service.export(game.id, ALICE)))


async def finished_export(service) -> dict:
    game = await finished_game(service)
    return json.loads(json.dumps(await service.export(game.id)))


def changed(data: dict, change) -> bytes:
    copy = json.loads(json.dumps(data))
    change(copy)
    return json.dumps(copy).encode()


async def test_the_seed_must_match_its_published_hash_and_forged_running_exports_fail(service):
    data = await finished_export(service)
    with pytest.raises(BadExport, match="seed does not match the hash published"):
        plan_import(changed(data, lambda d: d["game"].update(seed="myseed")))
    game = await service.create_game(GUILD, ALICE, "guess")
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    await service.start(game.id, ALICE)
    running = json.loads(json.dumps(await service.export(game.id, ALICE)))
    forged = changed(running, lambda d: (d.update(complete=True), d["game"].update(status="finished", seed="x")))
    with pytest.raises(BadExport, match="seed does not match"):
        plan_import(forged)
    with pytest.raises(BadExport, match="only finished or abandoned"):
        plan_import(changed(data, lambda d: d["game"].update(status="active")))


@pytest.mark.parametrize("variant", ["aa1914", "rx07"])
async def test_each_state_goes_through_the_variants_own_check(service, variant):
    data = await abandoned_export(service, variant)
    assert plan_import(json.dumps(data).encode()).variant == variant

    def stray_unit(d):
        state = d["phases"][0]["state"]
        if variant == "aa1914":
            state["units"][0]["where"] = "Atlantis"
        else:
            next(iter(state["units"].values()))["loc"] = "atlantis"
    with pytest.raises(BadExport, match=r"phases\[0\] .*: the state does not fit"):
        plan_import(changed(data, stray_unit))
    with pytest.raises(BadExport, match=r"phases\[0\] .*: the state does not fit"):
        plan_import(changed(data, lambda d: d["phases"][0]["state"].pop("units")))
    with pytest.raises(BadExport, match=r"phases\[0\] .*: the state does not fit"):
        plan_import(changed(data, lambda d: d["phases"][0].update(state={"units": "many"})))


async def test_wrong_types_numbers_as_text_and_sizes_get_one_precise_reason(service):
    data = await finished_export(service)
    first_seat = data["seats"][0]["seat"]
    cases = [
        (lambda d: d["game"].update(phase_hours="48"), r"game.phase_hours must be a number, not the text `48`"),
        (lambda d: d["game"].update(creator_id="1"), r"game.creator_id must be a whole number"),
        (lambda d: d["game"].update(creator_id=2 ** 63), r"too large to be stored"),
        (lambda d: d["game"].update(creator_id=-1), r"game.creator_id must be from 0"),
        (lambda d: d["game"].pop("options"), r"game.options is missing"),
        (lambda d: d["game"].update(options=[]), r"game.options must be an object"),
        (lambda d: d["game"].update(options={"target": "many"}), r"game.options do not fit"),
        (lambda d: d["game"].update(name="x" * 1_000_000), r"game.name is 1,000,000 characters long; at most 60"),
        (lambda d: d["game"].update(name="  "), r"game.name is blank"),
        (lambda d: d["game"].update(variant="chess"), r"game.variant"),
        (lambda d: d["game"].update(created_at="yesterday"), r"game.created_at is not a date and time"),
        (lambda d: d["game"].update(winners=["Nobody"]), r"game.winners\[0\] must be one of the game's seats"),
        (lambda d: d["phases"][0]["orders"].update({first_seat: {"lines": [6], "ready": True}}),
         r"lines\[0\] must be an order line \(text\), not the number 6"),
        (lambda d: d["phases"][0]["orders"].update({first_seat: {"lines": ["guess " + "6" * 600]}}),
         r"is 606 characters long; an order line has at most 500"),
        (lambda d: d["phases"][0].update(seq="0"), r"phases\[0\].seq must be a whole number"),
        (lambda d: d["phases"].append(dict(d["phases"][-1])), r"phases\[\d+\].phase_id \(\d+\) is used twice"),
        (lambda d: d.update(phases=[]), r"the export has no phases"),
        (lambda d: d.update(phases=[d["phases"][0]] * 20_000), r"phases has 20,000 entries; an export has at most 1,000"),
        (lambda d: d["events"][0].update(payload="x"), r"events\[0\].payload must be an object"),
        (lambda d: d["seats"].append(d["seats"][0]), r"listed twice|seats has 3 entries"),
        (lambda d: d["rollbacks"].append({"at": "2026-01-01T00:00:00", "reopened_seq": 0, "reopened_label": "x",
                                          "undone": [{"seq": 1, "label": "y", "orders": {"Mars": []}}]}),
         r"rollbacks\[0\].undone\[0\].orders.Mars must be one of the game's seats"),
        (lambda d: d["game"].update(name="\ud800"), r"text that is not valid Unicode"),
        (lambda d: d["game"].update(phase_hours=1e999), r"`Infinity`, which is not a number"),
    ]
    for change, reason in cases:
        with pytest.raises(BadExport, match=reason):
            plan_import(changed(data, change))
    deep = b"[" * 100_000 + b"]" * 100_000
    with pytest.raises(BadExport, match="deeper than 32 levels"):
        plan_import(deep)
    nested = changed(data, lambda d: d["events"][0]["payload"].update(x=json.loads("[" * 40 + "]" * 40)))
    with pytest.raises(BadExport, match="deeper than 32 levels"):
        plan_import(nested)
    with pytest.raises(BadExport, match="`NaN`, which is not a number"):
        plan_import(re.sub(r'"phase_hours": [0-9.]+', '"phase_hours": NaN', json.dumps(data)).encode())
    with pytest.raises(BadExport, match="more than 2,000,000 lists"):
        plan_import(b"[" + b"{}," * 2_000_001 + b"{}]")


async def test_the_same_game_is_imported_once_per_server(service):
    data = await finished_export(service)
    packed = pack_export(data)
    with pytest.raises(BadExport, match=r"this server already has this game, as #1 .*Nothing was imported"):
        await service.import_file(GUILD, ADMIN, packed)           # the original is here
    copy = await service.import_file(GUILD + 5, ADMIN, packed)
    with pytest.raises(BadExport, match=f"this server already has this game, as #{copy.id}"):
        await service.import_file(GUILD + 5, ADMIN, packed)
    assert [g.id for g in await service.list_games(GUILD + 5, include_over=True)] == [copy.id]
    export = await service.export(copy.id)
    assert export["events"][-1]["payload"]["from_game"] == data["game"]["id"]


EXPORT_CACHE: dict[str, dict] = {}

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2 ** 70, max_value=2 ** 70) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


def paths_of(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths_of(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data[:3]):
            yield from paths_of(value, prefix + (index,))


def mutate(data, path, how, value):
    copy = json.loads(json.dumps(data))
    if not path:
        return value
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "drop":
        del parent[last]
    elif how == "text" and isinstance(parent[last], (int, float)):
        parent[last] = str(parent[last])
    else:
        parent[last] = value
    return copy


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choice=st.integers(min_value=0), how=st.sampled_from(["drop", "text", "value"]), value=JSON_VALUES,
       cut=st.integers(min_value=0, max_value=400), noise=st.binary(max_size=40), packed=st.booleans())
async def test_mutated_export_files_never_crash_the_import(service, choice, how, value, cut, noise, packed):
    """A valid export changed in one place (a value replaced by any JSON, dropped, a number
    written as text), or its bytes cut and noise appended: the import either succeeds or is
    refused with BadExport, and nothing else escapes."""
    if "guess" not in EXPORT_CACHE:
        EXPORT_CACHE["guess"] = await finished_export(service)
    base = EXPORT_CACHE["guess"]
    paths = list(paths_of(base))
    data = mutate(base, paths[choice % len(paths)], how, value)
    raw = json.dumps(data).encode()
    if packed:
        raw = gzip.compress(raw)
    if cut:
        raw = raw[:-cut] + noise
    try:
        await service.import_file(GUILD + 50 + choice % 7, ADMIN, raw)
    except BadExport as refusal:
        assert str(refusal) and len(str(refusal)) < 1000


async def test_a_check_that_overruns_its_bound_is_a_clear_refusal(service):
    from service.workers import Overrun

    class Stalled(Inline):
        async def run(self, fn, *args, timeout=0, priority=0):
            raise Overrun(f"stopped after {timeout:g} s")
    service.cpu = Stalled()
    with pytest.raises(BadExport, match=r"took more than 60 s and was stopped.*Nothing was imported"):
        await service.import_file(GUILD, ADMIN, b"{}")
