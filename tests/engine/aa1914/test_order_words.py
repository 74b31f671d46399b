"""The order table: every order line is read by one small reader per word, the Tournament Rules'
and the house options' alike, and what players are told — the refusal of a line no word reads,
`/help`, `/rules` — comes from the same table, naming exactly the words of the rules in force."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.aa1914.board import standard_board
from engine.aa1914.grammar import CORE_WORDS
from engine.aa1914.house.catalog import HOUSE_KEYS
from engine.aa1914.house.registry import HOUSE_RULES
from engine.aa1914.orders import ORDER_WORDS, parse_order, words_in_force
from engine.aa1914.variant import AA1914Variant
from engine.errors import OrderError, UnreadableOrder

B = standard_board()
V = AA1914Variant()
ALL_OPTIONS = {key: True for key in HOUSE_KEYS if key != "auction_by_alliance"}   # the two auctions exclude each other

# one line of each word, as a player writes it
EXAMPLES = {
    "buy": "buy 3 infantry", "move": "move 2 infantry Berlin - Silesia", "place": "place 3 infantry Berlin",
    "attack": "attack Picardy", "break off": "break off SZ 9 after 2", "retreat": "retreat SZ 9 to SZ 10",
    "casualties": "casualties infantry, artillery", "submerge": "submerge always", "call off": "call off Picardy if mined",
    "declare usw": "declare usw", "spain pay": "spain pay 2", "factory": "factory Ruhr income", "defect": "defect",
    "join": "join France 2 infantry: Paris - Picardy", "truck": "truck 2 infantry: Berlin - Prussia",
    "attack battery": "attack battery Kiel from SZ 10", "trains react|stay": "trains react",
    "sub targets": "sub targets transport", "neutralize": "neutralize Picardy with 2",
    "supplies use": "supplies use all", "supply": "supply Picardy 3", "counter-battery": "counter-battery always",
    "break through": "break through 2 infantry: Picardy - Paris", "concentrate": "concentrate Picardy on France",
}


def test_every_word_reads_its_own_lines_and_writes_them_back():
    assert sorted(w.phrase for w in ORDER_WORDS) == sorted(EXAMPLES)
    for word in ORDER_WORDS:
        order = parse_order(EXAMPLES[word.phrase], B)
        assert parse_order(order.text(), B) == order, word.phrase


def test_each_option_brings_its_words_and_they_carry_its_name():
    """Adding an option is its module and its registry line: its words come from the module."""
    for key, rule in HOUSE_RULES.items():
        assert {w.phrase for w in ORDER_WORDS if w.option == key} == {w.phrase for w in rule.words}
    assert {w.phrase for w in ORDER_WORDS if w.option is None} == {w.phrase for w in CORE_WORDS}


@pytest.mark.parametrize("options", [{}, {"trucks": True, "supply_chain": True}, ALL_OPTIONS],
                         ids=["tournament", "two-options", "all-options"])
def test_the_fallback_error_and_help_name_every_word_in_force_and_no_other(options):
    in_force = {w.phrase for w in words_in_force(options)}
    assert in_force == {w.phrase for w in CORE_WORDS} | {w.phrase for w in ORDER_WORDS if options.get(w.option)}
    with pytest.raises(UnreadableOrder) as refused:
        parse_order("frobnicate the lines", B, options)
    listed = str(refused.value).split("orders start with ")[1]
    named = {p.strip() for p in listed.replace(" or ", ", ").split(", ")}
    assert named == in_force
    help_text = V.order_help({"options": options})
    for word in ORDER_WORDS:
        example = "`" + word.phrase.split("|")[0]
        assert (example in help_text) == (word.phrase in in_force), word.phrase


def test_help_and_rules_show_an_options_orders_only_in_a_game_that_uses_it():
    assert "`truck 2 infantry" not in V.order_help({"options": {}})
    assert "`truck 2 infantry" in V.order_help({"options": {"trucks": True}})
    assert "Orders these options add" not in V.rules_summary({})
    summary = V.rules_summary({"counter_battery": True})
    assert "`counter-battery Picardy with 2`" in summary and "`truck " not in summary


def test_a_misspelt_order_word_is_told_the_closest_word():
    with pytest.raises(UnreadableOrder, match="did you mean `move`"):
        parse_order("mvoe 2 infantry Berlin - Silesia", B)
    with pytest.raises(UnreadableOrder, match="did you mean `counter-battery`"):
        parse_order("counterbatery Picardy with 2", B, {"counter_battery": True})


def test_an_options_word_is_read_in_every_game_and_refused_by_name_where_the_option_is_off():
    """The line reads the same everywhere; the rules in force refuse it, naming the option."""
    state = V.initial_state({}, __import__("random").Random(1))
    with pytest.raises(OrderError, match="option `trucks`"):
        V.check_orders(state, "Austria-Hungary", ["truck 2 infantry: Vienna - Budapest"])


def test_a_power_waiting_for_its_turn_is_told_the_standing_orders_in_force():
    state = V.initial_state(V.parse_options({"supply_chain": True}), __import__("random").Random(1))
    with pytest.raises(OrderError) as refused:
        V.check_orders(state, "Russia", ["buy 1 infantry"])
    assert "`submerge always|never`" in str(refused.value) and "`supplies use all|none|N`" in str(refused.value)
    assert "counter-battery" not in str(refused.value)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80), st.sampled_from(sorted({v for w in ORDER_WORDS for v in w.verbs})))
def test_any_text_after_any_order_word_is_read_or_refused_in_words(text, verb):
    for line in (text, f"{verb} {text}"):
        try:
            parse_order(line, B)
        except OrderError as exc:
            assert str(exc)
