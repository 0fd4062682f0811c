"""The backgammon course on the web (its pictures: ``tutor.web.backgammon.diagrams``).

- ``/<lang>/backgammon/``: the course map; ``/<lang>/backgammon/lessons/<section>/<step>``: a
  lesson step, with its question judged by the engine (``tutor.games.backgammon.course``).
- the template global ``backgammon_sections()``: the course's sections, for the pages of no game.
"""

from __future__ import annotations

from functools import partial

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _

from tutor.course import TRIES, tries_so_far
from tutor.games.backgammon import course
from tutor.web.i18n import section_title_in, use_language_prefix
from tutor.web.backgammon.wording import localized_notation
from tutor.web.lists import join_and
from tutor.web.delivery import same_for_everyone

bp = Blueprint("backgammon", __name__, url_prefix="/<lang_code>/backgammon")
use_language_prefix(bp)

@bp.app_template_global("backgammon_sections")
def sections() -> tuple[course.Section, ...]:
    """The backgammon course's sections, for pages outside it (the home page's Continue)."""
    return course.load_course()


#: A lesson section's title in the page's language (written once, in its lesson file).
section_title = partial(section_title_in, course.find)


# ----- routes ------------------------------------------------------------------------------------
@bp.get("/")
@same_for_everyone
def index():
    return render_template("backgammon/index.html", sections=course.load_course())


@bp.get("/lessons/<section_id>/")
def section(section_id: str):
    found, _step = course.find(section_id)
    if found is None:
        abort(404)
    return redirect(url_for("backgammon.step", section_id=found.id, step_id=found.steps[0].id))


def option_label(option: str) -> str:
    if option == course.NO_PLAY:
        # TRANSLATORS: backgammon: a choice of a lesson question: the dice cannot be used at all.
        return _("Nothing: the turn is lost")
    return localized_notation(option)  # a play in standard notation (24/18 13/8), bar and off in the page's words, or a number


@bp.route("/lessons/<section_id>/<step_id>", methods=["GET", "POST"])
@same_for_everyone
def step(section_id: str, step_id: str):
    found, here = course.find(section_id, step_id)
    if found is None or here is None:
        abort(404)
    question, verdict, answer, status = here.question, None, None, 200
    tries = 0  # wrong answers so far
    if request.method == "POST":
        if question is None:
            abort(405)
        answer = request.form.get("answer", "")
        verdict = course.judge(question, answer)
        tries = tries_so_far(request.form.get("tries")) + (verdict is False)
        if verdict is None:
            status = 400
    before, after = course.neighbours(found, here)
    feedback = []
    # the answer is shown once it is given, or after the last try (a first wrong answer: look again)
    final = verdict is True or (verdict is False and tries >= TRIES)
    if verdict is False and not final:
        # TRANSLATORS: backgammon lesson: a first wrong answer; the right one is not shown yet.
        feedback.append(_("Not quite. Look at the board again, and try once more."))
    elif final:
        if verdict:
            # TRANSLATORS: backgammon lesson: the learner's answer is right (the engine checked it).
            feedback.append(_("Right: the engine agrees with you."))
        else:
            right = [option_label(question.options[i]) for i in course.correct_options(question)]
            # TRANSLATORS: backgammon lesson: the learner's answer is wrong; %(answer)s is the right one.
            feedback.append(_("Not quite. The right answer is %(answer)s.", answer=join_and(right)))
        if question.explain:
            feedback.append(_(question.explain))
    elif status == 400:
        # TRANSLATORS: backgammon lesson: the posted answer is not one of the choices (a tampered form).
        feedback.append(_("Choose one of the answers shown."))
    return render_template(
        "backgammon/step.html", sections=course.load_course(), section=found, step=here, question=question,
        choices=[(str(i), option_label(o)) for i, o in enumerate(question.options)] if question else [],
        verdict=verdict, final=final, tries=tries, answer=answer, feedback=feedback, before=before, after=after,
    ), status
