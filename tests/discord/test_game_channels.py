"""The channels a started game gets, and who can see them."""
import discord

from pathlib import Path

from cogs.channels import create_game_channels
from cogs.permissions import LABELS, NEEDED, REQUIRED
from service.models import GameInfo, SeatInfo


ROOT = Path(__file__).resolve().parents[2]


class RecordingGuild:
    """Records every channel created and the permission overwrites it was given."""

    def __init__(self):
        self.default_role = discord.Object(id=1)
        self.members = {11: discord.Object(id=11), 12: discord.Object(id=12)}
        self.created = []

    def get_member(self, user_id):
        return self.members.get(user_id)

    async def create_category(self, name, overwrites):
        self.created.append(("category", name, overwrites, None))
        return discord.Object(id=100)

    async def create_text_channel(self, name, category, overwrites, topic):
        self.created.append(("text", name, overwrites, category.id))
        return discord.Object(id=100 + len(self.created))


def game():
    return GameInfo(7, 1, "Great War", "guess", {}, "active", 11, "h", 48, (24, 1), None, None, 1, None,
                    (), "", None, None, (SeatInfo("Entente", 11, None), SeatInfo("Central", 12, None)))


async def test_each_seat_channel_is_visible_only_to_its_player_and_the_bot():
    guild = RecordingGuild()
    bot_member = discord.Object(id=2)
    channels = await create_game_channels(guild, game(), bot_member)
    assert channels.category_id == 100 and set(channels.seats) == {"Entente", "Central"}
    texts = {name: overwrites for kind, name, overwrites, _ in guild.created if kind == "text"}
    entente = texts["7-entente"]
    assert entente[guild.default_role].view_channel is False
    assert entente[guild.members[11]].view_channel is True
    assert guild.members[12] not in entente
    assert entente[bot_member].send_messages is True and entente[bot_member].attach_files is True
    central = texts["7-central"]
    assert central[guild.members[12]].view_channel is True and guild.members[11] not in central
    assert texts["game-7-great-war"][guild.default_role].view_channel is True


async def test_no_overwrite_grants_a_permission_the_bot_is_not_asked_for():
    """Discord refuses overwrites that allow or deny bits the bot lacks (403/50013), so every
    bit in every overwrite must be in the set README.md asks for."""
    guild = RecordingGuild()
    await create_game_channels(guild, game(), discord.Object(id=2))
    for _, name, overwrites, _ in guild.created:
        for target, overwrite in overwrites.items():
            allow, deny = overwrite.pair()
            assert (allow.value | deny.value) & ~REQUIRED.value == 0, (name, target)


def test_readme_lists_exactly_the_needed_permissions():
    readme = (ROOT / "README.md").read_text()
    for name in NEEDED:
        assert LABELS[name] in readme
    assert str(REQUIRED.value) in readme
