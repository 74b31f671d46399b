"""A seat's orders: reading the sheet, giving, merging, clearing, menus, and marking it ready.

Each line is checked on its own; a sheet is saved in one transaction that re-reads the phase
and refuses once the game has moved past the phase a button or form was made for. When every
seat that must act is ready, the phase is adjudicated in that same transaction.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from engine.errors import OrderError, RulesError, StateError
from engine.variant import Variant, get_variant

from . import permissions
from .adjudication import Adjudicator
from .checks import order_lines, require_status
from .errors import BadInput, BadState, Unconfirmed
from .ids import checked_ids
from .models import Actor, GameInfo, OrderSheet, PhaseInfo, iso
from .no_shows import NoShows
from .runtime import Now
from .store import Store
from .votes import require_phase


def sheet_warnings(variant: Variant, state: Mapping[str, Any], seat: str,
                   lines: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """(line, warning) for each saved order the rules accept that can only be void as things
    stand (`Variant.checked_lines`), shown under the sheet. A position the rules cannot read
    gives none: the sheet itself is still shown."""
    try:
        checked_lines = variant.checked_lines(state, seat, lines)
    except RulesError:
        return ()
    return tuple((checked.text, warning) for checked in checked_lines for warning in checked.warnings)



@dataclass(frozen=True)
class SeatToOrder:
    """A seat giving orders now: its running game, the open phase, the game's variant, and the
    seat, resolved for the actor (`Orders._seat_to_order` checks every condition)."""

    game: GameInfo
    phase: PhaseInfo
    variant: Variant
    seat: str


@checked_ids
class Orders:
    """A seat's order sheet in the current phase, and its readiness."""

    def __init__(self, store: Store, clock: Now, adjudicator: Adjudicator, no_shows: NoShows):
        self.store = store
        self.clock = clock
        self.adjudicator = adjudicator
        self.no_shows = no_shows

    async def orders(self, game_id: int, actor: Actor, seat: str | None = None) -> OrderSheet:
        """The seat's sheet in the current phase, with its warnings, the phase's number and the
        seat's menus (none once the game is not running or the deadline has passed)."""
        game = await self.store.game(game_id)
        seat = permissions.resolve_seat(game, actor, seat)
        phase = await self._current(game)
        sheet = await self.store.order_sheet(phase.id, seat)
        variant = get_variant(game.variant)
        menus = ()
        if game.status == "active" and not (phase.deadline is not None and phase.deadline <= self.clock()):
            menus = _menus(variant, phase.state, seat, sheet.lines)
        return dataclasses.replace(sheet, warnings=sheet_warnings(variant, phase.state, seat, sheet.lines),
                                   phase_seq=phase.seq, menus=menus)

    async def example_orders(self, game_id: int, actor: Actor, seat: str | None = None) -> list[str]:
        """Orders legal right now for the actor's seat (the acting one when they hold several)."""
        game = await self.store.game(game_id)
        phase = await self._current(game)
        variant = get_variant(game.variant)
        acting = _acting_seats(game, variant, phase, actor)
        seat = permissions.resolve_seat(game, actor, seat or (acting[0] if acting else None))
        return variant.example_orders(phase.state, seat)

    async def readiness(self, game_id: int) -> dict[str, bool]:
        """Seat -> ready, for the seats that must act in the current phase."""
        game = await self.store.game(game_id)
        phase = await self._current(game)
        variant = get_variant(game.variant)
        sheets = await self.store.order_sheets(phase.id)
        return {seat: sheets.get(seat, OrderSheet(seat, (), False, None, None)).ready
                for seat in variant.seats_to_act(phase.state)}

    async def submit_orders(self, game_id: int, actor: Actor, text: str, seat: str | None = None,
                            replace: bool = True, phase_seq: int | None = None) -> OrderSheet:
        """Give orders (one per line). `replace` drops earlier orders; otherwise they merge.

        Each line is checked on its own: the legal ones are kept, and every refused line comes
        back in `OrderSheet.refused` with its reason. Only when no line is legal is nothing
        saved (and the earlier sheet stays as it was). The sheet comes back with all a reply
        shows, read in the same transaction: its warnings, the phase's number and the seat's
        menus (`OrderSheet.phase_seq`, `OrderSheet.menus`)."""
        lines = order_lines(text)          # bounded before any parser sees it
        async with self.store.db.transaction() as tx:
            at = await self._seat_to_order(tx, game_id, actor, seat, phase_seq)
            sheet = await self.store.order_sheet(at.phase.id, at.seat, tx)
            canonical = [] if replace else list(sheet.lines)
            refused: list[tuple[str, str]] = []
            given: list[str] = []        # this sheet's accepted lines (a repeat is refused, not merged)
            check = at.variant.sheet_checker(at.phase.state, at.seat)    # the state is read once per sheet
            for line in lines:
                try:
                    clash = at.variant.repeated_order(at.phase.state, at.seat, line, given)
                    if clash:
                        refused.append((line, clash))
                        continue
                    canonical = check(line, canonical)
                    given.append(line)
                except OrderError as exc:
                    refused.append((line, exc.reason))
                except RulesError as exc:
                    refused.append((line, str(exc)))
            if len(refused) == len(lines):
                reasons = "\n".join(f"✗ `{line}`: {why}" for line, why in refused)
                raise BadInput(f"no order was saved; your earlier orders stand.\n{reasons}")
            now = iso(self.clock())
            await self.store.save_orders(tx, at.phase.id, at.seat, canonical, False, actor.user_id, now)
            await self.no_shows.back_from_civil_disorder(tx, at.game, at.seat)
            await self.store.log(tx, game_id, at.phase.id, now, actor.user_id, "orders",
                                 {"seat": at.seat, "lines": canonical,
                                  "refused": [line for line, _ in refused]})
        return OrderSheet(at.seat, tuple(canonical), False, actor.user_id, now, tuple(refused), sheet.ready,
                          sheet_warnings(at.variant, at.phase.state, at.seat, canonical), at.phase.seq,
                          _menus(at.variant, at.phase.state, at.seat, tuple(canonical)))

    async def orders_seat(self, game_id: int, actor: Actor, text: str) -> str | None:
        """The seat of `actor` for which `text` reads as valid orders right now, if any.

        Nothing is saved: the bot uses this to warn a player who wrote orders where they are
        public (the game channel) instead of in their private seat channel."""
        game = await self.store.game(game_id)
        if game.status != "active" or game.current_phase is None:
            return None
        lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
        if not lines:
            return None
        phase = await self.store.phase_by_id(game.current_phase)
        variant = get_variant(game.variant)
        for seat in game.seats_of(actor.user_id):
            if not variant.may_order(phase.state, seat):
                continue
            try:
                variant.check_orders(phase.state, seat, lines, ())
            except Exception:  # noqa: BLE001 - not orders (or a rules error): a guess about chat never breaks chat
                continue
            return seat
        return None

    async def clear_orders(self, game_id: int, actor: Actor, seat: str | None = None,
                           phase_seq: int | None = None) -> str:
        async with self.store.db.transaction() as tx:
            at = await self._seat_to_order(tx, game_id, actor, seat, phase_seq)
            now = iso(self.clock())
            await self.store.save_orders(tx, at.phase.id, at.seat, [], False, actor.user_id, now)
            await self.store.log(tx, game_id, at.phase.id, now, actor.user_id, "orders_cleared",
                                 {"seat": at.seat})
        return at.seat

    async def pick(self, game_id: int, actor: Actor, seat: str | None, key: str, picks: Sequence[str],
                   phase_seq: int | None = None) -> OrderSheet:
        """Settle one menu decision (`choice_groups`): its earlier orders (and those it replaces,
        such as `Waive` for builds) give way to the options picked; the rest of the sheet stays."""
        seat, groups = await self.choice_groups(game_id, actor, seat, phase_seq)
        group = next((g for g in groups if g.key == key), None)
        if group is None:
            raise BadState(f"`{key[:40]}` is not a choice open to {seat} in this phase; see your sheet with `/orders`")
        wrong = [p for p in picks if p not in group.options]
        if wrong or not 1 <= len(picks) <= group.picks:
            raise BadInput(f"{group.prompt}: pick 1 to {group.picks} of " + ", ".join(f"`{o}`" for o in group.options[:10]))
        current = await self.orders(game_id, actor, seat)
        kept = [line for line in current.lines if line not in group.options and line not in group.replaces]
        return await self.submit_orders(game_id, actor, "\n".join(kept + list(picks)), seat, replace=True,
                                        phase_seq=phase_seq)

    async def choice_groups(self, game_id: int, actor: Actor, seat: str | None = None,
                            phase_seq: int | None = None) -> tuple[str, list]:
        """The seat and the decisions of the current phase it can make from a menu (a retreat, its
        builds or removals): `engine.variant.ChoiceGroup`s."""
        at = await self._seat_to_order(None, game_id, actor, seat, phase_seq)    # a read
        sheet = await self.store.order_sheet(at.phase.id, at.seat)
        return at.seat, at.variant.choice_groups(at.phase.state, at.seat, sheet.lines)

    async def mark_ready(self, game_id: int, actor: Actor, ready: bool = True,
                         seat: str | None = None, confirm: bool = False,
                         phase_seq: int | None = None) -> tuple[str, PhaseInfo | None]:
        """Mark a seat ready; when every seat that must act is ready, adjudicate at once.

        An incomplete sheet (units without orders, builds still owed) is marked ready only
        with `confirm`; otherwise `Unconfirmed` says what is missing and nothing changes.
        Returns the seat and the new phase if this made the game move on. With `phase_seq` (a
        button's phase) nothing happens once the game has moved past that phase.
        """
        async with self.store.db.transaction() as tx:
            at = await self._seat_to_order(tx, game_id, actor, seat, phase_seq)
            if at.seat not in at.variant.seats_to_act(at.phase.state):
                raise BadState(f"{at.seat} does not act in {at.phase.label}; its standing orders are saved")
            sheet = await self.store.order_sheet(at.phase.id, at.seat, tx)
            if ready and not confirm:
                missing = at.variant.missing_orders(at.phase.state, at.seat, sheet.lines)
                if missing:
                    raise Unconfirmed(at.seat, tuple(missing))
            now = iso(self.clock())
            await self.store.save_orders(tx, at.phase.id, at.seat, list(sheet.lines), ready,
                                         sheet.submitted_by or actor.user_id, sheet.submitted_at or now)
            await self.store.log(tx, game_id, at.phase.id, now, actor.user_id,
                                 "ready" if ready else "unready", {"seat": at.seat})
            everyone = ready and await self.adjudicator.all_ready(tx, at.game, at.phase, at.variant)
            if everyone:
                await self.adjudicator.adjudicate_after(tx, at.game, at.phase)
        # in the pool, after the commit (the phase is written again only if still open)
        new_phase = await self.adjudicator.adjudicate(game_id, at.phase.id, "all players ready") if everyone else None
        return at.seat, new_phase

    async def _current(self, game: GameInfo) -> PhaseInfo:
        if game.current_phase is None:
            raise BadState(f"game #{game.id} has not started yet")
        return await self.store.phase_by_id(game.current_phase)

    async def _seat_to_order(self, tx, game_id: int, actor: Actor, seat: str | None,
                             phase_seq: int | None = None) -> SeatToOrder:
        """The actor's seat that may give orders now (read in `tx`, or outside any with None), or
        the reason it may not: the game is paused or not running, the game moved past `phase_seq`
        (a button of an earlier phase), the deadline passed, the stored position is damaged, or
        the seat has nothing to order."""
        game = await self.store.game(game_id, tx)
        if game.status == "paused":
            raise BadState(f"game #{game.id} is paused: nothing was recorded. Orders open again when "
                           f"the GM resumes it")
        require_status(game, "active", "give orders in")
        phase = await self.store.phase_by_id(game.current_phase, tx)
        require_phase(game, phase, phase_seq, "record it")      # a button or form of an earlier phase
        if phase.deadline is not None and phase.deadline <= self.clock():
            raise BadState(f"the deadline of {phase.label} has passed; the phase is being adjudicated. "
                           f"Nothing was recorded: give your orders for the next phase when it opens")
        variant = get_variant(game.variant)
        try:
            variant.check_state(phase.state)
        except StateError as exc:
            raise BadState(f"the stored position of game #{game.id} ({phase.label}) is damaged: {exc}. Nothing "
                           f"was recorded; a server admin can export the game (`/game export`) to look into it") from None
        if seat is None:
            acting = _acting_seats(game, variant, phase, actor)
            seat = acting[0] if len(acting) == 1 else None      # ambiguous: resolve_seat asks which
        seat = permissions.resolve_seat(game, actor, seat)
        if not variant.may_order(phase.state, seat):
            raise BadState(f"{seat} has nothing to order in {phase.label}")
        return SeatToOrder(game, phase, variant, seat)


def _menus(variant: Variant, state: Mapping[str, Any], seat: str, lines: Sequence[str]) -> tuple[Any, ...]:
    """The phase's menu decisions for a seat that may order (none for one that has nothing to
    order now, or on a position the rules cannot read: the sheet itself is still shown)."""
    try:
        return tuple(variant.choice_groups(state, seat, tuple(lines))) if variant.may_order(state, seat) else ()
    except RulesError:
        return ()


def _acting_seats(game: GameInfo, variant: Variant, phase: PhaseInfo, actor: Actor) -> list[str]:
    """The actor's seats whose turn it is: a player holding several seats means that one."""
    return [s for s in game.seats_of(actor.user_id) if s in variant.seats_to_act(phase.state)]
