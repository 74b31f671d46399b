"""The turn card — a phase's outcome as one Components v2 message (title, the board
and the action's crop, the results, three buttons), within Discord's limits, which the fake
Discord enforces; its buttons answer only the presser."""
import pytest

from cogs.cards import card_body
from tests.discord_world import README_PERMISSIONS, first_movement_card, open_world
from tests.fake_discord.components import ComponentError
from tests.fake_discord.components_v2 import IS_COMPONENTS_V2, check_v2_message, v2_text


def _card(*children):
    return {"flags": IS_COMPONENTS_V2, "components": [{"type": 17, "components": list(children)}]}


def test_the_fake_enforces_components_v2_limits():
    text = {"type": 10, "content": "results"}
    check_v2_message(_card(text, {"type": 12, "items": [{"media": {"url": "attachment://m.png"}}]}),
                     [("m.png", b"x")])
    refused = [
        ({**_card(text), "content": "hi"}, "content"),
        ({**_card(text), "embeds": [{"title": "x"}]}, "embeds"),
        (_card(*[{"type": 10, "content": "x"}] * 40), "at most 40"),
        (_card({"type": 10, "content": "x" * 4001}), "4000 characters"),
        (_card({"type": 12, "items": []}), "1-10 items"),
        (_card({"type": 12, "items": [{"media": {"url": "attachment://m.png"}}] * 11}), "1-10 items"),
        (_card({"type": 12, "items": [{"media": {"url": "attachment://other.png"}}]}), "names no file"),
        (_card({"type": 17, "components": [text]}), "does not belong"),
        (_card({"type": 1, "components": [{"type": 2, "style": 1, "label": "a", "custom_id": "x"}] * 2}), "twice"),
    ]
    for payload, reason in refused:
        with pytest.raises(ComponentError, match=reason):
            check_v2_message(payload, [("m.png", b"x")])


def test_a_long_report_keeps_its_headlines_and_says_where_the_rest_is():
    body = "🏆 Central wins: rule 7, 17 of 25 pieces.\n" + "\n".join(
        f"**Power{i}** (Side)\n" + "\n".join("✓ A Abc - Def" for _ in range(80)) for i in range(7))
    shown = card_body(body, 3800)
    assert shown == ("🏆 Central wins: rule 7, 17 of 25 pieces.\n"
                     "Each of the 7 powers' results: **My results** for yours, **History** for all.")


async def test_the_results_are_one_card_with_maps_and_buttons(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        entente_player, central_player = world.players
        game_id, public, marker, card = await first_movement_card(world, "A Bud - Ser\nA Vie - Gal", "A War - Gal")
        assert card["flags"] & IS_COMPONENTS_V2 and card["content"] == ""
        assert len(public.messages) == marker + 1                  # one message: the card
        gallery = [c for c in card["components"][0]["components"] if c["type"] == 12][0]
        names = [a["filename"] for a in card["attachments"]]
        assert [i["media"]["url"] for i in gallery["items"]] == [f"attachment://{n}" for n in names]
        assert len(names) == 2                                     # the board and the action's crop
        text = v2_text(card)
        assert "**Austria** (Central)\n✓ A Bud - Ser\n✗ A Vie - Gal — bounced with A War (Russia)" in text
        ids = [c["custom_id"] for row in card["components"][0]["components"] if row["type"] == 1
               for c in row["components"]]
        assert ids == [f"dispatch:card:{act}:{game_id}:p0" for act in ("mine", "orders", "history")]
        mine = await world.harness.click(entente_player, card, ids[0])
        assert mine.ephemeral and "**Russia** (Entente)" in mine.text and "**Austria**" not in mine.text
        orders = await world.harness.click(central_player, card, ids[1])
        assert orders.ephemeral and "**Winter 1914 Adjustment** — Central" in orders.text
        assert "Adjustments, for example: `Build A " in orders.text
        history = await world.harness.click(world.players[0], card, ids[2])
        # every power's orders with their outcome, the presser's (Entente's) first
        assert history.ephemeral and "A Bud - Ser" in history.text and "A Vie - Gal" in history.text
        assert history.text.index("(Entente)") < history.text.index("**Austria** (Central)"), history.text
        assert not world.fake.refusals and not world.fake.violations
