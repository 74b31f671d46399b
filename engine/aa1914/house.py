"""The Unofficial A&A 1914 House Rules & Variants (seed 002) as game options, and the `Rules`
object the engine consults instead of fixed numbers.

Only options whose rules are fully implemented are offered; each names its seed section.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from engine.errors import RuleNotEnabled
from engine.variant import OptionSpec

from .units import HOUSE_UNITS, TANKS_FROM_ROUND, UNIT_TYPES

HOUSE_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("trucks", "2.1/3.1 Standard Trucks: 5 IPCs, carry 2 infantry, infantry and artillery, or a tank "
               "2 spaces", False),
    OptionSpec("artillery_trucks", "2.2 Artillery Trucks: 5 IPCs, 3/3, move 2, support infantry, fire at aircraft on 1",
               False),
    OptionSpec("armored_cars", "2.3 Armored Car: 5 IPCs, attack 3, defense 1, move 2, its hits may take artillery",
               False),
    OptionSpec("coastal_artillery", "2.4 Coastal Artillery: 8 IPCs, one per coastal territory, sinks passing enemy "
               "ships on a 1, defends at 3 against ships", False),
    OptionSpec("destroyers", "2.5 Destroyers: 5 IPCs, 2/2, move 3", False),
    OptionSpec("armored_trains", "2.8 Armored Trains: 9 IPCs, 2 dice at 2, rail moves in original territories, "
               "cancel hits, react to attacks", False),
    OptionSpec("naval_costs", "3.1 Naval Unit Costs: submarine 5 IPCs, cruiser 7", False),
    OptionSpec("aerial_combat", "3.1 Aerial Combat: fighters hit on 3, one round, more fighters win air supremacy",
               False),
    OptionSpec("restricted_sub_warfare", "3.1 Restricted Submarine Warfare: German subs next to the UK's home "
               "island cost the UK 1 IPC each at its Collect phase", False),
    OptionSpec("usw_flat", "3.1 Unrestricted Submarine Warfare: 1 IPC per sub in zones 2, 7, 8 instead of dice",
               False),
    OptionSpec("fighting_by_numbers", "3.1/4.1 Fighting By Numbers: land sides worth 20+ score value/6 hits "
               "with a deviation die", False),
    OptionSpec("sub_warfare_first_2", "3.2 Submarine Warfare: the first sub in each area causes 2 IPCs", False),
    OptionSpec("starting_naval_changes", "3.2 Starting Naval Unit Changes (historical fleets)", False),
    OptionSpec("sub_changes", "3.2 Submarines and Cruisers: subs defend at 1, call their targets (negated by "
               "cruisers, or destroyers when used) and may dive preemptively", False),
    OptionSpec("artillery_neutralization", "3.2 Artillery Neutralization: from turn 4 attacking artillery may "
               "suppress defenders instead of firing", False),
    OptionSpec("freighters_raiders", "2.6/2.7/4.2 Freighters and Raiders: Entente freighters earn IPCs, Central "
               "merchant raiders steal them", False),
    OptionSpec("deploy_reserves", "4.3 Deploy the Reserves: before round 1 each power secretly places units worth "
               "its starting IPCs; the US gets 5 bonus IPCs a turn for 4 turns", False),
    OptionSpec("italian_dilemma", "4.16 The Italian Dilemma: Italy starts neutral; both alliances bargain for it",
               False),
    OptionSpec("spain_balance", "4.17 Spain Hangs in the Balance: Spain is a ninth, neutral power whose alignment "
               "track may bring it into the war", False),
    OptionSpec("swiss_alps", "4.4 The Swiss Alps: Switzerland is impassable", False),
    OptionSpec("munich_reinforcements", "4.5 Reinforcements from Munich: Germany also mobilizes in Munich", False),
    OptionSpec("supply_chain", "4.7 The Supply Chain: territories yield supplies that add 1 to a land unit's "
               "die in battle", False),
    OptionSpec("counter_battery", "4.8 Counter-Battery Fire: up to half the artillery may fire at enemy artillery "
               "after the battle", False),
    OptionSpec("every_corner", "4.6 From Every Corner of the Empire: place infantry/artillery in original "
               "territories worth 3+ IPCs", False),
    OptionSpec("auction_by_power", "4.9 No Such Thing as Neutral – By Power: neutral minors auctioned before the "
               "game", False, excludes=("auction_by_alliance",)),
    OptionSpec("auction_by_alliance", "4.10 No Such Thing as Neutral – By Alliance: the alliances bid pooled IPCs",
               False, excludes=("auction_by_power",)),
    OptionSpec("more_production", "4.11 We Need More Production: each power but the US builds one factory "
               "(+3 IPCs or a staging ground)", False),
    OptionSpec("tanks_now", "4.12 We Need Tanks Now: tanks from turn 3", False),
    OptionSpec("breaking_through", "4.13 Breaking Through: units in excess of twice the defenders of a contested "
               "territory may break through", False),
    OptionSpec("multinational_attacks", "4.14 Multinational Attacks: allied units join your attack and may not "
               "move on their own turn", False),
    OptionSpec("concentrated_attacks", "4.15 Concentrated Attacks: attack one power's units plus 25% of the rest",
               False),
)
HOUSE_KEYS = tuple(o.key for o in HOUSE_OPTIONS)

# The orders each option adds, shown by /help in a game that uses it.
HOUSE_ORDERS = {
    "trucks": "`truck 2 infantry: Berlin - Prussia - Poland` (trucks with the units), "
              "`truck 2 infantry: Prussia - Poland from Berlin` (trucks fetch them)",
    "coastal_artillery": "`place 1 coastal artillery Kiel`, `attack battery Kiel from SZ 10`",
    "armored_trains": "`move 1 train Moscow - Ukraine - Poland` (any distance by rail), `trains react|stay`",
    "sub_changes": "`sub targets transport, battleship`",
    "artillery_neutralization": "`neutralize Picardy with 2`",
    "supply_chain": "`supply Picardy 3` (send from stock), `supplies use all|none|2` (per battle)",
    "counter_battery": "`counter-battery Picardy with 2`, `counter-battery always|never` (defending)",
    "more_production": "`factory Ruhr income` or `factory Munich staging` (turn 1)",
    "breaking_through": "`break through 4 infantry: Picardy - Paris` (add `attack Paris` to fight in a "
                        "contested territory; otherwise it reinforces)",
    "multinational_attacks": "`join France 2 infantry: Paris - Picardy`",
    "concentrated_attacks": "`concentrate Picardy on France`",
    "italian_dilemma": "Italy: `defect`",
    "spain_balance": "France: `spain pay 0|1|2`",
}

# 3.1 RSW: "German Submarines located in any sea zone directly adjacent to the UK's home island"
UK_HOME_ISLAND = ("London", "Wales", "Yorkshire", "Scotland")
USW_ZONES = ("SZ 2", "SZ 7", "SZ 8")

# 3.2 "Starting Naval Unit Changes", as (power, removed, added): a replacement is one entry, so
# when its removal is impossible (the Tournament setup already took that ship) it is skipped whole.
STARTING_NAVAL_CHANGES = [
    ("Russia", [("battleship", "SZ 12", 1)], [("submarine", "SZ 12", 1), ("cruiser", "SZ 12", 1)]),
    ("Russia", [("cruiser", "SZ 21", 1)], [("submarine", "SZ 21", 1)]),
    ("Germany", [("submarine", "SZ 7", 2)], []),
    ("Germany", [], [("battleship", "SZ 10", 2), ("transport", "SZ 10", 1)]),
    ("France", [], [("submarine", "SZ 15", 2)]),
    ("France", [("battleship", "SZ 15", 1)], [("cruiser", "SZ 15", 1)]),
    ("France", [("battleship", "SZ 16", 1)], [("submarine", "SZ 16", 1)]),
    ("France", [("transport", "SZ 16", 1)], []),
    ("British Empire", [], [("battleship", "SZ 4", 1), ("cruiser", "SZ 4", 1), ("submarine", "SZ 4", 1)]),
    ("British Empire", [], [("battleship", "SZ 9", 1), ("submarine", "SZ 9", 1)]),
    ("British Empire", [], [("submarine", "SZ 19", 1)]),
    ("Ottoman Empire", [("cruiser", "SZ 20", 1)], []),
    ("Italy", [], [("submarine", "SZ 17", 1)]),
    ("United States", [], [("battleship", "SZ 1", 1), ("cruiser", "SZ 1", 1)]),
]


def apply_starting_naval_changes(stacks: dict[tuple[str, str, str], int]) -> list[str]:
    """Change the starting stacks in place; returns the changes skipped (and why)."""
    skipped = []
    for power, removed, added in STARTING_NAVAL_CHANGES:
        if any(stacks.get((power, kind, zone), 0) < n for kind, zone, n in removed):
            skipped.append(f"{power}: {removed} not in the setup (the Tournament Rules changed it)")
            continue
        for kind, zone, n in removed:
            stacks[(power, kind, zone)] -= n
            if not stacks[(power, kind, zone)]:
                del stacks[(power, kind, zone)]
        for kind, zone, n in added:
            stacks[(power, kind, zone)] = stacks.get((power, kind, zone), 0) + n
    return skipped


@dataclass(frozen=True)
class Rules:
    """Every number or switch the house options can change."""

    costs: tuple[tuple[str, int], ...] = tuple((name, u.cost) for name, u in UNIT_TYPES.items())
    tanks_from_round: int = TANKS_FROM_ROUND
    air_hit: int = 2
    air_rounds: int = 0                   # 0: until one side has no fighters
    supremacy_by_majority: bool = False
    fighting_by_numbers: bool = False
    restricted_sub_warfare: bool = False
    usw_flat: bool = False
    first_sub_2: bool = False
    extra_impassable: tuple[str, ...] = ()
    extra_mobilization: tuple[tuple[str, str], ...] = ()     # (power, territory)
    house_units: tuple[str, ...] = ()                          # house units that may be bought
    breaking_through: bool = False
    every_corner: bool = False
    deploy_reserves: bool = False
    neutralization_from_round: int = 0          # 0: not used
    sub_changes: bool = False
    multinational_attacks: bool = False
    counter_battery: bool = False
    freighters_raiders: bool = False
    supply_chain: bool = False
    italian_dilemma: bool = False
    sub_negator: str = "cruiser"                 # "Destroyers take on the role of the items listed with an asterisk"
    more_production: bool = False
    concentrated_attacks: bool = False
    options: tuple[tuple[str, object], ...] = field(default=())

    def cost(self, unit: str) -> int:
        return dict(self.costs)[unit]


@lru_cache(maxsize=64)
def _rules(items: tuple[tuple[str, object], ...]) -> Rules:
    on = {k for k, v in items if v is True}
    costs = {name: u.cost for name, u in UNIT_TYPES.items()}
    if "naval_costs" in on:
        costs.update(submarine=5, cruiser=7)
    return Rules(
        costs=tuple(costs.items()),
        tanks_from_round=3 if "tanks_now" in on else TANKS_FROM_ROUND,
        air_hit=3 if "aerial_combat" in on else 2,
        air_rounds=1 if "aerial_combat" in on else 0,
        supremacy_by_majority="aerial_combat" in on,
        fighting_by_numbers="fighting_by_numbers" in on,
        restricted_sub_warfare="restricted_sub_warfare" in on,
        usw_flat="usw_flat" in on,
        first_sub_2="sub_warfare_first_2" in on,
        extra_impassable=("Switzerland",) if "swiss_alps" in on else (),
        extra_mobilization=(("Germany", "Munich"),) if "munich_reinforcements" in on else (),
        house_units=tuple(unit for unit, option in HOUSE_UNITS.items() if option in on),
        breaking_through="breaking_through" in on,
        every_corner="every_corner" in on,
        deploy_reserves="deploy_reserves" in on,
        neutralization_from_round=4 if "artillery_neutralization" in on else 0,
        sub_changes="sub_changes" in on,
        multinational_attacks="multinational_attacks" in on,
        counter_battery="counter_battery" in on,
        freighters_raiders="freighters_raiders" in on,
        supply_chain="supply_chain" in on,
        italian_dilemma="italian_dilemma" in on,
        sub_negator="destroyer" if "destroyers" in on else "cruiser",
        more_production="more_production" in on,
        concentrated_attacks="concentrated_attacks" in on,
        options=items,
    )


def not_enabled(option: str) -> RuleNotEnabled:
    """The one refusal of an order for a house rule this game does not use, naming the seed's
    section and the option to create a game with."""
    spec = next(o for o in HOUSE_OPTIONS if o.key == option)
    section = spec.description.split(":")[0]
    return RuleNotEnabled(f"this game does not use house rule {section} (option `{option}`)", option)


def rules_for(options: dict) -> Rules:
    return _rules(tuple(sorted((k, v) for k, v in (options or {}).items() if k in HOUSE_KEYS)))


def fighting_by_numbers_hits(score: int, deviation_die: int) -> int:
    """4.1: "Each player divides by 6, rounding to the nearest number" then the deviation die:
    1 → −15 %, 2 → −10 %, 3–4 → unchanged, 5 → +10 %, 6 → +15 %, "rounded"."""
    hits = _round_half_up(score / 6)
    change = {1: -0.15, 2: -0.10, 3: 0.0, 4: 0.0, 5: 0.10, 6: 0.15}[deviation_die]
    return max(0, hits + _round_half_up(hits * change) if change >= 0 else hits - _round_half_up(-hits * change))


def _round_half_up(x: float) -> int:
    """The seed rounds 12.5 to 13 ("75 / 6 = 12,5 hits, which is rounded to 13")."""
    return int(x + 0.5 + 1e-9)


def submarine_warfare_loss(subs: int, flat: bool, first_costs_2: bool) -> int | None:
    """IPCs lost to submarine warfare in one area, when the amount does not need dice.

    3.1 USW: "1 IPC of damage for every submarine"; 3.2: "The first Submarine in every area
    that is open to Submarine Warfare now causes 2 IPCs of damage. Each subsequent Submarine in
    that specific area deals 1 IPC of damage." None: the Tournament Rules' dice decide."""
    if first_costs_2:
        return 0 if subs == 0 else 2 + (subs - 1)
    if flat:
        return subs
    return None


def breakthrough_allowance(attacking: int, defending: int, present_at_start: int) -> int:
    """4.13: with "at least twice as many forces as the defender", the units "in excess of twice
    the defending numbers" may break through, but only those that began the turn there.
    "the German player attacks with 50 units a French position 15 strong ... Up to 20 German
    divisions may break through ... only 15 German units were present ... may send those 15"."""
    if attacking < 2 * defending:
        return 0
    return max(0, min(present_at_start, attacking - 2 * defending))


def quarter(n: int) -> int:
    """25 % of a number of units, rounded to the nearest unit (halves up)."""
    return int(n / 4 + 0.5)


def concentrated_defence(target: int, others: int, die: int) -> tuple[int, int]:
    """4.15: the defenders who fight: (the target power's units, units of the other powers).
    "The minimum number of units you will be fighting will be that power's units plus 25% of ALL
    other remaining units" and "If you roll 4 or more, you add 25% of ALL other remaining units"."""
    joined = quarter(others) * (2 if die >= 4 else 1)
    return target, min(others, joined)


FACTORY_INCOME = 3        # 4.11 "The factory increases the territory's IPC output by 3"
FACTORY_MIN_IPC = 2       # "The territory must be worth at least 2 IPCs."


def staging_capacity(ipc: int) -> int:
    """4.11: "twice its IPC value, to a maximum of six" units a turn."""
    return min(2 * ipc, 6)


def corner_capacity(ipc: int) -> int:
    """4.6: one unit a turn in an original territory worth 3 or more, two if worth 6 or more."""
    return 0 if ipc < 3 else 2 if ipc >= 6 else 1


US_RESERVE_BONUS = (5, 20)   # 4.3: "5 additional IPCs per turn for its first four turns, for a total of 20"
RESERVE_LIMITS = {"transport": 2, "truck": 2}   # "a maximum of 2 Transport Ships and 2 Trucks"


def suppress(infantry: int, artillery: int, hits: int) -> tuple[int, int]:
    """3.2 Artillery Neutralization: "On a successful roll, the defender must subtract one Infantry
    unit and one Artillery unit from the battle ... If there are no more defending Artillery units,
    each successive neutralization hit suppresses two Infantry units instead." Returns the
    (infantry, artillery) suppressed."""
    inf = art = 0
    for _ in range(hits):
        if artillery - art > 0:
            art += 1
            inf = min(infantry, inf + 1)
        else:
            inf = min(infantry, inf + 2)
    return inf, art


DEFAULT_SUB_TARGETS = ("battleship", "cruiser", "destroyer", "submarine", "transport")


def targeting_subs(attacking_subs: int, defending_negators: int, attacking_negators: int) -> int:
    """3.2: "each enemy Cruiser* in the battle stops one Submarine from picking its target" and
    "Attacking Cruisers can negate the defensive effect of defending Cruisers*"."""
    return max(0, attacking_subs - max(0, defending_negators - attacking_negators))


def dive_target(attacking_surface: int, defending_subs: int) -> int:
    """3.2: dive away "on a roll of 4 or less"; "The roll to preemptively dive decreases by 1 for
    every surface ship in excess of the number of Submarines" (3 subs against 4 ships: 3 or less)."""
    return max(0, 4 - max(0, attacking_surface - defending_subs))


TRAIN_DICE = 2                       # 2.8 "Attack and defense value: 2x 2"
TRAIN_CANCELS = {"attack": 1, "defense": 2}   # "negate 2 hits on the defense and 1 on the offense"


def truck_loads(units: dict[str, int]) -> int | None:
    """How many trucks a group needs, or None if trucks cannot carry it. 2.1: "Can transport 1
    Infantry and 1 Artillery, 2 Infantry or 1 Tank"."""
    infantry, artillery, tanks = units.get("infantry", 0), units.get("artillery", 0), units.get("tank", 0)
    if set(units) - {"infantry", "artillery", "tank"}:
        return None
    if artillery > infantry:
        return None                      # each artillery rides with one infantry
    paired = artillery
    return tanks + paired + (infantry - paired + 1) // 2


BATTERY_SINKS = 1          # 2.4 "sunk on a roll of 1"
BATTERY_DEFENSE = 3        # "Defense value (against ships): 3"


def supply_capacity(units_there: int) -> int:
    """4.7: "A territory may hold a maximum of supplies equal to twice the number of units your
    power has in that territory." """
    return 2 * units_there


def stockpile_limit(ipc_count: int) -> int:
    """4.7: "Your power can stockpile supplies to a maximum of three times your current IPC count." """
    return 3 * ipc_count


SPAIN_JOINS_AT = 6     # 4.17: "If Spain's alignment reaches 6 points in favor of Germany ... of France"
SPAIN_DEPLOY = 3       # "Once Spain joins a side, up to three units per turn may be deployed directly in Spain."


def spain_shift(in_spain: int, outside: int, ipcs_in_hand: int, german_die: int, french_die: int,
                french_paid: int) -> float:
    """4.17 end of Spain's turn: land units in Spain, plus half those outside, minus the IPCs in
    Spain's hand, plus half the German die, minus the French die (and what France paid to add to
    it). Positive moves the tracker towards Germany. The seed's example:
    "10 - 7 + 3/2 - 2 - 1 = 1,5 points towards Germany"."""
    return in_spain + outside / 2 - ipcs_in_hand + german_die / 2 - french_die - french_paid
