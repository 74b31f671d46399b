"""Player tools at the service and console level: notifications a player controls,
history a player can read, help for one command, and a console twin for every component."""
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from console import Console
from engine.catalog import register_all
from engine.variant import get_variant
from service import BadInput
from service.history import history_text, last_headlines
from service.suggest import order_suggestions, rank
from service.text import game_status
from tests.conftest import ALICE, BOB, GUILD, drain_outbox
from tests.positions import france_owes_two_builds


async def _started(service, variant="guess", **options):
    game = await service.create_game(GUILD, ALICE, variant, options=options, phase_hours=48)
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    return await service.start(game.id, ALICE)


async def test_notify_dm_when_a_phase_opens_and_quiet_means_no_ping(service):
    """"`/notify` per player — DM when a phase opens ... quiet (only the seat channel) —
    stored per user"."""
    await service.set_notify(ALICE.user_id, dm_phase=True)
    await service.set_notify(BOB.user_id, quiet=True)
    game = await _started(service)
    sent = await drain_outbox(service)
    north = next(m for m in sent if m.target == "seat:North")
    south = next(m for m in sent if m.target == "seat:South")
    assert north.ping_user == ALICE.user_id and south.ping_user is None
    dms = [m for m in sent if m.target.startswith("user:")]
    assert [m.target for m in dms] == [f"user:{ALICE.user_id}"] and "has begun for North" in dms[0].content
    assert (await service.notify_settings(BOB.user_id)).quiet
    assert game.status == "active"


async def test_own_reminder_times_name_what_is_missing(service, clock):
    """"reminder lead times ... reminders name exactly what is missing for that seat"."""
    await service.set_notify(ALICE.user_id, reminders="3")
    game = await _started(service)
    await drain_outbox(service)
    clock.advance(hours=24, seconds=1)                   # the game's 24h reminder: Bob only
    await service.tick()
    sent = await drain_outbox(service)
    assert [m.target for m in sent] == ["seat:South"] and "no orders yet" in sent[0].content
    clock.advance(hours=21)                              # 3h before: Alice's own reminder
    await service.tick()
    sent = await drain_outbox(service)
    assert [m.target for m in sent] == ["seat:North"] and "Still open for North" in sent[0].content
    assert game.id


async def test_notify_refuses_nonsense_and_changes_nothing(service):
    await service.set_notify(ALICE.user_id, reminders="24 2")
    with pytest.raises(BadInput, match="not a list of hours"):
        await service.set_notify(ALICE.user_id, reminders="soon")
    with pytest.raises(BadInput, match="up to five"):
        await service.set_notify(ALICE.user_id, reminders="1 2 3 4 5 6")
    assert (await service.notify_settings(ALICE.user_id)).reminder_hours == (24.0, 2.0)
    assert (await service.set_notify(ALICE.user_id, reminders="game")).reminder_hours is None


async def test_history_tells_every_seats_orders_and_the_results(service):
    """"`/history [phase]` shows any past phase's orders of every seat and their results";
    "`/game status` gains the last phase's headline results". The open phase stays secret."""
    game = await _started(service)
    with pytest.raises(BadInput, match="no adjudicated phase yet"):
        await history_text(service, game.id)
    await service.submit_orders(game.id, ALICE, "guess 3")
    await service.submit_orders(game.id, BOB, "guess 5")
    await service.mark_ready(game.id, ALICE)
    await service.mark_ready(game.id, BOB)
    await service.submit_orders(game.id, ALICE, "guess 4")      # the open phase: secret
    text, seq = await history_text(service, game.id)
    assert seq == 0 and "**North** ordered:\n• `guess 3`" in text and "**South** ordered:\n• `guess 5`" in text
    assert "guess 4" not in text and "**Results**" in text
    headline = await last_headlines(service, game.id)
    assert headline and headline.startswith("Last phase (")
    assert headline in await game_status(service, await service.game(game.id))


async def test_console_twins_of_the_components(service):
    """"every slash command and component action has a console twin (a button is a typed
    word there)": suggest (autocomplete), choices/pick (menus), ready confirm (Ready anyway),
    history, notify."""
    register_all()
    console = Console(service, write=lambda _: None)
    await console.execute("as alice")
    created = await console.execute("game create rx07 name=Console")
    game_id = int(created[0].split("#")[1].split()[0])
    await console.execute(f"game join {game_id} Entente")
    await console.execute("as bob")
    await console.execute(f"game join {game_id} Central")
    await console.execute("as alice")
    await console.execute(f"game start {game_id}")
    found = await console.execute(f"suggest {game_id} A Par - B")
    assert "A Par - Bur" in found[0]
    assert "no choice from a menu" in (await console.execute(f"choices {game_id}"))[0]
    await console.execute(f"order {game_id} A Par - Bur")
    refused = await console.execute(f"ready {game_id}")
    assert "not marked ready" in refused[0]
    assert "is ready" in (await console.execute(f"ready {game_id} confirm"))[0]
    changed = await console.execute(f"order {game_id} A Mar H")
    assert "took that back" in changed[0]
    assert "no adjudicated phase" in (await console.execute(f"history {game_id}"))[0]
    assert "a direct message when a phase opens" in (await console.execute("notify dm on"))[0]
    assert "not understood" in (await console.execute("notify loudly"))[0]
    assert (await console.execute("help pick"))[0].strip().startswith("pick ID")         # /help command:
    assert "no console command" in (await console.execute("help teleport"))[0]


async def test_console_pick_settles_a_build_menu(service):
    register_all()
    console = Console(service, write=lambda _: None)
    await console.execute("as alice")
    game_id = int((await console.execute("game create rx07 name=Builds"))[0].split("#")[1].split()[0])
    await console.execute(f"game join {game_id} Entente")
    await console.execute("as bob")
    await console.execute(f"game join {game_id} Central")
    await console.execute("as alice")
    await console.execute(f"game start {game_id}")
    await france_owes_two_builds(service, game_id)
    menus = (await console.execute(f"choices {game_id}"))[0]
    assert "build/France" in menus and "Build A Par" in menus
    picked = await console.execute(f"pick {game_id} build/France Build A Par; Build F Bre")
    assert "✓ `Build A Par`" in picked[0] and "✓ `Build F Bre`" in picked[0]
    wrong = await console.execute(f"pick {game_id} build/France Build A Mun")
    assert "pick 1 to 2" in wrong[0]


def test_autocomplete_ranks_moves_before_supports_naming_them():
    lines = ["A Mar S A Par - Bur", "A Par - Bur", "A Par H"]
    assert rank(lines, "par bur") == ["A Par - Bur", "A Mar S A Par - Bur"]
    assert rank(lines, "A Par") == ["A Par - Bur", "A Par H", "A Mar S A Par - Bur"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(typed=st.text(max_size=80))
async def test_random_text_never_breaks_suggestions(service, typed):
    """Property: whatever is typed, suggestions are at most 25 legal orders, never an error."""
    register_all()
    games = [g for g in await service.list_games(GUILD) if g.variant == "rx07"]
    if games:
        game = games[0]            # hypothesis reuses the fixture's service for every example
    else:
        game = await service.create_game(GUILD, ALICE, "rx07", phase_hours=48)
        await service.join(game.id, ALICE, "Entente")
        await service.join(game.id, BOB, "Central")
        await service.start(game.id, ALICE)
    found = await order_suggestions(service, game.id, ALICE, None, typed)
    assert len(found) <= 25 and all(len(line) <= 100 for line in found)


def test_name_choices_complete_places_and_units():
    register_all()
    aa = get_variant("aa1914")
    state = aa.initial_state({}, random.Random(1))
    assert "Silesia" in aa.name_choices(state, "sil") and aa.name_choices(state, "inf") == ["infantry"]
    assert aa.name_choices(state, "Berln") == ["Berlin"]
    rx07 = get_variant("rx07")
    assert rx07.name_choices(rx07.initial_state({}, random.Random(1)), "burg") == ["Bur (Burgundy)"]


def test_sea_battle_conditions_are_a_menu_once_a_move_starts_the_battle():
    """"sea-battle break-off/retreat conditions as selects" — the attacker may break off
    or retreat; a menu appears for a zone the sheet's moves attack, each option legal with them."""
    register_all()
    aa = get_variant("aa1914")
    state = aa.initial_state({}, random.Random(1))
    assert [g.key for g in aa.choice_groups(state, "Austria-Hungary", [])] == ["casualties/land"]
    move = "move 1 cruiser SZ 18 - SZ 17"
    groups = {g.key: g for g in aa.choice_groups(state, "Austria-Hungary", [move])}
    sea = groups["sea/SZ 17"]
    assert "break off SZ 17 after 2" in sea.options and "retreat SZ 17 to SZ 18 after 1" in sea.options
    for option in sea.options:
        aa.check_orders(state, "Austria-Hungary", [option], [move])
    assert "sea/SZ 17" not in {g.key for g in aa.choice_groups(state, "Russia", [move])}
