"""Reports for Axis & Allies: every battle says how it ended (taken, held, still
contested with what each side has left), no unit name with an underscore, air supremacy names
its power, the Spain tracker says which way is which, /odds names each rule once, a victory says
its rule and numbers, and the brief's way to finish a turn is `/ready`."""
import random

from engine.aa1914.battles import battle_ending, force_words
from engine.aa1914.house.spain_balance import leaning
from engine.aa1914.position import Position
from engine.aa1914.state import units_in
from service.odds import combat_options_in_force
from tests.aa_helpers import B, V, clear, fresh, place


def test_every_land_battle_ends_in_words_matching_the_board():
    seen = set()
    for seed in range(12):
        state = V.initial_state({}, random.Random(0))
        result = V.adjudicate(state, {"Austria-Hungary": ["move 3 infantry, 1 artillery Budapest - Serbia"]},
                              random.Random(seed))
        lines = result.report.splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith("💥 Battle of Serbia"))
        assert lines[start].startswith("💥 Battle of Serbia, Austria-Hungary against ")
        ending = next(line.strip() for line in lines[start:] if line.strip().startswith("→"))
        left = units_in(result.state, "Serbia")
        mine = [u for u in left if u["owner"] == "Austria-Hungary"]
        others = [u for u in left if u["owner"] != "Austria-Hungary"]
        if mine and others:
            assert ending.startswith("→ Serbia is still contested: Austria-Hungary has ")
            assert "the battle goes on in a later turn" in ending
            seen.add("contested")
        elif mine:
            assert ending.startswith("→ Austria-Hungary wins: Serbia's defenders are destroyed")
            seen.add("taken")
        elif others:
            assert ending.startswith("→ ") and " holds Serbia with " in ending
            seen.add("held")
    assert seen                                              # the dice decide which; each is told


def test_battle_ending_names_what_is_left_without_underscores():
    state = fresh()
    clear(state, "Galicia")
    a = place(state, "Russia", "armored_train", "Galicia")
    d = place(state, "Austria-Hungary", "infantry", "Galicia")

    class Turn:
        pass
    turn = Turn()
    turn.position = Position.from_json(state, B)
    a, d = turn.position.unit(a["id"]), turn.position.unit(d["id"])
    text = battle_ending(turn, "Galicia", "Russia", "Austria-Hungary", [a], [d])
    assert text == ("→ Galicia is still contested: Russia has 1 armored train; Austria-Hungary has 1 infantry; "
                    "the battle goes on in a later turn.")
    assert force_words([a, a, d]) == "2 armored train and 1 infantry"


def test_spain_tracker_says_which_way():
    assert leaning(-1.5) == "1.5 points towards France"
    assert leaning(1) == "1 point towards Germany"
    assert leaning(0) == "to neither side (0 points)"


def test_odds_rules_line_names_each_option_once():
    named = combat_options_in_force({"destroyers": True, "aerial_combat": True})
    assert named == ["aerial_combat", "destroyers"]


def test_the_brief_finishes_with_ready():
    state = V.initial_state({}, random.Random(0))
    brief = V.phase_brief(state, "Austria-Hungary")
    assert "Then `/ready`." in brief and "/done" not in brief


def test_refunded_units_are_not_said_to_mobilize():
    from tests.aa_helpers import B
    state = V.initial_state({}, random.Random(0))
    capital = B.capital_of("Austria-Hungary")
    clear(state, capital)
    place(state, "Russia", "infantry", capital)
    state["control"][capital] = "Russia"
    report = V.adjudicate(state, {"Austria-Hungary": ["buy 2 infantry, 1 cruiser"]}, random.Random(3)).report
    assert "↩️ 2 infantry not mobilized (no place to mobilize them): 6 IPCs refunded." in report
    assert "🏭 Austria-Hungary mobilizes 1 cruiser." in report and "mobilizes 2 infantry" not in report
