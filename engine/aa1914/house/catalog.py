"""The house options of seed 002 as players see them: names and the seed's section, and the one
refusal of an order for an option a game does not use. What each option *does*, and the orders it
adds, is in its own module beside this one (`house/<option>.py`)."""
from __future__ import annotations

from engine.errors import RuleNotEnabled
from engine.variant import OptionSpec

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

def not_enabled(option: str) -> RuleNotEnabled:
    """The one refusal of an order for a house rule this game does not use, naming the seed's
    section and the option to create a game with."""
    spec = next(o for o in HOUSE_OPTIONS if o.key == option)
    section = spec.description.split(":")[0]
    return RuleNotEnabled(f"this game does not use house rule {section} (option `{option}`)", option)
