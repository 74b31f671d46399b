"""The command table: every command of Dispatch, once, for the cogs and the console
(`service.commands.spec` says what a row holds). Also what reads the whole table: finding a
command by its words, `/help`, and the console's way to say a slash command a reply cites
(`in_console_words`)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import ServiceError
from . import games, gm, leagues, matches, orders, players, reading, seasons, tournaments
from .help import ORDER_EXAMPLES, OWN_EXAMPLES, console_line, explain, one_side, overview, slash_usage
from .spec import Arg, Ask, Command
from .words import placeholder, write


@dataclass(frozen=True)
class Group:
    """A slash command group (`/game …`): its description, and the subcommand that answers the
    group's own name typed alone (`/game` lists games)."""

    description: str
    fallback: str | None = None
    server_only: bool = False


GROUPS = {
    "game": Group("This server's open games, yours first", "list", server_only=True),
    "gm": Group("GM: run a game (pause, extend, adjudicate, roll back, seat players)", server_only=True),
    "press": Group("Your press and alliance channels in a game", "list"),
    "league": Group("Leagues: a season of games on this server, and its standings", server_only=True),
    "tournament": Group("Tournaments: rounds of many boards, seeded and scored", server_only=True),
    "match": Group("A&A league mode: two-game matches after a sealed bid for sides; playoffs", server_only=True),
}


# ------------------------------------------------------------------ help, and the console's own commands
async def _help(service, ask: Ask) -> str:
    word = " ".join(str(ask.get("command") or "").lower().lstrip("/!").split())
    if not word:
        return overview(TABLE.values(), ask.console)
    if word in GROUPS:             # `help gm`: the group's commands
        return _not_found(word, ask.console)
    command, said_as = find(word)
    if command is None:
        return _not_found(word, ask.console)
    if not (command.in_console if ask.console else command.on_discord):
        return one_side(command, ask.console)
    return explain(command, ask.console, await example(service, ask, command, said_as), said_as)


def _not_found(word: str, console: bool) -> str:
    shown = [c for c in TABLE.values() if (c.in_console if console else c.on_discord)]
    related = [c for c in shown if word in c.name.split() or word in c.console_names]
    if console:
        if related:
            return "\n".join(console_line(c) for c in related)
        return f"no console command `{word[:30]}`; type `help`"
    if word in GROUPS and related:
        return "\n".join(f"`{slash_usage(c)}` — {c.description}" for c in related) + \
            "\n`/help command:<name>` explains one."
    close = [c.name for c in shown if word in c.name or c.name.startswith(word[:3])][:5]
    hint = f" Did you mean {', '.join(f'`/{n}`' for n in close)}?" if close else ""
    return f"⚠️ there is no command `/{word[:40]}`.{hint} `/help` lists them all."


async def example(service, ask: Ask, command: Command, said_as: str = "") -> str | None:
    """The example `help` gives: for a command that gives orders, one of the asker's own legal
    orders in a game they play now (never another seat's); else the table's, in the asker's words."""
    word = said_as or command.name
    if word in OWN_EXAMPLES or said_as in orders.ORDER_WORDS:
        mine = await _own_example(service, ask, command, word)
        if mine is not None:
            return mine
    if said_as in orders.ORDER_WORDS:          # an A&A order word: its own example, or none
        line = ORDER_EXAMPLES.get(said_as)
        if line is None:
            return None
        return f"{said_as} 1 {line.split(' ', 1)[1]}" if ask.console else f"/order text:{line}"
    if not command.example:
        return None
    if not ask.console:
        return command.example
    return "   ·   ".join(console_hint(piece.strip(), 1) for piece in command.example.split("·"))


async def _own_example(service, ask: Ask, command: Command, word: str) -> str | None:
    running = [g for g in await service.games_of_user(ask.actor.user_id) if g.status in ("active", "paused")
               and (ask.guild_id is None or g.guild_id == ask.guild_id)]
    if not running:
        return None
    if command.name == "pick":       # a menu's keys and options are the seat's own: `choices` lists them
        return f"choices {running[0].id}   ·   then `pick {running[0].id} KEY OPTION` with one of them"
    verb = OWN_EXAMPLES.get(word, (word, f"{word} "))[1]
    for game in running:
        try:
            lines = await service.example_orders(game.id, ask.actor)
        except ServiceError:
            continue
        line = next((o for o in lines if o.lower().startswith(verb)), None)
        if line is None:
            continue
        if command.name == "suggest":
            line = " ".join(line.split()[:2])
        elif verb and command.name != "order":
            line = line[len(verb):]
        field = command.console_args[0].name
        if ask.console:
            return (f"{word} {game.id} {line[len(verb):]}" if command.name == "order" and verb
                    else write(command, {field: line}, str(game.id)))
        return f"/{command.name} {field}:{line}  (legal now in game #{game.id})"
    return f"`suggest {running[0].id}` lists the orders your seat can give now" if ask.console else None


async def _tick(service, ask: Ask) -> int:
    return await service.tick()


OWN = (
    Command("help", "How to play with Dispatch, or one command explained", "anyone", "Playing",
            (Arg("command", description="a command to explain, e.g. order or game create", rest=True),),
            _help, game=None, private=True, console_names=("?",), usage="help [COMMAND]"),
    Command("as", "Act as player NAME (with `admin`: a server admin, GM of every game)", "console", "Console",
            (Arg("name", required=True, description="any name: the same name is the same player"),
             Arg("admin", "bool", "a server admin")),
            game=None, on_discord=False, twin="you are the member Discord knows you as"),
    Command("tick", "Fire due reminders and deadlines now", "console", "Console", (), _tick,
            lambda fired, ask: f"{fired} timer(s) fired", ("tick",), game=None, on_discord=False,
            twin="the bot's clock fires them by itself"),
)

TABLE: dict[str, Command] = {c.name: c for module in (games, gm, orders, players, reading, seasons, matches, leagues,
                                                      tournaments)
                             for c in module.COMMANDS} | {c.name: c for c in OWN}


def command(name: str) -> Command:
    return TABLE[name]


def find(words: str) -> tuple[Command | None, str]:
    """The command the console's (or `/help`'s) words name — by name or one of its console names —
    and the words used."""
    words = " ".join(words.lower().lstrip("/!").split())
    if words in TABLE:
        return TABLE[words], ""
    for found in TABLE.values():
        if words in found.console_names:
            return found, words
    return None, ""


def console_command(line: str) -> tuple[Command | None, str, str]:
    """The command a console line starts with (two words before one: `gm pause` before `gm`),
    the words that named it, and the rest of the line."""
    words = line.split()
    for size in (2, 1):
        if len(words) >= size:
            found, said = find(" ".join(words[:size]))
            if found is not None:
                parts = line.strip().split(None, size)
                return found, said or found.name, parts[size] if len(parts) > size else ""
    return None, "", line


# ------------------------------------------------------------------ slash hints in the console's words
_HINT = re.compile(r"`([/!][a-z][^`\n]*)`")          # a slash command, or its prefix twin (`!ready confirm`)
_TWICE = re.compile(r"`([^`]+)`(?:,? or `\1`)+")
_PATHS = {" ".join(c.name.split()[:n]) for c in TABLE.values() for n in (1, 2)}
_GAME_WORDS = ("<game>", "<number>", "<id>")


def console_hint(slash: str, game_id: int | None = None) -> str:
    """One slash command as the console says it: `/ready confirm:True` → `ready 1 confirm`,
    `/rules ruling:list` → `ruling list`, `/press send to: France message: …` → `press send 1
    France: …`. A command the console does not have (`/game spectate`, `/press open`) keeps
    Discord's words, marked "(on Discord)"."""
    words = slash.lstrip("/!").split()
    path: list[str] = []
    while words and ":" not in words[0] and " ".join(path + words[:1]) in _PATHS:
        path.append(words.pop(0))
    name = " ".join(path)
    group = GROUPS.get(name)
    found = TABLE.get(name) or (TABLE.get(f"{name} {group.fallback}") if group and group.fallback else None)
    if found is None and group is not None:           # `/gm …`: the group, in the same words
        return " ".join([name, *words])
    if found is None or not found.in_console:
        return f"{slash} (on Discord)"
    names = "|".join(re.escape(a.name) for a in found.args)
    pieces = re.split(rf"(?<!\w)({names}):", " ".join(words), flags=re.I) if names else [" ".join(words)]
    positional = pieces[0].split()
    values: dict[str, Any] = {key.lower(): value.strip() for key, value in zip(pieces[1::2], pieces[2::2])}
    game = str(game_id) if game_id is not None else "ID"
    if found.game == "required" and positional and (positional[0].lstrip("#").isdigit() or positional[0].lower() in _GAME_WORDS):
        game = placeholder(positional.pop(0).lstrip("#"))
    values.pop("game_id", None)
    extra = [w for w in positional if w == "…"]
    positional = [w for w in positional if w != "…"]
    free = [a for a in found.console_args if a.name not in values]
    while positional:
        flag = found.arg(positional[0].lower())
        if flag is not None and flag.kind == "bool":
            values[flag.name] = "True"
            positional.pop(0)
            continue
        arg = next((a for a in free if a.kind != "bool" and a.name not in values), None)
        if arg is None:
            break
        values[arg.name] = " ".join(positional) if arg.rest else positional[0]
        positional = [] if arg.rest else positional[1:]
    said = write(found, values, game)
    tail = [placeholder(w) for w in (*positional, *extra)]
    return " ".join([said, *tail]).replace(" :", ":")


def in_console_words(text: str, game_id: int | None = None) -> str:
    """Every backquoted slash command in `text` (and its `!` twin), in the console's words
    (`console_hint`); the same words offered twice are said once."""
    said = _HINT.sub(lambda m: f"`{console_hint('/' + m.group(1)[1:], game_id)}`", text)
    return _TWICE.sub(r"`\1`", said)


def gm_commands() -> str:
    """What `!gm` typed alone answers."""
    names = [c.name for c in TABLE.values() if c.name.startswith("gm ") and c.on_discord]
    return "GM commands: " + ", ".join(f"`/{n}`" for n in names) + ". See `/help`."


__all__ = ["GROUPS", "TABLE", "Group", "command", "console_command", "console_hint", "find",
           "gm_commands", "in_console_words"]
