"""Backgammon words: the glossary's backgammon terms are checked in backgammon texts only, and the
domino terms in domino texts only, so the two meanings of "pip" stay apart in Indonesian (domino
"mata", backgammon "pip"); every backgammon word of the app is in the catalogs."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from tutor import catalogs

ROOT = Path(__file__).resolve().parents[2]


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


# ----- the glossary against BACKGAMMON.md §7, the terms table the backgammon words come from -------------
BACKGAMMON_MD = ROOT.parent / "shared" / "BACKGAMMON.md"

#: Each English term of §7 -> the glossary's terms for it (an entry such as accept/refuse is two).
SECTION_7 = {
    "point": ["point (backgammon board)"], "checker": ["checker"], "blot": ["blot"],
    "blocked point": ["blocked point"], "empty": ["empty point"], "hit": ["hit"], "bar": ["bar"],
    "enter": ["enter"], "lose the turn": ["lose the turn"], "dice": ["dice"], "doubles": ["doubles (a roll)"],
    "bear off": ["bear off"], "home": ["home board"], "pip count": ["pip (backgammon)"], "videau": ["videau"],
    "offer a double": ["offer the videau"], "accept/refuse": ["accept", "refuse"], "stake": ["stake"],
    "single win": ["single game"], "gammon, backgammon": ["gammon", "backgammon (a win)"],
    "New game": ["New game"], "automatic doubles": ["automatic doubles"], "backwards": ["backwards"],
    "start": ["starting position"],
}
#: §7's terms that no backgammon text says, so the glossary has nothing to check (the test below
#: fails once one is used: then it belongs in the glossary).
NOT_USED = {"face": r"\bfaces?\b"}
#: The Indonesian renderings §7 marks uncertain ("?"): TRANSLATING.md records their review.
UNCERTAIN = {"blot", "blocked point", "bar", "doubles", "stake"}


def section_7() -> list[dict]:
    """§7's entries: English, the Vietnamese (may be empty), the Indonesian without its notes in
    brackets, and whether §7 marks the Indonesian uncertain."""
    if not BACKGAMMON_MD.exists():
        pytest.skip("shared/BACKGAMMON.md is not beside the project")
    text = BACKGAMMON_MD.read_text(encoding="utf-8").split("## 7.", 1)[1].split("\n## ", 1)[0]
    text = " ".join(text.split("\n", 1)[1].split())  # the entries, after the heading, on one line
    names = sorted([*SECTION_7, *NOT_USED], key=len, reverse=True)
    entries = []
    for item in text.rstrip(".").split(" · "):
        if "→" not in item:  # "gammon, backgammon unchanged"
            english = next(n for n in names if item.startswith(n))
            entries.append({"en": english, "vi": english, "id": english, "uncertain": False})
            continue
        for left, right in re.findall(r"(?:^|, )([^,→][^→]*?) → (.+?)(?=, [^,→]+ → |$)", item):
            english = next((n for n in names if left == n or left.startswith(n + " ")), None)
            assert english, f"§7 has a term the test does not know: {left!r}: add it to SECTION_7 or NOT_USED"
            entries.append({"en": english, "vi": left[len(english):].strip(),
                            "id": re.sub(r"\([^)]*\)", "", right).replace("?", "").strip(),
                            "uncertain": re.sub(r"\([^)]*\)", "", right).strip().endswith("?")})
    return entries


def test_the_glossary_follows_backgammon_md_section_7():
    """Every term of §7 that the texts use is a backgammon term of translations/glossary.toml, with
    §7's Vietnamese and Indonesian among its accepted renderings (the catalogs are held to them by
    the glossary check)."""
    entries = section_7()
    assert {e["en"] for e in entries} == set(SECTION_7) | set(NOT_USED)
    terms = {t.name: t for t in catalogs.load_glossary().terms if t.game == "backgammon"}
    for entry in entries:
        for name in SECTION_7.get(entry["en"], []):
            assert name in terms, f"{entry['en']!r} ({name}) is not a backgammon term of translations/glossary.toml"
            for lang in ("vi", "id"):
                if entry[lang]:  # §7 gives no Vietnamese for some (the seed's own word is the English one)
                    assert any(r.lower() in entry[lang].lower() for r in terms[name].renderings[lang]), (name, lang, entry)


def test_the_terms_section_7_does_not_list_are_not_used():
    section_7()  # skips without ../shared
    with (ROOT / "translations" / "messages.pot").open("rb") as f:
        texts = [m.id if isinstance(m.id, str) else " ".join(m.id) for m in read_po(f)
                 if m.id and any("backgammon" in str(path) for path, _line in m.locations)]
    for name, pattern in NOT_USED.items():
        assert not [t for t in texts if re.search(pattern, t, re.IGNORECASE)], f"{name!r} is used: add it to the glossary"


def test_the_uncertain_indonesian_terms_have_their_review_recorded():
    """§7 marks five Indonesian renderings uncertain; TRANSLATING.md says, for each, what was chosen
    after reading it in the catalog's sentences, and who reviewed it."""
    uncertain = {e["en"] for e in section_7() if e["uncertain"]}
    assert uncertain == UNCERTAIN
    review = (ROOT / "TRANSLATING.md").read_text(encoding="utf-8").split("### Review of the uncertain Indonesian terms", 1)
    assert len(review) == 2, "TRANSLATING.md has no review section"
    review = review[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    terms = {t.name: t for t in catalogs.load_glossary().terms}
    for english in sorted(uncertain):
        name = SECTION_7[english][0]
        row = next((line for line in review.splitlines() if line.startswith(f"| {english} ")), None)
        assert row, f"no review row for {english!r}"
        assert any(r in row for r in terms[name].renderings["id"]), (english, row)
    assert "engineers" in review and "native speaker" in review  # who reviewed, said plainly
