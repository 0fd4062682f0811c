"""Backgammon words: the glossary's backgammon terms are checked in backgammon texts only, and the
domino terms in domino texts only, so the two meanings of "pip" stay apart in Indonesian (domino
"mata", backgammon "pip"); every backgammon word of the app is in the catalogs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from tutor import catalogs

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def copy(tmp_path) -> Path:
    target = tmp_path / "translations"
    shutil.copytree(ROOT / "translations", target, ignore=shutil.ignore_patterns("*.mo"))
    return target


def set_string(path: Path, msgid: str, string) -> None:
    lang = path.parts[-3]
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    assert catalog[msgid] is not None, msgid
    catalog[msgid].string = string
    with path.open("wb") as f:
        write_po(f, catalog, width=0)


def glossary_problems(path: Path) -> list[tuple[str, str]]:
    return [(p.msgid, p.message.split("'")[1]) for p in catalogs.check_glossary(path)]


def test_a_backgammon_pip_written_mata_fails_and_pip_passes(copy):
    path = copy / "id" / "LC_MESSAGES" / "messages.po"
    msgid = "Pip count: you %(you)d, the computer %(computer)d."
    assert not [p for p in glossary_problems(path) if p[0] == msgid]
    set_string(path, msgid, "Jumlah mata: kamu %(you)d, komputer %(computer)d.")
    assert (msgid, "pip (backgammon)") in glossary_problems(path)


def test_a_domino_pip_still_needs_mata(copy):
    path = copy / "id" / "LC_MESSAGES" / "messages.po"
    msgid = next(m.id for m in read_po((ROOT / "translations/id/LC_MESSAGES/messages.po").open("rb"), locale="id")
                 if isinstance(m.id, str) and m.id.startswith("Your hand holds %(pips)s pips"))
    assert not [p for p in glossary_problems(path) if p[0] == msgid]
    set_string(path, msgid, "Tanganmu berisi %(pips)s pip seluruhnya.")
    assert (msgid, "pip") in glossary_problems(path)


def test_backgammon_terms_are_checked_in_vietnamese_too(copy):
    path = copy / "vi" / "LC_MESSAGES" / "messages.po"
    msgid = "Hitting and the bar"
    set_string(path, msgid, "Bắt quân và quầy bar")
    found = {term for m, term in glossary_problems(path) if m == msgid}
    assert found == {"hit", "bar"}


def test_every_backgammon_term_has_vi_and_id():
    terms = [t for t in catalogs.load_glossary().terms if t.game == "backgammon"]
    assert len(terms) >= 15
    for term in terms:
        assert term.renderings.get("vi") and term.renderings.get("id"), term.name
    pip = next(t for t in terms if t.name == "pip (backgammon)")
    assert "mata" not in pip.renderings["id"]
