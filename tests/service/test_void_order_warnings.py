"""The service and the console echo a saved order that can only be void with its `void unless …`
warning (`OrderSheet.warnings`), when it is submitted and whenever the sheet is shown."""
import re

from console import Console
from engine.catalog import register_all
from service import Actor


async def test_the_console_and_the_service_warn_about_an_order_that_can_only_be_void(service, tmp_path):
    register_all()
    console = Console(service, out_dir=tmp_path, write=lambda text: None)
    await console.execute("as anna")
    created = (await console.execute("game create classic name=Voids"))[0]
    game_id = int(re.search(r"#(\d+)", created).group(1))
    for power in ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"):
        await console.execute(f"game join {game_id} {power}")
    await console.execute(f"game start {game_id}")
    shown = (await console.execute(f"orders {game_id} Germany: A Mun S A Boh - Tyr; A Ber - Kie"))[0]
    assert "✓ `A Mun S A Boh - Tyr`\n  ⚠️ void unless a unit stands in Bohemia: none does\n✓ `A Ber - Kie`" in shown, shown

    anna = console.actor
    sheet = await service.orders(game_id, anna, "Germany")
    assert sheet.warnings == (("A Mun S A Boh - Tyr", "void unless a unit stands in Bohemia: none does"),)
    again = await service.submit_orders(game_id, anna, "A Mun S A Ber", "Germany", replace=False)
    assert again.warnings == (
        ("A Mun S A Ber", "void unless A Ber stays in Berlin: this sheet orders `A Ber - Kie`"),), again
    assert isinstance(anna, Actor)
