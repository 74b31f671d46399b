"""House rule 4.17 "Spain Hangs in the Balance": the alignment tracker, Spain's setup, neutrality and entry."""
import random

import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.setup import initial_state
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import Dice, V


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
