"""discord.py cogs: parse, check who may act, call the game service, reply. Nothing else."""

EXTENSIONS = ("cogs.games", "cogs.gm", "cogs.orders", "cogs.maps", "cogs.history", "cogs.help", "cogs.notify",
              "cogs.aa1914", "cogs.table", "cogs.delivery", "cogs.bots", "cogs.profile",
              "cogs.matches", "cogs.leagues", "cogs.tournaments")
