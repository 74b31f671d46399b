"""The rules of a finished game's record, on plain values: who held a seat for how many phases
(substitutes, bots, civil disorder), the year each eliminated power fell, the points each system
gives a recorded game, who may join a committed game, and the centres table."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.catalog import register_all
from engine.ratings import Holder, Reliability, rate
from service.errors import BadInput
from service.seasons.phone import fits, number, short_names, wrap
from service.seasons.points import every_system, points_under, rating_system, systems_of
from service.seasons.positions import after_year, summarise
from service.seasons.reliability import admits, figure_words, refusal
from service.seasons.results import (GameResult, HolderResult, PhaseHolder, PowerResult, SeatPoints, Spell,
                                     fell_orders, fell_years, seat_holders)
from service.seasons.settings import check_settings, pop_settings
from service.seasons.sheets import centres_table, scores_text
from db.seasons import SummaryRow
from engine.variant import get_variant

SEVEN = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def result(ending="draw", winners=(), centres=None, fell=None, scoring="dss", variant="classic", family="classic",
           holders=None, sides=None, last_year=1908):
    centres = centres or {"Austria": 0, "England": 12, "France": 10, "Germany": 8, "Italy": 4, "Russia": 0,
                          "Turkey": 0}
    fell = fell or {}
    orders = fell_orders(fell)
    powers = tuple(PowerResult(p, p, n, None, orders.get(p), fell.get(p)) for p, n in centres.items())
    seats = tuple(SeatPoints(p, (sides or {}).get(p), 0.0) for p in centres)
    holders = holders or tuple(HolderResult(p, 0, i + 1, None, 30, 0) for i, p in enumerate(centres))
    return GameResult(7, 1000, variant, family, ending, "2026-11-01T12:00:00+00:00", tuple(winners), scoring, 1901,
                      last_year, 30, 34, "2026-11-01T12:00:00+00:00", powers, seats, holders)


# ---------------------------------------------------------------- holders
def test_a_substitute_shares_the_seat_by_phases_held():
    spells = [Spell("France", 1, 0), Spell("France", 2, 30)]
    held = seat_holders("France", list(range(40)), spells, {}, now_user=2, now_bot=None, bot_level="normal")
    assert [(h.user_id, h.phases, h.from_seq) for h in held] == [(1, 30, 0), (2, 10, 30)]


def test_a_bot_seat_from_the_start_is_held_by_the_bot_at_its_level():
    held = seat_holders("Turkey", list(range(12)), [Spell("Turkey", None, 0)], {}, now_user=None, now_bot="hard",
                        bot_level="normal")
    assert [(h.user_id, h.bot, h.phases) for h in held] == [(None, "hard", 12)]


def test_civil_disorder_phases_are_nobodys_and_a_bot_standing_in_holds_them():
    recorded = {(0, "Italy"): PhaseHolder(5, None, False), (1, "Italy"): PhaseHolder(5, None, True),
                (2, "Italy"): PhaseHolder(5, "normal", True), (3, "Italy"): PhaseHolder(5, None, False)}
    held = seat_holders("Italy", [0, 1, 2, 3], [Spell("Italy", 5, 0)], recorded, now_user=5, now_bot=None,
                        bot_level="normal")
    assert [(h.user_id, h.bot, h.phases) for h in held] == [(5, None, 2), (None, None, 1), (None, "normal", 1)]


def test_a_substitute_who_held_no_adjudicated_phase_is_listed_with_none():
    held = seat_holders("Russia", [0, 1, 2], [Spell("Russia", 1, 0), Spell("Russia", 9, 3)], {}, now_user=9,
                        now_bot=None, bot_level="normal")
    assert [(h.user_id, h.phases) for h in held] == [(1, 3), (9, 0)]


def test_two_sided_games_are_rated_as_their_sides_held_by_every_seat_holder():
    holders = (HolderResult("Germany", 0, 1, None, 10, 0), HolderResult("Austria-Hungary", 0, 1, None, 10, 0),
               HolderResult("France", 0, 2, None, 10, 0), HolderResult("Russia", 0, 3, None, 10, 0))
    game = GameResult(3, 1, "aa1914", "aa1914", "capital", "2026-01-01T00:00:00+00:00", ("Germany", "Austria-Hungary"),
                      "winloss", 1, 6, 40, None, "x", (), (SeatPoints("Germany", "Central Powers", 1.0),
                                                          SeatPoints("Austria-Hungary", "Central Powers", 1.0),
                                                          SeatPoints("France", "Allies", 0.0),
                                                          SeatPoints("Russia", "Allies", 0.0)), holders)
    finished = game.finished_game()
    assert [s.seat for s in finished.seats] == ["Allies", "Central Powers"]
    assert finished.seats[1].holders == (Holder(20, player="1"),)
    assert set(finished.seats[0].holders) == {Holder(10, player="2"), Holder(10, player="3")}
    changes = rate([finished])
    assert changes.get("1", "aa1914").rating == pytest.approx(1532.0)        # Elo: a new player's win, K 64


# ---------------------------------------------------------------- eliminations
def test_a_power_falls_in_the_year_its_last_centre_went_and_a_comeback_resets_it():
    timeline = [(1900, {"Italy": 3, "Austria": 3}, ()), (1901, {"Italy": 0, "Austria": 2}, ()),
                (1902, {"Italy": 1, "Austria": 0}, ()), (1903, {"Italy": 0, "Austria": 0}, ())]
    assert fell_years(timeline, ["Italy", "Austria"]) == {"Italy": 1903, "Austria": 1902}
    assert fell_orders({"Italy": 1903, "Austria": 1902, "Turkey": 1902}) == {"Italy": 2, "Austria": 1, "Turkey": 1}


def test_centres_change_hands_after_the_fall():
    assert after_year(1905, "spring") == 1904 and after_year(1905, "fall") == 1904 and after_year(1905, "winter") == 1905


def test_an_aa_power_falls_when_it_surrenders():
    timeline = [(1, {"Russia": 20}, ()), (4, {"Russia": 3}, ("Russia",)), (5, {"Russia": 3}, ("Russia",))]
    assert fell_years(timeline, ["Russia"], by_surrender=True) == {"Russia": 4}


# ---------------------------------------------------------------- points
def test_every_centre_system_scores_a_seven_power_draw_and_the_games_own_comes_first():
    game = result(fell={"Austria": 1905, "Russia": 1907, "Turkey": 1907}, scoring="sos")
    systems = every_system(game)
    assert systems[0].key == "sos" and "winloss" not in [s.key for s in systems]
    assert all(s.points is not None for s in systems), [(s.key, s.error) for s in systems]
    dss = points_under(game, "dss").points
    assert dss["England"] == pytest.approx(100 / 4) and dss["Austria"] == 0
    assert points_under(game, "sos").points["England"] == pytest.approx(100 * 144 / 324)


def test_a_system_that_needs_the_years_says_so_when_a_record_lacks_them():
    game = result(fell={"Austria": 1905})           # Russia and Turkey fell, but when is not known
    by_key = {s.key: s for s in every_system(game)}
    assert by_key["dss"].points is not None
    assert by_key["manorcon"].points is None and by_key["manorcon"].error


def test_a_solo_and_a_concession():
    solo = result("solo", ("France",), {"Austria": 0, "England": 5, "France": 18, "Germany": 6, "Italy": 5,
                                        "Russia": 0, "Turkey": 0},
                  {"Austria": 1904, "Russia": 1905, "Turkey": 1906}, last_year=1907)
    assert points_under(solo, "dss").points["France"] == 100
    conceded = result("concession", ("England",))
    assert points_under(conceded, "dss").points == {p: (100.0 if p == "England" else 0.0) for p in SEVEN}


def test_rx07_is_scored_win_or_loss_by_its_sides():
    game = GameResult(4, 1, "rx07", "rx07", "solo", "t", ("Entente",), "winloss", 1914, 1917, 20, 34, "t",
                      (PowerResult("England", "Entente", 9, None), PowerResult("Germany", "Central", 7, None),
                       PowerResult("Italy", None, 4, None)),
                      (SeatPoints("Entente", "Entente", 0), SeatPoints("Central", "Central", 0)))
    assert systems_of(game) == ("winloss",)
    assert points_under(game, "winloss").points == {"Entente": 1.0, "Central": 0.0}
    assert rating_system("dss", True) == "winloss" and rating_system("carnage", False) == "dss"


def test_an_aa_draw_is_a_half_for_every_seat():
    seats = (SeatPoints("Germany", "Central Powers", 0), SeatPoints("France", "Allies", 0))
    game = GameResult(5, 1, "aa1914", "aa1914", "draw", "t", (), "winloss", 1, 9, 30, None, "t", (), seats)
    assert points_under(game, "winloss").points == {"Germany": 0.5, "France": 0.5}


def test_scores_fit_a_phone():
    register_all()
    game = result(fell={"Austria": 1905, "Russia": 1907, "Turkey": 1907})
    text = scores_text(game, "A rather long game name for a phone", 18)
    assert fits(text), [line for line in text.splitlines() if len(line) > 40]
    assert "Draw-Size Scoring (dss) ★" in text and "Eng 25" in text


# ---------------------------------------------------------------- settings and commitment
def test_scoring_and_committed_are_checked_against_the_variant():
    register_all()
    classic, rx07 = get_variant("classic"), get_variant("rx07")
    options = {"scoring": "SoS", "committed": "high", "edition": "2023"}
    raw = pop_settings(options)
    assert options == {"edition": "2023"}
    chosen = check_settings(classic, classic.parse_options(options), raw)
    assert (chosen.scoring, chosen.committed) == ("sos", "high")
    assert check_settings(rx07, {}, {}).scoring == "winloss"
    assert check_settings(classic, classic.parse_options({}), {}).scoring == "dss"
    with pytest.raises(BadInput, match="is scored by winloss, not `dss`"):
        check_settings(rx07, {}, {"scoring": "dss"})
    with pytest.raises(BadInput, match="unknown scoring system `dds`.*did you mean dss"):
        check_settings(classic, {}, {"scoring": "dds"})
    with pytest.raises(BadInput, match="committed: `high` or `medium`, not `always`"):
        check_settings(classic, {}, {"committed": "always"})


@pytest.mark.parametrize("level,high,medium", [("high", True, True), ("medium", False, True), ("low", False, False),
                                               ("new", False, True)])
def test_a_new_player_meets_medium_but_not_high(level, high, medium):
    figure = Reliability(0.0, level, 0, 10 if level != "new" else 3)
    assert admits(figure, "high") is high and admits(figure, "medium") is medium and admits(figure, None)


def test_the_refusal_says_why_and_the_players_own_figure():
    figure = Reliability(0.2, "medium", 2, 10)
    assert refusal(figure, "high", own=True) == (
        "your reliability is medium: 2 missed of the last 10 phases you owed; this game asks for high (at most 1 "
        "missed in 10). Play on in other games: the figure counts your last 10 order phases.")
    assert figure_words(Reliability(0.0, "new", 0, 4)) == "new: 4 order phases so far (10 make a figure)"
    assert "their reliability is low" in refusal(Reliability(0.6, "low", 6, 10), "medium", own=False)


# ---------------------------------------------------------------- centres
def test_the_centres_table_has_a_row_per_year_and_fits_a_phone():
    register_all()
    rows = [SummaryRow(1, 0, 1901, "spring", dict.fromkeys(SEVEN, 3) | {"Russia": 4}, ()),
            SummaryRow(2, 1, 1901, "fall", dict.fromkeys(SEVEN, 3) | {"Russia": 4}, ()),
            SummaryRow(3, 2, 1901, "winter", dict.fromkeys(SEVEN, 4) | {"Italy": 3}, ()),
            SummaryRow(4, 3, 1902, "spring", dict.fromkeys(SEVEN, 4) | {"Italy": 3}, ()),
            SummaryRow(5, 5, 1902, "winter", dict.fromkeys(SEVEN, 5) | {"Italy": 0}, ())]
    table = centres_table(9, "Long Game Name That Goes On", "classic", rows)
    assert [label for label, _ in table.rows] == ["Start", "1901", "1902"]
    assert fits(table.text()), table.text()
    assert "Year  Aus Eng Fra Ger Ita Rus Tur" in table.text()
    assert table.csv().splitlines()[:2] == ["year,Austria,England,France,Germany,Italy,Russia,Turkey",
                                            "start,3,3,3,3,3,4,3"]
    assert table.csv().splitlines()[-1] == "1902,5,5,5,5,0,5,5"


def test_a_diplomacy_position_counts_centres_by_owner():
    register_all()
    classic = get_variant("classic")
    summary = summarise(classic, {"year": 1901, "season": "spring", "owners": {"par": "France", "bre": "France",
                                                                             "lon": "England"}})
    assert summary.counts["France"] == 2 and summary.counts["England"] == 1 and summary.counts["Italy"] == 0


def test_phone_helpers():
    assert number(33.3333333) == "33.33" and number(100.0) == "100" and number(1.4) == "1.4"
    assert short_names(["Austria-Hungary", "British Empire", "Aus"]) == {"Austria-Hungary": "A-H",
                                                                       "British Empire": "UK", "Aus": "Aus"}
    assert all(len(line) <= 40 for line in wrap(["x" * 12] * 9))


@settings(max_examples=200, deadline=None)
@given(scoring=st.one_of(st.text(max_size=30), st.sampled_from(["dss", "SOS", " winloss ", "carnage2023", "x" * 500])),
       committed=st.one_of(st.text(max_size=30), st.sampled_from(["high", "Medium", "off", ""])))
def test_random_settings_words_are_read_or_refused_by_name(scoring, committed):
    register_all()
    for key in ("classic", "rx07", "aa1914", "france_austria"):
        variant = get_variant(key)
        options = variant.parse_options({})
        try:
            chosen = check_settings(variant, options, {"scoring": scoring, "committed": committed})
        except BadInput as exc:
            assert str(exc).startswith(("scoring:", "committed:")) and len(str(exc)) < 600
        else:
            assert chosen.scoring in ("winloss",) + (() if key in ("rx07", "aa1914") else
                                                     ("dss", "sos", "cdiplo100", "cdiplo80", "carnage", "carnage2023",
                                                      "manorcon", "tribute", "opentribute", "worldclassic"))
            assert chosen.committed in (None, "high", "medium")
