"""The news of an A&A turn a player retells at the end: collapses, minors joining, capitals taken,
the United States at war, USW, Italy's choice, Spain's entry — read from the turn's report in its
own words, each cut to a headline a phone shows on a line or two; the rest of the report is not."""
import random

from engine.aa1914.key_events import headline, key_events
from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from tests.aa_helpers import B, V, fresh

REPORT = """⚔️ Serbia mobilizes against Austria-Hungary with Russia's pieces: 4 units.
💥 Battle of Serbia, Austria-Hungary against Russia:
   land combat: attacker rolls 4 6 (hit on 2 or less) → 0 hit(s)
   → Serbia is still contested
📉 Russia suffers an economic collapse: no purchases, mobilization or income.
📈 Russia recovers from its economic collapse.
🏳️ Russia suffers a political collapse and surrenders: its units leave the board.
🏳️ Belgium mobilizes for France: 3 units in Belgium.
🏛️ Germany captures the capital of France and takes its 12 IPCs.
🌊 Germany declares Unrestricted Submarine Warfare.
🌊 2 unit(s) bound for Holland went down with their transport.
🌊 Unrestricted Submarine Warfare: 2 German sub(s) roll 3 5: British Empire loses 2 IPCs.
🇺🇸 Round 4: the United States enters the war.
🇮🇹 Italy joins the Allies (deal with France: 10 IPCs now and 5 a round).
🇮🇹 France pays Italy its 5 IPCs.
🇪🇸 Spain's alignment moves towards Germany (Germany rolls 5, France 2).
🇪🇸 Spain enters the war on the side of France: its units and territories join the Allies.
🤝 Belgium aligns with France for 6 IPCs (bid by France).
🚩 Germany takes control of Belgium.
💰 Austria-Hungary collects 26 IPCs (treasury 46)."""


def test_the_key_lines_of_a_report_each_as_its_headline():
    assert key_events(REPORT) == [
        "⚔️ Serbia mobilizes against Austria-Hungary with Russia's pieces.",
        "📉 Russia suffers an economic collapse.",
        "📈 Russia recovers from its economic collapse.",
        "🏳️ Russia suffers a political collapse and surrenders.",
        "🏳️ Belgium mobilizes for France.",
        "🏛️ Germany captures the capital of France and takes its 12 IPCs.",
        "🌊 Germany declares Unrestricted Submarine Warfare.",
        "🇺🇸 Round 4: the United States enters the war.",      # a short lead is kept whole
        "🇮🇹 Italy joins the Allies.",
        "🇪🇸 Spain enters the war on the side of France.",
        "🤝 Belgium aligns with France for 6 IPCs.",
    ]
    assert all(len(line) <= 70 for line in key_events(REPORT))
    assert V.key_events(REPORT) == key_events(REPORT)


def test_a_headline_keeps_a_short_lead_whole():
    assert headline("🇺🇸 Round 4: the United States enters the war.") == "🇺🇸 Round 4: the United States enters the war."
    assert headline("📉 Russia suffers an economic collapse: no purchases.") == "📉 Russia suffers an economic collapse."


def test_a_played_turns_own_report_gives_its_key_events():
    turn = Turn(B, fresh(turn=2), "Germany", random.Random(1))
    turn.run([parse_order("declare usw", B)])
    assert key_events("\n".join(turn.report))[:2] == ["🌊 Germany declares Unrestricted Submarine Warfare.",
                                                      "🇺🇸 The United States enters the war."]
