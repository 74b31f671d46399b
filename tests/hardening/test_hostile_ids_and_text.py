"""Hostile ids and text at the service's entry points. Ids of 2^63 and more,
negative, 0, text or true/false; text with lone surrogates, control characters, a megabyte of
it: every call either works or raises a ServiceError with a message that fits a Discord reply,
never an OverflowError, UnicodeEncodeError or KeyError."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service import Actor, ServiceError
from service.checks import MAX_SHEET, check_id, clean_text
from service.errors import BadInput, Forbidden, MESSAGE_MAX, tidy_error
from tests.conftest import ADMIN, ALICE, BOB, GUILD

HOSTILE_IDS = st.one_of(
    st.sampled_from([0, -1, 1, 2 ** 63 - 1, 2 ** 63, 2 ** 64, -(2 ** 63), 10 ** 5000]),
    st.integers(min_value=-(2 ** 70), max_value=2 ** 70), st.booleans(), st.none(), st.floats(),
    st.text(max_size=6))
SURROGATES = st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=3)
HOSTILE_TEXT = st.one_of(
    st.text(max_size=80), st.builds(lambda a, b, c: a + b + c, st.text(max_size=10), SURROGATES, st.text(max_size=10)),
    st.sampled_from(["x" * 1_000_000, "\n" * 10_000, "A Par - Bur\n" * 5_000, "\x00\x1b[2J", "`" * 5_000]))

CALLS = ["set_notify", "set_guild_settings", "create_game", "add_press_room", "set_palette", "game_for_channel",
         "list_games", "games_of_user", "palette_for", "notify_settings", "submit_orders", "set_policy",
         "import_file", "actor", "check_press"]


async def table(service):
    """A running two-player game (made once per service)."""
    if not hasattr(service, "_fuzz_game"):
        game = await service.create_game(GUILD, ALICE, "guess")
        await service.join(game.id, ALICE)
        await service.join(game.id, BOB)
        await service.start(game.id, ALICE)
        service._fuzz_game = game.id
    return service._fuzz_game


async def call(service, name, some_id, text, game_id):
    actor = ALICE
    if name == "actor":
        return Actor(some_id)
    if name == "set_notify":
        return await service.set_notify(some_id, reminders=text)
    if name == "set_guild_settings":
        return await service.set_guild_settings(some_id, ADMIN, palette=text)
    if name == "create_game":
        return await service.create_game(some_id, actor, "guess", name=text)
    if name == "add_press_room":
        return await service.add_press_room(game_id, actor, (text, "South"), some_id)
    if name == "check_press":
        return await service.check_press(game_id, actor, text, some_id)
    if name == "set_palette":
        return await service.set_palette(some_id, text)
    if name in ("game_for_channel", "list_games", "games_of_user", "notify_settings"):
        return await getattr(service, name)(some_id)
    if name == "palette_for":
        return await service.palette_for(some_id, some_id)
    if name == "submit_orders":
        return await service.submit_orders(game_id, actor, text)
    if name == "set_policy":
        return await service.set_policy(game_id, actor, deadline_time="21:00", time_zone=text)
    if name == "import_file":
        return await service.import_file(some_id, ADMIN, text.encode("utf-8", "surrogatepass"))
    raise AssertionError(name)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(name=st.sampled_from(CALLS), some_id=HOSTILE_IDS, text=HOSTILE_TEXT)
async def test_hostile_ids_and_text_never_crash_a_service_call(service, name, some_id, text):
    game_id = await table(service)
    try:
        await call(service, name, some_id, text, game_id)
    except ServiceError as refusal:
        message = str(refusal)
        assert message and len(message) <= MESSAGE_MAX
        message.encode("utf-8")                       # printable anywhere


@pytest.mark.parametrize("bad", [0, -1, 2 ** 63, 2 ** 64, True, "12", None, 1.5])
async def test_each_entry_point_refuses_a_non_id_by_name(service, bad):
    for coroutine, what in ((service.set_notify(bad), "the user id"), (service.set_palette(bad, "standard"), "the user id"),
                            (service.set_guild_settings(bad, ADMIN, phase_hours=24), "the server id"),
                            (service.create_game(bad, ALICE, "guess"), "the server id"),
                            (service.game_for_channel(bad), "the channel id"), (service.list_games(bad), "the server id"),
                            (service.games_of_user(bad), "the user id"),
                            (service.import_file(bad, ADMIN, b"{}"), "the server id")):
        with pytest.raises(BadInput, match=what):
            await coroutine
    with pytest.raises(BadInput, match="the user id"):
        Actor(bad)


async def test_add_press_room_checks_who_may_act_itself(service):
    from tests.conftest import CAROL

    game_id = await table(service)
    with pytest.raises(Forbidden, match="only players of game"):
        await service.add_press_room(game_id, CAROL, ("North", "South"), 555)
    with pytest.raises(BadInput, match="has no seat"):
        await service.add_press_room(game_id, ALICE, ("North", "So\ud800uth"), 555)
    with pytest.raises(BadInput, match="the channel id"):      # checked at the entry (service.ids)
        await service.add_press_room(game_id, ALICE, ("North", "South"), 2 ** 63)
    room = await service.add_press_room(game_id, ALICE, ("North", "South"), 555)
    assert room.seats == ("North", "South")


async def test_names_with_lone_surrogates_are_cleaned_and_stored(service):
    game = await service.create_game(GUILD, ALICE, "guess", name="War\ud800 of\x00 the\n\nworlds")
    assert game.name == "War? of the worlds"
    assert clean_text("x" * 1_000_000, 60) == "x" * 60


async def test_a_megabyte_order_sheet_is_refused_before_any_parsing(service):
    game_id = await table(service)
    with pytest.raises(BadInput, match=r"1,000,000 characters of orders; a submission has at most 200 orders"):
        await service.submit_orders(game_id, ALICE, "x" * 1_000_000)
    with pytest.raises(BadInput, match=r"order 2 \(`yyyy.*is 301 characters long"):
        await service.submit_orders(game_id, ALICE, "guess 1\n" + "y" * 301)
    with pytest.raises(BadInput, match="201 orders at once; at most 200"):
        await service.submit_orders(game_id, ALICE, "guess 1\n" * 201)
    assert MAX_SHEET < 100_000


def test_every_service_error_fits_a_reply():
    assert len(str(BadInput("x" * 10_000))) <= MESSAGE_MAX < 2000
    assert str(BadInput("bad \ud800")) == "bad ?"
    assert tidy_error("`" + "z" * 500 + "`").startswith("`zzz") and check_id(5, "x") == 5


async def test_a_megabyte_console_line_is_refused_before_it_is_split(service, tmp_path):
    from console import MAX_LINE, Console
    from service.text import parse_option_words

    console = Console(service, tmp_path, write=lambda text: None)
    for line in ("game settings " + "x" * 1_000_000, "help " + "y" * 1_000_000, "as " + "z" * 1_000_000):
        out = await console.execute(line)
        assert out[0].startswith(f"error: that line is {len(line):,} characters long; a command has at most "
                                 f"{MAX_LINE:,}"), out
    assert console.actor.name == "player1"                   # nothing changed
    with pytest.raises(BadInput, match="the options are 100,000 characters long"):
        parse_option_words("a" * 100_000)
