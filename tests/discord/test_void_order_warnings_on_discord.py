"""An order the rules accept but that can only be void is saved and its reply warns `void unless …`
under the ✓ line, in the seat's own channel (`/order`, `/orders`), through the fake Discord."""
from tests.discord_world import README_PERMISSIONS, open_world, started_game


async def test_a_void_support_is_saved_with_its_warning_and_the_warning_follows_the_sheet(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Voids")
        seat = world.seat_channel(game_id, "Entente")
        given = await world.slash(alice, "order", channel=seat, text="A Par S A Bur - Gas")
        assert "✓ `A Par S A Bur - Gas`\n  ⚠️ void unless a unit stands in Burgundy: none does" in given.text, given.text
        assert "✗" not in given.text

        given = await world.slash(alice, "order", channel=seat, text="A Mar S A Par - Bur")
        assert "⚠️ void unless A Par is ordered to Burgundy: this sheet orders `A Par S A Bur - Gas`" in given.text
        given = await world.slash(alice, "order", channel=seat, text="A Par - Bur")
        assert "✓ `A Par - Bur`\n✓ `A Mar S A Par - Bur`" in given.text and "⚠️" not in given.text, given.text

        shown = await world.slash(alice, "orders", channel=seat, text="A Par S A Bur - Gas")
        assert "⚠️ void unless a unit stands in Burgundy" in shown.text, shown.text
        assert not world.fake.refusals
    assert not world.fake.violations
