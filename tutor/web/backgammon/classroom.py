"""The backgammon course in class mode (the shared part: ``tutor.web.classroom``): a question's
options on a phone, judged by the engine as on the lesson page (``tutor.games.backgammon.course.judge``,
as ``tutor.web.backgammon.pages.step`` calls it)."""

from __future__ import annotations

from flask_babel import gettext as _

from tutor.course import Step
from tutor.games.backgammon import course
from tutor.web.backgammon.pages import option_label
from tutor.web.backgammon.present import BACKGAMMON
from tutor.web.classroom import Ask, ClassDeck, Judged


def ask(step: Step) -> Ask:
    question = step.question
    right = frozenset(str(i) for i in course.correct_options(question))
    return Ask(tuple((str(i), option_label(o)) for i, o in enumerate(question.options)), "", right)


def judge(step: Step, answer: str) -> Judged | None:
    verdict = course.judge(step.question, answer)
    return None if verdict is None else Judged(str(int(answer)), verdict)


def refusal(step: Step) -> str:
    # TRANSLATORS: backgammon lesson: the posted answer is not one of the choices (a tampered form).
    return _("Choose one of the answers shown.")


def course_name() -> str:
    # TRANSLATORS: heading of the part of the projector page that lists the backgammon course's sections to present.
    return _("The backgammon course")


DECK = ClassDeck(game=BACKGAMMON, name=course_name, ask=ask, judge=judge, refusal=refusal)

__all__ = ["DECK", "ask", "judge"]
