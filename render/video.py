"""The replay as an MP4 video (H.264), which every phone plays — a GIF does not auto-play with
Data Saver or where autoplay is off. Encoded by the ffmpeg that the imageio-ffmpeg wheel ships
(requirements.txt), fed the frames as raw pixels through a pipe: no frame is written to disk.

Each frame shows as long as it is asked to (a frame rate of one frame per greatest common step of
the durations: 2.5 s frames and a 5 s last frame are 0.4 frames a second, the last frame twice).
Runs of frames are encoded as segments (in the worker processes) and joined without re-encoding.
When there is no encoder, or it fails, `VideoError` says so and the caller posts a still instead.
"""
from __future__ import annotations

import math
import os
import subprocess
import tempfile
from functools import lru_cache, reduce
from pathlib import Path
from typing import Iterable, Sequence

from PIL import Image

__all__ = ["VideoError", "Mp4Writer", "encoder", "encode_mp4", "join_mp4", "QUALITY"]

QUALITY = (30, 34, 38)       # x264 CRF, best first: a part too large for the upload limit tries the next
SECONDS_PER_FRAME = 20.0     # the most a frame may take to encode before the encoder is given up


class VideoError(Exception):
    """The video could not be made (no encoder, or the encoder failed)."""


@lru_cache(maxsize=1)
def encoder() -> str | None:
    """The ffmpeg executable, or None when imageio-ffmpeg (and its ffmpeg) is not installed."""
    try:
        import imageio_ffmpeg
        path = imageio_ffmpeg.get_ffmpeg_exe()
    except (ImportError, RuntimeError, OSError):
        return None
    return path if path and os.path.exists(path) else None


def _even(size: tuple[int, int]) -> tuple[int, int]:
    """H.264 in 4:2:0 needs an even width and height."""
    return size[0] + size[0] % 2, size[1] + size[1] % 2


class Mp4Writer:
    """Frames fed one at a time to an H.264 encoder (`add`), the MP4 made by `finish`: each frame
    shown for its duration, the frame rate one frame per greatest common step of `durations` (all
    the durations the frames will have, in milliseconds). Raises `VideoError`."""

    def __init__(self, size: tuple[int, int], durations: Sequence[int], quality: int = QUALITY[0]):
        exe = encoder()
        if exe is None:
            raise VideoError("no video encoder is installed (imageio-ffmpeg)")
        self.step = reduce(math.gcd, [max(100, int(d)) for d in durations]) if durations else 1000
        self.size = _even(size)
        self._folder = tempfile.TemporaryDirectory(prefix="dispatch-video-")
        self._out = Path(self._folder.name) / "part.mp4"
        self.frames = 0
        command = [exe, "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
                   "-s", f"{self.size[0]}x{self.size[1]}", "-r", f"1000/{self.step}", "-i", "-", "-an",
                   # zerolatency: no look-ahead and no B-frames, a third less of the encoder's memory
                   # (~160 MiB at 1410x1562) for a sixth more bytes
                   "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-crf", str(quality),
                   "-pix_fmt", "yuv420p", "-g", "4", "-threads", "1", "-movflags", "+faststart", "-f", "mp4",
                   str(self._out)]
        try:
            self._process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                             stderr=subprocess.PIPE)
        except OSError as exc:
            self._folder.cleanup()
            raise VideoError(f"the video encoder could not start: {exc}") from None

    def add(self, image: Image.Image, duration: int) -> None:
        width, height = self.size
        frame = image if image.size == self.size and image.mode == "RGB" else _padded(image, width, height)
        data = frame.tobytes()
        try:
            for _ in range(max(1, round(max(100, int(duration)) / self.step))):
                self._process.stdin.write(data)
        except (BrokenPipeError, OSError) as exc:
            self.abandon()
            raise VideoError(f"the video encoder stopped: {exc.__class__.__name__}") from None
        self.frames += 1

    def finish(self) -> bytes:
        try:
            _, errors = self._process.communicate(timeout=SECONDS_PER_FRAME * max(1, self.frames))
            if self._process.returncode != 0 or not self._out.exists():
                raise VideoError(f"the video encoder failed: {errors.decode(errors='replace')[-200:]}")
            return self._out.read_bytes()
        except (subprocess.TimeoutExpired, BrokenPipeError, OSError) as exc:
            raise VideoError(f"the video encoder failed: {exc.__class__.__name__}") from None
        finally:
            self.abandon()

    def abandon(self) -> None:
        """Stop the encoder (if it still runs) and remove its files."""
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        for pipe in (self._process.stdin, self._process.stderr):
            if pipe is not None and not pipe.closed:
                pipe.close()
        self._folder.cleanup()


def encode_mp4(images: Iterable[Image.Image], durations: Sequence[int], size: tuple[int, int],
               quality: int = QUALITY[0]) -> bytes:
    """An MP4 (H.264, yuv420p, fast start) of `images` (all of `size`), each shown for its
    duration in milliseconds; images are read one at a time. Raises `VideoError`."""
    writer = Mp4Writer(size, durations, quality)
    for image, duration in zip(images, durations):
        writer.add(image, duration)
        image.close()
    return writer.finish()


def _padded(image: Image.Image, width: int, height: int) -> Image.Image:
    canvas = Image.new("RGB", (width, height), (248, 245, 236))
    canvas.paste(image.convert("RGB"), (0, 0))
    return canvas


def join_mp4(segments: Sequence[bytes]) -> bytes:
    """One MP4 of `segments` (each made by `encode_mp4` with the same size and rate), in order,
    without encoding them again. Raises `VideoError`."""
    if len(segments) == 1:
        return segments[0]
    exe = encoder()
    if exe is None:
        raise VideoError("no video encoder is installed (imageio-ffmpeg)")
    with tempfile.TemporaryDirectory(prefix="dispatch-video-") as folder:
        names = []
        for index, segment in enumerate(segments):
            path = Path(folder) / f"{index:04d}.mp4"
            path.write_bytes(segment)
            names.append(f"file '{path.name}'")
        (Path(folder) / "parts.txt").write_text("\n".join(names) + "\n")
        out = Path(folder) / "whole.mp4"
        command = [exe, "-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0",
                   "-i", "parts.txt", "-c", "copy", "-movflags", "+faststart", str(out)]
        try:
            done = subprocess.run(command, cwd=folder, capture_output=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise VideoError(f"the video parts could not be joined: {exc.__class__.__name__}") from None
        if done.returncode != 0 or not out.exists():
            raise VideoError(f"the video parts could not be joined: {done.stderr.decode(errors='replace')[-200:]}")
        return out.read_bytes()
