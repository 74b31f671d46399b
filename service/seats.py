"""Who holds a seat over weeks: substitutes, consent, advertising and the seat's history.

A started game never has an empty seat, but a seat can want a new player: it is in civil
disorder (its player missed too many deadlines), or its holder agreed to hand it over
(`/game leave` once the game runs; they play on until someone takes it). Such a seat can be
advertised with a **Join** button; the first member to press it takes the seat. The GM may
give it to someone directly (`/gm assign`), but never takes a seat from a player who is
playing and has not agreed. Every change of holder is kept, with the phase it happened in.
"""
from __future__ import annotations

from engine.variant import get_variant

from . import permissions
from .checks import clip, require_status
from .errors import BadState, NotFound
from .ids import checked_ids
from .models import CONSOLE_GUILD, Actor, GameInfo, HolderSpell, SeatChange, SeatInfo, iso
from .runtime import Now
from .seasons import Seasons
from .store import Store
from .visibility import player_named, players_hidden

ADVERTISE_LIMIT = 10          # Join buttons on one notice (two rows of five)
RETIRED_CHANNEL = "seat_channel_retired"    # event: a seat left this channel for a fresh one


@checked_ids
class Seats:
    """Who holds each seat: joining before the start, leaving, substitutes, the GM's assignments,
    open-seat notices, and the history of holders (room access follows it)."""

    def __init__(self, store: Store, clock: Now, seasons: Seasons):
        self.store = store
        self.clock = clock
        self.seasons = seasons

    async def join(self, game_id: int, actor: Actor, seat: str | None = None) -> str:
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            require_status(game, "forming", "join")
            if seat:
                chosen = permissions.match_name(seat, [s.seat for s in game.seats])
                if chosen is None:
                    raise NotFound(f"game #{game.id} has no seat `{clip(seat)}`; open seats: "
                                   f"{', '.join(game.open_seats) or 'none'}")
                holder = game.seat(chosen).user_id
                if holder == actor.user_id:
                    raise BadState(f"you already hold {chosen} in game #{game.id}")
                if holder is not None:
                    raise BadState(f"{chosen} is taken in game #{game.id}; open seats: "
                                   f"{', '.join(game.open_seats) or 'none'}")
            else:
                if not game.open_seats:
                    raise BadState(f"game #{game.id} has no open seat")
                chosen = game.open_seats[0]
            await self.seasons.reliabilities.admit(tx, game.id, actor.user_id)      # seasons hook: committed=
            now = iso(self.clock())
            await tx.seats.taken(game_id, chosen, actor.user_id, now)       # a person takes a bot's seat too
            await self.store.log(tx, game_id, None, now, actor.user_id, "joined", {"seat": chosen})
        return chosen

    # ------------------------------------------------------------------ leaving
    async def leave(self, game_id: int, actor: Actor, seat: str | None = None, cancel: bool = False) -> str:
        """Before the start: give up a seat. Once the game runs: agree to hand the seat to a
        substitute (it is advertised; you play on until someone takes it), or with `cancel`
        take that back."""
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            chosen = permissions.resolve_seat(game, actor, seat)
            now = iso(self.clock())
            if game.status == "forming":
                if cancel:
                    raise BadState(f"game #{game.id} has not started: there is no hand-over to cancel")
                await tx.seats.left(game_id, chosen)
                await self.store.log(tx, game_id, None, now, actor.user_id, "left", {"seat": chosen})
                return chosen
            if game.status not in ("active", "paused"):
                raise BadState(f"game #{game.id} is {game.status}")
            info = game.seat(chosen)
            if cancel == (not info.leaving):
                raise BadState(f"you had not offered {chosen} to a substitute" if cancel else
                               f"{chosen} is already offered to a substitute; `/game leave cancel:True` takes it back")
            await tx.seats.set_leaving(game_id, chosen, not cancel)
            await self.store.log(tx, game_id, game.current_phase, now, actor.user_id,
                                 "stays" if cancel else "leaving", {"seat": chosen})
            if cancel:
                await self.store.outbox(tx, game_id, "game", f"🎖️ **{chosen}** stays with its player: the seat "
                                        f"is no longer open for a substitute.", None, now)
            else:
                await self.store.outbox(tx, game_id, "game", (
                    f"📣 The player of **{chosen}** would like to hand the seat over. They play on until a "
                    f"substitute takes it: press **Join** below to take **{chosen}** in {game.name}."
                    + outsiders_note(game)),
                    None, now, buttons=[("join", chosen)])
        return chosen

    # ------------------------------------------------------------------ advertising
    async def advertise(self, game_id: int, actor: Actor, seat: str | None = None,
                        also_in_game_channel: bool = True) -> list[str]:
        """GM: an open-seat notice with a Join button for each seat that wants a player (or the
        one named), posted in the game channel (unless the caller posts it there). Returns the
        seats advertised."""
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            permissions.require_gm(game, actor, "advertise seats of")
            wanted = game.open_seats if game.status == "forming" else game.substitute_wanted
            if game.status not in ("forming", "active", "paused"):
                raise BadState(f"game #{game.id} is {game.status}: it has no seat to offer")
            if seat:
                chosen = permissions.match_name(seat, [s.seat for s in game.seats], _aliases(game))
                if chosen is None:
                    raise NotFound(f"game #{game.id} has no seat `{clip(seat)}`")
                info = game.seat(chosen)
                offered = chosen not in wanted and info.bot is not None and info.user_id is None
                if chosen not in wanted and not offered:
                    raise BadState(f"{chosen} is held by a player who has not agreed to hand it over; seats "
                                   f"open now: {', '.join(wanted) or 'none'}")
                if offered and game.status != "forming":
                    # the GM names a bot's seat: it is offered (listed as open) until a person takes it
                    await tx.seats.set_leaving(game_id, chosen, True)
                wanted = [chosen]
            if not wanted:
                raise BadState(f"game #{game.id} has no seat open: every seat is held by a playing player")
            wanted = wanted[:ADVERTISE_LIMIT]
            now = iso(self.clock())
            await self.store.log(tx, game_id, game.current_phase, now, actor.user_id, "advertised",
                                 {"seats": wanted})
            if also_in_game_channel:
                await self.store.outbox(tx, game_id, "game", advert_text(game, wanted), None, now,
                                        buttons=[("join", s) for s in wanted])
        return wanted

    # ------------------------------------------------------------------ taking a seat
    async def check_take(self, game_id: int, actor: Actor, seat: str, guild_id: int | None = None) -> SeatChange:
        """What `take_seat` would do, or its error; changes nothing (the bot opens the seat's
        channels to the new player first, then records the change)."""
        game = await self.store.game(game_id)
        chosen = _takeable(game, actor, seat, guild_id)
        await self.seasons.reliabilities.admit(None, game.id, actor.user_id)        # seasons hook: committed=
        return SeatChange(chosen, game.seat(chosen).user_id, actor.user_id)

    async def take_seat(self, game_id: int, actor: Actor, seat: str, guild_id: int | None = None,
                        channel_id: int | None = None) -> SeatChange:
        """A member presses **Join** on an advertised seat: before the start they join; once the
        game runs they take over a seat in civil disorder or offered by its holder. `channel_id`:
        the seat's fresh private channel, when the game keeps its players secret
        (`visibility.fresh_seat_channel`)."""
        if (await self.store.game(game_id)).status == "forming":
            taken = await self.join(game_id, actor, seat)
            return SeatChange(taken, None, actor.user_id)
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            chosen = _takeable(game, actor, seat, guild_id)
            await self.seasons.reliabilities.admit(tx, game.id, actor.user_id)      # seasons hook: committed=
            return await self._hand_over(tx, game, chosen, actor.user_id, actor, "substitute", channel_id)

    async def check_assign(self, game_id: int, actor: Actor, seat: str, user_id: int | None,
                           guild_id: int | None = None) -> SeatChange:
        """What `assign_seat` would do, or its error; changes nothing."""
        game = await self.store.game(game_id)
        chosen = _assignable(game, actor, seat, user_id, guild_id)
        await self.seasons.reliabilities.admit(None, game.id, user_id, user_id == actor.user_id)   # seasons hook
        return SeatChange(chosen, game.seat(chosen).user_id, user_id)

    async def assign_seat(self, game_id: int, actor: Actor, seat: str, user_id: int | None,
                          guild_id: int | None = None, channel_id: int | None = None) -> SeatChange:
        """GM: seat a player (before the start, or mid-game in a seat that wants a substitute),
        or empty a seat before the start. `channel_id` as for `take_seat`."""
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            chosen = _assignable(game, actor, seat, user_id, guild_id)
            await self.seasons.reliabilities.admit(tx, game.id, user_id, user_id == actor.user_id)   # seasons hook
            if game.status == "forming":
                previous = game.seat(chosen).user_id
                now = iso(self.clock())
                await tx.seats.taken(game_id, chosen, user_id, now)
                await self.store.log(tx, game_id, None, now, actor.user_id, "seat_assigned",
                                     {"seat": chosen, "user_id": user_id, "previous": previous})
                await self._tell_seated(tx, game, chosen, user_id, previous, now)
                return SeatChange(chosen, previous, user_id)
            return await self._hand_over(tx, game, chosen, user_id, actor, "assigned", channel_id)

    async def _tell_seated(self, tx, game: GameInfo, seat: str, user_id: int | None, previous: int | None,
                           now: str) -> None:
        """Before the start, the GM seated someone (or emptied a seat): the new player and the one
        it was taken from each hear it from the bot, by direct message."""
        if user_id is not None:
            await self.store.outbox(tx, game.id, f"user:{user_id}", (
                f"🎖️ The GM gave you **{seat}** in **{game.name}** (game #{game.id}). When the GM starts the game "
                f"you get its private channel, with your first orders to give; `/game leave {game.id}` gives the "
                f"seat up before then."), None, now)
        if previous is not None and previous != user_id:
            await self.store.outbox(tx, game.id, f"user:{previous}", (
                f"🎖️ The GM gave **{seat}** in **{game.name}** (game #{game.id}) to another player: you no longer "
                f"hold it. `/game join {game.id}` takes an open seat, if one is left."), None, now)

    async def _hand_over(self, tx, game: GameInfo, seat: str, user_id: int, actor: Actor, how: str,
                         channel_id: int | None = None) -> SeatChange:
        """A started game's seat changes hands: the new player starts with a clean slate (no
        misses, out of civil disorder), everyone is told, and the seat's history grows. Given a
        fresh channel (anonymous players), the seat moves into it and its old channel is retired:
        read by nobody until the game ends, since its messages show who played the seat before."""
        info = game.seat(seat)
        previous = info.user_id
        now = iso(self.clock())
        await tx.seats.handed_over(game.id, seat, user_id, now)    # a bot's seat too
        await self.record_holder(tx, game, seat, user_id, how)
        await self.store.log(tx, game.id, game.current_phase, now, actor.user_id,
                             "seat_assigned" if how == "assigned" else "seat_taken",
                             {"seat": seat, "user_id": user_id, "previous": previous,
                              "civil_disorder": info.civil_disorder})
        fresh = channel_id is not None and channel_id != info.channel_id
        if fresh:
            await tx.seats.set_channel(game.id, seat, channel_id)
            if info.channel_id is not None:
                await self.store.log(tx, game.id, game.current_phase, now, actor.user_id, RETIRED_CHANNEL,
                                     {"seat": seat, "channel_id": info.channel_id})
            self.store.forget_channels()
        by = "The GM seated" if how == "assigned" else "🤝"
        replacing = f", replacing <@{previous}>" if previous else ""
        joined = f"{by} <@{user_id}> as **{seat}**{replacing}." if how == "assigned" else \
            f"🤝 <@{user_id}> takes over **{seat}**{replacing}."
        if players_hidden(game):
            joined = f"🤝 A new player takes over **{seat}** (anonymous game: names are revealed at the end)."
        await self.store.outbox(tx, game.id, "game", joined, None, now)
        await self.store.outbox(tx, game.id, f"seat:{seat}", await self._welcome(tx, game, seat, user_id, fresh),
                                None, now, ping_user=user_id)
        if previous is not None and previous != user_id:
            await self.store.outbox(tx, game.id, f"user:{previous}", (
                f"**{seat}** in **{game.name}** (game #{game.id}) now has a new player; you no longer see its "
                f"channel. Thank you for playing."), None, now)
        await self.access_changed(tx, game)
        return SeatChange(seat, previous, user_id)

    async def _welcome(self, tx, game: GameInfo, seat: str, user_id: int, fresh: bool) -> str:
        """The new holder's first message in the seat's channel: what the seat needs now. In a
        fresh channel it restates what the old one held that the seat still needs — the orders
        already given this phase — and names nobody who played the seat before."""
        where = ("This is the seat's new private channel: in an anonymous game its earlier channel stays closed "
                 "until the game ends (it would show who played the seat before)." if fresh else
                 "This channel is yours, with all of the seat's messages so far.")
        text = (f"Welcome <@{user_id}>: you now hold **{seat}** in {game.name}. {where} Write orders here, one per "
                f"line, then `/ready`.")
        if game.current_phase is None:
            return text
        phase = await self.store.phase_by_id(game.current_phase, tx)
        variant = get_variant(game.variant)
        if not variant.may_order(phase.state, seat):
            return text
        text += f"\n**{phase.label}** is open: orders are due <t:{int(phase.deadline.timestamp())}:R>.\n" \
            if phase.deadline else "\n"
        if fresh:
            sheet = await self.store.order_sheet(phase.id, seat, tx)
            if sheet.lines:
                given = "\n".join(f"• {line}" for line in sheet.lines)
                text += (f"Orders already given for {seat} this phase (yours now: change them or `/clear`):\n"
                         f"{given}\n")
            else:
                text += f"No orders given for {seat} yet this phase.\n"
        return text + variant.phase_brief(phase.state, seat)

    async def record_holder(self, tx, game: GameInfo, seat: str, user_id: int | None, how: str) -> None:
        """One more line of a seat's history, from the game's current phase."""
        label = seq = None
        if game.current_phase is not None:
            phase = await self.store.phase_by_id(game.current_phase, tx)
            label, seq = phase.label, phase.seq
        await tx.seats.held(game.id, seat, user_id, seq, label, iso(self.clock()), how)

    async def access_changed(self, tx, game: GameInfo) -> None:
        """Who may read the game's alliance and press channels follows the seats: ask the bot to
        bring the channels' access up to date (a queued job, retried like a message)."""
        if game.guild_id == CONSOLE_GUILD or game.channel_id is None:
            return
        await self.store.outbox(tx, game.id, "access", "bring room access up to date", None, iso(self.clock()))

    async def seat_history(self, game_id: int) -> list[HolderSpell]:
        return await self.store.seat_history(game_id)


def outsiders_note(game: GameInfo) -> str:
    """In a game whose channel only its players read (audience `players`), a Join button posted
    there reaches no candidate: say where the GM posts one that does."""
    if game.audience != "players":
        return ""
    return ("\nOnly this game's players read this channel, so no candidate sees this button. GM: type "
            "`/gm advertise` in a channel of the server that candidates read: the Join button goes there.")


def advert_text(game: GameInfo, seats: list[str]) -> str:
    """The open-seat notice: what each seat is and why it is open."""
    variant = get_variant(game.variant)
    lines = [f"📣 **{game.name}** (game #{game.id}, {variant.title}) is looking for players."]
    for seat in seats:
        info = game.seat(seat)
        why = ("🤖 played by a bot until a person takes it" if info.bot else
               "not taken yet" if info.user_id is None else
               "in civil disorder: its player stopped sending orders" if info.civil_disorder else
               "its player would like to hand it over")
        lines.append(f"• **{seat}** — {why}")
    lines.append("Press **Join** to take a seat: you get its private channel and play from the current phase on.")
    return "\n".join(lines)


def _aliases(game: GameInfo) -> dict[str, str]:
    return get_variant(game.variant).seat_aliases()


def _seat_named(game: GameInfo, seat: str) -> str:
    chosen = permissions.match_name(seat, [s.seat for s in game.seats], _aliases(game))
    if chosen is None:
        raise NotFound(f"game #{game.id} has no seat `{clip(seat)}`; seats: {', '.join(s.seat for s in game.seats)}")
    return chosen


def _takeable(game: GameInfo, actor: Actor, seat: str, guild_id: int | None) -> str:
    """The seat `seat` names, if `actor` may take it over now."""
    permissions.require_same_server(game, guild_id)
    require_status(game, ("forming", "active", "paused"), "take a seat in")
    chosen = _seat_named(game, seat)
    mine = game.seats_of(actor.user_id)
    if chosen in mine:
        raise BadState(f"you already hold {chosen} in game #{game.id}")
    if game.status == "forming":
        if game.seat(chosen).user_id is not None:
            raise BadState(f"{chosen} is taken in game #{game.id}; open seats: {', '.join(game.open_seats) or 'none'}")
        return chosen
    if mine:
        raise BadState(f"you already play {', '.join(mine)} in game #{game.id}; a substitute takes one seat. "
                       f"The GM can give you more with `/gm assign`")
    if chosen not in game.substitute_wanted and game.seat(chosen).bot:
        raise BadState(f"{chosen} is played by the bot and has not been offered; the GM offers it with "
                       f"`/gm advertise seat:{chosen}`. Seats open now: {', '.join(game.substitute_wanted) or 'none'}")
    if chosen not in game.substitute_wanted:
        raise BadState(f"{chosen} is held by a playing player who has not offered it; seats open now: "
                       f"{', '.join(game.substitute_wanted) or 'none'}")
    return chosen


def _assignable(game: GameInfo, actor: Actor, seat: str, user_id: int | None, guild_id: int | None) -> str:
    """The seat `seat` names, if `actor` may give it to `user_id` now: before the start any
    seat; once the game runs only one that wants a substitute."""
    permissions.require_same_server(game, guild_id)
    permissions.require_gm(game, actor, "assign seats in")
    if game.status in ("finished", "abandoned"):
        raise BadState(f"game #{game.id} is {game.status}")
    chosen = _seat_named(game, seat)
    if user_id is None and game.status != "forming":
        raise BadState("a started game cannot have an empty seat; assign a replacement")
    if game.seat(chosen).user_id == user_id:
        # the GM named this member: telling them it is theirs already tells nobody else's seat
        raise BadState(f"<@{user_id}> already holds {chosen} in game #{game.id}")
    if game.status != "forming" and chosen not in game.substitute_wanted and not game.seat(chosen).bot:
        # the GM may give a bot's seat to a person: the bot plays it only until someone does
        player = player_named(game, game.holder(chosen))
        raise BadState(f"{player} plays {chosen} and has not agreed to hand it over. A seat "
                       f"changes hands mid-game when its player agrees (`/game leave`) or when it has fallen "
                       f"into civil disorder")
    return chosen


# Anonymous players (a game option): who holds which seat is shown only once it is over; the one
# rule is `service.visibility` (this name stays for the modules that ask it).
anonymous_now = players_hidden


def holder_text(info: SeatInfo, hidden: bool = False, viewer_id: int | None = None) -> str:
    """Who plays a seat, as shown: its player (only `taken` when `hidden`: an anonymous game
    still running — `taken by you` for the viewer's own), the bot at its level, or `open`."""
    if info.user_id:
        if hidden:
            return "taken by you" if info.user_id == viewer_id else "taken"
        return f"<@{info.user_id}>"
    return f"🤖 bot ({info.bot})" if info.bot else "open"


def seats_text(game: GameInfo, history: list[HolderSpell], viewer_id: int | None = None) -> str:
    """`/game seats`: each seat's player, since when, who held it before, and its standing
    (players hidden while an anonymous game runs, but for the viewer's own seat)."""
    lines = [f"**Seats of #{game.id} {game.name}**"]
    hidden = players_hidden(game)
    if hidden:
        lines[0] += " (anonymous players: revealed when the game ends)"
    for info in game.seats:
        spells = [h for h in history if h.seat == info.seat]
        since = f" since {spells[-1].from_label}" if spells and spells[-1].from_label else ""
        state = []
        if info.civil_disorder:
            state.append("civil disorder")
        if info.leaving:
            state.append("offered to a substitute")
        if info.misses:
            state.append(f"{info.misses} missed phase(s)")
        holder = holder_text(info, hidden, viewer_id)
        if hidden:
            spells = spells[-1:]
        lines.append(f"• **{info.seat}**: {holder}{since}" + (f" — {', '.join(state)}" if state else ""))
        for earlier in spells[:-1]:
            lines.append(f"  before: <@{earlier.user_id}> from {earlier.from_label or 'the start'}")
    if game.substitute_wanted:          # the one list of open seats (`GameInfo.substitute_wanted`)
        lines.append(f"Open for a substitute: {', '.join(game.substitute_wanted)}")
    return "\n".join(lines)
