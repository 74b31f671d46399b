"""Tournament Rules (seed 001) that an audit found broken, each from a position
where the old code failed, each quoting the sentence it enforces."""
import random

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from tests.aa_helpers import B, Dice, clear, fresh, place


def play(state, power, lines, dice=None):
    return Turn(B, state, power, dice or random.Random(1)).run([parse_order(line, B) for line in lines])


def dry(state, power, *lines):
    """Check orders as the variant does before saving them (no dice)."""
    return Turn(B, state, power, rng=None).run([parse_order(line, B) for line in lines])


def test_liberating_a_capital_takes_no_treasury():
    """Errata: "Only originally controlled territories can be liberated"; only capturing an enemy's
    own capital moves its IPCs. France liberating Paris from Germany takes none of Germany's."""
    state = fresh()
    state["control"]["Paris"] = "Germany"
    clear(state, "Paris", "Burgundy", "Picardy")
    place(state, "Germany", "infantry", "Paris")
    place(state, "France", "infantry", "Burgundy", 3)
    place(state, "France", "artillery", "Burgundy", 2)
    state["control"]["Burgundy"] = "France"
    germany_before = state["treasury"]["Germany"]
    after = play(state, "France", ["move 3 infantry, 2 artillery Burgundy - Paris"], Dice(*[1] * 40))
    assert after["control"]["Paris"] == "France"
    assert after["treasury"]["Germany"] == germany_before


def test_an_ally_liberating_a_capital_takes_no_treasury():
    state = fresh()
    state["control"]["Paris"] = "Germany"
    clear(state, "Paris", "SZ 9", "Picardy")
    place(state, "Germany", "infantry", "Paris")
    place(state, "British Empire", "infantry", "Picardy", 4)
    state["control"]["Picardy"] = "France"
    germany_before = state["treasury"]["Germany"]
    after = play(state, "British Empire", ["move 4 infantry Picardy - Paris"], Dice(*[1] * 40))
    assert after["control"]["Paris"] == "France"                 # liberated for its original owner
    assert after["treasury"]["Germany"] == germany_before


def test_capturing_an_enemys_own_capital_takes_its_treasury():
    state = fresh()
    clear(state, "Paris", "Burgundy")
    place(state, "France", "infantry", "Paris")
    place(state, "Germany", "infantry", "Burgundy", 4)
    state["control"]["Burgundy"] = "Germany"
    france = state["treasury"]["France"]
    after = play(state, "Germany", ["move 4 infantry Burgundy - Paris"], Dice(*[1] * 40))
    assert after["control"]["Paris"] == "Germany" and after["treasury"]["France"] == 0
    assert after["treasury"]["Germany"] >= france


def test_surrender_hands_a_contested_capital_and_its_treasury_to_the_enemy():
    """ "Control of any territories that it was contesting is established ... The surrendered
    power's IPC treasury will be claimed by the first enemy power to gain control of its capital." """
    state = fresh()
    others = ("Picardy", "Burgundy", "Lorraine", "Brest", "Bordeaux", "Marseilles")
    clear(state, "Paris", *others)
    place(state, "France", "infantry", "Paris")
    place(state, "Germany", "infantry", "Paris", 2)            # Germany contests Paris, France holds it
    for name in others:
        place(state, "Germany", "infantry", name)
        state["control"][name] = "Germany"
    state["treasury"]["France"] = 17
    germany = state["treasury"]["Germany"]
    after = play(state, "France", [])
    assert after["collapsed"].get("France") == "political"
    assert after["control"]["Paris"] == "Germany"
    assert after["treasury"]["Germany"] == germany + 17 and not after["unclaimed_treasury"]


def test_a_neutral_us_never_lends_its_pieces_to_a_minor():
    """Errata: "Before the United States is at war, its units may not be used to represent the
    mobilized forces of minor neutral territories." With every other Allied power gone, Denmark
    raises its own army (docs/rulings.md) — and the turn never crashes."""
    state = fresh()
    for power in ("France", "British Empire", "Russia", "Italy"):
        state["collapsed"][power] = "political"
    assert not state["us_at_war"]
    clear(state, "Kiel")
    place(state, "Germany", "infantry", "Kiel", 6)
    turn = Turn(B, state, "Germany", Dice(*[6] * 60))
    after = turn.run([parse_order("move 6 infantry Kiel - Denmark", B)])
    assert not any(u["owner"] == "United States" and u["where"] == "Denmark" for u in after["units"])
    assert any("Denmark raises its own army" in line for line in turn.report)


def test_submerged_attacking_subs_stay_when_the_fleet_retreats():
    """Seed 001: "All remaining attacking units (excluding submerged subs) must retreat together"."""
    state = fresh()
    clear(state, "SZ 4", "SZ 5", "SZ 9", "SZ 10")
    place(state, "Germany", "cruiser", "SZ 10")
    sub = place(state, "Germany", "submarine", "SZ 10")
    place(state, "British Empire", "cruiser", "SZ 4")
    after = play(state, "Germany", ["move 1 cruiser, 1 submarine SZ 10 - SZ 5 - SZ 4", "submerge SZ 4",
                                    "retreat SZ 4 to SZ 5 after 1"], Dice(*[6] * 40))
    where = {u["id"]: u["where"] for u in after["units"] if u["owner"] == "Germany" and u["where"] in ("SZ 4", "SZ 5")}
    assert where.get(sub["id"]) == "SZ 4"                                  # the submerged sub stays
    assert "SZ 5" in where.values()                                        # the cruiser retreated


def test_first_entry_into_a_friendly_minor_is_per_power_and_per_game():
    """Seed 001: land units "must end their movement if they ... enter any friendly minor aligned
    power's territory for the first time": once Russia has entered Romania, later turns pass
    through it (docs/rulings.md)."""
    import pytest
    from engine.errors import OrderError
    state = fresh()
    with pytest.raises(OrderError, match="stop on first entering friendly minor Romania"):
        dry(state, "Russia", "move 1 infantry Sevastopol - Romania - Ukraine")
    after = play(state, "Russia", ["move 1 infantry Sevastopol - Romania"])
    assert "Romania" in after["minor_entries"]["Russia"]
    dry(after, "Russia", "move 1 infantry Sevastopol - Romania - Ukraine")       # now allowed
    later = play(after, "Russia", ["move 1 infantry Sevastopol - Romania - Ukraine"])
    assert any(u["owner"] == "Russia" and u["where"] == "Ukraine" for u in later["units"])


def test_within_a_turn_the_first_entry_counts_for_every_order():
    """A first entry this turn stops every unit entering this turn, not only the first order's."""
    import pytest
    from engine.errors import OrderError
    state = fresh()
    clear(state, "French Equatorial Africa", "Kamerun", "Rhodesia")
    place(state, "France", "infantry", "French Equatorial Africa", 2)
    state["control"]["Rhodesia"] = "British Empire"
    with pytest.raises(OrderError, match="stop on first entering friendly minor Belgian Congo"):
        dry(state, "France", "move 1 infantry French Equatorial Africa - Belgian Congo",
            "move 1 infantry French Equatorial Africa - Belgian Congo - Rhodesia")


def test_units_leaving_a_contested_territory_by_transport_land_only_where_they_may():
    """Seed 001: units that begin in a contested territory "can also be moved by transport, in
    which case they may either be transported to a territory within range that meets those same
    requirements or remain at sea"."""
    import pytest
    from engine.errors import OrderError
    state = fresh()
    clear(state, "Picardy", "SZ 9", "SZ 8")
    place(state, "France", "infantry", "Picardy", 2)
    place(state, "Germany", "infantry", "Picardy")                 # Picardy is contested
    place(state, "France", "transport", "SZ 9")
    place(state, "France", "cruiser", "SZ 9")
    for where in ("London", "Belgium"):
        with pytest.raises(OrderError, match="left contested Picardy by transport may land only"):
            dry(state, "France", "move 1 infantry Picardy - SZ 9", f"move 1 infantry SZ 9 - {where}")
    dry(state, "France", "move 1 infantry Picardy - SZ 9")          # staying at sea is allowed


def _landing_position():
    state = fresh()
    clear(state, "SZ 8", "SZ 9", "Picardy")
    place(state, "British Empire", "transport", "SZ 9")
    place(state, "British Empire", "cruiser", "SZ 9")
    place(state, "Germany", "cruiser", "SZ 8")
    return state


LANDING = ["move 2 infantry London - SZ 9", "move 1 transport, 1 cruiser SZ 9 - SZ 8",
           "move 2 infantry SZ 8 - Picardy", "retreat SZ 8 to SZ 9 after 1"]


def test_no_landing_from_a_zone_whose_sea_battle_is_not_won():
    """Seed 001: "Transports may not offload units after retreating": the cargo lands only once
    the sea battle in its zone is won; a fleet that retreats takes its cargo along."""
    after = play(_landing_position(), "British Empire", LANDING, Dice(*[6] * 20))
    british = [u for u in after["units"] if u["owner"] == "British Empire" and u["type"] == "infantry"]
    assert not any(u["where"] == "Picardy" for u in british)
    assert sum(1 for u in british if u["where"] == "SZ 9" and u.get("aboard")) == 2


def test_the_landing_goes_ahead_once_the_zone_is_cleared():
    after = play(_landing_position(), "British Empire", LANDING, Dice(1, 6, *[6] * 20))
    assert sum(1 for u in after["units"] if u["owner"] == "British Empire" and u["where"] == "Picardy") == 2


def test_a_landing_can_be_called_off_after_mine_hits():
    """Errata: "If you are planning an amphibious assault or reinforcement, but some of your ships
    hit mines while attempting to deliver the units, you may call off the landing." """
    state = fresh()
    clear(state, "SZ 9", "SZ 10")                        # SZ 10 keeps Germany's minefield
    place(state, "British Empire", "transport", "SZ 9")
    place(state, "British Empire", "battleship", "SZ 9")
    orders = ["move 2 infantry London - SZ 9", "move 1 transport, 1 battleship SZ 9 - SZ 10",
              "move 2 infantry SZ 10 - Kiel", "call off Kiel if mined"]
    turn = Turn(B, state, "British Empire", Dice(1, 6, *[6] * 30))     # the battleship hits a mine
    after = turn.run([parse_order(line, B) for line in orders])
    assert not any(u["owner"] == "British Empire" and u["where"] == "Kiel" for u in after["units"])
    assert any("called off after mine hits" in line for line in turn.report)
    assert sum(1 for u in after["units"] if u["owner"] == "British Empire" and u.get("aboard")) == 2


def test_every_mine_roll_is_reported_hit_or_miss():
    """Every die rolled appears in the turn report, a mine roll that misses included."""
    state = fresh()
    clear(state, "SZ 9", "SZ 10")
    place(state, "British Empire", "cruiser", "SZ 9")
    turn = Turn(B, state, "British Empire", Dice(*[6] * 20))
    turn.run([parse_order("move 1 cruiser SZ 9 - SZ 10", B)])
    assert any("Mines in SZ 10" in line and "[6]" in line and "no hit" in line for line in turn.report)


def test_austria_hungary_is_reminded_to_attack_serbia_in_round_1():
    """RULES.md 5.8: "Austria-Hungary must attack Serbia on its first turn, starting the war"."""
    from tests.aa_helpers import V
    state = fresh()
    assert any("must attack Serbia" in m for m in V.missing_orders(state, "Austria-Hungary", ["buy 2 infantry"]))
    attacked = V.missing_orders(state, "Austria-Hungary", ["move 3 infantry, 1 artillery Budapest - Serbia"])
    assert not any("Serbia" in m for m in attacked)
    assert not any("Serbia" in m for m in V.missing_orders(fresh(round=2), "Austria-Hungary", []))
    assert V.missing_orders(state, "Germany", []) == []


def test_ready_names_units_bought_but_not_placed_and_money_left():
    """Marking ready says what is still missing — "A&A units bought but not
    placed, money left". RULES.md 1.4: bought units are mobilized in the capital."""
    from tests.aa_helpers import V
    state = fresh()
    treasury = state["treasury"]["Austria-Hungary"]
    missing = V.missing_orders(state, "Austria-Hungary", ["buy 2 infantry", "place 1 infantry Vienna"])
    assert any(m.startswith("bought but not placed: 1 infantry") for m in missing)
    assert any(m.startswith(f"{treasury - 6} IPCs left unspent") for m in missing)
    spent = V.missing_orders(state, "Austria-Hungary", [f"buy {treasury // 3} infantry",
                                                        f"place {treasury // 3} infantry Vienna"])
    assert not any("unspent" in m or "not placed" in m for m in spent)


def test_a_power_without_its_capital_still_collects_until_it_collapses():
    state = fresh()
    state["control"]["Paris"] = "Germany"
    clear(state, "Paris")
    place(state, "Germany", "infantry", "Paris")
    before = state["treasury"]["France"]
    after = play(state, "France", [])
    assert after.get("collapsed", {}).get("France") is None
    assert after["treasury"]["France"] > before                     # 18 homeland - 6 Paris + colonies


async def test_the_console_speaks_every_a_and_a_command(service, tmp_path):
    """Every A&A slash command has its console twin with the same words; seats answer to their
    full names, short names and common aliases."""
    from console import Console
    from engine.catalog import register_all
    register_all()
    console = Console(service, tmp_path, write=lambda _: None)
    await console.execute("as a")
    await console.execute("game create aa1914 name=T")
    for _ in range(8):
        await console.execute("game join 1")
    await console.execute("game start 1")
    for prefix in ("British Empire", "UK", "britain"):
        out = await console.execute(f"orders 1 {prefix}: casualties infantry, artillery")
        assert out[0].startswith("Orders of **British Empire**"), out
    assert "✓ `buy 2 infantry`" in (await console.execute("buy 1 2 infantry"))[0]
    assert "Budapest - Serbia" in (await console.execute("move 1 2 infantry Budapest - Serbia"))[0]
    out = await console.execute("done 1")          # what is missing is named first
    assert "bought but not placed: 2 infantry" in out[0] and "IPCs left unspent" in out[0]
    out = await console.execute("done 1 confirm")
    assert any("The turn is played out; now **Round 1: Russia**" in line for line in out)
    assert "Land battle" in (await console.execute("odds 3 inf, 1 art vs 4 inf"))[0]
    assert "game #1's rules" in (await console.execute("odds #1 3 inf, 1 art vs 4 inf"))[0]
    named = (await console.execute("odds 2 inf vs 1 train options: armored_trains"))[0]
    assert "attacker wins 0.0%" in named and "armored_trains" in named
    assert "Round 1: Russia" in (await console.execute("status 1"))[0]
    assert "game-1-phase-1-western-front.png" in (await console.execute("map 1 1 western front"))[-1]
    assert (tmp_path / "game-1-phase-1-western-front.png").exists()
    assert "regions: `western front`" in (await console.execute("map 1 atlantis"))[0]
    assert "game-1-phase-1-preview.png" in (await console.execute("map 1 preview"))[-1]


def test_each_power_is_briefed_with_its_own_position_and_legal_examples():
    from tests.aa_helpers import V
    state = fresh()
    for power in ("Austria-Hungary", "Russia", "Germany", "France", "British Empire"):
        state["turn"] = list(B.turn_order).index(power)
        brief = V.phase_brief(state, power)
        assert f"It is {power}'s turn" in brief and f"treasury {state['treasury'][power]} IPCs" in brief
        examples = brief.split("for example: ")[1].split(". Then")[0].split("`")[1::2]
        for example in examples:
            V.check_orders(state, power, [example], ["buy 1 infantry"] if example.startswith("place") else [])
