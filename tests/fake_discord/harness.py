"""Run the real bot (`build_bot` + `start`) against the fake Discord and act as its users.

Only two addresses change: discord.py's REST base (`Route.BASE`, also used by its webhook
adapter for interaction responses) and its gateway URL. Everything else is discord.py itself.
"""
from __future__ import annotations

import asyncio
from typing import Any, Callable

import discord
import yarl
from discord.gateway import DiscordWebSocket

from .idle import CALM_ROUNDS, QUIET, WAIT_POLL, busy_report, idleness, until_calm, wait_any
from .model import Channel, Guild, User
from .components_v2 import v2_text
from .server import TOKEN, FakeDiscord, Interaction

APPLICATION_COMMAND, AUTOCOMPLETE = 2, 4
USER_OPTION, ATTACHMENT_OPTION = 6, 11


class BotHarness:
    """One fake Discord, one real bot on it, and helpers to use slash commands and write lines."""

    def __init__(self, fake: FakeDiscord, make_bot: Callable[[], discord.Client]):
        self.fake = fake
        self.make_bot = make_bot
        self.bot: discord.Client | None = None
        self._task: asyncio.Task | None = None
        self._saved: tuple[str, yarl.URL] | None = None

    async def start(self) -> "BotHarness":
        if self._saved is None:
            self._saved = (discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
            discord.http.Route.BASE = self.fake.base_url
            DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.fake.gateway_url)
        self.bot = self.make_bot()
        _ready_at_last_guild(self.bot, self.fake)
        self._task = asyncio.create_task(self.bot.start(TOKEN))
        waiter = asyncio.create_task(self.bot.wait_until_ready())
        done, _ = await asyncio.wait({waiter, self._task}, timeout=15, return_when=asyncio.FIRST_COMPLETED)
        if self._task in done:
            waiter.cancel()
            self._task.result()
        if waiter not in done:
            raise TimeoutError("the bot did not become ready on the fake Discord")
        await self.settle()
        return self

    async def stop(self) -> None:
        """Stop the bot as a crash or a redeploy would; the fake Discord keeps its state."""
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            try:
                await asyncio.wait_for(self._task, 10)
            except Exception:  # noqa: BLE001 - a closed bot may end its task with an error
                pass
        self.bot = self._task = None

    async def close(self) -> None:
        await self.stop()
        if self._saved is not None:
            discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    # ------------------------------------------------------------------ waiting
    async def settle(self, quiet: float = QUIET, timeout: float = 20.0) -> None:
        """Wait until the bot has nothing left to do: no request in flight, no task of its runnable
        or waiting on a thread (SQLite, the map workers) or on a timer due within `quiet` seconds.

        Event-driven: while something is busy this waits for the very future that thing waits on,
        so a test never sleeps a fixed time. A task waiting somewhere not known to be idle counts
        as busy until nothing has happened for `quiet` seconds (the old quiet-period rule)."""
        loop = asyncio.get_running_loop()
        if not await until_calm(loop, quiet, self.fake, loop.time() + timeout):
            raise TimeoutError(f"the bot kept talking to Discord:\n  {busy_report(loop, self.fake)}")

    async def wait_for(self, condition: Callable[[], Any], timeout: float = 20.0, what: str = "") -> Any:
        """Wait until `condition()` is true: re-checked whenever the bot did something."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        calm = 0
        while True:
            value = condition()
            if value:
                return value
            if loop.time() >= end:
                raise TimeoutError(f"waited {timeout}s for {what or condition}")
            verdict = idleness(loop, 0.0, self.fake)
            calm = calm + 1 if verdict.idle else 0
            if verdict.runnable or 0 < calm <= CALM_ROUNDS:
                await asyncio.sleep(0)          # a frame just sent reaches the bot on the loop's next turns
            else:
                # follow what the bot waits on; idle, look again shortly (a thread may end the wait)
                await wait_any(verdict.waiters, min(end - loop.time(), WAIT_POLL))

    async def wait_message(self, channel: Channel, contains: str, after: int = 0,
                           timeout: float = 20.0) -> dict[str, Any]:
        def found():
            for message in channel.messages[after:]:
                if contains in message["content"] or contains in v2_text(message):   # a v2 layout's text
                    return message
            return None
        return await self.wait_for(found, timeout, f"a message with {contains!r} in #{channel.name}")

    # ------------------------------------------------------------------ acting
    async def slash(self, user: User, channel: Channel, path: str, settle: bool = True,
                    **options: Any) -> Interaction:
        """`user` runs `/path` with `options` in `channel`, as Discord's client would send it."""
        data = self.command_data(path, options)
        interaction = await self.fake.interact(user, channel, APPLICATION_COMMAND, data)
        await self.wait_for(lambda: interaction.response_type is not None or interaction.refusals,
                            what=f"a response to /{path}")
        if settle:
            if interaction.response_type == 5:
                await self.wait_for(lambda: interaction.replies or interaction.refusals,
                                    what=f"the follow-up of /{path}")
            await self.settle()
        return interaction

    async def autocomplete(self, user: User, channel: Channel, path: str, focused: str, value: str,
                           **options: Any) -> list[dict[str, Any]]:
        data = self.command_data(path, options, focused=(focused, value))
        interaction = await self.fake.interact(user, channel, AUTOCOMPLETE, data)
        await self.wait_for(lambda: interaction.response_type is not None or interaction.refusals,
                            what=f"autocomplete of /{path}")
        return interaction.choices or []

    async def _answered(self, interaction: Interaction, what: str) -> Interaction:
        await self.wait_for(lambda: interaction.response_type is not None or interaction.refusals, what=what)
        if interaction.response_type == 5:
            await self.wait_for(lambda: interaction.replies or interaction.refusals, what=f"the follow-up of {what}")
        await self.settle()
        return interaction

    async def click(self, user: User, message: dict[str, Any], custom_id: str) -> Interaction:
        """`user` presses the button `custom_id` on `message`."""
        interaction = await self.fake.use_component(user, message, custom_id)
        return await self._answered(interaction, f"button {custom_id}")

    async def choose(self, user: User, message: dict[str, Any], custom_id: str, values: list[str]) -> Interaction:
        """`user` picks `values` in the select menu `custom_id` on `message`."""
        interaction = await self.fake.use_component(user, message, custom_id, values)
        return await self._answered(interaction, f"select {custom_id}")

    async def submit(self, user: User, shown: Interaction, **values: str) -> Interaction:
        """`user` submits the modal `shown` opened, with these field values (others as pre-filled)."""
        interaction = await self.fake.submit_modal(user, shown, values)
        return await self._answered(interaction, f"modal {shown.modal['custom_id']}")

    async def say(self, user: User, channel: Channel, content: str) -> list[dict[str, Any]]:
        """`user` writes a line; returns what the bot wrote (anywhere) in answer."""
        marks = {c.id: len(c.messages) for c in self.fake.channels.values()}
        await self.fake.say(user, channel, content)
        await self.settle()
        return [m for c in self.fake.channels.values() for m in c.messages[marks.get(c.id, 0):]
                if int(m["author"]["id"]) == self.fake.bot.id]

    def command_data(self, path: str, options: dict[str, Any],
                     focused: tuple[str, str] | None = None) -> dict[str, Any]:
        """Build interaction `data` from the command tree the bot synced to the fake."""
        words = path.split()
        commands = self.fake.commands.get(None) or []
        spec = next((c for c in commands if c["name"] == words[0]), None)
        if spec is None:
            raise KeyError(f"the bot synced no /{words[0]}")
        data: dict[str, Any] = {"id": spec["id"], "name": spec["name"], "type": 1, "options": []}
        container = data
        for word in words[1:]:
            sub = next(o for o in spec.get("options", []) if o["name"] == word)
            entry = {"type": sub["type"], "name": word, "options": []}
            container["options"].append(entry)
            container, spec = entry, sub
        resolved: dict[str, dict[str, Any]] = {}
        declared = {o["name"]: o for o in spec.get("options", [])}
        for name, value in options.items():
            if name not in declared:
                raise KeyError(f"/{path} has no option {name}; it has {sorted(declared)}")
            kind = declared[name]["type"]
            if kind == USER_OPTION:
                user, guild = value
                resolved.setdefault("users", {})[str(user.id)] = user.to_json()
                member = {k: v for k, v in guild.member_json(user).items() if k != "user"}
                member["permissions"] = str(guild.base_permissions(user.id))
                resolved.setdefault("members", {})[str(user.id)] = member
                value = str(user.id)
            elif kind == ATTACHMENT_OPTION:
                resolved.setdefault("attachments", {})[value["id"]] = value
                value = value["id"]
            container["options"].append({"name": name, "type": kind, "value": value})
        if focused is not None:
            name, value = focused
            container["options"].append({"name": name, "type": declared[name]["type"], "value": value,
                                         "focused": True})
        missing = [o["name"] for o in spec.get("options", []) if o.get("required") and o["name"] not in options
                   and (focused is None or focused[0] != o["name"])]
        if missing and focused is None:
            raise KeyError(f"/{path} needs {missing}")
        if resolved:
            data["resolved"] = resolved
        return data


class _GuildReadyTimeout:
    """discord.py waits `guild_ready_timeout` (2 s) after each GUILD_CREATE in case another follows
    before it says `ready`. The fake sends them all right after READY and knows how many there
    are: once the bot (each shard still starting, when sharded) holds every server it is in and
    has taken each from its queue, the wait is over at once; until then discord.py's own two
    seconds stand."""

    def __init__(self, fake: FakeDiscord):
        self.fake = fake

    def __get__(self, state: Any, owner: type | None = None) -> float:
        if state is None:
            return self                                        # type: ignore[return-value]
        if "_ready_state" in state.__dict__:                    # one connection
            waiting = {None: state.__dict__["_ready_state"]}
        else:                                                  # shards: those still taking their servers
            waiting = dict(state.__dict__.get("_ready_states", {}))
        if any(not queue.empty() for queue in waiting.values()):
            return DISCORD_GUILD_READY_TIMEOUT
        count = getattr(state, "shard_count", None) or 1
        for guild in self.fake.guilds.values():
            if self.fake.bot.id in guild.members and (None in waiting or (guild.id >> 22) % count in waiting):
                held = state._get_guild(guild.id)
                if held is None or held.unavailable:
                    return DISCORD_GUILD_READY_TIMEOUT
        return 0.0

    def __set__(self, state: Any, value: float) -> None:
        pass                                                   # discord.py sets its default once


DISCORD_GUILD_READY_TIMEOUT = 2.0


def _ready_at_last_guild(bot: discord.Client, fake: FakeDiscord) -> None:
    """Give this bot's connection state the `_GuildReadyTimeout` above (on a subclass of its own)."""
    state = bot._connection
    kind = type(state)
    state.__class__ = type(f"Fake{kind.__name__}", (kind,), {"guild_ready_timeout": _GuildReadyTimeout(fake)})


def button_id(message: dict[str, Any], label: str) -> str:
    """The custom id of the button labelled `label` on a message, as a player would find it."""
    for row in message.get("components", []):
        for component in row["components"]:
            if component.get("label") == label:
                return component["custom_id"]
    raise AssertionError(f"no {label!r} button on {message['content'][:60]!r}")


def member_option(user: User, guild: Guild) -> tuple[User, Guild]:
    """The value of a user option: the user and the guild whose member they are."""
    return (user, guild)
