"""House rule 4.14 "Multinational Attacks".

"Declare which of your ally or allies' forces will join you in the attack ... The units from your
ally or allies which have accompanied you in the assault may not move on their power's turn. If
you are using the units from an ally whose turn was taken before yours, they must not have moved
during their turn to attack."
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import IllegalOrder, UnreadableOrder

from .. import movement
from ..board import Board
from ..context import TurnContext
from ..grammar import Counts, MoveOrder, OrderWord, counts_text, parse_counts, units_and_path
from ..state import US, friendly
from .base import MOVEMENT, HouseRule, OrderHandler


@dataclass(frozen=True)
class AllyJoin:
    """`join France 2 infantry: Paris - Picardy` (an ally's units join your attack)."""

    ally: str
    units: Counts
    path: tuple[str, ...]

    def text(self) -> str:
        return f"join {self.ally} {counts_text(self.units)}: " + " - ".join(self.path)


@dataclass
class JoinMemo:
    joined: dict[str, set[int]] = field(default_factory=dict)    # territory -> allied units that joined the attack
    resting: set[str] = field(default_factory=set)     # units (ids as text) sitting out this, their power's turn


def read_join(rest: str, board: Board) -> AllyJoin:
    ally = next((p for p in sorted(board.turn_order, key=len, reverse=True)
                 if rest.lower().startswith(p.lower() + " ")), None)
    if ally is None:
        raise UnreadableOrder(f"write `join <ally> <units>: <from> - <to>`; powers: {', '.join(board.turn_order)}")
    units_text, places = units_and_path(board, rest[len(ally):].strip())
    units, _ = parse_counts(units_text)
    if len(places) < 2:
        raise UnreadableOrder("a move needs where from and where to: `<from> - <to>`")
    return AllyJoin(ally, units, tuple(places))


def ally_join(turn: TurnContext, order: AllyJoin) -> None:
    """`join <ally> <units>: <from> - <to>`: the ally's units move with the attack and sit out
    their own power's next turn (movement.pick_units leaves them out while `exhausted`)."""
    position = turn.position
    if order.ally == turn.power or not friendly(turn.board, order.ally, turn.power) or (
            order.ally == US and not position.us_at_war):
        raise IllegalOrder(f"{order.ally} is not an ally at war that can join {turn.power}'s attack")
    move = MoveOrder(order.units, order.path)
    units = movement.pick_units(turn, move, owner=order.ally)
    attacked = position.extra.get("attacked", {})
    if any(attacked.get(str(u.id)) == position.round for u in units):
        raise IllegalOrder(f"those {order.ally} units moved to attack in their own turn this round")
    kind = movement.check_path(turn, move, units)
    if kind not in ("land", "air"):
        raise IllegalOrder("allied units join an attack over land or by air")
    dest = order.path[-1]
    if movement.territory_status(turn, dest) not in ("hostile", "contested", "neutral"):
        raise IllegalOrder(f"allies join an attack; {dest} is not one")
    order_index = list(turn.board.turn_order).index(order.ally)
    nxt = [position.round + (0 if order_index > position.turn else 1), order_index]
    for u in units:
        position.move(u, dest)
        turn.progress.done_moving.add(u.id)
        position.extra.setdefault("exhausted", {})[str(u.id)] = nxt
    RULE.memo_of(turn).joined.setdefault(dest, set()).update(u.id for u in units)
    turn.progress.land_entered.add(dest)
    if dest in turn.start.contested:
        turn.progress.attacks.add(dest)


class MultinationalAttacks(HouseRule):
    key = "multinational_attacks"
    orders = {AllyJoin: OrderHandler(MOVEMENT, ally_join)}
    memo = JoinMemo
    words = (OrderWord(("join",), "join", read_join, "`join France 2 infantry: Paris - Picardy`"),)

    def begin_turn(self, turn: TurnContext) -> None:
        # units that joined an ally's attack sit out this, their power's next, turn
        self.memo_of(turn).resting = {k for k, v in turn.position.extra.get("exhausted", {}).items()
                                      if v == [turn.position.round, turn.position.turn]}

    def sits_out(self, turn: TurnContext, unit: dict) -> bool:
        # "may not move on their power's turn": also kept from joining another ally's attack until then
        return str(unit.id) in turn.position.extra.get("exhausted", {})

    def joined_attackers(self, turn: TurnContext, name: str | None) -> set[int]:
        joined = self.memo_of(turn).joined
        return set(joined.get(name, ())) if name is not None else set().union(*joined.values())

    def before_battles(self, turn: TurnContext) -> None:
        """The seed needs to know which units "moved during their turn to attack"; and a unit
        that sat out this turn after joining an ally's attack is free again."""
        position = turn.position
        exhausted = position.extra.get("exhausted", {})
        for key in list(exhausted):
            if key in self.memo_of(turn).resting:
                del exhausted[key]
        attacked = position.extra.setdefault("attacked", {})
        for key in list(attacked):
            if attacked[key] < position.round:
                del attacked[key]
        for u in position.units:
            if u.owner == turn.power and u.id in turn.progress.done_moving and (
                    u.where in turn.progress.land_entered or u.where in turn.progress.ship_entered) and any(
                    position.at_war(turn.power, o.owner) for o in position.units_in(u.where)):
                attacked[str(u.id)] = position.round


RULE = MultinationalAttacks()
