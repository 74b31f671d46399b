"""A game before it starts: created (with its bot seats), checked, and started — its channels,
first phase and first messages in one transaction."""
from __future__ import annotations

import hashlib
from typing import Any, Awaitable, Callable, Mapping, Sequence

from engine.errors import RulesError
from engine.variant import get_variant

from . import permissions
from .adjudication import Adjudicator, phase_rng
from .bots import bot_seat_names, require_bot
from .briefs import Briefs
from .checks import MAX_NAME, check_hours, check_id, clean_text, require_status
from .errors import BadInput, BadState
from .ids import checked_ids
from .models import Actor, GameChannels, GameInfo, iso
from .rooms import Rooms, split_table_settings
from .runtime import Now
from .seasons import Seasons, SeasonSettings, check_settings, pop_settings
from .seats import Seats
from .store import Store


@checked_ids
class Lobby:
    """Creating a game and starting it."""

    def __init__(self, store: Store, clock: Now, seed_source: Callable[[], str], adjudicator: Adjudicator,
                 briefs: Briefs, rooms: Rooms, seats: Seats, seasons: Seasons):
        self.store = store
        self.clock = clock
        self.seed_source = seed_source
        self.adjudicator = adjudicator
        self.briefs = briefs
        self.rooms = rooms
        self.seats = seats
        self.seasons = seasons
        # parts above the lobby that shape a start state (A&A league mode's bid: service/seasons/matches)
        self.start_hooks: list[Callable[[Any, GameInfo, dict], Awaitable[dict]]] = []

    async def create_game(self, guild_id: int, actor: Actor, variant_key: str, name: str | None = None,
                          options: Mapping[str, Any] | None = None,
                          phase_hours: float | None = None, bots: Sequence[str] | str | None = None,
                          bot_level: str | None = None) -> GameInfo:
        """A new game; `bots` names seats a bot plays from the start."""
        guild_id = check_id(guild_id, "the server id")
        options = dict(options or {})
        season = pop_settings(options)             # seasons hook: `scoring=`, `committed=` (table settings)
        raw, press, audience = split_table_settings(options)
        try:
            variant = get_variant(variant_key)
            parsed = variant.parse_options(raw)
        except RulesError as exc:
            raise BadInput(str(exc)) from None
        season = check_settings(variant, parsed, season)
        settings = await self.store.guild_settings(guild_id)
        hours = settings["phase_hours"] if phase_hours is None else check_hours(phase_hours)
        if hours < settings["min_phase_hours"]:
            raise BadInput(f"phases on this server last at least {settings['min_phase_hours']:g}h "
                           f"(a server admin sets this with `/game settings`)")
        if await self.store.open_games_count(guild_id, actor.user_id) >= settings["max_games_per_user"]:
            raise BadState(f"you already run {settings['max_games_per_user']} open games on this server, "
                           f"the most allowed; finish or abandon one first")
        if await self.store.open_games_count(guild_id) >= settings["max_games_per_server"]:
            raise BadState(f"this server already has {settings['max_games_per_server']} open games, the most "
                           f"allowed; a server admin can raise the limit with `/game settings`")
        name = clean_text(name or variant.title, MAX_NAME) or variant.title
        if bots:
            require_bot(variant, bot_level)
            bot_seat_names(variant, list(variant.seats(parsed)), bots)      # checked before anything is written
        async with self.store.db.transaction() as tx:
            game_id = await self.create_in(tx, guild_id, actor.user_id, variant.key, parsed, name, hours,
                                           settings["reminder_hours"], press, audience, season)
            if bots:
                await self._bots_at_creation(tx, await self.store.game(game_id, tx), bots, bot_level)
        return await self.store.game(game_id)

    async def create_in(self, tx, guild_id: int, creator_id: int, variant_key: str, parsed: dict[str, Any],
                        name: str, hours: float, reminder_hours: list[float], press: bool, audience: str,
                        season: SeasonSettings, holders: Mapping[str, int] | None = None) -> int:
        """The rows of a new game inside `tx`, its options already checked (`create_game`, and a
        league match's games: `holders` seats their players from the start)."""
        variant = get_variant(variant_key)
        seed = self.seed_source()
        now = iso(self.clock())
        game_id = await tx.games.create(guild_id, name, variant.key, parsed, creator_id, seed,
                                        hashlib.sha256(seed.encode()).hexdigest(), hours,
                                        reminder_hours, now, press, audience)
        for position, seat in enumerate(variant.seats(parsed)):
            await tx.seats.add(game_id, seat, position, (holders or {}).get(seat))
        await self.seasons.settings_chosen(tx, game_id, season)    # seasons hook: the game's settings
        await self.store.log(tx, game_id, None, now, creator_id, "created",
                             {"variant": variant.key, "options": parsed, "name": name, "press": press,
                              "audience": audience})
        return game_id

    async def check_start(self, game_id: int, actor: Actor, guild_id: int | None = None) -> GameInfo:
        """Would `start` succeed? Raises its error without changing anything (the bot asks
        before it creates channels, so a refused start leaves nothing behind)."""
        game = await self.store.game(game_id)
        self._may_start(game, actor, guild_id)
        return game

    @staticmethod
    def _may_start(game: GameInfo, actor: Actor, guild_id: int | None) -> None:
        permissions.require_same_server(game, guild_id)
        permissions.require_gm(game, actor, "start")
        require_status(game, "forming", "start")
        if game.open_seats:
            raise BadState(f"game #{game.id} still has open seats: {', '.join(game.open_seats)}; "
                           f"players take them with `/game join {game.id}`")
        if not game.players:
            raise BadState(f"game #{game.id} has no player yet, only bots: take a seat with `/game join {game.id}` "
                           f"first (a game of bots alone would play itself out at once)")

    async def start(self, game_id: int, actor: Actor, channels: GameChannels | None = None,
                    guild_id: int | None = None) -> GameInfo:
        """Start the game: its channels (if on Discord), first phase and first messages appear
        in one transaction, so nothing is ever owed to a channel that does not exist yet."""
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            self._may_start(game, actor, guild_id)
            variant = get_variant(game.variant)
            if channels is not None:
                await tx.games.set_channels(game_id, channels.category_id, channels.channel_id)
                for seat, channel in channels.seats.items():
                    await tx.seats.set_channel(game_id, seat, channel)
                await self.rooms.record_rooms(tx, game, channels, actor)
                game = await self.store.game(game_id, tx)
                self.store.forget_channels()
            seed = await self.store.seed(tx, game_id)
            state = variant.initial_state(game.options, phase_rng(seed, -1))
            for shape in self.start_hooks:        # before the seed commitment is posted: it covers this state
                state = await shape(tx, game, state)
            now = self.clock()
            await tx.games.started(game_id, iso(now))
            await self.store.log(tx, game_id, None, iso(now), actor.user_id, "started",
                                 {"seed_hash": game.seed_hash})
            first = await self.adjudicator.open_phase(tx, game, variant, state, 0, now, announce=False)
            game = await self.store.game(game_id, tx)
            for seat in game.seats:
                await self.seats.record_holder(tx, game, seat.seat, seat.user_id, "start")
            await self.store.outbox(tx, game_id, "game", (
                f"**{game.name}** (game #{game.id}, {variant.title}) has begun: **{first.label}**, orders due "
                f"<t:{int(first.deadline.timestamp())}:R>. The starting position is below.\n"
                f"Dice/coin seed commitment: `sha256 {game.seed_hash}` (revealed when the game ends)."),
                first.id, iso(now))
            await self.briefs.announce(tx, game, variant, first)
        return await self.store.game(game_id)

    async def _bots_at_creation(self, tx, game: GameInfo, names, level: str | None) -> None:
        """`/game create … bots:<seats>`: the named seats get bots (`create_game` checked the
        names and the level before anything was written)."""
        variant = get_variant(game.variant)
        chosen_level = require_bot(variant, level)
        for seat in bot_seat_names(variant, [s.seat for s in game.seats], names):
            await tx.seats.set_bot(game.id, seat, chosen_level)
