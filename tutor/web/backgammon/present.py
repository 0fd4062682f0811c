"""Presenter mode for the backgammon course: the domino course's presenter (``tutor/web/present.py``,
the same slides, keys, speaker notes window and answer reveal) given backgammon's sections, boards
and questions.

- ``/<lang>/backgammon/present/<section>/``, ``.../<section>/<step>``, ``.../<section>/<step>/question``
  and ``.../<section>/notes?slide=N``: as for dominoes (see ``tutor.web.present.add_slides``).
- the list of sections to present is the projector page's (``/<lang>/present/#backgammon``),
  which lists both courses.

A question slide, and the slide before it, show the board neutrally (no suggested play marked, no
result said); A reveals the marked board and the answer, which the engine gives when the page is
made (``tutor.games.backgammon.course.correct_options``).
"""

from __future__ import annotations

from flask import Blueprint
from flask_babel import gettext as _

from tutor.games.backgammon import course
from tutor.games.backgammon.diagrams import diagram_by_id
from tutor.web.backgammon.pages import option_label
from tutor.web.i18n import translate_text as tr
from tutor.web.i18n import use_language_prefix
from tutor.web.backgammon.handout import handout_page
from tutor.web.backgammon.slides import board_slide_svg
from tutor.web.present import Choice, Game, add_slides, find_section
from tutor.web.lists import join_and
from tutor.web.delivery import same_for_everyone

bp = Blueprint("backgammon_present", __name__, url_prefix="/<lang_code>/backgammon")
use_language_prefix(bp)


def question_view(step: course.Step) -> dict:
    """A step's question with its choices and the engine's answer, for a slide and the notes."""
    question = step.question
    right = course.correct_options(question)
    return {
        "kind": question.kind,
        "text": tr(question.text),
        "diagram": question.diagram,
        "choices": [Choice(option_label(o), i in right) for i, o in enumerate(question.options)],
        "values": tuple(question.options[i] for i in right),
        "answer": join_and([option_label(question.options[i]) for i in right]),
        "reasons": [tr(question.explain)] if question.explain else [],
    }


def reveal(diagram_id: str) -> str:
    if not diagram_by_id(diagram_id).mark:
        return ""  # no play is marked: the revealed board looks the same, so no button says otherwise
    # TRANSLATORS: button on a presenter slide whose backgammon board is shown plain because a question about it follows: it shows the suggested play marked on the board (the A key does the same).
    return _("Show the marked play")


BACKGAMMON = Game(
    endpoint=bp.name, channel="tutor-present-backgammon", sections=course.load_course, lesson="backgammon.step",
    # a slide's board with its words and numbers at 24 px on the projector (tutor/web/backgammon/slides.py)
    picture=lambda diagram_id, suffix, neutral: board_slide_svg(diagram_id, suffix, neutral=neutral),
    question=question_view, reveal=reveal,
)
add_slides(bp, BACKGAMMON)


@bp.get("/handout/", defaults={"section_id": None})
@bp.get("/handout/<section_id>/")
@same_for_everyone
def handout(section_id: str | None):
    """The course on paper, the whole of it or one section, for the class or the teacher: the domino
    handout's page given backgammon's boards and questions. One endpoint for both addresses, so
    every link to the handout (and the menu's "you are here") names one page."""
    sections = list(course.load_course()) if section_id is None else [find_section(section_id, BACKGAMMON)]
    return handout_page(sections, whole=section_id is None)
