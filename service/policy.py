"""How a game copes over weeks: missed deadlines and fixed-time deadlines.

**No-show policy.** A seat that reaches a deadline with no order at all (and not marked ready)
has *missed* that phase. Each game excuses a number of misses per seat (default 1): the phase's
deadline moves once by the game's extension (default 24 h), and the miss is told in the game
channel. Past its excused misses the seat falls into *civil disorder*: it no longer holds up an
early adjudication, its units follow the variant's default orders (Diplomacy: units hold and
removals follow the rulebook's civil-disorder order; A&A: no purchases, units hold, the default
order of loss), and the seat is advertised as open for a substitute. A returning player resumes
simply by giving orders.

**Fixed-time deadlines.** Optionally deadlines fall at a fixed time of day in a named IANA time
zone (e.g. 21:00 Europe/Paris): a phase's deadline is the first such time that leaves at least
half the game's phase length, so a phase that resolves early keeps the rhythm.
"""
from __future__ import annotations

import difflib
import re
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from engine.errors import did_you_mean

from . import permissions
from .bots import absent_text, check_absent
from .checks import check_hours, clip
from .errors import BadInput, Forbidden
from .ids import checked_ids
from .models import Actor, GameInfo, iso
from .runtime import Now
from .store import Store

MAX_EXCUSED = 10


# Files of the zone database that are not places: `Factory` (a zone meaning "not set"),
# `localtime`/`posixrules` (copies of some other zone), and the `posix/`, `right/` trees.
NOT_ZONES = frozenset({"Factory", "localtime", "posixrules"})
MAX_ZONE_NAME = 40         # the longest IANA name is 32 characters (America/Argentina/ComodRivadavia)


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    """The IANA time zones a game may use, sorted (for suggestions and autocomplete)."""
    return tuple(sorted(z for z in available_timezones()
                        if z not in NOT_ZONES and not z.startswith(("posix/", "right/"))))


@lru_cache(maxsize=1)
def _zone_keys() -> dict[str, str]:
    return {name.lower(): name for name in zone_names()}


def zone_of(name: str) -> ZoneInfo:
    """The IANA time zone called `name` (any letter case): only a real zone of the database, never
    a folder (`Europe`), a path, or one of its special files; refused with the closest names."""
    text = str(name).strip()
    found = _zone_keys().get(text.lower().replace(" ", "_")) if len(text) <= MAX_ZONE_NAME else None
    if found is None:
        key = text[:MAX_ZONE_NAME].lower().replace(" ", "_")
        keys = _zone_keys()
        region = [z for k, z in keys.items() if k.startswith(key + "/")] if key else []
        if region:
            raise BadInput(f"`{clip(text, MAX_ZONE_NAME)}` is a region of the time zone database, not a zone: name a "
                           f"place in it, e.g. " + ", ".join(f"`{z}`" for z in region[:3]))
        close = [keys[k] for k in difflib.get_close_matches(key, list(keys), n=3, cutoff=0.6)]
        if not close and key:
            close = [z for k, z in keys.items() if k.startswith(key) or k.endswith("/" + key)][:3]
        hint = did_you_mean([f"`{z}`" for z in close]) if close else "; e.g. `Europe/Paris`, `America/New_York`, `UTC`"
        raise BadInput(f"`{clip(text, MAX_ZONE_NAME)}` is not an IANA time zone{hint}")
    try:
        return ZoneInfo(found)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise BadInput(f"the time zone `{found}` cannot be read on this host; choose another") from None


def stored_zone(name: str | None) -> ZoneInfo:
    """A game's stored zone. Zones set before names were checked against the database (such as
    `localtime`) still read as they did; one this host cannot read counts as UTC, so a deadline
    is always set."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return ZoneInfo("UTC")


def deadline_from(game: GameInfo, opened: datetime) -> datetime:
    """When a phase opened at `opened` ends: the game's phase length later, or at the first fixed
    time of day that leaves at least half of it."""
    if not game.deadline_time:
        return opened + timedelta(hours=game.phase_hours)
    zone = stored_zone(game.time_zone)
    hour, minute = (int(part) for part in game.deadline_time.split(":"))
    opened = opened.astimezone(timezone.utc)
    day = opened.astimezone(zone).date()
    while True:
        # built from the date each time, so a daylight-saving change keeps the wall-clock time;
        # the half phase is measured in real elapsed time (UTC): subtracting two times of the same
        # zone counts wall-clock hours, and across a change that is an hour more or less than passes
        candidate = datetime(day.year, day.month, day.day, hour, minute, tzinfo=zone).astimezone(timezone.utc)
        if candidate - opened >= timedelta(hours=game.phase_hours / 2):
            return candidate
        day += timedelta(days=1)


def policy_text(game: GameInfo) -> str:
    """The game's running rules, for `/game status` and `/rules`."""
    misses = (f"{game.excused_misses} excused missed phase(s) per player, each extending the deadline once by "
              f"{game.miss_extension_hours:g}h; then civil disorder and the seat is open "
              f"for a substitute" if game.excused_misses else
              "no excused misses: a seat with no orders at the deadline falls into civil disorder")
    deadline = (f"deadlines at {game.deadline_time} {game.time_zone or 'UTC'}" if game.deadline_time
                else f"deadlines {game.phase_hours:g}h after each phase opens")
    pause = (f"a GM who holds a seat, or the players' vote, pauses for at most {game.pause_cap_hours:g}h; "
             f"then the clock runs again by itself")
    return f"No-shows: {misses}. {absent_text(game)} Clock: {deadline}. Pauses: {pause}."


@checked_ids
class Policy:
    """The GM sets the game's rules of play: the no-show policy, the deadline rhythm, the pause
    cap and who plays absent seats (`service.no_shows` applies them at each deadline)."""

    def __init__(self, store: Store, clock: Now):
        self.store = store
        self.clock = clock

    async def set_policy(self, game_id: int, actor: Actor, excused_misses: int | None = None,
                         extension_hours: float | None = None, deadline_time: str | None = None,
                         time_zone: str | None = None, pause_cap_hours: float | None = None,
                         absent: str | None = None) -> GameInfo:
        """The GM sets the no-show policy, the deadline rhythm and the pause cap; `deadline_time`
        `off` goes back to deadlines a phase length after each opening. Applies from the next
        phase on. Once the game runs, a GM who holds a seat may lower the pause cap but never
        raise it: the cap is what keeps a seated GM from freezing the game."""
        game = await self.store.game(game_id)
        permissions.require_gm(game, actor, "change the game's policy")
        values: dict[str, object] = {}
        if pause_cap_hours is not None:
            cap = check_hours(pause_cap_hours, "the pause cap")
            if cap > game.pause_cap_hours and game.status != "forming" and game.seats_of(actor.user_id):
                raise Forbidden(f"you hold a seat in game #{game.id}: once it runs you may lower its pause cap "
                                f"({game.pause_cap_hours:g}h) but not raise it")
            values["pause_cap_hours"] = cap
        if excused_misses is not None:
            if not 0 <= excused_misses <= MAX_EXCUSED:
                raise BadInput(f"excused misses: 0 to {MAX_EXCUSED}, not {excused_misses}")
            values["excused_misses"] = excused_misses
        if extension_hours is not None:
            values["miss_extension_hours"] = check_hours(extension_hours, "the extension for a miss")
        if deadline_time is not None:
            text = deadline_time.strip().lower()
            if text in ("off", "none", ""):
                values["deadline_time"] = None
            else:
                match = re.fullmatch(r"([01]?\d|2[0-3])[:h.]?([0-5]\d)?", text)
                if not match:
                    raise BadInput(f"deadline time: `{clip(deadline_time, 20)}` is not a time of day such as "
                                   f"`21:00`; or `off`")
                values["deadline_time"] = f"{int(match.group(1)):02d}:{int(match.group(2) or 0):02d}"
        if time_zone is not None:
            values["time_zone"] = zone_of(time_zone).key
        if absent is not None:              # who plays a seat in civil disorder
            values["absent_policy"] = check_absent(game, absent)
        if not values:
            raise BadInput("nothing to change: give excused misses, an extension, a deadline time, a time zone, "
                           "a pause cap or who plays absent seats")
        async with self.store.db.transaction() as tx:
            await tx.games.set_policy(game_id, values)
            changed = await self.store.game(game_id, tx)
            await self.store.log(tx, game_id, game.current_phase, iso(self.clock()), actor.user_id, "policy",
                                 dict(values))
            await self.store.outbox(tx, game_id, "game", f"⚙️ The GM changed the game's rules of play: "
                                    f"{policy_text(changed)}", None, iso(self.clock()))
        return changed
