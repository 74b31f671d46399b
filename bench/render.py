"""Map rendering time against a plain PNG encode of the same image (goal: ≤ 2×), and a blank one.

Run: `.venv/bin/python bench/render.py [--repeat N]`.
"""
from __future__ import annotations

import argparse
import io
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from engine.diplomacy.rx07 import Rx07Variant  # noqa: E402
from render.diplomacy import render_diplomacy  # noqa: E402

# The yardstick: a plain Pillow PNG encode of the same image at zlib level 3 (how every map was
# encoded before render/png.py stored rows unfiltered and deflated them with ISA-L). Not the maps'
# own encoding, which is now several times cheaper: a ratio against it would grow as it shrank.
LEVEL = 3


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--memory", choices=("rx07", "aa1914"), help="only draw many maps and print the peak RSS")
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    if args.memory:
        draw_many(args.memory, args.games)
        return
    print("load {:.1f} {:.1f} {:.1f} on {} cores (the times are the best of --repeat, wall-clock)".format(
        *os.getloadavg(), os.cpu_count()))
    variant = Rx07Variant()
    state = variant.initial_state({}, random.Random(1))
    orders = {"Central": ["A Mun - Bur", "A Ber S A Mun - Bur", "F Kie - Hel"],
              "Entente": ["A Par - Bur", "F Lon - Nth", "A War - Gal"]}
    png = render_diplomacy(state, orders, "warm-up", variant.describe(state))   # fills the base-map cache
    size = Image.open(io.BytesIO(png)).size

    def blank():
        out = io.BytesIO()
        Image.new("RGB", size, (197, 223, 234)).save(out, "PNG", compress_level=LEVEL)

    def render():
        render_diplomacy(state, orders, "Fall 1914 Movement", variant.describe(state))

    finished = Image.open(io.BytesIO(png)).convert("RGB")

    def same():
        out = io.BytesIO()
        finished.save(out, "PNG", compress_level=LEVEL)

    t_blank, t_render, t_same = best(blank, args.repeat), best(render, args.repeat), best(same, args.repeat)
    print(f"image {size[0]}x{size[1]}, {len(png) / 1024:.0f} KiB (goal < 2 MB)")
    print(f"blank PNG encode     {t_blank * 1000:7.1f} ms")
    print(f"same image encode    {t_same * 1000:7.1f} ms")
    print(f"board                {t_render * 1000:7.1f} ms  = {t_render / t_same:.2f}x encoding the same image "
          f"(goal <= 2x), {t_render / t_blank:.2f}x a blank one; one cached base image per map")
    bench_aa1914(args.repeat)
    memory_of_many_games(args.games)


def bench_aa1914(repeat: int) -> None:
    from engine.aa1914.variant import AA1914Variant
    from render.aa1914 import render_aa1914
    variant = AA1914Variant()
    state = variant.initial_state({}, random.Random(1))
    png = render_aa1914(state, None, "warm-up")
    size = Image.open(io.BytesIO(png)).size

    def blank():
        out = io.BytesIO()
        Image.new("RGB", size, (168, 200, 224)).save(out, "PNG", compress_level=LEVEL)

    finished = Image.open(io.BytesIO(png)).convert("RGB")

    def same():
        out = io.BytesIO()
        finished.save(out, "PNG", compress_level=LEVEL)

    t_blank, t_same = best(blank, repeat), best(same, repeat)
    t_render = best(lambda: render_aa1914(state, None, "Round 1: Austria-Hungary"), repeat)
    print(f"A&A 1914 map {size[0]}x{size[1]}, {len(png) / 1024:.0f} KiB: blank {t_blank * 1000:.1f} ms, same image "
          f"{t_same * 1000:.1f} ms, map {t_render * 1000:.1f} ms = {t_render / t_same:.2f}x encoding the same "
          f"image (goal <= 2x), {t_render / t_blank:.2f}x a blank one")
    # the results map of a turn: arrows routed around the badges, a battle with its
    # outcome, the units it destroyed crossed out, contested hatching
    orders = {"Austria-Hungary": ["move 3 infantry, 1 artillery Budapest - Serbia",
                                  "move 2 infantry Vienna - Galicia - Ukraine", "move 1 infantry Vienna - Trieste",
                                  "move 2 infantry, 1 artillery Tyrolia - Trieste"]}
    after = variant.adjudicate(state, orders, random.Random(3)).state
    results = Image.open(io.BytesIO(render_aa1914(after, orders, "warm-up"))).convert("RGB")

    def same_results():
        out = io.BytesIO()
        results.save(out, "PNG", compress_level=LEVEL)

    t_same = best(same_results, repeat)
    t_render = best(lambda: render_aa1914(after, orders, "Round 1: Austria-Hungary orders"), repeat)
    print(f"A&A 1914 results map: same image {t_same * 1000:.1f} ms, map {t_render * 1000:.1f} ms = "
          f"{t_render / t_same:.2f}x encoding the same image (goal <= 2x)")



def memory_of_many_games(games: int = 1000) -> None:
    """Peak RSS of a worker that draws maps of many different positions, each map in a process of
    its own (as each worker is): the caches must not grow with games."""
    import subprocess
    for kind in ("rx07", "aa1914"):
        out = subprocess.run([sys.executable, __file__, "--memory", kind, "--games", str(games)],
                             capture_output=True, text=True, check=True)
        print(out.stdout.strip())


def peak_rss_mib(resource) -> float:
    """This process's own peak RSS: Linux's VmHWM (ru_maxrss keeps the parent's peak across the
    fork and exec that started this process), else ru_maxrss."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def draw_many(kind: str, games: int) -> None:
    import resource
    rng = random.Random(3)
    if kind == "rx07":
        variant = Rx07Variant()
        for n in range(games // 20):
            state = variant.initial_state({}, rng)
            owners = dict(state["owners"])
            for centre in list(owners)[: n % len(owners)]:
                owners[centre] = rng.choice(list(set(owners.values())))
            render_diplomacy({**state, "owners": owners}, None, f"game {n}")
    else:
        from engine.aa1914.variant import AA1914Variant
        from render.aa1914 import render_aa1914
        variant = AA1914Variant()
        state = variant.initial_state({}, rng)
        for n in range(games // 20):
            seat = variant.seats_to_act(state)[0]
            state = variant.adjudicate(state, {seat: []}, rng).state      # a new position each map
            render_aa1914(state, None, f"game {n}")
    rss = peak_rss_mib(resource)
    print(f"{kind}: peak RSS of a process after {games // 20} maps of different positions: {rss:.0f} MiB "
          f"(goal with 1,000 games <= 120 MiB)")


if __name__ == "__main__":
    main()
    if "--memory" not in sys.argv:
        print("load {:.1f} {:.1f} {:.1f} after".format(*os.getloadavg()))
