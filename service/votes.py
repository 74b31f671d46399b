"""Votes instead of GM fiat, and rollback.

Players vote with their seats (one vote per seat they hold and play; a seat in civil disorder
does not vote). A vote counts for the phase it was cast in; a new phase starts afresh.

| motion | who votes | passes with | then |
|---|---|---|---|
| `pause` | every playing seat | two thirds | paused for at most the game's pause cap (7 days) |
| `resume` | every playing seat | two thirds | the clock runs again |
| `extend` (hours) | every playing seat | two thirds | the deadline moves by that many hours |
| `draw` (Diplomacy) | every surviving seat, bots included | all of them | the game ends in a draw |
| `concede` | the seats of the voter's side, bots included | all of them | the other side wins |
| `concede` (more than two sides) | every surviving seat, bots included | all but one | the one that did not vote wins |
| `rollback` | every playing seat, and the GM | two thirds with the GM's | the last adjudication is undone |

**Motions that end the game** (`draw`, `concede`) cannot be undone: the seed is revealed. So the
voter confirms first — the service answers an unconfirmed vote with `UnconfirmedVote`, which
says what happens if it passes and who still has to vote, and records nothing — and every seat
the bot plays (a bot seat, or a seat in civil disorder under the absent policy `bot`) votes too,
by the written rule of `engine.bot_votes`, when a person raises the motion in a phase. A bot's
vote is kept like a seat's (`votes.user_id` `BOT_VOTER`; a refusal under the motion `no:<motion>`)
and told as the bot's. One person therefore never ends a game for bots who would play on.

Bots do not vote on pausing, resuming, extending or rolling back: those change nobody's chances
and are the people's business. A rollback needs no confirmation either: it is undone by playing
the phase again (the same orders give the same dice), and it needs the GM's agreement already.

**Rollback** undoes the last adjudication: the phases it opened are removed (kept whole in the
record and the export), the adjudicated phase re-opens with its orders (nobody marked ready), and
a new deadline is set. Phase *n* always rolls `Random("<seed>:<n>")`, so the same orders give the
same dice. A GM who holds no seat rolls back alone; a GM who plays needs the other players' votes.
A finished game cannot be rolled back: its seed is public.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from engine.bot_votes import BotVote, bot_vote
from engine.variant import get_variant

from . import permissions
from .bots import bot_players
from .checks import check_hours, require_status
from .errors import BadInput, BadState, Forbidden
from .ending import Ending
from .gm import GameMaster
from .ids import checked_ids
from .models import Actor, GameInfo, PhaseInfo, iso
from .rollback import Rollback
from .runtime import Now
from .schedule import Schedule
from .store import Store

MOTIONS = ("pause", "resume", "extend", "draw", "concede", "rollback")
ENDING = ("draw", "concede")     # end the game for good: confirmed first, and the bots vote
DEFAULT_EXTENSION_HOURS = 24.0
BOT_VOTER = 0                    # `votes.user_id` of a vote a bot cast for its seat (no Discord id is 0)
REFUSED = "no:"                  # a bot's vote against motion M is kept under the motion `no:M`


@dataclass(frozen=True)
class Tally:
    """Where a motion stands after a vote."""

    motion: str
    yes: tuple[str, ...]          # seats for it
    electorate: tuple[str, ...]   # seats that vote on it
    needed: int
    passed: bool
    waiting_for_gm: bool = False
    bots: tuple[str, ...] = ()          # seats of the electorate the bot plays (they vote by its rule)
    against: tuple[str, ...] = ()       # bot seats that voted against it
    bots_abstain: tuple[str, ...] = ()  # the game's bot seats, when bots do not vote on this motion

    @property
    def can_pass(self) -> bool:
        """Whether enough seats are left to vote for it (a bot's no stands for the phase)."""
        return len(self.electorate) - len(self.against) >= self.needed

    @property
    def to_vote(self) -> tuple[str, ...]:
        """The seats held by people that have not voted for it yet."""
        return tuple(s for s in self.electorate if s not in self.yes and s not in self.bots)

    def describe(self, command: str = "/vote") -> str:
        """The tally in words, naming who voted and which votes are the bots' (`command`: how the
        reader votes, `/vote` on Discord, `vote 3` in the console)."""
        words = motion_words(self.motion)
        total = len(self.electorate)
        abstain = f" (bot seats do not vote on this: {', '.join(self.bots_abstain)})" if self.bots_abstain else ""
        if self.passed:
            return (f"the vote to {words} passed ({len(self.yes)} of {total} seats: "
                    f"{seat_list(self.yes, self.bots)}){abstain}")
        need = f"all {total}" if self.needed == total and total > 1 else str(self.needed)
        text = f"{len(self.yes)} of {total} seats vote to {words}; {need} needed"
        if self.waiting_for_gm:
            text += "; it also needs the GM (`/gm rollback`)"
        if self.yes:
            text += f". For: {seat_list(self.yes, self.bots)}"
        if self.against:
            text += (f". Against, by the bots' rule: {seat_list(self.against, self.against)}, so it cannot pass in "
                     f"this phase (votes start afresh in the next)" if not self.can_pass else
                     f". Against, by the bots' rule: {seat_list(self.against, self.against)}")
        if self.can_pass and self.to_vote:
            text += f". Still to vote: {', '.join(self.to_vote)} (`{command} {self.motion.split(':')[0]}`)"
        return text + abstain


def seat_list(seats, bots) -> str:
    """`England, France and the bot seats Austria, Italy`: seats held by people first."""
    people = [s for s in seats if s not in bots]
    played = [s for s in seats if s in bots]
    parts = [", ".join(people)] if people else []
    if played:
        parts.append(f"the bot seat{'s' if len(played) > 1 else ''} {', '.join(played)}")
    return " and ".join(parts) or "nobody"


class UnconfirmedVote(BadState):
    """A vote for a motion that ends the game, not confirmed yet: nothing was recorded. It
    carries what the voter must read first (`describe`) and what the front end confirms with."""

    def __init__(self, game_id: int, phase_seq: int, kind: str, seats: tuple[str, ...], outcome: str,
                 tally: Tally, bot_votes: tuple[BotVote, ...]):
        self.game_id, self.phase_seq, self.kind, self.seats = game_id, phase_seq, kind, seats
        self.outcome, self.tally, self.bot_votes = outcome, tally, bot_votes
        super().__init__(self.describe(f"`/vote {kind} confirm:True`"))

    def describe(self, how_to_confirm: str, command: str = "/vote") -> str:
        """The confirmation a voter reads: the vote, what happens if it passes, who still has to
        vote and how the bots will vote, and how to confirm."""
        tally = self.tally
        lines = [f"⚠️ **Confirm first**: {', '.join(self.seats)} {'votes' if len(self.seats) == 1 else 'vote'} to "
                 f"{motion_words(tally.motion)} in game #{self.game_id}.",
                 f"**If it passes**: {self.outcome} This cannot be undone."]
        total = len(tally.electorate)
        need = ("its one seat votes for it" if total == 1 else "both seats vote for it" if total == 2 == tally.needed
                else f"all {total} seats vote for it" if tally.needed == total
                else f"{tally.needed} of its {total} seats vote for it")
        lines.append(f"It passes when {need}: {', '.join(tally.electorate)}.")
        if self.bot_votes:
            lines.append("The bot seats vote by their rule as soon as you confirm:")
            lines += bot_vote_lines(self.bot_votes)
        if tally.passed:
            lines.append("Your vote would carry it: the game ends at once.")
        elif not tally.can_pass:
            lines.append("With the bots against it, it cannot pass in this phase (votes start afresh in the next).")
        elif tally.to_vote:
            lines.append(f"Still to vote after you: {', '.join(tally.to_vote)} (`{command} "
                         f"{tally.motion.split(':')[0]}`).")
        lines.append(f"Nothing is recorded until you confirm: {how_to_confirm}.")
        return "\n".join(lines)


def bot_vote_lines(votes, bold: bool = False) -> list[str]:
    """One line per decision and reason (six bots refusing for the same reason are one line)."""
    grouped: dict[tuple[bool, str], list[str]] = {}
    for vote in votes:
        grouped.setdefault((vote.yes, vote.reason), []).append(f"**{vote.seat}**" if bold else vote.seat)
    return [f"• {', '.join(seats)} ({'bot' if len(seats) == 1 else 'bots'}): {'for' if yes else 'against'} — {why}"
            for (yes, why), seats in grouped.items()]


def motion_words(motion: str) -> str:
    kind, _, arg = motion.partition(":")
    return {"pause": "pause the game", "resume": "resume the game", "extend": f"extend the deadline by {arg}h",
            "draw": "end the game in a draw", "rollback": "undo the last adjudication",
            "concede": f"concede ({arg})" if arg else "concede the game to the one surviving power that does not vote"
            }[kind]


def two_thirds(n: int) -> int:
    return -(-2 * n // 3)


@checked_ids
class Votes:
    """The players' votes, what a passed motion does, and the GM's rollback (alone, or by vote
    when the GM holds a seat)."""

    def __init__(self, store: Store, clock: Now, game_master: GameMaster, schedule: Schedule, ending: Ending,
                 rollbacks: Rollback):
        self.store = store
        self.clock = clock
        self.game_master = game_master
        self.schedule = schedule
        self.ending = ending
        self.rollbacks = rollbacks

    async def vote(self, game_id: int, actor: Actor, motion: str, hours: float | None = None,
                   withdraw: bool = False, phase_seq: int | None = None, confirm: bool = False) -> Tally:
        """Cast (or `withdraw`) the actor's votes for a motion; carries it out once it passes.
        `phase_seq` is the phase the voter saw: a vote cast while the game moved on is refused
        (a second click on a rollback must not undo a second adjudication). A motion that ends
        the game needs `confirm`: without it, `UnconfirmedVote` says what would happen and
        nothing is recorded."""
        kind = motion.strip().lower()
        if kind not in MOTIONS:
            raise BadInput(f"`{motion[:20]}` is not a motion; vote on one of: {', '.join(MOTIONS)}")
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            require_status(game, "paused" if kind == "resume" else "active",
                           "vote to resume" if kind == "resume" else f"vote on `{kind}` in")
            phase = await self.store.phase_by_id(game.current_phase, tx)
            require_phase(game, phase, phase_seq, "count your vote")
            voters = [s for s in game.seats_of(actor.user_id) if not game.seat(s).civil_disorder]
            if not voters:
                raise Forbidden(f"only players of game #{game.id} (not in civil disorder) vote on it")
            if kind == "draw" and not get_variant(game.variant).draws_allowed:
                raise BadState(f"{get_variant(game.variant).title} has no draws; a side can `concede`")
            if kind == "rollback":
                self.rollbacks.may_roll_back(game, phase)
            key = await self._motion_key(tx, game, kind, hours, voters)
            if kind in ENDING and not withdraw and not confirm:
                raise await self._unconfirmed(tx, game, phase, key, voters)
            now = iso(self.clock())
            if withdraw:
                await tx.votes.withdrawn(game.id, phase.id, key, voters)
            else:
                for seat in voters:
                    # replacing: a seat a bot voted for before a person took it is the person's now
                    await tx.votes.cast(game.id, phase.id, key, seat, actor.user_id, now)
            await self.store.log(tx, game.id, phase.id, now, actor.user_id, "vote",
                                 {"motion": key, "seats": voters, "withdrawn": withdraw})
            cast: list[BotVote] = []
            lapsed = False
            if kind in ENDING and not withdraw:
                cast = await self._cast_bot_votes(tx, game, phase, key, now)
            elif kind in ENDING:
                lapsed = await self._lapse_without_people(tx, game, phase, key)
            tally = await self._tally(tx, game, phase, key)
            who = ", ".join(f"**{s}**" for s in voters)
            verb = "withdraws the vote to" if withdraw else "votes to"
            lines = [f"🗳️ {who} {verb} {motion_words(key)}."]
            if cast:
                lines.append("🤖 The bot seats vote by their rule:")
                lines += bot_vote_lines(cast, bold=True)
            lines.append("Nobody else votes for it any more: the motion lapses." if lapsed else
                         f"{tally.describe()[0].upper()}{tally.describe()[1:]}.")
            await self.store.outbox(tx, game.id, "game", "\n".join(lines), None, now)
            if tally.passed and not withdraw:
                await self._carry_out(tx, game, phase, key, actor, tally)
        return tally

    async def votes(self, game_id: int) -> list[Tally]:
        """Every motion with at least one vote in the current phase."""
        game = await self.store.game(game_id)
        if game.current_phase is None:
            return []
        async with self.store.db.read() as r:        # a read: no write transaction
            phase = await self.store.phase_by_id(game.current_phase, r)
            keys = dict.fromkeys(motion.removeprefix(REFUSED) for motion in await r.votes.motions(game.id, phase.id))
            return [await self._tally(r, game, phase, key) for key in keys]

    async def rollback(self, game_id: int, actor: Actor, phase_seq: int | None = None) -> Tally | None:
        """GM: undo the last adjudication. A GM who holds a seat casts the rollback vote and
        the other players decide; otherwise it happens at once (returns None).

        `phase_seq` names the phase that was open when the GM asked (the adjudication before it
        is the one undone); if the game has moved since — another rollback, an adjudication —
        nothing is undone. Front ends always pass it; without it the phase open now is meant."""
        game = await self.store.game(game_id)
        permissions.require_gm(game, actor, "roll back")
        if game.seats_of(actor.user_id):
            return await self.vote(game_id, actor, "rollback", phase_seq=phase_seq)
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            require_status(game, "active", "roll back")
            phase = await self.store.phase_by_id(game.current_phase, tx)
            require_phase(game, phase, phase_seq, "roll back")
            self.rollbacks.may_roll_back(game, phase)
            await self.rollbacks.roll_back_in(tx, game, phase, actor, f"by the GM <@{actor.user_id}>")
        return None

    async def _motion_key(self, tx, game: GameInfo, kind: str, hours: float | None, voters: list[str]) -> str:
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

    @staticmethod
    def _electorate(game: GameInfo, phase: PhaseInfo, key: str) -> tuple[tuple[str, ...], tuple[str, ...],
                                                                         tuple[str, ...]]:
        """(electorate, the bot seats in it, the bot seats that abstain) for motion `key`: the
        seats people play (not in civil disorder), and for a motion that ends the game the seats
        the bot plays too; an eliminated power votes no more; a side's concession, its seats."""
        kind, _, arg = key.partition(":")
        out = get_variant(game.variant).out_of_game
        played = bot_players(game)
        people = {s.seat for s in game.seats if s.user_id is not None and not s.civil_disorder
                  and s.seat not in played}
        bots = {seat for seat in played if kind in ENDING}
        electorate = tuple(s.seat for s in game.seats if (s.seat in people or s.seat in bots)
                           and not out(phase.state, s.seat)
                           and not (kind == "concede" and arg and side_of(game, s.seat) != arg))
        abstain = tuple(s.seat for s in game.seats if s.seat in played and kind not in ENDING)
        return electorate, tuple(s for s in electorate if s in bots), abstain

    async def _tally(self, tx, game: GameInfo, phase: PhaseInfo, key: str) -> Tally:
        rows = await tx.votes.on(game.id, phase.id, (key, REFUSED + key))
        return count_votes(game, phase, key, [(r["seat"], r["user_id"], r["motion"] == key) for r in rows],
                           self._electorate(game, phase, key))

    async def _cast_bot_votes(self, tx, game: GameInfo, phase: PhaseInfo, key: str, now: str) -> list[BotVote]:
        """The seats the bot plays vote on `key` by the bots' rule, once per phase: each
        decision is kept (a no under `no:<key>`), logged and told with its reason."""
        _, bots, _ = self._electorate(game, phase, key)
        decided = {row["seat"] for row in await tx.votes.on(game.id, phase.id, (key, REFUSED + key))
                   if row["user_id"] == BOT_VOTER}
        variant = get_variant(game.variant)
        cast = []
        for seat in bots:
            if seat in decided:
                continue
            # a count of centres or IPCs, not a search: quick enough to run here
            choice = bot_vote(variant, phase.state, seat, key)
            await tx.votes.cast(game.id, phase.id, key if choice.yes else REFUSED + key, seat, BOT_VOTER, now)
            await self.store.log(tx, game.id, phase.id, now, None, "bot_vote",
                                 {"motion": key, "seat": seat, "yes": choice.yes, "reason": choice.reason})
            cast.append(choice)
        return cast

    async def _lapse_without_people(self, tx, game: GameInfo, phase: PhaseInfo, key: str) -> bool:
        """After a withdrawal: a motion no person votes for any more lapses, and the bots' votes
        with it (raised again, the bots vote again)."""
        if any(row["motion"] == key and row["user_id"] != BOT_VOTER for row in await tx.votes.on(game.id, phase.id, (key,))):
            return False
        await tx.votes.dropped(game.id, (key, REFUSED + key), phase.id)
        return True

    async def _unconfirmed(self, tx, game: GameInfo, phase: PhaseInfo, key: str,
                           voters: list[str]) -> UnconfirmedVote:
        """What confirming would do: the tally with the voter's seats and the bots' votes (those
        not cast yet worked out as they would be), and the outcome if it passes."""
        electorate, bots, _ = self._electorate(game, phase, key)
        rows = await tx.votes.on(game.id, phase.id, (key, REFUSED + key))
        votes = [(r["seat"], r["user_id"], r["motion"] == key) for r in rows]
        decided = {r["seat"] for r in rows if r["user_id"] == BOT_VOTER}
        variant = get_variant(game.variant)
        coming = tuple(bot_vote(variant, phase.state, seat, key) for seat in bots if seat not in decided)
        votes += [(seat, game.holder(seat), True) for seat in voters if seat in electorate]
        votes += [(v.seat, BOT_VOTER, v.yes) for v in coming]
        tally = count_votes(game, phase, key, votes, (electorate, bots, ()))
        return UnconfirmedVote(game.id, phase.seq, key.partition(":")[0], tuple(voters),
                               outcome_words(game, phase, key, electorate), tally, coming)

    async def _carry_out(self, tx, game: GameInfo, phase: PhaseInfo, key: str, actor: Actor,
                         tally: Tally) -> None:
        kind, _, arg = key.partition(":")
        await tx.votes.dropped(game.id, (key, REFUSED + key))
        now = self.clock()
        bots = [s for s in tally.yes if s in tally.bots]
        by_bots = f" (the bot seat{'s' if len(bots) > 1 else ''} {', '.join(bots)} by the bots' rule)" if bots else ""
        if kind == "pause":
            until = now + timedelta(hours=game.pause_cap_hours)
            await self.game_master.pause_in(tx, game, actor, until, f"by the players' vote, until they vote to resume "
                                                           f"(at most until <t:{int(until.timestamp())}:F>)")
        elif kind == "resume":
            await self.game_master.resume_in(tx, game, actor, "the players voted to resume")
        elif kind == "extend":
            deadline = max(phase.deadline or now, now) + timedelta(hours=float(arg))
            await self.schedule.schedule(tx, game, phase.id, now, deadline)
            await self.store.outbox(tx, game.id, "game", (
                f"⏳ By the players' vote the deadline of **{phase.label}** moves by {float(arg):g}h, to "
                f"<t:{int(deadline.timestamp())}:F> (<t:{int(deadline.timestamp())}:R>)."), None, iso(now))
        elif kind == "draw":
            await self.ending.finish_by_agreement(tx, game, phase, (), f"all players agreed to a draw{by_bots}")
        elif key == "concede":
            winners = tuple(s for s in tally.electorate if s not in tally.yes)
            await self.ending.finish_by_agreement(tx, game, phase, winners, f"the other powers conceded{by_bots}")
        elif kind == "concede":
            winners = tuple(s.seat for s in game.seats if side_of(game, s.seat) != arg)
            await self.ending.finish_by_agreement(tx, game, phase, winners, f"{arg} conceded{by_bots}")
        elif kind == "rollback":
            await self.rollbacks.roll_back_in(tx, game, phase, actor, "by the GM with the players' vote")


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


def count_votes(game: GameInfo, phase: PhaseInfo, key: str, votes: list[tuple[str, int | None, bool]],
                electorate: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]) -> Tally:
    """The tally of `key` from (seat, voter, for?) votes: a person's vote counts while they hold
    the seat, a bot's while the bot plays it."""
    seats, bots, abstain = electorate
    kind = key.partition(":")[0]

    def counts(seat: str, user_id: int | None) -> bool:
        return seat in seats and (user_id == BOT_VOTER if seat in bots else game.holder(seat) == user_id)

    yes = tuple(s for s in seats if any(v[0] == s and v[2] and counts(s, v[1]) for v in votes))
    against = tuple(s for s in bots if any(v[0] == s and not v[2] and counts(s, v[1]) for v in votes))
    needed = len(seats) if kind in ENDING else two_thirds(len(seats))
    if key == "concede":
        needed = max(len(seats) - 1, 1)
    gm_agrees = True
    if kind == "rollback":
        gm_agrees = any(user_id == game.creator_id for _, user_id, for_it in votes if for_it)
    passed = bool(seats) and len(yes) >= needed and gm_agrees
    return Tally(key, yes, seats, needed, passed, waiting_for_gm=not gm_agrees, bots=bots, against=against,
                 bots_abstain=abstain)


def outcome_words(game: GameInfo, phase: PhaseInfo, key: str, electorate: tuple[str, ...]) -> str:
    """What happens if an ending motion passes: the result as it will be recorded, the seed."""
    kind, _, arg = key.partition(":")
    after = ("The secret seed is revealed (every die roll can then be checked) and the game's channels are "
             "archived read-only.")
    if kind == "draw":
        return (f"game #{game.id} ends at once ({phase.label}) in a draw: nobody wins; it is recorded as a draw "
                f"shared by the {len(electorate)} surviving seats ({', '.join(electorate)}). {after}")
    if not arg:
        return (f"once every surviving seat but one has voted to concede, game #{game.id} ends at once and the win "
                f"is recorded for the one that did not vote. {after}")
    winners = [s.seat for s in game.seats if side_of(game, s.seat) != arg]
    sides = {side_of(game, s) for s in winners}
    named = f"the {sides.pop()} ({', '.join(winners)})" if len(sides) == 1 and len(winners) > 1 else ", ".join(winners)
    many = len([s for s in game.seats if side_of(game, s.seat) == arg]) > 1
    return (f"game #{game.id} ends at once ({phase.label}): {'the ' if many else ''}{arg} concede{'' if many else 's'} "
            f"and the win is recorded for {named}. {after}")

