"""`/game status` (and A&A's `/status`) as a phone shows it: at most `SHORT_LINES` lines — the
phase and its deadline, who is still to order, the reader's own seat, the standing in a narrow
table, the last phase's news, votes, open seats — and `full:True` (the console's `status 1 full`)
for everything: seats and players, options, the table's rules, the whole position.

The seats open for a substitute are `GameInfo.substitute_wanted`, the one list `/gm advertise`
and `/game seats` read too: a seat the bot plays is open only once offered.
"""
from __future__ import annotations

from engine.variant import get_variant

from ..errors import BadInput
from ..history import news_lines, past_phase
from ..models import GameInfo
from ..seasons.positions import AXIS_AND_ALLIES, board_kind, seat_of_powers, summarise
from ..text import game_status

SHORT_LINES = 12            # a phone shows this much of a reply without scrolling
TABLE_WIDTH = 40            # characters of a table line a phone shows unwrapped
NEWS_LINES = 2              # lines of the last phase's news in the short status
NEWS_WIDTH = 70


def short_name(name: str) -> str:
    """A power or seat as a narrow table writes it: `Austria-Hungary` A-H, `British Empire` BE,
    `Russia` Rus."""
    if "-" in name:
        return "-".join(part[:1] for part in name.split("-"))
    words = name.split()
    return "".join(w[:1] for w in words).upper() if len(words) > 1 else name[:3]


def packed(entries: list[str], width: int = TABLE_WIDTH) -> list[str]:
    """`entries` joined by ` · ` into lines of at most `width` characters."""
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + 3 + len(entry) <= width:
            lines[-1] += " · " + entry
        else:
            lines.append(entry)
    return lines


def standing_lines(game: GameInfo, state) -> list[str]:
    """The position in a narrow table: supply centres (Diplomacy; by seat where a seat plays
    several powers, as rx07's sides) or income (A&A), most first; a power that surrendered is
    `out`. At most three lines, none over `TABLE_WIDTH`."""
    variant = get_variant(game.variant)
    summary = summarise(variant, state)
    if summary is None:
        return []
    counts: dict[str, int] = {}
    if board_kind(variant.key) == AXIS_AND_ALLIES:
        counts = dict(summary.counts)
    else:
        seat_of = seat_of_powers(variant, state, [s.seat for s in game.seats])
        for power, n in summary.counts.items():
            name = seat_of.get(power) or power
            counts[name] = counts.get(name, 0) + n
    ranked = sorted(counts.items(), key=lambda item: (item[0] in summary.fallen, -item[1]))
    for names in (str, short_name):
        entries = [f"{names(who)} {'out' if who in summary.fallen else n}" for who, n in ranked]
        rows = packed(entries)
        if len(rows) <= 2:
            break
    title = "Income (IPCs):" if board_kind(variant.key) == AXIS_AND_ALLIES else "Supply centres:"
    return [title] + rows[:2]


def _clip(text: str, width: int = NEWS_WIDTH) -> str:
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


async def short_status(service, game: GameInfo, viewer_id: int | None, full_hint: str) -> str:
    """The status in at most `SHORT_LINES` lines (see the module)."""
    variant = get_variant(game.variant)
    head: list[str] = []
    extra: list[str] = []          # in order of importance: cut from the end to fit
    if game.current_phase is None:
        taken = sum(1 for s in game.seats if s.user_id or s.bot)
        head.append(f"**#{game.id} {game.name}** — {variant.title}, not started")
        head.append(f"🪑 {taken} of {len(game.seats)} seats taken"
                    + (f"; open: {', '.join(game.open_seats)}" if game.open_seats else "")
                    + f" · `/game join {game.id}`")
        return "\n".join(head + [full_hint])
    phase = await service.phase(game.id)
    head.append(f"**#{game.id} {game.name}** · **{phase.label}**")
    mine = game.seats_of(viewer_id) if viewer_id is not None else []
    if game.status == "active" and phase.deadline:
        ready = await service.readiness(game.id)
        done = sum(ready.values())
        head.append(f"⏰ Due <t:{int(phase.deadline.timestamp())}:R> · {done} of {len(ready)} ready")
        waiting = [seat for seat, ok in ready.items() if not ok]
        if waiting:
            shown = ", ".join(waiting[:4]) + (f" +{len(waiting) - 4}" if len(waiting) > 4 else "")
            head.append(f"⏳ Waiting for: {shown}")
        own = [seat for seat in mine if seat in ready]
        if own:
            head.append("You: " + ", ".join(f"**{seat}** {'✅ ready' if ready[seat] else '⏳ not ready'}"
                                             for seat in own) + " · `/orders`")
    elif game.status == "paused":
        until = f", until <t:{int(game.paused_until.timestamp())}:R> at the latest" if game.paused_until else ""
        head.append(f"⏸️ Paused{until}")
    elif game.status in ("finished", "abandoned"):
        head.append(f"🏁 Over: {'won by ' + ', '.join(game.winners) if game.winners else game.status}")
    if await service.needs_attention(game.id) == phase.id:
        head.append("⚠️ Not adjudicated: waits for the GM")
    if game.substitute_wanted:
        head.append(f"🪑 Open for a substitute: {', '.join(game.substitute_wanted)}")
    extra.extend(standing_lines(game, phase.state))
    try:
        last = await past_phase(service, game.id, None)
    except BadInput:            # nothing adjudicated yet
        last = None
    if last is not None:
        news = news_lines(last.report or "")
        head_of_news = f"📰 Last: **{last.label}**"
        if len(news) > NEWS_LINES:
            head_of_news += f" (+{len(news) - NEWS_LINES}: `/history`)"
        extra.append(head_of_news)
        extra.extend(_clip(line) for line in news[:NEWS_LINES])
    tallies = await service.votes(game.id)
    if tallies:
        more = f" (+{len(tallies) - 1} more)" if len(tallies) > 1 else ""
        extra.append(_clip(f"🗳️ {tallies[0].describe()}") + more)
    room = SHORT_LINES - len(head) - 1
    return "\n".join(head + extra[:max(0, room)] + [full_hint])


def status_command(name: str):
    """The act of a status command (`game status`, `status`): short, or with `full` everything."""
    async def act(service, ask) -> str:
        if ask.get("full"):
            return await game_status(service, ask.game, ask.actor.user_id)
        hint = f"More: `/{name} game_id:{ask.game.id} full:True`"
        return await short_status(service, ask.game, ask.actor.user_id, hint)
    return act
