"""Importing a finished game's export: every export round-trips (bot seats stay the bot's, at
their level), and a file that contradicts itself is refused with a message naming the
contradiction — options against the phases played under them, a bot level the bot does not
play, a seat both a bot's and a person's, an order sheet without its author."""
import asyncio
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db import Database
from engine.catalog import register_all
from engine.variant import get_variant
from service import GameService
from service.errors import BadExport
from tests.conftest import ADMIN, ALICE, BOB, GUILD, FakeClock

PEOPLE = (ALICE, BOB)


@pytest.fixture(autouse=True)
def catalog():
    register_all()


async def played_export(service, variant: str, bots: list[str], level: str, rounds: int,
                        options: dict | None = None) -> dict:
    """A game with `bots` played by the bot, the other seats by Alice and Bob in turn, `rounds`
    clock rounds played, then abandoned: its complete export as parsed JSON."""
    game = await service.create_game(GUILD, ALICE, variant, options=options, bots=", ".join(bots) or None,
                                     bot_level=level if bots else None)
    people = [s.seat for s in game.seats if not s.bot]
    for index, seat in enumerate(people):
        await service.join(game.id, PEOPLE[index % 2], seat)
    await service.start(game.id, ALICE)
    for _ in range(rounds):
        await service.tick()
        game = await service.game(game.id)
        if game.status != "active":
            break
        for seat, ready in (await service.readiness(game.id)).items():
            holder = game.holder(seat)
            if not ready and holder is not None:
                await service.mark_ready(game.id, next(p for p in PEOPLE if p.user_id == holder), seat=seat,
                                         confirm=True)
    if (await service.game(game.id)).status == "active":
        await service.abandon(game.id, ALICE)
    return json.loads(json.dumps(await service.export(game.id, ALICE)))


def changed(data: dict, change) -> dict:
    copy = json.loads(json.dumps(data))
    change(copy)
    return copy


async def refused(service, data: dict, *words: str) -> str:
    with pytest.raises(BadExport) as caught:
        await service.import_game(GUILD + 1, ADMIN, data)
    text = str(caught.value)
    assert all(word in text for word in words), text
    assert await service.list_games(GUILD + 1, include_over=True) == []      # nothing was written
    return text


# ------------------------------------------------------------------ the round trip

SEATS = {"rx07": ("Entente", "Central"),
         "classic": ("England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey")}


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(variant=st.sampled_from(sorted(SEATS)), data=st.data())
def test_every_export_of_a_played_game_round_trips_through_import_with_its_bots(tmp_path_factory, variant, data):
    seats = SEATS[variant]
    bots = data.draw(st.lists(st.sampled_from(seats), unique=True, max_size=len(seats) - 1), label="bots")
    level = data.draw(st.sampled_from(get_variant(variant).bot_levels()), label="level")
    rounds = data.draw(st.integers(0, 2), label="rounds")

    async def round_trip():
        db = await Database(tmp_path_factory.mktemp("db") / "game.sqlite3").connect()
        try:
            service = GameService(db, clock=FakeClock(), seed_source=lambda: "round-trip")
            exported = await played_export(service, variant, bots, level, rounds)
            copy = await service.import_game(GUILD + 1, ADMIN, exported)
            again = json.loads(json.dumps(await service.export(copy.id, ALICE)))
            assert [(s["seat"], s["user_id"], s["bot"]) for s in again["seats"]] == \
                   [(s["seat"], s["user_id"], s["bot"]) for s in exported["seats"]]
            assert {s.seat: s.bot for s in copy.seats if s.bot} == {seat: level for seat in bots}
            assert again["game"]["absent_policy"] == exported["game"]["absent_policy"]
            strip = ("phase_id",)
            assert [{k: v for k, v in p.items() if k not in strip} for p in again["phases"]] == \
                   [{k: v for k, v in p.items() if k not in strip} for p in exported["phases"]]
            assert [e["kind"] for e in again["events"]][:-1] == [e["kind"] for e in exported["events"]]
        finally:
            await db.close()
    asyncio.run(round_trip())


async def test_an_a_and_a_export_with_bots_and_house_units_round_trips(service):
    exported = await played_export(service, "aa1914", ["Germany", "Russia", "France", "British Empire",
                                                       "Ottoman Empire", "Italy", "United States"], "easy", 2,
                                   options={"trucks": True})
    copy = await service.import_game(GUILD + 1, ADMIN, exported)
    assert sum(1 for s in copy.seats if s.bot == "easy") == 7
    assert copy.seat("Austria-Hungary").user_id == ALICE.user_id and copy.seat("Austria-Hungary").bot is None


# ------------------------------------------------------------------ what contradicts itself

async def test_options_that_contradict_how_the_phases_were_played_are_refused(service):
    exported = await played_export(service, "aa1914", ["Russia", "Germany", "France", "British Empire",
                                                       "Ottoman Empire", "Italy", "United States"], "easy", 1,
                                   options={"trucks": True})
    # the game's options say no trucks; its phases were played with them
    text = await refused(service, changed(exported, lambda d: d["game"]["options"].update(trucks=False)),
                         "`trucks` on (game.options: off)", "contradicts itself")
    assert text.startswith("phases[0]")

    # options made consistent everywhere, but a truck still stands on the board
    def no_trucks_anywhere(d):
        d["game"]["options"]["trucks"] = False
        for phase in d["phases"]:
            phase["state"]["options"]["trucks"] = False
        state = d["phases"][-1]["state"]
        state["units"].append({"id": state["next_id"], "type": "truck", "owner": "Germany", "where": "Berlin",
                               "damaged": False})
        state["next_id"] += 1
    await refused(service, changed(exported, no_trucks_anywhere), "is a truck",
                  "played without the", "trucks' option")

    # the same file without the truck is a consistent game without trucks
    def consistent(d):
        d["game"]["options"]["trucks"] = False
        for phase in d["phases"]:
            phase["state"]["options"]["trucks"] = False
    copy = await service.import_game(GUILD + 2, ADMIN, changed(exported, consistent))
    assert copy.options["trucks"] is False


async def test_a_forged_bot_level_and_a_seat_both_bot_and_person_are_refused(service):
    exported = await played_export(service, "rx07", ["Central"], "hard", 1)
    central = next(i for i, s in enumerate(exported["seats"]) if s["seat"] == "Central")

    await refused(service, changed(exported, lambda d: d["seats"][central].update(bot="grandmaster")),
                  f"seats[{central}].bot", "easy, normal, hard", "grandmaster")
    await refused(service, changed(exported, lambda d: d["seats"][central].update(user_id=BOB.user_id)),
                  "Central is played both by the bot (hard) and by a person")
    await refused(service, changed(exported, lambda d: d["seats"][central].update(bot=7)),
                  f"seats[{central}].bot must be text")
    await refused(service, changed(exported, lambda d: d["game"].update(absent_policy="robot")),
                  "game.absent_policy must be bot or hold")


async def test_a_bot_seat_in_a_variant_without_a_bot_is_refused(service):
    from tests.positions import finished_game

    game = await finished_game(service)          # the toy variant: no bot
    exported = json.loads(json.dumps(await service.export(game.id)))
    await refused(service, changed(exported, lambda d: d["seats"][0].update(bot="normal", user_id=None)),
                  "played by a bot, but", "has no bot")


async def test_an_order_sheet_without_its_author_is_refused_unless_the_bot_wrote_it(service):
    exported = await played_export(service, "rx07", ["Central"], "normal", 2)
    first = exported["phases"][0]
    assert first["orders"]["Central"]["by"] is None           # the bot's sheet: no person wrote it
    assert first["orders"]["Entente"]["by"] == ALICE.user_id

    text = await refused(service, changed(exported, lambda d: d["phases"][0]["orders"]["Entente"].pop("by")),
                         "phases[0].orders.Entente has no author (`by`)")
    assert "Nothing was imported" in text

    # a bot's sheet is the bot's only while the log says the bot wrote it
    def no_bot_event(d):
        d["events"] = [e for e in d["events"] if e["kind"] != "bot_orders"]
        d["seats"] = [{**s, "bot": None} if s["seat"] == "Central" else s for s in d["seats"]]
    await refused(service, changed(exported, no_bot_event), "orders.Central has no author (`by`)")
    copy = await service.import_game(GUILD + 1, ADMIN, exported)
    assert copy.seat("Central").bot == "normal"
