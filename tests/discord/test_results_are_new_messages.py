"""Results that matter are new messages, never only an edit of an earlier Components v2 message
(an edited v2 message half-renders on iOS, Discord issue #7896): over several phases, with every
turn card's button pressed and sheets changed by buttons and menus, each adjudication posts a
card of its own and no v2 message's text is ever edited (`FakeDiscord.v2_edits`)."""
from tests.discord_world import README_PERMISSIONS, open_world, started_game
from tests.fake_discord import button_id
from tests.fake_discord.components_v2 import IS_COMPONENTS_V2


def _labels(message: dict) -> set[str]:
    return {c.get("label") for row in message.get("components") or [] for c in row.get("components") or []}


def _cards(channel) -> list[dict]:
    return [m for m in channel.messages if int(m.get("flags") or 0) & IS_COMPONENTS_V2]


async def test_every_phases_results_are_a_new_card_and_no_card_is_edited(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        game_id = await started_game(world, "rx07", "Unedited")
        public = world.public_channel(game_id)
        seats = {"Entente": alice, "Central": bob}
        adjudicated = 0
        for _ in range(3):
            for seat in await service.readiness(game_id):
                player = seats[seat]
                # the sheet shown for the player alone, made ready with its buttons
                shown = await world.slash(player, "orders", channel=public)
                pressed = await world.harness.click(player, shown.replies[-1], button_id(shown.replies[-1], "Ready"))
                asked = pressed.replies[-1] if pressed.replies else None
                if asked is not None and "Ready anyway" in _labels(asked):
                    await world.harness.click(player, asked, button_id(asked, "Ready anyway"))
            await world.harness.wait_for(lambda: len(_cards(public)) > adjudicated, 30, "the phase's card")
            adjudicated = len(_cards(public))
            card = _cards(public)[-1]
            ids = [c["custom_id"] for row in card["components"][0]["components"] if row["type"] == 1
                   for c in row["components"]]
            for custom_id in ids:                   # My results, My orders now, History
                answer = await world.harness.click(alice, card, custom_id)
                assert answer.ephemeral and not answer.refusals, custom_id
        assert adjudicated >= 3
        assert world.fake.v2_edits == [], world.fake.v2_edits
        assert all(m["edited_timestamp"] is None for m in _cards(public))
        assert not world.fake.refusals and not world.fake.violations
