"""001: "(Note: the Russian Revolution optional rule is not used with these rules.)" — and 002's
assumption that it is "always in play" is not one of its options (docs/rulings.md: No Russian
Revolution, with or without house options)."""
from engine.catalog import register_all
from engine.variant import get_variant


def test_no_russian_revolution_under_the_tournament_rules():
    register_all()
    variant = get_variant("aa1914")
    assert "no Russian Revolution" in variant.rules_summary({})
    every_option = {spec.key: True for spec in variant.option_specs() if isinstance(spec.default, bool)}
    assert not any("revolution" in key for key in every_option)
    assert "no Russian Revolution" in variant.rules_summary(every_option)
