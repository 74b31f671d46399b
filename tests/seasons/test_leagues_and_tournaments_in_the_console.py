"""The console's twins of `/league …` and `/tournament …`, in its own words: a league created by a
server admin, joined, a counted game's standings printed when it ends, the CSV written to a file,
the close; a tournament's roll call, preferences, a seeded round of 14 players on 2 boards started
at once, standings, the CSV; and the refusals, each changing nothing."""
import pytest

from console import Console
from engine.catalog import register_all


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def run(console, *lines) -> str:
    out = []
    for line in lines:
        out += [text for text in await console.execute(line) if not text.startswith("you are now")]
    return "\n".join(out)


def said(text: str) -> str:
    """The words of a post folded into 40-character lines for a phone, as one line."""
    return " ".join(text.split())


async def test_a_league_in_the_console(service, tmp_path):
    console = Console(service, tmp_path, write=lambda _: None)
    made = await run(console, "as root admin", "league create Spring families=rx07")
    assert "League **Spring** created: dss · by points; it counts rx07." in made
    assert "`game create rx07 league=Spring`" in made or "league=Spring" in made
    refused = await run(console, "as alice", "league create Autumn")
    assert refused.startswith("error: only a server admin or a member with the organiser role")
    joined = await run(console, "league join")
    assert "You are in the league **Spring**" in joined
    twice = await run(console, "league join Spring")
    assert twice.startswith("error: you are already in the league Spring")
    wrong = await run(console, "game create classic league=Spring")
    assert "error: league: Spring counts rx07 games, not classic" in wrong
    played = await run(console, "game create rx07 name=Marne league=Spring", "game join 1 Entente", "as bob",
                       "game join 1 Central", "as alice", "game start 1", "as bob", "vote 1 concede confirm")
    assert "📊 **Spring**: the standings after game #1 Marne ended." in said(played)
    table = await run(console, "league standings")
    assert "**1.** @alice" in table and " 1 pts · 1 game · avg 1" in table and "**2.** @bob" in table
    written = await run(console, "league export Spring")
    assert "league-Spring.csv" in written
    lines = (tmp_path / "league-Spring.csv").read_text().splitlines()
    assert lines[0] == "league,game,variant,finished_at,ending,player,seat,points,centres,counted" and len(lines) == 3
    closed = await run(console, "as root admin", "league close")
    assert "is closed: its table is frozen" in closed
    late = await run(console, "game create rx07 league=Spring")
    assert late.startswith("error: league: Spring is closed")


async def test_a_tournament_in_the_console(service, tmp_path):
    console = Console(service, tmp_path, write=lambda _: None)
    made = await run(console, "as root admin", "tournament create Cup family=classic rounds=2 hours=24")
    assert "Tournament **Cup** created: 2 rounds of Diplomacy, seven players (7 a board), scored by dss" in made
    early = await run(console, "tournament seed 1")
    assert early.startswith("error: round 1 cannot be seeded: one board of Diplomacy, seven players needs 7 "
                            "players; 0 registered")
    for index in range(14):
        await run(console, f"as p{index}", "tournament join")
    twice = await run(console, "tournament join Cup")
    assert twice.startswith("error: you are already registered for Cup")
    prefs = await run(console, "tournament prefs FGI")
    assert "Your seats in **Cup**, most wanted first: France, Germany, Italy" in prefs
    bad = await run(console, "tournament prefs FX")
    assert "error: prefs: `X` is not a seat" in bad
    other = await run(console, "tournament seed 1")
    assert other.startswith("error: only a server admin or a member with the organiser role")
    seeded = await run(console, "as root admin", "tournament seed 1")
    assert "round 1: 14 players on 2 boards" in seeded and "All 2 boards have started together" in seeded
    assert "has begun" in seeded                     # the boards' first posts, printed by the clock
    again = await run(console, "tournament seed 1")
    assert again.startswith("error: round 1 of Cup is already seeded")
    early = await run(console, "tournament seed 2")
    assert early.startswith("error: round 1 is still being played: board 1 (game #1), board 2 (game #2)")
    ended = await run(console, "gm abandon 1")
    assert "round 1, board 1 ended as it stood" in said(ended) and "1 of 2 boards over" in said(ended)
    table = await run(console, "tournament standings")
    assert "🏆 **Cup** standings" in table and "**1.** @p" in table
    one = await run(console, "tournament standings 1")
    assert "🏆 **Cup** round 1" in one and "1 of 2 boards over" in one
    written = await run(console, "tournament export")
    assert "tournament-Cup.csv" in written
    rows = (tmp_path / "tournament-Cup.csv").read_text().splitlines()
    assert rows[0].startswith("tournament,round,board,game") and len(rows) == 8
