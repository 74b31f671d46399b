"""The game's private channels beside the seat channels, and its spectators.

- **Alliance channels** (Axis & Allies): each alliance with two or more seats gets a private
  channel for its players at the start, made with the same care as seat channels.
- **Press channels**: a player opens a private channel with chosen seats (`/press open`), unless
  the game was created with `press=off`.
- **Letters**: `/press send` carries a player's words to other seats' channels, signed with the
  power only; the press of games with anonymous players (a channel would show its members). A
  player sends at most `limits.LETTERS` of them (a burst, then one every few seconds).
- **Spectators**: with `audience=players` the game channel is read only by the players and the
  game's Spectator role (`/game spectate` gives it); with `audience=server` (the default) every
  member of the server reads it. Spectators never see a seat, alliance or press channel.

A room's readers are the current holders of its seats, so a substitute inherits them; the bot
brings a room's access up to date after every change of holder (`access_changed`).
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.variant import get_variant

from . import permissions
from .checks import check_id, clip, require_status
from .errors import BadInput, BadState, Forbidden, printable
from .ids import checked_ids
from .limits import Limits
from .models import RETIRED, Actor, GameChannels, GameInfo, Room, iso
from .runtime import Now
from .seats import RETIRED_CHANNEL, anonymous_now
from .store import Store

MAX_LETTER = 1_500            # characters of one letter (Discord's 2,000 less the heading)
MAX_PRESS_ROOMS = 20          # a Discord category holds 50 channels; seats and alliances come first
AUDIENCES = ("server", "players")
# Words of `/game create` that are about the table, not the rules: any variant takes them.
TABLE_SETTINGS = {
    "press": "on (default) or off: whether players may open private press channels with `/press open`",
    "audience": "server (default: every member reads the game channel) or players (only the players and "
                "the game's Spectator role, which `/game spectate` gives)",
    # seasons (service/seasons/settings.py checks them): the game's score, and who may join
    "scoring": "dss (default), sos, cdiplo100, cdiplo80, carnage, carnage2023, manorcon, tribute, opentribute or "
               "worldclassic; winloss for two-sided games: the system the result is told in (`/game scores`)",
    "committed": "high or medium: only players that reliable may join or take a seat (their figure: `/profile`)",
    "league": "a league of this server (`/league standings` lists them): the game counts in its standings",
}


def split_table_settings(raw: Mapping[str, Any]) -> tuple[dict[str, Any], bool, str]:
    """`/game create` options → (the variant's options, press on?, audience)."""
    options = dict(raw)
    press_word = str(options.pop("press", "on")).strip().lower()
    if press_word not in ("on", "off", "true", "false", "yes", "no", "1", "0"):
        raise BadInput(f"press: `on` or `off`, not `{clip(press_word, 20)}`")
    audience = str(options.pop("audience", "server")).strip().lower()
    if audience not in AUDIENCES:
        raise BadInput(f"audience: `server` or `players`, not `{clip(audience, 20)}`")
    return options, press_word in ("on", "true", "yes", "1"), audience


def alliances_of(game: GameInfo) -> dict[str, tuple[str, ...]]:
    """The alliances that get a channel: those of two or more seats."""
    sides = get_variant(game.variant).alliances(game.options)
    return {name: seats for name, seats in sides.items() if len(seats) > 1}


def table_text(game: GameInfo) -> str:
    """The table settings, for `/game status` and `/rules`."""
    rooms = alliances_of(game)
    parts = [("alliance channels: " + ", ".join(rooms)) if rooms else "",
             "press channels open to players (`/press open`)" if game.press else "no press channels",
             "the game channel is open to the whole server" if game.audience == "server" else
             "the game channel is for players and spectators (`/game spectate`)"]
    return "Table: " + "; ".join(p for p in parts if p) + "."


@checked_ids
class Rooms:
    """The game's rooms beside the seat channels (alliance and press channels), letters, and
    its spectators."""

    def __init__(self, store: Store, clock: Now, limits: Limits | None = None):
        self.store = store
        self.clock = clock
        # How often one person may act (letters here; commands where every command passes: the
        # bot's global check and the console). bot.py sets them for the bot and the console it runs.
        self.limits = limits

    async def rooms(self, game_id: int) -> list[Room]:
        """The game's alliance and press channels, and the seat channels a seat left for a fresh
        one (anonymous players: `RETIRED`, read by nobody until the archive opens them to every
        player like the seat channels)."""
        retired = [Room(-event["id"], game_id, RETIRED, f"{event['payload']['seat']} (before)",
                        event["payload"]["channel_id"], (event["payload"]["seat"],), event["actor_id"])
                   for event in await self.store.events(game_id) if event["kind"] == RETIRED_CHANNEL]
        return await self.store.rooms(game_id) + retired

    async def record_rooms(self, tx, game: GameInfo, channels: GameChannels, actor: Actor) -> None:
        """At the start: the alliance channels and the Spectator role the bot created."""
        sides = alliances_of(game)
        for name, channel_id in channels.alliances.items():
            await tx.rooms.add(game.id, "alliance", name, channel_id, sides[name], actor.user_id,
                               iso(self.clock()))
        if channels.spectator_role_id is not None:
            await tx.games.set_spectator_role(game.id, channels.spectator_role_id)

    async def check_press(self, game_id: int, actor: Actor, seats_text: str,
                          guild_id: int | None = None) -> tuple[GameInfo, tuple[str, ...]]:
        """Who a new press channel is for: the seats named, and the caller's own seat (the one they
        hold, or the ones of theirs they named when they hold several). Raises the reason it
        cannot be opened; changes nothing."""
        game, members = await self._press_seats(game_id, actor, seats_text, guild_id, "open a press channel in")
        if anonymous_now(game):
            # Discord lists a channel's members to everyone in it: a press channel would say who
            # plays each power, which an anonymous game keeps secret until its end
            raise BadState(f"game #{game.id} has anonymous players, and a press channel would show who plays each "
                           f"power: send a letter instead, `/press send to: {', '.join(members[:2])} message: …` "
                           f"(I pass it on under your power's name only)")
        rooms = [r for r in await self.store.rooms(game.id) if r.kind == "press"]
        for room in rooms:
            if set(room.seats) == set(members):
                raise BadState(f"those seats already have a press channel: <#{room.channel_id}>")
        if len(rooms) >= MAX_PRESS_ROOMS:
            raise BadState(f"game #{game.id} already has {MAX_PRESS_ROOMS} press channels, the most it may have")
        return game, members

    async def send_letter(self, game_id: int, actor: Actor, to_text: str, text: str,
                          guild_id: int | None = None) -> tuple[str, tuple[str, ...]]:
        """Press by letter: the bot carries a player's words to the named seats' own channels,
        signed with the sender's power only. Any game with press on takes letters; in a game with
        anonymous players they are the only press, since a shared channel shows its members.
        Returns (the sending seat, the seats written to); the words are not kept in the record."""
        game, members = await self._press_seats(game_id, actor, to_text, guild_id, "send a letter in")
        words = printable((text or "").strip())
        if not words:
            raise BadInput("the letter is empty: write what you want to say after `message:`")
        if len(words) > MAX_LETTER:
            raise BadInput(f"a letter has at most {MAX_LETTER:,} characters; this one has {len(words):,}: "
                           f"send it in parts")
        mine = set(game.seats_of(actor.user_id))
        own = [s for s in members if s in mine]
        others = tuple(s for s in members if s not in mine)
        sender = own[0] if len(own) == 1 else None
        if sender is None:
            raise BadInput(f"you hold {', '.join(own)} in game #{game.id}: write from one of them, e.g. "
                           f"`/press send to: {own[0]}, {others[0]} message: …`")
        if self.limits is not None:        # after every other check: a refused letter costs nothing
            self.limits.letter(actor.user_id)
        async with self.store.db.transaction() as tx:
            now = iso(self.clock())
            addressed = ", ".join(f"**{s}**" for s in others)
            for seat in others:
                await self.store.outbox(tx, game.id, f"seat:{seat}",
                                        f"📨 **Letter from {sender}** (to {addressed}):\n>>> {words}",
                                        game.current_phase, now)
            await self.store.log(tx, game.id, game.current_phase, now, actor.user_id, "letter_sent",
                                 {"from": sender, "to": list(others)})
        return sender, others

    async def _press_seats(self, game_id: int, actor: Actor, seats_text: str, guild_id: int | None,
                           doing: str) -> tuple[GameInfo, tuple[str, ...]]:
        """The seats of a press channel or a letter: those named and the caller's own seat (the one
        they hold, or the ones of theirs they named when they hold several), with another player."""
        game = await self.store.game(game_id)
        permissions.require_same_server(game, guild_id)
        require_status(game, ("active", "paused"), doing)
        if not game.press:
            raise BadState(f"game #{game.id} was created with press off: players talk only in the game channel")
        mine = game.seats_of(actor.user_id)
        if not mine:
            raise Forbidden(f"only players of game #{game.id} may {doing.removesuffix(' in')} there")
        names = [s.seat for s in game.seats]
        aliases = get_variant(game.variant).seat_aliases()
        wanted: list[str] = []
        for word in seat_words(seats_text, names, aliases):
            seat = permissions.match_name(word, names, aliases)
            if seat is None:
                raise BadInput(f"game #{game.id} has no seat `{clip(word)}`; seats: {', '.join(names)}")
            wanted.append(seat)
        # The caller's own seat is named, never assumed: a player holding several seats says which
        # of them talks here (never the seat of the channel it was typed in, silently).
        own = [s for s in wanted if s in mine] or (mine if len(mine) == 1 else [])
        if not own:
            raise BadInput(f"you hold {', '.join(mine)} in game #{game.id}: name which of them talks here too, "
                           f"e.g. `{mine[0]}, <other seats>`")
        members = tuple(s for s in names if s in set(own) | set(wanted))
        others = {game.holder(s) for s in members} - {actor.user_id, None}
        if not others:
            raise BadInput("name at least one seat held by another player, e.g. `France, Russia`")
        return game, members

    async def add_press_room(self, game_id: int, actor: Actor, seats: tuple[str, ...], channel_id: int) -> Room:
        """Record a press channel the bot created for `check_press`'s seats; tell the game. Who may
        open it, and for which seats, is checked again here, not only by the front end."""
        _, seats = await self.check_press(game_id, actor, ", ".join(map(str, seats)))
        channel_id = check_id(channel_id, "the press channel's id")
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            now = iso(self.clock())
            name = " & ".join(seats)
            room_id = await tx.rooms.add(game.id, "press", name, channel_id, seats, actor.user_id, now)
            await self.store.log(tx, game.id, game.current_phase, now, actor.user_id, "press_opened",
                                 {"seats": list(seats), "channel_id": channel_id})
            self.store.forget_channels()
            return Room(room_id, game.id, "press", name, channel_id, seats, actor.user_id)

    async def check_spectate(self, game_id: int, actor: Actor, guild_id: int | None = None) -> GameInfo:
        """May `actor` join the game's spectators? Players already see everything they may."""
        game = await self.store.game(game_id)
        permissions.require_same_server(game, guild_id)
        if game.status == "forming":
            raise BadState(f"game #{game.id} has not started; spectators can join once it runs")
        if game.audience == "server":
            raise BadState(f"the game channel of #{game.id} is open to everyone on this server"
                           + (f": read it in <#{game.channel_id}>" if game.channel_id else ""))
        if game.seats_of(actor.user_id):
            raise BadState(f"you play in game #{game.id}: you already read its game channel")
        if game.spectator_role_id is None:
            raise BadState(f"game #{game.id} has no Spectator role (it started without one); ask the GM")
        return game


def seat_words(text: str, names: list[str], aliases: Mapping[str, str]) -> list[str]:
    """`France, Russia`, `France Russia` or `Austria-Hungary and Germany` → seat words. Commas
    (or `and`) separate; without them each word is tried, and multi-word seat names first."""
    text = (text or "").replace(" and ", ",").replace(";", ",")
    if "," in text:
        return [w.strip() for w in text.split(",") if w.strip()]
    words, found = text.split(), []
    index = 0
    while index < len(words):
        for size in (3, 2, 1):
            chunk = " ".join(words[index:index + size])
            if size == 1 or permissions.match_name(chunk, names, aliases) is not None:
                found.append(chunk)
                index += size
                break
    return found
