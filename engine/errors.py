"""The exceptions the rules engines raise. Each carries a message meant for a player."""
import copy


class RulesError(Exception):
    """Base class: something a player asked for is not allowed by the rules."""


class OrderError(RulesError):
    """An order that cannot be read or is not legal in this phase; the message says why."""

    def __init__(self, message: str, line: str | None = None):
        self.line = line
        super().__init__(f"`{line}`: {message}" if line else message)
        self.reason = message

    def at_line(self, line: str) -> "OrderError":
        """The same refusal, of the same kind, naming the order line it is about."""
        named = copy.copy(self)
        named.line, named.args = line, (f"`{line}`: {self.reason}",)
        return named


class UnreadableOrder(OrderError):
    """An order line that cannot be read at all: unknown words, a place not on the map, a
    malformed unit list. Nothing about the position is needed to say so."""


class IllegalOrder(OrderError):
    """A readable order that the rules do not allow now: a unit that cannot go there, money
    that is not there, a phase that takes other orders."""


class RuleNotEnabled(OrderError):
    """An order for a house rule the game was not created with; `option` names the option.
    Its message comes from one place (`engine.aa1914.house.catalog.not_enabled`)."""

    def __init__(self, message: str, option: str = ""):
        super().__init__(message)
        self.option = option


class StateError(RulesError):
    """A stored game state the rules cannot read: a field missing or of the wrong kind."""


class OptionError(RulesError):
    """A game option that does not exist or has a value it cannot take."""


class ScoringError(RulesError):
    """A finished game a scoring system cannot score as given: an unknown system, centres that
    do not add up, a draw or a solo the position does not allow (`engine.scoring`)."""


class RatingError(RulesError):
    """A game history the ratings, or a list of order phases the reliability, cannot read: an
    unknown family or ending, a seat nobody held, a miss in a phase that was not owed
    (`engine.ratings`)."""


def did_you_mean(names: list[str]) -> str:
    """The tail of an error for an unknown name: the closest names on the board, if any."""
    return f"; did you mean {' or '.join(names)}?" if names else ""
