"""A tiny variant used only by the tests: each seat guesses a die roll; closest scores."""
from __future__ import annotations

import random
from typing import Mapping, Sequence

from engine.errors import OrderError
from engine.variant import OptionSpec, PhaseResult, Variant


class GuessVariant(Variant):
    key = "guess"
    title = "Guess the Die"
    summary = "Test game: guess a d6; the closest guess scores; first to `target` points wins."

    def option_specs(self):
        return (OptionSpec("players", "number of seats", 2, choices=(2, 3, 4)),
                OptionSpec("target", "points to win", 3),
                OptionSpec("loaded", "the die always rolls 6", False))

    def seats(self, options):
        return tuple(["North", "South", "East", "West"][: options.get("players", 2)])

    def initial_state(self, options, rng):
        return {"round": 1, "scores": {s: 0 for s in self.seats(options)}, "options": dict(options),
                "last_roll": None}

    def phase_label(self, state):
        return f"Round {state['round']}"

    def seats_to_act(self, state):
        return tuple(state["scores"])

    def check_orders(self, state, seat, lines, existing=()):
        if len(lines) != 1:
            raise OrderError("give exactly one guess", lines[-1] if lines else None)
        words = lines[0].lower().split()
        if len(words) != 2 or words[0] != "guess" or words[1] not in "123456" or len(words[1]) != 1:
            raise OrderError("write `guess N` with N from 1 to 6", lines[0])
        return [f"guess {words[1]}"]

    def adjudicate(self, state, orders: Mapping[str, Sequence[str]], rng: random.Random):
        roll = 6 if state["options"].get("loaded") else rng.randint(1, 6)
        scores = dict(state["scores"])
        guesses = {s: int(orders[s][0].split()[1]) for s in scores if orders.get(s)}
        report = [f"The die shows {roll}."]
        if guesses:
            best = min(abs(g - roll) for g in guesses.values())
            for seat, guess in guesses.items():
                if abs(guess - roll) == best:
                    scores[seat] += 1
                    report.append(f"{seat} guessed {guess} and scores.")
        missing = [s for s in scores if s not in guesses]
        if missing:
            report.append("No guess: " + ", ".join(missing))
        new = {**state, "round": state["round"] + 1, "scores": scores, "last_roll": roll}
        winners = tuple(s for s, p in scores.items() if p >= state["options"].get("target", 3))
        return PhaseResult(new, "\n".join(report), finished=bool(winners), winners=winners)

    def describe(self, state, seat=None):
        return f"Round {state['round']}: " + ", ".join(f"{s} {p}" for s, p in state["scores"].items())
