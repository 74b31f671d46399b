"""Rooms and spectators, from the problems found: "/game spectate with the Spectator role above the
bot's says 'something went wrong on our side': check the role position and say so ... /press open
silently adds the seat of the channel it was typed in; the press greeting says 'Only you and I
see it' though server admins can too." Through the fake Discord with the README's permissions,
and the seat rule at the service."""
import pytest

from engine.catalog import register_all
from service import BadInput
from tests.conftest import ALICE, BOB, GUILD
from tests.discord_world import README_PERMISSIONS, open_world, started_game


@pytest.fixture(autouse=True)
def _all_variants():
    register_all()


async def test_spectate_with_the_role_above_mine_names_the_cause(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        carol = world.players[2]
        game_id = await started_game(world, "rx07", "Gallery", options="audience=players")
        role = world.guild.roles[(await service.game(game_id)).spectator_role_id]
        role.position = world.fake.bot_role(world.guild).position + 1        # an admin dragged it up
        await world.fake.dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(world.guild.id), "role": role.to_json()})
        await world.harness.settle()
        refused = await world.slash(carol, "game spectate", game_id=game_id)
        assert "sits at or above my highest role" in refused.text and "Server Settings → Roles" in refused.text
        assert "something went wrong" not in refused.text
        assert refused.replies[-1]["_visible_to"] == carol.id
        assert role.id not in world.guild.members[carol.id]
        assert not world.fake.refusals, world.fake.refusals


async def test_press_open_says_whose_seats_and_the_greeting_names_the_admins(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Press")
        opened = await world.slash(alice, "press open", seats="Central", game_id=game_id,
                                   channel=world.public_channel(game_id))
        assert "your Entente with Central" in opened.text, opened.text
        press = world.channel(f"{game_id}-press-entente-central")
        greeting = press.messages[0]["content"]
        assert "Only you and I" not in greeting and "server's admins" in greeting, greeting
        assert not world.fake.refusals and not world.fake.violations


async def test_a_player_with_several_seats_names_which_of_them_talks(service):
    game = await service.create_game(GUILD, ALICE, "guess", options={"players": 3}, phase_hours=48)
    await service.join(game.id, ALICE, "North")
    await service.join(game.id, ALICE, "South")
    await service.join(game.id, BOB, "East")
    await service.start(game.id, ALICE)
    with pytest.raises(BadInput, match="you hold North, South in game #1: name which of them talks"):
        await service.check_press(game.id, ALICE, "East", GUILD)
    _, members = await service.check_press(game.id, ALICE, "South, East", GUILD)
    assert members == ("South", "East")
    _, members = await service.check_press(game.id, BOB, "North", GUILD)     # one seat: it is his
    assert members == ("North", "East")


async def test_a_seat_offered_in_a_players_only_game_is_advertised_where_candidates_read(service):
    """"In audience=players games the Join button posted by /game leave sits in the game
    channel, which outsiders cannot read": the leaver and the game channel are told to post it
    with `/gm advertise` in a public channel, and a candidate there takes the seat."""
    from tests.fake_discord import button_id
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=4) as world:
        alice, bob, carol, dave = world.players
        game_id = await started_game(world, "rx07", "Closed", options="audience=players")
        public = world.public_channel(game_id)
        left = await world.slash(bob, "game leave", game_id=game_id)
        assert "only its players read" in left.text and "/gm advertise" in left.text, left.text
        notice = await world.harness.wait_message(public, "hand the seat over", timeout=5)
        assert "no candidate sees this button" in notice["content"] and "`/gm advertise`" in notice["content"]
        assert not world.fake.can_see(carol, public)
        advert = await world.slash(alice, "gm advertise", game_id=game_id)          # typed in #general
        posted = advert.replies[-1]
        assert posted["channel_id"] == str(world.general.id) and "Only this game's players" not in posted["content"]
        taken = await world.harness.click(carol, posted, button_id(posted, "Join as Central"))
        assert "You now hold **Central**" in taken.text, taken.text
        await world.harness.wait_for(lambda: world.fake.can_see(carol, public), what="carol reads the game channel")
        assert not world.fake.can_see(dave, public)
        assert not world.fake.refusals and not world.fake.violations


def test_discords_refusals_are_named_not_something_went_wrong():
    """"name the real cause in every error (full category, 500-channel server limit, role
    above the bot's)" — the one place a Discord refusal becomes words."""
    import discord

    from cogs.common import error_text

    class Response:
        status, reason = 400, "Bad Request"

    def refusal(code: int, message: str, status: int = 400) -> discord.HTTPException:
        Response.status = status
        return discord.HTTPException(Response(), {"code": code, "message": message})

    assert "500 channels, the most Discord allows" in error_text(refusal(30013, "Maximum number of guild channels"))
    assert "250 roles" in error_text(refusal(30005, "Maximum number of guild roles"))
    full = refusal(50035, "Invalid Form Body: parent_id: Maximum number of channels in category reached (50)")
    assert "its category is full (Discord allows 50 channels a category)" in error_text(full)
    assert "sits above my highest role" in error_text(refusal(50013, "Missing Permissions", 403))
    assert all("something went wrong" not in error_text(refusal(code, "x")) for code in (30013, 30005, 50013, 50001))
