"""An answer for the asker alone can vanish on a phone, so every confirmation that matters lasts:
orders received (✓/✗ and warnings), ready and not ready, a letter sent — given elsewhere than in
the seat's own channel, a short copy goes there; given there, `/orders` shows the sheet and its
ready mark again. A vote lasts as the game channel's notice. A seat's orders never appear
outside its own channel or an answer for its player alone."""
from console import Console
from engine.catalog import register_all
from tests.discord_world import README_PERMISSIONS, open_world, started_game
from tests.fake_discord import button_id

register_all()


def _texts(channel, after: int = 0) -> list[str]:
    """What everyone reading the channel sees (not the answers shown to one person alone)."""
    return [m["content"] for m in channel.messages[after:] if m.get("_visible_to") is None]


async def test_confirmations_given_elsewhere_are_copied_into_the_seat_channel(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        game_id = await started_game(world, "rx07", "Lasting")
        entente, central = world.seat_channel(game_id, "Entente"), world.seat_channel(game_id, "Central")
        public = world.public_channel(game_id)
        await world.harness.settle()

        # orders given in the game channel: the answer is Alice's alone, its copy goes to her channel
        mark = len(entente.messages)
        given = await world.slash(alice, "orders", channel=public,
                                  text="A Par S A Bur - Gas\nF Bre - Lon\nF Lon - Nth")
        assert given.ephemeral and "✗ `F Bre - Lon`" in given.text
        copy = (await world.harness.wait_message(entente, "📝 Orders of **Entente**", after=mark))["content"]
        assert copy.startswith(f"📝 Orders of **Entente** (game #{game_id}), given with `/orders`:\n"
                               f"✓ 2 orders on the sheet · ⏳ not ready"), copy
        assert "✗ `F Bre - Lon`: " in copy
        assert "⚠️ `A Par S A Bur - Gas`: void unless a unit stands in Burgundy" in copy
        assert copy.endswith("`/orders` shows the whole sheet.")
        assert all(len(line) <= 120 for line in copy.splitlines())

        # ready from the game channel: copied too
        mark = len(entente.messages)
        await world.slash(alice, "ready", channel=public, confirm=True)
        ready = await world.harness.wait_message(entente, "is ready", after=mark)
        assert ready["content"] == (f"✅ **Entente** (game #{game_id}) is ready (`/ready`). `/unready` takes it back "
                                    f"until the deadline.")

        # the Not ready button of a sheet shown in the game channel: copied
        shown = await world.slash(alice, "orders", channel=public)
        sheet = shown.replies[-1]
        assert shown.ephemeral and "✅ ready" in sheet["content"] and "**Edit all**" in sheet["content"]
        mark = len(entente.messages)
        await world.harness.click(alice, sheet, button_id(sheet, "Not ready"))
        unready = await world.harness.wait_message(entente, "no longer ready", after=mark)
        assert "the **Not ready** button" in unready["content"]

        # a letter: the sender keeps a copy of its words in their own channel
        mark = len(entente.messages)
        sent = await world.slash(alice, "press send", channel=public, to="Central", message="Shall we talk?")
        assert "Your copy is in your seat channel" in sent.text, sent.text
        mine = await world.harness.wait_message(entente, "(your copy)", after=mark)
        assert mine["content"] == "📨 **Entente** wrote to **Central** (your copy):\n>>> Shall we talk?"
        await world.harness.wait_message(central, "Letter from Entente")

        # a vote lasts as the game channel's notice, naming the seat
        mark = len(public.messages)
        await world.slash(alice, "vote", channel=entente, motion="extend", hours=12)
        await world.harness.wait_message(public, "**Entente** votes to extend the deadline by 12h", after=mark)

        # Entente's orders were never shown anywhere but its channel and Alice's own answers
        leaked = [(channel.name, text) for channel in (public, central, world.general) for text in _texts(channel)
                  if "A Par S A Bur" in text or "F Lon - Nth" in text]
        assert not leaked, leaked
        assert not world.fake.refusals and not world.fake.violations


async def test_in_the_seat_channel_orders_shows_the_sheet_again_and_nothing_is_copied(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Here")
        entente = world.seat_channel(game_id, "Entente")
        await world.harness.settle()
        mark = len(entente.messages)
        given = await world.slash(alice, "order", channel=entente, text="A Par - Bur")
        assert given.ephemeral and "✓ `A Par - Bur`" in given.text
        await world.slash(alice, "ready", channel=entente, confirm=True)
        await world.harness.settle()
        assert _texts(entente, mark) == []              # answered where it was asked: no copy
        again = await world.slash(alice, "orders", channel=entente)
        assert again.ephemeral and again.text.startswith(f"Orders of **Entente** in game #{game_id} — ✅ ready")
        assert "✓ `A Par - Bur`" in again.text and "**Edit all** changes every order at once" in again.text
        assert not world.fake.refusals and not world.fake.violations


async def test_an_edit_all_button_of_an_earlier_phase_changes_nothing(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        game_id = await started_game(world, "rx07", "Stale")
        entente, central = world.seat_channel(game_id, "Entente"), world.seat_channel(game_id, "Central")
        shown = await world.slash(alice, "orders", channel=entente)
        first = await service.phase(game_id)
        await world.slash(alice, "ready", channel=entente, confirm=True)
        await world.slash(bob, "ready", channel=central, confirm=True)
        late = await world.harness.click(alice, shown.replies[-1], button_id(shown.replies[-1], "Edit all"))
        assert late.modal is None and f"This was for **{first.label}**; nothing was changed" in late.text
        assert not world.fake.refusals and not world.fake.violations


async def test_the_console_shows_the_sheet_and_its_ready_mark_and_copies_nothing(service, tmp_path):
    printed: list[str] = []
    console = Console(service, out_dir=str(tmp_path), write=printed.append)
    await console.execute("as alice")
    created = (await console.execute("game create rx07 name=Console"))[0]
    game_id = int(created.split("#")[1].split()[0])
    await console.execute(f"game join {game_id} Entente")
    await console.execute("as bob")
    await console.execute(f"game join {game_id} Central")
    await console.execute("as alice")
    await console.execute(f"game start {game_id}")
    answer = " ".join(await console.execute(f"order {game_id} A Par - Bur"))
    await console.execute(f"ready {game_id} confirm")
    sheet = " ".join(await console.execute(f"orders {game_id}"))
    assert "✓ `A Par - Bur`" in answer
    assert sheet.startswith(f"Orders of **Entente** in game #{game_id} — ✅ ready") and "Edit all" not in sheet
    assert not any("📝" in line or "is ready (`" in line for line in printed)
