"""How often one person may act: token buckets per person, on the service's clock.

Each kind of action has a bucket per person holding at most `burst` tokens; an action takes one,
and one comes back every `every` seconds. With the bucket empty the action is refused at once
(`TooFast`), saying when the next one will be taken — nothing is queued, so a flood costs no
more than its refusals. The buckets read the service's injected clock, so tests move them with
the virtual clock.

Only what a person asks for passes through them: a command (Discord, the console), a button, a
letter. The clock — deadlines, reminders, bots, adjudications, deliveries — never does, so a
limit can never delay an adjudication.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from .errors import BadState


@dataclass(frozen=True)
class Rate:
    """`burst` actions at once, then one every `every` seconds; `noun` names one action."""

    noun: str
    burst: int
    every: float

    def describe(self) -> str:
        return f"{self.burst} {self.noun}s at once, then one every {self.every:g} s"


# A player writes a few letters around a phase; 300 to one seat in a fraction of a second is a
# flood the seat's channel cannot read (and each one is a message the bot must post).
LETTERS = Rate("letter", burst=6, every=20.0)
# Every command and button press: far above anyone playing (an A&A turn given one `/order` at a
# time is a few dozen commands over minutes), far below a script.
COMMANDS = Rate("command", burst=30, every=2.0)
MAX_BUCKETS = 50_000          # people remembered at once; full buckets are forgotten first


class TooFast(BadState):
    """The person acted more often than the rate allows; `retry_after` seconds until the next."""

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


class Limits:
    """The buckets of every person, on `clock` (the service's: real time, or the tests' virtual one)."""

    def __init__(self, clock: Callable[[], datetime], letters: Rate = LETTERS, commands: Rate = COMMANDS):
        self.clock = clock
        self.letters = letters
        self.commands = commands
        self._buckets: dict[tuple[str, int], tuple[float, float]] = {}     # (noun, user) -> (tokens, at)

    def take(self, rate: Rate, user_id: int, doing: str | None = None) -> None:
        """One action of `rate` by `user_id`, or `TooFast` saying when the next one is taken."""
        now = self.clock().timestamp()
        key = (rate.noun, user_id)
        tokens = self._tokens(rate, key, now)
        if tokens < 1:
            wait = max(1, math.ceil((1 - tokens) * rate.every))
            raise TooFast(f"you are sending {rate.noun}s too fast ({rate.describe()}): you can send another "
                          f"{doing or rate.noun} in {wait} s", wait)
        if len(self._buckets) >= MAX_BUCKETS and key not in self._buckets:
            self._forget_full(now)
        self._buckets[key] = (tokens - 1, now)

    def _tokens(self, rate: Rate, key: tuple[str, int], now: float) -> float:
        tokens, at = self._buckets.get(key, (float(rate.burst), now))
        return min(float(rate.burst), tokens + max(0.0, now - at) / rate.every)

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have filled up again (they hold nothing a fresh one would not)."""
        rates = {self.letters.noun: self.letters, self.commands.noun: self.commands}
        for key in [k for k in self._buckets if k[0] not in rates or self._tokens(rates[k[0]], k, now) >= rates[k[0]].burst]:
            del self._buckets[key]
        while len(self._buckets) >= MAX_BUCKETS:            # all busy: the oldest goes
            del self._buckets[next(iter(self._buckets))]

    @property
    def remembered(self) -> int:
        """People whose bucket is kept (a full one is as good as none)."""
        return len(self._buckets)

    def letter(self, user_id: int) -> None:
        self.take(self.letters, user_id)

    def command(self, user_id: int) -> None:
        self.take(self.commands, user_id)

