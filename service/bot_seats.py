"""The bot at the table: seats given to the bot, the bot ordering every phase that waits for
it, and `/hint` (the rules of who it plays and its dice: `service.bots`).

Its orders are worked out in the worker pool, never on the event loop, then saved ready in one
transaction that checks the phase is still open; if every person is ready (or the deadline fell
while the bot was still ordering) the phase is adjudicated in that same transaction.
"""
from __future__ import annotations

import logging

from engine.variant import NoBot, Variant, get_variant

from . import permissions
from .adjudication import Adjudicator
from .bots import (BOT_TIMEOUT, DEFAULT_LEVEL, MAX_BOT_PHASES, BotSheets, Hint, bot_job, bot_players, bot_seat_names,
                   bot_seed, require_bot, turns_bot_off)
from .checks import require_status
from .cluster import Node
from .errors import BadInput, BadState
from .ids import checked_ids
from .models import Actor, GameInfo, PhaseInfo, iso
from .outbox import Outbox
from .runtime import Now, Workers
from .store import Store
from .visibility import player_named
from .workers import Busy

log = logging.getLogger("dispatch.bots")


@checked_ids
class BotSeats:
    """Seats the bot plays: giving one to the bot, its orders each phase, hints."""

    def __init__(self, store: Store, clock: Now, workers: Workers, outbox: Outbox, bot_sheets: BotSheets,
                 adjudicator: Adjudicator, node: Node | None = None):
        self.store = store
        self.node = node or Node()
        self.clock = clock
        self.workers = workers
        self.outbox = outbox
        self.bot_sheets = bot_sheets
        self.adjudicator = adjudicator

    async def set_bot_seat(self, game_id: int, actor: Actor, seat: str, level: str | None = DEFAULT_LEVEL) -> str:
        """GM, before the start: a bot plays `seat` (at `level`), or with level `off` a person
        again. Returns the seat."""
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            permissions.require_gm(game, actor, "give seats to bots in")
            require_status(game, "forming", "give a seat to a bot in")
            chosen = bot_seat_names(get_variant(game.variant), [s.seat for s in game.seats], [seat])[0]
            info = game.seat(chosen)
            off = turns_bot_off(level)
            now = iso(self.clock())
            if off:
                if not info.bot:
                    raise BadState(f"{chosen} is not played by a bot in game #{game.id}")
                await tx.seats.set_bot(game.id, chosen, None)
                await self.store.log(tx, game.id, None, now, actor.user_id, "bot_seat", {"seat": chosen, "level": None})
                return chosen
            chosen_level = require_bot(get_variant(game.variant), level)
            if info.user_id is not None:
                who = player_named(game, info.user_id, actor.user_id, "a player")    # anonymous: never named
                raise BadState(f"you hold {chosen}: give it up first (`/game leave`)" if who == "you" else
                               f"{chosen} is held by {who}; they give it up first (`/game leave`)")
            await tx.seats.set_bot(game.id, chosen, chosen_level)
            await self.store.log(tx, game.id, None, now, actor.user_id, "bot_seat",
                                 {"seat": chosen, "level": chosen_level})
        return chosen

    async def play_all_bots(self) -> int:
        """Every running game whose current phase waits for a bot: the bot plays. Returns the
        number of seats ordered."""
        async with self.store.db.lookup() as r:
            waiting = await r.games.waiting_for_bots()
        played = 0
        for game_id in waiting:
            try:
                played += await self.play_bots(game_id)
            except Exception:  # noqa: BLE001 - one game's failure must not stop the others
                log.exception("game %s: the bots could not play", game_id)
        return played

    async def play_bots(self, game_id: int) -> int:
        """The bot orders each seat it plays in the current phase (in the worker pool), then
        the phase is adjudicated at once if every person is ready; repeated while the next
        phase again waits only for bots. Returns the number of seats ordered."""
        played = 0
        for _ in range(MAX_BOT_PHASES):
            game = await self.store.game(game_id)
            if game.status != "active" or game.current_phase is None:
                return played
            phase = await self.store.phase_by_id(game.current_phase)
            if phase.adjudicated_at is not None:
                return played
            variant = get_variant(game.variant)
            todo = await self._bot_todo(game, variant, phase)
            if not todo:
                return played
            if not await self._claim_turn(phase.id):
                return played           # another process is playing the bots of this phase
            try:
                moved, ordered = await self._play_phase(game, variant, phase, todo)
            finally:
                await self._release_turn(phase.id)
            played += ordered
            if not moved:
                return played
        return played

    async def _claim_turn(self, phase_id: int) -> bool:
        """The bots' turn in this phase, claimed for this process (service/cluster.py)."""
        now = self.clock()
        async with self.store.db.transaction() as tx:
            return await tx.claims.claim("bots", phase_id, self.node.name, iso(now + self.node.claim), iso(now))

    async def _release_turn(self, phase_id: int) -> None:
        async with self.store.db.transaction() as tx:
            await tx.claims.release("bots", phase_id, self.node.name)

    async def _play_phase(self, game: GameInfo, variant: Variant, phase: PhaseInfo,
                          todo: dict[str, str]) -> tuple[bool, int]:
        """The bot orders `todo`'s seats in the worker pool and saves them: whether the game moved
        on, and how many seats were ordered (none if the workers are full: the next tick tries)."""
        seed = await self.store.seed(None, game.id)
        computed: dict[str, tuple[str, list[tuple[str, str]] | None]] = {}
        for seat, level in todo.items():
            try:
                pairs = await self.workers.run(bot_job, variant.key, phase.state, seat,
                                               bot_seed(seed, phase.seq, seat), level, timeout=BOT_TIMEOUT)
            except Busy:
                return False, 0             # the workers are full: the next tick tries again
            except Exception as exc:  # noqa: BLE001 - a bot's bug: its units hold, the GM is told
                log.exception("game %s: the bot could not order %s in %s", game.id, seat, phase.label)
                pairs = None
                await self.outbox.note_gm(game.id, (
                    f"⚠️ Game #{game.id}: the bot could not order **{seat}** in {phase.label} "
                    f"({type(exc).__name__}); its units follow the default orders this phase. The details "
                    f"are in the bot's log."))
            computed[seat] = (level, pairs)
        return await self._save_bot_orders(game.id, phase, computed), len(computed)

    async def _bot_todo(self, game: GameInfo, variant: Variant, phase: PhaseInfo) -> dict[str, str]:
        """Seat -> level: the seats the bot still has to order in this phase (a bot seat also
        when its sheet is not ready, as after a rollback)."""
        acting = set(variant.seats_to_act(phase.state))
        players = {seat: level for seat, level in bot_players(game).items() if seat in acting}
        if not players:
            return {}
        sheets = await self.store.order_sheets(phase.id)
        done = await self.bot_sheets.ordered_seats(phase.id)
        return {seat: level for seat, level in players.items()
                if seat not in done or not (sheets.get(seat) and sheets[seat].ready)}

    async def _save_bot_orders(self, game_id: int, phase: PhaseInfo,
                               computed: dict[str, tuple[str, list[tuple[str, str]] | None]]) -> bool:
        """Save the bot's sheets (ready) if the phase is still open; adjudicate if every person
        is ready. Returns whether the game moved on."""
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            if game.status != "active" or game.current_phase != phase.id:
                return False
            current = await self.store.phase_by_id(phase.id, tx)
            if current.adjudicated_at is not None:
                return False
            players = bot_players(game)
            now = iso(self.clock())
            for seat, (level, pairs) in computed.items():
                if seat not in players:
                    continue            # a person took the seat (or came back) meanwhile
                pairs = pairs or []
                await self.store.save_orders(tx, phase.id, seat, [line for line, _ in pairs], True, None, now)
                await self.bot_sheets.save(tx, phase.id, seat, level, pairs, now)
                await self.store.log(tx, game.id, phase.id, now, None, "bot_orders",
                                     {"seat": seat, "level": level, "failed": pairs is None})
            variant = get_variant(game.variant)
            why = ("all players ready" if await self.adjudicator.all_ready(tx, game, current, variant) else
                   "deadline" if await self._deadline_waits_for_bots(tx, game, current) else None)
            if why is None:
                return False
            await self.adjudicator.adjudicate_after(tx, game, current)
        # in the pool, after the bot's sheets are committed
        return await self.adjudicator.adjudicate(game_id, phase.id, why) is not None

    async def _deadline_waits_for_bots(self, tx, game: GameInfo, phase: PhaseInfo) -> bool:
        """The phase's deadline fell (its timer fired) while the bot was still ordering."""
        if phase.deadline is None or phase.deadline > self.clock():
            return False
        return not await tx.timers.deadline_open(phase.id) and not await self.bot_sheets.owes(tx, game.id, phase)

    async def hint(self, game_id: int, actor: Actor, seat: str | None = None, level: str | None = None) -> Hint:
        """What the bot would order for the actor's seat now, and why. Nothing is saved; the
        front end shows it privately."""
        game = await self.store.game(game_id)
        require_status(game, "active", "ask for a hint in")
        variant = get_variant(game.variant)
        chosen_level = require_bot(variant, level)
        phase = await self.store.phase_by_id(game.current_phase)
        if seat is None:
            acting = [s for s in game.seats_of(actor.user_id) if s in variant.seats_to_act(phase.state)]
            seat = acting[0] if len(acting) == 1 else None
        seat = permissions.resolve_seat(game, actor, seat)
        if not variant.may_order(phase.state, seat):
            return Hint(seat, phase.label, chosen_level, ())
        seed = await self.store.seed(None, game.id)
        try:
            pairs = await self.workers.run(bot_job, variant.key, phase.state, seat,
                                       bot_seed(seed, phase.seq, seat, "hint"), chosen_level, timeout=BOT_TIMEOUT)
        except NoBot as exc:
            raise BadInput(str(exc)) from None
        return Hint(seat, phase.label, chosen_level, tuple(tuple(p) for p in pairs))
