"""Delivering the outbox: messages the service owes to players and game channels.

Messages are written in the same transaction as the change that caused them and are marked
delivered only after they were sent, so a crash between the two repeats a message rather
than losing it. Each message has its own route of destinations, tried in order:

- `game`: the public channel, else a direct message to the GM;
- `seat:<seat>`: the seat's private channel, else a direct message to its holder (never the
  public channel: a seat's messages are its own), else a note in the public channel saying that
  a message could not reach that seat;
- `user:<id>`: a direct message;  `gm`: the public channel, else a direct message to the GM;
- `channel:<id>`: that channel (a league match's news), else a direct message to the GM;
- `archive`: the end of a game — the bot archives its channels and posts the final summary with
  the export (else the summary goes to the GM by direct message);
- `access`: a job, not a message — the bot brings the access of the game's alliance and press
  channels up to date with who holds the seats now.

A destination that is gone or closed to the bot moves on to the next one; any other failure
(the network, Discord having a bad minute) is retried with growing pauses, and after
`MAX_ATTEMPTS` the message becomes a dead letter: logged, and the GM is told. A job (`archive`,
`access`) is never given up: after telling the GM it is retried at the longest pause until it works.
One message that cannot be sent never holds up any other destination.

Several processes on one database (service/cluster.py): each sends only the messages of the
servers on its shards (so the maps are drawn where they are posted), claims each before sending
it, and writes its delivery only if the claim is still its own. Every part of a message carries
the same Discord nonce on every attempt from any process (`nonce`; discord.py asks Discord to
enforce it), so a message whose sender died between posting it and writing it down is posted
once: Discord hands back the first copy to the process that tries again.

A message about a phase carries its map (a turn's results: the board and the crop of its
action). A map is owed after every turn: its drawing is never refused by busy workers, and the
results wait for it at most `maps.RESULTS_MAP_WAIT` seconds; if it is not drawn by then (or
drawing it failed), the results go out saying the map follows, and in the same transaction as
their delivery the map is queued as a message of its own (`MAP`), retried like a job until it
is posted: delayed under load, never dropped, and posted once.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Awaitable, Callable

from .games import GameService
from .maps import phase_map, posted_maps, posted_seat_crops, prefetch_results, prefetch_seat_crops, results_maps
from .models import CONSOLE_GUILD, OWN_CROP, GameInfo, OutboxMessage, iso
from .timers import backoff

log = logging.getLogger("dispatch.delivery")

MAX_ATTEMPTS = 8
# Jobs the bot carries out rather than messages it sends (target -> what it does, for the GM).
JOBS = {"archive": "archive the game's channels and post its final summary",
        "access": "bring the game's alliance and press channels up to date with who holds the seats"}
MAP = "map"          # the kind of a message that is a phase's map, following its results (`buttons`)
CROP = OWN_CROP      # (`buttons`) a seat's results carrying the crop of its own orders of phase <seq>
MAP_FOLLOWS = "🗺️ The map follows in a moment (the map workers are busy)."
FIRST_RETRY = timedelta(seconds=5)
LONGEST_RETRY = timedelta(minutes=10)


class DestinationUnavailable(Exception):
    """This destination is gone or closed to the bot (deleted channel, lost access, DMs off)."""


class Undeliverable(Exception):
    """The message itself is refused (Discord says it is malformed): retrying cannot help."""


class MapNotReady(Exception):
    """A map's own message, and its map is not drawn yet: it is tried again later."""


@dataclass(frozen=True)
class Destination:
    kind: str                 # "channel", "user" (a direct message), "console", "archive" or "access"
    id: int
    text: str
    with_map: bool
    ping_user: int | None     # the only user this message may notify


@dataclass(frozen=True)
class Delivery:
    message: OutboxMessage
    game: GameInfo
    route: tuple[Destination, ...]
    text: str
    png: bytes | None
    filename: str | None
    map_seq: int | None = None        # the phase the map shows
    extras: tuple[tuple[bytes, str], ...] = ()    # more pictures: the crop of a turn's action
    map_follows: str | None = None    # the map could not go with it: the text of the map's own message
    follow_buttons: tuple[tuple[str, str], ...] = ()     # …and what that message carries (default: the map)


Sender = Callable[[Destination, Delivery], Awaitable[None]]


def route_of(game: GameInfo, message: OutboxMessage) -> tuple[Destination, ...]:
    text, target = message.content, message.target
    gm = game.creator_id
    if game.guild_id == CONSOLE_GUILD:
        return (Destination("console", 0, text, target != "archive", None),)
    if target == "access":
        return (Destination("access", game.id, text, False, None),)
    if target == "archive":
        return (Destination("archive", game.channel_id or 0, text, False, None),
                Destination("user", gm, f"**{game.name}** (game #{game.id}) is over; I could not archive its "
                                        f"channels (check my permissions: Manage Channels, Manage Roles).\n{text}",
                            False, None))
    if target.startswith("seat:"):
        seat = game.seat(target[5:])
        holder = game.holder(target[5:])
        route = []
        if seat is not None and seat.channel_id:
            route.append(Destination("channel", seat.channel_id, text, True, message.ping_user))
        if holder is not None:
            route.append(Destination("user", holder, f"**{game.name}** (game #{game.id}), for "
                                                      f"{target[5:]}: {text}", True, None))
        if game.channel_id:
            route.append(Destination("channel", game.channel_id, (
                f"⚠️ A message for **{target[5:]}** could not reach its private channel or its player. "
                f"GM: check that the channel exists and that I can see it; the player can read their "
                f"orders and the board with `/orders` and `/map`."), False, None))
        return tuple(route)
    if target.startswith("user:"):
        return (Destination("user", int(target[5:]), text, False, None),)
    if target.startswith("channel:"):       # news of a league match or playoff, where it was set up
        return (Destination("channel", int(target[8:]), text, False, None),
                Destination("user", gm, f"(I could not post this in <#{target[8:]}>.) {text}", False, None))
    route = []
    if game.channel_id:
        route.append(Destination("channel", game.channel_id, text, target == "game", None))
    note = "" if target == "gm" else "(I could not post this in the game channel.) "
    route.append(Destination("user", gm, f"**{game.name}** (game #{game.id}): {note}{text}", target == "game",
                             None))
    return tuple(route)


def nonce(delivery: Delivery, destination: Destination, part: int = 0) -> str:
    """Discord's nonce for one part of a message to one of its destinations (at most 25
    characters): the same on every attempt, whichever process makes it."""
    step = delivery.route.index(destination) if destination in delivery.route else 0
    return f"d{delivery.message.id}.{step}.{part}"


def is_map(message: OutboxMessage) -> bool:
    """Is this message a phase's map following its results?"""
    return any(kind == MAP for kind, _ in message.buttons)


def seat_crop_of(message: OutboxMessage) -> tuple[int, str] | None:
    """(adjudicated phase, seat) of a seat's results that carry the crop of its own orders."""
    if not message.target.startswith("seat:"):
        return None
    seqs = [arg for kind, arg in message.buttons if kind == CROP]
    return (int(seqs[0]), message.target[5:]) if seqs and seqs[0].isdigit() else None


async def _with_seat_crop(service: GameService, message: OutboxMessage, game: GameInfo, seq: int,
                          seat: str) -> Delivery:
    """A seat's private results with the crop of its own orders; if the crop is not drawn in time
    (or drawing failed) the text goes first and the crop follows as a message of its own, owed
    like a turn's map."""
    try:
        drawn = await posted_seat_crops(service, game.id, seq, seat)
    except Exception:  # noqa: BLE001 - a picture that cannot be drawn must never stop the results
        log.exception("crop of %s's orders in game %s phase %s failed; it follows", seat, game.id, seq)
        drawn = None
    png = filename = follows = None
    extras: list[tuple[bytes, str]] = []
    if drawn:
        (png, filename), *extras = drawn
    elif drawn is None:
        if is_map(message):
            raise MapNotReady(f"the crop of {seat}'s orders is not drawn yet")
        follows = f"🗺️ **{game.name}** (game #{game.id}): {seat}'s own orders on the map, drawn late."
        message = replace(message, content=f"{message.content}\n🗺️ Your orders on the map follow in a moment.")
    return Delivery(message, game, route_of(game, message), message.content, png, filename, None, tuple(extras),
                    follows, ((MAP, ""), (CROP, str(seq))))


async def prepare(service: GameService, message: OutboxMessage) -> Delivery:
    game = await service.game(message.game_id)
    crop = seat_crop_of(message)
    if crop is not None:
        return await _with_seat_crop(service, message, game, *crop)
    png = filename = following = follows = None
    extras: list[tuple[bytes, str]] = []
    if message.phase_id is not None:
        phase = await service.store.phase_by_id(message.phase_id)
        following = phase.seq + 1 if phase.adjudicated_at else phase.seq
        try:
            # a turn's results: the board and the crop of its action; else the board (the final position)
            drawn = await posted_maps(service, game.id, following, results=phase.adjudicated_at is not None)
        except Exception:  # noqa: BLE001 - a map that cannot be drawn must never stop a report
            log.exception("map of game %s phase %s failed; the text goes first, the map follows", game.id, following)
            drawn = None
        if drawn is not None:
            (png, filename), *extras = drawn
        elif is_map(message):
            raise MapNotReady(f"the map of {phase.label} is not drawn yet")
        else:
            follows = (f"🗺️ **{game.name}** (game #{game.id}): the map of **{phase.label}**"
                       f"{' and its results' if phase.adjudicated_at else ''}, drawn late (the map workers were busy).")
            title, _, rest = message.content.partition("\n")
            message = replace(message, content=f"{title}\n{MAP_FOLLOWS}" + (f"\n{rest}" if rest else ""))
    return Delivery(message, game, route_of(game, message), message.content, png, filename,
                    following if png is not None else None, tuple(extras), follows)


async def for_reader(service: GameService, delivery: Delivery, destination: Destination) -> Delivery:
    """A map sent to one player alone (a direct message) is drawn in their own palette, if they
    chose one other than the server's."""
    if destination.kind != "user" or not destination.with_map or delivery.map_seq is None:
        return delivery
    own = await service.store.user_palette(destination.id)
    if own is None or own == await service.palette_for(delivery.game.guild_id):
        return delivery
    try:
        extras: list[tuple[bytes, str]] = []
        if delivery.extras:          # a turn's results: the crop in their colours too
            (png, filename), *extras = await results_maps(service, delivery.game.id, delivery.map_seq, destination.id)
        else:
            png, filename = await phase_map(service, delivery.game.id, delivery.map_seq, viewer_id=destination.id)
    except Exception:  # noqa: BLE001 - the server-coloured map is still a map
        log.exception("map of game %s in %s's palette failed", delivery.game.id, destination.id)
        return delivery
    return replace(delivery, png=png, filename=filename, extras=tuple(extras))


async def deliver_one(service: GameService, message: OutboxMessage, send: Sender) -> bool:
    """Try one message along its route; returns True once it is delivered."""
    try:
        delivery = await prepare(service, message)
    except MapNotReady as exc:
        await _failed(service, message, str(exc), permanent=False)
        return False
    except Exception as exc:  # noqa: BLE001 - a damaged game record must not stop the others
        log.exception("outbox message %s: cannot prepare it", message.id)
        await _failed(service, message, f"cannot prepare: {exc}", permanent=True)
        return False
    unavailable: list[str] = []
    for index, destination in enumerate(delivery.route):
        try:
            await send(destination, await for_reader(service, delivery, destination))
        except DestinationUnavailable as exc:
            unavailable.append(f"{destination.kind} {destination.id}: {exc}")
            log.warning("outbox message %s: %s %s unavailable (%s)", message.id, destination.kind,
                        destination.id, exc)
            continue
        except Undeliverable as exc:
            await _failed(service, message, str(exc), permanent=True)
            return False
        except Exception as exc:  # noqa: BLE001 - network or Discord trouble: try again later
            log.warning("outbox message %s: attempt %s failed: %r", message.id, message.attempts + 1, exc)
            await _failed(service, message, repr(exc), permanent=False)
            return False
        if delivery.map_follows is not None:     # delivered, and its map queued to follow, in one transaction
            kept = await service.delivered_then(message, delivery.map_follows, list(delivery.follow_buttons) or
                                                [(MAP, str(delivery.message.phase_id))])
        else:
            kept = await service.mark_delivered(message.id)
        if not kept:
            log.warning("outbox message %s was sent after this process's claim ran out and another process took it; "
                        "its Discord nonce keeps it posted once", message.id)
        if index > 0 and message.target != "gm":
            await _tell_gm(service, delivery, destination, unavailable)
        return True
    await _failed(service, message, "; ".join(unavailable) or "no destination", permanent=True)
    return False


async def deliver_pending(service: GameService, send: Sender, console: bool = False,
                          batch: int = 200) -> int:
    """Send every message that is due now; returns how many were delivered."""
    delivered = 0
    tried: set[int] = set()
    while True:
        due = [m for m in await service.due_messages(console, batch) if m.id not in tried]
        if not due:
            return delivered
        prefetch_results(service, due)      # every turn's maps drawn at once, on all the workers
        prefetch_seat_crops(service, [(m.game_id, *crop) for m in due if (crop := seat_crop_of(m)) is not None])
        for message in due:
            tried.add(message.id)
            if not await service.claim_message(message.id):
                continue        # another process is sending it, or it went out meanwhile
            if await deliver_one(service, message, send):
                delivered += 1


async def _failed(service: GameService, message: OutboxMessage, error: str, permanent: bool) -> None:
    attempts = message.attempts + 1
    if not permanent and attempts < MAX_ATTEMPTS:
        await service.delivery_failed(message.id, error, service.clock() + backoff(attempts, FIRST_RETRY, LONGEST_RETRY))
        return
    if not permanent and (message.target in JOBS or is_map(message)):
        # A job is never given up (an interrupted archive resumes where it stopped), nor is the map owed
        # after a turn: once the GM has been told the cause, it is tried again at the longest pause
        # until what stops it is fixed.
        await service.delivery_failed(message.id, error, service.clock() + LONGEST_RETRY)
        if attempts == MAX_ATTEMPTS:
            what = "post a turn's map" if is_map(message) else JOBS[message.target]
            await service.note_gm(message.game_id, (
                f"⚠️ I could not {what} yet: {error[:300]}. I try again every "
                f"{int(LONGEST_RETRY.total_seconds() // 60)} minutes until it works."))
        return
    await service.delivery_failed(message.id, error, None)
    log.error("outbox message %s of game %s to %s given up after %s attempt(s): %s", message.id,
              message.game_id, message.target, attempts, error)
    if message.target != "gm":
        await service.note_gm(message.game_id, (
            f"⚠️ A message for **{_who(message.target)}** could not be delivered ({error[:200]}). "
            f"It is kept in the game's record; check my permissions in the game's channels."))


async def _tell_gm(service: GameService, delivery: Delivery, used: Destination, unavailable: list[str]) -> None:
    where = "by direct message" if used.kind == "user" else "with a note in the game channel"
    await service.note_gm(delivery.game.id, (
        f"⚠️ The channel for **{_who(delivery.message.target)}** is gone or closed to me, so I delivered "
        f"{where}. GM: restore the channel or my access to it (View Channel, Send Messages, Attach Files)."))


def _who(target: str) -> str:
    if target.startswith("seat:"):
        return target[5:]
    if target.startswith("user:"):
        return f"<@{target[5:]}>"
    if target.startswith("channel:"):
        return f"<#{target[8:]}>"
    return "the game channel"
