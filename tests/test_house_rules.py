"""House Rules & Variants (seed 002): each implemented option tested from its quote."""
import random

import pytest

from engine.aa1914.board import standard_board
from engine.aa1914.combat import Piece, land_battle
from engine.aa1914.house import (STARTING_NAVAL_CHANGES, fighting_by_numbers_hits, rules_for,
                                 submarine_warfare_loss)
from engine.aa1914.orders import parse_order
from engine.aa1914.setup import initial_state, starting_stacks
from engine.aa1914.turn import Turn
from engine.aa1914.variant import AA1914Variant
from engine.errors import OrderError

B = standard_board()
V = AA1914Variant()


class Dice(random.Random):
    def __init__(self, *rolls):
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a, b):
        return self.rolls.pop(0)


def state_with(**options):
    return initial_state(B, V.parse_options(options))


def force(*types):
    return [Piece(t, "x", uid=i) for i, t in enumerate(types)]


def test_options_are_listed_parsed_and_combinable():
    options = V.parse_options({"naval_costs": "on", "fighting_by_numbers": "yes", "swiss_alps": "1"})
    assert options["naval_costs"] and options["fighting_by_numbers"] and options["swiss_alps"]
    assert not options["aerial_combat"]


def test_naval_unit_costs():
    """3.1 "Submarine cost changed from 6 to 5. Cruiser cost changed from 9 to 7." """
    rules = rules_for({"naval_costs": True})
    assert rules.cost("submarine") == 5 and rules.cost("cruiser") == 7 and rules.cost("battleship") == 12
    after = Turn(B, state_with(naval_costs=True), "Italy", None).run([parse_order("buy 2 cruiser", B)])
    assert after["treasury"]["Italy"] == 0


def test_aerial_combat_modifications():
    """3.1 "Fighters now hit on a roll of 3 instead of 2. Aerial battles now last only a single
    turn. Whoever has more Fighters standing at the end of the turn has Air Supremacy. In the
    event of a tie, no side gains Air Supremacy." """
    rules = rules_for({"aerial_combat": True})
    # air: attacker 3 fighters roll 3,6,6 (one hit on 3); defender 2 fighters roll 6,6 → 3 v 1
    result = land_battle(Dice(3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6), force("fighter", "fighter", "fighter", "infantry"),
                         force("fighter", "fighter", "infantry"), rules=rules)
    assert [r.step for r in result.rolls if r.step.startswith("air")] == ["air combat 1", "air combat 1"]
    assert result.air_supremacy == "attacker"
    tie = land_battle(Dice(6, 6, 6, 6, 6, 6), force("fighter", "infantry"), force("fighter", "infantry"), rules=rules)
    assert tie.air_supremacy is None and sum(r.step.startswith("air") for r in tie.rolls) == 2


def test_fighting_by_numbers_worked_example():
    """4.1 "The German's offensive score is (10 * 2 + 10 *3 + 10 *4 + 2) = 92. The Russian's
    defensive score is (25 *3) = 75. The German player inflicts 92 / 6 = 15,33 hits, which is
    rounded to 15. The Russian player inflicts 75 / 6 = 12,5 hits, which is rounded to 13." """
    assert fighting_by_numbers_hits(92, 3) == 15
    assert fighting_by_numbers_hits(75, 4) == 13
    # the deviation die: 1 → −15 %, 2 → −10 %, 5 → +10 %, 6 → +15 %, rounded
    assert [fighting_by_numbers_hits(92, d) for d in (1, 2, 3, 4, 5, 6)] == [13, 13, 15, 15, 17, 17]


def test_fighting_by_numbers_in_a_battle():
    """ "the Germans attacks with 20 Infantry, 10 Artillery and 1 Fighter. The Russians defend
    with 25 Infantry." """
    rules = rules_for({"fighting_by_numbers": True})
    attackers = force(*(["infantry"] * 20 + ["artillery"] * 10 + ["fighter"]))
    defenders = force(*(["infantry"] * 25))
    result = land_battle(Dice(3, 4), attackers, defenders, rules=rules)
    steps = [(r.step, r.hits) for r in result.rolls]
    assert steps == [("fighting by numbers (score 92)", 15), ("fighting by numbers (score 75)", 13)]
    assert len(result.defender_lost) == 15 and len(result.attacker_lost) == 13


def test_fighting_by_numbers_not_below_20():
    """ "nor to attackers or defenders whose total hit value is less than 20" """
    rules = rules_for({"fighting_by_numbers": True})
    result = land_battle(Dice(*([6] * 9), 3), force(*(["infantry"] * 9)), force(*(["infantry"] * 7)), rules=rules)
    assert result.rolls[0].step == "land combat"               # 18 points: dice as usual
    assert result.rolls[1].step == "fighting by numbers (score 21)"


def test_tanks_reduce_fighting_by_numbers_hits():
    """ "Attacking tanks then reduce the number of hits according to the standard rules." """
    rules = rules_for({"fighting_by_numbers": True})
    result = land_battle(Dice(6, 6, 6, 3), force("tank", "tank", "infantry"), force(*(["infantry"] * 8)), rules=rules)
    assert result.rolls[-1].hits == 4 and len(result.attacker_lost) == 2     # 24/6 = 4, two cancelled


def test_restricted_submarine_warfare():
    """3.1 "During RSW, Germans Submarines located in any sea zone directly adjacent to the UK's
    home island will now deal 1 IPC of economic damage each during the UK's Collect Phase. Only
    the UK may lose IPCs to RSW, therefore there is no risk of dragging the Americans into the war" """
    state = state_with(restricted_sub_warfare=True)
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 4", "SZ 8", "SZ 9")]
    for zone in ("SZ 4", "SZ 9"):
        state["units"].append({"id": 9000 + int(zone[3:]), "type": "submarine", "owner": "Germany", "where": zone,
                               "damaged": False})
    after = Turn(B, state, "British Empire", random.Random(1)).run([])
    assert after["treasury"]["British Empire"] == 30 + 30 - 2
    assert not after["us_at_war"]


def test_unrestricted_submarine_warfare_flat():
    """3.1 "Submarines in zones 2, 7 and 8 now deal 1 IPC of damage for every submarine in these
    zones instead of rolling for a hit." """
    state = state_with(usw_flat=True)
    state["usw_declared"] = True
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 2", "SZ 7", "SZ 8")]
    for i, zone in enumerate(("SZ 2", "SZ 7", "SZ 7")):
        state["units"].append({"id": 9100 + i, "type": "submarine", "owner": "Germany", "where": zone, "damaged": False})
    after = Turn(B, state, "British Empire", random.Random(1)).run([])
    assert after["treasury"]["British Empire"] == 30 + 30 - 3
    assert not any(e["step"].startswith("unrestricted") for e in after["log"])


def test_first_submarine_costs_two():
    """3.2 "The first Submarine in every area that is open to Submarine Warfare now causes 2 IPCs
    of damage. Each subsequent Submarine in that specific area deals 1 IPC of damage." """
    assert submarine_warfare_loss(0, True, True) == 0
    assert submarine_warfare_loss(1, True, True) == 2
    assert submarine_warfare_loss(3, True, True) == 4
    assert submarine_warfare_loss(3, True, False) == 3 and submarine_warfare_loss(3, False, False) is None


def test_starting_naval_changes():
    """3.2 e.g. "Russia: Replace Sea Zone 12 Battleship with 1 Submarine and 1 Cruiser" ...
    "United States: Add 1 Battleship and 1 Cruiser in Sea Zone 1" """
    plain = starting_stacks(B, True)
    state = state_with(starting_naval_changes=True)
    count = lambda st, p, t, z: sum(1 for u in st["units"] if (u["owner"], u["type"], u["where"]) == (p, t, z))  # noqa: E731
    assert count(state, "Russia", "battleship", "SZ 12") == plain[("Russia", "battleship", "SZ 12")] - 1
    assert count(state, "Russia", "submarine", "SZ 12") == plain.get(("Russia", "submarine", "SZ 12"), 0) + 1
    assert count(state, "Germany", "submarine", "SZ 7") == 0
    assert count(state, "Germany", "battleship", "SZ 10") == plain.get(("Germany", "battleship", "SZ 10"), 0) + 2
    assert count(state, "United States", "battleship", "SZ 1") == plain.get(("United States", "battleship", "SZ 1"), 0) + 1
    # the Tournament setup already replaced France's SZ 15 battleship by a cruiser: that change is skipped
    assert count(state, "France", "cruiser", "SZ 15") == 1 and count(state, "France", "submarine", "SZ 15") == 2
    assert len(STARTING_NAVAL_CHANGES) == 14


def test_swiss_alps():
    """4.4 "the country of Switzerland is considered impassable and may not be invaded by either side." """
    with pytest.raises(OrderError, match="Switzerland is impassable"):
        Turn(B, state_with(swiss_alps=True), "Germany", None).run([parse_order("move 1 infantry Munich - Switzerland", B)])
    Turn(B, state_with(), "Germany", None).run([parse_order("move 1 infantry Munich - Switzerland", B)])


def test_reinforcements_from_munich():
    """4.5 "Germany may use the Munich (München) territory as a secondary deployment area, much in
    the same way that the UK uses India." """
    orders = [parse_order("buy 1 infantry", B), parse_order("place 1 infantry Munich", B)]
    with pytest.raises(OrderError, match="placed in Berlin, not Munich"):
        Turn(B, state_with(), "Germany", None).run(orders)
    after = Turn(B, state_with(munich_reinforcements=True), "Germany", None).run(orders)
    assert after["units"][-1]["where"] == "Munich"


def test_we_need_tanks_now():
    """4.12 "Tanks are now available starting on Turn 3 instead of Turn 4." """
    state = state_with(tanks_now=True)
    state["round"] = 3
    Turn(B, state, "Germany", None).run([parse_order("buy 1 tank", B)])
    state["round"] = 2
    with pytest.raises(OrderError, match="from round 3"):
        Turn(B, state, "Germany", None).run([parse_order("buy 1 tank", B)])


async def test_options_shown_in_status(service):
    from engine.catalog import register_all
    from service.text import game_status
    from tests.conftest import ALICE, GUILD
    register_all()
    game = await service.create_game(GUILD, ALICE, "aa1914", options={"naval_costs": "on", "end_round": "6"})
    text = await game_status(service, game)
    assert "Options: end_round=6, naval_costs=True" in text


def test_house_units_need_their_option():
    with pytest.raises(OrderError, match="option `armored_cars`"):
        Turn(B, state_with(), "Germany", None).run([parse_order("buy 1 armored car", B)])
    after = Turn(B, state_with(armored_cars=True, artillery_trucks=True, destroyers=True), "Germany", None).run(
        [parse_order("buy 1 armored car, 1 artillery truck", B), parse_order("buy 1 destroyer", B)])
    assert after["treasury"]["Germany"] == 35 - 15


def test_artillery_truck_supports_infantry_and_fires_at_aircraft():
    """2.2 "Attack and defense value: 3. Defense value against aircraft: 1 ... Can Upgrade an
    attacking Infantry's value to 3 the same way an Artillery would." """
    from engine.aa1914.combat import land_targets
    assert land_targets(force("infantry", "artillery_truck"), True, False) == {3: 2}
    assert land_targets(force("tank", "artillery_truck"), True, False) == {2: 1, 3: 1}      # infantry only
    result = land_battle(Dice(1, 6, 6, 6, 6), force("fighter", "infantry"), force("artillery_truck", "infantry"))
    assert result.rolls[0].step == "artillery trucks at aircraft" and result.rolls[0].hits == 1
    assert not any(p.type == "fighter" for p in result.attackers)


def test_armored_car_hits_take_artillery_first():
    """2.3 "Attack value : 3 Defense value: 1 ... Hits scored on the attack by Armored Cars may be
    affected to enemy Artillery even if he still has Infantry left." """
    from engine.aa1914.combat import land_targets
    assert land_targets(force("armored_car"), False, False) == {1: 1}
    # the car hits (3), the infantry misses; defender: infantry and artillery miss
    result = land_battle(Dice(3, 6, 6, 6), force("armored_car", "infantry"), force("infantry", "artillery"))
    assert [p.type for p in result.defender_lost] == ["artillery"]


def test_destroyer_stats():
    """2.5 "Cost: 5 IPCs Attack value: 2 Defense value: 2 Can move 3 spaces" """
    from engine.aa1914.units import UNIT_TYPES
    d = UNIT_TYPES["destroyer"]
    assert (d.cost, d.attack, d.defense, d.move, d.domain) == (5, 2, 2, 3, "sea")


def test_breakthrough_allowance_worked_example():
    """4.13 "the German player attacks with 50 units a French position 15 strong. Germany has 15
    units in that territory at the beginning of its turn, and 35 are marched in as
    reinforcements. The French forces can hold back 30 German units. Up to 20 German divisions
    may break through. Since only 15 German units were present ... may send those 15" """
    from engine.aa1914.house import breakthrough_allowance
    assert breakthrough_allowance(50, 15, 15) == 15
    assert breakthrough_allowance(50, 15, 40) == 20
    assert breakthrough_allowance(29, 15, 29) == 0        # not twice as many


def _contested_picardy(**options):
    state = state_with(**options)
    state["units"] = [u for u in state["units"] if u["where"] not in ("Picardy", "Paris")]
    nid = 9500
    for owner, n in (("Germany", 6), ("France", 2)):
        for _ in range(n):
            state["units"].append({"id": nid, "type": "infantry", "owner": owner, "where": "Picardy", "damaged": False})
            nid += 1
    state["units"].append({"id": nid, "type": "infantry", "owner": "France", "where": "Paris", "damaged": False})
    return state


def test_breaking_through_in_a_turn():
    state = _contested_picardy(breaking_through=True)
    orders = [parse_order("break through 2 infantry: Picardy - Paris", B)]
    after = Turn(B, state, "Germany", None).run(orders)
    assert sum(1 for u in after["units"] if u["where"] == "Paris" and u["owner"] == "Germany") == 2
    with pytest.raises(OrderError, match="so 2 may"):
        Turn(B, state, "Germany", None).run([parse_order("break through 3 infantry: Picardy - Paris", B)])
    with pytest.raises(OrderError, match="option `breaking_through`"):
        Turn(B, _contested_picardy(), "Germany", None).run(orders)
    real = Turn(B, state, "Germany", random.Random(4)).run(orders)
    assert any(e["battle"] == "Paris" for e in real["log"]) and any(e["battle"] == "Picardy" for e in real["log"])


def test_concentrated_defence_worked_example():
    """4.15 "There are 20 British units with 10 French units and Germany chooses to attack the
    French with 20 divisions, so the French divisions (10) AND 25% of the British ones
    (25% * 20 = 5) may defend themselves ... If you roll 4 or more, you add 25% of ALL other
    remaining units ... for a total of 10 + 5 + 5 = 20." """
    from engine.aa1914.house import concentrated_defence
    assert concentrated_defence(10, 20, 3) == (10, 5)
    assert concentrated_defence(10, 20, 4) == (10, 10)
    assert sum(concentrated_defence(10, 20, 6)) == 20


def test_concentrated_attack_in_a_battle():
    state = state_with(concentrated_attacks=True)
    state["units"] = [u for u in state["units"] if u["where"] != "Picardy"]
    nid = 9600
    for owner, n in (("France", 2), ("British Empire", 8), ("Germany", 6)):
        for _ in range(n):
            state["units"].append({"id": nid, "type": "infantry", "owner": owner, "where": "Picardy", "damaged": False})
            nid += 1
    state["control"]["Picardy"] = "France"
    turn = Turn(B, state, "Germany", Dice(2, *([1] * 30)))
    after = turn.run([parse_order("attack Picardy", B), parse_order("concentrate Picardy on France", B)])
    # die 2: France's 2 and 25 % of 8 British (2) fight; six German hits kill only those four
    assert sum(1 for u in after["units"] if u["where"] == "Picardy" and u["owner"] == "British Empire") == 6
    assert not any(u["where"] == "Picardy" and u["owner"] == "France" for u in after["units"])


def test_every_corner_of_the_empire():
    """4.6 "players may place 1 unit from their production queue each turn on any original
    territory they control that has an IPC value of 3 or more. The unit must be an Infantry unit
    or, if other Infantry units are present in that territory, an Artillery. Territories worth 6
    IPCs or more may receive 2 units" """
    state = state_with(every_corner=True)
    buy = parse_order("buy 4 infantry, 1 artillery", B)
    after = Turn(B, state, "Germany", None).run([buy, parse_order("place 1 infantry Prussia", B),
                                                 parse_order("place 2 infantry Ruhr", B),
                                                 parse_order("place 1 infantry Berlin", B)])
    assert sum(1 for u in after["units"] if u["where"] == "Ruhr") == sum(1 for u in state["units"] if u["where"] == "Ruhr") + 2
    state["units"] = [u for u in state["units"] if not (u["where"] == "Silesia" and u["type"] == "infantry")]
    for line, reason in (("place 2 infantry Prussia", "takes 1 unit"), ("place 1 infantry Kiel", "placed in Berlin"),
                         ("place 1 artillery Silesia", "only where your infantry already stands")):
        with pytest.raises(OrderError, match=reason):
            Turn(B, state, "Germany", None).run([buy, parse_order(line, B)])
    with pytest.raises(OrderError, match="placed in Berlin, not Prussia"):
        Turn(B, state_with(), "Germany", None).run([buy, parse_order("place 1 infantry Prussia", B)])


def test_more_production_factory():
    """4.11 "every country – except the United States – places a factory token ... The factory
    increases the territory's IPC output by 3 [or] ... purchased units may be placed there. The
    number of units ... is twice its IPC value, to a maximum of six." """
    state = state_with(more_production=True)
    after = Turn(B, state, "Germany", random.Random(1)).run([parse_order("factory Ruhr income", B)])
    assert after["factories"]["Germany"] == {"where": "Ruhr", "effect": "income"}
    assert after["treasury"]["Germany"] == 35 + 35 + 3
    staged = Turn(B, state, "Germany", None).run([parse_order("factory Prussia staging", B),
                                                   parse_order("buy 6 infantry", B),
                                                   parse_order("place 6 infantry Prussia", B)])
    assert sum(1 for u in staged["units"] if u["where"] == "Prussia") == sum(1 for u in state["units"] if u["where"] == "Prussia") + 6
    with pytest.raises(OrderError, match="takes 6 units a turn"):
        Turn(B, state, "Germany", None).run([parse_order("factory Prussia staging", B), parse_order("buy 7 infantry", B),
                                             parse_order("place 7 infantry Prussia", B)])
    with pytest.raises(OrderError, match="places no factory"):
        Turn(B, state, "United States", None).run([parse_order("factory United States of America income", B)])
    with pytest.raises(OrderError, match="worth 2 IPCs or more"):
        Turn(B, state, "France", None).run([parse_order("factory Corsica income", B)])
    # "If the territory containing the factory is captured by enemy powers, the factory is destroyed"
    after["control"]["Ruhr"] = "France"
    after["units"] = [u for u in after["units"] if u["where"] != "Ruhr"]
    again = Turn(B, after, "Germany", random.Random(1)).run([])
    assert "Germany" not in again["factories"]


async def test_deploy_the_reserves_is_secret_and_simultaneous(service):
    """4.3: "every power except the USA is allowed to purchase and place units on the map equal to
    their starting IPC value ... each player will secretly write down his unit placements. Every
    unit will then be placed one player at a time based on the revealed notes." """
    from engine.catalog import register_all
    from service import Actor, BadInput, BadState
    register_all()
    players = {p: Actor(300 + i, name=p) for i, p in enumerate(V.board.turn_order)}
    game = await service.create_game(1000, players["Italy"], "aa1914", options={"deploy_reserves": "on"})
    for power, actor in players.items():
        await service.join(game.id, actor, power)
    await service.start(game.id, players["Italy"])
    phase = await service.phase(game.id)
    assert phase.label == "Deploy the Reserves (secret placements)"
    assert set(V.seats_to_act(phase.state)) == set(V.board.turn_order) - {"United States"}
    # "Italy has initially 2 units in Libya ... may add up to two units in this territory"
    await service.submit_orders(game.id, players["Italy"], "place 2 infantry Libya")
    with pytest.raises(BadInput, match="Libya may receive 2 more"):
        await service.submit_orders(game.id, players["Italy"], "place 1 infantry Libya", replace=False)
    with pytest.raises(BadInput, match="worth 14 IPCs"):
        await service.submit_orders(game.id, players["Italy"], "place 1 battleship SZ 17\nplace 1 cruiser SZ 17")
    with pytest.raises(BadState, match="United States has nothing to order"):
        await service.submit_orders(game.id, players["United States"], "place 1 infantry United States of America")
    # orders stay private: nothing about them is posted before the reveal
    posted = " ".join(m.content for m in await service.pending_messages(500) if m.target == "game")
    assert "Libya" not in posted
    for power, actor in players.items():
        if power != "United States":
            await service.mark_ready(game.id, actor)
    phase = await service.phase(game.id)
    assert phase.label == "Round 1: Austria-Hungary"
    assert "Italy deploys 2 infantry in Libya" in (await service.phase(game.id, 0)).report


def test_reserve_limits():
    from engine.aa1914.reserves import check_reserves
    state = state_with(deploy_reserves=True)
    P = lambda text: parse_order(text, B)  # noqa: E731
    with pytest.raises(OrderError, match="already has units"):
        check_reserves(B, state, "Germany", [P("place 1 infantry Holland")])
    with pytest.raises(OrderError, match="only one fighter"):
        check_reserves(B, state, "Germany", [P("place 2 fighter Berlin")])
    with pytest.raises(OrderError, match="at most 2 transports"):
        check_reserves(B, state, "British Empire", [P("place 1 transport SZ 9"), P("place 2 transport SZ 9")])
    check_reserves(B, state, "Germany", [P("place 1 fighter Berlin"), P("place 2 infantry Ruhr")])


def test_us_reserve_bonus():
    """4.3: "The United States ... will instead receive 5 additional IPCs per turn for its first four
    turns ... If it enters the war before its fourth turn, it receives the remaining IPCs immediately." """
    state = state_with(deploy_reserves=True)
    state["phase"], state["turn"] = "turn", 7
    after = Turn(B, state, "United States", random.Random(1)).run([])
    assert after["treasury"]["United States"] == 20 + 20 + 5 and after["us_bonus_paid"] == 5
    after["round"] = 2
    germany = Turn(B, after, "Germany", random.Random(1)).run([parse_order("declare usw", B)])
    assert germany["treasury"]["United States"] == 45 + 15 and germany["us_bonus_paid"] == 20


def test_artillery_neutralization():
    """3.2 "This ability starts on Turn 4 ... On a successful roll, the defender must subtract one
    Infantry unit and one Artillery unit from the battle. They are suppressed and cannot fire
    back, but are not killed. If there are no more defending Artillery units, each successive
    neutralization hit suppresses two Infantry units instead. Attacking Artillery still promote
    attacking Infantry and Tank units." """
    from engine.aa1914.house import suppress
    assert suppress(5, 1, 1) == (1, 1)
    assert suppress(5, 1, 2) == (3, 1)          # no artillery left: two infantry
    assert suppress(2, 0, 3) == (2, 0)
    rules = rules_for({"artillery_neutralization": True})
    # neutralizing artillery hits (3); the infantry, still supported, rolls 6; defender: only 1 inf fires
    result = land_battle(Dice(3, 6, 6), force("artillery", "infantry"), force("infantry", "infantry", "artillery"),
                         rules=rules, neutralizers=1)
    assert result.rolls[0].step == "artillery neutralization" and result.suppressed == 2
    assert [r.target for r in result.rolls[1:2]] == [3]          # the infantry is still promoted to 3
    assert len(result.rolls[-1].dice) == 1                        # one defender left to fire
    state = state_with(artillery_neutralization=True)
    with pytest.raises(OrderError, match="starts on turn 4"):
        Turn(B, state, "Germany", None).run([parse_order("neutralize Berlin with 1", B)])


def test_submarine_and_cruiser_changes():
    """3.2 "Defensive hit die reduced to 1. On the attack, submarines call their target ... This
    effect is negated by Cruiser* at a 1:1 ratio ... Attacking Cruisers can negate the defensive
    effect of defending Cruisers*." and the dive: "if there are 3 Subs and 4 surface ships attack
    them, each Sub must roll a 3 or less to dive away safely." """
    from engine.aa1914.combat import SeaPolicy, sea_battle, sea_targets
    from engine.aa1914.house import dive_target, targeting_subs
    assert dive_target(4, 3) == 3 and dive_target(2, 3) == 4 and dive_target(9, 1) == 0
    assert targeting_subs(3, 1, 0) == 2 and targeting_subs(3, 2, 1) == 2 and targeting_subs(1, 3, 0) == 0
    assert sea_targets(force("submarine", "cruiser"), 1) == {1: 1, 3: 1}
    # two attacking subs, one stopped by the defending cruiser: the other calls the transport
    policy = SeaPolicy(action="break", after_rounds=1, sub_changes=True, sub_targets=("transport",))
    result = sea_battle(Dice(2, 6, 6, 6), force("submarine", "submarine"), force("cruiser", "transport"), policy)
    assert [p.type for p in result.defender_lost] == ["transport"]
    dive = SeaPolicy(defender_submerge=True, sub_changes=True, action="break", after_rounds=1)
    result = sea_battle(Dice(4, 6, 6), force("cruiser"), force("submarine", "cruiser"), dive)
    assert result.rolls[0].step == "preemptive dive" and result.rolls[0].target == 4
    assert [p.type for p in result.submerged] == ["submarine"]
    with pytest.raises(OrderError, match="option `sub_changes`"):
        Turn(B, state_with(), "Germany", None).run([parse_order("sub targets transport", B)])


def test_multinational_attacks():
    """4.14 "it is possible to perform a multinational attack on your turn by using up your ally's
    movement ... The units from your ally or allies which have accompanied you in the assault may
    not move on their power's turn." """
    state = state_with(multinational_attacks=True)
    state["turn"] = 3   # France
    join = parse_order("join British Empire 2 infantry: London - Yorkshire", B)
    with pytest.raises(OrderError, match="allies join an attack"):
        Turn(B, state, "France", None).run([join])
    state["units"] = [u for u in state["units"] if u["where"] not in ("Lorraine", "Alsace")]
    state["units"] += [{"id": 9901, "type": "infantry", "owner": "British Empire", "where": "Lorraine", "damaged": False},
                       {"id": 9902, "type": "infantry", "owner": "France", "where": "Lorraine", "damaged": False},
                       {"id": 9903, "type": "infantry", "owner": "Germany", "where": "Alsace", "damaged": False}]
    after = Turn(B, state, "France", Dice(*([1] * 20))).run([
        parse_order("move 1 infantry Lorraine - Alsace", B), parse_order("join British Empire 1 infantry: Lorraine - Alsace", B)])
    assert after["control"]["Alsace"] == "France"
    assert after["exhausted"] == {"9901": [1, 4]}            # the British turn of this round
    after["turn"] = 4
    with pytest.raises(OrderError, match="that can still move"):
        Turn(B, after, "British Empire", None).run([parse_order("move 1 infantry Alsace - Lorraine", B)])
    with pytest.raises(OrderError, match="option `multinational_attacks`"):
        Turn(B, state_with(), "France", None).run([join])


def test_counter_battery_fire():
    """4.8 "Artillery units performing CB attacks do not provide an attack bonus to attacking
    Infantry ... Rolling a 2 destroys an enemy Artillery ... Rolling a 1 destroys an enemy
    Artillery and negates 1 hit from the enemy Artillery." """
    # attacker: 2 artillery (1 CB), 2 infantry — only one infantry is supported now
    # exchange: attacker rolls 6 | 6 6; defender 3 dice: 1, 6, 6 → 1 hit
    # counter-battery: attacker's CB artillery rolls 1 → kills a defending artillery and spares our loss
    result = land_battle(Dice(6, 6, 6, 1, 6, 6, 1), force("artillery", "artillery", "infantry", "infantry"),
                         force("artillery", "artillery", "infantry"), counter_battery=(1, 0))
    exchange = {r.target: len(r.dice) for r in result.rolls if r.step == "land combat" and r.who == "attacker"}
    assert exchange == {2: 1, 3: 2}                                # no support from the CB gun
    assert result.rolls[-1].step == "counter-battery fire" and result.rolls[-1].dice == [1]
    assert len(result.attackers) == 4 and not result.attacker_lost
    assert [p.type for p in result.defender_lost] == ["artillery"]
    with pytest.raises(OrderError, match="up to half"):
        Turn(B, state_with(counter_battery=True), "Germany", None).run([parse_order("counter-battery Berlin with 9", B)])


def _auction(orders, by_alliance=False):
    from engine.aa1914.auction import parse_auction_order, run_auction
    state = state_with(**({"auction_by_alliance": True} if by_alliance else {"auction_by_power": True}))
    parsed = {seat: [parse_auction_order(line, B, by_alliance) for line in lines] for seat, lines in orders.items()}
    report = run_auction(B, state, parsed, by_alliance)
    return state, report


def test_auction_by_power_and_the_threat_example():
    """4.9 "France wins the bid for Spain at 8 IPCs. Germany declares a Threat of Invasion on Spain.
    France must now pay 12 IPCs to acquire Spain. Russia, Italy and the UK must now also pay 2 IPCs
    each, for a total of 18 IPCs for what was originally an 8 IPC investment!" """
    state, report = _auction({"France": ["bid Spain 8"], "Germany": ["bid Spain 6", "threaten Spain"],
                              "Italy": ["bid Norway 4"]})
    assert state["alignments"]["Spain"] == "France" and state["alignments"]["Norway"] == "Italy"
    spain = next(line for line in report if line.startswith("Spain"))
    assert "France pays 12 IPCs and each ally 2" in spain
    assert report[-1].startswith("Auction money left") and "France 12" in report[-1] and "Russia 23" in report[-1]


def test_threat_refused_leaves_the_minor_neutral():
    """ "If the winning side cannot or decides to not pay the premium ... The neutral country can
    no longer be bid for ... The country that originally won the bid loses half the value of the
    bid, rounded up." """
    state, report = _auction({"France": ["bid Spain 9", "premium refuse"], "Germany": ["threaten Spain"]})
    spain = next(line for line in report if line.startswith("Spain"))
    assert state["alignments"]["Spain"] is None and "France loses 5 IPCs" in spain


def test_minimum_bid_is_the_ipc_value():
    """ "The minimum cost a player must pay to "align" a neutral power is the IPC value" """
    from engine.aa1914.auction import check_auction, parse_auction_order
    with pytest.raises(OrderError, match="at least 4"):
        check_auction(B, state_with(auction_by_power=True), "France", [parse_auction_order("bid Spain 3", B, False)], False)
    with pytest.raises(OrderError, match="only Germany, Austria-Hungary and the British Empire"):
        check_auction(B, state_with(auction_by_power=True), "France", [parse_auction_order("threaten Spain", B, False)], False)


def test_auction_by_alliance():
    """4.10 "the side making the bid must announce the new price AND to which specific country the
    neutral power would be aligned to ... "We bid 4 IPCs on Norway to be aligned with the UK"" """
    state, report = _auction({"France": ["bid Norway 4 for British Empire"], "Germany": ["bid Norway 5 for Germany"],
                              "Austria-Hungary": ["threaten Norway"]}, by_alliance=True)
    assert state["alignments"]["Norway"] == "Germany"
    with pytest.raises(OrderError, match="say which power"):
        from engine.aa1914.auction import parse_auction_order
        parse_auction_order("bid Norway 4", B, True)


async def test_auction_phase_then_game(service):
    from engine.catalog import register_all
    from service import Actor
    register_all()
    players = {p: Actor(500 + i, name=p) for i, p in enumerate(V.board.turn_order)}
    game = await service.create_game(1000, players["Italy"], "aa1914", options={"auction_by_power": "on"})
    for power, actor in players.items():
        await service.join(game.id, actor, power)
    await service.start(game.id, players["Italy"])
    assert (await service.phase(game.id)).label.startswith("No Such Thing as Neutral")
    await service.submit_orders(game.id, players["Germany"], "bid Sweden 5")
    for power, actor in players.items():
        if power != "United States":
            await service.mark_ready(game.id, actor)
    phase = await service.phase(game.id)
    assert phase.label == "Round 1: Austria-Hungary" and phase.state["alignments"]["Sweden"] == "Germany"


def _sea_state(**options):
    state = state_with(**options)
    return state


def _add(state, owner, kind, where, **extra):
    state["units"].append({"id": state["next_id"], "type": kind, "owner": owner, "where": where, "damaged": False, **extra})
    state["next_id"] += 1
    return state["units"][-1]


def test_freighters_and_raiders_purchase_limits():
    """2.6 "Freighters (Entente Powers Only)", 2.7 "Merchant Raiders (Central Powers Only)", 4.2
    "Each Central Power may only have 5 Merchant Raiders at any one time on the board." """
    state = _sea_state(freighters_raiders=True)
    with pytest.raises(OrderError, match="Entente powers only"):
        Turn(B, state, "Germany", None).run([parse_order("buy 1 freighter", B)])
    with pytest.raises(OrderError, match="Central Powers only"):
        Turn(B, state, "France", None).run([parse_order("buy 1 merchant raider", B)])
    with pytest.raises(OrderError, match="at most 5"):
        Turn(B, state, "Germany", None).run([parse_order("buy 6 raiders", B)])
    Turn(B, state, "France", None).run([parse_order("buy 2 freighter", B)])


def test_freighter_income():
    """4.2 "If the Freighter ends its turn in a friendly sea zone containing a naval base that does
    not belong to its owner (i.e. a British Freighter in a Russian harbor), the power controlling
    the Freighter receives 2 IPCs ... It cannot stay in one area and claim the IPCs in the same zone
    two turns in a row." """
    state = _sea_state(freighters_raiders=True)
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 6", "SZ 12")]
    _add(state, "British Empire", "freighter", "SZ 6")        # Karelia's base: Russian
    after = Turn(B, state, "British Empire", random.Random(1)).run([])
    assert after["treasury"]["British Empire"] == 30 + 30 + 2
    again = Turn(B, after, "British Empire", random.Random(1)).run([])
    assert again["treasury"]["British Empire"] == 62 + 30           # stayed: no claim
    moved = Turn(B, after, "British Empire", random.Random(1)).run([parse_order("move 1 freighter SZ 6 - SZ 5", B)])
    assert moved["treasury"]["British Empire"] == 62 + 30 + 0      # SZ 5 borders no friendly 2+ territory


def test_merchant_raider_raids_and_boards():
    """4.2 "If the Raider is inside an enemy's naval base, it automatically steals 1 IPC from the
    enemy and rolls a die. On a roll of 4 or less, it steals another IPC." and "Merchant Raiders can
    board enemy Freighters ... the Freighter is destroyed and the Raider immediately steals 2 IPCs" """
    state = _sea_state(freighters_raiders=True)
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 16", "SZ 15")]
    _add(state, "Germany", "merchant_raider", "SZ 16")          # Marseilles' base (French)
    after = Turn(B, state, "France", Dice(3)).run([])
    assert after["treasury"]["Germany"] == 35 + 2 and after["treasury"]["France"] == 24 - 2 + 24
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 13", "SZ 14")]
    _add(state, "Germany", "merchant_raider", "SZ 14")
    _add(state, "France", "freighter", "SZ 13")
    boarded = Turn(B, state, "Germany", random.Random(1)).run([parse_order("move 1 raider SZ 14 - SZ 13", B)])
    assert not any(u["type"] == "freighter" for u in boarded["units"])
    assert boarded["treasury"]["France"] == 24 - 2


def test_raiders_must_be_found():
    """4.2 "Upon entering a sea zone containing Merchant Raiders, the attacking ships roll a die. If
    the roll is equal to or less than the number of ships attacking, the Raider is discovered" """
    state = _sea_state(freighters_raiders=True)
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 14", "SZ 13")]
    _add(state, "Germany", "merchant_raider", "SZ 14")
    _add(state, "France", "cruiser", "SZ 13")
    missed = Turn(B, state, "France", Dice(5, 6)).run([parse_order("move 1 cruiser SZ 13 - SZ 14", B)])
    assert any(u["type"] == "merchant_raider" for u in missed["units"])
    found = Turn(B, state, "France", Dice(1, 1, 6)).run([parse_order("move 1 cruiser SZ 13 - SZ 14", B)])
    assert not any(u["type"] == "merchant_raider" for u in found["units"])


def test_armored_trains():
    """2.8 "Attack and defense value: 2x 2 ... may move any number of spaces within the owner's
    original territories ... may only move within the power's original territories ... negate 2
    hits on the defense and 1 on the offense. There may be only one Armored Train per territory." """
    from engine.aa1914.combat import land_targets
    assert land_targets(force("armored_train"), True, False) == {2: 2}
    state = state_with(armored_trains=True)
    _add(state, "Russia", "armored_train", "Moscow")
    Turn(B, state, "Russia", None).run([parse_order("move 1 train Moscow - Ukraine - Poland", B)])
    with pytest.raises(OrderError, match="own original territories, not Galicia"):
        Turn(B, state, "Russia", None).run([parse_order("move 1 train Moscow - Ukraine - Galicia", B)])
    _add(state, "Russia", "armored_train", "Ukraine")
    with pytest.raises(OrderError, match="only one armored train in Ukraine"):
        Turn(B, state, "Russia", None).run([parse_order("move 1 train Moscow - Ukraine", B)])
    # defending train cancels two of the attacker's hits; attacking train cancels one
    result = land_battle(Dice(1, 1, 1, 6, 6, 6), force("infantry", "infantry", "infantry"), force("armored_train", "infantry"))
    assert len(result.defender_lost) == 1


def test_armored_train_reacts_to_an_attack():
    state = state_with(armored_trains=True)
    state["trains_react"] = {"Russia": True}
    state["units"] = [u for u in state["units"] if u["where"] not in ("Poland",)]
    _add(state, "Russia", "infantry", "Poland")
    _add(state, "Russia", "armored_train", "Moscow")
    turn = Turn(B, state, "Germany", random.Random(2))
    after = turn.run([parse_order("move 1 infantry Prussia - Poland", B)])
    assert any("armored train rushes from Moscow to defend Poland" in line for line in turn.report)
    assert after["train_reacted"]


def test_trucks():
    """2.1 "Can transport 1 Infantry and 1 Artillery, 2 Infantry or 1 Tank 2 spaces ... It is not
    possible for units to move more than 2 spaces distance when carried by Trucks. The Truck is
    destroyed if the territory it is in is captured by the enemy." """
    from engine.aa1914.house import truck_loads
    assert truck_loads({"infantry": 2}) == 1 and truck_loads({"infantry": 1, "artillery": 1}) == 1
    assert truck_loads({"tank": 1}) == 1 and truck_loads({"infantry": 3}) == 2 and truck_loads({"artillery": 1}) is None
    state = state_with(trucks=True)
    # on foot, Berlin - Prussia - Poland is refused (one space only into hostile Poland); by truck:
    with pytest.raises(OrderError, match="only one territory when entering a hostile"):
        Turn(B, state, "Germany", None).run([parse_order("move 2 infantry Berlin - Prussia - Poland", B)])
    _add(state, "Germany", "truck", "Berlin")
    after = Turn(B, state, "Germany", None).run([parse_order("truck 2 infantry: Berlin - Prussia - Poland", B)])
    assert sum(1 for u in after["units"] if u["where"] == "Poland" and u["owner"] == "Germany") == 3   # 2 inf + truck
    with pytest.raises(OrderError, match="those units need 2"):
        Turn(B, state, "Germany", None).run([parse_order("truck 4 infantry: Berlin - Prussia", B)])
    with pytest.raises(OrderError, match="option `trucks`"):
        Turn(B, state_with(), "Germany", None).run([parse_order("truck 2 infantry: Berlin - Prussia", B)])


def test_truck_destroyed_when_its_territory_is_captured():
    state = state_with(trucks=True)
    state["units"] = [u for u in state["units"] if u["where"] != "Lorraine"]
    _add(state, "France", "truck", "Lorraine")
    _add(state, "Germany", "infantry", "Alsace")
    turn = Turn(B, state, "Germany", random.Random(1))
    after = turn.run([parse_order("move 1 infantry Alsace - Lorraine", B)])
    assert after["control"]["Lorraine"] == "Germany"
    assert not any(u["type"] == "truck" for u in after["units"])


def test_coastal_artillery():
    """2.4 "Max per territory: 1. Ships passing through the sea zone adjacent to the land territory
    where the Coastal Artillery is located are attacked by the coastal guns and sunk on a roll of 1
    ... Coastal Batteries are destroyed by attacking them with ships (standard battle) or if the
    territory is captured by an enemy power." """
    state = state_with(coastal_artillery=True)
    buy = parse_order("buy 1 coastal artillery", B)
    Turn(B, state, "Germany", None).run([buy, parse_order("place 1 coastal artillery Kiel", B)])
    with pytest.raises(OrderError, match="own coast, not in Munich"):
        Turn(B, state, "Germany", None).run([buy, parse_order("place 1 coastal artillery Munich", B)])
    _add(state, "Germany", "coastal_artillery", "Kiel")
    with pytest.raises(OrderError, match="one coastal battery"):
        Turn(B, state, "Germany", None).run([buy, parse_order("place 1 coastal artillery Kiel", B)])
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 9", "SZ 10")]
    _add(state, "British Empire", "cruiser", "SZ 9")
    _add(state, "British Empire", "cruiser", "SZ 9")
    # the mines (6, 6) miss; the coastal guns roll 1 and 6: one cruiser sunk
    sunk = Turn(B, state, "British Empire", Dice(6, 6, 1, 6, *([6] * 10))).run([parse_order("move 2 cruiser SZ 9 - SZ 10", B)])
    assert sum(1 for u in sunk["units"] if u["where"] == "SZ 10" and u["owner"] == "British Empire") == 1
    assert any(e["step"] == "coastal guns" for e in sunk["log"])
    # the surviving cruiser engages the battery: it hits (3), the battery misses
    shelled = Turn(B, sunk, "British Empire", Dice(*([2, 6] * 5))).run([parse_order("attack battery Kiel from SZ 10", B)])
    assert not any(u["type"] == "coastal_artillery" for u in shelled["units"])


def test_supply_chain():
    """4.7 "Every territory yields 1 supply every turn ... A territory may hold a maximum of supplies
    equal to twice the number of units your power has in that territory ... consume 1 supply to
    increase the hit die of one attacking or defending land unit by 1 ... each unit can only receive
    a single bonus per battle ... Supplies are destroyed if captured by the enemy." """
    from engine.aa1914.combat import _supply
    assert _supply({2: 2, 3: 1}, 5, 3) == {3: 2, 4: 1}       # each die raised once
    assert _supply({2: 2}, 1, 2) == {2: 1, 3: 1}
    state = state_with(supply_chain=True)
    italy_territories = sum(1 for n, t in B.territories.items() if not t.sea and state["control"].get(n) == "Italy")
    after = Turn(B, state, "Italy", random.Random(1)).run([parse_order("supply Venice 2", B)])
    store = after["supplies"]["Italy"]
    assert store["at"] == {"Venice": 2} and store["stock"] == italy_territories - 2
    venice_units = sum(1 for u in state["units"] if u["where"] == "Venice" and u["owner"] == "Italy")
    with pytest.raises(OrderError, match="more supplies"):
        Turn(B, state, "Italy", None).run([parse_order(f"supply Venice {2 * venice_units + 1}", B)])
    with pytest.raises(OrderError, match="option `supply_chain`"):
        Turn(B, state_with(), "Italy", None).run([parse_order("supply Venice 1", B)])
    # in battle: the defender's supplies raise its dice
    result = land_battle(Dice(6, 4), force("infantry"), force("infantry"), supplies=(0, 1))
    assert result.rolls[-1].target == 4 and result.supplies_used == (0, 1) and len(result.attacker_lost) == 1


def test_spain_alignment_arithmetic():
    """4.17 "Spain ends its turn with 8 units in Spain and 4 outside Spain. This gives is a total of
    10 points. It collects 6 IPCs, which it adds to the 1 IPC it kept in its hand. This gives a
    total of -7 points. Germany rolls a 3 and France rolls a 2. France lost the roll, so it elects to
    pay 1 IPC to compensate. Overall, the alignment marker of Spain moves 10 - 7 + 3/2 - 2 - 1 =
    1,5 points towards Germany" """
    from engine.aa1914.house import spain_shift
    assert spain_shift(8, 4, 7, 3, 2, 1) == 1.5


def _spain_state():
    from engine.aa1914.board import spain_board
    return spain_board(), initial_state(spain_board(), V.parse_options({"spain_balance": "on"}))


def test_spain_setup_and_turn_order():
    """4.17 "Place 7 Infantry and 1 Artillery on the Spanish mainland, 1 Infantry and 1 Artillery in
    Spanish Morocco, and 1 Transport and 1 Cruiser in Sea Zone 14 ... Spain begins the game with 5
    IPCs and will play after Italy's turn." """
    board, state = _spain_state()
    assert board.turn_order.index("Spain") == board.turn_order.index("Italy") + 1
    assert V.seats({"spain_balance": True})[6:8] == ("Italy", "Spain")
    spanish = [(u["type"], u["where"]) for u in state["units"] if u["owner"] == "Spain"]
    assert spanish.count(("infantry", "Spain")) == 7 and spanish.count(("artillery", "Spain")) == 1
    assert ("cruiser", "SZ 14") in spanish and ("transport", "SZ 14") in spanish
    assert state["treasury"]["Spain"] == 5


def test_spain_is_neutral():
    board, state = _spain_state()
    with pytest.raises(OrderError, match="neutral Spain: no power may enter it"):
        Turn(board, state, "France", None).run([parse_order("move 1 infantry Bordeaux - Spain", board)])
    with pytest.raises(OrderError, match="enters only its own territories and neutral ones"):
        Turn(board, state, "Spain", None).run([parse_order("move 1 infantry Spain - Portugal", board)])


def test_spain_swings_and_joins():
    """4.17 "If Spain's alignment reaches 6 points in favor of Germany, it enters the war on the
    Central Powers' side. All its units and territories fall under German control." """
    board, state = _spain_state()
    state["turn"] = board.turn_order.index("Spain")
    state["spain_track"] = 4.0
    # Spain: 8 land units in Spain, 2 in Morocco → 8 + 1; it holds 5 + 5 income = 10 → -10 + 9 = -1
    # Germany rolls 6 (+3), France 1 (-1): shift +1; then the tracker is at 5: not yet
    after = V.adjudicate(state, {}, Dice(6, 1)).state
    assert after["spain_track"] == 5.0 and "spain_joined" not in after
    after["turn"] = board.turn_order.index("Spain")
    after["treasury"]["Spain"] = 0
    joined = V.adjudicate(after, {}, Dice(6, 1)).state
    assert joined["spain_joined"] == "Germany" and joined["collapsed"]["Spain"] == "joined"
    assert joined["control"]["Spain"] == "Germany"
    assert all(u["owner"] != "Spain" for u in joined["units"])
    assert V.phase_label(joined) != "Round 1: Spain"


def test_spain_invading_a_neutral_meets_its_own_army():
    from engine.aa1914 import battles
    from engine.aa1914.state import NEUTRAL, at_war
    board, state = _spain_state()
    turn = Turn(board, state, "Spain", random.Random(1))
    battles.mobilize_minor(turn, "Holland")
    raised = [u for u in turn.state["units"] if u["where"] == "Holland"]
    assert len(raised) == 4 and {u["owner"] for u in raised} == {NEUTRAL}
    assert at_war(board, turn.state, "Spain", NEUTRAL) and not at_war(board, turn.state, "Spain", "France")
