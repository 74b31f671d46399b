"""A sheet comes back with everything its reply shows, read in the same call: the orders with
their warnings, the number of the phase they are for (the buttons carry it) and the seat's menus;
reading a sheet or its menus never opens a write transaction."""
from contextlib import asynccontextmanager

from engine.catalog import register_all
from tests.conftest import ALICE, GUILD


async def started_aa(service):
    register_all()
    game = await service.create_game(GUILD, ALICE, "aa1914", "One call")
    for _ in game.seats:
        await service.join(game.id, ALICE)
    await service.start(game.id, ALICE)
    return await service.game(game.id)


def count_writes(db) -> list:
    """Every write transaction opened on `db` from now on."""
    opened, real = [], db.transaction

    @asynccontextmanager
    async def watched():
        opened.append(1)
        async with real() as tx:
            yield tx
    db.transaction = watched
    return opened


async def test_a_submission_brings_the_phase_and_the_menus_of_its_sheet(service):
    game = await started_aa(service)
    phase = await service.phase(game.id)
    seat = "Austria-Hungary"
    _, menus = await service.choice_groups(game.id, ALICE, seat)
    assert menus, "the first turn of A&A has an order of loss to choose"

    sheet = await service.submit_orders(game.id, ALICE, "buy 1 infantry", seat)
    assert sheet.phase_seq == phase.seq and sheet.lines
    assert [g.key for g in sheet.menus] == [g.key for g in (await service.choice_groups(game.id, ALICE, seat))[1]]

    shown = await service.orders(game.id, ALICE, seat)
    assert shown.phase_seq == phase.seq and shown.lines == sheet.lines
    assert [g.key for g in shown.menus] == [g.key for g in sheet.menus]


async def test_reading_a_sheet_or_its_menus_opens_no_write_transaction(service, db):
    game = await started_aa(service)
    writes = count_writes(db)
    await service.orders(game.id, ALICE, "Austria-Hungary")
    await service.choice_groups(game.id, ALICE, "Austria-Hungary")
    assert writes == []
    await service.submit_orders(game.id, ALICE, "buy 1 infantry", "Austria-Hungary")
    assert writes == [1], "a submission is one transaction, its reply included"


async def test_a_sheet_of_a_paused_game_has_no_menus(service):
    game = await started_aa(service)
    await service.pause(game.id, ALICE)
    sheet = await service.orders(game.id, ALICE, "Austria-Hungary")
    assert sheet.menus == () and sheet.phase_seq == 0
