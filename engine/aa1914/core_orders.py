"""The Tournament Rules' own orders, carried out on the turn's position: buy, move (land and air
moves, ships sailing, loading and landing), the attacker's sea-battle decisions, attack, submerge,
call off a landing, declare Unrestricted Submarine Warfare. `CORE_ORDERS` gives each its step of
the turn; the house options bring their own beside them (`HouseRule.orders`).

`place` orders wait for the mobilization (mobilization.py); standing orders (`casualties …`,
`submerge always`, …) are kept in the state when the turn begins (standing.py).
"""
from __future__ import annotations

from engine.errors import IllegalOrder

from . import battles, movement
from .context import TurnContext
from .grammar import Attack, Buy, CallOff, DeclareUSW, MoveOrder, SeaDecision, Submerge
from .house.base import ATTACK, MOVEMENT, PURCHASE, STANDING, OrderHandler
from .house.catalog import not_enabled
from .ledger import destroy
from .position import BoardUnit
from .state import US, sides_at_war
from .units import HOUSE_UNITS, UNIT_TYPES, unit_name, units_text

MINE_HIT = 1         # RULES.md 5.4: "each vessel must survive a roll"; sunk (hit) on a 1


def buy(turn: TurnContext, order: Buy) -> None:
    if turn.progress.economic_collapse:
        raise IllegalOrder(f"{turn.power} is in economic collapse and cannot purchase")
    position = turn.position
    for kind, n in order.units:
        if kind in HOUSE_UNITS and kind not in turn.rules.house_units:
            raise not_enabled(HOUSE_UNITS[kind])
        for rule in turn.rules_of(kind):
            rule.check_purchase(turn, kind, n + turn.progress.bought.get(kind, 0))
        if kind == "tank" and position.round < turn.rules.tanks_from_round:
            raise IllegalOrder(f"tanks can be bought from round {turn.rules.tanks_from_round}")
        cost = turn.rules.cost(kind) * n
        left = position.treasury[turn.power]
        if cost > left:
            raise IllegalOrder(f"{turn.power} has {left} IPCs left, not the {cost} that {n} {unit_name(kind)} cost")
        position.treasury[turn.power] = left - cost
        turn.progress.bought[kind] = turn.progress.bought.get(kind, 0) + n


def move(turn: TurnContext, order: MoveOrder) -> None:
    order, mined = movement.after_mines(turn, order)
    units = movement.pick_units(turn, order)
    kind = movement.check_path(turn, order, units)
    position, progress, dest = turn.position, turn.progress, order.path[-1]
    if kind == "load":
        free = transport_space(turn, dest)
        if len(units) > len(free):
            raise IllegalOrder(f"{turn.power} has room for {len(free)} land unit(s) on transports in {dest}")
        for u, transport in zip(units, free):
            if u.where in turn.start.contested:
                progress.left_contested[u.id] = u.where
            position.move(u, dest)
            position.embark(u, transport)
        return   # a loaded unit may still be unloaded this turn
    if kind == "unload" and turn.rng is not None and turn.landing_called_off(order.path[0], dest, len(units)):
        progress.done_moving.update(u.id for u in units)
        return
    if kind == "unload" and turn.rng is not None and battles.sea_battle_ahead(turn, order.path[0]):
        # Seed 001: "Transports may not offload units after retreating" — the cargo lands
        # only once the sea battle in its zone is won (see land_waiting_cargo).
        progress.done_moving.update(u.id for u in units)
        progress.pending_landings.append((order.path[0], dest, [u.id for u in units]))
        return
    if kind == "unload":
        for u in units:
            origin = progress.left_contested.get(u.id)
            # Seed 001: units leaving a contested territory by transport "may either be
            # transported to a territory within range that meets those same requirements
            # [controlled by the moving power, or holding its units, at the start of the turn]
            # or remain at sea"
            if origin and turn.start.control.get(dest) != turn.power and dest not in turn.start.own_units:
                raise IllegalOrder(f"units that left contested {origin} by transport may land only where "
                                   f"{turn.power} had control or units at the start of the turn, or stay at sea")
        for u in units:
            position.embark(u, None)
            position.move(u, dest)
            progress.done_moving.add(u.id)
        progress.unloaded_into.setdefault(dest, set()).update(u.id for u in units)
        progress.unloaded_from.setdefault(dest, set()).add(order.path[0])
        turn.entered_land(dest)
        if mined:
            turn.report.append(mined)
        return
    if kind == "sea":
        for rule in turn.house:
            rule.before_sail(turn, dest, units)
        stopped = sail(turn, order.path, units)
        carriers = {u.id for u in units}
        for c in [c for c in position.units if c.aboard in carriers]:
            position.move(c, stopped)
        progress.done_moving.update(u.id for u in units)
        return
    for u in units:
        position.move(u, dest)
        progress.done_moving.add(u.id)
    if kind == "land":
        progress.landed_by_land.add(dest)
        turn.entered_land(dest)
    if turn.power == US and not position.us_at_war and any(
            sides_at_war(turn.board, True, US, u.owner) for u in position.units_in(dest)):
        raise IllegalOrder("the neutral United States may not attack before it is at war")


def transport_space(turn: TurnContext, zone: str) -> list[int]:
    """A transport's number once for each land unit it still has room for."""
    spaces = []
    for t in turn.position.units_in(zone):
        if t.owner == turn.power and t.type == "transport":
            used = len(turn.position.cargo_of(t))
            spaces += [t.id] * (UNIT_TYPES["transport"].capacity - used)
    return spaces


def sail(turn: TurnContext, path: tuple[str, ...], ships: list[BoardUnit]) -> str:
    """Move ships along `path`; entering an active enemy minefield rolls for each ship."""
    position, progress, dest = turn.position, turn.progress, path[-1]
    for u in ships:
        position.move(u, dest)
    progress.ship_entered.add(dest)
    for rule in turn.house:
        rule.on_sail(turn, path, ships)
    progress.sailed_via.setdefault(dest, set()).update(path[:-1])
    if movement.enemy_minefield(turn, dest) and turn.rng is not None:
        dice = turn.roll(len(ships))
        position.log.append({"round": position.round, "power": turn.power, "battle": dest,
                             "who": "mines", "step": "mines", "target": MINE_HIT, "dice": dice})
        hits = sum(1 for die in dice if die <= MINE_HIT)
        turn.report.append(f"💣 Mines in {dest}: {len(ships)} {turn.power} ship(s) roll {dice} "
                           f"(a {MINE_HIT} hits): {hits or 'no'} hit(s).")
        for u, die in zip(list(ships), dice):
            if die > MINE_HIT:
                continue
            progress.mined_zones.add(dest)
            if u.type == "battleship" and not u.damaged:
                position.damage(u)
                turn.report.append(f"   A mine damages {turn.power}'s battleship in {dest}.")
                continue
            cargo = position.cargo_of(u)
            if u.type == "transport":
                progress.mined_transports[dest] = progress.mined_transports.get(dest, 0) + 1
            for c in cargo:        # seed 001: the landing may go on with what is left
                lost = progress.mine_cargo.setdefault(dest, {})
                lost[c.type] = lost.get(c.type, 0) + 1
            destroy(position, {u.id})
            turn.report.append(f"   A mine sinks {turn.power}'s {unit_name(u.type)} in {dest}"
                               + (f", with {units_text(c.type for c in cargo)} aboard." if cargo else "."))
    return dest


def decide_sea_battle(turn: TurnContext, order: SeaDecision) -> None:
    """Seed 001 NAVAL RETREATS: "move all attacking sea units in the embattled sea zone to a
    single adjacent friendly sea zone from or through which at least one of the original
    attacking sea units moved this turn. This sea zone must have been friendly at the start
    of the turn." """
    progress = turn.progress
    if order.where not in progress.sailed_via and order.where not in progress.attacks:
        raise IllegalOrder(f"{turn.power} starts no sea battle in {order.where}")
    if order.action == "retreat":
        target = order.retreat_to
        if not turn.board.adjacent(order.where, target):
            raise IllegalOrder(f"{target} does not border {order.where}")
        if target not in progress.sailed_via.get(order.where, set()):
            raise IllegalOrder(f"retreat only to a zone your attacking ships came from or through, not {target}")
        if target in turn.start.hostile_zones:
            raise IllegalOrder(f"{target} was not friendly at the start of the turn")
    progress.sea_decisions[order.where] = order


def attack(turn: TurnContext, order: Attack) -> None:
    where = order.where
    if not any(u.owner == turn.power for u in turn.position.units_in(where)) and where not in turn.start.own_units:
        raise IllegalOrder(f"{turn.power} has no units in {where} to attack with")
    turn.progress.attacks.add(where)


def submerge(turn: TurnContext, order: Submerge) -> None:
    turn.progress.submerging.add(order.where)


def call_off(turn: TurnContext, order: CallOff) -> None:
    turn.progress.call_off.add(order.where)


def declare_usw(turn: TurnContext, order: DeclareUSW) -> None:
    if turn.power != "Germany":
        raise IllegalOrder("only Germany declares Unrestricted Submarine Warfare")
    position = turn.position
    if not position.usw_declared:
        position.usw_declared = True
        turn.report.append("🌊 Germany declares Unrestricted Submarine Warfare.")
        if not position.us_at_war:
            turn.us_enters_war("The United States enters the war.")


CORE_ORDERS: dict[type, OrderHandler] = {
    Submerge: OrderHandler(STANDING, submerge),
    CallOff: OrderHandler(STANDING, call_off),
    DeclareUSW: OrderHandler(STANDING, declare_usw),
    Buy: OrderHandler(PURCHASE, buy),
    MoveOrder: OrderHandler(MOVEMENT, move),
    SeaDecision: OrderHandler(MOVEMENT, decide_sea_battle),
    Attack: OrderHandler(ATTACK, attack),
}
