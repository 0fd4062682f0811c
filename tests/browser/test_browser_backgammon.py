"""The backgammon boards in a real browser (headless Chromium): every diagram, in every language, at
1280 and at 390 px wide, drawn inside the page (no sideways scrolling), with no two words, no two
checkers and no word and checker overlapping, and its text large enough to read on the phone.
Screenshots go to test-artifacts/."""

from __future__ import annotations

import re

import pytest

from tutor.games.backgammon.diagrams import load_diagrams

from conftest import keep_picture

DIAGRAMS = load_diagrams()
IDS = list(DIAGRAMS)
LANGS = ("vi", "id", "en")

MEASURE = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
  return Array.from(document.querySelectorAll("figure.backgammon svg")).map((svg) => ({
    id: svg.closest("figure").dataset.diagram,
    box: box(svg),
    texts: Array.from(svg.querySelectorAll("text")).filter((t) => !t.closest("g.checker"))
      .map((t) => [t.textContent, parseFloat(getComputedStyle(t).fontSize) * svg.getBoundingClientRect().width
                   / svg.viewBox.baseVal.width, ...box(t)]),
    checkers: Array.from(svg.querySelectorAll("g.checker circle")).map(box),
  }));
}"""


def least_checkers(diagram_id: str) -> int:
    """How many checkers a board must draw at least: those on its points (a stack of more than five
    shows five and a count), and 15 when that many are there (B13, the end of a game, has ten)."""
    position = DIAGRAMS[diagram_id].position
    return min(15, sum(min(n, 5) for n in position.white + position.black))


def overlap(a, b, slack: float = 0.5) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax + slack < bx + bw and bx + slack < ax + aw and ay + slack < by + bh and by + slack < ay + ah


@pytest.fixture(scope="module")
def tab(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("lang", LANGS)
def test_every_board_fits_and_nothing_overlaps(live_server, tab, artifacts, lang, width):
    tab.set_viewport_size({"width": width, "height": 900})
    response = tab.goto(f"{live_server}/{lang}/backgammon/diagrams/")
    assert response.status == 200
    boards = tab.evaluate(MEASURE)
    assert [b["id"] for b in boards] == IDS
    assert tab.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
    for board in boards:
        x, _y, w, _h = board["box"]
        assert x >= 0 and x + w <= width, (board["id"], board["box"])
        assert w >= min(300, width - 60), (board["id"], w)  # the board uses the phone's width
        texts, checkers = board["texts"], board["checkers"]
        # every point's number and the legend are drawn, and the board's checkers
        assert len(texts) >= 24 + 2 and len(checkers) >= least_checkers(board["id"])
        for i, (word, size, *box) in enumerate(texts):
            assert size >= 9.5, (board["id"], word, size)  # readable on the phone
            assert box[0] >= x - 0.5 and box[0] + box[2] <= x + w + 0.5, (board["id"], word)  # inside the picture
            for other, _size, *other_box in texts[i + 1:]:
                assert not overlap(box, other_box), (board["id"], word, other)
            for checker in checkers:
                assert not overlap(box, checker, slack=1), (board["id"], word, checker)
        for i, a in enumerate(checkers):
            for b in checkers[i + 1:]:
                assert not overlap(a, b, slack=1.5), (board["id"], a, b)
    keep_picture(tab, artifacts / f"backgammon-gallery-{lang}-{width}.png", full_page=True)


@pytest.mark.parametrize("lang", LANGS)
def test_each_standalone_board_is_drawn(live_server, tab, artifacts, lang):
    tab.set_viewport_size({"width": 390, "height": 700})
    for diagram_id in IDS:
        response = tab.goto(f"{live_server}/{lang}/backgammon/diagrams/{diagram_id}.svg")
        assert response.status == 200 and response.headers["content-type"].startswith("image/svg+xml")
        count = tab.evaluate("document.querySelectorAll('g.checker').length")
        assert count >= least_checkers(diagram_id)
    keep_picture(tab, artifacts / f"backgammon-{IDS[-1]}-{lang}.png")


def _tab_to(page, predicate: str, limit: int = 120) -> None:
    """Press Tab until the focused element satisfies ``predicate`` (JS, with ``e`` the element)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(() => {{ const e = document.activeElement; return !!e && ({predicate}); }})()"):
            return
    raise AssertionError(f"the keyboard never reached {predicate}")


def test_keyboard_only_walk_through_one_section(live_server, tab):
    """The two-dice section with the keyboard alone: to the next step, answer its question, go on."""
    tab.set_viewport_size({"width": 390, "height": 800})
    tab.goto(f"{live_server}/en/backgammon/lessons/two-dice/both-dice")
    _tab_to(tab, "e.getAttribute('rel') === 'next'")
    tab.keyboard.press("Enter")
    tab.wait_for_url("**/lessons/two-dice/higher-die")
    _tab_to(tab, "e.tagName === 'BUTTON' && e.textContent.trim() === '24/19'")
    with tab.expect_navigation():
        tab.keyboard.press("Enter")
    assert tab.locator(".feedback.wrong").count() == 1
    _tab_to(tab, "e.tagName === 'BUTTON' && e.textContent.trim() === '24/18'")
    with tab.expect_navigation():
        tab.keyboard.press("Enter")
    assert tab.locator(".feedback.right").count() == 1
    _tab_to(tab, "e.getAttribute('rel') === 'next'")
    tab.keyboard.press("Enter")
    tab.wait_for_url("**/lessons/bear-off/bear-off-rules")


@pytest.mark.parametrize("lang", LANGS)
def test_axe_finds_nothing_serious_on_the_backgammon_pages(live_server, tab, lang, artifacts):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    tab.set_viewport_size({"width": 1280, "height": 900})
    pages = [f"/{lang}/", f"/{lang}/backgammon/", f"/{lang}/backgammon/lessons/points/blocked",
             f"/{lang}/backgammon/diagrams/", f"/{lang}/backgammon/handout/", f"/{lang}/backgammon/handout/scoring/?copy=student"]
    # each page in one language, the languages taking turns (the markup is the same in all three;
    # tests/browser/test_accessibility.py runs axe on every page type too), the answered lesson in each
    for url in pages[LANGS.index(lang)::len(LANGS)]:
        tab.goto(live_server + url)
        problems = [f"{v['id']} ({v['impact']}) {v['help']}" for v in axe.run(tab).response["violations"]
                    if v["impact"] in ("serious", "critical")]
        assert problems == [], (url, problems)
    tab.goto(live_server + pages[2])
    with tab.expect_navigation():
        tab.get_by_role("button", name="13/8 13/7").click()
    assert tab.locator(".feedback.right").count() == 1
    problems = [v["id"] for v in axe.run(tab).response["violations"] if v["impact"] in ("serious", "critical")]
    assert problems == []
    keep_picture(tab, artifacts / f"backgammon-lesson-answered-{lang}.png", full_page=True)


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_step_fits_a_phone(live_server, tab, artifacts, lang):
    from tutor.games.backgammon.course import load_course

    tab.set_viewport_size({"width": 390, "height": 800})
    for section in load_course():
        for step in section.steps:
            tab.goto(f"{live_server}/{lang}/backgammon/lessons/{section.id}/{step.id}")
            assert tab.evaluate("document.documentElement.scrollWidth") <= 390, (section.id, step.id)
            boards = tab.evaluate("Array.from(document.querySelectorAll('figure svg')).map(s => s.getBoundingClientRect().right)")
            assert all(right <= 390 for right in boards), (section.id, step.id, boards)
    keep_picture(tab, artifacts / f"backgammon-lesson-{lang}-390.png", full_page=True)


# ----- the handout on A4: the class's copy, as the domino handout's ---------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_class_copy_of_a_backgammon_section_prints_with_room_and_boards_beside_the_exercises(live_server, browser, artifacts, lang):
    """The domino handout's print check (tests/browser/test_browser_present.py) on the backgammon handout:
    under print media at A4 width every exercise stays on one page with its board beside it and
    room to work, and the name and date fields are long enough to write in."""
    from pypdf import PdfReader
    from test_browser_present import A4_CONTENT_HEIGHT, A4_CONTENT_WIDTH, MM, check_exercises
    from tutor.games.backgammon.course import load_course

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{live_server}/{lang}/backgammon/handout/scoring/?copy=student")
    path = artifacts / f"backgammon-handout-{lang}-scoring-student.pdf"
    page.pdf(path=str(path), format="A4", prefer_css_page_size=True)
    assert 1 <= len(PdfReader(str(path)).pages) <= 5
    page.set_viewport_size({"width": round(A4_CONTENT_WIDTH), "height": round(A4_CONTENT_HEIGHT)})
    page.emulate_media(media="print")
    assert check_exercises(page) == 1
    fields = page.evaluate("Array.from(document.querySelectorAll('.fill-in .blank-line')).map(e => e.getBoundingClientRect().width)")
    assert len(fields) == 2 and min(fields) >= 40 * MM
    keep_picture(page, artifacts / f"backgammon-handout-{lang}-scoring-student-print.png", full_page=True)
    # the whole course's class copy: the same for the exercises of every section that has some (its
    # steps' check questions or its worksheet's own)
    page.goto(f"{live_server}/{lang}/backgammon/handout/?copy=student")
    assert check_exercises(page) == sum(1 for s in load_course() if s.exercises or any(t.question for t in s.steps))
    context.close()


# ----- saved progress and Continue (tutor.js), kept apart from the domino course's ------------------------
def _words(lang: str) -> dict:
    from test_lessons import CATALOGS

    return {k: v or k for k, v in CATALOGS[lang].items()} if lang != "en" else {}


def _say(lang: str, msgid: str) -> str:
    return _words(lang).get(msgid, msgid)


@pytest.fixture()
def fresh(browser):
    """A page in a fresh browser context: nothing saved in localStorage yet."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


def _stored(page, key: str):
    return page.evaluate(f"JSON.parse(localStorage.getItem({key!r}))")


@pytest.mark.parametrize("lang", LANGS)
def test_progress_is_saved_and_continue_lands_on_the_next_unseen_step(live_server, fresh, artifacts, lang):
    from tutor.games.backgammon.course import correct_options, load_course

    page = fresh
    sections = {s.id: s for s in load_course()}
    dice, points = sections["dice"], sections["points"]
    start = page.locator("a.start")
    page.goto(f"{live_server}/{lang}/backgammon/")
    assert start.locator(".label").inner_text().strip() == _say(lang, "Start the backgammon course")
    assert page.locator("button.reset:visible").count() == 0
    # read the first step of a section: Continue offers the step after it, which is not seen yet
    page.goto(f"{live_server}/{lang}/backgammon/lessons/dice/{dice.steps[0].id}")
    page.goto(f"{live_server}/{lang}/backgammon/")
    assert start.locator(".label").inner_text().strip() == _say(lang, "Continue")
    assert start.locator(".where-next").inner_text().strip() == _say(lang, dice.steps[1].title)
    progress = page.locator('li[data-section="dice"] .progress-text')
    assert progress.is_visible() and [int(n) for n in re.findall(r"\d+", progress.inner_text())] == [0, 1]
    start.click()
    page.wait_for_url(f"**/{lang}/backgammon/lessons/dice/{dice.steps[1].id}")
    # a step with a question: Continue stays on it until the answer is right, then goes on
    page.goto(f"{live_server}/{lang}/backgammon/")
    assert start.get_attribute("href").endswith(f"/{lang}/backgammon/lessons/dice/{dice.steps[1].id}")
    page.goto(f"{live_server}/{lang}/backgammon/lessons/dice/{dice.steps[1].id}")
    question = dice.steps[1].question
    wrong = next(i for i in range(len(question.options)) if i not in correct_options(question))
    with page.expect_navigation():
        page.locator(f'.choices button[value="{wrong}"]').click()
    page.goto(f"{live_server}/{lang}/backgammon/")
    assert start.get_attribute("href").endswith(f"/{lang}/backgammon/lessons/dice/{dice.steps[1].id}")
    page.goto(f"{live_server}/{lang}/backgammon/lessons/dice/{dice.steps[1].id}")
    with page.expect_navigation():
        page.locator(f'.choices button[value="{correct_options(question)[0]}"]').click()
    assert page.locator(".feedback.right").count() == 1
    for step in dice.steps[2:]:  # the section's last steps (how moves are written), read
        page.goto(f"{live_server}/{lang}/backgammon/lessons/dice/{step.id}")
    assert page.locator('nav.sections li[data-section="dice"].done').count() == 1  # the section is done
    page.goto(f"{live_server}/{lang}/backgammon/")
    assert [int(n) for n in re.findall(r"\d+", progress.inner_text())] == [1, 1]
    assert start.locator(".where-next").inner_text().strip() == _say(lang, points.steps[0].title)
    keep_picture(page, artifacts / f"backgammon-continue-{lang}.png", full_page=True)
    # the home page: the backgammon Continue leads there too; the domino course's button is untouched
    page.goto(f"{live_server}/{lang}/")
    home = page.locator('[data-game="backgammon"] a.resume')
    assert home.locator(".label").inner_text().strip() == _say(lang, "Continue the backgammon course")
    assert home.locator(".where-next").inner_text().strip() == _say(lang, points.steps[0].title)
    domino = page.locator("a.start")
    assert domino.locator(".label").inner_text().strip() == _say(lang, "Start the course")
    assert page.locator("nav.ways li.continue-item").is_hidden()
    home.click()
    page.wait_for_url(f"**/{lang}/backgammon/lessons/points/{points.steps[0].id}")
    # two records, one per course: nothing was written to the domino course's
    assert _stored(page, "tutor-progress") is None
    saved = _stored(page, "tutor-progress-backgammon")
    assert saved["seen"]["dice"] == [step.id for step in dice.steps] and saved["correct"] == {"dice": [dice.steps[1].id]}
    # and a domino step read now moves the domino Continue only
    page.goto(f"{live_server}/{lang}/domino/lessons/dealing/")
    page.goto(f"{live_server}/{lang}/")
    assert home.get_attribute("href").endswith(f"/{lang}/backgammon/lessons/points/{points.steps[1].id}")
    assert domino.get_attribute("href").startswith(f"/{lang}/domino/lessons/dealing/")


def test_a_sections_progress_resets_alone(live_server, fresh):
    from tutor.games.backgammon.course import load_course

    page = fresh
    sections = {s.id: s for s in load_course()}
    for section_id in ("dice", "points"):
        for step in sections[section_id].steps:
            page.goto(f"{live_server}/en/backgammon/lessons/{section_id}/{step.id}")
    page.goto(f"{live_server}/en/backgammon/")
    dice = page.locator('li[data-section="dice"]')
    points = page.locator('li[data-section="points"]')
    assert dice.locator("button.reset").is_visible() and points.locator("button.reset").is_visible()
    assert page.locator("button.reset:visible").count() == 2
    dice.locator("button.reset").click()
    assert dice.locator("button.reset").is_hidden() and dice.locator(".progress-text").is_hidden()
    saved = _stored(page, "tutor-progress-backgammon")
    assert "dice" not in saved["seen"] and saved["seen"]["points"] == [s.id for s in sections["points"].steps]
    page.reload()
    assert dice.locator("button.reset").is_hidden() and points.locator("button.reset").is_visible()
    # the last step read was in points, and its question is not answered: Continue still leads there
    last = sections["points"].steps[-1]
    assert last.question is not None
    assert page.locator("a.start").get_attribute("href").endswith(f"/en/backgammon/lessons/points/{last.id}")
    # resetting the section that holds the last step read forgets where to continue
    points.locator("button.reset").click()
    page.reload()
    assert page.locator("button.reset:visible").count() == 0
    assert page.locator("a.start .label").inner_text().strip() == "Start the backgammon course"


@pytest.mark.parametrize("path", ["/id/backgammon/handout/scoring/?copy=student", "/vi/domino/handout/?copy=student"])
def test_a_class_copy_fits_a_phone(live_server, tab, path):
    """The name and date blanks shrink to a 390 px screen (the name's ran 60 px off it)."""
    tab.set_viewport_size({"width": 390, "height": 844})
    assert tab.goto(f"{live_server}{path}").status == 200
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    assert tab.evaluate("[...document.querySelectorAll('.blank-line')].every(b => b.getBoundingClientRect().right <= 390)")
