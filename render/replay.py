"""`/map replay`: the game so far as animated GIFs and MP4 videos, one frame per phase, each frame
the results map of that phase (its orders as arrows on the position they made, as posted after
each turn), long enough to read: 2.5 s a frame, the last 5 s.

Four rules shape the files:
- true colours: every frame is mapped onto one fixed palette holding each power's colour exactly,
  the colours of the map itself (taken from the first frame) and an even spread for the rest — no
  per-frame median cut that merges two powers' colours or greys out the units;
- bounded memory: frames are drawn and encoded one at a time; only the previous frame is kept, to
  store each frame as the rectangle that changed (a GIF frame drawn over the one before);
- parts: frames come in runs that each start with a whole frame, and a part is as many whole runs
  as fit the upload limit, so a long game is posted as several GIFs, never shrunk unreadable;
- a video too: each run is also encoded as an MP4 segment (render/video.py) while its frames are
  drawn, and a part's segments are joined; where there is no encoder (or it fails) a part comes
  with a still of its last frame. A run too large for the limit alone is drawn again smaller or
  in fewer colours (`FALLBACKS`) rather than refused.
"""
from __future__ import annotations

import io
import struct
from dataclasses import dataclass
from typing import Iterable, Sequence

from PIL import GifImagePlugin, Image, ImageChops

from .overlay import DARK, FAILED
from .registry import map_module, render_image
from .video import QUALITY, Mp4Writer, VideoError

DEFAULT_UPLOAD = 25 * 1024 * 1024    # the upload limit a replay is sized for when the server's is not known
ROOM = 256 * 1024                    # left under the limit for the rest of the message
UPLOAD_BUDGET = DEFAULT_UPLOAD - ROOM
FRAME_MS, LAST_FRAME_MS = 2500, 5000     # long enough to read a turn's orders; the end lingers
COLOURS = 256
MAP_COLOURS = 120                    # the most used colours of the first frame, kept exactly
CUBE = (0, 64, 128, 192, 255)        # an even spread for anti-aliased edges and anything else


def frame_image(variant_key: str, state: dict, orders: dict | None, label: str, summary: str,
                palette: str = "standard") -> Image.Image:
    """One frame: the results map of a phase, as `render_map` draws it for the channel."""
    return render_image(variant_key, state, orders or None, label, summary, palette)


def fixed_palette(first: Image.Image, variant_key: str, palette: str = "standard") -> bytes:
    """The 256 colours every frame is drawn in: the powers' own colours (exactly), the marks'
    colours, the most used colours of the first frame (sea, land, every power's land), then an even
    spread. Returns 768 bytes of RGB."""
    chosen: list[tuple[int, int, int]] = []

    def add(colour, distance: int) -> None:
        if len(chosen) < COLOURS and all(sum((a - b) ** 2 for a, b in zip(colour, c)) > distance ** 2
                                         for c in chosen):
            chosen.append(tuple(int(v) for v in colour[:3]))

    module = map_module(variant_key)
    if module is not None and hasattr(module, "power_colours"):
        for colour in module.power_colours(palette).values():
            add(colour, 0)
    for colour in ((0, 0, 0), (255, 255, 255), DARK, FAILED):
        add(colour, 0)
    used = sorted(first.getcolors(1 << 24) or [], reverse=True)
    for _, colour in used:
        if len(chosen) >= MAP_COLOURS:
            break
        add(colour, 3)
    for r in CUBE:
        for g in CUBE:
            for b in CUBE:
                add((r, g, b), 24)
    for _, colour in used:                 # any room left: more of the map's own colours
        add(colour, 6)
    chosen += [(0, 0, 0)] * (COLOURS - len(chosen))
    return bytes(v for colour in chosen for v in colour)


def _palette_image(colours: bytes) -> Image.Image:
    image = Image.new("P", (1, 1))
    image.putpalette(colours)
    return image


def encode_frames(images: Iterable[Image.Image], colours: bytes, durations: Sequence[int]) -> list[bytes]:
    """GIF frame blocks for `images` (all of one size), the first whole, each later one only the
    rectangle that differs from the frame before. Images are read one at a time."""
    target = _palette_image(colours)
    blocks: list[bytes] = []
    previous: Image.Image | None = None
    for image, duration in zip(images, durations):
        frame = image.quantize(palette=target, dither=Image.Dither.NONE)
        image.close()
        box = (0, 0) + frame.size
        if previous is not None:
            changed = ImageChops.difference(_indices(frame), _indices(previous)).getbbox()
            box = changed or (0, 0, 1, 1)
        part = frame.crop(box) if box != (0, 0) + frame.size else frame
        part.putpalette(colours)
        blocks.append(b"".join(GifImagePlugin.getdata(part, offset=box[:2], duration=duration, disposal=1)))
        previous = frame
    return blocks


def _indices(frame: Image.Image) -> Image.Image:
    """A palette image's colour numbers as a grey image (to compare two frames number by number)."""
    return Image.frombytes("L", frame.size, frame.tobytes())


def gif_file(size: tuple[int, int], colours: bytes, blocks: Sequence[bytes]) -> bytes:
    """A looping GIF of frame `blocks` (the first of them whole) on a `size` canvas."""
    header = (b"GIF89a" + struct.pack("<HHBBB", size[0], size[1], 0xF7, 0, 0) + colours
              + b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")
    return header + b"".join(blocks) + b";"


def split_parts(runs: Sequence[Sequence[bytes]], budget: int | None = None) -> list[list[bytes]]:
    """Runs of frame blocks (each starting with a whole frame) grouped into parts of at most
    `budget` bytes (default: the upload budget), in order; a run larger than it is a part alone."""
    budget = budget or UPLOAD_BUDGET
    parts: list[list[bytes]] = []
    current: list[bytes] = []
    size = 0
    for run in runs:
        run_size = sum(len(block) for block in run)
        if current and size + run_size > budget - 1024:
            parts.append(current)
            current, size = [], 0
        current = current + list(run)
        size += run_size
    if current:
        parts.append(current)
    return parts


def render_replay(variant_key: str, frames: Sequence[tuple[dict, dict | None, str, str]],
                  palette: str = "standard", run: int = 24) -> list[bytes]:
    """Animated GIFs of `frames` — (state, orders that made it, label, summary) per phase, oldest
    first — in parts under the upload limit (in one process: `service.maps` spreads the runs over
    the worker processes)."""
    if not frames:
        raise ValueError("no phase to show")
    first = frame_image(variant_key, *frames[0][:2], frames[0][2], frames[0][3], palette)
    colours = fixed_palette(first, variant_key, palette)
    size = first.size
    runs = []
    for start in range(0, len(frames), run):
        chunk = frames[start:start + run]
        images = (frame_image(variant_key, state, orders, label, summary, palette)
                  for state, orders, label, summary in chunk)
        runs.append(encode_frames(images, colours, durations(start, len(chunk), len(frames))))
    return [gif_file(size, colours, part) for part in split_parts(runs)]


def durations(start: int, count: int, total: int) -> list[int]:
    """How long frames `start`… show: the last frame of the game lingers."""
    return [LAST_FRAME_MS if start + i == total - 1 else FRAME_MS for i in range(count)]


def budget_for(limit: int | None) -> int:
    """The most one file of a replay may weigh under an upload limit of `limit` bytes."""
    limit = limit or DEFAULT_UPLOAD
    return limit - min(ROOM, limit // 10)


# ---------------------------------------------------------------- runs as GIF and MP4
# Tried in turn when a run of frames alone is over the budget: (scale, colours, video quality).
FALLBACKS = ((1.0, 256, QUALITY[0]), (1.0, 128, QUALITY[1]), (0.75, 128, QUALITY[1]), (0.5, 64, QUALITY[2]))


@dataclass(frozen=True)
class EncodedRun:
    """A run of frames encoded: its GIF frame blocks (the first whole), the same frames as an MP4
    segment (None if there is no encoder or it failed) and then a PNG of its last frame."""
    blocks: tuple[bytes, ...]
    video: bytes | None
    still: bytes | None
    size: tuple[int, int]

    @property
    def gif_bytes(self) -> int:
        return sum(len(block) for block in self.blocks)


def limited(colours: bytes, count: int) -> bytes:
    """The palette with only its first `count` colours in use (the powers' own come first)."""
    if count >= COLOURS:
        return colours
    used = colours[:3 * count]
    return used + used[:3] * (COLOURS - count)


def encode_run(images: Iterable[Image.Image], colours: bytes, run_durations: Sequence[int], level: int = 0,
               video: bool = True) -> EncodedRun:
    """GIF blocks and an MP4 segment of `images`, read one at a time, at fallback `level`
    (`FALLBACKS`: the scale, the colours and the video quality)."""
    scale, count, quality = FALLBACKS[min(level, len(FALLBACKS) - 1)]
    colours = limited(colours, count)
    target = _palette_image(colours)
    blocks: list[bytes] = []
    previous: Image.Image | None = None
    writer: Mp4Writer | None = None
    problem = not video
    last: Image.Image | None = None
    size = (0, 0)
    for image, duration in zip(images, run_durations):
        if scale != 1.0:
            smaller = image.resize((max(2, round(image.size[0] * scale)), max(2, round(image.size[1] * scale))),
                                   Image.LANCZOS)
            image.close()
            image = smaller
        size = image.size
        if writer is None and not problem:
            try:
                writer = Mp4Writer(size, run_durations, quality)
            except VideoError:
                problem = True
        if writer is not None:
            try:
                writer.add(image, duration)
            except VideoError:
                writer, problem = None, True
        frame = image.quantize(palette=target, dither=Image.Dither.NONE)
        box = (0, 0) + frame.size
        if previous is not None:
            box = ImageChops.difference(_indices(frame), _indices(previous)).getbbox() or (0, 0, 1, 1)
        part = frame.crop(box) if box != (0, 0) + frame.size else frame
        part.putpalette(colours)
        blocks.append(b"".join(GifImagePlugin.getdata(part, offset=box[:2], duration=duration, disposal=1)))
        previous = frame
        if last is not None:
            last.close()
        last = image
    segment = None
    if writer is not None:
        try:
            segment = writer.finish()
        except VideoError:
            segment = None
    still = None
    if segment is None and last is not None:
        out = io.BytesIO()
        last.save(out, "PNG", compress_level=6)
        still = out.getvalue()
    if last is not None:
        last.close()
    return EncodedRun(tuple(blocks), segment, still, size)


def too_large(runs: Sequence[EncodedRun], budget: int) -> bool:
    """Whether a run alone is over the budget, as a GIF or as a video (then the replay is drawn
    again at the next fallback)."""
    return any(run.gif_bytes > budget - 1024 or len(run.video or b"") > budget for run in runs)


def group_runs(runs: Sequence[EncodedRun], budget: int) -> list[list[int]]:
    """The runs (their indexes, in order) of each part: as many whole runs as keep both the part's
    GIF and its video under `budget`."""
    groups: list[list[int]] = []
    gif = video = 0
    for index, run in enumerate(runs):
        size_gif, size_video = run.gif_bytes, len(run.video or b"")
        if groups and (gif + size_gif > budget - 1024 or video + size_video > budget):
            groups.append([])
            gif = video = 0
        if not groups:
            groups.append([])
        groups[-1].append(index)
        gif, video = gif + size_gif, video + size_video
    return groups
