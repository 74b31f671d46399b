"""rx07 through the service, the console and the renderer: a game from Fall 1914 to Spring 1915."""
import io

from PIL import Image

from console import Console
from engine.catalog import register_all
from engine.diplomacy.rx07 import Rx07Variant
from render.diplomacy import render_diplomacy
from service.maps import phase_map
from tests.conftest import ALICE, BOB, GUILD

register_all()


async def start_rx07(service):
    game = await service.create_game(GUILD, ALICE, "rx07", name="Great War")
    await service.join(game.id, ALICE, "Entente")
    await service.join(game.id, BOB, "Central")
    return await service.start(game.id, ALICE)


async def test_a_year_of_rx07_through_the_service(service):
    game = await start_rx07(service)
    assert (await service.phase(game.id)).label == "Fall 1914 Movement"
    await service.submit_orders(game.id, BOB, "A Bud - Ser\nA Mun - Bur")
    sheet = await service.submit_orders(game.id, BOB, "A Vie - Gal", replace=False)
    assert sheet.lines == ("A Bud - Ser", "A Mun - Bur", "A Vie - Gal")
    sheet = await service.submit_orders(game.id, BOB, "A Mun - Ruh", replace=False)
    assert sheet.lines == ("A Bud - Ser", "A Mun - Ruh", "A Vie - Gal")   # same unit: replaced
    await service.submit_orders(game.id, ALICE, "A War - Gal\nF Lon - Nth")
    from service.errors import Unconfirmed
    import pytest
    with pytest.raises(Unconfirmed, match="unit\\(s\\) without an order will hold: Bre, Edi"):
        await service.mark_ready(game.id, ALICE)
    await service.mark_ready(game.id, ALICE, confirm=True)
    _, winter = await service.mark_ready(game.id, BOB, confirm=True)
    assert winter.label == "Winter 1914 Adjustment"
    report = (await service.phase(game.id, 0)).report
    assert "**Austria** (Central)\n✓ A Bud - Ser\n✗ A Vie - Gal — bounced with A War (Russia)" in report
    assert "✗ A War - Gal — bounced with A Vie (Austria)" in report
    await service.submit_orders(game.id, BOB, "Build A Bud")
    _, spring = await service.mark_ready(game.id, BOB, confirm=True)
    assert spring.label == "Spring 1915 Movement" and spring.state["italy_side"] in ("Entente", "Central")
    messages = [m.content for m in await service.pending_messages(200)]
    assert any("Coin flip for Italy" in m for m in messages)
    png, name = await phase_map(service, game.id, 1)
    size = Image.open(io.BytesIO(png)).size
    assert size[0] == 1376 and size[1] > 1020 and name == "game-1-phase-1.png"     # the panel is below
    # the map of the phase being played says when its orders are due; a results map names both phases
    import service.maps as maps
    labels = []
    real = maps.render_map
    maps.render_map = lambda *args, **kw: labels.append(args[3]) or real(*args, **kw)
    try:
        await phase_map(service, game.id)
        await phase_map(service, game.id, 1)
    finally:
        maps.render_map = real
    assert "Spring 1915 Movement · orders due" in labels[0] and labels[0].endswith("UTC")
    assert labels[1].endswith("Fall 1914 Movement orders → Winter 1914 Adjustment")


async def test_wrong_seat_and_bad_order_through_service(service):
    from service import BadInput, Forbidden
    import pytest
    game = await start_rx07(service)
    with pytest.raises(BadInput, match="belongs to Germany, not to you"):
        await service.submit_orders(game.id, ALICE, "A Mun - Bur")
    with pytest.raises(BadInput, match="Holland is closed"):
        await service.submit_orders(game.id, BOB, "F Kie - Hol")
    with pytest.raises(Forbidden):
        await service.submit_orders(game.id, ALICE, "A Mun - Bur", seat="Central")


async def test_console_plays_rx07(service, tmp_path):
    console = Console(service, tmp_path, write=lambda _: None)
    for line in ["as alice", "game create rx07 name=Console", "game join 1 Entente", "as bob",
                 "game join 1 Central", "as alice", "game start 1"]:
        await console.execute(line)
    out = await console.execute("orders 1 A War - Gal; F Lon - Nth")
    assert "A War - Gal" in out[0] and "F Lon - Nth" in out[0]
    out = await console.execute("orders 1 A Mun - Bur")
    assert out[0].startswith("error: no order was saved") and "belongs to Germany" in out[0]
    out = await console.execute("ready 1")
    assert "not marked ready yet" in out[0] and "confirm" in out[0]
    await console.execute("ready 1 confirm")
    await console.execute("as bob")
    out = await console.execute("ready 1 confirm")
    assert any("adjudicated" in line for line in out)
    assert any((tmp_path / f).exists() for f in ("game-1-phase-1.png",))


def test_render_shows_units_orders_and_label():
    v = Rx07Variant()
    import random
    state = v.initial_state({}, random.Random(1))
    png = render_diplomacy(state, {"Central": ["A Mun - Bur", "A Ber S A Mun - Bur"]}, "Fall 1914 Movement")
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size[0] == 1376 and image.size[1] > 1020
    # Berlin's army is drawn in Germany's colour at its jDip unit position
    from render.diplomacy import POWER_COLOURS, _unit_point
    x, y = _unit_point("ber")
    box = image.crop((int(x) - 10, int(y) - 10, int(x) + 10, int(y) + 10)).convert("RGB")
    assert list(box.getdata()).count(POWER_COLOURS["Germany"]) > 40


async def test_a_map_sent_to_one_player_is_drawn_in_their_palette(service):
    """The colour-blind palette is "used for maps sent to that player (ephemeral or DM)";
    a map posted in a channel keeps the server's colours."""
    from render.diplomacy import _unit_point, power_colours
    from service.delivery import Destination, for_reader, prepare
    game = await start_rx07(service)
    await service.set_palette(ALICE.user_id, "colour-blind")
    message = next(m for m in await service.pending_messages(200) if m.phase_id is not None)
    delivery = await prepare(service, message)
    to_alice = await for_reader(service, delivery, Destination("user", ALICE.user_id, "", True, None))
    to_channel = await for_reader(service, delivery, Destination("channel", 5, "", True, None))
    to_bob = await for_reader(service, delivery, Destination("user", BOB.user_id, "", True, None))
    assert to_channel is delivery and to_bob is delivery and to_alice.png != delivery.png

    def at_berlin(png):
        x, y = (int(v) for v in _unit_point("ber"))
        return list(Image.open(io.BytesIO(png)).convert("RGB").crop((x - 8, y - 8, x + 8, y + 8)).getdata())
    assert power_colours("colour-blind")["Germany"] in at_berlin(to_alice.png)
    assert power_colours("standard")["Germany"] in at_berlin(delivery.png)
    assert game.id == delivery.game.id
