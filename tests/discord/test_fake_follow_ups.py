"""The fake Discord's model of deferred responses and their follow-ups, driven over its REST
routes as discord.py's webhook adapter drives them (Interactions → Receiving and Responding):
the first follow-up after a "thinking" defer is the original response and keeps the defer's
visibility whatever flag it asks for (and the fake counts it); after the loading message was
edited, follow-ups honour their flag; `@original` can then be deleted."""
import aiohttp

from tests.fake_discord import FakeDiscord
from tests.fake_discord.server import APPLICATION_COMMAND

EPHEMERAL = 64


async def world():
    fake = await FakeDiscord().start()
    owner = fake.add_user("owner")
    guild = fake.add_guild("Front", owner, bot_permissions=(1 << 3))
    asker = fake.add_user("asker")
    fake.add_member(guild, asker)
    return fake, asker, fake.channel_named(guild, "general")


async def deferred(fake, session, asker, channel, ephemeral: bool):
    interaction = await fake.interact(asker, channel, APPLICATION_COMMAND, {"name": "game", "type": 1, "options": [
        {"type": 1, "name": "start", "options": []}]})
    async with session.post(f"{fake.base_url}/interactions/{interaction.id}/{interaction.token}/callback",
                            json={"type": 5, "data": {"flags": EPHEMERAL if ephemeral else 0}}) as answer:
        assert answer.status in (200, 204)
    return interaction


async def test_an_ephemeral_first_follow_up_after_a_public_defer_is_shown_to_everyone_and_counted():
    fake, asker, channel = await world()
    try:
        async with aiohttp.ClientSession() as session:
            interaction = await deferred(fake, session, asker, channel, ephemeral=False)
            url = f"{fake.base_url}/webhooks/{fake.bot.id}/{interaction.token}"
            async with session.post(url, json={"content": "⚠️ no", "flags": EPHEMERAL}) as answer:
                assert answer.status == 200
        assert interaction.replies[0]["_visible_to"] is None           # Discord ignored the flag
        assert fake.ignored_ephemeral and "/game start" in fake.ignored_ephemeral[0]
    finally:
        await fake.stop()


async def test_edit_then_follow_up_then_delete_reaches_the_asker_alone():
    fake, asker, channel = await world()
    try:
        async with aiohttp.ClientSession() as session:
            interaction = await deferred(fake, session, asker, channel, ephemeral=False)
            url = f"{fake.base_url}/webhooks/{fake.bot.id}/{interaction.token}"
            async with session.patch(f"{url}/messages/@original", json={"content": "🔒"}) as answer:
                assert answer.status == 200
            async with session.post(url, json={"content": "⚠️ no", "flags": EPHEMERAL}) as answer:
                assert answer.status == 200
            async with session.delete(f"{url}/messages/@original") as answer:
                assert answer.status == 204
        assert [(m["content"], m["_visible_to"]) for m in channel.messages] == [("⚠️ no", asker.id)]
        assert fake.ignored_ephemeral == []
    finally:
        await fake.stop()


async def test_a_follow_up_after_deleting_an_unanswered_defer_is_refused():
    fake, asker, channel = await world()
    try:
        async with aiohttp.ClientSession() as session:
            interaction = await deferred(fake, session, asker, channel, ephemeral=False)
            url = f"{fake.base_url}/webhooks/{fake.bot.id}/{interaction.token}"
            async with session.delete(f"{url}/messages/@original") as answer:
                assert answer.status == 204
            async with session.post(url, json={"content": "⚠️ no", "flags": EPHEMERAL}) as answer:
                assert answer.status == 404 and (await answer.json())["code"] == 10008
        assert channel.messages == []
    finally:
        await fake.stop()
