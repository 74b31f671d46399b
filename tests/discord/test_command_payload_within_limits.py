"""The problem found: "The /game command payload is 3,882 of Discord's 4,000 characters: past the
limit the whole command sync is refused and the bot has no slash commands. Split the group."

Discord (Application Commands → Registering a Command, limits): "the combined sum of characters
in name, description, and value properties of a command, its options (including subcommands
and groups) and choices" may be at most 4,000. Every top-level command, as the bot synced it to
the fake Discord, is measured that way and must leave a margin: at most 3,600.
"""
from tests.discord_world import README_PERMISSIONS, open_world

MARGIN = 3600


def discord_characters(node: dict) -> int:
    """Characters Discord counts towards the 4,000 limit, as its documentation defines them."""
    total = len(str(node.get("name", ""))) + len(str(node.get("description", "")))
    if "value" in node:
        total += len(str(node["value"]))
    for key in ("name_localizations", "description_localizations"):
        total += sum(len(v) for v in (node.get(key) or {}).values())
    for child in (node.get("options") or []) + (node.get("choices") or []):
        total += discord_characters(child)
    return total


async def test_every_command_stays_well_under_discords_size_limit(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        synced = world.fake.commands.get(None) or []
        sizes = {c["name"]: discord_characters(c) for c in synced}
        assert {"game", "gm", "orders", "vote", "press"} <= set(sizes), sorted(sizes)
        over = {name: size for name, size in sizes.items() if size > MARGIN}
        assert not over, f"commands over {MARGIN} of Discord's 4,000 characters: {over}"
        gm = next(c for c in synced if c["name"] == "gm")
        assert {o["name"] for o in gm["options"]} == {"pause", "resume", "extend", "adjudicate", "rollback",
                                                      "abandon", "end", "assign", "advertise", "policy", "bot"}
        game = next(c for c in synced if c["name"] == "game")
        assert not {o["name"] for o in game["options"]} & {o["name"] for o in gm["options"]}


async def test_gm_commands_answer_through_the_fake_discord(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        created = await world.slash(alice, "game create", variant="guess", name="Split", options="players=2")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        for player in world.players:
            await world.slash(player, "game join", game_id=game_id)
        await world.slash(alice, "game start", game_id=game_id)
        paused = await world.slash(alice, "gm pause", game_id=game_id)
        assert f"`/gm resume {game_id}` restarts the clock" in paused.text, paused.text
        resumed = await world.slash(alice, "gm resume", game_id=game_id)
        assert "resumes" in resumed.text, resumed.text
        assert not world.fake.refusals, world.fake.refusals


async def test_the_console_takes_the_gm_words_and_still_the_old_ones(service):
    from console import Console
    from engine.catalog import register_all
    register_all()
    console = Console(service, write=lambda _: None)
    await console.execute("as alice")
    game_id = int((await console.execute("game create rx07 name=Words"))[0].split("#")[1].split()[0])
    await console.execute(f"game join {game_id} Entente")
    await console.execute("as bob")
    await console.execute(f"game join {game_id} Central")
    await console.execute("as alice")
    await console.execute(f"game start {game_id}")
    assert "paused" in (await console.execute(f"gm pause {game_id}"))[0]
    assert (await service.game(game_id)).status == "paused"
    await console.execute(f"game resume {game_id}")              # the old words work too
    assert (await service.game(game_id)).status == "active"
    assert "gm rollback" in (await console.execute("help rollback"))[0]
