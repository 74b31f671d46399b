"""Checking one seat's sheet of Diplomacy orders: each line read and checked against the position,
a second order for the same unit or build site refused, adjustment totals, and what a sheet still
lacks. `DiplomacyGame` takes these from `SheetChecks`; its hooks (`game_map`, `powers_of`,
`check_sheet`, `check_extra_order`, …) decide what a variant allows."""
from __future__ import annotations

from typing import Sequence

from engine.errors import IllegalOrder, OrderError
from engine.variant import CheckedLine, State

from .map import DiplomacyMap, province_of
from .orders import MOVEMENT_ORDERS, Build, Convoy, Disband, Move, Order, Remove, Retreat, Support, Unit, Waive
from .parser import parse_order
from .position import board_dislodged, board_units
from .retreats import adjustment_counts, build_problem, retreat_options
from .validation import check_unit_order
from .void_orders import void_warnings


def tally(lines: Sequence[str], dmap: DiplomacyMap, units: dict[str, Unit],
           phase: str) -> tuple[dict[str, int], dict[str, int], bool, set[str]]:
    """What a sheet decides: builds and removals per power, whether it waives, and the provinces
    whose unit has an order. Lines that do not read are left out (they were refused already)."""
    builds: dict[str, int] = {}
    removes: dict[str, int] = {}
    waived = False
    ordered: set[str] = set()
    for line in lines:
        try:
            order = parse_order(line, dmap, phase)
        except OrderError:
            continue
        if isinstance(order, Build):
            owner = dmap.home_power(order.province)
            builds[owner] = builds.get(owner, 0) + 1
        elif isinstance(order, Remove) and order.province in units:
            owner = units[order.province].power
            removes[owner] = removes.get(owner, 0) + 1
        elif isinstance(order, Waive):
            waived = True
        else:
            ordered.add(order.province)
    return builds, removes, waived, ordered


def destinations(order: Order) -> list[str]:
    """The provinces an order sends a unit into, or supports or convoys a move into."""
    place = entered(order)
    return [] if place is None else [place]


def entered(order: Order) -> str | None:
    """The province an order sends a unit into, or supports or convoys a move into (None: it
    names none)."""
    if isinstance(order, (Move, Convoy)):
        return province_of(order.dest)
    if isinstance(order, Support) and order.target_dest:
        return province_of(order.target_dest)
    return None


class _Position:
    """One seat's view of one position, read once for a whole sheet: the map, the powers it
    orders, and the board's units as values (a sheet is checked against a state nobody changes
    meanwhile)."""

    def __init__(self, game, state: State, seat: str, units: dict[str, Unit] | None = None):
        self.state, self.seat, self.phase = state, seat, state["phase"]
        self.dmap: DiplomacyMap = game.game_map(state)
        self.powers = set(game.powers_of(state, seat)) - game.civil_disorder_powers(state)
        self.edition = game.edition(state)
        self._units = units

    @property
    def units(self) -> dict[str, Unit]:
        if self._units is None:
            self._units = board_units(self.state)
        return self._units


class SheetChecks:
    """The sheet side of `DiplomacyGame` (mixed in; it provides the variant's hooks)."""

    def check_orders(self, state: State, seat: str, lines: Sequence[str], existing: Sequence[str] = ()) -> list[str]:
        return self._check_lines(_Position(self, state, seat, self.read_board(state)), lines, existing)

    def sheet_checker(self, state: State, seat: str):
        """`check_orders` line by line, the position read once for the whole sheet."""
        position = _Position(self, state, seat, self.read_board(state))
        return lambda line, existing: self._check_lines(position, [line], existing)

    def _check_lines(self, position: _Position, lines: Sequence[str], existing: Sequence[str]) -> list[str]:
        state, seat, dmap = position.state, position.seat, position.dmap
        merged: dict[str, str] = {}
        for line in existing:
            merged[self._order_key(line, dmap, state)] = line
        given: dict[str, str] = {}
        for line in lines:
            canonical, key = self._check_line(position, line)
            if key in given:
                raise IllegalOrder(self._clash(given[key], key, dmap), line)
            if not key.startswith("waive:"):
                given[key] = canonical
            merged[key] = canonical
        if state["phase"] == "adjustment":
            self._check_adjustment_totals(state, seat, list(merged.values()), dmap)
        self.check_sheet(state, seat, list(merged.values()))
        return list(merged.values())

    def _order_key(self, line: str, dmap: DiplomacyMap, state: State) -> str:
        """Orders for the same unit (or build site) replace each other."""
        extra = self.check_extra_order(state, "", line) if state["phase"] == "adjustment" else None
        if extra is not None and line.split()[0] == extra.split()[0]:
            return line.split()[0].lower()
        try:
            order = parse_order(line, dmap, state["phase"])
        except OrderError:
            return line
        if isinstance(order, Waive):
            return f"waive:{line}"
        return province_of(order.loc)

    def checked_lines(self, state: State, seat: str, lines: Sequence[str]) -> list[CheckedLine]:
        """Each saved line, with `void unless …` for a support or convoy that can only be void as
        the board and this sheet stand (`void_orders`): the sheet is judged whole, so the warning
        follows the seat's other orders as they change."""
        if state["phase"] != "movement":
            return [CheckedLine(line) for line in lines]
        position = _Position(self, state, seat, self.read_board(state))
        dmap, units, powers = position.dmap, position.units, position.powers
        parsed: list[Order | None] = []
        own: dict[str, Order] = {}
        for line in lines:
            try:
                order = parse_order(line, dmap, "movement")
            except OrderError:
                order = None
            unit = units.get(order.province) if isinstance(order, MOVEMENT_ORDERS) else None
            if unit is None or unit.power not in powers:
                order = None
            else:
                own[order.province] = order
            parsed.append(order)
        return [CheckedLine(line, void_warnings(dmap, units, order, own, powers, position.edition)
                            if order is not None else ()) for line, order in zip(lines, parsed)]

    def repeated_order(self, state: State, seat: str, line: str, given: Sequence[str]) -> str | None:
        """Within one sheet a second order for the same unit or build site (`Build A Tri` then
        `Build F Tri`) contradicts the first: it is refused by name, not silently kept over it
        (rx07 rule 6's build sites, docs/rulings.md). A later sheet still replaces an earlier one."""
        position = _Position(self, state, seat)
        dmap = position.dmap
        try:
            _, key = self._check_line(position, line)
        except OrderError:
            return None          # check_orders names what is wrong with the line itself
        if key.startswith("waive:"):
            return None
        for earlier in given:
            try:
                earlier, earlier_key = self._check_line(position, earlier)
            except OrderError:
                continue
            if earlier_key == key:
                return self._clash(earlier, key, dmap)
        return None

    def _clash(self, earlier: str, key: str, dmap: DiplomacyMap) -> str:
        if key in dmap.provinces:
            subject = ("the build in " if earlier.lower().startswith("build") else "the unit in ") + dmap.name(key)
        else:
            subject = f"the {key.capitalize()} order"
        return f"`{earlier}` earlier in this sheet already gives {subject} its order; give one order for it"

    def _check_line(self, position: _Position, line: str) -> tuple[str, str]:
        """The line as carried out (canonical) and its key on the sheet (`_order_key` of it:
        the province of the unit or build site it orders)."""
        state, phase, dmap = position.state, position.phase, position.dmap
        if phase == "movement":
            order = parse_order(line, dmap, phase)
            if not isinstance(order, MOVEMENT_ORDERS):
                raise IllegalOrder("this is a movement phase: order H, -, S or C", line)
            units = position.units
            unit = units.get(order.province)
            if unit is None or unit.power not in position.powers or order.unit not in (None, unit.kind):
                self._require_own(unit, position.powers, order, line, dmap, state)
            place = entered(order)
            if place is not None and place in dmap.provinces and not dmap.is_passable(place):
                raise IllegalOrder(self.closed_reason(state, place) or f"{dmap.name(place)} is closed", line)
            checked = check_unit_order(dmap, units, unit, order, position.edition)
            if checked.note:
                raise IllegalOrder(checked.note, line)
            return checked.text, unit.province
        canonical = self._check_other(position, line)
        return canonical, self._order_key(canonical, dmap, state)

    def _check_other(self, position: _Position, line: str) -> str:
        """A retreat or adjustment line as carried out."""
        state, phase, dmap, powers = position.state, position.phase, position.dmap, position.powers
        seat = position.seat
        if phase == "adjustment":
            extra = self.check_extra_order(state, seat, line)
            if extra is not None:
                return extra
        order = parse_order(line, dmap, phase)
        if phase == "retreat":
            dislodged = board_dislodged(state)
            d = dislodged.get(order.province)
            if d is None:
                raise IllegalOrder(f"no dislodged unit in {dmap.name(order.province)}", line)
            self._require_own(d.unit, powers, order, line, dmap, state)
            if isinstance(order, Disband):
                return Disband(d.unit.kind, d.unit.loc).text()
            if not isinstance(order, Retreat):
                raise IllegalOrder("a dislodged unit can only retreat (R) or disband (D)", line)
            options = retreat_options(dmap, position.units, order.province, d, state.get("contested", []))
            dest = order.dest if d.unit.kind == "F" or "/" not in order.dest else province_of(order.dest)
            matches = [o for o in options if o == dest or province_of(o) == dest]
            if len(matches) != 1:
                where = ", ".join(dmap.label(o) for o in options) or "nowhere: it can only disband"
                raise IllegalOrder(f"{d.unit} cannot retreat to {dmap.label(order.dest)}; it may retreat to {where}", line)
            return Retreat(d.unit.kind, d.unit.loc, matches[0]).text()
        # adjustment
        units = position.units
        if isinstance(order, Waive):
            return "Waive"
        if isinstance(order, Build):
            power = dmap.home_power(order.province)
            if power not in powers:
                raise IllegalOrder(f"{dmap.name(order.province)} is not a home centre of a power you play", line)
            why = build_problem(dmap, units, state["owners"], dmap.home_centers, power, order)
            if why:
                raise IllegalOrder(why, line)
            return order.text()
        if isinstance(order, Remove):
            unit = units.get(order.province)
            self._require_own(unit, powers, order, line, dmap, state)
            return Remove(unit.kind, unit.loc).text()
        raise IllegalOrder("this is an adjustment phase: `Build A <place>`, `Remove A <place>` or `Waive`", line)

    def _require_own(self, unit: Unit | None, powers: set[str], order: Order, line: str, dmap, state) -> None:
        if unit is None:
            raise IllegalOrder(f"there is no unit in {dmap.name(order.province)}", line)
        if unit.power not in powers:
            if unit.power in self.civil_disorder_powers(state):
                raise IllegalOrder(f"{unit.power} is in civil disorder and takes no orders", line)
            raise IllegalOrder(f"{unit} belongs to {unit.power}, not to you", line)
        if order.unit is not None and order.unit != unit.kind:
            raise IllegalOrder(f"the unit in {dmap.name(order.province)} is {'an army' if unit.kind == 'A' else 'a fleet'}", line)

    def _check_adjustment_totals(self, state: State, seat: str, lines: list[str], dmap: DiplomacyMap) -> None:
        units = board_units(state)
        counts = adjustment_counts(units, state["owners"], self.powers_of(state, seat))
        builds, removes, _, _ = tally(lines, dmap, units, "adjustment")
        for power, n in builds.items():
            if n > max(counts.get(power, 0), 0):
                raise IllegalOrder(f"{power} may build {max(counts.get(power, 0), 0)} unit(s), not {n}")
        for power, n in removes.items():
            if n > max(-counts.get(power, 0), 0):
                raise IllegalOrder(f"{power} must remove {max(-counts.get(power, 0), 0)} unit(s), not {n}")

    def missing_orders(self, state: State, seat: str, lines: Sequence[str]) -> list[str]:
        """Units without an order (they hold, or disband when dislodged) and builds or removals
        still owed (builds are waived; removals follow the rulebook's civil-disorder order)."""
        dmap = self.game_map(state)
        powers = set(self.powers_of(state, seat)) - self.civil_disorder_powers(state)
        units = board_units(state)
        builds, removes, waived, ordered = tally(lines, dmap, units, state["phase"])
        missing: list[str] = []
        if state["phase"] == "movement":
            idle = sorted(dmap.label(u.loc) for p, u in units.items() if u.power in powers and p not in ordered)
            if idle:
                missing.append(f"{len(idle)} unit(s) without an order will hold: {', '.join(idle)}")
        elif state["phase"] == "retreat":
            idle = sorted(dmap.label(d.unit.loc) for p, d in board_dislodged(state).items()
                          if d.unit.power in powers and p not in ordered)
            if idle:
                missing.append(f"dislodged unit(s) without an order will disband: {', '.join(idle)}")
        else:
            counts = adjustment_counts(units, state["owners"], sorted(powers))
            for power, owed in counts.items():
                if owed < 0 and removes.get(power, 0) < -owed:
                    left = -owed - removes.get(power, 0)
                    missing.append(f"{power} must still remove {left} unit(s); the rulebook's civil-disorder "
                                   f"order will choose them")
                elif owed > 0 and self._adjustment_owed(state, power) and builds.get(power, 0) < owed \
                        and not waived:
                    missing.append(f"{power} may still build {owed - builds.get(power, 0)} unit(s); "
                                   f"unused builds are waived")
        return missing
