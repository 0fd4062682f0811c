"""Class mode through the app (tutor/web/classroom.py), every test on both stores (SQLite and a
real Redis server): a teacher starts a class, phones join in their languages, follow the slides
and answer; the answers are judged as the lesson page judges them (its own verdict, asked of the
lesson page itself), counted once, hidden until the answer is shown; and the refusals: another's
answer, a second answer, a closed question, a tampered form, guessed codes, too many tries."""

from __future__ import annotations

import re
import time
from html import unescape
from pathlib import Path

import pytest

from class_stores import redis_url, store_setting  # noqa: F401 (fixtures)
from conftest import TEST_SECRET_KEY
from tutor import create_app
from tutor.web.i18n import LANGUAGES
from tutor.course import load_course
from tutor.games.backgammon import course as backgammon_course
from tutor.web import classroom
from tutor.web.class_store import LIFETIME, ClassState, RedisStore, SQLiteStore
from tutor.web.backgammon.present import BACKGAMMON
from tutor.web.domino.present import DOMINOES
from tutor.web.present import slides_of

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


@pytest.fixture()
def class_app(app, store_setting):  # `app` first: it compiles the catalogs
    made = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET_KEY, "CLASS_STORE": store_setting})
    yield made
    store = made.extensions.get("class_store")
    if store is not None:
        store.close()


def deck_slides(section) -> list:
    """A section's slides as its presenter deck numbers them (a picture may have a slide of its own)."""
    game = DOMINOES if any(s.id == section.id and s.title == section.title for s in load_course()) else BACKGAMMON
    return slides_of(section, game)


def question_slides(section) -> list:
    return [slide for slide in deck_slides(section) if slide.question]


def domino_section(kind: str):
    """A domino section with a question of ``kind`` (its first such slide)."""
    for section in load_course():
        for slide in question_slides(section):
            if slide.step.question.kind == kind:
                return section, slide
    raise AssertionError(f"no {kind} question")


def start(client, lesson: str = "domino_present/dealing", slide: int = 1, lang: str = "en") -> str:
    response = client.post(f"/{lang}/class/", data={"lesson": lesson, "slide": str(slide)})
    assert response.status_code == 303, response.status_code
    code = re.search(r"[?&]class=([A-Z0-9]+)", response.headers["Location"]).group(1)
    assert classroom.normal_code(code) == code
    return code


def join(client, code: str, lang: str, nickname: str = "") -> None:
    response = client.post(f"/{lang}/class/{code}/join", data={"nickname": nickname})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/{lang}/class/{code}")


def lead(teacher, code: str, lesson: str, slide: int, shown: bool = False, lang: str = "en") -> int:
    return teacher.post(f"/{lang}/class/{code}/teacher",
                        data={"lesson": lesson, "slide": str(slide), "shown": "1" if shown else "0", "js": "1"}).status_code


def page(client, url: str) -> tuple[int, str]:
    response = client.get(url)
    return response.status_code, response.get_data(as_text=True)


def choices_on(html: str) -> list[str]:
    return [unescape(v) for v in re.findall(r'name="answer" value="([^"]+)"', html)]


def question_key(html: str) -> str:
    return unescape(re.search(r'name="question" value="([^"]+)"', html).group(1))


def answer(client, code: str, lang: str, value: str, key: str | None = None):
    if key is None:
        key = question_key(page(client, f"/{lang}/class/{code}")[1])
    return client.post(f"/{lang}/class/{code}/answer", data={"question": key, "answer": value})


def lesson_verdict(client, game: str, section, step, value: str) -> bool:
    """What the lesson page itself says of this answer: right or wrong."""
    html = client.post(f"/en/{game}/lessons/{section.id}/{step.id}", data={"answer": value}).get_data(as_text=True)
    found = re.search(r'class="feedback (right|wrong)', html)
    assert found, "the lesson page judged the answer"
    return found.group(1) == "right"


def tally(client, code: str, lang: str = "en") -> dict:
    response = client.get(f"/{lang}/class/{code}/tally.json")
    assert response.status_code == 200
    return response.get_json()


# ----- a whole question ------------------------------------------------------------------------
@pytest.mark.parametrize("game,lesson", [("domino", "domino_present/dealing"), ("backgammon", "backgammon_present/two-dice")])
def test_a_whole_question(class_app, game, lesson):
    teacher = class_app.test_client()
    deck_id, section_id = lesson.split("/")
    sections = load_course() if game == "domino" else backgammon_course.load_course()
    section = next(s for s in sections if s.id == section_id)
    slide = question_slides(section)[0]
    code = start(teacher, lesson)
    phones = [class_app.test_client() for _ in range(5)]
    langs = ["vi", "id", "en", "vi", "id"]
    for phone, lang, name in zip(phones, langs, ["Lan", "Budi", "Sam", "", "Putri"]):
        join(phone, code, lang, name)
    # before the question: the phones say to look at the screen, in their own language
    status, html = page(phones[0], f"/vi/class/{code}")
    assert status == 200 and 'lang="vi"' in html and choices_on(html) == []
    assert "Hãy nhìn lên màn hình" in html
    assert '<noscript><meta http-equiv="refresh"' in html, "without JavaScript a waiting phone refreshes itself"
    version = phones[0].get(f"/vi/class/{code}/now").get_json()["version"]
    assert lead(teacher, code, lesson, slide.number) == 204
    assert phones[0].get(f"/vi/class/{code}/now").get_json()["version"] > version, "the phones see the class move"
    # the question on every phone: the slide's own choices, in each language
    offered = None
    for phone, lang in zip(phones, langs):
        status, html = page(phone, f"/{lang}/class/{code}")
        assert status == 200 and f'<html lang="{lang}">' in html
        values = choices_on(html)
        offered = offered or values
        assert values == offered and len(values) >= 2
        assert 'http-equiv="refresh"' not in html, "a question waiting for its answer is never reloaded under the student"
        if lang == "en":
            labels = dict(zip(values, (unescape(label).strip() for label in
                                       re.findall(r'name="answer" value="[^"]+">([^<]+)<', html))))
    # each answers a choice; the class's verdict is the lesson page's
    picks = [offered[i % len(offered)] for i in range(5)]
    for phone, lang, value in zip(phones, langs, picks):
        assert answer(phone, code, lang, value).status_code == 303
    shown = tally(teacher, code)
    assert shown["answered"] == 5 and shown["joined"] == 5 and not shown["revealed"]
    assert shown["rows"] == [], "how many have answered, never what, until the answer is shown"
    assert lead(teacher, code, lesson, slide.number, shown=True) == 204
    shown = tally(teacher, code)
    assert shown["revealed"]
    counted = {row["label"]: row["count"] for row in shown["rows"]}
    assert sum(counted.values()) == 5
    right_labels = {row["label"] for row in shown["rows"] if row["right"]}
    for value in offered:  # every choice, with how many gave it, the right ones marked
        assert counted[labels[value]] == picks.count(value)
        assert (labels[value] in right_labels) == lesson_verdict(teacher, game, section, slide.step, value)
    # each phone now shows the answer, and whether its own was right by the lesson page's verdict
    for phone, lang, value in zip(phones, langs, picks):
        status, html = page(phone, f"/{lang}/class/{code}")
        right = lesson_verdict(teacher, game, section, slide.step, value)
        assert ('class="feedback right"' in html) == right, (lang, value)
        assert choices_on(html) == [], "the question is closed"


def test_a_number_answer_is_read_as_the_lesson_page_reads_it(class_app):
    section, slide = domino_section("points")
    teacher, phone, other = class_app.test_client(), class_app.test_client(), class_app.test_client()
    lesson = f"domino_present/{section.id}"
    code = start(teacher, lesson)
    join(phone, code, "id")
    join(other, code, "en")
    lead(teacher, code, lesson, slide.number)
    status, html = page(phone, f"/id/class/{code}")
    assert 'type="number" name="answer"' in html and choices_on(html) == []
    # the engine's answer, found by trying numbers on the lesson page (not read from the class)
    right = next(n for n in range(0, 200) if lesson_verdict(teacher, "domino", section, slide.step, str(n)))
    assert answer(phone, code, "id", f" {right}.0 ").status_code == 303, "15.0 is 15, as on the lesson page"
    assert answer(other, code, "en", "twelve").status_code == 400, "not a number: refused, as on the lesson page"
    assert answer(other, code, "en", str(right + 1)).status_code == 303
    lead(teacher, code, lesson, slide.number, shown=True)
    rows = tally(teacher, code, "id")["rows"]
    assert sorted((row["label"], row["count"], row["right"]) for row in rows) == sorted([(str(right), 1, True), (str(right + 1), 1, False)])


# ----- refusals --------------------------------------------------------------------------------
def test_one_answer_per_student_and_question(class_app):
    teacher, phone = class_app.test_client(), class_app.test_client()
    section, slide = domino_section("action")
    lesson = f"domino_present/{section.id}"
    code = start(teacher, lesson)
    join(phone, code, "vi")
    lead(teacher, code, lesson, slide.number)
    key = question_key(page(phone, f"/vi/class/{code}")[1])
    values = choices_on(page(phone, f"/vi/class/{code}")[1])
    assert answer(phone, code, "vi", values[0], key).status_code == 303
    again = answer(phone, code, "vi", values[1], key)
    assert again.status_code == 409 and 'role="alert"' in again.get_data(as_text=True)
    shown = tally(teacher, code)
    assert shown["answered"] == 1
    lead(teacher, code, lesson, slide.number, shown=True)
    counts = {row["label"]: row["count"] for row in tally(teacher, code)["rows"]}
    assert sorted(counts.values()) == [0] * (len(values) - 1) + [1], "the first answer counts, only it"


def test_nobody_answers_for_another(class_app):
    teacher, phone, stranger = class_app.test_client(), class_app.test_client(), class_app.test_client()
    section, slide = domino_section("action")
    lesson = f"domino_present/{section.id}"
    code = start(teacher, lesson)
    join(phone, code, "en")
    lead(teacher, code, lesson, slide.number)
    key = question_key(page(phone, f"/en/class/{code}")[1])
    value = choices_on(page(phone, f"/en/class/{code}")[1])[0]
    # no cookie, a made-up token, the teacher's own token: none is a student of the class
    assert stranger.post(f"/en/class/{code}/answer", data={"question": key, "answer": value}).status_code == 403
    stranger.set_cookie("tutor_class", "x" * 43, path=f"/en/class/{code}")
    assert stranger.post(f"/en/class/{code}/answer", data={"question": key, "answer": value}).status_code == 403
    assert teacher.post(f"/en/class/{code}/answer", data={"question": key, "answer": value}).status_code == 403
    assert tally(teacher, code)["answered"] == 0
    # and only the teacher leads
    assert lead(phone, code, lesson, 1) == 403 and lead(stranger, code, lesson, 1) == 403
    assert phone.get(f"/en/class/{code}/teacher").status_code == 403
    assert tally(teacher, code)["slide"] == slide.number


def test_a_closed_or_tampered_answer_changes_nothing(class_app):
    teacher, phone = class_app.test_client(), class_app.test_client()
    section, slide = domino_section("action")
    lesson = f"domino_present/{section.id}"
    code = start(teacher, lesson)
    join(phone, code, "id")
    # no question on the screen
    assert answer(phone, code, "id", "open", key=f"domino_present/{section.id}/{slide.number}").status_code == 409
    lead(teacher, code, lesson, slide.number)
    key = question_key(page(phone, f"/id/class/{code}")[1])
    for bad in ("6-6X", "", "<b>open</b>", "open" * 100):
        response = answer(phone, code, "id", bad, key)
        assert response.status_code == 400
        html = response.get_data(as_text=True)
        assert 'role="alert"' in html and '<html lang="id">' in html and "<b>open" not in html
    assert answer(phone, code, "id", "open", key="domino_present/other/1").status_code == 409, "another question's key"
    lead(teacher, code, lesson, slide.number, shown=True)
    assert answer(phone, code, "id", "open", key).status_code == 409, "the answer is shown: the question is closed"
    lead(teacher, code, lesson, slide.number + 1)
    lead(teacher, code, lesson, slide.number)  # back to it: still closed, its answer has been shown
    assert answer(phone, code, "id", "open", key).status_code == 409
    assert tally(teacher, code)["answered"] == 0


def test_teacher_forms_are_checked(class_app):
    teacher = class_app.test_client()
    code = start(teacher)
    before = tally(teacher, code)
    for data in ({"go": "nowhere"}, {"lesson": "domino_present/no-such-section", "slide": "1"},
                 {"lesson": "evil/dealing", "slide": "1"}, {}):
        response = teacher.post(f"/vi/class/{code}/teacher", data=data)
        assert response.status_code == 400 and 'role="alert"' in response.get_data(as_text=True)
    assert tally(teacher, code)["version"] == before["version"]
    assert teacher.post("/en/class/", data={"lesson": "domino_present/nope"}).status_code == 400
    # an odd slide number is brought into the section
    assert lead(teacher, code, "domino_present/dealing", 999) == 204
    assert tally(teacher, code)["slide"] == len(deck_slides(next(s for s in load_course() if s.id == "dealing")))


def test_the_teacher_leads_without_javascript(class_app):
    teacher, phone = class_app.test_client(), class_app.test_client()
    section, slide = domino_section("action")
    code = start(teacher, f"domino_present/{section.id}")
    join(phone, code, "en", "Sam")
    for _ in range(slide.number - 1):
        assert teacher.post(f"/en/class/{code}/teacher", data={"go": "next"}).status_code == 303
    assert tally(teacher, code)["slide"] == slide.number and tally(teacher, code)["question"]
    answer(phone, code, "en", choices_on(page(phone, f"/en/class/{code}")[1])[0])
    status, html = page(teacher, f"/en/class/{code}/teacher")
    assert status == 200 and "Sam" in html and "1 of 1 answered" in html
    assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in html and "data-watch=" in html
    assert 'class="class-rows"' not in html, "not before the answer is shown"
    teacher.post(f"/en/class/{code}/teacher", data={"go": "show"})
    status, html = page(teacher, f"/en/class/{code}/teacher")
    assert 'class="class-rows"' in html
    status, html = page(phone, f"/en/class/{code}/tally")  # the projector's page without JavaScript
    assert status == 200 and '<noscript><meta http-equiv="refresh" content="2"></noscript>' in html
    assert 'class="class-rows"' in html
    assert teacher.post(f"/en/class/{code}/teacher", data={"go": "lesson", "lesson": "backgammon_present/dice"}).status_code == 303
    assert tally(teacher, code)["section"] == "dice" and tally(teacher, code)["slide"] == 1


def test_the_end_of_a_class(class_app):
    teacher, phone = class_app.test_client(), class_app.test_client()
    code = start(teacher)
    join(phone, code, "vi", "Lan")
    assert teacher.post(f"/en/class/{code}/teacher", data={"go": "end"}).status_code == 303
    store = class_app.extensions["class_store"]
    assert store.get(code).ended and store.students(code) == []
    status, html = page(phone, f"/vi/class/{code}")
    assert status == 200 and "Lớp học đã kết thúc" in html and "Lan" not in html
    assert phone.get(f"/vi/class/{code}/now").get_json()["ended"]
    assert teacher.post(f"/en/class/{code}/teacher", data={"go": "next"}).status_code == 409
    assert page(teacher, f"/en/domino/present/dealing/?class={code}")[1].count("class-panel") == 0, "the slides forget it"


def test_a_class_is_forgotten_after_a_day(class_app):
    teacher = class_app.test_client()
    with class_app.app_context():
        store = classroom.store()
        store.add(ClassState(code="OLD234", teacher="ab" * 32, created=time.time() - LIFETIME - 1,
                             deck="domino_present", section="dealing", slide=1))
    status, html = page(teacher, "/id/class/OLD234")
    assert status == 404 and "OLD234" in html and '<html lang="id">' in html


# ----- codes, cookies, limits ------------------------------------------------------------------
def test_codes(class_app):
    teacher = class_app.test_client()
    codes = {start(teacher) for _ in range(5)}
    assert len(codes) == 5
    assert all(len(c) == classroom.CODE_LENGTH and set(c) <= set(classroom.ALPHABET) for c in codes)
    assert len(classroom.ALPHABET) ** classroom.CODE_LENGTH == 887_503_681
    assert not set("01OIL") & set(classroom.ALPHABET), "no symbol to misread"
    code = codes.pop()
    phone = class_app.test_client()
    # typed in any case, with spaces: the canonical address (the cookies' paths name it)
    response = phone.get(f"/en/class/?code={code[:3].lower()} {code[3:].lower()}")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/en/class/{code}")
    assert phone.get(f"/en/class/{code.lower()}").headers["Location"].endswith(f"/en/class/{code}")
    assert phone.get("/en/class/?code=12").status_code == 400
    # the QR code's address sends each phone on in its own language
    for accept, lang in (("vi-VN,vi;q=0.9", "vi"), ("id", "id"), ("fr", "en")):
        response = phone.get(f"/class/{code}", headers={"Accept-Language": accept})
        assert response.status_code == 302 and response.headers["Location"].endswith(f"/{lang}/class/{code}")


def test_cookies_are_the_class_modes_only(class_app):
    teacher, phone = class_app.test_client(), class_app.test_client()
    response = teacher.post("/vi/class/", data={"lesson": "domino_present/dealing"})
    code = re.search(r"class=([A-Z0-9]+)", response.headers["Location"]).group(1)
    joined = phone.post(f"/id/class/{code}/join", data={"nickname": "Budi"})
    for made in (response, joined):
        cookies = made.headers.getlist("Set-Cookie")
        assert {re.search(r"Path=([^;]+)", c).group(1) for c in cookies} == {f"/{lang}/class/{code}" for lang in LANGUAGES}
        for cookie in cookies:
            attributes = {part.strip().split("=")[0].lower() for part in cookie.split(";")}
            assert {"httponly", "max-age", "path", "samesite"} <= attributes
            assert "SameSite=Lax" in cookie and f"Max-Age={LIFETIME}" in cookie
            token = cookie.split(";")[0].split("=", 1)[1]
            assert len(token) >= 43, "256 random bits"
    # and no other page sets one, class pages included
    for client, url in ((teacher, f"/vi/domino/present/dealing/?class={code}"), (phone, f"/id/class/{code}"),
                        (phone, f"/id/class/{code}/now"), (teacher, f"/vi/class/{code}/teacher"), (phone, "/en/")):
        response = client.get(url)
        assert response.status_code == 200 and "Set-Cookie" not in response.headers, url
        assert response.headers["Content-Security-Policy"] == CSP
    assert phone.get(f"/id/class/{code}").headers["Cache-Control"] == "no-store"
    # the store keeps a hash of each token, never the token
    token = joined.headers.getlist("Set-Cookie")[0].split(";")[0].split("=", 1)[1]
    store = class_app.extensions["class_store"]
    assert store.student(code, token) is None and store.student(code, classroom.token_hash(token)) is not None


def test_guessed_codes_are_limited(class_app):
    teacher, guesser, phone = class_app.test_client(), class_app.test_client(), class_app.test_client()
    code = start(teacher)
    join(phone, code, "en")
    limit, _window = classroom.LIMITS["wrong"]
    unknown = [c for c in ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE") if c != code]
    for i in range(limit):
        assert guesser.get(f"/en/class/{unknown[i % len(unknown)]}").status_code == 404
    response = guesser.get(f"/vi/class/{unknown[0]}")
    assert response.status_code == 429 and '<html lang="vi">' in response.get_data(as_text=True)
    assert guesser.get(f"/en/class/{code}").status_code == 429, "past the limit a right code looks like a wrong one"
    assert guesser.post(f"/en/class/{code}/join").status_code == 429
    # the same address: its members are still served (a class behind one school address)
    assert phone.get(f"/en/class/{code}").status_code == 200 and teacher.get(f"/en/class/{code}/teacher").status_code == 200
    # a malformed code is no guess at a class: it does not count
    assert guesser.get("/en/class/0").status_code == 404


def test_joins_and_answers_are_limited(class_app):
    teacher = class_app.test_client()
    code = start(teacher)
    limit, _window = classroom.LIMITS["join"]
    for _ in range(limit):
        join(class_app.test_client(), code, "en")
    assert class_app.test_client().post(f"/en/class/{code}/join").status_code == 429
    assert tally(teacher, code)["joined"] == limit
    # answers: a student who keeps sending is stopped
    section, slide = domino_section("action")
    other = class_app.test_client()
    other.environ_base["REMOTE_ADDR"] = "127.0.0.2"  # another network: not limited by the first one's joins
    lesson = f"domino_present/{section.id}"
    code = start(teacher, lesson)
    join(other, code, "en")
    lead(teacher, code, lesson, slide.number)
    key = question_key(page(other, f"/en/class/{code}")[1])
    statuses = [answer(other, code, "en", "open", key).status_code for _ in range(classroom.LIMITS["answer"][0] + 1)]
    assert statuses[0] == 303 and set(statuses[1:-1]) == {409} and statuses[-1] == 429


def test_a_full_class(class_app, monkeypatch):
    monkeypatch.setattr(classroom, "MAX_STUDENTS", 2)
    teacher = class_app.test_client()
    code = start(teacher)
    join(class_app.test_client(), code, "en")
    join(class_app.test_client(), code, "en")
    response = class_app.test_client().post(f"/id/class/{code}/join")
    assert response.status_code == 403 and '<html lang="id">' in response.get_data(as_text=True)


def test_nicknames_are_cleaned_escaped_and_short(class_app):
    teacher = class_app.test_client()
    code = start(teacher)
    for name in ("<script>alert(1)</script>", "a\u200bb\x00c\nd", "Nguyễn Thị Minh Khai Lan Anh"):
        join(class_app.test_client(), code, "vi", name)
    join(class_app.test_client(), code, "vi", "")
    html = page(teacher, f"/en/class/{code}/teacher")[1]
    names = [unescape(n).strip() for n in re.findall(r'<li(?: class="done")?>([^<]+)', html.split('class="class-students"')[1])]
    assert names == ["<script>alert(1)</sc", "a b c d", "Nguyễn Thị Minh Khai", "Student 4"]
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    assert all(len(n) <= classroom.NICKNAME_LENGTH for n in names)


def test_the_slides_show_the_class(class_app):
    teacher = class_app.test_client()
    status, html = page(teacher, "/en/domino/present/dealing/")
    assert 'class="class-start"' in html and 'name="lesson" value="domino_present/dealing"' in html
    assert "class-panel" not in html
    code = start(teacher)
    status, html = page(teacher, f"/en/domino/present/dealing/?class={code}&join=1")
    assert status == 200 and f'data-code="{code}"' in html and 'class="class-start"' not in html
    join_box = html.split('id="class-join"')[1].split("</aside>")[0]
    assert "hidden" not in join_box.split(">")[0], "shown after the start (join=1)"
    assert re.search(r'<svg role="img" aria-label="[^"]*' + code, join_box), "the QR code, inline"
    assert f"/class/{code}" in join_box
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "no inline script"
    status, html = page(teacher, f"/en/domino/present/dealing/?class={code}")
    assert 'id="class-join" hidden' in html
    status, html = page(teacher, "/en/present/")
    assert 'id="class-mode"' in html and 'value="backgammon_present/dice"' in html


def test_languages_of_the_phone(class_app):
    """The same state says different things in vi, id and en (every sentence is translated)."""
    teacher = class_app.test_client()
    code = start(teacher)
    texts = {}
    for lang in ("vi", "id", "en"):
        phone = class_app.test_client()
        join_page = page(phone, f"/{lang}/class/{code}")[1]
        join(phone, code, lang)
        waiting = page(phone, f"/{lang}/class/{code}")[1]
        texts[lang] = (re.search(r'<p class="lead">([^<]+)', join_page).group(1), re.search(r'<h1 class="class-look">([^<]+)', waiting).group(1))
    assert len({t[0] for t in texts.values()}) == 3 and len({t[1] for t in texts.values()}) == 3


def test_the_store_is_the_setting(class_app, store_setting):
    teacher = class_app.test_client()
    code = start(teacher)
    store = class_app.extensions["class_store"]
    if store_setting.startswith("redis://"):
        assert isinstance(store, RedisStore)
        import redis

        with redis.Redis.from_url(store_setting) as client:
            assert client.exists(f"tutor:class:{code}"), "the class is in the Redis server"
    else:
        assert isinstance(store, SQLiteStore) and str(store.path) == store_setting[len("sqlite:///"):]


def test_the_default_store_is_sqlite_in_the_instance_folder(app):
    made = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET_KEY, "CLASS_STORE": ""})
    with made.app_context():
        store = classroom.store()
        assert isinstance(store, SQLiteStore) and store.path == Path(made.instance_path) / "classes.sqlite3"
        assert store.path.exists(), "made by the app"
    store.close()


def test_a_store_that_does_not_answer(app):
    """A Redis server that is down: class mode says so (503, in the page's language), and the
    slides still show, without the class."""
    from class_stores import free_port

    made = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET_KEY,
                       "CLASS_STORE": f"redis://127.0.0.1:{free_port()}/0"})
    client = made.test_client()
    response = client.post("/vi/class/", data={"lesson": "domino_present/dealing"})
    assert response.status_code == 503 and '<html lang="vi">' in response.get_data(as_text=True)
    assert 'role="alert"' in response.get_data(as_text=True)
    assert client.get("/id/class/AAAAAA").status_code == 503
    status, html = page(client, "/en/domino/present/dealing/?class=AAAAAA")
    assert status == 200 and "class-panel" not in html


def every_question():
    for game, sections in (("domino", load_course()), ("backgammon", backgammon_course.load_course())):
        for section in sections:
            for slide in question_slides(section):
                yield game, section, slide


@pytest.mark.parametrize("game,section,slide", list(every_question()),
                         ids=[f"{g}-{s.id}-{q.number}" for g, s, q in every_question()])
def test_every_question_is_judged_as_on_its_lesson_page(app, client, game, section, slide):
    """Each question of both courses: every choice the phone offers (or each number from 0 to 40)
    is right in class exactly when the lesson page says it is; the tally marks those right."""
    from tutor.web import rooms

    with app.test_request_context(f"/en/{game}/"):
        from flask import g as request_globals

        request_globals.lang = "en"
        deck = next(d for room in rooms.rooms() for d in room.classes if d.game.endpoint == f"{game}_present")
        ask = deck.ask(slide.step)
        values = [value for value, _label in ask.choices] or [str(n) for n in range(41)]
        judged = {value: deck.judge(slide.step, value) for value in values}
    for value in values:
        right = lesson_verdict(client, game, section, slide.step, value)
        assert judged[value] is not None and judged[value].correct == right, value
        assert (judged[value].value in ask.right) == right, value
    if ask.choices:
        assert any(judged[v].correct for v in values), "a question has a right choice"
