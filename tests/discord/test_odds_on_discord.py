"""`/odds` through the real bot on the fake Discord: a game's house rules, or the options named."""
import re

import pytest

from service.errors import BadInput
from service.odds import battle_odds
from tests.discord_world import README_PERMISSIONS, open_world, started_game


def test_odds_follow_the_house_rules_they_are_given():
    """Odds in a game use that game's rules. 2.8: "Armored Trains negate 2 hits on
    the defense" — two attacking infantry can never beat a defending train; 4.1 Fighting By Numbers:
    a side worth 20+ scores value/6 hits (here at least 6), so 20 infantry always beat one."""
    _, train = battle_odds("2 infantry vs 1 armored train", {"armored_trains": True})
    assert train.attacker_wins == 0 and train.trials
    _, base = battle_odds("20 infantry vs 1 infantry")
    _, by_numbers = battle_odds("20 infantry vs 1 infantry", {"fighting_by_numbers": True})
    assert 0 < base.defender_wins + base.undecided and by_numbers.attacker_wins == 1.0
    assert battle_odds("20 infantry vs 1 infantry", {"fighting_by_numbers": True})[1] == by_numbers   # seeded
    with pytest.raises(BadInput, match="option `armored_trains`"):
        battle_odds("2 infantry vs 1 armored train")
    with pytest.raises(BadInput, match="trucks take no part"):
        battle_odds("2 infantry, 1 truck vs 1 infantry", {"trucks": True})


async def test_odds_in_a_game_use_its_house_rules_and_outside_the_options_named(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "aa1914", "Iron Roads", options="armored_trains aerial_combat")
        public = world.public_channel(game_id)
        answer = await world.slash(alice, "odds", channel=public, battle="2 infantry vs 1 train")
        assert "attacker wins 0.0%" in answer.text, answer.text
        assert re.search(r"battles fought by the game's own combat rules: each chance within ±\d\.\d% at 95% "
                         r"confidence", answer.text), answer.text                # a simulated answer's bound
        assert f"game #{game_id}'s rules" in answer.text and "`armored_trains`" in answer.text
        named = await world.slash(alice, "odds", battle="20 inf vs 1 inf", options="fighting_by_numbers")
        assert "attacker wins 100.0%" in named.text and "`fighting_by_numbers`" in named.text
        assert "(worked out exactly)" in named.text
        wrong = await world.slash(alice, "odds", battle="1 inf vs 1 inf", options="flying_tanks")
        assert "unknown option" in wrong.text
        assert not world.fake.refusals
    assert not world.fake.violations


async def test_map_zooms_on_a_region_through_discord(service):
    """"`/map [phase] [region]` — a region crop (e.g. Western Front, Balkans, North Sea)
    at readable size for phones"."""
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Zoom")
        public = world.public_channel(game_id)
        choices = await world.harness.autocomplete(alice, public, "map", "region", "bal")
        assert [c["value"] for c in choices] == ["balkans"]
        zoomed = await world.slash(alice, "map", channel=public, region="Balkans")
        assert "— balkans" in zoomed.text, zoomed.text
        (name, data), = zoomed.files
        assert name.endswith("-balkans.png") and data.startswith(b"\x89PNG")
        replay = await world.slash(alice, "map", channel=public, replay=True)
        (name, data), (video, _) = replay.files          # the GIF, and the same as an MP4 video
        assert name.endswith("-replay.gif") and data.startswith(b"GIF8") and "one frame per phase" in replay.text
        assert video.endswith("-replay.mp4")
        wrong = await world.slash(alice, "map", channel=public, region="atlantis")
        assert "no region `atlantis`" in wrong.text and "`western front`" in wrong.text
        assert not world.fake.refusals
    assert not world.fake.violations


async def test_a_player_chooses_colour_blind_maps_and_the_server_its_default(service):
    """"Colour-blind palette as a per-player preference, used for maps sent to that player
    (ephemeral or DM) and as a server default for public maps"."""
    import io

    from PIL import Image

    from render.diplomacy import _unit_point, power_colours
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice, bob = world.players
        game_id = await started_game(world, "rx07", "Colours")
        public = world.public_channel(game_id)
        berlin = _unit_point("ber")

        def colour_at_berlin(interaction):
            (_, data), = interaction.files
            image = Image.open(io.BytesIO(data)).convert("RGB")
            x, y = (int(v) for v in berlin)
            return list(image.crop((x - 8, y - 8, x + 8, y + 8)).getdata())

        chosen = await world.slash(alice, "palette", palette="colour-blind")
        assert "colour-blind" in chosen.text and chosen.ephemeral
        mine = await world.slash(alice, "map", channel=public)
        assert mine.ephemeral and power_colours("colour-blind")["Germany"] in colour_at_berlin(mine)
        theirs = await world.slash(bob, "map", channel=public)
        assert not theirs.ephemeral and power_colours("standard")["Germany"] in colour_at_berlin(theirs)
        denied = await world.slash(bob, "game settings", palette="colour-blind")
        assert "administrator" in denied.text
        changed = await world.slash(world.owner, "game settings", palette="colour-blind")
        assert "colour-blind palette" in changed.text, changed.text
        public_now = await world.slash(bob, "map", channel=public)
        assert power_colours("colour-blind")["Germany"] in colour_at_berlin(public_now)
        assert not world.fake.refusals
    assert not world.fake.violations


async def test_preview_draws_my_orders_for_me_alone(service):
    """"`/map preview` draws your own current orders on the current board,
    visible only to you"."""
    import io

    from PIL import Image

    from render.diplomacy import _unit_point
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice, bob = world.players
        game_id = await started_game(world, "rx07", "Preview")
        entente = world.seat_channel(game_id, "Entente")
        public = world.public_channel(game_id)
        await world.say(alice, entente, "A Par - Bur")
        def for_everyone():
            return [m for m in public.messages if m.get("_visible_to") is None]
        marker = len(for_everyone())
        shown = await world.slash(alice, "map", channel=public, preview=True)
        assert shown.ephemeral and "your orders as they stand" in shown.text, shown.text
        (name, data), = shown.files
        assert name.endswith("-preview.png")
        image = Image.open(io.BytesIO(data)).convert("RGB")
        (px, py), (bx, by) = _unit_point("par"), _unit_point("bur")
        middle = image.crop((int((px + bx) / 2) - 4, int((py + by) / 2) - 4, int((px + bx) / 2) + 4,
                             int((py + by) / 2) + 4))
        from render.diplomacy import power_colours
        assert power_colours("standard")["France"] in list(middle.getdata())   # the move's arrow, France's colour
        theirs = await world.slash(bob, "map", channel=public, preview=True)
        (_, bob_png), = theirs.files
        assert theirs.ephemeral and bob_png != data              # Bob's preview has none of Alice's orders
        assert len(for_everyone()) == marker                     # nothing was posted for everyone
        assert not world.fake.refusals
    assert not world.fake.violations
