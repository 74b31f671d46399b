"""A new server as an admin sets it up: missing permissions, a slow network, names that ping,
substitutes with and without Manage Roles, and a game from another server."""
from tests.discord_world import README_PERMISSIONS, open_world, started_game
from tests.fake_discord import member_option
from tests.fake_discord import MANAGE_CHANNELS, MANAGE_ROLES


async def test_start_with_only_manage_channels_names_what_is_missing_and_changes_nothing(service):
    async with open_world(service, bot_permissions=MANAGE_CHANNELS) as world:
        alice, bob = world.players
        await world.slash(alice, "game create", variant="rx07", name="War")
        await world.slash(alice, "game join", game_id=1)
        await world.slash(bob, "game join", game_id=1)
        channels_before = set(world.fake.channels)
        answer = await world.slash(alice, "game start", game_id=1)
        # @everyone lets every member (the bot too) read, write and attach: only Manage Roles lacks.
        assert "missing **Manage Roles**" in answer.text and "Send Messages" not in answer.text
        assert "Nothing was changed" in answer.text
        assert set(world.fake.channels) == channels_before          # nothing created
        assert (await service.game(1)).status == "forming"           # and the game did not start
        assert not world.fake.refusals                                # the bot asked nothing Discord refuses


async def test_every_missing_permission_is_named(service):
    async with open_world(service, bot_permissions=0, everyone=0) as world:
        alice, bob = world.players
        await world.slash(alice, "game create", variant="rx07", name="War")
        await world.slash(alice, "game join", game_id=1)
        await world.slash(bob, "game join", game_id=1)
        answer = await world.slash(alice, "game start", game_id=1)
        for name in ("View Channels", "Manage Channels", "Manage Roles", "Send Messages", "Embed Links",
                     "Attach Files", "Read Message History"):
            assert f"**{name}**" in answer.text
        assert (await service.game(1)).status == "forming" and not world.fake.refusals


async def test_eight_seat_start_on_a_slow_network_answers_in_time(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=8, latency=0.3) as world:
        game_id = await started_game(world, "aa1914", "Slow Start")
        start = [i for i in world.fake.interactions.values() if i.data["options"][0]["name"] == "start"][0]
        assert start.response_type == 5 and not start.refusals       # deferred at once, then followed up
        game = await service.game(game_id)
        assert game.status == "active" and all(s.channel_id for s in game.seats)
        public = world.public_channel(game_id)
        await world.harness.wait_message(public, "seed commitment", timeout=10)
        assert not world.fake.refusals and not world.fake.violations


async def test_a_game_named_everyone_pings_nobody(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        game_id = await started_game(world, "rx07", "@everyone @here")
        public = world.public_channel(game_id)
        await world.harness.wait_message(public, "seed commitment", timeout=5)
        await world.slash(world.players[1], "game status", game_id=game_id)
        await world.slash(world.players[0], "gm abandon", game_id=game_id)
        await world.harness.wait_message(public, "abandoned", timeout=5)
        assert not world.fake.violations
        everyone = [p for _, p in world.fake.pings if p.everyone]
        assert not everyone
        # Only the one player a brief is for is ever notified.
        for message_id, pings in world.fake.pings:
            assert len(pings.users) <= 1


async def test_substitute_moves_the_seat_channel_and_tells_everyone(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        game_id = await started_game(world, "rx07", "Sub")
        central = world.seat_channel(game_id, "Central")
        assert world.fake.can_see(bob, central) and not world.fake.can_see(carol, central)
        refused = await world.slash(alice, "gm assign", game_id=game_id, seat="Central",
                                    member=member_option(carol, world.guild))
        assert "has not agreed to hand it over" in refused.text      # never taken from a playing player
        offered = await world.slash(bob, "game leave", game_id=game_id)
        assert "offered to a substitute" in offered.text, offered.text
        answer = await world.slash(alice, "gm assign", game_id=game_id, seat="Central",
                                   member=member_option(carol, world.guild))
        assert "now holds **Central**" in answer.text, answer.text
        assert world.fake.can_see(carol, central) and not world.fake.can_see(bob, central)
        assert (await service.game(game_id)).seat("Central").user_id == carol.id
        public = world.public_channel(game_id)
        await world.harness.wait_message(public, "as **Central**", timeout=5)
        await world.harness.wait_message(central, "Welcome", timeout=5)
        await world.harness.wait_for(lambda: any("no longer see" in t for t in world.dms(bob)), timeout=5)
        assert not world.fake.refusals and not world.fake.violations


async def test_substitute_without_manage_roles_is_refused_and_nothing_changes(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        game_id = await started_game(world, "rx07", "Sub")
        await world.slash(bob, "game leave", game_id=game_id)
        await world.fake.set_role_permissions(world.guild, world.fake.bot_role(world.guild),
                                              README_PERMISSIONS & ~MANAGE_ROLES)
        await world.harness.settle()
        answer = await world.slash(alice, "gm assign", game_id=game_id, seat="Central",
                                   member=member_option(carol, world.guild))
        assert "Manage Roles" in answer.text and "Nothing was changed" in answer.text
        central = world.seat_channel(game_id, "Central")
        assert world.fake.can_see(bob, central) and not world.fake.can_see(carol, central)
        assert (await service.game(game_id)).seat("Central").user_id == bob.id
        assert not world.fake.refusals


async def test_a_game_of_another_server_cannot_be_reached(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        game_id = await started_game(world, "rx07", "Ours")
        other = world.fake.add_guild("Elsewhere", carol, bot_permissions=README_PERMISSIONS)
        world.fake.add_member(other, alice)
        await world.harness.stop()
        await world.harness.start()                       # the bot joins the second server
        elsewhere = world.fake.channel_named(other, "general")
        for path, options in (("gm assign", dict(game_id=game_id, seat="Central",
                                                   member=member_option(alice, other))),
                              ("game status", dict(game_id=game_id)),
                              ("game export", dict(game_id=game_id)),
                              ("map", dict(game_id=game_id))):
            answer = await world.harness.slash(carol, elsewhere, path, **options)
            assert f"no game #{game_id} on this server" in answer.text, (path, answer.text)
        assert (await service.game(game_id)).seat("Central").user_id == bob.id


async def test_an_admin_sets_limits_exports_deletes_and_imports_a_game(service):
    """The server-admin commands through Discord, with exactly the README's permissions."""
    import gzip
    import json
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice, bob = world.players
        owner = world.owner                                   # the server owner is an administrator
        settings = await world.slash(owner, "game settings", hours=24, shortest=6, per_user=3, per_server=20,
                                     reminders="12 1")
        assert settings.ephemeral and "24h per phase" in settings.text and "at least 6h" in settings.text
        game_id = await started_game(world, "rx07", "Archive")
        running = await world.slash(bob, "game export", game_id=game_id)
        assert running.ephemeral and "every adjudicated phase" in running.text
        name, packed = running.files[0]
        assert name == f"game-{game_id}.json.gz" and json.loads(gzip.decompress(packed))["complete"] is False
        refused = await world.slash(owner, "game delete", game_id=game_id)
        assert "abandon it first" in refused.text
        await world.slash(alice, "gm abandon", game_id=game_id)
        finished = await world.slash(alice, "game export", game_id=game_id)
        _, packed = finished.files[0]
        assert json.loads(gzip.decompress(packed))["complete"] is True
        deleted = await world.slash(owner, "game delete", game_id=game_id)
        assert f"Deleted the record of game #{game_id}" in deleted.text
        imported = await world.slash(owner, "game import",
                                     file=world.fake.attachment(f"game-{game_id}.json.gz", packed))
        assert imported.ephemeral and "Imported as game" in imported.text, imported.text
        assert not world.fake.refusals and not world.fake.violations
