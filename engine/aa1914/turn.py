"""One power's turn: purchase & repair, movement, combat, mobilization, income (RULES.md 1.2),
with the Tournament Rules' collapse checks at its start and end.

The turn is a table: each order type has a handler and a step (`STEPS`); the Tournament Rules'
own orders are `core_orders.CORE_ORDERS`, each house option brings its own (house/<option>.py) and
hooks into the steps. Orders are carried out step by step, within a step in the order written.

A turn plays on a typed `Position` read from the stored state (JSON only at the edges: `run`
writes it back); `start` is how things stood when it began (frozen), `progress` what its orders
did so far. An order that fails half-way is taken back through the position's undo log
(`carry_out`), so nothing is copied whole.

`Turn(..., rng=None)` is a dry run used to check orders before they are stored: it applies
the same rules but rolls no dice and fights no battles.
"""
from __future__ import annotations

import copy
import random
from types import MappingProxyType
from typing import Sequence

from engine.errors import IllegalOrder, OrderError, RulesError

from . import battles, mobilization, movement
from .board import Board
from .core_orders import CORE_ORDERS
from .house.base import ATTACK, BREAKTHROUGH, COLLECT, MOVEMENT, PURCHASE, STANDING, HouseRule
from .house.registry import house_rules, order_handlers, rules_for
from .grammar import Place
from .position import Position
from .progress import TurnProgress, TurnStart
from .rules import USW_ZONES, submarine_warfare_loss
from .standing import check_standing, standing_field
from .state import US
from .tournament import economic_collapse, political_collapse

USW_HIT = 3          # seed 001: "totaling the results of the rolls showing a 3 or less"

# The steps in which orders are carried out before the battles, in turn order (`collect` orders,
# such as sending supplies, come after mobilization). Every order is carried out on its own
# (`Turn.carry_out`): one that turns out impossible once the dice have spoken fails as an order.
STEPS = (STANDING, PURCHASE, MOVEMENT, BREAKTHROUGH, ATTACK)


def turn_start(position: Position, power: str) -> TurnStart:
    """How things stand as `power`'s turn begins."""
    board, units = position.board, position.units
    control = dict(position.control)
    contested = position.contested_territories()
    return TurnStart(
        control=MappingProxyType(control), contested=frozenset(contested),
        own_units=frozenset(u.where for u in units if u.owner == power),
        unit_places=MappingProxyType({u.id: u.where for u in units}),
        enemy_held=frozenset(n for n, owner in control.items() if owner is not None and position.at_war(power, owner)),
        base_zones=frozenset(movement.friendly_base_zones(board, power, control, contested)),
        hostile_zones=frozenset(u.where for u in units if board.territories[u.where].sea
                                and position.at_war(power, u.owner)))


class WatchedDice:
    """The turn's dice while one order is carried out: their state is taken the first time they
    are used, so an order that fails is undone to the same dice, and one that rolls none costs no
    copy of the generator's state."""

    def __init__(self, rng: random.Random):
        self._rng = rng
        self.before: object | None = None

    def __getattr__(self, name: str):
        if self.before is None:
            self.before = self._rng.getstate()
        return getattr(self._rng, name)


class Turn:
    def __init__(self, board: Board, state: dict, power: str, rng: random.Random | None):
        self.position = Position.from_json(state, board)
        self.power, self.rng = power, rng
        options = self.position.options
        self.rules = rules_for(options)
        self.house = house_rules(options)
        self.handlers = {**order_handlers(options), **CORE_ORDERS}
        self.report: list[str] = []
        self.start = turn_start(self.position, power)
        self.progress = self.new_progress()

    @property
    def board(self) -> Board:
        """The board of the position (Italy's side, 4.16, can change it during the turn)."""
        return self.position.board

    @board.setter
    def board(self, board: Board) -> None:
        self.position.board = board

    def new_progress(self) -> TurnProgress:
        """Nothing done yet, and a fresh memo for each house option that keeps one."""
        return TurnProgress(memos={rule.key: rule.memo() for rule in self.house if rule.memo is not None})

    def fresh(self) -> "Turn":
        """A new turn on the same position and start as this one, which must not have run yet: what
        the start sets up (contested territories, enemies, naval bases …) is not worked out again.
        A sheet checked line by line plays its orders on a fresh turn for each line, and takes
        them back (`trial`)."""
        twin = copy.copy(self)
        twin.report = []
        twin.progress = self.new_progress()
        return twin

    def trial(self, orders: Sequence[object]) -> None:
        """A dry run of `orders` on a fresh turn, taken back afterwards whatever happens (the
        position, and the board Italy's side may have changed)."""
        twin, board = self.fresh(), self.board
        checkpoint = self.position.checkpoint()
        try:
            twin.play(orders)
        finally:
            self.position.rollback(checkpoint)
            self.board = board

    # ------------------------------------------------------------------ helpers
    def rules_of(self, kind: str) -> list[HouseRule]:
        """The house options of this game whose unit `kind` is (none for the base units)."""
        return [rule for rule in self.house if kind in rule.units]

    def roll(self, n: int) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(n)] if self.rng else []

    # ------------------------------------------------------------------ the phases
    def run(self, orders: Sequence[object]) -> dict:
        """Play the turn; the stored state after it."""
        self.play(orders)
        return self.position.to_json()

    def play(self, orders: Sequence[object]) -> None:
        self.begin()
        # standing orders are kept in the state at once; the rest wait for their step
        rest = [order for order in orders if not self.keep_standing(order)]
        for step in STEPS:
            self.carry_out_step(step, rest)
        if self.rng is None:
            self.check_end_of_movement()
        else:
            self.fight()
        mobilization.mobilize(self, [o for o in rest if isinstance(o, Place)])
        self.carry_out_step(COLLECT, rest)
        if self.rng is not None:
            self.collect_income()
        for rule in self.house:
            rule.after_collect(self)
        if self.rng is not None:
            self.end()

    def carry_out_step(self, step: str, orders: Sequence[object]) -> None:
        for order in orders:
            handler = self.handlers.get(type(order))
            if handler is None or handler.step != step:
                continue
            self.carry_out(lambda o: handler.carry_out(self, o), order)

    def fight(self) -> None:
        """The combat phase: sea battles, the landings that waited for them, then land battles."""
        for rule in self.house:
            rule.before_battles(self)
        battles.sea_battles(self)
        battles.land_waiting_cargo(self)
        for rule in self.house:
            rule.before_land_battles(self)
        battles.land_battles(self)
        battles.return_fighters(self)
        battles.settle_control(self)

    def keep_standing(self, order) -> bool:
        """A standing order is kept in the state at once, with nothing to take back: it is either
        refused before anything changes or recorded whole. False if `order` is not one."""
        if standing_field(order) is None:
            return False
        try:
            check_standing(self.position.options, order)
            order.keep(self.position.extra, self.power)
        except RulesError as exc:
            self._refused(order, exc)
        return True

    def carry_out(self, action, order) -> None:
        """Checked orders can still fail when dice intervene (a mine sinks a loaded transport, the
        units that were to receive supplies die): then the order is reported as not carried out,
        and nothing of it stays done, instead of stopping the turn — the position's undo log takes
        back what it changed, and its progress, report and dice are put back. In the dry run
        that checks orders, a refusal names the order it is about."""
        if self.rng is None:
            try:
                action(order)
            except OrderError as exc:
                self._refused(order, exc)
            return
        checkpoint = self.position.checkpoint()
        progress, reported, rng = self.progress.copy(), len(self.report), self.rng
        self.rng = dice = WatchedDice(rng)
        try:
            action(order)
        except RulesError as exc:
            self.position.rollback(checkpoint)
            self.progress = progress
            del self.report[reported:]
            if dice.before is not None:
                rng.setstate(dice.before)
            self._refused(order, exc)
        else:
            self.position.release(checkpoint)
        finally:
            self.rng = rng

    def _refused(self, order, exc: RulesError) -> None:
        """In the dry run the refusal stops the check, naming the order; in play the order fails."""
        if self.rng is None:
            if not isinstance(exc, OrderError):
                raise exc
            raise (exc if exc.line else exc.at_line(order.text())) from None
        self.order_failed(order, exc.reason if isinstance(exc, OrderError) else str(exc))

    def order_failed(self, order, reason: str) -> None:
        """Report an order as not carried out, with its reason."""
        self.report.append(f"✗ `{order.text()}` could not be carried out: {reason}")
        # kept with the turn's position so the results map draws it as failed
        self.position.extra["failed_orders"].append(order.text())

    def begin(self) -> None:
        """Start of turn: the US may enter the war; economic collapse is checked; battleships repaired."""
        position = self.position
        position.extra["failed_orders"] = []
        if self.power == US and not position.us_at_war and position.round >= 4:
            self.us_enters_war("Round 4: the United States enters the war.")
        for rule in self.house:
            rule.begin_turn(self)
        self.progress.economic_collapse = economic_collapse(self.board, position, self.power)
        was = position.collapsed.get(self.power)
        if self.progress.economic_collapse and was != "economic":
            position.collapsed[self.power] = "economic"
            self.report.append(f"📉 {self.power} suffers an economic collapse: no purchases, mobilization or income.")
        elif not self.progress.economic_collapse and was == "economic":
            del position.collapsed[self.power]
            self.report.append(f"📈 {self.power} recovers from its economic collapse.")
        for u in position.units:
            if u.owner == self.power and u.damaged and u.where in self.start.base_zones:
                position.damage(u, False)   # errata: repaired at a friendly (or own contested) naval base
                self.report.append(f"🔧 {self.power} repairs a battleship in {u.where}.")

    def us_enters_war(self, why: str) -> None:
        self.position.us_at_war = True
        self.report.append(f"🇺🇸 {why}")
        for rule in self.house:
            rule.on_us_enters_war(self)

    def landing_called_off(self, zone: str, dest: str, count: int) -> bool:
        """Errata: "you may call off the landing" after mine hits — given in advance as
        `call off <territory> if mined`; says so in the report when it applies."""
        if dest in self.progress.call_off and zone in self.progress.mined_zones:
            self.report.append(f"↩️ The landing in {dest} is called off after mine hits; {count} unit(s) "
                               f"stay aboard in {zone}.")
            return True
        return False

    def entered_land(self, dest: str) -> None:
        for rule in self.house:
            rule.on_enter_land(self, dest)
        self.progress.land_entered.add(dest)
        t = self.board.territories[dest]
        patron = self.position.aligned(t)
        if t.minor and patron and self.position.friendly(patron, self.power):
            self.progress.minors_entered.add(dest)
            entered = self.position.extra["entered_minors"]
            if not t.minor_capital and dest not in entered:
                entered.append(dest)

    def check_end_of_movement(self) -> None:
        """Fighters end with own land units; "If you are moving units into a territory both by land
        and amphibiously, one infantry unit must move in by land, unless you already have one there"."""
        position, moved = self.position, self.progress.done_moving
        for u in position.units:
            if u.owner == self.power and u.type == "fighter" and u.id in moved:
                if not any(o.owner == self.power and o.spec.is_land for o in position.units_in(u.where)):
                    raise IllegalOrder(f"a fighter must end its move where {self.power} has land units, not in {u.where}")
        for rule in self.house:
            rule.end_of_movement(self)
        for dest, ids in self.progress.unloaded_into.items():
            if dest in self.progress.landed_by_land:
                infantry = [u for u in position.units_in(dest) if u.owner == self.power and u.type == "infantry"]
                had_infantry = any(u.id not in moved for u in infantry)
                by_land = any(u.id not in ids for u in infantry)
                if not had_infantry and not by_land:
                    raise IllegalOrder(f"moving into {dest} by land and by sea: one infantry must come by land")

    def collect_income(self) -> None:
        if self.progress.economic_collapse:
            return
        for rule in self.house:
            rule.before_income(self)
        gained = self.position.income(self.power)
        for rule in self.house:
            gained += rule.income(self)
        lost = self.submarine_warfare()
        treasury = self.position.treasury
        treasury[self.power] += max(0, gained - lost)
        self.report.append(f"💰 {self.power} collects {max(0, gained - lost)} IPCs (treasury {treasury[self.power]}).")

    def submarine_warfare(self) -> int:
        """IPCs German submarines take from this power's income: Unrestricted Submarine Warfare
        once declared (Tournament Rules dice, or the house rules' flat amounts), else the house
        rules' Restricted Submarine Warfare against the UK (3.1, "active from the start")."""
        position = self.position
        flat = not self.rules.usw_dice
        if position.usw_declared and self.power in ("British Empire", US) and (
                self.power != US or position.us_at_war):
            zones, label = USW_ZONES, "Unrestricted Submarine Warfare"
        else:
            areas = next((a for a in (rule.sub_warfare_areas(self) for rule in self.house) if a), None)
            if areas is None:
                return 0
            zones, label = areas
            flat = True         # the house rules' own submarine warfare costs fixed amounts
        subs = [u for u in position.units if u.owner == "Germany" and u.type == "submarine" and u.where in zones]
        if not subs:
            return 0
        # 3.2: "The first Submarine in every area ... causes 2 IPCs": each sea zone is an area
        per_zone: dict[str, int] = {}
        for u in subs:
            per_zone[u.where] = per_zone.get(u.where, 0) + 1
        amounts = [submarine_warfare_loss(n, flat, self.rules.first_sub_2) for n in per_zone.values()]
        lost = None if any(a is None for a in amounts) else sum(amounts)
        if lost is None:
            dice = self.roll(len(subs))
            lost = sum(d for d in dice if d <= USW_HIT)
            position.log.append({"round": position.round, "power": self.power, "battle": "USW", "who": "Germany",
                                 "step": "unrestricted submarine warfare", "target": USW_HIT, "dice": dice})
            self.report.append(f"🌊 {label}: {len(subs)} German sub(s) roll {dice}: {self.power} loses {lost} IPCs.")
        else:
            self.report.append(f"🌊 {label}: {len(subs)} German sub(s) cost {self.power} {lost} IPCs.")
        return lost

    def end(self) -> None:
        """ "checking for political collapse is done at the end of each power's turn" """
        entered = self.position.extra.setdefault("minor_entries", {}).setdefault(self.power, [])
        entered.extend(sorted(self.progress.minors_entered - set(entered)))
        for rule in self.house:
            rule.end_turn(self)
        if self.position.collapsed.get(self.power) != "political" and political_collapse(
                self.board, self.position, self.power):
            self.surrender(self.power)

    def surrender(self, power: str) -> None:
        position = self.position
        position.collapsed[power] = "political"
        for rule in self.house:
            rule.power_leaves(self, power, None)
        position.remove([u for u in position.units if u.owner == power])
        position.extra["unclaimed_treasury"][power] = position.treasury.get(power, 0)
        position.treasury[power] = 0
        for name, holder in list(position.control.items()):
            if holder != power:
                continue
            remaining = [u.owner for u in position.units_in(name) if u.spec.is_land and u.holds_land]
            position.control[name] = remaining[0] if remaining else None
            if remaining:
                self.report.append(f"🚩 {remaining[0]} takes control of {name}.")
                # "claimed by the first enemy power to gain control of its capital": an enemy
                # contesting the capital gains it through the surrender itself
                battles.claim_surrendered_treasury(self, name, remaining[0])
        self.report.append(f"🏳️ {power} suffers a political collapse and surrenders: its units leave the board.")
        battles.settle_control(self)
