"""Orders: `/orders`, `/order`, `/clear`, `/ready`, `/unready`, the A&A shorthands (`/buy`,
`/move`, `/casualties`, `/done`) and the console's twins of the sheet's menus and of `/order`'s
suggestions (`choices`, `pick`, `suggest`). A sheet is only ever shown to its seat.

What a player is told after changing the sheet or the ready mark lasts: answered elsewhere than
in the seat's own channel (Discord's answers for the asker alone can vanish on a phone), a short
copy goes to that channel (`keep`); answered there, `/orders` shows the sheet and its ready mark
again whenever asked. Never anywhere else: a seat's orders stay in its channel."""
from __future__ import annotations

from typing import Any

from ..models import OrderSheet
from ..suggest import order_suggestions
from .spec import Arg, Ask, Command
from .words import game_first, orders_reader, read_target, write_orders

GAME_ID = Arg("game_id", "int", "game number (see /game list); default: this channel's game or your only game",
              shown="ID")
SEAT = Arg("seat", description="which of your seats, if you hold several", words=True)
ORDER_WORDS = ("purchase", "place", "attack", "break", "retreat", "submerge", "call", "declare", "truck",
               "supplies", "supply", "concentrate", "factory", "defect", "spain", "sub", "trains")
"""A&A order words the console takes as commands of their own (`place 1 3 infantry Berlin` is
`order 1 place 3 infantry Berlin`); on Discord they are written with `/order`. `buy`, `move` and
`casualties` are slash commands of their own."""


def sheet_text(game_id: int, sheet: OrderSheet, buttons: bool = True) -> str:
    """The whole sheet, each order with ✓ (and ⚠️ under one that can only be void as things
    stand), then every refused line with ✗ and its reason; with `buttons`, the sheet's **Ready**
    button is named (the console has the word instead)."""
    warned: dict[str, list[str]] = {}
    for line, why in sheet.warnings:
        warned.setdefault(line, []).append(why)
    body = "\n".join(f"✓ `{line}`" + "".join(f"\n  ⚠️ {why}" for why in warned.get(line, ()))
                     for line in sheet.lines) or "no orders yet"
    if sheet.refused:
        body += "\n" + "\n".join(f"✗ `{line}`: {why}" for line, why in sheet.refused)
        body += f"\n{len(sheet.refused)} line(s) not saved; the ✓ orders are."
    state = ("✅ ready" if sheet.ready else
             "⏳ not ready — press **Ready** (or `/ready`) when done" if buttons else "⏳ not ready — `/ready` when done")
    text = f"Orders of **{sheet.seat}** in game #{game_id} — {state}\n{body}"
    if sheet.unreadied:
        text += "\n↩️ You had marked this seat ready; changing the orders took that back."
    return text


def _sheet(sheet: OrderSheet, ask: Ask) -> str:
    return sheet_text(ask.game.id, sheet, buttons=not ask.console)


def _sheet_shown(sheet: OrderSheet, ask: Ask) -> str:
    """`/orders`: the sheet as it stands, or as the text given left it; on Discord its **Edit all**
    button opens every order in one form."""
    text = sheet_text(ask.game.id, sheet, buttons=not ask.console)
    if not ask.console and not ask.get("text", "").strip():
        text += "\n**Edit all** changes every order at once; `/order` adds or changes one."
    return text


# ------------------------------------------------------------------ confirmations that last
def sheet_record(game_id: int, sheet: OrderSheet, how: str) -> str:
    """The lasting copy of an answer that changed a sheet, for the seat's own channel: how many
    orders it holds, its ready mark, every refused line with its reason and every warning."""
    state = "✅ ready" if sheet.ready else "⏳ not ready"
    lines = [f"📝 Orders of **{sheet.seat}** (game #{game_id}), given with {how}:",
             f"✓ {len(sheet.lines)} order{'s' * (len(sheet.lines) != 1)} on the sheet · {state}"]
    lines += [f"✗ `{line}`: {why}" for line, why in sheet.refused]
    lines += [f"⚠️ `{line}`: {why}" for line, why in sheet.warnings]
    if sheet.unreadied:
        lines.append("↩️ Changing them took back the ready mark.")
    lines.append("`/orders` shows the whole sheet.")
    return "\n".join(lines)


def ready_record(game_id: int, seat: str, ready: bool, how: str, moved=None) -> str:
    """The lasting copy of a ready mark given or taken back (with `how`), for the seat's channel."""
    if not ready:
        return f"⏳ **{seat}** (game #{game_id}) is no longer ready ({how}). `/ready` when done."
    text = f"✅ **{seat}** (game #{game_id}) is ready ({how})."
    if moved is not None:
        return text + f" Everyone was ready: now **{moved.label}**."
    return text + " `/unready` takes it back until the deadline."


async def keep(service, game, seat: str, channel_id: int | None, text: str) -> None:
    """Post `text`, a confirmation given about `seat` in channel `channel_id`, in the seat's own
    channel too — unless it was given there (`/orders` shows the sheet again there)."""
    info = game.seat(seat)
    if info is None or (info.channel_id is not None and info.channel_id == channel_id):
        return
    await service.note_seat(game.id, seat, text)


async def _kept(service, ask: Ask, seat: str, text: str) -> None:
    """`keep` for a command: the console prints every answer where it stays, so only Discord's."""
    if not ask.console:
        await keep(service, ask.game, seat, ask.channel_id, text)


def giving(field: str, verb: str = "", name: str = "order"):
    """The act of a command that gives one order line: `/order text`, `/buy units` (`buy …`)."""
    async def act(service, ask: Ask) -> OrderSheet:
        line = f"{verb} {ask[field]}" if verb else ask[field]
        sheet = await service.submit_orders(ask.game.id, ask.actor, line, ask.seat_meant, replace=False)
        await _kept(service, ask, sheet.seat, sheet_record(ask.game.id, sheet, f"`/{name}`"))
        return sheet
    return act


async def _orders(service, ask: Ask) -> OrderSheet:
    if ask.get("text", "").strip():
        sheet = await service.submit_orders(ask.game.id, ask.actor, ask["text"], ask.seat_meant, replace=True)
        await _kept(service, ask, sheet.seat, sheet_record(ask.game.id, sheet, "`/orders`"))
        return sheet
    return await service.orders(ask.game.id, ask.actor, ask.seat_meant)


async def _clear(service, ask: Ask) -> str:
    seat = await service.clear_orders(ask.game.id, ask.actor, ask.seat_meant)
    await _kept(service, ask, seat, f"🗑️ Orders of **{seat}** (game #{ask.game.id}) cleared (`/clear`). "
                                    f"Give new ones, then `/ready`.")
    return seat


def readying(ready: bool, name: str):
    async def act(service, ask: Ask):
        seat, moved = await service.mark_ready(ask.game.id, ask.actor, ready, ask.seat_meant, bool(ask.get("confirm")))
        await _kept(service, ask, seat, ready_record(ask.game.id, seat, ready, f"`/{name}`", moved))
        return seat, moved
    return act


def _ready(result, ask: Ask) -> str:
    seat, moved = result
    if moved is not None:
        return (f"{seat} is ready. Everyone was ready: the phase is adjudicated; now **{moved.label}**. "
                f"The results are in the game channel.")
    button = "" if ask.console else " (or **Not ready** on your sheet)"
    return f"{seat} is ready. `/unready`{button} takes it back until the deadline."


def _done(result, ask: Ask) -> str:
    seat, moved = result
    text = f"{seat} has finished its orders."
    if moved is not None:
        text += f" The turn is played out; now **{moved.label}**; the results are in the game channel."
    return text


# ------------------------------------------------------------------ the console's twins of components
async def _suggest(service, ask: Ask) -> list[str]:
    return await order_suggestions(service, ask.game.id, ask.actor, ask.seat_meant, ask.get("text", ""))


def _suggested(found: list[str], ask: Ask) -> str:
    if found:
        return "\n".join(found)
    return f"No legal order starts with `{ask.get('text', '')[:40]}`; `/orders` shows your sheet."


async def _choices(service, ask: Ask):
    return await service.choice_groups(ask.game.id, ask.actor, ask.seat_meant)


def _chosen(result, ask: Ask) -> str:
    seat, groups = result
    return ("\n".join(f"{g.key} — {g.prompt}: " + " | ".join(g.options) for g in groups)
            or f"{seat} has no choice from a menu in this phase")


async def _pick(service, ask: Ask) -> OrderSheet:
    picks = [p.strip() for p in ask["options"].split(";") if p.strip()]
    return await service.pick(ask.game.id, ask.actor, ask.seat_meant, ask["key"], picks)


def _read_pick(text: str, said_as: str) -> dict[str, Any]:
    """`pick ID [SEAT:] KEY OPTION[; OPTION]`."""
    game_id, rest = game_first(text, "pick ID [SEAT:] KEY OPTION[; OPTION]")
    seat, rest = read_target(rest)
    key, _, options = rest.strip().partition(" ")
    return {"game_id": game_id, "key": key, "options": options} | ({"seat": seat} if seat else {})


def _read_seat_only(name: str):
    def reader(text: str, said_as: str) -> dict[str, Any]:
        game_id, rest = game_first(text, f"{name} ID [SEAT:] …")
        seat, rest = read_target(rest)
        values: dict[str, Any] = {"game_id": game_id, "text": rest.strip()}
        return values | ({"seat": seat} if seat else {})
    return reader


ORDER_TEXT = "orders, one per line (empty: a form with your sheet); outside your channel, start with #game Seat:"

COMMANDS = (
    Command("orders", "Your orders: a form to edit them all, or replace them with text", "seated player", "Playing",
            (Arg("text", description=ORDER_TEXT, rest=True, shown="ORDER; ORDER ..."),),
            _orders, _sheet_shown, ("submit_orders", "orders", "note_seat"), for_seat=True, private=True,
            read=orders_reader("orders", "text"), write=write_orders,
            usage="orders ID [SEAT:] [ORDER; ORDER ...]", example="/orders text:A Par - Bur"),
    Command("order", "Add or change one order (keeps the others)", "seated player", "Playing",
            (Arg("text", description="one order, e.g. A Par - Bur (suggestions as you type); outside your channel "
                                     "start with #game", required=True, rest=True, shown="ORDER"),),
            giving("text"), _sheet, ("submit_orders", "note_seat"), for_seat=True, private=True,
            console_names=ORDER_WORDS, read=orders_reader("order", "text"), write=write_orders,
            usage="order ID [SEAT:] ORDER", example="/order text:A Mun - Ruh"),
    Command("clear", "Withdraw all your orders for this phase", "seated player", "Playing",
            (GAME_ID, SEAT), _clear, lambda seat, ask: f"Orders of {seat} cleared. Give new ones, then `/ready`.",
            ("clear_orders", "note_seat"), for_seat=True, private=True),
    Command("ready", "Say your orders are final for this phase", "seated player", "Playing",
            (GAME_ID, SEAT, Arg("confirm", "bool", "mark ready even though some units have no order or builds are "
                                                    "owed")),
            readying(True, "ready"), _ready, ("mark_ready", "note_seat"), for_seat=True, private=True,
            example="/ready confirm:True"),
    Command("unready", "Take back your ready mark", "seated player", "Playing",
            (GAME_ID, SEAT), readying(False, "unready"),
            lambda result, ask: f"{result[0]} is no longer ready; change your orders, then `/ready`.",
            ("mark_ready", "note_seat"), for_seat=True, private=True),
    Command("buy", "A&A: purchase units, e.g. 3 infantry, 1 artillery", "seated player", "Axis & Allies 1914",
            (Arg("units", description="what to buy, e.g. `3 infantry, 1 artillery`", required=True, rest=True),),
            giving("units", "buy", "buy"), _sheet, ("submit_orders", "note_seat"), for_seat=True, private=True,
            read=orders_reader("buy", "units"), write=write_orders, usage="buy ID [SEAT:] UNITS",
            example="/buy units:3 infantry, 1 artillery"),
    Command("move", "A&A: move units, e.g. 2 infantry Berlin - Silesia", "seated player", "Axis & Allies 1914",
            (Arg("move", description="units, from, to: e.g. `2 infantry Berlin - Silesia`", required=True, rest=True,
                 shown="UNITS FROM - TO"),),
            giving("move", "move", "move"), _sheet, ("submit_orders", "note_seat"), for_seat=True, private=True,
            read=orders_reader("move", "move"), write=write_orders, usage="move ID [SEAT:] UNITS FROM - TO",
            example="/move move:2 infantry, 1 artillery Berlin - Silesia"),
    Command("casualties", "A&A: your order of loss, first to die first", "seated player", "Axis & Allies 1914",
            (Arg("order", description="unit types in the order they are lost, e.g. `infantry, artillery, tank`",
                 required=True, rest=True),),
            giving("order", "casualties", "casualties"), _sheet, ("submit_orders", "note_seat"), for_seat=True,
            private=True,
            read=orders_reader("casualties", "order"), write=write_orders, usage="casualties ID [SEAT:] ORDER",
            example="/casualties order:infantry, artillery, tank"),
    Command("done", "A&A: end your turn (same as /ready)", "seated player", "Axis & Allies 1914",
            (Arg("confirm", "bool", "end the turn even though something is left undecided"),),
            readying(True, "done"), _done, ("mark_ready", "note_seat"), for_seat=True, private=True,
            example="/done confirm:True"),
    Command("suggest", "Legal orders that start with what you typed", "seated player", "Console",
            (Arg("text", description="the start of an order", rest=True),),
            _suggest, _suggested, (), for_seat=True, private=True, on_discord=False,
            twin="`/order` suggests your legal orders as you type", read=_read_seat_only("suggest"),
            usage="suggest ID [SEAT:] TEXT"),
    Command("choices", "The phase's menus: retreats, builds, removals", "seated player", "Console",
            (Arg("text", description="nothing: the seat goes before a colon", rest=True),),
            _choices, _chosen, ("choice_groups",), for_seat=True, private=True, on_discord=False,
            twin="the menus on your sheet", read=_read_seat_only("choices"), usage="choices ID [SEAT:]"),
    Command("pick", "Choose in a menu, e.g. pick 1 build/France Build A Par", "seated player", "Console",
            (Arg("key", description="the menu, as `choices` names it", required=True),
             Arg("options", description="the options chosen, `;` between them", required=True, rest=True)),
            _pick, _sheet, ("pick",), for_seat=True, private=True, on_discord=False,
            twin="the menus on your sheet", read=_read_pick, usage="pick ID [SEAT:] KEY OPTION[; OPTION]"),
)
