"""The console's words for a command hint a reply cites.

The service and the rules phrase a command hint once, as Discord's slash command (`/ready
confirm:True`); the console prints every such hint in its own words (`ready 1 confirm`). Both
the slash command and the console's words come from the command table (`service.commands`), so
the translation is read from it too (`service.commands.table.console_hint`): a command added to
the table is translated without a line here.
"""
from __future__ import annotations

from service.commands.table import console_hint, in_console_words

__all__ = ["console_hint", "in_console_words"]
