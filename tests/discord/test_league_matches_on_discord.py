"""A&A league mode through the fake Discord with exactly README's permissions: a match created,
both bids sealed (the other player never reads a bid anywhere before both are in), revealed in
the channel, a placement refused (to the placer alone) then accepted, game 1 started with its
channels and the extra units on its start, game 1 conceded → game 2 created with sides swapped and
started once placed and confirmed; a playoff of 8 set up by an organiser (refused to a member),
its bracket advancing in the channel, and `/match bracket`."""
import re

from engine.catalog import register_all
from service import Actor
from service.seasons import fits
from tests.discord_world import README_PERMISSIONS, open_world
from tests.fake_discord import member_option


def everything_seen_by(world, user) -> str:
    """Every message `user` can read anywhere: the server's channels and their direct messages."""
    texts = []
    for channel in world.fake.channels.values():
        if channel.guild_id == world.guild.id:
            texts += [m["content"] for m in world.fake.visible_messages(user, channel)]
    texts += world.dms(user)
    return "\n".join(texts)


def as_a_phone_shows_it(text: str) -> str:
    return re.sub(r"<@\d+>", "@" + "n" * 23, text.replace("**", ""))


async def test_a_match_from_sealed_bids_to_game_2(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        created = await world.slash(alice, "match create", opponent=member_option(bob, world.guild), hours=24.0)
        assert "**Match #1**" in created.text and "sealed bid" in created.text, created.text

        sealed = await world.slash(alice, "match bid", side="Central", ipcs=12, match_id=1)
        assert "sealed: the **Central Powers** for **12 IPCs**" in sealed.text
        assert all(m["_visible_to"] == alice.id for m in sealed.replies)
        await world.harness.wait_message(world.general, "has bid in match #1 (sealed)")
        seen = everything_seen_by(world, bob) + everything_seen_by(world, carol)
        assert "12 IPC" not in seen and "Central Powers" not in seen, seen
        status = await world.slash(bob, "match status", match_id=1)
        assert "bid in (sealed)" in status.text and "12 IPC" not in status.text and "Central" not in status.text

        outsider = await world.slash(carol, "match bid", side="Allies", ipcs=1, match_id=1)
        assert "only <@" in outsider.text and all(m["_visible_to"] == carol.id for m in outsider.replies)

        await world.slash(bob, "match bid", side="Central Powers", ipcs=7)
        reveal = await world.harness.wait_message(world.general, "bids revealed")
        assert "12 IPCs" in reveal["content"] and "7 IPCs" in reveal["content"]
        again = await world.slash(alice, "match bid", side="Allies", ipcs=1, match_id=1)
        assert "they are final" in again.text

        before = len(world.general.messages)
        refused = await world.slash(bob, "match place", match_id=1, units="infantry Paris")
        assert "Paris is not held by the Central Powers" in refused.text and "nothing was placed" in refused.text
        assert all(m["_visible_to"] == bob.id for m in refused.replies)
        assert not [m for m in world.fake.visible_messages(alice, world.general)[before:]]
        match = await service.matches.match(1)
        assert (await service.game(match.game(1).game_id)).status == "forming"

        placed = await world.slash(bob, "match place", match_id=1, units="infantry Berlin, artillery Vienna")
        assert "• Germany: infantry in Berlin" in placed.text and "has started" in placed.text, placed.text
        first = await service.game(match.game(1).game_id)
        assert first.status == "active" and first.channel_id is not None
        state = (await service.phase(first.id)).state
        assert {(u["owner"], u["type"], u["where"]) for u in state["units"][-2:]} == {
            ("Germany", "infantry", "Berlin"), ("Austria-Hungary", "artillery", "Vienna")}
        await world.harness.wait_message(world.public_channel(first.id), "on the board from the start")

        before = len(world.general.messages)
        conceded = await world.slash(alice, "vote", game_id=first.id, motion="concede", confirm=True)
        assert "concede" in conceded.text, conceded.text
        news = await world.harness.wait_message(world.general, "sides swapped", after=before)
        match = await service.matches.match(1)
        second = await service.game(match.game(2).game_id)
        assert f"Game 2 is **#{second.id}**" in news["content"]
        assert {s.seat for s in second.seats if s.user_id == alice.id} == {"Germany", "Austria-Hungary",
                                                                          "Ottoman Empire"}
        waiting = await world.slash(alice, "match place", match_id=1, units="infantry Berlin")
        assert "starts once the other player confirms" in waiting.text
        go = await world.slash(bob, "match ready", match_id=1)
        assert "has started" in go.text, go.text
        second = await service.game(second.id)
        assert second.status == "active" and second.channel_id is not None
        for user in (alice, bob):
            text = everything_seen_by(world, user)
            assert "mentions @everyone" not in text
        assert not world.fake.violations and not world.fake.refusals and world.fake.ignored_ephemeral == []


async def test_a_playoff_of_eight_advances_in_the_channel(service):
    register_all()
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=8) as world:
        seeds = {f"seed{n}": member_option(p, world.guild) for n, p in enumerate(world.players, start=1)}
        refused = await world.slash(world.players[0], "match playoff", **seeds)
        assert "only a server admin or a member with the organiser role" in refused.text
        assert all(m["_visible_to"] == world.players[0].id for m in refused.replies)
        short = await world.slash(world.owner, "match playoff",
                                  **{k: v for k, v in seeds.items() if k in ("seed1", "seed2", "seed3")})
        assert "you named 3 players" in short.text and "5 short" in short.text

        made = await world.slash(world.owner, "match playoff", **seeds)
        assert "Playoff #1 is set up" in made.text and "QF1 · match #1 · bidding" in made.text, made.text
        assert fits(as_a_phone_shows_it(made.text.split("\n\n", 1)[1]))
        ids = {p.id: p for p in world.players}
        for match_id in (1, 2, 3, 4):                 # the higher seed wins each quarter-final
            match = await service.matches.match(match_id)
            high, low = (Actor(p) for p in match.players)
            await service.matches.bid(world.guild.id, high, "Allies", 0, match_id)
            await service.matches.bid(world.guild.id, low, "Allies", 0, match_id)
            for number in (1, 2):
                if number == 2:
                    await service.matches.ready(world.guild.id, high, match_id)
                    await service.matches.ready(world.guild.id, low, match_id)
                game = await service.matches.start(match_id, world.guild.id)
                await service.vote(game.id, low, "concede", confirm=True)
        posted = await world.harness.wait_message(world.general, "New match #6 (SF2)")
        assert fits(as_a_phone_shows_it(posted["content"].split("\n\n", 1)[1]))
        bracket = await world.slash(world.players[4], "match bracket")
        assert f"SF1 · match #5 · bidding" in bracket.text and f"▶1 <@{world.players[0].id}>" in bracket.text
        assert ids and fits(as_a_phone_shows_it(bracket.text))
        assert not world.fake.violations and world.fake.ignored_ephemeral == []
