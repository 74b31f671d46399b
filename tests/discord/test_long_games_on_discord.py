"""Long games through the fake Discord with the README's permissions: the Join button,
votes, alliance and press channels kept as secret as seat channels, spectators, and the archive
at the end of a game."""
from service.archive import read_export
from tests.discord_world import README_PERMISSIONS, open_world, started_game
from tests.fake_discord import MANAGE_ROLES, SEND_MESSAGES, button_id


def _last(channel, words: str) -> dict:
    return [m for m in channel.messages if words in m["content"]][-1]


async def test_a_player_hands_over_and_a_substitute_joins_with_the_button(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        game_id = await started_game(world, "rx07", "Handover")
        central, public = world.seat_channel(game_id, "Central"), world.public_channel(game_id)
        offered = await world.slash(bob, "game leave", game_id=game_id)
        assert "offered to a substitute" in offered.text and "Keep giving orders" in offered.text
        notice = await world.harness.wait_message(public, "would like to hand the seat over", timeout=5)
        join = button_id(notice, "Join as Central")
        refused = await world.harness.click(alice, notice, join)           # already plays Entente
        assert "already play Entente" in refused.text and refused.replies[-1]["_visible_to"] == alice.id
        taken = await world.harness.click(carol, notice, join)
        assert "You now hold **Central**" in taken.text and taken.replies[-1]["_visible_to"] == carol.id
        assert world.fake.can_see(carol, central) and not world.fake.can_see(bob, central)
        await world.harness.wait_message(public, "takes over **Central**", timeout=5)
        await world.harness.wait_message(central, "Welcome", timeout=5)
        again = await world.harness.click(bob, notice, join)                # the seat is no longer open
        assert "⚠️" in again.text and (await service.game(game_id)).holder("Central") == carol.id
        seats = await world.slash(alice, "game seats", game_id=game_id)
        assert f"**Central**: <@{carol.id}> since" in seats.text and f"before: <@{bob.id}>" in seats.text
        assert not world.fake.refusals and not world.fake.violations


async def test_the_gm_advertises_a_seat_in_civil_disorder(service, clock):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        game_id = await started_game(world, "rx07", "Advert")
        await world.slash(alice, "gm policy", game_id=game_id, excused=0)
        none_open = await world.slash(alice, "gm advertise", game_id=game_id)
        assert "every seat is held by a playing player" in none_open.text
        await world.slash(alice, "order", channel=world.seat_channel(game_id, "Entente"), text="A Par H")
        clock.advance(hours=200)
        await world.service.tick()
        await world.harness.settle()
        assert (await service.game(game_id)).seat("Central").civil_disorder
        notice = await world.slash(alice, "gm advertise", game_id=game_id)
        assert "in civil disorder" in notice.text
        message = notice.replies[-1]
        taken = await world.harness.click(carol, message, button_id(message, "Join as Central"))
        assert "You now hold **Central**" in taken.text
        assert world.fake.can_see(carol, world.seat_channel(game_id, "Central"))
        assert not world.fake.refusals


async def test_players_vote_a_draw_and_the_game_is_archived(service):
    """A draw by vote ends the game; its channels move to the archive, read-only,
    every player reads every seat channel, and the summary comes with the export and the seed."""
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        game_id = await started_game(world, "rx07", "Peace")
        entente, central = world.seat_channel(game_id, "Entente"), world.seat_channel(game_id, "Central")
        outsider = await world.slash(carol, "vote", motion="draw", game_id=game_id)
        assert "only players" in outsider.text
        first = await world.slash(alice, "vote", motion="draw", game_id=game_id, confirm=True)
        assert "1 of 2 seats vote to end the game in a draw" in first.text and first.replies[-1]["_visible_to"]
        tally = await world.slash(bob, "vote", game_id=game_id)
        assert "1 of 2" in tally.text
        await world.slash(bob, "vote", motion="draw", game_id=game_id, confirm=True)
        public = world.public_channel(game_id)
        summary = await world.harness.wait_message(public, "Final summary", timeout=10)
        assert "a draw" in summary["content"] and "Seed:" in summary["content"]
        (name, packed), = summary["_files"]
        assert name == f"game-{game_id}.json.gz" and read_export(packed)["game"]["seed"]
        archive = world.channel("Dispatch archive")
        for channel in (public, entente, central):
            assert channel.parent_id == archive.id
        assert world.fake.can_see(bob, entente) and world.fake.can_see(alice, central)   # all players read
        assert not world.fake.guild_of(entente).channel_permissions(alice.id, entente) & SEND_MESSAGES
        assert not world.fake.guild_of(public).channel_permissions(carol.id, public) & SEND_MESSAGES
        assert not world.fake.can_see(carol, central)                                    # not a player
        assert (await service.game(game_id)).archived_at is not None
        assert not world.fake.refusals and not world.fake.violations


async def test_alliance_channels_are_as_secret_as_seat_channels(service):
    """"for A&A, each alliance (Central Powers, Allies) gets a private channel for its
    players, created at start with the same permission care as seat channels"."""
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=8) as world:
        game_id = await started_game(world, "aa1914", "Alliances")
        game = await service.game(game_id)
        central, allies = world.channel(f"{game_id}-central-powers"), world.channel(f"{game_id}-allies")
        for seat in game.seats:
            player = world.fake.users[seat.user_id]
            mine, theirs = (central, allies) if seat.seat in ("Germany", "Austria-Hungary", "Ottoman Empire") \
                else (allies, central)
            assert world.fake.can_see(player, mine) and not world.fake.can_see(player, theirs), seat.seat
        stranger = world.fake.add_user("stranger")
        world.fake.add_member(world.guild, stranger)
        assert not world.fake.can_see(stranger, central) and not world.fake.can_see(stranger, allies)
        listed = await world.slash(world.fake.users[game.holder("Germany")], "press list", game_id=game_id)
        assert f"<#{central.id}> — alliance" in listed.text and str(allies.id) not in listed.text
        assert not world.fake.refusals and not world.fake.violations


async def test_press_channels_open_to_the_chosen_seats_only(service):
    """"players can open a private press channel with chosen seats (`/press open`)"."""
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        game_id = await started_game(world, "rx07", "Press")
        unknown = await world.slash(alice, "press open", seats="Atlantis", game_id=game_id)
        assert "no seat `Atlantis`" in unknown.text
        opened = await world.slash(alice, "press open", seats="Central", game_id=game_id)
        assert "Opened" in opened.text, opened.text
        press = world.channel(f"{game_id}-press-entente-central")
        assert world.fake.can_see(alice, press) and world.fake.can_see(bob, press)
        assert not world.fake.can_see(carol, press)
        assert "Press channel of **Entente**, **Central**" in press.messages[0]["content"]
        twice = await world.slash(bob, "press open", seats="Entente", game_id=game_id)
        assert "already have a press channel" in twice.text
        # a substitute inherits the seat's press channel; the player who left loses it
        await world.slash(bob, "game leave", game_id=game_id)
        notice = await world.harness.wait_message(world.public_channel(game_id), "hand the seat over", timeout=5)
        await world.harness.click(carol, notice, button_id(notice, "Join as Central"))
        await world.harness.wait_for(lambda: world.fake.can_see(carol, press), what="press access follows the seat")
        assert not world.fake.can_see(bob, press)
        assert not world.fake.refusals and not world.fake.violations


async def test_press_off_refuses_press_channels(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice = world.players[0]
        game_id = await started_game(world, "rx07", "Quiet", options="press=off")
        refused = await world.slash(alice, "press open", seats="Central", game_id=game_id)
        assert "press off" in refused.text
        assert not any(c.name.startswith(f"{game_id}-press") for c in world.fake.channels.values())


async def test_spectators_read_the_game_channel_and_nothing_secret(service):
    """"a Spectator role per game ... that can read the public channel and maps but no
    seat or alliance channel; `/game spectate` to join it"."""
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        game_id = await started_game(world, "rx07", "Gallery", options="audience=players")
        public = world.public_channel(game_id)
        assert world.fake.can_see(alice, public) and not world.fake.can_see(carol, public)
        player = await world.slash(alice, "game spectate", game_id=game_id)
        assert "you play in game" in player.text
        joined = await world.slash(carol, "game spectate", game_id=game_id)
        assert "You now spectate" in joined.text and joined.replies[-1]["_visible_to"] == carol.id
        await world.harness.wait_for(lambda: world.fake.can_see(carol, public), what="the Spectator role")
        assert not world.fake.guild_of(public).channel_permissions(carol.id, public) & SEND_MESSAGES
        for seat in ("Entente", "Central"):
            assert not world.fake.can_see(carol, world.seat_channel(game_id, seat))
        left = await world.slash(carol, "game spectate", game_id=game_id, stop=True)
        assert "no longer spectate" in left.text
        await world.harness.wait_for(lambda: not world.fake.can_see(carol, public), what="the role removed")
        assert not world.fake.refusals and not world.fake.violations


async def test_a_seated_gm_rolls_back_with_the_players_vote(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice, bob = world.players
        game_id = await started_game(world, "rx07", "Undo")
        await world.slash(alice, "gm adjudicate", game_id=game_id)
        asked = await world.slash(alice, "gm rollback", game_id=game_id)
        assert "the other players decide" in asked.text
        await world.slash(bob, "vote", motion="rollback", game_id=game_id)
        public = world.public_channel(game_id)
        await world.harness.wait_message(public, "was undone by the GM with the players' vote", timeout=5)
        assert (await service.phase(game_id)).seq == 0
        assert not world.fake.refusals


async def test_start_without_manage_roles_for_a_spectator_role_changes_nothing(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS & ~MANAGE_ROLES) as world:
        alice = world.players[0]
        created = await world.slash(alice, "game create", variant="rx07", name="Gallery", options="audience=players")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        for player in world.players:
            await world.slash(player, "game join", game_id=game_id)
        before = set(world.fake.channels), set(world.guild.roles)
        answer = await world.slash(alice, "game start", game_id=game_id)
        assert "missing **Manage Roles**" in answer.text
        assert (set(world.fake.channels), set(world.guild.roles)) == before
