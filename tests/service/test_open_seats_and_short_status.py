"""Open seats are one list: `/game status` (short and full), `/game seats` and `/gm advertise`
name the same seats — a seat the bot plays is open for a substitute only once the GM offered it.
`/game status` fits a phone (at most 12 lines, a narrow standing table); `full` has the rest."""
import re

import pytest

from console import Console
from engine.catalog import register_all
from service import BadState
from service.commands.status import SHORT_LINES, TABLE_WIDTH, packed, short_name
from service.seats import seats_text
from tests.conftest import ALICE, BOB, CAROL, GUILD

register_all()

CLASSIC = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def _listed(text: str) -> list[str]:
    """The seats a text names as open for a substitute."""
    found = re.search(r"Open for a substitute: ([^(`\n]+)", text)
    return [s.strip() for s in found.group(1).split(",")] if found else []


async def _everywhere(service, game_id: int) -> dict[str, list[str]]:
    console = Console(service, write=lambda _: None)
    await console.execute("as alice")
    game = await service.game(game_id)
    return {"status": _listed("\n".join(await console.execute(f"game status {game_id}"))),
            "full": _listed("\n".join(await console.execute(f"game status {game_id} full"))),
            "seats": _listed(seats_text(game, await service.seat_history(game_id))),
            "model": list(game.substitute_wanted)}


async def test_bot_seats_are_open_only_once_offered_and_every_list_agrees(service):
    game = await service.create_game(GUILD, ALICE, "classic", bots="Russia, Turkey")
    for seat, player in zip(("Austria", "England", "France", "Germany", "Italy"), (ALICE, BOB, CAROL, ALICE, BOB)):
        await service.join(game.id, player, seat)
    await service.start(game.id, ALICE)
    assert set(map(tuple, (await _everywhere(service, game.id)).values())) == {()}
    with pytest.raises(BadState, match="no seat open"):
        await service.advertise(game.id, ALICE)             # nothing to advertise: the bots play theirs

    await service.leave(game.id, BOB, "England")             # a person offers a seat
    assert set(map(tuple, (await _everywhere(service, game.id)).values())) == {("England",)}
    assert await service.advertise(game.id, ALICE) == ["England"]

    assert await service.advertise(game.id, ALICE, "Turkey") == ["Turkey"]     # the GM offers a bot's seat
    assert set(map(tuple, (await _everywhere(service, game.id)).values())) == {("England", "Turkey")}
    assert await service.advertise(game.id, ALICE) == ["England", "Turkey"]
    assert "Russia" not in (await service.game(game.id)).substitute_wanted      # still the bot's alone


async def test_the_gm_may_still_give_a_bot_seat_to_a_person(service):
    game = await service.create_game(GUILD, ALICE, "rx07", bots="Central")
    await service.join(game.id, ALICE, "Entente")
    await service.start(game.id, ALICE)
    change = await service.assign_seat(game.id, ALICE, "Central", BOB.user_id, GUILD)
    assert change.holder == BOB.user_id and (await service.game(game.id)).bot_seats == []


def test_a_narrow_table_keeps_its_lines_short():
    assert [short_name(n) for n in ("Austria-Hungary", "British Empire", "Russia", "Entente")] == \
        ["A-H", "BE", "Rus", "Ent"]
    rows = packed([f"{short_name(p)} {n}" for p, n in zip(CLASSIC, range(7))])
    assert all(len(row) <= TABLE_WIDTH for row in rows) and len(rows) == 2


async def _classic_after_a_phase(console) -> int:
    await console.execute("as gm")
    created = (await console.execute("game create classic name=Marne"))[0]
    game_id = int(re.search(r"#(\d+)", created).group(1))
    for index, seat in enumerate(CLASSIC):
        await console.execute(f"as p{index}")
        await console.execute(f"game join {game_id} {seat}")
    await console.execute("as gm")
    await console.execute(f"game start {game_id}")
    moves = {"Austria": "A Vie - Gal", "Russia": "A War - Gal", "France": "A Par - Bur", "Germany": "A Mun - Bur"}
    for index, seat in enumerate(CLASSIC):
        await console.execute(f"as p{index}")
        if seat in moves:
            await console.execute(f"orders {game_id} {moves[seat]}")
        await console.execute(f"ready {game_id} confirm")
    return game_id


async def test_the_short_status_fits_a_phone_and_full_has_the_rest(service, tmp_path):
    console = Console(service, out_dir=str(tmp_path), write=lambda _: None)
    game_id = await _classic_after_a_phase(console)
    await console.execute("as p2")               # France
    short = "\n".join(await console.execute(f"game status {game_id}"))
    lines = short.splitlines()
    assert len(lines) <= SHORT_LINES, short
    assert lines[0] == f"**#{game_id} Marne** · **Fall 1901 Movement**"
    assert "0 of 7 ready" in lines[1] and "You: **France** ⏳ not ready" in short
    table = lines[lines.index("Supply centres:") + 1:][:2]
    assert table == ["Rus 4 · Aus 3 · Eng 3 · Fra 3 · Ger 3", "Ita 3 · Tur 3"]
    assert all(len(row) <= TABLE_WIDTH for row in table)
    # the news of the last phase are its failures, not what went as ordered
    assert "📰 Last: **Spring 1901 Movement**" in short and "✗ A Vie - Gal — bounced with A War (Russia)" in short
    assert lines[-1] == f"More: `game status {game_id} full`"
    assert (await console.execute(f"status {game_id}"))[0].splitlines()[-1] == f"More: `status {game_id} full`"
    full = "\n".join(await console.execute(f"game status {game_id} full"))
    assert "Seats: Austria: @p0" in full and "No-shows:" in full and "Russia: 4 centres, 4 units — " in full
    assert "Last phase (Spring 1901 Movement): ✗ A Vie - Gal" in full


async def test_an_eight_power_axis_and_allies_status_fits_a_phone(service, tmp_path):
    console = Console(service, out_dir=str(tmp_path), write=lambda _: None)
    await console.execute("as gm")
    created = (await console.execute("game create aa1914 name=Marne"))[0]
    game_id = int(re.search(r"#(\d+)", created).group(1))
    powers = ("Austria-Hungary", "Germany", "Russia", "France", "British Empire", "Italy", "Ottoman Empire",
              "United States")
    for index, power in enumerate(powers):
        await console.execute(f"as p{index}")
        await console.execute(f"game join {game_id} {power}")
    await console.execute("as gm")
    await console.execute(f"game start {game_id}")
    await console.execute("as p0")
    await console.execute(f"orders {game_id} move 3 infantry, 1 artillery Budapest - Serbia")
    await console.execute(f"done {game_id} confirm")
    short = (await console.execute(f"status {game_id}"))[0]
    lines = short.splitlines()
    assert len(lines) <= SHORT_LINES and "**Round 1: Russia**" in lines[0], short
    table = lines[lines.index("Income (IPCs):") + 1:][:2]
    assert table[0].startswith("Ger 35 · BE 30") and all(len(row) <= TABLE_WIDTH for row in table), table
    assert "📰 Last: **Round 1: Austria-Hungary**" in short and "Battle of Serbia" in short
