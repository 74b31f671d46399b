"""The players run their own game and their own settings: `/vote`, `/press`, `/hint`, `/notify`,
`/palette`."""
from __future__ import annotations

from typing import Any, Mapping

from engine.variant import BOT_LEVELS
from render.palettes import PALETTES

from ..errors import BadInput, printable
from ..votes import MOTIONS, UnconfirmedVote, motion_words
from .spec import Arg, Ask, Command
from .words import ON, game_first, placeholder

GAME_ID = Arg("game_id", "int", "game number (see /game list); default: this channel's game or your only game",
              shown="ID")


# ------------------------------------------------------------------ votes
async def _vote(service, ask: Ask):
    game = ask.game
    if ask.get("motion") is None:
        return list(await service.votes(game.id))
    asked_in = (await service.phase(game.id)).seq if game.current_phase is not None else None
    try:
        return await service.vote(game.id, ask.actor, ask["motion"], ask.get("hours"), bool(ask.get("withdraw")),
                                  phase_seq=asked_in, confirm=bool(ask.get("confirm")))
    except UnconfirmedVote as unconfirmed:       # nothing recorded: say what it does, ask to confirm
        return unconfirmed


def confirm_text(unconfirmed: UnconfirmedVote, console: bool = False) -> str:
    """What a vote that would end the game does, and how to confirm it."""
    typed = f"`/vote motion:{unconfirmed.kind} confirm:True`"
    return unconfirmed.describe(typed if console else f"press **Confirm** below, or {typed}")


def vote_answer(tally, game_id: int, withdrawn: bool = False) -> str:
    what = "withdrawn" if withdrawn else "counted"
    text = f"🗳️ Your vote to {motion_words(tally.motion)} is {what}: {tally.describe()}."
    if tally.passed and not withdrawn:
        return text + f" Game #{game_id} follows the motion now; the game channel has the details."
    return text + " The game channel was told."


def _voted(result, ask: Ask) -> str:
    if isinstance(result, UnconfirmedVote):
        return confirm_text(result, ask.console)
    if isinstance(result, list):
        return "\n".join(f"🗳️ {t.describe()}" for t in result) or (
            f"No votes in game #{ask.game.id} this phase. Motions: {', '.join(MOTIONS)} (e.g. `/vote extend hours:24`).")
    return vote_answer(result, ask.game.id, bool(ask.get("withdraw")))


# ------------------------------------------------------------------ press
async def _press_list(service, ask: Ask):
    return [r for r in await service.rooms(ask.game.id) if ask.actor.user_id in r.readers(ask.game) and r.channel_id]


def _press_listed(rooms, ask: Ask) -> str:
    if not rooms:
        hint = " Open one with `/press open seats: …`." if ask.game.press else ""
        return f"You have no press or alliance channel in game #{ask.game.id}.{hint}"
    return "\n".join(f"• <#{r.channel_id}> — {r.kind}: {', '.join(r.seats)}" for r in rooms)


def press_opened(result, ask: Ask) -> str:
    """The answer to `/press open` once Discord made the channel: (channel id, the asker's seats, the others)."""
    channel_id, own, others = result
    return f"Opened <#{channel_id}>: your {', '.join(own)} with {', '.join(others)}. Write there; `/press` lists your channels."


async def _send(service, ask: Ask):
    sender, others = await service.send_letter(ask.game.id, ask.actor, ask["to"], ask["message"], ask.guild_id)
    if not ask.console:         # the sender's copy, in their own channel: the answer to them may vanish
        await service.note_seat(ask.game.id, sender, letter_copy(sender, others, ask["message"]))
    return sender, others


def letter_copy(sender: str, others, words: str) -> str:
    """The sender's copy of a letter, kept in their seat's channel (its words are not in the record)."""
    to = ", ".join(f"**{s}**" for s in others)
    return f"📨 **{sender}** wrote to {to} (your copy):\n>>> {printable(words.strip())}"


def _sent(result, ask: Ask) -> str:
    sender, others = result
    copy = "" if ask.console else " Your copy is in your seat channel."
    return (f"📨 Your letter from **{sender}** is on its way to {', '.join(f'**{s}**' for s in others)}: it appears "
            f"in their seat channels, signed with your power only. Nobody else sees it.{copy}")


def _read_letter(text: str, said_as: str) -> dict[str, Any]:
    """`press send ID SEATS: MESSAGE`."""
    shape = "write `press send ID SEATS: message`, e.g. `press send 1 France: shall we talk?`"
    if not text.strip():
        raise BadInput(shape)
    game_id, rest = game_first(text, "press send ID SEATS: message")
    to, colon, message = rest.partition(":")
    if not colon:
        raise BadInput(shape)
    return {"game_id": game_id, "to": to.strip(), "message": message.strip()}


def _write_letter(command: Command, values: Mapping[str, Any], game: str) -> str:
    to = placeholder(values.get("to") or "SEATS")
    return f"press send {game} {to}: {placeholder(values.get('message') or 'MESSAGE')}"


# ------------------------------------------------------------------ advice and settings
async def _hint(service, ask: Ask):
    return await service.hint(ask.game.id, ask.actor, ask.seat_meant, ask.get("level"))


async def _notify(service, ask: Ask):
    dm, quiet, reminders = ask.get("dm"), ask.get("quiet"), ask.get("reminders")
    if dm is None and quiet is None and reminders is None:
        return await service.notify_settings(ask.actor.user_id)
    return await service.set_notify(ask.actor.user_id, dm, quiet, reminders)


def _notified(settings, ask: Ask) -> str:
    if all(ask.get(name) is None for name in ("dm", "quiet", "reminders")):
        return (f"Your notifications: {settings.describe()}.\nChange them with `/notify dm:True`, "
                f"`/notify reminders:24 2` or `/notify quiet:True`.")
    note = " (from the next phase on)" if ask.get("reminders") is not None else ""
    return f"Saved{note}. Your notifications: {settings.describe()}."


def _read_notify(text: str, said_as: str) -> dict[str, Any]:
    """`notify [dm on|off] [quiet on|off] [reminders 24 2|none|game]` (or `dm=on`, …)."""
    words = text.lower().replace("=", " ").split()
    values: dict[str, Any] = {}
    index = 0
    while index < len(words):
        word = words[index]
        if word in ("dm", "quiet") and index + 1 < len(words) and words[index + 1] in ON:
            values[word] = ON[words[index + 1]]
            index += 2
        elif word == "reminders":
            values["reminders"] = " ".join(words[index + 1:]) or "game"
            break
        else:
            raise BadInput(f"notify: `{word[:30]}` is not understood; e.g. `notify dm on`, `notify quiet off`, "
                           f"`notify reminders 24 2`")
    return values


def _write_notify(command: Command, values: Mapping[str, Any], game: str) -> str:
    words = ["notify"]
    for name in ("dm", "quiet"):
        if values.get(name) is not None:
            words += [name, "on" if str(values[name]).lower() in ("true", "yes", "on") else "off"]
    if values.get("reminders") is not None:
        words += ["reminders", placeholder(values["reminders"]) or "24 2"]
    return " ".join(words)


async def _palette(service, ask: Ask) -> str:
    return await service.set_palette(ask.actor.user_id, ask["palette"])


COMMANDS = (
    Command("vote", "Vote to pause, resume, extend, draw, concede or roll back", "seated player", "Over weeks",
            (Arg("motion", description="what you vote for; leave empty to see the votes of this phase", choices=MOTIONS),
             Arg("hours", "float", "for extend: hours to add (default 24)"),
             Arg("withdraw", "bool", "take your vote back"),
             Arg("confirm", "bool", "a draw or a concession ends the game: True casts it without asking first"),
             GAME_ID),
            _vote, _voted, ("vote", "votes"), private=True,
            example="/vote motion:extend hours:24   ·   /vote motion:draw   ·   /vote (the tally)"),
    Command("press list", "Your press and alliance channels in a game", "seated player", "Over weeks",
            (GAME_ID,), _press_list, _press_listed, ("rooms",), private=True, guild_only=True, in_console=False,
            console_names=("press",),
            twin="the console has no channels: letters go with `press send`"),
    Command("press open", "Open a private press channel with chosen seats", "seated player", "Over weeks",
            (Arg("seats", description="the seats to talk with, e.g. `France, Russia` (if you hold several, name "
                                      "yours too)", required=True), GAME_ID),
            say=press_opened, calls=("check_press", "add_press_room"), private=True, guild_only=True,
            in_console=False, twin="the console has no channels: letters go with `press send`",
            example="/press open seats:France, Russia"),
    Command("press send", "Send a letter to other seats, signed with your power only", "seated player", "Over weeks",
            (Arg("to", description="the seats to write to, e.g. `France, Russia` (if you hold several, name yours "
                                   "too)", required=True, shown="SEATS"),
             Arg("message", description="what you write (at most 1,500 characters)", required=True, rest=True),
             GAME_ID),
            _send, _sent, ("send_letter", "note_seat"), private=True, guild_only=True, read=_read_letter,
            write=_write_letter,
            usage="press send ID SEATS: MESSAGE",
            example="/press send to:France message:Shall we leave Burgundy empty?"),
    Command("hint", "What the bot would order for your seat now, and why (private)", "seated player", "Playing",
            (GAME_ID, Arg("seat", description="which of your seats, if you hold several", words=True),
             Arg("level", description="how the bot thinks: easy, normal (default) or hard", choices=tuple(BOT_LEVELS))),
            _hint, lambda found, ask: found.describe(), ("hint",), for_seat=True, private=True,
            example="/hint   ·   /hint level:hard"),
    Command("notify", "How you hear about your games: DMs, reminders, quiet", "anyone", "Playing",
            (Arg("dm", "bool", "a direct message when a phase of your games opens"),
             Arg("reminders", description="hours before a deadline, e.g. `24 2`; `none`; or `game` for the game's "
                                          "times"),
             Arg("quiet", "bool", "only your seat channels: no pings and no direct messages")),
            _notify, _notified, ("set_notify",), game=None, private=True, read=_read_notify, write=_write_notify,
            usage="notify [dm on|off] [quiet on|off] [reminders 24 2|none|game]",
            example="/notify dm:True   ·   /notify reminders:24 2"),
    Command("palette", "Your map colours: standard or colour-blind", "anyone", "Playing",
            (Arg("palette", description="standard, or colour-blind (Okabe–Ito colours)", required=True,
                 choices=tuple(PALETTES)),),
            _palette,
            lambda chosen, ask: (f"Your maps are now drawn in the **{chosen}** palette. `/map` shows them to you alone "
                                 f"in it; maps posted for everyone use the server's palette (`/game settings palette:`)."),
            ("set_palette",), game=None, private=True, example="/palette palette:colour-blind"),
)
