"""The shape of the command table: one `Command` for each thing a player, a GM or an admin can
ask, read by both front ends.

discord.py's cogs declare their slash and prefix commands against it (`cogs.declared`: name,
description, options with their descriptions and choices, the server-only check, privacy) and
the console reads its words from it (`service.commands.words`). Both call the same service
(`Command.act`) and answer with the same words (`Command.say`); the console then writes every
slash command the answer cites in its own words (`console_words.in_console_words`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Mapping

from ..models import Actor, GameInfo

# What an argument holds, as Discord types its option and the console reads its word.
KINDS = ("int", "float", "text", "bool", "member", "file")
# Who may use a command (README's "who" column; the service checks it, the table says it).
WHO = ("anyone", "players", "seated player", "GM", "organiser", "server admin", "console")
# The help's sections, in the order a new player needs them.
SECTIONS = ("Setting up", "Playing", "Over weeks", "Leagues and tournaments", "Axis & Allies 1914", "Game master",
            "Server admin", "Console")


@dataclass(frozen=True)
class Arg:
    """One argument: the slash option of that name, and in the console a word, `name=value`
    (any argument, also under one of its `aliases`) or, for a `bool`, the name itself (`confirm`).
    The console's words come in the table's order, the game number first."""

    name: str
    kind: str = "text"
    description: str = ""
    required: bool = False
    choices: tuple[str, ...] = ()
    rest: bool = False          # the rest of the line (Discord: a keyword-only parameter)
    words: bool = False         # may be several words in the console (a seat: `British Empire`)
    shown: str = ""             # how help writes a value to fill in: `HOURS` (default: the name)
    aliases: tuple[str, ...] = ()
    synonyms: tuple[str, ...] = ()      # words taken besides the choices, not offered (`none` for `off`)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"argument {self.name}: kind {self.kind!r} is not one of {KINDS}")
        if len(self.description) > 100:
            raise ValueError(f"argument {self.name}: Discord shows 100 characters of a description")

    @property
    def accepted(self) -> tuple[str, ...]:
        return self.choices + self.synonyms

    @property
    def placeholder(self) -> str:
        return self.shown or self.name.upper()


@dataclass(frozen=True)
class Ask:
    """One command as asked: who asks, the arguments by name, and what the front end found out —
    the game meant (Discord: the number, the channel's game or the asker's only game; the
    console: the number), the seat (the seat channel it was typed in; the console's `Seat:`)."""

    actor: Actor
    values: Mapping[str, Any] = field(default_factory=dict)
    game: GameInfo | None = None
    seat: str | None = None
    guild_id: int | None = None
    channel_id: int | None = None       # where it was typed (Discord); None in the console
    viewer: int | None = None           # whose palette pictures use (None: the server's)
    upload_limit: int | None = None     # the largest file the answer may carry (Discord: the server's)
    console: bool = False               # the console: words instead of buttons, files on disk

    def get(self, name: str, default: Any = None) -> Any:
        value = self.values.get(name)
        return default if value is None else value

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    @property
    def mention(self) -> str:
        """The asker as a reply names them (the console shows `@name`)."""
        return f"<@{self.actor.user_id}>"

    @property
    def seat_meant(self) -> str | None:
        """The seat named in the command, else the one the front end found."""
        return self.get("seat") or self.seat


@dataclass(frozen=True)
class Part:
    """One message of an answer: its text and, if any, a file (name, bytes) going with it."""

    text: str
    file: tuple[str, bytes] | None = None


Act = Callable[[Any, Ask], Awaitable[Any]]
Say = Callable[[Any, Ask], "str | tuple[Part, ...]"]
Reader = Callable[[str, str], dict[str, Any]]
Writer = Callable[["Command", Mapping[str, Any], str], str]


def _same(result: Any, ask: Ask) -> Any:
    """The answer of an act that already phrased it (a status, a rules text)."""
    return result


@dataclass(frozen=True)
class Command:
    """A command both front ends offer (or one of them, with `twin` saying what stands for it on
    the other side)."""

    name: str                           # `gm pause`: the slash command's path, the console's words
    description: str                    # Discord's description (at most 100 characters)
    who: str                            # one of WHO
    section: str                        # one of SECTIONS
    args: tuple[Arg, ...] = ()          # in the slash command's order
    act: Act | None = None              # the service call: (service, Ask) -> result
    say: Say = _same                    # the answer to that result, in Discord's markup
    calls: tuple[str, ...] = ()         # the GameService methods `act` calls (for tests and docs)
    game: str | None = "required"       # "required", "optional" or None: does it act on one game?
    for_seat: bool = False              # acts for one of the asker's seats
    private: bool = False               # answered to the asker alone
    private_if: Callable[[GameInfo], bool] | None = None     # …or only in such a game
    guild_only: bool = False            # Discord: in a server, never in direct messages
    on_discord: bool = True
    in_console: bool = True
    twin: str = ""                      # on one side only: what stands for it on the other
    console_names: tuple[str, ...] = ()     # other console words for it (`game pause`)
    read: Reader | None = None          # the console's words when they are not the generic ones
    write: Writer | None = None         # …and how a hint is written in them
    usage: str = ""                     # the console's usage when `read` is its own
    example: str = ""                   # as typed on Discord; the console's help translates it

    def __post_init__(self) -> None:
        if self.who not in WHO or self.section not in SECTIONS:
            raise ValueError(f"command {self.name}: who {self.who!r} / section {self.section!r} unknown")
        if self.on_discord and len(self.description) > 100:
            raise ValueError(f"command {self.name}: Discord allows 100 characters of description")
        if not (self.on_discord and self.in_console) and not self.twin:
            raise ValueError(f"command {self.name} is on one side only: say what stands for it (twin)")

    def arg(self, name: str) -> Arg | None:
        return next((a for a in self.args if a.name == name), None)

    @property
    def console_args(self) -> tuple[Arg, ...]:
        """The arguments in the console's order: after the game number, in the table's order."""
        return tuple(a for a in self.args if a.name != "game_id")

    def answer(self, result: Any, ask: Ask) -> tuple[Part, ...]:
        """`say` as the messages to send."""
        said = self.say(result, ask)
        return (Part(said),) if isinstance(said, str) else tuple(said)
