"""What the rules of World War I Diplomacy (rx07, seed 003) change in the bot's values.

- Rules 3-4, closed provinces by date: values spread over the map as it will be (only the
  permanently closed provinces are shut), and a centre that opens later is worth less the
  longer it stays closed, so units gather near Italy before Spring 1915 and near Rumania before
  Fall 1916 instead of ignoring them.
- Rule 2, Italy's side: Italy's centres are ours, the enemy's or a neutral prize by the coin
  flip (the board reads sides from the variant's `powers_of`).
- Rule 5, Russia in civil disorder: its units only hold, so they threaten nothing (the board
  leaves them out of every threat) and its centres are easier to take.
- Rule 6, the American army: the Entente keeps the best open landing centre free of builds and
  names it; from 1917 the Central Powers value the Atlantic seas that block the route.
- Rule 7, two thirds of all pieces or every enemy capital: enemy units are targets in
  themselves (a destroyed unit is a piece gone) and capitals are worth more.
"""
from __future__ import annotations

from ..map import DiplomacyMap
from ..rx07 import (AMERICAN_LANDING, ATLANTIC_EDGE, CAPITALS, CENTRAL, ENTENTE, ENTRY_DATES,
                    PERMANENTLY_CLOSED, map_with, phase_index)
from .board import Board
from .rules import BotRules, Values

# A capital counts this much more than another centre (rule 7's second way to win).
CAPITAL_BONUS = 0.5
# Each phase a centre stays closed halves... a little: worth 0.8**phases of an open one.
CLOSED_DISCOUNT = 0.8
# Seas on the way from the British and French landing centres to America (rule 6).
ROUTE_SEAS = ATLANTIC_EDGE + ("iri", "eng", "nwg")


class Rx07Rules(BotRules):
    piece_weight = 0.3

    def spread_map(self, board: Board) -> DiplomacyMap:
        # the rx07 map once every dated province is open (rule 3's closures stay)
        return map_with(frozenset(PERMANENTLY_CLOSED))

    def opening(self, board: Board, province: str) -> float:
        if board.dmap.is_passable(province):
            return 1.0
        for provinces, (year, season) in ENTRY_DATES.items():
            if province in provinces:
                wait = phase_index(year, season) - phase_index(board.state["year"], board.season)
                return CLOSED_DISCOUNT ** max(wait, 1)
        return 0.0

    def base_bonus(self, board: Board, province: str, values: Values) -> float:
        bonus = super().base_bonus(board, province, values)
        capital_of = next((power for power, capital in CAPITALS.items() if capital == province), None)
        if capital_of is not None and board.side_of(capital_of) not in ("neutral",):
            side_size = values.sizes.get(board.side_of(capital_of), 0.0)
            bonus += CAPITAL_BONUS * side_size * (values.weights.defence if board.ours(capital_of)
                                                  else values.weights.attack)
        if province in ROUTE_SEAS and board.seat == CENTRAL and board.state["year"] >= 1916:
            bonus += 0.3 * values.unit
        return bonus

    def describe(self, board: Board, province: str) -> str:
        words = []
        if province in CAPITALS.values():
            words.append("a capital")
        if not board.dmap.is_passable(province) and province not in PERMANENTLY_CLOSED:
            words.append("opens later")
        unit = board.units.get(province)
        if unit is not None and board.enemy(unit.power):
            words.append(f"{unit.power} {unit.kind} there, a piece to take")
        if unit is not None and unit.power in board.disorder:
            words.append(f"{unit.power} in civil disorder only holds")
        return ", ".join(words)

    def landing(self, board: Board, values: Values) -> tuple[str | None, list[str]]:
        """Rule 6: the Entente lands the American army where an army is worth most."""
        variant = board.variant
        if board.seat != ENTENTE or not variant.extra_adjustment_due(board.state):
            return None, []
        open_ = variant.american_landings(board.state, board.units)
        if not open_:
            return None, []
        best = max(open_, key=lambda c: (values.of("A", c), -AMERICAN_LANDING.index(c)))
        return best, open_
