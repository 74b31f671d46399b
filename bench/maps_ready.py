"""Eight turns resolving at once (issue 25 item 3: the last of 8 simultaneous maps ready ≤ 1 s
after its `/ready`).

Eight games, each with orders given, get their last `/ready` at the same moment; each adjudicates
and the clock delivers the results with the map (and the crop of the turn's action). Printed: when
the last results message was ready to post, measured from the `/ready`s — first as Dispatch drew
maps before (one worker, each map drawn when its message's turn came, no crop), then as now (a
worker per core, every turn's maps started together; with and without the crop).
Run: `.venv/bin/python bench/maps_ready.py [--games 8] [--variant aa1914|rx07]`.
"""
from __future__ import annotations

import argparse
import asyncio
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
from service.workers import ProcessPool  # noqa: E402
from tests.test_aa1914_random_play import accepted, random_lines  # noqa: E402

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
        saved = (outbox.prefetch_results, maps.focus_crop)
        if not ahead:
            outbox.prefetch_results = lambda service, messages: None
        if not crop:
            maps.focus_crop = lambda *args, **kwargs: None
        try:
            waiting = await ready_games(service, variant_key, games)
            await outbox.deliver_pending(service, _nothing)           # the starts, and warm workers
            # every worker warm (its caches of the board built), as after the bot's first maps
            await asyncio.gather(*(maps.results_maps(service, game_id, 0) for game_id, _, _ in waiting))
            ready_at: dict[int, float] = {}

            async def send(destination, delivery):
                if delivery.png is not None and delivery.message.phase_id is not None:
                    ready_at.setdefault(delivery.game.id, time.perf_counter())
            clock = GameClock(service, send)          # as the bot runs it: woken by each change
            running = asyncio.create_task(clock.run())
            await asyncio.sleep(0.05)
            begin = time.perf_counter()
            await asyncio.gather(*(service.mark_ready(game_id, player, True, seat, confirm=True)
                                   for game_id, seat, player in waiting))
            adjudicated = time.perf_counter() - begin
            while len(ready_at) < len(waiting) and time.perf_counter() - begin < 60:
                await asyncio.sleep(0.01)
            running.cancel()
            print(f"    (the {games} adjudications took {adjudicated:.2f} s)")
            return [ready_at[game_id] - begin for game_id, _, _ in waiting if game_id in ready_at]
        finally:
            for task in asyncio.all_tasks() - {asyncio.current_task()}:
                task.cancel()
            await asyncio.sleep(0)
            outbox.prefetch_results, maps.focus_crop = saved
            service.cpu.close()
            await db.close()


async def _nothing(destination, delivery) -> None:
    return None


async def main(games: int, variants: list[str]) -> None:
    workers = ProcessPool().workers
    for variant_key in variants:
        print(f"{variant_key}: {games} games' last /ready at once; when each results message was ready")
        for label, args in (("before: 1 worker, maps drawn in turn, no crop", (1, False, False)),
                            (f"now: {workers} workers, maps started together, no crop", (workers, True, False)),
                            (f"now: {workers} workers, maps started together, with the action crop",
                             (workers, True, True))):
            times = await one_run(variant_key, games, *args)
            print(f"  {label:<66} last {max(times):5.2f} s, median {statistics.median(times):5.2f} s "
                  f"({len(times)} maps; goal: last ≤ 1 s)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--variant", action="append", choices=("aa1914", "rx07"))
    args = parser.parse_args()
    asyncio.run(main(args.games, args.variant or ["aa1914", "rx07"]))
