"""How the Diplomacy bot values provinces, and the rx07 rules it plays by."""
from __future__ import annotations

import random

from engine.catalog import register_all
from engine.diplomacy.bot import rules_for
from engine.diplomacy.bot.board import Board
from engine.diplomacy.bot.values import Values
from engine.variant import get_variant

register_all()
RX07 = get_variant("rx07")


def values(state, seat):
    return Values(Board.read(RX07, state, seat), rules_for(RX07))


def advance_to(predicate, seed=5, last_year=1925):
    """Play normal bots from the start until `predicate(state)` holds."""
    rng = random.Random(seed)
    state = RX07.initial_state({}, rng)
    while state["year"] <= last_year:
        if predicate(state):
            return state
        orders = {seat: [line for line, _ in RX07.bot_orders(state, seat, random.Random(rng.random()))]
                  for seat in RX07.seats_to_act(state)}
        result = RX07.adjudicate(state, orders, rng)
        if result.finished:
            break
        state = result.state
    return None


def test_an_unowned_centre_is_worth_more_than_an_empty_province_beside_it():
    v = values(RX07.initial_state({}, random.Random(1)), "Central")
    assert v.of("A", "ser") > v.of("A", "gal")
    assert v.of("A", "ser") > v.of("A", "bud")          # Budapest is not threatened in 1914


def test_a_centre_that_opens_later_has_worth_now_but_is_never_entered_early():
    state = RX07.initial_state({}, random.Random(1))
    v = values(state, "Central")
    assert 0 < v.base["rum"] < v.base["ser"]            # Rumania opens in Fall 1916 (rule 4)
    for seat in RX07.seats(state["options"]):
        for line, _ in RX07.bot_orders(state, seat, random.Random(2)):
            assert not line.endswith(("- Rum", "- Bul", "- Ven", "- Pie", "- Tus", "- Apu"))


def test_the_fall_values_the_centres_themselves_the_spring_the_approach():
    state = RX07.initial_state({}, random.Random(1))
    fall = values(state, "Central")
    spring = values(dict(state, season="spring", year=1915), "Central")
    assert fall.weights.proximity[0] > fall.weights.proximity[1]
    assert spring.weights.proximity[1] > spring.weights.proximity[0]


def test_russia_in_civil_disorder_threatens_nothing():
    # rule 5: Russia falls into civil disorder after the Spring 1917 move
    for seed in range(5, 15):
        state = advance_to(lambda s: s["phase"] == "movement" and (
            s["year"] > 1917 or (s["year"] == 1917 and s["season"] == "fall")), seed=seed)
        if state is not None:
            break
    assert state is not None, "no sample game lasts to Fall 1917"
    board = Board.read(RX07, state, "Central")
    assert "Russia" in board.disorder
    russian = [p for p, u in board.units.items() if u.power == "Russia"]
    for province in russian:
        for step in board.reach[province]:
            assert board.threats(step).get("Entente", 0) == sum(
                1 for p, u in board.units.items() if u.power != "Russia" and board.side_of(u.power) == "Entente"
                and step in board.reach[p])


def test_the_american_army_gets_a_free_landing_centre_and_is_named():
    def entente_lands(state):
        return (state["phase"] == "adjustment" and state["year"] >= 1917 and "Entente" in RX07.seats_to_act(state)
                and RX07.american_landings(state, Board.read(RX07, state, "Entente").units))

    for seed in range(3, 12):
        state = advance_to(entente_lands, seed=seed)
        if state is not None:
            break
    assert state is not None, "no winter with an American landing in these games"
    pairs = RX07.bot_orders(state, "Entente", random.Random(1))
    landing = [line for line, _ in pairs if line.startswith("America")]
    assert len(landing) == 1
    centre = landing[0].split()[-1]
    assert not any(line.startswith("Build") and line.split()[-1].split("/")[0] == centre for line, _ in pairs)


def test_reasons_name_the_destination_and_the_risk():
    state = RX07.initial_state({}, random.Random(1))
    pairs = dict(RX07.bot_orders(state, "Central", random.Random(4)))
    assert "Ser is an unowned centre, worth" in pairs["A Bud - Ser"]
    assert "no enemy can reach it" in pairs["A Bud - Ser"]
