"""Reports through the fake Discord with the README's permissions: a phase's results are posted
before the brief of the phase they produce (a retreat's, then the winter's), the retreat brief
carries its menu at once, and the brief starts with the reader's own results."""
from service.models import encode_state
from tests.fake_discord.components_v2 import v2_text
from tests.discord_world import README_PERMISSIONS, open_world, started_game


def _unit(kind, power, loc):
    return {"kind": kind, "power": power, "loc": loc}


async def test_results_before_the_briefs_they_produce_and_the_retreat_menu(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        entente_player, central_player = world.players[0], world.players[1]
        game_id = await started_game(world, "rx07", "Marne")
        phase = await service.phase(game_id)
        state = dict(phase.state)
        state["units"] = {"gal": _unit("A", "Russia", "gal"), "bud": _unit("A", "Austria", "bud"),
                          "vie": _unit("A", "Austria", "vie"), "mos": _unit("A", "Russia", "mos")}
        async with service.db.transaction() as conn:
            await conn.execute("UPDATE phases SET state=? WHERE id=?", (encode_state(state), phase.id))
        public = world.public_channel(game_id)
        entente, central = world.seat_channel(game_id, "Entente"), world.seat_channel(game_id, "Central")
        await world.harness.wait_message(entente, "has begun", timeout=10)
        marks = len(public.messages), len(entente.messages), len(central.messages)
        await world.say(central_player, central, "A Bud - Gal\nA Vie S A Bud - Gal")
        await world.slash(central_player, "ready", channel=central, confirm=True)
        await world.slash(entente_player, "ready", channel=entente, confirm=True)
        results = await world.harness.wait_message(public, "Fall 1914 Movement** adjudicated", after=marks[0],
                                                   timeout=10)
        brief = await world.harness.wait_message(entente, "Fall 1914 Retreat** has begun", after=marks[1],
                                                 timeout=10)
        assert int(results["id"]) < int(brief["id"])                  # results first
        idle = await world.harness.wait_message(central, "Nothing for Central to order in **Fall 1914 Retreat**",
                                                after=marks[2], timeout=10)
        assert int(results["id"]) < int(idle["id"]) and "<@" not in idle["content"]       # no ping
        assert idle["content"].startswith("Your results of **Fall 1914 Movement** (every power's are in the game "
                                          "channel):\n**Austria** (Central)\n✓ A Bud - Gal\n✓ A Vie S A Bud - Gal")
        assert "**Russia** (Entente)\n✗ A Gal H — dislodged by A Bud (Austria); may retreat to " in v2_text(results)
        assert brief["content"].split("\n")[1] == "**Russia** (Entente)"   # own results head the brief
        assert "Retreats, for example: `A Gal R " in brief["content"]
        menus = [c for row in brief.get("components", []) for c in row.get("components", []) if c.get("type") == 3]
        assert menus and any(o["value"].startswith("A Gal R ") for o in menus[0]["options"])
        # the retreat's results come before the winter brief they produce
        await world.say(entente_player, entente, "A Gal R Ukr")
        await world.slash(entente_player, "ready", channel=entente, confirm=True)
        retreat = await world.harness.wait_message(public, "Fall 1914 Retreat** adjudicated", timeout=10)
        winter = await world.harness.wait_message(central, "Winter 1914 Adjustment** has begun", after=marks[2],
                                                  timeout=10)
        assert int(retreat["id"]) < int(winter["id"])
        assert "✓ A Gal retreats to Ukr" in v2_text(retreat)
        assert "Adjustments, for example: `Build A " in winter["content"]
        assert not world.fake.refusals and not world.fake.violations
