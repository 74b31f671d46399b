"""Random and hostile text at the bot entry points (`bots:` at creation, `/gm bot`'s seat
and level, `/gm policy absent:`, `/hint`'s seat and level) never crashes them: every call either
works or raises a ServiceError whose message fits a Discord reply."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.catalog import register_all
from service import ServiceError
from service.errors import MESSAGE_MAX
from tests.conftest import ALICE, GUILD

TEXT = st.one_of(
    st.text(max_size=60), st.sampled_from(["", " ", ",", ",,,", "Central,Central", "off", "hard", "x" * 100_000,
                                           "Entente, " * 5_000, "\x00\ud800", "central;entente"]))
CALLS = ("create", "bot", "absent", "hint")


async def games(service):
    """A forming and a running rx07 game (made once per service)."""
    if not hasattr(service, "_bot_fuzz"):
        register_all()
        forming = await service.create_game(GUILD, ALICE, "rx07")
        await service.join(forming.id, ALICE, "Entente")
        running = await service.create_game(GUILD, ALICE, "rx07", bots="Central")
        await service.join(running.id, ALICE, "Entente")
        await service.start(running.id, ALICE)
        service._bot_fuzz = (forming.id, running.id)
    return service._bot_fuzz


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(call=st.sampled_from(CALLS), first=TEXT, second=TEXT, guild=st.integers(2_000, 10 ** 9))
async def test_random_text_never_crashes_a_bot_call(service, call, first, second, guild):
    forming, running = await games(service)
    try:
        if call == "create":
            # a server of its own each time: the limit of open games never answers first
            await service.create_game(guild, ALICE, "rx07", bots=first, bot_level=second or None)
        elif call == "bot":
            await service.set_bot_seat(forming, ALICE, first, second)
        elif call == "absent":
            await service.set_policy(running, ALICE, absent=first)
        else:
            await service.hint(running, ALICE, first or None, second or None)
    except ServiceError as refusal:
        message = str(refusal)
        assert message and len(message) <= MESSAGE_MAX
        message.encode("utf-8")
