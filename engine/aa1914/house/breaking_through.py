"""House rule 4.13 "Breaking Through".

Units "in excess of twice the defending numbers" of a contested territory may break through into
the next territory, but only those that began the turn there. "If moving into another contested
territory, you may either perform an attack or a reinforcement move": a reinforcement unless the
player also orders `attack <territory>` (attacks are carried out after breakthroughs).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalOrder, UnreadableOrder

from .. import movement
from ..board import Board
from ..context import TurnContext
from ..grammar import Counts, OrderWord, counts_text, parse_counts, units_and_path
from ..units import unit_name
from .base import BREAKTHROUGH, HouseRule, OrderHandler


@dataclass(frozen=True)
class Breakthrough:
    """`break through 10 infantry: Picardy - Paris`."""

    units: Counts
    path: tuple[str, str]

    def text(self) -> str:
        return f"break through {counts_text(self.units)}: {self.path[0]} - {self.path[1]}"


def read_break_through(rest: str, board: Board) -> Breakthrough | None:
    if not rest.lower().startswith("through"):
        return None                      # `break off …`
    units_text, places = units_and_path(board, rest[len("through"):].strip())
    units, _ = parse_counts(units_text)
    if len(places) != 2:
        raise UnreadableOrder("write `break through <units>: <contested territory> - <next territory>`")
    return Breakthrough(units, (places[0], places[1]))


def breakthrough_allowance(attacking: int, defending: int, present_at_start: int) -> int:
    """4.13: with "at least twice as many forces as the defender", the units "in excess of twice
    the defending numbers" may break through, but only those that began the turn there.
    "the German player attacks with 50 units a French position 15 strong ... Up to 20 German
    divisions may break through ... only 15 German units were present ... may send those 15"."""
    if attacking < 2 * defending:
        return 0
    return max(0, min(present_at_start, attacking - 2 * defending))


def break_through(turn: TurnContext, order: Breakthrough) -> None:
    origin, dest = order.path
    if origin not in turn.start.contested:
        raise IllegalOrder(f"a breakthrough starts from a territory that was contested at the start of the turn, "
                           f"not {origin}")
    if not turn.board.adjacent(origin, dest) or turn.board.territories[dest].sea:
        raise IllegalOrder(f"{dest} is not a territory next to {origin}")
    if movement.territory_status(turn, dest) not in ("hostile", "contested"):
        raise IllegalOrder(f"a breakthrough goes into an enemy or contested territory, not {dest}")
    here = [u for u in turn.position.units_in(origin) if u.owner == turn.power
            and not u.spec.is_sea]
    stayed = [u for u in here if turn.start.unit_places.get(u.id) == origin and u.id not in turn.progress.done_moving]
    defenders = [u for u in turn.position.units_in(origin) if not u.spec.is_sea
                 and turn.position.at_war(turn.power, u.owner)]
    allowed = breakthrough_allowance(len(here), len(defenders), len(stayed))
    wanted = sum(n for _, n in order.units)
    if wanted > allowed:
        raise IllegalOrder(f"{wanted} units cannot break through from {origin}: {len(here)} attack "
                           f"{len(defenders)} defenders and {len(stayed)} began the turn there, so {allowed} may")
    for kind, n in order.units:
        pool = [u for u in stayed if u.type == kind]
        if len(pool) < n:
            raise IllegalOrder(f"only {len(pool)} {unit_name(kind)} began the turn in {origin}")
        for u in pool[:n]:
            turn.position.move(u, dest)
            turn.progress.done_moving.add(u.id)
            stayed.remove(u)
    turn.progress.attacks.add(origin)          # breaking through commits to the attack there
    turn.progress.land_entered.add(dest)
    turn.report.append(f"➡️ {wanted} {turn.power} unit(s) break through from {origin} into {dest}.")


class BreakingThrough(HouseRule):
    key = "breaking_through"
    orders = {Breakthrough: OrderHandler(BREAKTHROUGH, break_through)}
    words = (OrderWord(("break",), "break through", read_break_through,
                       "`break through 4 infantry: Picardy - Paris` (add `attack Paris` to fight in a "
                       "contested territory; otherwise it reinforces)"),)


RULE = BreakingThrough()
