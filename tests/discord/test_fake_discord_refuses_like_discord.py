"""The fake Discord itself refuses what Discord's documentation says Discord refuses."""
import json

import aiohttp
import pytest

from tests.discord.conftest import AUTH
from tests.fake_discord import ATTACH_FILES, MANAGE_CHANNELS, MEMBER_DEFAULT, SEND_MESSAGES, VIEW_CHANNEL


@pytest.fixture
async def http():
    async with aiohttp.ClientSession() as session:
        yield session


async def call(http, fake, method, path, body=None, auth=True, data=None):
    async with http.request(method, fake.base_url + path, json=body, data=data,
                            headers=AUTH if auth else {}) as response:
        text = await response.text()
        return response.status, (json.loads(text) if text else None)


def world(fake, bot_permissions=VIEW_CHANNEL | SEND_MESSAGES | MANAGE_CHANNELS):
    owner = fake.add_user("owner")
    guild = fake.add_guild("G", owner, everyone=0, bot_permissions=bot_permissions)
    return owner, guild


async def test_overwrites_may_not_grant_what_the_bot_lacks(fake, http):
    _, guild = world(fake)
    body = {"name": "x", "type": 0, "permission_overwrites": [
        {"id": str(fake.bot.id), "type": 1, "allow": str(VIEW_CHANNEL | ATTACH_FILES), "deny": "0"}]}
    status, error = await call(http, fake, "POST", f"/guilds/{guild.id}/channels", body)
    assert (status, error["code"]) == (403, 50013)
    body["permission_overwrites"][0]["allow"] = str(VIEW_CHANNEL | SEND_MESSAGES)
    status, channel = await call(http, fake, "POST", f"/guilds/{guild.id}/channels", body)
    assert status == 200 and channel["name"] == "x"


async def test_editing_an_overwrite_needs_manage_roles(fake, http):
    _, guild = world(fake)
    channel = fake.add_channel(guild, "c")
    user = fake.add_user("u")
    status, error = await call(http, fake, "PUT", f"/channels/{channel.id}/permissions/{user.id}",
                               {"allow": str(VIEW_CHANNEL), "deny": "0", "type": 1})
    assert (status, error["code"]) == (403, 50013)


async def test_unseen_channels_oversize_messages_and_uploads_are_refused(fake, http):
    _, guild = world(fake, bot_permissions=SEND_MESSAGES)           # cannot view
    channel = fake.add_channel(guild, "c")
    status, error = await call(http, fake, "POST", f"/channels/{channel.id}/messages", {"content": "hi"})
    assert (status, error["code"]) == (403, 50001)
    fake.bot_role(guild).permissions = VIEW_CHANNEL | SEND_MESSAGES
    status, error = await call(http, fake, "POST", f"/channels/{channel.id}/messages", {"content": "x" * 2001})
    assert (status, error["code"]) == (400, 50035)
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps({"content": "map"}), content_type="application/json")
    form.add_field("files[0]", b"x" * 10, filename="a.png")
    status, error = await call(http, fake, "POST", f"/channels/{channel.id}/messages", data=form)
    assert (status, error["code"]) == (403, 50013)                  # no Attach Files
    fake.bot_role(guild).permissions |= ATTACH_FILES
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps({"content": "map"}), content_type="application/json")
    form.add_field("files[0]", b"x" * (10 * 1024 * 1024 + 1), filename="a.png")
    status, error = await call(http, fake, "POST", f"/channels/{channel.id}/messages", data=form)
    assert (status, error["code"]) == (413, 40005)


async def test_everyone_mentions_are_flagged_unless_suppressed(fake, http):
    _, guild = world(fake, bot_permissions=MEMBER_DEFAULT)
    channel = fake.add_channel(guild, "c")
    await call(http, fake, "POST", f"/channels/{channel.id}/messages", {"content": "hi @everyone",
                                                                       "allowed_mentions": {"parse": []}})
    assert not fake.violations
    await call(http, fake, "POST", f"/channels/{channel.id}/messages", {"content": "hi @everyone"})
    assert len(fake.violations) == 1


async def test_interaction_responses_late_twice_or_with_too_many_choices(fake, http):
    owner, guild = world(fake, bot_permissions=MEMBER_DEFAULT)
    channel = fake.add_channel(guild, "c")
    interaction = await fake.interact(owner, channel, 2, {"name": "x", "type": 1})
    path = f"/interactions/{interaction.id}/{interaction.token}/callback"
    status, _ = await call(http, fake, "POST", path, {"type": 5}, auth=False)
    assert status == 200
    status, error = await call(http, fake, "POST", path, {"type": 4, "data": {"content": "again"}}, auth=False)
    assert (status, error["code"]) == (400, 40060)
    late = await fake.interact(owner, channel, 2, {"name": "x", "type": 1})
    late.sent_at -= 3.5
    status, error = await call(http, fake, "POST", f"/interactions/{late.id}/{late.token}/callback",
                               {"type": 4, "data": {"content": "late"}}, auth=False)
    assert (status, error["code"]) == (404, 10062)
    auto = await fake.interact(owner, channel, 4, {"name": "x", "type": 1})
    status, error = await call(http, fake, "POST", f"/interactions/{auto.id}/{auto.token}/callback",
                               {"type": 8, "data": {"choices": [{"name": str(i), "value": i} for i in range(26)]}},
                               auth=False)
    assert (status, error["code"]) == (400, 50035)
