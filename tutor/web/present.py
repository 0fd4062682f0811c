"""Presenter mode and handouts for every game's course: the course on a projector and on paper.

- ``/<lang>/present/``: every game's sections, to choose one to present, and the handouts to print.
- :func:`add_slides` gives a game's blueprint its slides: ``<section>/`` and ``<section>/<step>``,
  one slide per step plus one for each check question (right after its step, at
  ``<section>/<step>/question``), with the answer revealed on a key. The page holds every slide of
  the section and shows the one in its URL, so it works without JavaScript (plain next / previous
  links); ``present.js`` adds the keys of slide tools, full screen, a blank screen and keeps the URL
  on the slide shown. ``<section>/notes?slide=N``: the speaker notes, for a second window that
  follows the slides (``present.js`` keeps both windows together through a BroadcastChannel).
  A picture whose tiles would be too small to count beside its step's text gets a slide of its own
  after it (``<section>/<step>/picture``: :attr:`Game.alone`).
- ``lesson/?sections=a,b,c`` (or ``?plan=<id>``, or nothing: the whole course): several sections
  as one continuous deck, → going on from one section into the next and Esc back to the
  presenter's index; ``lesson/notes?...&slide=N`` its speaker notes. A course's suggested lesson
  plans (:class:`tutor.course.Plan`, ``lessons/<game>/plans.toml``) are listed on the index with
  their timings, and the notes of a plan's deck show how the lesson keeps to them.
- A handout prints a course or a section on A4 (``print.css``) in two copies (:data:`COPIES`):
  the parts every game's handout shares are here (:class:`Exercise`, :func:`handout_copy`,
  :func:`first_showings`).

A :class:`Game` says where a course's sections, pictures and questions come from; each game's room
gives one (``tutor.web.domino.present``, ``tutor.web.backgammon.present``). This module imports no
game: the presenter's index shows what each room gives it (``tutor.web.rooms``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, render_template, request, url_for
from flask_babel import gettext as _, ngettext
from markupsafe import Markup
from werkzeug.exceptions import NotFound

from tutor.course import Plan, Section, Step, find_in
from tutor.web.i18n import translate_text as tr
from tutor.web.i18n import keep_in_language_links, use_language_prefix
from tutor.web.rooms import presenter_index
from tutor.web.delivery import same_for_everyone

bp = Blueprint("present", __name__, url_prefix="/<lang_code>")
use_language_prefix(bp)

#: The slide addresses end in a step id; this word is the notes page, so no step may take it.
NOTES = "notes"
#: The address of a deck of several sections, so no section may take it.
LESSON = "lesson"


# ----- errors in the visitor's language ----------------------------------------------------------
def _not_found(message: str) -> NotFound:
    error = NotFound()
    error.localized = message
    return error


def _never(_diagram_id: str, _question: bool = False) -> bool:
    return False


def _no_plans() -> tuple[Plan, ...]:
    return ()


@dataclass(frozen=True)
class Game:
    """What the presenter needs of one game's course."""

    endpoint: str  # the name of the blueprint that holds the slide routes ("domino_present")
    channel: str  # the BroadcastChannel its slides and notes windows talk on (one per game: section ids repeat)
    sections: Callable[[], tuple[Section, ...]]
    lesson: str  # the endpoint of a lesson step, where Esc leaves for
    #: (diagram id, a suffix that makes its ids unique on the page, neutral, room) -> the inline SVG;
    #: a neutral picture shows the position only, without what would answer the question; room is
    #: the part of the slide it is drawn for: "beside" the text, "alone" (a slide of its own) or
    #: "question" (down the whole height of a question's slide)
    picture: Callable[[str, str, bool, str], Markup]
    question: Callable[[Step], dict]  # the question slide's view (see :func:`question_view`)
    #: (diagram id, on a question's slide) -> whether the picture needs the room for its pieces to be
    #: seen from the back of a room: a slide of its own after its step's text, or, on a question's
    #: slide, the slide's whole height
    alone: Callable[[str, bool], bool] = _never
    #: the course's suggested lesson plans, in the order the presenter's index lists them
    plans: Callable[[], tuple[Plan, ...]] = _no_plans
    #: the anchor of the game's part of the presenter's index, where a deck of several sections leaves for
    anchor: str = ""
    #: a guided game's id -> (its title, its address in the projector layout), for a plan's part
    #: that plays it live with the class
    play: Callable[[str], tuple[str, str]] = lambda _id: ("", "")


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
    """One slide of a deck: a step, its picture with the slide to itself, or the check question of
    the step just before it."""

    number: int  # from 1, across the deck
    step: Step
    question: bool = False
    picture: bool = False  # the step's picture alone (Game.alone): the step's own slide has its text only
    section: Section | None = None  # the section the step belongs to (a deck of several sections)


def slides_of(section: Section, game: Game | None = None, start: int = 1) -> list[Slide]:
    """A section's slides, numbered from ``start``. With ``game``, a picture that ``game.alone``
    says needs the room gets a slide of its own after its step's text (or, when the step's own
    question asks about it, the question's slide shows it large: the class looks at it there)."""
    slides: list[Slide] = []
    for step in section.steps:
        slides.append(Slide(start + len(slides), step, section=section))
        asks_about_it = step.question is not None and step.question.hides_answer_in(step.diagram)
        if step.diagram and game is not None and game.alone(step.diagram, False) and not asks_about_it:
            slides.append(Slide(start + len(slides), step, picture=True, section=section))
        if step.question is not None:
            slides.append(Slide(start + len(slides), step, question=True, section=section))
    return slides


@dataclass(frozen=True)
class Deck:
    """The slides on one page: one section's, or several sections' one after another."""

    game: Game
    parts: tuple[Section, ...]
    slides: tuple[Slide, ...]
    #: a deck of several sections: its address's arguments (``sections=`` or ``plan=``); ``None``
    #: for one section's deck
    lesson: dict | None = None
    plan: Plan | None = None

    @property
    def id(self) -> str:
        """What the slides and notes windows call this deck on their channel."""
        if self.lesson is None:
            return self.parts[0].id
        return LESSON + ":" + ",".join(section.id for section in self.parts)


def section_deck(section: Section, game: Game) -> Deck:
    return Deck(game, (section,), tuple(slides_of(section, game)))


def lesson_deck(sections: tuple[Section, ...], game: Game, plan: Plan | None = None) -> Deck:
    slides: list[Slide] = []
    for section in sections:
        slides += slides_of(section, game, start=len(slides) + 1)
    lesson = {"plan": plan.id} if plan is not None else (
        {"sections": ",".join(s.id for s in sections)} if sections != game.sections() else {})
    return Deck(game, tuple(sections), tuple(slides), lesson, plan)


def slide_url(deck: Deck, slide: Slide) -> str:
    endpoint = deck.game.endpoint
    if deck.lesson is not None:
        return url_for(f"{endpoint}.lesson", **deck.lesson, **({"slide": slide.number} if slide.number > 1 else {}))
    section = deck.parts[0]
    if slide.question:
        return url_for(f"{endpoint}.question", section_id=section.id, step_id=slide.step.id)
    if slide.picture:
        return url_for(f"{endpoint}.picture", section_id=section.id, step_id=slide.step.id)
    if slide.number == 1:
        return url_for(f"{endpoint}.deck", section_id=section.id)
    return url_for(f"{endpoint}.slide", section_id=section.id, step_id=slide.step.id)


def notes_url(deck: Deck, number: int | None = None) -> str:
    endpoint = deck.game.endpoint
    extra = {} if number is None else {"slide": number}
    if deck.lesson is not None:
        return url_for(f"{endpoint}.lesson_notes", **deck.lesson, **extra)
    return url_for(f"{endpoint}.notes", section_id=deck.parts[0].id, **extra)


@dataclass(frozen=True)
class Choice:
    label: str
    correct: bool


#: Characters of slide text (in the slide's language) beyond which the text column widens.
WIDE, WIDER = 470, 560


def slide_view(deck: Deck, slide: Slide, pictures: bool = True) -> dict:
    game = deck.game
    step = slide.step
    section = slide.section or deck.parts[0]
    count = len(deck.slides)
    view = {
        "number": slide.number,
        "id": f"slide-{slide.number}",
        "step": step,
        "section": section,
        "is_question": slide.question,
        "is_picture": slide.picture,
        "url": slide_url(deck, slide),
        "notes_url": notes_url(deck, slide.number),
        "lesson_url": url_for(game.lesson, section_id=section.id, step_id=step.id),
        "title": tr(step.title),
        "paragraphs": [] if slide.picture else [tr(p) for p in step.text],
        # a question's slide has the question's own notes when it has some, else its step's
        "notes": [tr(n) for n in (step.question.notes if slide.question and getattr(step.question, "notes", ()) else step.notes)],
        # TRANSLATORS: the name of one slide for screen readers and the slide counter, e.g. "Slide 2 of 7".
        "label": _("Slide %(number)s of %(count)s", number=slide.number, count=count),
        "question": None,
        "diagram": None,
        "svg": None,
        "room": "beside",
    }
    if slide.question:
        view["question"] = game.question(step)
        view["diagram"] = step.question.diagram
    elif slide.picture or not (step.diagram and game.alone(step.diagram, False)):
        view["diagram"] = step.diagram  # (a picture with a slide of its own is not on its step's text slide)
    if view["diagram"] and (slide.picture or (slide.question and game.alone(view["diagram"], True))):
        view["room"] = "question" if slide.question else "alone"
    # A question slide, and the slide before it, show the position neutrally (no rings, no dimming,
    # no result written under it): the class works it out first. On the question's slide the
    # answer key (A) shows the marked picture in its place; the slide before has no such key, so
    # that A pressed there out of habit gives nothing away.
    view["neutral"] = step.question is not None and step.question.hides_answer_in(view["diagram"])
    view["svg_revealed"] = None
    if view["diagram"] and pictures:
        view["svg"] = game.picture(view["diagram"], f"s{slide.number}", view["neutral"], view["room"])
        if view["neutral"] and slide.question:
            revealed = game.picture(view["diagram"], f"s{slide.number}r", False, view["room"])
            # (a picture whose marks a slide leaves out, a count written under it, adds nothing: one picture)
            if str(revealed).replace(f"-s{slide.number}r-", f"-s{slide.number}-") != str(view["svg"]):
                view["svg_revealed"] = revealed
    # long text beside a picture gets a wider column (present.js widens it again if it must)
    length = sum(len(p) for p in view["paragraphs"]) if not slide.question else 0
    view["width"] = "wider" if length > WIDER else "wide" if length > WIDE else ""
    return view


def deck_context(deck: Deck, current: Slide, pictures: bool = True) -> dict:
    game = deck.game
    views = [slide_view(deck, s, pictures) for s in deck.slides]
    first = deck.parts[0]
    sections = game.sections()
    after = sections[sections.index(deck.parts[-1]) + 1] if deck.lesson is None and deck.parts[-1] in sections[:-1] else None
    return {
        "sections": sections,
        "section": first,
        "deck": deck,
        "deck_id": deck.id,
        "parts": deck.parts,
        "plan": plan_view(deck.plan, game) if deck.plan is not None else None,
        "slides": views,
        "current": views[current.number - 1],
        "before": views[current.number - 2] if current.number > 1 else None,
        "after": views[current.number] if current.number < len(views) else None,
        # a section's deck ends with the way on to the next section (a link: its own page)
        "next_section": after,
        "next_section_url": url_for(f"{game.endpoint}.deck", section_id=after.id) if after else None,
        "notes_url": notes_url(deck, current.number),
        "notes_base": notes_url(deck),
        "channel": game.channel,
        "leave_url": (url_for("present.index") + (f"#{game.anchor}" if game.anchor else "")) if deck.lesson is not None else None,
    }


# ----- lesson plans --------------------------------------------------------------------------------
def plan_view(plan: Plan, game: Game) -> dict:
    """A lesson plan for the presenter's index, the notes and the handout: each part with its
    minutes, when it starts and ends (from the lesson's start), and the slides a section's part
    begins with in the plan's deck."""
    sections = {section.id: section for section in game.sections()}
    parts, clock, slide = [], 0, 1
    for part in plan.parts:
        section = sections.get(part.section) if part.section else None
        count = len(slides_of(section, game)) if section else 0
        name, play_url = game.play(part.play) if part.play else ("", "")
        if section is not None:
            name = tr(section.title)
        elif not part.play:
            name = tr(part.title)
        slides_url = url_for(f"{game.endpoint}.lesson", plan=plan.id, **({"slide": slide} if slide > 1 else {})) \
            if section is not None else ""
        parts.append({"part": part, "section": section, "name": name, "play_url": play_url, "slides_url": slides_url,
                      "start": clock,
                      "end": clock + part.minutes, "minutes": minutes_text(part.minutes),
                      "first_slide": slide if section else None, "slides": count,
                      "text": [tr(t) for t in part.text]})
        clock += part.minutes
        slide += count
    lesson = {"plan": plan.id}
    return {"plan": plan, "title": tr(plan.title), "summary": tr(plan.summary) if plan.summary else "",
            "parts": parts, "minutes": clock, "minutes_text": minutes_text(clock),
            "deck_url": url_for(f"{game.endpoint}.lesson", **lesson),
            "notes_url": url_for(f"{game.endpoint}.lesson_notes", **lesson, slide=1)}


def minutes_text(minutes: int) -> str:
    """A number of minutes in words, as a plan writes it ("5 minutes")."""
    # TRANSLATORS: a length of time in a lesson plan, beside a part of the lesson, e.g. "5 minutes".
    return ngettext("%(num)d minute", "%(num)d minutes", minutes)


_VIEW_BOX = re.compile(r'viewBox="[-\d.]+[ ,]+[-\d.]+[ ,]+([\d.]+)[ ,]+([\d.]+)"')


@bp.app_template_filter("picture_aspect")
def picture_aspect(svg: str) -> str:
    """A game picture's width over its height, from its viewBox, for present.css: on the projector
    the table keeps the width its full height gives it when the hint or the explanation opens beside
    it, and the panel takes the rest (a fixed share of the row had shrunk the table by a third)."""
    found = _VIEW_BOX.search(str(svg))
    width, height = (float(found[1]), float(found[2])) if found else (16.0, 9.0)
    return f"{width / height:.4f}" if height else "1"


# ----- routes: presenter -------------------------------------------------------------------------
@bp.get("/present/")
@same_for_everyone
def index():
    return render_template("present/index.html", **presenter_index())


def add_slides(blueprint: Blueprint, game: Game, under: str = "") -> None:
    """The slides and speaker notes of ``game``'s course on ``blueprint``, under ``<under>/present/``:
    ``<section>/`` (the first slide), ``<section>/<step>``, ``<section>/<step>/picture``,
    ``<section>/<step>/question`` and ``<section>/notes?slide=N``; ``lesson/`` (several sections as
    one deck: ``?sections=a,b``, ``?plan=<id>`` or the whole course) and ``lesson/notes``."""
    keep_in_language_links(blueprint, "slide", "copy", "sections", "plan")  # the slide, a copy, a lesson's deck
    assert not any(section.id == LESSON for section in game.sections()), f"a section may not be called {LESSON}"

    def show(deck: Deck, current: Slide):
        return render_template("present/deck.html", **deck_context(deck, current))

    def find_slide(section: Section, step_id: str, **kind: bool) -> tuple[Deck, Slide]:
        step = _step(section, step_id)
        deck = section_deck(section, game)
        wanted = {"question": False, "picture": False, **kind}
        found = next((s for s in deck.slides if s.step == step and s.question == wanted["question"]
                      and s.picture == wanted["picture"]), None)
        if found is None:
            if wanted["question"]:
                # TRANSLATORS: error page for a presenter address asking for the question of a step that has none.
                raise _not_found(_("The step %(step)s has no check question.", step=tr(step.title)))
            # TRANSLATORS: error page for a presenter address asking for a step's picture on a slide of its own, when the step shows its picture beside its text (or has none).
            raise _not_found(_("The step %(step)s has no picture on a slide of its own.", step=tr(step.title)))
        return deck, found

    def deck(section_id: str):
        deck = section_deck(find_section(section_id, game), game)
        return show(deck, deck.slides[0])

    def slide(section_id: str, step_id: str):
        return show(*find_slide(find_section(section_id, game), step_id))

    def picture(section_id: str, step_id: str):
        return show(*find_slide(find_section(section_id, game), step_id, picture=True))

    def question(section_id: str, step_id: str):
        return show(*find_slide(find_section(section_id, game), step_id, question=True))

    def slide_number(deck: Deck) -> Slide:
        asked = request.args.get("slide", "1")
        count = len(deck.slides)
        if not (asked.isascii() and asked.isdigit() and len(asked) <= 3 and 1 <= int(asked) <= count):
            # TRANSLATORS: error page for a speaker-notes address with a slide number that the section does not have.
            raise _not_found(ngettext("This section has %(num)d slide: there is no slide %(slide)s.",
                                      "This section has %(num)d slides: there is no slide %(slide)s.",
                                      count, slide=asked[:12]))
        return deck.slides[int(asked) - 1]

    def notes(section_id: str):
        deck = section_deck(find_section(section_id, game), game)
        # the pictures preview the next slide
        return render_template("present/notes.html", **deck_context(deck, slide_number(deck)))

    def lesson():
        deck = _lesson_deck(game)
        return show(deck, slide_number(deck))

    def lesson_notes():
        deck = _lesson_deck(game)
        return render_template("present/notes.html", **deck_context(deck, slide_number(deck)))

    # the same for every teacher of a language: rendered once, kept (tutor.web.delivery)
    blueprint.add_url_rule(f"{under}/present/{LESSON}/", "lesson", same_for_everyone(lesson))
    blueprint.add_url_rule(f"{under}/present/{LESSON}/{NOTES}", "lesson_notes", same_for_everyone(lesson_notes))
    blueprint.add_url_rule(f"{under}/present/<section_id>/", "deck", same_for_everyone(deck))
    blueprint.add_url_rule(f"{under}/present/<section_id>/<step_id>", "slide", same_for_everyone(slide))
    blueprint.add_url_rule(f"{under}/present/<section_id>/<step_id>/picture", "picture", same_for_everyone(picture))
    blueprint.add_url_rule(f"{under}/present/<section_id>/<step_id>/question", "question", same_for_everyone(question))
    blueprint.add_url_rule(f"{under}/present/<section_id>/{NOTES}", "notes", same_for_everyone(notes))


def _lesson_deck(game: Game) -> Deck:
    """The deck a ``lesson/`` address asks for: ``plan=<id>``, ``sections=a,b`` (in the course's
    order, each once; the form's check boxes send ``sections`` once per box), or the whole course;
    a 404 in the visitor's language otherwise."""
    plan_id = request.args.get("plan")
    if plan_id is not None:
        plan = next((p for p in game.plans() if p.id == plan_id), None)
        if plan is None:
            # TRANSLATORS: error page for a presenter address naming a lesson plan that does not exist.
            raise _not_found(_("There is no lesson plan called %(id)s.", id=plan_id[:40]))
        wanted = [part.section for part in plan.parts if part.section]
        return lesson_deck(tuple(s for s in game.sections() if s.id in wanted), game, plan)
    asked = [name for value in request.args.getlist("sections") for name in value.split(",") if name]
    if not asked and "sections" in request.args:
        # TRANSLATORS: error page for the presenter's "several sections as one deck" form sent with no section ticked.
        raise _not_found(_("Choose at least one section to present."))
    for name in asked:
        find_section(name[:60], game)
    sections = tuple(s for s in game.sections() if s.id in asked) if asked else game.sections()
    return lesson_deck(sections, game)


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


def handout_sections(section_id: str | None, game: Game) -> tuple[list[Section], list[dict]]:
    """What a handout address asks for: one section, a lesson plan's sections (``?plan=<id>``), or
    the whole course; and the lesson plans its teacher's copy prints (that plan's, or every plan of
    the course on the whole course's). A 404 in the visitor's language for a section or a plan the
    course does not have."""
    plan_id = request.args.get("plan")
    if section_id is not None:
        return [find_section(section_id, game)], []
    if plan_id is not None:
        plan = next((p for p in game.plans() if p.id == plan_id), None)
        if plan is None:
            # TRANSLATORS: error page for a handout address naming a lesson plan that does not exist.
            raise _not_found(_("There is no lesson plan called %(id)s.", id=plan_id[:40]))
        wanted = {part.section for part in plan.parts if part.section}
        return [s for s in game.sections() if s.id in wanted], [plan_view(plan, game)]
    return list(game.sections()), [plan_view(plan, game) for plan in game.plans()]


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


__all__ = ["COPIES", "Choice", "Deck", "Exercise", "Game", "LESSON", "NOTES", "Slide", "add_slides", "bp", "deck_context",
           "find_section", "first_showings", "handout_copy", "handout_sections", "lesson_deck", "minutes_text", "plan_view", "points_answer",
           "section_deck", "slide_url", "slide_view", "slides_of"]
