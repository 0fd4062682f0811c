"""The domino course in class mode (the shared part: ``tutor.web.classroom``): a check question's
choices on a phone, and the engine's judgement of an answer, the lesson page's own
(``tutor.games.domino.questions.judge``, as ``tutor.web.domino.pages.step`` calls it)."""

from __future__ import annotations

from flask_babel import gettext as _

from tutor.course import Step
from tutor.games.domino import DominoError, questions
from tutor.web.classroom import Ask, ClassDeck, Judged
from tutor.web.domino.feedback import choice_label
from tutor.web.domino.present import DOMINOES
from tutor.web.domino.wording import verdict_sentence


def number_label(step: Step) -> str:
    """The label of the number field, as on the lesson page (``templates/domino/step.html``)."""
    question = step.question
    if question.kind == "points":
        # TRANSLATORS: label of the number field where the learner types the points a round scores
        return _("Points")
    if question.count == "pips":
        # TRANSLATORS: label of the number field where the learner types a number of pips (Mexican Train: the pips left in hand)
        return _("Pips")
    # TRANSLATORS: label of the number field where the learner types a number of tiles
    return _("Tiles")


def ask(step: Step) -> Ask:
    question = step.question
    position = questions.position_of(question)
    right = questions.expected(question.kind, position, **questions.facts_of(question))
    choices = tuple((o.value, choice_label(o, position.seats)) for o in questions.options(question.kind, position))
    return Ask(choices, "" if choices else number_label(step), frozenset(right))


def judge(step: Step, answer: str) -> Judged | None:
    question = step.question
    position = questions.position_of(question)
    try:
        verdict = questions.judge(question.kind, position, answer, **questions.facts_of(question))
    except DominoError:
        return None
    return Judged(verdict.answer, verdict.correct)


def refusal(step: Step) -> str:
    return verdict_sentence(None, step.question.kind)


def course_name() -> str:
    # TRANSLATORS: class mode: the name of the domino course in the list of sections a class can follow.
    return _("The domino course")


DECK = ClassDeck(game=DOMINOES, name=course_name, ask=ask, judge=judge, refusal=refusal)

__all__ = ["DECK", "ask", "judge"]
