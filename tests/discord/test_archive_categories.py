"""The archive through the real bot on the fake Discord
with the README's permissions: "Archiving can overflow the 'Dispatch archive' category (Discord:
50 channels a category) ... Open a new archive category when one is full, resume an interrupted
archive on the next tick, always post the summary, and name the real cause in every error";
"Players who left lose access to the archive"; "Spectator roles are never deleted (Discord's
250-role limit): delete a game's role when its archive is done"."""
from tests.discord_world import README_PERMISSIONS, open_world, started_game
from tests.fake_discord import button_id
from tests.fake_discord.model import GUILD_CATEGORY, SEND_MESSAGES


def game_channels(world, game_id: int) -> list:
    return [c for c in world.fake.channels.values()
            if c.name.startswith((f"game-{game_id}-", f"{game_id}-")) and c.type != GUILD_CATEGORY]


async def add_channel(world, name: str, type: int = 0, parent=None):
    """A channel made by someone else on the server (the bot hears of it, as from Discord)."""
    channel = world.fake.add_channel(world.guild, name, type, parent)
    await world.fake.dispatch("CHANNEL_CREATE", channel.to_json())
    return channel


def category(world, name: str):
    return next((c for c in world.fake.channels.values() if c.type == GUILD_CATEGORY and c.name == name), None)


async def abandon(world, game_id: int) -> dict:
    public = world.public_channel(game_id)
    done = await world.slash(world.players[0], "gm abandon", game_id=game_id)
    assert "abandoned" in done.text, done.text
    return await world.harness.wait_message(public, "Final summary", timeout=15)


async def test_a_full_archive_category_gives_way_to_the_next(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        full = await add_channel(world, "Dispatch archive", GUILD_CATEGORY)
        for index in range(48):                    # room for two more channels, not for a game's
            await add_channel(world, f"old-{index}", parent=full.id)
        game_id = await started_game(world, "rx07", "Crowded")
        channels = game_channels(world, game_id)
        summary = await abandon(world, game_id)
        second = category(world, "Dispatch archive 2")
        assert second is not None, [c.name for c in world.fake.channels.values() if c.type == GUILD_CATEGORY]
        await world.harness.wait_for(lambda: all(c.parent_id == second.id for c in channels),
                                     what="every channel in the second archive")
        assert sum(1 for c in world.fake.channels.values() if c.parent_id == full.id) == 48
        assert "⚠️" not in summary["content"]
        alice = world.players[0]
        assert all(not world.fake.guild_of(c).channel_permissions(alice.id, c) & SEND_MESSAGES for c in channels)
        assert (await service.game(game_id)).archived_at is not None
        assert not world.fake.refusals, world.fake.refusals
    assert not world.fake.violations


async def test_a_server_at_500_channels_still_gets_the_summary_and_the_archive_resumes(service, clock):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        game_id = await started_game(world, "rx07", "Packed")
        channels = game_channels(world, game_id)
        full = await add_channel(world, "Dispatch archive", GUILD_CATEGORY)
        filler = [await add_channel(world, f"old-{i}", parent=full.id) for i in range(50)]
        while sum(1 for c in world.fake.channels.values() if c.guild_id == world.guild.id) < 500:
            filler.append(await add_channel(world, f"more-{len(filler)}"))
        summary = await abandon(world, game_id)
        content = summary["content"]
        assert "the server has 500 channels, the most Discord allows" in content, content
        assert "something went wrong" not in content and "check my permissions" not in content
        alice = world.players[0]
        for channel in channels:                   # not moved, but nobody writes in them any more
            assert not world.fake.guild_of(channel).channel_permissions(alice.id, channel) & SEND_MESSAGES
        assert any(code == 30013 for _, error in world.fake.refusals for code in [error.code])
        assert (await service.game(game_id)).archived_at is None

        for channel in filler[50:60]:              # an admin makes room; the archive carries on by itself
            await world.fake.delete_channel(channel)
        world.fake.refusals.clear()
        clock.advance(minutes=15)
        service.changed.set()
        second = await world.harness.wait_for(lambda: category(world, "Dispatch archive 2"), what="a new archive")
        await world.harness.wait_for(lambda: all(c.parent_id == second.id for c in channels),
                                     what="the archive resumed")
        await world.harness.wait_for(lambda: world.harness.bot is not None, what="bot")
        public = world.public_channel(game_id)
        assert sum("Final summary" in m["content"] for m in public.messages) == 1
        await world.harness.settle()
        assert (await service.game(game_id)).archived_at is not None


async def test_players_who_left_read_the_archive(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=4) as world:
        alice, bob, carol, dave = world.players
        game_id = await started_game(world, "rx07", "Relay")
        central = world.seat_channel(game_id, "Central")
        await world.slash(bob, "game leave", game_id=game_id)
        notice = await world.harness.wait_message(world.public_channel(game_id), "hand the seat over", timeout=5)
        await world.harness.click(carol, notice, button_id(notice, "Join as Central"))
        await world.harness.wait_for(lambda: not world.fake.can_see(bob, central), what="bob loses the seat")
        await abandon(world, game_id)
        await world.harness.wait_for(lambda: world.fake.can_see(bob, central), what="bob reads the archive")
        for channel in game_channels(world, game_id):
            assert world.fake.can_see(bob, channel), channel.name       # he played: he reads the archive
            assert not world.fake.guild_of(channel).channel_permissions(bob.id, channel) & SEND_MESSAGES
        assert world.fake.can_see(carol, central) and not world.fake.can_see(dave, central)
        assert not world.fake.refusals, world.fake.refusals


async def test_the_spectator_role_is_deleted_once_the_archive_is_done(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        game_id = await started_game(world, "rx07", "Gallery", options="audience=players")
        role_id = (await service.game(game_id)).spectator_role_id
        assert role_id in world.guild.roles
        await world.slash(world.players[2], "game spectate", game_id=game_id)
        await abandon(world, game_id)
        await world.harness.wait_for(lambda: role_id not in world.guild.roles, what="the Spectator role deleted")
        assert (await service.game(game_id)).archived_at is not None
        assert not world.fake.refusals, world.fake.refusals


async def test_a_category_that_fills_up_during_the_move_gives_way_to_the_next(service, monkeypatch):
    """Someone else's channels land in the archive category while the bot moves a game there:
    Discord refuses the move (50035, category full) and the bot carries on in a new category."""
    from tests.fake_discord.rest import Routes
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        full = await add_channel(world, "Dispatch archive", GUILD_CATEGORY)
        for index in range(40):
            await add_channel(world, f"old-{index}", parent=full.id)
        game_id = await started_game(world, "rx07", "Rush")
        channels = game_channels(world, game_id)
        original, filled = Routes._room_in, []

        def crowded(self, parent):
            if parent == full.id and not filled:
                filled.append(True)
                while sum(1 for c in self.fake.channels.values() if c.parent_id == full.id) < 50:
                    self.fake.add_channel(world.guild, "late", parent=full.id)
            return original(self, parent)
        monkeypatch.setattr(Routes, "_room_in", crowded)
        summary = await abandon(world, game_id)
        second = category(world, "Dispatch archive 2")
        assert second is not None and filled
        await world.harness.wait_for(lambda: all(c.parent_id == second.id for c in channels),
                                     what="every channel in the second archive")
        assert "⚠️" not in summary["content"]
        assert [e.code for _, e in world.fake.refusals] == [50035]      # the one move Discord refused
        assert (await service.game(game_id)).archived_at is not None
