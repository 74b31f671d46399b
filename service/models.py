"""Small immutable views of what the database holds, handed to cogs and the console."""
from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterable

from .ids import check_id

# Games created in the offline console live in this pseudo-server; the bot never delivers them.
CONSOLE_GUILD = 1


@dataclass(frozen=True)
class Actor:
    """Who is asking: a Discord user id (or a console name mapped to one)."""

    user_id: int
    is_admin: bool = False
    name: str = ""

    def __post_init__(self) -> None:
        check_id(self.user_id, "the user id")        # every service call starts from an Actor

    @property
    def mention(self) -> str:
        return self.name or f"<@{self.user_id}>"


@dataclass(frozen=True)
class SeatInfo:
    seat: str
    user_id: int | None
    channel_id: int | None
    misses: int = 0                 # phases ended without any order from this seat
    civil_disorder: bool = False    # out of excused misses: its units follow the default orders
    leaving: bool = False           # the holder agreed to hand it to a substitute
    bot: str | None = None          # a bot plays this seat, at this level (then no holder)


@dataclass(frozen=True)
class NotifySettings:
    """How a player wants to hear about their games (`/notify`). Quiet: only the seat channel,
    no pings and no direct messages; `reminder_hours` None means the game's lead times."""

    dm_phase: bool = False
    quiet: bool = False
    reminder_hours: tuple[float, ...] | None = None

    def describe(self) -> str:
        if self.quiet:
            return "quiet: messages only in your seat channels, no pings, no direct messages"
        parts = ["a direct message when a phase opens" if self.dm_phase else "no direct message when a phase opens",
                 "pings in your seat channels"]
        hours = self.reminder_hours
        parts.append("reminders at the game's times" if hours is None else
                     "no reminders" if not hours else
                     "reminders " + ", ".join(f"{h:g}h" for h in hours) + " before each deadline")
        return "; ".join(parts)


@dataclass(frozen=True)
class GameInfo:
    id: int
    guild_id: int
    name: str
    variant: str
    options: dict[str, Any]
    status: str
    creator_id: int
    seed_hash: str
    phase_hours: float
    reminder_hours: tuple[float, ...]
    category_id: int | None
    channel_id: int | None
    current_phase: int | None
    paused_remaining: float | None
    winners: tuple[str, ...]
    created_at: str
    started_at: str | None
    ended_at: str | None
    seats: tuple[SeatInfo, ...] = field(default=())
    excused_misses: int = 1
    miss_extension_hours: float = 24.0
    deadline_time: str | None = None       # "21:00": deadlines fall at this time of day …
    time_zone: str | None = None           # … in this IANA zone
    press: bool = True                     # players may open private press channels
    audience: str = "server"               # who reads the game channel: 'server' or 'players'
    spectator_role_id: int | None = None   # the game's Spectator role (audience 'players')
    pause_cap_hours: float = 168.0         # the longest pause a seated GM or a vote imposes
    paused_until: datetime | None = None   # such a pause ends by itself then
    archived_at: str | None = None         # the channels were moved to the archive
    absent_policy: str | None = None       # a seat in civil disorder: 'bot' or 'hold' (None: the variant's default)

    @classmethod
    def from_row(cls, row: Any, seats: list[Any]) -> "GameInfo":
        return cls(
            id=row["id"], guild_id=row["guild_id"], name=row["name"], variant=row["variant"],
            options=json.loads(row["options"]), status=row["status"], creator_id=row["creator_id"],
            seed_hash=row["seed_hash"], phase_hours=row["phase_hours"],
            reminder_hours=tuple(json.loads(row["reminder_hours"])),
            category_id=row["category_id"], channel_id=row["channel_id"],
            current_phase=row["current_phase"], paused_remaining=row["paused_remaining"],
            winners=tuple(json.loads(row["winners"])) if row["winners"] else (),
            created_at=row["created_at"], started_at=row["started_at"], ended_at=row["ended_at"],
            seats=tuple(SeatInfo(s["seat"], s["user_id"], s["channel_id"], s["misses"], bool(s["civil_disorder"]),
                                 bool(s["leaving"]), _column(s, "bot")) for s in seats),
            excused_misses=row["excused_misses"], miss_extension_hours=row["miss_extension_hours"],
            deadline_time=row["deadline_time"], time_zone=row["time_zone"],
            press=bool(row["press"]), audience=row["audience"], spectator_role_id=row["spectator_role_id"],
            pause_cap_hours=row["pause_cap_hours"], paused_until=parse_time(row["paused_until"]),
            archived_at=row["archived_at"], absent_policy=_column(row, "absent_policy"),
        )

    def seat(self, name: str) -> SeatInfo | None:
        for seat in self.seats:
            if seat.seat == name:
                return seat
        return None

    def holder(self, name: str) -> int | None:
        """The user seated at `name`, if any."""
        seat = self.seat(name)
        return seat.user_id if seat is not None else None

    def seats_of(self, user_id: int) -> list[str]:
        return [s.seat for s in self.seats if s.user_id == user_id]

    @property
    def open_seats(self) -> list[str]:
        """Seats nobody holds and no bot plays."""
        return [s.seat for s in self.seats if s.user_id is None and not s.bot]

    @property
    def bot_seats(self) -> list[str]:
        """Seats a bot plays (from the start, until a person takes them)."""
        return [s.seat for s in self.seats if s.bot]

    @property
    def substitute_wanted(self) -> list[str]:
        """Seats of a started game a substitute may take: empty, in civil disorder, or offered
        (its holder agreed to hand it over; a bot's seat, once the GM advertised it by name). A
        seat the bot plays is not open until offered: the bot keeps playing it. The one list of
        open seats: `/game status`, `/gm advertise`, `/game seats`, Join and `/gm assign`."""
        if self.status not in ("active", "paused"):
            return []
        return [s.seat for s in self.seats
                if (s.user_id is None and not s.bot) or s.civil_disorder or s.leaving]

    @property
    def players(self) -> list[int]:
        """Everyone seated, once each, in table order."""
        return list(dict.fromkeys(s.user_id for s in self.seats if s.user_id is not None))

    def holders(self, seats: Iterable[str]) -> list[int]:
        """The players of these seats, once each (one player may hold several)."""
        return list(dict.fromkeys(u for u in (self.holder(s) for s in seats) if u is not None))


@dataclass(frozen=True)
class GameChannels:
    """Where a started game lives on Discord: its category, public channel and seat channels,
    the alliance channels (name -> channel) and the Spectator role, if any."""

    category_id: int
    channel_id: int
    seats: dict[str, int]
    alliances: dict[str, int] = field(default_factory=dict)
    spectator_role_id: int | None = None


RETIRED = "retired"


@dataclass(frozen=True)
class Room:
    """A private channel beside the seat channels: an alliance's, or a press channel. Its
    readers are the holders of `seats`, whoever holds them now."""

    id: int
    game_id: int
    kind: str                 # 'alliance', 'press', or 'retired' (a seat's old channel, `RETIRED`)
    name: str
    channel_id: int | None
    seats: tuple[str, ...]
    created_by: int | None

    def readers(self, game: GameInfo) -> list[int]:
        # a seat's retired channel (anonymous players) is read by nobody until the archive
        return [] if self.kind == RETIRED else game.holders(self.seats)


@dataclass(frozen=True)
class HolderSpell:
    """One stretch of a seat's history: who held it, from which phase."""

    seat: str
    user_id: int | None
    from_label: str | None
    at: str
    how: str


@dataclass(frozen=True)
class SeatChange:
    """The result of `/gm assign`: who held the seat before, who holds it now."""

    seat: str
    previous: int | None
    holder: int | None


@dataclass(frozen=True)
class PhaseInfo:
    id: int
    game_id: int
    seq: int
    label: str
    state: dict[str, Any]
    deadline: datetime | None
    created_at: str
    adjudicated_at: str | None
    report: str | None
    extended_for_misses: bool = False     # its deadline already moved once for a missed phase

    @classmethod
    def from_row(cls, row: Any, decode: bool = True) -> "PhaseInfo":
        """The phase of a database row; with `decode` False its state stays a `StoredState`
        (only the export's packer asks for that, to decode off the event loop)."""
        return cls(
            id=row["id"], game_id=row["game_id"], seq=row["seq"], label=row["label"],
            state=decode_state(row["state"]) if decode else StoredState(row["state"]),  # type: ignore[arg-type]
            deadline=parse_time(row["deadline"]),
            created_at=row["created_at"], adjudicated_at=row["adjudicated_at"], report=row["report"],
            extended_for_misses=bool(row["extended_for_misses"]),
        )


@dataclass(frozen=True)
class OrderSheet:
    """A seat's orders for one phase. `refused` holds the lines of the last submission that
    were not legal, each with its reason (nothing of them is stored)."""

    seat: str
    lines: tuple[str, ...]
    ready: bool
    submitted_by: int | None
    submitted_at: str | None
    refused: tuple[tuple[str, str], ...] = ()
    unreadied: bool = False      # the seat was ready; changing its orders took that back
    # (line, warning): saved orders the rules accept that can only be void as things stand
    warnings: tuple[tuple[str, str], ...] = ()
    # what a reply shows under the sheet, read in the same call: the number of the phase it is
    # for (its buttons carry it) and the phase's menu decisions for the seat (`ChoiceGroup`s)
    phase_seq: int | None = None
    menus: tuple[Any, ...] = ()


@dataclass(frozen=True)
class OutboxMessage:
    """A message the service owes to players. `target` is `game` (the public channel),
    `seat:<seat>` (that seat's private channel), `user:<id>` (a direct message) or `gm`
    (a note for the game master: the public channel, else a direct message)."""

    id: int
    game_id: int
    target: str
    content: str
    phase_id: int | None
    attempts: int = 0
    ping_user: int | None = None
    buttons: tuple[tuple[str, str], ...] = ()     # e.g. (("join", "France"),): Join on an open seat


# A seat's private results carry the crop of the seat's own orders of phase <seq>: the outbox
# message's ("crop", "<seq>") (service.briefs writes it, service.delivery draws it).
OWN_CROP = "crop"


def iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds")


def parse_time(text: str | None) -> datetime | None:
    if not text:
        return None
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment


def encode_state(state: dict[str, Any]) -> bytes:
    """A phase's state as stored: compact JSON, zlib-compressed (an A&A state is 40–130 KB of
    JSON and compresses about tenfold; every phase keeps its own, so history stays exact)."""
    return zlib.compress(json.dumps(state, separators=(",", ":")).encode(), 6)


@dataclass(frozen=True)
class StoredState:
    """A phase's state as the database holds it (compressed JSON), not yet decoded."""

    stored: bytes | str

    def decode(self) -> dict[str, Any]:
        return decode_state(self.stored)


def decode_state(stored: bytes | str) -> dict[str, Any]:
    """Read a stored state: compressed (bytes) or, from databases before compression, JSON text."""
    if isinstance(stored, (bytes, bytearray, memoryview)):
        return json.loads(zlib.decompress(bytes(stored)))
    return json.loads(stored)


def _column(row: Any, name: str) -> Any:
    """A column added by a later migration (0009: bots), None where a row predates it (a
    hand-built row in a test, say)."""
    try:
        return row[name]
    except (KeyError, IndexError):
        return None
