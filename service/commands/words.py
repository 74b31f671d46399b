"""The console's words for a command, read and written from the table.

A command's words come after its name: the game number first (`gm extend 1 24`), then the
arguments in the table's order. Any argument may also be given as `name=value` (`gm policy 1
excused=1`), a yes/no argument as its name alone (`ready 1 confirm`), an argument with choices
by one of them wherever it stands (`hint 1 hard`), and a seat of several words as they are
(`game join 1 British Empire`). A few commands whose words are a sentence — orders after a
`Seat:`, a letter after `SEATS:`, a battle — read them with their own reader (`Command.read`).
Every reader gives the arguments by the table's names.
"""
from __future__ import annotations

import re
import shlex
from typing import Any, Mapping

from ..errors import BadInput
from .spec import Arg, Command

ON = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}


def usage(command: Command) -> str:
    """How the console writes the command: `gm extend ID HOURS`, `vote ID [MOTION] [HOURS] [withdraw] [confirm]`."""
    if command.usage:
        return command.usage
    words = [command.name] + (["ID"] if command.game == "required" else ["[ID]"] if command.game else [])
    for arg in command.console_args:
        shown = arg.name if arg.kind == "bool" else (
            "|".join(arg.choices) if arg.choices and len(arg.choices) <= 4 else arg.placeholder)
        words.append(shown if arg.required else f"[{shown}]")
    return " ".join(words)


def number(word: str, what: str) -> int:
    """A whole number as typed (`#12` for a game)."""
    try:
        return int(word.lstrip("#"))
    except ValueError:
        raise BadInput(f"{what} must be a whole number, not `{word[:30]}`") from None


def converted(arg: Arg, word: str) -> Any:
    """A word as the argument's kind: a number, yes/no, or the text itself."""
    if arg.kind == "int":
        return number(word, arg.placeholder)
    if arg.kind == "float":
        try:
            return float(word)
        except ValueError:
            raise BadInput(f"{arg.placeholder} must be a number, not `{word[:30]}`") from None
    if arg.kind == "bool":
        if word.lower() not in ON:
            raise BadInput(f"{arg.name} is on or off, not `{word[:30]}`")
        return ON[word.lower()]
    if arg.choices and word.lower() not in arg.accepted:
        named = [f"`{c}`" for c in arg.choices]
        either = ", ".join(named[:-1]) + f" or {named[-1]}" if len(named) > 1 else named[0]
        raise BadInput(f"{arg.name} is {either}, not `{word[:30]}`")
    return word.lower() if arg.choices else word


def split_words(text: str, keep_quotes: bool) -> list[str]:
    """Words as a shell splits them (`name="The Great War"`), or plainly where quotes are text."""
    if keep_quotes:
        return text.split()
    try:
        return shlex.split(text)
    except ValueError:          # an apostrophe in a name: plain words
        return text.split()


def read_generic(command: Command, text: str) -> dict[str, Any]:
    """The words after a command's name as its arguments by name (see the module's rules)."""
    args = command.console_args
    words = split_words(text, any(a.rest for a in args))
    values: dict[str, Any] = {}
    if command.game and words and re.fullmatch(r"#?\d+", words[0]):
        values["game_id"] = number(words.pop(0), "the game number")
    elif command.game == "required":
        raise BadInput(f"give the game number first: `{usage(command)}`" + (f", not `{words[0][:30]}`" if words else ""))
    named = {name: arg for arg in args for name in (arg.name, *arg.aliases)}
    loose: list[str] = []
    for index, word in enumerate(words):
        key, sep, value = word.partition("=")
        arg = named.get(key.lower()) if sep else None
        if arg is not None:
            values[arg.name] = converted(arg, value)
            continue
        arg = named.get(word.lower())
        if arg is not None and arg.kind == "bool":
            values[arg.name] = True
            continue
        arg = next((a for a in args if a.choices and a.name not in values and word.lower() in a.accepted
                    and not a.rest), None)
        if arg is not None:
            values[arg.name] = word.lower()
            continue
        loose.append(word)
    slots = [a for a in args if a.name not in values and a.kind != "bool"]
    at = 0
    for index, arg in enumerate(slots):
        if at >= len(loose):
            break
        if arg.rest:
            values[arg.name] = " ".join(loose[at:])
            at = len(loose)
            break
        if arg.kind in ("int", "float") and not arg.required:
            try:
                values[arg.name] = converted(arg, loose[at])
            except BadInput:
                continue                    # an optional number left out: the word is the next one's
            at += 1
            continue
        take = 1
        if arg.words:       # several words, leaving one to each later argument that takes a word
            later = sum(1 for a in slots[index + 1:] if not a.choices)
            take = max(1, len(loose) - at - later)
        values[arg.name] = converted(arg, " ".join(loose[at:at + take]))
        at += take
    if at < len(loose):
        raise BadInput(f"`{' '.join(loose[at:])[:40]}` is not understood; write `{usage(command)}`")
    missing = [a.placeholder for a in args if a.required and a.name not in values]
    if missing:
        raise BadInput(f"missing {', '.join(missing)}; write `{usage(command)}`")
    return values


def read(command: Command, text: str, said_as: str = "") -> dict[str, Any]:
    """The console's words after `said_as` (the command's name or one of its console names)."""
    if command.read is not None:
        return command.read(text, said_as)
    return read_generic(command, text)


# ------------------------------------------------------------------ writing a hint
def placeholder(value: str) -> str:
    """`<seat>` as the console writes a thing to fill in: SEAT."""
    return re.sub(r"<([^<>]+)>", lambda m: m.group(1).upper(), str(value).strip())


def write_generic(command: Command, values: Mapping[str, Any], game: str) -> str:
    """The console's words for a command with these argument values (a hint a reply cites):
    each argument in order while none before it is left out (an optional number may be: the
    reader passes over it), then `name=value`."""
    words = [command.name] + ([game] if command.game else [])
    in_order = True
    for arg in command.console_args:
        value = values.get(arg.name)
        if arg.kind == "bool":
            if value is True or str(value).lower() in ("true", "yes", "on"):
                words.append(arg.name)
            continue
        if value is None and not arg.required:
            in_order = in_order and arg.kind in ("int", "float")
            continue
        shown = placeholder(value) if value not in (None, "") else arg.placeholder
        if in_order and re.fullmatch(r"[\d.]+", shown) and any(
                a.kind in ("int", "float") and values.get(a.name) is None
                for a in command.console_args[:command.console_args.index(arg)]):
            in_order = False            # a number after a number left out would be read as that one
        words.append(shown if in_order else f"{arg.name}={shown}")
    return " ".join(w for w in words if w)


def write(command: Command, values: Mapping[str, Any], game: str) -> str:
    if command.write is not None:
        return command.write(command, values, game)
    return write_generic(command, values, game)


# ------------------------------------------------------------------ commands with their own words
def read_target(text: str) -> tuple[str | None, str]:
    """`France: A Par - Bur; F Bre - Mao` → ("France", "A Par - Bur; F Bre - Mao"). A seat name may
    have spaces; an order never has a colon before its first word ends, except A&A moves
    (`move 1 infantry: Berlin - Kiel`), trucks, joins and placements."""
    head, sep, tail = text.partition(":")
    if sep and head.strip() and not head.strip().lower().startswith(("move ", "place ", "join ", "truck")) \
            and len(head.split()) <= 4:
        return head.strip(), tail
    return None, text


def game_first(text: str, command: str) -> tuple[int, str]:
    """The game number in front of the rest of a line."""
    word, _, rest = text.strip().partition(" ")
    if not word:
        raise BadInput(f"give the game number first: `{command}`")
    return number(word, "the game number"), rest


def orders_reader(name: str, field: str, prefix: str = "") -> Any:
    """A reader for `NAME ID [SEAT:] TEXT` (`;` between order lines): the game, the seat and the
    text in `field`, after `prefix` (`buy ` for `buy 1 3 infantry`)."""
    def reader(text: str, said_as: str) -> dict[str, Any]:
        game_id, rest = game_first(text, f"{said_as or name} ID [SEAT:] …")
        seat, rest = read_target(rest)
        lead = prefix or (f"{said_as} " if said_as and said_as != name else "")
        lines = "\n".join(part.strip() for part in rest.split(";") if part.strip())
        values: dict[str, Any] = {"game_id": game_id, field: (lead + lines) if lines else ""}
        return values | ({"seat": seat} if seat else {})
    return reader


def write_orders(command: Command, values: Mapping[str, Any], game: str) -> str:
    field = command.console_args[0]
    text = str(values.get(field.name) or "")
    shown = placeholder(text) if text else (field.placeholder if field.required else "")
    return " ".join(w for w in (command.name, game, shown.replace("\n", "; ")) if w)


def read_create(text: str, said_as: str) -> dict[str, Any]:
    """`game create VARIANT [name=..] [hours=..] [bots:SEAT,SEAT] [opt=val ...]`: a seat name may
    have spaces, so the words after `bots:` belong to it up to the next option (`key=value`, or
    one of the variant's option names, also as `noKEY`)."""
    from ..rooms import TABLE_SETTINGS
    from ..text import variant_or_error

    words = split_words(text, False)
    if not words:
        raise BadInput("write `game create VARIANT [name=..] [hours=..] [bots:SEAT,SEAT] [opt=val ...]`")
    values: dict[str, Any] = {"variant": words[0]}
    keys = {spec.key for spec in variant_or_error(words[0]).option_specs()} | {"bot_level", *TABLE_SETTINGS}
    bots: list[str] = []
    options: list[str] = []
    taking = False
    for word in words[1:]:
        low = word.lower()
        key, sep, value = word.partition("=")
        if low.startswith(("bots:", "bots=")):
            bots.append(word[5:])
            taking = True
        elif sep and key.lower() in ("name", "hours"):
            values[key.lower()] = value if key.lower() == "name" else converted(Arg("hours", "float"), value)
            taking = False
        elif taking and not sep and low.removeprefix("no").replace("-", "_") not in keys:
            bots[-1] += " " + word
        else:
            taking = False
            options.append(word)
    if bots:
        values["bots"] = ",".join(bots)
    if options:
        values["options"] = shlex.join(options)
    return values


def write_create(command: Command, values: Mapping[str, Any], game: str) -> str:
    words = ["game create", placeholder(values.get("variant") or "VARIANT")]
    words += [f"{key}={placeholder(values[key])}" for key in ("name", "hours") if values.get(key)]
    if "bots" in values:
        words.append(f"bots:{placeholder(values['bots']) or 'SEAT,SEAT'}")
    if values.get("options"):
        words.append(placeholder(values["options"]))
    return " ".join(words)
