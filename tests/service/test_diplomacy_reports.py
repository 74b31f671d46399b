"""Reports for Diplomacy: results grouped by power with the reason of each failure,
outcomes said in words (civil disorder, waived builds, victory with its rule and numbers, the
last phase named as played), briefs built from the reader's own units, and the results posted
before the brief of the phase they produce."""
import random

from engine.catalog import register_all
from engine.diplomacy.report import read_report
from engine.diplomacy.rx07 import CENTRAL, ENTENTE, Rx07Variant
from service.reports import message_parts, own_first, own_results, sections
from tests.conftest import ALICE, BOB, GUILD

register_all()
V = Rx07Variant()


def board(units, year=1915, season="spring", phase="movement", owners=None):
    state = V.initial_state({}, random.Random(0))
    state.update(year=year, season=season, phase=phase, italy_side=CENTRAL)
    state["units"] = {p: {"kind": u[0], "power": u[1], "loc": p} for p, u in units.items()}
    if owners is not None:
        state["owners"] = owners
    return state


def play(state, orders):
    return V.adjudicate(state, orders, random.Random(0))


def test_results_are_grouped_by_power_moves_supports_then_holds_with_reasons():
    state = board({"bud": ("A", "Austria"), "vie": ("A", "Austria"), "tri": ("F", "Austria"),
                   "war": ("A", "Russia"), "sil": ("A", "Germany"), "boh": ("A", "Germany"),
                   "gal": ("A", "Russia"), "ukr": ("A", "Russia")})
    result = play(state, {CENTRAL: ["A Vie H", "A Bud - Gal", "A Sil S A Bud - Gal", "A Boh - Gal"],
                          ENTENTE: ["A War - Sil", "A Ukr S A Gal H"]})
    text = result.report
    austria = sections(text)["Austria"]
    assert austria.splitlines() == ["**Austria** (Central)", "✗ A Bud - Gal — bounced with A Gal (Russia), "
                                    "A Boh (Germany)", "✓ held: F Tri, A Vie"]
    germany = sections(text)["Germany"].splitlines()
    assert germany[1].startswith("✗ A Boh - Gal — bounced with A Gal (Russia), A Bud (Austria)")
    assert germany[2] == "✗ A Sil S A Bud - Gal — cut by A War (Russia)"      # moves, then supports
    assert "✓ A Ukr S A Gal" in sections(text)["Russia"]


def test_a_dislodged_unit_says_by_whom_and_where_it_may_retreat():
    state = board({"war": ("A", "Russia"), "sil": ("A", "Germany"), "pru": ("A", "Germany")}, 1916)
    result = play(state, {CENTRAL: ["A Sil - War", "A Pru S A Sil - War"]})
    line = sections(result.report)["Russia"].splitlines()[1]
    assert line.startswith("✗ held: ") is False
    assert line.startswith("✗ A War H — dislodged by A Sil (Germany); may retreat to ")
    assert line.endswith(" or disband")
    # the DATC checks read the same verdicts back
    assert ("Russia", False, "A War H") == read_report(result.report)[-1][:3] or any(
        r[:3] == ("Russia", False, "A War H") for r in read_report(result.report))


def test_russia_civil_disorder_is_announced_once_and_its_retreat_says_why():
    state = board({"war": ("A", "Russia"), "sil": ("A", "Germany"), "pru": ("A", "Germany")}, 1917)
    moved = play(state, {CENTRAL: ["A Sil - War", "A Pru S A Sil - War"]})
    said = [a for a in moved.announcements if "civil disorder" in a]
    assert said == ["🇷🇺 Russia falls into civil disorder (rule 5) for the rest of the game: its units hold, "
                    "its dislodged units disband and it builds nothing; its pieces still count for the Entente."]
    after = play(moved.state, {})
    russia = sections(after.report)["Russia"]
    assert russia.startswith("**Russia** (Entente) — in civil disorder (rule 5)")
    assert "• A War disbanded (civil disorder)" in russia
    assert not [a for a in after.announcements if "falls into civil disorder" in a]


def test_waived_builds_give_their_reason():
    owners = {"ber": "Germany", "kie": "Germany", "mun": "Germany", "hol": "Germany", "den": "Germany"}
    units = {"ber": ("A", "Germany"), "kie": ("F", "Germany"), "mun": ("A", "Germany")}
    result = play(board(units, 1915, "winter", "adjustment", owners=owners), {})
    assert "• 2 builds waived (no home centre of Germany is free to build in)" in result.report


def test_victory_says_rule_7_with_the_numbers():
    units = {p: ("A", "Germany") for p in ("ber", "mun", "kie", "sil", "pru", "ruh", "bur", "pic")}
    units.update({"par": ("A", "France"), "bre": ("F", "France")})
    state = board(units, 1918, "fall")
    state["owners"] = {"ber": "Germany"}
    result = play(state, {})
    assert result.finished and result.winners == (CENTRAL,)
    assert "🏆 Central wins: rule 7, 8 of 10 pieces (two thirds: 7)." in result.announcements


def test_message_parts_split_by_power_and_never_cut_a_line():
    report = "\n".join(f"**Power{i}** (Side)\n" + "\n".join(f"✓ A Line{i}-{j} - Somewhere" for j in range(30))
                       for i in range(6))
    parts = message_parts(report, 2000)
    assert all(len(p) <= 2000 for p in parts) and len(parts) > 1
    assert all(p.startswith("**Power") for p in parts)              # each part starts at a power
    assert "\n".join(parts).splitlines() == report.splitlines()     # nothing lost, no line cut
    assert own_first(report, {"Power4"}).startswith("**Power4**")
    assert own_results(report, {"Power2"}).splitlines()[0] == "**Power2** (Side)"


async def test_results_come_before_the_brief_they_produce_and_the_brief_has_own_results(service):
    game = await service.create_game(GUILD, ALICE, "rx07", name="Great War")
    await service.join(game.id, ALICE, "Entente")
    await service.join(game.id, BOB, "Central")
    await service.start(game.id, ALICE)
    for m in await service.pending_messages(200):
        await service.mark_delivered(m.id)
    await service.submit_orders(game.id, BOB, "A Bud - Ser\nA Vie - Gal")
    await service.submit_orders(game.id, ALICE, "A War - Gal")
    await service.mark_ready(game.id, ALICE, confirm=True)
    await service.mark_ready(game.id, BOB, confirm=True)
    due = await service.due_messages(console=False)
    assert [m.target for m in due if m.game_id == game.id] == ["game"]       # the brief waits behind it
    results = due[0]
    assert "**Fall 1914 Movement** adjudicated" in results.content
    await service.mark_delivered(results.id)
    briefs = {m.target: m for m in await service.due_messages(console=False) if m.game_id == game.id}
    central = briefs["seat:Central"].content
    assert central.startswith("Your results of **Fall 1914 Movement** (every power's are in the game channel):\n"
                              "**Austria** (Central)\n✓ A Bud - Ser\n✗ A Vie - Gal — bounced with A War (Russia)")
    assert "**Russia**" not in central
    assert "Write them here, one per line, then `/ready`." in central
    assert "Adjustments, for example: `Build A Bud`" in central and ("menus", "1") in briefs["seat:Central"].buttons


async def test_a_finished_game_names_the_phase_played_and_why_it_ended(service):
    from service.models import encode_state
    game = await service.create_game(GUILD, ALICE, "rx07", name="Armistice")
    await service.join(game.id, ALICE, "Entente")
    await service.join(game.id, BOB, "Central")
    await service.start(game.id, ALICE)
    phase = await service.phase(game.id)
    units = {p: ("A", "Germany") for p in ("ber", "mun", "kie", "sil", "pru", "ruh", "bur")}
    units.update({"par": ("A", "France"), "bre": ("F", "France"), "pic": ("A", "Germany")})
    state = board(units, 1918, "fall")
    async with service.db.transaction() as conn:
        await conn.execute("UPDATE phases SET state=?, label=? WHERE id=?",
                           (encode_state(state), "Fall 1918 Movement", phase.id))
    await service.mark_ready(game.id, BOB, confirm=True)
    await service.mark_ready(game.id, ALICE, confirm=True)
    over = await service.game(game.id)
    assert over.status == "finished" and over.winners == (CENTRAL,)
    last = await service.phase(game.id)
    assert last.label == "Game over after Fall 1918 Movement"
    texts = [m.content for m in await service.pending_messages(200) if m.game_id == game.id]
    ended = next(t for t in texts if "is over" in t)
    assert ended.startswith("**Armistice** is over after Fall 1918 Movement. Winner: Central.\n"
                            "🏆 Central wins: rule 7, 8 of 10 pieces (two thirds: 7).")
