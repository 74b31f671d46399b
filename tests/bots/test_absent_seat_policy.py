"""At the service level: the absent-seat policy (a seat in civil disorder played
by the bot until its player returns, with a "while you were away" digest), its defaults, and
`/hint` (private, nothing saved)."""
import pytest

from engine.catalog import register_all
from engine.variant import get_variant
from service import BadInput, Forbidden
from service.bots import absent_default, absent_policy
from service.text import game_rules
from tests.conftest import ALICE, BOB, GUILD, drain_outbox


@pytest.fixture(autouse=True)
def catalog():
    register_all()


async def duel(service, **policy):
    game = await service.create_game(GUILD, ALICE, "rx07", phase_hours=48)
    await service.join(game.id, ALICE, "Entente")
    await service.join(game.id, BOB, "Central")
    if policy:
        await service.set_policy(game.id, ALICE, **policy)
    return await service.start(game.id, ALICE)


def test_the_default_fits_the_variant():
    """Diplomacy's rulebook and its hosts: a power in civil disorder holds. A team game (A&A's
    alliances): an idle ally sinks its side, so the bot plays."""
    assert absent_default(get_variant("rx07"), {}) == "hold"
    assert absent_default(get_variant("classic"), {}) == "hold"
    aa = get_variant("aa1914")
    assert absent_default(aa, aa.parse_options({})) == ("bot" if aa.bot_levels() else "hold")


async def test_the_gm_sets_the_absent_policy_and_it_is_shown(service):
    game = await duel(service)
    assert absent_policy(game) == "hold"
    changed = await service.set_policy(game.id, ALICE, absent="bot")
    assert absent_policy(changed) == "bot"
    assert "played by the bot" in game_rules(changed)
    with pytest.raises(BadInput, match="`bot` or `hold`"):
        await service.set_policy(game.id, ALICE, absent="robot")
    with pytest.raises(Forbidden):
        await service.set_policy(game.id, BOB, absent="hold")


async def test_a_seat_in_civil_disorder_is_played_by_the_bot_until_its_player_returns(service, clock):
    game = await duel(service, excused_misses=0, absent="bot")
    await service.submit_orders(game.id, ALICE, "A Par H")
    first = await service.phase(game.id)
    clock.advance(hours=48, seconds=1)
    await service.tick()              # Bob missed: civil disorder; the bot orders his seat, then the deadline adjudicates
    out = await drain_outbox(service)
    told = [m.content for m in out if m.target == "game"]
    assert any("civil disorder" in t and "the bot plays it from now on" in t for t in told)
    assert any(f"**{first.label}** adjudicated (deadline)" in t for t in told)
    assert (await service.game(game.id)).seat("Central").civil_disorder
    played = (await service.store.order_sheets(first.id))["Central"]
    assert played.lines and played.submitted_by is None            # the phase Bob missed was played by the bot
    reasons = [m.content for m in out if m.target == "seat:Central" and m.content.startswith("🤖")]
    assert len(reasons) == 1 and all(f"`{line}`" in reasons[0] for line in played.lines)
    # the next phases: the bot orders as they open, secretly, and they run on their deadlines
    for _ in range(2):
        phase = await service.phase(game.id)
        acting = get_variant("rx07").seats_to_act(phase.state)
        if "Central" in acting:
            sheet = (await service.store.order_sheets(phase.id))["Central"]
            assert sheet.ready and sheet.submitted_by is None
            moves = [line for line in sheet.lines if " - " in line]
            assert not any(line in m.content for m in await drain_outbox(service) for line in moves)
        if "Entente" not in acting:
            break
        clock.advance(hours=48, seconds=1)
        await service.tick()
    await drain_outbox(service)
    # Bob returns by giving orders: back from civil disorder, with a digest of his absence
    new = await service.phase(game.id)
    example = (await service.example_orders(game.id, BOB))[:1]
    await service.submit_orders(game.id, BOB, example[0])
    assert not (await service.game(game.id)).seat("Central").civil_disorder
    digest = [m.content for m in await drain_outbox(service) if m.target == "seat:Central" and "📬" in m.content]
    assert len(digest) == 1 and "the bot played your seat" in digest[0] and first.label in digest[0]
    sheet = (await service.store.order_sheets(new.id))["Central"]
    assert sheet.submitted_by == BOB.user_id and sheet.lines == tuple(example)     # his orders, not the bot's
    await service.mark_ready(game.id, BOB, confirm=True)
    await service.tick()
    assert (await service.game(game.id)).seat("Central").bot is None


async def test_with_the_hold_policy_the_bot_never_plays_an_absent_seat(service, clock):
    game = await duel(service, excused_misses=0)
    await service.submit_orders(game.id, ALICE, "A Par H")
    clock.advance(hours=48, seconds=1)
    await service.tick()
    await service.tick()
    phase = await service.phase(game.id)
    assert "Central" not in await service.store.order_sheets(phase.id)


async def test_a_hint_is_for_the_seat_holder_only_and_saves_nothing(service):
    game = await duel(service)
    hint = await service.hint(game.id, ALICE)
    assert hint.seat == "Entente" and hint.orders and all(why for _, why in hint.orders)
    text = hint.describe()
    assert "only you see this" in text and all(f"`{line}`" in text for line, _ in hint.orders)
    phase = await service.phase(game.id)
    assert await service.store.order_sheets(phase.id) == {}
    assert (await service.hint(game.id, ALICE)).orders == hint.orders      # the same hint twice
    with pytest.raises(Forbidden):
        await service.hint(game.id, BOB, "Entente")
    with pytest.raises(BadInput, match="not `grandmaster`"):
        await service.hint(game.id, ALICE, level="grandmaster")
    assert not any("🤖" in m.content or hint.orders[0][1] in m.content for m in await drain_outbox(service))
