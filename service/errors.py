"""Errors the service raises; the message is shown to the user as it is."""


class ServiceError(Exception):
    """A request that cannot be carried out. Nothing was changed."""


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
