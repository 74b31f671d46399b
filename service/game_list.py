"""`/game list`: a server's open games, a page at a time, the asker's own games first.

The list is one order — the games the asker plays in or created (newest first), then every
other open game of the server, newest first — cut into pages of `PER_PAGE`. Each page reads at
most `PER_PAGE` games through the partial index of open games by number (migration 0010), with
the asker's own games (a handful, by the seats' and creators' indexes) left out by number, so
the first pages cost the same at 10,000 games as at 100 (`bench/game_list.py`); the games are
counted only a few pages ahead of the one shown ("page 1 of 11+"). One line a game,
short enough for a phone.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import RulesError
from engine.variant import get_variant

from .checks import check_number
from .errors import BadInput
from .games import GameService
from .ids import check_id, checks_ids
from .models import GameInfo

PER_PAGE = 20
COUNTED_AHEAD = 10          # pages counted past the one shown ("page 1 of 11+" beyond that)
STATUS = {"forming": "forming", "active": "running", "paused": "paused"}


@dataclass(frozen=True)
class GameListPage:
    """One page of a server's open games; `own` are the asker's among them. `total` is exact
    unless `more` (then there are more than `total`: the count stops a few pages further on)."""

    page: int
    total: int
    more: bool
    games: tuple[GameInfo, ...]
    own: frozenset[int]

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // PER_PAGE))

    @property
    def last(self) -> bool:
        return not self.more and self.page >= self.pages


@checks_ids
async def game_list_page(service: GameService, guild_id: int, user_id: int | None, page: int = 1) -> GameListPage:
    """Page `page` (from 1) of server `guild_id`'s open games, `user_id`'s own first."""
    guild_id = check_id(guild_id, "the server id")
    page = check_number(page, "page")
    if page < 1:
        raise BadInput(f"pages are numbered from 1, not {page}")
    store = service.store
    own = [] if user_id is None else await store.open_games_of_user_in_guild(guild_id, check_id(user_id, "the user id"))
    own.sort(key=lambda g: -g.id)
    counted = (page + COUNTED_AHEAD) * PER_PAGE
    total = await store.open_games_at_most(guild_id, counted + 1)
    more = total > counted
    total = min(total, counted)
    pages = max(1, -(-total // PER_PAGE))
    if page > pages:
        raise BadInput(f"there {'is' if pages == 1 else 'are'} only {pages} page{'s' if pages > 1 else ''} of open "
                       f"games on this server; `/game list` shows the first")
    start = (page - 1) * PER_PAGE
    games = own[start:start + PER_PAGE]
    if len(games) < PER_PAGE:
        others_from = max(0, start - len(own))
        games += await store.open_games_page(guild_id, [g.id for g in own], PER_PAGE - len(games), others_from)
    return GameListPage(page, total, more, tuple(games), frozenset(g.id for g in own))


def game_line(game: GameInfo, own: bool) -> str:
    """One game as the list shows it: number, name, game, state, seats taken."""
    try:
        title = get_variant(game.variant).title
    except RulesError:
        title = game.variant
    seated = len(game.seats) - len(game.open_seats)
    seats = f"{seated}/{len(game.seats)} seated" if game.status == "forming" else f"{len(game.seats)} seats"
    return f"{'⭐ ' if own else ''}#{game.id} **{game.name}** · {title} · {STATUS.get(game.status, game.status)} · {seats}"


def game_list_text(listing: GameListPage, more: str = "/game list page:{page}",
                   details: str = "/game status <number>") -> str:
    """The page as a reply: a heading with the page and the count, a line a game, and how to
    reach the next page (`more` with the page number) and a game's details."""
    if not listing.total:
        return "No open games here yet. Start one with `/game create`."
    pages = f"{listing.pages}+" if listing.more else f"{listing.pages}"
    count = f"{listing.total:,}+" if listing.more else f"{listing.total:,}"
    heading = (f"**Open games** · {count} · page {listing.page} of {pages}"
               + (" · ⭐ yours first" if listing.own and listing.page == 1 else ""))
    lines = [heading, *(game_line(g, g.id in listing.own) for g in listing.games)]
    footer = [f"Details: `{details}`."]
    if not listing.last:
        footer.insert(0, f"Older: `{more.format(page=listing.page + 1)}`.")
    return "\n".join(lines + [" ".join(footer)])
