"""Presenter mode and handouts: the course on a projector and on paper, in every language.

- ``/<lang>/present/``: every game's sections, to choose one to present.
- ``/<lang>/domino/present/<section>/`` and ``/<lang>/domino/present/<section>/<step>``: the section as slides, one
  per step, plus one slide for each check question (right after its step), with the answer
  revealed on a key. The page holds every slide of the section and shows the one in its URL, so it
  works without JavaScript (plain next / previous links); ``present.js`` adds the keys of slide
  tools, full screen, a blank screen and keeps the URL on the slide shown.
  A question slide is ``/<lang>/domino/present/<section>/<step>/question``.
- ``/<lang>/domino/present/<section>/notes?slide=N``: the speaker notes, for a second window that follows
  the slides (``present.js`` keeps both windows together through a BroadcastChannel).
- ``/<lang>/domino/handout/``: the whole rulebook for printing on A4 (``print.css``): every section's steps,
  every diagram once with its caption, an exercise per section, and the answers at the end.

The slides and the notes are one presenter for every game's course: a :class:`Game` says where its
sections, pictures and questions come from, and :func:`add_slides` gives a blueprint the routes.
The domino course's are here; the backgammon course's, at ``/<lang>/backgammon/present/...``, are
in ``tutor/web/backgammon_present.py``.

Every answer shown here is computed by the engine when the page is made (``tutor.games.domino.questions`` and
the position itself); nothing here stores an answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, render_template, request, url_for
from flask_babel import gettext as _, ngettext
from markupsafe import Markup
from werkzeug.exceptions import NotFound

from ..games.domino import questions
from ..games.domino.analysis import Note
from ..games.domino.hints import explain_position
from ..course import Section, Step, find, find_in, load_course
from ..games.domino.diagrams import diagram_by_id
from ..games.domino import Position, Required
from .diagrams import diagram_svg, every_diagram, render_note as diagram_note
from .feedback import choice_label, question_text
from .i18n import translate_text as tr
from .pages import use_language_prefix
from .slide_pictures import slide_svg
from .wording import action_name, option_label, render_note as wording_note, seat_name

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

    endpoint: str  # the name of the blueprint that holds the slide routes ("present")
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


def _section(section_id: str, game: Game | None = None) -> Section:
    section, _step = find_in(game.sections(), section_id) if game else find(section_id)
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


def slide_url(section: Section, slide: Slide, game: Game | None = None) -> str:
    endpoint = (game or DOMINOES).endpoint
    if slide.question:
        return url_for(f"{endpoint}.question", section_id=section.id, step_id=slide.step.id)
    if slide.number == 1:
        return url_for(f"{endpoint}.deck", section_id=section.id)
    return url_for(f"{endpoint}.slide", section_id=section.id, step_id=slide.step.id)


def unique_svg(diagram_id: str, suffix: str, annotations: bool = True, neutral: bool = False) -> Markup:
    """A diagram inlined with its element ids made unique on the page (a slide deck shows the same
    diagram on a step and on its question, and ids such as ``dg-d2-t`` label the picture)."""
    prefix = f"dg-{diagram_id.lower()}-"
    svg = diagram_svg(diagram_id, annotations=annotations, neutral=neutral)
    return Markup(str(svg).replace(prefix, f"{prefix}{suffix}-"))


def answer_text(kind: str, values: tuple[str, ...], position: Position) -> str:
    """The engine's accepted answers in words."""
    if kind == "points":
        points = int(values[0])
        # TRANSLATORS: the answer to a "how many points" exercise or question.
        return ngettext("%(num)d point", "%(num)d points", points)
    if kind == "count":
        return values[0]
    labels = []
    for value in values:
        if kind == "move":
            label_kind, params = questions.describe_move(value)
            labels.append(option_label(questions.Option(value, label_kind, params), seat_count=position.seats))
        elif kind == "action":
            labels.append(action_name(value))
        elif value == "nobody":
            labels.append(option_label(questions.Option(value, "nobody", {}), seat_count=position.seats))
        else:
            labels.append(seat_name(int(value), position.seats))
    return ", ".join(labels)


def engine_reasons(kind: str, position: Position, viewer: int = 0) -> list[str]:
    """Why the engine answers as it does, in the learner's words (sentences already in the catalogs)."""
    if kind in ("points", "winner"):
        result = position.result()
        assert result is not None
        lines = []
        for seat in range(position.seats):
            if seat == result.winner:
                continue
            hand = position.hand(seat)
            values = [(str(t), t.value) for t in hand]
            if seat == viewer:
                lines.append(diagram_note(Note("values", {"values": values})))
                lines.append(diagram_note(Note("pips", {"pips": position.pips(seat)})))
            else:
                lines.append(diagram_note(Note("seat_pips", {"seat": seat, "viewer": viewer, "seats": position.seats,
                                                             "values": values, "pips": position.pips(seat)})))
        lines.append(diagram_note(Note("score", {"winner": result.winner, "viewer": viewer, "seats": position.seats,
                                                 "points": result.points})))
        return lines
    if kind == "move" and position.required() is Required.PLAY:
        keep = {"ends", "fits_left", "fits_right", "no_fit_tiles"}
        return [wording_note(note) for note in explain_position(position) if note.kind in keep]
    return []


def reasons_for(kind: str, position: Position, explain_text: str = "") -> list[str]:
    """An author's explanation says why; the engine adds the arithmetic of a score, or, when there
    is no explanation, which tile fits which end."""
    reasons = [explain_text] if explain_text else []
    if kind in ("points", "winner") or not explain_text:
        reasons += engine_reasons(kind, position)
    return reasons


@dataclass(frozen=True)
class Choice:
    label: str
    correct: bool


def question_view(step: Step) -> dict:
    """A step's check question with its choices and the engine's answer, for a slide or the notes."""
    question = step.question
    assert question is not None
    position = questions.position_of(question)
    accepted = questions.expected(question.kind, position, **questions.facts_of(question))
    choices = [Choice(choice_label(o, position.seats), o.value in accepted)
               for o in questions.options(question.kind, position)]
    return {
        "kind": question.kind,
        "text": question_text(question, position),
        "diagram": question.diagram,
        "choices": choices,
        "values": accepted,
        "answer": answer_text(question.kind, accepted, position),
        "reasons": reasons_for(question.kind, position, tr(question.explain) if question.explain else ""),
    }


#: Characters of slide text (in the slide's language) beyond which the text column widens.
WIDE, WIDER = 470, 560


def slide_view(section: Section, slide: Slide, count: int, pictures: bool = True, game: Game | None = None) -> dict:
    game = game or DOMINOES
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


def deck_context(section: Section, current: Slide, pictures: bool = True, game: Game | None = None) -> dict:
    game = game or DOMINOES
    slides = slides_of(section)
    views = [slide_view(section, s, len(slides), pictures, game) for s in slides]
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


def _reveal_marks(_diagram_id: str) -> str:
    # TRANSLATORS: button on a slide whose picture is shown plain because a question about it follows: it shows the picture's marks (rings on the tiles that fit, the others dimmed) and the totals written under it (the A key does the same).
    return _("Show the marks and totals")


#: The domino course's presenter, at /<lang>/domino/present/...
DOMINOES = Game(
    endpoint="present", channel="tutor-present", sections=load_course, lesson="pages.step",
    # a slide's labels at 24 px on the projector (tutor/web/slide_pictures.py)
    picture=lambda diagram_id, suffix, neutral: slide_svg(diagram_id, suffix, neutral=neutral),
    question=question_view, reveal=_reveal_marks,
)


# ----- routes: presenter -------------------------------------------------------------------------
@bp.get("/present/")
def index():
    from ..games.domino.guided import load_hands
    from . import mexican_play

    return render_template("present/index.html", sections=load_course(), hands=list(load_hands().values()),
                           mexican_hands=mexican_play.hands(), mexican_name=mexican_play.rules_name())


#: The game pages' endpoints: with ``present=1`` they render ``play/present.html``, the projector
#: layout of the same game (the one line in ``tutor/web/play.py`` that picks the template).
GAME_ENDPOINTS = ("play.guided", "play.free_play")


@bp.app_url_defaults
def keep_presenting(endpoint: str, values: dict) -> None:
    """On a game in the projector layout, every link and redirect of the game stays in it (a link
    that leaves passes ``present=None``)."""
    if endpoint in GAME_ENDPOINTS and "present" not in values and request and request.args.get("present") == "1":
        values["present"] = "1"


def add_slides(blueprint: Blueprint, game: Game, under: str = "") -> None:
    """The slides and speaker notes of ``game``'s course on ``blueprint``, under ``<under>/present/``:
    ``<section>/`` (the first slide), ``<section>/<step>``, ``<section>/<step>/question`` and
    ``<section>/notes?slide=N``."""

    def deck(section_id: str):
        section = _section(section_id, game)
        return render_template("present/deck.html", **deck_context(section, slides_of(section)[0], game=game))

    def slide(section_id: str, step_id: str):
        section = _section(section_id, game)
        step = _step(section, step_id)
        current = next(s for s in slides_of(section) if s.step == step and not s.question)
        return render_template("present/deck.html", **deck_context(section, current, game=game))

    def question(section_id: str, step_id: str):
        section = _section(section_id, game)
        step = _step(section, step_id)
        if step.question is None:
            # TRANSLATORS: error page for a presenter address asking for the question of a step that has none.
            raise _not_found(_("The step %(step)s has no check question.", step=tr(step.title)))
        current = next(s for s in slides_of(section) if s.step == step and s.question)
        return render_template("present/deck.html", **deck_context(section, current, game=game))

    def notes(section_id: str):
        section = _section(section_id, game)
        slides = slides_of(section)
        asked = request.args.get("slide", "1")
        if not (asked.isascii() and asked.isdigit() and len(asked) <= 3 and 1 <= int(asked) <= len(slides)):
            # TRANSLATORS: error page for a speaker-notes address with a slide number that the section does not have.
            raise _not_found(ngettext("This section has %(num)d slide: there is no slide %(slide)s.",
                                      "This section has %(num)d slides: there is no slide %(slide)s.",
                                      len(slides), slide=asked[:12]))
        context = deck_context(section, slides[int(asked) - 1], game=game)  # the pictures preview the next slide
        return render_template("present/notes.html", **context)

    blueprint.add_url_rule(f"{under}/present/<section_id>/", "deck", deck)
    blueprint.add_url_rule(f"{under}/present/<section_id>/<step_id>", "slide", slide)
    blueprint.add_url_rule(f"{under}/present/<section_id>/<step_id>/question", "question", question)
    blueprint.add_url_rule(f"{under}/present/<section_id>/{NOTES}", "notes", notes)


add_slides(bp, DOMINOES, under="/domino")


# ----- the handout -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Exercise:
    """One exercise question, with the engine's answer and the reasons, in the current language."""

    label: str  # "3.1": the section number, then the question's place in the section
    section: Section
    kind: str  # a check question kind (``tutor.games.domino.questions``), or "count"
    text: str
    diagram: str | None
    position: Position
    choices: tuple[str, ...]
    values: tuple[str, ...]  # the engine's answer, as ``tutor.games.domino.questions`` writes it
    answer: str
    reasons: tuple[str, ...]


def _question_exercise(label: str, section: Section, kind: str, text: str, diagram: str | None,
                       position: Position, explain_text: str = "", **facts) -> Exercise:
    values = questions.expected(kind, position, **facts)
    choices = tuple(choice_label(o, position.seats) for o in questions.options(kind, position))
    reasons = reasons_for(kind, position, explain_text)
    if facts.get("count") == "unseen":  # the count, place by place
        reasons.append(diagram_note(Note("count", questions.unseen_counts(position, facts["number"]))))
    return Exercise(label, section, kind, text, diagram, position, choices, values,
                    answer_text(kind, values, position), tuple(reasons))


def exercises_for(section: Section) -> list[Exercise]:
    """The section's check questions (``lessons/NN-*.toml``), with the engine's answers."""
    result = []
    for i, step in enumerate((s for s in section.steps if s.question is not None), start=1):
        q = step.question
        position = questions.position_of(q)
        result.append(_question_exercise(f"{section.number}.{i}", section, q.kind, question_text(q, position), q.diagram,
                                         position, tr(q.explain) if q.explain else "", **questions.facts_of(q)))
    return result


#: The two copies of a handout: the class's, with room to work and no answers, and the teacher's,
#: with the answers ticked and listed at the end.
COPIES = ("teacher", "student")


def _copy() -> str:
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


def _handout(sections: list[Section], whole: bool):
    copy = _copy()
    shown: set[str] = set()
    parts = []
    for section in sections:
        steps = [{"step": step, "figure": figure, "see": see} for step, figure, see in first_showings(section.steps, shown)]
        exercises = exercises_for(section)
        # an exercise about a picture prints the picture beside it, plain (no marks, no totals): it
        # asks what the marks would give away, and the class should not turn pages to answer
        pictures = {ex.label: unique_svg(ex.diagram, "x" + ex.label.replace(".", "-"), neutral=True)
                    for ex in exercises if ex.diagram}
        # the choices the engine accepts, ticked on the teacher's copy
        ticked = {ex.label: {label for option, label in zip(questions.options(ex.kind, ex.position), ex.choices)
                             if option.value in ex.values}
                  for ex in exercises if ex.choices}
        parts.append({"section": section, "steps": steps, "exercises": exercises, "pictures": pictures,
                      "ticked": ticked})
    diagrams = every_diagram()  # (with Mexican Train's)
    other = "student" if copy == "teacher" else "teacher"
    return render_template("present/handout.html", parts=parts, diagrams=diagrams, copy=copy,
                           whole=whole, answers=copy == "teacher", other_copy=other,
                           other_url=url_for(request.endpoint, **(request.view_args or {}), copy=other))


@bp.get("/domino/handout/")
def handout():
    return _handout(load_course(), whole=True)


@bp.get("/domino/handout/<section_id>/")
def section_handout(section_id: str):
    return _handout([_section(section_id)], whole=False)


__all__ = ["bp", "Exercise", "Game", "Slide", "add_slides", "exercises_for", "slides_of", "NOTES", "DOMINOES"]
