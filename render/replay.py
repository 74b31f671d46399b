"""`/map replay`: the game so far as an animated GIF, one frame per phase, small enough to post."""
from __future__ import annotations

import io
from typing import Sequence

from PIL import Image

from .registry import render_map

UPLOAD_BUDGET = 9 * 1024 * 1024      # under Discord's 10 MiB upload limit, with room to spare
FRAME_MS, LAST_FRAME_MS = 1200, 4000


def render_replay(variant_key: str, frames: Sequence[tuple[dict, str, str]], width: int = 720,
                  palette: str = "standard") -> bytes:
    """An animated GIF of `frames` — (state, label, summary) per phase, oldest first. Frames are
    shrunk (and, for a very long game, thinned, always keeping the last) until the file fits."""
    if not frames:
        raise ValueError("no phase to show")
    full = [Image.open(io.BytesIO(render_map(variant_key, state, None, label, summary, palette=palette))).convert("RGB")
            for state, label, summary in frames]
    step = 1
    while True:
        chosen = full[::step]
        if chosen[-1] is not full[-1]:
            chosen.append(full[-1])
        gif = _gif(chosen, width)
        if len(gif) <= UPLOAD_BUDGET or (width <= 360 and step >= len(full)):
            return gif
        if width > 360:
            width = int(width * 0.8)
        else:
            step *= 2


def _gif(images: list[Image.Image], width: int) -> bytes:
    frames = []
    for image in images:
        height = int(image.size[1] * width / image.size[0])
        frames.append(image.resize((width, height), Image.LANCZOS).quantize(colors=128, method=Image.MEDIANCUT))
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False)
    return out.getvalue()
