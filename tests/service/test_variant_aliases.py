"""Variant names: "`game create diplomacy` answers 'available: aa1914, rx07'": `diplomacy` is what
players call the seven-power game, so it names the classic variant; games are stored under the
variant's own key, so maps, rules and exports know them."""
import pytest

from engine.catalog import register_all
from engine.errors import OptionError
from engine.variant import get_variant
from service import BadInput
from service.text import variant_or_error
from tests.conftest import ALICE, GUILD


@pytest.fixture(autouse=True)
def _all_variants():
    register_all()


async def test_diplomacy_creates_the_classic_game(service):
    assert get_variant("diplomacy") is get_variant("classic") is get_variant("Diplomacy ")
    game = await service.create_game(GUILD, ALICE, "diplomacy", options={"victory_centres": "17"})
    assert game.variant == "classic" and len(game.seats) == 7 and game.options["victory_centres"] == 17
    assert variant_or_error("diplomacy").key == "classic"


def test_an_unknown_game_lists_the_variants_and_the_aliases():
    with pytest.raises(OptionError, match=r"available: aa1914, classic, .*rx07 \(`diplomacy` = `classic`\)"):
        get_variant("chess")
    with pytest.raises(BadInput, match="no game called `chess`"):
        variant_or_error("chess")
