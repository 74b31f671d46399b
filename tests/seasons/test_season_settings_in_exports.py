"""An export carries the game's seasons settings — `scoring=`, `committed=`, `league=` — and an
import restores them: the scoring its result is told in, the commitment, and the league where
the server has an open league of that name that counts the game (leagues belong to a server).
A file whose settings do not fit its game is refused by name."""
import gzip
import json

import pytest

from engine.catalog import register_all
from service.errors import BadExport
from service.exports import plan_import
from tests.conftest import ADMIN, GUILD
from tests.seasons.helpers import classic_solo


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def test_a_deleted_league_game_comes_back_with_its_settings_and_league(service):
    await service.seasons.leagues.create(GUILD, ADMIN, "Open", scoring="sos", channel_id=99)
    game_id = await classic_solo(service)
    async with service.db.transaction() as tx:           # the game as created for the league, committed=medium
        await tx.leagues.add_game(1, game_id, "2026-01-01T00:00:00+00:00")
        await tx.seasons.save_settings(tx, game_id, "sos", "medium")
    _, packed = await service.export_file(game_id, ADMIN)
    exported = json.loads(gzip.decompress(packed))
    assert exported["game"]["seasons"] == {"scoring": "sos", "committed": "medium", "league": "Open"}

    await service.delete_game(game_id, ADMIN, GUILD)
    assert (await service.seasons.leagues.standings(GUILD, "Open")).games == 0
    back = await service.import_file(GUILD, ADMIN, packed)
    settings = await service.seasons.settings_of(back.id)
    assert (settings.scoring, settings.committed) == ("sos", "medium")
    table = await service.seasons.leagues.standings(GUILD, "Open")
    assert table.games == 1 and table.standings.rows[0].points > 0


async def test_settings_that_do_not_fit_the_game_are_refused(service):
    game_id = await classic_solo(service)
    _, packed = await service.export_file(game_id, ADMIN)
    data = json.loads(gzip.decompress(packed))
    data["game"]["seasons"] = {"scoring": "winloss", "committed": None, "league": None}
    with pytest.raises(BadExport, match="game.seasons.scoring: Diplomacy .* is not scored by `winloss`"):
        plan_import(data)
    data["game"]["seasons"] = {"scoring": "dss", "committed": "always", "league": None}
    with pytest.raises(BadExport, match="game.seasons.committed must be high or medium"):
        plan_import(data)
    data["game"]["seasons"] = None            # an export from before: the defaults
    assert plan_import(data).seasons is None
