"""House rule 4.2 "Freighters and Raiders" (units 2.6 and 2.7): purchase limits, freighter income,
raids, boarding, and where merchant raiders are mobilized."""
import random
from collections import Counter

import pytest

from engine.aa1914.house.registry import rules_for
from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, Dice, V, clear, place, play_turn, state_with


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


def test_raiders_defend_at_2():
    """2.7: Merchant Raiders, "Defense value : 2": a raider attacked at sea fires back at 2."""
    from engine.aa1914.combat import Piece, sea_battle
    result = sea_battle(Dice(6, 2), [Piece("cruiser", "British Empire", uid=1)],
                        [Piece("merchant_raider", "Germany", uid=2)])
    assert [(r.who, r.target, r.dice) for r in result.rolls][:2] == [("attacker", 3, [6]), ("defender", 2, [2])]
    assert result.attacker_lost and not result.defender_lost


def test_a_freighter_may_claim_again_after_a_turn_away():
    """4.2: "The Freighter must move every turn. It cannot stay in one area and claim the IPCs in the
    same zone two turns in a row." A → B → A earns in A both times; one left in place earns nothing
    and /ready names it."""
    state = state_with(freighters_raiders=True)
    clear(state, "SZ 5", "SZ 6")
    place(state, "British Empire", "freighter", "SZ 6")        # Karelia's base: Russian
    income = 30

    def treasury_after(state, *orders):
        return play_turn(state, "British Empire", *orders, rng=random.Random(1))

    one = treasury_after(state, "move 1 freighter SZ 6 - SZ 5 - SZ 6")
    assert one["treasury"]["British Empire"] == 30 + income + 2
    two = treasury_after(one, "move 1 freighter SZ 6 - SZ 5")          # nothing next to SZ 5
    three = treasury_after(two, "move 1 freighter SZ 5 - SZ 6")
    assert three["treasury"]["British Empire"] == two["treasury"]["British Empire"] + income + 2
    stayed = treasury_after(three)
    assert stayed["treasury"]["British Empire"] == three["treasury"]["British Empire"] + income
    three["turn"] = three["turn"] if V.active(three) == "British Empire" else B.turn_order.index("British Empire")
    assert any("SZ 6 must move every turn" in m for m in V.missing_orders(three, "British Empire", []))
    assert not any("freighter" in m for m in V.missing_orders(three, "British Empire", ["move 1 freighter SZ 6 - SZ 5"]))


def _raider_state():
    return V.initial_state(V.parse_options({"freighters_raiders": True}), random.Random(1))


def test_no_more_than_two_raiders_are_mobilized_into_one_zone():
    """4.2: "No more than 2 Merchant Raiders may be in the same sea zone at any time." """
    from engine.aa1914.orders import parse_order
    from engine.aa1914.turn import Turn
    from engine.errors import OrderError
    state = _raider_state()
    board = V.board_of(state)
    zone = next(z for z in sorted(board.territories["Kiel"].adjacent) if board.territories[z].sea)
    with pytest.raises(OrderError, match="no more than 2 merchant raiders"):
        Turn(board, state, "Germany", None).run([parse_order(line, board) for line in (
            "buy 3 merchant raider", f"place 3 merchant raider {zone}")])


def test_a_raider_next_to_a_territory_worth_nothing_destroys_nothing():
    """4.2: a raider acts when "adjacent to an enemy territory that is worth 1 IPC" (or more): off
    Corsica (worth nothing), with France's other coasts on SZ 16 in German hands, nothing happens."""
    from engine.aa1914.turn import Turn
    from tests.aa_helpers import Dice
    state = _raider_state()
    board = V.board_of(state)
    from tests.aa_helpers import clear, place
    for name in ("Marseilles", "Algeria", "Tunisia"):
        clear(state, name)
        place(state, "Germany", "infantry", name)
        state["control"][name] = "Germany"
    state["units"].append({"id": 99_999, "type": "merchant_raider", "owner": "Germany", "where": "SZ 16",
                           "damaged": False})
    turn = Turn(board, state, "France", Dice(*[1] * 20))
    turn.run([])
    assert not any("merchant raider in SZ 16" in line for line in turn.report)


def germany_to_move(treasury: int = 60) -> dict:
    state = state_with(freighters_raiders=True)
    state["turn"] = B.turn_order.index("Germany")
    state["treasury"]["Germany"] = treasury
    return state


def raiders(state) -> Counter:
    return Counter(u["where"] for u in state["units"] if u["type"] == "merchant_raider")


def test_three_unplaced_raiders_fill_both_base_zones():
    """4.2: "No more than 2 Merchant Raiders may be in the same sea zone." — Germany's base zones
    (SZ 11 off Berlin, SZ 10 off Kiel) take 2 + 1; nothing is refunded."""
    state = germany_to_move()
    result = V.adjudicate(state, {"Germany": ["buy 3 merchant raider"]}, random.Random(1))
    assert raiders(result.state) == Counter({"SZ 11": 2, "SZ 10": 1})
    assert "refunded" not in result.report


def test_raiders_that_fit_nowhere_are_refunded_one_by_one():
    """4.2: "No more than 2 Merchant Raiders may be in the same sea zone." — with one raider
    already in each base zone, two of three new ones fit and the third is refunded."""
    state = germany_to_move()
    place(state, "Germany", "merchant_raider", "SZ 11")
    place(state, "Germany", "merchant_raider", "SZ 10")
    before = state["treasury"]["Germany"]
    result = V.adjudicate(state, {"Germany": ["buy 3 merchant raider"]}, random.Random(1))
    assert raiders(result.state) == Counter({"SZ 11": 2, "SZ 10": 2})
    cost = rules_for(state["options"]).cost("merchant_raider")
    assert f"1 merchant raider not mobilized (no place to mobilize them): {cost} IPCs refunded" in result.report
    assert "Germany mobilizes 2 merchant raider." in result.report
    collected = int(result.report.split("collects ")[1].split()[0])
    assert result.state["treasury"]["Germany"] == before - 2 * cost + collected


def test_placed_raiders_count_before_the_rest_go_where_they_fit():
    """A `place` order is carried out first; the unplaced raiders then go one by one."""
    state = germany_to_move()
    lines = ["buy 3 merchant raider", "place 1 merchant raider SZ 10"]
    assert V.check_orders(state, "Germany", lines)
    result = V.adjudicate(state, {"Germany": lines}, random.Random(1))
    assert raiders(result.state) == Counter({"SZ 11": 2, "SZ 10": 1})
