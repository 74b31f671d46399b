"""The same command gives the same answer on Discord and in the console, through the same
service call: the command table phrases each answer once.

One game is played twice, the same commands typed by the same players at the same time — once
through the fake Discord, once in the console, each on its own database — and every answer is
read side by side: the Discord text with its mentions and timestamps as the console shows them
(`@alice`, UTC times) and its slash hints in the console's words is the console's text. The only
differences are the buttons the console does not have (a sheet's **Ready**, **Not ready**) and the
channels (`/game start` names the game channel), both named here. Each command also reaches the
service methods of its table row (`Command.calls`) on both sides.
"""
import inspect
import re
from datetime import datetime, timezone

from console import Console
from db import Database
from service import GameService
from service.commands import TABLE, in_console_words
from tests.discord_world import README_PERMISSIONS, close_world, make_world

# (who, slash path, options, console line): the script both front ends play
SCRIPT = [
    (0, "game create", {"variant": "guess", "name": "Twins", "hours": 24}, "game create guess name=Twins hours=24"),
    (0, "game join", {"game_id": 1}, "game join 1"),
    (1, "game join", {"game_id": 1}, "game join 1"),
    (0, "game seats", {"game_id": 1}, "game seats 1"),
    (0, "game start", {"game_id": 1}, "game start 1"),
    (0, "orders", {"text": "#1 guess 3"}, "orders 1 guess 3"),
    (1, "order", {"text": "#1 guess 9"}, "order 1 guess 9"),
    (0, "clear", {"game_id": 1}, "clear 1"),
    (0, "order", {"text": "#1 guess 4"}, "order 1 guess 4"),
    (0, "ready", {"game_id": 1}, "ready 1"),
    (0, "unready", {"game_id": 1}, "unready 1"),
    (1, "vote", {"game_id": 1}, "vote 1"),
    (1, "vote", {"game_id": 1, "motion": "extend", "hours": 12}, "vote 1 extend 12"),
    (0, "gm pause", {"game_id": 1}, "gm pause 1"),
    (0, "gm resume", {"game_id": 1}, "gm resume 1"),
    (0, "gm extend", {"game_id": 1, "hours": 6}, "gm extend 1 6"),
    (0, "gm policy", {"game_id": 1, "excused": 2}, "gm policy 1 excused=2"),
    (1, "history", {"game_id": 1}, "history 1"),
    (1, "notify", {"dm": True}, "notify dm on"),
    (1, "rules", {"game_id": 1}, "rules 1"),
    (0, "gm abandon", {"game_id": 1}, "gm abandon 1"),
]
BUTTONS = {"press **Ready** (or `ready 1`) when done": "`ready 1` when done",
           " (or **Not ready** on your sheet)": ""}
_TIMESTAMP = re.compile(r"<t:(-?\d{1,12}):[a-zA-Z]>")
# Discord's answers for the asker alone can vanish on a phone: their lasting copy in the seat's
# channel is Discord's alone (the console prints every answer where it stays)
DISCORD_ONLY = {"note_seat"}


def spy(service, said: list[str]) -> None:
    """Note each public GameService method the front end calls."""
    for name in dir(service):
        method = getattr(service, name, None)
        if name.startswith("_") or not inspect.iscoroutinefunction(method):
            continue

        def noting(original=method, called=name):
            async def noted(*args, **kwargs):
                said.append(called)
                return await original(*args, **kwargs)
            return noted
        setattr(service, name, noting())


def as_console_reads(text: str, people: dict[int, str]) -> str:
    """A Discord answer as the console prints it: mentions by name, times in UTC, the console's hints."""
    for user_id, name in people.items():
        text = text.replace(f"<@{user_id}>", f"@{name}")
    text = _TIMESTAMP.sub(lambda m: datetime.fromtimestamp(int(m.group(1)), timezone.utc)
                          .strftime("%Y-%m-%d %H:%M UTC"), text)
    text = in_console_words(re.sub(r"^⚠️ ", "error: ", text), 1)
    for shown, said in BUTTONS.items():
        text = text.replace(shown, said)
    return text


def note_acts(ran: list[str]):
    """Note each row whose act runs (the one service call a row makes, for either front end);
    returns how to put the rows back (they are frozen values: set and reset by hand)."""
    originals = {row.name: row.act for row in TABLE.values() if row.act is not None}
    for name, original in originals.items():
        def noted(service, ask, original=original, name=name):
            ran.append(name)
            return original(service, ask)
        object.__setattr__(TABLE[name], "act", noted)
    return lambda: [object.__setattr__(TABLE[name], "act", act) for name, act in originals.items()]


async def test_each_command_answers_alike_on_discord_and_in_the_console(service, clock, tmp_path):
    quiet = await Database(tmp_path / "console.sqlite3").connect()
    twin = GameService(quiet, clock=clock, seed_source=lambda: "testseed")
    world = await make_world(service, bot_permissions=README_PERMISSIONS)
    console = Console(twin, tmp_path / "out", write=lambda _: None)
    put_back = lambda: None  # noqa: E731
    try:
        people = {user.id: user.name for user in world.players}
        discord_calls: list[str] = []
        console_calls: list[str] = []
        spy(service, discord_calls)
        spy(twin, console_calls)
        ran: list[str] = []
        put_back = note_acts(ran)
        compared = 0
        for who, path, options, line in SCRIPT:
            player = world.players[who]
            await console.execute(f"as {player.name}")
            del discord_calls[:], console_calls[:], ran[:]
            asked = await world.slash(player, path, **options)
            on_discord = list(ran)
            printed = await console.execute(line)
            # the row's act runs on both sides (`/game start` makes channels first, then the same call)
            assert on_discord == ([] if path == "game start" else [path]) and ran == on_discord + [path], (path, ran)
            # the row's service methods: the same ones, on both sides — but the lasting copy of an
            # answer given for the asker alone (`note_seat`), which the console never needs
            calls = set(TABLE[path].calls) - DISCORD_ONLY
            assert calls & set(discord_calls) == calls & set(console_calls), (path, discord_calls, console_calls)
            assert "note_seat" not in console_calls
            if path == "game start":         # Discord names the channels it made; the console has none
                assert "has started" in asked.text and "has started" in printed[0]
                continue
            answer = [text for text in printed if not text.startswith(("[game #", "wrote "))]
            assert as_console_reads(asked.text, people) == "\n".join(answer), (path, asked.text, answer)
            compared += 1
        assert compared == len(SCRIPT) - 1
        assert not world.fake.violations
    finally:
        put_back()
        await close_world(world)
        await quiet.close()
