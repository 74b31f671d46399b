"""Battles of Axis & Allies 1914 (RULES.md section 3), with every die logged.

Land: (1) if both sides have fighters they fight each other, hitting on 2, round after round
until one side or both have none; (2) the side with fighters left has air supremacy, which
promotes its artillery by one; (3) both sides roll once; each attacking artillery raises one
attacking infantry or tank to 3; (4) the attacker cancels one defending hit per attacking
tank; (5) casualties are removed; survivors of both sides stay (a contested territory).

Sea: rounds until one side is gone, the attacker breaks off (stays in the zone) or retreats
(Tournament Rules). Battleships take two hits; transports are taken last and never fire.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .rules import dive_target, fighting_by_numbers_hits, suppress, targeting_subs
from .units import DEFAULT_LOSS_ORDER, UNIT_TYPES

AIR_COMBAT_HIT = 2


@dataclass
class Piece:
    """One unit in a battle."""

    type: str
    owner: str
    damaged: bool = False
    uid: int = 0

    @property
    def spec(self):
        return UNIT_TYPES[self.type]


@dataclass
class Roll:
    who: str          # 'attacker' or 'defender'
    step: str         # 'air', 'land', 'sea round 2', 'mines', ...
    target: int       # hits on this or less
    dice: list[int]
    fixed_hits: int | None = None   # Fighting By Numbers: hits computed, the die is the deviation

    @property
    def hits(self) -> int:
        if self.fixed_hits is not None:
            return self.fixed_hits
        return sum(1 for d in self.dice if d <= self.target)


@dataclass
class BattleResult:
    attackers: list[Piece]
    defenders: list[Piece]
    rolls: list[Roll] = field(default_factory=list)
    attacker_lost: list[Piece] = field(default_factory=list)
    defender_lost: list[Piece] = field(default_factory=list)
    air_supremacy: str | None = None      # 'attacker', 'defender' or None
    rounds: int = 0
    ended: str = ""                        # how a sea battle ended
    submerged: list[Piece] = field(default_factory=list)   # subs that left the battle, unharmed
    suppressed: int = 0                                     # defenders kept from firing (3.2)
    supplies_used: tuple[int, int] = (0, 0)                 # 4.7 (attacker, defender)
    damaged_before: frozenset[int] = frozenset()            # battleships already damaged at the start

    def __post_init__(self) -> None:
        self.damaged_before = frozenset(p.uid for p in self.attackers + self.defenders if p.damaged)

    def describe(self) -> list[str]:
        lines = []
        for roll in self.rolls:
            if roll.fixed_hits is not None:
                lines.append(f"{roll.step}: {roll.who} rolls {roll.dice[0]} for deviation → {roll.hits} hit(s)")
                continue
            lines.append(f"{roll.step}: {roll.who} rolls {' '.join(map(str, roll.dice)) or '—'} "
                         f"(hit on {roll.target} or less) → {roll.hits} hit(s)")
        for side, pieces, lost in (("attacker", self.attackers, self.attacker_lost),
                                   ("defender", self.defenders, self.defender_lost)):
            hit = [p for p in pieces + lost if p.type == "battleship" and p.damaged
                   and p.uid not in self.damaged_before]
            if hit:
                lines.append(f"{side}'s battleship(s) damaged, absorbing a hit each: {len(hit)}")
        if self.attacker_lost:
            lines.append("attacker loses " + _names(self.attacker_lost))
        if self.defender_lost:
            lines.append("defender loses " + _names(self.defender_lost))
        return lines


def _names(pieces: Sequence[Piece]) -> str:
    counts: dict[str, int] = {}
    for p in pieces:
        counts[p.type] = counts.get(p.type, 0) + 1
    return ", ".join(f"{n} {t.replace('_', ' ')}" for t, n in counts.items())


def roll_dice(rng: random.Random, n: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(n)]


def rank(order: Sequence[str]) -> dict[str, int]:
    """Position of each unit type in an order of loss (types not named go last, cheapest first)."""
    full = list(order) + [t for t in DEFAULT_LOSS_ORDER if t not in order]
    return {t: i for i, t in enumerate(full)}


def take_hits(force: list[Piece], hits: int, order: Sequence[str] = DEFAULT_LOSS_ORDER,
              battleship_absorbs: bool = True) -> list[Piece]:
    """Apply `hits` to `force` (changed in place) by the owner's order of loss; return the dead.

    Undamaged battleships take a free hit first (they then count as damaged); transports are
    chosen only after every other ship (RULES.md 2.9)."""
    dead: list[Piece] = []
    if battleship_absorbs:
        for piece in force:
            if hits and piece.type == "battleship" and not piece.damaged:
                piece.damaged = True
                hits -= 1
    positions = rank(order)
    ordered = sorted(force, key=lambda p: (p.type == "transport", positions[p.type], p.uid))
    for piece in ordered:
        if hits <= 0:
            break
        if piece.type == "battleship" and not piece.damaged:
            piece.damaged = True
            hits -= 1
            if hits <= 0:
                break
        force.remove(piece)
        dead.append(piece)
        hits -= 1
    return dead


def _fire(rng: random.Random, pieces: Iterable[tuple[int, int]], who: str, step: str) -> list[Roll]:
    """Roll for groups of (target, count); one logged roll per target number."""
    rolls = []
    for target, count in sorted(pieces):
        if count > 0 and target > 0:
            rolls.append(Roll(who, step, target, roll_dice(rng, count)))
    return rolls


def land_targets(force: Sequence[Piece], attacking: bool, supremacy: bool) -> dict[int, int]:
    """Target number -> how many dice, for one side of a land battle."""
    groups: dict[int, int] = {}

    def add(target: int, n: int = 1) -> None:
        if n > 0:
            groups[target] = groups.get(target, 0) + n

    infantry = sum(1 for p in force if p.type == "infantry")
    tanks = sum(1 for p in force if p.type == "tank")
    artillery = sum(1 for p in force if p.type == "artillery")
    fighters = sum(1 for p in force if p.type == "fighter")
    trucks = sum(1 for p in force if p.type == "artillery_truck")
    if attacking:
        # 2.2: an artillery truck upgrades "an attacking Infantry's value to 3 the same way an
        # Artillery would" (infantry only), while an artillery supports an infantry or a tank:
        # trucks take the infantry first so that the artillery can reach the tanks, which makes
        # the most units supported
        truck_supported = min(trucks, infantry)
        supported = min(artillery, infantry - truck_supported + tanks)
        add(3, supported + truck_supported)
        add(2, infantry + tanks - supported - truck_supported)
    else:
        add(3, infantry)
        add(1, tanks)
    add(3 + (1 if supremacy else 0), artillery)
    add(3, trucks)
    add(2, fighters)
    add(2, 2 * sum(1 for p in force if p.type == "armored_train"))   # 2.8: two dice at 2
    if not attacking:
        add(1, sum(1 for p in force if p.type == "armored_car"))
    return groups


def land_battle(rng: random.Random, attackers: list[Piece], defenders: list[Piece],
                attacker_order: Sequence[str] = DEFAULT_LOSS_ORDER,
                defender_order: Sequence[str] = DEFAULT_LOSS_ORDER, rules=None, neutralizers: int = 0,
                counter_battery: tuple[int, int] = (0, 0), supplies: tuple[int, int] = (0, 0)) -> BattleResult:
    """One land battle: air combat, then a single round of fire (RULES.md 3.1, 3.2).

    `rules` (rules.Rules) may change air combat (3.1: hit on 3, one round, the side with more
    fighters has air supremacy) and turn on Fighting By Numbers (4.1)."""
    attackers, defenders = list(attackers), list(defenders)
    result = BattleResult(attackers, defenders)
    air_hit = rules.air_hit if rules else AIR_COMBAT_HIT
    max_rounds = rules.air_rounds if rules else 0
    trucks = sum(p.type == "artillery_truck" for p in defenders)
    if trucks and any(p.type == "fighter" for p in attackers):
        # 2.2 "Defense value against aircraft: 1" (docs/rulings.md): one shot each at attacking fighters
        aa = _fire(rng, [(1, trucks)], "defender", "artillery trucks at aircraft")
        result.rolls += aa
        result.attacker_lost += _kill_fighters(attackers, sum(r.hits for r in aa))
    air_round = 0
    while any(p.type == "fighter" for p in attackers) and any(p.type == "fighter" for p in defenders) \
            and not (max_rounds and air_round >= max_rounds):
        air_round += 1
        a_rolls = _fire(rng, [(air_hit, sum(p.type == "fighter" for p in attackers))],
                        "attacker", f"air combat {air_round}")
        d_rolls = _fire(rng, [(air_hit, sum(p.type == "fighter" for p in defenders))],
                        "defender", f"air combat {air_round}")
        result.rolls += a_rolls + d_rolls
        result.defender_lost += _kill_fighters(defenders, sum(r.hits for r in a_rolls))
        result.attacker_lost += _kill_fighters(attackers, sum(r.hits for r in d_rolls))
    a_air = sum(p.type == "fighter" for p in attackers)
    d_air = sum(p.type == "fighter" for p in defenders)
    if rules is not None and rules.supremacy_by_majority:
        # 3.1: "Whoever has more Fighters standing at the end of the turn has Air Supremacy.
        # In the event of a tie, no side gains Air Supremacy."
        result.air_supremacy = "attacker" if a_air > d_air else "defender" if d_air > a_air else None
    elif air_round:
        result.air_supremacy = "attacker" if a_air and not d_air else "defender" if d_air and not a_air else None
    elif bool(a_air) != bool(d_air):
        result.air_supremacy = "attacker" if a_air else "defender"
    fbn = rules is not None and rules.fighting_by_numbers
    # 4.8: counter-battery artillery sit out the exchange of fire (and give no infantry support)
    cb_attack = [p for p in attackers if p.type == "artillery"][:counter_battery[0]]
    cb_defend = [p for p in defenders if p.type == "artillery"][:counter_battery[1]]
    a_groups = land_targets([p for p in attackers if p not in cb_attack], True, result.air_supremacy == "attacker")
    firing_defenders = [p for p in defenders if p not in cb_defend]
    neutralizers = min(neutralizers, sum(p.type == "artillery" for p in attackers))
    if neutralizers:
        # 3.2: neutralizing artillery roll first; suppressed defenders "cannot fire back, but are
        # not killed"; the artillery still promote infantry and tanks
        target = 4 if result.air_supremacy == "attacker" else 3
        a_groups[target] -= neutralizers
        if not a_groups[target]:
            del a_groups[target]
        n_rolls = _fire(rng, [(target, neutralizers)], "attacker", "artillery neutralization")
        result.rolls += n_rolls
        inf, art = suppress(sum(p.type == "infantry" for p in defenders), sum(p.type == "artillery" for p in defenders),
                            sum(r.hits for r in n_rolls))
        for kind, n in (("infantry", inf), ("artillery", art)):
            for piece in [p for p in firing_defenders if p.type == kind][:n]:
                firing_defenders.remove(piece)
        result.suppressed = inf + art
    cars = sum(p.type == "armored_car" for p in attackers)
    car_rolls: list[Roll] = []
    if cars and fbn and sum(t * n for t, n in a_groups.items()) + 3 * cars >= FBN_THRESHOLD:
        a_groups[3] = a_groups.get(3, 0) + cars      # by numbers, the cars' score joins the rest
    elif cars:
        car_rolls = _fire(rng, [(3, cars)], "attacker", "armored cars")
    d_groups = land_targets(firing_defenders, False, result.air_supremacy == "defender")
    # 4.7: each supply used adds 1 to one land unit's die (fighters excluded: land units only)
    a_groups = _supply(a_groups, supplies[0], sum(1 for p in attackers if p.spec.is_land and p not in cb_attack))
    d_groups = _supply(d_groups, supplies[1], sum(1 for p in firing_defenders if p.spec.is_land))
    result.supplies_used = (min(supplies[0], sum(1 for p in attackers if p.spec.is_land)),
                            min(supplies[1], sum(1 for p in firing_defenders if p.spec.is_land)))
    a_rolls = _side_fire(rng, a_groups, "attacker", fbn)
    d_rolls = _side_fire(rng, d_groups, "defender", fbn)
    result.rolls += car_rolls
    # 2.3: "Hits scored on the attack by Armored Cars may be affected to enemy Artillery even if he
    # still has Infantry left" — taken on the defender's artillery first
    car_hits = sum(r.hits for r in car_rolls)
    car_lost = [p for p in defenders if p.type in ("artillery", "artillery_truck")][:car_hits]
    for piece in car_lost:
        defenders.remove(piece)
        result.defender_lost.append(piece)
        car_hits -= 1
    result.rolls += a_rolls + d_rolls
    attacker_hits = sum(r.hits for r in a_rolls)
    defender_hits = sum(r.hits for r in d_rolls)
    # rulebook p. 19: the attacker removes one scoring defender die per attacking tank;
    # 2.8: armored trains "negate 2 hits on the defense and 1 on the offense"
    defender_hits = max(0, defender_hits - sum(1 for p in attackers if p.type == "tank")
                        - sum(1 for p in attackers if p.type == "armored_train"))
    negated = 2 * sum(1 for p in defenders if p.type == "armored_train")
    if negated and car_lost:
        # the trains' negations cover the armored cars' hits too, those first: they took the
        # artillery, the dearer loss (docs/rulings.md)
        spared = car_lost[:negated]
        negated -= len(spared)
        for piece in spared:
            result.defender_lost.remove(piece)
            defenders.append(piece)
    result.defender_lost += take_hits(defenders, max(0, attacker_hits + car_hits - negated), defender_order)
    result.attacker_lost += take_hits(attackers, defender_hits, attacker_order)
    if cb_attack or cb_defend:
        _counter_battery(rng, result, attackers, defenders, cb_attack, cb_defend, a_rolls, d_rolls)
    result.rounds = 1
    return result


def _supply(groups: dict[int, int], supplies: int, land_units: int) -> dict[int, int]:
    """Raise `supplies` dice (at most one per land unit, each once) by one, lowest targets first."""
    boosts = min(supplies, land_units)
    out: dict[int, int] = {}
    for target in sorted(groups):
        count = groups[target]
        step = min(boosts, count) if 0 < target < 6 else 0
        boosts -= step
        out[target] = out.get(target, 0) + count - step
        out[target + 1] = out.get(target + 1, 0) + step
    return {t: n for t, n in out.items() if n}


ARTILLERY_TARGETS = (3, 4)   # artillery fires at 3, at 4 with air supremacy (land_targets)


def _counter_battery(rng, result: BattleResult, attackers, defenders, cb_attack, cb_defend, a_rolls, d_rolls) -> None:
    """4.8: "Once normal combat is resolved, the CB Artillery units roll their dice. Rolling a 2
    destroys an enemy Artillery. This number is increased to 3 if its power has Air Superiority.
    Rolling a 1 destroys an enemy Artillery and negates 1 hit from the enemy Artillery. CB Artillery
    may only be selected as legitimate targets for enemy CB fire if every other Artillery unit has
    been destroyed."

    Both sides' CB guns fire at once (a gun hit by the other side still rolls), and a 1 negates a
    hit only as far as the enemy artillery scored hits: a hit in the enemy's dice at artillery's
    value (3, or 4 with air supremacy), at most one per enemy artillery that fired (docs/rulings.md). A negated hit brings back
    one unit lost in this battle."""
    sides = (("attacker", cb_attack, attackers, defenders, cb_defend, result.attacker_lost, "attacker", d_rolls),
             ("defender", cb_defend, defenders, attackers, cb_attack, result.defender_lost, "defender", a_rolls))
    volleys = []
    for who, gunners, own, enemy, enemy_cb, lost, supremacy, enemy_rolls in sides:
        alive = [p for p in gunners if p in own]
        if not alive:
            continue
        roll = Roll(who, "counter-battery fire", 3 if result.air_supremacy == supremacy else 2,
                    roll_dice(rng, len(alive)))
        result.rolls.append(roll)
        firing_artillery = sum(1 for p in enemy + (result.defender_lost if who == "attacker" else result.attacker_lost)
                               if p.type == "artillery" and p not in enemy_cb)
        scored = sum(r.hits for r in enemy_rolls if r.target in ARTILLERY_TARGETS and r.fixed_hits is None)
        volleys.append((who, roll, own, enemy, enemy_cb, lost, min(firing_artillery, scored)))
    for who, roll, own, enemy, enemy_cb, lost, negatable in volleys:
        for die in roll.dice:
            if die > roll.target:
                continue
            targets = [p for p in enemy if p.type == "artillery" and p not in enemy_cb] or \
                      [p for p in enemy if p.type == "artillery"]
            if targets:
                enemy.remove(targets[0])
                (result.defender_lost if who == "attacker" else result.attacker_lost).append(targets[0])
            if die == 1 and lost and negatable > 0:
                # "negates 1 hit from the enemy Artillery": one of our casualties is spared
                negatable -= 1
                own.append(lost.pop())


FBN_THRESHOLD = 20   # 4.1: "This applies for any attacker or defender whose overall hit value is
                     # equal to or greater than 20."


def _side_fire(rng: random.Random, groups: dict[int, int], who: str, fbn: bool) -> list[Roll]:
    """One side's fire in a land battle: dice per unit, or Fighting By Numbers for big sides."""
    score = sum(target * count for target, count in groups.items())
    if not fbn or score < FBN_THRESHOLD:
        return _fire(rng, groups.items(), who, "land combat")
    die = rng.randint(1, 6)
    return [Roll(who, f"fighting by numbers (score {score})", 0, [die],
                 fixed_hits=fighting_by_numbers_hits(score, die))]


def _kill_fighters(force: list[Piece], hits: int) -> list[Piece]:
    dead = [p for p in force if p.type == "fighter"][:hits]
    for p in dead:
        force.remove(p)
    return dead


@dataclass(frozen=True)
class SeaPolicy:
    """The attacker's standing decision for a sea battle: press on (default), or after
    `after_rounds` rounds break off (stay in the zone) or retreat to `retreat_to`."""

    action: str = "press"          # 'press', 'break', 'retreat'
    after_rounds: int = 0
    retreat_to: str | None = None
    attacker_submerge: bool = False   # subs submerge instead of firing (RULES.md 2.8)
    defender_submerge: bool = False
    sub_changes: bool = False         # house rule 3.2 (submarines and cruisers)
    sub_negator: str = "cruiser"
    sub_targets: tuple[str, ...] = ()


def sea_targets(force: Sequence[Piece], sub_value: int | None = None, defending: bool = False) -> dict[int, int]:
    """Target number -> dice for ships: attack values for the attacker, defence values for the
    defender (equal for the base game's ships; a merchant raider attacks at 0 but has "Defense
    value : 2", 2.7; 3.2: defending subs hit on 1)."""
    groups: dict[int, int] = {}
    for p in force:
        value = p.spec.defense if defending else p.spec.attack
        if p.type == "submarine" and sub_value is not None:
            value = sub_value
        if value > 0:
            groups[value] = groups.get(value, 0) + 1
    return groups


def sea_battle(rng: random.Random, attackers: list[Piece], defenders: list[Piece],
               policy: SeaPolicy = SeaPolicy(), attacker_order: Sequence[str] = DEFAULT_LOSS_ORDER,
               defender_order: Sequence[str] = DEFAULT_LOSS_ORDER, max_rounds: int = 100) -> BattleResult:
    """Rounds of fire until one side has no units, or the attacker stops by its policy."""
    attackers, defenders = list(attackers), list(defenders)
    result = BattleResult(attackers, defenders)
    submerged = result.submerged
    if policy.sub_changes and policy.defender_submerge:
        # 3.2 preemptive dive: a sub that rolls low enough slips away before the battle
        subs = [p for p in defenders if p.type == "submarine"]
        surface = sum(1 for p in attackers if p.type != "submarine")
        if subs:
            target = dive_target(surface, len(subs))
            roll = Roll("defender", "preemptive dive", target, roll_dice(rng, len(subs)))
            result.rolls.append(roll)
            for piece, die in zip(subs, roll.dice):
                if die <= target:
                    defenders.remove(piece)
                    submerged.append(piece)
    while attackers and defenders and result.rounds < max_rounds:
        if policy.action != "press" and result.rounds >= policy.after_rounds:
            # "the attacker may not choose to retreat if the only defending units remaining in the
            # sea zone are transports and/or submerged submarines"
            only_helpless = all(p.type == "transport" for p in defenders)
            if policy.action == "retreat" and not only_helpless:
                result.ended = f"attacker retreats to {policy.retreat_to}"
                return result
            if policy.action == "break":
                result.ended = "attacker breaks off"
                return result
        if not any(p.spec.attack for p in attackers) and not any(p.spec.defense for p in defenders):
            result.ended = "neither side can fire"
            return result
        result.rounds += 1
        # a submerging sub does not fire, can still be hit this round, then leaves the battle
        diving_a = [p for p in attackers if p.type == "submarine"] if policy.attacker_submerge else []
        diving_d = [p for p in defenders if p.type == "submarine"] if policy.defender_submerge else []
        firing = [p for p in attackers if p not in diving_a]
        called_rolls: list[Roll] = []
        if policy.sub_changes:
            # 3.2: attacking subs "call their target", except those stopped by the defender's cruisers*
            subs = [p for p in firing if p.type == "submarine"]
            callers = targeting_subs(len(subs), sum(p.type == policy.sub_negator for p in defenders),
                                     sum(p.type == policy.sub_negator for p in attackers))
            if callers:
                called_rolls = _fire(rng, [(2, callers)], "attacker", f"sea round {result.rounds}, called shots")
                firing = [p for p in firing if p not in subs[:callers]]
        a_rolls = _fire(rng, sea_targets(firing).items(), "attacker", f"sea round {result.rounds}")
        d_rolls = _fire(rng, sea_targets([p for p in defenders if p not in diving_d],
                                         1 if policy.sub_changes else None, defending=True).items(),
                        "defender", f"sea round {result.rounds}")
        result.rolls += called_rolls + a_rolls + d_rolls
        called = sum(r.hits for r in called_rolls)
        for kind in policy.sub_targets or ():
            for piece in [p for p in defenders if p.type == kind]:
                if not called:
                    break
                if piece.type == "battleship" and not piece.damaged:
                    piece.damaged = True
                else:
                    defenders.remove(piece)
                    result.defender_lost.append(piece)
                called -= 1
        result.defender_lost += take_hits(defenders, sum(r.hits for r in a_rolls) + called, defender_order)
        result.attacker_lost += take_hits(attackers, sum(r.hits for r in d_rolls), attacker_order)
        for side, diving in ((attackers, diving_a), (defenders, diving_d)):
            for p in diving:
                if p in side:
                    side.remove(p)
                    submerged.append(p)
    result.ended = result.ended or ("defender destroyed" if not defenders else
                                    "attacker destroyed" if not attackers else "round limit")
    if submerged:
        result.ended += f"; {len(submerged)} submarine(s) submerged"
    return result
