"""The translators' workflow in the app (tutor/web/translators.py, TRANSLATING.md): a saved catalog
shows at the next page load, a broken one is reported while the last good one is served, ``?msgids=1``
shows the msgids, the pseudo-locale leaves no English unmarked, a translation cannot inject markup,
the status page, and the commands (add-language, stats)."""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

import pytest
from babel.messages.plurals import get_plural
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from tutor import catalogs, create_app
from tutor.tools import catalogs as catalog_tools
from tutor.course import load_course
from tutor.games.domino import questions
from tutor.games.domino.diagrams import load_diagrams
from tutor.web.translators import PSEUDO_LOCALE, pseudo_text

ROOT = Path(__file__).resolve().parents[2]
OBJECTIVE_VI = "Mục tiêu"


# ---- helpers ----------------------------------------------------------------------------------------
@pytest.fixture()
def translations(compiled_translations, tmp_path) -> Path:
    """A compiled copy of translations/, for an app that may change its catalogs."""
    target = tmp_path / "translations"
    shutil.copytree(compiled_translations, target)
    return target


@pytest.fixture(scope="session")
def compiled_translations(tmp_path_factory) -> Path:
    """translations/ compiled once per test process (each test copies it: compiling takes a second)."""
    target = tmp_path_factory.mktemp("compiled") / "translations"
    shutil.copytree(ROOT / "translations", target, ignore=shutil.ignore_patterns("*.mo"))
    for path in catalogs.catalog_files(target).values():
        catalogs.compile_catalog(path)
    return target


def make_app(translations: Path, **config):
    return create_app({"TESTING": True, "BABEL_TRANSLATION_DIRECTORIES": str(translations), **config})


def po(directory: Path, lang: str) -> Path:
    return directory / lang / "LC_MESSAGES" / "messages.po"


def save(path: Path, text: str) -> None:
    """Write a catalog as an editor would, with a modification time surely later than before."""
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 2_000_000_000, before + 2_000_000_000))


def set_strings(path: Path, changes: dict) -> None:
    lang = path.parts[-3]
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    for msgid, string in changes.items():
        if catalog[msgid] is None:  # the catalog lags behind the sources: add the entry
            catalog.add(msgid, string)
        catalog[msgid].string = string
    before = path.stat().st_mtime_ns
    with path.open("wb") as f:
        write_po(f, catalog, width=0)
    os.utime(path, ns=(before + 2_000_000_000, before + 2_000_000_000))


def first_step_url(lang: str) -> str:
    section = load_course()[0]
    return f"/{lang}/domino/lessons/{section.id}/{section.steps[0].id}"


# ---- live reload ------------------------------------------------------------------------------------------
def test_a_saved_catalog_shows_at_the_next_page_load(translations):
    app = make_app(translations, CATALOG_RELOAD=True)
    client = app.test_client()
    assert OBJECTIVE_VI in client.get("/vi/domino/").get_data(as_text=True)
    path = po(translations, "vi")
    save(path, path.read_text(encoding="utf-8").replace(f'msgstr "{OBJECTIVE_VI}"', 'msgstr "Mục tiêu của ván"', 1))
    page = client.get("/vi/domino/").get_data(as_text=True)
    assert "Mục tiêu của ván" in page
    # a diagram file is not kept by the browser while translating
    svg = client.get("/vi/domino/diagrams/D1.svg")
    assert svg.status_code == 200 and "no-cache" in svg.headers["Cache-Control"]


def test_without_live_reload_the_compiled_catalog_is_served(translations):
    app = make_app(translations, CATALOG_RELOAD=False)
    client = app.test_client()
    client.get("/vi/domino/")
    path = po(translations, "vi")
    save(path, path.read_text(encoding="utf-8").replace(f'msgstr "{OBJECTIVE_VI}"', 'msgstr "Mục tiêu của ván"', 1))
    assert OBJECTIVE_VI in client.get("/vi/domino/").get_data(as_text=True)


def test_a_broken_catalog_is_reported_and_the_last_good_one_served(translations, caplog):
    app = make_app(translations, CATALOG_RELOAD=True)
    client = app.test_client()
    assert OBJECTIVE_VI in client.get("/vi/domino/").get_data(as_text=True)
    path = po(translations, "vi")
    text = path.read_text(encoding="utf-8")
    broken = text.replace(f'msgstr "{OBJECTIVE_VI}"', 'msgstr "Mục tiêu mới', 1)  # no closing quote
    line = broken[: broken.index('msgstr "Mục tiêu mới')].count("\n") + 1
    mo_before = path.with_suffix(".mo").read_bytes()
    with caplog.at_level(logging.ERROR, logger="tutor.catalogs"):
        save(path, broken)
        page = client.get("/vi/domino/").get_data(as_text=True)
    assert OBJECTIVE_VI in page and "Mục tiêu mới" not in page  # the last good catalog
    assert path.with_suffix(".mo").read_bytes() == mo_before  # untouched
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert f"vi/LC_MESSAGES/messages.po:{line}:" in logged and "not closed" in logged
    assert "last good" in logged
    status = client.get("/en/translators/").get_data(as_text=True)
    assert f"messages.po:{line}</code>" in status and 'data-errors="vi"' in status
    # fixed: compiled again, and the error is gone
    save(path, text.replace(f'msgstr "{OBJECTIVE_VI}"', 'msgstr "Mục tiêu mới"', 1))
    assert "Mục tiêu mới" in client.get("/vi/domino/").get_data(as_text=True)
    assert 'data-errors="vi"' not in client.get("/en/translators/").get_data(as_text=True)


def test_a_translation_the_app_cannot_format_is_left_out_not_served(translations):
    """A misspelt placeholder would make the page fail: the reload shows English for that message
    and the status page says why (the checks fail too, see test_catalog_checks.py)."""
    app = make_app(translations, CATALOG_RELOAD=True)
    client = app.test_client()
    client.get("/vi/domino/")
    msgid = "Open ends: %(left)s on the left, %(right)s on the right."
    set_strings(po(translations, "vi"), {msgid: "Hai đầu mở: %(lft)s bên trái, %(right)s bên phải."})
    svg = client.get("/vi/domino/diagrams/D3.svg")
    assert svg.status_code == 200
    assert "Open ends: 5 on the left, 6 on the right." in svg.get_data(as_text=True)
    status = client.get("/en/translators/").get_data(as_text=True)
    assert "[left-out]" in status and "%(lft)s" in status


def test_a_lost_placeholder_or_markup_is_left_out_and_marked_in_the_msgids_view(translations):
    """R10: a placeholder dropped from a translation (a slide's kicker without its title) and a tag
    written into one (shown as "<b>..." on the page) went live without a mark. Now they show in
    English until fixed, the status page lists them, and the msgids view marks them ⚠."""
    app = make_app(translations, CATALOG_RELOAD=True)
    client = app.test_client()
    client.get("/vi/domino/")
    ends = "Open ends: %(left)s on the left, %(right)s on the right."
    set_strings(po(translations, "vi"), {ends: "Hai đầu mở: %(left)s bên trái.", "Objective": "<b>Mục tiêu</b>"})
    svg = client.get("/vi/domino/diagrams/D3.svg").get_data(as_text=True)
    assert "Open ends: 5 on the left, 6 on the right." in svg and "Hai đầu mở" not in svg
    page = client.get("/vi/domino/").get_data(as_text=True)
    assert "Mục tiêu</b>" not in page and "&lt;b&gt;" not in page and ">Objective<" in page
    status = client.get("/en/translators/").get_data(as_text=True)
    assert status.count("[left-out]") >= 2 and "leaves out %(right)s" in status and "markup" in status
    marked = client.get("/vi/domino/?msgids=1").get_data(as_text=True)
    assert "⟦⚠ Objective⟧" in marked and "⟦Dominoes, step by step⟧" in marked
    assert "⚠" not in client.get("/id/domino/?msgids=1").get_data(as_text=True)  # Indonesian's is whole
    # fixed: served again, the mark gone
    set_strings(po(translations, "vi"), {"Objective": "Mục tiêu"})
    assert "⟦Objective⟧" in client.get("/vi/domino/?msgids=1").get_data(as_text=True)


# ---- the msgids view -------------------------------------------------------------------------------------
def test_the_msgids_view_shows_the_msgid_behind_each_text(client):
    page = client.get("/vi/domino/?msgids=1").get_data(as_text=True)
    assert "⟦Objective⟧" in page and OBJECTIVE_VI not in page
    assert "⟦Dominoes, step by step⟧" in page
    # the links of the page keep the view on
    links = re.findall(r'href="(/vi/domino/lessons/[^"]+)"', page)
    assert links and all("msgids=1" in link for link in links)
    step = client.get(first_step_url("vi") + "?msgids=1").get_data(as_text=True)
    assert "⟦" in step and "⟦Empty your hand first⟧" in step
    svg = client.get("/vi/domino/diagrams/D3.svg?msgids=1").get_data(as_text=True)
    assert "⟦Your hand⟧" in svg
    ET.fromstring(svg)  # still a well-formed picture
    error = client.get("/vi/domino/lessons/no-such-section/?msgids=1")
    assert error.status_code == 404 and "⟦There is no page at this address.⟧" in error.get_data(as_text=True)
    # without the parameter, the translation
    assert OBJECTIVE_VI in client.get("/vi/domino/").get_data(as_text=True)


def test_the_msgids_view_is_escaped(client):
    page = client.get("/en/?msgids=1").get_data(as_text=True)
    texts = Texts.of(page)
    marked = [t for t in texts if "⟦" in t]
    assert marked and all(t.count("⟦") == t.count("⟧") for t in marked)
    # a msgid with an apostrophe comes out as an entity, never as raw markup
    hand = client.get("/en/domino/hands/?msgids=1").get_data(as_text=True)
    assert "<⟦" not in hand


# ---- the pseudo-locale --------------------------------------------------------------------------------------
def test_pseudo_text_accents_lengthens_and_keeps_placeholders():
    assert pseudo_text("Dominoes, step by step").startswith("[Ðöɱîñöéš, šţéþ ƀý šţéþ ·")
    text = pseudo_text("%(name)s holds %(num)d tiles: 50%% of %(tiles)s.")
    assert "%(name)s" in text and "%(num)d" in text and "%(tiles)s" in text and "%%" in text
    assert not re.search(r"[A-Za-z]", re.sub(r"%\(\w+\)[sd]", "", text))
    sentence = "The boneyard holds no tile that fits either open end."
    assert len(pseudo_text(sentence)) >= 1.3 * len(sentence)
    assert (text % {"name": "X", "num": 2, "tiles": "6-6"}).count("%") == 1


def test_the_pseudo_locale_is_off_unless_configured(translations):
    assert make_app(translations).test_client().get(f"/{PSEUDO_LOCALE}/").status_code == 404
    on = make_app(translations, PSEUDO_LOCALE=True).test_client().get(f"/{PSEUDO_LOCALE}/")
    assert on.status_code == 200 and f'<html lang="{PSEUDO_LOCALE}">' in on.get_data(as_text=True)


class Texts(HTMLParser):
    """The visible text of a page or picture: text nodes (not scripts or styles) and the attributes a
    browser shows or reads aloud. Text inside <kbd> is a key's name, printed on the keyboard."""

    SHOWN_ATTRIBUTES = {"aria-label", "alt", "title", "placeholder", "aria-description", "aria-roledescription"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hidden = 0
        self.texts: list[str] = []

    @classmethod
    def of(cls, markup: str) -> list[str]:
        parser = cls()
        parser.feed(markup)
        return parser.texts

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "kbd"):
            self.hidden += 1
        self.texts += [v.strip() for k, v in attrs if k in self.SHOWN_ATTRIBUTES and v and v.strip()]

    def handle_endtag(self, tag):
        if tag in ("script", "style", "kbd"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.texts.append(data.strip())


#: Text that is not English even on a pseudo-locale page, and why:
#: - a language's name, in that language (the language menu);
#: - a diagram's identifier, D1 to D8 (dominoes) or B1 to B12 (backgammon): the same in every language,
#:   as in the catalogs' comments;
#: - a move in a game address, echoed in an error about that address (6-1L, draw): the address itself;
#: - a backgammon play in standard notation (bar/19 13/9*, 5/off, 8/2(2)), which players write alike everywhere.
ALLOWED = [
    re.compile(r"Tiếng Việt|Bahasa Indonesia|English"),
    re.compile(r"\b[DB]\d+\b"),
    re.compile(r"\(\d-\d[LR]?\)|\b\d-\d[LR]\b"),
    re.compile(r"\b(?:bar|\d{1,2})(?:/(?:\d{1,2}|off)\*?)+(?:\(\d\))?"),
]
PSEUDO_SPAN = re.compile(r"\[[^\[\]]*\]")


def unmarked_english(text: str) -> str | None:
    """What is left of a text once pseudo-translated spans (nested ones too), numbers, tile notation
    and the allowed words are removed, if it still has a Latin letter."""
    rest = text
    while PSEUDO_SPAN.search(rest):
        rest = PSEUDO_SPAN.sub(" ", rest)
    for pattern in ALLOWED:
        rest = pattern.sub(" ", rest)
    return rest if re.search(r"[A-Za-z]", rest) else None


def pseudo_pages(app) -> list[tuple[str, str, str]]:
    """(method, URL, form answer) for every page type, in the pseudo-locale."""
    import site_pages

    p = f"/{PSEUDO_LOCALE}"
    with app.test_request_context():
        # not the translators' status page: it quotes msgids, and the checks' findings, in English
        pages = [("GET", url.replace("/en/", p + "/", 1), "") for _name, url in site_pages.page_urls(app, "en")
                 if "/translators/" not in url]
    for section in load_course():
        for step in section.steps:
            url = f"{p}/domino/lessons/{section.id}/{step.id}"
            pages.append(("GET", url, ""))
            if step.question:
                pages.append(("POST", url, "0" if step.question.kind == "points" else "not-an-option"))
    pages += [("GET", f"{p}/domino/diagrams/{diagram}.svg", "") for diagram in load_diagrams()]
    hand = site_pages.first_hand()
    pages += [
        ("GET", f"{p}/domino/hands/", ""),
        ("GET", f"{p}/domino/hands/{hand.id}?hint=1", ""),
        ("GET", f"{p}/domino/hands/{hand.id}?hint=3&explain=1&strategy=1", ""),
        ("GET", f"{p}/domino/hands/{hand.id}?moves={'.'.join(site_pages.finished_moves(hand))}", ""),
        ("GET", f"{p}/domino/hands/{hand.id}?try=0-0", ""),
        ("GET", f"{p}/domino/play?g={site_pages.FREE_PLAY_GAME}&hint=2&explain=1", ""),
        ("GET", f"{p}/domino/play?g={site_pages.FREE_PLAY_GAME}&strategy=1", ""),
        # error pages: no such page, section, diagram; a bad game address; a wrong method; bad free play
        ("GET", f"{p}/no/such/page", ""),
        ("GET", f"{p}/domino/lessons/no-such-section/", ""),
        ("GET", f"{p}/domino/diagrams/D99.svg", ""),
        ("GET", f"{p}/domino/hands/{hand.id}?moves=9-9", ""),
        ("GET", f"{p}/domino/play?seats=7", ""),
        ("GET", f"{p}/domino/play?g=x", ""),
        ("PUT", f"{p}/", ""),
    ]
    return pages


def test_every_page_in_the_pseudo_locale_has_no_unmarked_english(translations):
    import site_pages

    app = make_app(translations, PSEUDO_LOCALE=True)
    client = app.test_client()
    leaks, statuses = [], set()
    with site_pages.guided_hands_available():
        pages = pseudo_pages(app)
        for method, url, answer in pages:
            response = client.open(url, method=method, data={"answer": answer} if method == "POST" else None)
            statuses.add(response.status_code)
            assert response.status_code < 500, url
            body = response.get_data(as_text=True)
            if response.mimetype == "image/svg+xml":
                ET.fromstring(body)
            for text in Texts.of(body):
                rest = unmarked_english(text)
                if rest:
                    leaks.append(f"{method} {url}: {text!r}")
    assert len(pages) > 60 and {200, 400, 404, 405} <= statuses
    assert not leaks, "English that escaped the catalogs:\n" + "\n".join(leaks)


def test_the_leak_detector_sees_english(client):
    assert unmarked_english("[Ţĥé ƀöñéýåŕð ····] 5-4 · 12 · Tiếng Việt · D3") is None
    assert unmarked_english("[Ýöûŕ ĥåñð ···]: Your opponent")
    assert unmarked_english("[Šéåţ [Öþþöñéñţ 2 ··] ··] passed")
    # on an English page nearly every text is a leak; on the same page in the pseudo-locale, none
    english = [t for t in Texts.of(client.get("/en/").get_data(as_text=True)) if unmarked_english(t)]
    assert "Skip to the content" in english and len(english) > 10


# ---- safety: a translation cannot inject markup -------------------------------------------------------------
SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"


def test_markup_in_a_catalog_is_shown_as_text(translations):
    section = load_course()[0]
    step = section.steps[0]
    changes = {
        step.text[0]: f"{SCRIPT} Đoạn văn {IMG}",  # a lesson paragraph (tr())
        step.title: f"{IMG}{SCRIPT}",  # a lesson title, also in <title>
        "Skip to the content": f"{SCRIPT}{IMG}",  # a template string (Jinja gettext)
        "Open ends: %(left)s on the left, %(right)s on the right.": f"{SCRIPT} %(left)s %(right)s {IMG}",
        "Your hand": f"{SCRIPT}{IMG}",  # a diagram label
        "Boneyard": '"><script>alert(1)</script>',
    }
    path = po(translations, "vi")
    set_strings(path, changes)
    # make catalogs leaves every one of them out (the page would show it as written)...
    left_out = {problem.msgid for problem in catalogs.compile_catalog(path)}
    assert set(changes) <= left_out
    # ...and a catalog compiled by another tool (msgfmt) keeps them: the app still escapes them
    with path.open("rb") as f:
        catalog = read_po(f, locale="vi")
    with path.with_suffix(".mo").open("wb") as f:
        write_mo(f, catalog)
    client = make_app(translations).test_client()

    page = client.get(f"/vi/domino/lessons/{section.id}/{step.id}").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "<title>&lt;img" in page

    svg = client.get("/vi/domino/diagrams/D3.svg").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg and "&lt;img src=x onerror=alert(1)&gt;" in svg
    assert "<script" not in svg and "<img" not in svg
    tree = ET.fromstring(svg)
    assert not [e for e in tree.iter() if e.tag.rsplit("}", 1)[-1] in ("script", "img", "foreignObject")]
    assert not [e for e in tree.iter() if any(a.startswith("on") for a in e.attrib)]

    gallery = client.get("/vi/domino/diagrams/").get_data(as_text=True)
    assert "<script>alert" not in gallery and "<img src=x" not in gallery and "&lt;script&gt;" in gallery
    inline_section, inline_step = next((sec, st) for sec in load_course() for st in sec.steps if st.diagram)
    inline = client.get(f"/vi/domino/lessons/{inline_section.id}/{inline_step.id}").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in inline and "<script>alert" not in inline

    api = client.post("/api/v1/domino/analyze?lang=vi",
                      json={"hands": [["5-4", "1-6", "2-2"], ["2-0", "1-1"]], "line": ["5-3", "3-3", "3-6"],
                            "to_move": 0, "passes": 0})
    assert api.status_code == 200 and api.mimetype == "application/json"
    explanation = api.get_json()["explanation"]
    assert f"{SCRIPT} 5 6 {IMG}" in explanation  # JSON carries text: a client inserts it as text
    assert "text/html" not in api.headers["Content-Type"]
    assert json.loads(api.get_data(as_text=True))["explanation"] == explanation


# ---- the status page --------------------------------------------------------------------------------------------------
def test_the_status_page_shows_each_language_section_and_step(client):
    assert client.get("/translators/").status_code == 302
    response = client.get("/en/translators/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for lang in ("vi", "id", "en"):
        assert f'<tr data-lang="{lang}">' in page
        assert f'href="/{lang}/translators/"' in page  # the language menu keeps this page
    for section in load_course():
        assert f'data-section="{section.id}"' in page
        for step in section.steps:
            assert f'href="/en/domino/lessons/{section.id}/{step.id}"' in page
    for area in ("diagrams", "explanations", "interface"):
        assert f'data-area="{area}"' in page
    vi = client.get("/vi/translators/").get_data(as_text=True)
    assert '<html lang="vi">' in vi and 'href="/vi/domino/lessons/' in vi


def test_the_status_page_counts_what_is_left_per_section_and_links_to_it(translations):
    section = load_course()[1]
    step = section.steps[-1]
    lesson_file = "lessons/" + sorted(p.name for p in (ROOT / "lessons").glob("[0-9][0-9]-*.toml"))[1]
    with po(translations, "id").open("rb") as f:
        messages = [m for m in read_po(f, locale="id") if m.id and m.string]
    # the section's title and the last step's title, found by their translator comments
    chosen = [m.id for m in messages if catalogs.lesson_step_of(m) == (lesson_file, None)
              and any(c.endswith(": title") for c in m.auto_comments)][:1]
    chosen += [m.id for m in messages if catalogs.lesson_step_of(m) == (lesson_file, step.id)
               and any(c.endswith(") title") for c in m.auto_comments)][:1]
    assert len(chosen) == 2, chosen
    before = {s.lang: s for s in catalogs.all_stats(translations)}["id"]
    set_strings(po(translations, "id"), {msgid: "" for msgid in chosen})
    client = make_app(translations).test_client()
    page = client.get("/en/translators/").get_data(as_text=True)
    after = {s.lang: s for s in catalogs.all_stats(translations)}["id"]
    counts = after.areas[lesson_file]
    assert counts.untranslated == before.areas[lesson_file].untranslated + 2
    assert after.overall.untranslated == before.overall.untranslated + 2
    assert after.steps[(lesson_file, step.id)].untranslated == before.steps[(lesson_file, step.id)].untranslated + 1
    row = re.search(rf'<tr class="section" data-section="{section.id}" data-course="domino">(.*?)</tr>', page, re.S).group(1)
    assert f"{counts.translated}/{counts.total}</td>" in row
    # the backgammon course counts too, section by section, under its own heading
    from tutor.games.backgammon.course import load_course as backgammon_course

    assert 'data-course="backgammon"><th scope="rowgroup"' in page
    backgammon_files = ["lessons/backgammon/" + p.name for p in sorted((ROOT / "lessons" / "backgammon").glob("[0-9][0-9]-*.toml"))]
    for bg_section, bg_file in zip(backgammon_course(), backgammon_files):
        bg_row = re.search(rf'<tr class="section" data-section="{bg_section.id}" data-course="backgammon">(.*?)</tr>', page, re.S)
        assert bg_row and f"{after.areas[bg_file].translated}/{after.areas[bg_file].total}" in bg_row.group(1), bg_section.id
    # a section's title shows on its section's page: its link goes there
    todo = re.search(r'<details data-todo="id".*?</details>', page, re.S).group(0)
    # the step where the missing title shows, in the catalog's language, with the msgids view on and
    # the msgid as the fragment that static/msgids.js marks
    assert f'href="/id/domino/lessons/{section.id}/{step.id}?msgids=1#msgid={quote(chosen[1], safe="")}"' in todo
    assert f'href="/id/domino/lessons/{section.id}/?msgids=1#msgid={quote(chosen[0], safe="")}"' in todo


def test_the_to_do_lists_show_one_section_or_area_when_asked(translations):
    """The translator review's 1,399-item to-do page: the "By section" table links each section and
    area to the to-do lists of its texts alone; a name the app does not have is a 400."""
    with po(translations, "vi").open("rb") as f:
        messages = [m for m in read_po(f, locale="vi") if m.id and m.string and isinstance(m.id, str)]
    lesson = next(m for m in messages if catalogs.areas_of(m) == ["lessons/03-dealing.toml"])
    diagram = next(m for m in messages if catalogs.areas_of(m) == ["diagrams"])
    set_strings(po(translations, "vi"), {lesson.id: "", diagram.id: ""})
    client = make_app(translations).test_client()

    def todo(query: str) -> str:
        page = client.get(f"/en/translators/{query}").get_data(as_text=True)
        return html_unescape(re.search(r'<details data-todo="vi".*?</details>', page, re.S).group(0))

    everything = todo("")
    assert lesson.id in everything and diagram.id in everything
    assert re.search(r"\(Untranslated\)\s+<a ", everything)  # "(Untranslated)See where it shows" had no space
    page = client.get("/en/translators/").get_data(as_text=True)
    assert 'href="/en/translators/?area=lessons/03-dealing.toml#todo"' in page.replace("%2F", "/")
    assert lesson.id in todo("?area=lessons/03-dealing.toml") and diagram.id not in todo("?area=lessons/03-dealing.toml")
    assert diagram.id in todo("?area=diagrams") and lesson.id not in todo("?area=diagrams")
    assert client.get("/en/translators/?area=lessons/99-nowhere.toml").status_code == 400


def test_the_stats_command_reports_each_section(capsys):
    assert catalog_tools.main(["stats"]) == 0
    out = capsys.readouterr().out
    for lang in ("vi", "id", "en"):
        assert re.search(rf"^{lang}: \d+ translated, \d+ fuzzy, \d+ untranslated", out, re.M)
    assert "01-objective" in out and "diagrams" in out and "explanations" in out
    assert "backgammon/01-summary" in out and "backgammon/09-videau" in out  # the backgammon course's sections too


# ---- adding a language ------------------------------------------------------------------------------------------------
def test_add_language_starts_a_catalog_the_app_offers(translations, capsys):
    assert catalog_tools.main(["add-language", "fr", "--dir", str(translations)]) == 0
    said = capsys.readouterr().out  # the next steps of TRANSLATING.md's checklist, for this language
    assert "/fr/" in said and "[language.fr] allow_incomplete = true" in said and "glossary.toml" in said
    path = po(translations, "fr")
    assert path.exists() and path.with_suffix(".mo").exists()
    text = path.read_text(encoding="utf-8")
    assert f"Plural-Forms: {get_plural('fr').plural_forms}" in text and "Language: fr" in text
    assert "fr" in catalogs.catalog_languages(translations)
    assert catalogs.language_name("fr") == "Français"
    stats = {s.lang: s for s in catalogs.all_stats(translations)}
    template = [m for m in catalogs.read_template(translations / "messages.pot") if m.id]
    assert stats["fr"].overall.translated == 0 and stats["fr"].overall.untranslated == len(template)
    assert catalog_tools.main(["add-language", "fr", "--dir", str(translations)]) == 2  # exists already
    assert catalog_tools.main(["add-language", "xx-nonsense", "--dir", str(translations)]) == 2
    assert "not a language code" in capsys.readouterr().err


def test_the_app_offers_the_languages_of_the_catalog_folder():
    from tutor.web import i18n

    assert i18n.LANGUAGES == catalogs.catalog_languages(catalogs.CATALOGS)
    assert i18n.LANGUAGES[:3] == ("vi", "id", "en")
    assert all(i18n.LANGUAGE_NAMES[code] for code in i18n.LANGUAGES)


def test_make_add_language_needs_a_language():
    refused = subprocess.run(["make", "add-language"], cwd=ROOT, capture_output=True, text=True,
                             env={**os.environ, "LANG": "C.UTF-8"})
    assert refused.returncode != 0 and "usage: make add-language LANG=xx" in refused.stderr
    dry = subprocess.run(["make", "-n", "add-language", "LANG=fr"], cwd=ROOT, capture_output=True, text=True)
    assert "-m tutor.tools.catalogs add-language fr --dir translations" in dry.stdout, dry.stdout + dry.stderr


def test_translating_md_documents_the_commands_and_pages():
    guide = (ROOT / "TRANSLATING.md").read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("run", "extract", "update-catalogs", "catalogs", "catalog-stats", "check-catalogs", "add-language"):
        assert f"make {target}" in guide, target
        assert re.search(rf"^{re.escape(target)}:", makefile, re.M), target
    for words in ("?msgids=1", f"/{PSEUDO_LOCALE}/", "/translators/", "glossary.toml", "nplurals=1", "msgctxt",
                  "Poedit", "Weblate", "%(num)d"):
        assert words in guide, words


# ---- the status page, second pass (issue 17) ---------------------------------------------------------------
def todo_of(page: str, lang: str) -> str:
    return re.search(rf'<details data-todo="{lang}".*?</details>', page, re.S).group(0)


def test_a_diagrams_screen_reader_text_links_to_that_diagram(translations, client):
    msgid = "It is your turn."
    set_strings(po(translations, "vi"), {msgid: ""})
    page = make_app(translations).test_client().get("/en/translators/").get_data(as_text=True)
    link = re.search(r'<q lang="en">It is your turn\.</q>.*?<a href="([^"]+)"', todo_of(page, "vi"), re.S).group(1)
    match = re.fullmatch(r"/vi/domino/diagrams/\?msgids=1#(D\d+)", html_unescape(link))
    assert match, link
    # that diagram's description says it (read from the diagram itself, in English)
    svg = client.get(f"/en/domino/diagrams/{match.group(1)}.svg").get_data(as_text=True)
    assert msgid in ET.fromstring(svg).find("{http://www.w3.org/2000/svg}desc").text


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


def test_a_fuzzy_entry_shows_its_current_translation(translations):
    path = po(translations, "vi")
    with path.open("rb") as f:
        catalog = read_po(f, locale="vi")
    catalog["Objective"].flags.add("fuzzy")
    with path.open("wb") as f:
        write_po(f, catalog, width=0)
    page = make_app(translations).test_client().get("/en/translators/").get_data(as_text=True)
    item = re.search(r'<li><q lang="en">Objective</q>.*?</li>', todo_of(page, "vi"), re.S).group(0)
    assert f'<q lang="vi">{OBJECTIVE_VI}</q>' in item and "Translation to check:" in item
    untranslated = re.search(r"<li><q lang=\"en\">.*?</li>", todo_of(page, "vi"), re.S)
    assert untranslated


@pytest.mark.parametrize("lang, says", [("vi", "Văn bản chưa được đóng"), ("id", "Teks belum ditutup"),
                                        ("en", "The text is not closed")])
def test_a_syntax_error_is_reported_in_the_pages_language(translations, lang, says):
    app = make_app(translations, CATALOG_RELOAD=True)
    client = app.test_client()
    path = po(translations, "vi")
    text = path.read_text(encoding="utf-8")
    save(path, text.replace(f'msgstr "{OBJECTIVE_VI}"', 'msgstr "Mục tiêu mới', 1))
    status = client.get(f"/{lang}/translators/").get_data(as_text=True)
    errors = re.search(r'<section class="errors" data-errors="vi">.*?</section>', status, re.S).group(0)
    assert says in errors and "messages.po:" in errors


def test_a_removed_language_folder_leaves_the_menu_without_a_restart(translations):
    client = make_app(translations).test_client()
    catalog_tools.add_language("fr", translations)
    home = client.get("/en/").get_data(as_text=True)
    assert 'hreflang="fr"' in home and client.get("/fr/").status_code == 200
    shutil.rmtree(translations / "fr")
    home = client.get("/en/").get_data(as_text=True)
    assert 'hreflang="fr"' not in home and 'hreflang="vi"' in home
    assert client.get("/fr/").status_code == 404
    assert "fr" not in client.get("/en/translators/").get_data(as_text=True).split("<tbody>")[1].split("</tbody>")[0]


def test_the_msgid_anchor_marks_the_string_on_the_page(live_server, page):
    """Following a status page link: the msgids view marks the msgid and brings it into view."""
    section = next(s for s in load_course() if s.id == "turn")
    step = next(s for s in section.steps if len(s.text) >= 3)
    msgid = step.text[-1]
    page.set_viewport_size({"width": 390, "height": 500})  # a phone: the last paragraph is far down
    page.goto(f"{live_server}/vi/domino/lessons/{section.id}/{step.id}?msgids=1#msgid={quote(msgid, safe='')}")
    page.wait_for_selector("#msgid-target")
    found = page.evaluate("""() => { const m = document.getElementById('msgid-target'); const r = m.getBoundingClientRect();
        return {text: m.textContent, top: r.top, bottom: r.bottom, height: innerHeight, scrolled: scrollY}; }""")
    assert found["text"].startswith("⟦") and msgid in found["text"], found
    assert found["scrolled"] > 0 and 0 <= found["top"] < found["height"], found
    # a msgid with a placeholder is found by the text around it
    page.goto(f"{live_server}/en/present/?msgids=1#msgid={quote('%(num)d steps', safe='')}")
    page.wait_for_selector("#msgid-target")
    assert page.evaluate("document.getElementById('msgid-target').textContent").endswith("steps⟧")
    # a speaker note of another slide, or another slide's text, linked from the deck's or the notes'
    # first page: that slide opens, the text marked on it (the slides kept the link's #msgid=)
    page.set_viewport_size({"width": 1280, "height": 720})
    section = next(s for s in load_course() if len(s.steps) >= 3 and s.steps[2].notes)
    for address, msgid in ((f"/vi/domino/present/{section.id}/notes", section.steps[2].notes[0]),
                           (f"/vi/domino/present/{section.id}/", section.steps[2].text[0])):
        page.goto(f"{live_server}{address}?msgids=1#msgid={quote(msgid, safe='')}")
        page.wait_for_selector(".msgid-target")
        found = page.evaluate("""() => { const m = document.querySelector('.msgid-target'), r = m.getBoundingClientRect();
            return {hidden: Boolean(m.closest('[hidden]')), top: r.top, bottom: r.bottom, height: innerHeight, hash: location.hash}; }""")
        assert not found["hidden"] and 0 <= found["top"] and found["bottom"] <= found["height"], (address, found)
        assert found["hash"].startswith("#msgid="), (address, found)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_status_page_fits_a_phone(live_server, page, lang):
    """Its tables are wider than a phone (a column per language): each scrolls by itself, and the
    page does not."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server}/{lang}/translators/")
    widths = page.evaluate("""() => ({page: document.documentElement.scrollWidth, screen: innerWidth,
        tables: [...document.querySelectorAll('main table')].map(t => [t.clientWidth, t.scrollWidth])})""")
    assert widths["page"] <= widths["screen"], widths
    assert len(widths["tables"]) == 2 and all(shown <= widths["screen"] for shown, _whole in widths["tables"])
    assert any(whole > shown for shown, whole in widths["tables"]), "a table wider than the screen scrolls"


# ---- msgctxt: one English word, several roles -------------------------------------------------------------
def test_words_with_several_roles_have_a_context_each():
    with (ROOT / "translations" / "messages.pot").open("rb") as f:
        template = read_po(f)
    where = {(m.context, m.id): {str(path) for path, _line in m.locations} for m in template if m.id}
    assert "templates/domino/play/game.html" in where[("button", "Pass")]
    assert "tutor/web/domino/wording.py" in where[("rule", "Pass")]
    assert (None, "Pass") not in where
    assert "templates/domino/play/game.html" in where[("game facts", "Strategy")]
    assert "lessons/09-strategy.toml" in where[(None, "Strategy")]  # the section
    assert "templates/domino/play/game.html" not in where[(None, "Strategy")]


def test_a_context_can_be_translated_on_its_own(translations):
    from flask_babel import force_locale

    from tutor.web.domino.wording import action_name

    set_strings(po(translations, "vi"), {})  # unchanged, then two senses of Pass translated apart
    path = po(translations, "vi")
    with path.open("rb") as f:
        catalog = read_po(f, locale="vi")
    catalog.get("Pass", context="rule").string = "Bỏ lượt (luật)"
    catalog.get("Pass", context="button").string = "Bỏ lượt (nút)"
    with path.open("wb") as f:
        write_po(f, catalog, width=0)
    catalogs.compile_catalog(path)
    app = make_app(translations)
    with app.test_request_context("/vi/"), force_locale("vi"):
        assert action_name("pass") == "Bỏ lượt (luật)"
    with app.test_request_context("/vi/?msgids=1"):
        from tutor.web.translators import choose_translations

        choose_translations(None, {"lang_code": "vi"})
        assert action_name("pass") == "⟦rule | Pass⟧"


# ---- context pictures (make context-shots) ------------------------------------------------------------------
def test_context_pictures_are_taken_for_each_msgid_and_shown_to_translators(live_server, app, browser, page, tmp_path,
                                                                            translations, monkeypatch):
    import struct

    from tutor.tools import context_shots

    section = load_course()[1]
    step = section.steps[0]
    paths = [f"/en/domino/lessons/{section.id}/{step.id}", "/en/"]
    shots = tmp_path / "shots"
    index = context_shots.take_shots(live_server, paths, shots, ROOT / "translations" / "messages.pot", browser=browser)
    assert json.loads((shots / "index.json").read_text(encoding="utf-8")) == index
    by_msgid = {entry["msgid"]: name for name, entry in index.items()}
    assert any(entry["page"] == "/en/" for entry in index.values())  # the second page adds its own texts
    for msgid in (step.title, *step.text):
        assert msgid in by_msgid, msgid
    name = by_msgid[step.title]
    data = (shots / name).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert 40 < width <= 1280 and 20 < height < 900, (width, height)  # cropped, not the whole page
    assert name == context_shots.shot_name(step.title)

    # the status page shows the picture beside a message still to translate, and the picture is served
    set_strings(po(translations, "vi"), {step.title: ""})
    client = make_app(translations, CONTEXT_SHOTS=str(shots)).test_client()
    status = client.get("/en/translators/").get_data(as_text=True)
    assert f'src="/translators/shots/{name}"' in todo_of(status, "vi")
    served = client.get(f"/translators/shots/{name}")
    assert served.status_code == 200 and served.mimetype == "image/png" and served.data == data
    assert client.get("/translators/shots/../index.json").status_code == 404
    assert client.get("/translators/shots/0123456789abcdef.png").status_code == 404
    # no pictures taken: the page works and shows none
    bare = make_app(translations, CONTEXT_SHOTS=str(tmp_path / "nothing-here")).test_client()
    status = bare.get("/en/translators/")
    assert status.status_code == 200 and "context-shot" not in todo_of(status.get_data(as_text=True), "vi")

    # the msgids view shows the picture under the msgid a link points at
    monkeypatch.setitem(app.config, "CONTEXT_SHOTS", str(shots))
    page.goto(f"{live_server}/vi/domino/lessons/{section.id}/{step.id}?msgids=1#msgid={quote(step.title, safe='')}")
    page.wait_for_selector("img.context-shot")
    assert page.evaluate("document.querySelector('img.context-shot').naturalWidth") == width
    # and nothing when there is no picture of it
    monkeypatch.setitem(app.config, "CONTEXT_SHOTS", str(tmp_path / "nothing-here"))
    page.goto(f"{live_server}/vi/domino/lessons/{section.id}/{step.id}?msgids=1&x=1#msgid={quote(step.title, safe='')}")
    page.wait_for_selector("#msgid-target")
    page.wait_for_timeout(300)
    assert page.locator("img.context-shot").count() == 0


#: The share of the template's entries that `make context-shots` finds shown somewhere (and then
#: photographs). Measured on 2026-12-02 (session 10), of 1,421 entries: the shorter search this test
#: makes (the pages, walked game states, one whole backgammon game and a series' first, its buttons
#: and taps in each phase, the rare domino, Mexican Train and backgammon states the engine finds in
#: four matches (twelve games) of each kind, refused and hand-made addresses, posted answers, the
#: analyze API, the planted app's status page and error pages; no game played through) shows 1,359
#: (96 %); `make context-shots`' longer search photographs 1,373 (97 %). What no visit shows: hints and
#: refusals for rare positions (a tap the two-dice rule refuses, a turn with no move), the analyze
#: API's words for faults no JSON body can have, the check questions' reasons for answers no lesson
#: question allows, and sentences no page says (another player's turn, their opening).
CONTEXT_FLOOR = 0.92
#: Of the entries the sampled visits show, the share photographed at least (`make context-shots`
#: photographs more than 99 % of what its visits show).
PHOTOGRAPHED_FLOOR = 0.95
#: What the status page says of a catalog with a string left open (planted: context_states.planted_app)
BROKEN = "The text is not closed: it needs a quotation mark at its end."


def test_context_pictures_cover_the_pages_of_both_courses(app, browser, tmp_path, monkeypatch):
    """`make context-shots` finds most entries shown somewhere (the pages of both courses, the presenter's
    slides and notes, the game states a walk reaches, refused addresses, posted answers, the analyze
    API's answers, the status page's reports of broken catalogs, class mode's pages seen by a teacher
    and by students), and photographs what each kind of
    visit shows: a sample of each kind in Chromium."""
    from werkzeug.middleware.dispatcher import DispatcherMiddleware

    from tutor.tools import context_shots, context_states

    paths = context_shots.page_paths(app)
    for fragment in ("/en/backgammon/lessons/", "/en/backgammon/diagrams/", "/en/backgammon/guided/",
                     "/en/backgammon/play/game?g=", "/en/domino/play?g=", "/en/domino/present/",
                     "/en/backgammon/present/", "/notes", "/question", "/en/domino/hands/"):
        assert any(fragment in path for path in paths), fragment
    pot = ROOT / "translations" / "messages.pot"
    # a shorter search than make context-shots' (CI's time): walks given up sooner, fewer round ends
    monkeypatch.setattr(context_states, "STALE", 15)
    monkeypatch.setattr(context_states, "ENDINGS", 300)
    planted = context_states.planted_app(ROOT / "translations", tmp_path / "planted")
    choice = context_states.choose(app, paths, context_shots.identifier(pot), planted=planted)
    with pot.open("rb") as f:
        template = [m for m in read_po(f) if m.id]
    catalog = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in template}
    shown = choice.entries
    assert shown <= set(catalog)
    share = len(shown) / len(catalog)
    backgammon = [key for key, m in catalog.items() if all("backgammon" in path for path, _line in m.locations)]
    backgammon_share = sum(key in shown for key in backgammon) / len(backgammon)
    print(f"context pictures: {len(shown)} of {len(catalog)} msgids shown ({share:.1%}); "
          f"backgammon-only {backgammon_share:.1%} of {len(backgammon)}")
    assert share >= CONTEXT_FLOOR, (len(shown), len(catalog))
    assert backgammon_share >= CONTEXT_FLOOR, backgammon_share

    # a sample of every kind of visit, photographed in Chromium
    def first(test) -> context_states.Visit:
        return next(visit for visit in [context_states.Visit(p) for p in paths] + choice.visits if test(visit))

    def showing(msgid: str) -> context_states.Visit:  # the visit that shows it first
        return first(lambda v: (None, msgid) in choice.shows.get(v.key(), ()))

    notes = next(n for section in load_course() for step in section.steps for n in step.notes)
    sample = [showing(notes),  # a speaker note
              showing("Answer:"),  # an answer, on its question slide
              showing("Your checkers (white), moving 24 → 1"),  # a board's legend, inside its picture
              showing("It is your turn, before you roll."),  # what a board says to screen readers
              first(lambda v: v.form),  # a posted answer
              first(lambda v: v.is_api and isinstance(v.body, dict) and "to_move" in v.body and "hands" in v.body),
              first(lambda v: v.is_api and v.path.endswith("/backgammon/analyze")),
              showing("The request body must be a JSON object."),  # a refused body
              first(lambda v: v in choice.visits and "/domino/play?" in v.path and "m=" in v.path),  # a walked state
              # a text another fills in: "%(player)s drew %(num)d tile." with "Your opponent"
              first(lambda v: any(msgid.startswith("%(player)s") for _c, msgid in choice.shows.get(v.key(), ()))),
              showing(BROKEN),  # the status page's report of a broken catalog
              showing("You answered %(answer)s: right!"),  # a student's phone, known by its cookie
              showing("Your class %(code)s")]  # the teacher's page, known by the teacher's cookie
    expected = set().union(*(choice.shows.get(visit.key(), set()) for visit in sample))
    base, server = context_shots.serve(DispatcherMiddleware(app, {context_states.PLANTED: planted}))
    try:
        index = context_shots.take_shots(base, sample, tmp_path / "shots", pot, browser=browser, only=expected)
    finally:
        server.shutdown()
    shot = {(e["context"], e["msgid"]) for e in index.values()}
    assert len(shot & expected) >= PHOTOGRAPHED_FLOOR * len(expected), sorted(expected - shot)[:20]
    kinds = {("api" if v.is_api else "form" if v.form else "page") for v in sample
             if shot & choice.shows.get(v.key(), set())}
    assert kinds == {"api", "form", "page"}, kinds
    by_msgid = {e["msgid"]: e for e in index.values()}
    assert by_msgid[notes]["page"].endswith("/notes")  # a speaker note, on its notes page
    assert "/present/" in by_msgid["Answer:"]["page"]  # an answer, shown on its question slide
    assert "Your checkers (white), moving 24 → 1" in by_msgid  # a board's legend, inside its picture
    assert "It is your turn, before you roll." in by_msgid  # what a board says to screen readers
    assert "The request body must be a JSON object." in by_msgid  # an API's refusal, in its JSON
    assert by_msgid["The request body must be a JSON object."]["body"] == []
    assert by_msgid[BROKEN]["page"] == context_states.PLANTED + "/en/translators/"
    # class mode's pages, seen with the cookie of a student who answered right and of the teacher
    assert "/en/class/" in by_msgid["You answered %(answer)s: right!"]["page"]
    assert by_msgid["Your class %(code)s"]["page"].endswith("/teacher")
    for name in index:
        assert (tmp_path / "shots" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_text_filled_into_another_is_found_in_the_msgids_view():
    """``⟦⟦Your opponent⟧ passed.⟧``: both texts, and the English page's words for each."""
    from tutor.tools import context_shots, context_states

    shown = context_states.shown_in("Log: ⟦⟦Your opponent⟧ drew ⟦2⟧ tiles.⟧ ⟦rule | Pass⟧")
    assert shown == ["Your opponent", "2", "⟦Your opponent⟧ drew ⟦2⟧ tiles.", "rule | Pass"]
    assert [context_states.plain(text) for text in shown] == ["Your opponent", "2", "Your opponent drew 2 tiles.",
                                                             "Pass"]
    assert context_states.plain("⟦⟦rule | Pass⟧ or draw⟧") == "Pass or draw"
    identify = context_shots.identifier(ROOT / "translations" / "messages.pot")
    assert identify(shown[2]) == ((None, "%(player)s drew %(num)d tile."),)
    assert identify(shown[3]) == (("rule", "Pass"),)
    # two sentences that read alike once filled in (a diagram's label, a game page's line): both shown
    assert set(identify("⟦Your opponent⟧ still holds 6-1 and 5-2: 6 + 1 + 5 + 2 = 14 pips.")) == {
        (None, "%(name)s still holds %(values)s: %(sum)s = %(pips)s pips."),
        (None, "%(player)s still holds %(tiles)s: %(count)s pips.")}
    assert identify("Game rules, step by step") == ((None, "Game rules, step by step"),)  # not "Game %(number)s"


def test_the_states_walk_follows_a_games_own_links_and_buttons():
    from tutor.tools import context_states

    html = ('<a href="/en/domino/play?g=X&amp;hint=1&amp;msgids=1">Hint</a> <a href="/en/domino/?msgids=1">Course</a>'
            '<form method="get" class="moves" action="/en/domino/play"><input type="hidden" name="g" value="X">'
            '<input type="hidden" name="m" value="6-6"><button type="submit" name="try" value="6-1">6-1</button>'
            '</form>')
    assert context_states.next_paths("/en/domino/play?g=X", html) == [
        "/en/domino/play?g=X&hint=1", "/en/domino/play?g=X&m=6-6&try=6-1"]
    assert context_states.refused_paths("/en/domino/play?g=X&m=6-6&hint=1")[0] == "/en/domino/play?g=X&m=6-6.6-6L"
    assert context_states.tampered_paths(["/en/domino/play?g=ABCDEF", "/en/domino/lessons/tiles/double-six"]) == [
        "/en/domino/play?g=ABCD", "/en/domino/play?g=ABCDEF&m=" + "~" * 40, "/en/domino/lessons/tiles/no-such-double-six"]


def test_a_game_played_through_reaches_the_rounds_end_and_sees_each_state_on_the_way(client):
    """``make context-shots`` plays new matches through (the test above measures the cheaper choice
    without them): a tapped tile followed to the address that holds it, the hint and the
    explanation of each state seen on the way, and the round's end reached."""
    from tutor.tools import context_states

    start = context_states.more_matches(deals=1)[0]
    seen = []
    for path, html in context_states.play_through(client, start, seed=0):
        seen.append(path)
        if 'class="result' in html:
            break
    else:
        raise AssertionError("the round did not end")
    played = [context_states.decisions_of(path) for path in seen]
    assert played[0] == "" and len(max(played, key=len).split(".")) >= 4  # decisions, one after another
    assert any("hint=1" in path for path in seen) and any("explain=1" in path for path in seen)
    assert all(context_states.game_of(path) == context_states.game_of(start) for path in seen)


def test_designed_domino_states_are_the_games_own_states_to_their_ends(app, client):
    """The engine's search for rare domino states gives free-play addresses the app serves: the
    learner's turns with the explanation, round ends of every rule set and number of players, and a
    round added after a won match, which the page refuses."""
    from tutor.tools import context_states
    from tutor.freeplay import FREE_PLAY_RULES, read_domino_id
    from tutor.games.domino.rules import RULE_SETS

    paths = context_states.designed_domino_states(app, matches=1, deals=300)
    ends, kinds = 0, set()
    for path in paths:
        answer = client.get(path)
        page = answer.get_data(as_text=True)
        if "explain=1" not in path and context_states.decisions_of(path).endswith("~"):  # after a won match
            assert answer.status_code == 400 and "already won" in page, path
            continue
        if "try=" in path:  # a tile tapped at the round's end
            assert answer.status_code == 400 and "It is not your turn." in page, path
            continue
        assert answer.status_code == 200, path
        if "explain=1" not in path:
            ends += 1
            assert 'class="result"' in page, path  # a designed end is a round's end
            seats, rules = read_domino_id(context_states.game_of(path))
            kinds.add((rules.name, seats))
    assert kinds == {(name, seats) for name in FREE_PLAY_RULES for seats in RULE_SETS[name].seat_counts}
    assert ends >= len(kinds)  # a round's end of each, at least
    assert any("explain=1" not in path and context_states.decisions_of(path).endswith("~") for path in paths)


def test_the_engines_searches_of_mexican_train_and_backgammon_give_states_the_app_serves(app, client):
    """The rare states found with the engine are the games' own: every address is served (but the
    one designed refusal), and the searches reach rounds' and games' ends (a Mexican Train round's
    result, a backgammon result)."""
    from tutor.tools import context_states

    mexican = context_states.designed_mexican_states(app, matches=2)
    backgammon = context_states.designed_backgammon_states(app, games=4)
    pages = {path: client.get(path) for path in (*mexican, *backgammon)}
    # one designed refusal: the review of a round the match has not played, a 400 with its reason
    refused = [path for path, answer in pages.items() if answer.status_code == 400
               and "has no round" in answer.get_data(as_text=True) and "/review?" in path]
    assert len(refused) == 1, refused
    assert all(answer.status_code == 200 for path, answer in pages.items() if path not in refused), [
        p for p, a in pages.items() if a.status_code != 200 and p not in refused]
    assert any('class="result' in pages[path].get_data(as_text=True) for path in mexican)
    assert sum("The game is over" in pages[path].get_data(as_text=True) or "refused the videau" in
               pages[path].get_data(as_text=True) for path in backgammon) >= 2  # one per kind of end found
    assert any("hint=" in path for path in backgammon)


def test_backgammon_states_and_presses_reach_each_phase_and_its_refusals(app, client):
    """The engine-made backgammon games (a series' first one the last) and the buttons and taps
    tried in each phase: what the page accepts is a redirect, what it refuses a 400 with its reason,
    nothing a 500; the series' end offers the next game."""
    from tutor.tools import context_states

    states = context_states.backgammon_games(app, games=1)
    assert {state.phase for state in states} >= {"decide", "move", "over"}
    end = client.get(states[-1].path).get_data(as_text=True)  # the series' end offers the next game, a button of the moves' form
    assert 'form="moves" name="do" value="next-game"' in end
    assert any("do=next-game" in path for path in context_states.next_paths(states[-1].path, end))
    said = {}
    for path in context_states.backgammon_presses(states):
        answer = client.get(path)
        assert answer.status_code in (200, 302, 400), (path, answer.status_code)
        said[path] = answer.get_data(as_text=True)
    decide = next(state for state in states if state.phase == "decide")
    assert "Roll the dice first, or offer the videau." in said[f"{decide.path}&do=confirm"]
    assert "There is no move of this turn to take back." in said[f"{decide.path}&do=undo"]
    assert "Tap a point from 1 to 24, the bar or the tray." in said[f"{decide.path}&at=nowhere"]
    moving = next(state for state in states if state.step)
    assert "That play does not use the dice as the rules require." in said[f"{moving.step}&do=confirm"]


def test_the_states_post_each_answer_twice_and_one_the_page_cannot_read(client):
    from tutor.tools import context_states

    section, step = next((section, step) for section in load_course() for step in section.steps
                         if step.question and step.question.kind == "points")
    path = f"/en/domino/lessons/{section.id}/{step.id}"
    answers = context_states.domino_number_answers(path)
    visits = context_states.answer_visits(client, [path], context_states.domino_number_answers)
    assert [dict(v.form)["answer"] for v in visits] == [a for a in answers for _ in (0, 1)] + ["x"]
    # the right number is among them, and wrong ones that the engine words differently
    position = questions.position_of(step.question)
    verdicts = [questions.judge("points", position, a) for a in answers]
    assert sum(v.correct for v in verdicts) == 1 and len(answers) >= 3
    assert len({questions.why_wrong("points", position, a).kind for a, v in zip(answers, verdicts)
                if not v.correct}) == len(answers) - 1


def test_make_context_shots_runs_the_tool():
    dry = subprocess.run(["make", "-n", "context-shots"], cwd=ROOT, capture_output=True, text=True)
    assert "-m tutor.tools.context_shots" in dry.stdout, dry.stdout + dry.stderr
    assert "context-shots/" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()
