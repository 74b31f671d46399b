"""Where the Diplomacy bot's value of a position gets its probabilities: how often a centre in
each situation at the start of a fall movement is ours after that fall, in games of the bot
against six DumbBots (bench/dumbbot.py; the ladder's set-up: every power in turn, fixed seeds).

The search values a spring position by what it promises for the fall (engine/diplomacy/bot/
evaluate.py): a centre we stand on is kept (more surely when no enemy side can bring more units
against it than we can bring in support), an empty centre we can enter is taken (less surely
when an enemy can enter it too), an enemy-held centre is taken by an attack with more support
than its holder can get. Those chances are measured here, under the bot's own play of the fall
that follows, and printed beside the judge's constants, so the constants can be measured again
when the search changes (the measurement depends on how the bot plays the fall).

    nice -n 15 .venv/bin/python bench/dip_promise.py --games 42 --jobs 2
"""
from __future__ import annotations

import argparse
import collections
import multiprocessing
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from dumbbot_ladder import POWERS, Tally, play  # noqa: E402
from engine.catalog import register_all  # noqa: E402
from engine.diplomacy.bot import evaluate  # noqa: E402
from engine.diplomacy.bot.board import NEUTRAL, Board  # noqa: E402
from engine.variant import get_variant  # noqa: E402


def situations(board: Board) -> dict[str, str]:
    """Each centre's situation from the seat's side, in the judge's terms (`Board.threats`:
    `mine` our units that can enter the centre, `enemy` the most one enemy side can)."""
    seat, side_of = board.seat, board.side
    out = {}
    for c in board.tables.centres:
        threats = board.threats(c)
        mine = threats.get(seat, 0)
        enemy = max((n for side, n in threats.items() if side not in (seat, NEUTRAL)), default=0)
        unit = board.units.get(c)
        holder = side_of.get(unit.power, NEUTRAL) if unit is not None else None
        if holder == seat:
            what = "ours, held: safe" if enemy <= mine else (
                "ours, held: outnumbered by one" if enemy == mine + 1 else "ours, held: overrun")
        elif holder not in (None, NEUTRAL):
            defence = threats.get(holder, 0)
            what = ("enemy-held: supported attack" if mine >= 2 and mine > defence else
                    "enemy-held: lone attack" if mine else "")
        elif holder == NEUTRAL or mine == 0 and not board.ours(board.owners.get(c)):
            what = ""
        elif board.ours(board.owners.get(c)):
            what = ("ours, empty: out of enemy reach" if enemy == 0 else
                    "ours, empty: we and an enemy can enter" if mine else "ours, empty: only an enemy can enter")
        else:
            what = "not ours, empty: walk in" if enemy == 0 else f"not ours, empty: shared {min(mine, 2)} v {min(enemy, 2)}"
        if what:
            out[c] = what
    return out


def one_game(job: tuple[int, int, str]) -> dict[str, list[int]]:
    """A ladder game (`dumbbot_ladder.play`), each fall's situations counted against its outcome."""
    g, seed, level = job
    register_all()
    variant = get_variant("classic")
    power = POWERS[g % len(POWERS)]
    tally: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    pending: dict[str, str] = {}

    def observe(state: dict, result) -> None:
        nonlocal pending
        if state["phase"] == "movement" and state["season"] == "fall":
            pending = situations(Board.read(variant, state, power))
        if pending and (result.state["year"] != state["year"] or result.finished):
            for centre, what in pending.items():
                tally[what][0] += result.state["owners"].get(centre) == power
                tally[what][1] += 1
            pending = {}

    play(variant, level, power, seed, 1910, Tally(), False, observe)
    return dict(tally)


def judged(what: str) -> str:
    """The judge's chance for a situation (its constants), for comparison."""
    e = evaluate
    fixed = {"ours, held: safe": e.KEEP_SAFE, "ours, held: outnumbered by one": e.KEEP_OUTNUMBERED,
             "ours, held: overrun": e.KEEP_OVERRUN, "enemy-held: supported attack": e.ATTACK_SUPPORTED,
             "enemy-held: lone attack": e.ATTACK_ALONE, "ours, empty: out of enemy reach": 1.0,
             "ours, empty: we and an enemy can enter": e.KEEP_EMPTY, "ours, empty: only an enemy can enter": 0.5,
             "not ours, empty: walk in": e.WALK_IN}
    if what in fixed:
        return f"{fixed[what]:.2f}"
    mine, enemy = (int(x) for x in what.split("shared ")[1].split(" v "))
    return f"{e.SHARED * (mine / (mine + enemy)) ** 2:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=42)
    parser.add_argument("--seed", type=int, default=37000)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    jobs = [(g, args.seed + g, args.level) for g in range(args.games)]
    total: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for tally in pool.imap(one_game, jobs):
            for what, (ours, seen) in tally.items():
                total[what][0] += ours
                total[what][1] += seen
    print(f"{args.games} games at {args.level} against six DumbBots (seeds {args.seed}..{args.seed + args.games - 1}): "
          "a centre's situation at the start of a fall, and how often it was ours after that fall")
    print(f"{'situation':42s} {'seen':>6s} {'ours':>6s} {'measured':>9s} {'judge':>6s}")
    for what, (ours, seen) in sorted(total.items()):
        print(f"{what:42s} {seen:6d} {ours:6d} {ours / seen:9.2f} {judged(what):>6s}")
    print("(the judge also matches one unit to one empty centre: an unmatched walk-in counts "
          f"{evaluate.UNMATCHED} of its chance)")


if __name__ == "__main__":
    main()
