"""Purchases and placements.

The purchase rule (docs/bots.md): first the capital's defence — infantry until its defence
matches 1.3 times the attack the enemy could bring into it next turn; then attack capacity,
artillery and infantry in pairs (an artillery lifts an attacking infantry to 3), a tank in four
once tanks may be bought. A power whose placement sites have no land route to the front (the
British Empire from London, the United States) saves for a fleet: transports until they carry
the army waiting at home, and an escort for every two transports. With the house units: a
merchant raider for Germany (4.2), destroyers as the cheaper escort. Land units are placed at
the site nearest the front (India rather than London when India reaches it), ships next to the
site with the army waiting for them.
"""
from __future__ import annotations

from ..mobilization import land_placements, placement_options
from ..units import HOUSE_UNITS, UNIT_TYPES
from .sheet import Sheet
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


def plan_purchase(view: View, sheet: Sheet) -> None:
    rules = view.turn.rules
    money = view.state["treasury"].get(view.power, 0)
    site = land_site(view)
    if site is None:
        return
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
    if threat * 1.3 > have and view.state["control"].get(capital) == view.power:
        gap = threat * 1.3 - have
        if _may_buy(view, "armored_train") and not any(u["type"] == "armored_train" for u in view.mine.get(capital, [])):
            # 2.8: a train defends with two dice and negates two hits — one per territory
            if buy("armored_train", 1, f"an armored train to hold {capital} (2.8)"):
                gap -= 1.5
        buy("infantry", int(gap / 0.5) + 1, f"{capital} is threatened: the enemy could attack it with "
            f"{threat:.1f} hits a round, it defends with {have:.1f}")
    _defend_the_front(view, buy, money_share=0.6)
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
    n_art = n_inf = n_tank = 0
    while money >= cost("infantry"):
        if _may_buy(view, "tank") and n_tank * 4 < n_art + n_inf and money >= cost("tank"):
            n_tank += 1
            money -= cost("tank")
        elif n_art <= n_inf and money >= cost("artillery"):
            n_art += 1
            money -= cost("artillery")
        else:
            n_inf += 1
            money -= cost("infantry")
    why = "attack capacity: artillery and infantry in pairs"
    for kind, n in (("artillery", n_art), ("infantry", n_inf), ("tank", n_tank)):
        if n:
            buys.append((kind, n, why))
    for kind, n, why in buys:
        if sheet.add(f"buy {n} {kind.replace('_', ' ')}", why):
            _place(view, sheet, kind, n, site, zones)


def _defend_the_front(view: View, buy, money_share: float) -> None:
    """Threatened territories on the front line (our homeland, or worth 2 IPCs or more, next to
    the enemy): infantry for the defence they lack against the enemy's reachable attack, with at
    most `money_share` of the treasury — they are placed in the capital and march there."""
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
        lack = threat * 1.3 - held
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
        buy("infantry", n, f"the front is threatened: the enemy could attack {worst[0]} with {worst[2]:.1f} "
            f"hits a round, it defends with {worst[3]:.1f}")


def _place(view: View, sheet: Sheet, kind: str, n: int, site: str, zones: list[str]) -> None:
    label = kind.replace("_", " ")
    if UNIT_TYPES[kind].is_sea:
        for zone in zones:
            if sheet.add(f"place {n} {label}: {zone}", f"ships at the base next to {site}"):
                return
        return
    sites = [site] + [s for s in land_placements(view.turn) if s != site]
    for where in sites:
        if sheet.add(f"place {n} {label}: {where}", f"{where} is our placement nearest the front"):
            return
