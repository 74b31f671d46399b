"""Classic Diplomacy through the fake Discord with exactly the README's permissions: a seven-seat classic
game ending in a draw by vote, one ending in a solo victory, and the two-player variants' and the
anonymous option's answers."""
from engine.variant import get_variant
from service.models import encode_state
from tests.discord_world import README_PERMISSIONS, open_world, started_game

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


async def test_seven_seats_a_draw_by_vote_and_a_solo_victory(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=7) as world:
        players = world.players
        listed = await world.slash(players[0], "game options", variant="classic")
        assert "`victory_centres`" in listed.text and "`edition`" in listed.text and "`anonymous`" in listed.text
        game_id = await started_game(world, "classic", "Europe")
        game = await service.game(game_id)
        assert [s.seat for s in game.seats] == list(POWERS)
        holders = {s.seat: next(p for p in players if p.id == s.user_id) for s in game.seats}
        public = world.public_channel(game_id)
        for power in POWERS:                       # seven private seat channels, each for its player
            channel = world.seat_channel(game_id, power)
            await world.harness.wait_message(channel, "has begun", timeout=5)
            assert world.fake.can_see(holders[power], channel)
            assert not any(world.fake.can_see(p, channel) for p in players if p is not holders[power])
        brief = await world.slash(holders["Russia"], "rules", channel=world.seat_channel(game_id, "Russia"))
        assert "seven Great Powers" in brief.text and brief.ephemeral
        france = world.seat_channel(game_id, "France")
        typed = [c["value"] for c in await world.harness.autocomplete(holders["France"], france, "order", "text",
                                                                        "A Par")]
        assert "A Par - Bur" in typed and len(typed) <= 25
        # The first year's spring: everyone orders in their seat channel and is ready.
        marker = len(public.messages)
        for power, orders in (("France", "A Par - Bur"), ("Germany", "A Mun - Ruh"), ("Turkey", "A Con - Bul")):
            answer = await world.say(holders[power], world.seat_channel(game_id, power), orders)
            assert any(orders in m["content"] for m in answer)
        for power in POWERS:
            await world.slash(holders[power], "ready", channel=world.seat_channel(game_id, power), confirm=True)
        result = await world.harness.wait_message(public, "adjudicated", after=marker, timeout=10)
        assert result["attachments"][0]["filename"].endswith(".png")
        # A draw: every surviving power votes.
        for index, power in enumerate(POWERS):
            voted = await world.slash(holders[power], "vote", motion="draw", game_id=game_id, confirm=True)
            if index < 6:
                assert f"{index + 1} of 7 seats vote to end the game in a draw" in voted.text
        summary = await world.harness.wait_message(public, "Final summary", timeout=10)
        assert "a draw" in summary["content"]

        # A second game ends in a solo victory: France reaches 18 centres with the Fall move.
        game_id = await started_game(world, "classic", "Conquest")
        game = await service.game(game_id)
        holders = {s.seat: next(p for p in players if p.id == s.user_id) for s in game.seats}
        phase = await service.phase(game_id)
        centres = sorted(c for c in get_variant("classic").game_map(phase.state).supply_centers()
                         if c not in ("bel", "ber"))[:17]
        state = dict(phase.state, season="fall", year=1908)
        state["owners"] = {c: "France" for c in centres} | {"bel": "Germany", "ber": "Germany"}
        state["units"] = {"pic": {"kind": "A", "power": "France", "loc": "pic"},
                          "ber": {"kind": "A", "power": "Germany", "loc": "ber"}}
        async with service.db.transaction() as conn:
            await conn.execute("UPDATE phases SET state=? WHERE id=?", (encode_state(state), phase.id))
        public = world.public_channel(game_id)
        france = world.seat_channel(game_id, "France")
        await world.say(holders["France"], france, "A Pic - Bel")
        await world.slash(holders["France"], "ready", channel=france, confirm=True)
        await world.slash(holders["Germany"], "ready", channel=world.seat_channel(game_id, "Germany"), confirm=True)
        won = await world.harness.wait_message(public, "🏆 France wins: 18 supply centres", timeout=10)
        assert won
        summary = await world.harness.wait_message(public, "Final summary", timeout=10)
        assert "won by France" in summary["content"]
        assert (await service.game(game_id)).winners == ("France",)
        assert not world.fake.refusals and not world.fake.violations


async def test_two_player_variants_and_anonymous_joins_on_discord(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        for key, seats in (("france_austria", ("France", "Austria")), ("england_turkey", ("England", "Turkey"))):
            game_id = await started_game(world, key, key.replace("_", " ").title())
            assert [s.seat for s in (await service.game(game_id)).seats] == list(seats)
            await world.harness.wait_message(world.seat_channel(game_id, seats[0]), "has begun", timeout=5)
        created = await world.slash(alice, "game create", variant="classic", name="Masks", options="anonymous=on")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        joined = await world.slash(bob, "game join", game_id=game_id, seat="Italy")
        assert "You take **Italy**" in joined.text and joined.ephemeral
        status = await world.slash(alice, "game status", game_id=game_id, full=True)
        assert "Italy: taken" in status.text and f"<@{bob.id}>" not in status.text
        left = await world.slash(bob, "game leave", game_id=game_id)
        assert "You leave **Italy**" in left.text and left.ephemeral
        assert not world.fake.refusals and not world.fake.violations
