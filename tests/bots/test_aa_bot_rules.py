"""The A&A bot's purchase, attack and transport rules (docs/bots.md), each on a position
built for it."""
from __future__ import annotations

import random

from engine.aa1914.bot.battle_odds import pressed_land, this_round
from engine.aa1914.odds import land_odds
from engine.catalog import register_all
from engine.variant import get_variant
from tests.aa_helpers import clear, place

register_all()
V = get_variant("aa1914")


def at_turn_of(power: str, **options) -> dict:
    state = V.initial_state(V.parse_options(options), random.Random(1))
    state["turn"] = V.board_of(state).turn_order.index(power)
    return state


def sheet(state: dict, power: str) -> list[tuple[str, str]]:
    return V.bot_orders(state, power, random.Random(3))


def test_pressed_odds_agree_with_one_round_and_grow_with_the_attack():
    """The battle fought to the end is won at least as often as this turn's round, and more
    attackers win it more often."""
    defenders = ["infantry"] * 4
    small, large = ["infantry", "artillery"] * 2, ["infantry", "artillery"] * 5
    assert pressed_land(small, defenders) < pressed_land(large, defenders)
    assert pressed_land(large, defenders) >= this_round(large, defenders).attacker_wins
    assert this_round(large, defenders).attacker_wins == land_odds(
        sorted(large, key=lambda t: t != "infantry"), defenders).attacker_wins
    assert pressed_land([], defenders) == 0.0 and pressed_land(small, []) == 1.0


def test_a_threatened_capital_buys_infantry_first():
    state = at_turn_of("France")
    place(state, "Germany", "infantry", "Picardy", 25)
    place(state, "Germany", "artillery", "Picardy", 15)
    state["control"]["Picardy"] = "Germany"
    lines = sheet(state, "France")
    buy = next((line, why) for line, why in lines if line.startswith("buy"))
    assert buy[0].endswith("infantry") and "Paris is threatened" in buy[1]


def test_a_front_across_the_water_buys_transports():
    """London has no land route to the front: the British Empire saves for a fleet."""
    state = at_turn_of("British Empire")
    clear(state, "India")
    lines = [line for line, _ in sheet(state, "British Empire")]
    assert any(line.startswith("buy") and "transport" in line for line in lines)


def test_a_land_power_buys_artillery_and_infantry_in_pairs():
    pairs = sheet(at_turn_of("Germany"), "Germany")
    buys = {line.split()[-1]: int(line.split()[1]) for line, why in pairs
            if line.startswith("buy") and why.startswith("attack capacity")}
    assert abs(buys.get("artillery", 0) - buys.get("infantry", 0)) <= 1 and buys
    assert not any("transport" in line for line, _ in pairs if line.startswith("buy"))


def test_a_threatened_front_buys_infantry_for_it():
    """Purchases defend threatened territories: a Russian homeland territory on the front that the
    enemy could attack with more than it holds gets infantry (placed in Moscow, marching there)."""
    state = at_turn_of("Russia")
    place(state, "Germany", "infantry", "Prussia", 30)
    place(state, "Germany", "artillery", "Prussia", 20)
    pairs = sheet(state, "Russia")
    assert any(line.startswith("buy") and line.endswith("infantry") and why.startswith("the front is threatened")
               for line, why in pairs)


def test_a_sure_attack_is_taken_and_a_hopeless_one_left_alone():
    state = at_turn_of("Russia")
    clear(state, "Ukraine", "Galicia", "Romania", "Poland", "Belarus", "Sevastopol")
    place(state, "Russia", "infantry", "Ukraine", 6)
    place(state, "Russia", "artillery", "Ukraine", 4)
    place(state, "Austria-Hungary", "infantry", "Galicia", 1)          # sure
    place(state, "Austria-Hungary", "infantry", "Romania", 30)         # hopeless
    state["control"]["Romania"] = "Austria-Hungary"
    pairs = sheet(state, "Russia")
    into = {line.split(" - ")[-1] for line, _ in pairs if line.startswith("move") and "Ukraine -" in line}
    assert "Galicia" in into and "Romania" not in into
    reason = next(why for line, why in pairs if line.endswith("- Galicia"))
    assert reason.startswith("attack Galicia:") and "to take it" in reason


def test_the_capital_keeps_its_garrison():
    """Keep the capital safe: with the enemy next door, the bot does not empty it to attack."""
    state = at_turn_of("Austria-Hungary")
    state["round"] = 2
    clear(state, "Vienna", "Bohemia", "Galicia", "Budapest", "Tyrolia", "Trieste")
    place(state, "Austria-Hungary", "infantry", "Vienna", 10)
    place(state, "Germany", "infantry", "Bohemia", 1)                   # an ally: no threat from there
    place(state, "Russia", "infantry", "Galicia", 12)
    state["control"]["Galicia"] = "Russia"
    lines = [line for line, _ in sheet(state, "Austria-Hungary")]
    left = 10 - sum(int(line.split()[1]) for line in lines if line.startswith("move") and " Vienna -" in line)
    assert left >= 8


def test_transports_carry_the_army_and_an_escort_sails_with_them():
    """Amphibious moves with escorts: units in London board the transport off London, sail and
    land nearest the front; the warship in the transport's zone goes along."""
    state = at_turn_of("British Empire")
    state["us_at_war"] = True
    clear(state, "SZ 9", "SZ 8", "SZ 7", "London")
    place(state, "British Empire", "transport", "SZ 8")
    place(state, "British Empire", "cruiser", "SZ 8")
    place(state, "British Empire", "infantry", "London", 2)
    pairs = sheet(state, "British Empire")
    lines = [line for line, _ in pairs]
    assert any(line.startswith("move") and " London - SZ 8" in line for line in lines)
    sail = next(line for line in lines if line.startswith("move 1 transport SZ 8 -"))
    escort = next(line for line in lines if line.startswith("move 1 cruiser SZ 8 -"))
    assert sail.split(" SZ 8 - ")[1] == escort.split(" SZ 8 - ")[1]
    zone = sail.split(" - ")[-1]
    landing = next(line for line in lines if line.startswith(f"move 2 infantry {zone} - "))
    assert not V.board_of(state).territories[landing.split(" - ")[-1]].sea


def test_an_unescorted_transport_never_sails_into_enemy_warships():
    state = at_turn_of("British Empire")
    state["us_at_war"] = True
    board = V.board_of(state)
    clear(state, *[z for z in board.territories if board.territories[z].sea])
    place(state, "British Empire", "transport", "SZ 8")
    place(state, "British Empire", "infantry", "London", 2)
    for zone in board.territories["SZ 8"].adjacent:
        if board.territories[zone].sea:
            place(state, "Germany", "cruiser", zone)
    lines = [line for line, _ in sheet(state, "British Empire")]
    assert not any(line.startswith("move 1 transport SZ 8") for line in lines)


def test_germany_declares_submarine_warfare_only_once_the_united_states_is_at_war():
    """Declaring USW brings the United States in at once (seed 001): the bot waits for its entry."""
    state = at_turn_of("Germany")
    assert not any(line == "declare usw" for line, _ in sheet(state, "Germany"))
    state["us_at_war"] = True
    pairs = sheet(state, "Germany")
    assert any(line == "declare usw" for line, _ in pairs)
    assert any(line.startswith("move") and "submarine" in line and line.split(" - ")[-1] in ("SZ 2", "SZ 7", "SZ 8")
               for line, _ in pairs)


def test_an_army_aboard_always_lands_somewhere_it_can_reach():
    """A landing whose voyage the rules refuse (ships stop on entering a mined zone) gives way to
    the next best one: the army never stays aboard for want of its first choice."""
    state = at_turn_of("British Empire")
    state["us_at_war"] = True
    clear(state, "SZ 9", "SZ 10", "SZ 11", "Prussia")
    place(state, "Germany", "infantry", "Prussia")         # a prize off SZ 11, past the mines of SZ 10
    place(state, "British Empire", "cruiser", "SZ 9", 2)
    for _ in range(4):
        transport = place(state, "British Empire", "transport", "SZ 9")
        place(state, "British Empire", "infantry", "SZ 9", 1, aboard=transport["id"])
        place(state, "British Empire", "artillery", "SZ 9", 1, aboard=transport["id"])
    lines = [line for line, _ in sheet(state, "British Empire")]
    zone = next((line.split(" - ")[-1] for line in lines if line.startswith("move 4 transport SZ 9")), "SZ 9")
    assert any(line.startswith(f"move 4 infantry {zone} - ") for line in lines)
    assert any(line.startswith(f"move 4 artillery {zone} - ") for line in lines)


def test_a_fleet_the_enemy_would_sink_withdraws():
    state = at_turn_of("British Empire")
    board = V.board_of(state)
    clear(state, *[z for z in board.territories if board.territories[z].sea])
    place(state, "British Empire", "cruiser", "SZ 9")
    place(state, "Germany", "battleship", "SZ 10", 3)
    pairs = sheet(state, "British Empire")
    move = next((line, why) for line, why in pairs if line.startswith("move 1 cruiser SZ 9 -"))
    assert move[1].startswith("withdraw to") and "would win" in move[1]
    assert move[0].split(" - ")[-1] not in board.territories["SZ 10"].adjacent


def test_an_armored_train_runs_by_rail_to_the_threatened_border():
    """2.8: trains move "any number of spaces within the owner's original territories"."""
    state = at_turn_of("Germany", armored_trains=True)
    state["round"] = 2
    place(state, "Germany", "armored_train", "Hanover")
    place(state, "Russia", "infantry", "Poland", 20)
    pairs = sheet(state, "Germany")
    rail = next((line, why) for line, why in pairs if line.startswith("move 1 armored train Hanover"))
    assert rail[0].split(" - ")[-1] in V.board_of(state).territories["Poland"].adjacent
    assert "by rail to" in rail[1]
