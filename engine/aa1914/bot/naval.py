"""Ships: sea battles chosen with exact odds, transports that carry the army to the front with an
escort, freighters that keep moving (house rule 4.2: "The Freighter must move every turn").

Transports (docs/bots.md): a transport with an army aboard, or next to idle units of ours far
from the front, loads them and sails (up to its move, through zones without enemy warships) to
the zone off the landing worth most: friendly land nearest the front, or — with a warship of
ours sailing along as escort — hostile land whose battle the cargo wins, pressed, with the
level's threshold. An empty transport sails back toward the army waiting at home, and never
stays or ends unescorted where enemy warships can reach it when a safer zone is in its reach.

Mines (mines.py): voyages pass no mined zone (ships stop there); a battle or landing in one counts
the ships and cargo the mines are expected to take, and a battle is fought by what they leave.
"""
from __future__ import annotations

from collections import Counter, deque

from ..rules import USW_ZONES
from ..units import UNIT_TYPES
from .battle_odds import pressed_land, sea_win
from .land import Plan
from .style import style_of
from .mines import expected_loss, mined, sea_attack
from .sheet import Sheet
from .view import FAR, View

WARSHIPS = ("battleship", "cruiser", "destroyer", "submarine")
BLOCKERS = ("battleship", "cruiser", "destroyer")


def _blocked(view: View, zone: str) -> bool:
    return any(u["type"] in BLOCKERS for u in view.enemy_ships.get(zone, []))


def _hostile_ships(view: View, zone: str) -> list[str]:
    return [u["type"] for u in view.enemy_ships.get(zone, []) if u["type"] not in ("transport", "freighter")]


def sea_paths(view: View, start: str, reach: int) -> dict[str, tuple[str, ...]]:
    """Zones reachable from `start` within `reach` steps, passing no enemy warships, with a path."""
    board = view.board
    paths = {start: (start,)}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if len(paths[here]) - 1 >= reach or (here != start and (_blocked(view, here) or mined(view, here))):
            continue                    # enemy warships and minefields end a ship's move
        for step in sorted(board.territories[here].adjacent):
            t = board.territories[step]
            if t.sea and step not in paths and not t.impassable:
                paths[step] = paths[here] + (step,)
                queue.append(step)
    return paths


def _reach(view: View, zone: str, kind: str) -> int:
    return UNIT_TYPES[kind].move + (1 if zone in view.turn.start.base_zones else 0)


def plan_fleet(view: View, sheet: Sheet, level: str, moved: set[str]) -> None:
    """Warships attack an enemy fleet next to them when they win, pressing on, with the threshold."""
    for zone in sorted(view.my_ships):
        ships = [u["type"] for u in view.my_ships[zone] if u["type"] in WARSHIPS]
        if not ships or zone in moved:
            continue
        best = None
        for step in sorted(view.board.territories[zone].adjacent):
            if not view.board.territories[step].sea:
                continue
            # transports and freighters defend with nothing: a lone one is a sure prize
            enemy = [u["type"] for u in view.enemy_ships.get(step, [])]
            if not enemy or not any(UNIT_TYPES[t].attack for t in ships):
                continue
            # a mined zone: the battle is fought by the ships the mines leave, and what they
            # sink counts against the prize
            win, swing, field = sea_attack(view, ships, step, enemy)
            if win >= style_of(level).threshold and swing > 0 and (best is None or (win, swing) > best[:2]):
                best = (win, swing, step, enemy, field)
        if best is None:
            continue
        win, swing, step, enemy, field = best
        counts = Counter(ships)
        reason = (f"sea battle in {step}: {win:.0%} to sink {len(enemy)} enemy ship(s), "
                  f"expected {swing:+.1f} IPCs" + (f" after the mines (about {expected_loss(ships):.1f} "
                                                   f"IPCs of ships lost to them)" if field else ""))
        for kind, n in sorted(counts.items()):
            sheet.add(f"move {n} {kind}: {zone} - {step}", reason)
        moved.add(zone)


def enemy_reach(view: View, zone: str) -> list[str]:
    """The enemy warships that could attack `zone` next turn (within two sea zones)."""
    near = {zone}
    for _ in range(2):
        near |= {step for here in near for step in view.board.territories[here].adjacent
                 if view.board.territories[step].sea}
    return [t for here in sorted(near) for t in _hostile_ships(view, here) if t in WARSHIPS]


def plan_withdrawals(view: View, sheet: Sheet, moved: set[str]) -> None:
    """After the attacks and the escorts: fleets that stayed behind and would lose where they are."""
    for zone in sorted(view.my_ships):
        ships = [u["type"] for u in view.my_ships[zone] if u["type"] in WARSHIPS]
        if ships and zone not in moved:
            _withdraw(view, sheet, zone, ships, moved)


def _withdraw(view: View, sheet: Sheet, zone: str, ships: list[str], moved: set[str]) -> None:
    """A fleet the enemy in reach would beat (at least 60%, by sea_odds) sails to the zone in its
    reach where that risk is least — with other ships of ours, or nearer home."""
    threat = enemy_reach(view, zone)
    if not threat:
        return
    here = sea_win(threat, ships)
    if here < 0.6:
        return
    best = None
    for dest, path in sea_paths(view, zone, _reach(view, zone, min(ships, key=lambda t: UNIT_TYPES[t].move))).items():
        if dest == zone or _hostile_ships(view, dest) or mined(view, dest):
            continue
        ours = ships + [u["type"] for u in view.my_ships.get(dest, []) if u["type"] in WARSHIPS]
        risk = sea_win(enemy_reach(view, dest), ours) if enemy_reach(view, dest) else 0.0
        if best is None or (risk, len(path)) < best[:2]:
            best = (risk, len(path), dest, path)
    if best is None or best[0] > here - 0.2:
        return
    risk, _, dest, path = best
    counts = Counter(ships)
    reason = f"withdraw to {dest}: the enemy fleet in reach would win {here:.0%} here, {risk:.0%} there"
    for kind, n in sorted(counts.items()):
        sheet.add(f"move {n} {kind}: " + " - ".join(path), reason)
    moved.add(zone)


def plan_transports(view: View, sheet: Sheet, plan: Plan, level: str, moved: set[str],
                    home: list[str]) -> None:
    board = view.board
    for zone in sorted(view.my_ships):
        transports = [u for u in view.my_ships[zone] if u["type"] == "transport"]
        if not transports:
            continue
        ids = {u["id"] for u in transports}
        aboard = [u for u in view.mine.get(zone, []) if u.get("aboard") in ids]
        room = 2 * len(transports) - len(aboard)
        loaded: list[str] = [u["type"] for u in aboard]
        for land in sorted(board.territories[zone].adjacent):
            if room <= 0 or board.territories[land].sea or land not in plan.free:
                continue
            if view.dist.get(land, FAR) <= 2 or land in view.contested:
                continue                       # those walk to the front
            for kind in ("artillery", "infantry", "tank"):
                n = min(room, plan.count(land, kind))
                if n and sheet.add(f"move {n} {kind}: {land} - {zone}", f"board the transports in {zone} for the front"):
                    plan.take(land, kind, n)
                    loaded += [kind] * n
                    room -= n
        reach = min(_reach(view, zone, "transport"), 2 + (1 if zone in view.turn.start.base_zones else 0))
        paths = sea_paths(view, zone, reach)
        escorts = [u["type"] for u in view.my_ships[zone] if u["type"] in BLOCKERS] if zone not in moved else []
        if loaded:
            counts = Counter(loaded)
            # the best landing whose voyage the rules allow (a mined zone on the way stops ships)
            for dest, land, reason in _landings(view, paths, loaded, escorts, len(transports), level):
                if dest != zone and not _sail(view, sheet, zone, paths[dest], len(transports), escorts, moved,
                                              reason):
                    continue
                for kind, n in sorted(counts.items()):
                    sheet.add(f"move {n} {kind}: {dest} - {land}", reason)
                if dest != zone and mined(view, dest) and view.status.get(land) == "hostile":
                    # errata: a landing whose transports a mine sank may be called off; what is
                    # left aboard would attack weakly
                    sheet.add(f"call off {land} if mined", f"if a mine in {dest} sinks a transport, the "
                              f"rest stay aboard rather than attack {land} short-handed")
                break
            else:
                target = _toward_front(view, paths)
                if target and target != zone:
                    _sail(view, sheet, zone, paths[target], len(transports), escorts, moved,
                          f"carrying {len(loaded)} unit(s) toward the front")
        else:
            goal = _toward_home(view, zone, _pickups(view, plan) + home)
            if goal and goal in paths and exposed(view, goal):
                goal = _safe_near(view, paths, goal)
            if goal and goal != zone and goal in paths:
                _sail(view, sheet, zone, paths[goal], len(transports), [], moved,
                      f"to {goal}, to fetch the army waiting there")
            elif exposed(view, zone) and zone not in moved:
                safe = _safe_near(view, paths, zone)
                if safe and safe != zone:
                    _sail(view, sheet, zone, paths[safe], len(transports), [], moved,
                          f"to {safe}: unescorted, the transports would be sunk by the enemy warships in reach of {zone}")


def exposed(view: View, zone: str) -> bool:
    """Transports here would be unescorted while enemy warships could reach them next turn."""
    ours = [u["type"] for u in view.my_ships.get(zone, []) if u["type"] in BLOCKERS]
    threat = enemy_reach(view, zone)
    return bool(threat) and (not ours or sea_win(threat, ours) >= 0.5)


def _safe_near(view: View, paths: dict, goal: str) -> str | None:
    """The zone in reach nearest `goal` (by path length) where transports are not exposed and no
    minefield waits; None when every zone in reach is exposed."""
    far = sea_paths(view, goal, 6)
    safe = [z for z in paths if not exposed(view, z) and not mined(view, z) and not _hostile_ships(view, z)]
    return min(safe, key=lambda z: (len(far.get(z, ())) or 99, len(paths[z]), z), default=None)


def _sail(view: View, sheet: Sheet, zone: str, path: tuple[str, ...], n: int, escorts: list[str],
          moved: set[str], reason: str) -> bool:
    if not sheet.add(f"move {n} transport: " + " - ".join(path), reason):
        return False
    if escorts and zone not in moved:
        counts = Counter(escorts)
        for kind, k in sorted(counts.items()):
            sheet.add(f"move {k} {kind}: " + " - ".join(path), f"escort the transports to {path[-1]}")
        moved.add(zone)
    return True


def _landings(view: View, paths: dict, cargo: list[str], escorts: list[str], transports: int,
              level: str) -> list[tuple[str, str, str]]:
    """(zone, landing, reason), best first. A landing from a mined zone counts the ships and
    cargo the mines are expected to sink (in IPCs, against the landing's score)."""
    found = []
    escorted = bool(escorts)
    for dest, path in paths.items():
        mine_cost = expected_loss(["transport"] * transports + escorts, cargo) if dest != path[0] and mined(view, dest) \
            else 0.0
        if _hostile_ships(view, dest) and not escorted:
            continue
        for land in sorted(view.board.territories[dest].adjacent):
            status = view.status.get(land)
            if status is None or view.board.territories[land].impassable:
                continue
            if status == "friendly" and view.dist.get(land, FAR) < FAR:
                score = 20 - 3 * view.dist[land]
                reason = f"land in {land}, {view.dist[land]} step(s) from the front"
            elif status == "hostile" and escorted and land in view.enemy:
                defenders = [u["type"] for u in view.enemy[land]]
                win = pressed_land(cargo, defenders)
                if win < style_of(level).threshold:
                    continue
                score = 20 + view.value(land)
                reason = f"amphibious attack on {land}: {win:.0%} to take it, escorted"
            else:
                continue
            score -= 0.5 * (len(path) - 1) + mine_cost
            if mine_cost:
                reason += f" (mines in {dest}: about {mine_cost:.1f} IPCs expected lost)"
            if not escorted and exposed(view, dest):
                # transports left unescorted where enemy warships can reach them: all but lost
                score -= 6 * transports + sum(UNIT_TYPES[k].cost for k in cargo)
                reason += ", unescorted within reach of enemy warships (no safer landing)"
            found.append((-score, len(path), dest, land, reason))
    return [entry[2:] for entry in sorted(found)]


def _toward_front(view: View, paths: dict) -> str | None:
    """The reachable zone off the coast nearest the front (by land steps from that coast)."""
    best = None
    for dest in paths:
        if _hostile_ships(view, dest) or mined(view, dest):
            continue
        near = min((view.dist.get(land, FAR) for land in view.board.territories[dest].adjacent
                    if not view.board.territories[land].sea), default=FAR)
        if best is None or near < best[0]:
            best = (near, dest)
    return best[1] if best and best[0] < FAR else None


def _pickups(view: View, plan: Plan) -> list[str]:
    """Zones off land where two or more of our units stand idle far from the front (no land route,
    or three steps and more): an empty transport fetches them."""
    zones = []
    for land, kinds in sorted(plan.free.items()):
        idle = sum(n for kind, n in kinds.items() if kind in ("infantry", "artillery", "tank"))
        if idle >= 2 and view.dist.get(land, FAR) >= 3 and land not in view.contested:
            zones += [z for z in sorted(view.board.territories[land].adjacent)
                      if view.board.territories[z].sea and not _blocked(view, z) and z not in zones]
    return zones


def _toward_home(view: View, zone: str, home: list[str]) -> str | None:
    if not home:
        return None
    far = sea_paths(view, zone, 12)
    goal = min((z for z in home if z in far), key=lambda z: len(far[z]), default=None)
    if goal is None:
        return None
    path = far[goal]
    return path[min(len(path) - 1, 2)]


def plan_freighters(view: View, sheet: Sheet) -> None:
    for zone in sorted(view.my_ships):
        n = sum(1 for u in view.my_ships[zone] if u["type"] == "freighter")
        if not n:
            continue
        steps = [z for z in sorted(view.board.territories[zone].adjacent)
                 if view.board.territories[z].sea and not _hostile_ships(view, z)]
        for step in sorted(steps, key=lambda z: mined(view, z)):      # a minefield only if nothing else
            if sheet.add(f"move {n} freighter: {zone} - {step}", "freighters must move every turn (4.2)"
                         + (f"; {step} is mined, the only zone left" if mined(view, step) else "")):
                break


def plan_raiders(view: View, sheet: Sheet) -> None:
    """House rule 4.2: a merchant raider "adjacent to an enemy territory that is worth 1 IPC" or
    more destroys income: raiders not yet off such a coast sail to the nearest zone that is."""
    board = view.board

    def hunting(zone: str) -> bool:
        return any(not board.territories[a].sea and board.territories[a].ipc >= 1
                   and view.status.get(a) == "hostile" for a in board.territories[zone].adjacent)

    for zone in sorted(view.my_ships):
        n = sum(1 for u in view.my_ships[zone] if u["type"] == "merchant_raider")
        if not n or hunting(zone):
            continue
        paths = sea_paths(view, zone, _reach(view, zone, "merchant_raider"))
        goals = sorted((len(p), z) for z, p in paths.items()
                       if z != zone and hunting(z) and not _hostile_ships(view, z) and not mined(view, z))
        for _, goal in goals:
            if sheet.add(f"move {n} merchant raider: " + " - ".join(paths[goal]),
                         f"raid enemy income off {goal} (4.2)"):
                break


def plan_submarine_warfare(view: View, sheet: Sheet, moved: set[str]) -> None:
    """Germany and the United States' entry (seed 001): declaring Unrestricted Submarine Warfare
    brings the United States into the war at once, so Germany declares it only once the United
    States is at war anyway (from its round-4 turn at the latest); then every German submarine in
    SZ 2, 7 or 8 rolls against British and American income ("rolls of 3 or less"), and the
    submarines not fighting elsewhere sail there."""
    if view.power != "Germany":
        return
    subs = {zone: sum(1 for u in ships if u["type"] == "submarine") for zone, ships in view.my_ships.items()}
    if not any(subs.values()):
        return
    if view.state.get("us_at_war") and not view.state.get("usw_declared"):
        sheet.add("declare usw", "the United States is already at war: unrestricted submarine warfare "
                  "costs nothing more, and each sub in SZ 2, 7 or 8 takes British and American income")
    if not (view.state.get("us_at_war") or view.state.get("usw_declared")):
        return
    for zone, n in sorted(subs.items()):
        if not n or zone in moved or zone in USW_ZONES:
            continue
        paths = sea_paths(view, zone, _reach(view, zone, "submarine"))
        # a mined zone costs a sixth of the submarines on entering: an unmined station first
        goal = min((z for z in USW_ZONES if z in paths and not _blocked(view, z)),
                   key=lambda z: (mined(view, z), len(paths[z])), default=None)
        if goal and mined(view, goal):
            goal = None
        if goal and sheet.add(f"move {n} submarine: " + " - ".join(paths[goal]),
                              f"submarine warfare from {goal} against British and American income"):
            moved.add(zone)
