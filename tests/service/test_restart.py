"""A restart mid-phase loses nothing; a deadline missed while down adjudicates once on start."""
from db import Database
from service import GameService
from tests.conftest import ALICE, BOB, GUILD


async def snapshot(service, game_id):
    data = await service.export(game_id)
    reminders = await service.db.fetchall("SELECT phase_id, due_at, kind, done_at FROM reminders ORDER BY id")
    return data, [tuple(r) for r in reminders]


async def test_restart_mid_phase_keeps_everything(tmp_path, clock):
    path = tmp_path / "dispatch.sqlite3"
    db = await Database(path).connect()
    service = GameService(db, clock=clock, seed_source=lambda: "s")
    game = await service.create_game(GUILD, ALICE, "guess", options={"loaded": "on"})
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    await service.start(game.id, ALICE)
    await service.submit_orders(game.id, ALICE, "guess 6")
    await service.mark_ready(game.id, ALICE)
    before = await snapshot(service, game.id)
    await db.close()

    db = await Database(path).connect()
    service = GameService(db, clock=clock, seed_source=lambda: "s")
    assert await snapshot(service, game.id) == before
    # the bot was down past the deadline: the first tick adjudicates exactly once
    clock.advance(hours=100)
    await service.tick()
    await service.tick()
    phase = await service.phase(game.id)
    assert phase.seq == 1 and phase.state["scores"] == {"North": 1, "South": 0}
    adjudicated = [e for e in (await service.export(game.id))["events"] if e["kind"] == "adjudicated"]
    assert len(adjudicated) == 1
    await db.close()


async def test_failed_adjudication_rolls_back(service, db, monkeypatch):
    game = await service.create_game(GUILD, ALICE, "guess")
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    await service.start(game.id, ALICE)
    before = await snapshot(service, game.id)
    from tests.toy_variant import GuessVariant

    def crash(self, state, orders, rng):
        raise RuntimeError("power cut")
    monkeypatch.setattr(GuessVariant, "adjudicate", crash)
    assert await service.adjudicate(game.id) is None
    after = await snapshot(service, game.id)
    # only the record of the failure is added (the GM is told; nothing else changes)
    failed = [e for e in after[0]["events"] if e["kind"] == "adjudication_failed"]
    after[0]["events"] = [e for e in after[0]["events"] if e not in failed]
    assert len(failed) == 1 and after == before


async def test_migrations_are_idempotent(tmp_path):
    db = await Database(tmp_path / "m.sqlite3").connect()
    version = await db.schema_version()
    assert version >= 1 and await db.migrate() == version
    mode = await db.fetchone("PRAGMA journal_mode")
    assert mode[0] == "wal"
    await db.close()
