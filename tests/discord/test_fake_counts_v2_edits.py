"""The fake Discord notes every edit that changes what a Components v2 message says
(`FakeDiscord.v2_edits`): on iOS an edited v2 message half-renders (Discord issue #7896), so a
result must be a new message. Edit Message (Message → Edit Message) is modelled with Discord's
refusals: another author's message (50005), and a v2 message cannot drop its flag."""
import json

import aiohttp

from tests.discord.conftest import AUTH
from tests.fake_discord import FakeDiscord, SEND_MESSAGES, VIEW_CHANNEL
from tests.fake_discord.components_v2 import IS_COMPONENTS_V2


async def call(fake, method, path, body):
    async with aiohttp.ClientSession() as http:
        async with http.request(method, fake.base_url + path, json=body, headers=AUTH) as response:
            text = await response.text()
            return response.status, (json.loads(text) if text else None)


def card(text: str, label: str = "History") -> dict:
    return {"flags": IS_COMPONENTS_V2, "components": [{"type": 17, "components": [
        {"type": 10, "content": text},
        {"type": 1, "components": [{"type": 2, "style": 2, "label": label, "custom_id": "x"}]}]}]}


async def test_an_edit_changing_a_v2_messages_text_is_noted(fake):
    owner = fake.add_user("owner")
    guild = fake.add_guild("G", owner, everyone=0, bot_permissions=VIEW_CHANNEL | SEND_MESSAGES)
    channel = fake.add_channel(guild, "game")
    status, posted = await call(fake, "POST", f"/channels/{channel.id}/messages", card("**Spring 1901** results"))
    assert status == 200, posted
    path = f"/channels/{channel.id}/messages/{posted['id']}"

    status, _ = await call(fake, "PATCH", path, card("**Spring 1901** results", label="Older"))
    assert status == 200 and fake.v2_edits == []                 # the buttons changed, not the text
    status, _ = await call(fake, "PATCH", path, card("**Spring 1901** results: A Par - Bur ✓"))
    assert status == 200 and len(fake.v2_edits) == 1 and "A Par - Bur" in fake.v2_edits[0]

    status, error = await call(fake, "PATCH", path, {"flags": 0, "content": "plain now"})
    assert (status, error["code"]) == (400, 50035)
    status, plain = await call(fake, "POST", f"/channels/{channel.id}/messages", {"content": "a sheet"})
    status, _ = await call(fake, "PATCH", f"/channels/{channel.id}/messages/{plain['id']}", {"content": "redrawn"})
    assert status == 200 and len(fake.v2_edits) == 1              # an ordinary message may be edited

    user = fake.add_user("u")
    fake.add_member(guild, user)
    theirs = fake.store_message(channel, user, {"content": "mine"}, [])
    status, error = await call(fake, "PATCH", f"/channels/{channel.id}/messages/{theirs['id']}", {"content": "x"})
    assert (status, error["code"]) == (403, 50005)
