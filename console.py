"""The offline console: the same game commands as on Discord, typed as any player.

    as alice                      switch to player alice (`as root admin` for a server admin)
    game create guess name=Test   then `game join 1`, `game start 1`, `orders 1 guess 3`, ...

Messages the bot would post are printed; maps are written as PNG files to ./out/.
"""
from __future__ import annotations

import logging
import os
import re
import shlex
from datetime import datetime, timezone
import zlib
from pathlib import Path
from typing import Callable

from engine.errors import RulesError
from engine.variant import BOT_LEVELS, variants
from service import Actor, GameService, ServiceError
from service.bots import turns_bot_off
from service.clock import GameClock
from service.delivery import Delivery, Destination
from service.checks import MAX_SHEET, clip, printable, tidy_error
from service.errors import BadInput
from service.exports import MAX_EXPORT_FILE
from service.models import CONSOLE_GUILD
from service.maps import phase_map, preview_map, replay_gif
from service.odds import battle_odds, combat_options_in_force, odds_options
from service.history import history_text
from service.policy import policy_text
from service.rooms import TABLE_SETTINGS
from service.rulings import ruling_text
from service.seats import seats_text
from service.game_list import game_list_page, game_list_text
from service.suggest import order_suggestions
from service.votes import UnconfirmedVote
from service.text import all_rules, game_rules, game_status, option_list, parse_option_words, variant_or_error

from console_words import HELP, ORDER_WORDS, help_answer, in_console_words

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
        line = line.strip()
        if not line or line.startswith("#"):
            return []
        head, _, rest = line.partition(" ")
        head = head.lower().lstrip("/!")
        if head in ("help", "?"):
            word = rest.strip().lower().lstrip("/")
            return [await help_answer(self.service, self.actor, word) if word else HELP]
        if head == "as":
            return self._as(rest)
        if head in ("game", "gm"):          # `gm pause 1` as on Discord; `game pause 1` still works
            return await self._game(rest)
        if head in ("orders", "order"):
            return await self._orders(rest, replace=head == "orders")
        if head in ("clear", "ready", "unready"):
            return await self._seat_action(head, rest)
        if head == "map":
            return await self._map(rest)
        if head == "palette":
            chosen = await self.service.set_palette(self.actor.user_id, rest)
            return [f"your maps are now drawn in the {chosen} palette"]
        if head == "odds":
            return await self._odds(rest)
        if head in ORDER_WORDS:
            game_id, seat, text = _target(rest)
            return await self._orders(f"{game_id} {seat + ': ' if seat else ''}{head} {text.strip()}",
                                      replace=False)
        if head == "done":
            return await self._seat_action("ready", rest)
        if head == "status":
            text = await game_status(self.service, await self.service.game(_game_id(rest.split())),
                                     self.actor.user_id)
            return [self._names(text)]
        if head == "rules":
            word = rest.strip()
            if not word:
                return [all_rules()]
            if word.lstrip("#").isdigit():
                return [game_rules(await self.service.game(_int(word, "the game number")))]
            return [variant_or_error(word).rules_summary({})]
        if head == "ruling":
            words = rest.split()
            known = variants()
            variant = words[0].lower() if words and words[0].lower() in known else None
            return [ruling_text(variant, " ".join(words[1:] if variant else words) or "list")]
        if head == "tick":
            return [f"{await self.service.tick()} timer(s) fired"]
        if head == "suggest":
            game_id, seat, text = _target(rest)
            found = await order_suggestions(self.service, game_id, self.actor, seat, text)
            return ["\n".join(found) or "no suggestion"]
        if head == "choices":
            game_id, seat, _ = _target(rest)
            seat, groups = await self.service.choice_groups(game_id, self.actor, seat)
            return ["\n".join(f"{g.key} — {g.prompt}: " + " | ".join(g.options) for g in groups)
                    or f"{seat} has no choice from a menu in this phase"]
        if head == "pick":
            game_id, seat, text = _target(rest)
            key, _, picks = text.strip().partition(" ")
            sheet = await self.service.pick(game_id, self.actor, seat, key,
                                            [p.strip() for p in picks.split(";") if p.strip()])
            return [self._sheet(sheet)]
        if head == "history":
            words = rest.split()
            game_id = _game_id(words)
            text, seq = await history_text(self.service, game_id,
                                           _int(words[1], "the phase number") if len(words) > 1 else None)
            # as `/history`: the map of the phase that followed, these orders drawn on the position they made
            viewer, palette = await self._viewer()
            png, name = await phase_map(self.service, game_id, seq + 1, None, viewer)
            return [self._names(text), self._write(png, map_file_name(name, palette=palette))]
        if head == "notify":
            return [await self._notify(rest)]
        if head == "vote":
            return [await self._vote(rest)]
        if head == "hint":
            return [await self._hint(rest)]
        if head == "press" and rest.split()[:1] == ["send"]:
            return [await self._letter(rest.split(maxsplit=1)[1] if len(rest.split()) > 1 else "")]
        if head in ("press", "spectate"):
            raise BadInput(f"`{head}` opens Discord channels; in the console everyone shares one screen "
                           f"(letters work: `press send ID SEATS: message`)")
        raise BadInput(f"unknown command `{head}`; type `help`")

    async def _letter(self, rest: str) -> str:
        """`press send ID SEATS: MESSAGE`: a letter to other seats, like `/press send`."""
        words = rest.split(maxsplit=1)
        to, colon, message = (words[1] if len(words) > 1 else "").partition(":")
        if not words or not colon:
            raise BadInput("write `press send ID SEATS: message`, e.g. `press send 1 France: shall we talk?`")
        sender, others = await self.service.send_letter(_game_id(words), self.actor, to, message)
        return f"📨 Letter from {sender} on its way to {', '.join(others)}."

    async def _odds(self, rest: str) -> list[str]:
        """`odds [#ID] ATTACKERS vs DEFENDERS [options: OPT ...]`: a game's house rules, or those named."""
        battle, _, named = rest.partition("options:")
        options, where = (odds_options(named), "with the options given") if named.strip() else ({}, "Tournament Rules")
        match = re.match(r"\s*#(\d+)\s+(.*)", battle, re.S)
        if match:
            game = await self.service.game(int(match.group(1)))
            if game.variant != "aa1914":
                raise BadInput(f"game #{game.id} is not an Axis & Allies game: it has no battle odds")
            options, where, battle = dict(game.options), f"game #{game.id}'s rules", match.group(2)
        kind, result = battle_odds(battle, options)
        in_force = combat_options_in_force(options)
        return [f"{kind.capitalize()} battle {battle.strip()}: {result.summary()}\n"
                f"{where}: {', '.join(in_force) or 'no house rule changes its battles'}"]

    def _as(self, rest: str) -> list[str]:
        words = rest.split()
        if not words or len(words) > 2 or (len(words) == 2 and words[1].lower() != "admin"):
            raise BadInput("write `as NAME` or `as NAME admin`")
        name = words[0][:32]
        self.actor = Actor(user_id_for(name), len(words) == 2, name)
        self.names[self.actor.user_id] = name
        return [f"you are now {name}{' (server admin)' if self.actor.is_admin else ''}"]

    async def _game(self, rest: str) -> list[str]:
        try:
            words = shlex.split(rest)
        except ValueError as exc:
            raise BadInput(f"cannot read that: {exc}") from None
        if not words:
            words = ["list"]
        sub, args = words[0].lower(), words[1:]
        svc, me = self.service, self.actor
        if sub == "list":          # as `/game list [page]`: open games, a page at a time, yours first
            listing = await game_list_page(svc, CONSOLE_GUILD, me.user_id, args[0] if args else 1)
            return ["variants: " + ", ".join(variants()),
                    game_list_text(listing, more="game list {page}", details="game status <number>")]
        if sub == "options":
            return [option_list(variant_or_error(_arg(args, 0, "VARIANT")))]
        if sub == "create":
            variant = _arg(args, 0, "VARIANT")
            bots, rest = _bot_words(args[1:], variant_or_error(variant))
            options = parse_option_words(shlex.join(rest))
            name = options.pop("name", None)
            hours = options.pop("hours", None)
            level = options.pop("bot_level", None)
            game = await svc.create_game(CONSOLE_GUILD, me, variant, name, options, hours,
                                         bots=",".join(bots) or None, bot_level=level)
            marked = ", ".join(f"🤖 {s.seat}" if s.bot else s.seat for s in game.seats)
            return [f"created game #{game.id} {game.name}; seats: {marked}"]
        if sub == "import":
            game = await svc.import_file(CONSOLE_GUILD, me, read_export_file(_arg(args, 0, "FILE")))
            return [f"imported as game #{game.id} {game.name} ({game.status})"]
        game_id = _game_id(args)
        if sub == "join":
            return [f"{me.name} takes {await svc.join(game_id, me, _opt(args, 1))} in game #{game_id}"]
        if sub == "leave":
            cancel = bool(args) and args[-1].lower() == "cancel"
            seat = _opt(args[:-1] if cancel else args, 1)
            left = await svc.leave(game_id, me, seat, cancel)
            state = (await svc.game(game_id)).status
            if state == "forming":
                return [f"{me.name} leaves {left}"]
            return [f"{me.name} keeps {left}" if cancel else f"{left} is offered to a substitute; {me.name} plays on "
                                                              f"until someone takes it"]
        if sub == "take":
            change = await svc.take_seat(game_id, me, _arg(args, 1, "SEAT"))
            return [f"{me.name} now holds {change.seat}"]
        if sub == "advertise":
            seats = await svc.advertise(game_id, me, _opt(args, 1))
            return [f"advertised {', '.join(seats)} in the game channel"]
        if sub == "seats":
            return [self._names(seats_text(await svc.game(game_id), await svc.seat_history(game_id), me.user_id))]
        if sub == "rollback":
            # the phase open when asked, as on Discord: two rollbacks typed at once undo one phase
            tally = await svc.rollback(game_id, me, (await svc.phase(game_id)).seq)
            return [f"rolled back; now {(await svc.phase(game_id)).label}" if tally is None or tally.passed
                    else f"you hold a seat, so the players decide: {tally.describe()}"]
        if sub == "policy":
            return [await self._policy(game_id, args[1:])]
        if sub == "bot":
            level = _opt(args, 2) or "normal"
            seat = await svc.set_bot_seat(game_id, me, _arg(args, 1, "SEAT"), level)
            return [f"{seat} is a person's seat again in game #{game_id}" if turns_bot_off(level)
                    else f"🤖 a bot ({level}) plays {seat} in game #{game_id}"]
        if sub == "start":
            game = await svc.start(game_id, me)
            return [f"game #{game.id} started"]
        if sub == "status":
            text = await game_status(svc, await svc.game(game_id), me.user_id)
            return [self._names(text)]
        if sub == "pause":
            await svc.pause(game_id, me)
            return [f"game #{game_id} paused"]
        if sub == "resume":
            await svc.resume(game_id, me)
            return [f"game #{game_id} resumed"]
        if sub == "extend":
            deadline = await svc.extend(game_id, me, _arg(args, 1, "HOURS"))
            return [f"deadline now {deadline.isoformat()}"]
        if sub == "adjudicate":
            phase = await svc.force_adjudicate(game_id, me)
            return [f"now {phase.label}" if phase else "nothing to adjudicate"]
        if sub == "assign":
            seat, name = _arg(args, 1, "SEAT"), _arg(args, 2, "NAME")
            self.names[user_id_for(name)] = name
            taken = await svc.assign_seat(game_id, me, seat, user_id_for(name))
            return [f"{name} now holds {taken}"]
        if sub == "abandon":
            await svc.abandon(game_id, me)
            return [f"game #{game_id} abandoned"]
        if sub == "export":
            return [self._write((await svc.export_file(game_id, me))[1], f"game-{game_id}.json.gz")]
        if sub == "delete":
            game = await svc.delete_game(game_id, me)
            return [f"deleted the record of game #{game.id} {game.name}"]
        raise BadInput(f"unknown `game {sub}`; type `help`")

    async def _policy(self, game_id: int, words: list[str]) -> str:
        """`game policy ID key=value ...`: the GM's no-show policy, deadline rhythm and pause cap."""
        known = {"excused": "excused_misses", "extension": "extension_hours", "time": "deadline_time",
                 "zone": "time_zone", "pause_cap": "pause_cap_hours", "absent": "absent"}
        values: dict[str, object] = {}
        for word in words:
            key, sep, value = word.partition("=")
            if not sep or key.lower() not in known:
                raise BadInput(f"policy: `{word[:30]}` is not understood; write key=value with keys "
                               f"{', '.join(known)}")
            values[known[key.lower()]] = _int(value, key) if key.lower() == "excused" else value
        changed = await self.service.set_policy(game_id, self.actor, **values)
        return f"game #{game_id}: {policy_text(changed)}"

    async def _hint(self, rest: str) -> str:
        """`hint ID [SEAT] [LEVEL]`: what the bot would order for your seat, like `/hint`."""
        words = rest.split()
        game_id = _game_id(words)
        extra = words[1:]
        level = extra.pop() if extra and extra[-1].lower() in BOT_LEVELS else None
        hint = await self.service.hint(game_id, self.actor, " ".join(extra) or None, level)
        return hint.describe()

    async def _vote(self, rest: str) -> str:
        """`vote ID [MOTION [HOURS] [withdraw|confirm]]`; a draw or a concession asks to confirm."""
        words = rest.split()
        game_id = _game_id(words)
        flags = set()
        while len(words) > 2 and words[-1].lower() in ("withdraw", "confirm"):
            flags.add(words.pop().lower())
        command = f"vote {game_id}"
        if len(words) < 2:
            tallies = await self.service.votes(game_id)
            return "\n".join(t.describe(command) for t in tallies) or f"no votes in game #{game_id} this phase"
        hours = words[2] if len(words) > 2 else None
        try:
            tally = await self.service.vote(game_id, self.actor, words[1], hours, "withdraw" in flags,
                                            confirm="confirm" in flags)
        except UnconfirmedVote as exc:
            return exc.describe(f"`{command} {exc.kind} confirm`", command)
        return tally.describe(command)

    async def _orders(self, rest: str, replace: bool) -> list[str]:
        game_id, seat, text = _target(rest)
        if not text.strip() and replace:
            sheet = await self.service.orders(game_id, self.actor, seat)
        else:
            lines = "\n".join(part for part in text.split(";"))
            sheet = await self.service.submit_orders(game_id, self.actor, lines, seat, replace=replace)
        return [self._sheet(sheet)]

    @staticmethod
    def _sheet(sheet) -> str:
        body = "\n".join(f"  ✓ {line}" + "".join(f"\n    ⚠ {why}" for seen, why in sheet.warnings if seen == line)
                         for line in sheet.lines) or "  (no orders)"
        if sheet.refused:
            body += "\n" + "\n".join(f"  ✗ {line}: {why}" for line, why in sheet.refused)
        if sheet.unreadied:
            body += "\n  (you had been ready; changing the orders took that back)"
        return f"orders of {sheet.seat} ({'ready' if sheet.ready else 'not ready'}):\n{body}"

    async def _notify(self, rest: str) -> str:
        """`notify [dm on|off] [quiet on|off] [reminders 24 2|none|game]`; alone: show them."""
        words = rest.lower().split()
        dm = quiet = reminders = None
        switches = {"on": True, "off": False, "yes": True, "no": False, "true": True, "false": False}
        index = 0
        while index < len(words):
            word = words[index]
            if word in ("dm", "quiet") and index + 1 < len(words) and words[index + 1] in switches:
                if word == "dm":
                    dm = switches[words[index + 1]]
                else:
                    quiet = switches[words[index + 1]]
                index += 2
            elif word == "reminders":
                reminders = " ".join(words[index + 1:]) or "game"
                break
            else:
                raise BadInput(f"notify: `{word[:30]}` is not understood; e.g. `notify dm on`, "
                               f"`notify quiet off`, `notify reminders 24 2`")
        if dm is None and quiet is None and reminders is None:
            settings = await self.service.notify_settings(self.actor.user_id)
        else:
            settings = await self.service.set_notify(self.actor.user_id, dm, quiet, reminders)
        return f"notifications: {settings.describe()}"

    async def _seat_action(self, action: str, rest: str) -> list[str]:
        words = rest.split()
        confirm = bool(words) and words[-1].lower() == "confirm"
        words = words[:-1] if confirm else words
        game_id, seat = _game_id(words), _opt(words, 1)
        if action == "clear":
            return [f"orders of {await self.service.clear_orders(game_id, self.actor, seat)} cleared"]
        seat, moved = await self.service.mark_ready(game_id, self.actor, action == "ready", seat, confirm)
        text = f"{seat} is {'ready' if action == 'ready' else 'not ready'}"
        return [text + (f"; adjudicated, now {moved.label}" if moved else "")]

    async def _viewer(self) -> tuple[int | None, str | None]:
        """The player's own palette, if they chose one (their maps are drawn in it)."""
        palette = await self.service.store.user_palette(self.actor.user_id)
        return (self.actor.user_id if palette else None), palette

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

    async def _map(self, rest: str) -> list[str]:
        """`map ID [PHASE] [REGION]`, `map ID replay`, `map ID preview [REGION]`: each file has a
        name of its own (phase, region, preview, palette), so no map overwrites another."""
        words = rest.split()
        game_id = _game_id(words)
        viewer, palette = await self._viewer()
        if len(words) >= 2 and words[1].lower() == "preview":
            region = " ".join(words[2:]) or None
            png, name = await preview_map(self.service, game_id, self.actor.user_id, region)
            return [self._write(png, map_file_name(name, region, palette))]
        if len(words) == 2 and words[1].lower() == "replay":
            return [self._write(gif, map_file_name(name, palette=palette))
                    for gif, name in await replay_gif(self.service, game_id, viewer)]    # a long game: parts
        seq = _int(words[1], "PHASE") if len(words) > 1 and words[1].isdigit() else None
        region = " ".join(words[2 if seq is not None else 1:]) or None
        png, name = await phase_map(self.service, game_id, seq, region, viewer)    # named with its region
        return [self._write(png, map_file_name(name, palette=palette))]

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


def _arg(args: list[str], index: int, name: str) -> str:
    if len(args) <= index:
        raise BadInput(f"missing {name}; type `help`")
    return args[index]


def _opt(args: list[str], index: int) -> str | None:
    return args[index] if len(args) > index else None


def _int(text: str, name: str) -> int:
    try:
        return int(text.lstrip("#"))
    except ValueError:
        raise BadInput(f"{name} must be a number, not `{text}`") from None


def _bot_words(words: list[str], variant) -> tuple[list[str], list[str]]:
    """`bots:Germany,British Empire naval_costs` → (["Germany,British Empire"], ["naval_costs"]): a
    seat name may have spaces, so the words after `bots:` belong to it up to the next option."""
    keys = {spec.key for spec in variant.option_specs()} | {"name", "hours", "bot_level", *TABLE_SETTINGS}
    bots: list[str] = []
    rest: list[str] = []
    taking = False
    for word in words:
        low = word.lower()
        if low.startswith(("bots:", "bots=")):
            bots.append(word[5:])
            taking = True
        elif taking and "=" not in word and low.removeprefix("no").replace("-", "_") not in keys:
            bots[-1] += " " + word
        else:
            taking = False
            rest.append(word)
    return bots, rest


def _line_game(line: str) -> int | None:
    """The game number a command line names (its first number), for the hints its answer cites."""
    found = re.search(r"(?<![\w.-])#?(\d{1,18})(?![\w.])", line)
    return int(found.group(1)) if found else None


def _game_id(args: list[str]) -> int:
    return _int(_arg(args, 0, "game number"), "the game number")


def _target(rest: str) -> tuple[int, str | None, str]:
    """`3 France: A Par - Bur; F Bre - Mao` → (3, "France", "A Par - Bur; F Bre - Mao")."""
    game_word, _, text = rest.strip().partition(" ")
    game_id = _int(game_word, "the game number") if game_word else _game_id([])
    seat = None
    head, sep, tail = text.partition(":")
    # `British Empire: buy 2 infantry` — a seat name may have spaces; an order never has a colon
    # before its first word ends, except A&A moves (`move 1 infantry: Berlin - Kiel`)
    if sep and head.strip() and not head.strip().lower().startswith(("move ", "place ", "join ", "truck")) \
            and len(head.split()) <= 4:
        seat, text = head.strip(), tail
    return game_id, seat, text

