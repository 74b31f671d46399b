"""`/map replay`: the game so far as GIFs and MP4 videos, in parts each under the upload limit.

The frames are drawn and encoded in the worker pool, a run of them per job (`replay_run`): every
frame goes to the GIF and to the video encoder as it is drawn. A run alone too large for the
limit has the whole replay drawn again at the next fallback (smaller, fewer colours:
`render.replay.FALLBACKS`) rather than refused; parts are as many whole runs as fit. A part's
video segments are joined in the pool too; where there is no encoder a part brings a still of
its last frame. Nothing of it runs on the event loop but the bookkeeping.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass

from engine.variant import get_variant
from render.replay import (FALLBACKS, EncodedRun, budget_for, durations, encode_run, frame_image, gif_file,
                           group_runs, too_large)
from render.video import VideoError, join_mp4

from .errors import BadInput, BadState
from .games import GameService
from .ids import checks_ids
from .maps import REPLAY_RUN, REPLAY_SECONDS, ReplayFrame, map_title, replay_colours
from .models import decode_state
from .phase_index import stored_phases
from .workers import BACKGROUND, Overrun


@dataclass(frozen=True)
class ReplayPart:
    """One part of a replay: its files (the GIF, then the MP4 — or a still of its last frame when
    no video could be made), each under the upload limit."""
    files: tuple[tuple[bytes, str], ...]
    number: int
    of: int

    @property
    def size(self) -> int:
        return sum(len(data) for data, _ in self.files)


# ------------------------------------------------------------------ in the workers
def replay_run(variant_key: str, frames: list[ReplayFrame], palette: str, colours: bytes, start: int,
               total: int, level: int = 0, video: bool = True) -> EncodedRun:
    """In a worker: a run of frames drawn one at a time, each encoded as it comes into the GIF's
    blocks and the MP4 segment (at fallback `level`)."""
    variant = get_variant(variant_key)

    def images():
        for frame in frames:
            state = decode_state(frame.state)
            yield frame_image(variant_key, state, frame.orders, frame.label, variant.describe(state), palette)
    return encode_run(images(), colours, durations(start, len(frames), total), level, video)


def joined_video(segments: list[bytes]) -> bytes | None:
    """In a worker: a part's MP4 segments joined into one video (None if joining fails)."""
    try:
        return join_mp4(segments)
    except VideoError:
        return None


# ------------------------------------------------------------------ on the loop
async def _in_pool(service: GameService, fn, *args):
    try:
        return await service.cpu.run(fn, *args, timeout=REPLAY_SECONDS, priority=BACKGROUND)
    except Overrun:
        raise BadState("drawing the replay took too long and was stopped; try again in a minute") from None


@checks_ids
async def replay_parts(service: GameService, game_id: int, viewer_id: int | None = None,
                       upload_limit: int | None = None, video: bool = True) -> list[ReplayPart]:
    """The game so far, phase by phase, as GIFs and (with `video`) MP4s, in parts whose every
    file is under `upload_limit` bytes (default: `render.replay.DEFAULT_UPLOAD`). Only
    adjudicated phases' orders are read: they are public."""
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
    _, colours = await _in_pool(service, replay_colours, game.variant, frames[0], palette)
    budget = budget_for(upload_limit)
    run = REPLAY_RUN
    for level in range(len(FALLBACKS)):
        starts = range(0, total, run)
        runs = await asyncio.gather(*(
            _in_pool(service, replay_run, game.variant, frames[start:start + run], palette, colours, start, total,
                     level, video) for start in starts))
        if not too_large(runs, budget):
            break
        run = max(1, run // 2)           # and more parts: shorter runs group more finely
    groups = group_runs(runs, budget)
    parts = []
    for number, group in enumerate(groups, 1):
        chosen = [runs[i] for i in group]
        # a part is megabytes of frames to join: in a thread, not on the loop
        gif = await asyncio.to_thread(gif_file, chosen[0].size, colours, [b for r in chosen for b in r.blocks])
        segments = [r.video for r in chosen]
        movie = None
        if video and all(segments):
            movie = await _in_pool(service, joined_video, segments)
        name = f"game-{game_id}-replay" + (f"-part-{number}-of-{len(groups)}" if len(groups) > 1 else "")
        files = [(gif, f"{name}.gif")]
        if movie is not None and len(movie) <= budget:
            files.append((movie, f"{name}.mp4"))
        elif video:
            still = next((r.still for r in reversed(chosen) if r.still), None)
            if still is not None:
                files.append((still, f"{name}-last-frame.png"))
        parts.append(ReplayPart(tuple(files), number, len(groups)))
    return parts
