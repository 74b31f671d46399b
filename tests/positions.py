"""Game positions tests start from, made through the service (or written into the stored phase
where no sequence of orders reaches them quickly)."""
from service.models import encode_state
from tests.conftest import ALICE, BOB, GUILD


async def finished_game(service):
    """A two-player `guess` game played to its end (two rounds, target 2)."""
    game = await service.create_game(GUILD, ALICE, "guess", options={"loaded": "on", "target": "2"})
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    await service.start(game.id, ALICE)
    for _ in range(2):
        await service.submit_orders(game.id, ALICE, "guess 6")
        await service.submit_orders(game.id, BOB, "guess 1")
        await service.mark_ready(game.id, ALICE)
        await service.mark_ready(game.id, BOB)
    game = await service.game(game.id)
    assert game.status == "finished"
    return game


async def france_owes_two_builds(service, game_id: int) -> None:
    """Turn an rx07 game's current phase into Winter 1915 adjustments with Paris and Brest empty:
    France owns three centres and has one unit, so it may build two."""
    phase = await service.phase(game_id)
    state = dict(phase.state, season="winter", phase="adjustment", year=1915)
    state["units"] = {p: u for p, u in state["units"].items() if p not in ("par", "bre")}
    async with service.db.transaction() as conn:
        await conn.execute("UPDATE phases SET state=? WHERE id=?", (encode_state(state), phase.id))
