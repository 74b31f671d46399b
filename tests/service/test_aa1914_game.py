"""A&A 1914 through the service and the cogs: turns, standing casualty orders, dice, odds."""
import hashlib
import random

import pytest

from cogs.aa1914 import AA1914Cog
from engine.aa1914.variant import AA1914Variant
from engine.catalog import register_all
from service import Actor, BadInput, BadState
from tests.conftest import GUILD
from tests.fakes import FakeAuthor, FakeContext, invoke

register_all()
V = AA1914Variant()
PLAYERS = {power: Actor(100 + i, name=power) for i, power in enumerate(V.board.turn_order)}


async def start(service, **options):
    game = await service.create_game(GUILD, PLAYERS["Austria-Hungary"], "aa1914", options=options)
    for power, actor in PLAYERS.items():
        await service.join(game.id, actor, power)
    return await service.start(game.id, PLAYERS["Austria-Hungary"])


async def test_a_turn_through_the_service(service):
    game = await start(service)
    phase = await service.phase(game.id)
    assert phase.label == "Round 1: Austria-Hungary"
    ah = PLAYERS["Austria-Hungary"]
    await service.submit_orders(game.id, ah, "buy 2 infantry\nmove 2 infantry, 1 artillery Budapest - Serbia")
    with pytest.raises(BadInput, match="Austria-Hungary has 20 IPCs left"):
        await service.submit_orders(game.id, ah, "buy 10 infantry", replace=False)
    _, nxt = await service.mark_ready(game.id, ah, confirm=True)
    assert nxt.label == "Round 1: Russia"
    report = (await service.phase(game.id, 0)).report
    assert "Serbia mobilizes" in report and "Battle of Serbia" in report
    dice = [e for e in nxt.state["log"] if e["battle"] == "Serbia"]
    assert dice and all(1 <= d <= 6 for e in dice for d in e["dice"])


async def test_defender_sets_casualties_during_the_attackers_turn(service):
    game = await start(service)
    russia = PLAYERS["Russia"]
    sheet = await service.submit_orders(game.id, russia, "casualties artillery, infantry")
    assert sheet.lines == ("casualties artillery, infantry",)
    with pytest.raises(BadInput, match="may only set `casualties"):
        await service.submit_orders(game.id, russia, "buy 1 infantry")
    with pytest.raises(BadState, match="does not act"):
        await service.mark_ready(game.id, russia)
    await service.submit_orders(game.id, PLAYERS["Austria-Hungary"], "move 2 infantry, 1 artillery Budapest - Serbia")
    _, nxt = await service.mark_ready(game.id, PLAYERS["Austria-Hungary"], confirm=True)
    assert nxt.state["loss_orders"]["Russia"] == ["artillery", "infantry"]


async def test_seed_is_committed_at_start_and_replays_the_dice(service):
    game = await start(service)
    assert game.seed_hash == hashlib.sha256(b"testseed").hexdigest()
    await service.submit_orders(game.id, PLAYERS["Austria-Hungary"], "move 2 infantry, 1 artillery Budapest - Serbia")
    _, nxt = await service.mark_ready(game.id, PLAYERS["Austria-Hungary"], confirm=True)
    # anyone with the revealed seed replays phase 0 with Random("<seed>:0") and gets the same dice
    first = await service.phase(game.id, 0)
    replay = V.adjudicate(first.state, {"Austria-Hungary": ["move 2 infantry, 1 artillery: Budapest - Serbia"]},
                          random.Random("testseed:0"))
    assert replay.state["log"] == nxt.state["log"]


async def test_odds_and_buy_commands(service):
    await start(service)
    cog = AA1914Cog(object(), service)
    ctx = FakeContext(FakeAuthor(PLAYERS["Austria-Hungary"].user_id, "ah"))
    text = await invoke(cog, AA1914Cog.odds, ctx, battle="1 infantry vs 1 infantry")
    assert "attacker wins 16.7%" in text and "contested 33.3%" in text
    text = await invoke(cog, AA1914Cog.buy, FakeContext(FakeAuthor(PLAYERS["Austria-Hungary"].user_id, "ah")),
                        units="2 infantry")
    assert "`buy 2 infantry`" in text
    text = await invoke(cog, AA1914Cog.buy, FakeContext(FakeAuthor(PLAYERS["Russia"].user_id, "ru")),
                        units="2 infantry")
    assert "⚠️" in text and "Austria-Hungary's turn" in text
    text = await invoke(cog, AA1914Cog.odds, FakeContext(FakeAuthor(1, "x")), battle="nonsense")
    assert text.startswith("⚠️ write `<attackers> vs <defenders>`")


async def test_economic_victory_at_the_end_round(service):
    state = V.initial_state({"end_round": 1}, random.Random(0))
    state["turn"] = 7   # the United States ends round 1
    result = V.adjudicate(state, {}, random.Random(0))
    assert result.finished and "Economic victory points" in result.announcements[0]
    assert result.state["winner"] == "draw" and result.winners == ()


def test_political_collapse_surrenders_at_the_end_of_the_turn():
    state = V.initial_state({}, random.Random(0))
    state["turn"] = 3   # France
    for name in ("Paris", "Picardy", "Burgundy"):
        state["control"][name] = "Germany"
        state["units"] = [u for u in state["units"] if u["where"] != name]
    state["treasury"]["France"] = 7
    result = V.adjudicate(state, {}, random.Random(0))
    assert result.state["collapsed"]["France"] == "political"
    assert not any(u["owner"] == "France" for u in result.state["units"])
    assert result.state["unclaimed_treasury"]["France"] == 7 + 0
    assert "surrenders" in result.report


def test_map_shows_control_contested_and_units():
    import io
    from PIL import Image
    from render.aa1914 import POWER_COLOURS, board_size, place_point, render_aa1914
    state = V.initial_state({}, random.Random(0))
    state["units"].append({"id": 9999, "type": "infantry", "owner": "Austria-Hungary", "where": "Serbia", "damaged": False})
    state["units"].append({"id": 9998, "type": "infantry", "owner": "Russia", "where": "Serbia", "damaged": False})
    image = Image.open(io.BytesIO(render_aa1914(state, None, "Round 1: Russia"))).convert("RGB")
    assert image.size[0] == board_size()[0] and image.size[1] > board_size()[1]
    x, y = place_point("Serbia")
    serbia = image.crop((int(x) - 25, int(y) - 25, int(x) + 25, int(y) + 25))
    assert list(serbia.getdata()).count((200, 0, 0)) > 50                     # contested hatching
    assert POWER_COLOURS["Austria-Hungary"] in serbia.getdata()                 # its unit box


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

WORDS = st.sampled_from(["buy", "move", "place", "attack", "break", "off", "retreat", "to", "after", "casualties",
                         "declare", "usw", "3", "0", "999", "infantry", "inf", "bb", "damaged", "Berlin", "SZ", "5",
                         "-", "->", ":", ",", "Silesia", "united", "states", "of", "america"])


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=80), st.lists(WORDS, max_size=10).map(" ".join)))
def test_random_text_never_crashes_the_order_parser(text):
    from engine.aa1914.orders import parse_order
    from engine.errors import OrderError
    try:
        order = parse_order(text, V.board)
    except OrderError as exc:
        assert str(exc)
    else:
        assert parse_order(order.text(), V.board) == order


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(WORDS, min_size=1, max_size=8).map(" ".join), max_size=4))
def test_random_orders_are_accepted_or_refused_never_crash(lines):
    from engine.errors import OrderError
    state = V.initial_state({}, random.Random(0))
    try:
        V.check_orders(state, "Austria-Hungary", lines)
    except OrderError as exc:
        assert str(exc)


async def test_one_player_can_hold_every_power(service):
    solo = Actor(7, name="solo")
    game = await service.create_game(GUILD, solo, "aa1914")
    for power in V.board.turn_order:
        await service.join(game.id, solo, power)
    await service.start(game.id, solo)
    sheet = await service.submit_orders(game.id, solo, "buy 1 infantry")     # no seat named: the active one
    assert sheet.seat == "Austria-Hungary"
    _, nxt = await service.mark_ready(game.id, solo, confirm=True)     # no attack on Serbia: confirmed
    assert nxt.label == "Round 1: Russia"
    assert (await service.submit_orders(game.id, solo, "buy 1 infantry")).seat == "Russia"
    sheet = await service.submit_orders(game.id, solo, "submerge always", seat="Germany")
    assert sheet.lines == ("submerge always",)


def test_standing_orders_from_other_seats_follow_the_same_rules():
    from engine.errors import OrderError
    state = V.initial_state({}, random.Random(0))          # Austria-Hungary's turn
    assert V.check_orders(state, "Russia", ["submerge always"]) == ["submerge always"]
    with pytest.raises(OrderError, match="option `counter_battery`"):
        V.check_orders(state, "Russia", ["counter-battery always"])
    with pytest.raises(OrderError, match="option `spain_balance`"):
        V.check_orders(state, "Russia", ["spain pay 2"])
    spanish = V.initial_state({"spain_balance": True}, random.Random(0))
    with pytest.raises(OrderError, match="only France pays to sway Spain"):
        V.check_orders(spanish, "Russia", ["spain pay 2"])
    result = V.adjudicate(state, {"Russia": ["casualties artillery", "trains react"]}, random.Random(0))
    assert result.state["loss_orders"]["Russia"] == ["artillery"] and result.state["trains_react"] == {"Russia": True}
    assert "Russia" not in state["loss_orders"]               # the phase's input state is not changed
