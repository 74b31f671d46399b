"""House Rules & Variants (seed 002) section 4, the scenarios: each tested from its quote."""
import random

import pytest

from engine.aa1914.combat import land_battle
from engine.aa1914.orders import parse_order
from engine.aa1914.setup import initial_state
from engine.aa1914.turn import Turn
from engine.errors import OrderError

from tests.aa_helpers import B, V, Dice, force, place, seat_everyone, state_with



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


def test_breakthrough_allowance_worked_example():
    """4.13 "the German player attacks with 50 units a French position 15 strong. Germany has 15
    units in that territory at the beginning of its turn, and 35 are marched in as
    reinforcements. The French forces can hold back 30 German units. Up to 20 German divisions
    may break through. Since only 15 German units were present ... may send those 15" """
    from engine.aa1914.house.breaking_through import breakthrough_allowance
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
    from engine.aa1914.house.concentrated_attacks import concentrated_defence
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
    from service import BadInput, BadState
    game, players = await seat_everyone(service, {"deploy_reserves": "on"}, 300)
    phase = await service.phase(game.id)
    assert phase.label == "Deploy the Reserves (secret placements)"
    assert set(V.seats_to_act(phase.state)) == set(V.board.turn_order) - {"United States"}
    # "Italy has initially 2 units in Libya ... may add up to two units in this territory"
    await service.submit_orders(game.id, players["Italy"], "place 2 infantry Libya")
    with pytest.raises(BadInput, match="Libya may receive 2 more"):
        await service.submit_orders(game.id, players["Italy"], "place 1 infantry Libya", replace=False)
    sheet = await service.submit_orders(game.id, players["Italy"], "place 1 battleship SZ 17\nplace 1 cruiser SZ 17")
    assert [line for line, _ in sheet.refused] == ["place 1 cruiser SZ 17"] and "worth 14 IPCs" in sheet.refused[0][1]
    await service.submit_orders(game.id, players["Italy"], "place 2 infantry Libya")
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


def _sea_state(**options):
    return state_with(**options)


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
    state["units"] = [u for u in state["units"] if u["where"] != "SZ 5"]
    place(state, "British Empire", "freighter", "SZ 5")
    after = Turn(B, state, "British Empire", random.Random(1)).run(
        [parse_order("move 1 freighter SZ 5 - SZ 6", B)])    # Karelia's base: Russian
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
    place(state, "Germany", "merchant_raider", "SZ 16")          # Marseilles' base (French)
    after = Turn(B, state, "France", Dice(3)).run([])
    assert after["treasury"]["Germany"] == 35 + 2 and after["treasury"]["France"] == 24 - 2 + 24
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 13", "SZ 14")]
    place(state, "Germany", "merchant_raider", "SZ 14")
    place(state, "France", "freighter", "SZ 13")
    boarded = Turn(B, state, "Germany", random.Random(1)).run([parse_order("move 1 raider SZ 14 - SZ 13", B)])
    assert not any(u["type"] == "freighter" for u in boarded["units"])
    assert boarded["treasury"]["France"] == 24 - 2


def test_raiders_must_be_found():
    """4.2 "Upon entering a sea zone containing Merchant Raiders, the attacking ships roll a die. If
    the roll is equal to or less than the number of ships attacking, the Raider is discovered" """
    state = _sea_state(freighters_raiders=True)
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 14", "SZ 13")]
    place(state, "Germany", "merchant_raider", "SZ 14")
    place(state, "France", "cruiser", "SZ 13")
    missed = Turn(B, state, "France", Dice(5, 6)).run([parse_order("move 1 cruiser SZ 13 - SZ 14", B)])
    assert any(u["type"] == "merchant_raider" for u in missed["units"])
    found = Turn(B, state, "France", Dice(1, 1, 6)).run([parse_order("move 1 cruiser SZ 13 - SZ 14", B)])
    assert not any(u["type"] == "merchant_raider" for u in found["units"])


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
    from engine.aa1914.house.spain_balance import spain_shift
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
    from engine.aa1914.state import NEUTRAL
    board, state = _spain_state()
    turn = Turn(board, state, "Spain", random.Random(1))
    battles.mobilize_minor(turn, "Holland")
    raised = turn.position.units_in("Holland")
    assert len(raised) == 4 and {u.owner for u in raised} == {NEUTRAL}
    assert turn.position.at_war("Spain", NEUTRAL) and not turn.position.at_war("Spain", "France")


def _italian(**extra):
    from engine.aa1914.board import board_for
    state = state_with(italian_dilemma=True, **extra)
    return board_for(state["options"], "neutral"), state


def test_italy_starts_neutral_and_joins_whoever_it_is_attacked_by():
    """4.16 "At the beginning of the game, Italy is neutral to both sides ... If, however, it is
    attacked by any power during this turn, it will automatically join the opposing alliance" """
    from engine.aa1914.state import at_war
    board, state = _italian()
    assert board.side_of("Italy") is None and not at_war(board, state, "Italy", "Austria-Hungary")
    turn = Turn(board, state, "Austria-Hungary", random.Random(3))
    after = turn.run([parse_order("move 1 infantry Tyrolia - Venice", board)])
    assert after["italy"]["status"] == "Allies"
    assert any(e["battle"] == "Venice" for e in after["log"])           # a real battle followed


def test_neutral_italy_moves_at_home_and_attacks_only_from_turn_3():
    """ "it can produce and move its units inside its territories ... Starting on Turn 3 ... It may
    also decide to unilaterally attack one side or the other ... or BOTH sides" """
    board, state = _italian()
    with pytest.raises(OrderError, match="from turn 3"):
        Turn(board, state, "Italy", None).run([parse_order("move 1 infantry Venice - Tyrolia", board)])
    state["round"] = 3
    after = Turn(board, state, "Italy", None).run([parse_order("move 1 infantry Venice - Tyrolia", board)])
    assert after["italy"]["status"] == "Allies"
    both = Turn(board, state, "Italy", None).run([parse_order("move 1 infantry Venice - Tyrolia", board),
                                                  parse_order("move 1 infantry Piedmont - Marseilles", board)])
    assert both["italy"]["status"] == "alone"


async def test_negotiation_round(service):
    """ "Starting on Turn 2, just before Italy begins its turn, there is a negotiation round ... If
    only one side agrees to the terms ... Italy joins the war on that side. If both sides are willing
    ... Italy joins the war on the side of the highest bidder." """
    game, players = await seat_everyone(service, {"italian_dilemma": "on"}, 700)
    state = (await service.phase(game.id)).state
    assert V.phase_label(state) == "Round 1: Austria-Hungary"
    # play round 1 (everyone passes) up to Italy's round-2 negotiation
    for _ in range(8 + 6):
        phase = await service.phase(game.id)
        if phase.state.get("phase") != "turn":
            break
        await service.mark_ready(game.id, players[V.active(phase.state)], confirm=True)
    phase = await service.phase(game.id)
    assert phase.label == "Round 2: Italy's demands"
    await service.submit_orders(game.id, players["Italy"], "demand lump 5\ndemand per-turn 2")
    _, phase = await service.mark_ready(game.id, players["Italy"])
    assert phase.label == "Round 2: answering Italy"
    await service.submit_orders(game.id, players["France"], "accept")
    await service.submit_orders(game.id, players["Germany"], "offer 3")
    for seat in V.seats_to_act(phase.state):
        await service.mark_ready(game.id, players[seat])
    phase = await service.phase(game.id)
    assert phase.label == "Round 2: Italy" and phase.state["italy"]["status"] == "Central Powers"
    assert phase.state["italy"]["deal"]["speaker"] == "Germany" and phase.state["italy"]["deal"]["per_turn"] == 2


def test_deal_payments_and_defection():
    """ "if the Central Powers negotiated a deal where they would give 5 IPCs per turn to Italy and
    fail to do so at one point, Italy may choose to defect to the Entente side ... Defection can only
    occur once during the game." """
    from engine.aa1914.board import board_for
    state = state_with(italian_dilemma=True)
    state["italy"].update(status="Central Powers", deal={"side": "Central Powers", "speaker": "Germany",
                                                           "per_turn": 5, "territory": None, "by_round": 0})
    state["treasury"]["Germany"] = 3
    state["round"] = 4
    board = board_for(state["options"], "Central Powers")
    after = Turn(board, state, "Italy", random.Random(1)).run([])
    assert after["italy"]["broken"]
    board = board_for(after["options"], "Central Powers")
    defected = Turn(board, after, "Italy", random.Random(1)).run([parse_order("defect", board)])
    assert defected["italy"]["status"] == "Allies" and defected["italy"]["defected"]
    with pytest.raises(OrderError, match="once"):
        Turn(board_for(defected["options"], "Allies"), defected, "Italy", None).run([parse_order("defect", board)])


def test_territory_promise_and_neutral_italys_victory():
    """ "Italy entered war on the side of the Entente in exchange for the promise of capturing
    Trieste by the end of turn 5, but at the end of that turn the territory is not under Italy's
    control. It could then defect" and "If it is still neutral or at war with both when one of the
    alliances capitulates, Italy will be victorious if it reaches an economic value of 26 IPCs." """
    from engine.aa1914.italy import check_promise
    state = state_with(italian_dilemma=True)
    state["italy"].update(status="Allies", deal={"side": "Allies", "speaker": "France", "per_turn": 0,
                                                 "territory": "Trieste", "by_round": 5})
    notes = []
    check_promise(state, 5, notes)
    assert state["italy"]["broken"] and "Trieste is not Italian" in notes[0]
    neutral = state_with(italian_dilemma=True)
    for name in ("Berlin", "Vienna", "Constantinople"):
        neutral["control"][name] = "Russia"
        neutral["units"] = [u for u in neutral["units"] if u["where"] != name]
    for name in ("Tyrolia", "Trieste", "Bohemia"):   # Italy grows to 14 + 4 + 4 + 3 = 25 ... and Galicia
        neutral["control"][name] = "Italy"
        neutral["units"] = [u for u in neutral["units"] if u["where"] != name]
    neutral["control"]["Galicia"] = "Italy"
    neutral["units"] = [u for u in neutral["units"] if u["where"] != "Galicia"]
    neutral["turn"] = 1
    result = V.adjudicate(neutral, {}, random.Random(0))
    assert result.finished and result.state["winner"] == "Allies"
    assert "Italy" in result.winners and "Germany" not in result.winners
