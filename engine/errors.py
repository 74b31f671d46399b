"""The exceptions the rules engines raise. Each carries a message meant for a player."""


class RulesError(Exception):
    """Base class: something a player asked for is not allowed by the rules."""


class OrderError(RulesError):
    """An order that cannot be read or is not legal in this phase; the message says why."""

    def __init__(self, message: str, line: str | None = None):
        self.line = line
        super().__init__(f"`{line}`: {message}" if line else message)
        self.reason = message


class OptionError(RulesError):
    """A game option that does not exist or has a value it cannot take."""
