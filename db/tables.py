"""A session with every repository at hand: `tx.games`, `tx.phases`, … — what
`Database.transaction()` and `Database.read()` give."""
from __future__ import annotations

from functools import cached_property

from .claims import Claims
from .events import Events
from .games import Games
from .leagues import Leagues
from .matches import Matches
from .orders import BotSheets, Orders
from .outbox import Outbox
from .phases import Phases
from .rooms import Rooms
from .seasons import SeasonsRepository
from .seats import Seats
from .settings import Settings
from .sql import Session
from .timers import Timers
from .tournaments import Tournaments
from .votes import Votes


class Tables(Session):
    """Statements on one connection, by concern (each repository is made when first used)."""

    @cached_property
    def games(self) -> Games:
        return Games(self)

    @cached_property
    def seats(self) -> Seats:
        return Seats(self)

    @cached_property
    def phases(self) -> Phases:
        return Phases(self)

    @cached_property
    def orders(self) -> Orders:
        return Orders(self)

    @cached_property
    def bot_sheets(self) -> BotSheets:
        return BotSheets(self)

    @cached_property
    def votes(self) -> Votes:
        return Votes(self)

    @cached_property
    def events(self) -> Events:
        return Events(self)

    @cached_property
    def claims(self) -> Claims:
        return Claims(self)

    @cached_property
    def timers(self) -> Timers:
        return Timers(self)

    @cached_property
    def outbox(self) -> Outbox:
        return Outbox(self)

    @cached_property
    def settings(self) -> Settings:
        return Settings(self)

    @cached_property
    def rooms(self) -> Rooms:
        return Rooms(self)

    @cached_property
    def seasons(self) -> SeasonsRepository:
        return SeasonsRepository(self)

    @cached_property
    def leagues(self) -> Leagues:
        return Leagues(self)

    @cached_property
    def tournaments(self) -> Tournaments:
        return Tournaments(self)

    @cached_property
    def matches(self) -> Matches:
        return Matches(self)
