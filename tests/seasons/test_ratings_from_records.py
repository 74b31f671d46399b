"""Ratings kept per server and family move with every finished game, and are exactly what a
recompute from the stored results gives: after a run of games, after a deleted game (its family
is recomputed), after an imported one (it counts where it was imported)."""
import pytest

from engine.catalog import register_all
from service import Actor, GameService
from tests.conftest import ADMIN, ALICE, BOB, CAROL, GUILD
from tests.seasons.helpers import classic_solo, concede, everyone_ready, rx07

DAVE = Actor(4, name="dave")


@pytest.fixture(autouse=True)
def _variants():
    register_all()


@pytest.fixture
async def service(db, clock):
    """Each game with its own dice seed, as in play (an export is refused where its seed is)."""
    seeds = iter(range(1, 10_000))
    return GameService(db, clock=clock, seed_source=lambda: f"seed{next(seeds)}")


def table(rows) -> dict[int, tuple[float, int]]:
    return {r["user_id"]: (r["rating"], r["games"]) for r in rows}


async def stored(service, guild=GUILD, family="rx07"):
    return table(await service.seasons.repo.family_ratings(guild, family))


async def recomputed(service, guild=GUILD, family="rx07"):
    ratings = await service.seasons.ladders.recompute(guild, family)
    return {int(r.player): (r.rating, r.games) for r in ratings.family(family)}


async def a_season(service, clock) -> list[int]:
    """Five rx07 games among four players (wins, a draw, an abandoned game) and a classic solo."""
    played = []
    for entente, central, how in ((ALICE, BOB, "central concedes"), (CAROL, ALICE, "entente concedes"),
                                  (BOB, DAVE, "draw"), (DAVE, CAROL, "abandoned"), (ALICE, CAROL, "central concedes")):
        game = await rx07(service, entente, central)
        await everyone_ready(service, game.id)
        clock.advance(hours=3)
        if how == "central concedes":
            await concede(service, game.id, central)
        elif how == "entente concedes":
            await concede(service, game.id, entente)
        elif how == "draw":
            await service.vote(game.id, entente, "draw", confirm=True)
            await service.vote(game.id, central, "draw", confirm=True)
        else:
            await service.abandon(game.id, entente)
        played.append(game.id)
    played.append(await classic_solo(service))
    return played


async def test_the_kept_ratings_are_a_recompute_of_the_stored_history(service, clock):
    await a_season(service, clock)
    kept = await stored(service)
    assert kept == await recomputed(service)          # to the last bit, not approximately
    assert kept[ALICE.user_id][1] == 3 and kept[DAVE.user_id][1] == 1      # the abandoned game rated nobody
    # Elo: Alice won, lost, won; her first game +32 against a new player
    assert set(kept) == {ALICE.user_id, BOB.user_id, CAROL.user_id, DAVE.user_id}
    classic = await stored(service, family="classic")
    assert len(classic) == 7 and classic == await recomputed(service, family="classic")


async def test_a_deleted_game_recomputes_its_family_only(service, clock):
    games = await a_season(service, clock)
    classic_before = await stored(service, family="classic")
    await service.delete_game(games[1], ADMIN, GUILD)           # Carol's win over Alice
    after = await stored(service)
    ladder = await service.seasons.repo.ladder(GUILD, "rx07")
    assert not ladder.dirty
    assert after == await recomputed(service)
    assert after[ALICE.user_id][1] == 2 and after[CAROL.user_id][1] == 1
    assert await stored(service, family="classic") == classic_before


async def test_an_imported_game_counts_where_it_was_imported(service, clock):
    games = await a_season(service, clock)
    before = await stored(service)
    packed = (await service.export_file(games[0], ADMIN))[1]
    await service.delete_game(games[0], ADMIN, GUILD)
    assert await stored(service) != before
    imported = await service.import_file(GUILD, ADMIN, packed)    # older than the games after it
    assert await stored(service) == before
    assert (await service.seasons._result(imported.id)).ending == "concession"
    other = await service.import_file(GUILD + 1, ADMIN, packed)   # another server's own ladder
    assert (await stored(service, guild=GUILD + 1)).keys() == {ALICE.user_id, BOB.user_id}
    assert other.id != imported.id


async def test_ratings_are_per_server(service, clock):
    await a_season(service, clock)
    game = await rx07(service, ALICE, BOB, guild=GUILD + 7)
    await concede(service, game.id, ALICE)
    elsewhere = await stored(service, guild=GUILD + 7)
    assert elsewhere == {ALICE.user_id: (1468.0, 1), BOB.user_id: (1532.0, 1)}
