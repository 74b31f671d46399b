"""One command table for both front ends (`table.TABLE`): each command's name, arguments, who may
use it, the service call and the reply's words. The cogs declare their slash commands against it
(`cogs.declared`); the console reads its words from it (`words`). How to add a command:
docs/architecture.md, "Adding a command"."""
from .spec import Arg, Ask, Command, Part
from .table import GROUPS, TABLE, command, console_command, console_hint, find, in_console_words

__all__ = ["Arg", "Ask", "Command", "GROUPS", "Part", "TABLE", "command", "console_command", "console_hint", "find",
           "in_console_words"]
