"""At the service level: bot seats from the start, secrecy of the bot's orders
until adjudication, a person taking a bot seat, bots never voting, a rollback replaying the
same bot orders, and variants without a bot refusing clearly."""
import pytest

from engine.catalog import register_all
from service import BadInput, BadState, Forbidden
from service.seats import seats_text
from service.text import game_status
from tests.conftest import ADMIN, ALICE, BOB, GUILD, drain_outbox


@pytest.fixture(autouse=True)
def catalog():
    register_all()


async def solo(service, bots="Central", seat="Entente"):
    game = await service.create_game(GUILD, ALICE, "rx07", bots=bots)
    await service.join(game.id, ALICE, seat)
    return await service.start(game.id, ALICE)


async def test_a_solo_game_against_the_bot_plays_when_the_person_is_ready(service):
    game = await solo(service)
    assert game.seat("Central").bot == "normal" and game.seat("Central").user_id is None
    before = await drain_outbox(service)
    await service.tick()                                   # the clock lets the bot play the phase
    phase = await service.phase(game.id)
    ready = await service.readiness(game.id)
    assert ready == {"Entente": False, "Central": True}
    sheet = (await service.store.order_sheets(phase.id))["Central"]
    assert sheet.lines and sheet.ready and sheet.submitted_by is None
    # secrecy: nothing the bot ordered is in any message before the adjudication
    told = [m.content for m in before + await drain_outbox(service)]
    moves = [line for line in sheet.lines if " - " in line]
    assert moves and not any(line in text for line in moves for text in told)
    status = await game_status(service, await service.game(game.id), ALICE.user_id)
    assert "Central: 🤖 bot (normal)" in status
    assert "🤖 bot (normal)" in seats_text(await service.game(game.id), await service.seat_history(game.id))
    # the person is ready: adjudicated at once, and the bot's orders and reasons go to its seat
    await service.submit_orders(game.id, ALICE, "\n".join((await service.example_orders(game.id, ALICE))[:1]))
    _, new_phase = await service.mark_ready(game.id, ALICE, confirm=True)
    assert new_phase is not None and new_phase.seq == 1
    after = await drain_outbox(service)
    reasons = [m.content for m in after if m.target == "seat:Central" and "🤖" in m.content]
    assert len(reasons) == 1 and all(f"`{line}`" in reasons[0] for line in sheet.lines)
    assert reasons[0].count(" — ") == len(sheet.lines)        # each order with its reason
    await service.tick()
    assert (await service.readiness(game.id))["Central"] is True    # the next phase is ordered too


async def test_the_bot_orders_with_seeds_of_the_game_and_phase_so_a_rollback_replays_them(service):
    game = await solo(service)
    await service.tick()
    await service.mark_ready(game.id, ALICE, confirm=True)
    await service.tick()
    current = await service.phase(game.id)
    ordered = {}
    for seq in range(current.seq + 1):
        phase = await service.phase(game.id, seq)
        ordered[seq] = (await service.store.order_sheets(phase.id)).get("Central")
    await service.rollback(game.id, ADMIN)
    reopened = await service.phase(game.id)
    assert reopened.seq < current.seq and ordered[reopened.seq] is not None
    assert (await service.readiness(game.id))["Central"] is False     # nobody is ready after a rollback
    await service.tick()
    again = (await service.store.order_sheets(reopened.id))["Central"]
    assert again.ready and again.lines == ordered[reopened.seq].lines


async def test_bot_seats_need_no_person_but_a_game_needs_one(service):
    game = await service.create_game(GUILD, ALICE, "rx07", bots="Entente, Central")
    assert game.open_seats == [] and game.bot_seats == ["Entente", "Central"]
    with pytest.raises(BadState, match="only bots"):
        await service.start(game.id, ALICE)


async def test_bots_at_creation_are_checked_before_anything_is_written(service):
    with pytest.raises(BadInput, match="has no seat `Prussia`"):
        await service.create_game(GUILD, ALICE, "rx07", bots="Prussia")
    with pytest.raises(BadInput, match="not `brilliant`"):
        await service.create_game(GUILD, ALICE, "rx07", bots="Central", bot_level="brilliant")
    with pytest.raises(BadInput, match="has no bot yet"):
        await service.create_game(GUILD, ALICE, "guess", bots="North")
    assert await service.list_games(GUILD) == []


async def test_the_gm_gives_a_seat_to_a_bot_before_the_start_and_takes_it_back(service):
    game = await service.create_game(GUILD, ALICE, "rx07")
    await service.join(game.id, ALICE, "Entente")
    with pytest.raises(Forbidden):
        await service.set_bot_seat(game.id, BOB, "Central")
    with pytest.raises(BadState, match="held by"):
        await service.set_bot_seat(game.id, ALICE, "Entente")
    assert await service.set_bot_seat(game.id, ALICE, "central", "easy") == "Central"
    assert (await service.game(game.id)).seat("Central").bot == "easy"
    await service.set_bot_seat(game.id, ALICE, "Central", "off")
    assert (await service.game(game.id)).open_seats == ["Central"]
    with pytest.raises(BadState, match="not played by a bot"):
        await service.set_bot_seat(game.id, ALICE, "Central", "off")
    await service.set_bot_seat(game.id, ALICE, "Central")
    await service.start(game.id, ALICE)
    with pytest.raises(BadState):
        await service.set_bot_seat(game.id, ALICE, "Central", "off")        # only before the start


async def test_a_person_joins_a_bot_seat_before_the_start(service):
    game = await service.create_game(GUILD, ALICE, "rx07", bots="Central")
    await service.join(game.id, BOB, "Central")
    assert (await service.game(game.id)).seat("Central").bot is None


async def test_a_person_takes_over_a_bot_seat_through_join_and_the_bot_stops(service):
    game = await solo(service)
    await service.tick()
    # the bot plays it: not open until the GM offers it by naming it in an open-seat notice
    assert "Central" not in (await service.game(game.id)).substitute_wanted
    with pytest.raises(BadState, match="played by the bot and has not been offered"):
        await service.take_seat(game.id, BOB, "Central", GUILD)
    assert await service.advertise(game.id, ALICE, "Central") == ["Central"]
    assert "Central" in (await service.game(game.id)).substitute_wanted
    change = await service.take_seat(game.id, BOB, "Central", GUILD)
    assert change.holder == BOB.user_id
    game = await service.game(game.id)
    assert game.seat("Central").bot is None and game.bot_seats == []
    # the bot's sheet of this phase stays (Bob may change it); from now on Bob orders
    await service.mark_ready(game.id, ALICE, confirm=True)
    await service.mark_ready(game.id, BOB, confirm=True)
    await service.tick()
    assert await service.readiness(game.id) == {"Entente": False, "Central": False}


async def test_bots_never_vote(service):
    game = await solo(service)
    await service.tick()
    tally = await service.vote(game.id, ALICE, "pause")
    assert tally.electorate == ("Entente",) and tally.passed


async def test_a_variant_without_a_bot_refuses_bots_clearly(service):
    game = await service.create_game(GUILD, ALICE, "guess")
    with pytest.raises(BadInput, match="has no bot yet: a seat can only be played by a person"):
        await service.set_bot_seat(game.id, ALICE, "North")
    with pytest.raises(BadInput, match="has no bot yet"):
        await service.set_policy(game.id, ALICE, absent="bot")
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    await service.start(game.id, ALICE)
    with pytest.raises(BadInput, match="has no bot yet"):
        await service.hint(game.id, ALICE)


async def test_the_final_summary_names_the_bot_seats_and_the_export_comes_back(service):
    game = await solo(service)
    await service.tick()
    await service.abandon(game.id, ALICE)
    summary = [m.content for m in await drain_outbox(service) if m.target == "archive"]
    assert summary and "Central: 🤖 bot (normal)" in summary[0] and f"Entente: <@{ALICE.user_id}>" in summary[0]
    _, packed = await service.export_file(game.id, ALICE)
    back = await service.import_file(GUILD + 1, ADMIN, packed)
    assert back.status == "abandoned" and back.seat("Central").user_id is None


async def test_maps_name_the_seats_the_bot_plays(service):
    """"Bot seats are marked 🤖 in `/game status`, maps and the archive summary"
    (the map's title names them: its font has no emoji)."""
    from service.maps import _results_orders, map_title
    game = await solo(service)
    _, _, label = await _results_orders(service, game, 0)
    assert "· played by the bot: Central" in label
    people = await service.create_game(GUILD, ALICE, "rx07")
    assert "bot" not in map_title(people, "Spring 1914")
    crowd = await service.create_game(GUILD, ALICE, "classic", bots="England, France, Germany, Italy, Turkey")
    assert map_title(crowd, "Spring 1901").endswith("Spring 1901 · 5 seats played by the bot")
