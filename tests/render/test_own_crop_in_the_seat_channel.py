"""Each seat's private results carry a crop of that seat's own orders: the results a seat channel
gets after every turn (its own results, then its brief) come with the map around the seat's own
orders, drawn in the worker pool in its player's palette; a crop not drawn in time never drops:
the words go first and the crop follows as its own message. Asserted on geometry too: in a phase
with far-apart actions each seat's own crop holds every unit of that seat the phase changed."""
import io

from PIL import Image

from render.diplomacy import power_colours
from render.registry import focus_boxes
from service import maps
from service.delivery import deliver_pending
from tests.conftest import ALICE, drain_outbox
from tests.discord_world import README_PERMISSIONS, open_world, started_game
from tests.render.test_action_crops import changed_boxes, inside, play, unit_box

FAR_APART = {"Entente": ["F Sev - Bla", "F Bre - Mao"], "Central": ["F Ank - Bla", "A Bud - Ser"]}


def test_each_seats_own_crop_holds_its_changed_units_at_both_ends_of_the_map():
    """rx07, Fall 1914: the Entente acts at both ends (the Black Sea, the Atlantic: two crops),
    the Central Powers in the Black Sea and the Balkans."""
    before, orders, after = play("rx07", FAR_APART)
    for seat, own_units in (("Entente", ("sev", "mao", "bla")), ("Central", ("ank", "ser"))):
        crops = focus_boxes("rx07", after, orders, [seat])
        assert crops, seat
        for loc in own_units:
            assert inside(unit_box(loc), crops), (seat, loc)
        powers = {"Entente": ("England", "France", "Russia", "Italy"), "Central": ("Germany", "Austria", "Turkey")}
        for what, box in changed_boxes(before, after):
            if what.split()[0] in powers[seat]:
                assert inside(box, crops), (seat, what)


async def test_the_seat_channels_results_carry_the_seats_own_crop(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        entente_player, central_player = world.players
        game_id = await started_game(world, "rx07", "Verdun")
        central, entente = world.seat_channel(game_id, "Central"), world.seat_channel(game_id, "Entente")
        marks = {entente.id: len(entente.messages), central.id: len(central.messages)}
        await world.say(central_player, central, "\n".join(FAR_APART["Central"]))
        await world.say(entente_player, entente, "\n".join(FAR_APART["Entente"]))
        await world.slash(central_player, "ready", channel=central, confirm=True)
        await world.slash(entente_player, "ready", channel=entente, confirm=True)
        colours = power_colours("standard")
        for channel, seat, own in ((entente, "entente", "France"), (central, "central", "Austria")):
            results = await world.harness.wait_message(channel, "Your results of **Fall 1914 Movement**",
                                                       after=marks[channel.id], timeout=15)
            names = [a["filename"] for a in results["attachments"]]
            assert names and all(n.startswith(f"game-{game_id}-phase-1-{seat}") for n in names), names
            present = set()
            for _, data in results["_files"]:
                present |= {colour for _, colour in Image.open(io.BytesIO(data)).convert("RGB").getcolors(1 << 18)}
            assert colours[own] in present
        # only the seat's own channel holds its crop
        assert not [m for m in world.public_channel(game_id).messages
                    if any("-entente" in a["filename"] or "-central" in a["filename"] for a in m["attachments"])]
        assert not world.fake.refusals and not world.fake.violations


class Posted:
    def __init__(self):
        self.sent = []

    async def __call__(self, destination, delivery):
        pictures = [delivery.filename, *(name for _, name in delivery.extras)] if delivery.png else []
        self.sent.append((delivery.message, destination.text, pictures))


async def test_a_crop_not_drawn_in_time_follows_as_its_own_message(service, monkeypatch):
    from engine.catalog import register_all
    from tests.seasons.helpers import everyone_ready, rx07

    register_all()
    game = await rx07(service)
    await drain_outbox(service)
    await service.submit_orders(game.id, ALICE, "F Bre - Mao")
    await everyone_ready(service, game.id)
    drawn = maps.posted_seat_crops
    late = {"Entente"}

    async def busy(service_, game_id, seq, seat):
        if seat in late:
            late.discard(seat)
            return None                      # the workers are busy: not drawn in time
        return await drawn(service_, game_id, seq, seat)
    monkeypatch.setattr("service.delivery.posted_seat_crops", busy)
    posted = Posted()
    await deliver_pending(service, posted, console=False)
    entente = [(m, text, pictures) for m, text, pictures in posted.sent if m.target == "seat:Entente"]
    assert "Your orders on the map follow in a moment." in entente[0][1] and entente[0][2] == []
    follow = entente[-1]
    assert "Entente's own orders on the map" in follow[1]
    assert follow[2] == [f"game-{game.id}-phase-1-entente.png"]
    assert len([p for _, _, pictures in entente for p in pictures]) == 1          # posted once
