"""Where a lesson teaches a decision the rulebook is silent on (RULES.md marks them **decision**),
the very next paragraph says so in one short sentence, in every language, so that a learner can
tell the rulebook from the app (issue 10, item 4)."""

import html
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.course import load_course

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "vi", "id"]
STEPS = [(section, step) for section in load_course() for step in section.steps]
SILENT = "The rulebook does not say"

#: RULES.md's three decisions, and how a lesson paragraph that teaches each one reads.
DECISIONS = {
    "equal values: the higher half opens": r"6-3 beats 5-4",
    "a pip tie goes to fewer tiles": r"tied on the lowest pip total.*fewer tiles wins|lowest pip totals are tied, the player with fewer tiles wins",
    "a player who can play may not draw": r"may not draw from the boneyard instead",
}


def catalog(lang):
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return {m.id: m.string for m in read_po(f, locale=lang) if m.id and isinstance(m.id, str)}


def visible_text(page: str) -> str:
    page = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def teaching(pattern: str):
    """(section, step, index of the paragraph) for every paragraph that teaches the decision."""
    return [(section, step, i) for section, step in STEPS for i, text in enumerate(step.text) if re.search(pattern, text)]


@pytest.mark.parametrize("decision", DECISIONS)
def test_each_decision_taught_is_followed_by_the_rulebook_is_silent(decision):
    places = teaching(DECISIONS[decision])
    assert places, f"no lesson teaches {decision}"
    for section, step, i in places:
        after = step.text[i + 1] if i + 1 < len(step.text) else ""
        assert after.startswith(SILENT) and after.count(".") == 1 and "the app" in after, (section.id, step.id, after)


def test_the_sentence_appears_only_after_a_decision():
    decided = {(s.id, t.id, i + 1) for pattern in DECISIONS.values() for s, t, i in teaching(pattern)}
    said = {(s.id, t.id, i) for s, t in STEPS for i, text in enumerate(t.text) if text.startswith(SILENT)}
    assert said == decided


@pytest.mark.parametrize("lang", LANGS)
def test_the_sentence_is_shown_translated_on_each_step(client, lang):
    messages = catalog(lang)
    shown = 0
    for section, step in STEPS:
        for i, text in enumerate(step.text):
            if not text.startswith(SILENT):
                continue
            translated = messages.get(text)
            assert translated, (lang, text)
            if lang != "en":
                assert translated != text
            page = visible_text(client.get(f"/{lang}/domino/lessons/{section.id}/{step.id}").get_data(as_text=True))
            decision = " ".join(messages[step.text[i - 1]].split())
            sentence = " ".join(translated.split())
            assert decision in page and sentence in page
            assert page.index(sentence) > page.index(decision)
            shown += 1
    assert shown >= len(DECISIONS)
