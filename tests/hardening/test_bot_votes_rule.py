"""The bots' rule for the motions that end a game (engine/bot_votes.py; docs/bots.md "How a bot
votes"), on fixed positions: a bot accepts a draw or concedes only when its seat can no longer
win on the board, and an A&A bot never concedes while its side leads or stands level on a count."""
import random

import pytest

from engine.bot_votes import bot_vote, describe_counts, diplomacy_standing
from engine.catalog import register_all
from engine.variant import get_variant
from tests.aa_helpers import V as AA, fresh


@pytest.fixture(autouse=True)
def _variants():
    register_all()


def classic_start():
    variant = get_variant("classic")
    return variant, variant.initial_state(variant.parse_options({}), random.Random(1))


def owned(variant, counts: dict[str, int]) -> dict:
    """A classic position where every supply centre is owned, `counts` centres per power (the
    rest to the last power named), so the opening is over."""
    state = variant.initial_state(variant.parse_options({}), random.Random(1))
    centres = variant.game_map(state).supply_centers()
    owners, index = {}, 0
    for power, n in counts.items():
        for centre in centres[index:index + n]:
            owners[centre] = power
        index += n
    assert index == len(centres) == 34
    state["owners"] = owners
    return state


@pytest.mark.parametrize("power", ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"])
def test_in_the_opening_no_bot_accepts_a_draw_or_concedes(power):
    """While a centre is neutral "the opening's land grab is not over": every power can win."""
    variant, state = classic_start()
    for motion in ("draw", "concede"):
        vote = bot_vote(variant, state, power, motion)
        assert not vote.yes and "12 supply centres are still neutral" in vote.reason


def test_a_bot_accepts_a_draw_only_when_its_reach_misses_the_victory_number():
    """Reach: its centres plus those of every smaller power; 18 win in classic."""
    variant = get_variant("classic")
    state = owned(variant, {"England": 12, "France": 11, "Germany": 6, "Italy": 3, "Austria": 2})
    # England: 12 + 11 + 6 + 3 + 2 = 34 could still win; France: 11 + 6 + 3 + 2 = 22 too
    assert not bot_vote(variant, state, "England", "draw").yes
    france = bot_vote(variant, state, "France", "draw")
    assert not france.yes and "could still reach 22 supply centres" in france.reason
    # Germany: 6 + 3 + 2 = 11 < 18: it can no longer win, so it accepts
    germany = bot_vote(variant, state, "Germany", "draw")
    assert germany.yes and "can reach at most 11 supply centres" in germany.reason
    assert "its 6 and the 5 of the smaller seats Austria, Italy; 18 win" in germany.reason
    assert bot_vote(variant, state, "Austria", "concede").yes


def test_equal_powers_do_not_count_in_each_others_reach():
    """A power as large stands in the way: three powers of 12, 11, 11 — the two of 11 can reach
    only 11 and accept; the one of 12 could take both and refuses."""
    variant = get_variant("classic")
    state = owned(variant, {"England": 12, "France": 11, "Russia": 11})
    assert not bot_vote(variant, state, "England", "draw").yes
    assert bot_vote(variant, state, "France", "draw").yes and bot_vote(variant, state, "Russia", "draw").yes


def test_the_victory_number_is_the_games_option():
    variant = get_variant("classic")
    state = owned(variant, {"England": 12, "France": 11, "Germany": 6, "Italy": 3, "Austria": 2})
    state["options"] = {**state["options"], "victory_centres": 10}
    assert not bot_vote(variant, state, "Germany", "draw").yes      # 11 now reaches 10


def test_rx07_counts_rule_7s_pieces_and_ignores_the_neutrals_closed_for_good():
    """rx07 rule 7: "a 2/3 majority of all pieces"; rule 3's closed neutrals never open, so they
    do not keep the opening going once the others are taken."""
    variant = get_variant("rx07")
    state = variant.initial_state({}, random.Random(1))
    standing = diplomacy_standing(variant, state)
    assert standing.measure == "pieces" and "spa" not in standing.open_neutrals and "bel" in standing.open_neutrals
    assert not bot_vote(variant, state, "Central", "draw").yes
    state["owners"].update({c: "Germany" for c in standing.open_neutrals})
    # Entente 10 pieces against Central 9 (and neutral Italy's 3): the Entente reaches 19 of 22
    # (two thirds: 15) and refuses; the Central Powers reach 9 and accept
    assert not bot_vote(variant, state, "Entente", "draw").yes
    central = bot_vote(variant, state, "Central", "concede:Central")
    assert central.yes and "can reach at most 9 pieces" in central.reason and "15 win" in central.reason


def test_an_aa1914_bot_never_concedes_at_the_start():
    """Both alliances stand level on capitals and victory points at the start (the Allies lead
    in income), so no bot of either side concedes."""
    state = fresh()
    for seat in AA.seats({}):
        vote = bot_vote(AA, state, seat, "concede:x")
        assert not vote.yes
    assert "stand level with the Allies in enemy capitals held (0 to 0)" in bot_vote(AA, state, "Germany", "concede").reason
    assert "lead the Central Powers in income" in bot_vote(AA, state, "France", "concede").reason


def test_an_aa1914_bot_concedes_only_when_the_enemy_leads_on_every_count():
    state = fresh()
    state["control"]["Vienna"] = "Russia"                   # an enemy capital and homeland: points, income
    assert "Allies: enemy capitals held 1" in describe_counts(AA, state)
    ottoman = bot_vote(AA, state, "Ottoman Empire", "concede:Central Powers")
    assert ottoman.yes and "the Allies lead the Central Powers on every count" in ottoman.reason
    # the Central Powers hold an enemy capital too: level on capitals, so no concession
    state["control"]["Rome"] = "Austria-Hungary"
    refusal = bot_vote(AA, state, "Ottoman Empire", "concede:Central Powers")
    assert not refusal.yes and "enemy capitals held (1 to 1)" in refusal.reason
    # and the Allies' bots never concede while they lead
    assert not bot_vote(AA, state, "France", "concede:Allies").yes


def test_the_rule_is_asked_only_about_motions_that_end_the_game():
    variant, state = classic_start()
    with pytest.raises(ValueError):
        bot_vote(variant, state, "England", "pause")
    assert not bot_vote(AA, fresh(), "Germany", "draw").yes       # A&A has no draws


def test_a_game_the_rule_cannot_read_is_never_ended_by_a_bot():
    guess = get_variant("guess")
    vote = bot_vote(guess, guess.initial_state(guess.parse_options({}), random.Random(1)), "North", "draw")
    assert not vote.yes and "cannot judge" in vote.reason
