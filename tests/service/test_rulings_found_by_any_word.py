"""`/rules ruling:` finds a ruling from any word of its title or text, not only its title: the
autocomplete and the lookup rank the same way — every word present first, then the most words,
then a title holding them."""
from hypothesis import given, settings
from hypothesis import strategies as st

from console import Console
from engine.catalog import register_all
from service.errors import NotFound
from service.rulings import Ruling, parse_rulings, ranked, ruling_choices, ruling_text
from tests.discord_world import README_PERMISSIONS, open_world, started_game

register_all()

SAMPLE = parse_rulings("""## Platform

### Missing orders at the deadline
A seat that gave no orders holds.

## World War I Diplomacy (rx07)

### Rule 2: the coin flip
> "a coin shall be flipped"

Italy's side is drawn when the game enters Spring 1915.

### Rule 7: victory
Italy's units count for its side once the coin has been flipped.

### Rule 5: Russia in civil disorder
Russia's units hold.
""")


def _topics(rulings: list[Ruling]) -> list[str]:
    return [r.topic for r in rulings]


def test_words_of_the_text_find_a_ruling_whose_title_lacks_them(monkeypatch):
    monkeypatch.setattr("service.rulings.all_rulings", lambda: SAMPLE)
    # "italy" is only in the texts; "coin" in the coin flip's title and in rule 7's text
    assert _topics(ranked("rx07", "italy coin"))[:2] == ["Rule 2: the coin flip", "Rule 7: victory"]
    assert ruling_text("rx07", "italy coin").startswith("**Rule 2: the coin flip**")
    assert "These words are also in: `Rule 7: victory`" in ruling_text("rx07", "italy coin")


def test_every_word_present_ranks_before_most_words(monkeypatch):
    monkeypatch.setattr("service.rulings.all_rulings", lambda: SAMPLE)
    # rule 7 holds both words; rule 5 holds "russia" alone, in its title
    found = _topics(ranked("rx07", "units flipped"))
    assert found[0] == "Rule 7: victory"
    # one word each: a title holding it first (in the file's order), then a text holding it
    assert _topics(ranked("rx07", "russia coin")) == ["Rule 2: the coin flip", "Rule 5: Russia in civil disorder",
                                                       "Rule 7: victory"]


def test_plurals_word_starts_and_case_are_all_found(monkeypatch):
    monkeypatch.setattr("service.rulings.all_rulings", lambda: SAMPLE)
    assert _topics(ranked("rx07", "FLIP"))[0] == "Rule 2: the coin flip"          # `flipped` in the text too
    assert _topics(ranked("rx07", "deadlines"))[0] == "Missing orders at the deadline"
    assert "Rule 2: the coin flip" in _topics(ranked("rx07", "coi"))             # while typing


def test_equal_matches_are_listed_to_choose_from(monkeypatch):
    monkeypatch.setattr("service.rulings.all_rulings", lambda: SAMPLE)
    listed = ruling_text("rx07", "units")
    assert listed.startswith("Several rulings match: `Rule 7: victory`; `Rule 5: Russia in civil disorder`")


def test_nothing_found_says_where_the_list_is(monkeypatch):
    monkeypatch.setattr("service.rulings.all_rulings", lambda: SAMPLE)
    try:
        ruling_text("rx07", "zeppelin")
    except NotFound as exc:
        assert "`/rules ruling:list`" in str(exc)
    else:
        raise AssertionError("a word no ruling holds found one")


def test_the_project_rulings_answer_players_words():
    assert ruling_text("rx07", "italy coin").startswith("**Rule 2: the coin flip**")
    assert ruling_choices("rx07", "italy coin")[0] == "Rule 2: the coin flip"
    assert ruling_choices("aa1914", "fighter dies")[0] == "A fighter whose land units die under it"
    assert ruling_choices("aa1914", "counter battery")[0].startswith("4.8 Counter-battery fire")
    assert ruling_text("aa1914", "russian revolution").startswith("**No Russian Revolution")
    assert ruling_text(None, "bots vote draw").startswith("**Ending a game by vote when bots hold seats**")
    # a ruling of another game is never offered
    assert not any(t.startswith("Rule ") for t in ruling_choices("aa1914", "italy coin"))
    assert len(ruling_choices("rx07", "")) == min(24, len(ranked("rx07", "")))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80), st.sampled_from(["rx07", "aa1914", "classic", None]))
def test_any_text_is_searched_without_crashing(typed, variant):
    assert len(ruling_choices(variant, typed)) <= 24
    try:
        assert ruling_text(variant, typed)
    except NotFound:
        pass


async def test_the_console_finds_a_ruling_by_any_word(service, tmp_path):
    console = Console(service, out_dir=str(tmp_path), write=lambda _: None)
    shown = " ".join(await console.execute("ruling rx07 italy coin"))
    assert shown.startswith("**Rule 2: the coin flip**"), shown


async def test_discord_autocomplete_and_lookup_find_a_ruling_by_any_word(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        game_id = await started_game(world, "rx07", "Somme")
        channel = world.seat_channel(game_id, "Entente")
        player = world.players[0]
        offered = await world.harness.autocomplete(player, channel, "rules", "ruling", "italy coin")
        assert offered[0]["value"] == "Rule 2: the coin flip", offered
        shown = await world.slash(player, "rules", channel=channel, ruling="italy coin")
        assert shown.ephemeral and shown.text.startswith("**Rule 2: the coin flip**"), shown.text
        assert not world.fake.refusals and not world.fake.violations
