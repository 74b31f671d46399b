"""An anonymous game tells nobody who plays whom until it ends ("who plays which power is shown
only when the game ends"), in every output: replies, errors, notices, seats, status, history,
letters, the seat changing hands, the GM's commands, and the export of a game that runs.

A whole anonymous game is played through the fake Discord with exactly the README's permissions,
then every message the bot wrote is read as each player's rivals could read it: no message that
someone other than a seat's player (or a server admin, who sees every channel) can read holds
that player's Discord id, mention or name, and no export downloaded by someone holds another
player's id. Once the game is over the final summary names everyone."""
import gzip
import json
import re

from tests.discord_world import README_PERMISSIONS, open_world
from tests.fake_discord import button_id, member_option
from tests.fake_discord.model import DM


def readers(world, message, channel) -> set[int]:
    """Who reads `message`, server admins (who see every channel anyway) aside."""
    if message.get("_visible_to") is not None:
        return {message["_visible_to"]}
    if channel.type == DM:
        return {channel.recipient}
    return {p.id for p in world.players if world.fake.can_see(p, channel)}


def leaks(world, holders, told: set[str]) -> list[str]:
    """Every message that tells someone else who holds a seat: a bot message naming them, or a
    player's own message read by someone else (Discord shows its author). One reader is not
    "someone else": the GM reading the answer to their own `/gm assign` (they named the member).
    A substitute is someone else: the seat they took moved to a fresh channel."""
    found = []
    for channel in world.fake.channels.values():
        for message in channel.messages:
            author = int(message["author"]["id"])
            if author != world.fake.bot.id:
                if channel.type != DM and readers(world, message, channel) - {author}:
                    if channel.id != world.public_channel(world.extra["game_id"]).id:
                        found.append(f"#{channel.name}: a message of {message['author']['username']} is read "
                                     f"by others")
                continue
            if message["id"] in told:
                continue
            text = message["content"] + json.dumps(message.get("components", []))
            others = readers(world, message, channel)
            for holder in holders:
                if others - {holder.id} and (str(holder.id) in text or re.search(rf"\b{holder.name}\b", text, re.I)):
                    found.append(f"#{channel.name}: {holder.name} named in {message['content'][:120]!r}")
    return found


def export_of(asked) -> dict:
    (name, data), = asked.files
    return json.loads(gzip.decompress(data))


def ids_in(value) -> set:
    if isinstance(value, dict):
        return set().union(*(ids_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(ids_in(v) for v in value)) if value else set()
    if isinstance(value, int) and not isinstance(value, bool):
        return {value}
    if isinstance(value, str):
        return {int(found) for found in re.findall(r"\d{15,}", value)}
    return set()


async def everyone_ready(world, game_id: int, seating: list) -> None:
    for user, seat in seating:
        if seat in (await world.service.readiness(game_id)):
            await world.slash(user, "ready", game_id=game_id, seat=seat, confirm=True,
                              channel=world.seat_channel(game_id, seat))


async def test_a_whole_anonymous_game_names_no_player_until_it_ends(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=6) as world:
        alice, bob, carol, dave, erin, frank = world.players         # alice: the GM, who plays too
        created = await world.slash(alice, "game create", variant="classic", name="Masks", options="anonymous=on")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        world.extra["game_id"] = game_id
        seating = [(alice, "England"), (bob, "France"), (carol, "Germany"), (dave, "Italy"), (erin, "Austria")]
        for user, seat in seating:
            await world.slash(user, "game join", game_id=game_id, seat=seat)
        for seat in ("Russia", "Turkey"):
            await world.slash(alice, "gm bot", game_id=game_id, seat=seat)
        # the GM's refusals and notices before the start
        taken = await world.slash(alice, "gm bot", game_id=game_id, seat="France")
        assert "France is held by a player" in taken.text and taken.replies[-1]["_visible_to"] == alice.id
        moved = await world.slash(alice, "gm assign", game_id=game_id, seat="Italy",
                                  member=member_option(frank, world.guild))
        assert "replacing its previous player" in moved.text and moved.replies[-1]["_visible_to"] == alice.id
        await world.harness.settle()
        assert any("gave you **Italy**" in text for text in world.dms(frank))
        assert any("to another player" in text for text in world.dms(dave))
        put_back = await world.slash(alice, "gm assign", game_id=game_id, seat="Italy",
                                     member=member_option(dave, world.guild))
        started = await world.slash(alice, "game start", game_id=game_id)
        assert "has started" in started.text
        # two phases of play, letters, a vote, the GM's extension
        await world.slash(bob, "press send", game_id=game_id, to="Germany", message="Burgundy stays empty?",
                          channel=world.seat_channel(game_id, "France"))
        await world.slash(bob, "vote", game_id=game_id, motion="extend", hours=12.0,
                          channel=world.seat_channel(game_id, "France"))
        await world.slash(alice, "gm extend", game_id=game_id, hours=24.0)
        await world.say(bob, world.seat_channel(game_id, "France"), "A Par - Bur")
        await everyone_ready(world, game_id, seating)
        await world.slash(carol, "history", game_id=game_id)
        await world.slash(frank, "map", game_id=game_id)
        # a seat changes hands mid-game: offered, taken with the Join button
        await world.slash(dave, "game leave", game_id=game_id)
        advert = await world.harness.wait_message(world.public_channel(game_id), "Join")
        old_italy = world.seat_channel(game_id, "Italy")
        await world.harness.click(frank, advert, button_id(advert, "Join as Italy"))
        # the seat moved to a fresh channel: the old one (dave's orders, the bot's mentions of him)
        # is read by nobody until the end; the new one restates what the seat needs, naming nobody
        italy = world.seat_channel(game_id, "Italy")
        assert italy.id != old_italy.id and old_italy.name.endswith("-before")
        assert not any(world.fake.can_see(p, old_italy) for p in world.players)
        welcome = await world.harness.wait_message(italy, "Welcome")
        assert "new private channel" in welcome["content"]
        assert str(dave.id) not in welcome["content"] and "dave" not in welcome["content"]
        assert "Orders already given" in welcome["content"] or "No orders given" in welcome["content"]
        seating = [(frank if user is dave else user, seat) for user, seat in seating]
        await everyone_ready(world, game_id, seating)
        for user in (bob, frank, erin):
            await world.slash(user, "game seats", game_id=game_id)
            await world.slash(user, "game status", game_id=game_id)
        seats = await world.slash(bob, "game seats", game_id=game_id)
        assert "**France**: taken by you" in seats.text and "**Germany**: taken since" in seats.text
        # exports of a running game: a player's own id at most, never another's
        everyone = {p.id for p in world.players}
        for user in (bob, erin, frank, world.owner):
            data = export_of(await world.slash(user, "game export", game_id=game_id))
            assert data["game"].pop("creator_id") == alice.id      # the GM is public; which seat she plays is not
            assert ids_in(data) & everyone <= {user.id}, (user.name, [where(data, i) for i in ids_in(data) & everyone - {user.id}])
        outsider = world.fake.add_user("gina")
        world.fake.add_member(world.guild, outsider)
        data = export_of(await world.slash(outsider, "game export", game_id=game_id))
        data["game"].pop("creator_id")
        assert not ids_in(data) & everyone, [where(data, i) for i in ids_in(data) & everyone]
        holders = [alice, bob, carol, dave, erin, frank]
        told = {m["id"] for asked in (moved, put_back) for m in asked.replies}
        found = leaks(world, holders, told)
        assert found == [], "\n".join(found)
        assert not world.fake.refusals and world.fake.ignored_ephemeral == []

        # once the game is over, the table is revealed
        await world.slash(alice, "gm abandon", game_id=game_id)
        summary = await world.harness.wait_message(world.public_channel(game_id), "Final summary")
        assert f"<@{bob.id}>" in summary["content"] and f"<@{frank.id}>" in summary["content"]
        data = export_of(await world.slash(carol, "game export", game_id=game_id))
        assert bob.id in ids_in(data["seats"])
        # the archive opens the seat's old channel to every player, like the seat channels
        await world.harness.settle()
        assert world.fake.can_see(frank, old_italy) and world.fake.can_see(dave, old_italy)


def where(value, wanted, path="") -> list:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in where(v, wanted, f"{path}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in where(v, wanted, f"{path}[{i}]")]
    return [path] if value == wanted or (isinstance(value, str) and str(wanted) in value) else []
