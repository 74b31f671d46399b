"""A whole seven-player classic game through the offline console (console.py), the same
words as on Discord: seven players join by power, a full year of orders, builds, a draw by vote
of every surviving power, then the rules, options, map and export/import of the finished game."""
import re

from console import Console
from engine.catalog import register_all

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")

SPRING_1901 = {
    "Austria": "A Vie - Gal; A Bud - Ser; F Tri - Alb",
    "England": "F Lon - Nth; F Edi - Nwg; A Lvp - Yor",
    "France": "A Par - Bur; A Mar - Spa; F Bre - Mao",
    "Germany": "A Ber - Kie; A Mun - Ruh; F Kie - Den",
    "Italy": "A Ven H; A Rom - Apu; F Nap - Ion",
    "Russia": "A War - Ukr; A Mos - Stp; F Sev - Bla; F Stp/sc - Bot",
    "Turkey": "A Con - Bul; A Smy - Con; F Ank - Bla",
}
FALL_1901 = {
    "Austria": "A Ser - Gre; F Alb S A Ser - Gre; A Gal H",
    "England": "F Nth C A Yor - Nwy; A Yor - Nwy; F Nwg S A Yor - Nwy",
    "France": "A Bur - Bel; A Spa H; F Mao - Por",
    "Germany": "A Kie - Hol; A Ruh H; F Den H",
    "Italy": "A Ven H; A Apu H; F Ion - Tun",
    "Russia": "A Ukr - Rum; A Stp H; F Bot - Swe; F Sev H",
    "Turkey": "A Bul H; A Con H; F Ank H",
}
WINTER_1901 = {
    "Austria": "Build A Vie",            # Serbia was left in the fall: only Greece counts
    "England": "Build F Lon",
    "France": "Build A Par; Build A Mar; Build F Bre",
    "Germany": "Build A Ber; Build F Kie",
    "Italy": "Build F Nap",
    "Russia": "Build A Mos; Build A War",
    "Turkey": "Build A Smy",
}


async def test_a_seven_player_classic_game_through_the_console(service, tmp_path):
    register_all()
    printed: list[str] = []
    console = Console(service, out_dir=tmp_path, write=printed.append)
    options = (await console.execute("game options classic"))[0]
    assert "`edition`" in options and "`victory_centres`" in options and "`anonymous`" in options
    assert "18 supply centres" in (await console.execute("rules classic"))[0]
    await console.execute("as austria_player")
    created = (await console.execute("game create classic name=Europe edition=2000"))[0]
    game_id = int(re.search(r"#(\d+)", created).group(1))
    for power in POWERS:
        await console.execute(f"as {power.lower()}_player")
        joined = await console.execute(f"game join {game_id} {power}")
        assert power in joined[0], joined
    await console.execute("as austria_player")
    started = " ".join(await console.execute(f"game start {game_id}"))
    assert "Spring 1901" in started

    async def play(sheets, label):
        for power in POWERS:
            await console.execute(f"as {power.lower()}_player")
            if power in sheets:
                shown = (await console.execute(f"orders {game_id} {sheets[power]}"))[0]
                assert "✗" not in shown, (power, shown)
            await console.execute(f"ready {game_id} confirm")
        status = (await console.execute(f"status {game_id}"))[0]
        assert label in status, status

    await play(SPRING_1901, "Fall 1901")
    history = (await console.execute(f"history {game_id} 0"))[0]
    assert "✗ F Sev - Bla — bounced with F Ank (Turkey)" in history and "✗ F Ank - Bla — bounced with F Sev (Russia)" in history   # the bounce
    await play(FALL_1901, "Winter 1901")
    await console.execute("as france_player")
    assert "France may build" in " ".join(printed)
    await play(WINTER_1901, "Spring 1902")
    status = (await console.execute(f"status {game_id} full"))[0]
    assert "France: 6 centres, 6 units" in status and "Austria: 4 centres, 4 units" in status, status
    short = (await console.execute(f"status {game_id}"))[0]
    assert "Fra 6 · Rus 6 · Ger 5 · Aus 4 · Eng 4" in short and len(short.splitlines()) <= 12, short
    wrote = (await console.execute(f"map {game_id}"))[-1]
    assert wrote.startswith("wrote ") and wrote.endswith(".png")

    # every surviving power votes for a draw, each confirming first; the game ends with no winner
    await console.execute(f"as {POWERS[0].lower()}_player")
    asked = (await console.execute(f"vote {game_id} draw"))[0]
    assert "Confirm first" in asked and f"`vote {game_id} draw confirm`" in asked and "/vote" not in asked
    for power in POWERS:
        await console.execute(f"as {power.lower()}_player")
        told = (await console.execute(f"vote {game_id} draw confirm"))[0]
    assert "passed (7 of 7 seats" in told
    over = " ".join(printed)
    assert "all players agreed to a draw. Winner: nobody (a draw)" in over
    assert "finished" in (await console.execute(f"status {game_id}"))[0]

    # export, and import (after deleting the original: a server holds one copy) by an admin
    exported = (await console.execute(f"game export {game_id}"))[-1]
    assert exported.startswith("wrote ")
    await console.execute("as admin_player admin")
    assert "Deleted the record" in (await console.execute(f"game delete {game_id}"))[0]
    imported = " ".join(await console.execute(f"game import {exported.split()[1]}"))
    assert "imported" in imported.lower() and "error" not in imported.lower(), imported
