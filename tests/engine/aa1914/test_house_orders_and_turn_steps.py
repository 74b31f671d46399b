"""The shape of a turn, as behaviour: every house order is refused in one place when its option is off, order
errors say which kind they are, the pre-game phases follow from the options, and a turn carries
out its orders step by step whatever order they were written in."""
import random

import pytest

from engine.aa1914.house.registry import HOUSE_RULES, order_handlers
from engine.aa1914.orders import parse_order
from engine.aa1914.setup import first_phase
from engine.errors import IllegalOrder, RuleNotEnabled, UnreadableOrder
from tests.aa_random_play import V

# One readable line for each order a house option adds (Austria-Hungary moves first).
HOUSE_ORDER_LINES = {
    "trucks": "truck 2 infantry: Vienna - Tyrolia",
    "coastal_artillery": "attack battery Venice from SZ 18",
    "multinational_attacks": "join Germany 1 infantry: Silesia - Galicia",
    "breaking_through": "break through 1 infantry: Vienna - Tyrolia",
    "concentrated_attacks": "concentrate Serbia on Russia",
    "artillery_neutralization": "neutralize Serbia with 1",
    "counter_battery": "counter-battery Serbia with 1",
    "more_production": "factory Vienna income",
    "sub_changes": "sub targets transport",
    "supply_chain": "supply Vienna 1",
    "italian_dilemma": "defect",
}


def test_every_house_order_is_refused_by_its_option_when_the_game_does_not_use_it():
    """"the nine hand-written 'this game does not use house rule …' messages come from one place":
    the registry answers for every option's orders with `catalog.not_enabled`."""
    owners = {rule.key for rule in HOUSE_RULES.values() if rule.orders}
    assert owners == set(HOUSE_ORDER_LINES)
    state = V.initial_state({}, random.Random(0))
    for option, line in HOUSE_ORDER_LINES.items():
        kind = type(parse_order(line, V.board_of(state)))
        assert HOUSE_RULES[option].orders[kind], option
        with pytest.raises(RuleNotEnabled, match=rf"\(option `{option}`\)") as caught:
            V.check_orders(state, "Austria-Hungary", [line])
        assert caught.value.option == option and caught.value.line == line
    handlers = order_handlers({})
    assert all(handler.step for handler in handlers.values())


def test_an_order_error_says_which_kind_it_is():
    """As python-chess separates its move errors: unreadable, illegal, or a rule not enabled."""
    state = V.initial_state({}, random.Random(0))
    with pytest.raises(UnreadableOrder, match="not a territory or sea zone"):
        V.check_orders(state, "Austria-Hungary", ["move 1 infantry Vienna - Atlantis"])
    with pytest.raises(UnreadableOrder):
        V.check_orders(state, "Austria-Hungary", ["sing loudly"])
    with pytest.raises(IllegalOrder, match="do not border"):
        V.check_orders(state, "Austria-Hungary", ["move 1 infantry Vienna - Venice"])
    with pytest.raises(RuleNotEnabled):
        V.check_orders(state, "Austria-Hungary", ["buy 1 truck"])
    for error in (UnreadableOrder, IllegalOrder, RuleNotEnabled):
        assert not issubclass(error, tuple({UnreadableOrder, IllegalOrder, RuleNotEnabled} - {error}))


def test_diplomacy_orders_say_which_kind_too():
    from engine.catalog import register_all
    from engine.variant import get_variant
    register_all()
    rx07 = get_variant("rx07")
    state = rx07.initial_state({}, random.Random(0))
    with pytest.raises(UnreadableOrder):
        rx07.check_orders(state, "Entente", ["A Par - Xyz"])
    with pytest.raises(IllegalOrder):
        rx07.check_orders(state, "Entente", ["A Par - Mun"])


def test_pre_game_phases_follow_from_the_options():
    """4.9/4.10: the auction before the game; 4.3: the reserves before round 1 — in that order."""
    assert first_phase({}) == "turn"
    assert first_phase({"deploy_reserves": True}) == "reserves"
    assert first_phase({"auction_by_power": True, "deploy_reserves": True}) == "auction"
    assert first_phase({"auction_by_power": True, "deploy_reserves": True}, after="auction") == "reserves"
    assert first_phase({"auction_by_alliance": True}, after="auction") == "turn"


def test_a_turn_carries_out_its_steps_in_order_whatever_order_they_are_written_in():
    """RULES.md 1.2: purchase comes before movement and mobilization after combat, so a `place`
    written first and a `buy` written last still make one legal turn."""
    state = V.initial_state({}, random.Random(0))
    written = ["place 1 infantry Vienna", "move 1 infantry Vienna - Tyrolia", "buy 1 infantry"]
    assert V.check_orders(state, "Austria-Hungary", written) == [
        "place 1 infantry: Vienna", "move 1 infantry: Vienna - Tyrolia", "buy 1 infantry"]
    result = V.adjudicate(state, {"Austria-Hungary": written}, random.Random(3))
    mine = [u for u in result.state["units"] if u["owner"] == "Austria-Hungary"]
    assert len(mine) == 1 + sum(1 for u in state["units"] if u["owner"] == "Austria-Hungary")
    assert "mobilizes 1 infantry" in result.report
