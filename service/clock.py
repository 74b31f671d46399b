"""The game clock: fires deadlines and reminders when due, and delivers what the service owes.

It sleeps until the next timer is due or until the service says something changed (a phase
was adjudicated, a message was queued), so results go out right after the transaction that
produced them and a deadline is adjudicated when it falls, not on the next poll. The bot and
the offline console each run one; only the sender differs.
"""
from __future__ import annotations

import asyncio
import logging

from .delivery import Sender, deliver_pending
from .games import GameService
from .suggest import warm_opened_phases

log = logging.getLogger("dispatch.clock")

LONGEST_SLEEP = 300.0      # re-check at least this often (a clock corrected by hand, say)
AFTER_ERROR = 1.0


class GameClock:
    def __init__(self, service: GameService, send: Sender, console: bool = False,
                 longest_sleep: float = LONGEST_SLEEP):
        self.service = service
        self.send = send
        self.console = console
        self.longest_sleep = longest_sleep
        self._busy = asyncio.Lock()      # one round at a time: a message is sent once
        self._opened_after: int | None = None     # phases up to this id have had their orders prepared
        self._fired = 0                            # timers the last round fired

    async def run_once(self) -> int:
        """Fire what is due and deliver what is owed, once. Returns messages delivered."""
        async with self._busy:
            return await self._round()

    async def _round(self) -> int:
        self._fired = 0
        try:
            self._fired = await self.service.tick() or 0
        except Exception:  # noqa: BLE001 - the clock must outlive any one bad tick
            log.exception("tick failed")
        try:
            delivered = await deliver_pending(self.service, self.send, self.console)
        except Exception:  # noqa: BLE001
            log.exception("delivery failed")
            delivered = 0
        try:
            # after the results went out (their maps come first in the workers): the legal
            # orders of the phases that opened, for the first autocomplete of each seat
            self._opened_after = await warm_opened_phases(self.service, self._opened_after)
        except Exception:  # noqa: BLE001 - a courtesy: autocomplete works them out when asked
            log.exception("preparing the new phases' orders failed")
        return delivered

    async def run(self) -> None:
        """Run until cancelled."""
        while True:
            self.service.changed.clear()
            delivered = await self.run_once()
            try:
                wait = await self.service.seconds_to_next_timer()
            except Exception:  # noqa: BLE001
                log.exception("cannot read the next timer")
                wait = AFTER_ERROR
            if wait == 0 and not delivered and not self._fired:
                wait = AFTER_ERROR      # something due that this round could not take (another process's): no spin
            timeout = self.longest_sleep if wait is None else min(wait, self.longest_sleep)
            try:
                await asyncio.wait_for(self.service.changed.wait(), timeout=timeout + 0.01)
            except asyncio.TimeoutError:
                pass
