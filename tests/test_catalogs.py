"""Every catalog is complete: no untranslated or fuzzy entry, placeholders kept."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LANGS = ["vi", "id", "en"]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def load(lang):
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def template_ids():
    with (ROOT / "translations" / "messages.pot").open("rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_complete_and_not_fuzzy(lang):
    catalog = load(lang)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy:
            problems.append(("fuzzy", message.id))
        if not all(strings):
            problems.append(("untranslated", message.id))
    assert not problems


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_covers_the_template(lang):
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in load(lang) if m.id}
    assert template_ids() <= ids


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_are_kept(lang):
    for message in load(lang):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if len(strings) == len(ids):
            pairs = [({*PLACEHOLDER.findall(i)}, s) for i, s in zip(ids, strings)]
        else:  # one form for every number (vi, id): it must serve both English forms
            pairs = [(set().union(*(PLACEHOLDER.findall(i) for i in ids)), s) for s in strings]
        for expected, string in pairs:
            found = set(PLACEHOLDER.findall(string))
            # an English singular may say "a tile" instead of %(num)d; a one-form plural may not
            assert found == expected or (len(strings) > 1 and found == expected - {"num"}), (message.id, string)
