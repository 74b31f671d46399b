"""Votes instead of GM fiat, and rollback.

Players vote with their seats (one vote per seat they hold and play; a seat in civil disorder
does not vote). A vote counts for the phase it was cast in; a new phase starts afresh.

| motion | who votes | passes with | then |
|---|---|---|---|
| `pause` | every playing seat | two thirds | paused for at most the game's pause cap (7 days) |
| `resume` | every playing seat | two thirds | the clock runs again |
| `extend` (hours) | every playing seat | two thirds | the deadline moves by that many hours |
| `draw` (Diplomacy) | every playing seat | all of them | the game ends in a draw |
| `concede` | the seats of the voter's side | all of them | the other side wins |
| `concede` (more than two sides) | every surviving seat | all but one | the one that did not vote wins |
| `rollback` | every playing seat, and the GM | two thirds with the GM's | the last adjudication is undone |

**Rollback** undoes the last adjudication: the phases it opened are removed (kept whole in the
record and the export), the adjudicated phase re-opens with its orders (nobody marked ready), and
a new deadline is set. Phase *n* always rolls `Random("<seed>:<n>")`, so the same orders give the
same dice. A GM who holds no seat rolls back alone; a GM who plays needs the other players' votes.
A finished game cannot be rolled back: its seed is public.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta

from engine.variant import get_variant

from . import permissions
from .checks import check_hours, require_status
from .errors import BadInput, BadState, Forbidden
from .models import Actor, GameInfo, PhaseInfo, iso
from .policy import deadline_from

MOTIONS = ("pause", "resume", "extend", "draw", "concede", "rollback")
DEFAULT_EXTENSION_HOURS = 24.0


@dataclass(frozen=True)
class Tally:
    """Where a motion stands after a vote."""

    motion: str
    yes: tuple[str, ...]          # seats for it
    electorate: tuple[str, ...]   # seats that vote on it
    needed: int
    passed: bool
    waiting_for_gm: bool = False

    def describe(self) -> str:
        words = motion_words(self.motion)
        if self.passed:
            return f"the vote to {words} passed ({len(self.yes)} of {len(self.electorate)} seats)"
        gm = "; it also needs the GM (`/gm rollback`)" if self.waiting_for_gm else ""
        return (f"{len(self.yes)} of {len(self.electorate)} seats vote to {words}; {self.needed} needed{gm}. "
                f"Other players: `/vote {self.motion.split(':')[0]}`")


def motion_words(motion: str) -> str:
    kind, _, arg = motion.partition(":")
    return {"pause": "pause the game", "resume": "resume the game", "extend": f"extend the deadline by {arg}h",
            "draw": "end the game in a draw", "rollback": "undo the last adjudication",
            "concede": f"concede ({arg})" if arg else "concede the game to the one surviving power that does not vote"
            }[kind]


def two_thirds(n: int) -> int:
    return -(-2 * n // 3)


class VotesMixin:
    """The voting side of `GameService` (it provides `db`, `store`, `clock`, `_pause_in`,
    `_resume_in`, `_schedule`, `_announce_phase`, `_finish_by_agreement`)."""

    async def vote(self, game_id: int, actor: Actor, motion: str, hours: float | None = None,
                   withdraw: bool = False, phase_seq: int | None = None) -> Tally:
        """Cast (or `withdraw`) the actor's votes for a motion; carries it out once it passes.
        `phase_seq` is the phase the voter saw: a vote cast while the game moved on is refused
        (a second click on a rollback must not undo a second adjudication)."""
        kind = motion.strip().lower()
        if kind not in MOTIONS:
            raise BadInput(f"`{motion[:20]}` is not a motion; vote on one of: {', '.join(MOTIONS)}")
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            require_status(game, "paused" if kind == "resume" else "active",
                           "vote to resume" if kind == "resume" else f"vote on `{kind}` in")
            phase = await self.store.phase_by_id(game.current_phase, conn)
            require_phase(game, phase, phase_seq, "count your vote")
            voters = [s for s in game.seats_of(actor.user_id) if not game.seat(s).civil_disorder]
            if not voters:
                raise Forbidden(f"only players of game #{game.id} (not in civil disorder) vote on it")
            if kind == "draw" and not get_variant(game.variant).draws_allowed:
                raise BadState(f"{get_variant(game.variant).title} has no draws; a side can `concede`")
            if kind == "rollback":
                self._may_roll_back(game, phase)
            key = await self._motion_key(conn, game, kind, hours, voters)
            now = iso(self.clock())
            if withdraw:
                await conn.execute("DELETE FROM votes WHERE game_id=? AND phase_id=? AND motion=? AND seat IN (%s)"
                                   % ",".join("?" * len(voters)), (game.id, phase.id, key, *voters))
            else:
                for seat in voters:
                    await conn.execute("INSERT OR IGNORE INTO votes (game_id, phase_id, motion, seat, user_id, at) "
                                       "VALUES (?,?,?,?,?,?)", (game.id, phase.id, key, seat, actor.user_id, now))
            await self.store.log(conn, game.id, phase.id, now, actor.user_id, "vote",
                                 {"motion": key, "seats": voters, "withdrawn": withdraw})
            tally = await self._tally(conn, game, phase, key)
            who = ", ".join(f"**{s}**" for s in voters)
            verb = "withdraws the vote to" if withdraw else "votes to"
            await self.store.outbox(conn, game.id, "game", f"🗳️ {who} {verb} {motion_words(key)}: "
                                    f"{tally.describe()}.", None, now)
            if tally.passed and not withdraw:
                await self._carry_out(conn, game, phase, key, actor)
        return tally

    async def votes(self, game_id: int) -> list[Tally]:
        """Every motion with at least one vote in the current phase."""
        game = await self.game(game_id)
        if game.current_phase is None:
            return []
        async with self.db.transaction() as conn:
            phase = await self.store.phase_by_id(game.current_phase, conn)
            rows = await (await conn.execute("SELECT DISTINCT motion FROM votes WHERE game_id=? AND phase_id=?",
                                             (game.id, phase.id))).fetchall()
            return [await self._tally(conn, game, phase, row["motion"]) for row in rows]

    async def rollback(self, game_id: int, actor: Actor, phase_seq: int | None = None) -> Tally | None:
        """GM: undo the last adjudication. A GM who holds a seat casts the rollback vote and
        the other players decide; otherwise it happens at once (returns None).

        `phase_seq` names the phase that was open when the GM asked (the adjudication before it
        is the one undone); if the game has moved since — another rollback, an adjudication —
        nothing is undone. Front ends always pass it; without it the phase open now is meant."""
        game = await self.game(game_id)
        permissions.require_gm(game, actor, "roll back")
        if game.seats_of(actor.user_id):
            return await self.vote(game_id, actor, "rollback", phase_seq=phase_seq)
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            require_status(game, "active", "roll back")
            phase = await self.store.phase_by_id(game.current_phase, conn)
            require_phase(game, phase, phase_seq, "roll back")
            self._may_roll_back(game, phase)
            await self._roll_back_in(conn, game, phase, actor, f"by the GM <@{actor.user_id}>")
        return None

    # ------------------------------------------------------------------ counting
    async def _motion_key(self, conn, game: GameInfo, kind: str, hours: float | None, voters: list[str]) -> str:
        if kind == "extend":
            return f"extend:{check_hours(hours if hours is not None else DEFAULT_EXTENSION_HOURS):g}"
        if kind == "concede" and len({side_of(game, s.seat) for s in game.seats}) > 2:
            return "concede"      # many powers: all survivors but one concede to that one
        if kind == "concede":
            sides = {side_of(game, seat) for seat in voters}
            if len(sides) > 1:
                raise BadInput("you play on more than one side: concede from one side's seat at a time")
            return f"concede:{sides.pop()}"
        return kind

    async def _tally(self, conn, game: GameInfo, phase: PhaseInfo, key: str) -> Tally:
        kind, _, arg = key.partition(":")
        out = get_variant(game.variant).out_of_game       # an eliminated power votes no more
        playing = tuple(s.seat for s in game.seats if s.user_id is not None and not s.civil_disorder
                        and not out(phase.state, s.seat))
        electorate = tuple(s for s in playing if side_of(game, s) == arg) if kind == "concede" and arg else playing
        rows = await (await conn.execute("SELECT seat, user_id FROM votes WHERE game_id=? AND phase_id=? AND motion=?",
                                         (game.id, phase.id, key))).fetchall()
        yes = tuple(r["seat"] for r in rows if r["seat"] in electorate and game.holder(r["seat"]) == r["user_id"])
        needed = len(electorate) if kind in ("draw", "concede") else two_thirds(len(electorate))
        if key == "concede":
            needed = max(len(electorate) - 1, 1)
        gm_agrees = True
        if kind == "rollback":
            gm_agrees = any(r["user_id"] == game.creator_id for r in rows)
        passed = bool(electorate) and len(yes) >= needed and gm_agrees
        return Tally(key, yes, electorate, needed, passed, waiting_for_gm=not gm_agrees)

    async def _carry_out(self, conn, game: GameInfo, phase: PhaseInfo, key: str, actor: Actor) -> None:
        kind, _, arg = key.partition(":")
        conceding = await self._tally(conn, game, phase, key) if key == "concede" else None
        await conn.execute("DELETE FROM votes WHERE game_id=? AND motion=?", (game.id, key))
        now = self.clock()
        if kind == "pause":
            until = now + timedelta(hours=game.pause_cap_hours)
            await self._pause_in(conn, game, actor, until, f"by the players' vote, until they vote to resume "
                                                           f"(at most until <t:{int(until.timestamp())}:F>)")
        elif kind == "resume":
            await self._resume_in(conn, game, actor, "the players voted to resume")
        elif kind == "extend":
            deadline = max(phase.deadline or now, now) + timedelta(hours=float(arg))
            await self._schedule(conn, game, phase.id, now, deadline)
            await self.store.outbox(conn, game.id, "game", (
                f"⏳ By the players' vote the deadline of **{phase.label}** moves by {float(arg):g}h, to "
                f"<t:{int(deadline.timestamp())}:F> (<t:{int(deadline.timestamp())}:R>)."), None, iso(now))
        elif kind == "draw":
            await self._finish_by_agreement(conn, game, phase, (), "all players agreed to a draw")
        elif conceding is not None:
            winners = tuple(s for s in conceding.electorate if s not in conceding.yes)
            await self._finish_by_agreement(conn, game, phase, winners, "the other powers conceded")
        elif kind == "concede":
            winners = tuple(s.seat for s in game.seats if side_of(game, s.seat) != arg)
            await self._finish_by_agreement(conn, game, phase, winners, f"{arg} conceded")
        elif kind == "rollback":
            await self._roll_back_in(conn, game, phase, actor, "by the GM with the players' vote")

    # ------------------------------------------------------------------ rollback
    @staticmethod
    def _may_roll_back(game: GameInfo, phase: PhaseInfo) -> None:
        if game.status in ("finished", "abandoned"):
            raise BadState(f"game #{game.id} is over and its seed is public: it cannot be rolled back")
        if phase.seq == 0:
            raise BadState(f"game #{game.id} has not adjudicated any phase yet: there is nothing to undo")

    async def _roll_back_in(self, conn, game: GameInfo, current: PhaseInfo, actor: Actor, how: str) -> None:
        """Remove the phases the last adjudication opened and re-open the phase before them."""
        variant = get_variant(game.variant)
        rows = await (await conn.execute("SELECT seq FROM phases WHERE game_id=? AND seq<? ORDER BY seq DESC",
                                         (game.id, current.seq))).fetchall()
        target = None
        for row in rows:                 # skip phases nobody had orders for (adjudicated at once)
            candidate = await self.store.phase_by_seq(game.id, row["seq"], conn)
            target = candidate
            if variant.seats_to_act(candidate.state):
                break
        undone = []
        later = await (await conn.execute("SELECT id FROM phases WHERE game_id=? AND seq>? ORDER BY seq",
                                          (game.id, target.seq))).fetchall()
        for row in later:
            phase = await self.store.phase_by_id(row["id"], conn)
            sheets = await self.store.order_sheets(phase.id, conn)
            undone.append({"seq": phase.seq, "label": phase.label, "report": phase.report,
                           "adjudicated": phase.adjudicated_at is not None,
                           "orders": {seat: list(sheet.lines) for seat, sheet in sheets.items() if sheet.lines}})
            for table in ("orders", "reminders", "votes", "bot_sheets"):
                await conn.execute(f"DELETE FROM {table} WHERE phase_id=?", (phase.id,))
        now = self.clock()
        await conn.execute("INSERT INTO rollbacks (game_id, at, actor_id, reopened_seq, reopened_label, report, undone) "
                           "VALUES (?,?,?,?,?,?,?)", (game.id, iso(now), actor.user_id, target.seq, target.label,
                                                      target.report, json.dumps(undone)))
        await conn.execute("UPDATE games SET current_phase=? WHERE id=?", (target.id, game.id))
        await conn.execute("DELETE FROM phases WHERE game_id=? AND seq>?", (game.id, target.seq))
        await conn.execute("UPDATE phases SET adjudicated_at=NULL, report=NULL, extended_for_misses=0 WHERE id=?",
                           (target.id,))
        await conn.execute("UPDATE orders SET ready=0 WHERE phase_id=?", (target.id,))
        await conn.execute("DELETE FROM votes WHERE game_id=? AND phase_id=?", (game.id, target.id))
        await self.store.log(conn, game.id, target.id, iso(now), actor.user_id, "rolled_back",
                             {"reopened": target.label, "undone": [u["label"] for u in undone], "how": how})
        game = await self.store.game(game.id, conn)
        deadline = deadline_from(game, now)
        await self._schedule(conn, game, target.id, now, deadline)
        await self.store.outbox(conn, game.id, "game", (
            f"⏪ The adjudication of **{target.label}** was undone {how}. **{target.label}** is open again with "
            f"the orders it had (nobody is marked ready); orders are due <t:{int(deadline.timestamp())}:R>. "
            f"The dice of a phase come from the committed seed and its number, so the same orders give the same "
            f"rolls. The undone results stay in the game's record and export."), None, iso(now))
        reopened = await self.store.phase_by_id(target.id, conn)
        await self._announce_phase(conn, game, variant, reopened)


def require_phase(game: GameInfo, phase: PhaseInfo, phase_seq: int | None, what: str) -> None:
    """Refuse an action asked for in phase number `phase_seq` once the game has moved past it."""
    if phase_seq is not None and phase.seq != phase_seq:
        raise BadState(f"game #{game.id} has moved since you asked (it is now in {phase.label}), so I did "
                       f"not {what}: nothing was changed. Look at the game channel, then ask again if you "
                       f"still want to")


def side_of(game: GameInfo, seat: str) -> str:
    """The side a seat plays on: its alliance, else the seat itself."""
    for side, seats in get_variant(game.variant).alliances(game.options).items():
        if seat in seats:
            return side
    return seat
