"""Stale components and persistent forms through the real bot on the fake Discord, with the
README's permissions.

Stale components: "An old 'Ready anyway' button confirms a later phase ... Every component and form carries
the phase it was made for; a stale one answers 'this was for <phase>; here is your current sheet'
and changes nothing." Forms: "The /orders form is lost after a restart or after 30 minutes ...
Handle form submissions by their custom_id, persistently, like the buttons."
"""
from service import Actor
from tests.discord_world import README_PERMISSIONS, everyone_ready, open_world, started_game
from tests.fake_discord import button_id
from tests.positions import france_owes_two_builds


def actor(user) -> Actor:
    return Actor(user.id, False, user.name)


async def test_ready_anyway_from_an_earlier_phase_changes_nothing(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Stale")
        first = await service.phase(game_id)
        seat = world.seat_channel(game_id, "Entente")
        shown = await world.slash(alice, "order", channel=seat, text="A Par - Bur")
        sheet = shown.replies[-1]
        assert f":p{first.seq}:" in button_id(sheet, "Ready")
        pressed = await world.harness.click(alice, sheet, button_id(sheet, "Ready"))
        prompt = pressed.replies[-1]
        assert "not marked ready yet" in prompt["content"]

        await everyone_ready(world, game_id)
        now = await service.phase(game_id)
        assert now.seq > first.seq and not (await service.readiness(game_id)).get("Entente")

        late = await world.harness.click(alice, prompt, button_id(prompt, "Ready anyway"))
        answer = late.replies[-1]["content"]
        assert f"This was for **{first.label}**; nothing was changed" in late.text, late.text
        assert f"now in **{now.label}**; here is your current sheet" in late.text
        assert all(m["_visible_to"] == alice.id for m in late.replies)
        assert not (await service.readiness(game_id)).get("Entente"), "the stale button marked a later phase ready"
        # the sheet it answers with carries the current phase: its Ready acts (and says what is missing)
        current = late.replies[-1]
        assert f":p{now.seq}:" in button_id(current, "Ready"), answer
        fresh = await world.harness.click(alice, current, button_id(current, "Ready"))
        assert "not marked ready yet" in fresh.replies[-1]["content"] or "is ready" in fresh.text

        old_ready = await world.harness.click(alice, sheet, button_id(sheet, "Ready"))
        assert "This was for" in old_ready.text and not (await service.readiness(game_id)).get("Entente")
        assert not world.fake.refusals, world.fake.refusals
    assert not world.fake.violations


async def test_ids_posted_before_phases_were_marked_are_stale_and_never_act(service):
    """Messages already posted in live games hold `dispatch:confirm:<game>:<seat>` (no phase)."""
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Legacy")
        seat = world.seat_channel(game_id, "Entente")
        phase = await service.phase(game_id)
        rows = [{"type": 1, "components": [
            {"type": 2, "style": 4, "label": "Ready anyway", "custom_id": f"dispatch:confirm:{game_id}:Entente"},
            {"type": 2, "style": 3, "label": "Ready", "custom_id": f"dispatch:ready:{game_id}:Entente"}]}]
        old = world.fake.store_message(seat, world.fake.bot, {"content": "an old sheet", "components": rows}, [])
        for label in ("Ready anyway", "Ready"):
            pressed = await world.harness.click(alice, old, button_id(old, label))
            assert "This was for **an earlier phase**; nothing was changed" in pressed.text, pressed.text
            assert f"now in **{phase.label}**" in pressed.text
            assert not (await service.readiness(game_id)).get("Entente")
        assert not world.fake.refusals, world.fake.refusals


async def test_a_menu_from_an_earlier_phase_changes_nothing(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Menus")
        await france_owes_two_builds(service, game_id)
        seat = world.seat_channel(game_id, "Entente")
        shown = await world.slash(alice, "orders", channel=seat, text="Waive")
        sheet = shown.replies[-1]
        menu = next(c for row in sheet["components"] for c in row["components"] if c["type"] == 3)
        made_for = await service.phase(game_id)
        await everyone_ready(world, game_id)
        picked = await world.harness.choose(alice, sheet, menu["custom_id"], ["Build A Par"])
        assert f"This was for **{made_for.label}**; nothing was changed" in picked.text, picked.text
        assert "Build A Par" not in (await service.orders(game_id, actor(alice), "Entente")).lines


async def test_orders_form_survives_a_restart_and_a_stale_form_gives_back_the_text(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Forms")
        seat = world.seat_channel(game_id, "Entente")
        shown = await world.slash(alice, "orders", channel=seat)
        form = await world.harness.click(alice, shown.replies[-1], button_id(shown.replies[-1], "Edit all"))
        assert form.response_type == 9, form.refusals
        box = form.modal["components"][0]["components"][0]["custom_id"]

        await world.harness.stop()              # a redeploy while the player types
        await world.harness.start()
        sent = await world.harness.submit(alice, form, **{box: "A Par - Bur\nF Lon - Nth"})
        assert "✓ `A Par - Bur`" in sent.text and "✓ `F Lon - Nth`" in sent.text, sent.text
        assert all(m["_visible_to"] == alice.id for m in sent.replies)
        assert (await service.orders(game_id, actor(alice), "Entente")).lines == ("A Par - Bur", "F Lon - Nth")

        first = await service.phase(game_id)
        shown = await world.slash(alice, "orders", channel=seat)
        again = await world.harness.click(alice, shown.replies[-1], button_id(shown.replies[-1], "Edit all"))
        await everyone_ready(world, game_id)
        late = await world.harness.submit(alice, again, **{box: "A Bur - Mun\nF Nth - Hol"})
        assert f"This was for **{first.label}**; nothing was changed" in late.text, late.text
        assert "A Bur - Mun\nF Nth - Hol" in late.text, "the typed orders must be shown back"
        assert all(m["_visible_to"] == alice.id for m in late.replies)
        assert (await service.orders(game_id, actor(alice), "Entente")).lines == ()
        assert not world.fake.refusals, world.fake.refusals
    assert not world.fake.violations


async def test_the_service_refuses_a_sheet_action_for_a_phase_that_has_passed(service):
    """Between the button's staleness check and the service call the phase may still move: the
    service itself refuses an action named for an earlier phase (the race closed in one
    transaction)."""
    import pytest
    from engine.catalog import register_all
    from service import BadState
    from tests.conftest import ALICE, BOB, GUILD
    register_all()
    game = await service.create_game(GUILD, ALICE, "guess", options={"players": 2}, phase_hours=48)
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    await service.start(game.id, ALICE)
    await service.force_adjudicate(game.id, ALICE)
    assert (await service.phase(game.id)).seq == 1
    for call in (service.mark_ready(game.id, ALICE, True, None, confirm=True, phase_seq=0),
                 service.submit_orders(game.id, ALICE, "guess 3", phase_seq=0),
                 service.clear_orders(game.id, ALICE, None, 0)):
        with pytest.raises(BadState, match="has moved since you asked"):
            await call
    assert not (await service.readiness(game.id))["North"]
    assert (await service.mark_ready(game.id, ALICE, True, None, confirm=True, phase_seq=1))[0] == "North"


def test_custom_ids_name_the_phase_and_old_ids_parse_without_one():
    import re

    from cogs.custom_ids import SheetTarget, build, form_target, target_of, template
    cases = [("ready|unready|confirm", "", build("confirm", 12, 3, "Entente"), SheetTarget(12, "Entente", 3), {}),
             ("pick", r":(?P<key>.+)", build("pick", 12, 0, "Central", "build/Central"), SheetTarget(12, "Central", 0),
              {"key": "build/Central"}),
             ("answer", r":(?P<key>[^#]+)#(?P<index>\d)", build("answer", 7, 11, "Italy", "answer/italy#1"),
              SheetTarget(7, "Italy", 11), {"key": "answer/italy", "index": "1"}),
             # posted before phases were marked: still read, with no phase (always stale)
             ("ready|unready|confirm", "", "dispatch:confirm:12:Entente", SheetTarget(12, "Entente", None), {}),
             ("pick", r":(?P<key>.+)", "dispatch:pick:12:Central:build/Central", SheetTarget(12, "Central", None),
              {"key": "build/Central"}),
             ("answer", r":(?P<key>[^#]+)#(?P<index>\d)", "dispatch:answer:7:Italy:answer/italy#0",
              SheetTarget(7, "Italy", None), {"key": "answer/italy", "index": "0"})]
    for kinds, tail, custom_id, made, groups in cases:
        match = re.fullmatch(template(kinds, tail), custom_id)
        assert match is not None, custom_id
        assert target_of(match) == made and all(match[k] == v for k, v in groups.items()), custom_id
    assert build("ready", 1, 2, "A:B") == "dispatch:ready:1:p2:A B"          # a seat's ':' is no separator
    assert len(build("pick", 10**8, 10**5, "S" * 80, "k" * 80)) == 100
    assert form_target(build("form", 4, 9, "Germany")) == SheetTarget(4, "Germany", 9)
    assert form_target("dispatch:form:4:Germany") == SheetTarget(4, "Germany", None)
    assert form_target("someone-else:form") is None


def test_any_custom_id_is_read_or_refused_without_crashing():
    from hypothesis import given, settings, strategies as st

    from cogs.custom_ids import SheetTarget, form_target

    @settings(max_examples=300, deadline=None)
    @given(st.one_of(st.text(max_size=120), st.builds(lambda g, p, s: f"dispatch:form:{g}:p{p}:{s}",
                                                      st.integers(0, 10**12), st.integers(0, 10**6),
                                                      st.text(min_size=1, max_size=40))))
    def read(custom_id):
        made = form_target(custom_id)
        assert made is None or isinstance(made, SheetTarget) and made.game_id >= 0
    read()
