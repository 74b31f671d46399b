"""Read on a phone: `/game status` is at most 12 lines (`full:True` has the rest) and names a seat
the bot plays as open only once the GM offered it, as `/game seats` and `/gm advertise` do;
`/history` groups each power's orders with their results, the reader's own first; an A&A phase
is one power's turn: that power's orders, then what came of them."""
import re

from console import Console
from engine.catalog import register_all
from service.commands.status import SHORT_LINES
from tests.discord_world import README_PERMISSIONS, open_world, started_game

register_all()

AA_POWERS = ("Austria-Hungary", "Germany", "Russia", "France", "British Empire", "Italy", "Ottoman Empire",
             "United States")


async def test_status_fits_a_phone_and_a_bot_seat_is_open_once_offered(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        created = await world.slash(alice, "game create", variant="rx07", name="Solo", bots="Central")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        await world.slash(alice, "game join", game_id=game_id, seat="Entente")
        await world.slash(alice, "game start", game_id=game_id)
        entente = world.seat_channel(game_id, "Entente")
        await world.harness.settle()

        status = await world.slash(alice, "game status", channel=entente)
        lines = status.text.splitlines()
        assert status.ephemeral and len(lines) <= SHORT_LINES, status.text
        assert lines[0] == f"**#{game_id} Solo** · **Fall 1914 Movement**"
        assert "1 of 2 ready" in lines[1] and "You: **Entente** ⏳ not ready" in status.text
        assert "Entente 10 · Central 9 · Italy 3" in lines and "Open for a substitute" not in status.text
        assert lines[-1] == f"More: `/game status game_id:{game_id} full:True`"
        full = await world.slash(alice, "game status", channel=entente, full=True)
        assert "Central: 🤖 bot (normal)" in full.text and "No-shows:" in full.text
        refused = await world.slash(alice, "gm advertise", game_id=game_id)
        assert "no seat open" in refused.text

        offered = await world.slash(alice, "gm advertise", game_id=game_id, seat="Central")
        assert "played by a bot until a person takes it" in offered.text, offered.text
        status = await world.slash(alice, "game status", channel=entente)
        seats = await world.slash(bob, "game seats", game_id=game_id)
        assert "🪑 Open for a substitute: Central" in status.text and len(status.text.splitlines()) <= SHORT_LINES
        assert "Open for a substitute: Central" in seats.text
        assert not world.fake.refusals and not world.fake.violations


async def test_history_groups_orders_by_power_the_readers_first(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        game_id = await started_game(world, "rx07", "Chronicle")
        entente, central = world.seat_channel(game_id, "Entente"), world.seat_channel(game_id, "Central")
        public = world.public_channel(game_id)
        await world.slash(alice, "orders", channel=entente, text="A Par - Bur\nA Mar S A Par - Bur\nF Lon - Nth")
        await world.slash(alice, "ready", channel=entente, confirm=True)
        await world.slash(bob, "ready", channel=central, confirm=True)
        told = await world.slash(bob, "history", channel=public, game_id=game_id)
        text = told.text
        # Bob plays Central: its powers first; each power's orders with their outcome, once
        headers = re.findall(r"^\*\*(\w+)\*\* \((\w+)\)", text, re.M)
        sides = [side for _, side in headers if side in ("Central", "Entente")]
        assert sides == sorted(sides, key=lambda side: side != "Central"), headers
        assert "**France** (Entente)\n✓ A Par - Bur\n✓ A Mar S A Par - Bur" in text, text
        assert text.count("A Par - Bur") == 2 and "No orders from Central." in text   # the move, and the support
        assert not told.ephemeral and told.files
        assert all(len(line) <= 60 for line in text.splitlines()[2:]), text
        assert not world.fake.refusals and not world.fake.violations


async def test_axis_and_allies_history_is_the_turn_of_one_power(service, tmp_path):
    console = Console(service, out_dir=str(tmp_path), write=lambda _: None)
    await console.execute("as gm")
    created = (await console.execute("game create aa1914 name=Marne"))[0]
    game_id = int(re.search(r"#(\d+)", created).group(1))
    for index, power in enumerate(AA_POWERS):
        await console.execute(f"as p{index}")
        await console.execute(f"game join {game_id} {power}")
    await console.execute("as gm")
    await console.execute(f"game start {game_id}")
    await console.execute("as p0")
    await console.execute(f"orders {game_id} buy 2 infantry; move 3 infantry, 1 artillery Budapest - Serbia; "
                          f"place 2 infantry Vienna")
    await console.execute(f"done {game_id} confirm")
    await console.execute("as p2")
    told = (await console.execute(f"history {game_id} 0"))[0]
    assert told.startswith(f"**#{game_id} Marne — Round 1: Austria-Hungary** (phase 0)\n"
                           "**Austria-Hungary** ordered:\n• `buy 2 infantry`\n"
                           "• `move 3 infantry, 1 artillery: Budapest - Serbia`\n• `place 2 infantry: Vienna`\n"
                           "**Results**\n"), told
    assert "Battle of Serbia" in told and "no orders" not in told.lower() and "**Russia**" not in told
