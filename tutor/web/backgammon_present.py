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
from markupsafe import Markup

from ..games.backgammon import course
from ..games.backgammon.diagrams import diagram_by_id
from .backgammon import diagram_svg, option_label
from .i18n import translate_text as tr
from .pages import use_language_prefix
from .present import Choice, Game, add_slides
from .slide_pictures import board_slide_svg
from .wording import join_and

bp = Blueprint("backgammon_present", __name__, url_prefix="/<lang_code>/backgammon")
use_language_prefix(bp)


def picture(diagram_id: str, suffix: str, neutral: bool) -> Markup:
    """A board inlined with its element ids made unique on the page (a deck shows the same board on
    a step, on its question and revealed)."""
    prefix = f"bg-{diagram_id.lower()}-"
    return Markup(str(diagram_svg(diagram_id, neutral=neutral)).replace(prefix, f"{prefix}{suffix}-"))


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
    # a slide's board with its words and numbers at 24 px on the projector (tutor/web/slide_pictures.py)
    picture=lambda diagram_id, suffix, neutral: board_slide_svg(diagram_id, suffix, neutral=neutral),
    question=question_view, reveal=reveal,
)
add_slides(bp, BACKGAMMON)
