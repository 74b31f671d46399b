"""A strict local fake of Discord for the bot's end-to-end tests (see README.md here)."""
from .harness import BotHarness, button_id, member_option
from .model import (ADMINISTRATOR, ATTACH_FILES, EMBED_LINKS, MANAGE_CHANNELS, MANAGE_MESSAGES, MANAGE_ROLES,
                    MEMBER_DEFAULT, READ_MESSAGE_HISTORY, SEND_MESSAGES, VIEW_CHANNEL, Channel, Guild, User)
from .server import FakeDiscord, Interaction

__all__ = ["ADMINISTRATOR", "ATTACH_FILES", "BotHarness", "button_id", "Channel", "EMBED_LINKS", "FakeDiscord", "Guild",
           "Interaction", "MANAGE_CHANNELS", "MANAGE_MESSAGES", "MANAGE_ROLES", "MEMBER_DEFAULT",
           "READ_MESSAGE_HISTORY", "SEND_MESSAGES", "User", "VIEW_CHANNEL", "member_option"]
