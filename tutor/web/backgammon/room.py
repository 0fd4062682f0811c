"""The backgammon room as the app sees it: its blueprints (the shared pages read its sections
through the template global ``backgammon_sections``)."""

from __future__ import annotations

from tutor.web.backgammon import api, classroom, diagrams, pages, play, present
from tutor.web.rooms import Room

ROOM = Room(name="backgammon", blueprints=(api.bp, pages.bp, diagrams.bp, present.bp, play.bp),
            classes=(classroom.DECK,))
