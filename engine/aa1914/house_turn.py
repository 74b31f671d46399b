"""The house rules' actions in a power's turn (seed 002): factories, trucks, allied attacks,
breakthroughs, concentrated attacks, artillery neutralization, counter-battery fire, supplies and
Spain's alignment. Mixed into `turn.Turn`, whose state and helpers they use."""
from __future__ import annotations

from engine.errors import IllegalOrder

from . import movement
from .board import ALLIANCES, board_for
from .house import (FACTORY_MIN_IPC, SPAIN_DEPLOY, SPAIN_JOINS_AT, breakthrough_allowance, corner_capacity, not_enabled,
                    spain_shift, staging_capacity, stockpile_limit, supply_capacity, truck_loads)
from .italy import ITALY, opposite
from .orders import AllyJoin, Breakthrough, BuildFactory, Concentrate, CounterBattery, MoveOrder, Neutralize, \
    SendSupplies, TruckMove
from .state import US, at_war, controller, friendly, income, units_in
from .units import UNIT_TYPES


def _count_words(units) -> str:
    return ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in units)


class HouseTurnMixin:
    def italy_reacts(self, dest: str) -> None:
        """4.16: attacking neutral Italy makes it join the other alliance; from turn 3 a neutral
        Italy may attack one alliance (joining the other) or both (its own war)."""
        italy = self.state.get("italy")
        if not italy or not self.rules.italian_dilemma:
            return
        holder = self.state["control"].get(dest)
        before = italy["status"]
        if self.power != ITALY:
            side = self.board.side_of(self.power)
            if holder == ITALY and before == "neutral" and side in ALLIANCES:
                italy["status"] = opposite(side)
                self.report.append(f"🇮🇹 {self.power} attacks neutral Italy: Italy joins the {italy['status']}.")
        elif self.italy_at_start in ("neutral", "alone") and holder not in (None, ITALY):
            # judged as at the start of the turn: a neutral Italy's every move into an alliance's
            # territory is an attack, even after a first attack has already made it join the other
            side = board_for(self.state["options"], "neutral").side_of(holder)
            if side not in ALLIANCES:
                return
            if self.state["round"] < 3:
                raise IllegalOrder("a neutral Italy may attack the alliances from turn 3 (house rule 4.16)")
            self.italy_attacked.add(side)
            italy["status"] = "alone" if len(self.italy_attacked) == 2 or before == "alone" else opposite(side)
            self.report.append(f"🇮🇹 Italy attacks the {side}: " + (
                "Italy is at war with both alliances." if italy["status"] == "alone" else f"it joins the {italy['status']}."))
        if italy["status"] != before:
            italy["deal"] = None
            self.board = board_for(self.state["options"], italy["status"])

    def defect(self) -> None:
        """4.16: "it may decide to defect if the deal is not honored ... Defection can only occur once"."""
        italy = self.state.get("italy")
        if self.power != "Italy" or not italy:
            raise IllegalOrder("only Italy defects, and only in the Italian Dilemma (option `italian_dilemma`)")
        if self.state["round"] < 4 or not italy["broken"] or italy["defected"] or italy["status"] not in (
                "Central Powers", "Allies"):
            raise IllegalOrder("Italy may defect once, from turn 4, after its deal was not honoured")
        italy.update(status=opposite(italy["status"]), defected=True, deal=None, broken=False)
        self.board = board_for(self.state["options"], italy["status"])
        self.report.append(f"🇮🇹 Italy defects and joins the {italy['status']}.")

    def build_factory(self, order: BuildFactory) -> None:
        """House rule 4.11: "At the beginning of the game, every country – except the United States
        – places a factory token in one territory of his choice ... controlled by the country ...
        worth at least 2 IPCs" — placed with the power's first-round orders."""
        if not self.rules.more_production:
            raise not_enabled("more_production")
        if self.power == US:
            raise IllegalOrder("the United States places no factory")
        factories = self.state.setdefault("factories", {})
        if self.power in factories or self.state["round"] != 1:
            raise IllegalOrder(f"{self.power} places its one factory in its first turn")
        t = self.board.territories[order.where]
        if self.state["control"].get(order.where) != self.power or t.ipc < FACTORY_MIN_IPC:
            raise IllegalOrder(f"a factory goes in a territory {self.power} controls worth 2 IPCs or more, "
                             f"not {order.where}")
        factories[self.power] = {"where": order.where, "effect": order.effect}
        self.report.append(f"🏭 {self.power} builds a factory in {order.where} ({order.effect}).")

    def factory(self) -> dict | None:
        """This power's factory, if it still stands (4.11: destroyed when captured by an enemy)."""
        factory = self.state.get("factories", {}).get(self.power)
        if factory is None:
            return None
        holder = self.state["control"].get(factory["where"])
        if holder is not None and at_war(self.board, self.state, self.power, holder):
            del self.state["factories"][self.power]
            self.report.append(f"🔥 {self.power}'s factory in {factory['where']} is destroyed.")
            return None
        return factory

    def truck_move(self, order: TruckMove) -> None:
        """House rule 2.1: "Can transport 1 Infantry and 1 Artillery, 2 Infantry or 1 Tank 2
        spaces. The Truck may move 1 space to get to the units it is loading and unload them one
        space away. This allows the transported units to use their move to advance another space,
        which gives them a total move of 2. It is not possible for units to move more than 2 spaces
        distance when carried by Trucks."

        Trucks standing with the units carry them up to 2 spaces and go along. Trucks fetched from
        a neighbouring territory (`from X`) spend a space reaching the units, carry them 1 space
        and stop there; the units may then march 1 more on foot. Every step obeys the movement
        rules (impassable, closed, neutral Spain); the first space of a 2-space move must be one
        the units could pass through on foot (friendly, not contested)."""
        if "truck" not in self.rules.house_units:
            raise not_enabled("trucks")
        start, dest = order.path[0], order.path[-1]
        needed = truck_loads(dict(order.units))
        if needed is None:
            raise IllegalOrder("trucks carry 2 infantry, 1 infantry and 1 artillery, or 1 tank each")
        depot = order.pickup or start
        trucks = [u for u in units_in(self.state, depot) if u["owner"] == self.power and u["type"] == "truck"
                  and u["id"] not in self.done_moving]
        if len(trucks) < needed:
            raise IllegalOrder(f"{self.power} has {len(trucks)} truck(s) in {depot} that can still move; "
                             f"those units need {needed}")
        units = movement.pick_units(self, MoveOrder(order.units, order.path))
        if start in self.start_contested:
            raise IllegalOrder(f"units leaving contested {start} move on foot")
        if order.pickup:
            if depot in self.start_contested:
                raise IllegalOrder(f"trucks leaving contested {depot} may not carry units on")
            movement.check_steps(self, (depot, start))
            movement.check_entry(self, (start,))
        movement.check_steps(self, order.path)
        if any(self.board.territories[p].sea for p in order.path):
            raise IllegalOrder("trucks drive over land: use a transport to cross the sea")
        status = movement.check_entry(self, order.path[1:])
        if len(order.path) == 3 and (status[0] != "friendly" or movement.first_entry_to_friendly_minor(self, order.path[1])):
            raise IllegalOrder(f"trucks drive through friendly territory first, and {order.path[1]} is "
                             + ("a friendly minor entered for the first time" if status[0] == "friendly" else status[0]))
        # fetched trucks have spent a space: they unload one space on and stay there
        truck_stop = order.path[1] if order.pickup else dest
        for u in units:
            u["where"] = dest
        for u in trucks[:needed]:
            u["where"] = truck_stop
        self.done_moving.update(u["id"] for u in units + trucks[:needed])
        for place in {dest, truck_stop}:
            self.landed_by_land.add(place)
            self.entered_land(place)
        self.report.append(f"🚛 {needed} {self.power} truck(s) carry {_count_words(order.units)} "
                           + (f"from {start} to {dest}" if truck_stop == dest else
                              f"from {start} to {truck_stop}; they march on to {dest}") + ".")

    def ally_join(self, order: AllyJoin) -> None:
        """House rule 4.14 Multinational Attacks: "Declare which of your ally or allies' forces will
        join you in the attack ... The units from your ally or allies which have accompanied you in
        the assault may not move on their power's turn. If you are using the units from an ally
        whose turn was taken before yours, they must not have moved during their turn to attack." """
        if not self.rules.multinational_attacks:
            raise not_enabled("multinational_attacks")
        if order.ally == self.power or not friendly(self.board, order.ally, self.power) or (
                order.ally == US and not self.state["us_at_war"]):
            raise IllegalOrder(f"{order.ally} is not an ally at war that can join {self.power}'s attack")
        move = MoveOrder(order.units, order.path)
        units = movement.pick_units(self, move, owner=order.ally)
        attacked = self.state.get("attacked", {})
        if any(attacked.get(str(u["id"])) == self.state["round"] for u in units):
            raise IllegalOrder(f"those {order.ally} units moved to attack in their own turn this round")
        kind = movement.check_path(self, move, units)
        if kind not in ("land", "air"):
            raise IllegalOrder("allied units join an attack over land or by air")
        dest = order.path[-1]
        if movement.territory_status(self, dest) not in ("hostile", "contested", "neutral"):
            raise IllegalOrder(f"allies join an attack; {dest} is not one")
        order_index = list(self.board.turn_order).index(order.ally)
        nxt = [self.state["round"] + (0 if order_index > self.state["turn"] else 1), order_index]
        for u in units:
            u["where"] = dest
            self.done_moving.add(u["id"])
            self.state.setdefault("exhausted", {})[str(u["id"])] = nxt
        self.allied_attackers.setdefault(dest, set()).update(u["id"] for u in units)
        self.land_entered.add(dest)
        if dest in self.start_contested:
            self.attacks.add(dest)

    def break_through(self, order: Breakthrough) -> None:
        """House rule 4.13 Breaking Through (see house.breakthrough_allowance)."""
        if not self.rules.breaking_through:
            raise not_enabled("breaking_through")
        origin, dest = order.path
        if origin not in self.start_contested:
            raise IllegalOrder(f"a breakthrough starts from a territory that was contested at the start of the turn, "
                             f"not {origin}")
        if not self.board.adjacent(origin, dest) or self.board.territories[dest].sea:
            raise IllegalOrder(f"{dest} is not a territory next to {origin}")
        if movement.territory_status(self, dest) not in ("hostile", "contested"):
            raise IllegalOrder(f"a breakthrough goes into an enemy or contested territory, not {dest}")
        here = [u for u in units_in(self.state, origin) if u["owner"] == self.power
                and not UNIT_TYPES[u["type"]].is_sea]
        stayed = [u for u in here if self.start_unit_places.get(u["id"]) == origin and u["id"] not in self.done_moving]
        defenders = [u for u in units_in(self.state, origin) if not UNIT_TYPES[u["type"]].is_sea
                     and at_war(self.board, self.state, self.power, u["owner"])]
        allowed = breakthrough_allowance(len(here), len(defenders), len(stayed))
        wanted = sum(n for _, n in order.units)
        if wanted > allowed:
            raise IllegalOrder(f"{wanted} units cannot break through from {origin}: {len(here)} attack "
                             f"{len(defenders)} defenders and {len(stayed)} began the turn there, so {allowed} may")
        for kind, n in order.units:
            pool = [u for u in stayed if u["type"] == kind]
            if len(pool) < n:
                raise IllegalOrder(f"only {len(pool)} {kind} began the turn in {origin}")
            for u in pool[:n]:
                u["where"] = dest
                self.done_moving.add(u["id"])
                stayed.remove(u)
        self.attacks.add(origin)          # breaking through commits to the attack there
        self.land_entered.add(dest)
        # "If moving into another contested territory, you may either perform an attack or a
        # reinforcement move": a reinforcement unless the player also orders `attack <dest>`
        self.report.append(f"➡️ {wanted} {self.power} unit(s) break through from {origin} into {dest}.")

    def concentrate(self, order: Concentrate) -> None:
        if not self.rules.concentrated_attacks:
            raise not_enabled("concentrated_attacks")
        if not any(u["owner"] == order.target for u in units_in(self.state, order.where)):
            raise IllegalOrder(f"{order.target} has no units in {order.where} to concentrate on")
        if not at_war(self.board, self.state, self.power, order.target):
            raise IllegalOrder(f"{self.power} is not at war with {order.target}")
        self.concentrations[order.where] = order.target

    def neutralize(self, order: Neutralize) -> None:
        start = self.rules.neutralization_from_round
        if not start:
            raise not_enabled("artillery_neutralization")
        if self.state["round"] < start:
            raise IllegalOrder(f"artillery neutralization starts on turn {start}")
        have = sum(1 for u in units_in(self.state, order.where) if u["owner"] == self.power and u["type"] == "artillery")
        if not 1 <= order.artillery <= have:
            raise IllegalOrder(f"{self.power} has {have} artillery in {order.where}, not {order.artillery}")
        self.neutralizing[order.where] = order.artillery

    def counter_battery(self, order: CounterBattery) -> None:
        """4.8: "they may select up to half of their total Artillery units for this attack"."""
        if not self.rules.counter_battery:
            raise not_enabled("counter_battery")
        have = sum(1 for u in units_in(self.state, order.where) if u["owner"] == self.power and u["type"] == "artillery")
        if not 1 <= order.artillery <= have // 2:
            raise IllegalOrder(f"up to half of the {have} artillery in {order.where} may fire counter-battery, "
                             f"not {order.artillery}")
        self.counter_batteries[order.where] = order.artillery

    def sway_spain(self) -> None:
        """House rule 4.17: at the end of Spain's turn the alignment tracker moves; at 6 points
        Spain joins Germany (the Central Powers) or France (the Entente)."""
        state = self.state
        land = [u for u in state["units"] if u["owner"] == "Spain" and UNIT_TYPES[u["type"]].is_land]
        in_spain = sum(1 for u in land if u["where"] == "Spain")
        german, french = self.roll(2)
        paid = 0
        if french < german:   # "If France loses the roll, it may pay up to 2 IPCs to add to its roll."
            paid = min(state.get("spain_pay", 0), 2, state["treasury"]["France"])
            state["treasury"]["France"] -= paid
        shift = spain_shift(in_spain, len(land) - in_spain, state["treasury"]["Spain"], german, french, paid)
        state["spain_track"] = state.get("spain_track", 0) + shift
        state["log"].append({"round": state["round"], "power": "Spain", "battle": "Spain", "who": "Germany/France",
                             "step": "diplomacy in Madrid", "target": 0, "dice": [german, french]})
        self.report.append(f"🇪🇸 Spain's alignment moves {shift:+g} (Germany rolls {german}, France {french}"
                           + (f" and pays {paid}" if paid else "") + f"): tracker {state['spain_track']:+g}.")
        track = state["spain_track"]
        if abs(track) >= SPAIN_JOINS_AT:
            patron = "Germany" if track > 0 else "France"
            for u in state["units"]:
                if u["owner"] == "Spain":
                    u["owner"] = patron
            for name, holder in state["control"].items():
                if holder == "Spain":
                    state["control"][name] = patron
            state["treasury"][patron] += state["treasury"]["Spain"]
            state["treasury"]["Spain"] = 0
            state["collapsed"]["Spain"] = "joined"
            state["spain_joined"] = patron
            self.report.append(f"🇪🇸 Spain enters the war on the side of {patron}: its units and territories "
                               f"fall under {patron}'s control.")

    def supplies(self) -> dict:
        return self.state.setdefault("supplies", {}).setdefault(self.power, {"stock": 0, "at": {}})

    def supply(self, sends: list[SendSupplies]) -> None:
        """House rule 4.7: "Every territory yields 1 supply every turn. Supplies are distributed
        immediately to the territories that the power wishes to send them into ... Your power can
        stockpile supplies to a maximum of three times your current IPC count. Surplus supplies are
        lost." Collected with the income (none in an economic collapse)."""
        mine = self.supplies()
        if not self.economic_collapse:
            mine["stock"] += sum(1 for name, t in self.board.territories.items()
                                 if not t.sea and controller(self.board, self.state, name) == self.power)
        for order in sends:
            units = sum(1 for u in units_in(self.state, order.where) if u["owner"] == self.power)
            room = supply_capacity(units) - mine["at"].get(order.where, 0)
            if order.amount > room:
                raise IllegalOrder(f"{order.where} can take {max(room, 0)} more supplies (twice your units there)")
            if order.amount > mine["stock"]:
                raise IllegalOrder(f"{self.power} has {mine['stock']} supplies to send, not {order.amount}")
            mine["stock"] -= order.amount
            mine["at"][order.where] = mine["at"].get(order.where, 0) + order.amount
        limit = stockpile_limit(income(self.board, self.state, self.power))
        if mine["stock"] > limit:
            self.report.append(f"📦 {self.power} loses {mine['stock'] - limit} surplus supplies.")
            mine["stock"] = limit

    def limited_placement(self, kind: str, where: str, n: int) -> str | None:
        """Placement limits of house rules 4.6 (every corner) and 4.11 (staging factory); None if
        `where` is not such a place."""
        placed = self.placed.get(where, 0)
        if self.state.get("spain_joined") == self.power and where == "Spain" and not UNIT_TYPES[kind].is_sea:
            if self.state["control"].get("Spain") != self.power:
                return f"{self.power} does not control Spain"
            return None if placed + n <= SPAIN_DEPLOY else f"Spain takes {SPAIN_DEPLOY} units a turn"
        factory = self.factory()
        if factory and factory["effect"] == "staging" and factory["where"] == where:
            cap = staging_capacity(self.board.territories[where].ipc)
            return None if placed + n <= cap else f"{where}'s factory takes {cap} units a turn"
        t = self.board.territories[where]
        if not (self.rules.every_corner and t.original_owner == self.power and not t.sea and t.ipc >= 3
                and self.state["control"].get(where) == self.power):
            return "not a corner"
        if kind not in ("infantry", "artillery"):
            return f"only infantry or artillery are placed in {where}"
        if kind == "artillery" and not any(u["owner"] == self.power and u["type"] == "infantry"
                                           for u in units_in(self.state, where)):
            return f"artillery is placed in {where} only where your infantry already stands"
        cap = corner_capacity(t.ipc)
        return None if placed + n <= cap else f"{where} takes {cap} unit(s) a turn"

    def remember_attackers(self) -> None:
        """4.14 needs to know which units "moved during their turn to attack"; and a unit that sat
        out this turn after joining an ally's attack is free again."""
        exhausted = self.state.get("exhausted", {})
        for key in list(exhausted):
            if key in self.exhausted_now:
                del exhausted[key]
        attacked = self.state.setdefault("attacked", {})
        for key in list(attacked):
            if attacked[key] < self.state["round"]:
                del attacked[key]
        for u in self.state["units"]:
            if u["owner"] == self.power and u["id"] in self.done_moving and (
                    u["where"] in self.land_entered or u["where"] in self.ship_entered) and any(
                    at_war(self.board, self.state, self.power, o["owner"]) for o in units_in(self.state, u["where"])):
                attacked[str(u["id"])] = self.state["round"]
