"""`/map replay` of a long game as GIFs and MP4 videos (≤ 15 s for a 20-round A&A game; ≤ 300 MB
of memory; every file under the upload limit), with the machine's load beside every figure.

On the 20-round A&A game of `bench/long_game.py` (161 phases): the replay as the bot makes it (the
worker pool sized to the machine, the runs of frames drawn and encoded as GIF and MP4 spread over
it), then — in a fresh process, so its peak is the replay's own — the whole replay drawn and
encoded in one process, with its peak resident memory and the encoder's (ffmpeg, a child process)
CPU and peak. Writes the GIF and MP4 parts and the last frame as PNG to the folder given by --out.
Run: `.venv/bin/python bench/replay.py [--rounds 20] [--limit MiB] [--out /tmp/replay]`.
"""
from __future__ import annotations

import argparse
import asyncio
import io
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.long_game import open_copy  # noqa: E402
from bench.render import peak_rss_mib  # noqa: E402
from render.replay import budget_for  # noqa: E402
from service.replays import replay_parts  # noqa: E402
from service.workers import Inline, ProcessPool  # noqa: E402


def load() -> str:
    return "load {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


def mp4_seconds(data: bytes, folder: Path) -> float:
    import imageio_ffmpeg
    path = folder / "probe.mp4"
    path.write_bytes(data)
    try:
        return imageio_ffmpeg.count_frames_and_secs(str(path))[1]
    finally:
        path.unlink()


async def pooled(rounds: int, limit: int, out: Path) -> None:
    db, service, game_id, folder = await open_copy(rounds)
    service.cpu = ProcessPool()
    try:
        await service.cpu.run(len, "warm the workers")
        begin = time.perf_counter()
        parts = await replay_parts(service, game_id, upload_limit=limit)
        took = time.perf_counter() - begin
    finally:
        service.cpu.close()
        await db.close()
        shutil.rmtree(folder, ignore_errors=True)
    from PIL import Image
    out.mkdir(parents=True, exist_ok=True)
    frames = seconds = 0.0
    gifs, videos = [], []
    for part in parts:
        for data, name in part.files:
            (out / name).write_bytes(data)
            if name.endswith(".gif"):
                frames += Image.open(io.BytesIO(data)).n_frames
                gifs.append(len(data))
            elif name.endswith(".mp4"):
                videos.append(len(data))
                seconds += mp4_seconds(data, out)
    size = Image.open(io.BytesIO(parts[0].files[0][0])).size
    print(f"/map replay on {service.cpu.workers} workers: {took:.1f} s (goal ≤ 15 s; {load()}), {frames:.0f} frames "
          f"of {size[0]}x{size[1]} in {len(parts)} part(s) under a {limit / 2**20:.0f} MiB limit "
          f"(each file ≤ {budget_for(limit) / 2**20:.2f} MiB)")
    print("  GIF: " + ", ".join(f"{n / 2**20:.2f} MiB" for n in gifs))
    print("  MP4: " + (", ".join(f"{n / 2**20:.2f} MiB" for n in videos) or "none (no encoder: a still each)")
          + (f", {seconds:.0f} s of video ({seconds / max(1, frames):.1f} s a frame)" if videos else ""))
    last = Image.open(io.BytesIO(parts[-1].files[0][0]))
    last.seek(last.n_frames - 1)
    last.convert("RGB").save(out / "last-frame.png")
    print(f"parts and the last frame written to {out}")


async def alone(rounds: int, limit: int) -> None:
    db, service, game_id, folder = await open_copy(rounds)
    service.cpu = Inline()
    try:
        begin, cpu = time.perf_counter(), time.process_time()
        parts = await replay_parts(service, game_id, upload_limit=limit)
        took, cpu = time.perf_counter() - begin, time.process_time() - cpu
    finally:
        await db.close()
        shutil.rmtree(folder, ignore_errors=True)
    peak = peak_rss_mib(resource)     # this process's own: ru_maxrss keeps the parent's peak
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = ProcessPool().workers
    total = sum(part.size for part in parts)
    print(f"the whole replay in one process: {took:.1f} s wall, {cpu:.1f} s of CPU drawing and GIF "
          f"({cpu / workers:.1f} s spread over {workers} idle cores) + {children.ru_utime + children.ru_stime:.1f} s "
          f"of the video encoder; peak RSS {peak:.0f} MiB (goal ≤ 300 MB), the encoder's "
          f"{children.ru_maxrss / 1024:.0f} MiB; {total / 2**20:.2f} MiB of GIF and MP4 ({load()})")
    print("(on a machine other work keeps busy the wall times grow; the CPU time does not)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--limit", type=float, default=10.0, help="the upload limit in MiB (Discord's default: 10)")
    parser.add_argument("--out", default="/tmp/dispatch-replay")
    parser.add_argument("--alone", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    limit = int(args.limit * 2**20)
    if args.alone:
        asyncio.run(alone(args.rounds, limit))
    else:
        asyncio.run(pooled(args.rounds, limit, Path(args.out)))
        subprocess.run([sys.executable, __file__, "--alone", "--rounds", str(args.rounds), "--limit", str(args.limit)],
                       check=True)
