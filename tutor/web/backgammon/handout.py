"""The backgammon course on paper: the whole course or one section, for the class or the teacher.

- ``/<lang>/backgammon/handout/`` and ``/<lang>/backgammon/handout/<section>/`` (routed in
  ``tutor/web/backgammon/pages.py``, endpoint ``backgammon.handout``), ``?copy=teacher`` (the default) or
  ``?copy=student``; any other copy, or a section the course does not have, is a 404 in the page's
  language.

The page is the domino handout's (``templates/present/handout.html``, extended by
``templates/backgammon/handout.html``), with its two copies: the teacher's, with the answers ticked
and listed at the end, and the class's, with a name and a date to fill in, room to work under each
exercise and no answer anywhere (a board that a step's own question asks about is printed plain,
without its caption). Each exercise prints its board beside it, plain. Every answer is the engine's
(``tutor.games.backgammon.course.correct_options``), computed when the page is made.
"""

from __future__ import annotations

from flask import render_template, request, url_for
from markupsafe import Markup

from tutor.games.backgammon import course
from tutor.games.backgammon.diagrams import diagram_by_id, load_diagrams
from tutor.web.backgammon.diagrams import diagram_svg
from tutor.web.backgammon.pages import option_label
from tutor.web.i18n import translate_text as tr
from tutor.web.present import Exercise, first_showings, handout_copy, points_answer
from tutor.web.lists import join_and


def exercises_for(section: course.Section) -> list[tuple[Exercise, frozenset[str]]]:
    """The section's check questions as handout exercises (labelled "8.1", "8.2"...), each with the
    choices the engine accepts (ticked on the teacher's copy)."""
    found = []
    asked = [step.question for step in section.steps if step.question is not None]
    for number, question in enumerate(asked, start=1):
        position = diagram_by_id(question.diagram).position
        right = course.correct_options(question)
        labels = tuple(option_label(o) for o in question.options)
        values = tuple(question.options[i] for i in right)
        answer = (points_answer(int(values[0])) if question.kind == "points"
                  else join_and([labels[i] for i in right]))
        exercise = Exercise(f"{section.number}.{number}", section, question.kind, tr(question.text), question.diagram,
                            position, labels, values, answer, (tr(question.explain),) if question.explain else ())
        found.append((exercise, frozenset(labels[i] for i in right)))
    return found


def picture(diagram_id: str, suffix: str, neutral: bool) -> Markup:
    """A board inlined with its element ids made unique on the page (a deck shows the same board on
    a step, on its question and revealed)."""
    prefix = f"bg-{diagram_id.lower()}-"
    return Markup(str(diagram_svg(diagram_id, neutral=neutral)).replace(prefix, f"{prefix}{suffix}-"))


def handout_picture(diagram_id: str, neutral: bool = False) -> Markup:
    """A board for the handout's steps; a neutral one (the class's copy, when the step's own question
    asks about it) shows the position only."""
    return diagram_svg(diagram_id, neutral=bool(neutral))


def handout_page(sections: list[course.Section], whole: bool):
    """The whole course (``whole``) or one section, as ``?copy=`` asks (404 otherwise)."""
    copy = handout_copy()
    answers = copy == "teacher"
    shown: set[str] = set()
    parts = []
    for section in sections:
        steps = []
        for step, figure, see in first_showings(section.steps, shown):
            # the class's copy prints a board its step's own question asks about plain, without the
            # caption that would answer it (as the lesson page does until the question is answered)
            neutral = bool(figure) and not answers and step.question is not None and step.question.hides_answer_in(figure)
            steps.append({"step": step, "figure": figure, "see": see, "neutral": neutral})
        found = exercises_for(section)
        exercises = [exercise for exercise, _right in found]
        # each exercise prints its board beside it, plain: the class should not turn pages to answer
        pictures = {ex.label: picture(ex.diagram, "x" + ex.label.replace(".", "-"), True) for ex in exercises}
        parts.append({"section": section, "steps": steps, "exercises": exercises, "pictures": pictures,
                      "ticked": {ex.label: right for ex, right in found}})
    diagrams = load_diagrams()
    other = "student" if answers else "teacher"
    return render_template("backgammon/handout.html", parts=parts, diagrams=diagrams, copy=copy,
                           whole=whole, answers=answers, other_copy=other, handout_picture=handout_picture,
                           other_url=url_for(request.endpoint, **(request.view_args or {}), copy=other))


__all__ = ["exercises_for", "handout_page", "handout_picture"]
