"""Order entry through the real bot on the fake Discord: autocomplete on `/order`, the orders form,
complete ✓/✗ feedback, Ready / Not ready buttons that say what is missing, menus for builds."""
import random

from engine.catalog import register_all
from engine.variant import get_variant
from tests.discord_world import README_PERMISSIONS, open_world, started_game
from tests.fake_discord import button_id
from tests.positions import france_owes_two_builds


async def test_order_autocomplete_offers_legal_orders_and_names(service):
    """"Autocomplete on `/order` ... your own units, their legal destinations / support
    targets ... full names, standard abbreviations and unique prefixes ... did you mean"."""
    register_all()
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Typing")
        seat = world.seat_channel(game_id, "Entente")
        choices = await world.harness.autocomplete(alice, seat, "order", "text", "A Par")
        values = [c["value"] for c in choices]
        assert "A Par - Bur" in values and len(values) <= 25, values
        state = (await service.phase(game_id)).state
        legal = set(get_variant("rx07").order_choices(state, "Entente"))
        assert set(values) <= legal
        by_name = [c["value"] for c in await world.harness.autocomplete(alice, seat, "order", "text", "paris burg")]
        assert by_name[0] == "A Par - Bur", by_name
        elsewhere = [c["value"] for c in await world.harness.autocomplete(
            alice, world.public_channel(game_id), "order", "text", f"#{game_id} A Par - B")]
        assert f"#{game_id} A Par - Bur" in elsewhere
        typo = await world.slash(alice, "order", channel=seat, text="A Prais - Bur")
        assert "did you mean Par (Paris)" in typo.text, typo.text
        assert not world.fake.refusals
    assert not world.fake.violations


async def test_orders_form_feedback_and_ready_buttons(service):
    """`/orders` with no text shows the sheet and its ready mark, whose **Edit all** opens
    a form pre-filled with the sheet; submitting replaces
    it; every line is answered ✓ or ✗ with its reason; Ready says what is missing and asks to
    confirm; editing after ready un-readies and says so."""
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Forms")
        seat = world.seat_channel(game_id, "Entente")
        await world.slash(alice, "order", channel=seat, text="A Par - Bur")
        shown = await world.slash(alice, "orders", channel=seat)
        sheet = shown.replies[-1]
        assert shown.ephemeral and "⏳ not ready" in sheet["content"] and "✓ `A Par - Bur`" in sheet["content"]
        form = await world.harness.click(alice, sheet, button_id(sheet, "Edit all"))
        assert form.response_type == 9, form.refusals
        box = form.modal["components"][0]["components"][0]
        assert box["value"] == "A Par - Bur" and form.modal["title"] == f"Orders: Entente (game #{game_id})"
        sent = await world.harness.submit(alice, form, **{box["custom_id"]: "A Mar - Gas\nA Par - Mars\nF Lon - Nth"})
        reply = sent.replies[-1]
        assert reply["_visible_to"] == alice.id
        assert "✓ `A Mar - Gas`" in reply["content"] and "✓ `F Lon - Nth`" in reply["content"]
        assert "✗ `A Par - Mars`: Marseilles is not next to Paris" in reply["content"] and "A Par - Bur" not in reply["content"]
        assert (await service.orders(game_id, _actor(alice), "Entente")).lines == ("A Mar - Gas", "F Lon - Nth")

        pressed = await world.harness.click(alice, reply, button_id(reply, "Ready"))
        prompt = pressed.replies[-1]
        assert "not marked ready yet" in prompt["content"] and "without an order will hold" in prompt["content"]
        assert not (await service.readiness(game_id))["Entente"]
        confirmed = await world.harness.click(alice, prompt, button_id(prompt, "Ready anyway"))
        assert "ready as it is" in confirmed.replies[-1]["content"]
        assert (await service.readiness(game_id))["Entente"]

        changed = await world.slash(alice, "order", channel=seat, text="A Mar H")
        assert "took that back" in changed.text and "⏳ not ready" in changed.text
        assert not (await service.readiness(game_id))["Entente"]

        lines = await world.say(alice, seat, "A Par - Pic")          # plain lines carry the buttons too
        sheet = lines[-1]
        unready = next(c for row in sheet["components"] for c in row["components"] if c["label"] == "Not ready")
        assert unready.get("disabled") and sheet["channel_id"] == str(seat.id)
        assert not world.fake.refusals, world.fake.refusals
    assert not world.fake.violations


async def test_builds_are_offered_as_a_menu(service):
    """"Diplomacy retreats and builds offered as select menus of the legal options"."""
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Winter")
        await france_owes_two_builds(service, game_id)
        seat = world.seat_channel(game_id, "Entente")
        shown = await world.slash(alice, "orders", channel=seat, text="Waive")
        sheet = shown.replies[-1]
        menu = next(c for row in sheet["components"] for c in row["components"] if c["type"] == 3)
        assert menu["max_values"] == 2 and {"Build A Par", "Build F Bre"} <= {o["value"] for o in menu["options"]}
        picked = await world.harness.choose(alice, sheet, menu["custom_id"], ["Build A Par", "Build F Bre"])
        assert "✓ `Build A Par`" in picked.replies[-1]["content"]
        assert set((await service.orders(game_id, _actor(alice), "Entente")).lines) == {"Build A Par", "Build F Bre"}
        again = await world.harness.choose(alice, picked.replies[-1], menu["custom_id"], ["Build A Bre"])
        assert (await service.orders(game_id, _actor(alice), "Entente")).lines == ("Build A Bre",)
        assert "✓ `Build A Bre`" in again.replies[-1]["content"]
        assert not world.fake.refusals, world.fake.refusals


def _actor(user):
    from service import Actor
    return Actor(user.id, False, user.name)


def test_choice_groups_list_each_dislodged_units_retreats():
    """Retreats as menus: one per dislodged unit, its legal retreats then disbanding."""
    register_all()
    variant = get_variant("rx07")
    state = variant.initial_state({}, random.Random(1))
    state.update(phase="retreat", season="fall")
    state["dislodged"] = {"bur": {"unit": {"kind": "A", "power": "France", "loc": "bur"},
                                  "attacker_from": "mun", "by_convoy": False}}
    state["units"] = {p: u for p, u in state["units"].items() if p != "bur"}
    (group,) = variant.choice_groups(state, "Entente")
    assert group.key == "retreat/bur" and group.options[-1] == "A Bur D" and "A Bur R Gas" in group.options
    assert "A Bur R Mun" not in group.options and "A Bur R Par" not in group.options   # attacker's / occupied
    assert variant.choice_groups(state, "Central") == []


async def test_history_help_and_notify_through_discord(service):
    """Player tools through the fake: `/history` with its map and phase suggestions, `/help command:`
    with an order legal in the caller's game, `/notify` stored per user and answered privately."""
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice, bob = world.players[:2]
        game_id = await started_game(world, "rx07", "Chronicle")
        public = world.public_channel(game_id)
        await world.slash(alice, "order", channel=world.seat_channel(game_id, "Entente"), text="A Par - Bur")
        await world.slash(alice, "ready", channel=world.seat_channel(game_id, "Entente"), confirm=True)
        await world.slash(bob, "ready", channel=world.seat_channel(game_id, "Central"), confirm=True)
        choices = await world.harness.autocomplete(alice, public, "history", "phase", "")
        assert choices and choices[0]["value"] == 0 and "Fall 1914" in choices[0]["name"]
        told = await world.slash(bob, "history", channel=public)
        # grouped by power as the results are: France's section holds Entente's order with its outcome
        assert "**France** (Entente)\n✓ A Par - Bur" in told.text and "No orders from Central." in told.text
        assert not told.ephemeral and told.files and told.files[0][1].startswith(b"\x89PNG")

        explained = await world.slash(alice, "help", channel=world.seat_channel(game_id, "Entente"), command="order")
        assert explained.ephemeral and "**/order**" in explained.text and "legal now in game" in explained.text
        names = await world.harness.autocomplete(alice, public, "help", "command", "game st")
        assert {"game start", "game status"} <= {c["value"] for c in names}
        unknown = await world.slash(alice, "help", channel=public, command="teleport")
        assert "there is no command `/teleport`" in unknown.text

        saved = await world.slash(alice, "notify", channel=public, dm=True, reminders="12 1")
        assert saved.ephemeral and "reminders 12h, 1h before each deadline" in saved.text
        assert (await service.notify_settings(alice.id)).dm_phase
        assert not world.fake.refusals, world.fake.refusals
    assert not world.fake.violations


async def test_auction_answers_are_buttons(service):
    """"auction and Italy negotiation answers as buttons. Typed orders remain valid"."""
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "aa1914", "Bids", options="auction_by_power")
        seat = world.seat_channel(game_id, "Austria-Hungary")
        typed = await world.slash(alice, "orders", channel=seat, text="pass")
        sheet = typed.replies[-1]
        assert "✓ `pass`" in sheet["content"]
        # the auction's opening bids of every minor on offer, several at once, in one menu
        menu = next(c for row in sheet["components"] for c in row["components"] if c["type"] == 3)
        assert menu["placeholder"].startswith("Opening bids") and menu["max_values"] == len(menu["options"])
        pressed = await world.harness.choose(alice, sheet, menu["custom_id"], ["bid Norway 4", "bid Spain 4"])
        assert "✓ `bid Spain 4`" in pressed.replies[-1]["content"] and "`pass`" not in pressed.replies[-1]["content"]
        assert (await service.orders(game_id, _actor(alice), "Austria-Hungary")).lines == ("bid Norway 4", "bid Spain 4")
        assert not world.fake.refusals, world.fake.refusals


async def test_move_and_buy_autocomplete_on_the_a_and_a_board(service):
    """"territories, sea zones and unit types you can buy or move (A&A)"."""
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "aa1914", "Fronts")
        seat = world.seat_channel(game_id, "Austria-Hungary")
        moves = [c["value"] for c in await world.harness.autocomplete(alice, seat, "move", "move", "budap serb")]
        assert moves and all("Budapest - Serbia" in m for m in moves), moves
        buys = [c["value"] for c in await world.harness.autocomplete(alice, seat, "buy", "units", "art")]
        assert buys == ["1 artillery"], buys
        sheet = await world.slash(alice, "move", channel=seat, move=moves[0])
        assert f"✓ `move {moves[0]}`" in sheet.text, sheet.text
        # the order of loss as an ordered choice (every order of the four land types)
        shown = sheet.replies[-1]
        menu = next(c for row in shown["components"] for c in row["components"] if c["type"] == 3)
        assert len(menu["options"]) == 24 and menu["placeholder"].startswith("Order of loss")
        picked = await world.harness.choose(alice, shown, menu["custom_id"], ["casualties artillery, infantry, tank, fighter"])
        assert "✓ `casualties artillery, infantry, tank, fighter`" in picked.replies[-1]["content"]
        assert f"✓ `move {moves[0]}`" in picked.replies[-1]["content"]


async def test_seat_arguments_suggest_your_own_seats(service):
    """Autocomplete on every argument that names a thing in the game — seats."""
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice, bob = world.players[:2]
        game_id = await started_game(world, "aa1914", "Seats")
        public = world.public_channel(game_id)
        mine = {c["value"] for c in await world.harness.autocomplete(alice, public, "ready", "seat", "", game_id=game_id)}
        theirs = {c["value"] for c in await world.harness.autocomplete(bob, public, "clear", "seat", "")}
        game = await service.game(game_id)
        assert mine == set(game.seats_of(alice.id)) and theirs == set(game.seats_of(bob.id)) and not mine & theirs
