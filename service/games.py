"""GameService: the one entry of the front ends (cogs, console, tests, benches), composed of parts.

Each part owns one responsibility and is handed the parts it needs when it is built
(`compose`); the dependencies run one way only (tests/test_architecture.py checks that they and
the parts' imports form no circle). `GameService` keeps the actions' names and signatures and
hands each to the part that owns it; docs/architecture.md ("Platform") has the picture.

Every change is one transaction. Adjudication re-reads the phase inside its transaction and does
nothing if the phase was already adjudicated, so a retried or doubled call (all-ready racing the
deadline, a restart) adjudicates a phase exactly once.
"""
from __future__ import annotations

import asyncio
import functools
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

from .adjudication import Adjudicator
from .archive import Archive
from .bot_seats import BotSeats
from .bots import BotSheets
from .briefs import Briefs
from .cluster import Node
from .ending import Ending
from .gm import GameMaster
from .ids import checked_ids
from .limits import Limits
from .lobby import Lobby
from .no_shows import NoShows
from .orders import Orders
from .outbox import Outbox
from .policy import Policy
from .records import Records
from .rollback import Rollback
from .rooms import Rooms
from .runtime import Now, Workers
from .schedule import Schedule
from .seasons import Seasons
from .seasons.matches import Matches
from .seasons.playoffs import Playoffs
from .seasons.tournaments import Tournaments
from .seats import Seats
from .settings import Settings
from .store import Store
from .timers import Timers
from .votes import Votes

Clock = Callable[[], datetime]


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class Parts:
    """The service's parts, each built from the ones it needs (`compose`)."""

    outbox: Outbox
    schedule: Schedule
    briefs: Briefs
    bot_sheets: BotSheets
    ending: Ending
    seats: Seats
    rooms: Rooms
    policy: Policy
    settings: Settings
    records: Records
    adjudicator: Adjudicator
    no_shows: NoShows
    game_master: GameMaster
    rollback: Rollback
    votes: Votes
    bot_seats: BotSeats
    orders: Orders
    lobby: Lobby
    timers: Timers
    archive: Archive
    seasons: Seasons
    tournaments: Tournaments
    matches: Matches
    playoffs: Playoffs


def compose(store: Store, clock: Now, workers: Workers, seed_source: Callable[[], str],
            node: Node | None = None) -> Parts:
    """The parts, from those that need only the store to those that need others (the picture in
    docs/architecture.md). `node`: this process among several on the database (service/cluster.py)."""
    node = node or Node()
    outbox = Outbox(store, clock, node)
    schedule = Schedule(store)
    briefs = Briefs(store)
    bot_sheets = BotSheets(store, clock)
    seasons = Seasons(store, clock)       # records, ratings, reliability (service/seasons)
    ending = Ending(store, clock, seasons)
    seats = Seats(store, clock, seasons)
    rooms = Rooms(store, clock)
    records = Records(store)
    adjudicator = Adjudicator(store, clock, workers, schedule, briefs, bot_sheets, ending, seasons, node)
    no_shows = NoShows(store, clock, schedule, bot_sheets, adjudicator)
    game_master = GameMaster(store, clock, schedule)
    rollback = Rollback(store, clock, schedule, briefs)
    bot_seats = BotSeats(store, clock, workers, outbox, bot_sheets, adjudicator, node)
    lobby = Lobby(store, clock, seed_source, adjudicator, briefs, rooms, seats, seasons)
    matches = Matches(store, clock, lobby, ending, seasons, seed_source)     # A&A league mode (hooks in lobby, ending)
    return Parts(
        outbox=outbox, schedule=schedule, briefs=briefs, bot_sheets=bot_sheets, ending=ending, seats=seats,
        rooms=rooms, policy=Policy(store, clock), settings=Settings(store, clock), records=records,
        adjudicator=adjudicator, no_shows=no_shows, game_master=game_master, rollback=rollback,
        votes=Votes(store, clock, game_master, schedule, ending, rollback), bot_seats=bot_seats,
        orders=Orders(store, clock, adjudicator, no_shows),
        lobby=lobby, tournaments=Tournaments(store, clock, workers, lobby, seasons),
        timers=Timers(store, clock, game_master, no_shows, bot_seats, adjudicator, node),
        archive=Archive(store, clock, workers, records, seasons), seasons=seasons, matches=matches,
        playoffs=Playoffs(store, clock, matches, seasons))


def action(part: str, method: Callable[..., Any]) -> Callable[..., Any]:
    """The facade's action `method.__name__`, carried out by the part `part` (same signature and
    docstring, so the front ends and `inspect` see the part's own)."""
    name = method.__name__

    @functools.wraps(method)
    async def act(self: "GameService", *args: Any, **kwargs: Any) -> Any:
        return await getattr(getattr(self.parts, part), name)(*args, **kwargs)
    return act


@checked_ids              # every entry point checks its ids first (service/ids.py): in its part
class GameService:
    def __init__(self, db, clock: Clock = utcnow, seed_source: Callable[[], str] | None = None):
        self.db = db
        # set after anything the clock must act on was written (a message owed, a timer
        # scheduled), so delivery and deadlines happen at once rather than on the next poll
        self.changed = asyncio.Event()
        self.store = Store(db, on_change=self.changed.set)
        self.now = Now(clock)
        # where CPU-heavy work runs (maps, odds, bots, imports): in place by default; the bot sets a pool
        self.workers = Workers()
        # this process among several on the database: its claims of work, its shards (bot.py sets them)
        self.node = Node()
        self.parts = compose(self.store, self.now, self.workers, seed_source or (lambda: secrets.token_hex(16)),
                             self.node)

    # ------------------------------------------------------------------ what the host swaps
    @property
    def clock(self) -> Clock:
        return self.now.source

    @clock.setter
    def clock(self, source: Clock) -> None:
        self.now.source = source

    @property
    def cpu(self):
        return self.workers.pool

    @cpu.setter
    def cpu(self, pool) -> None:
        self.workers.pool = pool

    @property
    def limits(self) -> Limits | None:
        """How often one person may act (letters; commands where every command passes: the bot's
        global check and the console). bot.py sets them for the bot and the console it runs."""
        return self.parts.rooms.limits

    @limits.setter
    def limits(self, limits: Limits | None) -> None:
        self.parts.rooms.limits = limits

    @property
    def seasons(self) -> Seasons:
        """Records, ratings, reliability, scores and profiles (`service.seasons`), read by the front ends."""
        return self.parts.seasons

    @property
    def matches(self) -> Matches:
        """A&A league matches: the sealed bid for sides, the bid placed, two games (`service.seasons.matches`)."""
        return self.parts.matches

    @property
    def playoffs(self) -> Playoffs:
        """Playoffs of a league's top 8 in two-game matches (`service.seasons.playoffs`)."""
        return self.parts.playoffs

    @property
    def tournaments(self) -> Tournaments:
        """Tournaments: registration, seeding, boards (`service.seasons.tournaments`); their
        standings, and the leagues, are `seasons`'."""
        return self.parts.tournaments

    # ------------------------------------------------------------------ reading
    game = action("records", Records.game)
    phase = action("records", Records.phase)
    list_games = action("records", Records.list_games)
    games_of_user = action("records", Records.games_of_user)
    game_for_channel = action("records", Records.game_for_channel)
    export = action("records", Records.export)

    # ------------------------------------------------------------------ set-up and seats
    create_game = action("lobby", Lobby.create_game)
    check_start = action("lobby", Lobby.check_start)
    start = action("lobby", Lobby.start)
    join = action("seats", Seats.join)
    leave = action("seats", Seats.leave)
    advertise = action("seats", Seats.advertise)
    check_take = action("seats", Seats.check_take)
    take_seat = action("seats", Seats.take_seat)
    check_assign = action("seats", Seats.check_assign)
    assign_seat = action("seats", Seats.assign_seat)
    seat_history = action("seats", Seats.seat_history)

    # ------------------------------------------------------------------ orders
    orders = action("orders", Orders.orders)
    example_orders = action("orders", Orders.example_orders)
    readiness = action("orders", Orders.readiness)
    submit_orders = action("orders", Orders.submit_orders)
    orders_seat = action("orders", Orders.orders_seat)
    clear_orders = action("orders", Orders.clear_orders)
    pick = action("orders", Orders.pick)
    choice_groups = action("orders", Orders.choice_groups)
    mark_ready = action("orders", Orders.mark_ready)

    # ------------------------------------------------------------------ adjudication and the clock
    adjudicate = action("adjudicator", Adjudicator.adjudicate)
    force_adjudicate = action("adjudicator", Adjudicator.force_adjudicate)
    needs_attention = action("adjudicator", Adjudicator.needs_attention)
    tick = action("timers", Timers.tick)
    seconds_to_next_timer = action("timers", Timers.seconds_to_next_timer)
    pause = action("game_master", GameMaster.pause)
    resume = action("game_master", GameMaster.resume)
    resume_capped_pauses = action("game_master", GameMaster.resume_capped_pauses)
    extend = action("game_master", GameMaster.extend)
    set_policy = action("policy", Policy.set_policy)

    # ------------------------------------------------------------------ bots
    set_bot_seat = action("bot_seats", BotSeats.set_bot_seat)
    play_all_bots = action("bot_seats", BotSeats.play_all_bots)
    play_bots = action("bot_seats", BotSeats.play_bots)
    hint = action("bot_seats", BotSeats.hint)

    # ------------------------------------------------------------------ votes and rollback
    vote = action("votes", Votes.vote)
    votes = action("votes", Votes.votes)
    rollback = action("votes", Votes.rollback)

    # ------------------------------------------------------------------ rooms
    rooms = action("rooms", Rooms.rooms)
    check_press = action("rooms", Rooms.check_press)
    send_letter = action("rooms", Rooms.send_letter)
    add_press_room = action("rooms", Rooms.add_press_room)
    check_spectate = action("rooms", Rooms.check_spectate)

    # ------------------------------------------------------------------ the end of a game, files
    abandon = action("ending", Ending.abandon)
    end_by_decision = action("ending", Ending.end_by_decision)
    summary_posted = action("ending", Ending.summary_posted)
    mark_summary_posted = action("ending", Ending.mark_summary_posted)
    former_players = action("ending", Ending.former_players)
    mark_archived = action("ending", Ending.mark_archived)
    import_file = action("archive", Archive.import_file)
    export_file = action("archive", Archive.export_file)
    import_game = action("archive", Archive.import_game)
    delete_game = action("archive", Archive.delete_game)

    # ------------------------------------------------------------------ settings
    set_guild_settings = action("settings", Settings.set_guild_settings)
    set_palette = action("settings", Settings.set_palette)
    notify_settings = action("settings", Settings.notify_settings)
    set_notify = action("settings", Settings.set_notify)
    palette_for = action("settings", Settings.palette_for)

    # ------------------------------------------------------------------ the outbox
    pending_messages = action("outbox", Outbox.pending_messages)
    due_messages = action("outbox", Outbox.due_messages)
    delivery_failed = action("outbox", Outbox.delivery_failed)
    note_gm = action("outbox", Outbox.note_gm)
    note_seat = action("outbox", Outbox.note_seat)
    mark_delivered = action("outbox", Outbox.mark_delivered)
    claim_message = action("outbox", Outbox.claim_message)
    delivered_then = action("outbox", Outbox.delivered_then)
