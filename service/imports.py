"""Reading and checking an export file before anything is imported.

A file to import comes from anyone who may run `/game import`, so nothing in it is trusted: it
is expanded in bounded chunks up to a hard cap (a small gzip "bomb" cannot take the bot's
memory), parsed with bounded nesting, and every field is checked against the export's schema
and against the game's variant (each phase's state through the variant's own state check, the
seed against the hash published when the game started) before one row is written. Each refusal
is a `BadExport` naming the first thing wrong.

These are pure functions of the bytes: the service reads and checks an import in its worker
pool (`service.cpu`), so a large or hostile file never holds the event loop. Writing an export
is `service.exports`.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
import zlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Mapping

from engine.errors import RulesError
from engine.variant import Variant, get_variant

from .bots import ABSENT_POLICIES
from .checks import MAX_NAME, SQLITE_MAX_INT, clip
from .errors import BadExport
from .models import encode_state
from .visibility import OVER

FORMAT = "dispatch-game/1"

MIB = 2 ** 20
# A 20-round A&A game (161 phases) exports about 7 MiB of JSON; the cap leaves four times that.
MAX_EXPANDED = 32 * MIB
MAX_EXPORT_FILE = 40 * MIB        # the file as uploaded (the cog allows four Discord uploads' worth)
CHUNK = 4 * MIB                   # output of one decompression step
MAX_CONTAINERS = 2_000_000        # `{` and `[` in the file: bounds the memory the parsed file takes
MAX_DEPTH = 32                    # nesting of lists and objects (a state needs about 8)
MAX_PHASES = 1_000                # a 50-year Diplomacy game has about 250, a 20-round A&A game 161
MAX_EVENTS = 200_000
MAX_HISTORY = 10_000              # seat hand-overs and rollbacks
MAX_ORDER_LINES = 400             # order lines of one seat in one phase
MAX_LINE = 500                    # characters of one order line
MAX_TEXT = 200                    # characters of a label, a seat, a time, a kind
MAX_REPORT = 200_000              # characters of a phase's report
MAX_SEED = 200

GZIP_MAGIC = b"\x1f\x8b"
_HASH = re.compile(r"[0-9a-f]{64}")


def expand(raw: bytes, limit: int = MAX_EXPANDED) -> bytes:
    """The bytes of a file as JSON text: gzip (one or more members) expanded in chunks of at most
    `CHUNK` bytes, refused as soon as the output passes `limit`; anything else as it is."""
    if raw[:2] != GZIP_MAGIC:
        if len(raw) > limit:
            raise BadExport(f"the file is {len(raw) / MIB:.1f} MiB, over the {limit // MIB} MiB a game export "
                            f"may have")
        return raw
    out = bytearray()
    pending = raw
    try:
        while pending:
            inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
            while True:
                out += inflater.decompress(pending, min(CHUNK, limit + 1 - len(out)))
                if len(out) > limit:
                    raise BadExport(f"the file expands past {limit // MIB} MiB, more than any game export; it is "
                                    f"not one (or it is damaged). Nothing was imported")
                pending = inflater.unconsumed_tail
                if inflater.eof or not pending:
                    break
            if not inflater.eof:
                raise BadExport("the gzip file is cut short: download the export again")
            pending = inflater.unused_data
            if not pending.strip(b"\0"):
                break
            if pending[:2] != GZIP_MAGIC:
                raise BadExport("the gzip file has data after its end; it is not a game export")
    except zlib.error:
        raise BadExport("the file is not valid gzip (damaged, or not a game export)") from None
    return bytes(out)


def _no_constant(name: str) -> Any:
    raise BadExport(f"the file holds `{name}`, which is not a number JSON allows; it is not a game export")


def read_export(raw: bytes) -> Any:
    """The data of an export file (JSON, or JSON compressed with gzip as `/game export` sends it),
    bounded in size, number of values and nesting; `BadExport` otherwise."""
    text = expand(bytes(raw))
    if text.count(b"{") + text.count(b"[") > MAX_CONTAINERS:
        raise BadExport(f"the file holds more than {MAX_CONTAINERS:,} lists and objects, more than any game export")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise BadExport(f"the file nests lists or objects deeper than {MAX_DEPTH} levels; it is not a game "
                        f"export") from None
    except json.JSONDecodeError as exc:
        raise BadExport(f"that file is not a game export (JSON, or JSON compressed with gzip): {exc.msg} at line "
                        f"{exc.lineno}, column {exc.colno}") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadExport(f"that file is not a game export (JSON, or JSON compressed with gzip): "
                        f"{clip(exc, 80)}") from None
    check_values(data)
    return data


def check_values(data: Any) -> None:
    """Every value of a parsed file is one JSON can hold sensibly: nesting at most `MAX_DEPTH`,
    numbers finite, text that can be stored (no lone surrogates)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            if depth > MAX_DEPTH:
                raise BadExport(f"the file nests lists or objects deeper than {MAX_DEPTH} levels; it is not a game "
                                f"export")
            for key, item in value.items():
                _storable(key)
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            if depth > MAX_DEPTH:
                raise BadExport(f"the file nests lists or objects deeper than {MAX_DEPTH} levels; it is not a game "
                                f"export")
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            _storable(value)
        elif isinstance(value, float) and not math.isfinite(value):
            raise BadExport("the file holds a number too large to be stored")
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > SQLITE_MAX_INT:
            raise BadExport(f"the file holds the number {clip(value, 24)}, too large to be stored")


def _storable(text: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise BadExport(f"the file holds text that is not valid Unicode (`{clip(text, 24)}`)") from None


# ---------------------------------------------------------------------------- the schema

@dataclass(frozen=True)
class ImportedPhase:
    phase_id: int
    seq: int
    label: str
    state: bytes                    # as stored (`models.encode_state`): cheap to hand back from a worker
    deadline: str | None
    created_at: str | None
    adjudicated_at: str | None
    report: str | None
    orders: tuple[tuple[str, tuple[str, ...], bool, int | None, str | None], ...]   # seat, lines, ready, by, at


@dataclass(frozen=True)
class ImportPlan:
    """A checked export, ready to be written as a new game: every value has its type and bound."""

    origin_id: int
    origin_guild: int
    name: str
    variant: str
    options: dict[str, Any]
    status: str
    creator_id: int
    seed: str
    seed_hash: str
    phase_hours: float
    reminder_hours: tuple[float, ...]
    winners: tuple[str, ...]
    created_at: str
    started_at: str | None
    ended_at: str | None
    current_phase: int | None
    seats: tuple[tuple[str, int | None, str | None], ...]      # seat, its player, the bot's level
    absent_policy: str | None
    phases: tuple[ImportedPhase, ...]
    events: tuple[tuple[int | None, str, int | None, str, str], ...]     # phase_id, at, actor, kind, payload JSON
    seat_history: tuple[tuple[str, int | None, str | None, str, str], ...]
    rollbacks: tuple[tuple[str, int | None, int, str, str | None, str], ...]    # … undone JSON
    seasons: dict[str, str | None] | None = None     # the game's scoring=, committed=, league= (None: defaults)


class _Reader:
    """Reads one object of the file, naming where a bad value is (`phases[3].seq`)."""

    def __init__(self, obj: Any, where: str):
        if not isinstance(obj, dict):
            raise BadExport(f"{where} must be an object, not {_kind(obj)}")
        self.obj, self.where = obj, where

    def _get(self, key: str, optional: bool) -> Any:
        if key not in self.obj:
            if optional:
                return None
            raise BadExport(f"{self.where}.{key} is missing")
        return self.obj[key]

    def _bad(self, key: str, wanted: str, value: Any) -> BadExport:
        return BadExport(f"{self.where}.{key} must be {wanted}, not {_kind(value)}")

    def whole(self, key: str, low: int = 0, high: int = SQLITE_MAX_INT, optional: bool = False) -> int | None:
        value = self._get(key, optional)
        if value is None and optional:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise self._bad(key, "a whole number", value)
        if not low <= value <= high:
            raise BadExport(f"{self.where}.{key} must be from {low} to {high}, not {clip(value, 24)}")
        return value

    def number(self, key: str, low: float, high: float) -> float:
        value = self._get(key, False)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise self._bad(key, "a number", value)
        if not low < value <= high:
            raise BadExport(f"{self.where}.{key} must be more than {low:g} and at most {high:g}")
        return float(value)

    def text(self, key: str, limit: int = MAX_TEXT, optional: bool = False, empty: bool = False) -> str | None:
        value = self._get(key, optional)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise self._bad(key, "text", value)
        if len(value) > limit:
            raise BadExport(f"{self.where}.{key} is {len(value):,} characters long; at most {limit:,}")
        if not value and not empty:
            raise BadExport(f"{self.where}.{key} is empty")
        return value

    def time(self, key: str, optional: bool = False) -> str | None:
        value = self.text(key, 40, optional)
        if value is None:
            return None
        try:
            datetime.fromisoformat(value)
        except ValueError:
            raise BadExport(f"{self.where}.{key} is not a date and time: `{clip(value)}`") from None
        return value

    def flag(self, key: str) -> bool:
        value = self._get(key, True)
        if value is None:
            return False
        if not isinstance(value, bool) and value not in (0, 1):
            raise self._bad(key, "true or false", value)
        return bool(value)

    def items(self, key: str, limit: int, optional: bool = False) -> list[Any]:
        value = self._get(key, optional)
        if value is None and optional:
            return []
        if not isinstance(value, list):
            raise self._bad(key, "a list", value)
        if len(value) > limit:
            raise BadExport(f"{self.where}.{key} has {len(value):,} entries; an export has at most {limit:,}")
        return value

    def mapping(self, key: str) -> dict[str, Any]:
        value = self._get(key, False)
        if not isinstance(value, dict):
            raise self._bad(key, "an object", value)
        return value


def _kind(value: Any) -> str:
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {clip(value, 24)}"
    if isinstance(value, str):
        return f"the text `{clip(value, 24)}`"
    return "a list" if isinstance(value, list) else "an object"


def check_export(data: Any, values_checked: bool = False) -> ImportPlan:
    """A parsed export checked field by field against the schema and its variant; `BadExport`
    names the first thing wrong. Only a finished or abandoned game's complete export (with the
    seed that matches its published hash) can be imported."""
    if not values_checked:
        check_values(data)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadExport(f"this is not a Dispatch game export (expected format `{FORMAT}`)")
    export, game = _Reader(data, "export"), _Reader(data.get("game"), "game")
    if data.get("complete") is not True or "seed" not in game.obj:
        raise BadExport("this export is of a game still running: it leaves out secret orders and the "
                        "dice seed, so it cannot be continued. Import works with a finished game's export; "
                        "to move a running server, use `bot.py --backup`")
    status = game.text("status")
    if status not in OVER:
        raise BadExport(f"only finished or abandoned games can be imported (this one is `{clip(status)}`)")
    seed, seed_hash = game.text("seed", MAX_SEED), game.text("seed_hash", 64)
    if not _HASH.fullmatch(seed_hash):
        raise BadExport("game.seed_hash is not a sha256 hash (64 hexadecimal digits)")
    if hashlib.sha256(seed.encode()).hexdigest() != seed_hash:
        raise BadExport("the seed does not match the hash published when the game started: the file was "
                        "changed after the export. Nothing was imported")
    variant = _variant(game.text("variant", 40))
    options = game.mapping("options")
    try:
        parsed_options = variant.parse_options(options)
        seat_names = variant.seats(options)
    except (RulesError, ValueError, TypeError, KeyError) as exc:
        raise BadExport(f"game.options do not fit {variant.title}: {clip(exc, 120)}") from None
    name = game.text("name", MAX_NAME)
    if not name.strip():
        raise BadExport("game.name is blank")
    hours = game.number("phase_hours", 0, 24 * 30)
    reminders = []
    for index, value in enumerate(game.items("reminder_hours", 5)):
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 < value <= 24 * 30:
            raise BadExport(f"game.reminder_hours[{index}] must be a number of hours, not {_kind(value)}")
        reminders.append(float(value))
    winners = tuple(_seat(value, seat_names, f"game.winners[{i}]")
                    for i, value in enumerate(game.items("winners", len(seat_names))))

    seats = _seats(export, variant, seat_names)
    absent = game.text("absent_policy", 10, optional=True)
    if absent is not None and absent not in ABSENT_POLICIES:
        raise BadExport(f"game.absent_policy must be {' or '.join(ABSENT_POLICIES)}, not {_kind(absent)}")
    if absent == "bot" and not variant.bot_levels():
        raise BadExport(f"game.absent_policy is `bot`, but {variant.title} has no bot")

    raw_events = export.items("events", MAX_EVENTS)
    bot_ordered = _bot_ordered(raw_events)
    phases = _phases(export.items("phases", MAX_PHASES), variant, seat_names, parsed_options, seats, bot_ordered)
    if not phases:
        raise BadExport("the export has no phases: a finished game has at least one")
    ids = {phase.phase_id for phase in phases}
    current = game.whole("current_phase", optional=True)
    if current is not None and current not in ids:
        raise BadExport(f"game.current_phase ({current}) is not one of the export's phases")

    events = []
    for index, item in enumerate(raw_events):
        event = _Reader(item, f"events[{index}]")
        phase_id = event.whole("phase_id", optional=True)
        events.append((phase_id if phase_id in ids else None, event.time("at"), event.whole("actor_id", optional=True),
                       event.text("kind", 40), json.dumps(event.mapping("payload"))))
    history = []
    for index, item in enumerate(export.items("seat_history", MAX_HISTORY, optional=True)):
        spell = _Reader(item, f"seat_history[{index}]")
        history.append((_seat(spell.obj.get("seat"), seat_names, f"seat_history[{index}].seat"),
                        spell.whole("user_id", optional=True), spell.text("from_label", optional=True),
                        spell.time("at"), spell.text("how")))
    rollbacks = []
    for index, item in enumerate(export.items("rollbacks", MAX_HISTORY, optional=True)):
        undone = _Reader(item, f"rollbacks[{index}]")
        rollbacks.append((undone.time("at"), undone.whole("actor_id", optional=True),
                          undone.whole("reopened_seq"), undone.text("reopened_label"),
                          undone.text("report", MAX_REPORT, optional=True, empty=True),
                          json.dumps(_undone(undone.items("undone", MAX_PHASES), seat_names, f"rollbacks[{index}]"))))
    return ImportPlan(
        origin_id=game.whole("id"), origin_guild=game.whole("guild_id"), name=name.strip(), variant=variant.key,
        options=options, status=status, creator_id=game.whole("creator_id"), seed=seed, seed_hash=seed_hash,
        phase_hours=hours, reminder_hours=tuple(reminders), winners=winners, created_at=game.time("created_at"),
        started_at=game.time("started_at", optional=True), ended_at=game.time("ended_at", optional=True),
        current_phase=current, seats=tuple((seat, user, bot) for seat, (user, bot) in seats.items()),
        absent_policy=absent, phases=phases, events=tuple(events), seasons=_season_settings(game, variant, options),
        seat_history=tuple(history), rollbacks=tuple(rollbacks))


def _season_settings(game: _Reader, variant: Variant, options: dict[str, Any]) -> dict[str, str | None] | None:
    """`game.seasons` (an export since leagues): the game's scoring system, commitment and league,
    each checked as `/game create` checks it."""
    if game.obj.get("seasons") is None:
        return None
    from .seasons.settings import COMMITMENTS, allowed_systems
    seasons = _Reader(game.obj["seasons"], "game.seasons")
    scoring = seasons.text("scoring", 20, optional=True)
    if scoring is not None and scoring not in allowed_systems(variant, variant.parse_options(options)):
        raise BadExport(f"game.seasons.scoring: {variant.title} is not scored by `{clip(scoring, 20)}`")
    committed = seasons.text("committed", 10, optional=True)
    if committed is not None and committed not in COMMITMENTS:
        raise BadExport(f"game.seasons.committed must be {' or '.join(COMMITMENTS)}, not `{clip(committed, 10)}`")
    return {"scoring": scoring, "committed": committed, "league": seasons.text("league", 40, optional=True)}


def _variant(key: str) -> Variant:
    try:
        return get_variant(key)
    except RulesError as exc:
        raise BadExport(f"game.variant: {exc}") from None


def _seat(value: Any, seats: tuple[str, ...], where: str) -> str:
    if not isinstance(value, str) or value not in seats:
        raise BadExport(f"{where} must be one of the game's seats ({', '.join(seats)}), not {_kind(value)}")
    return value


def _seats(export: _Reader, variant: Variant, seat_names: tuple[str, ...]) -> dict[str, tuple[int | None, str | None]]:
    """Seat -> (its player, the bot's level): a seat is played by a person, by the bot at one of
    the levels it plays, or by nobody — never by both."""
    seats: dict[str, tuple[int | None, str | None]] = {}
    for index, item in enumerate(export.items("seats", len(seat_names))):
        seat = _Reader(item, f"seats[{index}]")
        name_of = _seat(seat.obj.get("seat"), seat_names, f"seats[{index}].seat")
        if name_of in seats:
            raise BadExport(f"seats[{index}]: the seat {name_of} is listed twice")
        user_id = seat.whole("user_id", optional=True)
        level = seat.text("bot", 40, optional=True)
        if level is not None:
            levels = variant.bot_levels()
            if not levels:
                raise BadExport(f"seats[{index}].bot: {name_of} is played by a bot, but {variant.title} has no bot")
            if level not in levels:
                raise BadExport(f"seats[{index}].bot: the {variant.title} bot plays at {', '.join(levels)}, not "
                                f"{_kind(level)}")
            if user_id is not None:
                raise BadExport(f"seats[{index}]: {name_of} is played both by the bot ({level}) and by a person "
                                f"({user_id}); a seat has one or the other")
        seats[name_of] = (user_id, level)
    return seats


def _bot_ordered(events: list[Any]) -> set[tuple[Any, Any]]:
    """(phase id, seat) of every sheet the bot wrote, as the event log records it (`bot_orders`)."""
    found = set()
    for event in events:
        if isinstance(event, dict) and event.get("kind") == "bot_orders" and isinstance(event.get("payload"), dict):
            seat = event["payload"].get("seat")
            if isinstance(seat, str):
                found.add((event.get("phase_id"), seat))
    return found


def _same_options(variant: Variant, state: Mapping[str, Any], options: dict[str, Any], where: str) -> None:
    """A phase is played under the game's options: a state that carries its own (every variant's
    does) must carry the same ones, defaults filled in on both sides."""
    if "options" not in state:
        return
    try:
        played = variant.parse_options(state["options"])
    except (RulesError, ValueError, TypeError, AttributeError) as exc:
        raise BadExport(f"{where}: its options do not fit {variant.title}: {clip(exc, 120)}") from None
    differing = sorted(key for key in set(played) | set(options) if played.get(key) != options.get(key))
    if differing:
        said = ", ".join(f"`{key}` {_setting(played.get(key))} (game.options: {_setting(options.get(key))})"
                         for key in differing[:3])
        raise BadExport(f"{where} was played with {said}: the file contradicts itself. Nothing was imported")


def _setting(value: Any) -> str:
    if value is True:
        return "on"
    if value in (False, None):
        return "off"
    return f"`{clip(value, 24)}`"


def _phases(items: list[Any], variant: Variant, seat_names: tuple[str, ...], options: dict[str, Any],
            seats: dict[str, tuple[int | None, str | None]],
            bot_ordered: set[tuple[Any, Any]]) -> tuple[ImportedPhase, ...]:
    phases: list[ImportedPhase] = []
    ids: set[int] = set()
    last_seq = -1
    for index, item in enumerate(items):
        phase = _Reader(item, f"phases[{index}]")
        phase_id, seq = phase.whole("phase_id", 1), phase.whole("seq")
        if phase_id in ids:
            raise BadExport(f"phases[{index}].phase_id ({phase_id}) is used twice")
        if seq <= last_seq:
            raise BadExport(f"phases[{index}].seq ({seq}) does not follow the phase before it ({last_seq})")
        ids.add(phase_id)
        last_seq = seq
        label = phase.text("label")
        state = phase.mapping("state")
        _same_options(variant, state, options, f"phases[{index}] ({clip(label)})")
        _check_state(variant, state, f"phases[{index}] ({clip(label)})")
        orders = []
        for seat, sheet_data in phase.mapping("orders").items():
            where = f"phases[{index}].orders.{clip(seat, 24)}"
            _seat(seat, seat_names, where)
            sheet = _Reader(sheet_data, where)
            lines = sheet.items("lines", MAX_ORDER_LINES)
            for number, line in enumerate(lines):
                if not isinstance(line, str):
                    raise BadExport(f"{where}.lines[{number}] must be an order line (text), not {_kind(line)}")
                if len(line) > MAX_LINE:
                    raise BadExport(f"{where}.lines[{number}] is {len(line):,} characters long; an order line has at "
                                    f"most {MAX_LINE}")
            by = sheet.whole("by", optional=True)
            if by is None and seats.get(seat, (None, None))[1] is None and (phase_id, seat) not in bot_ordered:
                raise BadExport(f"{where} has no author (`by`): a sheet is written by its player, or by the bot "
                                f"(for a bot seat, or as the event log's `bot_orders` says). Nothing was imported")
            orders.append((seat, tuple(lines), sheet.flag("ready"), by, sheet.time("at", optional=True)))
        phases.append(ImportedPhase(phase_id, seq, label, encode_state(state), phase.time("deadline", optional=True),
                                    phase.time("created_at", optional=True),
                                    phase.time("adjudicated_at", optional=True),
                                    phase.text("report", MAX_REPORT, optional=True, empty=True), tuple(orders)))
    return tuple(phases)


def _undone(items: list[Any], seat_names: tuple[str, ...], where: str) -> list[Any]:
    """The phases a rollback undid, as the export keeps them: seq, label, report, adjudicated, and
    each seat's order lines."""
    for number, item in enumerate(items):
        phase = _Reader(item, f"{where}.undone[{number}]")
        phase.whole("seq"), phase.text("label"), phase.text("report", MAX_REPORT, optional=True, empty=True)
        phase.flag("adjudicated")
        for seat, lines in phase.mapping("orders").items():
            _seat(seat, seat_names, f"{phase.where}.orders.{clip(seat, 24)}")
            if not isinstance(lines, list) or len(lines) > MAX_ORDER_LINES or not all(
                    isinstance(line, str) and len(line) <= MAX_LINE for line in lines):
                raise BadExport(f"{phase.where}.orders.{seat} must be a list of order lines (text, at most "
                                f"{MAX_LINE} characters each)")
    return items


def _check_state(variant: Variant, state: Mapping[str, Any], where: str) -> None:
    """A phase's state must be one the variant can play, describe and draw: its own state check,
    then the reads every later command makes (label, seats to act, description)."""
    try:
        variant.check_state(state)
        variant.phase_label(state)
        variant.seats_to_act(state)
        variant.describe(state)
    except RulesError as exc:
        raise BadExport(f"{where}: the state does not fit {variant.title}: {clip(exc, 160)}") from None
    except Exception as exc:  # noqa: BLE001 - any failure to read a foreign state is the file's fault
        raise BadExport(f"{where}: the state does not fit {variant.title} ({type(exc).__name__} "
                        f"{clip(exc, 80)})") from None


def plan_import(source: bytes | Any) -> ImportPlan:
    """The worker's whole job for an import: the file's bytes (or already parsed data) read and
    checked. Runs in `service.cpu`, so a large or hostile file never blocks the bot."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return check_export(read_export(source), values_checked=True)
    return check_export(source)

