"""The console takes the README's words (`place`, `buy`, `move`, `casualties`,
`done`, … with the game number first), `history` writes the phase's map, every written map has a
name of its own, players are shown by name and never as a raw mention, `help CMD` gives an
example, and paths are printed relative to where the console was started."""
import re

from console import Console, map_file_name
from engine.catalog import register_all

POWERS = ("Austria-Hungary", "Germany", "Russia", "France", "British Empire", "Italy", "Ottoman Empire",
          "United States")


async def _aa_game(console) -> int:
    await console.execute("as ah")
    created = (await console.execute("game create aa1914 name=Marne"))[0]
    game_id = int(re.search(r"#(\d+)", created).group(1))
    for power in POWERS:
        await console.execute(f"as p{POWERS.index(power)}")
        await console.execute(f"game join {game_id} {power}")
    await console.execute("as ah")
    started = " ".join(await console.execute(f"game start {game_id}"))
    assert "started" in started, started
    await console.execute("as p0")
    return game_id


async def test_the_readme_words_work_in_the_console(service, tmp_path, monkeypatch):
    register_all()
    monkeypatch.chdir(tmp_path)
    console = Console(service, out_dir="out", write=lambda _: None)
    game_id = await _aa_game(console)
    bought = (await console.execute(f"buy {game_id} 2 infantry"))[0]
    assert "✓ `buy 2 infantry`" in bought
    placed = (await console.execute(f"place {game_id} 2 infantry Vienna"))[0]
    assert "✓ `place 2 infantry: Vienna`" in placed and "unknown command" not in placed
    moved = (await console.execute(f"move {game_id} 1 infantry Budapest - Serbia"))[0]
    assert "✓ `move 1 infantry: Budapest - Serbia`" in moved
    assert "✓ `casualties" in (await console.execute(f"casualties {game_id} infantry, artillery"))[0]
    status = (await console.execute(f"status {game_id}"))[0]
    assert "<@" not in status
    done = " ".join(await console.execute(f"done {game_id} confirm"))
    assert "The turn is played out; now **Round 1: Russia**" in done and "game take" not in done
    # history writes the map of the phase, a path relative to where the console was started
    history = await console.execute(f"history {game_id} 0")
    assert history[-1] == f"wrote out/game-{game_id}-phase-1.png"
    assert (tmp_path / "out" / f"game-{game_id}-phase-1.png").exists()
    printed = " ".join(await console.execute(f"map {game_id}"))
    assert "wrote out/" in printed and str(tmp_path) not in printed


async def test_every_map_file_has_a_name_of_its_own(service, tmp_path, monkeypatch):
    register_all()
    monkeypatch.chdir(tmp_path)
    console = Console(service, out_dir="out", write=lambda _: None)
    game_id = await _aa_game(console)
    names = set()
    names.add((await console.execute(f"map {game_id}"))[-1])
    names.add((await console.execute(f"map {game_id} balkans"))[-1])
    names.add((await console.execute(f"map {game_id} preview"))[-1])
    names.add((await console.execute(f"map {game_id} preview balkans"))[-1])
    await console.execute("palette colour-blind")
    names.add((await console.execute(f"map {game_id}"))[-1])
    assert len(names) == 5 and all(n.startswith("wrote out/") for n in names), names
    assert map_file_name("game-1-phase-2-preview.png", "north sea", "colour-blind") == \
        "game-1-phase-2-preview-north-sea-colour-blind.png"


async def test_unnamed_players_are_never_a_raw_mention(service, tmp_path):
    register_all()
    console = Console(service, out_dir=tmp_path, write=lambda _: None)
    game_id = await _aa_game(console)
    fresh = Console(service, out_dir=tmp_path, write=lambda _: None)      # a restarted console
    status = (await fresh.execute(f"game status {game_id}"))[0]
    assert "<@" not in status


async def test_help_gives_each_command_its_own_example(service, tmp_path):
    console = Console(service, out_dir=tmp_path, write=lambda _: None)
    helps = {word: (await console.execute(f"help {word}"))[0] for word in ("buy", "move", "done", "place")}
    assert "for example: buy 1 3 infantry, 1 artillery" in helps["buy"]
    assert "for example: move 1 2 infantry, 1 artillery Berlin - Silesia" in helps["move"]
    assert "for example: done 1" in helps["done"] and "(same as /ready)" in helps["done"]
    assert "for example: place 1 3 infantry Berlin" in helps["place"]
    assert len(set(helps.values())) == 4
