"""Every button, menu and form checks where it is used against the game its custom id names, as
the commands check a game number: in the game's own server (and, for a turn card's buttons, in
the game channel); in direct messages only for the presser's own games. A custom id names any
game, so these tests forge ids of a game of another server and press them through the fake
Discord: each answer is a refusal for the presser alone that reads nothing of the game (its
orders, results or phases) and changes nothing."""
from cogs.custom_ids import build, build_card, build_join
from tests.discord_world import README_PERMISSIONS, close_world, everyone_ready, make_world, started_game
from tests.fake_discord.server import MESSAGE_COMPONENT, MODAL_SUBMIT

BUTTON, SELECT = 2, 3


def carrying(world, channel, custom_id: str, select: bool = False) -> dict:
    """A message of the bot's in `channel` with one component of `custom_id` on it (how the id
    got there does not matter: the bot must check where it is used)."""
    component = ({"type": SELECT, "custom_id": custom_id, "options": [{"label": "A Par H", "value": "A Par H"}],
                  "min_values": 1, "max_values": 1} if select else
                 {"type": BUTTON, "style": 1, "label": "Press", "custom_id": custom_id})
    return world.fake.store_message(channel, world.fake.bot, {"content": "—", "components": [
        {"type": 1, "components": [component]}]}, [])


async def two_servers(service):
    world = await make_world(service, bot_permissions=README_PERMISSIONS, players=3)
    alice, bob, mallory = world.players
    game_id = await started_game(world, "rx07", "Ours")
    first = await service.phase(game_id)
    await everyone_ready(world, game_id)                  # one phase adjudicated: a card, a history
    await world.harness.settle()
    other = world.fake.add_guild("Elsewhere", mallory, bot_permissions=README_PERMISSIONS)
    world.fake.add_member(other, alice)
    await world.harness.stop()
    await world.harness.start()                           # the bot joins the second server
    return world, game_id, first, world.fake.channel_named(other, "general")


def refused_privately(pressed, user, game_id: int, secrets: list[str]) -> None:
    assert pressed.replies, "no answer"
    assert all(m["_visible_to"] == user.id for m in pressed.replies), pressed.text
    assert "⚠️" in pressed.text and f"#{game_id}" in pressed.text, pressed.text
    for secret in secrets:
        assert secret not in pressed.text, (secret, pressed.text)


async def test_forged_ids_of_another_servers_game_are_refused(service):
    world, game_id, first, elsewhere = await two_servers(service)
    try:
        alice, bob, mallory = world.players
        now = await service.phase(game_id)
        secrets = [first.label, now.label, "A Par", "Results"]
        forged = [build_card(act, game_id, first.seq) for act in ("history", "mine", "orders")]
        forged += [build(act, game_id, now.seq, "Entente") for act in ("ready", "unready", "confirm")]
        forged += [build("answer", game_id, now.seq, "Entente", "answer/x#0"), build_join(game_id, "Entente")]
        readiness = await service.readiness(game_id)
        for custom_id in forged:
            for presser in (mallory, alice):       # a stranger, and even a player of the game
                message = carrying(world, elsewhere, custom_id)
                pressed = await world.harness.click(presser, message, custom_id)
                refused_privately(pressed, presser, game_id, secrets)
                assert "on this server" in pressed.text
        menu_id = build("pick", game_id, now.seq, "Entente", "retreat/A Par")
        pressed = await world.harness.choose(alice, carrying(world, elsewhere, menu_id, select=True), menu_id,
                                             ["A Par H"])
        refused_privately(pressed, alice, game_id, secrets)
        assert await service.readiness(game_id) == readiness
        assert (await service.game(game_id)).seat("Entente").user_id == alice.id
        assert not world.fake.refusals and world.fake.ignored_ephemeral == []
    finally:
        await close_world(world)


async def test_a_forged_orders_form_of_another_server_changes_nothing(service):
    world, game_id, _, elsewhere = await two_servers(service)
    try:
        alice = world.players[0]
        now = await service.phase(game_id)
        before = await service.orders(game_id, service_actor(alice), "Entente")
        form = {"custom_id": build("form", game_id, now.seq, "Entente"), "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": "orders", "value": "A Par - Bur"}]}]}
        submitted = await world.fake.interact(alice, elsewhere, MODAL_SUBMIT, form)
        await world.harness.wait_for(lambda: submitted.replies, what="the form's answer")
        await world.harness.settle()
        refused_privately(submitted, alice, game_id, [now.label])
        assert await service.orders(game_id, service_actor(alice), "Entente") == before
    finally:
        await close_world(world)


async def test_a_cards_buttons_answer_in_the_game_channel_only(service):
    world, game_id, first, _ = await two_servers(service)
    try:
        alice, bob, mallory = world.players
        history = build_card("history", game_id, first.seq)
        in_general = await world.harness.click(mallory, carrying(world, world.general, history), history)
        refused_privately(in_general, mallory, game_id, [first.label])
        public = world.public_channel(game_id)
        card = next(m for m in reversed(public.messages) if history in str(m.get("components")))
        shown = await world.harness.click(bob, card, history)
        assert first.label in shown.text and all(m["_visible_to"] == bob.id for m in shown.replies)
    finally:
        await close_world(world)


async def test_a_forged_sheet_button_in_direct_messages_needs_a_seat_of_that_game(service):
    world, game_id, _, _ = await two_servers(service)
    try:
        mallory = world.players[2]
        now = await service.phase(game_id)
        ready = build("ready", game_id, now.seq, "Entente")
        dm = await open_dm(world, mallory)
        pressed = await world.fake.interact(mallory, dm, MESSAGE_COMPONENT, {"custom_id": ready, "component_type": 2},
                                            carrying(world, dm, ready))
        await world.harness.wait_for(lambda: pressed.replies, what="the button's answer")
        refused_privately(pressed, mallory, game_id, [now.label])
        assert "hold no seat" in pressed.text
    finally:
        await close_world(world)


def service_actor(user):
    from service import Actor
    return Actor(user.id, False, user.name)


async def open_dm(world, user):
    from tests.fake_discord.model import DM, Channel, snowflake
    channel = world.fake.dm_channel(user)
    if channel is None:
        channel = Channel(snowflake(), DM, f"dm-{user.name}", recipient=user.id)
        world.fake.channels[channel.id] = channel
    return channel
