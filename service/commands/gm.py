"""`/gm …`: what a game's GM does once it runs — pause, resume, extend, adjudicate, roll back,
end it by decision, abandon, seat players (assign, advertise), give seats to bots before the start, and set the
game's no-show policy. The service checks who may act; these are the words."""
from __future__ import annotations

from engine.variant import BOT_LEVELS

from ..bots import ABSENT_POLICIES, BOT_OFF_WORDS, turns_bot_off
from ..policy import policy_text
from ..seats import advert_text
from ..visibility import player_named, players_hidden
from .spec import Arg, Ask, Command

GAME_ID = Arg("game_id", "int", "game number (see /game list); default: this channel's game or your only game",
              shown="ID")


async def _pause(service, ask: Ask):
    return await service.pause(ask.game.id, ask.actor)


async def _resume(service, ask: Ask):
    await service.resume(ask.game.id, ask.actor)
    return await service.phase(ask.game.id)


async def _extend(service, ask: Ask):
    return await service.extend(ask.game.id, ask.actor, ask["hours"])


async def _adjudicate(service, ask: Ask):
    return await service.force_adjudicate(ask.game.id, ask.actor)


async def _rollback(service, ask: Ask):
    # the phase open when asked: two rollbacks typed at once undo one adjudication
    asked_in = await service.phase(ask.game.id)
    tally = await service.rollback(ask.game.id, ask.actor, asked_in.seq)
    return tally, (await service.phase(ask.game.id) if tally is None or tally.passed else None)


def _rolled_back(result, ask: Ask) -> str:
    tally, phase = result
    if phase is not None:
        return f"Rolled back: **{phase.label}** is open again with its orders; the game channel was told."
    return f"You hold a seat, so the other players decide: {tally.describe()}."


async def _abandon(service, ask: Ask):
    return await service.abandon(ask.game.id, ask.actor)


async def _end(service, ask: Ask):
    return await service.end_by_decision(ask.game.id, ask.actor, ask["result"], bool(ask.get("confirm")))


def ended(done, ask: Ask) -> str:
    """The answer to `/gm end`: what it would do and how to confirm, or what it did."""
    words = done.decision.words()
    if not done.confirmed:
        return (f"⚠️ This ends game #{done.game_id} for good in {done.label}, by your decision: {words}. The seed is "
                f"revealed and the channels are archived; the scores and any league or tournament count that result "
                f"as for any end, but it is **not rated** (ratings skip games a GM decided).\n"
                f"Nothing changes until you confirm: " + ("" if ask.console else "press **Confirm** below, or ")
                + f"`/gm end game_id:{done.game_id} result:{done.decision.typed()} confirm:True`.")
    return (f"🏁 Game #{done.game_id} is over by your decision: {words}. Not rated (ratings skip games a GM "
            f"decided); the points: `/game scores {done.game_id}`. The game channel was told.")


async def _assign(service, ask: Ask):
    return await service.assign_seat(ask.game.id, ask.actor, ask["seat"], ask["member"], ask.guild_id)


def assigned(change, ask: Ask) -> str:
    """The answer to `/gm assign` (on Discord, after the seat's channel was moved)."""
    game = ask.game
    # anonymous players: the GM alone is told, of the member they named and never of whom it replaced
    previous = player_named(game, change.previous, None, "its previous player")
    told = (f"<@{ask['member']}> now holds **{change.seat}** in game #{game.id}"
            + (f" (replacing {previous})." if change.previous else "."))
    return told + (" They were told." if game.status == "forming" else "")


async def _advertise(service, ask: Ask):
    # the notice is this answer; where that is not the game channel, the game channel gets it too
    also = ask.channel_id is not None and ask.channel_id != ask.game.channel_id
    seats = await service.advertise(ask.game.id, ask.actor, ask.get("seat"), also_in_game_channel=also)
    return await service.game(ask.game.id), seats


def advertised(result, ask: Ask) -> str:
    game, seats = result
    text = advert_text(game, seats)
    if ask.console:           # the console's Join buttons are words
        return text + "\n" + " ".join(f"[Join {s}: `game take {game.id} {s}`]" for s in seats)
    if game.audience == "players" and ask.channel_id in (game.channel_id, *[s.channel_id for s in game.seats]):
        text += ("\n-# Only this game's players read this channel: type `/gm advertise` in a channel "
                 "candidates read to post the Join buttons there.")
    return text


async def _policy(service, ask: Ask):
    return await service.set_policy(ask.game.id, ask.actor, ask.get("excused"), ask.get("extension"),
                                    ask.get("deadline_time"), ask.get("time_zone"), ask.get("pause_cap"),
                                    ask.get("absent"))


async def _bot(service, ask: Ask):
    return await service.set_bot_seat(ask.game.id, ask.actor, ask["seat"], ask.get("level", "normal"))


def _bot_said(chosen: str, ask: Ask) -> str:
    game_id, level = ask.game.id, ask.get("level", "normal")
    if turns_bot_off(level):
        return f"**{chosen}** in game #{game_id} waits for a person again: `/game join {game_id} {chosen}`."
    return (f"🤖 A bot ({level}) plays **{chosen}** in game #{game_id}. It orders as each phase opens and is ready "
            f"at once; a person can still take the seat (`/game join {game_id} {chosen}`, or **Join** once the game "
            f"runs). `/game start {game_id}` when the other seats are taken.")


COMMANDS = (
    Command("gm assign", "GM: seat a player, or give a seat in civil disorder or offered to a substitute", "GM",
            "Game master",
            (Arg("game_id", "int", "game number (see /game list)", required=True, shown="ID"),
             Arg("seat", description="the seat to give", required=True, words=True),
             Arg("member", "member", "the member who takes the seat", required=True, shown="NAME")),
            _assign, assigned, ("assign_seat",), private_if=players_hidden, guild_only=True,
            console_names=("game assign",)),
    Command("gm advertise", "GM: post an open-seat notice with Join buttons", "GM", "Game master",
            (GAME_ID, Arg("seat", description="one seat to advertise; default: every seat that wants a player",
                          words=True)),
            _advertise, advertised, ("advertise",), guild_only=True, console_names=("game advertise",)),
    Command("gm pause", "GM: stop the clock", "GM", "Game master", (GAME_ID,), _pause,
            lambda game, ask: f"Game #{ask.game.id} is paused. `/gm resume {ask.game.id}` restarts the clock.",
            ("pause",), console_names=("game pause",)),
    Command("gm resume", "GM: restart the clock", "GM", "Game master", (GAME_ID,), _resume,
            lambda phase, ask: f"Game #{ask.game.id} resumes; deadline <t:{int(phase.deadline.timestamp())}:R>.",
            ("resume",), console_names=("game resume",)),
    Command("gm extend", "GM: push the deadline back by some hours", "GM", "Game master",
            (Arg("hours", "float", "hours to add to the deadline", required=True), GAME_ID), _extend,
            lambda deadline, ask: f"Deadline of game #{ask.game.id} is now <t:{int(deadline.timestamp())}:R>.",
            ("extend",), console_names=("game extend",)),
    Command("gm policy", "GM: excused missed phases, their extension, fixed-time deadlines, pause cap", "GM",
            "Game master",
            (GAME_ID, Arg("excused", "int", "missed phases excused per player before civil disorder (0-10)"),
             Arg("extension", "float", "hours an excused miss adds to the deadline (once per phase)"),
             Arg("deadline_time", description="deadlines at this time of day, e.g. 21:00 (`off`: phase length after "
                                              "opening)", aliases=("time",)),
             Arg("time_zone", description="IANA time zone of that time, e.g. Europe/Paris", aliases=("zone",)),
             Arg("pause_cap", "float", "longest pause (hours) a GM who holds a seat, or a vote, may impose"),
             Arg("absent", description="who plays a seat in civil disorder: the bot, or nobody (units hold)",
                 choices=tuple(ABSENT_POLICIES))),
            _policy, lambda changed, ask: (f"Game #{ask.game.id}: {policy_text(changed)} It applies from the next "
                                           f"deadline on; the game channel was told."),
            ("set_policy",), console_names=("game policy",),
            usage="gm policy ID [excused=N] [extension=H] [time=21:00|off] [zone=Europe/Paris] [pause_cap=H] "
                  "[absent=bot|hold]",
            example="/gm policy excused:1 deadline_time:21:00 time_zone:Europe/Paris pause_cap:72 absent:bot"),
    Command("gm bot", "GM, before the start: a bot plays a seat (level off: a person again)", "GM", "Game master",
            (Arg("seat", description="the seat the bot plays", required=True, words=True), GAME_ID,
             Arg("level", description="easy, normal (default), hard; off: the seat waits for a person again",
                 choices=(*BOT_LEVELS, "off"), synonyms=BOT_OFF_WORDS)),
            _bot, _bot_said, ("set_bot_seat",), guild_only=True, console_names=("game bot",),
            example="/gm bot seat:Central level:normal   ·   /gm bot seat:Central level:off"),
    Command("gm adjudicate", "GM: adjudicate the current phase now", "GM", "Game master", (GAME_ID,), _adjudicate,
            lambda phase, ask: (f"Adjudicated; now **{phase.label}**. The results are posted in the game channel."
                                if phase else "Nothing to adjudicate."),
            ("force_adjudicate",), console_names=("game adjudicate",)),
    Command("gm rollback", "GM: undo the last adjudication (a seated GM needs the players' vote)", "GM", "Game master",
            (GAME_ID,), _rollback, _rolled_back, ("rollback",), console_names=("game rollback",)),
    Command("gm end", "GM: end the game with a result you decide (a draw, a win); not rated", "GM", "Game master",
            (Arg("game_id", "int", "game number (see /game list)", required=True, shown="ID"),
             Arg("result", description="draw · draw England, France · win England · win Central Powers",
                 required=True, words=True, shown="RESULT"),
             Arg("confirm", "bool", "end the game now; without it you are told what it does first")),
            _end, ended, ("end_by_decision",), private=True, console_names=("game end",),
            example="/gm end game_id:3 result:draw England, France"),
    Command("gm abandon", "GM: end the game without a winner", "GM", "Game master", (GAME_ID,), _abandon,
            lambda game, ask: f"Game #{ask.game.id} is abandoned; its seed is revealed in the game channel.",
            ("abandon",), console_names=("game abandon",)),
)
