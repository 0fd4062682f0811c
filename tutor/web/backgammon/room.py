"""The backgammon room as the app sees it: its blueprints, and what the shared pages show of it (the
presenter's index: the course's lesson plans, the guided positions and free play to put on a
projector; the translators' page: its diagrams' words and gallery). The course's sections reach the
pages of no game through the template global ``backgammon_sections``."""

from __future__ import annotations

from flask_babel import gettext as _

from tutor.games.backgammon import course
from tutor.games.backgammon.guided import load_guided
from tutor.web.backgammon import api, classroom, diagrams, pages, play, present
from tutor.web.present import plan_view
from tutor.web.rooms import Room


def _presenter() -> dict:
    """The course's lesson plans, and the guided positions to put on a projector."""
    return {"backgammon_positions": list(load_guided().values()),
            "backgammon_plans": [plan_view(plan, present.BACKGAMMON) for plan in present.load_plans()]}


def _pages() -> tuple[tuple[str, str, dict], ...]:
    """The pages the texts of the room's files show on (the translators' links)."""
    first = course.load_course()[0]
    return (("lessons/backgammon/plans.toml", "present.index", {}),
            ("templates/backgammon/step.html", "backgammon.step", {"section_id": first.id, "step_id": first.steps[0].id}),
            ("templates/backgammon/index.html", "backgammon.index", {}),
            ("templates/backgammon/handout.html", "backgammon_present.handout", {}),
            ("tutor/web/backgammon/", "backgammon_play.index", {}),
            ("templates/backgammon/", "backgammon_play.index", {}))


ROOM = Room(
    name="backgammon", blueprints=(api.bp, pages.bp, diagrams.bp, present.bp, play.bp),
    presenter=_presenter, diagram_words=diagrams.diagram_words, gallery="backgammon_diagrams.gallery",
    course=course.load_course,
    # TRANSLATORS: heading of the part of the projector page that lists the backgammon course's sections to present.
    course_title=lambda: _("The backgammon course"),
    lessons="backgammon", step="backgammon.step", section="backgammon.section", notes="backgammon_present.notes",
    practice="backgammon_play.index",
    pages=_pages,
    classes=(classroom.DECK,),
)
