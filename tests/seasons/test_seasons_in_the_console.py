"""The console's twins of the seasons' commands, in its own words: `profile [NAME]`, `game scores
ID`, `game centres ID` (and `csv`, written as a file), and `committed=` refusing a join."""
import pytest

from console import Console
from engine.catalog import register_all


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def test_profile_scores_and_centres_in_the_console(service, tmp_path):
    console = Console(service, tmp_path, write=lambda _: None)
    for line in ("as alice", "game create rx07 name=Marne", "game join 1 Entente", "as bob", "game join 1 Central",
                 "as alice", "game start 1", "as bob", "vote 1 concede confirm"):
        await console.execute(line)
    own = "\n".join(await console.execute("profile"))
    assert "👤 Profile of @bob" in own and "WWI rx07 1468 · #2 of 2" in own and "Central · lost · 0 (winloss)" in own
    other = "\n".join(await console.execute("profile alice"))
    assert "👤 Profile of @alice" in other and "Entente · won · 1 (winloss)" in other
    scores = "\n".join(await console.execute("game scores 1"))
    assert "Conceded to Entente in 1914" in scores and " Entente 1 · Central 0" in scores
    centres = "\n".join(await console.execute("game centres 1"))
    assert "Year  Aus Eng Fra Ger Ita Rus Tur" in centres and "`game centres 1 csv` gives it" in centres
    written = "\n".join(await console.execute("game centres 1 csv"))
    assert "game-1-centres.csv" in written
    assert (tmp_path / "game-1-centres.csv").read_text().startswith("year,Austria,England")


async def test_a_committed_game_refuses_in_the_console(service, tmp_path):
    console = Console(service, tmp_path, write=lambda _: None)
    await console.execute("as alice")
    await console.execute("game create classic committed=high scoring=sos")
    await console.execute("as carol")
    refused = "\n".join(await console.execute("game join 1"))
    assert refused.startswith("error: your reliability is new") and "this game asks for high" in refused
    wrong = "\n".join(await console.execute("game create rx07 scoring=sos"))
    assert "scoring: World War I Diplomacy (rx07) is scored by winloss, not `sos`" in wrong
