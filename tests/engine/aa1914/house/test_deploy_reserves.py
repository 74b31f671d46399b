"""House rule 4.3 "Deploy the Reserves": a secret, simultaneous placement before round 1, and its limits."""
import random

import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, V, seat_everyone, state_with


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


def test_territory_names_with_spaces_parse_in_placements():
    """`place 2 infantry United States of America` names the territory, not `America`."""
    from engine.aa1914.orders import parse_order
    order = parse_order("place 2 infantry United States of America", V.board)
    assert order.where == "United States of America" and order.units == (("infantry", 2),)


def test_deploy_the_reserves_keeps_one_battery_on_a_coast_and_one_train_per_territory():
    """2.4 Coastal Artillery "Max per territory: 1"; 2.8 "There may be only one Armored Train per
    territory"; with 4.3 Deploy the Reserves these hold for the secret placements too."""
    from engine.aa1914.orders import parse_order
    from engine.aa1914.reserves import check_reserves
    from engine.errors import OrderError
    state = V.initial_state(V.parse_options({"deploy_reserves": True, "coastal_artillery": True,
                                             "armored_trains": True}), random.Random(1))
    board = V.board_of(state)

    def check(*lines):
        check_reserves(board, state, "Germany", [parse_order(line, board) for line in lines])

    check("place 1 coastal artillery Kiel")
    with pytest.raises(OrderError, match="only one coastal artillery in Kiel"):
        check("place 2 coastal artillery Kiel")
    with pytest.raises(OrderError, match="borders no sea zone"):
        check("place 1 coastal artillery Munich")
    check("place 1 armored train Berlin")
    with pytest.raises(OrderError, match="only one armored train in Berlin"):
        check("place 1 armored train Berlin", "place 1 armored train Berlin")
