"""A seat changing hands in an anonymous game moves to a fresh private channel ("who plays which
power is shown only when the game ends"): Discord shows a channel's whole history and every
author to whoever reads it, so the seat's old channel is read by nobody until the game ends.
The new channel's first message restates what the seat needs — the orders already given this
phase and the brief — and names nobody who played it before. Through the service here; through
the fake Discord with README's permissions for `/gm assign` below (the Join button: the whole
anonymous game in tests/discord/test_anonymous_game_names_nobody.py)."""
from engine.catalog import register_all
from service import Actor
from service.models import RETIRED, GameChannels
from tests.conftest import ALICE, GUILD, drain_outbox
from tests.discord_world import README_PERMISSIONS, open_world
from tests.fake_discord import member_option

POWERS = ("England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey")
PLAYERS = [Actor(10 + i, name=f"p{i}") for i in range(len(POWERS))]
SUBSTITUTE = Actor(42, name="sub")


async def anonymous_classic(service, anonymous: bool = True):
    register_all()
    game = await service.create_game(GUILD, ALICE, "classic", options={"anonymous": anonymous})
    for player, power in zip(PLAYERS, POWERS):
        await service.join(game.id, player, power)
    channels = GameChannels(500, 501, {power: 600 + i for i, power in enumerate(POWERS)}, {})
    return await service.start(game.id, ALICE, channels, GUILD)


async def test_an_anonymous_seat_taken_over_moves_to_a_fresh_channel_that_names_nobody(service):
    game = await anonymous_classic(service)
    italy = PLAYERS[3]
    await service.submit_orders(game.id, italy, "A Ven H\nF Nap - ION")
    await service.leave(game.id, italy)
    await drain_outbox(service)
    change = await service.take_seat(game.id, SUBSTITUTE, "Italy", GUILD, 777)
    assert change.previous == italy.user_id
    after = await service.game(game.id)
    assert after.seat("Italy").channel_id == 777
    retired = [room for room in await service.rooms(game.id) if room.kind == RETIRED]
    assert [(r.channel_id, r.seats) for r in retired] == [(603, ("Italy",))]
    assert retired[0].readers(after) == []                 # nobody, not even the seat's new player
    messages = await drain_outbox(service)
    welcome, = [m for m in messages if m.target == "seat:Italy"]
    assert "new private channel" in welcome.content
    assert "A Ven H" in welcome.content and "F Nap - Ion" in welcome.content       # what the seat needs
    assert str(italy.user_id) not in welcome.content and "p3" not in welcome.content
    # the public notice and every message others read name nobody
    for message in messages:
        if message.target != f"user:{italy.user_id}":
            assert f"<@{italy.user_id}>" not in message.content, message


async def test_a_seat_with_no_orders_yet_says_so_in_its_fresh_channel(service):
    game = await anonymous_classic(service)
    await service.leave(game.id, PLAYERS[1])
    await drain_outbox(service)
    await service.assign_seat(game.id, ALICE, "France", SUBSTITUTE.user_id, GUILD, 778)
    welcome, = [m for m in await drain_outbox(service) if m.target == "seat:France"]
    assert "No orders given for France yet" in welcome.content


async def test_a_game_with_named_players_keeps_the_seat_channel(service):
    """Only anonymous games move a seat: elsewhere the new player reads the seat's history."""
    game = await anonymous_classic(service, anonymous=False)
    await service.leave(game.id, PLAYERS[1])
    await service.take_seat(game.id, SUBSTITUTE, "France", GUILD)
    assert (await service.game(game.id)).seat("France").channel_id == 601
    assert not [room for room in await service.rooms(game.id) if room.kind == RETIRED]


async def test_gm_assign_in_an_anonymous_game_gives_the_substitute_a_fresh_channel_on_discord(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=8) as world:
        alice, bob, carol, dave, erin, frank, gina, hal = world.players
        created = await world.slash(alice, "game create", variant="classic", name="Masks", options="anonymous=on")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        for user, power in zip((alice, bob, carol, dave, erin, frank, gina), POWERS):
            await world.slash(user, "game join", game_id=game_id, seat=power)
        assert "has started" in (await world.slash(alice, "game start", game_id=game_id)).text
        old = world.seat_channel(game_id, "France")
        await world.say(bob, old, "A Par - Bur")
        await world.slash(bob, "game leave", game_id=game_id, channel=old)
        moved = await world.slash(alice, "gm assign", game_id=game_id, seat="France",
                                  member=member_option(hal, world.guild))
        assert "replacing its previous player" in moved.text and moved.replies[-1]["_visible_to"] == alice.id
        await world.harness.settle()
        fresh = world.seat_channel(game_id, "France")
        assert fresh.id != old.id and old.name.endswith("-before")
        assert world.fake.can_see(hal, fresh) and not world.fake.can_see(bob, fresh)
        assert not any(world.fake.can_see(p, old) for p in world.players)
        welcome = await world.harness.wait_message(fresh, "Welcome")
        assert "A Par - Bur" in welcome["content"] and str(bob.id) not in welcome["content"]
        assert all(m["author"]["id"] == str(world.fake.bot.id) for m in fresh.messages)
        # hal plays on in the fresh channel
        said = await world.say(hal, fresh, "A Mar - Spa")
        assert said and "A Mar - Spa" in said[-1]["content"]
        assert not world.fake.refusals and world.fake.ignored_ephemeral == []
