"""The console answers in its own words and acts like Discord's commands.

- A command hint in any answer — an error, a brief, a notice — is phrased the console's way
  (`ready 1 confirm`, not `/ready confirm:True`): the service phrases a hint once, as the slash
  command, and the console translates every one (`console_words.in_console_words`).
- `help order` offers the asking seat's own orders, never another power's unit.
- `gm rollback` names the phase that was open when it was typed, as `/gm rollback` does, so two
  rollbacks typed at once undo one phase.
- `map ID preview` of a game that is over says there is nothing to preview.
"""
import re

from console import Console
from console_words import console_hint, in_console_words
from engine.catalog import register_all


async def classic_table(service, tmp_path, gm: str = "alice") -> Console:
    """alice (England) and bob (France) against five bots; the GM is alice unless named."""
    register_all()
    console = Console(service, tmp_path, write=lambda _: None)
    for line in (f"as {gm}", "game create classic name=Table", "as alice", "game join 1 England", "as bob",
                 "game join 1 France", f"as {gm}",
                 *(f"gm bot 1 {seat}" for seat in ("Germany", "Italy", "Austria", "Russia", "Turkey")), "game start 1"):
        await console.execute(line)
    return console


def slash_hints(lines: list[str]) -> list[str]:
    """Command hints in Discord's words that are not marked as Discord's."""
    return [hint for line in lines for hint in re.findall(r"`[/!][a-z][^`]*`", line)
            if not hint.endswith("(on Discord)`")]


async def test_every_answer_cites_the_consoles_words(service, tmp_path):
    console = await classic_table(service, tmp_path)
    said: list[str] = []
    for line in ("ready 1", "as bob", "ready 1", "game leave 1", "game leave 1 cancel", "history 1", "status 1",
                 "game status 1", "gm rollback 1", "as alice", "gm pause 1", "gm resume 1", "gm extend 1 0",
                 "orders 1 A Lvp - Yor; F Edi - Nth; F Lon - Eng", "ready 1", "as bob", "ready 1 confirm",
                 "history 1", "vote 1", "game seats 1", "rules 1", "map 1 preview", "as alice", "gm rollback 1",
                 "status 1", "gm abandon 1", "map 1 preview"):
        said.extend(await console.execute(line))
    assert slash_hints(said) == [], slash_hints(said)
    assert any("`ready 1 confirm`" in line for line in said)        # the incomplete sheet's way out
    assert any("`ready 1`" in line for line in said)                # the brief's last words


def test_each_slash_hint_has_the_consoles_words():
    assert console_hint("/ready confirm:True", 3) == "ready 3 confirm"
    assert console_hint("/rules ruling:list") == "ruling list"
    assert console_hint("/press send to: France, Germany message: …", 2) == "press send 2 France, Germany: …"
    assert console_hint("/game leave cancel:True", 1) == "game leave 1 cancel"
    assert console_hint("/gm bot SEAT <level>", 1) == "gm bot 1 SEAT LEVEL"
    assert console_hint("/game join 12") == "game join 12"
    assert console_hint("/map replay", 4) == "map 4 replay"
    assert console_hint("/press open", 1) == "/press open (on Discord)"
    assert in_console_words("(`/ready confirm:True`, or `!ready confirm`)", 5) == "(`ready 5 confirm`)"


async def test_help_order_offers_the_asking_seats_own_units(service, tmp_path):
    console = await classic_table(service, tmp_path)
    units = {"England": ("Edi", "Lon", "Lvp"), "France": ("Bre", "Par", "Mar")}
    for name, seat, other in (("alice", "England", "France"), ("bob", "France", "England")):
        await console.execute(f"as {name}")
        for word in ("order", "orders", "suggest"):
            example = (await console.execute(f"help {word}"))[0].split("for example:")[1]
            assert any(unit in example for unit in units[seat]), (name, word, example)
            assert not any(unit in example for unit in units[other]), (name, word, example)


async def test_rollback_names_the_phase_open_when_typed(service, tmp_path, monkeypatch):
    console = await classic_table(service, tmp_path, gm="dave")      # a GM with no seat: rolls back at once
    await console.execute("gm adjudicate 1")
    asked = []
    original = service.rollback

    async def spy(game_id, actor, phase_seq=None):
        asked.append(phase_seq)
        return await original(game_id, actor, phase_seq)
    monkeypatch.setattr(service, "rollback", spy)
    open_now = (await service.phase(1)).seq
    answer = await console.execute("gm rollback 1")
    assert asked == [open_now] and "Rolled back" in answer[0], answer
    assert (await service.phase(1)).seq == open_now - 1


async def test_a_finished_games_preview_says_there_is_nothing_to_preview(service, tmp_path):
    console = await classic_table(service, tmp_path)
    await console.execute("gm abandon 1")
    answer = await console.execute("map 1 preview")
    assert answer == ["error: game #1 is over: there is nothing to preview; `map 1` shows its board"], answer
    assert not list(tmp_path.glob("*preview*"))
