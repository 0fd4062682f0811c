"""Ways in, in a real browser (issue 11, items 1 and 7): on a phone and on a desktop, in each
language, the header fits (one row of languages, 44 px touch targets), a learner reaches the practice
from the home page by links alone, and "Continue" leads back to where they left off."""

import re

import pytest

from tutor.course import load_course

from conftest import keep_picture

LANGS = ["vi", "id", "en"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
SECTIONS = load_course()


@pytest.fixture()
def at(browser):
    """A page factory: a fresh browser context (empty localStorage) at a given viewport."""
    contexts = []

    def make(viewport):
        context = browser.new_context(viewport=viewport, is_mobile=viewport["width"] < 500,
                                      has_touch=viewport["width"] < 500)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def header_boxes(page):
    """The rendered boxes of the header's rows and of every link or button in it."""
    return page.evaluate("""() => {
      const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height,
                                                                     text: e.textContent.trim()}; };
      const header = document.querySelector('header.site');
      return {
        header: box(header),
        languages: [...header.querySelectorAll('.languages a')].map(box),
        targets: [...header.querySelectorAll('a, summary')].filter(e => e.checkVisibility()).map(box),
        width: document.documentElement.clientWidth,
        scroll: document.documentElement.scrollWidth,
      };
    }""")


@pytest.mark.parametrize("width", [360, 390, 430])
@pytest.mark.parametrize("lang", LANGS)
def test_the_header_fits_a_phone(at, live_server, lang, width, artifacts):
    page = at({"width": width, "height": 844})
    for path in ("/", f"/domino/lessons/{SECTIONS[7].id}/{SECTIONS[7].steps[-1].id}", "/domino/hands/"):
        page.goto(f"{live_server}/{lang}{path}")
        boxes = header_boxes(page)
        assert boxes["scroll"] <= boxes["width"], "nothing sticks out sideways"
        tops = {round(b["y"]) for b in boxes["languages"]}
        assert len(tops) == 1, f"the language bar wraps: {boxes['languages']}"
        for target in boxes["targets"]:
            assert target["h"] >= 44 and target["w"] >= 44, f"touch target too small: {target}"
            assert target["x"] >= 0 and target["x"] + target["w"] <= width + 0.5, f"off screen: {target}"
        assert boxes["header"]["h"] <= 200, "the header leaves room for the page"
    keep_picture(page, artifacts / f"header-{lang}-{width}.png")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_from_the_home_page_to_the_practice_by_links_alone(at, live_server, lang, size):
    page = at(SIZES[size])
    page.goto(f"{live_server}/{lang}/")
    # the header's "Practice" link
    with page.expect_navigation():
        page.locator("nav.ways a[href$='/hands/']").click()
    assert page.url.endswith(f"/{lang}/domino/hands/")
    assert page.locator(".course-map a").count() >= 5
    # the long way: Start, then the last step of a section, whose box leads to its guided hand
    page.goto(f"{live_server}/{lang}/")
    with page.expect_navigation():
        page.locator("a.start").click()
    assert page.url.endswith(f"/{lang}/domino/lessons/{SECTIONS[0].id}/{SECTIONS[0].steps[0].id}")
    with page.expect_navigation():
        page.locator(f'nav.sections li[data-section="{SECTIONS[2].id}"] a').click()  # ("3." is in "13." too)
    while page.locator('a[rel="next"]').count() and page.locator("aside.practise").count() == 0:
        with page.expect_navigation():
            page.locator('a[rel="next"]').click()
    assert page.url.endswith(f"/{lang}/domino/lessons/{SECTIONS[2].id}/{SECTIONS[2].steps[-1].id}")
    with page.expect_navigation():
        page.locator("aside.practise a.button").first.click()
    assert page.url.endswith(f"/{lang}/domino/hands/forced-opening")


def catalog(lang):
    from test_lessons import CATALOGS

    return CATALOGS[lang]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_questions_are_judged_and_progress_counts_right_answers_and_continue_returns(at, live_server, lang, size, artifacts):
    page = at(SIZES[size])
    words = catalog(lang)
    page.goto(f"{live_server}/{lang}/")
    assert page.locator("a.start .label").inner_text().strip() == words["Start the course"]
    assert page.locator("nav.ways li.continue-item").is_hidden()
    blocked = next(s for s in SECTIONS if s.id == "blocked")
    step = next(t for t in blocked.steps if t.id == "lowest-pips-wins")
    after = next(s for s in SECTIONS if s.id == "scoring").steps[0]
    page.goto(f"{live_server}/{lang}/domino/lessons/{blocked.id}/{step.id}")
    # reading a step is not progress: the course's page counts no right answer yet
    page.goto(f"{live_server}/{lang}/domino/")
    progress = page.locator(f'li[data-section="{blocked.id}"] .progress-text')
    assert re.findall(r"\d+", progress.inner_text()) == ["0", "2"]  # right answers, of the section's questions
    # Continue leads back to the unanswered question
    assert page.locator("a.start .label").inner_text().strip() == words["Continue"]
    assert page.locator("a.start .where-next").inner_text().strip() == words[step.title]
    page.locator("a.start").click()
    page.wait_for_url(f"**/{lang}/domino/lessons/{blocked.id}/{step.id}")
    buttons = page.locator(".choices button")
    if size == "phone":
        for box in buttons.evaluate_all("bs => bs.map(b => b.getBoundingClientRect().height)"):
            assert box >= 44, "answer buttons are touch targets"
    # a wrong answer: its reason and one more try, no answer shown yet
    with page.expect_navigation():
        page.locator('.choices button[value="0"]').click()
    said = page.locator(".feedback").inner_text()
    assert words["Try once more."] in said and "%" not in said
    assert page.locator('.feedback.right').count() == 0
    keep_picture(page, artifacts / f"question-{lang}-{size}-first-try.png")
    # the second try: right
    with page.expect_navigation():
        page.locator('.choices button[value="1"]').click()
    assert page.locator(".feedback.right").count() == 1
    page.goto(f"{live_server}/{lang}/domino/")
    assert re.findall(r"\d+", progress.inner_text()) == ["1", "2"]
    assert page.locator("a.start .where-next").inner_text().strip() == words[after.title]
    # the header's Continue, on any page, goes to the next step
    page.goto(f"{live_server}/{lang}/domino/hands/")
    page.locator("nav.ways a.continue").click()
    page.wait_for_url(f"**/{lang}/domino/lessons/scoring/{after.id}")
    keep_picture(page, artifacts / f"continue-{lang}-{size}.png")
