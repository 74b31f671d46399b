"""The fake Discord's REST routes, each refusing what Discord's documentation says it refuses.

Sources (Discord developer documentation): Channel → Create Guild Channel ("only permissions
your bot has in the guild can be allowed/denied. Setting MANAGE_ROLES permission in channels is
only possible for guild administrators"), Edit Channel Permissions ("Requires the MANAGE_ROLES
permission. Only permissions your bot has in the guild or parent channel can be allowed/denied"),
Delete Channel Permission (MANAGE_ROLES), Create Message (VIEW_CHANNEL, SEND_MESSAGES,
ATTACH_FILES for uploads; content at most 2000 characters), Interactions → Receiving and
Responding (initial response within 3 seconds; one initial response; tokens valid 15 minutes;
at most 25 autocomplete choices), Opcodes and Status Codes → JSON error codes.
"""
from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .model import (ADMINISTRATOR, ALL, ATTACH_FILES, DM, GUILD_CATEGORY, MANAGE_CHANNELS, MANAGE_ROLES,
                    SEND_MESSAGES, VIEW_CHANNEL, Channel, DiscordError, Overwrite, missing_access,
                    missing_permissions, snowflake)
from .components import ComponentError, check_modal
from .components_v2 import IS_COMPONENTS_V2, is_v2
from .server import (APPLICATION_COMMAND, AUTOCOMPLETE, AUTOCOMPLETE_CHOICES, INTERACTION_RESPONSE_SECONDS,
                     INTERACTION_TOKEN_SECONDS, MESSAGE_COMPONENT, MESSAGE_LIMIT, MODAL_SUBMIT, TOKEN, FakeDiscord,
                     Interaction)

API = "/api/v10"
GUILD_CHANNEL_LIMIT = 500        # channels a server may hold, categories included
GUILD_ROLE_LIMIT = 250           # roles a server may hold, @everyone aside
EPHEMERAL = 1 << 6


def build_app(fake: FakeDiscord) -> web.Application:
    @web.middleware
    async def discord_rules(request: web.Request, handler):
        if request.path == "/gateway":          # a long-lived socket, not a request in flight
            return await handler(request)
        fake.requests.append((request.method, request.path))
        fake.in_flight += 1
        try:
            if fake.latency:
                await fake.delay(fake.latency)       # on the fake's clock: no wall time
            return await _checked(request, handler)
        finally:
            fake.in_flight -= 1
            fake.touch()

    async def _checked(request: web.Request, handler):
        public = request.path.startswith((f"{API}/interactions/", f"{API}/webhooks/", "/attachments/")) or \
            request.path == "/gateway"
        if not public and request.headers.get("Authorization") != f"Bot {TOKEN}":
            return _error(DiscordError(401, 0, "401: Unauthorized"))
        try:
            return await handler(request)
        except DiscordError as exc:
            fake.refuse(f"{request.method} {request.path}", exc)
            return _error(exc)
        except web.HTTPNotFound:
            fake.violations.append(f"the bot called an endpoint the fake does not know: "
                                   f"{request.method} {request.path}")
            return _error(DiscordError(404, 0, "404: Not Found"))

    app = web.Application(middlewares=[discord_rules], client_max_size=64 * 1024 * 1024)
    routes = Routes(fake)
    app.add_routes([
        web.get("/gateway", fake.gateway),
        web.get("/attachments/{id}/{name}", routes.cdn),
        web.get(f"{API}/users/@me", routes.me),
        web.get(f"{API}/users/{{user}}", routes.get_user),
        web.get(f"{API}/oauth2/applications/@me", routes.application),
        web.get(f"{API}/gateway", routes.gateway_url),
        web.get(f"{API}/gateway/bot", routes.gateway_url),
        web.put(f"{API}/applications/{{app}}/commands", routes.sync_commands),
        web.put(f"{API}/applications/{{app}}/guilds/{{guild}}/commands", routes.sync_commands),
        web.get(f"{API}/applications/{{app}}/commands", routes.get_commands),
        web.post(f"{API}/guilds/{{guild}}/channels", routes.create_channel),
        web.get(f"{API}/guilds/{{guild}}/members/{{user}}", routes.get_member),
        web.post(f"{API}/guilds/{{guild}}/roles", routes.create_role),
        web.delete(f"{API}/guilds/{{guild}}/roles/{{role}}", routes.delete_role),
        web.put(f"{API}/guilds/{{guild}}/members/{{user}}/roles/{{role}}", routes.add_member_role),
        web.delete(f"{API}/guilds/{{guild}}/members/{{user}}/roles/{{role}}", routes.remove_member_role),
        web.get(f"{API}/channels/{{channel}}", routes.get_channel),
        web.patch(f"{API}/channels/{{channel}}", routes.edit_channel),
        web.delete(f"{API}/channels/{{channel}}", routes.delete_channel),
        web.put(f"{API}/channels/{{channel}}/permissions/{{target}}", routes.put_overwrite),
        web.delete(f"{API}/channels/{{channel}}/permissions/{{target}}", routes.delete_overwrite),
        web.post(f"{API}/channels/{{channel}}/messages", routes.send_message),
        web.patch(f"{API}/channels/{{channel}}/messages/{{message}}", routes.edit_message),
        web.post(f"{API}/channels/{{channel}}/typing", routes.typing),
        web.post(f"{API}/users/@me/channels", routes.open_dm),
        web.post(f"{API}/interactions/{{id}}/{{token}}/callback", routes.interaction_callback),
        web.post(f"{API}/webhooks/{{app}}/{{token}}", routes.followup),
        web.patch(f"{API}/webhooks/{{app}}/{{token}}/messages/{{message}}", routes.edit_reply),
        web.get(f"{API}/webhooks/{{app}}/{{token}}/messages/{{message}}", routes.get_reply),
        web.delete(f"{API}/webhooks/{{app}}/{{token}}/messages/{{message}}", routes.delete_reply),
    ])
    return app


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py decodes JSON only when Content-Type is exactly `application/json`, as Discord sends it.
    return web.Response(body=json.dumps(data).encode(), status=status, content_type="application/json")


def _error(exc: DiscordError) -> web.Response:
    return _json({"message": exc.message, "code": exc.code}, status=exc.status)


async def _body(request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    """A JSON body, or discord.py's multipart form (`payload_json` plus `files[n]`)."""
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        payload = json.loads(form.get("payload_json") or "{}")
        files = [(f.filename, f.file.read()) for key, f in form.items() if key.startswith("files[")]
        return payload, files
    if request.can_read_body:
        return await request.json(), []
    return {}, []


class Routes:
    def __init__(self, fake: FakeDiscord):
        self.fake = fake

    # ------------------------------------------------------------------ login
    async def me(self, request):
        return _json(self.fake.bot.to_json())

    async def cdn(self, request):
        data = self.fake.uploads.get(int(request.match_info["id"]))
        if data is None:
            raise DiscordError(404, 0, "404: Not Found")
        return web.Response(body=data, content_type="application/octet-stream")

    async def get_user(self, request):
        user = self.fake.users.get(int(request.match_info["user"]))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return _json(user.to_json())

    async def application(self, request):
        bot = self.fake.bot.to_json()
        return _json({"id": bot["id"], "name": "Dispatch", "icon": None, "description": "",
                                  "bot_public": True, "bot_require_code_grant": False, "owner": bot,
                                  "verify_key": "0" * 64, "flags": 0, "summary": "", "team": None})

    async def gateway_url(self, request):
        return _json({"url": self.fake.gateway_url, "shards": self.fake.shards,
                                  "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                                          "max_concurrency": self.fake.max_concurrency}})

    async def sync_commands(self, request):
        payload, _ = await _body(request)
        guild = request.match_info.get("guild")
        self.fake.command_syncs += 1
        stored = []
        for command in payload:
            stored.append({**command, "id": str(snowflake()), "application_id": str(self.fake.bot.id),
                           "version": str(snowflake()), "default_member_permissions": None,
                           "guild_id": guild})
        self.fake.commands[int(guild) if guild else None] = stored
        return _json(stored)

    async def get_commands(self, request):
        return _json(self.fake.commands.get(None, []))

    # ------------------------------------------------------------------ channels
    def _guild(self, request):
        guild = self.fake.guilds.get(int(request.match_info["guild"]))
        if guild is None or self.fake.bot.id not in guild.members:
            raise DiscordError(404, 10004, "Unknown Guild")
        return guild

    def _channel(self, request, need: int = VIEW_CHANNEL) -> Channel:
        channel = self.fake.channels.get(int(request.match_info["channel"]))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        if channel.type == DM:
            return channel
        guild = self.fake.guild_of(channel)
        perms = guild.channel_permissions(self.fake.bot.id, channel)
        if not perms & VIEW_CHANNEL:
            raise missing_access()
        if perms & need != need:
            raise missing_permissions()
        return channel

    def _overwrites(self, guild, raw: list[dict[str, Any]]) -> dict[int, Overwrite]:
        held = guild.base_permissions(self.fake.bot.id)
        overwrites = {}
        for item in raw or []:
            overwrite = Overwrite(int(item["id"]), int(item["type"]), int(item.get("allow") or 0),
                                  int(item.get("deny") or 0))
            if held != ALL:
                granted = overwrite.allow | overwrite.deny
                if granted & ~held or granted & MANAGE_ROLES:
                    raise missing_permissions()
            overwrites[overwrite.id] = overwrite
        return overwrites

    async def create_channel(self, request):
        guild = self._guild(request)
        if not guild.base_permissions(self.fake.bot.id) & MANAGE_CHANNELS:
            raise missing_permissions()
        payload, _ = await _body(request)
        overwrites = self._overwrites(guild, payload.get("permission_overwrites"))
        parent = int(payload["parent_id"]) if payload.get("parent_id") else None
        if parent is not None and parent not in self.fake.channels:
            raise DiscordError(400, 50035, "Invalid Form Body: parent_id: Unknown channel")
        name = str(payload.get("name", ""))
        if not 1 <= len(name) <= 100:
            raise DiscordError(400, 50035, "Invalid Form Body: name: Must be between 1 and 100 in length.")
        self._room_in(parent)
        self._room_in_guild(guild)
        channel = self.fake.add_channel(guild, name, int(payload.get("type", 0)), parent)
        channel.topic = payload.get("topic")
        channel.overwrites = overwrites
        await self.fake.dispatch("CHANNEL_CREATE", channel.to_json())
        return _json(channel.to_json())

    def _room_in(self, parent: int | None) -> None:
        """Documentation (Channel → Channel Object): a category holds at most 50 channels."""
        if parent is not None and sum(1 for c in self.fake.channels.values() if c.parent_id == parent) >= 50:
            raise DiscordError(400, 50035, "Invalid Form Body: parent_id: Maximum number of channels in "
                                           "category reached (50)")

    def _room_in_guild(self, guild) -> None:
        """Documentation (Opcodes and Status Codes → JSON error codes; Guild limits): a server
        holds at most 500 channels, categories included: 30013."""
        if sum(1 for c in self.fake.channels.values() if c.guild_id == guild.id) >= GUILD_CHANNEL_LIMIT:
            raise DiscordError(400, 30013, "Maximum number of guild channels reached (500)")

    # ------------------------------------------------------------------ roles
    # Documentation (Guild → Create Guild Role, Add/Remove Guild Member Role; Topics → Permissions →
    # Permission Hierarchy): MANAGE_ROLES is required; a new role starts at the bottom (position 1);
    # a bot may only grant permissions it holds, and only assign roles below its own highest role.
    async def create_role(self, request):
        guild = self._guild(request)
        held = guild.base_permissions(self.fake.bot.id)
        if not held & MANAGE_ROLES:
            raise missing_permissions()
        payload, _ = await _body(request)
        permissions = int(payload.get("permissions") or 0)
        if held != ALL and permissions & ~held:
            raise missing_permissions()
        if len(guild.roles) - 1 >= GUILD_ROLE_LIMIT:       # @everyone does not count
            raise DiscordError(400, 30005, "Maximum number of guild roles reached (250)")
        name = str(payload.get("name") or "new role")
        if not 1 <= len(name) <= 100:
            raise DiscordError(400, 50035, "Invalid Form Body: name: Must be between 1 and 100 in length.")
        for role in guild.roles.values():
            if role.id != guild.id:
                role.position += 1
        role = self.fake.add_role(guild, name, permissions)
        role.position = 1
        await self.fake.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_json()})
        return _json(role.to_json())

    async def delete_role(self, request):
        """Guild → Delete Guild Role: MANAGE_ROLES, and only a role below the bot's highest."""
        guild = self._guild(request)
        if not guild.base_permissions(self.fake.bot.id) & MANAGE_ROLES:
            raise missing_permissions()
        role = guild.roles.get(int(request.match_info["role"]))
        if role is None or role.id == guild.id:
            raise DiscordError(404, 10011, "Unknown Role")
        if guild.owner_id != self.fake.bot.id and role.position >= self.fake.top_role_position(guild, self.fake.bot.id):
            raise missing_permissions()
        del guild.roles[role.id]
        for roles in guild.members.values():
            if role.id in roles:
                roles.remove(role.id)
        for channel in self.fake.channels.values():
            channel.overwrites.pop(role.id, None)
        await self.fake.dispatch("GUILD_ROLE_DELETE", {"guild_id": str(guild.id), "role_id": str(role.id)})
        return web.Response(status=204)

    def _member_role(self, request):
        guild = self._guild(request)
        if not guild.base_permissions(self.fake.bot.id) & MANAGE_ROLES:
            raise missing_permissions()
        user_id, role_id = int(request.match_info["user"]), int(request.match_info["role"])
        if user_id not in guild.members:
            raise DiscordError(404, 10007, "Unknown Member")
        role = guild.roles.get(role_id)
        if role is None or role_id == guild.id:
            raise DiscordError(404, 10011, "Unknown Role")
        if guild.owner_id != self.fake.bot.id and role.position >= self.fake.top_role_position(guild, self.fake.bot.id):
            raise missing_permissions()
        return guild, user_id, role_id

    async def add_member_role(self, request):
        guild, user_id, role_id = self._member_role(request)
        if role_id not in guild.members[user_id]:
            guild.members[user_id].append(role_id)
        await self.fake.dispatch("GUILD_MEMBER_UPDATE", {"guild_id": str(guild.id), **guild.member_json(
            self.fake.users[user_id])})
        return web.Response(status=204)

    async def remove_member_role(self, request):
        guild, user_id, role_id = self._member_role(request)
        if role_id in guild.members[user_id]:
            guild.members[user_id].remove(role_id)
        await self.fake.dispatch("GUILD_MEMBER_UPDATE", {"guild_id": str(guild.id), **guild.member_json(
            self.fake.users[user_id])})
        return web.Response(status=204)

    async def get_member(self, request):
        guild = self._guild(request)
        user_id = int(request.match_info["user"])
        if user_id not in guild.members:
            raise DiscordError(404, 10007, "Unknown Member")
        return _json(guild.member_json(self.fake.users[user_id]))

    async def get_channel(self, request):
        return _json(self._channel(request).to_json(self.fake.users))

    async def edit_channel(self, request):
        channel = self._channel(request, VIEW_CHANNEL | MANAGE_CHANNELS)
        payload, _ = await _body(request)
        guild = self.fake.guild_of(channel)
        if "permission_overwrites" in payload:
            if not guild.channel_permissions(self.fake.bot.id, channel) & MANAGE_ROLES:
                raise missing_permissions()
            channel.overwrites = self._overwrites(guild, payload["permission_overwrites"])
        for key in ("name", "topic", "position"):
            if key in payload:
                setattr(channel, key, payload[key])
        if "parent_id" in payload:
            parent = int(payload["parent_id"]) if payload["parent_id"] else None
            if parent is not None and parent != channel.parent_id:
                if parent not in self.fake.channels or self.fake.channels[parent].type != GUILD_CATEGORY:
                    raise DiscordError(400, 50035, "Invalid Form Body: parent_id: Unknown channel")
                self._room_in(parent)
            channel.parent_id = parent
        await self.fake.dispatch("CHANNEL_UPDATE", channel.to_json())
        return _json(channel.to_json())

    async def delete_channel(self, request):
        channel = self._channel(request, VIEW_CHANNEL | MANAGE_CHANNELS)
        await self.fake.delete_channel(channel)
        return _json(channel.to_json())

    async def put_overwrite(self, request):
        channel = self._channel(request)
        guild = self.fake.guild_of(channel)
        if not guild.channel_permissions(self.fake.bot.id, channel) & MANAGE_ROLES:
            raise missing_permissions()
        payload, _ = await _body(request)
        target = int(request.match_info["target"])
        overwrite = self._overwrites(guild, [{**payload, "id": target}])[target]
        channel.overwrites[target] = overwrite
        await self.fake.dispatch("CHANNEL_UPDATE", channel.to_json())
        return web.Response(status=204)

    async def delete_overwrite(self, request):
        channel = self._channel(request)
        guild = self.fake.guild_of(channel)
        if not guild.channel_permissions(self.fake.bot.id, channel) & MANAGE_ROLES:
            raise missing_permissions()
        channel.overwrites.pop(int(request.match_info["target"]), None)
        await self.fake.dispatch("CHANNEL_UPDATE", channel.to_json())
        return web.Response(status=204)

    # ------------------------------------------------------------------ messages
    async def send_message(self, request):
        payload, files = await _body(request)
        channel = self._channel(request, VIEW_CHANNEL | SEND_MESSAGES | (ATTACH_FILES if files else 0))
        if channel.type == DM and not self.fake.users[channel.recipient].dms_open:
            raise DiscordError(403, 50007, "Cannot send messages to this user")
        where = f"POST /channels/{channel.id}/messages"
        self.fake.check_message(payload, files, where)
        # Create Message: with `enforce_nonce`, a nonce the same author used in the past minutes
        # gives back that message and creates none (a sender retrying after a crash posts once)
        nonce = (self.fake.bot.id, str(payload["nonce"])) if payload.get("enforce_nonce") and payload.get("nonce") \
            else None
        if nonce in self.fake.nonces:
            self.fake.nonce_repeats += 1
            return _json(self.fake.public(self.fake.nonces[nonce]))
        message = self.fake.store_message(channel, self.fake.bot, payload, files)
        if nonce is not None:
            self.fake.nonces[nonce] = message
        await self.fake.dispatch("MESSAGE_CREATE", self.fake.public(message))
        return _json(self.fake.public(message))

    async def edit_message(self, request):
        """Message → Edit Message: the bot edits a message of its own in a channel it sees (another
        author's: 50005); a Components v2 message stays one. An edit changing a v2 message's
        text is noted in `v2_edits`."""
        payload, files = await _body(request)
        channel = self._channel(request, VIEW_CHANNEL)
        message = next((m for m in channel.messages if m["id"] == request.match_info["message"]
                        and m.get("_visible_to") is None), None)
        if message is None:
            raise DiscordError(404, 10008, "Unknown Message")
        if int(message["author"]["id"]) != self.fake.bot.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        v2 = bool(int(message.get("flags") or 0) & IS_COMPONENTS_V2)
        if v2 and "flags" in payload and not is_v2(payload):
            raise DiscordError(400, 50035, "Invalid Form Body: flags: IS_COMPONENTS_V2 cannot be removed")
        where = f"PATCH /channels/{channel.id}/messages/{message['id']}"
        merged = {**self.fake.public(message), **payload} | ({"flags": IS_COMPONENTS_V2} if v2 else {})
        self.fake.check_message(merged, files or message.get("_files", []), where)
        self.fake.edit_stored(message, payload, files, where)
        await self.fake.dispatch("MESSAGE_UPDATE", self.fake.public(message))
        return _json(self.fake.public(message))

    async def typing(self, request):
        self._channel(request, VIEW_CHANNEL | SEND_MESSAGES)
        return web.Response(status=204)

    async def open_dm(self, request):
        payload, _ = await _body(request)
        user = self.fake.users.get(int(payload.get("recipient_id", 0)))
        if user is None:
            raise DiscordError(400, 50035, "Invalid Form Body: recipient_id")
        for channel in self.fake.channels.values():
            if channel.type == DM and channel.recipient == user.id:
                return _json(channel.to_json(self.fake.users))
        channel = Channel(snowflake(), DM, f"dm-{user.name}", recipient=user.id)
        self.fake.channels[channel.id] = channel
        return _json(channel.to_json(self.fake.users))

    # ------------------------------------------------------------------ interactions
    def _interaction(self, request) -> Interaction:
        interaction = self.fake.interactions.get(request.match_info["token"])
        if interaction is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        return interaction

    async def interaction_callback(self, request):
        interaction = self._interaction(request)
        if str(interaction.id) != request.match_info["id"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        payload, files = await _body(request)
        late = self.fake._loop_time() - interaction.sent_at > INTERACTION_RESPONSE_SECONDS
        try:
            if interaction.response_type is not None:
                raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
            if late:
                raise DiscordError(404, 10062, "Unknown interaction")
            response = self._respond(interaction, int(payload.get("type", 0)), payload.get("data") or {}, files)
        except DiscordError as exc:
            interaction.refusals.append(exc)
            raise
        return _json(response)

    def _respond(self, interaction: Interaction, kind: int, data: dict[str, Any], files) -> dict[str, Any]:
        channel = self.fake.channels[interaction.channel_id]
        result: dict[str, Any] = {"interaction": {"id": str(interaction.id), "type": interaction.type}}
        # Receiving and Responding: autocomplete answers only autocomplete; a modal cannot answer
        # a modal or an autocomplete; deferred-update and update-message only answer a component
        # (or a modal submitted from one)
        allowed = {APPLICATION_COMMAND: {4, 5, 9}, MESSAGE_COMPONENT: {4, 5, 6, 7, 9}, AUTOCOMPLETE: {8},
                   MODAL_SUBMIT: {4, 5, 6, 7} if interaction.message_id else {4, 5}}
        if kind not in allowed.get(interaction.type, set()):
            raise DiscordError(400, 40004 if kind == 9 else 50035,
                               f"Interaction response type {kind} is not valid for interaction type "
                               f"{interaction.type}")
        if kind == 9:
            try:
                check_modal(data)
            except ComponentError as exc:
                raise DiscordError(400, 50035, f"Invalid Form Body: {exc}") from None
        if kind == 7:                 # update the message the component is on
            self.fake.check_message(data, files, f"update by interaction {interaction.id}")
            message = next(m for m in channel.messages if int(m["id"]) == interaction.message_id)
            self.fake.edit_stored(message, data, files, f"update by interaction {interaction.id}")
            interaction.response_type = 7
            interaction.replies.append(message)
            interaction.original = message
            return result
        if kind == 6:                 # no "thinking": `@original` is the message the component is on
            interaction.response_type = 6
            interaction.original = next((m for m in channel.messages if int(m["id"]) == interaction.message_id),
                                        None) if interaction.message_id else None
            return result
        if kind == 8:
            choices = data.get("choices") or []
            if len(choices) > AUTOCOMPLETE_CHOICES:
                raise DiscordError(400, 50035, "Invalid Form Body: data.choices: Must be 25 or fewer in length.")
            for choice in choices:
                if not 1 <= len(str(choice.get("name", ""))) <= 100:
                    raise DiscordError(400, 50035, "Invalid Form Body: choices.name: Must be between 1 and 100")
            interaction.response_type, interaction.choices = 8, choices
            return result
        if kind == 9:
            interaction.response_type, interaction.modal = 9, data
            return result
        if kind == 5:                # deferred: "thinking"
            interaction.response_type = kind
            interaction.ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            result["interaction"].update(response_message_loading=kind == 5,
                                         response_message_ephemeral=interaction.ephemeral)
            return result
        if kind == 4:
            self.fake.check_message(data, files, f"callback of interaction {interaction.id}")
            interaction.response_type = kind
            interaction.ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            message = self.fake.store_message(channel, self.fake.bot, data, files,
                                              interaction.user_id if interaction.ephemeral else None, interaction)
            interaction.original = message
            result["interaction"].update(response_message_id=message["id"],
                                         response_message_ephemeral=interaction.ephemeral)
            result["resource"] = {"type": kind, "message": self.fake.public(message)}
            return result
        raise DiscordError(400, 50035, f"Invalid Form Body: type: unknown interaction response type {kind}")

    def _token_valid(self, interaction: Interaction) -> None:
        if self.fake._loop_time() - interaction.sent_at > INTERACTION_TOKEN_SECONDS:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if interaction.response_type is None:
            raise DiscordError(404, 10015, "Unknown Webhook")

    async def followup(self, request):
        interaction = self._interaction(request)
        payload, files = await _body(request)
        try:
            self._token_valid(interaction)
            self.fake.check_message(payload, files, f"followup of interaction {interaction.id}")
        except DiscordError as exc:
            interaction.refusals.append(exc)
            raise
        channel = self.fake.channels[interaction.channel_id]
        asked = bool(int(payload.get("flags") or 0) & EPHEMERAL)
        # Receiving and Responding → Followup Messages: the first follow-up after a "thinking"
        # defer (type 5) replaces the loading message — it is the original response — and is
        # shown as the defer said, ephemeral or not, whatever flag it carries.
        first = interaction.response_type == 5 and interaction.original is None
        if first and interaction.original_deleted:
            # the loading message was deleted before anything replaced it (discord-api-docs #2739:
            # Discord answered 10008); a bot must not rely on what follows
            exc = DiscordError(404, 10008, "Unknown Message")
            interaction.refusals.append(exc)
            raise exc
        ephemeral = interaction.ephemeral if first else asked
        if first and asked != ephemeral:
            ignored = (f"{interaction.command}: the first follow-up after a {'private' if ephemeral else 'public'} "
                       f"defer asked ephemeral={asked}; Discord shows it "
                       f"{'privately' if ephemeral else 'to the whole channel'}: {(payload.get('content') or '')[:80]!r}")
            self.fake.ignored_ephemeral.append(ignored)
            if asked:                 # an answer meant for one person, shown to everyone: never acceptable
                self.fake.violations.append(ignored)
        message = self.fake.store_message(channel, self.fake.bot, payload, files,
                                          interaction.user_id if ephemeral else None, interaction)
        if first:
            interaction.original = message
        return _json(self.fake.public(message))

    def _reply(self, request) -> tuple[Interaction, dict[str, Any] | None]:
        interaction = self._interaction(request)
        self._token_valid(interaction)
        wanted = request.match_info["message"]
        if wanted == "@original":
            if interaction.original_deleted:
                raise DiscordError(404, 10008, "Unknown Message")
            return interaction, interaction.original
        for message in interaction.replies:
            if message["id"] == wanted:
                return interaction, message
        raise DiscordError(404, 10008, "Unknown Message")

    async def edit_reply(self, request):
        interaction, message = self._reply(request)
        payload, files = await _body(request)
        self.fake.check_message({**(message or {}), **payload, "_": 1} if message else payload, files,
                                f"edit of interaction {interaction.id}")
        if message is None:          # editing a deferred response posts it, as the defer said
            if interaction.response_type != 5:
                raise DiscordError(404, 10008, "Unknown Message")
            channel = self.fake.channels[interaction.channel_id]
            message = self.fake.store_message(channel, self.fake.bot, payload, files,
                                              interaction.user_id if interaction.ephemeral else None,
                                              interaction)
            interaction.original = message
        else:
            if len(payload.get("content") or "") > MESSAGE_LIMIT:
                raise DiscordError(400, 50035, "Invalid Form Body: content")
            self.fake.edit_stored(message, {k: v for k, v in payload.items() if k in ("content", "components")},
                                  files, f"edit of interaction {interaction.id}'s message")
            if message not in interaction.replies:      # a component's message this answer changed
                interaction.replies.append(message)
        return _json(self.fake.public(message))

    async def get_reply(self, request):
        _, message = self._reply(request)
        if message is None:
            raise DiscordError(404, 10008, "Unknown Message")
        return _json(self.fake.public(message))

    async def delete_reply(self, request):
        interaction, message = self._reply(request)
        if request.match_info["message"] == "@original":
            interaction.original_deleted = True       # also a loading message nothing replaced yet
        if message is not None:
            if message in interaction.replies:
                interaction.replies.remove(message)
            channel = self.fake.channels.get(int(message["channel_id"]))
            if channel is not None and message in channel.messages:
                channel.messages.remove(message)
        return web.Response(status=204)


# Re-exported for tests that build permission sets.
__all__ = ["build_app", "ADMINISTRATOR", "GUILD_CATEGORY"]
