"""Class mode in real Chromium: a teacher's browser at 1280 x 720 and five phones at 390 px, in
Vietnamese, Indonesian and English, through a whole question: the teacher starts a class from the
slides, the phones open the join code's address (each lands in its own language) and join, follow
the slides to the question by themselves, and answer; the projector counts the answers without
showing them; A shows how many gave each choice, the right one marked, on the slides and in the
speaker notes window, and each phone says whether its answer was right. The tally must equal the
answers given, and the right choice the lesson page's own verdict."""

from __future__ import annotations

import re
import tempfile
import threading
import urllib.parse
import urllib.request

import pytest
from playwright.sync_api import expect

from conftest import PHONE, TEST_SECRET_KEY, keep_picture
from tutor.course import load_course
from tutor.web.domino.present import DOMINOES
from tutor.web.present import slides_of

LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", e => window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline")));
"""
#: each phone's language, and which of the question's choices it picks (by place)
#: how long a wait may take: generous, never a speed goal (the phones ask every second)
WAIT_MS = 60_000
PHONES = [("vi-VN", "vi", 0), ("id-ID", "id", 0), ("en-US", "en", 1), ("vi-VN", "vi", 0), ("id-ID", "id", 2)]


@pytest.fixture(scope="module")
def class_server(app):
    """The app on a free port with a class store of its own (SQLite in a temporary folder)."""
    from werkzeug.serving import make_server

    from tutor import create_app

    folder = tempfile.TemporaryDirectory()
    made = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET_KEY, "CLASS_STORE": f"sqlite:///{folder.name}/c.sqlite3"})
    server = make_server("127.0.0.1", 0, made, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    made.extensions["class_store"].close()
    folder.cleanup()


def lesson_says_right(base: str, section_id: str, step_id: str, value: str) -> bool:
    """The lesson page's own verdict on an answer."""
    body = urllib.parse.urlencode({"answer": value}).encode("ascii")
    with urllib.request.urlopen(f"{base}/en/domino/lessons/{section_id}/{step_id}", data=body, timeout=30) as response:
        html = response.read().decode("utf-8")
    return re.search(r'class="feedback (right|wrong)', html).group(1) == "right"


def test_a_whole_question_in_class(browser, class_server, artifacts):
    base = class_server
    section = next(s for s in load_course() if s.id == "dealing")
    question = next(slide for slide in slides_of(section, DOMINOES) if slide.question)  # as the deck numbers them
    contexts = []
    try:
        teacher_context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-US")
        teacher_context.add_init_script(LISTEN)
        contexts.append(teacher_context)
        slides = teacher_context.new_page()
        slides.goto(f"{base}/en/domino/present/{section.id}/")
        with slides.expect_navigation():
            slides.locator("form.class-start button").click()
        code = re.search(r"class=([A-Z0-9]+)", slides.url).group(1)
        join_box = slides.locator("#class-join")
        assert join_box.is_visible(), "the join code shows after the start"
        assert slides.locator("#class-join svg[role=img]").is_visible()
        assert slides.locator(".class-big-code").inner_text().strip() == code
        address = slides.locator("#class-join .class-address").inner_text().strip()
        assert address.endswith(f"/class/{code}")
        keep_picture(slides, artifacts / "class-join-1280.png")

        phones = []
        for i, (locale, lang, _pick) in enumerate(PHONES):
            context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
            context.add_init_script(LISTEN)
            contexts.append(context)
            phone = context.new_page()
            phone.goto("http://" + address)  # what the QR code holds
            assert phone.url.endswith(f"/{lang}/class/{code}"), "each phone in its own language"
            assert phone.locator("html").get_attribute("lang") == lang
            phone.fill("#nickname", f"Student{i}")
            with phone.expect_navigation():
                phone.locator("form.class-form button[type=submit]").click()
            assert phone.locator("h1.class-look").is_visible()
            phones.append(phone)
        expect(slides.locator(".class-join .class-joined")).to_have_text(re.compile(r"^5\b"), timeout=WAIT_MS)

        # the teacher hides the join code and goes on to the question; the phones follow by themselves
        slides.keyboard.press("j")
        assert not join_box.is_visible()
        for _ in range(question.number - 1):
            slides.keyboard.press("ArrowRight")
        assert slides.locator(f"#slide-{question.number}").is_visible()
        for phone in phones:
            phone.locator("form.class-question").wait_for(state="visible")
            assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "no sideways scroll"
        keep_picture(phones[0], artifacts / "class-phone-question-390.png", full_page=True)
        values = [phones[0].locator(".class-question .choices button").nth(i).get_attribute("value")
                  for i in range(phones[0].locator(".class-question .choices button").count())]
        assert len(values) == slides.locator(f"#slide-{question.number} ul.choices > li").count()

        notes = None
        with teacher_context.expect_page() as opened:
            slides.keyboard.press("s")
        notes = opened.value
        notes.wait_for_load_state()

        picks = []
        for phone, (_locale, _lang, pick) in zip(phones, PHONES):
            picks.append(values[pick])
            with phone.expect_navigation():
                phone.locator(".class-question .choices button").nth(pick).click()
            assert phone.locator(".class-mine").is_visible()
        expect(slides.locator(f"#slide-{question.number} .class-answered")).to_contain_text("5 of 5 answered", timeout=WAIT_MS)
        visible_counts = slides.locator(f"#slide-{question.number} .class-row-count:visible").count()
        assert visible_counts == 0, "how many answered, never what, until A"

        # A: the answers on the slide, the right one marked, and in the notes window
        slides.keyboard.press("a")
        current = slides.locator(f"#slide-{question.number}")
        items = current.locator("ul.choices > li")
        expect(items.locator(".class-row-count")).to_have_count(len(values), timeout=WAIT_MS)
        for i, value in enumerate(values):
            count = int(items.nth(i).locator(".class-row-count").inner_text().split("·")[0].strip())
            assert count == picks.count(value), (value, count)
            marked = "correct" in (items.nth(i).get_attribute("class") or "")
            assert marked == lesson_says_right(base, section.id, question.step.id, value)
        assert current.locator(".why").is_visible(), "the question's explanation"
        keep_picture(slides, artifacts / "class-answers-1280.png")
        notes.locator(".class-notes").wait_for(state="visible")
        expect(notes.locator(".class-notes .class-rows li")).to_have_count(len(values), timeout=WAIT_MS)
        notes_counts = [int(t.split("·")[0]) for t in notes.locator(".class-notes .class-row-count").all_inner_texts()]
        assert notes_counts == [picks.count(v) for v in values]

        # each phone: the answer, and whether its own was right
        for phone, value in zip(phones, picks):
            phone.locator(".feedback").wait_for(state="visible")
            right = "right" in phone.locator(".feedback").get_attribute("class").split()
            assert right == lesson_says_right(base, section.id, question.step.id, value)
        keep_picture(phones[4], artifacts / "class-phone-answer-390.png", full_page=True)

        # the slide after the question: the phones are told to look at the screen
        slides.keyboard.press("ArrowRight")
        for phone in phones:
            phone.locator("h1.class-look").wait_for(state="visible")
        for page in [slides, notes] + phones:
            assert page.evaluate("window.__csp || []") == [], page.url
    finally:
        for context in contexts:
            context.close()


def test_class_pages_pass_axe(browser, class_server):
    """axe-core (bundled, offline) finds no serious or critical problem on class mode's pages: the
    slides with the join code, the phone's join, question, answered and answer pages, the teacher's
    and the tally's pages, in the three languages."""
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    base = class_server

    def problems(page) -> list[str]:
        results = axe.run(page)
        return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
                for v in results.response["violations"] if v["impact"] in ("serious", "critical")]

    teacher_context = browser.new_context(viewport={"width": 1280, "height": 720})
    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        slides = teacher_context.new_page()
        slides.goto(f"{base}/id/domino/present/dealing/")
        assert problems(slides) == []
        with slides.expect_navigation():
            slides.locator("form.class-start button").click()
        code = re.search(r"class=([A-Z0-9]+)", slides.url).group(1)
        assert problems(slides) == [], "the slides with the join code over them"
        phone = phone_context.new_page()
        phone.goto(f"{base}/vi/class/")
        assert problems(phone) == []
        phone.goto(f"{base}/vi/class/{code}")
        assert problems(phone) == []
        with phone.expect_navigation():
            phone.locator("form.class-form button[type=submit]").click()
        assert problems(phone) == [], "look at the screen"
        slides.keyboard.press("j")
        for _ in range(2):
            slides.keyboard.press("ArrowRight")
        phone.locator("form.class-question").wait_for(state="visible", timeout=WAIT_MS)
        assert problems(phone) == [], "a question"
        with phone.expect_navigation():
            phone.locator(".class-question .choices button").first.click()
        assert problems(phone) == [], "answered"
        slides.keyboard.press("a")
        phone.locator(".feedback").wait_for(state="visible", timeout=WAIT_MS)
        assert problems(phone) == [], "the answer"
        teacher = teacher_context.new_page()
        for url in (f"{base}/en/class/{code}/teacher", f"{base}/id/class/{code}/tally"):
            teacher.goto(url)
            assert problems(teacher) == [], url
    finally:
        teacher_context.close()
        phone_context.close()
