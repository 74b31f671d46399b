"""Movement adjudication: Kruijswijk's decision algorithm with guessing and the backup rule.

Each ordered unit has one decision: a move *succeeds*, a support is *given*, a convoying
fleet *stays* (is not dislodged). Strengths (attack, hold, defend, prevent) are derived from
decisions, as in DATC section 5. Cycles are found by guessing: a cycle with two consistent
outcomes is a circular movement (all moves in it succeed); a cycle with none is a convoy
paradox, settled by the Szykman rule (the convoys in it fail, so the convoyed army stays).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .map import DiplomacyMap
from .orders import Order, Unit, unit_value
from .validation import Checked, check_movement_orders, convoy_route_exists

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2


@dataclass(frozen=True)
class Dislodged:
    unit: Unit
    attacker_from: str        # province the dislodging unit came from
    by_convoy: bool           # a unit dislodged by a convoyed army may retreat to its origin


@dataclass
class MovementResult:
    units: dict[str, Unit]                          # province -> unit, after movement
    dislodged: dict[str, Dislodged]                 # province -> the unit that must retreat
    contested: frozenset[str]                       # provinces left empty by a standoff
    moved: frozenset[str] = frozenset()             # provinces whose unit moved successfully
    # (unit, order text, succeeded, why) in board order, for the report
    outcomes: list[tuple[Unit, str, bool, str]] = field(default_factory=list)


class Resolver:
    def __init__(self, dmap: DiplomacyMap, units: dict[str, Unit], checked: dict[str, Checked]):
        self.map = dmap
        self.units = units
        self.orders = checked
        self.state: dict[str, int] = {}
        self.result: dict[str, bool] = {}
        self.deps: list[str] = []
        self.moves_to: dict[str, list[str]] = {}
        self.supporters: dict[str, list[str]] = {}
        self.convoyers: dict[str, list[str]] = {}
        # moves whose destination's unit moves back towards them (a head-to-head battle unless
        # one of them goes by convoy)
        self.facing: dict[str, str] = {}
        for prov, c in checked.items():
            kind = c.kind
            if kind == "move":
                self.moves_to.setdefault(c.dest, []).append(prov)
                other = checked.get(c.dest)
                if other is not None and other.kind == "move" and other.dest == prov:
                    self.facing[prov] = c.dest
            elif kind == "support" and not c.void:
                self.supporters.setdefault(c.target, []).append(prov)
            elif kind == "convoy" and not c.void:
                self.convoyers.setdefault(c.target, []).append(prov)
        # the supports that back each unit's own order (a move's destination, or holding): the
        # orders do not change while the phase is resolved, so this is worked out once
        self.backing: dict[str, list[str]] = {}
        for target, provs in self.supporters.items():
            c = checked[target]
            wanted = c.dest if c.kind == "move" else None
            self.backing[target] = [s for s in provs if checked[s].dest == wanted]

    # ---- the generic guess-and-check driver
    def resolve(self, p: str) -> bool:
        state = self.state.get(p, UNRESOLVED)
        if state == RESOLVED:
            return self.result[p]
        if state == GUESSING:
            # Record every read of a guess, even one already listed: a decision that read a
            # guess must stay tentative, or it would outlive the guess (Pandin's paradox 6.F.16).
            self.deps.append(p)
            return self.result[p]
        old = len(self.deps)
        self.result[p], self.state[p] = False, GUESSING
        first = self._decide(p)
        if len(self.deps) == old:
            if self.state[p] != RESOLVED:
                self.result[p], self.state[p] = first, RESOLVED
            return first
        if self.deps[old] != p:
            self.deps.append(p)
            self.result[p] = first
            return first
        self._forget(old)
        self.result[p], self.state[p] = True, GUESSING
        second = self._decide(p)
        if first == second:
            self._forget(old)
            self.result[p], self.state[p] = first, RESOLVED
            return first
        self._backup_rule(old)
        return self.resolve(p)

    def _forget(self, old: int) -> None:
        for q in self.deps[old:]:
            self.state[q] = UNRESOLVED
        del self.deps[old:]

    def _backup_rule(self, old: int) -> None:
        cycle = self.deps[old:]
        self._forget(old)
        if any(self.orders[q].kind == "convoy" for q in cycle):
            # Szykman rule (DATC 4.A.2): in a convoy paradox the convoys fail
            for q in cycle:
                if self.orders[q].kind == "convoy":
                    self.result[q], self.state[q] = False, RESOLVED
        else:
            # circular movement (DATC 6.C): every move in the ring succeeds
            for q in cycle:
                if self.orders[q].kind == "move":
                    self.result[q], self.state[q] = True, RESOLVED

    def _decide(self, p: str) -> bool:
        kind = self.orders[p].kind
        if kind == "move":
            return self._move_succeeds(p)
        if kind == "support":
            return self._support_given(p)
        if kind == "convoy":
            return not any(self.resolve(q) for q in self.moves_to.get(p, ()))
        return True

    # ---- strengths (DATC 5.B)
    def convoy_path(self, p: str) -> bool:
        c = self.orders[p]
        fleets = [f for f in self.convoyers.get(p, ()) if self.orders[f].dest == c.dest]
        standing = [f for f in fleets if self.resolve(f)]
        return convoy_route_exists(self.map, p, c.dest, standing)

    def path(self, p: str) -> bool:
        c = self.orders[p]
        if c.convoyed:
            return self.convoy_path(p)
        return c.adjacent

    def by_convoy(self, p: str) -> bool:
        """Does this move travel by convoy? An adjacent move its own power also convoys
        (2023 rules) goes by convoy when the convoy works and over land otherwise."""
        c = self.orders[p]
        return c.convoyed or (c.convoy_optional and self.convoy_path(p))

    def supports(self, p: str, excluding: str | None = None) -> int:
        count = 0
        for s in self.backing.get(p, ()):
            if excluding is not None and self.units[s].power == excluding:
                continue
            if self.resolve(s):
                count += 1
        return count

    def head_to_head(self, p: str) -> bool:
        other = self.facing.get(p)
        return other is not None and not self.by_convoy(p) and not self.by_convoy(other)

    def attack_strength(self, p: str) -> int:
        if not self.path(p):
            return 0
        c = self.orders[p]
        occupant = self.units.get(c.dest)
        if occupant is None:
            return 1 + self.supports(p)
        there = self.orders[c.dest]
        if there.kind == "move" and not self.head_to_head(p) and self.resolve(c.dest):
            return 1 + self.supports(p)
        if occupant.power == self.units[p].power:
            return 0   # a power never dislodges its own unit
        return 1 + self.supports(p, excluding=occupant.power)

    def hold_strength(self, prov: str) -> int:
        if prov not in self.units:
            return 0
        if self.orders[prov].kind == "move":
            return 0 if self.resolve(prov) else 1
        return 1 + self.supports(prov)

    def prevent_strength(self, p: str) -> int:
        if not self.path(p):
            return 0
        if self.head_to_head(p) and self.resolve(self.orders[p].dest):
            return 0
        return 1 + self.supports(p)

    def _move_succeeds(self, p: str) -> bool:
        c = self.orders[p]
        attack = self.attack_strength(p)
        if self.head_to_head(p):
            if attack <= 1 + self.supports(c.dest):
                return False
        elif attack <= self.hold_strength(c.dest):
            return False
        for q in self.moves_to[c.dest]:
            if q != p and attack <= self.prevent_strength(q):
                return False
        return True

    def _support_given(self, s: str) -> bool:
        c = self.orders[s]
        power = self.units[s].power
        for q in self.moves_to.get(s, ()):
            if self.units[q].power == power:
                continue   # a unit cannot cut the support of its own power
            if c.dest is not None and q == c.dest:
                continue   # not cut by the unit it supports an attack against (only dislodged)
            if self.path(q):
                return False
        return not any(self.resolve(q) for q in self.moves_to.get(s, ()))


def resolve_movement(dmap: DiplomacyMap, units: dict[str, Unit], orders: Iterable[tuple[str, Order]],
                     edition: str = "2023") -> MovementResult:
    """Adjudicate one movement phase. `orders` are (power, order); illegal ones hold."""
    checked = check_movement_orders(dmap, units, orders, edition)
    resolver = Resolver(dmap, units, checked)
    result = resolver.result
    for prov, c in checked.items():
        if c.kind != "hold":        # a hold decides nothing (its unit stays unless dislodged)
            resolver.resolve(prov)
    succeeded = {p for p, c in checked.items() if c.kind == "move" and result[p]}
    new_units: dict[str, Unit] = {}
    dislodged: dict[str, Dislodged] = {}
    moves_to = resolver.moves_to
    for prov, unit in units.items():
        if prov in succeeded:
            continue
        attackers = [q for q in moves_to.get(prov, ()) if q in succeeded] if prov in moves_to else None
        if attackers:
            dislodged[prov] = Dislodged(unit, attackers[0], resolver.by_convoy(attackers[0]))
        else:
            new_units[prov] = unit
    for prov in succeeded:
        unit = units[prov]
        c = checked[prov]
        new_units[c.dest] = unit_value(unit.kind, unit.power, c.dest_loc)
    # a standoff: two or more moves with a route bounced and the province stays empty
    contested = frozenset(
        dest for dest, movers in moves_to.items()
        if dest not in new_units and not any(q in succeeded for q in movers)
        and sum(1 for q in movers if resolver.path(q)) >= 2)
    outcomes = []
    for prov in sorted(units):
        c = checked[prov]
        kind = c.kind
        why = c.note
        if kind == "hold" and not why and prov not in dislodged:
            outcomes.append((units[prov], c.text, True, ""))     # a hold that stood
            continue
        ok = result.get(prov, True)
        if why:
            pass
        elif kind == "move":
            if not ok:
                why = "no convoy route" if c.convoyed and not resolver.path(prov) else "bounced"
        elif kind == "support":
            if c.void:
                why = "did not match the supported unit's order"
            elif not ok:
                why = "cut"
        elif kind == "convoy" and c.void:
            why = "did not match the army's order"
        if prov in dislodged:
            why = (why + "; " if why else "") + f"dislodged from {dmap.label(prov)}"
            # a unit driven out of its province did not do what it was ordered to (hold, support)
            success = ok and not c.void and not c.note and kind == "move"
        else:
            success = ok and not c.void and not c.note
        outcomes.append((units[prov], c.text, success, why))
    return MovementResult(new_units, dislodged, contested, frozenset(succeeded), outcomes)
