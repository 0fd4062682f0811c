"""Every catalog is complete: no untranslated or fuzzy entry, placeholders kept.

"Every" is every catalog present (``translations/*/LC_MESSAGES/messages.po``, or under
``$TUTOR_DATA_DIR``), so a language added with ``make add-language`` is checked by ``make test`` from
its first day. One still being translated may be incomplete, and only incomplete, while
``translations/checks.toml`` says so (``[language.th] allow_incomplete = true``) or the environment
has ``ALLOW_INCOMPLETE=1``, as for ``make check-catalogs``; the course's own languages (vi, id, en)
never: README promises them complete. A fuzzy entry fails in every catalog, a half-done one's too."""

import os
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor import catalogs

ROOT = Path(__file__).resolve().parents[2]
#: translations/, or $TUTOR_DATA_DIR/translations (tutor.paths)
CATALOG_DIR = catalogs.CATALOGS
#: The course's languages, complete whatever checks.toml or the environment say.
REQUIRED = catalogs.PREFERRED_ORDER
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def languages(directory: Path = CATALOG_DIR) -> tuple[str, ...]:
    """Every language with a catalog in ``directory``: the course's own first, then the rest A-Z."""
    return tuple(code for code in catalogs.catalog_languages(directory) if catalogs.catalog_path(code, directory).exists())


def may_be_incomplete(lang: str, directory: Path = CATALOG_DIR) -> bool:
    """A catalog still being translated, which may have untranslated entries (and nothing else wrong)."""
    if lang in REQUIRED:
        return False
    if os.environ.get("ALLOW_INCOMPLETE", "").strip() not in ("", "0"):
        return True
    return lang in catalogs.load_check_settings(Path(directory) / "checks.toml").allow_incomplete


LANGS = languages()


def load(lang):
    with catalogs.catalog_path(lang, CATALOG_DIR).open("rb") as f:
        return read_po(f, locale=lang)


def template_ids():
    with (CATALOG_DIR / "messages.pot").open("rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


def test_the_course_languages_are_among_the_catalogs_checked():
    assert LANGS[:3] == REQUIRED and len(set(LANGS)) == len(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_complete_and_not_fuzzy(lang):
    """No entry untranslated (but in a catalog still being translated) and none fuzzy (in any catalog:
    a fuzzy entry is a translation waiting for its check)."""
    catalog = load(lang)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy:
            problems.append(("fuzzy", message.id))
        if not all(strings) and not may_be_incomplete(lang):
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
            if not string:
                continue  # not translated yet: the completeness test's to report (a catalog may be half done)
            found = set(PLACEHOLDER.findall(string))
            # an English singular may say "a tile" instead of %(num)d; a one-form plural may not
            assert found == expected or (len(strings) > 1 and found == expected - {"num"}), (message.id, string)
