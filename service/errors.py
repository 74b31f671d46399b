"""Errors the service raises; the message is shown to the user as it is, bounded here in one place:
quoted input clipped, the whole at most `MESSAGE_MAX` characters (far under Discord's 2,000),
nothing a terminal or Discord cannot print."""
from __future__ import annotations

import re

SHOWN = 40          # characters of a user's input quoted back in an error
MESSAGE_MAX = 600
_QUOTED = re.compile(r"`([^`]*)`")


def printable(text: str) -> str:
    """Text any terminal and Discord can show (lone surrogates replaced)."""
    return text.encode("utf-8", "replace").decode("utf-8")


def clip(text: object, limit: int = SHOWN) -> str:
    """User input quoted in a message: at most `limit` characters, no line breaks."""
    # a huge whole number is described, not written out (Python refuses to write one of 4,300+ digits)
    shown = (str(text) if not isinstance(text, int) or abs(text) < 10 ** 60
             else f"a {int(abs(text).bit_length() * 0.30103) + 1}-digit number")
    shown = printable(shown.replace("\n", " ").replace("`", "'"))
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def tidy_error(text: str) -> str:
    """An error as shown to a user: quoted input clipped, the whole at most `MESSAGE_MAX`
    characters, and nothing a terminal or Discord cannot print (lone surrogates)."""
    text = _QUOTED.sub(lambda m: f"`{clip(m.group(1), 60)}`" if len(m.group(1)) > 60 else m.group(0), str(text))
    text = printable(text)
    return text if len(text) <= MESSAGE_MAX else text[: MESSAGE_MAX - 1] + "…"


class ServiceError(Exception):
    """A request that cannot be carried out. Nothing was changed. Its message is tidied once,
    here, so wherever it is shown (a reply, a button's answer, the console) it fits."""

    def __init__(self, message: object = "", *args: object):
        super().__init__(tidy_error(str(message)), *args)


class NotFound(ServiceError):
    """No such game, seat or phase."""


class Forbidden(ServiceError):
    """The user may not do this (not seated, not the GM, ...)."""


class BadState(ServiceError):
    """The game is not in a state that allows this (not started, paused, finished, ...)."""


class BadInput(ServiceError):
    """The request itself is malformed (bad option, bad order, bad number)."""


class BadExport(BadInput):
    """An export file that cannot be imported: too large once expanded, not JSON, or a field
    that does not fit the schema or the game's variant. The message names the first such thing."""


class Unconfirmed(BadState):
    """A seat asked to be ready with an incomplete sheet; nothing changed until it confirms."""

    def __init__(self, seat: str, missing: tuple[str, ...]):
        self.seat, self.missing = seat, missing
        super().__init__(f"{seat} is not marked ready yet: " + "; ".join(missing) + ". Give those orders, "
                         "or confirm to mark ready as it is (`/ready confirm:True`, or `!ready confirm`).")
