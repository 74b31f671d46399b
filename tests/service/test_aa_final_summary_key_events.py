"""An A&A game's final summary lists its key events — minors joining, USW and the United States
entering the war, capitals, collapses — read from the stored phases' reports, each phase's name
on a line of its own and its events under it, not only how the game ended."""
from console import Console
from service.ending import FIRST_KEY_EVENTS, MAX_KEY_EVENTS, key_events_text
from tests.aa_helpers import seat_everyone
from tests.conftest import drain_outbox
from tests.discord_world import README_PERMISSIONS, open_world

TURN_ORDERS = {"Austria-Hungary": "move 3 infantry, 1 artillery Budapest - Serbia", "Germany": "declare usw"}


async def _play_round_one(service, game, players) -> None:
    """Round 1 of a game ending after it (end_round=1): Austria-Hungary invades Serbia, Germany
    declares USW, every other power passes."""
    while (await service.game(game.id)).status == "active":
        for seat in await service.readiness(game.id):
            if seat in TURN_ORDERS:
                await service.submit_orders(game.id, players[seat], TURN_ORDERS[seat], seat)
            await service.mark_ready(game.id, players[seat], True, seat, confirm=True)


async def test_the_final_summary_retells_the_games_key_events(service):
    game, players = await seat_everyone(service, {"end_round": "1"}, first_id=100)
    await _play_round_one(service, game, players)
    summary = next(m.content for m in await drain_outbox(service) if m.target == "archive")
    events = summary[summary.index("**Key events**:"):].split("\nSeed:")[0]
    assert ("__Round 1: Austria-Hungary__\n"
            "• ⚔️ Serbia mobilizes against Austria-Hungary with Russia's pieces.") in events, events
    assert ("__Round 1: Germany__\n• 🌊 Germany declares Unrestricted Submarine Warfare.\n"
            "• 🇺🇸 The United States enters the war.") in events, events
    assert "⏱️ Round 1 is over" in events                       # and the end, as before
    assert "British Empire" not in events                       # USW's monthly toll is not news
    assert all(len(line) <= 70 for line in events.splitlines()[1:] if "⏱️" not in line), events
    retold = await _key_events(service, game.id)
    assert "Round 1: Germany: 🌊 Germany declares Unrestricted Submarine Warfare." in retold


async def _key_events(service, game_id):
    game = await service.game(game_id)
    async with service.store.db.transaction() as tx:
        return await service.parts.ending.key_events(tx, game)


def test_a_long_list_keeps_the_first_events_and_the_latest():
    events = [(f"Round {n}: Germany", f"event {n}") for n in range(1, 31)]
    text = key_events_text(events)
    assert text.count("• ") == MAX_KEY_EVENTS
    assert "• event 1\n" in text and "• event 30" in text and "• event 10\n" not in text
    assert f"… {30 - MAX_KEY_EVENTS} more, in the export" in text
    assert text.splitlines()[2 * FIRST_KEY_EVENTS] == f"… {30 - MAX_KEY_EVENTS} more, in the export"


async def test_the_console_prints_the_key_events_at_the_end(service, tmp_path):
    console = Console(service, out_dir=str(tmp_path), write=lambda _: None)
    powers = ("Austria-Hungary", "Germany", "Russia", "France", "British Empire", "Italy", "Ottoman Empire",
              "United States")
    await console.execute("as gm")
    created = (await console.execute("game create aa1914 name=Short end_round=1"))[0]
    game_id = int(created.split("#")[1].split("*")[0].split()[0])
    for index, power in enumerate(powers):
        await console.execute(f"as p{index}")
        await console.execute(f"game join {game_id} {power}")
    await console.execute("as gm")
    said = await console.execute(f"game start {game_id}")
    while (await service.game(game_id)).status == "active":
        for seat in await service.readiness(game_id):
            await console.execute(f"as p{powers.index(seat)}")
            if seat in TURN_ORDERS:
                await console.execute(f"orders {game_id} {TURN_ORDERS[seat]}")
            said = await console.execute(f"ready {game_id} confirm")
    printed = "\n".join(said)
    assert "**Key events**:" in printed and "• 🌊 Germany declares Unrestricted Submarine Warfare." in printed, printed


async def test_discord_posts_the_summary_with_the_key_events(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=1) as world:
        alice = world.players[0]
        bots = "Austria-Hungary, Russia, France, British Empire, Ottoman Empire, Italy, United States"
        created = await world.slash(alice, "game create", variant="aa1914", name="Short", bots=bots,
                                    options="end_round=1")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        await world.slash(alice, "game join", game_id=game_id, seat="Germany")
        await world.slash(alice, "game start", game_id=game_id)
        germany, public = world.seat_channel(game_id, "Germany"), world.public_channel(game_id)
        await world.harness.wait_for(lambda: any("Round 1: Germany" in m["content"] for m in germany.messages),
                                     60, "Germany's turn")
        await world.slash(alice, "orders", channel=germany, text="declare usw")
        await world.slash(alice, "done", channel=germany, confirm=True)
        summary = await world.harness.wait_message(public, "**Key events**:", timeout=120)
        usw = "__Round 1: Germany__\n• 🌊 Germany declares Unrestricted Submarine Warfare."
        assert usw in summary["content"], summary["content"]
        assert not world.fake.refusals and not world.fake.violations
