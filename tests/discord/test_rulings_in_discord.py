"""The rulings in Discord, from the same source as docs/rulings.md, each with its
quote; /rules no longer sends anyone to a file."""
from engine.catalog import register_all
from engine.variant import variants
from service.rulings import all_rulings, parse_rulings, ruling_choices, ruling_text, rulings_page
from service.text import all_rules, variant_rules
from tests.discord_world import README_PERMISSIONS, open_world, started_game

register_all()


def test_every_topic_of_docs_rulings_is_a_ruling_with_its_text():
    rulings = all_rulings()
    assert len({r.topic for r in rulings}) == len(rulings) > 25
    assert all(r.text and "*Test" not in r.text for r in rulings)
    rule5 = ruling_text("rx07", "Rule 5: Russia in civil disorder")
    assert rule5.startswith("**Rule 5: Russia in civil disorder** (World War I Diplomacy)\n> \"After the")


def test_sections_belong_to_their_games():
    assert "Rule 5: Russia in civil disorder" in ruling_choices("rx07", "russia")
    assert "Rule 5: Russia in civil disorder" not in ruling_choices("aa1914", "Rule 5: Russia")
    assert ruling_choices("aa1914", "fighter")[0] == "A fighter whose land units die under it"
    page = rulings_page("aa1914", 1)
    assert page.startswith("**Rulings** for aa1914 — page 1 of 2") and "Next: `/rules ruling:list 2`" in page


def test_a_parsed_section_keeps_quotes_and_drops_test_lines():
    parsed = parse_rulings("## Axis & Allies 1914 (seeds)\n\n### Odd rule\n> \"quoted\"\n\nReading. "
                           "*Test:* `t`.\n*Tests:* `x`\n")
    assert [(r.topic, r.text, r.games) for r in parsed] == [("Odd rule", "> \"quoted\"\n\nReading.", ("aa1914",))]


def test_rules_texts_name_the_command_not_the_file():
    texts = [all_rules()] + [variant_rules(key) for key in variants()]
    assert all("docs/rulings.md" not in t and "`/rules ruling:<topic>`" in t for t in texts)


async def test_rules_ruling_in_discord(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        game_id = await started_game(world, "rx07", "Somme")
        channel = world.seat_channel(game_id, "Entente")
        player = world.players[0]
        topics = [c["value"] for c in await world.harness.autocomplete(player, channel, "rules", "ruling", "civil")]
        assert "Rule 5: Russia in civil disorder" in topics
        shown = await world.slash(player, "rules", channel=channel, ruling="Rule 5: Russia in civil disorder")
        assert shown.ephemeral and "> \"After the \"spring 1917\" move" in shown.text
        listed = await world.slash(player, "rules", channel=channel, ruling="list")
        assert "__World War I Diplomacy__" in listed.text and "Rule 7: victory" in listed.text
        rules = await world.slash(player, "rules", channel=channel)
        assert "docs/rulings.md" not in rules.text and "/rules ruling:" in rules.text
        assert not world.fake.refusals and not world.fake.violations
