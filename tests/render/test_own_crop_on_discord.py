"""A seat's private results carry a crop of its own orders: the turn card's **My results** answers
the presser alone with their part of the results and, under it, the map around their own orders
(through the strict fake Discord)."""
import io

from PIL import Image

from render.diplomacy import power_colours
from tests.discord_world import README_PERMISSIONS, first_movement_card, open_world


async def test_my_results_bring_the_crop_of_my_own_orders(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        entente_player, _ = world.players
        game_id, _, _, card = await first_movement_card(world, "A Bud - Ser\nA Vie - Gal", "F Bre - Mao")
        mine_id = next(c["custom_id"] for row in card["components"][0]["components"] if row["type"] == 1
                       for c in row["components"] if ":mine:" in c["custom_id"])
        mine = await world.harness.click(entente_player, card, mine_id)
        assert mine.ephemeral
        (name, data), = mine.files
        assert name == f"game-{game_id}-phase-1-entente.png"
        crop = Image.open(io.BytesIO(data)).convert("RGB")
        present = {colour for _, colour in crop.getcolors(1 << 18)}
        colours = power_colours("standard")
        assert colours["France"] in present                   # the fleet that sailed from Brest
        assert colours["Austria"] not in present              # the Balkans are not in the Entente's own crop
        assert not world.fake.refusals and not world.fake.violations
