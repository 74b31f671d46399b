"""Who sees which orders, server boundaries, input ranges, limits, and the clock."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from console import Console
from engine.catalog import register_all
from service import Actor, ServiceError
from service.errors import BadInput, BadState, NotFound
from service.models import CONSOLE_GUILD
from tests.conftest import ADMIN, ALICE, BOB, CAROL, GUILD


async def started(service, variant="guess", creator=ALICE, players=(ALICE, BOB), guild=GUILD, **options):
    game = await service.create_game(guild, creator, variant, options=options)
    for player in players:
        await service.join(game.id, player)
    return await service.start(game.id, creator)


# ---------------------------------------------------------------- visibility
async def test_open_orders_are_visible_only_to_their_seat_until_adjudicated(service):
    game = await started(service, creator=CAROL)                 # carol is the GM, not seated
    await service.submit_orders(game.id, ALICE, "guess 4")
    for viewer in (BOB, CAROL, ADMIN, None):
        data = await service.export(game.id, viewer)
        assert "North" not in data["phases"][0]["orders"]
        assert not [e for e in data["events"] if e["kind"] == "orders"]
        assert "seed" not in data["game"]
    mine = await service.export(game.id, ALICE)
    assert mine["phases"][0]["orders"]["North"]["lines"] == ["guess 4"]
    await service.adjudicate(game.id)
    for viewer in (BOB, CAROL, None):
        data = await service.export(game.id, viewer)
        assert data["phases"][0]["orders"]["North"]["lines"] == ["guess 4"]     # adjudicated: public
        assert "seed" not in data["game"]


async def test_maps_draw_only_adjudicated_orders(service, monkeypatch):
    from service import maps
    drawn = []
    monkeypatch.setattr(maps, "render_map", lambda variant, state, orders, *rest: drawn.append(orders) or b"png")
    game = await started(service)
    await service.submit_orders(game.id, ALICE, "guess 4")
    await maps.phase_map(service, game.id)
    assert drawn[-1] is None                              # the open phase: no orders at all
    await service.submit_orders(game.id, BOB, "guess 2")
    await service.adjudicate(game.id)
    await service.submit_orders(game.id, ALICE, "guess 5")
    await maps.phase_map(service, game.id)
    assert drawn[-1] == {"North": ["guess 4"], "South": ["guess 2"]}   # the phase that led here


async def test_secret_reserve_placements_stay_sealed_from_everyone_else(service):
    register_all()
    players = [Actor(100 + i) for i in range(8)]
    game = await service.create_game(GUILD, ADMIN, "aa1914", options={"deploy_reserves": "on"})
    for player in players:
        await service.join(game.id, player)
    await service.start(game.id, ADMIN)
    phase = await service.phase(game.id)
    seat = next(s.seat for s in game.seats if s.seat != "United States")
    holder = players[[s.seat for s in game.seats].index(seat)]
    where = next(u["where"] for u in phase.state["units"] if u["owner"] == seat and u["type"] == "infantry")
    await service.submit_orders(game.id, holder, f"place 1 infantry {where}", seat)
    for viewer in (players[-1], ADMIN):
        data = await service.export(game.id, viewer)
        assert seat not in data["phases"][-1]["orders"]
        assert not [e for e in data["events"] if e["kind"] == "orders" and e["payload"]["seat"] == seat]
    assert seat in (await service.export(game.id, holder))["phases"][-1]["orders"]


# ---------------------------------------------------------------- boundaries and inputs
async def test_another_servers_game_cannot_be_assigned_or_started(service):
    game = await service.create_game(GUILD, ADMIN, "guess")
    with pytest.raises(NotFound, match="on this server"):
        await service.assign_seat(game.id, ADMIN, "North", 5, guild_id=GUILD + 1)
    with pytest.raises(NotFound, match="on this server"):
        await service.check_start(game.id, ADMIN, guild_id=GUILD + 1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(number=st.one_of(st.integers(), st.floats(allow_nan=True, allow_infinity=True),
                        st.text(max_size=30)))
async def test_game_numbers_of_any_size_get_a_clear_answer(service, number):
    try:
        await service.game(number)
    except ServiceError as exc:
        assert len(str(exc)) < 200
    try:
        await service.phase(1, number)
    except ServiceError:
        pass


@pytest.mark.parametrize("bad", ["nan", "inf", "-inf", "-3", "0", "1e400", "abc"])
async def test_reminder_and_phase_hours_must_be_finite_and_positive(service, bad):
    with pytest.raises(BadInput):
        await service.set_guild_settings(GUILD, ADMIN, reminder_hours=[bad])
    with pytest.raises(BadInput):
        await service.set_guild_settings(GUILD, ADMIN, phase_hours=bad)
    game = await started(service)                       # and later starts still work
    assert game.status == "active"


async def test_the_console_survives_huge_numbers_surrogates_and_long_input(service, tmp_path):
    printed = []
    console = Console(service, tmp_path, write=printed.append)
    for line in ("game status 123456789012345678901234567890", "map 99999999999999999999",
                 "orders 1 \ud800 A Par - Bur", "game create " + "x" * 5000, "game status -1",
                 "game join 1 " + "y" * 3000):
        out = await console.execute(line)
        assert out and all(len(text) < 800 for text in out)
    for text in printed:
        text.encode("utf-8")                            # printable


# ---------------------------------------------------------------- limits
async def test_server_limits_refuse_clearly(service):
    await service.set_guild_settings(GUILD, ADMIN, min_phase_hours=6, max_games_per_user=2, max_games_per_server=3)
    with pytest.raises(BadInput, match="at least 6h"):
        await service.create_game(GUILD, ALICE, "guess", phase_hours=1)
    await service.create_game(GUILD, ALICE, "guess")
    await service.create_game(GUILD, ALICE, "guess")
    with pytest.raises(BadState, match="already run 2 open games"):
        await service.create_game(GUILD, ALICE, "guess")
    await service.create_game(GUILD, BOB, "guess")
    with pytest.raises(BadState, match="already has 3 open games"):
        await service.create_game(GUILD, CAROL, "guess")
    await service.create_game(GUILD + 1, CAROL, "guess")          # another server is not affected


# ---------------------------------------------------------------- the clock
async def test_one_failing_game_never_blocks_the_others(service, clock, monkeypatch):
    broken = await started(service)
    healthy = await service.create_game(GUILD, BOB, "guess")
    await service.join(healthy.id, ALICE)
    await service.join(healthy.id, BOB)
    await service.start(healthy.id, BOB)
    await service.set_policy(broken.id, ALICE, excused_misses=0)      # deadlines here adjudicate at once
    await service.set_policy(healthy.id, BOB, excused_misses=0)
    from tests.toy_variant import GuessVariant
    real = GuessVariant.adjudicate

    def adjudicate(self, state, orders, rng):
        if state["options"].get("target") == 3 and state.get("broken"):
            raise RuntimeError("engine bug")
        return real(self, state, orders, rng)
    monkeypatch.setattr(GuessVariant, "adjudicate", adjudicate)
    from service.models import encode_state
    phase = await service.phase(broken.id)
    async with service.db.transaction() as conn:          # mark the first game's state as the bad one
        await conn.execute("UPDATE phases SET state=? WHERE id=?", (encode_state({**phase.state, "broken": True}),
                                                                     phase.id))
    clock.advance(hours=49)
    await service.tick()
    assert (await service.phase(healthy.id)).seq == 1           # adjudicated despite the other
    assert (await service.phase(broken.id)).seq == 0
    notes = [m for m in await service.pending_messages(100) if m.target == "gm"]
    assert notes and "needs attention" in notes[0].content
    # the same orders and dice fail the same way, so the clock does not retry by itself;
    # the game waits for its GM (adjudicate again, extend, roll back) instead of failing every tick
    row = await service.db.fetchone("SELECT COUNT(*) AS n FROM reminders WHERE game_id=? AND kind='deadline' "
                                    "AND done_at IS NULL", (broken.id,))
    assert row["n"] == 0 and await service.needs_attention(broken.id) == phase.id
    await service.tick()                                       # not due yet: no second note
    assert len([m for m in await service.pending_messages(100) if m.target == "gm"]) == 1


async def test_pausing_keeps_the_time_left_whatever_the_clock_does(service, clock):
    game = await started(service)
    clock.advance(hours=10)
    await service.pause(game.id, ALICE)
    clock.advance(hours=72)                           # a clock corrected (or days pass) while paused
    await service.resume(game.id, ALICE)
    phase = await service.phase(game.id)
    assert (phase.deadline - clock()).total_seconds() == 38 * 3600


async def test_the_console_fires_deadlines_by_itself(service, clock, tmp_path):
    import asyncio
    printed = []
    said = asyncio.Event()

    def write(text):
        printed.append(text)
        said.set()
    console = Console(service, tmp_path, write=write)
    game = await started(service, creator=ALICE, guild=CONSOLE_GUILD)
    await service.set_policy(game.id, ALICE, excused_misses=0)
    await console.execute("")
    task = asyncio.create_task(console.clock.run())
    try:
        clock.advance(hours=49)
        service.changed.set()
        async def adjudicated():              # each line the console prints is a chance to look
            while not any("adjudicated (deadline)" in text for text in printed):
                said.clear()
                await said.wait()
        await asyncio.wait_for(adjudicated(), timeout=10)
        assert any("adjudicated (deadline)" in text for text in printed)
        assert (await service.phase(game.id)).seq == 1
    finally:
        task.cancel()


async def test_rules_show_the_options_in_force(service, tmp_path):
    register_all()
    console = Console(service, tmp_path, write=lambda _: None)
    await console.execute("game create aa1914 name=Trucks trucks=on")
    out = await console.execute("rules 1")
    assert "Tournament Rules" in out[0] and "2.1/3.1 Standard Trucks" in out[0]
    assert "Deploy the Reserves" not in out[0]
    out = await console.execute("rules rx07")
    assert "5. After the Spring 1917 move Russia is in civil disorder" in out[0]
