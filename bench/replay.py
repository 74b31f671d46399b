"""`/map replay` of a long game (issue 25 item 2: ≤ 15 s for a 20-round A&A game; issue 27 item 5:
≤ 300 MB of memory, every part under Discord's 10 MiB).

On the 20-round A&A game of `bench/long_game.py` (161 phases): the replay as the bot makes it
(the worker pool sized to the machine, the runs of frames spread over it), then — in a fresh
process, so its peak is the replay's own — the whole replay drawn in one process, with its peak
resident memory. Writes the GIF parts and a few frames as PNG to the folder given by --out.
Run: `.venv/bin/python bench/replay.py [--rounds 20] [--out /tmp/replay]`.
"""
from __future__ import annotations

import argparse
import asyncio
import io
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.long_game import open_copy  # noqa: E402
from bench.render import peak_rss_mib  # noqa: E402
from service.maps import replay_gif  # noqa: E402
from service.workers import Inline, ProcessPool  # noqa: E402


async def pooled(rounds: int, out: Path) -> None:
    db, service, game_id, folder = await open_copy(rounds)
    service.cpu = ProcessPool()
    try:
        await service.cpu.run(len, "warm the workers")
        begin = time.perf_counter()
        parts = await replay_gif(service, game_id)
        took = time.perf_counter() - begin
    finally:
        service.cpu.close()
        await db.close()
        shutil.rmtree(folder, ignore_errors=True)
    from PIL import Image
    out.mkdir(parents=True, exist_ok=True)
    frames = 0
    for gif, name in parts:
        (out / name).write_bytes(gif)
        image = Image.open(io.BytesIO(gif))
        frames += image.n_frames
    size = Image.open(io.BytesIO(parts[0][0])).size
    print(f"/map replay on {service.cpu.workers} workers: {took:.1f} s (goal ≤ 15 s), {frames} frames of "
          f"{size[0]}x{size[1]} in {len(parts)} part(s): "
          + ", ".join(f"{len(gif) / 2**20:.2f} MiB" for gif, _ in parts) + " (each ≤ 10 MiB)")
    first = Image.open(io.BytesIO(parts[-1][0]))
    first.seek(first.n_frames - 1)
    first.convert("RGB").save(out / "last-frame.png")
    print(f"GIFs and the last frame written to {out}")


async def alone(rounds: int) -> None:
    db, service, game_id, folder = await open_copy(rounds)
    service.cpu = Inline()
    try:
        begin, cpu = time.perf_counter(), time.process_time()
        parts = await replay_gif(service, game_id)
        took, cpu = time.perf_counter() - begin, time.process_time() - cpu
    finally:
        await db.close()
        shutil.rmtree(folder, ignore_errors=True)
    peak = peak_rss_mib(resource)     # this process's own: ru_maxrss keeps the parent's peak
    workers = ProcessPool().workers
    print(f"the whole replay in one process: {took:.1f} s wall, {cpu:.1f} s of CPU ({cpu / workers:.1f} s spread over "
          f"{workers} idle cores), peak RSS {peak:.0f} MiB (goal ≤ 300 MB), "
          f"{sum(len(g) for g, _ in parts) / 2**20:.2f} MiB of GIF")
    print("(on a machine other work keeps busy the wall times grow; the CPU time does not)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--out", default="/tmp/dispatch-replay")
    parser.add_argument("--alone", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.alone:
        asyncio.run(alone(args.rounds))
    else:
        asyncio.run(pooled(args.rounds, Path(args.out)))
        subprocess.run([sys.executable, __file__, "--alone", "--rounds", str(args.rounds)], check=True)
