"""The backgammon course on paper: the whole course, one section or a lesson plan's sections, for the
class or the teacher.

- ``/<lang>/backgammon/handout/`` and ``/<lang>/backgammon/handout/<section>/`` (routed in
  ``tutor/web/backgammon/present.py``, endpoint ``backgammon_present.handout``), ``?copy=teacher``
  (the default) or ``?copy=student``, ``?plan=<id>`` for a lesson plan's sections; any other copy,
  plan or section is a 404 in the page's language.

The page is the domino handout's (``templates/present/handout.html``, extended by
``templates/backgammon/handout.html``), with its two copies: the teacher's, with the course's text
and pictures, the lesson plan, the answers ticked and listed at the end; and the class's, a
worksheet: for each section its summary and its exercises (the steps' check questions and the
section's ``[[exercises]]``), each with its board beside it, plain, a name and a date to fill in and
no answer anywhere. Every answer is the engine's (``tutor.games.backgammon.course``), computed when
the page is made.
"""

from __future__ import annotations

from flask import render_template, request, url_for
from markupsafe import Markup

from tutor.games.backgammon import course
from tutor.games.backgammon.diagrams import load_diagrams
from tutor.web.backgammon.diagrams import diagram_svg, exercise_board_svg
from tutor.web.backgammon.pages import option_label
from tutor.web.i18n import translate_text as tr
from tutor.web.present import Exercise, first_showings, handout_copy, points_answer
from tutor.web.lists import join_and


def question_words(question: course.Question) -> str:
    """A question in the page's language, with the roll (``%(dice)s``, "6-5") and the videau's value
    (``%(cube)s``) of its board filled in."""
    text = tr(question.text)
    if "%(" not in text:
        return text
    position = question.picture.position
    dice = f"{position.dice[0]}-{position.dice[1]}" if position.dice else ""
    return text % {"dice": dice, "cube": position.cube.value}


def asked_in(section: course.Section) -> list[course.Question]:
    """The section's exercises: its steps' check questions, then its worksheet's own."""
    return [step.question for step in section.steps if step.question is not None] + list(section.exercises)


def exercises_for(section: course.Section) -> list[tuple[Exercise, frozenset[str]]]:
    """The section's exercises (labelled "8.1", "8.2"...), each with the choices the engine accepts
    (ticked on the teacher's copy). A number question without options is written in."""
    found = []
    for number, question in enumerate(asked_in(section), start=1):
        position = question.picture.position
        labels = tuple(option_label(o) for o in question.options)
        if question.options:
            right = course.correct_options(question)
            values = tuple(question.options[i] for i in right)
            answer = (points_answer(int(values[0])) if question.kind == "points"
                      else join_and([labels[i] for i in right]))
            ticked = frozenset(labels[i] for i in right)
        else:
            value = course.answer_value(question)
            values, ticked = (str(value),), frozenset()
            answer = points_answer(value) if question.kind == "points" else str(value)
        exercise = Exercise(f"{section.number}.{number}", section, question.kind, question_words(question),
                            question.diagram or None, position, labels, values, answer,
                            (tr(question.explain),) if question.explain else ())
        found.append((exercise, ticked))
    return found


def picture(diagram_id: str, suffix: str, neutral: bool) -> Markup:
    """A board inlined with its element ids made unique on the page (a deck shows the same board on
    a step, on its question and revealed)."""
    prefix = f"bg-{diagram_id.lower()}-"
    return Markup(str(diagram_svg(diagram_id, neutral=neutral)).replace(prefix, f"{prefix}{suffix}-"))


def exercise_picture(question: course.Question, label: str) -> Markup:
    """An exercise's board, plain: the rulebook diagram it asks about, or its own position."""
    suffix = "x" + label.replace(".", "-")
    if question.board is not None:
        return Markup(exercise_board_svg(question.board, question.kind, suffix))
    return picture(question.diagram, suffix, True)


def handout_picture(diagram_id: str, neutral: bool = False) -> Markup:
    """A board for the handout's steps; a neutral one shows the position only."""
    return diagram_svg(diagram_id, neutral=bool(neutral))


def handout_page(sections: list[course.Section], whole: bool, plans: list[dict] | None = None):
    """The whole course (``whole``), one section, or a plan's sections (``plans``: that plan), as
    ``?copy=`` asks (404 otherwise). The teacher's copy of the whole course shows every lesson plan."""
    copy = handout_copy()
    answers = copy == "teacher"
    shown: set[str] = set()
    parts = []
    for section in sections:
        steps = []
        for step, figure, see in first_showings(section.steps, shown):
            neutral = bool(figure) and not answers and step.question is not None and step.question.hides_answer_in(figure)
            steps.append({"step": step, "figure": figure, "see": see, "neutral": neutral})
        found = exercises_for(section)
        exercises = [exercise for exercise, _right in found]
        # each exercise prints its board beside it, plain: the class should not turn pages to answer
        pictures = {ex.label: exercise_picture(question, ex.label) for ex, question in zip(exercises, asked_in(section))}
        parts.append({"section": section, "steps": steps, "exercises": exercises, "pictures": pictures,
                      "ticked": {ex.label: right for ex, right in found}})
    diagrams = load_diagrams()
    other = "student" if answers else "teacher"
    return render_template("backgammon/handout.html", parts=parts, diagrams=diagrams, copy=copy,
                           whole=whole, answers=answers, other_copy=other, handout_picture=handout_picture,
                           plans=plans or [],
                           other_url=url_for(request.endpoint, **(request.view_args or {}),
                                             **({"plan": request.args["plan"]} if "plan" in request.args else {}),
                                             copy=other))


__all__ = ["asked_in", "exercises_for", "handout_page", "handout_picture", "question_words"]
