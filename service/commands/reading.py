"""What anyone may read: `/game status` (and A&A's `/status`), `/history`, `/map`, `/rules`
(with its rulings) and `/odds`."""
from __future__ import annotations

import re
from typing import Any, Mapping

from engine.variant import variants

from ..errors import BadInput
from ..history import history_text
from ..maps import phase_map, preview_map, shown_phase
from ..replays import replay_parts
from ..odds import battle_odds, combat_options_in_force, odds_options
from ..rulings import ruling_text
from ..text import all_rules, game_rules, variant_or_error, variant_rules
from ..visibility import players_hidden
from ..workers import Overrun
from .games import FULL
from .spec import Arg, Ask, Command, Part
from .status import status_command
from .words import number, placeholder

GAME_ID = Arg("game_id", "int", "game number (see /game list); default: this channel's game or your only game",
              shown="ID")
ODDS_SECONDS = 5.0


# ------------------------------------------------------------------ history and maps
async def _history(service, ask: Ask):
    # the asker's own powers first, unless that would tell the table which seat they play
    reader = None if players_hidden(ask.game) else ask.actor.user_id
    text, seq = await history_text(service, ask.game.id, ask.get("phase"), reader)
    # the map of the phase that followed: these orders as arrows on the position they made (an
    # adjudicated phase always has one)
    png, name = await phase_map(service, ask.game.id, seq + 1, None, ask.viewer)
    return text, seq, png, name


def _told(result, ask: Ask) -> tuple[Part, ...]:
    text, seq, png, name = result
    text += f"\n`/history phase:{seq - 1}` goes back one phase." if seq > 0 else ""
    return (Part(text, (name, png)),)


async def _map(service, ask: Ask):
    game = ask.game
    if ask.get("preview"):
        return "preview", [await preview_map(service, game.id, ask.actor.user_id, ask.get("region"))], None
    if ask.get("replay"):
        return "replay", await replay_parts(service, game.id, ask.viewer, ask.upload_limit), None
    picture = await phase_map(service, game.id, ask.get("phase"), ask.get("region"), ask.viewer)
    return "phase", [picture], await shown_phase(service, game, ask.get("phase"))


def replay_caption(game, part, name: str) -> str:
    """The words with one file of a replay part (`/map replay`: one file a message, each under
    the upload limit): the GIF, the same as a video, or the still made where no video could be."""
    which = f" (part {part.number} of {part.of})" if part.of > 1 else ""
    if name.endswith(".gif"):
        return (f"#{game.id} {game.name}: the game so far{which}, one frame per phase, each with the orders that "
                f"made it. `/history phase:N` tells a phase in words.")
    if name.endswith(".mp4"):
        return f"#{game.id}: the same{which} as a video, which plays where the GIF does not (Data Saver, autoplay off)."
    return f"#{game.id}: the last frame{which} (no video could be made)."


def _mapped(result, ask: Ask) -> tuple[Part, ...]:
    kind, pictures, shown = result
    game = ask.game
    if kind == "preview":
        (png, name), = pictures
        return (Part(f"#{game.id} {game.name}: your orders as they stand, on the current board. Change them by "
                     f"writing in your seat channel or with `/orders`.", (name, png)),)
    if kind == "replay":
        return tuple(Part(replay_caption(game, part, name), (name, data))
                     for part in pictures for data, name in part.files)
    (png, name), = pictures
    region = ask.get("region")
    where = f" — {region.strip().lower()}" if region else ""
    return (Part(f"#{game.id} {game.name}: **{shown.label}** (phase {shown.seq}){where}. `/map phase:N` shows an "
                 f"earlier phase; `/map region:` zooms in.", (name, png)),)


# ------------------------------------------------------------------ rules
async def _rules(service, ask: Ask) -> str:
    variant, ruling = ask.get("variant"), ask.get("ruling")
    if ruling is not None:
        # the rulings of the game type named, else of this game's, else of every game's
        key = variant_or_error(variant).key if variant else ask.game.variant if ask.game else None
        return ruling_text(key, ruling)
    if variant is not None:
        return variant_rules(variant)
    return game_rules(ask.game) if ask.game is not None else all_rules()


def _read_rules(text: str, said_as: str) -> dict[str, Any]:
    """`rules [ID|VARIANT]`; `ruling [VARIANT] TOPIC|list [PAGE]` (Discord's `/rules ruling:`)."""
    words = text.split()
    if said_as == "ruling":
        variant = words[0].lower() if words and words[0].lower() in variants() else None
        topic = " ".join(words[1:] if variant else words) or "list"
        return {"ruling": topic} | ({"variant": variant} if variant else {})
    if not words:
        return {}
    if re.fullmatch(r"#?\d+", words[0]):
        return {"game_id": number(words[0], "the game number")}
    return {"variant": " ".join(words)}


def _write_rules(command: Command, values: Mapping[str, Any], game: str) -> str:
    variant = placeholder(values["variant"]) if values.get("variant") else ""
    if values.get("ruling") is not None:
        return " ".join(w for w in ("ruling", variant, placeholder(values["ruling"]) or "TOPIC") if w)
    if "variant" in values:
        return f"rules {variant or 'VARIANT'}"
    return f"rules {game}"


# ------------------------------------------------------------------ odds
async def _odds(service, ask: Ask):
    """Odds asked in a game use that game's house rules; outside one, the options given."""
    battle, options, named = ask["battle"], ask.get("options"), ask.get("game_id")
    game = ask.game
    if options is not None and named is None:
        chosen, where = odds_options(options), "with the options given"
    elif game is None or game.variant != "aa1914":
        if game is not None and named is not None:
            raise BadInput(f"game #{game.id} is not an Axis & Allies game: it has no battle odds")
        chosen, where = {}, "Tournament Rules (name house rules with `options:` to include them)"
    else:
        chosen, where = dict(game.options), f"game #{game.id}'s rules"
    try:
        kind, result = await service.cpu.run(battle_odds, battle, chosen, timeout=ODDS_SECONDS)
    except Overrun:
        raise BadInput(f"that battle is too large to work out within {ODDS_SECONDS:g} seconds; "
                       f"try fewer units a side") from None
    return kind, result, chosen, where


def _odds_said(result, ask: Ask) -> str:
    kind, odds, chosen, where = result
    in_force = combat_options_in_force(chosen)
    rules = f"{where}: " + (", ".join(f"`{o}`" for o in in_force) if in_force else "no house rule changes its battles")
    return f"**{kind.capitalize()} battle** `{ask['battle'][:200]}`\n{odds.summary()}\n-# {rules}"


def _read_odds(text: str, said_as: str) -> dict[str, Any]:
    """`odds [#ID] ATTACKERS vs DEFENDERS [options: OPT ...]`."""
    battle, _, named = text.partition("options:")
    values: dict[str, Any] = {}
    match = re.match(r"\s*#(\d+)\s+(.*)", battle, re.S)
    if match:
        values["game_id"], battle = int(match.group(1)), match.group(2)
    if not battle.strip():
        raise BadInput("write `odds [#ID] ATTACKERS vs DEFENDERS [options: OPT ...]`, e.g. `odds 3 inf vs 2 inf`")
    values["battle"] = battle.strip()
    return values | ({"options": named.strip()} if named.strip() else {})


def _write_odds(command: Command, values: Mapping[str, Any], game: str) -> str:
    battle = placeholder(values.get("battle") or "ATTACKERS vs DEFENDERS")
    options = f" options: {placeholder(values['options'])}" if values.get("options") else ""
    return f"odds {battle}{options}"


COMMANDS = (
    Command("status", "The current game's status; full:True for everything", "anyone", "Axis & Allies 1914",
            (GAME_ID, FULL), status_command("status"), calls=("phase", "readiness", "votes"), private=True),
    Command("history", "A past phase's orders of every seat and their results", "anyone", "Playing",
            (GAME_ID, Arg("phase", "int", "phase number (suggested as you type); default: the last one")),
            _history, _told, ("phase",), example="/history phase:2"),
    Command("map", "Show the map of the current or a past phase, or zoom on a region", "anyone", "Playing",
            (GAME_ID, Arg("phase", "int", "phase number (0 is the start); default: the current phase"),
             Arg("replay", "bool", "the whole game so far as an animation"),
             Arg("preview", "bool", "your own orders drawn on the current board, shown to you alone"),
             Arg("region", description="a part of the board, enlarged for phones (e.g. western front, balkans)",
                 rest=True)),
            _map, _mapped, ("game",),
            example="/map region:balkans   ·   /map phase:3   ·   /map replay:True   ·   /map preview:True"),
    Command("rules", "The rules of a game, with every option in force", "anyone", "Playing",
            (GAME_ID,
             Arg("variant", description="a game type instead (classic, france_austria, england_turkey, rx07, aa1914), "
                                        "before creating one"),
             Arg("ruling", description="a reading of an unclear rule, with its quote (`list`: every topic)")),
            _rules, game="optional", private=True, console_names=("ruling",), read=_read_rules, write=_write_rules,
            usage="rules [ID|VARIANT]   ·   ruling [VARIANT] TOPIC|list [PAGE]",
            example="/rules variant:classic   ·   /rules ruling:list   ·   /rules ruling:Rule 5: Russia in civil disorder"),
    Command("odds", "Battle odds under your game's rules: 3 inf, 1 art vs 4 inf", "anyone", "Axis & Allies 1914",
            (Arg("battle", description="attackers vs defenders, e.g. `3 infantry, 1 artillery vs 4 infantry`",
                 required=True, rest=True, shown="ATTACKERS vs DEFENDERS"),
             Arg("options", description="outside a game: house rule options to use, e.g. `aerial_combat "
                                        "armored_trains`"),
             Arg("game_id", "int", "the game whose house rules to use (default: this channel's game)", shown="ID")),
            _odds, _odds_said, (), game="optional", read=_read_odds, write=_write_odds,
            usage="odds [#ID] ATTACKERS vs DEFENDERS [options: OPT ...]", example="/odds battle:3 inf, 1 art vs 4 inf"),
)
