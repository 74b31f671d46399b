"""Every A&A unit name a player types or reads is the spoken one: `armored train`, `armoured
train` (British spelling), `armored trains` and `armored_train` are all read, and what Dispatch
writes — canonical orders, reports, briefs, refusals, menus — says `armored train`, never
`armored_train`."""
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.aa1914.orders import parse_order
from engine.aa1914.units import UNIT_TYPES, unit_name, unit_type
from engine.errors import RulesError
from tests.aa_helpers import B, V
from tests.aa_random_play import accepted, random_lines

HOUSE_UNIT_OPTIONS = {key: True for key in ("trucks", "armored_cars", "armored_trains", "coastal_artillery",
                                            "destroyers", "artillery_trucks", "freighters_raiders")}
TWO_WORDS = [kind for kind in UNIT_TYPES if "_" in kind]
# a unit type written with `_` outside backticks (`coastal_artillery` in backticks is the option's key)
UNDERSCORED = re.compile(r"(?<!`)\b(" + "|".join(TWO_WORDS) + r")\b(?!`)")


def spellings(kind: str) -> list[str]:
    spoken = unit_name(kind)
    forms = [spoken, kind, spoken.upper(), spoken + "s", spoken.replace(" ", "-")]
    if "armored" in spoken:
        forms += [spoken.replace("armored", "armoured"), spoken.replace("armored", "armoured") + "s"]
    return forms


@pytest.mark.parametrize("kind", TWO_WORDS)
def test_every_spelling_of_a_two_word_unit_is_read(kind):
    for form in spellings(kind):
        assert unit_type(form).name == kind, form
        assert parse_order(f"buy 2 {form}", B).text() == f"buy 2 {unit_name(kind)}"
        assert parse_order(f"casualties infantry, {form}, tank", B).text() == \
            f"casualties infantry, {unit_name(kind)}, tank"
        assert parse_order(f"casualties {form} infantry", B).text() == f"casualties {unit_name(kind)}, infantry"


def test_armoured_train_orders_as_players_write_them():
    assert parse_order("buy 1 armoured train", B).text() == "buy 1 armored train"
    assert parse_order("move 2 Armoured Trains: Berlin - Silesia", B).text() == "move 2 armored train: Berlin - Silesia"
    assert parse_order("place 1 armored train Berlin", B).text() == "place 1 armored train: Berlin"
    assert parse_order("sub targets merchant raider, transport", B).text() == "sub targets merchant raider, transport"


def test_canonical_orders_never_show_an_underscore():
    for kind in UNIT_TYPES:
        for line in (f"buy 1 {kind}", f"place 1 {kind}: Berlin", f"casualties {kind}"):
            assert "_" not in parse_order(line, B).text(), line


def test_a_refusal_lists_the_units_by_their_spoken_names():
    with pytest.raises(RulesError) as refused:
        parse_order("buy 2 zeppelins", B)
    assert "armored train" in str(refused.value) and not UNDERSCORED.search(str(refused.value))


def written(state, seat, rng) -> list[str]:
    """Everything a player of `seat` reads in this phase, and the refusals of random orders."""
    texts = [V.phase_brief(state, seat), V.describe(state, seat), V.order_help(state)]
    texts += V.example_orders(state, seat) + V.order_choices(state, seat)
    for group in V.choice_groups(state, seat):
        texts += [group.prompt, *group.options]
    for line in random_lines(state, seat, rng) + [f"buy 1 {rng.choice(list(UNIT_TYPES))}"]:
        try:
            V.check_orders(state, seat, [line])
        except RulesError as exc:
            texts.append(str(exc))
    return texts


@pytest.mark.parametrize("seed", range(3))
def test_nothing_a_player_reads_in_a_game_shows_an_underscored_unit(seed):
    rng = random.Random(seed)
    state = V.initial_state(V.parse_options(HOUSE_UNIT_OPTIONS), random.Random(seed))
    seen: list[str] = [V.rules_summary(state["options"])]
    for _ in range(12):
        seats = V.seats_to_act(state)
        if not seats:
            break
        orders = {}
        for seat in seats:
            seen += written(state, seat, rng)
            lines = random_lines(state, seat, rng)
            lines += [f"buy 1 {unit_name(rng.choice(['armored_train', 'merchant_raider', 'armored_car']))}"]
            orders[seat] = accepted(state, seat, lines)
        result = V.adjudicate(state, orders, random.Random(rng.random()))
        seen += [result.report, *result.announcements, *result.private.values()]
        state = result.state
    shown = [text for text in seen if UNDERSCORED.search(text)]
    assert not shown, shown[:3]

WORDS = st.lists(st.sampled_from(["armored", "armoured", "train", "trains", "car", "merchant", "raider", "coastal",
                                  "artillery", "truck", "infantry", ",", "-", "_", "s", "2", ""]), max_size=8)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=40), WORDS.map(" ".join)))
def test_random_text_in_a_unit_list_is_read_or_refused_never_crashes(text):
    assert unit_type(text) is None or unit_type(text).name in UNIT_TYPES
    for verb in ("casualties", "sub targets", "buy 2", "place 1"):
        try:
            order = parse_order(f"{verb} {text}", B)
        except RulesError:
            continue
        assert "_" not in order.text() or "_" in text
