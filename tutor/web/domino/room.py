"""The domino room as the app sees it: its blueprints, and what the shared pages show of it."""

from __future__ import annotations

from flask_babel import gettext as _

from tutor.course import load_course
from tutor.games.domino.guided import all_hands
from tutor.web.domino import api, classroom, diagrams, pages, play, present
from tutor.web.present import plan_view
from tutor.web.domino.mexican_train import play as mexican_play
from tutor.web.rooms import Room


def _presenter() -> dict:
    """The course's sections to present, its lesson plans, the guided hands (of every rule set) and
    free play to put on a projector."""
    return {"sections": load_course(), "hands": list(all_hands().values()),
            "mexican_hands": mexican_play.hands(), "mexican_name": mexican_play.rules_name(),
            "domino_plans": [plan_view(plan, present.DOMINOES) for plan in present.load_plans()]}


def _pages() -> tuple[tuple[str, str, dict], ...]:
    """The pages the texts of the room's files show on (the translators' links): a shared
    presenter's template shows on the first section's slides."""
    first = load_course()[0]
    deck = {"section_id": first.id}
    return (("lessons/plans.toml", "present.index", {}),
            ("templates/present/handout.html", "domino_present.handout", {}),
            ("templates/present/notes.html", "domino_present.notes", deck),
            ("templates/present/deck.html", "domino_present.deck", deck),
            ("templates/present/_keys.html", "domino_present.deck", deck),
            ("templates/domino/other_ways.html", "domino.other_ways", {}),
            ("templates/domino/step.html", "domino.step", {**deck, "step_id": first.steps[0].id}),
            ("templates/domino/course.html", "domino.course", {}),
            ("templates/_course.html", "domino.course", {}),
            ("tutor/web/domino/rule_sets.py", "domino.other_ways", {}),
            ("tutor/web/domino/", "domino_play.hands_index", {}),
            ("templates/domino/", "domino_play.hands_index", {}))


ROOM = Room(
    name="domino",
    blueprints=(api.bp, pages.bp, pages.moved_pages, diagrams.bp, play.bp, present.bp),
    home=lambda: {"sections": load_course()},
    presenter=_presenter,
    diagram_words=diagrams.diagram_words,
    gallery="domino_diagrams.gallery",
    classes=(classroom.DECK,),
    course=load_course,
    # TRANSLATORS: heading of the part of the projector page that lists the domino course's sections to present.
    course_title=lambda: _("The domino course"),
    step="domino.step", section="domino.section", notes="domino_present.notes", practice="domino_play.hands_index",
    pages=_pages,
)
