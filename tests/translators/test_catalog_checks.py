"""The catalog checks of `make check-catalogs` (tutor/catalogs.py), on the real catalogs, and each one
shown to catch the mistake it guards against, planted in a temporary copy of a catalog.

The checks: syntax (file and line), the template up to date with the sources, a translator comment on
every message, no untranslated or fuzzy entry, placeholders and HTML tags kept (dennis and Babel's
checkers), every plural form present, the glossary (translations/glossary.toml) followed.

The catalogs checked are every one present (tests/translators/test_catalogs.py, ``languages``): a fourth
language is checked as soon as its folder exists, and may be incomplete only while checks.toml (or
ALLOW_INCOMPLETE) says so.
"""

from __future__ import annotations

import os
import re
import tomllib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from test_catalogs import CATALOG_DIR, LANGS, REQUIRED, languages, may_be_incomplete
from tutor import catalogs
from tutor.tools import catalogs as catalog_tools

ROOT = Path(__file__).resolve().parents[2]
#: The tests' scratch language: a code reserved for local use (ISO 639-2 qaa to qtz), which no real
#: catalog can take (tutor.languages.RESERVED), with one plural form as Thai, Vietnamese or Indonesian
SCRATCH = "qaa"


# ---- helpers ----------------------------------------------------------------------------------------
@pytest.fixture()
def copy(tmp_path) -> Path:
    """A temporary copy of the catalogs (translations/, or $TUTOR_DATA_DIR's: the .po files, the
    template, the glossary and the checks' settings)."""
    target = tmp_path / "translations"
    shutil.copytree(CATALOG_DIR, target, ignore=shutil.ignore_patterns("*.mo"))
    return target


def po(directory: Path, lang: str) -> Path:
    return directory / lang / "LC_MESSAGES" / "messages.po"


def edit(path: Path, old: str, new: str, count: int = 1) -> int:
    """Replace text in a file; the line number (1-based) of the first replacement."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return line


def set_string(path: Path, msgid, string, flags: set[str] | None = None) -> int:
    """Set one message's msgstr (a tuple for a plural) through Babel; its line in the rewritten file."""
    lang = path.parts[-3]
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    message = catalog[msgid]
    assert message is not None, msgid
    message.string = string
    if flags is not None:
        message.flags = set(flags)
    with path.open("wb") as f:
        write_po(f, catalog, width=0)
    with path.open("rb") as f:
        return read_po(f, locale=lang)[msgid].lineno


def first_message(lang: str, predicate) -> tuple:
    with po(ROOT / "translations", lang).open("rb") as f:
        for message in read_po(f, locale=lang):
            if message.id and predicate(message):
                return message.id, message.string
    raise AssertionError("no such message")


def line_of(path: Path, text: str) -> int:
    content = path.read_text(encoding="utf-8")
    return content[: content.index(text)].count("\n") + 1


def show(problems) -> str:
    return "\n".join(str(p) for p in problems)


# ---- the real catalogs --------------------------------------------------------------------------------
CHECKS = {
    "syntax": lambda path: catalogs.check_syntax(path),
    "completeness": lambda path: catalogs.check_completeness(path, catalogs.read_template()),
    "placeholders": catalogs.check_placeholders,
    "html": catalogs.check_html,
    "plural": catalogs.check_plurals,
    "glossary": catalogs.check_glossary,
    "style": catalogs.check_style,
}


# The glossary maps English terms to their translations, so it has nothing to say about English.
CATALOG_CHECKS = [(lang, check) for lang in LANGS for check in CHECKS
                  if not (check == "glossary" and lang == catalogs.SOURCE_LANGUAGE)]


@pytest.mark.parametrize("lang,check", CATALOG_CHECKS)
def test_the_catalogs_pass(lang, check):
    problems = CHECKS[check](catalogs.catalog_path(lang, CATALOG_DIR))
    if check == "completeness" and may_be_incomplete(lang):  # still being translated: untranslated entries may wait
        problems = [p for p in problems if p.check == "fuzzy"]
    assert not problems, show(problems)


def test_the_template_is_up_to_date_with_the_sources():
    problems = catalog_tools.check_template()
    assert not problems, "run `make update-catalogs`:\n" + show(problems)


def test_every_message_has_a_translator_comment():
    """An automatic comment (#.) says where the text appears; a file reference (#:) is not enough."""
    problems = catalog_tools.check_comments()
    assert not problems, show(problems)


def test_the_template_check_extracts_as_the_makefile_does():
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\nextract:", 1)[1].split("\n\n", 1)[0]
    for option in catalog_tools.EXTRACT_OPTIONS:
        assert option.strip('"') in recipe.replace('"', ""), option


def test_the_glossary_follows_the_terms_table():
    """Every term of LESSONS.md's table is in the glossary, with the table's renderings accepted."""
    lessons = ROOT.parent / "shared" / "LESSONS.md"
    if not lessons.exists():
        pytest.skip("shared/LESSONS.md is not beside the project")
    table = lessons.read_text(encoding="utf-8").split("## Terms", 1)[1]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in table.splitlines()
            if line.startswith("|") and not line.startswith("|---") and "English" not in line]
    glossary = catalogs.load_glossary()
    assert len(rows) >= 15
    for english, vi, indonesian in rows:
        names = {english, english.split(" (")[0]} | {part.strip() for part in re.split(r"[/,]", english)}
        terms = [t for t in glossary.terms if t.name.split(" (")[0] in names]
        assert terms, f"{english!r} is not in translations/glossary.toml"
        assert any(any(r.lower() in vi.lower() for r in t.renderings["vi"]) for t in terms), (english, vi)
        assert any(any(r.lower() in indonesian.lower() for r in t.renderings["id"]) for t in terms), (english, indonesian)


# ---- syntax: file and line ---------------------------------------------------------------------------
def _objective(directory):
    return po(directory, "vi"), 'msgstr "Mục tiêu"'


@pytest.mark.parametrize("planted, expected", [
    ('msgstr "Mục tiêu', "not closed"),
    ('msgstr Mục tiêu"', "must start with a double quote"),
    ('msgstr "Mục "tiêu"', 'written \\"'),
    ('msgstr "Mục \\q tiêu"', "unknown escape"),
    ('msgstrr "Mục tiêu"', "unknown keyword"),
    ('msgstr "Mục tiêu"\nMục tiêu', "neither a comment"),
])
def test_a_syntax_error_is_reported_with_file_and_line(copy, planted, expected):
    path, original = _objective(copy)
    line = edit(path, original, planted)
    problems = catalogs.check_syntax(path)
    assert problems, planted
    extra = planted.count("\n")
    assert (problems[0].line, problems[0].check) == (line + extra, "syntax"), show(problems)
    assert expected in problems[0].message
    assert problems[0].path.endswith("vi/LC_MESSAGES/messages.po")
    assert f"messages.po:{line + extra}:" in str(problems[0])
    # every other check stops there: the file is not read further
    assert catalogs.check_catalog(path) == problems
    with pytest.raises(catalogs.CatalogSyntaxError):
        catalogs.read_catalog(path)


def test_a_missing_msgstr_is_reported_by_babels_strict_reader(copy):
    path, original = _objective(copy)
    line = edit(path, original + "\n", "")
    problems = catalogs.check_syntax(path)
    assert problems and problems[0].check == "syntax" and "missing msgstr" in problems[0].message
    assert problems[0].line in (line - 1, line)


def test_a_duplicate_msgid_is_reported_with_both_lines(copy):
    path = po(copy, "vi")
    first = line_of(path, 'msgid "Objective"')
    with path.open("a", encoding="utf-8") as f:
        f.write('\nmsgid "Objective"\nmsgstr "Mục tiêu 2"\n')
    problems = catalogs.check_syntax(path)
    assert len(problems) == 1 and f"line {first}" in problems[0].message
    assert problems[0].line == len(path.read_text(encoding="utf-8").splitlines()) - 1


def test_a_file_that_is_not_utf8_is_reported(copy):
    path = po(copy, "id")
    path.write_bytes(path.read_bytes().replace("Tujuan".encode(), "Tuj\xfcan".encode("latin-1"), 1))
    problems = catalogs.check_syntax(path)
    assert problems and "UTF-8" in problems[0].message and problems[0].line > 1


# ---- untranslated, fuzzy, missing -----------------------------------------------------------------------
def test_an_untranslated_entry_fails(copy):
    path = po(copy, "id")
    line = set_string(path, "Objective", "")
    problems = catalogs.check_completeness(path)
    assert [(p.check, p.line, p.msgid) for p in problems] == [("untranslated", line, "Objective")]


def test_a_fuzzy_entry_fails(copy):
    path = po(copy, "vi")
    line = set_string(path, "Objective", "Mục tiêu", flags={"fuzzy"})
    problems = catalogs.check_completeness(path)
    assert [(p.check, p.line) for p in problems] == [("fuzzy", line)]


def test_a_template_message_missing_from_a_catalog_fails(copy):
    path = po(copy, "vi")
    text = path.read_text(encoding="utf-8")
    start = text.index('#. lessons/01-objective.toml: title')
    end = text.index("\n\n", start)
    path.write_text(text[:start] + text[end + 2:], encoding="utf-8")
    problems = catalogs.check_completeness(path, catalogs.read_template(copy / "messages.pot"))
    assert [(p.check, p.msgid) for p in problems] == [("untranslated", "Objective")]
    assert "make update-catalogs" in problems[0].message


def test_a_plural_entry_with_an_empty_form_counts_as_untranslated(copy):
    msgid, string = first_message("en", lambda m: m.pluralizable)
    path = po(copy, "en")
    set_string(path, msgid, (string[0], ""))
    assert [p.check for p in catalogs.check_completeness(path)] == ["untranslated"]


# ---- placeholders ----------------------------------------------------------------------------------------
def _with_placeholder(lang):
    return first_message(lang, lambda m: isinstance(m.id, str) and "%(tile)s" in m.id and "%(tile)s" in m.string)


def test_a_misspelt_placeholder_fails(copy):
    msgid, string = _with_placeholder("vi")
    path = po(copy, "vi")
    line = set_string(path, msgid, string.replace("%(tile)s", "%(tiel)s"))
    problems = catalogs.check_placeholders(path)
    assert problems and all(p.line == line and p.check == "placeholders" for p in problems), show(problems)
    assert any("E201" in p.message and "%(tiel)s" in p.message for p in problems)  # dennis
    assert any("W202" in p.message and "%(tile)s" in p.message for p in problems)


def test_a_dropped_placeholder_fails(copy):
    msgid, string = _with_placeholder("id")
    path = po(copy, "id")
    line = set_string(path, msgid, string.replace("%(tile)s", "batu itu"))
    problems = catalogs.check_placeholders(path)
    assert [(p.line, "%(tile)s" in p.message) for p in problems] == [(line, True)], show(problems)


def test_a_placeholder_of_another_type_fails(copy):
    msgid, string = first_message("vi", lambda m: not m.pluralizable and "%(seat)s" in m.id and "%(seat)s" in m.string)
    path = po(copy, "vi")
    line = set_string(path, msgid, string.replace("%(seat)s", "%(seat)d", 1))
    problems = catalogs.check_placeholders(path)
    assert problems and {p.line for p in problems} == {line}, show(problems)


def test_a_plural_form_that_lost_a_placeholder_fails(copy):
    """dennis skips plural entries when looking for lost placeholders: the check's own rule covers them."""
    msgid, string = first_message("vi", lambda m: m.pluralizable and "%(num)d" in m.string[0])
    path = po(copy, "vi")
    line = set_string(path, msgid, (string[0].replace("%(num)d", "vài"),))
    problems = catalogs.check_placeholders(path)
    assert [(p.line, "msgstr[0] lost %(num)d" in p.message) for p in problems] == [(line, True)], show(problems)


def test_a_lone_percent_sign_in_a_template_string_fails(copy):
    """Jinja formats every template string, so "50%" there would break the page: write %%."""
    path = po(copy, "id")
    line = set_string(path, "Reset progress", "Atur ulang 100% kemajuan")
    problems = catalogs.check_placeholders(path)
    assert problems and {p.line for p in problems} == {line}, show(problems)
    set_string(path, "Reset progress", "Atur ulang 100%% kemajuan")
    assert not catalogs.check_placeholders(path)


# ---- HTML ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("markup", ["<b>Mục tiêu</b>", 'Mục <a href="https://example.com">tiêu</a>', "Mục tiêu<br>"])
def test_html_tags_that_differ_fail(copy, markup):
    path = po(copy, "vi")
    line = set_string(path, "Objective", markup)
    problems = catalogs.check_html(path)
    assert [(p.check, p.line) for p in problems] == [("html", line)], show(problems)
    assert "W303" in problems[0].message


# ---- plural forms ----------------------------------------------------------------------------------------------
def test_a_missing_plural_form_fails(copy):
    msgid, _ = first_message("en", lambda m: m.pluralizable)
    path = po(copy, "en")
    text = path.read_text(encoding="utf-8")
    singular = msgid[0].replace('"', '\\"')
    start = text.index(f'msgid "{singular}"')
    form = text.index("msgstr[1]", start)
    end = text.index("\n", form)
    path.write_text(text[:form] + text[end + 1:], encoding="utf-8")
    problems = catalogs.check_plurals(path)
    assert [(p.check, p.line) for p in problems] == [("plural", line_of(path, f'msgid "{singular}"'))], show(problems)
    assert "missing plural form msgstr[1]" in problems[0].message


def test_a_wrong_plural_forms_header_fails(copy):
    path = po(copy, "vi")
    edit(path, "nplurals=1; plural=0;", "nplurals=2; plural=(n != 1);")
    problems = catalogs.check_plurals(path)
    assert problems and problems[0].line == 1 and "vi has 1 form" in problems[0].message, show(problems)


def test_a_form_too_many_for_the_language_is_refused(copy):
    msgid, string = first_message("id", lambda m: m.pluralizable)
    path = po(copy, "id")
    line = edit(path, f'msgstr[0] "{string[0]}"', f'msgstr[0] "{string[0]}"\nmsgstr[1] "{string[0]}"')
    problems = catalogs.check_catalog(path)
    assert problems and problems[0].check == "syntax" and problems[0].line == line + 1, show(problems)
    assert "remove msgstr[1]" in problems[0].message


# ---- glossary ----------------------------------------------------------------------------------------------------
def test_a_glossary_term_translated_inconsistently_fails(copy):
    msgid, string = first_message("vi", lambda m: isinstance(m.id, str) and "boneyard" in m.id and "nọc" in m.string)
    path = po(copy, "vi")
    line = set_string(path, msgid, string.replace("nọc", "đống bài"))
    problems = catalogs.check_glossary(path)
    assert [(p.check, p.line) for p in problems] == [("glossary", line)], show(problems)
    assert "'boneyard'" in problems[0].message and "'nọc'" in problems[0].message


def test_indonesian_terms_are_checked_too_with_their_affixes(copy):
    msgid, string = first_message("id", lambda m: isinstance(m.id, str) and "boneyard" in m.id
                                  and "tumpukan cadangan" in m.string)
    path = po(copy, "id")
    line = set_string(path, msgid, string.replace("tumpukan cadangan", "sisa batu"))
    assert [p.line for p in catalogs.check_glossary(path)] == [line]
    # an inflected form of an accepted rendering is accepted: "batumu" (your tiles) for "tile"
    set_string(path, "Empty your hand first", "Habiskan batumu lebih dulu")
    assert [p.line for p in catalogs.check_glossary(path)] == [line]


def test_a_placeholder_is_not_a_glossary_word(copy):
    """%(tile)s in a msgid does not ask for the word "tile" in the translation."""
    msgid, string = first_message("vi", lambda m: isinstance(m.id, str) and "%(tile)s" in m.id
                                  and not re.search(r"\btiles?\b", m.id.replace("%(tile)s", "")) and "quân" not in m.string)
    assert not [p for p in catalogs.check_glossary(po(ROOT / "translations", "vi")) if p.msgid == msgid]


def test_reviewed_exceptions_are_honoured_and_stale_ones_reported(copy):
    glossary = copy / "glossary.toml"
    path = po(copy, "vi")
    before = {(p.path.endswith("glossary.toml"), p.msgid) for p in catalogs.check_glossary(path, glossary_path=glossary)}
    assert (False, "Empty your hand first") not in before  # excused
    text = glossary.read_text(encoding="utf-8")
    glossary.write_text(text.replace('msgid = "Empty your hand first"\nreason = "rendered \'Đánh',
                                     'msgid = "Empty your hands first"\nreason = "rendered \'Đánh'), encoding="utf-8")
    problems = catalogs.check_glossary(path, glossary_path=glossary)
    after = {(p.path.endswith("glossary.toml"), p.msgid) for p in problems}
    assert after - before == {(False, "Empty your hand first"), (True, "")}, show(problems)


#: The wordings the 2026-12-03 reviews found beside the glossary's (../shared/reviews/, issue #31), as
#: the catalogs had them: each must fail the glossary check again, by the term named.
REVIEWED_WORDINGS = [
    ("vi", "That was the last round, and the totals are equal: you share the match.",
     "Đó là ván cuối cùng, và hai tổng bằng nhau: bạn và đối thủ cùng thắng trận này.", "tie (a drawn round or match)"),
    ("vi", "Undo a move", "Đi lại một nước", "undo (take back a move)"),
    ("vi", "Undo", "Đi lại", "undo (take back a move)"),
    ("vi", "A legal play can start with %(steps)s.", "Một nước đi hợp lệ có thể bắt đầu bằng %(steps)s.",
     "play (backgammon: a turn's moves)"),
    ("vi", "Only %(num)d of the four moves of %(die)s can be made, and it must be.",
     ("Chỉ đi được %(num)d trong bốn bước %(die)s, và phải đi đủ số bước đó.",), "move (backgammon: one die)"),
    ("vi", "Mexican Train", "Tàu Mexico", "Mexican Train (the rule set)"),
    ("vi", "Straight", "Straight (đánh thẳng)", "Straight (the rule set)"),
    ("vi", "If some learners know All Fives, ask them to show how a spinner branches there, then show that the same "
     "move is not allowed in this game.", "Nếu trong lớp có người biết lối chơi tính điểm theo bội số của 5, hãy nhờ "
     "họ cho xem quân trụ rẽ nhánh ở đó như thế nào, rồi chỉ ra rằng nước đi ấy không được phép trong trò chơi này.",
     "All Fives (the rule set)"),
    ("vi", "You passed: you refused the videau.", "Bạn đã chịu thua: bạn từ chối videau.", "pass (refuse the videau)"),
    ("id", "You passed: you refused the videau.", "Kamu menyerah: kamu menolak videau.", "pass (refuse the videau)"),
    ("id", "No tile in your hand shows %(numbers)s and the boneyard is empty, so you must pass.",
     "Tidak ada batu di tanganmu yang berangka %(numbers)s dan tumpukan cadangan sudah habis, jadi kamu harus lewat.",
     "pass"),
    ("id", "%(answer)s is how many tiles are left, but points count pips: add both halves of every tile.",
     "%(answer)s adalah jumlah batu yang tersisa, padahal poin dihitung dari mata: jumlahkan kedua sisi setiap batu.",
     "half (of a tile)"),
    ("id", "A double-twelve set, a train of your own and public trains from one engine double, and the pips you keep: "
     "lower is better.", "Set balak dua belas, keretamu sendiri dan kereta umum dari satu balak pusat, serta mata yang "
     "masih kamu pegang: makin sedikit makin baik.", "engine (Mexican Train)"),
    ("id", "Preview of the next slide", "Pratinjau slide berikutnya", "slide (presenter)"),
    ("id", "The backgammon diagrams", "Gambar-gambar backgammon", "diagram"),
    ("id", "Straight", "Straight (lurus)", "Straight (the rule set)"),
    ("id", "No legal play starts with that move.", "Tidak ada langkah sah yang dimulai dengan gerakan itu.",
     "play (backgammon: a turn's moves)"),
]


@pytest.mark.parametrize("lang, msgid, old, term", REVIEWED_WORDINGS, ids=[f"{w[0]}-{w[3]}" for w in REVIEWED_WORDINGS])
def test_a_wording_the_reviews_found_fails_the_glossary_again(copy, lang, msgid, old, term):
    path = po(copy, lang)
    assert not [p for p in catalogs.check_glossary(path) if p.msgid == msgid]  # the catalog as it is passes
    line = set_string(path, msgid, old)
    found = [p for p in catalogs.check_glossary(path) if p.msgid == msgid]
    assert [p.line for p in found] == [line], show(found)
    assert repr(term) in found[0].message, show(found)


def test_an_avoided_wording_fails_even_beside_an_accepted_one(copy):
    """Lesson 11 with both verbs: "rẽ nhánh" (accepted) does not excuse "tách nhánh" (avoided)."""
    msgid = next(m for m, _s in _messages("vi") if m.startswith("The spinner is not the only double that branches"))
    path = po(copy, "vi")
    line = set_string(path, msgid, "Không chỉ quân trụ mới rẽ nhánh; mỗi quân đôi tách nhánh khi được đặt vào một nhánh: "
                                   "nó nằm ngang, và ngay lập tức có ba chỗ mở trên nó.")
    found = [p for p in catalogs.check_glossary(path) if p.msgid == msgid]
    assert [p.line for p in found] == [line] and "not 'tách nhánh'" in found[0].message, show(found)


def test_an_avoided_word_inside_a_placeholder_does_not_count(copy):
    """%(slide)s is not the word "slide": the Indonesian slide count passes with "salindia"."""
    path = po(copy, "id")
    msgid = "This section has %(num)d slide: there is no slide %(slide)s."
    assert not [p for p in catalogs.check_glossary(path) if p.msgid == msgid]
    set_string(path, msgid, ("Bagian ini hanya punya %(num)d slide: tidak ada salindia nomor %(slide)s.",))
    assert [p.msgid for p in catalogs.check_glossary(path)] == [msgid]


def test_a_term_for_all_games_is_checked_in_either_game(copy):
    """"undo" is a term of both games: the domino page's button and the backgammon refusal alike."""
    glossary = catalogs.load_glossary()
    assert next(t for t in glossary.terms if t.name == "undo (take back a move)").game == "all"
    path = po(copy, "vi")
    set_string(path, "Undo", "Đi lại")  # the domino and Mexican Train pages' button
    set_string(path, "There is no move of this turn to take back.", "Lượt này chưa có nước đi nào để đi lại.")  # backgammon
    found = {p.msgid for p in catalogs.check_glossary(path) if "undo" in p.message}
    assert found == {"Undo", "There is no move of this turn to take back."}


def _messages(lang: str) -> list[tuple[str, str]]:
    with po(ROOT / "translations", lang).open("rb") as f:
        return [(m.id if isinstance(m.id, str) else m.id[0], m.string) for m in read_po(f, locale=lang) if m.id]


# ---- the template against the sources ----------------------------------------------------------------------------
def test_a_template_missing_a_message_of_the_sources_fails(copy):
    # the committed template, which test_the_template_is_up_to_date_with_the_sources holds current
    text = (copy / "messages.pot").read_text(encoding="utf-8")
    start = text.index('msgid "Skip to the content"')
    start = text.rindex("\n\n", 0, start) + 2
    end = text.index("\n\n", start)
    stale = copy / "messages.pot"
    stale.write_text(text[:start] + text[end + 2:], encoding="utf-8")
    problems = catalog_tools.check_template(stale, ROOT)
    assert [(p.check, p.msgid) for p in problems] == [("template", "Skip to the content")], show(problems)
    assert "new in the sources (templates/base.html:" in problems[0].message


def test_a_source_change_makes_the_template_out_of_date(tmp_path):
    """A new string in a template and a changed translator comment in the code: both are caught."""
    root = tmp_path / "project"
    # the two files changed below are enough to extract from (the whole project took three extractions' time)
    for name in ("babel.cfg", "templates/base.html", "tutor/web/domino/diagrams.py"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, root / name)
    pot = root / "messages.pot"
    catalog_tools.extract_template(root, pot)
    assert catalog_tools.check_template(pot, root) == []
    base = root / "templates" / "base.html"
    base.write_text(base.read_text(encoding="utf-8").replace(
        "</main>", '{# TRANSLATORS: a new footer. #}<footer>{{ _("A brand-new footer") }}</footer></main>'), encoding="utf-8")
    diagrams = root / "tutor" / "web" / "domino" / "diagrams.py"
    diagrams.write_text(diagrams.read_text(encoding="utf-8").replace(
        "# TRANSLATORS: label over the face-down boneyard stack in a diagram.",
        "# TRANSLATORS: label over the boneyard in a diagram (the tiles nobody has drawn)."), encoding="utf-8")
    problems = catalog_tools.check_template(pot, root)
    found = sorted((p.msgid, p.message.split(" (")[0]) for p in problems)
    assert found == [("A brand-new footer", "new in the sources"),
                     ("Boneyard", "its translator comment changed in the sources")], show(problems)


def test_a_message_without_a_translator_comment_fails(copy):
    pot = copy / "messages.pot"
    with pot.open("rb") as f:
        template = read_po(f)
    message = next(m for m in template if m.id == "Objective")
    message.auto_comments = []
    with pot.open("wb") as f:
        write_po(f, template, width=0)
    problems = [p for p in catalog_tools.check_comments(pot) if p.msgid == "Objective"]
    assert problems and problems[0].line == line_of(pot, 'msgid "Objective"')


# ---- make check-catalogs ----------------------------------------------------------------------------------------------
def test_the_command_reports_file_and_line_and_fails(copy, capsys):
    path = po(copy, "id")
    line = set_string(path, "Objective", "")
    assert catalog_tools.main(["check", "--no-template", "--dir", str(copy)]) == 1
    out = capsys.readouterr().out
    assert re.search(rf"id/LC_MESSAGES/messages\.po:{line}: \[untranslated\]", out), out
    assert "check-catalogs:" in out.splitlines()[-1]


def plural_filler(ids: tuple[str, str], forms: int) -> tuple[str, ...]:
    """English standing in for a plural entry's forms: the singular for the first of several forms,
    the plural for the others, and for a one-form language (Thai, Vietnamese) the plural, which
    names the number (%(num)d) as the one form must."""
    return (ids[1],) if forms == 1 else (ids[0],) + (ids[1],) * (forms - 1)


def test_the_plural_filler_keeps_the_number_in_a_one_form_language():
    ids = ("You have %(num)d tile left.", "You have %(num)d tiles left.")
    assert plural_filler(ids, 1) == (ids[1],) and "%(num)d" in plural_filler(ids, 1)[0]
    assert plural_filler(ids, 3) == (ids[0], ids[1], ids[1])


def test_the_command_passes_on_good_catalogs(copy, capsys):
    for lang in LANGS:  # the real catalogs may be mid-translation: fill the copy's gaps
        path = po(copy, lang)
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        for message in catalog:
            if message.id and (message.fuzzy or not all(catalogs._strings(message))):
                message.string = message.id if lang == "en" or not message.pluralizable else plural_filler(
                    message.id, catalog.num_plurals)
                message.flags.discard("fuzzy")
        with path.open("wb") as f:
            write_po(f, catalog, width=0)
    # the gaps were filled with the English text itself, which the unchanged check rightly flags
    problems = [p for p in catalog_tools.check_all(copy, root=None) if p.check not in ("glossary", "comment", "unchanged")]
    assert not problems, show(problems)


def test_make_check_catalogs_runs_the_command():
    dry = subprocess.run(["make", "-n", "check-catalogs"], cwd=ROOT, capture_output=True, text=True)
    assert "-m tutor.tools.catalogs check" in dry.stdout, dry.stdout + dry.stderr


# ---- the checks of translators' QA tools: unchanged, spaces, doubled word, end punctuation ------------
def style(path: Path, check: str) -> list:
    return [p for p in catalogs.check_style(path) if p.check == check]


def test_a_translation_left_in_english_fails_outside_english(copy):
    path = po(copy, "vi")
    line = set_string(path, "Objective", "Objective")
    problems = style(path, "unchanged")
    assert [(p.line, p.msgid) for p in problems] == [(line, "Objective")], show(problems)
    assert "English text itself" in problems[0].message
    # the same text in the English catalog is the translation it should be
    assert not style(po(copy, "en"), "unchanged")


def test_unchanged_allows_text_with_nothing_to_translate_and_reviewed_exceptions(copy):
    path = po(copy, "id")
    # a tile, a number and a placeholder are the same in every language
    with path.open("a", encoding="utf-8") as f:
        f.write('\n#, python-format\nmsgid "%(tile)s: 5-4 = 9"\nmsgstr "%(tile)s: 5-4 = 9"\n'
                '\nmsgid "Planted word"\nmsgstr "Planted word"\n')
    assert [p.msgid for p in style(path, "unchanged")] == ["Planted word"]
    # "Diagram %(id)s" is the same in Indonesian: a reviewed exception in translations/checks.toml
    assert catalogs.catalog_path("id").read_text(encoding="utf-8").count('msgstr "Diagram %(id)s"') == 1
    excepted = [e["msgid"] for e in tomllib.loads((copy / "checks.toml").read_text(encoding="utf-8"))["exception"]
                if e["check"] == "unchanged" and e["lang"] == "id"]
    assert "Diagram %(id)s" in excepted
    (copy / "checks.toml").write_text("", encoding="utf-8")
    # without the reviewed exceptions, each of them is reported again, with the planted word
    assert sorted(p.msgid for p in style(path, "unchanged")) == sorted(excepted + ["Planted word"])


def test_a_stale_exception_is_reported(copy):
    settings = copy / "checks.toml"
    settings.write_text(settings.read_text(encoding="utf-8") + '''
[[exception]]
check = "doubled-word"
lang = "vi"
msgid = "A text that the sources no longer have"
reason = "planted"
''', encoding="utf-8")
    problems = style(po(copy, "vi"), "doubled-word")
    assert len(problems) == 1 and "no longer exists" in problems[0].message, show(problems)


def test_a_doubled_word_fails(copy):
    path = po(copy, "vi")
    line = set_string(path, "Objective", "Mục tiêu tiêu")
    problems = style(path, "doubled-word")
    assert [(p.line, p.msgid) for p in problems] == [(line, "Objective")], show(problems)
    assert "'tiêu tiêu'" in problems[0].message


@pytest.mark.parametrize("change", ["drop", "question", "add"])
def test_end_punctuation_that_differs_from_the_source_fails(copy, change):
    path = po(copy, "id")
    msgid, string = first_message("id", lambda m: isinstance(m.id, str) and m.id.endswith(".") and "(" not in m.id[-3:]
                                  and m.string.endswith("."))
    if change == "add":
        msgid, string = "Objective", "Tujuan"
        changed = "Tujuan."
    else:
        changed = string[:-1] + ("" if change == "drop" else "?")
    line = set_string(path, msgid, changed)
    problems = style(path, "punctuation")
    assert [(p.line, p.msgid) for p in problems] == [(line, msgid)], show(problems)


def test_end_punctuation_looks_through_closing_brackets(copy):
    path = po(copy, "vi")
    set_string(path, "Objective", "Mục tiêu (quân 1-0.)")
    assert [p.msgid for p in style(path, "punctuation")] == ["Objective"]
    set_string(path, "Objective", "Mục tiêu")
    assert not style(path, "punctuation")


@pytest.mark.parametrize("changed, expected", [
    (" Mục tiêu", "leading space"), ("Mục tiêu ", "trailing space"), ("   ", "only white space"),
])
def test_spaces_that_differ_from_the_source_fail(copy, changed, expected):
    path = po(copy, "vi")
    line = set_string(path, "Objective", changed)
    problems = style(path, "spaces")
    assert [(p.line, p.msgid) for p in problems] == [(line, "Objective")], show(problems)
    assert expected in problems[0].message


def test_the_new_checks_run_in_check_all(copy):
    set_string(po(copy, "vi"), "Objective", "Objective")
    assert "unchanged" in {p.check for p in catalog_tools.check_all(copy, root=None)}


# ---- a new language in pieces -----------------------------------------------------------------------
def test_one_catalog_is_checked_with_lang(copy, capsys):
    set_string(po(copy, "id"), "Objective", "")
    assert catalog_tools.main(["check", "--no-template", "--dir", str(copy), "--lang", "vi"]) == 0
    assert catalog_tools.main(["check", "--no-template", "--dir", str(copy), "--lang", "id"]) == 1
    out = capsys.readouterr().out
    assert "id/LC_MESSAGES" in out and "vi/LC_MESSAGES" not in out
    assert catalog_tools.main(["check", "--no-template", "--dir", str(copy), "--lang", SCRATCH]) == 2


def test_a_half_done_catalog_passes_everything_but_completeness(copy, capsys, monkeypatch):
    monkeypatch.delenv("ALLOW_INCOMPLETE", raising=False)
    assert catalog_tools.main(["add-language", SCRATCH, "--dir", str(copy)]) == 0
    path = po(copy, SCRATCH)
    set_string(path, "Objective", "เป้าหมาย")
    args = ["check", "--no-template", "--dir", str(copy), "--lang", SCRATCH]
    assert catalog_tools.main(args) == 1  # hundreds of untranslated entries
    assert catalog_tools.main(args + ["--allow-incomplete"]) == 0
    monkeypatch.setenv("ALLOW_INCOMPLETE", "1")
    assert catalog_tools.main(args) == 0
    monkeypatch.delenv("ALLOW_INCOMPLETE")
    # ... but not a mistake in what is translated
    set_string(path, "Objective", "เป้าหมาย เป้าหมาย")
    assert catalog_tools.main(args + ["--allow-incomplete"]) == 1
    assert "[doubled-word]" in capsys.readouterr().out
    # the per-language setting does the same, for that language only
    set_string(path, "Objective", "เป้าหมาย")
    settings = copy / "checks.toml"
    settings.write_text(settings.read_text(encoding="utf-8") + f"\n[language.{SCRATCH}]\nallow_incomplete = true\n",
                        encoding="utf-8")
    assert catalog_tools.main(args) == 0
    set_string(po(copy, "vi"), "Objective", "")
    assert catalog_tools.main(["check", "--no-template", "--dir", str(copy)]) == 1


def in_order(*codes: str) -> tuple[str, ...]:
    """Language codes as the catalogs list them: the course's own first, then the rest A-Z."""
    return (*[c for c in REQUIRED if c in codes], *sorted(c for c in codes if c not in REQUIRED))


def test_a_new_catalog_is_picked_up_and_checked_like_the_others(copy, monkeypatch):
    """A fourth catalog, planted in a copy of translations/: it is among the languages checked, every
    check runs on it, and a half-done one fails completeness until checks.toml (or ALLOW_INCOMPLETE)
    lets it be incomplete; the course's own languages are never let off."""
    monkeypatch.delenv("ALLOW_INCOMPLETE", raising=False)
    assert languages(copy) == LANGS
    catalog_tools.add_language(SCRATCH, copy)
    assert languages(copy) == in_order(*LANGS, SCRATCH)  # (a translator's th catalog may be there too)
    path = po(copy, SCRATCH)
    assert catalogs.check_completeness(path, catalogs.read_template(copy / "messages.pot"))  # all of it to do
    for check in ("syntax", "placeholders", "html", "plural", "glossary", "style"):
        assert not CHECKS[check](path), check  # and nothing else wrong with a fresh catalog
    assert not may_be_incomplete(SCRATCH, copy)
    settings = copy / "checks.toml"
    settings.write_text(settings.read_text(encoding="utf-8") + f"\n[language.{SCRATCH}]\nallow_incomplete = true\n"
                        "\n[language.vi]\nallow_incomplete = true\n", encoding="utf-8")
    assert may_be_incomplete(SCRATCH, copy)
    assert not any(may_be_incomplete(lang, copy) for lang in REQUIRED)
    (copy / SCRATCH).rename(copy / "qab")
    assert languages(copy) == in_order(*LANGS, "qab") and not may_be_incomplete("qab", copy)
    monkeypatch.setenv("ALLOW_INCOMPLETE", "1")
    assert may_be_incomplete("qab", copy) and not may_be_incomplete("vi", copy)


def test_make_test_checks_a_planted_catalog(copy):
    """What `make test` collects follows the catalog folders: with the data in a copy that has a
    fourth catalog (TUTOR_DATA_DIR), every catalog test runs on it too (a fresh catalog passes all
    but completeness), and its completeness fails until checks.toml lets it be incomplete."""
    data = copy.parent
    catalog_tools.add_language(SCRATCH, copy)
    env = {**os.environ, "TUTOR_DATA_DIR": str(data)}
    env.pop("ALLOW_INCOMPLETE", None)
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q", "-o", "addopts="]
    completeness = [f"tests/translators/test_catalogs.py::test_catalog_is_complete_and_not_fuzzy[{SCRATCH}]",
                    f"tests/translators/test_catalog_checks.py::test_the_catalogs_pass[{SCRATCH}-completeness]"]
    others = [f"tests/translators/test_catalog_checks.py::test_the_catalogs_pass[{SCRATCH}-{check}]" for check in CHECKS
              if check != "completeness"] + [f"tests/translators/test_catalogs.py::{name}[{SCRATCH}]" for name in
                                             ("test_catalog_covers_the_template", "test_placeholders_are_kept")]
    run = subprocess.run(command + completeness + others, cwd=ROOT, env=env, capture_output=True, text=True)
    assert run.returncode == 1 and f"2 failed, {len(others)} passed" in run.stdout, run.stdout[-3000:]
    (copy / "checks.toml").write_text(f"[language.{SCRATCH}]\nallow_incomplete = true\n", encoding="utf-8")
    run = subprocess.run(command + completeness, cwd=ROOT, env=env, capture_output=True, text=True)
    assert run.returncode == 0 and "2 passed" in run.stdout, run.stdout[-3000:]  # (a fuzzy entry would still fail)


def test_make_check_catalogs_takes_lang_and_allow_incomplete():
    dry = subprocess.run(["make", "-n", "check-catalogs", "LANG=th", "ALLOW_INCOMPLETE=1"], cwd=ROOT,
                         capture_output=True, text=True)
    assert "--lang th" in dry.stdout and "--allow-incomplete" in dry.stdout, dry.stdout + dry.stderr
    # the shell's own LANG (a locale such as C.UTF-8) is not a catalog to check
    dry = subprocess.run(["make", "-n", "check-catalogs"], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "LANG": "C.UTF-8"})
    assert "--lang" not in dry.stdout and "--allow-incomplete" not in dry.stdout


def test_add_language_prints_no_warning(copy):
    run = subprocess.run([sys.executable, "-m", "tutor.tools.catalogs", "add-language", SCRATCH, "--dir", str(copy)],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stderr == "" and "WARNING" not in run.stdout, run.stdout + run.stderr
    text = po(copy, SCRATCH).read_text(encoding="utf-8")
    assert "nplurals=1; plural=0;" in text and "msgstr[1]" not in text
    with (copy / "messages.pot").open("rb") as f:
        plurals = sum(1 for m in read_po(f) if m.pluralizable)
    assert text.count('msgstr[0] ""') == plurals > 0


def test_make_add_language_prints_no_warning(copy):
    """The Makefile target itself, as TRANSLATING.md tells a translator to run it (on a copy of the
    catalogs: CATALOG_DIR is the Makefile's own variable)."""
    command = ["make", "add-language", f"LANG={SCRATCH}", f"CATALOG_DIR={copy}"]
    dry = subprocess.run([*command[:1], "-n", *command[1:]], cwd=ROOT, capture_output=True, text=True)
    if "pip install" in dry.stdout:
        pytest.skip("the virtual environment is older than pyproject.toml: make would reinstall it first")
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    said = [line for line in (run.stdout + run.stderr).splitlines() if not line.startswith("make")]
    assert not [line for line in said if "warn" in line.lower() or "plural" in line.lower()], said
    assert po(copy, SCRATCH).exists()


# ---- fallbacks: an entry that cannot be used shows in English, with English plural rules ------------
PLURAL = ("%(num)d step", "%(num)d steps")


def _compiled(path: Path):
    from babel.support import Translations

    catalogs.compile_catalog(path)
    with path.with_suffix(".mo").open("rb") as f:
        return Translations(f)


def test_an_unusable_plural_entry_falls_back_to_english_plural_rules(copy):
    path = po(copy, "vi")
    with path.open("rb") as f:
        assert read_po(f, locale="vi")[PLURAL[0]].string[0]  # translated in the real catalog
    edit(path, 'msgstr[0] "%(num)d bước"', 'msgstr[0] "%(nmu)d bước"')
    translations = _compiled(path)
    assert translations.ungettext(*PLURAL, 3) % {"num": 3} == "3 steps"
    assert translations.ungettext(*PLURAL, 1) % {"num": 1} == "1 step"
    assert translations.ugettext("Objective") == "Mục tiêu"  # the rest of the catalog is used


def test_an_untranslated_plural_entry_of_a_new_language_follows_english_rules(copy):
    catalog_tools.add_language(SCRATCH, copy)
    translations = _compiled(po(copy, SCRATCH))
    assert translations.ungettext(*PLURAL, 3) % {"num": 3} == "3 steps"
    assert translations.ungettext(*PLURAL, 1) % {"num": 1} == "1 step"


def test_make_catalogs_leaves_unusable_entries_out():
    dry = subprocess.run(["make", "-n", "catalogs"], cwd=ROOT, capture_output=True, text=True)
    assert "-m tutor.tools.catalogs compile" in dry.stdout, dry.stdout + dry.stderr
