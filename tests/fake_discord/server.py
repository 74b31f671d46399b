"""A strict local Discord: an aiohttp server on 127.0.0.1 with REST routes and a gateway.

The real bot logs in through discord.py's own HTTP client, webhook adapter and gateway; only
`Route.BASE` and the gateway URL point here (see `harness.py`). What Discord refuses, this
refuses with Discord's status and JSON error code, and records in `refusals`; what Discord
would do but a bot must never cause (notify @everyone) is recorded in `violations`.
"""
from __future__ import annotations

import asyncio
import heapq
import itertools
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from aiohttp import WSMsgType, web

from .components import STRING_SELECT, ComponentError, check_message_components, components_of
from .components_v2 import IS_COMPONENTS_V2, check_v2_message, is_v2, text_of
from .model import (DM, GUILD_TEXT, MEMBER_DEFAULT, Channel, DiscordError, Guild, Pings, Role, User,
                    now_iso, snowflake)

TOKEN = "fake-bot-token"
MESSAGE_LIMIT = 2000                     # characters of content (Message → Create Message)
UPLOAD_LIMIT = 10 * 1024 * 1024          # bytes a bot may upload in one message
INTERACTION_RESPONSE_SECONDS = 3.0       # "you must send an initial response within 3 seconds"
INTERACTION_TOKEN_SECONDS = 15 * 60      # "Interaction tokens are valid for 15 minutes"
AUTOCOMPLETE_CHOICES = 25
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5


@dataclass
class Interaction:
    """One INTERACTION_CREATE the fake sent, and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user_id: int
    guild_id: int | None
    channel_id: int
    data: dict[str, Any]
    sent_at: float
    response_type: int | None = None
    ephemeral: bool = False
    replies: list[dict[str, Any]] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    message_id: int | None = None          # the message whose component was used
    refusals: list[DiscordError] = field(default_factory=list)
    # `@original`: the initial response's message — the one a type-4 answer posted, the first
    # follow-up (or edit) after a type-5 defer, or for a component the message it is on
    original: dict[str, Any] | None = None
    original_deleted: bool = False

    @property
    def command(self) -> str:
        """What was used, as a person would name it: `/gm assign`, or the component's custom id."""
        if self.type in (3, 5):
            return str(self.data.get("custom_id", ""))
        words, options = [str(self.data.get("name", ""))], self.data.get("options") or []
        while options and options[0].get("type") in (1, 2):
            words.append(options[0]["name"])
            options = options[0].get("options") or []
        return "/" + " ".join(words)

    @property
    def text(self) -> str:
        return "\n".join(m["content"] for m in self.replies if m.get("content"))

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return [f for m in self.replies for f in m.get("_files", [])]


class FakeDiscord:
    """State of the fake Discord plus its gateway; REST routes live in `rest.py`."""

    def __init__(self, latency: float = 0.0):
        self.latency = latency
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.interactions: dict[str, Interaction] = {}
        self.bot = self.add_user("Dispatch", bot=True)
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.command_syncs = 0
        self.refusals: list[tuple[str, DiscordError]] = []
        self.violations: list[str] = []
        # Follow-ups whose ephemeral flag Discord ignores: the first follow-up after a "thinking"
        # defer replaces it and keeps the defer's visibility, whatever flag it asks for (a refusal
        # sent "ephemerally" after a public defer is shown to the whole channel)
        self.ignored_ephemeral: list[str] = []
        # Edits that change what a Components v2 message says (its Text Displays): an edited v2
        # message half-renders on iOS (Discord issue #7896), so results must be posted as new
        # messages; tests assert this list is empty
        self.v2_edits: list[str] = []
        self.pings: list[tuple[int, Pings]] = []          # (message id, who it notified)
        self.nonces: dict[tuple[int, str], dict[str, Any]] = {}    # (author, enforced nonce) -> its message
        self.nonce_repeats = 0                              # sends Discord answered with the first copy
        self.requests: list[tuple[str, str]] = []
        self.uploads: dict[int, bytes] = {}                 # attachment id -> bytes a user attached
        self._sockets: list[web.WebSocketResponse] = []
        self._sequence = 0
        self._session = "fake-session"
        self.in_flight = 0
        self.last_activity = 0.0
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.network_time = 0.0          # simulated latency so far, on top of the loop's clock
        self._network: list[tuple[float, int, asyncio.Future]] = []    # (due, arrival, wake-up)
        self._arrivals = itertools.count()
        self._network_clock: asyncio.Task | None = None
        self._loop_time: Callable[[], float] = lambda: asyncio.get_running_loop().time() + self.network_time

    # ------------------------------------------------------------------ simulated latency
    @property
    def delayed(self) -> int:
        """Requests held up by the simulated latency now."""
        return len(self._network)

    async def delay(self, seconds: float) -> None:
        """`seconds` of network latency on the fake's own clock (which the interaction deadlines
        read): the request waits until that clock reaches its due time, and the clock jumps there
        as soon as the bot has nothing else to do. Requests in flight together overlap, as on a
        real network; a slow network costs the tests no wall time."""
        wake = asyncio.get_running_loop().create_future()
        heapq.heappush(self._network, (self._loop_time() + seconds, next(self._arrivals), wake))
        if self._network_clock is None or self._network_clock.done():
            self._network_clock = asyncio.create_task(self._advance_network_time(), name="fake-discord-network")
        await wake

    async def _advance_network_time(self) -> None:
        from .idle import QUIET, until_calm
        loop = asyncio.get_running_loop()
        while self._network:
            await until_calm(loop, QUIET, self, advancing=True)     # the clock jumps only when all else is idle
            self.network_time += max(0.0, self._network[0][0] - self._loop_time())
            while self._network and self._network[0][0] <= self._loop_time():
                wake = heapq.heappop(self._network)[2]
                if not wake.done():
                    wake.set_result(None)
            await asyncio.sleep(0)

    def touch(self) -> None:
        self.last_activity = self._loop_time()

    # ------------------------------------------------------------------ the world
    def add_user(self, name: str, bot: bool = False) -> User:
        user = User(snowflake(), name, bot)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, owner: User, everyone: int = MEMBER_DEFAULT,
                  bot_permissions: int | None = None, shard: tuple[int, int] | None = None) -> Guild:
        """A server with its owner, @everyone, and the bot holding a role of `bot_permissions`;
        `shard` (id, count): its id chosen so that the server is on that shard."""
        guild_id = snowflake()
        if shard is not None:
            guild_id += ((shard[0] - self.shard_of(guild_id, shard[1])) % shard[1]) << 22
        guild = Guild(guild_id, name, owner.id, roles={guild_id: Role(guild_id, "@everyone", everyone)})
        guild.members[owner.id] = []
        self.guilds[guild_id] = guild
        general = self.add_channel(guild, "general")
        guild.channels.append(general.id)
        if bot_permissions is not None:
            role = self.add_role(guild, "Dispatch", bot_permissions)
            guild.members[self.bot.id] = [role.id]
        return guild

    def add_role(self, guild: Guild, name: str, permissions: int) -> Role:
        role = Role(snowflake(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def add_member(self, guild: Guild, user: User, *roles: Role) -> None:
        guild.members[user.id] = [r.id for r in roles]

    async def set_role_permissions(self, guild: Guild, role: Role, permissions: int) -> None:
        """A server admin edits a role (e.g. takes Manage Roles from the bot's role)."""
        role.permissions = permissions
        await self.dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.to_json()})

    def top_role_position(self, guild: Guild, user_id: int) -> int:
        return max((guild.roles[r].position for r in guild.members.get(user_id, [])), default=0)

    def bot_role(self, guild: Guild) -> Role:
        return guild.roles[guild.members[self.bot.id][0]]

    def dm_channel(self, user: User) -> Channel | None:
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient == user.id:
                return channel
        return None

    def add_channel(self, guild: Guild, name: str, type: int = GUILD_TEXT, parent: int | None = None) -> Channel:
        channel = Channel(snowflake(), type, name, guild.id, parent, position=len(guild.channels))
        self.channels[channel.id] = channel
        if channel.id not in guild.channels:
            guild.channels.append(channel.id)
        return channel

    def guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def channel_named(self, guild: Guild, name: str) -> Channel:
        for channel_id in guild.channels:
            channel = self.channels.get(channel_id)
            if channel is not None and channel.name == name:
                return channel
        raise KeyError(f"no channel #{name} in {guild.name}")

    def can_see(self, user: User, channel: Channel) -> bool:
        if channel.type == DM:
            return channel.recipient == user.id or user.id == self.bot.id
        guild = self.guild_of(channel)
        return bool(guild and guild.channel_permissions(user.id, channel) & (1 << 10))

    def visible_messages(self, user: User, channel: Channel) -> list[dict[str, Any]]:
        """What `user` reads in `channel`: shared messages if they can see it, plus their ephemerals."""
        seen = []
        for message in channel.messages:
            if message.get("_visible_to") is not None:
                if message["_visible_to"] == user.id:
                    seen.append(message)
            elif self.can_see(user, channel):
                seen.append(message)
        return seen

    # ------------------------------------------------------------------ messages
    def refuse(self, where: str, error: DiscordError) -> DiscordError:
        self.refusals.append((where, error))
        return error

    def check_message(self, payload: dict[str, Any], files: list[tuple[str, bytes]], where: str) -> None:
        if is_v2(payload):          # Components v2: its own limits (components_v2.py)
            if sum(len(data) for _, data in files) > UPLOAD_LIMIT:
                raise self.refuse(where, DiscordError(413, 40005, "Request entity too large"))
            try:
                check_v2_message(payload, files)
            except ComponentError as exc:
                raise self.refuse(where, DiscordError(400, 50035, f"Invalid Form Body: {exc}")) from None
            return
        content = payload.get("content") or ""
        if len(content) > MESSAGE_LIMIT:
            raise self.refuse(where, DiscordError(400, 50035, f"Invalid Form Body: content: Must be "
                                                              f"{MESSAGE_LIMIT} or fewer in length."))
        if sum(len(data) for _, data in files) > UPLOAD_LIMIT:
            raise self.refuse(where, DiscordError(413, 40005, "Request entity too large"))
        if not content and not files and not payload.get("embeds") and not payload.get("components"):
            raise self.refuse(where, DiscordError(400, 50006, "Cannot send an empty message"))
        try:
            check_message_components(payload.get("components") or [])
        except ComponentError as exc:
            raise self.refuse(where, DiscordError(400, 50035, f"Invalid Form Body: {exc}")) from None

    def store_message(self, channel: Channel, author: User, payload: dict[str, Any],
                      files: list[tuple[str, bytes]], visible_to: int | None = None,
                      interaction: Interaction | None = None) -> dict[str, Any]:
        content = payload.get("content") or ""
        message = {
            "id": str(snowflake()), "channel_id": str(channel.id), "author": author.to_json(),
            "content": content, "timestamp": now_iso(), "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "embeds": payload.get("embeds", []),
            "attachments": [{"id": str(snowflake()), "filename": name, "size": len(data),
                             "url": f"https://cdn.invalid/{name}", "proxy_url": f"https://cdn.invalid/{name}"}
                            for name, data in files],
            "components": payload.get("components", []), "pinned": False, "type": 0,
            "flags": (64 if visible_to is not None else 0) | (IS_COMPONENTS_V2 if is_v2(payload) else 0),
            "_files": files, "_visible_to": visible_to,
        }
        if channel.guild_id:
            message["guild_id"] = str(channel.guild_id)
        if visible_to is None:
            pings = Pings.of(content, payload.get("allowed_mentions"))
            self.pings.append((int(message["id"]), pings))
            if pings.everyone:
                self.violations.append(f"message {message['id']} in #{channel.name} notifies @everyone: "
                                       f"{content[:80]!r}")
            message["mention_everyone"] = pings.everyone
            message["mentions"] = [self.users[u].to_json() for u in pings.users if u in self.users]
        channel.messages.append(message)
        if interaction is not None:
            interaction.replies.append(message)
        return message

    def edit_stored(self, message: dict[str, Any], payload: dict[str, Any], files: list[tuple[str, bytes]],
                    how: str) -> None:
        """Change a stored message as an edit does (its content, components, embeds, files),
        noting in `v2_edits` an edit that changes the text of a Components v2 message."""
        before = text_of(message)
        for key in ("content", "components", "embeds"):
            if key in payload:
                message[key] = payload[key] or ("" if key == "content" else [])
        if files:
            message["_files"] = files
        message["edited_timestamp"] = now_iso()
        after = text_of(message)
        if int(message.get("flags") or 0) & IS_COMPONENTS_V2 and after != before:
            self.v2_edits.append(f"{how}: message {message['id']} said {before[:80]!r}, now {after[:80]!r}")

    def public(self, message: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in message.items() if not k.startswith("_")}

    def notified(self, message: dict[str, Any]) -> Pings | None:
        for message_id, pings in self.pings:
            if message_id == int(message["id"]):
                return pings
        return None

    # ------------------------------------------------------------------ what users do
    async def say(self, user: User, channel: Channel, content: str) -> dict[str, Any]:
        """`user` writes `content` in `channel`; the bot gets MESSAGE_CREATE if it can see it."""
        guild = self.guild_of(channel)
        if guild is not None and not guild.channel_permissions(user.id, channel) & (1 << 11):
            raise AssertionError(f"{user.name} cannot write in #{channel.name}")
        message = self.store_message(channel, user, {"content": content}, [])
        await self._deliver_message("MESSAGE_CREATE", channel, guild, user, message)
        return message

    async def edit(self, user: User, message: dict[str, Any], content: str) -> None:
        channel = self.channels[int(message["channel_id"])]
        message["content"] = content
        message["edited_timestamp"] = now_iso()
        await self._deliver_message("MESSAGE_UPDATE", channel, self.guild_of(channel), user, message)

    async def _deliver_message(self, event: str, channel: Channel, guild: Guild | None, user: User,
                               message: dict[str, Any]) -> None:
        data = self.public(message)
        if guild is not None:
            data["member"] = {k: v for k, v in guild.member_json(user).items() if k != "user"}
        if self.can_see(self.bot, channel):
            await self.dispatch(event, data)

    def attachment(self, name: str, data: bytes) -> dict[str, Any]:
        """A file a user attaches to a command option; the bot downloads it from the fake CDN."""
        attachment_id = snowflake()
        self.uploads[attachment_id] = data
        url = f"http://127.0.0.1:{self.port}/attachments/{attachment_id}/{name}"
        return {"id": str(attachment_id), "filename": name, "size": len(data), "url": url, "proxy_url": url,
                "content_type": "application/octet-stream"}

    async def delete_channel(self, channel: Channel) -> None:
        """An admin deletes a channel by hand."""
        self.channels.pop(channel.id, None)
        guild = self.guild_of(channel)
        if guild is not None and channel.id in guild.channels:
            guild.channels.remove(channel.id)
        await self.dispatch("CHANNEL_DELETE", channel.to_json())

    async def interact(self, user: User, channel: Channel, type: int, data: dict[str, Any],
                       message: dict[str, Any] | None = None) -> Interaction:
        """Send INTERACTION_CREATE as if `user` used a command, autocomplete or component."""
        guild = self.guild_of(channel)
        interaction = Interaction(snowflake(), f"itoken-{snowflake()}", type, user.id,
                                  guild.id if guild else None, channel.id, data, self._loop_time())
        self.interactions[interaction.token] = interaction
        payload: dict[str, Any] = {
            "id": str(interaction.id), "application_id": str(self.bot.id), "type": type, "data": data,
            "token": interaction.token, "version": 1, "locale": "en-US", "attachment_size_limit": UPLOAD_LIMIT,
            "channel_id": str(channel.id), "channel": self.public_channel(channel),
            "entitlements": [], "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
            "context": 0 if guild else 1,
        }
        if guild is not None:
            payload["guild_id"] = str(guild.id)
            payload["guild_locale"] = "en-US"
            member = guild.member_json(user)
            member["permissions"] = str(guild.channel_permissions(user.id, channel))
            payload["member"] = member
            payload["app_permissions"] = str(guild.channel_permissions(self.bot.id, channel))
        else:
            payload["user"] = user.to_json()
        if message is not None:
            payload["message"] = self.public(message)
            interaction.message_id = int(message["id"])
        await self.dispatch("INTERACTION_CREATE", payload)
        return interaction

    async def use_component(self, user: User, message: dict[str, Any], custom_id: str,
                            values: list[str] | None = None) -> Interaction:
        """`user` presses a button (or picks `values` in a select menu) on `message`. Discord's
        client only offers what the message shows to that user: a component that is not there,
        is disabled, or sits on someone else's ephemeral message cannot be used."""
        channel = self.channels[int(message["channel_id"])]
        if message.get("_visible_to") not in (None, user.id) or not self.can_see(user, channel):
            raise AssertionError(f"{user.name} cannot see message {message['id']}")
        component = next((c for c in components_of(message) if c.get("custom_id") == custom_id), None)
        if component is None or component.get("disabled"):
            raise AssertionError(f"message {message['id']} offers no usable component {custom_id!r}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if component["type"] == STRING_SELECT:
            offered = {o["value"] for o in component["options"]}
            low, high = component.get("min_values", 1), component.get("max_values", 1)
            if values is None or not set(values) <= offered or not low <= len(values) <= high:
                raise AssertionError(f"select {custom_id!r} takes {low}-{high} of {sorted(offered)}, not {values}")
            data["values"] = list(values)
        return await self.interact(user, channel, MESSAGE_COMPONENT, data, message)

    async def submit_modal(self, user: User, shown: Interaction, values: dict[str, str]) -> Interaction:
        """`user` fills in and submits the modal the bot answered `shown` with."""
        if shown.modal is None or shown.user_id != user.id:
            raise AssertionError("that interaction opened no modal for this user")
        fields = {row["components"][0]["custom_id"]: row["components"][0] for row in shown.modal["components"]}
        rows = []
        for custom_id, spec in fields.items():
            value = values.get(custom_id, spec.get("value") or "")
            if len(value) > int(spec.get("max_length") or 4000) or (spec.get("required", True) and not value):
                raise AssertionError(f"Discord's client would not submit {custom_id!r} = {value[:40]!r}")
            rows.append({"type": 1, "components": [{"type": 4, "custom_id": custom_id, "value": value}]})
        channel = self.channels[shown.channel_id]
        data = {"custom_id": shown.modal["custom_id"], "components": rows}
        return await self.interact(user, channel, MODAL_SUBMIT, data)

    def public_channel(self, channel: Channel) -> dict[str, Any]:
        return channel.to_json(self.users)

    # ------------------------------------------------------------------ gateway
    # Sharding (Topics → Gateway → Sharding): GET /gateway/bot recommends `shards`; a session
    # IDENTIFYs with `shard: [id, count]` and receives only the events of the guilds with
    # `(guild_id >> 22) % count == id`; direct messages go to shard 0.
    shards = 1
    max_concurrency = 1

    def shard_of(self, guild_id: int | None, count: int) -> int:
        return (guild_id >> 22) % count if guild_id is not None else 0

    def identified_shards(self) -> list[tuple[int, int]]:
        """The (shard id, count) of every open gateway session that has identified."""
        return sorted(socket.dispatch_shard for socket in self._sockets
                      if not socket.closed and getattr(socket, "dispatch_shard", None) is not None)

    async def dispatch(self, event: str, data: dict[str, Any], only: web.WebSocketResponse | None = None) -> None:
        # an event sent is activity: `settle` then waits for the bot's answer to it
        self.touch()
        self._sequence += 1
        frame = json.dumps({"op": 0, "t": event, "s": self._sequence, "d": data})
        guild = data.get("guild_id") or (data.get("id") if event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")
                                         else None)
        for socket in [only] if only is not None else list(self._sockets):
            shard = getattr(socket, "dispatch_shard", None)
            if socket.closed or shard is None:
                continue            # not identified yet
            if only is None and shard[0] != self.shard_of(int(guild) if guild else None, shard[1]):
                continue            # another shard's guild
            await socket.send_str(frame)

    def guild_create(self, guild: Guild) -> dict[str, Any]:
        members = [guild.member_json(self.users[u]) for u in guild.members]
        return {"id": str(guild.id), "name": guild.name, "owner_id": str(guild.owner_id), "unavailable": False,
                "roles": [r.to_json() for r in guild.roles.values()], "members": members,
                "member_count": len(members), "large": False, "features": [], "emojis": [], "stickers": [],
                "channels": [self.channels[c].to_json() for c in guild.channels if c in self.channels],
                "threads": [], "voice_states": [], "presences": [], "stage_instances": [],
                "guild_scheduled_events": [], "soundboard_sounds": [], "joined_at": "2026-01-01T00:00:00+00:00",
                "mfa_level": 0, "premium_tier": 0, "system_channel_flags": 0, "preferred_locale": "en-US"}

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self._sockets.append(socket)
        await socket.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        try:
            async for frame in socket:
                if frame.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(frame.data)
                op = payload.get("op")
                if op == 1:         # heartbeat
                    await socket.send_str(json.dumps({"op": 11}))
                elif op == 2:       # identify
                    if payload["d"].get("token") != TOKEN:
                        await socket.close(code=4004, message=b"Authentication failed")
                        break
                    shard = payload["d"].get("shard", [0, 1])
                    if not (isinstance(shard, list) and len(shard) == 2 and 0 <= shard[0] < shard[1]):
                        await socket.close(code=4010, message=b"Invalid shard")
                        break
                    if shard[1] < self.shards:
                        await socket.close(code=4011, message=b"Sharding required")
                        break
                    socket.dispatch_shard = (shard[0], shard[1])
                    await self._ready(payload["d"], socket)
                elif op == 6:       # resume: start afresh, as Discord does for an unknown session
                    await socket.send_str(json.dumps({"op": 9, "d": False}))
        finally:
            if socket in self._sockets:
                self._sockets.remove(socket)
        return socket

    async def _ready(self, identify: dict[str, Any], socket: web.WebSocketResponse) -> None:
        shard, count = socket.dispatch_shard
        bot_guilds = [g for g in self.guilds.values()
                      if self.bot.id in g.members and self.shard_of(g.id, count) == shard]
        await self.dispatch("READY", {
            "v": 10, "user": self.bot.to_json(), "session_id": f"{self._session}-{shard}", "shard": [shard, count],
            "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway", "relationships": [],
            "private_channels": [], "presences": [], "guild_join_requests": [], "geo_ordered_rtc_regions": [],
            "application": {"id": str(self.bot.id), "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in bot_guilds]}, only=socket)
        for guild in bot_guilds:
            await self.dispatch("GUILD_CREATE", self.guild_create(guild), only=socket)

    async def close_gateway(self) -> None:
        for socket in list(self._sockets):
            await socket.close()

    # ------------------------------------------------------------------ serving
    async def start(self) -> "FakeDiscord":
        from .rest import build_app
        self._runner = web.AppRunner(build_app(self))
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        await self.close_gateway()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"
