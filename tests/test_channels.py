"""The channels a started game gets, and who can see them."""
import discord

from cogs.channels import create_game_channels
from service.models import GameInfo, SeatInfo


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
    category, public, seats = await create_game_channels(guild, game(), bot_member)
    assert category == 100 and set(seats) == {"Entente", "Central"}
    texts = {name: overwrites for kind, name, overwrites, _ in guild.created if kind == "text"}
    entente = texts["7-entente"]
    assert entente[guild.default_role].view_channel is False
    assert entente[guild.members[11]].view_channel is True
    assert guild.members[12] not in entente
    assert entente[bot_member].send_messages is True and entente[bot_member].attach_files is True
    central = texts["7-central"]
    assert central[guild.members[12]].view_channel is True and guild.members[11] not in central
    assert texts["game-7-great-war"][guild.default_role].view_channel is True
