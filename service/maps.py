"""The picture of a phase: its position, with arrows for the orders that led to it."""
from __future__ import annotations

from engine.variant import get_variant
from render import render_map
from render.regions import regions_of
from render.replay import render_replay

from .errors import BadInput

from .games import GameService
from .visibility import orders_visible

RENDER_SECONDS = 30.0


def checked_region(variant_key: str, region: str | None) -> str | None:
    """A region name as the map knows it, or BadInput listing the map's regions."""
    if region is None:
        return None
    region = " ".join(region.lower().split())
    if region not in regions_of(variant_key):
        known = ", ".join(f"`{r}`" for r in regions_of(variant_key))
        raise BadInput(f"this map has no region `{region[:40]}`; regions: {known or 'none (no board)'}")
    return region


async def phase_map(service: GameService, game_id: int, seq: int | None = None,
                    region: str | None = None, viewer_id: int | None = None) -> tuple[bytes, str]:
    """PNG bytes and a file name for phase `seq` (default: the current phase), the whole board or
    one named region of it, enlarged (`render.regions`). In the colours of `viewer_id`'s own
    palette when the map is for them alone, else of the server's default.

    Only orders of an already adjudicated phase are drawn, so a map never leaks orders
    that are still secret.
    """
    phase = await service.phase(game_id, seq)
    game = await service.game(game_id)
    variant = get_variant(game.variant)
    region = checked_region(game.variant, region)
    last_orders = None
    label = f"{game.name}: {phase.label}"
    if phase.seq > 0:
        previous = await service.phase(game_id, phase.seq - 1)
        sheets = await service.store.order_sheets(previous.id)
        last_orders = {seat: list(sheet.lines) for seat, sheet in sheets.items()
                       if orders_visible(game, seat, previous.adjudicated_at is not None, None)}
        if any(last_orders.values()):
            # the arrows are the orders of the phase just resolved; the units stand as they now do
            label = f"{game.name}: {previous.label} orders → {phase.label}"
    if phase.adjudicated_at is None and phase.deadline is not None and game.status == "active":
        label += f" · orders due {phase.deadline:%a %d %b %H:%M} UTC"
    palette = await service.palette_for(game.guild_id, viewer_id)
    png = await service.cpu.run(render_map, game.variant, phase.state, last_orders, label,
                                variant.describe(phase.state), region, palette, timeout=RENDER_SECONDS)
    suffix = f"-{region.replace(' ', '-')}" if region else ""
    return png, f"game-{game_id}-phase-{phase.seq}{suffix}.png"


REPLAY_SECONDS = 120.0


async def replay_gif(service: GameService, game_id: int, viewer_id: int | None = None) -> tuple[bytes, str]:
    """The game so far, phase by phase, as an animated GIF (positions only: they are public)."""
    game = await service.game(game_id)
    variant = get_variant(game.variant)
    phases = await service.store.phases(game_id)
    if not phases:
        raise BadInput(f"game #{game_id} has not started yet: nothing to replay")
    frames = [(p.state, f"{game.name}: {p.label}", variant.describe(p.state)) for p in phases]
    palette = await service.palette_for(game.guild_id, viewer_id)
    gif = await service.cpu.run(render_replay, game.variant, frames, 720, palette, timeout=REPLAY_SECONDS)
    return gif, f"game-{game_id}-replay.gif"


async def preview_map(service: GameService, game_id: int, user_id: int, region: str | None = None) -> tuple[bytes, str]:
    """The current board with the caller's own orders drawn on it, before the deadline — for the
    caller alone: only sheets of seats they hold are read."""
    game = await service.game(game_id)
    phase = await service.phase(game_id)
    seats = game.seats_of(user_id)
    if not seats:
        raise BadInput(f"you hold no seat in game #{game_id}: there are no orders of yours to preview")
    variant = get_variant(game.variant)
    sheets = await service.store.order_sheets(phase.id)
    mine = {seat: list(sheets[seat].lines) for seat in seats if seat in sheets and sheets[seat].lines}
    region = checked_region(game.variant, region)
    # the marks of the last adjudication belong to other orders than these
    state = {**phase.state, "resolved": {}, "failed_orders": []}
    label = f"{game.name}: {phase.label} — preview of {', '.join(seats)}'s orders (only you see this)"
    palette = await service.palette_for(game.guild_id, user_id)
    png = await service.cpu.run(render_map, game.variant, state, mine, label, variant.describe(phase.state), region,
                                palette, timeout=RENDER_SECONDS)
    return png, f"game-{game_id}-phase-{phase.seq}-preview.png"
