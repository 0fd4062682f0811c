"""The backgammon course's presenter in a real browser (Debian's Chromium, headless), at 1280 x 720 as
on a projector, in vi, id and en: the domino presenter's keys (next, previous, first, last, A for the
answer, S for the speaker notes, Esc to leave), the slides fitting in large type, question slides
that show the board neutral until A, a notes window that follows the backgammon slides only, a
keyboard-only walk from the course page through one section; and, as for the domino slides
(tests/browser/test_browser_present.py, whose measures these tests share), every word and number of every
board at 24 px or more before and after A in vi, id, en and the pseudo-locale, and every slide
fitting in the pseudo-locale with the answer shown.

Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
import time

import pytest

from test_browser_present import FITS as PSEUDO_FITS, LABELS, pseudo_server  # noqa: F401 (a fixture)
from tutor.games.backgammon import course
from tutor.web.present import slides_of

from conftest import keep_picture

LANGS = ("vi", "id", "en")
SECTIONS = course.load_course()
TWO_DICE = next(s for s in SECTIONS if s.id == "two-dice")  # both-dice, higher-die and its question: 3 slides


@pytest.fixture()
def projector(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


def current(page) -> int:
    return int(page.evaluate("document.querySelector('main.deck').dataset.current"))


def shown(page) -> list[int]:
    return page.evaluate("Array.from(document.querySelectorAll('.slide:not([hidden])')).map(s => +s.dataset.number)")


def wait_until(page, expression: str, timeout: float = 5.0) -> None:
    """Poll a JavaScript expression (the app's Content-Security-Policy forbids wait_for_function's eval)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({expression})"):
        assert time.monotonic() < deadline, f"still false after {timeout} s: {expression}"
        page.wait_for_timeout(50)


def path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


#: The board on screen: its marked points (a suggested play's from, to, hit) and the legend's key to them.
VISIBLE_MARKS = """() => {
  const slide = document.querySelector('.slide:not([hidden])');
  const svg = Array.from(slide.querySelectorAll('.visual svg')).find((e) => e.getBoundingClientRect().width > 0);
  return Array.from(svg.querySelectorAll('g.point.from, g.point.to, g.point.hit, rect.mark'))
    .filter((e) => e.getBoundingClientRect().width > 0).length;
}"""

FITS = """() => {
  const slide = document.querySelector('.slide:not([hidden])');
  const texts = Array.from(slide.querySelectorAll('.slide-head *, .slide-text *')).filter(
    (e) => e.offsetParent !== null && Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim()));
  const limit = slide.getBoundingClientRect().bottom - parseFloat(getComputedStyle(slide).paddingBottom);
  const svg = Array.from(slide.querySelectorAll('.visual svg')).find((e) => e.getBoundingClientRect().width > 0);
  const figure = slide.querySelector('.visual');
  const inside = (e) => { const r = e.getBoundingClientRect(); return r.right <= window.innerWidth + 1 && r.bottom <= limit + 1; };
  return {
    body: Array.from(slide.querySelectorAll('.slide-text p, .slide-text li')).map((e) => parseFloat(getComputedStyle(e).fontSize)),
    overflow: Math.max(0, ...texts.map((e) => e.getBoundingClientRect().bottom)) - limit,
    right: Math.max(0, ...texts.map((e) => e.getBoundingClientRect().right)) - window.innerWidth,
    svg: svg ? [svg.getBoundingClientRect().width, svg.getBoundingClientRect().height] : null,
    figureInside: figure ? Array.from(figure.querySelectorAll('svg, summary')).filter((e) => e.getBoundingClientRect().width > 0).every(inside) : true,
  };
}"""


# ----- every slide fits, in large type ------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_backgammon_slide_fits_the_projector(live_server, projector, artifacts, lang):
    page = projector
    for section in SECTIONS:
        page.goto(f"{live_server}/{lang}/backgammon/present/{section.id}/")
        for slide in slides_of(section):
            assert shown(page) == [slide.number]
            if slide.question:
                page.keyboard.press("a")  # the fullest the slide gets
            m = page.evaluate(FITS)
            where = (lang, section.id, slide.number)
            assert m["body"] and min(m["body"]) >= 28, (where, m["body"])
            assert m["overflow"] <= 1 and m["right"] <= 1, (where, m)
            assert m["figureInside"], (where, "the board or its button runs off the slide")
            if m["svg"]:
                assert min(m["svg"]) >= 250, (where, m["svg"])
            keep_picture(page, artifacts / f"bg-present-{lang}-{section.number}-{section.id}-{slide.number}.png")
            page.keyboard.press("ArrowRight")
        assert current(page) == len(slides_of(section))
    assert not page.errors


# ----- the keys ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_backgammon_presenter_keys(live_server, projector, artifacts, lang):
    page = projector
    page.goto(f"{live_server}/{lang}/backgammon/present/{TWO_DICE.id}/")
    urls = page.evaluate("Array.from(document.querySelectorAll('.slide')).map(s => s.dataset.url)")
    assert len(urls) == len(slides_of(TWO_DICE)) == 3
    assert all(u.startswith(f"/{lang}/backgammon/present/{TWO_DICE.id}/") for u in urls)
    for key, expected in [("ArrowRight", 2), ("Space", 3), ("ArrowRight", 3), ("ArrowLeft", 2), ("p", 1),
                          ("n", 2), ("PageDown", 3), ("PageUp", 2), ("Home", 1), ("End", 3), ("P", 2), ("N", 3)]:
        page.keyboard.press(key)
        assert current(page) == expected and shown(page) == [expected], key
        assert path_of(page.url) == urls[expected - 1], key
    assert page.locator(".controls .counter").inner_text().replace(" ", "") == "3/3"
    # A shows the answer the engine accepts, and hides it again
    question = TWO_DICE.steps[1].question
    right = [question.options[i] for i in course.correct_options(question)]
    answer = page.locator(".slide:not([hidden]) .answer-text")
    assert not answer.is_visible()
    page.keyboard.press("a")
    assert answer.is_visible() and answer.inner_text().strip().endswith(right[0])
    marked = page.evaluate("""() => Array.from(document.querySelectorAll('.slide:not([hidden]) .choices li')).map(
        li => [li.textContent.trim(), li.classList.contains('correct'), getComputedStyle(li).backgroundColor])""")
    assert [label.lstrip("✓ ").strip() for label, correct, _bg in marked if correct] == right
    greens = {bg for _l, correct, bg in marked if correct}
    assert len(greens) == 1 and greens != {bg for _l, correct, bg in marked if not correct}  # the right one stands out
    keep_picture(page, artifacts / f"bg-present-answer-{lang}.png")
    page.keyboard.press("A")
    assert not answer.is_visible()
    # B blacks the screen out; Esc brings it back, then leaves for the lesson step on screen
    page.keyboard.press("b")
    assert page.locator(".blank").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator(".blank").is_visible()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Escape")  # a late pushState would satisfy expect_navigation
    page.wait_for_url(lambda url: path_of(url) == f"/{lang}/backgammon/lessons/{TWO_DICE.id}/{TWO_DICE.steps[1].id}")
    assert not page.errors


def test_question_slides_show_the_board_neutral_until_a(live_server, projector, artifacts):
    """B6 marks the play that answers the question after it: the step slide before the question
    never marks it (A there does nothing: pressed out of habit, it would answer the question), the
    question slide marks it on A."""
    page = projector
    page.goto(f"{live_server}/en/backgammon/present/{TWO_DICE.id}/{TWO_DICE.steps[1].id}")
    assert page.evaluate(VISIBLE_MARKS) == 0
    keep_picture(page, artifacts / "bg-present-neutral-step.png")
    page.keyboard.press("a")
    assert page.evaluate(VISIBLE_MARKS) == 0
    page.keyboard.press("ArrowRight")
    assert page.evaluate(VISIBLE_MARKS) == 0
    keep_picture(page, artifacts / "bg-present-neutral-question.png")
    page.keyboard.press("a")
    assert page.evaluate(VISIBLE_MARKS) == 3  # from 24, to 18, and the legend's key
    keep_picture(page, artifacts / "bg-present-revealed-question.png")
    page.keyboard.press("a")
    assert page.evaluate(VISIBLE_MARKS) == 0
    page.keyboard.press("ArrowRight")
    # leaving a slide with the answer shown hides it again for the next time
    page.keyboard.press("a")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(VISIBLE_MARKS) == 0
    # a slide whose board no question asks about keeps its marks (B7: both dice)
    page.keyboard.press("Home")
    assert page.evaluate(VISIBLE_MARKS) > 0


# ----- the speaker notes window --------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_notes_window_follows_the_backgammon_slides_only(live_server, browser, artifacts, lang):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    slides_page = context.new_page()
    slides_page.goto(f"{live_server}/{lang}/backgammon/present/{TWO_DICE.id}/")
    with context.expect_page() as opened:
        slides_page.keyboard.press("s")
    notes = opened.value
    notes.wait_for_load_state()
    assert path_of(notes.url) == f"/{lang}/backgammon/present/{TWO_DICE.id}/notes?slide=1"

    def notes_on(n: int) -> None:
        wait_until(notes, f"document.querySelector('main.notes').dataset.current === '{n}'")
        assert notes.locator(".notes-slide:not([hidden])").count() == 1

    slides_page.bring_to_front()
    slides_page.keyboard.press("ArrowRight")
    notes_on(2)
    slides_page.keyboard.press("ArrowRight")
    notes_on(3)
    question = TWO_DICE.steps[1].question
    assert question.options[course.correct_options(question)[0]] in notes.locator("#notes-3 .notes-answer").inner_text()
    keep_picture(notes, artifacts / f"bg-present-notes-{lang}.png")
    # keys in the notes window move the slides
    notes.bring_to_front()
    notes.keyboard.press("ArrowLeft")
    wait_until(slides_page, "document.querySelector('main.deck').dataset.current === '2'")
    # a domino deck in another tab talks on the domino channel: the backgammon notes stay put
    domino = context.new_page()
    domino.goto(f"{live_server}/{lang}/domino/present/dealing/")
    domino.keyboard.press("ArrowRight")
    domino.keyboard.press("ArrowRight")
    domino.wait_for_timeout(400)
    assert path_of(notes.url) == f"/{lang}/backgammon/present/{TWO_DICE.id}/notes?slide=2"
    assert notes.evaluate("document.querySelector('main.notes').dataset.current") == "2"
    # and a backgammon deck of another section takes its notes there
    slides_page.goto(f"{live_server}/{lang}/backgammon/present/bear-off/")
    notes.wait_for_url(f"{live_server}/{lang}/backgammon/present/bear-off/notes?slide=1", timeout=60_000)
    context.close()


# ----- a keyboard-only walk --------------------------------------------------------------------------------
def _tab_to(page, predicate: str, limit: int = 150) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(() => {{ const e = document.activeElement; return !!e && ({predicate}); }})()"):
            return
    raise AssertionError(f"the keyboard never reached {predicate}")


def test_keyboard_only_from_the_course_page_through_one_section_on_the_projector(live_server, projector):
    page = projector
    page.goto(f"{live_server}/en/backgammon/")
    _tab_to(page, "e.getAttribute('href') === '/en/present/#backgammon'")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    _tab_to(page, f"e.getAttribute('href') === '/en/backgammon/present/{TWO_DICE.id}/'")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    slides = slides_of(TWO_DICE)
    for slide in slides:
        assert shown(page) == [slide.number]
        if slide.step.question is not None:  # a question, or the step it asks about: neutral; A on the question
            assert page.evaluate(VISIBLE_MARKS) == 0
            page.keyboard.press("a")
            assert page.locator(".slide:not([hidden]) details.answer[open]").count() == (1 if slide.question else 0)
        page.keyboard.press("ArrowRight")
    assert current(page) == len(slides)
    assert page.locator(".slide:not([hidden]) .answer-text").is_visible()  # still open on the last slide
    page.keyboard.press("Escape")  # a late pushState would satisfy expect_navigation
    page.wait_for_url(lambda url: path_of(url) == f"/en/backgammon/lessons/{TWO_DICE.id}/{slides[-1].step.id}")
    assert not page.errors


# ----- issue 17: the back of the room, and the pseudo-locale ---------------------------------------------
#: test_browser_present.LABELS (every word and number of the picture on screen: the smallest, any two
#: that overlap, any outside the picture or under a button) and how many slides are visible.
BOARD_LABELS = ("() => ({labels: (" + LABELS + ")(), "
                "visible: Array.from(document.querySelectorAll('.slide')).filter((s) => s.getClientRects().length).length})")


@pytest.mark.parametrize("lang", LANGS + ("en-XA",))
def test_every_word_and_number_on_every_board_reads_from_the_back_of_the_room(request, projector, artifacts, lang):
    """Every point number, count, videau, legend line and pip count of every backgammon slide's board,
    before and after A, is at least 24 px on a 1280 x 720 projector, in every language and the
    pseudo-locale; no word covers another, none runs out of the picture or under a button. The
    boards were drawn for the page, at 15.6 to 17.8 px on a slide (and the pseudo-locale's legend
    ran into its pip count)."""
    server = request.getfixturevalue("pseudo_server" if lang == "en-XA" else "live_server")
    page = projector
    measured = []
    for section in SECTIONS:
        page.goto(f"{server}/{lang}/backgammon/present/{section.id}/")
        for slide in slides_of(section):
            answer = page.locator(".slide:not([hidden]) details.answer").count()
            for reveal in ((False, True) if answer else (False,)):
                if reveal:
                    page.keyboard.press("a")
                m = page.evaluate(BOARD_LABELS)
                assert m["visible"] == 1, (lang, section.id, slide.number, "slides shown at once", m["visible"])
                m = m["labels"]
                if m:
                    where = (lang, section.id, slide.number, "A" if reveal else "-", m)
                    assert m["count"] >= 24, where  # the point numbers at least
                    assert not m["overlaps"] and not m["outside"] and not m["covered"], where
                    assert m["smallest"] >= 24, where
                    measured.append((m["smallest"], section.id, slide.number, reveal))
            if answer:
                page.keyboard.press("a")  # closed again: the next slide starts plain
            page.keyboard.press("ArrowRight")
    boards = [(s.id, slide.number) for s in SECTIONS for slide in slides_of(s)
              if (slide.step.question.diagram if slide.question else slide.step.diagram)]
    assert sorted({(section_id, number) for _, section_id, number, _ in measured}) == sorted(boards)
    keep_picture(page, artifacts / f"bg-present-labels-{lang}-last.png")
    assert not page.errors


def test_every_backgammon_slide_fits_in_the_pseudo_locale_with_the_answer_shown(pseudo_server, projector, artifacts):
    """The pseudo-locale is about 40 % longer than English: every backgammon slide still fits above
    the control bar, with the answer shown on a question slide (and the marked board on the slide
    before one), its board on the slide."""
    page = projector
    for section in SECTIONS:
        page.goto(f"{pseudo_server}/en-XA/backgammon/present/{section.id}/")
        for slide in slides_of(section):
            assert shown(page) == [slide.number]
            if page.locator(".slide:not([hidden]) details.answer").count():
                page.keyboard.press("a")
                assert page.locator(".slide:not([hidden]) details.answer").get_attribute("open") is not None
            m = page.evaluate(PSEUDO_FITS)
            where = ("en-XA", section.id, slide.number, m)
            assert m["texts"] > 0, where
            assert m["bottom"] <= 1 and m["right"] <= 1, where
            if m["svg"]:
                assert m["svg"][3] <= 720 - 44 + 1 and m["svg"][2] <= 1281 and min(m["svg"][:2]) >= -1, where
            page.keyboard.press("ArrowRight")
        keep_picture(page, artifacts / f"bg-present-en-XA-{section.number}-{section.id}-last.png")
    assert not page.errors
