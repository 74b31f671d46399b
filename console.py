"""The offline console: the same game commands as on Discord, typed as any player.

    as alice                      switch to player alice (`as root admin` for a server admin)
    game create guess name=Test   then `game join 1`, `game start 1`, `orders 1 guess 3`, ...

Messages the bot would post are printed; maps are written as PNG files to ./out/.
"""
from __future__ import annotations

import logging
import os
import re
from datetime import datetime, timezone
import zlib
from pathlib import Path
from typing import Any, Callable

from engine.errors import RulesError
from service import Actor, GameService, ServiceError
from service.checks import MAX_SHEET, clip, printable, tidy_error
from service.clock import GameClock
from service.commands import Ask, Command, console_command, in_console_words
from service.commands.help import one_side
from service.commands.words import read
from service.delivery import Delivery, Destination
from service.errors import BadInput
from service.exports import MAX_EXPORT_FILE
from service.models import CONSOLE_GUILD

log = logging.getLogger("dispatch.console")

MAX_LINE = MAX_SHEET + 1_000     # a whole order sheet and its command words
_TIMESTAMP = re.compile(r"<t:(-?\d{1,12}):[a-zA-Z]>")
_MENTION = re.compile(r"<@!?\d{1,20}>")


def user_id_for(name: str) -> int:
    """A stable fake Discord id for a console player name."""
    return 10_000 + zlib.crc32(name.lower().encode())


class Console:
    def __init__(self, service: GameService, out_dir: Path | str = "out", write: Callable[[str], None] = print):
        self.service = service
        self.out_dir = Path(out_dir)
        self.write = write
        self.actor = Actor(user_id_for("player1"), False, "player1")
        self.names: dict[int, str] = {self.actor.user_id: "player1"}
        self.started_in = Path.cwd()
        self.clock = GameClock(service, self._send, console=True)
        self._printed: list[str] | None = None

    async def execute(self, line: str) -> list[str]:
        """Run one command line; return what it printed. Never raises for bad input."""
        out: list[str] = []
        line = printable(line or "")
        try:
            if len(line) > MAX_LINE:         # bounded before any word is split or parsed
                raise BadInput(f"that line is {len(line):,} characters long; a command has at most {MAX_LINE:,} "
                               f"(an order sheet at most {MAX_SHEET:,})")
            if self.service.limits is not None and line.strip() and not line.lstrip().startswith("#"):
                self.service.limits.command(self.actor.user_id)      # as on Discord: commands per person
            out.extend(await self._dispatch(line))
        except (ServiceError, RulesError) as exc:
            out.append(f"error: {tidy_error(str(exc))}")
        except Exception:  # noqa: BLE001 - the console never dies on input
            log.exception("console command failed: %r", line[:200])
            out.append("error: something went wrong on our side; nothing was changed. The error was logged.")
        if not re.match(r"\s*[/!]?(help|\?)\b", line, re.I):      # the help itself names Discord's words too
            out = [in_console_words(text, _line_game(line)) for text in out]
        drained = await self._drain()
        out = [printable(text) for text in out + drained]
        for text in out:
            self.write(text)
        return out

    async def _dispatch(self, line: str) -> list[str]:
        """A line's command, read from the command table (`service.commands`): its words, the
        service call Discord makes, and the answer Discord gives, in the console's words."""
        line = line.strip()
        if not line or line.startswith("#"):
            return []
        line = line.lstrip("/!")
        command, said, rest = console_command("help " + line[1:] if line.startswith("?") else line)
        if command is None:
            raise BadInput(f"unknown command `{clip(line.split()[0], 30)}`; type `help`")
        if not command.in_console:
            raise BadInput(one_side(command, console=True))
        values = read(command, rest, said)
        if command.name == "as":
            return self._as(values)
        ask = await self._ask(command, values)
        result = await command.act(self.service, ask)
        return await self._answer(command, ask, result)

    async def _ask(self, command: Command, values: dict[str, Any]) -> Ask:
        """The command as the service's actions read it: the console's player, the game named."""
        game = await self.service.game(values["game_id"]) if values.get("game_id") is not None else None
        for arg in command.args:
            if arg.kind == "member" and arg.name in values:          # a player by name
                name = str(values[arg.name])[:32]
                self.names[user_id_for(name)] = name
                values[arg.name] = user_id_for(name)
            elif arg.kind == "file" and arg.name in values:          # a file on disk
                values[arg.name] = read_export_file(values[arg.name])
        return Ask(self.actor, values, game, guild_id=game.guild_id if game is not None else CONSOLE_GUILD,
                   viewer=self.actor.user_id, console=True)

    async def _answer(self, command: Command, ask: Ask, result: Any) -> list[str]:
        """The answer's words, each file it carries written to the out folder."""
        out: list[str] = []
        palette = None
        for part in command.answer(result, ask):
            if part.text:
                out.append(self._names(part.text))
            if part.file is not None:
                name, data = part.file
                if name.endswith((".png", ".gif", ".mp4")):         # maps: a file of their own per region and palette
                    palette = palette or await self.service.store.user_palette(self.actor.user_id)
                    region = ask.get("region")
                    slug = "-".join(str(region).lower().split()) if region else ""
                    name = map_file_name(name, region if slug and slug not in name else None, palette)
                out.append(self._write(data, name))
        return out

    def _as(self, values: dict[str, Any]) -> list[str]:
        name = str(values["name"])[:32]
        self.actor = Actor(user_id_for(name), bool(values.get("admin")), name)
        self.names[self.actor.user_id] = name
        return [f"you are now {name}{' (server admin)' if self.actor.is_admin else ''}"]

    def _write(self, data: bytes, name: str) -> str:
        return f"wrote {self._save(data, name)}"

    def _save(self, data: bytes, name: str) -> str:
        """Write a file to the out folder; its path as `_shown` prints it."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        (self.out_dir / name).write_bytes(data)
        return self._shown(self.out_dir / name)

    def _shown(self, path: Path) -> str:
        """A written file's path relative to the folder the console was started in."""
        try:
            return os.path.relpath(path, self.started_in)
        except ValueError:          # another drive (Windows): the full path
            return str(path)

    async def _drain(self) -> list[str]:
        """Fire what is due and print what the bot would post (the same clock the bot runs)."""
        self._printed = []
        try:
            await self.clock.run_once()
            return self._printed
        finally:
            self._printed = None

    async def _send(self, destination: Destination, delivery: Delivery) -> None:
        target = delivery.message.target.replace("seat:", "to ").replace("user:", "to user ")
        # the commands a message cites, in the console's words (the game number first)
        said = in_console_words(delivery.text, delivery.message.game_id)
        text = f"[game #{delivery.message.game_id} {target}] {self._names(said)}"
        if delivery.png is not None:
            text += f"\n  (map: {self._save(delivery.png, delivery.filename)})"
            for png, name in delivery.extras:            # the crop of the turn's action
                text += f"\n  (where the action was: {self._save(png, name)})"
        if delivery.message.target == "archive":        # the final summary comes with the whole record
            _, packed = await self.service.export_file(delivery.message.game_id)      # packed off the loop
            text += f"\n  (export: {self._save(packed, f'game-{delivery.message.game_id}.json.gz')})"
        joins = [arg for kind, arg in delivery.message.buttons if kind == "join"]
        if joins:
            text += "\n  " + " ".join(f"[Join {arg}: `game take {delivery.message.game_id} {arg}`]" for arg in joins)
        if any(kind == "menus" for kind, _ in delivery.message.buttons):     # Discord's menus under a brief
            text += f"\n  (menus: `choices {delivery.message.game_id}`, then `pick {delivery.message.game_id} KEY OPTION`)"
        if self._printed is not None:
            self._printed.append(text)
        else:               # the background clock: print at once
            self.write(printable(text))

    def _names(self, text: str) -> str:
        """Discord markup made readable: mentions as @name (a player this console has not met yet,
        e.g. after a restart, as "a player"), timestamps as UTC times."""
        for user_id, name in self.names.items():
            text = text.replace(f"<@{user_id}>", f"@{name}")
        text = _MENTION.sub("a player", text)
        return _TIMESTAMP.sub(lambda m: datetime.fromtimestamp(int(m.group(1)), timezone.utc)
                              .strftime("%Y-%m-%d %H:%M UTC"), text)


def map_file_name(name: str, region: str | None = None, palette: str | None = None) -> str:
    """The service's file name with what else makes this map differ — its region (a preview's
    name has none) and a palette of the player's own — so two maps never share a file."""
    stem, dot, ext = name.rpartition(".")
    if region:
        stem += "-" + "-".join(region.lower().split())
    if palette and palette != "standard":
        stem += "-" + palette
    return f"{stem}{dot}{ext}"


def read_export_file(path: str) -> bytes:
    """The bytes of an export file on disk (plain JSON or gzip-compressed; the service reads and
    checks them), refused if no export could be that large."""
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_EXPORT_FILE + 1)
    except OSError as exc:
        raise BadInput(f"cannot read `{clip(path, 80)}`: {exc.strerror or exc}") from None
    if len(raw) > MAX_EXPORT_FILE:
        raise BadInput(f"`{clip(path, 80)}` is over {MAX_EXPORT_FILE // 2**20} MiB: too large to be a game export")
    return raw


def _line_game(line: str) -> int | None:
    """The game number a command line names (its first number), for the hints its answer cites."""
    found = re.search(r"(?<![\w.-])#?(\d{1,18})(?![\w.])", line)
    return int(found.group(1)) if found else None
