"""The phases of an A&A game besides the powers' turns: the house rules' pre-game auction (4.9/4.10)
and reserves (4.3), and the negotiation rounds with a neutral Italy (4.16).

Each is an object with its own label, seats, order check, adjudication, brief and answer buttons;
`PHASES` maps the state's `phase` to it and the variant dispatches by that name. A state with no
such phase (`turn`) is a power's turn, which `turn.Turn` plays.
"""
from __future__ import annotations

import copy
import random
from typing import Mapping, Sequence

from engine.errors import IllegalOrder
from engine.variant import PhaseResult, State

from .auction import (auction_brief, check_auction, merge_answer, minor_value, open_auction, parse_auction_order,
                      seats_to_act as auction_seats, settle_step, step_label)
from .board import Board
from .house.registry import rules_for
from .italy import can_deliver, parse_demand, parse_response, settle
from .orders import Place, parse_order
from .reserves import check_reserves, deploy
from .setup import first_phase


class Phase:
    """A phase in which several seats answer at once; the variant gives it the board in force."""

    name = ""

    def label(self, board: Board, state: State) -> str:
        raise NotImplementedError

    def seats_to_act(self, board: Board, state: State) -> tuple[str, ...]:
        raise NotImplementedError

    def check(self, board: Board, state: State, seat: str, lines: Sequence[str], existing: Sequence[str]) -> list[str]:
        """The seat's sheet with `lines` added; raises an OrderError naming the bad line."""
        raise NotImplementedError

    def adjudicate(self, board: Board, state: State, orders: Mapping[str, Sequence[str]],
                   rng: random.Random) -> PhaseResult:
        raise NotImplementedError

    def brief(self, board: Board, state: State, seat: str) -> str:
        raise NotImplementedError

    def answers(self, board: Board, state: State, seat: str) -> tuple[tuple[str, ...], str]:
        """Answers offered as buttons, and their prompt; typed answers always work too."""
        return (), ""

    def answer_picks(self, board: Board, state: State) -> int:
        """How many of the answers may be picked together (one, unless the phase says)."""
        return 1


class Auction(Phase):
    """4.9/4.10 "No Such Thing as Neutral": the neutral minors, one by one, in short steps."""

    name = "auction"

    def label(self, board, state):
        return "No Such Thing as Neutral: " + step_label(board, dict(state))

    def seats_to_act(self, board, state):
        # neutral powers (neutral Italy 4.16, Spain 4.17, the US) have no side to bid for
        return auction_seats(board, dict(state))

    def check(self, board, state, seat, lines, existing):
        """While bidding, a maximum bid per minor (and threat decisions in advance); at a threat or
        premium step one answer. A new answer replaces the one it concerns (`auction.merge_answer`)."""
        by_alliance = rules_for(state["options"]).bids_by_alliance
        step = open_auction(board, dict(state))["step"]
        merged = list(existing)
        for line in lines:
            order = check_auction(board, dict(state), seat, parse_auction_order(line, board, by_alliance))
            merged = merge_answer(merged, order, board, by_alliance, step)
        return merged

    def adjudicate(self, board, state, orders, rng):
        by_alliance = rules_for(state["options"]).bids_by_alliance
        new = copy.deepcopy(dict(state))
        parsed = {seat: [parse_auction_order(line, board, by_alliance) for line in lines]
                  for seat, lines in orders.items()}
        report = settle_step(board, new, parsed)
        announcements = ()
        if "auction" not in new:
            new["phase"] = first_phase(state["options"], after="auction")
            announcements = ("The auction is decided.",)
        return PhaseResult(new, "\n".join(report) or "No bids this round.", announcements=announcements)

    def brief(self, board, state, seat):
        return auction_brief(board, dict(state), seat)

    def answers(self, board, state, seat):
        """While bidding: the opening bid of every minor on offer, several at once (higher maxima
        are typed; `pass` or no answer bids on nothing); then the threat or premium answers."""
        auction = open_auction(board, dict(state))
        suffix = f" for {seat}" if auction["by_alliance"] else ""
        if auction["step"] == "bid":
            bids = tuple(f"bid {m} {minor_value(board, m)}{suffix}" for m in auction["queue"])
            return bids, "Opening bids (type higher maxima: `bid Spain 8`)"
        answers = {"threat": ("threaten", "no threat"), "premium": ("premium pay", "premium refuse")}
        return answers.get(auction["step"], ()), f"{auction['minor']}: your answer"

    def answer_picks(self, board, state):
        auction = open_auction(board, dict(state))
        return len(auction["queue"]) if auction["step"] == "bid" else 1


class Reserves(Phase):
    """4.3 "Deploy the Reserves": every power but the US places units worth its starting IPCs,
    secretly, before round 1."""

    name = "reserves"

    def label(self, board, state):
        return "Deploy the Reserves (secret placements)"

    def seats_to_act(self, board, state):
        return tuple(p for p in board.turn_order if p != "United States")

    def check(self, board, state, seat, lines, existing):
        merged = list(existing)
        for line in lines:
            order = parse_order(line, board)
            if not isinstance(order, Place):
                raise IllegalOrder("now each power secretly places its reserves: `place 2 infantry Libya`", line)
            merged.append(order.text())
        check_reserves(board, state, seat, [parse_order(line, board) for line in merged])
        return merged

    def adjudicate(self, board, state, orders, rng):
        new = dict(state, units=[dict(u) for u in state["units"]], phase="turn")
        placed = {seat: [parse_order(line, board) for line in lines] for seat, lines in orders.items()}
        report = deploy(board, new, placed)
        return PhaseResult(new, "\n".join(report), announcements=("The reserves are revealed.",))

    def brief(self, board, state, seat):
        return ("Deploy the Reserves: place units worth your starting IPCs where you already have units, "
                "secretly: `place 2 infantry Libya`.")


class ItalyDemands(Phase):
    """4.16: before a neutral Italy's turn (from round 2) it names its price for joining."""

    name = "italy_demands"

    def label(self, board, state):
        return f"Round {state['round']}: Italy's demands"

    def seats_to_act(self, board, state):
        return ("Italy",)

    def check(self, board, state, seat, lines, existing):
        return list(existing) + [parse_demand(line, board).text() for line in lines]

    def adjudicate(self, board, state, orders, rng):
        new = _italy_copy(state)
        demands = [d for d in (parse_demand(line, board) for line in orders.get("Italy", ())) if d.kind != "none"]
        new["italy"]["demands"] = [d.text() for d in demands]
        if not demands:
            new["phase"] = "turn"
            return PhaseResult(new, "Italy makes no demands this turn.")
        new["phase"] = "italy_responses"
        return PhaseResult(new, "🇮🇹 Italy's demands: " + "; ".join(d.text() for d in demands)
                           + ". Each power may `accept`, `refuse` or `offer <extra IPCs>`.")

    def brief(self, board, state, seat):
        return ("Italy is neutral: make your demands for joining an alliance — `demand lump 10`, "
                "`demand per-turn 3`, `demand units 4 infantry`, `demand territory Trieste by 5` — or "
                "`no demands`. From turn 3 you may instead attack one alliance (or both) in your turn.")

    def answers(self, board, state, seat):
        return ("no demands",), "Italy: make demands (typed) or none"


class ItalyResponses(Phase):
    """4.16: the alliances' powers answer Italy; "if both alliances accept, the higher offer wins"."""

    name = "italy_responses"

    def label(self, board, state):
        return f"Round {state['round']}: answering Italy"

    def seats_to_act(self, board, state):
        return tuple(p for side in ("Central Powers", "Allies") for p in board.sides[side]
                     if p != "United States" or state["us_at_war"])

    def check(self, board, state, seat, lines, existing):
        response = parse_response(lines[-1]) if lines else None
        if response is not None and response.accept:
            demands = [parse_demand(d, board) for d in state["italy"]["demands"]]
            problem = can_deliver(state, seat, demands, response.offer)
            if problem:
                raise IllegalOrder(problem, lines[-1])
        return [response.text()] if response else list(existing)

    def adjudicate(self, board, state, orders, rng):
        new = _italy_copy(state)
        new["italy"]["demands"] = [parse_demand(d, board) for d in state["italy"]["demands"]]
        responses = {seat: parse_response(lines[-1]) for seat, lines in orders.items() if lines}
        report = settle(board, new, responses)
        new["phase"] = "turn"
        return PhaseResult(new, "\n".join(report))

    def brief(self, board, state, seat):
        return ("Italy demands: " + "; ".join(state["italy"]["demands"]) + ". Answer `accept`, `refuse` or "
                "`offer <extra IPCs>`; if both alliances accept, the higher offer wins Italy.")

    def answers(self, board, state, seat):
        return ("accept", "refuse"), "Italy's demands: your answer"


def _italy_copy(state: State) -> dict:
    return dict(state, italy=dict(state["italy"]), units=[dict(u) for u in state["units"]],
                treasury=dict(state["treasury"]))


PHASES: dict[str, Phase] = {phase.name: phase for phase in (Auction(), Reserves(), ItalyDemands(), ItalyResponses())}
