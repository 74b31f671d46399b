"""House rule 4.2 "Freighters and Raiders" (units 2.6 and 2.7): commerce and commerce raiding.

Freighters (Entente only): "If the Freighter ends its turn in a friendly sea zone containing a
naval base that does not belong to its owner ... receives 2 IPCs. If it instead ends its turn near
a friendly territory that does not belong to its power that is worth 2 IPCs or more, it gains 1
IPC. The Freighter must move every turn ... If attacked in any way, the Freighter is destroyed."

Merchant Raiders (Central Powers only), during an Entente power's Collect phase: next to an enemy
territory worth 1 IPC, on a 4 or less that IPC is destroyed; next to one worth 2 or more, on a 4
or less an IPC is stolen, otherwise destroyed; inside an enemy naval base, it steals 1 IPC and on
a 4 or less another. Raiders board undefended Freighters (stealing 2 IPCs), at most 2 may share a
sea zone and each Central power may have at most 5; attacking ships must first find them.
"""
from __future__ import annotations

from engine.errors import IllegalOrder

from ..context import TurnContext
from ..grammar import MoveOrder
from ..position import BoardUnit
from ..state import friendly
from .base import HouseRule

RAIDER_HIT = 4
MAX_RAIDERS_PER_ZONE = 2
MAX_RAIDERS_PER_POWER = 5
ENTENTE = "Allies"


def check_purchase(turn: TurnContext, kind: str, n: int) -> None:
    side = turn.board.side_of(turn.power)
    if kind == "freighter" and side != ENTENTE:
        raise IllegalOrder("freighters are built by the Entente powers only")
    if kind == "merchant_raider":
        if side == ENTENTE:
            raise IllegalOrder("merchant raiders are built by the Central Powers only")
        have = sum(1 for u in turn.position.units if u.owner == turn.power and u.type == "merchant_raider")
        if have + n > MAX_RAIDERS_PER_POWER:
            raise IllegalOrder(f"each Central power may have at most {MAX_RAIDERS_PER_POWER} merchant raiders")


def room_for_raiders(turn: TurnContext, zone: str) -> int:
    """4.2: "No more than 2 Merchant Raiders may be in the same sea zone at any time." """
    return MAX_RAIDERS_PER_ZONE - sum(1 for u in turn.position.units_in(zone) if u.type == "merchant_raider")


def check_raider_zone(turn: TurnContext, zone: str, arriving: int) -> None:
    present = sum(1 for u in turn.position.units_in(zone) if u.type == "merchant_raider")
    if present + arriving > MAX_RAIDERS_PER_ZONE:
        raise IllegalOrder(f"no more than {MAX_RAIDERS_PER_ZONE} merchant raiders may be in {zone}")


def board_freighters(turn: TurnContext, zone: str) -> None:
    """ "Merchant Raiders can board enemy Freighters by entering a sea zone where undefended
    Freighters are present ... the Freighter is destroyed and the Raider immediately steals 2 IPCs" """
    raiders = [u for u in turn.position.units_in(zone) if u.owner == turn.power and u.type == "merchant_raider"]
    if not raiders:
        return
    victims = [u for u in turn.position.units_in(zone) if u.type == "freighter"
               and turn.position.at_war(turn.power, u.owner)]
    escorts = [u for u in turn.position.units_in(zone) if u.type not in ("freighter", "transport")
               and turn.position.at_war(turn.power, u.owner)]
    if escorts:
        return
    for freighter in victims:
        turn.position.remove([freighter])
        _steal(turn, freighter.owner, turn.power, 2)
        turn.report.append(f"🏴‍☠️ A {turn.power} raider boards a {freighter.owner} freighter in {zone}.")


def raider_found(turn: TurnContext, zone: str, attacking_ships: int) -> bool:
    """ "the attacking ships roll a die. If the roll is equal to or less than the number of ships
    attacking, the Raider is discovered and battle is resolved normally." """
    die = turn.rng.randint(1, 6)
    turn.position.log.append({"round": turn.position.round, "power": turn.power, "battle": zone,
                              "who": "attacker", "step": "searching for raiders", "target": attacking_ships,
                              "dice": [die]})
    found = die <= attacking_ships
    turn.report.append(f"🔎 Searching {zone} for raiders: {die} against {attacking_ships} ship(s): "
                       + ("found" if found else "the raiders slip away"))
    return found


def freighter_income(turn: TurnContext) -> int:
    """A freighter's claim this turn; `claimed_in` remembers only the zone of last turn's claim, so
    a freighter going A → B → A may claim in A again after a turn away."""
    gained = 0
    board = turn.board
    for u in turn.position.units:
        if u.owner != turn.power or u.type != "freighter":
            continue
        zone, last = u.where, u.claimed_in
        turn.position.claim(u, None)
        if u.id in turn.start.unit_places and u.id not in turn.progress.done_moving:
            # "The Freighter must move every turn": one left in port earns nothing (docs/rulings.md)
            turn.report.append(f"🚢 {turn.power}'s freighter in {zone} did not move this turn: it earns nothing "
                               "(a freighter must move every turn).")
            continue
        if last == zone:
            # "It cannot stay in one area and claim the IPCs in the same zone two turns in a row."
            turn.report.append(f"🚢 {turn.power}'s freighter claimed in {zone} last turn: nothing this turn.")
            continue
        if any(turn.position.at_war(turn.power, o.owner) for o in turn.position.units_in(zone)):
            continue   # not a friendly sea zone
        amount = 0
        for name, t in board.territories.items():
            holder = turn.position.control.get(name)
            if zone in t.naval_base and holder not in (None, turn.power) and friendly(board, holder, turn.power):
                amount = 2
        if not amount:
            for name in board.territories[zone].adjacent:
                t, holder = board.territories[name], turn.position.control.get(name)
                if not t.sea and t.ipc >= 2 and holder not in (None, turn.power) and friendly(board, holder, turn.power):
                    amount = 1
        if amount:
            turn.position.claim(u, zone)
            gained += amount
    if gained:
        turn.report.append(f"🚢 {turn.power}'s freighters bring in {gained} IPCs.")
    return gained


def unmoved_freighters(state: dict, power: str, moves: list) -> list[str]:
    """The zones where `power` keeps a freighter that none of these move orders takes out."""
    waiting: dict[str, int] = {}
    for u in state["units"]:
        if u["owner"] == power and u["type"] == "freighter":
            waiting[u["where"]] = waiting.get(u["where"], 0) + 1
    for move in moves:
        waiting[move.path[0]] = waiting.get(move.path[0], 0) - dict(move.units).get("freighter", 0)
    return sorted(zone for zone, n in waiting.items() if n > 0)


def raid(turn: TurnContext) -> None:
    """During an Entente power's Collect phase, every Central raider strikes at that power."""
    board, position, victim = turn.board, turn.position, turn.power
    if board.side_of(victim) != ENTENTE:
        return
    for u in [u for u in position.units if u.type == "merchant_raider" and position.at_war(u.owner, victim)]:
        zone = u.where
        bases = [n for n, t in board.territories.items() if zone in t.naval_base and position.control.get(n) == victim]
        # "adjacent to an enemy territory that is worth 1 IPC" / "2 IPCs or more": a territory worth
        # nothing offers no IPC to destroy or steal
        near = [n for n in sorted(board.territories[zone].adjacent)
                if not board.territories[n].sea and position.control.get(n) == victim and board.territories[n].ipc >= 1]
        if bases:
            die = turn.roll(1)[0]
            taken = 1 + (1 if die <= RAIDER_HIT else 0)
            _steal(turn, victim, u.owner, taken)
            what = f"raids the harbour of {bases[0]} (die {die}): {taken} IPC(s) stolen"
        elif any(board.territories[n].ipc >= 2 for n in near):
            die = turn.roll(1)[0]
            if die <= RAIDER_HIT:
                _steal(turn, victim, u.owner, 1)
                what = f"raids shipping off {near[0]} (die {die}): 1 IPC stolen"
            else:
                _steal(turn, victim, None, 1)
                what = f"raids shipping off {near[0]} (die {die}): 1 IPC destroyed"
        elif near:
            die = turn.roll(1)[0]
            if die > RAIDER_HIT:
                what = f"raids off {near[0]} (die {die}): nothing happens"
            else:
                _steal(turn, victim, None, 1)
                what = f"raids off {near[0]} (die {die}): 1 IPC destroyed"
        else:
            continue
        position.log.append({"round": position.round, "power": victim, "battle": zone, "who": u.owner,
                             "step": "merchant raider", "target": RAIDER_HIT, "dice": [die]})
        turn.report.append(f"🏴‍☠️ A {u.owner} merchant raider in {zone} {what}.")


def _steal(turn: TurnContext, victim: str, thief: str | None, amount: int) -> None:
    amount = min(amount, turn.position.treasury.get(victim, 0))
    turn.position.treasury[victim] -= amount
    if thief:
        turn.position.treasury[thief] = turn.position.treasury.get(thief, 0) + amount


class FreightersRaiders(HouseRule):
    key = "freighters_raiders"
    units = ("freighter", "merchant_raider")

    def sheet_gaps(self, state: dict, seat: str, orders: list) -> list[str]:
        moves = [order for order in orders if isinstance(order, MoveOrder)]
        return [f"your freighter in {zone} must move every turn (house rule 4.2); one left in place earns "
                f"nothing, e.g. `move 1 freighter {zone} - <next sea zone>`"
                for zone in unmoved_freighters(state, seat, moves)]

    def check_purchase(self, turn: TurnContext, kind: str, total: int) -> None:
        check_purchase(turn, kind, total)

    def before_sail(self, turn: TurnContext, dest: str, ships: list[BoardUnit]) -> None:
        arriving = sum(1 for u in ships if u.type == "merchant_raider")
        if arriving:
            check_raider_zone(turn, dest, arriving)

    def sea_defenders(self, turn: TurnContext, zone: str, attackers: list[BoardUnit], enemy: list[BoardUnit]) -> list[BoardUnit]:
        """ "If attacked in any way, the Freighter is destroyed"; raiders must be found first."""
        for freighter in [u for u in enemy if u.type == "freighter"]:
            turn.position.remove([freighter])
            enemy = [u for u in enemy if u is not freighter]
            turn.report.append(f"🚢 A {freighter.owner} freighter in {zone} is sunk.")
        if any(u.type == "merchant_raider" for u in enemy) and not raider_found(turn, zone, len(attackers)):
            enemy = [u for u in enemy if u.type != "merchant_raider"]
        return enemy

    def before_battles(self, turn: TurnContext) -> None:
        for zone in sorted(turn.progress.ship_entered):
            board_freighters(turn, zone)

    def placement_problem(self, turn: TurnContext, kind: str, where: str, n: int, problem: str | None) -> str | None:
        if kind == "merchant_raider" and not problem:
            check_raider_zone(turn, where, n)       # 4.2: at most 2 in a zone
        return problem

    def may_place_unasked(self, turn: TurnContext, kind: str, where: str, n: int) -> bool:
        return kind != "merchant_raider" or room_for_raiders(turn, where) >= n

    def before_income(self, turn: TurnContext) -> None:
        raid(turn)

    def income(self, turn: TurnContext) -> int:
        return freighter_income(turn)


RULE = FreightersRaiders()
