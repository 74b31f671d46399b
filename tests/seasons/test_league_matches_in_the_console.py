"""The console's twins of `/match …`, in its own words: a match created, bid, revealed, placed
(refused, then on the board), game 1 conceded and game 2 set up with sides swapped, confirmed and
started; a playoff of 8 named by an admin, refused to anyone else; the bracket."""
import pytest

from console import Console
from engine.catalog import register_all


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def said(console, line: str) -> str:
    return "\n".join(await console.execute(line))


async def test_a_match_in_the_console(service, tmp_path):
    console = Console(service, tmp_path, write=lambda _: None)
    await said(console, "as alice")
    created = await said(console, "match create bob hours=24")
    assert "**Match #1**: @alice v @bob" in created and "`match bid side:<side> ipcs:<number> match_id:1`" \
        not in created and "match bid" in created
    sealed = await said(console, "match bid central 12 1")
    assert "sealed: the **Central Powers** for **12 IPCs**" in sealed
    await said(console, "as bob")
    assert "bid in (sealed)" in await said(console, "match status 1")
    revealed = await said(console, "match bid side=central ipcs=7")
    assert "bids revealed" in revealed and "The lower ask wins: @bob" in revealed
    refused = await said(console, "match place 1 infantry Paris")
    assert refused.startswith("error: infantry in Paris: Paris is not held by the Central Powers")
    started = await said(console, "match place 1 infantry Berlin, artillery Vienna")
    assert "• Germany: infantry in Berlin" in started and "has started" in started, started
    await said(console, "as alice")
    over = await said(console, "vote 1 concede confirm")
    assert "Game 2 is **#2**, sides swapped" in over, over
    waiting = await said(console, "match place 1 infantry Berlin")
    assert "starts once the other player confirms: `match ready 1`" in waiting, waiting
    await said(console, "as bob")
    assert "has started" in await said(console, "match ready 1")
    assert (await service.game(2)).status == "active"


async def test_a_playoff_in_the_console(service, tmp_path):
    console = Console(service, tmp_path, write=lambda _: None)
    names = " ".join(f"p{n}" for n in range(1, 9))
    await said(console, "as carol")
    refused = await said(console, f"match playoff {names}")
    assert refused.startswith("error: only a server admin or a member with the organiser role")
    await said(console, "as boss admin")
    short = await said(console, "match playoff p1 p2 p3")
    assert "you named 3 players" in short and "5 short" in short
    made = await said(console, f"match playoff {names}")
    assert "Playoff #1 is set up" in made and "QF1 · match #1 · bidding" in made and " 1 @p1" in made, made
    bracket = await said(console, "match bracket")
    assert "**Final**" in bracket and "? winner of SF1" in bracket
