"""`/help` and the console's `help`, read from the command table: every command in its section
with how it is typed, one command explained with its arguments and an example, and — for a
command that gives orders — an example from the asker's own legal orders, never another seat's.

The functions take the table as an argument (`service.commands.table` passes it), so this
module does not import it."""
from __future__ import annotations

from typing import Iterable

from engine.variant import variants

from .orders import ORDER_WORDS
from .spec import SECTIONS, Command
from .words import usage

# A section's note, where the list alone would not say it.
NOTES = {
    "Playing": "in your private seat channel you can also just write orders, one per line",
    "Game master": "the creator or a server admin",
}
ORDER_EXAMPLES = {
    "place": "place 3 infantry Berlin", "attack": "attack Picardy", "retreat": "retreat SZ 9 to SZ 10 after 1",
    "break": "break off SZ 9 after 2", "submerge": "submerge SZ 9", "call": "call off Picardy if mined",
    "declare": "declare usw",
}
"""The console's A&A order words (`order`'s console names), each with the README's example."""
# Commands whose example is best one of the asker's own legal orders now.
OWN_EXAMPLES = {"order": ("order", ""), "orders": ("orders", ""), "buy": ("buy", "buy "), "move": ("move", "move "),
                "casualties": ("casualties", "casualties "), "suggest": ("suggest", "")}


def slash_usage(command: Command, optional: bool = True) -> str:
    """`/gm bot <seat> [level]` as help lists it (the game is found by itself: not listed); the
    overview leaves the optional options to `/help command:`."""
    words = [f"/{command.name}"]
    for arg in command.args:
        if arg.name != "game_id" and (arg.required or optional):
            words.append(f"<{arg.name}>" if arg.required else f"[{arg.name}]")
    return " ".join(words)


def overview(commands: Iterable[Command], console: bool) -> str:
    """Every command of one front end, by section."""
    commands = [c for c in commands if (c.in_console if console else c.on_discord)]
    if console:
        lines = ["Commands (game number first where a game is meant; `;` separates order lines; any argument "
                 "also as name=value):"]
        for section in SECTIONS:
            inside = [c for c in commands if c.section == section]
            if inside:
                note = f" ({NOTES[section]})" if section in NOTES else ""
                lines.append(f"{section}{note}:")
                lines += [console_line(c) for c in inside]
        lines.append("  help [COMMAND] | quit")
        return "\n".join(lines)
    lines = ["**Dispatch** — slow, play-by-post WWI wargames."]
    for section in SECTIONS:
        inside = [c for c in commands if c.section == section]
        if inside:
            note = f" ({NOTES[section]})" if section in NOTES else ""
            lines.append(f"**{section}**{note}: " + " · ".join(f"`{slash_usage(c, optional=False)}`" for c in inside))
    games = "\n".join(f"• `{key}` — {v.title}: {v.summary}" for key, v in variants().items())
    lines.append("Outside a game's channels, name the game: `/orders #12 A Par - Bur`, or `#12 France: …` if you "
                 "hold several seats; other commands take `game_id`.")
    return "\n".join(lines) + ("\n**Games**\n" + games if games else "") + \
        "\n`/help command:<name>` explains one command with an example."


def console_line(command: Command) -> str:
    """A command in the console's list: its words, then what it does (on a line of its own
    under words too long for the column)."""
    words = usage(command)
    return f"  {words:<40} {command.description}" if len(words) <= 40 else f"  {words}\n  {'':<40} {command.description}"


def explain(command: Command, console: bool, example: str | None, said_as: str = "") -> str:
    """One command: how it is typed, what it does, its arguments, an example (`said_as`: the
    A&A order word the console's `order` was named by, `place`)."""
    if console:
        lines = [f"{usage(command)}   {command.description}"]
        if said_as in ORDER_WORDS:
            lines[0] = f"{said_as} ID [SEAT:] …   A&A: `{said_as} …` is the order `order ID {said_as} …`"
        lines += [f"  {a.name}: {a.description}" for a in command.console_args if a.description]
        if not command.on_discord:
            lines.append(f"  (on Discord: {command.twin})")
        return "\n".join(lines) + (f"\n  for example: {example}" if example else "")
    lines = [f"**/{command.name}** — {command.description}"]
    lines += [f"• `{a.name}` ({'required' if a.required else 'optional'}): {a.description}" for a in command.args]
    return "\n".join(lines) + (f"\nExample: `{example}`" if example else "")


def one_side(command: Command, console: bool) -> str:
    """A command the asker's front end does not have, and what stands for it there."""
    if console:
        return f"`{command.name}` is on Discord only: {command.twin}."
    return f"`{command.name}` is the offline console's; on Discord: {command.twin}."
