"""Presenter mode for the backgammon course: the domino course's presenter (``tutor/web/present.py``,
the same slides, keys, speaker notes window and answer reveal) given backgammon's sections, boards
and questions.

- ``/<lang>/backgammon/present/<section>/``, ``.../<section>/<step>``, ``.../<section>/<step>/question``
  and ``.../<section>/notes?slide=N``: as for dominoes (see ``tutor.web.present.add_slides``).
- the list of sections to present is the projector page's (``/<lang>/present/#backgammon``),
  which lists both courses, the guided positions and free play to put on a projector, and the
  course's lesson plans (``lessons/backgammon/plans.toml``).
- a guided position or a free game with ``present=1`` renders the projector layout of the same
  game (``templates/backgammon/present.html``; :func:`keep_presenting` keeps every link in it).

A question slide, and the slide before it, show the board neutrally (no suggested play marked, no
result said); A reveals the marked board and the answer, which the engine gives when the page is
made (``tutor.games.backgammon.course.correct_options``).
"""

from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, request, url_for
from flask_babel import gettext as _

from tutor.course import Plan, read_plans
from tutor.games.backgammon import course
from tutor.games.backgammon.guided import load_guided
from tutor.web.backgammon.pages import option_label
from tutor.web.i18n import translate_text as tr
from tutor.web.i18n import use_language_prefix
from tutor.web.backgammon.handout import handout_page
from tutor.web.backgammon.slides import board_slide_svg
from tutor.web.present import Choice, Game, add_slides, handout_sections
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


@lru_cache(maxsize=1)
def load_plans() -> tuple[Plan, ...]:
    """The backgammon course's suggested lessons (``lessons/backgammon/plans.toml``)."""
    return read_plans(course.LESSONS / "plans.toml", {s.id for s in course.load_course()}, set(load_guided()))


BACKGAMMON = Game(
    endpoint=bp.name, channel="tutor-present-backgammon", sections=course.load_course, lesson="backgammon.step",
    # a slide's board with its words and numbers at 24 px on the projector (tutor/web/backgammon/slides.py)
    picture=lambda diagram_id, suffix, neutral, _room: board_slide_svg(diagram_id, suffix, neutral=neutral),
    question=question_view, plans=load_plans, anchor="backgammon",
    play=lambda position_id: (_(load_guided()[position_id].title),
                              url_for("backgammon_play.guided", position_id=position_id, present=1)),
)
add_slides(bp, BACKGAMMON)

#: The game pages' endpoints: with ``present=1`` they render ``backgammon/present.html``, the projector
#: layout of the same game (the line in ``tutor/web/backgammon/play.py`` that picks the template).
GAME_ENDPOINTS = ("backgammon_play.guided", "backgammon_play.free", "backgammon_play.new_game")


@bp.app_url_defaults
def keep_presenting(endpoint: str, values: dict) -> None:
    """On a game in the projector layout, every link and redirect of the game stays in it (a link
    that leaves passes ``present=None``)."""
    if endpoint in GAME_ENDPOINTS and "present" not in values and request and request.args.get("present") == "1":
        values["present"] = "1"


@bp.get("/handout/", defaults={"section_id": None})
@bp.get("/handout/<section_id>/")
@same_for_everyone
def handout(section_id: str | None):
    """The course on paper, the whole of it, one section or a lesson plan's sections (``?plan=``),
    for the class or the teacher: the domino handout's page given backgammon's boards and questions.
    One endpoint for both addresses, so every link to the handout (and the menu's "you are here")
    names one page."""
    sections, plans = handout_sections(section_id, BACKGAMMON)
    return handout_page(sections, whole=section_id is None and "plan" not in request.args, plans=plans)
