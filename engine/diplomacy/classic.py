"""Classic Diplomacy (seven powers) and the two-player variants played on vDiplomacy/webDiplomacy,
each one `Declaration` (docs/rulings.md quotes their sources; docs/variants.md explains the shape)."""
from __future__ import annotations

from .declared import Declaration, DeclaredVariant, standard_setup

SEVEN = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
ALIASES = {"austria-hungary": "Austria", "aus": "Austria", "eng": "England", "fra": "France",
           "ger": "Germany", "ita": "Italy", "rus": "Russia", "tur": "Turkey"}

_homes, _units = standard_setup(*SEVEN)
CLASSIC = Declaration(
    key="classic", title="Diplomacy (classic, seven players)",
    summary="The standard game: seven Great Powers from Spring 1901; 18 supply centres win alone, "
            "or the survivors agree a draw.",
    powers=SEVEN, home_centres=_homes, starting_units=_units,
    rules="**Diplomacy** — seven Great Powers (Austria, England, France, Germany, Italy, Russia, Turkey) from "
          "Spring 1901 on the standard map, under the rulebook (adjudicated as in the DATC). A player who stops "
          "ordering is in civil disorder: units hold, dislodged units disband, builds are waived, removals follow "
          "the rulebook's order.",
    sources=("Diplomacy rulebook (2000 and 2023 editions) as read by the DATC",),
    aliases={k: v for k, v in ALIASES.items()})

_homes, _units = standard_setup("France", "Austria")
FRANCE_AUSTRIA = Declaration(
    key="france_austria", title="Diplomacy: France vs Austria (two players)",
    summary="The standard map with only France and Austria, from Spring 1901; every other centre is "
            "neutral and empty; 18 centres win.",
    powers=("France", "Austria"), home_centres=_homes, starting_units=_units,
    rules="**France vs Austria** (vDiplomacy/webDiplomacy `ClassicFvA`: \"The standard Diplomacy map of Europe, "
          "but only France and Austria.\")\n"
          "1. France (F Bre, A Par, A Mar) and Austria (F Tri, A Vie, A Bud) start as in the rulebook, Spring 1901.\n"
          "2. No other power is on the board: the other 28 supply centres are neutral and empty, and nobody "
          "builds in them.\n"
          "3. 18 supply centres win (webDiplomacy's target: 18/34 of the map's centres).\n"
          "4. Otherwise the rules of Diplomacy apply.",
    sources=("webDiplomacy/vDiplomacy variant ClassicFvA by Oliver Auth: variants/ClassicFvA/variant.php, "
             "classes/adjudicatorPreGame.php, install.php (github.com/kestasjk/webDiplomacy)",
             "webDiplomacy variants/variant.php: supplyCenterTarget = round(18/34 × centres)"),
    aliases={"fra": "France", "aus": "Austria", "austria-hungary": "Austria"})

_homes, _ = standard_setup("England", "Turkey")
ENGLAND_TURKEY = Declaration(
    key="england_turkey", title="Diplomacy: England vs Turkey (two players)",
    summary="The standard map with only England and Turkey, from Spring 1901; England's fleets start at "
            "sea; 18 centres win.",
    powers=("England", "Turkey"), home_centres=_homes,
    # vDiplomacy ClassicEvT: "To offset the imbalance of Englands start, his fleets now start in open seas"
    starting_units=(("F", "England", "nth"), ("A", "England", "lon"), ("F", "England", "eng"),
                    ("A", "Turkey", "smy"), ("A", "Turkey", "con"), ("F", "Turkey", "ank")),
    rules="**England\\* vs Turkey** (vDiplomacy `ClassicEvT`: \"The standard Diplomacy map of Europe, but with "
          "England and Turkey as the only playable countries. To offset the imbalance of Englands start, his "
          "fleets now start in open seas\")\n"
          "1. England starts with F North Sea, A London, F English Channel (Edinburgh and Liverpool are English "
          "and empty); Turkey with A Smyrna, A Constantinople, F Ankara; Spring 1901.\n"
          "2. No other power is on the board: the other 28 supply centres are neutral and empty.\n"
          "3. 18 supply centres win.\n"
          "4. Otherwise the rules of Diplomacy apply.",
    sources=("vDiplomacy variant ClassicEvT by Orathaic: variants/ClassicEvT/variant.php "
             "(github.com/diptobi1/vDiplomacy); its classes/adjudicatorPreGame.php and install.php "
             "(github.com/kestasjk/webDiplomacy)",
             "webDiplomacy variants/variant.php: supplyCenterTarget = round(18/34 × centres)"),
    aliases={"eng": "England", "tur": "Turkey"})

DECLARATIONS = (CLASSIC, FRANCE_AUSTRIA, ENGLAND_TURKEY)


def classic_variants() -> list[DeclaredVariant]:
    """One variant object per declaration, for the catalog."""
    return [DeclaredVariant(d) for d in DECLARATIONS]
