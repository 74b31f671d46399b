"""Who organises a server's leagues and tournaments: its administrators, and the members holding
the server's organiser role (`/league organisers <role>`, a server setting an admin chooses).

The front end says which roles the asker holds (Discord: the member's roles; the console: none,
so there a server admin — `as NAME admin` — organises)."""
from __future__ import annotations

from typing import Collection

from ..checks import check_id
from ..errors import BadInput, Forbidden
from ..ids import checked_ids
from ..models import Actor, iso
from ..runtime import Now
from ..store import Store

SET_ROLE = "`/league organisers role:<role>`"


def role_number(text: object) -> int | None:
    """A role as the front ends give it: a Discord mention `<@&123>`, its number, or `off`
    (None: no organiser role). BadInput otherwise."""
    word = str(text if text is not None else "").strip()
    if word.lower() in ("off", "none", "no"):
        return None
    digits = word[3:-1] if word.startswith("<@&") and word.endswith(">") else word
    if not digits.isdigit():
        raise BadInput(f"role: a role of this server (on Discord pick it or type its name; in the console its "
                       f"number), or `off`; not `{word[:40]}`")
    return check_id(int(digits), "the role id")


@checked_ids
class Organisers:
    """The server's organiser role, and the one check of who may organise."""

    def __init__(self, store: Store, clock: Now):
        self.store = store
        self.clock = clock

    async def role(self, guild_id: int) -> int | None:
        async with self.store.db.read() as r:
            return await r.leagues.organiser_role(guild_id)

    async def set_role(self, guild_id: int, actor: Actor, role: object) -> int | None:
        """Server admin: the role whose members organise leagues and tournaments (None: admins only)."""
        if not actor.is_admin:
            raise Forbidden("only a server administrator chooses who organises leagues and tournaments")
        role_id = role_number(role)
        async with self.store.db.transaction() as tx:
            await tx.leagues.set_organiser_role(guild_id, role_id, actor.user_id, iso(self.clock()))
        return role_id

    async def require(self, tx, guild_id: int, actor: Actor, roles: Collection[int], doing: str) -> None:
        """Forbidden unless `actor` is a server admin or holds the organiser role."""
        if actor.is_admin:
            return
        role_id = await tx.leagues.organiser_role(guild_id)
        if role_id is not None and role_id in set(roles or ()):
            return
        held = (f"the organiser role (<@&{role_id}>)" if role_id is not None
                else f"the organiser role (none is set: a server admin sets it with {SET_ROLE})")
        raise Forbidden(f"only a server admin or a member with {held} may {doing}")
