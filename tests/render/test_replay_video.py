"""`/map replay` plays on every phone: each part also as an H.264 MP4 (Data Saver and autoplay-off
phones do not play a GIF), or a still of its last frame where no video can be made; frames long
enough to read (2.5 s, the last 5 s); every file under the upload limit, the replay drawn smaller
or in fewer colours, or in more parts, rather than refused; all of it encoded in the worker pool."""
import io
import random

import pytest
from PIL import Image

from engine.catalog import register_all
from engine.diplomacy.rx07 import Rx07Variant
from render import replay, video
from tests.conftest import ALICE, BOB, GUILD

V = Rx07Variant()
ORDERS = {"Central": ["A Mun - Bur", "A Ber S A Mun - Bur", "F Kie - Hel"], "Entente": ["A Par - Pic", "F Lon - Nth"]}


def frames(count: int):
    register_all()
    state = V.initial_state({}, random.Random(1))
    after = V.adjudicate(state, ORDERS, random.Random(2)).state
    return [(after if n % 2 else state, ORDERS if n % 2 else None, f"phase {n}", V.describe(state))
            for n in range(count)]


def images(chosen):
    for state, orders, label, summary in chosen:
        yield replay.frame_image("rx07", state, orders, label, summary)


def mp4_seconds(data: bytes) -> float:
    import tempfile

    import imageio_ffmpeg
    with tempfile.NamedTemporaryFile(suffix=".mp4") as file:
        file.write(data)
        file.flush()
        return imageio_ffmpeg.count_frames_and_secs(file.name)[1]


def test_frames_last_long_enough_to_read():
    assert replay.durations(0, 4, 4) == [2500, 2500, 2500, 5000]
    assert min(replay.durations(0, 3, 10)) >= 2500


def test_a_run_is_a_gif_and_an_h264_video_of_the_same_frames_and_length():
    chosen = frames(3)
    first = replay.frame_image("rx07", *chosen[0][:2], chosen[0][2], chosen[0][3])
    colours = replay.fixed_palette(first, "rx07")
    run = replay.encode_run(images(chosen), colours, replay.durations(0, 3, 3))
    gif = Image.open(io.BytesIO(replay.gif_file(run.size, colours, list(run.blocks))))
    shown = []
    for index in range(gif.n_frames):
        gif.seek(index)
        shown.append(gif.info["duration"])
    assert shown == [2500, 2500, 5000]
    assert run.video is not None and run.video[4:8] == b"ftyp" and run.still is None
    assert mp4_seconds(run.video) == pytest.approx(10.0, abs=0.5)
    joined = video.join_mp4([run.video, run.video])
    assert mp4_seconds(joined) == pytest.approx(20.0, abs=0.5)


def test_without_an_encoder_a_run_brings_a_still_of_its_last_frame(monkeypatch):
    monkeypatch.setattr(video, "encoder", lambda: None)
    chosen = frames(2)
    first = replay.frame_image("rx07", *chosen[0][:2], chosen[0][2], chosen[0][3])
    run = replay.encode_run(images(chosen), replay.fixed_palette(first, "rx07"), replay.durations(0, 2, 2))
    assert run.video is None
    still = Image.open(io.BytesIO(run.still))
    assert still.format == "PNG" and still.size == run.size
    with pytest.raises(video.VideoError, match="no video encoder"):
        video.encode_mp4(iter([first]), [2500], first.size)


def test_a_run_too_large_for_the_limit_is_drawn_smaller_and_in_fewer_colours():
    chosen = frames(2)
    first = replay.frame_image("rx07", *chosen[0][:2], chosen[0][2], chosen[0][3])
    colours = replay.fixed_palette(first, "rx07")
    whole = replay.encode_run(images(chosen), colours, replay.durations(0, 2, 2), level=0)
    smaller = replay.encode_run(images(chosen), colours, replay.durations(0, 2, 2), level=3)
    assert smaller.size[0] < whole.size[0] and smaller.gif_bytes < whole.gif_bytes
    assert len(smaller.video) < len(whole.video)
    budget = whole.gif_bytes - 1
    assert replay.too_large([whole], budget) and not replay.too_large([smaller], budget)
    assert replay.group_runs([smaller, smaller, smaller], 2 * smaller.gif_bytes + 2048) == [[0, 1], [2]]


# ---------------------------------------------------------------- through the service
async def played(service, phases: int):
    register_all()
    game = await service.create_game(GUILD, ALICE, "rx07", name="Great War")
    await service.join(game.id, ALICE, "Entente")
    await service.join(game.id, BOB, "Central")
    game = await service.start(game.id, ALICE)
    await service.submit_orders(game.id, BOB, "A Mun - Bur")
    for _ in range(phases):
        await service.adjudicate(game.id)
    return game


async def test_every_part_of_a_replay_is_under_the_upload_limit_with_its_video(service, monkeypatch):
    from service import maps
    from service.replays import replay_parts
    game = await played(service, 5)
    monkeypatch.setattr(maps, "REPLAY_RUN", 2)
    import service.replays as replays
    monkeypatch.setattr(replays, "REPLAY_RUN", 2)
    whole = await replay_parts(service, game.id)
    assert len(whole) == 1
    assert [name for _, name in whole[0].files] == [f"game-{game.id}-replay.gif", f"game-{game.id}-replay.mp4"]
    biggest = max(len(data) for data, _ in whole[0].files)
    limit = biggest // 2
    parts = await replay_parts(service, game.id, upload_limit=limit)
    assert len(parts) > 1 or parts[0].files[0][0] != whole[0].files[0][0]      # more parts, or drawn smaller
    frames_in = 0
    for part in parts:
        for data, name in part.files:
            assert len(data) <= replay.budget_for(limit), name
        gif = Image.open(io.BytesIO(part.files[0][0]))
        frames_in += gif.n_frames
        assert part.files[1][1].endswith(".mp4")
    assert frames_in == 6                       # no phase left out


async def test_the_replay_is_encoded_in_the_worker_pool(service):
    from service.replays import replay_parts
    game = await played(service, 2)
    ran = []

    class Recording:
        async def run(self, fn, *args, timeout=0, priority=0, refusable=True):
            ran.append(fn.__name__)
            return fn(*args)
    service.cpu = Recording()
    parts = await replay_parts(service, game.id)
    # the palette, the runs of frames (drawn and encoded) and the joining of the video: all in the pool
    assert parts and set(ran) == {"replay_colours", "replay_run", "joined_video"}
