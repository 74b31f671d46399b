"""A start that a setting must fix ends with one line saying what to change and exit status 78
(EX_CONFIG), which README's systemd unit does not restart (RestartPreventExitStatus=78): a token
Discord refuses (through the fake Discord), privileged intents off, a database from a newer
Dispatch, a bad DISPATCH_SHARDS. Anything else (the network) is not such a refusal."""
from types import SimpleNamespace

import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket

import bot
from db import Database
from tests.fake_discord import FakeDiscord


@pytest.fixture(autouse=True)
def settings_of_the_test(monkeypatch):
    for name in ("DISPATCH_SHARDS", "DISPATCH_DEV_GUILD", "DISPATCH_PREFIX"):
        monkeypatch.delenv(name, raising=False)


def closed(code: int) -> discord.ConnectionClosed:
    return discord.ConnectionClosed(SimpleNamespace(close_code=code), shard_id=None)


def test_each_refusal_of_the_settings_is_named_in_one_line():
    token = bot.refusal_line(discord.LoginFailure("Improper token has been passed."))
    assert "Discord refused DISCORD_TOKEN" in token and "Bot → Reset Token" in token and bot.PORTAL in token
    assert bot.refusal_line(closed(4004)) == token
    intents = bot.refusal_line(discord.PrivilegedIntentsRequired(None))
    assert "Message Content and Server Members intents are off" in intents and "Privileged Gateway Intents" in intents
    assert bot.refusal_line(closed(4014)) == intents
    assert "DISPATCH_SHARDS" in bot.refusal_line(closed(4011))
    for passing in (closed(1006), closed(4000), OSError("network is unreachable"), RuntimeError("bug")):
        assert bot.refusal_line(passing) is None
    assert all("\n" not in line for line in (token, intents))


async def run_main(monkeypatch, tmp_path, capsys, token: str) -> tuple[int, list[str]]:
    monkeypatch.setenv("DISCORD_TOKEN", token)
    with pytest.raises(SystemExit) as stop:
        await bot.main(["--db", str(tmp_path / "dispatch.sqlite3")])
    return stop.value.code, [line for line in capsys.readouterr().err.splitlines() if line.strip()]


async def test_a_token_discord_refuses_ends_the_start_once_with_status_78(monkeypatch, tmp_path, capsys):
    fake = await FakeDiscord().start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.base_url)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url))
    monkeypatch.setattr("logging.basicConfig", lambda **kw: None)       # the journal's format, not pytest's
    try:
        code, lines = await run_main(monkeypatch, tmp_path, capsys, "not-the-bot-token")
    finally:
        await fake.stop()
    assert code == bot.CONFIG_ERROR == 78
    assert lines == [lines[-1]] and lines[-1].startswith("Dispatch cannot start: Discord refused DISCORD_TOKEN")


class Refused:
    """Stands in for the bot: Discord refuses it at `start` with `error`."""

    def __init__(self, error: BaseException):
        self.error = error

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False

    async def start(self, token: str) -> None:
        raise self.error


@pytest.mark.parametrize("error, words", [
    (discord.PrivilegedIntentsRequired(None), "intents are off"),
    (discord.LoginFailure("Improper token has been passed."), "refused DISCORD_TOKEN"),
    (closed(4011), "number of shards"),
])
async def test_the_startup_function_exits_78_for_every_refusal(monkeypatch, tmp_path, capsys, error, words):
    monkeypatch.setattr(bot, "build_bot", lambda *args, **kw: Refused(error))
    code, lines = await run_main(monkeypatch, tmp_path, capsys, "MTIz.token.here")
    assert code == 78 and len(lines) == 1 and words in lines[0] and lines[0].startswith("Dispatch cannot start: ")


async def test_a_failure_that_a_restart_may_cure_is_not_a_refusal(monkeypatch, tmp_path):
    monkeypatch.setattr(bot, "build_bot", lambda *args, **kw: Refused(OSError("network is unreachable")))
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.token.here")
    with pytest.raises(OSError):                     # systemd restarts it (Restart=on-failure)
        await bot.main(["--db", str(tmp_path / "dispatch.sqlite3")])


async def test_bad_settings_and_a_newer_database_exit_78_too(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("DISPATCH_SHARDS", "two")
    code, lines = await run_main(monkeypatch, tmp_path, capsys, "MTIz.token.here")
    assert code == 78 and lines == ["Dispatch cannot start: DISPATCH_SHARDS must be a number of shards (e.g. `2`), "
                                    "not 'two'."]
    monkeypatch.delenv("DISPATCH_SHARDS")
    monkeypatch.setenv("DISPATCH_DEV_GUILD", "my server")
    with pytest.raises(SystemExit) as stop:
        await bot.main(["--db", str(tmp_path / "dispatch.sqlite3")])
    assert stop.value.code == 78 and "DISPATCH_DEV_GUILD must be a server id" in capsys.readouterr().err
    monkeypatch.delenv("DISPATCH_DEV_GUILD")
    newer = tmp_path / "newer.sqlite3"
    db = await Database(newer).connect()
    await db.conn.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (99, 'later')")
    await db.close()
    with pytest.raises(SystemExit) as stop:
        await bot.main(["--db", str(newer)])
    assert stop.value.code == 78 and "newer Dispatch" in capsys.readouterr().err
