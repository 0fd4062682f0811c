"""The domino room as the app sees it: its blueprints, and what the shared pages show of it."""

from __future__ import annotations

from tutor.course import load_course
from tutor.games.domino.guided import load_hands
from tutor.web.domino import api, classroom, diagrams, pages, play, present
from tutor.web.domino.mexican_train import play as mexican_play
from tutor.web.rooms import Room


def _presenter() -> dict:
    """The course's sections to present, the guided hands and free play to put on a projector."""
    return {"sections": load_course(), "hands": list(load_hands().values()),
            "mexican_hands": mexican_play.hands(), "mexican_name": mexican_play.rules_name()}


ROOM = Room(
    name="domino",
    blueprints=(api.bp, pages.bp, pages.moved_pages, diagrams.bp, play.bp, present.bp),
    home=lambda: {"sections": load_course()},
    presenter=_presenter,
    diagram_words=diagrams.diagram_words,
    gallery="domino_diagrams.gallery",
    classes=(classroom.DECK,),
)
