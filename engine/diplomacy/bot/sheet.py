"""A coherent sheet: every order of ours agrees with the others before it is written.

- A support names an order its unit was given: `A Mun S A Bur - Ruh` only when A Bur is ordered
  to Ruh; a support to hold only for a unit of ours that does not move.
- A convoy carries an army that is ordered across the water to the convoy's destination (never
  to its own province: `F Eng C A Nwy - Nwy` carries nothing).
- An army ordered to a province it could not reach by land has a convoy of ours for that move.
- No move goes into a province where a unit of ours stays (holds, supports or convoys): it
  cannot dislodge its own side's unit, so it only bounces — and a unit ordered to move can
  no longer be supported to hold, so its own province is weaker than if it held.

`coherent` repairs a plan that breaks one of these (a support follows its unit's new move when
it can still reach the destination, else the supporter holds), so a search may change one unit
at a time without leaving the others' orders behind.
"""
from __future__ import annotations

from ..map import province_of
from ..orders import Convoy, Hold, Move, Order, Support, Unit
from .board import Board

Plan = dict[str, Order]      # our unit's province -> its order


def _matching_support(board: Board, unit: Unit, target: Unit, order: Order | None) -> Order:
    """A support of `target` doing `order` (its order in the plan) from `unit`, or a hold when
    `unit` cannot give one."""
    if isinstance(order, Move):
        dest = province_of(order.dest)
        if dest != unit.province and board.reaches(unit, dest):
            return Support(unit.kind, unit.loc, target.province, dest, target.kind)
        return Hold(unit.kind, unit.loc)
    if board.reaches(unit, target.province):
        return Support(unit.kind, unit.loc, target.province, None, target.kind)
    return Hold(unit.kind, unit.loc)


def coherent(board: Board, plan: Plan) -> Plan:
    """`plan` with every support, convoy and convoyed move agreeing with the rest (see above)."""
    out = dict(plan)
    for _ in range(len(out) + 1):          # a repaired order can only become a hold: this settles
        changed = False
        for prov, order in sorted(out.items()):
            unit = board.units[prov]
            fixed = order
            if isinstance(order, Support):
                target = province_of(order.target)
                other = out.get(target)
                if other is None or target not in board.units:
                    fixed = Hold(unit.kind, unit.loc)
                else:
                    wanted = province_of(other.dest) if isinstance(other, Move) else None
                    given = province_of(order.target_dest) if order.target_dest else None
                    if wanted != given:
                        fixed = _matching_support(board, unit, board.units[target], other)
            elif isinstance(order, Convoy):
                army = out.get(order.army)
                if (not isinstance(army, Move) or province_of(army.dest) != province_of(order.dest)
                        or province_of(order.dest) == order.army):
                    fixed = Hold(unit.kind, unit.loc)
            elif isinstance(order, Move):
                staying = out.get(province_of(order.dest))
                if staying is not None and not isinstance(staying, Move):
                    fixed = Hold(unit.kind, unit.loc)
                elif unit.kind == "A" and province_of(order.dest) not in board.reach[prov]:
                    carried = any(isinstance(o, Convoy) and o.army == prov
                                  and province_of(o.dest) == province_of(order.dest) for o in out.values())
                    if not carried:
                        fixed = Hold(unit.kind, unit.loc)
            if fixed != order:
                out[prov] = fixed
                changed = True
        if not changed:
            break
    return out
