"""Crops and replays through the real bot on the fake Discord: the results of a turn come with the
crop of where its action was, and `/map replay` posts frames with the turn's orders."""
import io

from PIL import Image

from render.diplomacy import place_point, power_colours
from tests.discord_world import README_PERMISSIONS, open_world, started_game


async def test_the_results_are_posted_with_the_crop_of_the_turns_action_and_the_replay_shows_it(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice, bob = world.players
        game_id = await started_game(world, "rx07", "Focus")
        public = world.public_channel(game_id)
        entente, central = world.seat_channel(game_id, "Entente"), world.seat_channel(game_id, "Central")
        await world.say(alice, entente, "A Par - Bur")
        await world.say(bob, central, "A Mun - Bur\nA Ber - Kie")
        await world.slash(alice, "ready", channel=entente, confirm=True)
        marker = len(public.messages)
        await world.slash(bob, "ready", channel=central, confirm=True)
        result = await world.harness.wait_message(public, "adjudicated", after=marker, timeout=10)
        names = [a["filename"] for a in result["attachments"]]
        assert names == [f"game-{game_id}-phase-1.png", f"game-{game_id}-phase-1-action.png"]
        crop = Image.open(io.BytesIO(dict(result["_files"])[names[1]])).convert("RGB")
        assert crop.size[0] >= 900
        present = {colour for _, colour in crop.getcolors(1 << 18)}
        assert power_colours("standard")["Germany"] in present and power_colours("standard")["France"] in present

        replay = await world.slash(alice, "map", channel=public, replay=True)
        files = dict(replay.files)
        # the GIF, and the same as an H.264 video for phones where a GIF does not play
        assert list(files) == [f"game-{game_id}-replay.gif", f"game-{game_id}-replay.mp4"]
        assert "the orders that made it" in replay.text and "video" in replay.text
        assert files[f"game-{game_id}-replay.mp4"][4:8] == b"ftyp"
        gif = Image.open(io.BytesIO(files[f"game-{game_id}-replay.gif"]))
        assert gif.n_frames == 2
        gif.seek(1)
        frame = gif.convert("RGB")
        (x0, y0), (x1, y1) = place_point("mun"), place_point("bur")
        x, y = int((x0 + x1) / 2), int((y0 + y1) / 2)
        around = list(frame.crop((x - 4, y - 4, x + 4, y + 4)).getdata())
        assert power_colours("standard")["Germany"] in around          # the move's arrow, in its colour
        assert not world.fake.refusals
    assert not world.fake.violations
