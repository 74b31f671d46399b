"""`/help`: what you can do, in the order you need it."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from engine.variant import variants
from service import ServiceError
from service.errors import BadInput
from service.rulings import ruling_choices, ruling_text
from service.text import all_rules, game_rules, variant_or_error, variant_rules

from .common import GAME_ID, DispatchCog, actor_of, private_command, reply, reply_privately, resolve_game

HELP = """**Dispatch** — slow, play-by-post WWI wargames.
**Setting up**
`/game create <variant> [name] [hours] [bots] [options…]` — new game (`/game options <variant>` lists options; `bots:Central` — seats a bot plays)
`/game join [game] [seat]` · `/game leave` · `/game start` (GM) · `/game list` · `/game seats` · `/game spectate`
**Playing** (in your private seat channel you can also just write orders, one per line)
`/orders` — a form with your whole sheet (or `/orders <orders…>` to replace them) · `/order <order>` — add/change one, with suggestions as you type
`/clear` · `/ready` · `/unready` (or the buttons on your sheet) · `/map [game] [phase] [replay] [preview] [region]` · `/history [phase]` · `/game status`
`/palette` (your map colours) · `/notify` (DMs, reminder times, quiet) · `/hint` — what the bot would order for you, and why (private)
**Over weeks**: `/vote pause|resume|extend|draw|concede|rollback` · `/press open <seats>` · `/press send <to> <message>` · `/game leave` once it runs offers your seat to a substitute
**Axis & Allies 1914**: `/buy 3 infantry` · `/move 2 infantry Berlin - Silesia` · `/casualties infantry, artillery` · `/ready` when your orders are in (`/done` is the same) · `/odds 3 inf, 1 art vs 4 inf`
**Game master** (creator or server admin) — `/gm …`
`/gm pause` · `/gm resume` · `/gm extend <hours>` · `/gm adjudicate` · `/gm rollback` · `/gm policy` · `/gm advertise` · `/gm assign <game> <seat> <member>` · `/gm bot <seat>` · `/gm abandon` · `/game export`
**Server admin**: `/game settings [hours] [palette] [reminder hours…]` · `/game import` · `/game delete`
Outside a game's channels, name the game: `/orders #12 A Par - Bur`, or `#12 France: …` if you hold several seats."""


# Examples for commands whose arguments do not depend on the game being played.
EXAMPLES = {
    "game create": "/game create variant:classic name:Europe options:anonymous=on victory_centres=18   ·   "
                   "/game create variant:rx07 name:Great War hours:48   ·   /game create variant:rx07 bots:Central",
    "game join": "/game join game_id:12", "game start": "/game start game_id:12",
    "game settings": "/game settings hours:48 palette:colour-blind",
    "map": "/map region:balkans   ·   /map phase:3   ·   /map replay:True   ·   /map preview:True",
    "history": "/history phase:2", "palette": "/palette palette:colour-blind",
    "vote": "/vote motion:extend hours:24   ·   /vote motion:draw   ·   /vote (the tally)",
    "press open": "/press open seats:France, Russia",
    "press send": "/press send to:France message:Shall we leave Burgundy empty?", "game spectate": "/game spectate game_id:12",
    "gm policy": "/gm policy excused:1 deadline_time:21:00 time_zone:Europe/Paris pause_cap:72 absent:bot",
    "gm bot": "/gm bot seat:Central level:normal   ·   /gm bot seat:Central level:off",
    "hint": "/hint   ·   /hint level:hard",
    "game leave": "/game leave   ·   /game leave cancel:True",
    "odds": "/odds battle:3 inf, 1 art vs 4 inf", "rules": "/rules variant:classic   ·   /rules ruling:list   ·   "
             "/rules ruling:Rule 5: Russia in civil disorder",
    "casualties": "/casualties order:infantry, artillery, tank", "ready": "/ready confirm:True",
}
# Commands whose example is an order: shown with one legal in the caller's current game.
ORDER_COMMANDS = {"order": "/order text:{}", "orders": "/orders text:{}", "buy": "/buy units:{}",
                  "move": "/move move:{}"}


class HelpCog(DispatchCog, name="Help"):
    @commands.hybrid_command(name="help", description="How to play with Dispatch, or one command explained",
                             extras=private_command())
    @app_commands.describe(command="a command to explain, e.g. order or game create")
    async def help(self, ctx: commands.Context, *, command: str | None = None) -> None:
        if command:
            await reply(ctx, await self.command_help(ctx, command), ephemeral=True)
            return
        games = "\n".join(f"• `{key}` — {v.title}: {v.summary}" for key, v in variants().items())
        await reply(ctx, HELP + ("\n**Games**\n" + games if games else "")
                    + "\n`/help command:<name>` explains one command with an example.", ephemeral=True)

    def _commands(self) -> dict[str, commands.Command]:
        found = {}
        for command in self.bot.walk_commands():
            if not command.hidden:
                found[command.qualified_name] = command
        return found

    async def command_help(self, ctx: commands.Context, name: str) -> str:
        """What a command does, its options and an example (an order legal right now in the
        caller's game, where the command gives orders)."""
        key = " ".join(name.lower().lstrip("/!").split())
        known = self._commands()
        command = known.get(key)
        if command is None:
            close = [n for n in known if key and (key in n or n.startswith(key[:3]))][:5]
            hint = f" Did you mean {', '.join(f'`/{n}`' for n in close)}?" if close else ""
            return f"⚠️ there is no command `/{key[:40]}`.{hint} `/help` lists them all."
        lines = [f"**/{command.qualified_name}** — {command.description or command.short_doc}"]
        app = getattr(command, "app_command", None)
        for param in getattr(app, "parameters", []) or []:
            need = "required" if param.required else "optional"
            lines.append(f"• `{param.name}` ({need}): {param.description}")
        example = EXAMPLES.get(command.qualified_name)
        if command.qualified_name in ORDER_COMMANDS:
            example = await self._order_example(ctx, command.qualified_name)
        if example:
            lines.append(f"Example: `{example}`")
        return "\n".join(lines)

    async def _order_example(self, ctx: commands.Context, name: str) -> str | None:
        try:
            game = await resolve_game(self.service, ctx, None)
            examples = await self.service.example_orders(game.id, actor_of(ctx))
        except ServiceError:
            return ORDER_COMMANDS[name].format("<order>") + "  (in a game you play, I show one legal right now)"
        wanted = {"buy": "buy ", "move": "move "}.get(name, "")
        line = next((e for e in examples if e.startswith(wanted)), None)
        if line is None:
            return None
        if wanted:
            line = line[len(wanted):]
        return ORDER_COMMANDS[name].format(line) + f"  (legal now in game #{game.id})"

    @help.autocomplete("command")
    async def _command_names(self, interaction: discord.Interaction, current: str):
        key = current.lower().lstrip("/")
        return [app_commands.Choice(name=f"/{n}", value=n) for n in sorted(self._commands()) if key in n][:25]


class RulesCog(DispatchCog, name="Rules"):
    @commands.hybrid_command(name="rules", description="The rules of a game, with every option in force",
                             extras=private_command())
    @app_commands.describe(game_id=GAME_ID,
                           variant="a game type instead (classic, france_austria, england_turkey, rx07, aa1914), "
                                   "to read before creating one",
                           ruling="a reading of an unclear rule, with its quote (`list`: every topic)")
    async def rules(self, ctx: commands.Context, game_id: int | None = None, variant: str | None = None,
                    ruling: str | None = None) -> None:
        if ruling is not None:
            await reply(ctx, ruling_text(await self._variant_here(ctx, game_id, variant), ruling), ephemeral=True)
            return
        await reply_privately(self.service, ctx, await rules_text(self.service, ctx, game_id, variant))

    async def _variant_here(self, ctx, game_id: int | None, variant: str | None) -> str | None:
        """The game type whose rulings are meant: the one named, this game's, or every game's."""
        if variant is not None:
            return variant_or_error(variant).key
        try:
            return (await resolve_game(self.service, ctx, game_id)).variant
        except BadInput:
            return None

    @rules.autocomplete("ruling")
    async def _ruling_topics(self, interaction: discord.Interaction, current: str):
        try:
            game = await self.service.game_for_channel(interaction.channel_id)
        except ServiceError:
            game = None
        variant = game[0].variant if game else None
        return [app_commands.Choice(name=topic[:100], value=topic[:100])
                for topic in ["list"] * ("list".startswith(current.lower().strip())) + ruling_choices(variant, current)][:25]


async def rules_text(service, ctx, game_id: int | None, variant: str | None) -> str:
    if variant is not None:
        return variant_rules(variant)
    try:
        return game_rules(await resolve_game(service, ctx, game_id))
    except BadInput:            # no game meant here: every game's rules
        return all_rules()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog(bot, bot.service))
    await bot.add_cog(HelpCog(bot, bot.service))
