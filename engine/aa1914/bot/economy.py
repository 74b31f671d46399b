"""Purchases and placements.

The purchase rule (docs/bots.md): first the capital's defence — infantry until its defence
matches the style's guard (1.3) times the attack the enemy could bring into it next turn; then
the front, a homeland territory whose loss would reach our collapse threshold weighed higher;
then attack capacity, artillery and infantry in pairs (an artillery lifts an attacking infantry
to 3), a tank in four once tanks may be bought. Each other unit where it pays, with the reason:
a fighter when an attack worth having lies within its reach and the land army is large (or, with
aerial combat, to match the enemy's fighters at the front); an artillery truck for artillery when
enemy fighters face our front (it fires at aircraft, 2.2); an armored car when the enemy's front
is held by artillery (its hits may take artillery, 2.3); a battleship when the enemy fleet in
reach would beat ours off the coast our transports sail from. A power whose placement sites have
no land route to the front (the British Empire from London, the United States) saves for a
fleet: transports until they carry the army waiting at home, and an escort for every two
transports. With the house units: a merchant raider for Germany (4.2), destroyers as the cheaper
escort. Land units are placed at the site nearest the front (India rather than London when India
reaches it), ships next to the site with the army waiting for them.
"""
from __future__ import annotations

from ..mobilization import land_placements, placement_options
from ..tournament import THRESHOLDS
from ..units import HOUSE_UNITS, UNIT_TYPES
from .battle_odds import sea_win
from .naval import WARSHIPS, enemy_reach
from .sheet import Sheet
from .style import style_of
from .view import FAR, View, defence_power

ESCORTS = ("destroyer", "cruiser")


def _may_buy(view: View, kind: str) -> bool:
    rules = view.turn.rules
    if kind in HOUSE_UNITS and kind not in rules.house_units:
        return False
    if kind == "tank" and view.state["round"] < rules.tanks_from_round:
        return False
    return True


def land_site(view: View) -> str | None:
    sites = [s for s in land_placements(view.turn) if view.state["control"].get(s) == view.power]
    if not sites:
        return None
    return min(sites, key=lambda s: (view.dist.get(s, FAR), s != view.board.capital_of(view.power)))


def home_zones(view: View, site: str | None) -> list[str]:
    zones = placement_options(view.turn, "transport")
    if site is not None:
        near = [z for z in zones if z in view.board.territories[site].adjacent]
        if near:
            return near + [z for z in zones if z not in near]
    return zones


def plan_purchase(view: View, sheet: Sheet, level="normal", mix: str = "pairs") -> dict[str, list[str]]:
    """Buy and place; returns placement -> unit types placed. `mix` ("pairs", "defence",
    "assault"): how the money left after the defence is spent (the hard level tries each)."""
    style = style_of(level)
    placed: dict[str, list[str]] = {}
    rules = view.turn.rules
    money = view.state["treasury"].get(view.power, 0)
    site = land_site(view)
    if site is None:
        return placed
    buys: list[tuple[str, int, str]] = []

    def cost(kind: str) -> int:
        return rules.cost(kind)

    def buy(kind: str, n: int, why: str) -> int:
        nonlocal money
        n = min(n, money // cost(kind)) if cost(kind) else 0
        if n > 0 and _may_buy(view, kind):
            buys.append((kind, n, why))
            money -= n * cost(kind)
            return n
        return 0

    capital = view.board.capital_of(view.power)
    threat = view.enemy_strength_near(capital)
    have = defence_power([u["type"] for u in view.mine.get(capital, [])])
    if threat * style.guard > have and view.state["control"].get(capital) == view.power:
        gap = threat * style.guard - have
        if _may_buy(view, "armored_train") and not any(u["type"] == "armored_train" for u in view.mine.get(capital, [])):
            # 2.8: a train defends with two dice and negates two hits — one per territory
            if buy("armored_train", 1, f"an armored train to hold {capital} (2.8)"):
                gap -= 1.5
        buy("infantry", int(gap / 0.5) + 1, f"{capital} is threatened: the enemy could attack it with "
            f"{threat:.1f} hits a round, it defends with {have:.1f}")
    _defend_the_front(view, buy, style.guard, style.front_share * (1.4 if mix == "defence" else 1.0))
    zones = home_zones(view, site)
    if view.dist.get(site, FAR) == FAR and zones and money >= cost("transport"):
        # across the water: a fleet to carry the army waiting at home
        waiting = sum(1 for u in view.mine.get(site, []) if UNIT_TYPES[u["type"]].is_land)
        transports = sum(1 for z in view.board.territories[site].adjacent
                         for u in view.my_ships.get(z, []) if u["type"] == "transport")
        escorts = sum(1 for z in view.board.territories[site].adjacent
                      for u in view.my_ships.get(z, []) if u["type"] not in ("transport", "freighter"))
        need = max(0, (waiting + 2) // 2 - transports)
        got = buy("transport", min(need, 2), f"the front is across the water: transports for the "
                  f"{waiting} unit(s) waiting in {site}")
        if (transports + got) > 2 * escorts:
            kind = "destroyer" if _may_buy(view, "destroyer") else "cruiser"
            buy(kind, 1, "an escort for the transports")
    if view.power == "Germany" and _may_buy(view, "merchant_raider") and placement_options(view.turn, "merchant_raider"):
        raiders = sum(1 for ships in view.my_ships.values() for u in ships if u["type"] == "merchant_raider")
        if raiders < 2:
            buy("merchant_raider", 1, "a merchant raider to sink enemy income (4.2)")
    _battleship(view, buy, money, zones)
    if view.dist.get(site, FAR) < FAR:
        _fighter(view, buy, money, site, mix)
    n_art = n_inf = n_tank = 0
    tank_share = 2 if mix == "assault" else 4
    while money >= cost("infantry"):
        if mix == "defence" and n_inf < 2 * n_art + 2:
            n_inf += 1
            money -= cost("infantry")
        elif _may_buy(view, "tank") and n_tank * tank_share < n_art + n_inf and money >= cost("tank"):
            n_tank += 1
            money -= cost("tank")
        elif n_art <= n_inf and money >= cost("artillery"):
            n_art += 1
            money -= cost("artillery")
        else:
            n_inf += 1
            money -= cost("infantry")
    why = {"pairs": "attack capacity: artillery and infantry in pairs",
           "defence": "the front first: infantry, with artillery for the next attack",
           "assault": "an assault army: artillery and infantry in pairs, a tank in three"}[mix]
    n_cars, n_trucks, car_why, truck_why = _house_land_units(view, n_art, n_inf + n_tank)
    extra = cost("artillery_truck") - cost("artillery") if n_trucks else 0
    while n_trucks and money < n_trucks * extra:
        if n_inf:                       # an infantry fewer pays for the trucks' extra cost
            n_inf -= 1
            money += cost("infantry")
        else:
            n_trucks -= 1
    money -= n_trucks * extra
    n_art -= n_trucks
    cars = 0
    for _ in range(n_cars):
        if money >= cost("armored_car"):
            money -= cost("armored_car")
        elif n_inf >= 2 and money + 2 * cost("infantry") >= cost("armored_car"):
            n_inf -= 2                  # two infantry give way to a car (and a little change)
            money += 2 * cost("infantry") - cost("armored_car")
        else:
            break
        cars += 1
    for kind, n, reason in (("artillery", n_art, why), ("artillery_truck", n_trucks, truck_why),
                            ("infantry", n_inf, why), ("tank", n_tank, why), ("armored_car", cars, car_why)):
        if n:
            buys.append((kind, n, reason))
    for kind, n, why in buys:
        if n > 0 and sheet.add(f"buy {n} {kind.replace('_', ' ')}", why):
            where = _place(view, sheet, kind, n, site, zones)
            if where:
                placed.setdefault(where, []).extend([kind] * n)
    return placed


def _enemy_near_front(view: View, kind: str) -> int:
    """Enemy units of `kind` in or next to the territories of our front line."""
    places = {n for n, d in view.dist.items() if d <= 1}
    return sum(1 for where, units in view.enemy.items() for u in units
               if u["type"] == kind and (where in places or places & view.board.territories[where].adjacent))


def _house_land_units(view: View, n_art: int, n_other: int) -> tuple[int, int, str, str]:
    """(armored cars, artillery trucks, and why) among this turn's land purchase."""
    cars = trucks = 0
    car_why = truck_why = ""
    planes = _enemy_near_front(view, "fighter")
    if _may_buy(view, "artillery_truck") and n_art and planes:
        trucks = min(n_art, max(1, n_art // 2))
        truck_why = (f"artillery trucks support infantry like artillery and fire at the {planes} enemy "
                     f"fighter(s) facing our front (2.2)")
    guns = _enemy_near_front(view, "artillery")
    if _may_buy(view, "armored_car") and guns >= 2 and n_art + n_other >= 4:
        cars = max(1, (n_art + n_other) // 6)
        car_why = f"armored cars: their hits may take the {guns} enemy artillery holding our front (2.3)"
    return cars, trucks, car_why, truck_why


def _fighter(view: View, buy, money: int, site: str, mix: str) -> None:
    """A fighter (6 IPCs, attack 2, flies two spaces to join any attack, lands with the army)
    pays for a large army with a front in its reach; with aerial combat it also contests the
    enemy's air supremacy at the front."""
    rules = view.turn.rules
    ours = sum(1 for units in view.mine.values() for u in units if u["type"] == "fighter")
    army = sum(1 for units in view.mine.values() for u in units if UNIT_TYPES[u["type"]].is_land)
    theirs = _enemy_near_front(view, "fighter")
    if money < rules.cost("fighter") + 4 * rules.cost("infantry") or view.dist.get(site, FAR) > 2:
        return
    if rules.supremacy_by_majority and theirs > ours:      # aerial combat (house rule): the majority rules the air
        buy("fighter", 1, f"a fighter: the enemy has {theirs} fighter(s) at our front and aerial combat "
            f"(house rule) gives air supremacy to the side with more")
    elif (mix == "assault" or money >= 30) and ours * 10 < army:
        buy("fighter", 1, f"a fighter: it flies two spaces to join any attack of our {army}-unit army "
            f"and lands with it")


def _battleship(view: View, buy, money: int, zones: list[str]) -> None:
    """A battleship (two hits, attack and defence 4) when the enemy warships in reach of our home
    waters would beat the fleet there — our transports and coast need a fleet that holds."""
    if not zones or money < view.turn.rules.cost("battleship") + 6:
        return
    home = zones[0]
    threat = enemy_reach(view, home)
    ours = [u["type"] for u in view.my_ships.get(home, []) if u["type"] in WARSHIPS]
    transports = sum(1 for z in zones for u in view.my_ships.get(z, []) if u["type"] == "transport")
    if threat and transports and (not ours or sea_win(threat, ours) >= 0.5):
        buy("battleship", 1, f"a battleship for {home}: the {len(threat)} enemy warship(s) in reach would beat "
            f"our fleet there ({sea_win(threat, ours) if ours else 1:.0%}) and our transports sail from it")


def _defend_the_front(view: View, buy, guard: float, money_share: float) -> None:
    """Threatened territories on the front line (our homeland, or worth 2 IPCs or more, next to
    the enemy): infantry for the defence they lack against the enemy's reachable attack, with at
    most `money_share` of the treasury — they are placed in the capital and march there. A
    homeland territory whose loss would bring us to our economic-collapse threshold (Tournament
    Rules) is held at half as much again."""
    if view.dist.get(land_site(view) or "", FAR) == FAR:
        return                      # placed across the water: the transports carry what we buy
    worst, gap = None, 0.0
    for name, status in sorted(view.status.items()):
        t = view.board.territories[name]
        if status != "friendly" or view.dist.get(name) != 1 or not (t.homeland or t.ipc >= 2):
            continue
        if view.state["control"].get(name) != view.power:
            continue
        threat = view.enemy_strength_near(name)
        held = defence_power([u["type"] for u in view.mine.get(name, [])])
        weight = guard * (1.5 if _collapse_at_stake(view, name) else 1.0)
        lack = threat * weight - held
        if lack > 0:
            gap += lack
            if worst is None or lack > worst[1]:
                worst = (name, lack, threat, held)
    if worst is None:
        return
    money = view.state["treasury"].get(view.power, 0)
    cost = view.turn.rules.cost("infantry")
    n = min(int(gap / 0.5) + 1, int(money * money_share) // cost)
    if n > 0:
        collapse = ", and its loss would bring us to economic collapse" if _collapse_at_stake(view, worst[0]) else ""
        buy("infantry", n, f"the front is threatened: the enemy could attack {worst[0]} with {worst[2]:.1f} "
            f"hits a round, it defends with {worst[3]:.1f}{collapse}")


def _collapse_at_stake(view: View, name: str) -> bool:
    """Losing `name` (our homeland) would bring our lost homeland to the collapse threshold."""
    t = view.board.territories[name]
    limit = THRESHOLDS.get(view.power)
    return bool(limit and t.homeland and t.original_owner == view.power
                and view.homeland_lost(view.power) + t.ipc >= limit[0])


def _place(view: View, sheet: Sheet, kind: str, n: int, site: str, zones: list[str]) -> str | None:
    label = kind.replace("_", " ")
    if UNIT_TYPES[kind].is_sea:
        for zone in zones:
            if sheet.add(f"place {n} {label} {zone}", f"ships at the base next to {site}"):
                return zone
        return None
    sites = [site] + [s for s in land_placements(view.turn) if s != site]
    for where in sites:
        if sheet.add(f"place {n} {label} {where}", f"{where} is our placement nearest the front"):
            return where
    return None
