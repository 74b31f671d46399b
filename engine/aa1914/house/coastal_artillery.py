"""House rule 2.4 "Coastal Artillery".

"Max per territory: 1. Ships passing through the sea zone adjacent to the land territory where the
Coastal Artillery is located are attacked by the coastal guns and sunk on a roll of 1. This attack
is free and cannot be countered. Coastal Batteries are destroyed by attacking them with ships
(standard battle) or if the territory is captured by an enemy power."
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import IllegalOrder, UnreadableOrder

from ..board import Board
from ..combat import Piece, Roll, SeaPolicy, roll_dice, sea_battle
from ..context import TurnContext
from ..grammar import OrderWord, Place, place_named, sea_named
from ..ledger import destroy, log_rolls, remove_losses
from ..position import BoardUnit
from ..units import UNIT_TYPES, unit_name
from .base import MOVEMENT, HouseRule, OrderHandler, reserves_in

BATTERY_SINKS = 1          # 2.4 "sunk on a roll of 1"
BATTERY_DEFENSE = 3        # "Defense value (against ships): 3"


@dataclass(frozen=True)
class AttackBattery:
    """`attack battery Kiel from SZ 10` — ships engage a coastal battery."""

    where: str
    zone: str

    def text(self) -> str:
        return f"attack battery {self.where} from {self.zone}"


@dataclass
class BatteryMemo:
    attacks: list[AttackBattery] = field(default_factory=list)     # fought before the land battles


def read_attack_battery(rest: str, board: Board) -> AttackBattery | None:
    if not rest.lower().startswith("battery "):
        return None                      # a plain `attack <territory>`
    match = re.fullmatch(r"battery\s+(.+?)\s+from\s+(.+)", rest, re.I)
    if not match:
        raise UnreadableOrder("write `attack battery <territory> from <sea zone>`")
    return AttackBattery(place_named(board, match.group(1)), sea_named(board, match.group(2)))


def placement_problem(turn: TurnContext, where: str, n: int) -> str | None:
    """Batteries are built on the power's own coast: an original, coastal territory it controls."""
    t = turn.board.territories[where]
    coastal = any(turn.board.territories[a].sea for a in t.adjacent)
    if t.sea or not coastal or t.original_owner != turn.power or turn.position.control.get(where) != turn.power:
        return f"coastal artillery is built on {turn.power}'s own coast, not in {where}"
    if n > 1 or any(u.type == "coastal_artillery" for u in turn.position.units_in(where)):
        return f"{where} may hold one coastal battery"
    return None


def reserve_problem(board: Board, state: dict, where: str, places: list[Place]) -> str | None:
    """4.3 reserves: 2.4 "Max per territory: 1", and on a coast: its guns fire on "the sea zone
    adjacent"."""
    if reserves_in(state, places, where, "coastal_artillery") > 1:
        return f"there may be only one coastal artillery in {where}"
    if not any(board.territories[a].sea for a in board.territories[where].adjacent):
        return f"coastal artillery guards a coast; {where} borders no sea zone"
    return None


def fire_on_passing_ships(turn: TurnContext, path: tuple[str, ...], ships: list[BoardUnit]) -> None:
    """Every enemy battery next to a zone the ships enter fires once at each of them, in the
    alphabetical order of their territories (the same dice in every process). A battery
    next to two zones of one move fires only once, at the first: the ships pass it once, and "Max
    per territory: 1" would mean little if one battery could fire like two (docs/rulings.md)."""
    board, position = turn.board, turn.position
    fired: set[int] = set()
    for zone in path[1:]:
        batteries = [u for name in sorted(board.territories[zone].adjacent) for u in position.units_in(name)
                     if u.type == "coastal_artillery" and position.at_war(turn.power, u.owner)
                     and u.id not in fired]
        fired.update(b.id for b in batteries)
        for battery in batteries:
            alive = [s for s in ships if s in position]
            if not alive or turn.rng is None:
                continue
            roll = Roll("defender", "coastal guns", BATTERY_SINKS, roll_dice(turn.rng, len(alive)))
            position.log.append({"round": position.round, "power": turn.power, "battle": zone,
                                 "who": battery.owner, "step": "coastal guns", "target": BATTERY_SINKS,
                                 "dice": roll.dice})
            for ship, die in zip(alive, roll.dice):
                if die <= BATTERY_SINKS:
                    destroy(position, {ship.id})
                    turn.report.append(f"💥 {battery.owner}'s coastal guns at {battery.where} sink "
                                       f"{turn.power}'s {unit_name(ship.type)} in {zone}.")


def check_attack(turn: TurnContext, where: str, zone: str) -> None:
    if not turn.board.adjacent(where, zone):
        raise IllegalOrder(f"{zone} does not border {where}")
    if not any(u.type == "coastal_artillery" and turn.position.at_war(turn.power, u.owner)
               for u in turn.position.units_in(where)):
        raise IllegalOrder(f"there is no enemy coastal battery in {where}")


def attack_battery(turn: TurnContext, where: str, zone: str) -> None:
    """ "destroyed by attacking them with ships (standard battle)": rounds of fire between the
    ships in the zone and the battery, which hits on 3 and is destroyed by one hit."""
    ships = [u for u in turn.position.units_in(zone) if u.owner == turn.power and u.spec.attack]
    battery = next((u for u in turn.position.units_in(where) if u.type == "coastal_artillery"
                    and turn.position.at_war(turn.power, u.owner)), None)
    if not ships or battery is None:
        return
    attackers = [Piece(u.type, u.owner, u.damaged, u.id) for u in ships]
    # the battery fights as a ship that fires at 3 (its defense against ships) and takes one hit
    defenders = [Piece("cruiser", battery.owner, uid=battery.id)]
    result = sea_battle(turn.rng, attackers, defenders, SeaPolicy())
    assert BATTERY_DEFENSE == UNIT_TYPES["cruiser"].defense
    log_rolls(turn, where, result.rolls)
    remove_losses(turn, result.attackers + result.defenders, result.attacker_lost + result.defender_lost)
    outcome = "destroyed" if not result.defenders else "holds"
    turn.report.append(f"⚓ Ships in {zone} engage the coastal battery at {where}: the battery {outcome}.")


def _order_attack(turn: TurnContext, order: AttackBattery) -> None:
    """`attack battery <territory> from <sea zone>`: checked when given, fought before the land
    battles (`before_land_battles`)."""
    check_attack(turn, order.where, order.zone)
    RULE.memo_of(turn).attacks.append(order)


class CoastalArtillery(HouseRule):
    key = "coastal_artillery"
    units = ("coastal_artillery",)
    orders = {AttackBattery: OrderHandler(MOVEMENT, _order_attack)}
    memo = BatteryMemo
    words = (OrderWord(("attack",), "attack battery", read_attack_battery,
                       "`place 1 coastal artillery Kiel`, `attack battery Kiel from SZ 10`"),)

    def on_sail(self, turn: TurnContext, path: tuple[str, ...], ships: list[BoardUnit]) -> None:
        fire_on_passing_ships(turn, path, ships)

    def before_land_battles(self, turn: TurnContext) -> None:
        for order in self.memo_of(turn).attacks:
            attack_battery(turn, order.where, order.zone)

    def placement_problem(self, turn: TurnContext, kind: str, where: str, n: int, problem: str | None) -> str | None:
        return placement_problem(turn, where, n)

    def check_unplaced(self, turn: TurnContext, kind: str, n: int) -> None:
        raise IllegalOrder("say where each coastal battery goes: `place 1 coastal artillery Kiel`")

    def reserve_problem(self, board: Board, state: dict, power: str, kind: str, where: str,
                        places: list[Place]) -> str | None:
        return reserve_problem(board, state, where, places)


RULE = CoastalArtillery()
