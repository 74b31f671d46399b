"""World War I Diplomacy (rx07): each rule of seed 003, quoted, with the behaviour it asks for."""
import random

import pytest

from engine.diplomacy.game import board_units
from engine.diplomacy.rx07 import CENTRAL, ENTENTE, Rx07Variant
from engine.errors import OrderError

V = Rx07Variant()


def fresh():
    return V.initial_state({}, random.Random(0))


def board(units, year=1915, season="spring", phase="movement", italy=CENTRAL, owners=None):
    """A state with only the given units: {'mun': ('A', 'Germany'), 'stp': ('F', 'Russia', 'stp/sc')}."""
    state = fresh()
    state.update(year=year, season=season, phase=phase, italy_side=italy)
    state["units"] = {p: {"kind": u[0], "power": u[1], "loc": u[2] if len(u) > 2 else p} for p, u in units.items()}
    if owners is not None:
        state["owners"] = owners
    return state


def play(state, orders, seed=0):
    return V.adjudicate(state, orders, random.Random(seed))


def rejects(state, seat, line, reason):
    with pytest.raises(OrderError, match=reason):
        V.check_orders(state, seat, [line])


# ---- Rule 1
def test_rule_1_play_begins_with_fall_1914():
    """1. "Play begins with the "fall 1914" moves." """
    state = fresh()
    assert V.phase_label(state) == "Fall 1914 Movement"
    assert V.seats_to_act(state) == (ENTENTE, CENTRAL)


def test_rule_1_what_may_be_entered_in_fall_1914():
    """1. "The following powers and neutral territories may be entered in "fall 1914": all
    powers except Italy, Belgium, North Africa, Tunis, Albania, and Serbia." (docs/rulings.md)"""
    state = fresh()
    assert V.check_orders(state, CENTRAL, ["A Bud - Ser", "F Tri - Alb", "A Mun - Bur"]) == \
        ["A Bud - Ser", "F Tri - Alb", "A Mun - Bur"]
    assert V.check_orders(state, ENTENTE, ["F Bre - Mao", "A Par - Pic"])
    rejects(state, CENTRAL, "F Tri - Ven", "Venice opens in Spring 1915")


def test_rule_1_belgium_north_africa_tunis_open_in_fall_1914():
    state = board({"pic": ("A", "France"), "mao": ("F", "France"), "wes": ("F", "France")}, 1914, "fall", italy=None)
    assert V.check_orders(state, ENTENTE, ["A Pic - Bel", "F Mao - Naf", "F Wes - Tun"])


def test_rule_1_italy_does_not_move_in_fall_1914():
    state = fresh()
    rejects(state, CENTRAL, "A Ven - Tyr", "belongs to Italy")
    rejects(state, ENTENTE, "F Nap - Ion", "belongs to Italy")


# ---- Rule 2
def test_rule_2_coin_flip_before_spring_1915_is_seeded_and_announced():
    """2. "Just before the "spring 1915" moves, a coin shall be flipped to determine to which
    side Italy shall belong. Italy's first moves will be "spring 1915". In a postal game, the
    assignment of side for Italy shall be sent out with the "winter 1914" builds." """
    sides = set()
    for seed in range(12):
        result = play(fresh(), {}, seed)
        state = result.state
        assert V.phase_label(state) == "Spring 1915 Movement"   # no builds were owed: winter skipped
        assert state["italy_side"] in (ENTENTE, CENTRAL)
        assert any("Coin flip for Italy" in a for a in result.announcements)
        assert play(fresh(), {}, seed).state["italy_side"] == state["italy_side"]   # same seed, same coin
        sides.add(state["italy_side"])
    assert sides == {ENTENTE, CENTRAL}


def test_rule_2_flip_comes_with_the_winter_1914_builds():
    result = play(fresh(), {CENTRAL: ["A Bud - Ser"]})
    assert V.phase_label(result.state) == "Winter 1914 Adjustment"
    assert result.state["italy_side"] is None and not result.announcements
    winter = play(result.state, {CENTRAL: ["Build A Bud"]}, seed=5)
    assert "**Austria** (Central)\n✓ builds A Bud" in winter.report
    assert any("Coin flip for Italy" in a for a in winter.announcements)
    assert V.phase_label(winter.state) == "Spring 1915 Movement"


def test_rule_2_italy_moves_for_its_side_from_spring_1915():
    state = board({"ven": ("A", "Italy"), "mun": ("A", "Germany")}, italy=ENTENTE)
    assert V.check_orders(state, ENTENTE, ["A Ven - Tyr"]) == ["A Ven - Tyr"]
    rejects(state, CENTRAL, "A Ven - Tyr", "belongs to Italy, not to you")


# ---- Rule 3
def test_rule_3_closed_neutrals():
    """3. "Spain, Holland, Norway, Sweden, Denmark are permanently closed, as is Switzerland." """
    state = board({"kie": ("F", "Germany"), "mun": ("A", "Germany"), "gas": ("A", "France"),
                   "ska": ("F", "England")}, year=1920)
    rejects(state, CENTRAL, "F Kie - Den", "Denmark is closed")
    rejects(state, CENTRAL, "F Kie - Hol", "Holland is closed")
    rejects(state, ENTENTE, "A Gas - Spa", "Spain is closed")
    rejects(state, ENTENTE, "F Ska - Nwy", "Norway is closed")
    rejects(state, ENTENTE, "F Ska - Swe", "Sweden is closed")
    rejects(state, CENTRAL, "A Mun - Swi", "closed")
    rejects(state, CENTRAL, "F Kie - Den", "for the whole game \\(rule 3\\)")
    # Supports and convoys into a closed province are refused the same way, not as adjacency.
    state["units"]["nth"] = {"kind": "F", "power": "England", "loc": "nth"}
    state["units"]["lon"] = {"kind": "A", "power": "England", "loc": "lon"}
    rejects(state, ENTENTE, "F Nth C A Lon - Nwy", "Norway is closed for the whole game")
    rejects(state, ENTENTE, "F Nth S F Ska - Nwy", "Norway is closed for the whole game")


def test_every_example_in_a_brief_is_legal_for_that_seat():
    """The examples a seat is shown are its own legal orders (no `F Nth C A Lon - Nwy` in rx07)."""
    state = fresh()
    for seat in (ENTENTE, CENTRAL):
        brief = V.phase_brief(state, seat)
        examples = brief.split("\n")[0].split("`")[1::2]
        assert len(examples) == 3 and "Nwy" not in brief
        for example in examples:
            assert V.check_orders(state, seat, [example])


def test_rule_3_baltic_skagerrak_passage():
    """3. "Fleets may pass directly between the Baltic Sea and the Skagerrak. No seas are closed." """
    state = board({"bal": ("F", "Germany"), "ska": ("F", "England")})
    assert V.check_orders(state, CENTRAL, ["F Bal - Ska"]) == ["F Bal - Ska"]
    assert V.check_orders(state, ENTENTE, ["F Ska - Bal"]) == ["F Ska - Bal"]
    result = play(state, {CENTRAL: ["F Bal - Ska"], ENTENTE: ["F Ska - Nth"]})
    assert result.state["units"]["ska"]["power"] == "Germany"


# ---- Rule 4
@pytest.mark.parametrize("province,opens,unit", [
    ("Ven", (1915, "spring"), ("tyr", "A", "Austria")),
    ("Bul", (1915, "fall"), ("ser", "A", "Austria")),
    ("Por", (1916, "spring"), ("mao", "F", "France")),
    ("Rum", (1916, "fall"), ("ukr", "A", "Russia")),
    ("Gre", (1917, "spring"), ("alb", "A", "Austria")),
])
def test_rule_4_entry_dates(province, opens, unit):
    """4. "No moves may be made into the following territories prior to the indicated game
    date: Italy: "spring 1915", Bulgaria: "fall 1915", Portugal: "spring 1916", Rumania:
    "fall 1916", Greece: "spring 1917"." """
    where, kind, power = unit
    seat = ENTENTE if power in ("France", "Russia") else CENTRAL
    line = f"{kind} {where.capitalize()} - {province}"
    year, season = opens
    before = ("fall", year - 1) if season == "spring" else ("spring", year)
    early = board({where: (kind, power)}, year=before[1], season=before[0])
    rejects(early, seat, line, f"opens in {season.capitalize()} {year} \\(rule 4\\)")
    on_time = board({where: (kind, power)}, year=year, season=season)
    assert V.check_orders(on_time, seat, [line]) == [line]


def test_rule_4_italy_means_all_six_italian_provinces():
    state = board({"tyr": ("A", "Austria"), "mar": ("A", "France")}, 1914, "fall", italy=None)
    for target in ("Ven", "Pie"):
        seat = CENTRAL if target == "Ven" else ENTENTE
        src = "Tyr" if target == "Ven" else "Mar"
        rejects(state, seat, f"A {src} - {target}", "opens in Spring 1915")


# ---- Rule 5
def test_rule_5_russia_in_civil_disorder_after_spring_1917():
    """5. "After the "spring 1917" move, Russia shall be in a state of "civil disorder" as
    defined by the rule book for the remainder of the game." """
    spring = board({"war": ("A", "Russia"), "sil": ("A", "Germany"), "boh": ("A", "Germany")}, 1917, "spring")
    assert V.check_orders(spring, ENTENTE, ["A War - Ukr"]) == ["A War - Ukr"]
    fall = board({"war": ("A", "Russia"), "sil": ("A", "Germany"), "boh": ("A", "Germany")}, 1917, "fall")
    rejects(fall, ENTENTE, "A War - Ukr", "civil disorder")
    assert ENTENTE not in V.seats_to_act(fall)
    # its units hold: an unsupported attack bounces, a supported one dislodges (and it disbands)
    result = play(fall, {CENTRAL: ["A Sil - War"]})
    assert result.state["units"]["war"]["power"] == "Russia"


def test_rule_5_russian_retreats_disband_and_builds_are_waived():
    state = board({"war": ("A", "Russia"), "sil": ("A", "Germany"), "pru": ("A", "Germany")}, 1917, "spring")
    moved = play(state, {CENTRAL: ["A Sil - War", "A Pru S A Sil - War"]})
    assert V.phase_label(moved.state) == "Spring 1917 Retreat"
    assert ENTENTE not in V.seats_to_act(moved.state)
    after = play(moved.state, {ENTENTE: ["A War R Ukr"]})
    assert "• A War disbanded (civil disorder)" in after.report
    assert all(u["power"] != "Russia" for u in after.state["units"].values())


def test_rule_5_russian_removals_follow_the_civil_disorder_rule():
    owners = {"mos": "Russia", "sev": "Turkey", "stp": "Germany", "war": "Germany"}
    state = board({"mos": ("A", "Russia"), "ukr": ("A", "Russia")}, 1917, "winter", "adjustment", owners=owners)
    result = play(state, {})
    assert "• A Ukr removed (civil disorder)" in result.report


# ---- Rule 6
def test_rule_6_american_army_from_fall_1917():
    """6. "After the "fall 1917" move and each subsequent "fall" move for the remainder of the
    war, a new EP army shall be established in one of these four supply centres: Edinburgh,
    Liverpool, London, or Brest -provided that no CP fleet sits on the route between the
    centre and America." """
    owners = {"lon": "England", "lvp": "England", "edi": "England", "bre": "France"}
    units = {"par": ("A", "France"), "ber": ("A", "Germany")}
    state = board(units, 1917, "winter", "adjustment", owners=owners)
    assert ENTENTE in V.seats_to_act(state)
    assert V.check_orders(state, ENTENTE, ["America Lvp"]) == ["America A Lvp"]
    result = play(state, {ENTENTE: ["America A Lvp"]})
    assert result.state["units"]["lvp"] == {"kind": "A", "power": "England", "loc": "lvp"}
    default = play(state, {})
    assert default.state["units"]["lon"]["power"] == "England"     # the first open centre
    earlier = board(units, 1916, "winter", "adjustment", owners=owners)
    with pytest.raises(OrderError, match="from 1917"):
        V.check_orders(earlier, ENTENTE, ["America Lon"])


def test_rule_6_a_build_and_the_american_army_cannot_share_a_centre():
    """6. "a new EP army shall be established in one of these four supply centres": a centre a
    build takes cannot also take the army; the clash is refused when the order is given."""
    owners = {"lon": "England", "lvp": "England", "edi": "England", "bre": "France", "par": "France",
              "mar": "France"}
    state = board({"par": ("A", "France"), "ber": ("A", "Germany")}, 1917, "winter", "adjustment", owners=owners)
    sheet = V.check_orders(state, ENTENTE, ["Build F Bre"])
    with pytest.raises(OrderError, match="Brest cannot take both a build and the American army"):
        V.check_orders(state, ENTENTE, ["America Bre"], sheet)
    # A choice that a unit takes by the time the winter resolves is explained in the report.
    result = play(state, {ENTENTE: ["America A Lon"]})
    assert "lands in London" in result.report


def test_rule_6_no_question_when_there_is_nothing_to_decide():
    """With one open centre (and nothing to build or remove) the Entente is not asked to act:
    the army lands by itself and the report says where."""
    owners = {"bre": "France", "par": "France", "ber": "Germany"}
    state = board({"par": ("A", "France"), "mar": ("A", "France"), "ber": ("A", "Germany")},
                  1917, "winter", "adjustment", owners=owners)
    assert V.american_landings(state, board_units(state)) == ["bre"]
    assert ENTENTE not in V.seats_to_act(state)
    result = play(state, {})
    assert "lands in Brest" in result.report


def test_rule_6_the_seeds_mid_atlantic_example():
    """6. "Thus a CP fleet in the Mid-Atlantic would prevent establishment of an EP army in
    Brest unless a potential route, such as North Atlantic to Irish Sea to English Channel to
    Brest were open." """
    owners = {"bre": "France", "ber": "Germany", "vie": "Austria"}
    open_route = board({"mao": ("F", "Germany")}, 1918, "winter", "adjustment", owners=owners)
    assert V.route_to_america(open_route, "bre", board_units(open_route))
    closed = board({"mao": ("F", "Germany"), "eng": ("F", "Austria")}, 1918, "winter", "adjustment", owners=owners)
    assert not V.route_to_america(closed, "bre", board_units(closed))
    result = play(closed, {})
    assert "bre" not in result.state["units"] and "No American army" in result.report


def test_rule_6_route_is_judged_after_the_fall_move():
    """A CP fleet that sat on the route after the fall move blocks the landing even if it is
    removed in the same winter (docs/rulings.md)."""
    owners = {"bre": "France"}   # Germany and Austria own nothing: their fleets are removed
    state = board({"mao": ("F", "Germany"), "eng": ("F", "Austria")}, 1918, "winter", "adjustment", owners=owners)
    result = play(state, {})
    assert "**Germany** (Central)\n• F Mao removed (civil disorder)" in result.report
    assert "No American army" in result.report and "bre" not in result.state["units"]


def test_rule_6_italian_fleet_blocks_only_when_italy_is_central():
    owners = {"bre": "France"}
    for italy, blocked in ((CENTRAL, True), (ENTENTE, False)):
        state = board({"mao": ("F", "Italy"), "eng": ("F", "Germany")}, 1918, "winter", "adjustment",
                      italy=italy, owners=owners)
        assert V.route_to_america(state, "bre", board_units(state)) is not blocked


# ---- Rule 7
def test_rule_7_two_thirds_of_all_pieces_wins():
    """7. "The first player to gain a 2/3 majority of all pieces on the board, or to occupy all
    enemy capitals, wins." """
    state = board({"par": ("A", "France"), "lon": ("F", "England"), "bre": ("F", "France"),
                   "mos": ("A", "Russia"), "ber": ("A", "Germany"), "vie": ("A", "Austria"),
                   "con": ("A", "Turkey")})
    assert V.victory(state) == ()                       # 4 of 7
    state["units"]["mar"] = {"kind": "A", "power": "France", "loc": "mar"}
    assert V.victory(state) == ()                       # 5 of 8
    state["units"]["pic"] = {"kind": "A", "power": "France", "loc": "pic"}
    assert V.victory(state) == (ENTENTE,)               # 6 of 9: exactly two thirds


def test_rule_7_all_enemy_capitals_wins():
    capitals = {"lon": ("A", "Germany"), "par": ("A", "Austria"), "stp": ("A", "Turkey"),
                "rom": ("A", "Germany")}
    extra = {f: ("F", p) for f, p in (("nth", "England"), ("eng", "France"), ("bar", "Russia"),
                                      ("mao", "France"), ("iri", "England"))}
    state = board({**capitals, **extra}, italy=ENTENTE)
    assert V.victory(state) == (CENTRAL,)
    del state["units"]["rom"]   # Italy is an enemy capital when Italy is with the Entente
    assert V.victory(state) == ()


def test_rule_7_result_ends_the_game():
    state = board({"par": ("A", "France"), "pic": ("A", "France"), "ber": ("A", "Germany")})
    result = play(state, {})
    assert result.finished and result.winners == (ENTENTE,)


def test_rule_7_dislodged_pieces_are_still_on_the_board():
    """7. "a 2/3 majority of all pieces on the board": a dislodged unit may still retreat, so
    it is a piece on the board; no win is declared while the position is unsettled."""
    state = board({"par": ("A", "France"), "pic": ("A", "France"), "bre": ("F", "France"),
                   "gas": ("A", "France"), "bur": ("A", "France"), "tyr": ("A", "France"),
                   "ruh": ("A", "Germany"), "kie": ("A", "Germany"), "mun": ("A", "Germany"),
                   "ber": ("A", "Germany")})                     # 6 of 10: no win
    assert V.victory(state) == ()
    result = play(state, {ENTENTE: ["A Bur - Mun", "A Tyr S A Bur - Mun"], CENTRAL: ["A Mun H"]})
    assert "mun" in result.state["dislodged"]                    # 6 of 9 on the map, 6 of 10 in all
    assert V.pieces(result.state)[CENTRAL] == 4
    assert not result.finished and V.phase_label(result.state) == "Spring 1915 Retreat"
    after = play(result.state, {CENTRAL: ["A Mun D"]})           # disbanded: 6 of 9, two thirds
    assert after.finished and after.winners == (ENTENTE,)


def test_rule_7_both_sides_at_once_is_a_draw():
    """7. "The first player to gain ... wins": when both sides meet the rule in the same
    position neither was first, so the game ends drawn, announced once (docs/rulings.md)."""
    capitals = {"lon": ("A", "Germany"), "par": ("A", "Austria"), "stp": ("A", "Turkey")}
    held = {"ber": ("A", "France"), "vie": ("A", "England"), "con": ("A", "Russia"), "rom": ("A", "France")}
    state = board({**capitals, **held}, italy=CENTRAL)
    assert set(V.victory(state)) == {ENTENTE, CENTRAL}
    result = play(state, {})
    assert result.finished and result.winners == ()
    text = " ".join(result.announcements)
    assert "drawn" in text and "🏆" not in text


# ---- Rule 8
def test_rule_8_standard_rules_apply():
    """8. "With the above exceptions, the rules of Diplomacy apply." """
    state = board({"mun": ("A", "Germany"), "ruh": ("A", "Germany"), "bur": ("A", "France"),
                   "par": ("A", "France"), "mar": ("A", "France")})
    result = play(state, {CENTRAL: ["A Mun - Bur", "A Ruh S A Mun - Bur"], ENTENTE: ["A Par H"]})
    assert result.state["units"]["bur"]["power"] == "Germany"
    assert V.phase_label(result.state) == "Spring 1915 Retreat"
    assert "bur" in result.state["dislodged"]
    with pytest.raises(OrderError, match="cannot retreat to Mun"):
        V.check_orders(result.state, ENTENTE, ["A Bur R Mun"])
    assert V.check_orders(result.state, ENTENTE, ["A Bur - Gas"]) == ["A Bur R Gas"]


# ---- Marking an incomplete sheet ready
def test_missing_orders_name_what_the_rules_will_do_instead():
    state = board({"par": ("A", "France"), "bre": ("F", "France"), "mun": ("A", "Germany")})
    assert V.missing_orders(state, ENTENTE, ["A Par - Bur"]) == ["1 unit(s) without an order will hold: Bre"]
    assert V.missing_orders(state, ENTENTE, ["A Par - Bur", "F Bre H"]) == []
    owners = {"par": "France", "bre": "France", "mar": "France", "ber": "Germany"}
    winter = board({"par": ("A", "France"), "mun": ("A", "Germany"), "kie": ("A", "Germany")}, 1915, "winter",
                   "adjustment", owners=owners)
    assert any("France may still build 2" in m for m in V.missing_orders(winter, ENTENTE, []))
    assert V.missing_orders(winter, ENTENTE, ["Waive"]) == []
    assert any("Germany must still remove 1" in m for m in V.missing_orders(winter, CENTRAL, []))
    assert V.missing_orders(winter, CENTRAL, ["Remove A Kie"]) == []


def test_rule_5_the_entente_may_take_its_own_inert_russian_centres():
    """Rule 8 ("the rules of Diplomacy apply"): any power may dislodge another power's unit;
    a Russian unit in civil disorder can be driven out by England, and England takes the centre."""
    owners = {"war": "Russia", "mos": "Russia", "ber": "Germany", "lon": "England", "lvp": "England"}
    state = board({"war": ("A", "Russia"), "pru": ("A", "England"), "sil": ("A", "England"),
                   "ber": ("A", "Germany")}, 1917, "fall", owners=owners)
    assert "Russia" in V.civil_disorder_powers(state)
    result = play(state, {ENTENTE: ["A Pru - War", "A Sil S A Pru - War"]})
    assert result.state["units"]["war"]["power"] == "England"
    assert result.state["dislodged"]["war"]["unit"]["power"] == "Russia"
    settled = play(result.state, {})                       # civil disorder: the Russian army disbands
    assert "war" not in settled.state.get("dislodged", {})
    assert settled.state["owners"]["war"] == "England"     # taken after the fall move


def test_rule_6_america_means_the_north_and_mid_atlantic():
    """6. "Thus a CP fleet in the Mid-Atlantic would prevent ... unless a potential route, such as
    North Atlantic to Irish Sea to English Channel to Brest were open": America lies beyond the
    North Atlantic and the Mid-Atlantic (docs/rulings.md)."""
    from engine.diplomacy.rx07 import ATLANTIC_EDGE
    assert set(ATLANTIC_EDGE) == {"nao", "mao"}
    owners = {"lvp": "England"}
    both = board({"nao": ("F", "Germany"), "iri": ("F", "Germany")}, 1918, "winter", "adjustment", owners=owners)
    assert not V.route_to_america(both, "lvp", board_units(both))      # Liverpool's seas are blocked
    open_ = board({"nao": ("F", "Germany")}, 1918, "winter", "adjustment", owners=owners)
    assert V.route_to_america(open_, "lvp", board_units(open_))         # Irish Sea to the Mid-Atlantic


def test_rule_6_the_army_counts_from_the_next_winter():
    """The army is extra when it lands; from the next winter it counts like any unit against its
    power's centres (docs/rulings.md)."""
    owners = {"lon": "England", "lvp": "England", "edi": "England"}
    state = board({"lon": ("F", "England"), "edi": ("F", "England"), "ber": ("A", "Germany")},
                  1917, "winter", "adjustment", owners={**owners, "ber": "Germany"})
    landed = play(state, {ENTENTE: ["Build A Lvp"]}).state
    assert len([u for u in landed["units"].values() if u["power"] == "England"]) == 3   # builds: Lvp only
    state = board({"lon": ("F", "England"), "edi": ("F", "England"), "lvp": ("A", "England"),
                   "yor": ("A", "England"), "ber": ("A", "Germany")}, 1918, "winter", "adjustment",
                  owners={**owners, "ber": "Germany"})
    assert any("England must still remove 1" in m for m in V.missing_orders(state, ENTENTE, []))
