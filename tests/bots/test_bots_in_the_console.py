"""Every bot action has its console twin — a solo rx07 game against the bot
(`game create rx07 bots:Central`), `hint`, `gm bot`, `gm policy … absent=`, and a variant
without a bot refusing them clearly."""
from console import Console
from engine.catalog import register_all


async def test_a_solo_game_against_the_bot_through_the_console(service, tmp_path):
    register_all()
    console = Console(service, tmp_path, write=lambda _: None)
    run = console.execute
    assert "Seats: Entente, 🤖 Central." in "\n".join(await run("game create rx07 bots:Central"))
    await run("game join 1 Entente")
    out = "\n".join(await run("game start 1"))
    assert "**#1 World War I Diplomacy (rx07)** has started" in out
    status = "\n".join(await run("game status 1 full"))
    assert "Central: 🤖 bot (normal)" in status and "Central ✅" in status     # its orders are in
    short = "\n".join(await run("game status 1"))
    assert "1 of 2 ready" in short and "Open for a substitute" not in short     # the bot plays it: not open
    hint = "\n".join(await run("hint 1"))
    assert "What the bot (normal) would order for **Entente**" in hint and " — " in hint
    hard = "\n".join(await run("hint 1 hard"))
    assert "What the bot (hard)" in hard
    out = "\n".join(await run("ready 1 confirm"))
    assert "the phase is adjudicated; now" in out
    assert "The bot (normal) ordered for **Central**, and why" in out       # its reasons, after the phase
    policy = "\n".join(await run("gm policy 1 absent=bot"))
    assert "played by the bot until a substitute joins" in policy


async def test_gm_bot_before_the_start_and_a_variant_without_a_bot(service, tmp_path):
    register_all()
    console = Console(service, tmp_path, write=lambda _: None)
    run = console.execute
    await run("game create rx07")
    await run("game join 1 Central")
    assert "🤖 A bot (easy) plays **Entente** in game #1" in "\n".join(await run("gm bot 1 Entente easy"))
    assert "**Entente** in game #1 waits for a person again" in "\n".join(await run("gm bot 1 Entente off"))
    await run("gm bot 1 Entente")
    assert "**Entente** in game #1 waits for a person again" in "\n".join(await run("gm bot 1 Entente None"))   # every off word
    assert "🤖 A bot (normal) plays **Entente**" in "\n".join(await run("gm bot 1 Entente"))
    assert "has started" in "\n".join(await run("game start 1"))
    await run("game create guess")
    refused = "\n".join(await run("gm bot 2 North"))
    assert "error: " in refused and "has no bot yet: a seat can only be played by a person" in refused
    refused = "\n".join(await run("game create guess bots:North"))
    assert "has no bot yet" in refused
    assert "`bot` or `hold`" in "\n".join(await run("gm policy 1 absent=sometimes"))


async def test_bot_seats_with_spaces_in_their_names_and_options_after_them(service, tmp_path):
    """README: "seats answer to their full names" — `British Empire` needs no quotes after
    `bots:`; the words after it belong to the seat list up to the next option."""
    register_all()
    console = Console(service, tmp_path, write=lambda _: None)
    out = "\n".join(await console.execute(
        "game create aa1914 name=Great bots:Germany,British Empire,United States naval_costs hours=24"))
    assert "🤖 British Empire" in out and "🤖 United States" in out and "🤖 Germany" in out, out
    game = await service.game(1)
    assert game.options["naval_costs"] is True and game.phase_hours == 24 and game.name == "Great"
