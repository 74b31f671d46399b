"""Pairwise Elo per player and family: worked examples from the rule in docs/scoring.md, each
number below worked by hand (E = 1 / (1 + 10^((R_other − R_self) / 400)))."""
import pytest

from engine.ratings import BOT_ANCHORS, PlayerRating, Ratings, apply_game, rate, rating_changes
from tests.seasons.ratings.games import bot, finished, nobody, person, seat, seven

NEW = Ratings()


def established(family: str, **ratings: float) -> Ratings:
    """Players with ten games behind them (K = 32)."""
    return Ratings({(p, family): PlayerRating(p, family, r, 10) for p, r in ratings.items()})


def test_a_new_players_first_two_seat_win():
    """Both 1500, provisional (K 64): E = ½; the winner 64 × (1 − ½) = +32, the loser −32."""
    game = finished("1", [seat("Entente", 1, person("alice")), seat("Central Powers", 0, person("bob"))],
                    family="rx07", ending="victory")
    after = rate([game])
    assert after.get("alice", "rx07") == PlayerRating("alice", "rx07", 1532.0, 1)
    assert after.get("bob", "rx07") == PlayerRating("bob", "rx07", 1468.0, 1)
    assert after.get("alice", "rx07").provisional


def test_a_draw_between_unequal_established_players():
    """1600 against 1400, drawn: E(1600) = 1 / (1 + 10^(−200/400)) = 1 / 1.316228 = 0.759747;
    the stronger 32 × (0.5 − 0.759747) = −8.3119, the weaker +8.3119 (plain Elo)."""
    game = finished("1", [seat("France", 0.5, person("a")), seat("Austria", 0.5, person("b"))])
    changes = rating_changes(established("classic", a=1600, b=1400), game)
    assert changes["a"] == pytest.approx(-8.3119, abs=1e-4)
    assert changes["b"] == pytest.approx(8.3119, abs=1e-4)


def test_a_seven_player_three_way_draw_new_players():
    """DSS 33.3 / 33.3 / 33.3 / 0 / 0 / 0 / 0, everyone 1500 and new (K 64). A drawer: ½ against
    the other two drawers, 1 against each of four losers, E ½ everywhere: Σ(S − E) = 0 + 0 + 4 × ½
    = 2, Δ = 64 × 2 / 6 = +21.333. A loser: 0 against three drawers, ½ against three losers:
    Σ = 3 × (−½) = −1.5, Δ = 64 × (−1.5) / 6 = −16. Zero-sum: 3 × 21.333 = 4 × 16."""
    game = seven("1", [100 / 3] * 3 + [0] * 4, list("abcdefg"))
    after = rate([game])
    for p in "abc":
        assert after.get(p, "classic").rating == pytest.approx(1521.3333, abs=1e-4)
    for p in "defg":
        assert after.get(p, "classic").rating == pytest.approx(1484.0)


def test_a_solo_among_established_players():
    """Solo 100, six 0, everyone 1500 with K 32: the soloist beats six (Σ = 6 × ½ = 3,
    Δ = 32 × 3 / 6 = +16); each loser 0 against the soloist, ½ against the others (Σ = −½,
    Δ = 32 × (−½) / 6 = −2.6667)."""
    players = list("abcdefg")
    game = seven("1", [100, 0, 0, 0, 0, 0, 0], players, ending="victory")
    changes = rating_changes(established("classic", **{p: 1500 for p in players}), game)
    assert changes["a"] == pytest.approx(16)
    assert all(changes[p] == pytest.approx(-8 / 3) for p in "bcdefg")


def test_a_sum_of_squares_draw_counts_the_centres():
    """SoS 12, 10, 8, 4 centres and three eliminated, everyone 1500 with K 32. The 12's results
    are ratios of squares: against the 10 144/244 = 0.590164, the 8 144/208 = 0.692308, the 4
    144/160 = 0.9, each eliminated 1. Σ(S − ½) = 0.090164 + 0.192308 + 0.4 + 1.5 = 2.182472;
    Δ = 32 × 2.182472 / 6 = +11.6399. The 4: against the 12 16/160 = 0.1, the 10 16/116 =
    0.137931, the 8 16/80 = 0.2, three eliminated 1: Σ = −0.4 − 0.362069 − 0.3 + 1.5 = 0.437931,
    Δ = 32 × 0.437931 / 6 = +2.3356."""
    squares = [144, 100, 64, 16, 0, 0, 0]
    points = [100 * s / 324 for s in squares]
    players = list("abcdefg")
    changes = rating_changes(established("classic", **{p: 1500 for p in players}), seven("1", points, players))
    assert changes["a"] == pytest.approx(11.6399, abs=1e-4)
    assert changes["d"] == pytest.approx(2.3356, abs=1e-4)
    assert sum(changes.values()) == pytest.approx(0)


def test_a_bot_seat_rates_the_human_and_never_moves():
    """A new player (1500, K 64) against a normal bot (anchor 1300): E = 1 / (1 + 10^(−200/400))
    = 0.759747. Winning: 64 × (1 − 0.759747) = +15.3762; losing: 64 × (0 − 0.759747) = −48.6238.
    The bot is in no table."""
    assert BOT_ANCHORS["normal"] == 1300
    win = finished("1", [seat("Entente", 1, person("alice")), seat("Central Powers", 0, bot("normal"))],
                   family="rx07", ending="victory")
    loss = finished("1", [seat("Entente", 0, person("alice")), seat("Central Powers", 1, bot("normal"))],
                    family="rx07", ending="victory")
    assert rate([win]).get("alice", "rx07").rating == pytest.approx(1515.3762, abs=1e-4)
    assert rate([loss]).get("alice", "rx07").rating == pytest.approx(1451.3762, abs=1e-4)
    assert [r.player for r in rate([win])] == ["alice"]


def test_bot_levels_are_anchored_weakest_first():
    assert BOT_ANCHORS["easy"] < BOT_ANCHORS["normal"] < BOT_ANCHORS["hard"]


def test_a_substituted_seat_shares_the_change_by_phases_held():
    """Entente: Alice 30 phases then Bob 10; Central Powers: Carol 40; all new at 1500; the
    Entente wins. Each holder: 64 × share × (1 − ½): Alice 64 × ¾ × ½ = +24, Bob 64 × ¼ × ½ = +8;
    Carol −32. All three played the game."""
    game = finished("1", [seat("Entente", 1, person("alice", 30), person("bob", 10)),
                          seat("Central Powers", 0, person("carol", 40))], family="rx07", ending="victory")
    after = rate([game])
    assert after.get("alice", "rx07").rating == 1524
    assert after.get("bob", "rx07").rating == 1508
    assert after.get("carol", "rx07").rating == 1468
    assert {r.player: r.games for r in after} == {"alice": 1, "bob": 1, "carol": 1}


def test_a_substituted_seat_with_unequal_holders():
    """Alice 1600 (K 32) held 30 of 40 phases, Bob 1400 (new, K 64) 10; Carol 1500 (K 32). The
    Entente seat's rating: ¾ × 1600 + ¼ × 1400 = 1550. Carol: E = 1 / (1 + 10^(50/400)) =
    1 / 2.333521 = 0.428537, Δ = 32 × (0 − 0.428537) = −13.7132. Alice, with her own rating
    against Carol: E = 1 / (1 + 10^(−100/400)) = 1 / 1.562341 = 0.640065, Δ = 32 × ¾ ×
    0.359935 = +8.6384. Bob: E = 1 / (1 + 10^(100/400)) = 1 / 2.778279 = 0.359935,
    Δ = 64 × ¼ × 0.640065 = +10.2410."""
    before = Ratings({("alice", "rx07"): PlayerRating("alice", "rx07", 1600, 10),
                      ("bob", "rx07"): PlayerRating("bob", "rx07", 1400, 0),
                      ("carol", "rx07"): PlayerRating("carol", "rx07", 1500, 10)})
    game = finished("1", [seat("Entente", 1, person("alice", 30), person("bob", 10)),
                          seat("Central Powers", 0, person("carol", 40))], family="rx07", ending="victory")
    changes = rating_changes(before, game)
    assert changes["carol"] == pytest.approx(-13.7132, abs=1e-4)
    assert changes["alice"] == pytest.approx(8.6384, abs=1e-4)
    assert changes["bob"] == pytest.approx(10.2410, abs=1e-4)


def test_phases_in_civil_disorder_are_nobodys_share():
    """France: Alice 20 phases, then 20 in civil disorder; Alice's share is ½. Austria Bob, 40.
    France wins, all new: Alice 64 × ½ × ½ = +16; Bob −32."""
    game = finished("1", [seat("France", 1, person("alice", 20), nobody(20)),
                          seat("Austria", 0, person("bob", 40))], ending="victory")
    after = rate([game])
    assert after.get("alice", "classic").rating == 1516
    assert after.get("bob", "classic").rating == 1468


def test_a_holder_of_no_phases_is_not_rated():
    """Dan sat down and left before any phase: no change, no game counted."""
    game = finished("1", [seat("France", 1, person("alice", 20), person("dan", 0)),
                          seat("Austria", 0, person("bob", 20))], ending="victory")
    after = rate([game])
    assert after.get("dan", "classic").games == 0
    assert "dan" not in rating_changes(NEW, game)


def test_provisional_for_the_first_four_games():
    """Four 1500-against-1500 draws change nothing (S = E = ½) but count: after them Alice is
    established, and a fifth game's win moves her by K 32: 32 × ½ = +16, while her new opponent
    still moves by 64: −32."""
    history = [finished(f"d{i}", [seat("France", 0.5, person("alice")), seat("Austria", 0.5, person(f"x{i}"))],
                        at=f"2026-11-0{i + 1}T00:00:00+00:00") for i in range(4)]
    after_four = rate(history)
    assert after_four.get("alice", "classic") == PlayerRating("alice", "classic", 1500.0, 4)
    assert not after_four.get("alice", "classic").provisional
    assert rate(history[:3]).get("alice", "classic").provisional
    win = finished("w", [seat("France", 1, person("alice")), seat("Austria", 0, person("zoe"))],
                   ending="victory", at="2026-11-09T00:00:00+00:00")
    final = rate(history + [win])
    assert final.get("alice", "classic").rating == 1516
    assert final.get("zoe", "classic").rating == 1468


@pytest.mark.parametrize("ending", ["abandoned", "gm_decision"])
def test_abandoned_and_gm_ended_games_are_not_rated(ending):
    game = seven("1", [100, 0, 0, 0, 0, 0, 0], list("abcdefg"), ending=ending)
    assert len(rate([game])) == 0
    assert rating_changes(NEW, game) == {}
    assert apply_game(NEW, game).last == (game.finished, "1")


def test_families_are_rated_apart():
    """A classic win does not move Alice's rx07 rating."""
    classic = finished("1", [seat("France", 1, person("alice")), seat("Austria", 0, person("bob"))], ending="victory")
    after = rate([classic])
    assert after.get("alice", "rx07") == PlayerRating("alice", "rx07")
    assert set(after.of("alice")) == {"classic"}
    assert [r.player for r in after.family("classic")] == ["alice", "bob"]


def test_two_losers_of_a_solo_tie_with_each_other():
    """Both on 0 points: their match is a draw (½), so between equals nothing moves."""
    game = finished("1", [seat("a", 100, person("a")), seat("b", 0, person("b")), seat("c", 0, person("c"))],
                    ending="victory")
    changes = rating_changes(NEW, game)
    # b: against a 0 − ½, against c ½ − ½: Σ = −½; 64 × (−½) / 2 = −16
    assert changes["b"] == changes["c"] == -16
    assert changes["a"] == 32
