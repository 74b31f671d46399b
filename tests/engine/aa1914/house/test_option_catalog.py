"""The house options of seed 002 as players see them: listed, parsed, combinable, shown in a game's
status, and an order for an option the game does not use refused with the option's name."""
import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, V, play_turn, state_with


def test_an_order_for_a_rule_the_game_does_not_use_says_which_option():
    """One refusal for every house rule not switched on: the seed's section and the option's name."""
    from engine.aa1914.house.catalog import HOUSE_OPTIONS, not_enabled
    from engine.errors import RuleNotEnabled
    for spec in HOUSE_OPTIONS:
        error = not_enabled(spec.key)
        assert f"(option `{spec.key}`)" in str(error) and spec.description.split(":")[0] in str(error)
    with pytest.raises(RuleNotEnabled, match=r"house rule 2.1/3.1 Standard Trucks \(option `trucks`\)") as caught:
        play_turn(state_with(), "Germany", "truck 2 infantry: Berlin - Prussia")
    assert caught.value.option == "trucks"
    with pytest.raises(RuleNotEnabled, match="option `armored_trains`"):
        play_turn(state_with(), "Germany", "buy 1 armored train")


def test_options_are_listed_parsed_and_combinable():
    options = V.parse_options({"naval_costs": "on", "fighting_by_numbers": "yes", "swiss_alps": "1"})
    assert options["naval_costs"] and options["fighting_by_numbers"] and options["swiss_alps"]
    assert not options["aerial_combat"]


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
