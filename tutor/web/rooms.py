"""The games' rooms, as the pages every game shares see them.

Each game's part of the web layer (``tutor.web.domino``, ``tutor.web.backgammon``) gives the app one
:class:`Room`: its blueprints, and what the shared pages show of it (the home page's card, the
presenter's index, the decks a class follows on phones). The shared modules read the rooms the app was given (:func:`add`, in
``tutor.create_app``) and import no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Flask, current_app, request

#: No context for a shared page.
_NOTHING: Callable[[], Mapping[str, Any]] = dict


@dataclass(frozen=True)
class Room:
    """One game's pages, as the app and the shared pages need them."""

    name: str  # "domino", "backgammon": the header's menu leads to the pages of the game on screen
    blueprints: tuple[Blueprint, ...]
    #: the home page's template variables for this game's card
    home: Callable[[], Mapping[str, Any]] = field(default=_NOTHING)
    #: the presenter's index's template variables for this game's part
    presenter: Callable[[], Mapping[str, Any]] = field(default=_NOTHING)
    #: every diagram's words (title, description, labels) by diagram id, in the current language:
    #: the translators' status page links a message to the picture that shows it
    diagram_words: Callable[[], Mapping[str, str]] = field(default=_NOTHING)
    #: the endpoint of the room's diagram gallery (where those links go)
    gallery: str = ""
    #: the presenter decks a class can follow on phones (``tutor.web.classroom.ClassDeck`` values)
    classes: tuple = ()
    #: the room's course for the translators' status page: its sections, its name there, the folder of
    #: its lesson files under ``lessons/`` ("" for the first room's, "backgammon"), and the endpoints of
    #: the pages its texts show on: a step (section_id, step_id), a section (section_id), a section's
    #: speaker notes (section_id), the guided games and free play
    course: Callable[[], tuple] = field(default=tuple)
    course_title: Callable[[], str] = field(default=str)
    lessons: str = ""
    step: str = ""
    section: str = ""
    notes: str = ""
    practice: str = ""
    #: where the texts of the room's own files show, for the translators' links when no context
    #: picture says: (a file or folder of the project, the endpoint of its page, that page's values)
    pages: Callable[[], tuple[tuple[str, str, Mapping[str, str]], ...]] = field(default=tuple)


def add(app: Flask, room: Room) -> None:
    """Register ``room``'s blueprints on ``app`` and show the room on the shared pages."""
    for blueprint in room.blueprints:
        app.register_blueprint(blueprint)
    app.extensions.setdefault("rooms", []).append(room)


def rooms() -> list[Room]:
    return current_app.extensions.get("rooms", [])


def page_game() -> str:
    """The game of the page being made (a room's name): the header's menu leads to its pages. A page
    of no game (the home page, the presenter's index, an error) shows the first room's."""
    found = rooms()
    for room in found:
        if any(request.blueprint == blueprint.name for blueprint in room.blueprints):
            return room.name
    return found[0].name if found else ""


def _merged(part: str) -> dict[str, Any]:
    context: dict[str, Any] = {}
    for room in rooms():
        context.update(getattr(room, part)())
    return context


def diagram_words() -> list[tuple[Room, Mapping[str, str]]]:
    """Each room's diagram words (:attr:`Room.diagram_words`), for the rooms that give them."""
    return [(room, words) for room in rooms() if room.gallery and (words := room.diagram_words())]


def home_page() -> dict[str, Any]:
    """Every room's variables for the home page."""
    return _merged("home")


def presenter_index() -> dict[str, Any]:
    """Every room's variables for the presenter's index."""
    return _merged("presenter")


__all__ = ["Room", "add", "diagram_words", "home_page", "page_game", "presenter_index", "rooms"]
