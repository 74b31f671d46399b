"""DISCORD_API_BASE: the bot's REST calls — interaction answers included — go to the address it
names, e.g. a rate-limit proxy such as nirn-proxy in front of Discord that several processes
share. Here a forwarding proxy on its own port sits before the fake Discord: the bot starts,
answers a slash command, and the fake sees no REST call that did not pass through the proxy.
A base that is not an http(s) address is refused at start in one line (exit status 78)."""
from __future__ import annotations

import pytest

from tests.cluster.processes import run_to_end, start, until
from tests.cluster.proxy import Proxy
from tests.fake_discord import ADMINISTRATOR, BotHarness, FakeDiscord

pytestmark = pytest.mark.xdist_group("cluster")


async def test_every_rest_call_goes_through_the_proxy_discord_api_base_names(tmp_path):
    fake = await FakeDiscord().start()
    proxy = await Proxy(f"http://127.0.0.1:{fake.port}").start()
    owner = fake.add_user("owner")
    guild = fake.add_guild("Western Front", owner, bot_permissions=ADMINISTRATOR)
    general = fake.channel_named(guild, "general")
    process = None
    try:
        assert proxy.port != fake.port
        # the proxy's address alone: Dispatch adds the API version discord.py speaks
        process = start(fake, "", "0", 1, tmp_path, "--db", str(tmp_path / "dispatch.sqlite3"),
                        DISCORD_API_BASE=f"http://127.0.0.1:{proxy.port}")
        await until(lambda: fake.identified_shards() == [(0, 1)] and fake.commands.get(None), 90,
                    "the bot connected and its commands synced", [process])
        data = BotHarness(fake, lambda: None).command_data("help", {})
        interaction = await fake.interact(owner, general, 2, data)
        await until(lambda: interaction.response_type is not None and (interaction.replies or
                                                                        interaction.response_type == 4),
                    60, "the answer to /help", [process])
        assert not interaction.refusals and not fake.violations
        assert ("POST", f"/api/v10/interactions/{interaction.id}/{interaction.token}/callback") in proxy.forwarded
        assert ("GET", "/api/v10/gateway/bot") in proxy.forwarded
        assert fake.requests and all(request in proxy.forwarded for request in fake.requests)
        assert len(fake.requests) == len(proxy.forwarded)
    finally:
        if process is not None:
            process.kill()
        await proxy.stop()
        await fake.stop()


async def test_a_discord_api_base_that_is_no_address_is_refused_in_one_line(tmp_path):
    fake = await FakeDiscord().start()
    try:
        code, out, err = await run_to_end(fake, "", "--db", str(tmp_path / "dispatch.sqlite3"),
                                          DISCORD_API_BASE="discord.example/api")
    finally:
        await fake.stop()
    assert code == 78 and "Traceback" not in err, err
    assert err.strip().splitlines()[-1] == ("Dispatch cannot start: DISCORD_API_BASE must be an http:// or https:// "
                                            "address such as http://127.0.0.1:8080/api/v10, not 'discord.example/api'.")
