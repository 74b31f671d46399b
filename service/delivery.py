"""Delivering the outbox: messages the service owes to players and game channels.

Messages are written in the same transaction as the change that caused them and are marked
delivered only after they were sent, so a crash between the two repeats a message rather
than losing it.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Awaitable, Callable

from .games import GameService
from .maps import phase_map
from .models import OutboxMessage

log = logging.getLogger("dispatch.delivery")


@dataclass(frozen=True)
class Delivery:
    message: OutboxMessage
    channel_id: int | None      # None: the game has no Discord channel (console games)
    mention: str                # who to ping ('' for the game channel)
    text: str
    png: bytes | None
    filename: str | None


class Undeliverable(Exception):
    """The destination is gone for good (a deleted channel): drop the message after logging."""


Sender = Callable[[Delivery], Awaitable[None]]


async def deliver_pending(service: GameService, send: Sender, limit: int = 50) -> int:
    """Send what is pending; returns how many were delivered. A failed send stays pending."""
    delivered = 0
    for message in await service.pending_messages(limit):
        try:
            delivery = await prepare(service, message)
            await send(delivery)
        except Undeliverable as exc:
            log.warning("dropping outbox message %s: %s", message.id, exc)
        except Exception:  # a transient failure (network, rate limit): retry next round
            log.exception("could not deliver outbox message %s", message.id)
            continue
        await service.mark_delivered(message.id)
        delivered += 1
    return delivered


async def prepare(service: GameService, message: OutboxMessage) -> Delivery:
    game = await service.game(message.game_id)
    channel_id, mention = game.channel_id, ""
    if message.target.startswith("seat:"):
        seat = game.seat(message.target[5:])
        if seat is not None:
            channel_id = seat.channel_id or game.channel_id
            mention = f"<@{seat.user_id}>" if seat.user_id else ""
    png = filename = None
    if message.phase_id is not None:
        phase = await service.store.phase_by_id(message.phase_id)
        following = phase.seq + 1 if phase.adjudicated_at else phase.seq
        try:
            png, filename = await phase_map(service, game.id, following)
        except Exception:
            log.exception("map of game %s phase %s failed; sending the text alone", game.id, following)
    text = f"{mention} {message.content}".strip()
    return Delivery(message, channel_id, mention, text, png, filename)
