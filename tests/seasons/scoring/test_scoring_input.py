"""The one entry point: the systems' keys and names, and bad input refused by name with a
`ScoringError`, the same for every system, whatever it is asked."""
import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import RulesError, ScoringError
from engine.scoring import SYSTEMS, score, scoring_system, scoring_systems, systems_for
from service import scoring as service_scoring
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import finished_games

CENTRE_SYSTEMS = [k for k in SYSTEMS if k != "winloss"]


def test_the_systems_and_their_names_as_listed():
    assert scoring_systems() == {
        "dss": "Draw-Size Scoring", "sos": "Sum of Squares", "cdiplo100": "C-Diplo 100", "cdiplo80": "C-Diplo 80",
        "carnage": "Carnage", "carnage2023": "Carnage 2023", "manorcon": "ManorCon", "tribute": "Tribute",
        "opentribute": "OpenTribute", "worldclassic": "World Classic", "winloss": "Win/loss"}


def test_every_system_says_its_rule_and_source():
    for system in SYSTEMS.values():
        assert system.rule and system.source.startswith("http")
        assert scoring_system(system.key) is system


def test_which_systems_score_which_games():
    assert systems_for(7) == tuple(CENTRE_SYSTEMS)
    assert systems_for(2) == tuple(SYSTEMS)


def test_the_service_layer_reexports_the_entry_points():
    assert service_scoring.score is score and service_scoring.scoring_systems is scoring_systems
    assert issubclass(service_scoring.ScoringError, RulesError)


def test_an_unknown_system_is_named_with_a_suggestion():
    with pytest.raises(ScoringError, match=r"unknown scoring system `dds` .*did you mean dss"):
        score("dds", P.DRAW7["centres"])


REFUSED = [
    ("more centres than the board", {"centres": P.board(5, 5, 5, 5, 5, 5, 5), "total": 34},
     "the centres add up to 35, more than the board's 34"),
    ("negative centres", {"centres": P.board(-1, 5, 5, 5, 5, 5, 5)}, "Austria holds -1 supply centres"),
    ("centres not a whole number", {"centres": {"France": 2.5, "Austria": 3}}, "France holds 2.5 supply centres"),
    ("one power only", {"centres": {"France": 18}}, "at least two powers"),
    ("an unknown soloist", {"centres": P.DRAW7["centres"], "solo": "Spain"}, "`Spain` is not a power of this game"),
    ("a solo short of the centres", {"centres": P.board(3, 5, 6, 2, 3, 15, 0), "solo": "Russia"},
     "Russia holds 15 supply centres, fewer than the 18 a solo victory needs"),
    ("a solo short of the game's own number", {"centres": P.board(0, 5, 6, 12, 4, 3, 4), "solo": "Germany",
                                               "victory": 13}, "fewer than the 13 a solo victory needs"),
    ("a solo by an eliminated power", {"centres": P.board(0, 5, 6, 12, 4, 3, 4), "solo": "Austria",
                                       "conceded": True}, "Austria holds no supply centre"),
    ("a solo tied with another power", {"centres": P.board(10, 10, 5, 3, 3, 3, 0), "solo": "Austria",
                                        "victory": 10}, "England holds as many centres as Austria"),
    ("a solo left unsaid", {"centres": P.board(0, 4, 5, 18, 3, 4, 0)}, "Germany holds 18 supply centres, a solo"),
    ("a conceded game without its winner", {"centres": P.DRAW7["centres"], "conceded": True},
     "conceded=True names no power"),
    ("a solo and a draw", {"centres": P.DRAW7["centres"], "solo": "Austria", "draw": ("England",),
                           "conceded": True}, "a solo or in a draw, not both"),
    ("a draw naming an eliminated power", {"centres": P.DRAW6["centres"], "draw": ("Austria", "England")},
     "Austria holds no supply centre; an eliminated power is not in a draw"),
    ("a draw naming an unknown power", {"centres": P.DRAW7["centres"], "draw": ("Spain",)}, "`Spain` is not a power"),
    ("a draw given as one string", {"centres": P.DRAW7["centres"], "draw": "England"}, "as a list, not 'England'"),
    ("a power twice in the draw", {"centres": P.DRAW7["centres"], "draw": ("England", "England")}, "named twice"),
    ("an eliminated power with centres", {"centres": P.DRAW6["centres"], "eliminated": ["England"]},
     "England still holds 6 supply centres"),
    ("the order of eliminations missing a power", {"centres": P.DRAW5["centres"], "eliminated": ["Austria"]},
     "the order of eliminations leaves out Italy"),
    ("a group against the years", {"centres": P.DRAW5["centres"], "eliminated": [("Austria", "Italy")],
                                   "fell": {"Austria": 1904, "Italy": 1906}}, "grouped as falling together"),
    ("an order against the years", {"centres": P.DRAW5["centres"], "eliminated": ["Italy", "Austria"],
                                    "fell": {"Austria": 1904, "Italy": 1906}}, "does not match the years"),
    ("a year for a survivor", {"centres": P.DRAW5["centres"], "fell": {"England": 1904}},
     "England still holds 8 supply centres"),
    ("a year outside the game", {"centres": P.DRAW5["centres"], "fell": {"Austria": 1899}},
     "Austria fell in 1899, outside the game's years"),
    ("a last year before the first", {"centres": P.DRAW7["centres"], "last_year": 1900}, "before the game's first"),
    ("a board with no centres", {"centres": P.DRAW7["centres"], "total": 0}, "total: the board's supply centres"),
    ("a silly victory number", {"centres": P.DRAW7["centres"], "victory": 0}, "victory: the supply centres"),
]


@pytest.mark.parametrize("system", CENTRE_SYSTEMS)
@pytest.mark.parametrize("position,message", [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_bad_input_is_refused_by_every_system_alike(system, position, message):
    with pytest.raises(ScoringError, match=message.replace("(", r"\(").replace(")", r"\)")):
        score(system, **position)


@pytest.mark.parametrize("system", ["dss", "sos", "tribute"])
def test_a_draw_without_survivors_is_refused(system):
    with pytest.raises(ScoringError, match="no power holds a supply centre"):
        score(system, P.board(0, 0, 0, 0, 0, 0, 0), victory=None)


def test_carnage_asks_for_the_order_of_eliminations():
    with pytest.raises(ScoringError, match="carnage ranks eliminated powers by when they fell: give the order "
                                           r"\(Austria, Italy have no centres\)"):
        score("carnage", P.DRAW5["centres"])


def test_one_eliminated_power_needs_no_order():
    assert score("carnage", P.ONE_OUT["centres"])["Austria"] == 1000


@pytest.mark.parametrize("system", ["manorcon", "worldclassic"])
def test_year_counting_systems_ask_for_the_years(system):
    with pytest.raises(ScoringError, match=f"{system} scores an eliminated power by the years it played: "
                                           "give the year Austria lost its last centre"):
        score(system, P.DRAW6["centres"])


def test_manorcon_asks_for_the_year_of_the_solo():
    with pytest.raises(ScoringError, match="give the year of the solo"):
        score("manorcon", P.SOLO18["centres"], solo="Germany", fell=P.SOLO18["fell"])


def test_refusals_change_nothing_and_are_rules_errors():
    centres = dict(P.DRAW5["centres"])
    with pytest.raises(RulesError):
        score("carnage", centres, draw=("Austria",))
    assert centres == P.DRAW5["centres"]


@settings(max_examples=100, deadline=None)
@given(finished_games(), st.permutations(P.POWERS), st.sampled_from(CENTRE_SYSTEMS))
def test_renaming_the_powers_renames_the_points(game, names, system):
    """Every system treats the powers alike: swap the names, and the points swap with them."""
    rename = dict(zip(P.POWERS, names))
    moved = {**game, "centres": {rename[p]: n for p, n in game["centres"].items()},
             "fell": {rename[p]: y for p, y in game["fell"].items()}}
    if game.get("solo"):
        moved["solo"] = rename[game["solo"]]
    if game.get("draw"):
        moved["draw"] = tuple(rename[p] for p in game["draw"])
    if game.get("eliminated"):
        moved["eliminated"] = [tuple(rename[p] for p in g) for g in game["eliminated"]]
    before, after = score(system, **game), score(system, **moved)
    assert all(after[rename[p]] == pytest.approx(v) for p, v in before.items())


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=3), st.integers(-2, 40), max_size=8),
       st.one_of(st.none(), st.text(max_size=3)), st.lists(st.text(max_size=3), max_size=3),
       st.sampled_from(list(SYSTEMS)), st.one_of(st.none(), st.integers(0, 40)))
def test_random_input_never_crashes(centres, solo, draw, system, total):
    """Any input scores or is refused with a ScoringError; nothing else escapes."""
    try:
        points = score(system, centres, solo=solo, draw=draw, total=total)
    except ScoringError:
        return
    assert list(points) == list(centres)


def test_two_powers_level_at_the_victory_number_have_not_won():
    """The rulebook's reading (docs/rulings.md): equal counts at the number is no solo yet, so the
    game may still end in a draw — scored, not refused."""
    points = score("dss", P.board(12, 12, 5, 5, 0, 0, 0), victory=12, fell={"Italy": 1904, "Russia": 1905,
                                                                           "Turkey": 1906})
    assert points["Austria"] == points["France"] == 25
