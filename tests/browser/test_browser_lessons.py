"""A learner walks a whole section in a real browser with the keyboard alone, in each language."""

import pytest

from test_lessons import checker_accepts
from tutor.course import load_course
from tutor.games.domino.questions import position_of

from conftest import keep_picture

SECTION = next(s for s in load_course() if s.id == "dealing")


def tab_to(page, selector: str, limit: int = 80) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("lang", ["vi", "id", "en"])
def test_walk_a_section_with_the_keyboard(live_server, page, lang, artifacts):
    first = SECTION.steps[0]
    page.goto(f"{live_server}/{lang}/domino/lessons/{SECTION.id}/{first.id}")
    for number, step in enumerate(SECTION.steps):
        assert page.url.endswith(f"/{lang}/domino/lessons/{SECTION.id}/{step.id}")
        assert page.locator("html").get_attribute("lang") == lang
        if step.question:
            # answer the question with the keyboard too: the answer the independent checker accepts
            question = step.question
            values = page.locator(".choices button").evaluate_all("bs => bs.map(b => b.value)") or [str(n) for n in range(41)]
            right = next(v for v in values if checker_accepts(question.kind, position_of(question), v, question))
            if page.locator(".choices button").count():
                tab_to(page, f'.choices button[value="{right}"]')
            else:
                tab_to(page, 'input[name="answer"]')
                page.keyboard.type(right)
            with page.expect_navigation():
                page.keyboard.press("Enter")
            assert page.locator(".feedback.right").count() == 1
        keep_picture(page, artifacts / f"lesson-{lang}-{SECTION.id}-{number + 1}.png", full_page=True)
        if number + 1 < len(SECTION.steps):
            tab_to(page, 'a[rel="next"]')
            focused = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
            assert focused != "none", "the focus is visible"
            with page.expect_navigation():
                page.keyboard.press("Enter")
    # the browser remembers the walk and the right answers: the course's page marks the section as done
    page.goto(f"{live_server}/{lang}/domino/")
    item = page.locator(f'li[data-section="{SECTION.id}"]')
    assert "done" in item.get_attribute("class")
    tab_to(page, f'li[data-section="{SECTION.id}"] button.reset')
    page.keyboard.press("Enter")
    assert "done" not in (item.get_attribute("class") or "")
