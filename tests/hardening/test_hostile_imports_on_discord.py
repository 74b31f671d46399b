"""Hostile imports through the fake Discord (exactly the README's permissions): a gzip
bomb, a forged file and a second copy of the same game are refused by `/game import` with the
precise reason, and nothing is imported."""
import json

from service.exports import pack_export
from tests.conftest import drain_outbox
from tests.discord_world import README_PERMISSIONS, open_world
from tests.export_files import bomb
from tests.positions import finished_game


async def test_game_import_refuses_a_bomb_a_forged_seed_and_a_second_copy(service):
    game = await finished_game(service)               # a game on another server, exported
    data = json.loads(json.dumps(await service.export(game.id)))
    await drain_outbox(service)                       # its messages went out on that server
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        owner = world.owner
        before = len(await service.list_games(world.guild.id, include_over=True))

        answer = await world.slash(owner, "game import", file=world.fake.attachment("bomb.json.gz", bomb(300 * 2**20)))
        assert answer.ephemeral and "the file expands past 32 MiB" in answer.text, answer.text
        assert "Nothing was imported" in answer.text

        forged = json.loads(json.dumps(data))
        forged["game"]["seed"] = "a seed I like better"
        answer = await world.slash(owner, "game import", file=world.fake.attachment("forged.json.gz",
                                                                                  pack_export(forged)))
        assert "the seed does not match the hash published" in answer.text, answer.text

        broken = json.loads(json.dumps(data))
        broken["game"]["phase_hours"] = "48"
        answer = await world.slash(owner, "game import", file=world.fake.attachment("text.json", json.dumps(broken)
                                                                                  .encode()))
        assert "game.phase_hours must be a number, not the text `48`" in answer.text, answer.text

        answer = await world.slash(owner, "game import", file=world.fake.attachment("deep.json",
                                                                                  b"[" * 50_000 + b"]" * 50_000))
        assert "deeper than 32 levels" in answer.text and "something went wrong" not in answer.text

        first = await world.slash(owner, "game import", file=world.fake.attachment("game.json.gz", pack_export(data)))
        assert "Imported as game" in first.text, first.text
        second = await world.slash(owner, "game import", file=world.fake.attachment("game.json.gz", pack_export(data)))
        assert "this server already has this game" in second.text, second.text
        assert len(await service.list_games(world.guild.id, include_over=True)) == before + 1
        assert not world.fake.refusals and not world.fake.violations


async def test_gm_policy_refuses_a_region_and_suggests_real_zones(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        await world.slash(alice, "game create", variant="rx07", name="Zones")
        answer = await world.slash(alice, "gm policy", game_id=1, deadline_time="21:00", time_zone="Europe")
        assert "`Europe` is a region of the time zone database, not a zone" in answer.text, answer.text
        answer = await world.slash(alice, "gm policy", game_id=1, deadline_time="21:00", time_zone="Factory")
        assert "`Factory` is not an IANA time zone" in answer.text, answer.text
        answer = await world.slash(alice, "gm policy", game_id=1, deadline_time="21:00", time_zone="x" * 300)
        assert "is not an IANA time zone" in answer.text and len(answer.text) < 400
        assert (await service.game(1)).time_zone is None
        answer = await world.slash(alice, "gm policy", game_id=1, deadline_time="21:00", time_zone="europe/paris")
        assert "deadlines at 21:00 Europe/Paris" in answer.text, answer.text
        assert not world.fake.refusals and not world.fake.violations
