"""The picture of a phase: its position, with arrows for the orders that led to it; the crop of
a turn's action for phones; and the replay of a whole game.

Nothing here decodes a stored position on the event loop: the stored (compressed) state goes to
a worker (`service.workers`), which decodes it, has the variant describe it and draws it
(a long game's maps never stall the bot). The map posted with a turn is owed: its
drawing is never refused by busy workers (`posted_maps`, `service.delivery`).
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass

from engine.variant import get_variant
from render import render_map
from render.regions import regions_of
from render.registry import focus_crops, preview_state, render_results
from render.replay import durations, encode_frames, fixed_palette, frame_image, gif_file, split_parts

from .bots import absent_policy
from .errors import BadInput, BadState
from .games import GameService
from .ids import checks_ids
from .models import GameInfo, decode_state
from .phase_index import PhaseHeader, current_seq, phase_header, phase_row, stored_phases
from .visibility import orders_visible
from .workers import AFTER_MAPS, BACKGROUND, URGENT, Overrun

RENDER_SECONDS = 30.0
REPLAY_SECONDS = 120.0
RESULTS_MAP_WAIT = 20.0     # seconds a turn's results wait for their map; then they go out and the map follows
REPLAY_RUN = 12             # frames a worker draws in one go (each run opens on a whole frame): short
                            # enough that a map a player waits for never queues long behind a replay


def checked_region(variant_key: str, region: str | None) -> str | None:
    """A region name as the map knows it, or BadInput listing the map's regions."""
    if region is None:
        return None
    region = " ".join(region.lower().split())
    if region not in regions_of(variant_key):
        known = ", ".join(f"`{r}`" for r in regions_of(variant_key))
        raise BadInput(f"this map has no region `{region[:40]}`; regions: {known or 'none (no board)'}")
    return region


def map_title(game: GameInfo, text: str) -> str:
    """A map's title: the game, what the map shows, and the seats Dispatch's bot plays — bot seats
    and, under `absent: bot`, seats in civil disorder (bot seats are marked on maps)."""
    absent_bot = absent_policy(game) == "bot"
    played = [s.seat for s in game.seats if s.bot or (s.civil_disorder and absent_bot)]
    if len(played) > 3:          # a title a phone shows in one or two lines: the seats are in /game status
        return f"{game.name}: {text} · {len(played)} seats played by the bot"
    return f"{game.name}: {text}" + (f" · played by the bot: {', '.join(played)}" if played else "")


# ------------------------------------------------------------------ in the workers
def draw_phase(variant_key: str, stored_state: bytes | str, last_orders: dict | None, label: str,
               region: str | None, palette: str) -> bytes:
    """In a worker: read the stored position, describe it and draw it (whole, or one region)."""
    state = decode_state(stored_state)
    summary = get_variant(variant_key).describe(state)
    return render_map(variant_key, state, last_orders, label, summary, region, palette)


def draw_results(variant_key: str, stored_state: bytes | str, last_orders: dict | None, label: str,
                 palette: str) -> tuple[bytes, list[bytes]]:
    """In a worker: the results map of a phase and the phone-sized crops of its action (one, or a
    few theatres when it was far apart; none when the turn had no action to show)."""
    state = decode_state(stored_state)
    summary = get_variant(variant_key).describe(state)
    return render_results(variant_key, state, last_orders, label, summary, palette)


def draw_seat_crops(variant_key: str, stored_state: bytes | str, last_orders: dict | None, label: str,
                    palette: str, seats: list[str]) -> list[bytes]:
    """In a worker: the crops of `seats`' own orders in the turn that made this position."""
    state = decode_state(stored_state)
    return [crop.png for crop in focus_crops(variant_key, state, last_orders, label, palette, seats)]


def draw_preview(variant_key: str, stored_state: bytes | str, orders: dict, label: str, region: str | None,
                 palette: str) -> bytes:
    """In a worker: the stored position with a seat's own `orders` drawn on it, described as it
    stands; the marks of the last adjudication are left off (they belong to other orders)."""
    state = decode_state(stored_state)
    summary = get_variant(variant_key).describe(state)
    return render_map(variant_key, preview_state(state), orders, label, summary, region, palette)


@dataclass(frozen=True)
class ReplayFrame:
    """A frame as a worker gets it: a stored position and the orders that made it."""
    state: bytes | str
    orders: dict[str, list[str]]
    label: str


def replay_colours(variant_key: str, frame: ReplayFrame, palette: str) -> tuple[tuple[int, int], bytes]:
    """In a worker: the replay's canvas size and fixed palette, from its first frame."""
    state = decode_state(frame.state)
    image = frame_image(variant_key, state, frame.orders, frame.label, get_variant(variant_key).describe(state),
                        palette)
    try:
        return image.size, fixed_palette(image, variant_key, palette)
    finally:
        image.close()


def replay_run(variant_key: str, frames: list[ReplayFrame], palette: str, colours: bytes,
               start: int, total: int) -> list[bytes]:
    """In a worker: GIF frame blocks for a run of frames, drawn and encoded one at a time."""
    variant = get_variant(variant_key)

    def images():
        for frame in frames:
            state = decode_state(frame.state)
            yield frame_image(variant_key, state, frame.orders, frame.label, variant.describe(state), palette)
    return encode_frames(images(), colours, durations(start, len(frames), total))


# ------------------------------------------------------------------ on the loop
async def _drawn(service: GameService, fn, *args, timeout: float = RENDER_SECONDS, priority: int = URGENT,
                 refusable: bool = True):
    try:
        if not refusable:          # a map owed after a turn takes its place in line, however long
            return await service.cpu.run(fn, *args, timeout=timeout, priority=priority, refusable=False)
        return await service.cpu.run(fn, *args, timeout=timeout, priority=priority)
    except Overrun:
        raise BadState("drawing this map took too long and was stopped; try again in a minute") from None


async def _shown_seq(service: GameService, game: GameInfo, seq: int | None) -> int:
    """The number of the phase to show: `seq`, default the current one's."""
    if seq is None:
        seq = await current_seq(service.store, game.id, game.current_phase)
        if seq is None:
            raise BadState(f"game #{game.id} has not started yet")
    return seq


@checks_ids
async def shown_phase(service: GameService, game: GameInfo, seq: int | None) -> PhaseHeader:
    """The phase `seq` (default: the current one) by number and label, without its position."""
    seq = await _shown_seq(service, game, seq)
    found = await phase_header(service.store, game.id, seq)
    if found is None:
        await phase_row(service.store, game.id, seq)       # the number checked and refused by name
    return found


async def _results_orders(service: GameService, game: GameInfo, seq: int):
    """The orders that made phase `seq` (those of the phase before, once adjudicated: public) and
    the map's label for them, or (None, label) when there are none."""
    row = await phase_row(service.store, game.id, seq)
    label = map_title(game, row.label)
    last_orders = None
    if row.seq > 0:
        previous = await phase_header(service.store, game.id, row.seq - 1)
        sheets = await service.store.order_sheets(previous.id)
        last_orders = {seat: list(sheet.lines) for seat, sheet in sheets.items()
                       if orders_visible(game, seat, previous.adjudicated_at is not None, None)}
        if any(last_orders.values()):
            # the arrows are the orders of the phase just resolved; the units stand as they now do
            label = map_title(game, f"{previous.label} orders → {row.label}")
    if row.adjudicated_at is None and row.deadline is not None and game.status == "active":
        label += f" · orders due {row.deadline:%a %d %b %H:%M} UTC"
    return row, last_orders, label


@checks_ids
async def phase_map(service: GameService, game_id: int, seq: int | None = None,
                    region: str | None = None, viewer_id: int | None = None, owed: bool = False) -> tuple[bytes, str]:
    """PNG bytes and a file name for phase `seq` (default: the current phase), the whole board or
    one named region of it, drawn at its own scale (`render.regions`). In the colours of
    `viewer_id`'s own palette when the map is for them alone, else of the server's default.

    Only orders of an already adjudicated phase are drawn, so a map never leaks orders
    that are still secret. An `owed` map (posted with a message, like the final board) is never
    refused by busy workers: it waits its turn.
    """
    game = await service.game(game_id)
    region = checked_region(game.variant, region)
    # `_results_orders` reads the phase itself (and refuses a number the game has not reached)
    row, last_orders, label = await _results_orders(service, game, await _shown_seq(service, game, seq))
    palette = await service.palette_for(game.guild_id, viewer_id)
    png = await _drawn(service, draw_phase, game.variant, row.state, last_orders, label, region, palette,
                       refusable=not owed)
    suffix = f"-{region.replace(' ', '-')}" if region else ""
    return png, f"game-{game_id}-phase-{row.seq}{suffix}.png"


# Turns' maps being drawn ahead of their delivery: the clock delivers one message at a time, so
# without this eight games resolving together would draw their maps one after another.
_AHEAD: dict[tuple, asyncio.Future] = {}
AHEAD_LIMIT = 32


def prefetch_results(service: GameService, messages) -> None:
    """Start drawing the results maps of the turns these outbox messages report, all at once
    (the worker pool runs them side by side); `results_maps` then takes the finished pictures."""
    for message in list(messages)[:AHEAD_LIMIT]:
        if message.phase_id is not None:
            started = asyncio.ensure_future(_draw_ahead(service, message.game_id, message.phase_id))
            started.add_done_callback(_quietly)


def _quietly(done: asyncio.Future) -> None:
    """A picture drawn ahead that failed: its taker draws it again and reports the error."""
    if not done.cancelled():
        done.exception()


async def _draw_ahead(service: GameService, game_id: int, phase_id: int) -> None:
    async with service.db.read() as r:
        row = await r.phases.header_by_id(phase_id)
    if row is None or row["adjudicated_at"] is None:
        return
    key = (id(service), game_id, row["seq"] + 1)
    if key in _AHEAD:
        return
    while len(_AHEAD) >= AHEAD_LIMIT:                   # never taken (its message failed first)
        _AHEAD.pop(next(iter(_AHEAD))).cancel()
    task = _AHEAD[key] = asyncio.ensure_future(_results_maps(service, game_id, row["seq"] + 1))
    task.add_done_callback(_quietly)


@checks_ids
async def results_maps(service: GameService, game_id: int, seq: int,
                       viewer_id: int | None = None) -> list[tuple[bytes, str]]:
    """What is posted with a turn's results: the whole board of phase `seq` (the position the
    turn made, its orders as arrows) and, when the turn had action, a crop around it sharp enough
    for a phone. In `viewer_id`'s own palette when sent to them alone."""
    ahead = _AHEAD.pop((id(service), game_id, seq), None) if viewer_id is None else None
    if ahead is not None:
        return await ahead
    return await _results_maps(service, game_id, seq, viewer_id)


@checks_ids
async def posted_maps(service: GameService, game_id: int, seq: int, results: bool) -> list[tuple[bytes, str]] | None:
    """The maps a message owes for phase `seq` — a turn's results (`results_maps`), else the board
    (the final position) — if they are drawn within `RESULTS_MAP_WAIT` seconds; else None, and the
    drawing goes on for the map's own message to take (a map after every turn: delayed under load,
    never dropped). A drawing that fails raises, as `results_maps` does."""
    key = (id(service), game_id, seq) if results else (id(service), game_id, seq, "board")
    task = _AHEAD.pop(key, None)
    if task is None:
        task = asyncio.ensure_future(_results_maps(service, game_id, seq) if results
                                     else _board(service, game_id, seq))
        task.add_done_callback(_quietly)
    try:
        return await asyncio.wait_for(asyncio.shield(task), RESULTS_MAP_WAIT)
    except asyncio.TimeoutError:
        _AHEAD[key] = task          # still being drawn: kept for the map's own message
        return None


async def _board(service: GameService, game_id: int, seq: int) -> list[tuple[bytes, str]]:
    return [await phase_map(service, game_id, seq, owed=True)]


async def _results_maps(service: GameService, game_id: int, seq: int,
                        viewer_id: int | None = None) -> list[tuple[bytes, str]]:
    game = await service.game(game_id)
    row, last_orders, label = await _results_orders(service, game, seq)
    palette = await service.palette_for(game.guild_id, viewer_id)
    # the map posted with the turn is owed; one in a reader's own colours falls back to it
    full, focus = await _drawn(service, draw_results, game.variant, row.state, last_orders, label, palette,
                               refusable=viewer_id is not None)
    files = [(full, f"game-{game_id}-phase-{row.seq}.png")]
    crops = [] if focus is None else [focus] if isinstance(focus, bytes) else list(focus)
    for number, crop in enumerate(crops, 1):
        which = f"-{number}-of-{len(crops)}" if len(crops) > 1 else ""
        files.append((crop, f"game-{game_id}-phase-{row.seq}-action{which}.png"))
    return files


@checks_ids
async def seat_crops(service: GameService, game_id: int, seq: int, user_id: int) -> list[tuple[bytes, str]]:
    """The crops of the reader's own orders of the adjudicated phase `seq` (as the turn card's
    **My results** tells them; public by then), on the position they made, in the reader's own
    palette; [] when they hold no seat or their seats ordered nothing that shows on the map."""
    game = await service.game(game_id)
    return await _seat_crop_files(service, game, seq, game.seats_of(user_id), user_id)


async def _seat_crop_files(service: GameService, game: GameInfo, seq: int, seats: list[str], viewer_id: int | None,
                           owed: bool = False) -> list[tuple[bytes, str]]:
    row, last_orders, label = await _results_orders(service, game, seq + 1)
    if not seats or not last_orders or not any(last_orders.get(seat) for seat in seats):
        return []
    palette = await service.palette_for(game.guild_id, viewer_id)
    crops = await _drawn(service, draw_seat_crops, game.variant, row.state, last_orders, label, palette, seats,
                         refusable=not owed, priority=AFTER_MAPS if owed else URGENT)
    return [(crop, f"game-{game.id}-phase-{row.seq}-{'-'.join(seats).lower().replace(' ', '-')}"
                   f"{f'-{n}' if len(crops) > 1 else ''}.png") for n, crop in enumerate(crops, 1)]


def _seat_key(service: GameService, game_id: int, seq: int, seat: str) -> tuple:
    return (id(service), game_id, seq, "seat", seat)


async def _seat_crops_owed(service: GameService, game_id: int, seq: int, seat: str) -> list[tuple[bytes, str]]:
    game = await service.game(game_id)
    return await _seat_crop_files(service, game, seq, [seat], game.holder(seat), owed=True)


def prefetch_seat_crops(service: GameService, wanted: list[tuple[int, int, str]]) -> None:
    """Start drawing the seats' own crops these messages owe (game, adjudicated phase, seat), all
    at once: the results of a turn reach every seat channel together."""
    for game_id, seq, seat in wanted[:AHEAD_LIMIT]:
        key = _seat_key(service, game_id, seq, seat)
        if key in _AHEAD:
            continue
        while len(_AHEAD) >= AHEAD_LIMIT:
            _AHEAD.pop(next(iter(_AHEAD))).cancel()
        task = _AHEAD[key] = asyncio.ensure_future(_seat_crops_owed(service, game_id, seq, seat))
        task.add_done_callback(_quietly)


@checks_ids
async def posted_seat_crops(service: GameService, game_id: int, seq: int, seat: str) -> list[tuple[bytes, str]] | None:
    """The crop of `seat`'s own orders of the adjudicated phase `seq` that its private results
    carry, in its player's palette, if drawn within `RESULTS_MAP_WAIT` seconds; [] when the seat
    ordered nothing the map shows; else None, and the drawing goes on for the crop's own message
    to take (like the turn's map: delayed under load, never dropped). A failed drawing raises."""
    key = _seat_key(service, game_id, seq, seat)
    task = _AHEAD.pop(key, None)
    if task is None:
        task = asyncio.ensure_future(_seat_crops_owed(service, game_id, seq, seat))
        task.add_done_callback(_quietly)
    try:
        return await asyncio.wait_for(asyncio.shield(task), RESULTS_MAP_WAIT)
    except asyncio.TimeoutError:
        _AHEAD[key] = task
        return None


@checks_ids
async def replay_gif(service: GameService, game_id: int, viewer_id: int | None = None) -> list[tuple[bytes, str]]:
    """The game so far, phase by phase, as animated GIFs (one file, or several parts for a long
    game, each under the upload limit): every frame is that phase's results map — the orders that
    made it as arrows. Only adjudicated phases' orders are read: they are public."""
    game = await service.game(game_id)
    phases = await stored_phases(service.store, game_id)
    if not phases:
        raise BadInput(f"game #{game_id} has not started yet: nothing to replay")
    total = len(phases)
    frames = []
    for index, phase in enumerate(phases):
        orders = phases[index - 1].orders if index else {}
        shown = f"{phases[index - 1].label} orders → {phase.label}" if orders else phase.label
        frames.append(ReplayFrame(phase.state, orders, map_title(game, f"{shown} ({index + 1}/{total})")))
    palette = await service.palette_for(game.guild_id, viewer_id)
    size, colours = await _drawn(service, replay_colours, game.variant, frames[0], palette, priority=BACKGROUND)
    starts = range(0, total, REPLAY_RUN)
    runs = await asyncio.gather(*(
        _drawn(service, replay_run, game.variant, frames[start:start + REPLAY_RUN], palette, colours, start, total,
               timeout=REPLAY_SECONDS, priority=BACKGROUND) for start in starts))
    parts = split_parts(runs)
    # a part is megabytes of frames to join: in a thread, not on the loop
    files = await asyncio.gather(*(asyncio.to_thread(gif_file, size, colours, part) for part in parts))
    if len(files) == 1:
        return [(files[0], f"game-{game_id}-replay.gif")]
    return [(gif, f"game-{game_id}-replay-part-{n}-of-{len(files)}.gif") for n, gif in enumerate(files, 1)]


@checks_ids
async def preview_map(service: GameService, game_id: int, user_id: int, region: str | None = None) -> tuple[bytes, str]:
    """The current board with the caller's own orders drawn on it, before the deadline — for the
    caller alone: only sheets of seats they hold are read."""
    game = await service.game(game_id)
    if game.status not in ("active", "paused"):     # over (or not begun): no orders are being given
        raise BadState(f"game #{game.id} is {'over' if game.status in ('finished', 'abandoned') else 'not started'}: "
                       f"there is nothing to preview; `/map` shows its board")
    phase = await phase_row(service.store, game.id, await _shown_seq(service, game, None))
    seats = game.seats_of(user_id)
    if not seats:
        raise BadInput(f"you hold no seat in game #{game_id}: there are no orders of yours to preview")
    sheets = await service.store.order_sheets(phase.id)
    mine = {seat: list(sheets[seat].lines) for seat in seats if seat in sheets and sheets[seat].lines}
    region = checked_region(game.variant, region)
    label = map_title(game, f"{phase.label} — preview of {', '.join(seats)}'s orders (only you see this)")
    palette = await service.palette_for(game.guild_id, user_id)
    png = await _drawn(service, draw_preview, game.variant, phase.state, mine, label, region, palette)
    return png, f"game-{game_id}-phase-{phase.seq}-preview.png"
