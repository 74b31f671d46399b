"""Bots through the fake Discord with exactly the README's permissions:
a solo rx07 game against the bot from `/game create … bots:` to a few adjudicated phases, `/hint`
for the player alone, the bot's reasons in its seat channel only after each adjudication, 🤖 in
`/game status` and `/game seats`, a person taking the bot's seat with **Join**; and an Axis &
Allies game with seven bot powers for a few rounds."""
from tests.fake_discord.components_v2 import text_of
from tests.discord_world import README_PERMISSIONS, open_world
from tests.fake_discord import button_id

BOT_REPORT = "is adjudicated. The bot (normal) ordered for"


def count(channel, words: str) -> int:
    return sum(words in text_of(m) for m in channel.messages)   # a turn card's text too


async def moved_past(world, service, game_id: int, seq: int) -> None:
    """Wait until the game has moved past phase `seq` (each round: until Discord is quiet)."""
    for _ in range(60):
        if (await service.phase(game_id)).seq > seq:
            await world.harness.settle()
            return
        await world.harness.settle()
    raise TimeoutError(f"game #{game_id} stayed in phase {seq}")


async def test_a_solo_rx07_game_against_the_bot_with_a_hint_and_a_hand_over(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        created = await world.slash(alice, "game create", variant="rx07", name="Solo", bots="Central")
        assert "Seats: Entente, 🤖 Central" in created.text, created.text
        game_id = int(created.text.split("#", 1)[1].split()[0])
        await world.slash(alice, "game join", game_id=game_id, seat="Entente")
        started = await world.slash(alice, "game start", game_id=game_id)
        assert "has started" in started.text, (started.text, world.fake.refusals)
        entente, central = world.seat_channel(game_id, "Entente"), world.seat_channel(game_id, "Central")
        public = world.public_channel(game_id)
        assert not world.fake.can_see(bob, central)
        status = await world.slash(alice, "game status", game_id=game_id, full=True)
        assert "Central: 🤖 bot (normal)" in status.text
        seats = await world.slash(alice, "game seats", game_id=game_id)
        assert "**Central**: 🤖 bot (normal)" in seats.text
        # /hint: for Alice alone, nothing saved
        hint = await world.slash(alice, "hint", channel=entente)
        assert "What the bot (normal) would order for **Entente**" in hint.text, hint.text
        assert hint.replies[-1]["_visible_to"] == alice.id
        refused = await world.slash(bob, "hint", game_id=game_id)
        assert "no seat" in refused.text and refused.replies[-1]["_visible_to"] == bob.id
        # the bot's orders are in and secret: its channel has no reasons before the adjudication
        await world.harness.settle()
        assert count(central, BOT_REPORT) == 0 and count(public, BOT_REPORT) == 0
        # three phases: Alice is ready, the phase adjudicates at once (the bot is ready)
        for _ in range(3):
            seq = (await service.phase(game_id)).seq
            ready = await world.slash(alice, "ready", channel=entente, confirm=True)
            assert "⚠️" not in ready.text, ready.text
            await moved_past(world, service, game_id, seq)
        assert count(central, BOT_REPORT) >= 1 and count(public, BOT_REPORT) == 0
        assert count(entente, BOT_REPORT) == 0
        # a person takes the bot's seat with Join
        notice = await world.slash(alice, "gm advertise", game_id=game_id, seat="Central")
        assert "played by a bot until a person takes it" in notice.text, notice.text
        message = notice.replies[-1]
        taken = await world.harness.click(bob, message, button_id(message, "Join as Central"))
        assert "You now hold **Central**" in taken.text, taken.text
        assert world.fake.can_see(bob, central)
        game = await service.game(game_id)
        assert game.bot_seats == [] and game.holder("Central") == bob.id
        seats = await world.slash(alice, "game seats", game_id=game_id)
        assert "🤖" not in seats.text
        assert not world.fake.refusals and not world.fake.violations


async def test_an_axis_and_allies_game_with_seven_bot_powers(service):
    """One A&A game with bot seats through the fake Discord — Germany is a person,
    the seven other powers are bots; a few rounds, each ended by Germany's `/done`."""
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=1) as world:
        alice = world.players[0]
        bots = "Austria-Hungary, Russia, France, British Empire, Ottoman Empire, Italy, United States"
        created = await world.slash(alice, "game create", variant="aa1914", name="Coalition", bots=bots)
        assert "🤖 Russia" in created.text and "Germany," in created.text, created.text
        game_id = int(created.text.split("#", 1)[1].split()[0])
        await world.slash(alice, "game join", game_id=game_id, seat="Germany")
        started = await world.slash(alice, "game start", game_id=game_id)
        assert "has started" in started.text, (started.text, world.fake.refusals)
        germany, russia = world.seat_channel(game_id, "Germany"), world.seat_channel(game_id, "Russia")
        public = world.public_channel(game_id)
        await world.harness.wait_for(lambda: count(germany, "Round 1: Germany") >= 1, 30, "Germany's turn")
        hint = await world.slash(alice, "hint", channel=germany)
        assert "What the bot (normal) would order for **Germany**" in hint.text, hint.text
        for round_ in (2, 3):
            done = await world.slash(alice, "done", channel=germany, confirm=True)
            assert "⚠️" not in done.text, done.text
            await world.harness.wait_for(lambda: count(germany, f"Round {round_}: Germany") >= 1, 60,
                                         f"Germany's turn in round {round_}")
        await world.harness.settle()
        assert count(russia, BOT_REPORT) >= 2                  # Russia's orders and reasons, after its turns
        assert count(public, BOT_REPORT) == 0 and count(germany, BOT_REPORT) == 0
        status = await world.slash(alice, "game status", game_id=game_id, full=True)
        assert "Russia: 🤖 bot (normal)" in status.text
        assert not world.fake.refusals and not world.fake.violations


async def test_gm_bot_and_the_absent_policy_through_discord(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        created = await world.slash(alice, "game create", variant="rx07", name="Fill")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        await world.slash(alice, "game join", game_id=game_id, seat="Entente")
        refused = await world.slash(bob, "gm bot", game_id=game_id, seat="Central")
        assert "⚠️" in refused.text and (await service.game(game_id)).bot_seats == []
        given = await world.slash(alice, "gm bot", game_id=game_id, seat="Central", level="easy")
        assert "🤖 A bot (easy) plays **Central**" in given.text, given.text
        taken_back = await world.slash(alice, "gm bot", game_id=game_id, seat="Central", level="off")
        assert "waits for a person again" in taken_back.text and (await service.game(game_id)).bot_seats == []
        given = await world.slash(alice, "gm bot", game_id=game_id, seat="Central", level="easy")
        policy = await world.slash(alice, "gm policy", game_id=game_id, absent="bot")
        assert "played by the bot until a substitute joins" in policy.text, policy.text
        created = await world.slash(alice, "game create", variant="guess", name="Toy", bots="North")
        assert "has no bot yet: a seat can only be played by a person" in created.text, created.text
        assert not world.fake.refusals and not world.fake.violations
