"""`/game …`: setting a game up, its seats, its status and its record (what the GM does once it
runs is `service.commands.gm`)."""
from __future__ import annotations

from engine.variant import get_variant
from render.palettes import PALETTES

from ..errors import BadInput
from ..game_list import game_list_page, game_list_text
from ..seats import seats_text
from ..text import option_list, parse_option_words, variant_or_error
from ..visibility import players_hidden
from .spec import Arg, Ask, Command, Part
from .status import status_command
from .words import read_create, write_create

GAME_ID = Arg("game_id", "int", "game number (see /game list); default: this channel's game or your only game",
              shown="ID")
SEAT = Arg("seat", description="the seat (power or side) you want; default: the first open one", words=True)
FULL = Arg("full", "bool", "everything: seats and players, options, the table's rules, the whole position")
VARIANT = Arg("variant", required=True, shown="VARIANT",
              description="which game: classic, france_austria, england_turkey, rx07 or aa1914")


# ------------------------------------------------------------------ list, create, options
async def _list(service, ask: Ask):
    return await game_list_page(service, ask.guild_id, ask.actor.user_id, ask.get("page", 1))


async def _create(service, ask: Ask):
    options = parse_option_words(ask.get("options", ""))
    # `name=` and `hours=` among the option words mean the same as the arguments of those names
    name = ask.get("name") or options.pop("name", None)
    hours = ask.get("hours") if ask.get("hours") is not None else options.pop("hours", None)
    return await service.create_game(ask.guild_id, ask.actor, ask["variant"], name, options, hours,
                                     bots=ask.get("bots"), bot_level=options.pop("bot_level", None))


def _created(game, ask: Ask) -> str:
    seats = ", ".join(f"🤖 {s.seat}" if s.bot else s.seat for s in game.seats)
    return (f"Created game **#{game.id} {game.name}** ({get_variant(game.variant).title}), {game.phase_hours:g}h "
            f"per phase. Seats: {seats}.\nJoin with `/game join {game.id}`; the creator starts it with "
            f"`/game start {game.id}`.")


async def _options(service, ask: Ask) -> str:
    return option_list(variant_or_error(ask["variant"]))


# ------------------------------------------------------------------ seats
async def _join(service, ask: Ask) -> str:
    return await service.join(ask.game.id, ask.actor, ask.get("seat"))


def _joined(taken: str, ask: Ask) -> str:
    if players_hidden(ask.game):          # anonymous players: the seat is told to its player only
        return (f"You take **{taken}** in game #{ask.game.id} (anonymous game: nobody else is told who plays "
                f"it until the end).")
    return f"{ask.mention} takes **{taken}** in game #{ask.game.id}."


async def _leave(service, ask: Ask) -> str:
    return await service.leave(ask.game.id, ask.actor, ask.get("seat"), bool(ask.get("cancel")))


def _left(left: str, ask: Ask) -> str:
    game, cancel = ask.game, bool(ask.get("cancel"))
    offer = (" to a substitute: a Join button is posted in the game channel. Keep giving orders until someone "
             "takes it; `/game leave cancel:True` takes the offer back.")
    if players_hidden(game):
        # anonymous players: whose seat it was stays between the player and the bot (the game
        # channel is told of a seat offered to a substitute, without its player)
        what = ("keep" if cancel else "leave") if game.status == "forming" or cancel else "offer"
        return f"You {what} **{left}** in game #{game.id}" + (offer if what == "offer" else ".")
    if game.status == "forming":
        return f"{ask.mention} leaves **{left}** in game #{game.id}."
    if cancel:
        return f"{ask.mention} keeps **{left}** in game #{game.id}; it is no longer offered to a substitute."
    where = ("the game channel" if game.audience != "players" else
             "the game channel, which only its players read: the GM posts one where candidates read "
             "with `/gm advertise` typed in a public channel (they were told)")
    return (f"**{left}** is offered to a substitute in game #{game.id}: a Join button is posted in {where}. "
            f"Keep giving orders until someone takes it; `/game leave cancel:True` takes the offer back.")


async def _take(service, ask: Ask):
    change = await service.take_seat(ask.game.id, ask.actor, ask["seat"], ask.guild_id)
    return change, await service.game(ask.game.id)


def taken(result, ask: Ask) -> str:
    """The answer to **Join** (and the console's `game take`): the seat, and where to play it."""
    change, game = result
    channel_id = game.seat(change.seat).channel_id
    where = f" Your private channel is <#{channel_id}>: your brief is waiting there." if channel_id else ""
    return f"✅ You now hold **{change.seat}** in game #{game.id}.{where}"


async def _seats(service, ask: Ask) -> str:
    return seats_text(ask.game, await service.seat_history(ask.game.id), ask.actor.user_id)


def spectating(game, ask: Ask) -> str:
    """The answer to `/game spectate` (Discord gives or takes the role, then says this)."""
    if ask.get("stop"):
        return f"You no longer spectate game #{game.id}."
    return (f"You now spectate game #{game.id}: read <#{game.channel_id}> (results and maps). Seat, alliance "
            f"and press channels stay private. `/game spectate stop:True` ends it.")


# ------------------------------------------------------------------ start, status
async def _start(service, ask: Ask):
    return await service.start(ask.game.id, ask.actor, None, ask.guild_id)


def started(game, ask: Ask) -> str:
    """The answer to `/game start` (on Discord, after the channels were made)."""
    if game.channel_id is None:        # the console: no channels, the briefs follow
        return f"Game **#{game.id} {game.name}** has started: each player's first brief follows."
    return (f"Game **#{game.id} {game.name}** has started: results and maps in <#{game.channel_id}>; each player "
            f"has a private channel for orders, where their first brief is waiting.")


# ------------------------------------------------------------------ the record
async def _export(service, ask: Ask):
    return await service.export_file(ask.game.id, ask.actor)         # packed off the loop


def exported(result, ask: Ask) -> tuple[Part, ...]:
    complete, packed = result
    scope = "the whole game" if complete else "every adjudicated phase and the public state"
    return (Part(f"Game #{ask.game.id}: {scope}, as gzip-compressed JSON.",
                 (f"game-{ask.game.id}.json.gz", packed)),)


async def _import(service, ask: Ask):
    return await service.import_file(ask.guild_id, ask.actor, ask["file"])


def _imported(game, ask: Ask) -> str:
    return (f"Imported as game **#{game.id} {game.name}** ({game.status}); `/game export {game.id}` and "
            f"`/map {game.id}` show it.")


async def _delete(service, ask: Ask):
    return await service.delete_game(ask.game.id, ask.actor, ask.guild_id)


def _deleted(game, ask: Ask) -> str:
    channels = (" Its channels are left as they are; delete them in Discord if you no longer want them."
                if game.channel_id is not None else "")
    return f"Deleted the record of game #{game.id} {game.name}.{channels}"


async def _settings(service, ask: Ask):
    lead = None
    reminders = ask.get("reminders", "")
    if reminders.strip():
        try:
            lead = [float(x) for x in reminders.replace(",", " ").split()]
        except ValueError:
            raise BadInput("reminders are hours before the deadline, e.g. `24 1`") from None
    return await service.set_guild_settings(ask.guild_id, ask.actor, ask.get("hours"), lead, ask.get("shortest"),
                                            ask.get("per_user"), ask.get("per_server"), ask.get("palette"))


def _settings_said(current, ask: Ask) -> str:
    return (f"Server settings: {current['phase_hours']:g}h per phase by default (at least "
            f"{current['min_phase_hours']:g}h), reminders " + ", ".join(f"{h:g}h" for h in current["reminder_hours"])
            + f" before deadlines; at most {current['max_games_per_user']} open games a member and "
              f"{current['max_games_per_server']} on the server; maps in the {current['palette']} palette.")




COMMANDS = (
    Command("game list", "This server's open games, yours first", "anyone", "Setting up",
            (Arg("page", "int", "which page (20 games each): 1 has your games, then the newest"),),
            _list, lambda listing, ask: game_list_text(listing), ("list_games",), game=None, private=True,
            guild_only=True, console_names=("game",)),
    Command("game create", "Create a game (options as key=value words)", "anyone", "Setting up",
            (Arg("variant", required=True, shown="VARIANT",
                 description="which game: classic, france_austria, england_turkey (Diplomacy), rx07 (WWI Diplomacy), "
                             "aa1914 (A&A)"),
             Arg("name", description="a name for the game (default: the game's title)"),
             Arg("hours", "float", "hours per phase (default: the server's setting, 48)"),
             Arg("bots", description="seats a bot plays, e.g. Central (solo practice, or to fill a game)",
                 shown="SEAT,SEAT"),
             Arg("options", description="options as key=value words; /game options <variant> lists them", rest=True,
                 shown="opt=val ...")),
            _create, _created, ("create_game",), game=None, guild_only=True, read=read_create, write=write_create,
            usage="game create VARIANT [name=..] [hours=..] [bots:SEAT,SEAT] [opt=val ...]",
            example="/game create variant:classic name:Europe options:anonymous=on victory_centres=18   ·   "
                    "/game create variant:rx07 name:Great War hours:48   ·   /game create variant:rx07 bots:Central"),
    Command("game options", "List the options a game can be created with", "anyone", "Setting up",
            (Arg("variant", required=True, shown="VARIANT",
                 description="which game: classic, france_austria, england_turkey, rx07 or aa1914"),),
            _options, game=None, private=True),
    Command("game join", "Take a seat in a game that has not started", "players", "Setting up",
            (GAME_ID, SEAT), _join, _joined, ("join",), private_if=players_hidden, guild_only=True,
            example="/game join game_id:12"),
    Command("game leave", "Give up your seat before the start, or offer it to a substitute", "players", "Setting up",
            (GAME_ID, Arg("seat", description="which of your seats, if you hold several", words=True),
             Arg("cancel", "bool", "take back an offer to hand your seat over")),
            _leave, _left, ("leave",), private_if=players_hidden, guild_only=True,
            example="/game leave   ·   /game leave cancel:True"),
    Command("game take", "Take a seat offered on an open-seat notice", "players", "Setting up",
            (GAME_ID, Arg("seat", required=True, words=True, description="the seat offered")),
            _take, taken, ("take_seat",), on_discord=False, twin="the **Join** button of an open-seat notice"),
    Command("game seats", "Who holds each seat, since when, and who held it before", "anyone", "Setting up",
            (GAME_ID,), _seats, calls=("seat_history",), private=True),
    Command("game spectate", "Read a game's channel as a spectator (or stop)", "anyone", "Setting up",
            (GAME_ID, Arg("stop", "bool", "stop spectating")), say=spectating, calls=("check_spectate",),
            private=True, guild_only=True, in_console=False, console_names=("spectate",),
            twin="the console has no channels: everyone at it reads every message",
            example="/game spectate game_id:12"),
    Command("game start", "GM: start the game and open its channels", "GM", "Setting up",
            (GAME_ID,), _start, started, ("start",), guild_only=True, example="/game start game_id:12"),
    Command("game status", "Phase, deadline, who is ready, the standing; full:True for everything", "anyone",
            "Playing", (GAME_ID, FULL), status_command("game status"), calls=("phase", "readiness", "votes"),
            private=True, example="/game status   ·   /game status full:True"),
    Command("game export", "Download the game's record (JSON, gzip-compressed)", "anyone", "Game master",
            (GAME_ID,), _export, exported, ("export_file",), private=True),
    Command("game import", "Admin: bring back a finished game from its export file", "server admin", "Server admin",
            (Arg("file", "file", "a game export (.json or .json.gz) of a finished game", required=True,
                 shown="FILE"),),
            _import, _imported, ("import_file",), game=None, private=True, guild_only=True),
    Command("game delete", "Admin: delete a finished game's record for good", "server admin", "Server admin",
            (Arg("game_id", "int", "game number (see /game list)", required=True, shown="ID"),),
            _delete, _deleted, ("delete_game",), private=True, guild_only=True),
    Command("game settings", "Admin: default hours per phase and reminder times", "server admin", "Server admin",
            (Arg("hours", "float", "default hours per phase for new games"),
             Arg("shortest", "float", "the shortest phase any game here may have, in hours"),
             Arg("per_user", "int", "open games one member may run at once"),
             Arg("per_server", "int", "open games this server may have at once"),
             Arg("palette", description="colours of the maps posted here: standard or colour-blind",
                 choices=PALETTES),
             Arg("reminders", description="hours before a deadline to remind players, e.g. `24 1`", rest=True,
                 shown="HOURS ...")),
            _settings, _settings_said, ("set_guild_settings",), game=None, private=True, guild_only=True,
            usage="game settings [hours=H] [shortest=H] [per_user=N] [per_server=N] [palette=standard|colour-blind] "
                  "[REMINDER HOURS ...]",
            example="/game settings hours:48 palette:colour-blind"),
)
