"""Who may do what. Plain functions, so they are tested directly (callbacks skip checks)."""
from __future__ import annotations

from .checks import clip
from .errors import Forbidden, NotFound
from .models import Actor, GameInfo


def require_same_server(game: GameInfo, guild_id: int | None) -> None:
    """A game is reached only from its own server (`guild_id` None: no server to compare)."""
    if guild_id is not None and game.guild_id != guild_id:
        raise NotFound(f"there is no game #{game.id} on this server")


def is_gm(game: GameInfo, actor: Actor) -> bool:
    """The game master is the game's creator or any server administrator."""
    return actor.is_admin or actor.user_id == game.creator_id


def require_gm(game: GameInfo, actor: Actor, action: str) -> None:
    if not is_gm(game, actor):
        raise Forbidden(f"only the game master (the creator or a server admin) may {action} "
                        f"game #{game.id}")


def may_order(game: GameInfo, seat: str, actor: Actor) -> bool:
    """Only the player seated at a seat gives its orders (not even the GM)."""
    info = game.seat(seat)
    return info is not None and info.user_id is not None and info.user_id == actor.user_id


def require_seat(game: GameInfo, seat: str, actor: Actor) -> None:
    if game.seat(seat) is None:
        raise Forbidden(f"game #{game.id} has no seat `{clip(seat)}`; seats: {', '.join(s.seat for s in game.seats)}")
    if not may_order(game, seat, actor):
        raise Forbidden(f"you are not seated as {clip(seat)} in game #{game.id}")


def resolve_seat(game: GameInfo, actor: Actor, seat: str | None) -> str:
    """The seat an order is for: the one named, or the actor's only seat."""
    if seat:
        match = match_name(seat, [s.seat for s in game.seats], _aliases(game))
        if match is None:
            raise Forbidden(f"game #{game.id} has no seat `{clip(seat)}`; seats: "
                            f"{', '.join(s.seat for s in game.seats)}")
        require_seat(game, match, actor)
        return match
    mine = game.seats_of(actor.user_id)
    if not mine:
        raise Forbidden(f"you have no seat in game #{game.id}")
    if len(mine) > 1:
        raise Forbidden(f"you hold several seats in game #{game.id} ({', '.join(mine)}): name one")
    return mine[0]


def _aliases(game: GameInfo) -> dict[str, str]:
    from engine.variant import get_variant
    try:
        return get_variant(game.variant).seat_aliases()
    except Exception:  # noqa: BLE001 - an unknown variant has no aliases
        return {}


def match_name(text: str, names: list[str], aliases: dict[str, str] | None = None) -> str | None:
    """Case-insensitive exact match, then a known alias (`UK`, `Austria`), else a unique prefix."""
    wanted = " ".join(text.strip().lower().split())
    for name in names:
        if name.lower() == wanted:
            return name
    if aliases and aliases.get(wanted) in names:
        return aliases[wanted]
    prefixed = [n for n in names if n.lower().startswith(wanted)] if wanted else []
    return prefixed[0] if len(prefixed) == 1 else None
