"""One command table for both front ends (`service.commands`): walked row by row.

- Every slash command the bot syncs to Discord is a row of the table and nothing else: its name,
  description and options — each option's name, type, description, whether it is required and
  its choices — are the row's, in the row's order; a group's description is `GROUPS`'s; the
  typed (prefix) twin of a row that works only in servers carries the server-only check.
- Every row is on Discord and in the console, or says what stands for it on the other side.
- The console reads every row's example (Discord's words, translated) back into the row's own
  argument names.
- `/help` and the console's `help` list every row of their side and explain each one.
- README's command table names every slash command with the row's "who".
- A cog method whose parameters are not its row's arguments is refused when the cog is defined.
"""
import re
from pathlib import Path

import pytest

from service import Actor
from service.commands import GROUPS, TABLE, Ask, console_command, console_hint
from service.commands.help import overview
from service.commands.words import read, usage
from tests.discord_world import README_PERMISSIONS, open_world

README = Path(__file__).resolve().parents[2] / "README.md"
TYPES = {"int": 4, "float": 10, "text": 3, "bool": 5, "member": 6, "file": 11}      # Discord's option types
ON_DISCORD = {name: row for name, row in TABLE.items() if row.on_discord}
IN_CONSOLE = {name: row for name, row in TABLE.items() if row.in_console}


def synced_leaves(synced: list[dict]) -> dict[str, dict]:
    """Each synced command by its full name (`gm pause`), groups opened up."""
    leaves = {}
    for node in synced:
        subcommands = [o for o in node.get("options") or [] if o["type"] == 1]
        for sub in subcommands:
            leaves[f"{node['name']} {sub['name']}"] = sub
        if not subcommands:
            leaves[node["name"]] = node
    return leaves


async def test_the_synced_slash_commands_are_the_tables_rows(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        synced = world.fake.commands.get(None) or []
        leaves = synced_leaves(synced)
        assert set(leaves) == set(ON_DISCORD), set(leaves) ^ set(ON_DISCORD)
        for name, node in leaves.items():
            row = ON_DISCORD[name]
            assert node["description"] == row.description, name
            options = node.get("options") or []
            assert [o["name"] for o in options] == [a.name for a in row.args], name
            for option, arg in zip(options, row.args):
                assert option["type"] == TYPES[arg.kind], (name, arg.name)
                assert option["description"] == arg.description, (name, arg.name)
                assert bool(option.get("required")) == arg.required, (name, arg.name)
                assert [c["value"] for c in option.get("choices") or []] == list(arg.choices), (name, arg.name)
        for node in synced:
            if node["name"] in GROUPS:
                assert node["description"] == GROUPS[node["name"]].description
                assert (node.get("dm_permission") is False) == GROUPS[node["name"]].server_only, node["name"]
        bot = world.harness.bot
        fallbacks = {f"{group} {g.fallback}": group for group, g in GROUPS.items() if g.fallback}
        for name, row in ON_DISCORD.items():
            typed = bot.get_command(fallbacks.get(name, name))      # `!game` is `/game list`
            assert typed is not None and typed.extras.get("table") == name, name
            checks = [c.__qualname__ for c in typed.checks]
            assert any("guild_only" in c for c in checks) == row.guild_only, (name, checks)
            assert bool(typed.extras.get("private")) == row.private, name


def test_each_row_is_on_both_sides_or_names_what_stands_for_it():
    for name, row in TABLE.items():
        assert row.on_discord or row.in_console, name
        if not (row.on_discord and row.in_console):
            assert row.twin, name
        # the console runs a row's act; a row on Discord alone may do it all in its cog (a role, a channel)
        assert row.act is not None or not row.in_console or name == "as", f"{name} calls no service"
        assert usage(row).startswith(name.split()[0]), name


def test_the_console_reads_every_example_into_the_rows_own_arguments():
    for name, row in IN_CONSOLE.items():
        for piece in filter(None, (p.strip() for p in row.example.split("·"))):
            piece = re.sub(r"\s*\(.*\)$", "", piece)              # `/vote (the tally)`
            line = console_hint(piece, 1)
            found, said, rest = console_command(line)
            assert found is row, (name, piece, line)
            values = read(found, rest, said)
            assert set(values) <= {a.name for a in row.args} | {"game_id", "seat"}, (name, line, values)


def test_the_hints_a_reply_gives_are_the_consoles_words():
    assert console_hint("/gm policy absent:bot|hold", 4) == "gm policy 4 absent=bot|hold"
    assert console_hint("/vote extend hours:24", 2) == "vote 2 extend 24"
    assert console_hint("/map region:", 3) == "map 3 REGION"
    assert console_hint("/rules variant:<key>") == "rules KEY"
    assert console_hint("/game create … bots:") == "game create VARIANT bots:SEAT,SEAT …"
    assert console_hint("/odds 3 inf vs 2 inf") == "odds 3 inf vs 2 inf"
    assert console_hint("/game list page:2") == "game list 2"
    assert console_hint("/notify reminders:24 2") == "notify reminders 24 2"
    assert console_hint("/game spectate stop:True", 1) == "/game spectate stop:True (on Discord)"


@pytest.mark.parametrize("console", [False, True])
async def test_help_lists_and_explains_every_row_of_its_side(service, console):
    rows = IN_CONSOLE if console else ON_DISCORD
    listed = overview(TABLE.values(), console)
    for name, row in rows.items():
        assert (usage(row) if console else f"`/{name}") in listed, name
    asker = Actor(5, False, "reader")
    for name, row in rows.items():
        told = await TABLE["help"].act(service, Ask(asker, {"command": name}, console=console))
        assert told.startswith(usage(row) if console else f"**/{name}**"), (name, told)
    other = {n for n in TABLE if n not in rows}
    for name in other:                                       # the other side's command: what stands for it
        told = await TABLE["help"].act(service, Ask(asker, {"command": name}, console=console))
        assert TABLE[name].twin in told, (name, told)


def test_readme_names_every_slash_command_with_its_who():
    text = README.read_text()
    section = text[text.index("## Commands"):]
    named: dict[str, str] = {}
    for line in section.splitlines():
        if not line.startswith("| `/"):
            continue
        command, who = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:3]]
        for name in ON_DISCORD:
            if re.search(rf"`/{name}(?![a-z_])", command):
                named.setdefault(name, who)
    for name, row in ON_DISCORD.items():
        assert name in named, f"README's command table does not name /{name}"
        assert named[name] == row.who, (name, named[name], row.who)


def test_a_cog_method_that_is_not_its_row_is_refused():
    from cogs.declared import declared

    with pytest.raises(TypeError, match="not the table's"):
        @declared("gm extend")
        async def extend(self, ctx, game_id: int | None = None, hours: float = 1.0) -> None:  # order swapped
            return None
    with pytest.raises(TypeError, match="keyword-only"):
        @declared("order")
        async def order(self, ctx, text: str) -> None:
            return None
    with pytest.raises(ValueError, match="console's only"):
        declared("pick")
