"""Dispatch: entry point.

With DISCORD_TOKEN set (in .env or the environment) the bot connects to Discord; without
one (or with --console) it starts the offline console on the same database.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from dotenv import load_dotenv

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from db import Database  # noqa: E402
from engine.catalog import register_all  # noqa: E402
from service import GameService  # noqa: E402

log = logging.getLogger("dispatch")


def build_bot(service: GameService, prefix: str = "!", dev_guild: int | None = None):
    import discord
    from discord.ext import commands

    from cogs import EXTENSIONS

    intents = discord.Intents.default()
    intents.message_content = True   # plain order lines in seat channels
    intents.members = True           # permission overwrites for seated players

    class DispatchBot(commands.Bot):
        async def setup_hook(self) -> None:
            for extension in EXTENSIONS:
                await self.load_extension(extension)
            if dev_guild:
                guild = discord.Object(id=dev_guild)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()

        async def on_ready(self) -> None:
            log.info("connected as %s to %d server(s)", self.user, len(self.guilds))

    bot = DispatchBot(command_prefix=commands.when_mentioned_or(prefix), intents=intents,
                      help_command=None)
    bot.service = service
    return bot


async def run_console(service: GameService, out_dir: str) -> None:
    from console import Console

    console = Console(service, out_dir)
    await service.tick()   # deadlines that passed while nobody was running adjudicate now
    await console.execute("")
    print("Dispatch offline console. Type `help`; `as NAME` switches player; `quit` ends.")
    loop = asyncio.get_running_loop()
    while True:
        prompt = f"{console.actor.name}> "
        try:
            line = await loop.run_in_executor(None, lambda: input(prompt))
        except (EOFError, KeyboardInterrupt):
            print()
            break
        if line.strip().lower() in ("quit", "exit"):
            break
        await console.execute(line)


async def main(argv: list[str] | None = None) -> None:
    load_dotenv(ROOT / ".env")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--console", action="store_true", help="offline console even with a token")
    parser.add_argument("--db", default=os.getenv("DISPATCH_DB", str(ROOT / "data" / "dispatch.sqlite3")))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    register_all()
    db = await Database(args.db).connect()
    service = GameService(db)
    token = os.getenv("DISCORD_TOKEN", "").strip()
    try:
        if args.console or not token:
            if not token:
                print("No DISCORD_TOKEN in .env: starting the offline console.")
            await run_console(service, os.getenv("DISPATCH_OUT", str(ROOT / "out")))
        else:
            dev = os.getenv("DISPATCH_DEV_GUILD", "").strip()
            bot = build_bot(service, os.getenv("DISPATCH_PREFIX", "!") or "!", int(dev) if dev else None)
            async with bot:
                await bot.start(token)
    finally:
        await db.close()


if __name__ == "__main__":
    asyncio.run(main())
