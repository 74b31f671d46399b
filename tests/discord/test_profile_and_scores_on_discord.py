"""Seasons through the fake Discord with exactly README's permissions: `/profile` (for the asker
alone, another member's too, lines a phone shows whole), `/game scores` and `/game centres` of a
finished game (the table and its CSV file), and a join refused by `committed=high` with the
player's own figure — to the asker alone, nothing changed."""
from service.seasons import fits
from tests.discord_world import README_PERMISSIONS, open_world, started_game
from tests.fake_discord import member_option


def lines_fit(text: str) -> bool:
    """The phone rule, read as Discord shows it: a code block's fences and a mention's markup
    aside, every line at most 40 characters."""
    return fits("\n".join(line for line in text.splitlines() if not line.startswith("👤")))


async def finished_rx07(world) -> int:
    alice, bob = world.players
    game_id = await started_game(world, "rx07", "Marne")
    game = await world.service.game(game_id)
    central = next(s.seat for s in game.seats if s.seat == "Central")
    holder = next(p for p in world.players if p.id == game.holder(central))
    voted = await world.slash(holder, "vote", game_id=game_id, motion="concede", confirm=True)
    assert "conceded" in voted.text or "concede" in voted.text, voted.text
    assert (await world.service.game(game_id)).status == "finished"
    return game_id


async def test_profile_scores_and_centres_of_a_finished_game(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        game_id = await finished_rx07(world)
        mine = await world.slash(alice, "profile")
        assert f"Profile of <@{alice.id}>" in mine.text and "WWI rx07 1532" in mine.text, mine.text
        assert "Not rated: abandoned, GM decisions." in mine.text and lines_fit(mine.text)
        assert all(m["_visible_to"] == alice.id for m in mine.replies)
        theirs = await world.slash(alice, "profile", player=member_option(bob, world.guild))
        assert f"Profile of <@{bob.id}>" in theirs.text and "WWI rx07 1468" in theirs.text, theirs.text
        assert all(m["_visible_to"] == alice.id for m in theirs.replies)

        scores = await world.slash(bob, "game scores", game_id=game_id)
        assert "Scores · #" in scores.text and "Win/loss (winloss) ★" in scores.text and lines_fit(scores.text)
        assert " Entente 1 · Central 0" in scores.text and "Ita 3" in scores.text, scores.text

        centres = await world.slash(bob, "game centres", game_id=game_id, csv=True)
        assert "Supply centres · #" in centres.text and "Year  Aus Eng Fra Ger Ita Rus Tur" in centres.text
        assert lines_fit(centres.text), centres.text
        (name, data), = centres.files
        assert name == f"game-{game_id}-centres.csv"
        assert data.decode().splitlines()[0] == "year,Austria,England,France,Germany,Italy,Russia,Turkey"
        assert not world.fake.refusals and world.fake.ignored_ephemeral == []


async def test_a_committed_game_refuses_a_new_player_with_their_figure(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        created = await world.slash(alice, "game create", variant="rx07", name="Elite", options="committed=high")
        assert "Created game" in created.text, created.text
        game_id = int(created.text.split("#", 1)[1].split()[0])
        refused = await world.slash(bob, "game join", game_id=game_id)
        assert "your reliability is new: no order phase so far (10 make a figure); this game asks for high " \
               "(at most 1 missed in 10)" in refused.text, refused.text
        assert all(m["_visible_to"] == bob.id for m in refused.replies)
        assert (await service.game(game_id)).open_seats == ["Entente", "Central"]
        scores = await world.slash(bob, "game scores", game_id=game_id)
        assert "still under way" in scores.text
