"""The report texts' readers and splitters on any text — never a crash, never a part over
Discord's limit, nothing lost or cut mid-line where a line fits."""
from hypothesis import given, settings, strategies as st

from cogs.cards import card_body
from engine.diplomacy.report import read_report
from service.errors import NotFound
from service.reports import message_parts, own_first, sections
from service.rulings import ruling_text

LINES = st.lists(st.one_of(st.text(max_size=120), st.sampled_from(["**Austria** (Central)", "**Russia**", "",
                                                                   "✓ A Bud - Ser", "✗ A Vie - Gal — bounced"])),
                 max_size=80)


@given(LINES, st.integers(min_value=50, max_value=2000))
@settings(max_examples=150, deadline=None)
def test_message_parts_fit_and_keep_every_line(lines, limit):
    text = "\n".join(lines)
    parts = message_parts(text, limit)
    assert parts and all(0 < len(p) <= limit for p in parts)

    def shown(t):            # Discord drops a message's trailing blank lines
        out = t.splitlines()
        while out and not out[-1].strip():
            out.pop()
        return [line for line in out if line.strip()]
    if all(len(line) <= limit for line in text.splitlines()):
        assert shown("\n".join(parts)) == shown(text) or (parts == ["\u200b"] and not shown(text))


@given(LINES)
@settings(max_examples=150, deadline=None)
def test_readers_never_crash(lines):
    text = "\n".join(lines)
    read_report(text)
    sections(text)
    own_first(text, {"Austria"})
    assert len(card_body(text, 300)) <= 300 or len(text) <= 300


@given(st.text(max_size=200))
@settings(max_examples=100, deadline=None)
def test_any_ruling_question_is_answered_or_refused_by_name(typed):
    try:
        assert ruling_text("rx07", typed)
    except NotFound as exc:
        assert "/rules ruling:list" in str(exc)
