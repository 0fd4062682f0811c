"""Presenter mode and handouts for every game's course: the course on a projector and on paper.

- ``/<lang>/present/``: every game's sections, to choose one to present, and the handouts to print.
- :func:`add_slides` gives a game's blueprint its slides: ``<section>/`` and ``<section>/<step>``,
  one slide per step plus one for each check question (right after its step, at
  ``<section>/<step>/question``), with the answer revealed on a key. The page holds every slide of
  the section and shows the one in its URL, so it works without JavaScript (plain next / previous
  links); ``present.js`` adds the keys of slide tools, full screen, a blank screen and keeps the URL
  on the slide shown. ``<section>/notes?slide=N``: the speaker notes, for a second window that
  follows the slides (``present.js`` keeps both windows together through a BroadcastChannel).
- A handout prints a course or a section on A4 (``print.css``) in two copies (:data:`COPIES`):
  the parts every game's handout shares are here (:class:`Exercise`, :func:`handout_copy`,
  :func:`first_showings`).

A :class:`Game` says where a course's sections, pictures and questions come from; each game's room
gives one (``tutor.web.domino.present``, ``tutor.web.backgammon.present``). This module imports no
game: the presenter's index shows what each room gives it (``tutor.web.rooms``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, render_template, request, url_for
from flask_babel import gettext as _, ngettext
from markupsafe import Markup
from werkzeug.exceptions import NotFound

from tutor.course import Section, Step, find_in
from tutor.web.i18n import translate_text as tr
from tutor.web.i18n import keep_in_language_links, use_language_prefix
from tutor.web.rooms import presenter_index
from tutor.web.delivery import same_for_everyone

bp = Blueprint("present", __name__, url_prefix="/<lang_code>")
use_language_prefix(bp)

#: The slide addresses end in a step id; this word is the notes page, so no step may take it.
NOTES = "notes"


# ----- errors in the visitor's language ----------------------------------------------------------
def _not_found(message: str) -> NotFound:
    error = NotFound()
    error.localized = message
    return error


@dataclass(frozen=True)
class Game:
    """What the presenter needs of one game's course."""

    endpoint: str  # the name of the blueprint that holds the slide routes ("domino_present")
    channel: str  # the BroadcastChannel its slides and notes windows talk on (one per game: section ids repeat)
    sections: Callable[[], tuple[Section, ...]]
    lesson: str  # the endpoint of a lesson step, where Esc leaves for
    #: (diagram id, a suffix that makes its ids unique on the page, neutral) -> the inline SVG; a
    #: neutral picture shows the position only, without what would answer the question
    picture: Callable[[str, str, bool], Markup]
    question: Callable[[Step], dict]  # the question slide's view (see :func:`question_view`)
    #: the button, on the slide before a question, that shows a diagram's marked picture; empty when
    #: the marked picture adds nothing to see (the slide then has no button)
    reveal: Callable[[str], str]


def find_section(section_id: str, game: Game) -> Section:
    """The section of ``game``'s course, or a 404 in the visitor's language."""
    section, _step = find_in(game.sections(), section_id)
    if section is None:
        # TRANSLATORS: error page for a presenter or handout address naming a section that does not exist.
        raise _not_found(_("There is no section called %(id)s.", id=section_id))
    return section


def _step(section: Section, step_id: str) -> Step:
    step = section.step(step_id)
    if step is None:
        # TRANSLATORS: error page for a presenter address naming a step that is not in the section.
        raise _not_found(_("The section %(section)s has no step called %(id)s.", section=tr(section.title), id=step_id))
    return step


# ----- slides ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Slide:
    """One slide of a section: a step, or the check question of the step just before it."""

    number: int  # from 1
    step: Step
    question: bool = False


def slides_of(section: Section) -> list[Slide]:
    slides: list[Slide] = []
    for step in section.steps:
        slides.append(Slide(len(slides) + 1, step))
        if step.question is not None:
            slides.append(Slide(len(slides) + 1, step, question=True))
    return slides


def slide_url(section: Section, slide: Slide, game: Game) -> str:
    endpoint = game.endpoint
    if slide.question:
        return url_for(f"{endpoint}.question", section_id=section.id, step_id=slide.step.id)
    if slide.number == 1:
        return url_for(f"{endpoint}.deck", section_id=section.id)
    return url_for(f"{endpoint}.slide", section_id=section.id, step_id=slide.step.id)


@dataclass(frozen=True)
class Choice:
    label: str
    correct: bool


#: Characters of slide text (in the slide's language) beyond which the text column widens.
WIDE, WIDER = 470, 560


def slide_view(section: Section, slide: Slide, count: int, game: Game, pictures: bool = True) -> dict:
    step = slide.step
    view = {
        "number": slide.number,
        "id": f"slide-{slide.number}",
        "step": step,
        "is_question": slide.question,
        "url": slide_url(section, slide, game),
        "lesson_url": url_for(game.lesson, section_id=section.id, step_id=step.id),
        "title": tr(step.title),
        "paragraphs": [tr(p) for p in step.text],
        "notes": [tr(n) for n in step.notes],
        # TRANSLATORS: the name of one slide for screen readers and the slide counter, e.g. "Slide 2 of 7".
        "label": _("Slide %(number)s of %(count)s", number=slide.number, count=count),
        "question": None,
        "diagram": None,
        "svg": None,
    }
    if slide.question:
        view["question"] = game.question(step)
        view["diagram"] = step.question.diagram
    else:
        view["diagram"] = step.diagram
    # A question slide, and the slide before it, show the position neutrally (no rings, no dimming,
    # no result written under it): the class works it out first. The answer key (A) shows the
    # marked picture in its place.
    view["neutral"] = step.question is not None and step.question.hides_answer_in(view["diagram"])
    view["svg_revealed"] = None
    view["reveal_label"] = ""
    if view["diagram"] and pictures:
        if view["neutral"]:
            view["svg"] = game.picture(view["diagram"], f"s{slide.number}", True)
            view["svg_revealed"] = game.picture(view["diagram"], f"s{slide.number}r", False)
            view["reveal_label"] = game.reveal(view["diagram"])
        else:
            view["svg"] = game.picture(view["diagram"], f"s{slide.number}", False)
    # long text beside a picture gets a wider column (present.js widens it again if it must)
    length = sum(len(p) for p in view["paragraphs"]) if not slide.question else 0
    view["width"] = "wider" if length > WIDER else "wide" if length > WIDE else ""
    return view


def deck_context(section: Section, current: Slide, game: Game, pictures: bool = True) -> dict:
    slides = slides_of(section)
    views = [slide_view(section, s, len(slides), game, pictures) for s in slides]
    return {
        "sections": game.sections(),
        "section": section,
        "slides": views,
        "current": views[current.number - 1],
        "before": views[current.number - 2] if current.number > 1 else None,
        "after": views[current.number] if current.number < len(views) else None,
        "notes_url": url_for(f"{game.endpoint}.notes", section_id=section.id, slide=current.number),
        "notes_base": url_for(f"{game.endpoint}.notes", section_id=section.id),
        "notes_endpoint": f"{game.endpoint}.notes",
        "channel": game.channel,
    }


# ----- routes: presenter -------------------------------------------------------------------------
@bp.get("/present/")
@same_for_everyone
def index():
    return render_template("present/index.html", **presenter_index())


def add_slides(blueprint: Blueprint, game: Game, under: str = "") -> None:
    """The slides and speaker notes of ``game``'s course on ``blueprint``, under ``<under>/present/``:
    ``<section>/`` (the first slide), ``<section>/<step>``, ``<section>/<step>/question`` and
    ``<section>/notes?slide=N``."""
    keep_in_language_links(blueprint, "slide", "copy")  # the notes' slide, a handout's copy

    def deck(section_id: str):
        section = find_section(section_id, game)
        return render_template("present/deck.html", **deck_context(section, slides_of(section)[0], game))

    def slide(section_id: str, step_id: str):
        section = find_section(section_id, game)
        step = _step(section, step_id)
        current = next(s for s in slides_of(section) if s.step == step and not s.question)
        return render_template("present/deck.html", **deck_context(section, current, game))

    def question(section_id: str, step_id: str):
        section = find_section(section_id, game)
        step = _step(section, step_id)
        if step.question is None:
            # TRANSLATORS: error page for a presenter address asking for the question of a step that has none.
            raise _not_found(_("The step %(step)s has no check question.", step=tr(step.title)))
        current = next(s for s in slides_of(section) if s.step == step and s.question)
        return render_template("present/deck.html", **deck_context(section, current, game))

    def notes(section_id: str):
        section = find_section(section_id, game)
        slides = slides_of(section)
        asked = request.args.get("slide", "1")
        if not (asked.isascii() and asked.isdigit() and len(asked) <= 3 and 1 <= int(asked) <= len(slides)):
            # TRANSLATORS: error page for a speaker-notes address with a slide number that the section does not have.
            raise _not_found(ngettext("This section has %(num)d slide: there is no slide %(slide)s.",
                                      "This section has %(num)d slides: there is no slide %(slide)s.",
                                      len(slides), slide=asked[:12]))
        context = deck_context(section, slides[int(asked) - 1], game)  # the pictures preview the next slide
        return render_template("present/notes.html", **context)

    # the same for every teacher of a language: rendered once, kept (tutor.web.delivery)
    blueprint.add_url_rule(f"{under}/present/<section_id>/", "deck", same_for_everyone(deck))
    blueprint.add_url_rule(f"{under}/present/<section_id>/<step_id>", "slide", same_for_everyone(slide))
    blueprint.add_url_rule(f"{under}/present/<section_id>/<step_id>/question", "question", same_for_everyone(question))
    blueprint.add_url_rule(f"{under}/present/<section_id>/{NOTES}", "notes", same_for_everyone(notes))


# ----- handouts ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Exercise:
    """One exercise question, with the engine's answer and the reasons, in the current language."""

    label: str  # "3.1": the section number, then the question's place in the section
    section: Section
    kind: str  # the game's check question kind, or "count"
    text: str
    diagram: str | None
    position: Any  # the game's position the question is about
    choices: tuple[str, ...]
    values: tuple[str, ...]  # the engine's answer, as the game's questions write it
    answer: str
    reasons: tuple[str, ...]


def points_answer(points: int) -> str:
    """The answer to a "how many points" question, in words."""
    # TRANSLATORS: the answer to a "how many points" exercise or question.
    return ngettext("%(num)d point", "%(num)d points", points)


#: The two copies of a handout: the class's, with room to work and no answers, and the teacher's,
#: with the answers ticked and listed at the end.
COPIES = ("teacher", "student")


def handout_copy() -> str:
    """The copy a handout address asks for (``?copy=``), or a 404 in the visitor's language."""
    copy = request.args.get("copy", "teacher")
    if copy not in COPIES:
        # TRANSLATORS: error page for a handout address whose copy= is neither "student" nor "teacher" (keep those two words in English: they are part of the address).
        raise _not_found(_("A handout comes as copy=student or copy=teacher, not %(copy)s.", copy=copy[:20]))
    return copy


def first_showings(steps, shown: set[str]) -> list[tuple[Any, str | None, str | None]]:
    """A handout prints each picture once: each step with the picture it prints (the first time
    the handout meets it), or the one it refers back to; ``shown`` collects the printed ones."""
    rows = []
    for step in steps:
        figure = step.diagram if step.diagram and step.diagram not in shown else None
        if figure:
            shown.add(figure)
        rows.append((step, figure, step.diagram if step.diagram and not figure else None))
    return rows


__all__ = ["COPIES", "Choice", "Exercise", "Game", "NOTES", "Slide", "add_slides", "bp", "deck_context", "find_section",
           "first_showings", "handout_copy", "points_answer", "slide_url", "slide_view", "slides_of"]
