"""A question answered with a number takes any way of writing that number (issue 10, item 9):
``15``, ``15.0`` (what a browser's number field may send), `` 15 ``; text that is not a whole
number gets a message about typing a number, never "press one of the buttons"."""

import html
import re

import pytest

import independent_checker as checker
from tutor.games.domino import questions
from tutor.course import load_course
from tutor.games.domino import DominoError, Position

LANGS = ["en", "vi", "id"]
# RULES.md's worked example: A plays out, B holds 6-5 and 2-0, so A scores 6 + 5 + 2 + 0.
PLAYED_OUT = Position.parse("-/6-5,2-0 5-4,4-4,4-6 1 0")
POINTS = 6 + 5 + 2 + 0


@pytest.mark.parametrize("written", ["13", "13.0", " 13 ", "13.", "+13", "013", "13,0", "13.000", "\t13\n"])
def test_any_writing_of_the_right_number_is_right(written):
    verdict = questions.judge("points", PLAYED_OUT, written)
    assert verdict.correct and verdict.answer == str(POINTS)


@pytest.mark.parametrize("written", ["12", "12.0", "-13", "0", "14,0"])
def test_another_number_is_wrong_not_malformed(written):
    verdict = questions.judge("points", PLAYED_OUT, written)
    assert not verdict.correct and verdict.answer == str(int(float(written.replace(",", "."))))


@pytest.mark.parametrize("written", ["", "abc", "13 points", "13.5", "1e1", "١٣", "13-0", "..", "+", "1" * 40, "0x0d"])
def test_text_that_is_not_a_whole_number_is_malformed(written):
    with pytest.raises(DominoError):
        questions.judge("points", PLAYED_OUT, written)


def points_questions():
    found = []
    for section in load_course():
        for step in section.steps:
            # Playboard's (the other rule sets' questions: tests/domino/test_diagrams_rule_sets.py)
            if step.question and step.question.kind == "points" and not section.part:
                found.append((section, step))
    assert found
    return found


def question_position(question) -> Position:
    if hasattr(questions, "position_of"):
        return questions.position_of(question)
    from tutor.games.domino.diagrams import diagram_by_id

    return diagram_by_id(question.diagram).position


def feedback_text(page: str) -> str:
    found = re.search(r'class="feedback[^"]*"[^>]*>(.*?)</(?:p|div)>', page, re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split()) if found else ""


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_page_takes_15_0_as_15(client, lang):
    for section, step in points_questions():
        data = question_position(step.question).to_json()
        del data["boneyard"]
        points = checker.analyze(data)["result"]["points"]  # the independent checker's score
        url = f"/{lang}/domino/lessons/{section.id}/{step.id}"
        plain = client.post(url, data={"answer": str(points)})
        assert plain.status_code == 200
        for written in (f"{points}.0", f" {points} ", f"{points},0"):
            response = client.post(url, data={"answer": written})
            assert response.status_code == 200, written
            assert feedback_text(response.get_data(as_text=True)) == feedback_text(plain.get_data(as_text=True))


@pytest.mark.parametrize("lang", LANGS)
def test_text_gets_a_message_about_typing_a_number(client, lang, app):
    section, step = points_questions()[0]
    url = f"/{lang}/domino/lessons/{section.id}/{step.id}"
    english = client.post(f"/en/domino/lessons/{section.id}/{step.id}", data={"answer": "twelve"}).get_data(as_text=True)
    response = client.post(url, data={"answer": "twelve"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in page
    assert "Type your answer as a whole number" in english and "buttons" not in english
    with app.test_request_context(f"/{lang}/"):
        from flask_babel import force_locale, gettext

        with force_locale(lang):
            wanted = gettext("Type your answer as a whole number, such as 12.")
            buttons = gettext("That answer is not one of the choices. Pick one of the buttons.")
    assert html.escape(wanted, quote=True) in page or wanted in page
    assert buttons not in html.unescape(page)
    if lang != "en":
        assert wanted != "Type your answer as a whole number, such as 12."
