"""Leagues and tournaments through the fake Discord with exactly README's permissions.

- A league: the server admin names the organiser role; a member with it creates the league in a
  channel (its standings go there); players join; a game created with `league=` counts when it
  ends — its standings posted in the league's channel — and counts no more once deleted; the
  standings on a phone; the CSV export; refusals (an organiser command from someone else, an
  unknown league, joining twice, a game of a family the league does not count) reach the asker
  alone and change nothing.
- A tournament: 14 players register; seeding round 1 puts them on 2 classic boards, each with its
  channels, started together; a board ends and the standings follow in the tournament's channel;
  the round's table; the CSV export; seeding too early or twice is refused."""
from bot import build_bot
from engine.catalog import register_all
from service.seasons import fits
from service.workers import ProcessPool
from tests.discord_world import README_PERMISSIONS, World, close_world
from tests.fake_discord import MEMBER_DEFAULT, BotHarness, FakeDiscord

NAMES = tuple(f"player{i}" for i in range(14))


async def big_world(service, players: int = 14) -> World:
    """A server with `players` members, an Organisers role held by the first, and the bot with
    README's permissions."""
    register_all()
    service.cpu = ProcessPool(threads=True)
    fake = await FakeDiscord().start()
    owner = fake.add_user("owner")
    guild = fake.add_guild("Western Front", owner, everyone=MEMBER_DEFAULT, bot_permissions=README_PERMISSIONS)
    organisers = fake.add_role(guild, "Organisers", MEMBER_DEFAULT)
    people = [fake.add_user(name) for name in NAMES[:players]]
    for index, person in enumerate(people):
        fake.add_member(guild, person, *((organisers,) if index == 0 else ()))
    harness = BotHarness(fake, lambda: build_bot(service, "!"))
    await harness.start()
    world = World(fake, harness, guild, owner, people, fake.channel_named(guild, "general"), service)
    world.extra["organisers"] = organisers
    return world


def phone(text: str) -> bool:
    """The phone rule as Discord shows it: a mention's line aside (Discord shows a name), and a
    cited command kept whole, every line at most 40 characters."""
    return fits("\n".join(line for line in text.splitlines() if "<@" not in line and not line.startswith("`")))


def no_leaks(world) -> None:
    assert not world.fake.violations and world.fake.ignored_ephemeral == [], world.fake.violations


async def test_a_league_on_discord(service):
    world = await big_world(service, players=3)
    try:
        organiser, bob, carol = world.players
        set_role = await world.slash(world.owner, "league organisers", role="Organisers")
        assert f"<@&{world.extra['organisers'].id}>" in set_role.text, set_role.text
        refused = await world.slash(bob, "league create", name="Spring", families="rx07")
        assert "only a server admin or a member with the organiser role" in refused.text
        assert all(m["_visible_to"] == bob.id for m in refused.replies)
        made = await world.slash(organiser, "league create", name="Spring", families="rx07")
        assert "League **Spring** created" in made.text and f"in <#{world.general.id}>" in made.text, made.text
        joined = await world.slash(bob, "league join")
        assert "You are in the league **Spring**" in joined.text
        twice = await world.slash(bob, "league join", name="spring")
        assert "already in the league Spring" in twice.text and all(m["_visible_to"] == bob.id for m in twice.replies)
        unknown = await world.slash(bob, "league standings", name="Autumn")
        assert "no league called `Autumn`" in unknown.text
        wrong = await world.slash(bob, "game create", variant="classic", options="league=Spring")
        assert "Spring counts rx07 games, not classic" in wrong.text
        assert await service.list_games(world.guild.id, include_over=True) == []

        created = await world.slash(bob, "game create", variant="rx07", name="Marne", options="league=Spring")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        await world.slash(bob, "game join", game_id=game_id, seat="Entente")
        await world.slash(carol, "game join", game_id=game_id, seat="Central")
        started = await world.slash(bob, "game start", game_id=game_id)
        assert "has started" in started.text, (started.text, world.fake.refusals)
        before = len(world.general.messages)
        await world.slash(carol, "vote", game_id=game_id, motion="concede", confirm=True)
        post = await world.harness.wait_message(world.general, "📊 **Spring**: the standings after game", before)
        assert f"**1.** <@{bob.id}>" in post["content"] and phone(post["content"]), post["content"]

        table = await world.slash(carol, "league standings")
        assert " 1 pts · 1 game · avg 1" in table.text and phone(table.text), table.text
        exported = await world.slash(carol, "league export")
        (name, data), = exported.files
        assert name == "league-Spring.csv" and len(data.decode().splitlines()) == 3

        before = len(world.general.messages)
        deleted = await world.slash(world.owner, "game delete", game_id=game_id)
        assert "deleted" in deleted.text.lower(), deleted.text
        after = await world.slash(carol, "league standings")
        assert "0 games counted" in after.text, after.text
        closed = await world.slash(organiser, "league close")
        assert "is closed: its table is frozen" in closed.text
        no_leaks(world)
    finally:
        await close_world(world)


async def test_a_tournament_of_fourteen_on_two_boards(service):
    world = await big_world(service)
    try:
        organiser = world.players[0]
        await world.slash(world.owner, "league organisers", role=f"<@&{world.extra['organisers'].id}>")
        made = await world.slash(organiser, "tournament create", name="Cup", family="classic", rounds=2, hours=24.0)
        assert "Tournament **Cup** created: 2 rounds of Diplomacy" in made.text, made.text
        early = await world.slash(organiser, "tournament seed", round=1)
        assert "needs 7 players; 0 registered" in early.text
        for player in world.players:
            joined = await world.slash(player, "tournament join")
            assert "You are registered for **Cup**" in joined.text
        twice = await world.slash(world.players[3], "tournament join", name="Cup")
        assert "already registered" in twice.text
        prefs = await world.slash(world.players[3], "tournament prefs", letters="FG")
        assert "France, Germany" in prefs.text
        other = await world.slash(world.players[5], "tournament seed", round=1)
        assert "only a server admin or a member with the organiser role" in other.text
        assert await service.list_games(world.guild.id) == []

        seeded = await world.slash(organiser, "tournament seed", round=1)
        assert "round 1: 14 players on 2 boards" in seeded.text, (seeded.text, world.fake.refusals)
        assert "All 2 boards have started together" in seeded.text
        games = sorted(g.id for g in await service.list_games(world.guild.id))
        assert len(games) == 2
        for game_id in games:
            game = await service.game(game_id)
            assert game.status == "active" and game.channel_id is not None
            assert all(seat.channel_id for seat in game.seats)
        again = await world.slash(organiser, "tournament seed", round=1)
        assert "round 1 of Cup is already seeded" in again.text

        before = len(world.general.messages)
        abandoned = await world.slash(organiser, "gm abandon", game_id=games[0])
        assert "abandon" in abandoned.text.lower(), abandoned.text
        post = await world.harness.wait_message(world.general, "📊 **Cup**: round 1, board 1", before)
        assert "1 of 2 boards over" in post["content"] and phone(post["content"]), post["content"]
        overall = await world.slash(world.players[4], "tournament standings")
        assert "🏆 **Cup** standings" in overall.text and phone(overall.text), overall.text
        one = await world.slash(world.players[4], "tournament standings", round=1)
        assert "1 of 2 boards over" in one.text
        exported = await world.slash(world.players[4], "tournament export")
        (name, data), = exported.files
        assert name == "tournament-Cup.csv" and len(data.decode().splitlines()) == 8
        too_early = await world.slash(organiser, "tournament seed", round=2)
        assert "round 1 is still being played: board 2" in too_early.text
        no_leaks(world)
        assert not world.fake.refusals, world.fake.refusals
    finally:
        await close_world(world)
