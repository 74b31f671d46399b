"""Eight turns resolving at once (the last of 8 simultaneous results messages with its map and
crops ready ≤ 1 s after the `/ready`s), with the machine's load beside every figure.

Eight games, each with orders given, get their last `/ready` at the same moment; each adjudicates
and the clock delivers the results with the map and the crops of the turn's action, while it
works out the new phases' legal orders ahead (the warm-ups, now after the maps). Printed: the CPU
one results map and its crops cost (static layers cached per process), what a crop costs drawn
at its own scale against cut from the rendered board and enlarged, and when the last results
message was ready to post, with the CPU the bot's process and its workers used until then — as
Dispatch drew maps before (one worker, each map drawn when its
message's turn came, no crop), then as now (a worker per core, every turn's maps started
together; without and with the crops).
Run: `nice -n 15 .venv/bin/python bench/maps_ready.py [--games 8] [--variant aa1914|rx07] [--goal-only]
[--repeat N]` (`--goal-only`: only the run with the crops, `--repeat` times).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import Database  # noqa: E402
from engine.catalog import register_all  # noqa: E402
from engine.variant import get_variant  # noqa: E402
from service import Actor, GameService  # noqa: E402
from service import delivery as outbox  # noqa: E402
from service import maps  # noqa: E402
from service.clock import GameClock  # noqa: E402
from render.aa1914 import warm_crop_scales  # noqa: E402
from service.workers import ProcessPool  # noqa: E402
from tests.aa_random_play import accepted, random_lines  # noqa: E402

RX07 = {"Central": "A Mun - Bur\nA Ber - Kie\nA Vie - Gal\nA Bud - Ser\nF Tri - Adr",
        "Entente": "A Par - Bur\nA War - Sil\nA Mos - Ukr\nF Lon - Nth\nF Bre - Mao"}


async def ready_games(service: GameService, variant_key: str, games: int) -> list[tuple[int, str, Actor]]:
    """`games` started games with orders given by every seat to act; returns (game, last seat,
    its player) for each."""
    rng = random.Random(5)
    variant = get_variant(variant_key)
    waiting = []
    for n in range(games):
        player = Actor(100 + n, name=f"p{n}")       # at most 5 open games a creator
        game = await service.create_game(7, player, variant_key, f"Bench {n}")
        for _ in game.seats:
            await service.join(game.id, player)
        await service.start(game.id, player)
        phase = await service.phase(game.id)
        seats = variant.seats_to_act(phase.state)
        for seat in seats:
            if variant_key == "rx07":
                lines = RX07.get(seat, "")
            else:
                lines = "\n".join(accepted(phase.state, seat, random_lines(phase.state, seat, rng)))
            if lines:
                await service.submit_orders(game.id, player, lines, seat)
        for seat in seats[:-1]:
            await service.mark_ready(game.id, player, True, seat, confirm=True)
        waiting.append((game.id, seats[-1], player))
    return waiting


async def one_run(variant_key: str, games: int, workers: int, ahead: bool, crop: bool) -> list[float]:
    register_all()
    with tempfile.TemporaryDirectory() as folder:
        db = await Database(Path(folder) / "bench.sqlite3").connect()
        service = GameService(db)
        service.cpu = ProcessPool(workers)
        saved = (outbox.prefetch_results, maps.draw_results)
        if not ahead:
            outbox.prefetch_results = lambda service, messages: None
        if not crop:
            maps.draw_results = board_alone
        try:
            waiting = await ready_games(service, variant_key, games)
            await outbox.deliver_pending(service, _nothing)           # the starts, and warm workers
            # every worker warm (its caches of the board built), as after the bot's first maps
            await asyncio.gather(*(maps.results_maps(service, game_id, 0) for game_id, _, _ in waiting))
            if variant_key == "aa1914":
                # and its crops' scales drawn, as after the bot's first crops (a worker's first crop
                # at each scale costs 0.2–0.4 s more: `cold_crops` prints it)
                await asyncio.gather(*(service.cpu.run(warm_crop_scales, timeout=60) for _ in range(workers)))
            ready_at: dict[int, float] = {}

            async def send(destination, delivery):
                if delivery.png is not None and delivery.message.phase_id is not None:
                    ready_at.setdefault(delivery.game.id, time.perf_counter())
            clock = GameClock(service, send)          # as the bot runs it: woken by each change
            running = asyncio.create_task(clock.run())
            # the clock's first round works out the open phases' legal orders (IDLE work that on
            # Discord ends long before the turn's last /ready): done before the burst is timed
            await asyncio.sleep(0.05)
            while service.cpu.running or service.cpu.waiting:
                await asyncio.sleep(0.02)
            begin, cpu, own = time.perf_counter(), workers_cpu(service), time.process_time()
            await asyncio.gather(*(service.mark_ready(game_id, player, True, seat, confirm=True)
                                   for game_id, seat, player in waiting))
            adjudicated = time.perf_counter() - begin
            while len(ready_at) < len(waiting) and time.perf_counter() - begin < 60:
                await asyncio.sleep(0.01)
            own, cpu = time.process_time() - own, workers_cpu(service) - cpu
            spent = own + cpu
            running.cancel()
            took = max(ready_at.values(), default=begin) - begin
            print(f"    (the {games} adjudications took {adjudicated:.2f} s; until the last results message this "
                  f"process used {own:.2f} s of CPU and its workers {cpu:.2f} s, in {took:.2f} s: "
                  f"{spent / max(took, 1e-9) / workers:.0%} of {workers} core(s))")
            return [ready_at[game_id] - begin for game_id, _, _ in waiting if game_id in ready_at]
        finally:
            tasks = asyncio.all_tasks() - {asyncio.current_task()}
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)   # the clock stopped before the database closes
            outbox.prefetch_results, maps.draw_results = saved
            service.cpu.close()
            await db.close()


def workers_cpu(service: GameService) -> float:
    """CPU seconds the pool's worker processes have used so far (Linux: /proc)."""
    pool = getattr(service.cpu, "_pool", None)
    total = 0.0
    for pid in list(getattr(pool, "_processes", {}) or {}):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")    # utime + stime
    return total


async def _nothing(destination, delivery) -> None:
    return None


def board_alone(variant_key: str, stored_state, last_orders, label: str, palette: str):
    """In a worker: the results map without the crop of the turn's action (as it was drawn
    before the results map zoomed in on where the turn's action took place)."""
    return maps.draw_phase(variant_key, stored_state, last_orders, label, None, palette), None


def load() -> str:
    return "load {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


def positions(variant_key: str, games: int) -> list[tuple[dict, dict]]:
    """Positions like the bench games' after their turn: (state, the orders that made it)."""
    variant = get_variant(variant_key)
    rng = random.Random(5)
    found = []
    for n in range(games):
        state = variant.initial_state({}, random.Random(n))
        seat = variant.seats_to_act(state)[0]
        orders = {seat: RX07[seat].splitlines()} if variant_key == "rx07" else \
            {seat: accepted(state, seat, random_lines(state, seat, rng))}
        found.append((variant.adjudicate(state, orders, random.Random(n)).state, orders))
    return found


def cpu_per_map(variant_key: str, games: int) -> dict[str, float]:
    """CPU ms of one results map (the board, then its action crops), drawing and PNG encoding
    apart, the mean over `games` positions each drawn once (as a worker draws a turn's map), in
    this process with its static layers drawn (a warm worker's)."""
    import render.aa1914
    import render.diplomacy
    import render.png
    import render.regions
    from render.registry import focus_crops, render_map
    variant = get_variant(variant_key)
    encoded = [0.0]
    plain = render.png.encode

    def timed(image):
        begin = time.process_time()
        try:
            return plain(image)
        finally:
            encoded[0] += time.process_time() - begin
    *drawn, (state, orders) = positions(variant_key, games + 1)     # the last only warms: each measured one is new
    focus_crops(variant_key, state, orders, "warm", "standard")             # the static layers, once
    render_map(variant_key, state, orders, "warm", variant.describe(state))
    if variant_key == "aa1914":
        warm_crop_scales()
    modules = (render.aa1914, render.diplomacy, render.regions)
    for module in modules:
        module.encode = timed
    spent = {"board": 0.0, "board encode": 0.0, "crops": 0.0, "crops encode": 0.0, "count": 0.0}
    try:
        for state, orders in drawn:
            summary = variant.describe(state)
            for part, draw in (("board", lambda: render_map(variant_key, state, orders, "Bench: results", summary)),
                               ("crops", lambda: focus_crops(variant_key, state, orders, "Bench: results"))):
                encoded[0], begin = 0.0, time.process_time()
                made = draw()
                spent[part] += time.process_time() - begin - encoded[0]
                spent[part + " encode"] += encoded[0]
            spent["count"] += len(made)
    finally:
        for module in modules:
            module.encode = plain
    return {part: value / len(drawn) * (1 if part == "count" else 1000) for part, value in spent.items()}


def cold_crops() -> float:
    """CPU seconds a fresh worker spends drawing the A&A views at every crop scale, once (what
    its first crops at each scale pay)."""
    import subprocess
    code = ("import time; from render.aa1914 import warm_crop_scales; t = time.process_time(); "
            "warm_crop_scales(); print(time.process_time() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parent.parent)
    return float(out.stdout)


def crop_drawn_or_cut(variant_key: str) -> tuple[float, float]:
    """CPU ms of a crop of a busy part of the board drawn at its own scale (from the geometry,
    sharp) and cut from the results map already drawn and enlarged to the same size (blurred)."""
    import io

    from PIL import Image

    from render.focus import crop_zoom
    from render.png import encode
    from render.registry import focus_boxes, map_module, render_map, render_view
    variant = get_variant(variant_key)
    state = variant.initial_state({}, random.Random(1))
    seat = variant.seats_to_act(state)[0]
    orders = {seat: RX07[seat].splitlines()} if variant_key == "rx07" else \
        {seat: accepted(state, seat, random_lines(state, seat, random.Random(5)))}
    after = variant.adjudicate(state, orders, random.Random(2)).state
    full = render_map(variant_key, after, orders, "Bench", "")
    box = focus_boxes(variant_key, after, orders)[0]
    zoom = crop_zoom(box)
    render_view(variant_key, after, orders, "Bench", "", "standard", box, zoom, crop=True)
    begin = time.process_time()
    render_view(variant_key, after, orders, "Bench", "", "standard", box, zoom, crop=True)
    drawn = time.process_time() - begin
    begin = time.process_time()
    with Image.open(io.BytesIO(full)) as whole:
        part = whole.convert("RGB").crop(tuple(round(v) for v in box))
        part = part.resize((round(part.size[0] * zoom), round(part.size[1] * zoom)), Image.LANCZOS)
        encode(part)                        # as the drawn crop is encoded
    cut = time.process_time() - begin
    assert map_module(variant_key) is not None
    return drawn * 1000, cut * 1000


async def main(games: int, variants: list[str], goal_only: bool = False, repeat: int = 1) -> None:
    register_all()
    workers = ProcessPool().workers
    for variant_key in variants:
        cpu = cpu_per_map(variant_key, games)
        board, both = (cpu["board"] + cpu["board encode"]) / 1000, sum(v for k, v in cpu.items() if k != "count") / 1000
        print(f"{variant_key}: one results map costs {board * 1000:.0f} ms of CPU ({cpu['board']:.0f} drawing + "
              f"{cpu['board encode']:.0f} PNG encoding), {both * 1000:.0f} ms with its {cpu['count']:.1f} action "
              f"crop(s) ({cpu['crops']:.0f} + {cpu['crops encode']:.0f}) (mean of {games} positions): {games} of them "
              f"on {workers} idle cores ≥ {games * board / workers:.2f} s / {games * both / workers:.2f} s after the "
              f"adjudications ({load()})")
        drawn, cut = crop_drawn_or_cut(variant_key)
        print(f"{variant_key}: a crop drawn at its own scale {drawn:.0f} ms of CPU; cut from the drawn map and "
              f"enlarged {cut:.0f} ms, but blurred (names and icons enlarged pixels): drawn it is ({load()})")
        if variant_key == "aa1914":
            print(f"{variant_key}: a worker's first crops draw the views at each crop scale once: {cold_crops():.2f} s "
                  f"of CPU a worker (after a restart; the runs below start with warm workers) ({load()})")
        print(f"{variant_key}: {games} games' last /ready at once; when each results message was ready")
        runs = [("before: 1 worker, maps drawn in turn, no crop", (1, False, False)),
                (f"now: {workers} workers, maps started together, no crop", (workers, True, False))]
        runs = runs[len(runs) if goal_only else 0:] + [
            (f"now: {workers} workers, maps started together, with the action crops", (workers, True, True))] * repeat
        for label, args in runs:
            times = await one_run(variant_key, games, *args)
            print(f"  {label:<66} last {max(times):5.2f} s, median {statistics.median(times):5.2f} s "
                  f"({len(times)} maps; goal: last ≤ 1 s; {load()})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--variant", action="append", choices=("aa1914", "rx07"))
    parser.add_argument("--goal-only", action="store_true", help="only the runs with the crops (the goal's)")
    parser.add_argument("--repeat", type=int, default=1, help="runs with the crops, one after another")
    args = parser.parse_args()
    asyncio.run(main(args.games, args.variant or ["aa1914", "rx07"], args.goal_only, max(1, args.repeat)))
