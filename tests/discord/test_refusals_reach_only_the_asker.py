"""Every refusal and every private answer reaches only its asker.

Discord shows the first follow-up after a deferred response *as* that response, with the defer's
visibility, and ignores the follow-up's own ephemeral flag. Most commands defer publicly (their
results are for the channel), so an "ephemeral" refusal sent as that first follow-up used to be
shown to everyone. The fake Discord counts such follow-ups (`ignored_ephemeral`); here every
command's refusal path is driven through it, with exactly the README's permissions."""
from tests.discord_world import README_PERMISSIONS, open_world, started_game
from tests.fake_discord import member_option

NO_GAME = 999_999

# Commands that take no input that could be refused: they always answer.
NEVER_REFUSED = {"/game list", "/palette", "/help", "/profile"}


def refusals(world, forming: int, running: int) -> dict[str, tuple[object, dict]]:
    """For every command: who uses it, with which options, so that it is refused."""
    alice, bob, carol = world.players
    stranger = carol                   # a member of the server with no seat and no game of their own
    guild = world.guild
    junk = world.fake.attachment("game.json", b"not an export")
    return {
        "/game create": (stranger, {"variant": "no-such-game"}),
        "/game options": (stranger, {"variant": "no-such-game"}),
        "/game join": (stranger, {"game_id": running}),
        "/game leave": (stranger, {"game_id": running}),
        "/game seats": (stranger, {"game_id": NO_GAME}),
        "/game spectate": (stranger, {"game_id": NO_GAME}),
        "/game start": (bob, {"game_id": forming}),             # only the game master may start it
        "/game status": (stranger, {"game_id": NO_GAME}),
        "/game export": (stranger, {"game_id": NO_GAME}),
        "/game scores": (stranger, {"game_id": running}),        # "still under way": scores come at the end
        "/game centres": (stranger, {"game_id": NO_GAME}),
        "/game import": (stranger, {"file": junk}),
        "/game delete": (stranger, {"game_id": running}),
        "/game settings": (stranger, {"hours": 24.0}),
        "/gm assign": (stranger, {"game_id": running, "seat": "Entente", "member": member_option(stranger, guild)}),
        "/gm advertise": (stranger, {"game_id": running}),
        "/gm pause": (stranger, {"game_id": running}),
        "/gm resume": (stranger, {"game_id": running}),
        "/gm extend": (alice, {"game_id": running, "hours": -1.0}),     # "hours must be …"
        "/gm policy": (stranger, {"game_id": running, "excused": 2}),
        "/gm bot": (stranger, {"game_id": running, "seat": "Entente"}),
        "/gm adjudicate": (stranger, {"game_id": running}),
        "/gm rollback": (stranger, {"game_id": running}),
        "/gm abandon": (stranger, {"game_id": running}),
        "/gm end": (stranger, {"game_id": running, "result": "draw"}),          # only the game master
        "/orders": (stranger, {"text": f"#{running} A Par - Bur"}),
        "/order": (stranger, {"text": f"#{running} A Par - Bur"}),
        "/clear": (stranger, {"game_id": running}),
        "/ready": (stranger, {"game_id": running}),
        "/unready": (stranger, {"game_id": running}),
        "/map": (stranger, {"game_id": NO_GAME}),
        "/history": (alice, {"game_id": forming}),               # no phase adjudicated yet
        "/rules": (stranger, {"variant": "no-such-game"}),
        "/notify": (stranger, {"reminders": "soon"}),
        "/buy": (stranger, {"units": "3 infantry"}),
        "/move": (stranger, {"move": "2 infantry Berlin - Silesia"}),
        "/casualties": (stranger, {"order": "infantry"}),
        "/done": (stranger, {}),
        "/odds": (stranger, {"battle": "nothing against nobody"}),
        "/status": (stranger, {"game_id": NO_GAME}),
        "/vote": (stranger, {"game_id": running, "motion": "pause"}),
        "/press list": (stranger, {"game_id": NO_GAME}),
        "/press open": (stranger, {"game_id": running, "seats": "Entente"}),
        "/press send": (stranger, {"game_id": running, "to": "Entente", "message": "hello"}),
        "/hint": (stranger, {"game_id": running}),
        "/match create": (stranger, {"opponent": member_option(stranger, guild)}),     # "not yourself"
        "/match bid": (stranger, {"side": "Allies", "ipcs": 3}),              # in no match
        "/match place": (stranger, {"match_id": NO_GAME, "units": "infantry Berlin"}),
        "/match ready": (stranger, {}),
        "/match status": (stranger, {"match_id": NO_GAME}),
        "/match playoff": (stranger, {}),                                     # only an organiser
        "/match bracket": (stranger, {}),                                     # no playoff yet
        "/league create": (stranger, {"name": "Spring"}),                     # only an organiser
        "/league organisers": (stranger, {"role": "off"}),                    # only a server admin
        "/league join": (stranger, {"name": "Nowhere"}),                      # no such league
        "/league leave": (stranger, {"name": "Nowhere"}),
        "/league standings": (stranger, {"name": "Nowhere"}),
        "/league export": (stranger, {"name": "Nowhere"}),
        "/league close": (stranger, {"name": "Nowhere"}),
        "/tournament create": (stranger, {"name": "Cup"}),                    # only an organiser
        "/tournament join": (stranger, {"name": "Nowhere"}),                  # no such tournament
        "/tournament leave": (stranger, {"name": "Nowhere"}),
        "/tournament prefs": (stranger, {"letters": "FGI", "name": "Nowhere"}),
        "/tournament seed": (stranger, {"round": 1, "name": "Nowhere"}),
        "/tournament start": (stranger, {"name": "Nowhere"}),
        "/tournament standings": (stranger, {"name": "Nowhere"}),
        "/tournament export": (stranger, {"name": "Nowhere"}),
    }


def synced_commands(world) -> set[str]:
    """Every leaf command the bot synced, as `/game start`."""
    found = set()

    def walk(spec, words):
        subs = [o for o in spec.get("options", []) if o["type"] in (1, 2)]
        if not subs:
            found.add("/" + " ".join(words))
        for sub in subs:
            walk(sub, words + [sub["name"]])
    for command in world.fake.commands[None]:
        walk(command, [command["name"]])
    return found


def assert_only_the_asker_saw(world, asked, user, general_before: int) -> None:
    others = [p for p in world.players + [world.owner] if p.id != user.id]
    assert asked.replies, f"{asked.command} gave no answer"
    assert all(m["_visible_to"] == user.id for m in asked.replies), \
        f"{asked.command}: shown to others: {[m['content'][:80] for m in asked.replies if m['_visible_to'] is None]}"
    for other in others:                       # nothing of it stays in the channel for anyone else
        seen = world.fake.visible_messages(other, world.general)[general_before:]
        assert not seen, f"{asked.command}: {other.name} sees {[m['content'][:80] for m in seen]}"


async def test_every_command_refuses_its_asker_alone(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, _ = world.players
        running = await started_game(world, "rx07", "Running")
        created = await world.slash(alice, "game create", variant="rx07", name="Forming")
        forming = int(created.text.split("#", 1)[1].split()[0])
        await world.slash(bob, "game join", game_id=forming)
        table = refusals(world, forming, running)
        assert synced_commands(world) - NEVER_REFUSED - set(table) == set(), "a command without a refusal case"
        for path, (user, options) in table.items():
            before = len(world.general.messages)
            asked = await world.slash(user, path[1:], **options)
            assert asked.text.startswith("⚠️"), f"{path} was not refused: {asked.text[:120]}"
            assert_only_the_asker_saw(world, asked, user, before)
        assert world.fake.ignored_ephemeral == [], world.fake.ignored_ephemeral
        assert not world.fake.refusals, world.fake.refusals


async def test_the_refusals_players_met_stay_private(service):
    """The refusals named by players: "only the game master may start game #1", "hours must be…",
    `/history` with no phase yet, `/gm assign`'s refusal, and `/game leave`'s offer text."""
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        running = await started_game(world, "rx07", "Running")
        cases = [(bob, "game start", {"game_id": running}, "only the game master"),
                 (alice, "gm extend", {"game_id": running, "hours": 0.0}, "hours must be"),
                 (carol, "gm assign", {"game_id": running, "seat": "Entente", "member": member_option(carol, world.guild)},
                  "⚠️")]
        for user, path, options, words in cases:
            before = len(world.general.messages)
            asked = await world.slash(user, path, **options)
            assert words in asked.text, asked.text
            assert_only_the_asker_saw(world, asked, user, before)
        created = await world.slash(alice, "game create", variant="classic", name="Masks", options="anonymous=on")
        masks = int(created.text.split("#", 1)[1].split()[0])
        before = len(world.general.messages)
        asked = await world.slash(alice, "history", game_id=masks)
        assert "no adjudicated phase yet" in asked.text
        assert_only_the_asker_saw(world, asked, alice, before)
        assert world.fake.ignored_ephemeral == [], world.fake.ignored_ephemeral


async def test_an_offer_to_leave_an_anonymous_game_names_no_seat_in_public(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        game_id = await started_game(world, "england_turkey", "Quiet", options="anonymous=on")
        before = len(world.general.messages)
        asked = await world.slash(bob, "game leave", game_id=game_id)
        assert "to a substitute" in asked.text and "Join button" in asked.text
        assert_only_the_asker_saw(world, asked, bob, before)
        assert world.fake.ignored_ephemeral == [], world.fake.ignored_ephemeral


async def test_a_full_server_refuses_the_start_to_the_game_master_alone(service):
    """Discord's 500 channels (30013): the start is refused, and only the GM reads why."""
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        created = await world.slash(alice, "game create", variant="rx07", name="Crowded")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        await world.slash(alice, "game join", game_id=game_id)
        await world.slash(bob, "game join", game_id=game_id)
        while sum(1 for c in world.fake.channels.values() if c.guild_id == world.guild.id) < 500:
            world.fake.add_channel(world.guild, "filler")
        before = len(world.general.messages)
        asked = await world.slash(alice, "game start", game_id=game_id)
        assert "has not started" in asked.text and "500" in asked.text, asked.text
        assert_only_the_asker_saw(world, asked, alice, before)
        assert world.fake.ignored_ephemeral == []
