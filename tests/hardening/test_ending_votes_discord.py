"""`/vote draw` on Discord (the fake, with exactly README's permissions): a motion that ends the
game answers its voter alone with what would happen and a **Confirm** button; nothing is recorded
until it is pressed; the bot seats then vote by their rule, told in the game channel as the bots'
votes; a Confirm for a phase that is over changes nothing."""
from service.votes import BOT_VOTER
from tests.discord_world import README_PERMISSIONS, close_world, open_world, started_game
from tests.fake_discord.harness import button_id

CONFIRM = "Confirm: vote to draw"


def prompt_of(interaction) -> dict:
    return next(m for m in interaction.replies if m.get("components"))


async def test_a_draw_is_confirmed_with_the_button_and_the_bot_seat_votes_by_its_rule(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        created = await world.slash(alice, "game create", variant="rx07", name="Solo", bots="Central")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        await world.slash(alice, "game join", game_id=game_id, seat="Entente")
        await world.slash(alice, "game start", game_id=game_id)
        public = world.public_channel(game_id)
        before = len(public.messages)
        asked = await world.slash(alice, "vote", motion="draw", game_id=game_id)
        prompt = prompt_of(asked)
        assert prompt["_visible_to"] == alice.id and "⚠️ **Confirm first**: Entente votes to end the game" in prompt["content"]
        assert "The secret seed is revealed" in prompt["content"] and "press **Confirm** below" in prompt["content"]
        assert "• Central (bot): against — " in prompt["content"]
        assert await service.votes(game_id) == [] and len(public.messages) == before     # nothing recorded
        pressed = await world.harness.click(alice, prompt, button_id(prompt, CONFIRM))
        answer = pressed.original["content"]
        assert "Your vote to end the game in a draw is counted" in answer and "the bot seat Central, so it " \
               "cannot pass in this phase" in answer, answer
        assert not pressed.original.get("components")                       # the button is gone
        told = await world.harness.wait_message(public, "The bot seats vote by their rule", after=before)
        assert "**Central** (bot): against — " in told["content"] and told["_visible_to"] is None
        assert "For: Entente. Against, by the bots' rule: the bot seat Central" in told["content"]
        (tally,) = await service.votes(game_id)
        assert tally.yes == ("Entente",) and tally.against == ("Central",)
        assert (await service.game(game_id)).status == "active"
        rows = await service.db.fetchall("SELECT seat, user_id FROM votes WHERE game_id=?", (game_id,))
        assert {(r["seat"], r["user_id"]) for r in rows} == {("Entente", alice.id), ("Central", BOT_VOTER)}
        assert not world.fake.refusals and not world.fake.ignored_ephemeral


async def test_two_players_end_the_game_one_with_the_button_one_typing_confirm(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        game_id = await started_game(world, "rx07", "Peace")
        asked = await world.slash(alice, "vote", motion="draw", game_id=game_id)
        assert "Still to vote after you: Central" in prompt_of(asked)["content"]
        pressed = await world.harness.click(alice, prompt_of(asked), button_id(prompt_of(asked), CONFIRM))
        assert "1 of 2 seats vote to end the game in a draw" in pressed.original["content"]
        done = await world.slash(bob, "vote", motion="draw", confirm=True, game_id=game_id)
        assert "passed (2 of 2 seats: Entente, Central)" in done.text
        summary = await world.harness.wait_message(world.public_channel(game_id), "Final summary", timeout=10)
        assert "a draw" in summary["content"]


async def test_a_confirm_for_a_phase_that_is_over_changes_nothing(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        game_id = await started_game(world, "rx07", "Late")
        asked = await world.slash(alice, "vote", motion="draw", game_id=game_id)
        for player, seat in ((alice, "Entente"), (bob, "Central")):
            await world.slash(player, "ready", channel=world.seat_channel(game_id, seat), confirm=True)
        assert (await service.phase(game_id)).seq == 1
        pressed = await world.harness.click(alice, prompt_of(asked), button_id(prompt_of(asked), CONFIRM))
        assert "has moved since you asked" in pressed.original["content"] and "nothing was changed" in \
            pressed.original["content"]
        assert await service.votes(game_id) == []


async def test_a_forged_confirm_of_another_servers_game_is_refused(service):
    """A Confirm names its game: pressed in another server, even by one of its players, it is
    refused to the presser alone and casts nothing (the check every game's component makes)."""
    from cogs.custom_ids import build_vote
    from tests.discord.test_components_answer_only_where_their_game_lives import (carrying, refused_privately,
                                                                                  two_servers)
    world, game_id, _, elsewhere = await two_servers(service)
    try:
        alice = world.players[0]
        forged = build_vote("draw", game_id, (await service.phase(game_id)).seq)
        pressed = await world.harness.click(alice, carrying(world, elsewhere, forged), forged)
        refused_privately(pressed, alice, game_id, ["Confirm first"])
        assert await service.votes(game_id) == [] and (await service.game(game_id)).status == "active"
    finally:
        await close_world(world)
