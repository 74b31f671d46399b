"""`/game scores` and `/game centres`: a game's points under every system that applies to it, and
its powers' supply centres per game year (Diplomacy) or income per round (Axis & Allies), as a
phone-readable table and as CSV. Both read the recorded result and the phase summaries; no
stored state is decoded unless a phase has no summary yet (once)."""
from __future__ import annotations

import csv
import dataclasses
import io
from dataclasses import dataclass
from typing import Sequence

from engine.scoring import scoring_system
from engine.variant import get_variant

from ..errors import BadState
from ..visibility import OVER
from .phone import WIDTH, clip, fold, number, short_names, unclear, wrap
from .points import every_system, two_sided
from .positions import AXIS_AND_ALLIES, board_kind, after_year
from .results import ENDING_WORDS, GameResult

LABEL = 5          # the table's first column ("Start", "1914", "R12")
COLUMN = 4         # each power's column: a space and up to three digits


@dataclass(frozen=True)
class CentresTable:
    """A game's centres (or income) over time: rows of (label, {power: count})."""

    game_id: int
    name: str
    unit: str                                  # "centres" or "income"
    powers: tuple[str, ...]
    rows: tuple[tuple[str, dict[str, int]], ...]

    def text(self) -> str:
        """The table for a phone: a code block at most 40 characters wide."""
        short = short_names(self.powers)
        what = "Supply centres" if self.unit == "centres" else "Income (IPCs)"
        head = clip(f"{what} · #{self.game_id} {self.name}", WIDTH)
        if not self.rows:
            return f"{head}\nNo phase has been played yet."
        label = "Year" if self.unit == "centres" else "Round"
        lines = [label.ljust(LABEL)[:LABEL] + "".join(short[p].rjust(COLUMN) for p in self.powers)]
        for name, counts in self.rows:
            lines.append(name.ljust(LABEL)[:LABEL] + "".join(str(counts.get(p, 0)).rjust(COLUMN) for p in self.powers))
        key = wrap((f"{short[p]} {p}" for p in unclear(self.powers, short)), indent="")
        return "\n".join([head, "```", *lines, "```", *key])

    def csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["year" if self.unit == "centres" else "round", *self.powers])
        for name, counts in self.rows:
            writer.writerow([name.lower(), *(counts.get(p, 0) for p in self.powers)])
        return out.getvalue()


def centres_table(game_id: int, name: str, variant_key: str, summaries) -> CentresTable:
    """Diplomacy: the centres at the start, then after each game year (its last phase's count);
    Axis & Allies: the income at the start, then at the end of each round."""
    kind = board_kind(variant_key)
    if kind is None:
        raise BadState(f"game #{game_id} ({get_variant(variant_key).title}) has no supply centres or income to "
                       f"count")
    found = [s for s in summaries if s.counts]
    powers = tuple(found[0].counts) if found else ()
    rows: dict[str, dict[str, int]] = {}
    if found:
        rows["Start"] = found[0].counts
    first = None
    for summary in found:
        period = summary.year if kind == AXIS_AND_ALLIES else after_year(summary.year, summary.season)
        if first is None:
            first = period
        if period == first and kind != AXIS_AND_ALLIES:
            continue                            # still the starting position's year
        rows[f"R{period}" if kind == AXIS_AND_ALLIES else str(period)] = summary.counts
    return CentresTable(game_id, name, "income" if kind == AXIS_AND_ALLIES else "centres", powers,
                        tuple(rows.items()))


def outcome_line(result: GameResult) -> str:
    """How the game ended, in a few words."""
    side_of = {s.seat: s.side for s in result.seats if s.side and s.side != s.seat}
    winners = ", ".join(dict.fromkeys(f"the {side_of[w]}" if w in side_of else w for w in result.winners))
    year = f" in {result.last_year}" if result.last_year and result.family != "aa1914" else \
        f" in round {result.last_year}" if result.last_year else ""
    if result.ending == "abandoned":
        return f"{ENDING_WORDS[result.ending]}: not scored, not rated"
    if result.ending == "gm_decision":
        # the GM decided the result: it scores as any end, but moves no rating
        decided = f"a draw of {winners}" if len(result.winners) > 1 and not side_of else \
            "a draw" if not result.winners else f"won by {winners}"
        return f"GM decision{year}: {decided}; scored, not rated"
    if result.ending == "draw":
        return f"drawn{year}"
    if result.ending == "concession":
        return f"conceded to {winners}{year}"
    how = {"capital": " (two capitals)", "economic": " (economic)"}.get(result.ending, "")
    return f"won by {winners}{how}{year}"


def scores_text(result: GameResult, name: str, victory: int | None, seats: Sequence[str] = ()) -> str:
    """Every applicable system's points for a finished game, the game's own first (★); seats and
    powers in the game's order (`seats`)."""
    variant = get_variant(result.variant)
    result = in_order(result, seats, getattr(variant, "powers", ()))
    lines = [clip(f"📊 Scores · #{result.game_id} {name}", WIDTH), clip(variant.title, WIDTH),
             *fold(_upper_first(outcome_line(result)))]
    if result.ending == "abandoned":
        return "\n".join(lines)
    sides = two_sided(result) and result.variant != "rx07" and len(result.seats) > 2
    order = [s.seat for s in result.seats]
    units = list(dict.fromkeys((s.side or s.seat) for s in result.seats)) if sides else order
    short = short_names([*units, *(p.power for p in result.powers)])
    if result.powers and result.family == "aa1914":
        lines += wrap((f"{short[p.power]} {p.income}" for p in result.powers), first="Income: ")
    if result.powers and result.family != "aa1914":
        lines += wrap((f"{short[p.power]} {p.centres}" for p in result.powers), first="Centres: ")
        fell = sorted((p for p in result.powers if p.fell_year is not None), key=lambda p: (p.fell_year, p.power))
        if fell:
            lines += wrap((f"{short[p.power]} {p.fell_year}" for p in fell), first="Out: ")
    lines.append(f"★ this game's system ({result.scoring})")
    for system in every_system(result, victory):
        star = " ★" if system.key == result.scoring else ""
        lines.append("")
        lines.append(clip(f"{system.name} ({system.key}){star}", WIDTH))
        if system.points is None:
            lines += wrap([f"cannot score: {system.error}"])
            continue
        by_unit: dict[str, float] = {}
        side_of = {s.seat: (s.side or s.seat) if sides else s.seat for s in result.seats}
        for seat, value in system.points.items():
            by_unit.setdefault(side_of.get(seat, seat), value)
        lines += wrap(f"{short[u] if len(units) > 2 else u} {number(by_unit[u])}" for u in units if u in by_unit)
    explain = unclear([*(units if len(units) > 2 else ()), *(p.power for p in result.powers)], short)
    if explain:
        lines.append("")
        lines += wrap((f"{short[u]} {u}" for u in dict.fromkeys(explain)), indent="")
    return "\n".join(lines)


def in_order(result: GameResult, seats: Sequence[str], powers: Sequence[str]) -> GameResult:
    """The result with its seats in the game's order and its powers in the variant's (the
    stored rows come back by name)."""
    seat_rank = {seat: index for index, seat in enumerate(seats)}
    power_rank = {power: index for index, power in enumerate(powers)}
    return dataclasses.replace(
        result, seats=tuple(sorted(result.seats, key=lambda s: seat_rank.get(s.seat, len(seat_rank)))),
        powers=tuple(sorted(result.powers, key=lambda p: (power_rank.get(p.power, len(power_rank)),
                                                          seat_rank.get(p.power, len(seat_rank))))))


def require_over(status: str, game_id: int) -> None:
    if status not in OVER:
        raise BadState(f"game #{game_id} is still under way: its scores come when it is over. `/game centres "
                       f"{game_id}` shows its centres so far")


def system_name(key: str) -> str:
    return scoring_system(key).name


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]
