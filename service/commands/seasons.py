"""A server's seasons: `/profile` (a player's ratings, reliability and games), `/game scores` (a
finished game's points under every system) and `/game centres` (centres per year, income per
round, also as CSV). The service is `service.seasons` (docs/scoring.md)."""
from __future__ import annotations

from .spec import Arg, Ask, Command, Part

GAME_ID = Arg("game_id", "int", "game number (see /game list); default: this channel's game or your only game",
              shown="ID")


async def _profile(service, ask: Ask):
    player = ask.get("player") or ask.actor.user_id
    return await service.seasons.profile(ask.guild_id, player, ask.actor.user_id)


def _profiled(profile, ask: Ask) -> str:
    # the asker's own profile names their seats in running anonymous games: answered to them alone
    return profile.text(own=profile.user_id == ask.actor.user_id)


async def _scores(service, ask: Ask) -> str:
    return await service.seasons.scores(ask.game.id, ask.guild_id)


async def _centres(service, ask: Ask):
    return await service.seasons.centres(ask.game.id, ask.guild_id)


def _centred(table, ask: Ask) -> tuple[Part, ...]:
    text = table.text()
    if not ask.get("csv"):
        return (Part(text + f"\n`/game centres {table.game_id} csv:True` gives it as a CSV file."),)
    return (Part(text, (f"game-{table.game_id}-{table.unit}.csv", table.csv().encode())),)


COMMANDS = (
    Command("profile", "A player's ratings, reliability and games (abandoned games are not rated)", "anyone",
            "Over weeks", (Arg("player", "member", "whose profile (default: yours)", shown="NAME"),),
            _profile, _profiled, game=None, private=True, guild_only=True, example="/profile"),
    Command("game scores", "A finished game's points under every scoring system that applies", "anyone",
            "Over weeks", (GAME_ID,), _scores, example="/game scores game_id:12"),
    Command("game centres", "Each power's centres per year (A&A: income per round), also as CSV", "anyone",
            "Over weeks", (GAME_ID, Arg("csv", "bool", "also as a CSV file (a spreadsheet reads it)")),
            _centres, _centred, example="/game centres game_id:12 csv:True"),
)
