"""Texts shared by Discord and the console: status, option lists, option words."""
from __future__ import annotations

import shlex

from engine.errors import RulesError
from engine.variant import Variant, get_variant, variants

from .errors import BadInput
from .games import GameService
from .history import last_headlines
from .policy import policy_text
from .rooms import TABLE_SETTINGS, table_text
from .rulings import rulings_hint
from .seats import anonymous_now, holder_text
from .models import GameInfo


MAX_OPTION_TEXT = 2_000


def variant_or_error(key: str) -> Variant:
    """The variant called `key`, or BadInput naming the variants there are."""
    try:
        return get_variant(key)
    except RulesError as exc:
        raise BadInput(str(exc)) from None


def parse_option_words(text: str) -> dict[str, str]:
    """`key=value key2 nokey3` → {key: value, key2: "on", key3: "off"}. Bounded before it is
    split: shlex takes time growing with the square of a word's length."""
    if len(text or "") > MAX_OPTION_TEXT:
        raise BadInput(f"the options are {len(text):,} characters long; at most {MAX_OPTION_TEXT:,}")
    try:
        words = shlex.split(text or "")
    except ValueError as exc:
        raise BadInput(f"cannot read the options: {exc}") from None
    options: dict[str, str] = {}
    for word in words:
        if "=" in word:
            key, value = word.split("=", 1)
        elif word.startswith("no") and len(word) > 2:
            key, value = word[2:], "off"
        else:
            key, value = word, "on"
        key = key.strip().lower().replace("-", "_")
        if not key:
            raise BadInput(f"`{word}` is not an option; write key=value")
        options[key] = value
    return options


def option_list(variant: Variant) -> str:
    specs = list(variant.option_specs())
    lines = [f"**{variant.title}** (`{variant.key}`): {variant.summary}",
             f"{'Options' if specs else 'Table settings'} (write `key=value` at `/game create`):"]
    lines.extend(f"• `{key}`: {text}" for key, text in TABLE_SETTINGS.items())
    for spec in specs:
        default = "off" if spec.default is False else "on" if spec.default is True else spec.default
        choices = f" — one of {', '.join(map(str, spec.choices))}" if spec.choices else ""
        lines.append(f"• `{spec.key}` (default {default}{choices}): {spec.description}")
    return "\n".join(lines)


async def game_status(service: GameService, game: GameInfo, viewer_id: int | None = None) -> str:
    variant = get_variant(game.variant)
    lines = [f"**#{game.id} {game.name}** — {variant.title}, {game.status}"]
    options = {k: v for k, v in game.options.items()
               if v != next((s.default for s in variant.option_specs() if s.key == k), None)}
    if options:
        lines.append("Options: " + ", ".join(f"{k}={v}" for k, v in sorted(options.items())))
    seasons = await service.seasons.settings_line(game.id)      # seasons: scoring= and committed=
    if seasons:
        lines.append(seasons)
    hidden = anonymous_now(game)          # anonymous players: seats by power only until the end
    seats = ", ".join(f"{s.seat}: " + holder_text(s, hidden, viewer_id)
                      + (" (civil disorder)" if s.civil_disorder else " (offered to a substitute)" if s.leaving else "")
                      for s in game.seats)
    lines.append("Seats: " + seats)
    if game.substitute_wanted:
        lines.append(f"Open for a substitute: {', '.join(game.substitute_wanted)} (`/gm advertise`; "
                     f"history: `/game seats`)")
    if game.current_phase is None:
        lines.append(f"Not started; {game.phase_hours:g}h per phase. Seed commitment `{game.seed_hash[:16]}…`")
        return "\n".join(lines)
    phase = await service.phase(game.id)
    if game.status == "paused" and game.paused_until is not None:
        lines.append(f"Paused; the pause ends by itself <t:{int(game.paused_until.timestamp())}:R> at the latest")
    if game.status == "active" and phase.deadline:
        lines.append(f"Phase: **{phase.label}**, deadline <t:{int(phase.deadline.timestamp())}:R>")
        ready = await service.readiness(game.id)
        if ready:
            lines.append("Ready: " + ", ".join(f"{seat} {'✅' if ok else '⏳'}" for seat, ok in ready.items()))
    else:
        lines.append(f"Phase: **{phase.label}**")
    if await service.needs_attention(game.id) == phase.id:
        # a phase the rules could not adjudicate waits for its GM, and says so to all
        lines.append("⚠️ This phase could not be adjudicated and waits for the GM: `/gm extend` retries at the "
                     "new deadline, `/gm adjudicate` retries now, `/gm rollback` re-opens the phase before")
    if game.winners:
        lines.append("Winner: " + ", ".join(game.winners))
    lines.append(policy_text(game))
    lines.append(table_text(game))
    for tally in await service.votes(game.id):
        lines.append(f"🗳️ {tally.describe()}")
    headlines = await last_headlines(service, game.id)
    if headlines:
        lines.append(headlines)
    viewer_seat = None
    if viewer_id is not None:
        mine = game.seats_of(viewer_id)
        viewer_seat = mine[0] if len(mine) == 1 else None
    lines.append(variant.describe(phase.state, viewer_seat))
    return "\n".join(lines)


def game_rules(game: GameInfo) -> str:
    """`/rules` of one game: its variant's rules with the options it was created with."""
    return (f"Game #{game.id} **{game.name}**\n" + get_variant(game.variant).rules_summary(game.options)
            + "\n**Running the game**\n" + policy_text(game) + "\n" + table_text(game)
            + "\nVotes: two thirds of the playing seats pause, resume or extend; every seat agrees to a draw "
              "(Diplomacy); all seats of a side concede; a seated GM rolls back only with the players' vote."
            + "\n" + rulings_hint(game.variant))


def variant_rules(key: str) -> str:
    """`/rules variant:<key>`: a game type's rules before one is created, and where its rulings are."""
    variant = variant_or_error(key)
    return variant.rules_summary({}) + "\n" + rulings_hint(variant.key)


def all_rules() -> str:
    return "\n\n".join(v.rules_summary({}) for v in variants().values()) + "\n\n" + rulings_hint(None)
