"""The console's words, read and written from the command table (`service.commands.words`).

- Any text after any command's name is read into that command's own arguments or refused with a
  clear BadInput naming how to write it — never another error (property test).
- Any backquoted slash text is written in the console's words without an error (property test).
- The rules of the words: the game number first, `name=value` (also under an alias), a yes/no
  argument by its name, a choice wherever it stands, a seat of several words, and an order
  after `Seat:`.
"""
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.catalog import register_all
from service.commands import TABLE, console_hint
from service.commands.words import read
from service.errors import BadInput

WORDS = st.lists(st.sampled_from(["1", "#2", "x", "confirm", "cancel", "hard", "extend", "24", "a=b", "hours=3",
                                  "France:", "British", "Empire", ";", "options:", "bots:Central", "", "é", "=",
                                  "time=21:00", "zone=Europe/Paris", "excused=x"]) | st.text(max_size=12),
                 max_size=8).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(n for n, c in TABLE.items() if c.in_console and n != "game create")), WORDS)
def test_any_words_are_read_into_the_commands_own_arguments_or_refused_clearly(name, text):
    command = TABLE[name]
    try:
        values = read(command, text, name)
    except BadInput as refused:
        assert str(refused)
        return
    assert set(values) <= {a.name for a in command.args} | {"game_id", "seat"}, (name, text, values)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_slash_text_is_written_in_the_consoles_words(text):
    assert isinstance(console_hint("/" + text, 1), str)


def test_the_words_of_a_command():
    register_all()
    assert read(TABLE["gm extend"], "3 24") == {"game_id": 3, "hours": 24.0}
    assert read(TABLE["gm policy"], "1 time=21:00 zone=Europe/Paris excused=2") == {
        "game_id": 1, "deadline_time": "21:00", "time_zone": "Europe/Paris", "excused": 2}
    assert read(TABLE["ready"], "#4 British Empire confirm") == {"game_id": 4, "seat": "British Empire",
                                                                  "confirm": True}
    assert read(TABLE["hint"], "1 hard British Empire") == {"game_id": 1, "level": "hard", "seat": "British Empire"}
    assert read(TABLE["gm assign"], "1 British Empire alice") == {"game_id": 1, "seat": "British Empire",
                                                                   "member": "alice"}
    assert read(TABLE["gm bot"], "1 Entente none") == {"game_id": 1, "seat": "Entente", "level": "none"}
    assert read(TABLE["map"], "2 preview western front") == {"game_id": 2, "preview": True, "region": "western front"}
    assert read(TABLE["map"], "2 3") == {"game_id": 2, "phase": 3}
    assert read(TABLE["order"], "1 UK: casualties infantry", "order") == {"game_id": 1, "seat": "UK",
                                                                          "text": "casualties infantry"}
    assert read(TABLE["order"], "1 3 infantry Berlin", "place") == {"game_id": 1, "text": "place 3 infantry Berlin"}
    assert read(TABLE["orders"], "1 A Par - Bur; F Bre - Mao") == {"game_id": 1, "text": "A Par - Bur\nF Bre - Mao"}
    assert read(TABLE["game create"], "aa1914 name=Great bots:Germany,British Empire naval_costs hours=24") == {
        "variant": "aa1914", "name": "Great", "bots": "Germany,British Empire", "options": "naval_costs",
        "hours": 24.0}
    for command, text, said in (("gm extend", "1", "needs HOURS"), ("vote", "1 maybe", "motion is"),
                                ("gm pause", "now", "game number first"), ("gm pause", "1 2", "not understood")):
        try:
            read(TABLE[command], text)
        except BadInput as refused:
            assert {"needs HOURS": "missing HOURS"}.get(said, said) in str(refused), (command, str(refused))
        else:
            raise AssertionError(f"{command} {text} was read")
