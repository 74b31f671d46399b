"""Property tests: random text never crashes the console, the option reader or the services."""
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from console import Console
from cogs.orders import split_target
from service import ServiceError
from service.text import parse_option_words

WORDS = st.sampled_from(["game", "create", "join", "start", "orders", "order", "ready", "as", "map",
                         "guess", "1", "2", "#1", "North:", "status", "extend", "-5", "nan", "x=y",
                         "pause", "resume", "abandon", "clear", "assign", "export", "admin", ";", "'"])
COMMANDS = st.lists(WORDS, min_size=1, max_size=6).map(" ".join) | st.text(max_size=80)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(COMMANDS, min_size=1, max_size=8))
async def test_console_never_crashes(service, tmp_path, lines):
    console = Console(service, tmp_path, write=lambda _: None)
    for line in lines:
        out = await console.execute(line)
        assert isinstance(out, list)


@given(st.text(max_size=200))
def test_option_words_parse_or_explain(text):
    try:
        assert isinstance(parse_option_words(text), dict)
    except ServiceError:
        pass


@given(st.text(alphabet=string.printable, max_size=120))
def test_split_target_total(text):
    game_id, seat, rest = split_target(text)
    assert game_id is None or game_id >= 0
    assert isinstance(rest, str)
