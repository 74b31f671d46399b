"""A game that is over, through the fake Discord with exactly the README's permissions: its turn
cards offer no live sheet (no Ready button: no phase takes orders any more), `/map preview`
says there is nothing to preview, and every player — also one who handed their seat over — reads
the archived game channel, even one only its players could read (README: "every player (also
one who handed their seat over) can read every seat channel")."""
from tests.discord_world import README_PERMISSIONS, everyone_ready, open_world, started_game
from tests.fake_discord import member_option
from tests.fake_discord.model import SEND_MESSAGES


def buttons(message) -> list[str]:
    found = []

    def walk(components):
        for component in components or []:
            if component.get("type") == 2:
                found.append(component.get("label", ""))
            walk(component.get("components"))
    walk(message.get("components"))
    return found


async def test_a_finished_games_card_offers_no_sheet(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        game_id = await started_game(world, "rx07", "Ended")
        await everyone_ready(world, game_id)
        public = world.public_channel(game_id)
        card = await world.harness.wait_message(public, "adjudicated")
        orders_now = next(c for c in _ids(card) if ":orders:" in c)
        await world.slash(alice, "gm abandon", game_id=game_id)
        pressed = await world.harness.click(bob, card, orders_now)
        assert "there are no more orders to give" in pressed.text, pressed.text
        assert all(m["_visible_to"] == bob.id for m in pressed.replies)
        assert not any("Ready" in label for m in pressed.replies for label in buttons(m))
        preview = await world.slash(bob, "map", game_id=game_id, preview=True)
        assert "nothing to preview" in preview.text and not preview.files, preview.text
        assert all(m["_visible_to"] == bob.id for m in preview.replies)
        assert not world.fake.refusals and world.fake.ignored_ephemeral == []


def _ids(message) -> list[str]:
    found = []

    def walk(components):
        for component in components or []:
            if component.get("custom_id"):
                found.append(component["custom_id"])
            walk(component.get("components"))
    walk(message.get("components"))
    return found


async def test_a_player_who_left_reads_the_archived_channel_of_a_players_only_game(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        game_id = await started_game(world, "rx07", "Closed", options="audience=players")
        public = world.public_channel(game_id)
        assert not world.fake.can_see(carol, public)
        seat = (await service.game(game_id)).seats_of(bob.id)[0]
        await world.slash(bob, "game leave", game_id=game_id)
        await world.slash(alice, "gm assign", game_id=game_id, seat=seat, member=member_option(carol, world.guild))
        await world.harness.wait_for(lambda: not world.fake.can_see(bob, public), what="bob loses the game channel")
        await world.slash(alice, "gm abandon", game_id=game_id)
        await world.harness.wait_for(lambda: world.fake.can_see(bob, public), what="bob reads the archive")
        guild = world.fake.guild_of(public)
        for player in (alice, bob, carol):
            assert world.fake.can_see(player, public), player.name
            assert not guild.channel_permissions(player.id, public) & SEND_MESSAGES, player.name
        assert not world.fake.refusals, world.fake.refusals


def test_the_last_card_of_a_game_that_is_over_has_no_orders_button():
    from cogs.cards import turn_card

    def custom_ids(view) -> list[str]:
        found = []

        def walk(item):
            if getattr(item, "custom_id", None):
                found.append(item.custom_id)
            for child in getattr(item, "children", []) or []:
                walk(child)
        for item in view.children:
            walk(item)
        return found
    running = custom_ids(turn_card(1, 3, "Fall 1901\nresults", ["board.png"]))
    over = custom_ids(turn_card(1, 3, "Fall 1901\nresults", ["board.png"], over=True))
    assert any(":orders:" in c for c in running)
    assert over == [c for c in running if ":orders:" not in c] and len(over) == 2
