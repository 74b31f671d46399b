"""Combat on the board: which battles a turn's moves start, minor powers mobilizing, amphibious
coastal defense, and who controls a territory afterwards."""
from __future__ import annotations

from .combat import Piece, Roll, SeaPolicy, land_battle, roll_dice, sea_battle, take_hits
from .context import ArtilleryPlan, TurnContext
from .ledger import log_rolls, loss_order, pieces, record_destroyed, remove_losses
from .position import BoardUnit, Position
from .rules import DEFAULT_SUB_TARGETS
from .state import NEUTRAL, US, friendly
from .units import NON_COMBATANTS

COASTAL_DEFENSE_HIT = 3   # RULES.md 3.4: UNCONFIRMED; artillery's defense (docs/rulings.md)


def sea_battle_ahead(turn: TurnContext, zone: str) -> bool:
    """Are there enemy ships in `zone` that a landing from it must first get past (anything at
    war with the mover but transports, which fight no one)?"""
    return any(u.spec.is_sea and u.type != "transport"
               and turn.position.at_war(turn.power, u.owner) for u in turn.position.units_in(zone))


def land_waiting_cargo(turn: TurnContext) -> None:
    """Land the cargo that waited for a sea battle: only from a zone now clear of enemy ships
    (a retreated or beaten fleet keeps its cargo aboard; a sunk transport's cargo is lost),
    and not where the player called the landing off after a mine hit."""
    for zone, dest, ids in turn.progress.pending_landings:
        cargo = [u for u in turn.position.units if u.id in ids and u.aboard is not None
                 and u.where == zone]
        lost = len(ids) - len(cargo)
        if lost:
            turn.report.append(f"🌊 {lost} unit(s) bound for {dest} went down with their transport.")
        if not cargo:
            continue
        if turn.landing_called_off(zone, dest, len(cargo)):
            continue
        if zone not in turn.progress.won_zones and sea_battle_ahead(turn, zone):
            turn.report.append(f"↩️ The sea battle in {zone} was not won: {len(cargo)} unit(s) bound "
                               f"for {dest} stay aboard.")
            continue
        for u in cargo:
            turn.position.embark(u, None)
            turn.position.move(u, dest)
        turn.progress.unloaded_into.setdefault(dest, set()).update(u.id for u in cargo)
        turn.progress.unloaded_from.setdefault(dest, set()).add(zone)
        turn.entered_land(dest)


def sea_battles(turn: TurnContext) -> None:
    for zone in sorted(turn.progress.ship_entered | turn.progress.attacks):
        if not turn.board.territories[zone].sea:
            continue
        mine = [u for u in turn.position.units_in(zone) if u.owner == turn.power and u.spec.is_sea]
        enemy = [u for u in turn.position.units_in(zone)
                 if u.spec.is_sea and turn.position.at_war(turn.power, u.owner)]
        if not enemy or not any(u.spec.attack for u in mine):
            continue
        for rule in turn.house:             # e.g. freighters sunk, raiders to be found first (4.2)
            enemy = rule.sea_defenders(turn, zone, mine, enemy)
        if not enemy:
            continue
        decision = turn.progress.sea_decisions.get(zone)
        defender_owner = enemy[0].owner
        policy = SeaPolicy(decision.action if decision else "press", decision.after_rounds if decision else 0,
                           decision.retreat_to if decision else None, zone in turn.progress.submerging,
                           bool(turn.position.extra.get("submerge", {}).get(defender_owner)), turn.rules.house_submarines,
                           turn.rules.sub_negator,
                           tuple(turn.position.extra.get("sub_targets", {}).get(turn.power, DEFAULT_SUB_TARGETS)))
        attackers, defenders = pieces(mine), pieces(enemy)
        result = sea_battle(turn.rng, attackers, defenders, policy, loss_order(turn, turn.power),
                            loss_order(turn, defender_owner))
        log_rolls(turn, zone, result.rolls)
        remove_losses(turn, result.attackers + result.defenders, result.attacker_lost + result.defender_lost)
        turn.report.append(f"⚓ Sea battle in {zone}: {result.ended} after {result.rounds} round(s).")
        turn.report.extend("   " + line for line in result.describe())
        # submerged subs have left the battle's sides: they neither block a landing nor retreat
        submerged = {p.uid for p in result.submerged}
        if result.attackers and not any(p.type != "transport" for p in result.defenders) \
                and not result.ended.startswith("attacker"):
            turn.progress.won_zones.add(zone)         # cleared: waiting cargo may land
        if policy.action == "retreat" and result.ended.startswith("attacker retreats"):
            # "All remaining attacking units (excluding submerged subs) must retreat together"
            for u in turn.position.units:
                if u.owner == turn.power and u.where == zone and u.id not in submerged:
                    turn.position.move(u, policy.retreat_to)
        _check_us_attacked(turn, [u.owner for u in enemy])


def mobilize_minor(turn: TurnContext, name: str) -> None:
    """Entering a minor's capital mobilizes it: "twice its IPC value in units, one of them
    artillery and the rest infantry" (RULES.md 4.3)."""
    t = turn.board.territories[name]
    if not (t.minor_capital and t.minor not in turn.position.extra["mobilized_minors"]):
        return
    turn.position.extra["mobilized_minors"].append(t.minor)
    side = turn.board.side_of(turn.power)
    if side is None:
        patron = NEUTRAL          # invaded by neutral Spain (4.17): the minor's own army defends it
    elif turn.position.aligned(t) is not None:
        patron = turn.position.aligned(t)
    else:   # a true neutral: the opposing side provides the pieces (docs/rulings.md: first in turn order).
        # Errata: "Before the United States is at war, its units may not be used to represent the
        # mobilized forces of minor neutral territories" — with no other power left to lend its
        # pieces, the minor raises its own army, as when neutral Spain invades (docs/rulings.md).
        patron = next((p for p in turn.board.turn_order if turn.board.side_of(p) not in (side, None)
                       and turn.position.collapsed.get(p) != "political" and (p != US or turn.position.us_at_war)),
                      NEUTRAL)
    count = 2 * t.ipc
    for i in range(count):
        turn.position.add_unit("artillery" if i == 0 else "infantry", patron, name)
    if patron == NEUTRAL:
        turn.report.append(f"⚔️ {t.minor} raises its own army of {count} against {turn.power}.")
    elif friendly(turn.board, patron, turn.power):
        # "If a minor power aligned to your power is mobilized by a friendly power, you take control"
        for other, ot in turn.board.territories.items():
            if ot.minor == t.minor and ot.minor_capital:
                turn.position.control[other] = patron
        turn.report.append(f"🏳️ {t.minor} mobilizes for {patron}: {count} units in {name}.")
    else:
        turn.report.append(f"⚔️ {t.minor} mobilizes against {turn.power} with {patron}'s pieces: {count} units.")


def land_battles(turn: TurnContext) -> None:
    for name in sorted(turn.progress.land_entered):
        mobilize_minor(turn, name)
    for name in sorted(turn.progress.land_entered | {a for a in turn.progress.attacks if not turn.board.territories[a].sea}):
        for rule in turn.house:             # e.g. armored trains rushing to the defence (2.8)
            rule.before_land_battle(turn, name)
        joined = set().union(*(rule.joined_attackers(turn, name) for rule in turn.house))
        mine = [u for u in turn.position.units_in(name) if (u.owner == turn.power or u.id in joined)
                and u.holds_land]
        enemy = [u for u in turn.position.units_in(name) if u.holds_land
                 and turn.position.at_war(turn.power, u.owner)]
        if not mine or not enemy:
            continue
        if name in turn.start.contested and name not in turn.progress.attacks:
            continue   # reinforcing a contested territory: a new battle there is optional
        for rule in turn.house:             # e.g. a concentrated attack (4.15) picks who defends
            enemy = rule.land_defenders(turn, name, enemy)
        attackers = pieces(mine)
        defenders = pieces(enemy)
        _coastal_defense(turn, name, attackers, enemy)
        _bombard(turn, name, attackers, defenders, enemy)
        plan = ArtilleryPlan()
        for rule in turn.house:             # e.g. artillery neutralizing (3.2), counter-battery fire (4.8)
            plan = rule.plan_artillery(turn, name, enemy, plan)
        # supplies (4.7) each side's powers spend here: power -> supplies
        a_supply = {k: v for rule in turn.house for k, v in rule.battle_supplies(turn, name, mine).items()}
        d_supply = {k: v for rule in turn.house for k, v in rule.battle_supplies(turn, name, enemy).items()}
        result = land_battle(turn.rng, attackers, defenders, loss_order(turn, turn.power),
                             loss_order(turn, enemy[0].owner), turn.rules, plan.neutralize, plan.counter_battery,
                             (sum(a_supply.values()), sum(d_supply.values())))
        for rule in turn.house:
            rule.after_land_battle(turn, name, (a_supply, d_supply), result.supplies_used)
        log_rolls(turn, name, result.rolls)
        remove_losses(turn, result.attackers + result.defenders, result.attacker_lost + result.defender_lost)
        defender = enemy[0].owner
        side = {"attacker": f"{turn.power} (attacking)", "defender": f"{defender} (defending)"}
        supremacy = f" — air supremacy: {side[result.air_supremacy]}" if result.air_supremacy else ""
        turn.report.append(f"💥 Battle of {name}, {turn.power} against {defender}{supremacy}:")
        turn.report.extend("   " + line for line in result.describe())
        turn.report.append("   " + battle_ending(turn, name, turn.power, defender, mine, enemy))
        _check_us_attacked(turn, [u.owner for u in enemy])


def force_words(units: list[BoardUnit]) -> str:
    """`2 infantry, 1 armored train`: unit kinds in words, never with an underscore."""
    counts: dict[str, int] = {}
    for u in units:
        counts[u.type] = counts.get(u.type, 0) + 1
    words = [f"{n} {kind.replace('_', ' ')}" for kind, n in counts.items()]
    return (", ".join(words[:-1]) + " and " + words[-1]) if len(words) > 1 else (words[0] if words else "nothing")


def battle_ending(turn: TurnContext, name: str, attacker: str, defender: str, mine: list[BoardUnit],
                  enemy: list[BoardUnit]) -> str:
    """How a land battle ended, in words, with what each side has left there: taken (no
    defender left; control passes as the 🚩 line says), held (no attacker left), or still
    contested (both left: the territory stays contested until a later battle settles it)."""
    alive = {u.id for u in turn.position.units}
    left_a = [u for u in mine if u.id in alive]
    left_d = [u for u in enemy if u.id in alive]
    if left_a and not left_d:
        return f"→ {attacker} wins: {name}'s defenders are destroyed; {attacker} has {force_words(left_a)} there."
    if left_d and not left_a:
        return f"→ {defender} holds {name} with {force_words(left_d)}; the attack is destroyed."
    if not left_a and not left_d:
        return f"→ Both sides are destroyed in {name}."
    return (f"→ {name} is still contested: {attacker} has {force_words(left_a)}; {defender} has "
            f"{force_words(left_d)}; the battle goes on in a later turn.")


def _coastal_defense(turn: TurnContext, name: str, attackers: list[Piece], enemy: list[BoardUnit]) -> None:
    """Amphibious assault: "each defending artillery gets a free roll to pick off and destroy an
    offloading unit" before the battle (RULES.md 3.4, LIKELY)."""
    landing = [p for p in attackers if p.uid in turn.progress.unloaded_into.get(name, set())]
    guns = sum(1 for u in enemy if u.type == "artillery")
    if not landing or not guns:
        return
    roll = Roll("defender", "coastal defense", COASTAL_DEFENSE_HIT, roll_dice(turn.rng, guns))
    log_rolls(turn, name, [roll])
    lost = take_hits(landing, roll.hits, loss_order(turn, turn.power))
    for p in lost:
        attackers.remove(p)
    remove_losses(turn, [], lost)
    turn.report.append(f"🛡️ Coastal defense at {name}: {roll.dice} → {len(lost)} landing unit(s) lost.")


BOMBARD_HIT = 4   # the battleship's attack (RULES.md 2.6: presumed)


def _bombard(turn: TurnContext, name: str, attackers: list[Piece], defenders: list[Piece], enemy: list[BoardUnit]) -> None:
    """Amphibious assault only: "at most one battleship per land unit offloaded", one roll each,
    before the land battle (RULES.md 2.6, LIKELY)."""
    landed = sum(1 for p in attackers if p.uid in turn.progress.unloaded_into.get(name, set()))
    ships = [u for zone in sorted(turn.progress.unloaded_from.get(name, ())) for u in turn.position.units_in(zone)
             if u.owner == turn.power and u.type == "battleship"]
    shots = min(landed, len(ships))
    if not shots or not defenders:
        return
    roll = Roll("attacker", "shore bombardment", BOMBARD_HIT, roll_dice(turn.rng, shots))
    log_rolls(turn, name, [roll])
    lost = take_hits(defenders, roll.hits, loss_order(turn, enemy[0].owner))
    remove_losses(turn, [], lost)
    turn.report.append(f"🚢 Shore bombardment of {name}: {roll.dice} → {len(lost)} defender(s) lost.")


def _check_us_attacked(turn: TurnContext, defenders: list[str]) -> None:
    if US in defenders and not turn.position.us_at_war:
        turn.us_enters_war("The United States is attacked and enters the war.")


def return_fighters(turn: TurnContext) -> None:
    """After the land battles, a fighter of the moving power (or of an ally that joined its attack,
    4.14) left in enemy or contested land where its power has no land units — they died under it —
    returns to friendly land units: RULES.md 2.5, it "must END its move in a territory that contains land units of its own
    power", and S8 (relayed Wizards answer) says it must "return" to a territory with its own land
    units. It goes back where it started the turn if its power's land units are there, else to a
    neighbouring territory holding them (uncontested ones first); with none in reach it is lost
    (docs/rulings.md). A defender's fighters did not move: they stay where they defended."""
    board, position = turn.board, turn.position
    joined = set().union(*(rule.joined_attackers(turn, None) for rule in turn.house))
    for u in [u for u in position.units if u.type == "fighter" and not board.territories[u.where].sea
              and (u.owner == turn.power or u.id in joined)]:
        here = u.where
        if _has_land_units(position, u.owner, here) or _friendly_ground(turn, u.owner, here):
            continue
        dest = _fighter_base(turn, u)
        if dest is None:
            position.remove([u])
            turn.report.append(f"✈️ {u.owner}'s fighter in {here} has no land units of its own left there and "
                               f"none within reach to return to: it is lost.")
            continue
        position.move(u, dest)
        turn.report.append(f"✈️ {u.owner}'s fighter in {here} has no land units of its own left there: "
                           f"it returns to {dest}.")


def _friendly_ground(turn: TurnContext, power: str, name: str) -> bool:
    """Held by the fighter's side with no enemy there: a fighter left alone at home (its infantry
    marched off) holds nothing the enemy could take, so it stays."""
    board, position = turn.board, turn.position
    return friendly(board, position.control.get(name), power) and not any(
        o.holds_land and position.at_war(power, o.owner) for o in position.units_in(name))


def _has_land_units(position: Position, power: str, name: str) -> bool:
    return any(o.owner == power and o.spec.is_land and o.holds_land for o in position.units_in(name))


def _fighter_base(turn: TurnContext, fighter: BoardUnit) -> str | None:
    """Where a fighter without land units returns: its start of turn, else a neighbour."""
    board, position, power, here = turn.board, turn.position, fighter.owner, fighter.where
    start = turn.start.unit_places.get(fighter.id, here)
    if start != here and not board.territories[start].sea and _has_land_units(position, power, start):
        return start
    near = [n for n in sorted(board.territories[here].adjacent)
            if not board.territories[n].sea and _has_land_units(position, power, n)]
    near.sort(key=lambda n: position.is_contested(n))
    return near[0] if near else None


def settle_control(turn: TurnContext) -> None:
    """After combat: a territory held by one side's land units alone belongs to that side —
    its original owner if that power is on the side ("Only originally controlled territories
    can be liberated"), otherwise the power whose units stand there (the mover first)."""
    board, position = turn.board, turn.position
    for name, t in board.territories.items():
        if t.sea or t.impassable:
            continue
        present = [u for u in position.units_in(name) if u.spec.is_land and u.holds_land]
        if not present or position.is_contested(name):
            continue
        holder = position.control.get(name)
        powers = {u.owner for u in present} - {NEUTRAL}
        if not powers:
            continue
        if holder in powers or (holder is not None and any(friendly(board, holder, p) for p in powers)
                                and not any(position.at_war(holder, p) for p in powers)):
            continue
        taker = turn.power if turn.power in powers else sorted(powers, key=board.turn_order.index)[0]
        if taker == US and not position.us_at_war and holder is not None:
            continue
        new = t.original_owner if (t.original_owner and friendly(board, t.original_owner, taker)
                                   and position.collapsed.get(t.original_owner) != "political") else taker
        if t.minor and position.aligned(t) and friendly(board, position.aligned(t), taker):
            new = taker   # errata: a friendly-aligned minor or colony goes to the power taking it
        if new == holder:
            continue
        position.control[name] = new
        if t.minor and not t.minor_capital and name not in position.extra["entered_minors"]:
            position.extra["entered_minors"].append(name)
        turn.report.append(f"🚩 {new} takes control of {name}" + (f" (liberated from {holder})" if holder and new == t.original_owner else ""))
        for loser, store in position.extra.get("supplies", {}).items():
            # 4.7: "Supplies are destroyed if captured by the enemy" — by the enemy only
            if position.at_war(loser, new) and store["at"].pop(name, 0):
                turn.report.append(f"📦 {loser}'s supplies in {name} are destroyed.")
        for owner, factory in list(position.extra.get("factories", {}).items()):
            if factory["where"] == name and position.at_war(owner, new):
                del position.extra["factories"][owner]      # 4.11: "the factory is destroyed and lost"
                turn.report.append(f"🔥 {owner}'s factory in {name} is destroyed.")
        # Only taking an enemy's *own* capital moves its treasury; liberating or retaking one's
        # own (or an ally's) capital restores control (errata: "Only originally controlled
        # territories can be liberated") and moves no IPCs.
        if t.capital and holder is not None and board.capital_of(holder) == name and position.at_war(holder, new):
            _capital_captured(turn, holder, new)
            if holder == turn.power and turn.progress.bought:
                # errata: "If you take control of an enemy capital on that enemy's turn due to his
                # attacking you in that territory and losing, any units he purchased are returned
                # ... and you collect the refunded IPCs."
                refund = sum(turn.rules.cost(k) * n for k, n in turn.progress.bought.items())   # the price paid (3.1)
                position.treasury[new] = position.treasury.get(new, 0) + refund
                turn.progress.bought.clear()
                turn.report.append(f"↩️ {holder}'s purchases are returned; {new} collects the {refund} IPCs.")
        claim_surrendered_treasury(turn, name, new)
    lose_stranded_non_combatants(turn)


def lose_stranded_non_combatants(turn: TurnContext) -> None:
    """Trucks and coastal batteries cannot fight land units (2.1, 2.4): "The Truck is destroyed if
    the territory it is in is captured by the enemy"; "Coastal Batteries are destroyed ... if the
    territory is captured by an enemy power". So after combat one is lost wherever no fighting
    unit of its side stands with it and the enemy holds the territory or has units there."""
    board, position = turn.board, turn.position
    lost = []
    for u in position.units:
        if u.type not in NON_COMBATANTS:
            continue
        here = position.units_in(u.where)
        if any(o.holds_land and friendly(board, o.owner, u.owner) for o in here):
            continue
        holder = position.control.get(u.where)
        if position.at_war(u.owner, holder) or any(
                o.holds_land and position.at_war(u.owner, o.owner) for o in here):
            lost.append(u)
    if lost:
        record_destroyed(position, lost)
        position.remove(lost)
    for u in lost:
        kind = "truck" if u.type == "truck" else "coastal battery"
        turn.report.append(f"🚛 {u.owner}'s {kind} in {u.where} is lost: the enemy holds {u.where}.")


def _capital_captured(turn: TurnContext, loser: str, captor: str) -> None:
    """ "the captor takes the loser's unspent IPCs" (RULES.md 4.2, CONFIRMED)."""
    amount = turn.position.treasury.get(loser, 0)
    turn.position.treasury[loser] = 0
    turn.position.treasury[captor] = turn.position.treasury.get(captor, 0) + amount
    turn.report.append(f"🏛️ {captor} captures the capital of {loser} and takes its {amount} IPCs.")


def claim_surrendered_treasury(turn: TurnContext, name: str, new: str) -> None:
    """ "The surrendered power's IPC treasury will be claimed by the first enemy power to gain
    control of its capital." """
    for loser, amount in list(turn.position.extra["unclaimed_treasury"].items()):
        if turn.board.capital_of(loser) == name and turn.position.at_war(loser, new):
            turn.position.treasury[new] = turn.position.treasury.get(new, 0) + amount
            del turn.position.extra["unclaimed_treasury"][loser]
            turn.report.append(f"💰 {new} claims the {amount} IPCs of the surrendered {loser}.")
