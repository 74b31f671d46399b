"""Replay frames that tell each turn in the powers' own
colours, crops a phone can read, `/history` reading one phase, and the worker pool's queue."""
import asyncio
import io
import random
import threading

import pytest
from PIL import Image, ImageDraw

from engine.catalog import register_all
from engine.diplomacy.rx07 import Rx07Variant
from render import replay
from render.diplomacy import place_point, power_colours
from render.focus import Action, theatres, turn_actions
from render.regions import cut_out, wrap
from tests.conftest import ALICE, BOB, GUILD

V = Rx07Variant()
ORDERS = {"Central": ["A Mun - Bur", "A Ber S A Mun - Bur", "F Kie - Hel", "A Vie - Tyr"],
          "Entente": ["A Par - Pic", "F Lon - Nth", "A War - Ukr", "F Sev - Bla"]}


def frames_of(gif: bytes) -> list[Image.Image]:
    """Every frame of a GIF as shown (each later frame drawn over the one before)."""
    image = Image.open(io.BytesIO(gif))
    out = []
    for index in range(image.n_frames):
        image.seek(index)
        out.append(image.convert("RGB"))
    return out


def near(image: Image.Image, point, radius: int = 4) -> list[tuple[int, int, int]]:
    x, y = (int(v) for v in point)
    return list(image.crop((x - radius, y - radius, x + radius, y + radius)).getdata())


def test_replay_frames_show_each_turns_orders_in_every_powers_own_colour():
    register_all()
    state = V.initial_state({}, random.Random(1))
    after = V.adjudicate(state, ORDERS, random.Random(2)).state
    frames = [(state, None, "start", V.describe(state)), (after, ORDERS, "orders → Spring", V.describe(after)),
              (after, None, "Spring", V.describe(after))]
    parts = replay.render_replay("rx07", frames)
    assert len(parts) == 1
    shown = frames_of(parts[0])
    assert len(shown) == 3
    colours = power_colours("standard")
    for frame in shown:
        present = {colour for _, colour in frame.getcolors(1 << 16)}
        assert set(colours.values()) <= present           # every power in its true colour
    # the move Mun - Bur is drawn in the frame of its orders, in Germany's colour, and not after
    (x0, y0), (x1, y1) = place_point("mun"), place_point("bur")
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    assert colours["Germany"] in near(shown[1], middle)
    assert colours["Germany"] not in near(shown[2], middle)
    assert colours["Germany"] not in near(shown[0], middle)


def test_the_fixed_palette_holds_every_power_colour_exactly_in_both_palettes():
    state = V.initial_state({}, random.Random(1))
    for palette in ("standard", "colour-blind"):
        first = replay.frame_image("rx07", state, None, "start", V.describe(state), palette)
        colours = replay.fixed_palette(first, "rx07", palette)
        table = {tuple(colours[i:i + 3]) for i in range(0, 768, 3)}
        assert len(colours) == 768
        assert set(power_colours(palette).values()) <= table


def test_a_long_replay_comes_in_parts_each_under_the_budget_and_starting_whole(monkeypatch):
    state = V.initial_state({}, random.Random(1))
    after = V.adjudicate(state, ORDERS, random.Random(2)).state
    frames = [(state if n % 2 == 0 else after, ORDERS if n % 2 else None, f"phase {n}", "") for n in range(6)]
    whole = replay.render_replay("rx07", frames, run=2)
    assert len(whole) == 1 and Image.open(io.BytesIO(whole[0])).n_frames == 6
    budget = max(len(part) for part in whole) // 2
    monkeypatch.setattr(replay, "UPLOAD_BUDGET", budget)
    parts = replay.render_replay("rx07", frames, run=2)
    assert len(parts) > 1
    assert sum(Image.open(io.BytesIO(p)).n_frames for p in parts) == 6
    first_frames = [frames_of(p)[0] for p in parts]
    for part, first in zip(parts, first_frames):
        assert len(part) <= budget or Image.open(io.BytesIO(part)).n_frames == 2    # one run alone
        # a part opens on a whole map, not on the rectangle that changed
        assert first.getbbox() is not None and len(first.getcolors(1 << 16)) > 20
    # the same frame looks the same whichever part it opens or continues
    later = frames_of(whole[0])[2]
    assert list(later.getdata()) == list(first_frames[1].getdata())


def test_a_turns_action_is_found_where_its_orders_and_losses_are():
    import render.diplomacy as board
    state = V.adjudicate(V.initial_state({}, random.Random(1)), ORDERS, random.Random(2)).state
    points = [p for action in turn_actions(board, state, ORDERS) for p in action.points]

    def near(place):
        x, y = place_point(place)
        return any(abs(px - x) < 20 and abs(py - y) < 20 for px, py in points)
    assert near("bur") and near("ukr") and near("bla") and near("mun")
    boxes = theatres(turn_actions(board, state, ORDERS), board.board_size())
    for box in boxes:
        assert box[2] - box[0] <= 1200 and box[3] - box[1] <= 900
    # every action whole in one of them
    for action in turn_actions(board, state, ORDERS):
        assert any(all(b[0] <= x <= b[2] and b[1] <= y <= b[3] for x, y in action.points) for b in boxes)
    assert theatres([], board.board_size()) == []


def test_a_cut_out_crop_has_its_title_and_legend_inside():
    import render.diplomacy as board
    state = V.initial_state({}, random.Random(1))
    scale = 2.0
    png = board.render_diplomacy(state, ORDERS, "", "", "standard", scale=scale)
    title = "A very long game name: Spring 1914 Movement orders → Fall 1914 Movement — where the action was"
    out = Image.open(io.BytesIO(cut_out(png, (300, 400, 700, 700), scale, title, board))).convert("RGB")
    assert out.size[0] == 800 and out.size[1] > 600 + 60
    probe = ImageDraw.Draw(out)
    from render.fonts import font
    lines = wrap(probe, title, font(24), 800 - 24)
    assert len(lines) >= 2 and all(probe.textlength(line, font=font(24)) <= 776 for line in lines)
    panel = out.crop((0, 600, 800, out.size[1]))
    # the legend swatches: every power's colour is in the panel under the crop
    present = {colour for _, colour in panel.getcolors(1 << 16)}
    assert set(power_colours("standard").values()) <= present


@pytest.mark.parametrize("variant_key, region", [("rx07", "balkans"), ("aa1914", "western front")])
def test_a_region_is_drawn_at_its_own_scale_with_its_title_and_legend_below(variant_key, region):
    from engine.variant import get_variant
    from render.regions import region_box, zoom_for
    from render.registry import map_module, render_map
    register_all()
    variant = get_variant(variant_key)
    state = variant.initial_state({}, random.Random(1))
    module = map_module(variant_key)
    label = "A game with a rather long name: Spring 1914 Movement orders → Fall 1914 Movement"
    image = Image.open(io.BytesIO(render_map(variant_key, state, None, label, variant.describe(state), region)))
    image = image.convert("RGB")
    box = region_box(module, variant_key, region)
    zoom = zoom_for(box)
    assert zoom > 1.5                                   # drawn larger from the geometry, not enlarged
    assert abs(image.size[0] - (box[2] - box[0]) * zoom) <= 2
    board_height = round((box[3] - box[1]) * zoom)
    panel = image.crop((0, board_height + 2, image.size[0], image.size[1]))
    assert panel.size[1] > 100                          # the title and the legend, inside the picture
    present = {colour for _, colour in panel.getcolors(1 << 18)}
    seats = {power: colour for power, colour in module.power_colours("standard").items()
             if power in variant.describe(state)}
    assert len(seats) >= 7 and set(seats.values()) <= present            # the powers' key
    # nothing of the panel's text runs off the right edge: the last columns are background
    edge = image.crop((image.size[0] - 3, board_height + 2, image.size[0], image.size[1]))
    assert len(edge.getcolors(1 << 10)) <= 4


# ---------------------------------------------------------------- service
async def start_rx07(service):
    register_all()
    game = await service.create_game(GUILD, ALICE, "rx07", name="Great War")
    await service.join(game.id, ALICE, "Entente")
    await service.join(game.id, BOB, "Central")
    return await service.start(game.id, ALICE)


async def test_history_of_one_phase_decodes_that_phase_alone(service, monkeypatch):
    import service.models as models
    from service.history import history_text, phase_choices
    game = await start_rx07(service)
    for _ in range(3):
        await service.adjudicate(game.id)
    decoded = []
    real = models.decode_state
    monkeypatch.setattr(models, "decode_state", lambda stored: decoded.append(1) or real(stored))
    text, seq = await history_text(service, game.id, 1)
    assert seq == 1 and "what came of them" in text
    assert len(decoded) == 1
    decoded.clear()
    assert [s for _, s in await phase_choices(service, game.id, "")] == [2, 1, 0]
    assert decoded == []


async def test_a_maps_position_is_decoded_in_the_worker_not_on_the_loop(service, monkeypatch):
    import service.models as models
    from service.maps import phase_map
    game = await start_rx07(service)
    await service.submit_orders(game.id, BOB, "A Mun - Bur")
    await service.adjudicate(game.id)
    on_loop = []
    real = models.decode_state

    def watch(stored):
        try:
            asyncio.get_running_loop()
            on_loop.append(1)
        except RuntimeError:
            pass
        return real(stored)
    monkeypatch.setattr(models, "decode_state", watch)

    from service.workers import ProcessPool
    service.cpu = ProcessPool(threads=True)
    try:
        png, name = await phase_map(service, game.id, 1)
    finally:
        service.cpu.close()
    assert png.startswith(b"\x89PNG") and name == f"game-{game.id}-phase-1.png"
    assert on_loop == []


async def test_the_results_come_with_the_crop_of_the_turns_action(service):
    from service.delivery import deliver_pending
    game = await start_rx07(service)
    await drain_messages(service)
    await service.submit_orders(game.id, BOB, "A Mun - Bur\nA Ber S A Mun - Bur")
    await service.submit_orders(game.id, ALICE, "A Par - Bur")
    await service.adjudicate(game.id)
    sent = []

    async def send(destination, delivery):
        sent.append((destination, delivery))
    await deliver_pending(service, send, console=False)
    results = [d for _, d in sent if d.message.phase_id is not None]
    assert len(results) == 1
    delivery = results[0]
    assert delivery.filename == f"game-{game.id}-phase-1.png"
    assert [name for _, name in delivery.extras] == [f"game-{game.id}-phase-1-action.png"]
    crop = Image.open(io.BytesIO(delivery.extras[0][0])).convert("RGB")
    assert crop.size[0] >= 900
    # Burgundy, where the armies met, is in the crop: both attackers' colours are there
    colours = power_colours("standard")
    present = {colour for _, colour in crop.getcolors(1 << 18)}
    assert colours["Germany"] in present and colours["France"] in present


async def drain_messages(service):
    from service.delivery import deliver_pending

    async def send(destination, delivery):
        pass
    await deliver_pending(service, send, console=False)


async def test_the_replay_of_a_game_through_the_service_draws_every_phase(service):
    from service.maps import replay_gif
    game = await start_rx07(service)
    await service.submit_orders(game.id, BOB, "A Mun - Bur")
    await service.adjudicate(game.id)
    await service.adjudicate(game.id)
    parts = await replay_gif(service, game.id)
    assert [name for _, name in parts] == [f"game-{game.id}-replay.gif"]
    assert Image.open(io.BytesIO(parts[0][0])).n_frames == 3


# ---------------------------------------------------------------- workers
def test_the_pool_has_a_worker_for_each_core_it_may_use():
    import os

    from service.workers import ProcessPool
    assert ProcessPool().workers == len(os.sched_getaffinity(0))
    assert ProcessPool(workers=3).workers == 3


async def test_waiting_jobs_go_by_priority_and_too_many_are_refused():
    from service.workers import BACKGROUND, URGENT, Busy, ProcessPool
    pool = ProcessPool(workers=1, threads=True, max_waiting=2)
    gate = threading.Event()
    order = []
    try:
        first = asyncio.ensure_future(pool.run(gate.wait, 30, timeout=30))
        while pool._running == 0:       # noqa: SLF001 - the worker has taken the first job
            await asyncio.sleep(0)
        late = asyncio.ensure_future(pool.run(order.append, "replay frames", timeout=30, priority=BACKGROUND))
        await asyncio.sleep(0)
        urgent = asyncio.ensure_future(pool.run(order.append, "map after a turn", timeout=30, priority=URGENT))
        await asyncio.sleep(0)
        assert pool.waiting == 2
        with pytest.raises(Busy, match="waiting"):
            await pool.run(order.append, "one too many", timeout=30)
        gate.set()
        await asyncio.gather(first, late, urgent)
        assert order == ["map after a turn", "replay frames"]
        assert pool.waiting == 0
    finally:
        gate.set()
        pool.close()


# ---------------------------------------------------------------- any text
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


ANY_ORDERS = st.dictionaries(st.text(max_size=12), st.lists(st.text(max_size=60), max_size=6), max_size=4)


def _actions_on_the_board(module, state, orders) -> None:
    actions = turn_actions(module, state, orders)
    width, height = module.board_size()
    assert all(isinstance(a, Action) for a in actions)
    assert all(0 <= x <= width and 0 <= y <= height for a in actions for x, y in a.points)
    for box in theatres(actions, (width, height)):
        assert 0 <= box[0] < box[2] <= width and 0 <= box[1] < box[3] <= height


@settings(max_examples=150, deadline=None)
@given(ANY_ORDERS, st.dictionaries(st.text(max_size=6), st.fixed_dictionaries({"unit": st.dictionaries(
    st.sampled_from(["loc", "kind"]), st.text(max_size=8))}), max_size=3))
def test_any_orders_and_any_losses_give_points_on_the_board_or_none(orders, dislodged):
    """Whatever a stored sheet or state holds, finding the turn's action never fails, and every
    point it finds is on the board."""
    import render.diplomacy as board
    state = {**V.initial_state({}, random.Random(1)), "dislodged": dislodged,
             "eliminated": [{"unit": {"loc": "xyz"}}, 7]}
    _actions_on_the_board(board, state, orders)


@settings(max_examples=30, deadline=None)
@given(ANY_ORDERS)
def test_any_aa_orders_give_points_on_the_board_or_none(orders):
    import render.aa1914 as theatre
    from engine.aa1914.variant import AA1914Variant
    register_all()
    state = {**AA1914Variant().initial_state({}, random.Random(1)), "destroyed": [{"where": "Berlin"}, 7]}
    _actions_on_the_board(theatre, state, orders)


async def test_a_reader_with_their_own_palette_gets_the_action_crop_in_it_too(service):
    from service.delivery import Destination, for_reader, prepare
    game = await start_rx07(service)
    await drain_messages(service)
    await service.submit_orders(game.id, BOB, "A Mun - Bur\nA Ber - Kie")
    await service.adjudicate(game.id)
    await service.set_palette(ALICE.user_id, "colour-blind")
    message = next(m for m in await service.pending_messages(200) if m.phase_id is not None)
    delivery = await prepare(service, message)
    mine = await for_reader(service, delivery, Destination("user", ALICE.user_id, "", True, None))
    assert [name for _, name in mine.extras] == [name for _, name in delivery.extras] != []

    def colours(png):
        return {colour for _, colour in Image.open(io.BytesIO(png)).convert("RGB").getcolors(1 << 18)}
    assert power_colours("colour-blind")["Germany"] in colours(mine.extras[0][0])
    assert power_colours("standard")["Germany"] in colours(delivery.extras[0][0])
