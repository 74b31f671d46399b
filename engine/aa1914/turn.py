"""One power's turn: purchase & repair, movement, combat, mobilization, income (RULES.md 1.2),
with the Tournament Rules' collapse checks at its start and end.

The turn is a table: each order type has a handler and a step (`STEPS`); the Tournament Rules'
own orders are `CORE_ORDERS` below, each house option brings its own (house/<option>.py) and
hooks into the steps. Orders are carried out step by step, within a step in the order written.

`Turn(..., rng=None)` is a dry run used to check orders before they are stored: it applies
the same rules but rolls no dice and fights no battles.
"""
from __future__ import annotations

import copy
import json
import pickle
import random
from types import MappingProxyType
from typing import Sequence

from engine.errors import IllegalOrder, OrderError, RulesError

from . import battles, mobilization, movement
from .board import Board
from .house.base import (ATTACK, BREAKTHROUGH, COLLECT, MOVEMENT, PURCHASE, STANDING, HouseRule,
                         OrderHandler)
from .house.catalog import not_enabled
from .house.registry import house_rules, order_handlers, rules_for
from .ledger import destroy
from .progress import TurnProgress, TurnStart
from .grammar import Attack, Buy, CallOff, DeclareUSW, MoveOrder, Place, SeaDecision, Submerge
from .rules import USW_ZONES, submarine_warfare_loss
from .standing import apply_standing
from .state import US, aligned, at_war, contested_territories, friendly, holds_land, income, units_in
from .tournament import economic_collapse, political_collapse
from .units import HOUSE_UNITS, UNIT_TYPES, unit_name, units_text

USW_HIT = 3          # seed 001: "totaling the results of the rolls showing a 3 or less"
MINE_HIT = 1         # RULES.md 5.4: "each vessel must survive a roll"; sunk (hit) on a 1


# The steps in which orders are carried out before the battles, in turn order (`collect` orders,
# such as sending supplies, come after mobilization). Every order is carried out on its own
# (`Turn.carry_out`): one that turns out impossible once the dice have spoken fails as an order.
STEPS = (STANDING, PURCHASE, MOVEMENT, BREAKTHROUGH, ATTACK)

def deep_copy(value):
    """A deep copy of the turn's plain data: a pickle round trip, about four times faster than
    copy.deepcopy (a snapshot is taken before every order of every turn, issue 25); deepcopy for
    anything pickle cannot carry."""
    try:
        return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(value)


def turn_start(board: Board, state: dict, power: str) -> TurnStart:
    """How things stand as `power`'s turn begins."""
    control = dict(state["control"])
    contested = contested_territories(board, state)
    return TurnStart(
        control=MappingProxyType(control), contested=frozenset(contested),
        own_units=frozenset(u["where"] for u in state["units"] if u["owner"] == power),
        unit_places=MappingProxyType({u["id"]: u["where"] for u in state["units"]}),
        enemy_held=frozenset(n for n, owner in control.items()
                             if owner is not None and at_war(board, state, power, owner)),
        base_zones=frozenset(movement.friendly_base_zones(board, power, control, contested)),
        hostile_zones=frozenset(u["where"] for u in state["units"] if board.territories[u["where"]].sea
                                and at_war(board, state, power, u["owner"])))


class Turn:
    def __init__(self, board: Board, state: dict, power: str, rng: random.Random | None):
        self.board, self.power, self.rng = board, power, rng
        # the state is JSON by contract; a JSON round trip is the fastest deep copy of it
        self._start_text = json.dumps(state)
        self.state = json.loads(self._start_text)
        options = self.state.get("options", {})
        self.rules = rules_for(options)
        self.house = house_rules(options)
        self.handlers = {**order_handlers(options), **CORE_ORDERS}
        self.report: list[str] = []
        self.start = turn_start(board, self.state, power)
        self.progress = self.new_progress()

    def new_progress(self) -> TurnProgress:
        """Nothing done yet, and a fresh memo for each house option that keeps one."""
        return TurnProgress(memos={rule.key: rule.memo() for rule in self.house if rule.memo is not None})

    def fresh(self) -> "Turn":
        """A new turn from the same start as this one, which must not have run yet: what the
        start sets up (contested territories, enemies, naval bases …) is not worked out again. A
        sheet checked line by line replays its orders on a fresh turn for each line."""
        twin = copy.copy(self)
        twin.report = []
        twin.progress = self.new_progress()
        twin.state = json.loads(self._start_text)
        return twin

    def memo(self, option: str):
        """The memo a house option keeps of this turn (`HouseRule.memo`)."""
        return self.progress.memos[option]

    # ------------------------------------------------------------------ helpers
    def new_unit(self, kind: str, owner: str, where: str) -> dict:
        unit = {"id": self.state["next_id"], "type": kind, "owner": owner, "where": where, "damaged": False}
        self.state["next_id"] += 1
        self.state["units"].append(unit)
        return unit

    def rules_of(self, kind: str) -> list[HouseRule]:
        """The house options of this game whose unit `kind` is (none for the base units)."""
        return [rule for rule in self.house if kind in rule.units]

    def roll(self, n: int) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(n)] if self.rng else []

    # ------------------------------------------------------------------ the phases
    def run(self, orders: Sequence[object]) -> dict:
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
        return self.state

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
        """A standing order is kept in the state at once (`apply_standing`, which changes nothing
        when it refuses one: no copy is needed); False if `order` is not one."""
        try:
            return apply_standing(self.state, self.power, order)
        except RulesError as exc:
            self._refused(order, exc)
            return True

    def carry_out(self, action, order) -> None:
        """Checked orders can still fail when dice intervene (a mine sinks a loaded transport, the
        units that were to receive supplies die): then the order is reported as not carried out,
        and nothing of it stays done, instead of stopping the turn. In the dry run that checks
        orders, a refusal names the order it is about."""
        if self.rng is None:
            try:
                action(order)
            except OrderError as exc:
                self._refused(order, exc)
            return
        before = self._snapshot()
        try:
            action(order)
        except RulesError as exc:
            self._restore(before)
            self._refused(order, exc)

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
        self.state["failed_orders"].append(order.text())

    def _snapshot(self) -> tuple[dict, TurnProgress, int, int, object]:
        """Everything an order may change: the state (its dice log only by length: it only grows),
        the turn's progress, the report (by length), the dice."""
        log = self.state["log"]
        self.state["log"] = []
        try:
            saved = deep_copy(self.state)
        finally:
            self.state["log"] = log
        return saved, self.progress.copy(), len(log), len(self.report), self.rng.getstate()

    def _restore(self, snapshot: tuple[dict, TurnProgress, int, int, object]) -> None:
        saved, progress, logged, reported, dice = snapshot
        log = self.state["log"]
        del log[logged:]
        saved["log"] = log
        self.state = saved
        self.progress = progress
        del self.report[reported:]
        self.rng.setstate(dice)

    def begin(self) -> None:
        """Start of turn: the US may enter the war; economic collapse is checked; battleships repaired."""
        self.state["failed_orders"] = []
        if self.power == US and not self.state["us_at_war"] and self.state["round"] >= 4:
            self.us_enters_war("Round 4: the United States enters the war.")
        for rule in self.house:
            rule.begin_turn(self)
        self.progress.economic_collapse = economic_collapse(self.board, self.state, self.power)
        was = self.state["collapsed"].get(self.power)
        if self.progress.economic_collapse and was != "economic":
            self.state["collapsed"][self.power] = "economic"
            self.report.append(f"📉 {self.power} suffers an economic collapse: no purchases, mobilization or income.")
        elif not self.progress.economic_collapse and was == "economic":
            del self.state["collapsed"][self.power]
            self.report.append(f"📈 {self.power} recovers from its economic collapse.")
        for u in self.state["units"]:
            if u["owner"] == self.power and u.get("damaged") and u["where"] in self.start.base_zones:
                u["damaged"] = False   # errata: repaired at a friendly (or own contested) naval base
                self.report.append(f"🔧 {self.power} repairs a battleship in {u['where']}.")

    def us_enters_war(self, why: str) -> None:
        self.state["us_at_war"] = True
        self.report.append(f"🇺🇸 {why}")
        for rule in self.house:
            rule.on_us_enters_war(self)

    def declare_usw(self) -> None:
        if self.power != "Germany":
            raise IllegalOrder("only Germany declares Unrestricted Submarine Warfare")
        if not self.state["usw_declared"]:
            self.state["usw_declared"] = True
            self.report.append("🌊 Germany declares Unrestricted Submarine Warfare.")
            if not self.state["us_at_war"]:
                self.us_enters_war("The United States enters the war.")

    def buy(self, order: Buy) -> None:
        if self.progress.economic_collapse:
            raise IllegalOrder(f"{self.power} is in economic collapse and cannot purchase")
        for kind, n in order.units:
            if kind in HOUSE_UNITS and kind not in self.rules.house_units:
                raise not_enabled(HOUSE_UNITS[kind])
            for rule in self.rules_of(kind):
                rule.check_purchase(self, kind, n + self.progress.bought.get(kind, 0))
            if kind == "tank" and self.state["round"] < self.rules.tanks_from_round:
                raise IllegalOrder(f"tanks can be bought from round {self.rules.tanks_from_round}")
            cost = self.rules.cost(kind) * n
            left = self.state["treasury"][self.power]
            if cost > left:
                raise IllegalOrder(f"{self.power} has {left} IPCs left, not the {cost} that {n} {unit_name(kind)} cost")
            self.state["treasury"][self.power] = left - cost
            self.progress.bought[kind] = self.progress.bought.get(kind, 0) + n

    def move(self, order: MoveOrder) -> None:
        order, mined = movement.after_mines(self, order)
        units = movement.pick_units(self, order)
        kind = movement.check_path(self, order, units)
        dest = order.path[-1]
        if kind == "load":
            free = self._transport_space(dest)
            if len(units) > len(free):
                raise IllegalOrder(f"{self.power} has room for {len(free)} land unit(s) on transports in {dest}")
            for u, transport in zip(units, free):
                if u["where"] in self.start.contested:
                    self.progress.left_contested[u["id"]] = u["where"]
                u["where"], u["aboard"] = dest, transport
            return   # a loaded unit may still be unloaded this turn
        if kind == "unload" and self.rng is not None and self.landing_called_off(order.path[0], dest, len(units)):
            for u in units:
                self.progress.done_moving.add(u["id"])
            return
        if kind == "unload" and self.rng is not None and battles.sea_battle_ahead(self, order.path[0]):
            # Seed 001: "Transports may not offload units after retreating" — the cargo lands
            # only once the sea battle in its zone is won (see land_waiting_cargo).
            for u in units:
                self.progress.done_moving.add(u["id"])
            self.progress.pending_landings.append((order.path[0], dest, [u["id"] for u in units]))
            return
        if kind == "unload":
            for u in units:
                origin = self.progress.left_contested.get(u["id"])
                # Seed 001: units leaving a contested territory by transport "may either be
                # transported to a territory within range that meets those same requirements
                # [controlled by the moving power, or holding its units, at the start of the turn]
                # or remain at sea"
                if origin and self.start.control.get(dest) != self.power and dest not in self.start.own_units:
                    raise IllegalOrder(f"units that left contested {origin} by transport may land only where "
                                     f"{self.power} had control or units at the start of the turn, or stay at sea")
            for u in units:
                u.pop("aboard", None)
                u["where"] = dest
                self.progress.done_moving.add(u["id"])
            self.progress.unloaded_into.setdefault(dest, set()).update(u["id"] for u in units)
            self.progress.unloaded_from.setdefault(dest, set()).add(order.path[0])
            self.entered_land(dest)
            if mined:
                self.report.append(mined)
            return
        if kind == "sea":
            for rule in self.house:
                rule.before_sail(self, dest, units)
            stopped = self._sail(order.path, units)
            cargo = [c for c in self.state["units"] if c.get("aboard") in {u["id"] for u in units}]
            for c in cargo:
                c["where"] = stopped
            for u in units:
                self.progress.done_moving.add(u["id"])
            return
        for u in units:
            u["where"] = dest
            self.progress.done_moving.add(u["id"])
        if kind == "land":
            self.progress.landed_by_land.add(dest)
            self.entered_land(dest)
        if self.power == US and not self.state["us_at_war"] and any(
                at_war(self.board, {**self.state, "us_at_war": True}, US, u["owner"]) for u in units_in(self.state, dest)):
            raise IllegalOrder("the neutral United States may not attack before it is at war")

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
        if t.minor and aligned(self.state, t) and friendly(self.board, aligned(self.state, t), self.power):
            self.progress.minors_entered.add(dest)
            if not t.minor_capital and dest not in self.state["entered_minors"]:
                self.state["entered_minors"].append(dest)

    def _transport_space(self, zone: str) -> list[int]:
        spaces = []
        for t in units_in(self.state, zone):
            if t["owner"] == self.power and t["type"] == "transport":
                used = sum(1 for c in self.state["units"] if c.get("aboard") == t["id"])
                spaces += [t["id"]] * (UNIT_TYPES["transport"].capacity - used)
        return spaces

    def _sail(self, path: tuple[str, ...], ships: list[dict]) -> str:
        """Move ships along `path`; entering an active enemy minefield rolls for each ship."""
        dest = path[-1]
        for u in ships:
            u["where"] = dest
        self.progress.ship_entered.add(dest)
        for rule in self.house:
            rule.on_sail(self, path, ships)
        self.progress.sailed_via.setdefault(dest, set()).update(path[:-1])
        if movement.enemy_minefield(self, dest) and self.rng is not None:
            dice = self.roll(len(ships))
            self.state["log"].append({"round": self.state["round"], "power": self.power, "battle": dest,
                                      "who": "mines", "step": "mines", "target": MINE_HIT, "dice": dice})
            hits = sum(1 for die in dice if die <= MINE_HIT)
            self.report.append(f"💣 Mines in {dest}: {len(ships)} {self.power} ship(s) roll {dice} "
                               f"(a {MINE_HIT} hits): {hits or 'no'} hit(s).")
            for u, die in zip(list(ships), dice):
                if die <= MINE_HIT:
                    self.progress.mined_zones.add(dest)
                    if u["type"] == "battleship" and not u.get("damaged"):
                        u["damaged"] = True
                        self.report.append(f"   A mine damages {self.power}'s battleship in {dest}.")
                    else:
                        cargo = [c for c in self.state["units"] if c.get("aboard") == u["id"]]
                        if u["type"] == "transport":
                            self.progress.mined_transports[dest] = self.progress.mined_transports.get(dest, 0) + 1
                        for c in cargo:        # seed 001: the landing may go on with what is left
                            lost = self.progress.mine_cargo.setdefault(dest, {})
                            lost[c["type"]] = lost.get(c["type"], 0) + 1
                        destroy(self.state, {u["id"]})
                        self.report.append(f"   A mine sinks {self.power}'s {unit_name(u['type'])} in {dest}"
                                           + (f", with {units_text(cargo)} aboard." if cargo else "."))
        return dest

    def decide_sea_battle(self, order: SeaDecision) -> None:
        """Seed 001 NAVAL RETREATS: "move all attacking sea units in the embattled sea zone to a
        single adjacent friendly sea zone from or through which at least one of the original
        attacking sea units moved this turn. This sea zone must have been friendly at the start
        of the turn." """
        if order.where not in self.progress.sailed_via and order.where not in self.progress.attacks:
            raise IllegalOrder(f"{self.power} starts no sea battle in {order.where}")
        if order.action == "retreat":
            target = order.retreat_to
            if not self.board.adjacent(order.where, target):
                raise IllegalOrder(f"{target} does not border {order.where}")
            if target not in self.progress.sailed_via.get(order.where, set()):
                raise IllegalOrder(f"retreat only to a zone your attacking ships came from or through, not {target}")
            if target in self.start.hostile_zones:
                raise IllegalOrder(f"{target} was not friendly at the start of the turn")
        self.progress.sea_decisions[order.where] = order

    def attack(self, order: Attack) -> None:
        where = order.where
        if not any(u["owner"] == self.power for u in units_in(self.state, where)) and where not in self.start.own_units:
            raise IllegalOrder(f"{self.power} has no units in {where} to attack with")
        self.progress.attacks.add(where)

    def check_end_of_movement(self) -> None:
        """Fighters end with own land units; "If you are moving units into a territory both by land
        and amphibiously, one infantry unit must move in by land, unless you already have one there"."""
        for u in self.state["units"]:
            if u["owner"] == self.power and u["type"] == "fighter" and u["id"] in self.progress.done_moving:
                if not any(o["owner"] == self.power and UNIT_TYPES[o["type"]].is_land
                           for o in units_in(self.state, u["where"])):
                    raise IllegalOrder(f"a fighter must end its move where {self.power} has land units, "
                                     f"not in {u['where']}")
        for rule in self.house:
            rule.end_of_movement(self)
        for dest, ids in self.progress.unloaded_into.items():
            if dest in self.progress.landed_by_land:
                had_infantry = any(u["owner"] == self.power and u["type"] == "infantry" and u["where"] == dest
                                   for u in self._start_units())
                by_land = any(u["owner"] == self.power and u["type"] == "infantry" and u["where"] == dest
                              and u["id"] not in ids for u in self.state["units"])
                if not had_infantry and not by_land:
                    raise IllegalOrder(f"moving into {dest} by land and by sea: one infantry must come by land")

    def _start_units(self) -> list[dict]:
        return [u for u in self.state["units"] if u["id"] not in self.progress.done_moving]

    def collect_income(self) -> None:
        if self.progress.economic_collapse:
            return
        for rule in self.house:
            rule.before_income(self)
        gained = income(self.board, self.state, self.power)
        for rule in self.house:
            gained += rule.income(self)
        lost = self.submarine_warfare()
        self.state["treasury"][self.power] += max(0, gained - lost)
        self.report.append(f"💰 {self.power} collects {max(0, gained - lost)} IPCs "
                           f"(treasury {self.state['treasury'][self.power]}).")

    def submarine_warfare(self) -> int:
        """IPCs German submarines take from this power's income: Unrestricted Submarine Warfare
        once declared (Tournament Rules dice, or the house rules' flat amounts), else the house
        rules' Restricted Submarine Warfare against the UK (3.1, "active from the start")."""
        flat = not self.rules.usw_dice
        if self.state["usw_declared"] and self.power in ("British Empire", US) and (
                self.power != US or self.state["us_at_war"]):
            zones, label = USW_ZONES, "Unrestricted Submarine Warfare"
        else:
            areas = next((a for a in (rule.sub_warfare_areas(self) for rule in self.house) if a), None)
            if areas is None:
                return 0
            zones, label = areas
            flat = True         # the house rules' own submarine warfare costs fixed amounts
        subs = [u for u in self.state["units"] if u["owner"] == "Germany" and u["type"] == "submarine"
                and u["where"] in zones]
        if not subs:
            return 0
        # 3.2: "The first Submarine in every area ... causes 2 IPCs": each sea zone is an area
        per_zone: dict[str, int] = {}
        for u in subs:
            per_zone[u["where"]] = per_zone.get(u["where"], 0) + 1
        amounts = [submarine_warfare_loss(n, flat, self.rules.first_sub_2) for n in per_zone.values()]
        lost = None if any(a is None for a in amounts) else sum(amounts)
        if lost is None:
            dice = self.roll(len(subs))
            lost = sum(d for d in dice if d <= USW_HIT)
            self.state["log"].append({"round": self.state["round"], "power": self.power, "battle": "USW",
                                      "who": "Germany", "step": "unrestricted submarine warfare",
                                      "target": USW_HIT, "dice": dice})
            self.report.append(f"🌊 {label}: {len(subs)} German sub(s) roll {dice}: {self.power} loses {lost} IPCs.")
        else:
            self.report.append(f"🌊 {label}: {len(subs)} German sub(s) cost {self.power} {lost} IPCs.")
        return lost

    def end(self) -> None:
        """ "checking for political collapse is done at the end of each power's turn" """
        entered = self.state.setdefault("minor_entries", {}).setdefault(self.power, [])
        entered.extend(sorted(self.progress.minors_entered - set(entered)))
        for rule in self.house:
            rule.end_turn(self)
        if self.state["collapsed"].get(self.power) != "political" and political_collapse(
                self.board, self.state, self.power):
            self.surrender(self.power)

    def surrender(self, power: str) -> None:
        state = self.state
        state["collapsed"][power] = "political"
        for rule in self.house:
            rule.power_leaves(self, power, None)
        state["units"] = [u for u in state["units"] if u["owner"] != power]
        state["unclaimed_treasury"][power] = state["treasury"].get(power, 0)
        state["treasury"][power] = 0
        for name, holder in list(state["control"].items()):
            if holder != power:
                continue
            remaining = [u["owner"] for u in units_in(state, name) if UNIT_TYPES[u["type"]].is_land and holds_land(u)]
            state["control"][name] = remaining[0] if remaining else None
            if remaining:
                self.report.append(f"🚩 {remaining[0]} takes control of {name}.")
                # "claimed by the first enemy power to gain control of its capital": an enemy
                # contesting the capital gains it through the surrender itself
                battles.claim_surrendered_treasury(self, name, remaining[0])
        self.report.append(f"🏳️ {power} suffers a political collapse and surrenders: its units leave the board.")
        battles.settle_control(self)


def _submerge(turn: Turn, order: Submerge) -> None:
    turn.progress.submerging.add(order.where)


def _call_off(turn: Turn, order: CallOff) -> None:
    turn.progress.call_off.add(order.where)


def _declare_usw(turn: Turn, order: DeclareUSW) -> None:
    turn.declare_usw()


# The Tournament Rules' own orders. `place` orders wait for the mobilization (`Turn.mobilize`);
# standing orders (`casualties …`, `submerge always`, …) are kept in the state (standing.py).
CORE_ORDERS: dict[type, OrderHandler] = {
    Submerge: OrderHandler(STANDING, _submerge),
    CallOff: OrderHandler(STANDING, _call_off),
    DeclareUSW: OrderHandler(STANDING, _declare_usw),
    Buy: OrderHandler(PURCHASE, Turn.buy),
    MoveOrder: OrderHandler(MOVEMENT, Turn.move),
    SeaDecision: OrderHandler(MOVEMENT, Turn.decide_sea_battle),
    Attack: OrderHandler(ATTACK, Turn.attack),
}
