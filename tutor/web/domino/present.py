"""The domino course on a projector and on paper (the presenter itself: ``tutor.web.present``).

- ``/<lang>/domino/present/<section>/``, ``.../<section>/<step>``, ``.../<section>/<step>/question``
  and ``.../<section>/notes?slide=N``: the course's slides and speaker notes (:data:`DOMINOES`).
- ``/<lang>/domino/handout/`` and ``/<lang>/domino/handout/<section>/``: the whole rulebook, or one
  section, for printing on A4: every section's steps, every diagram once with its caption, an
  exercise per check question, and the answers at the end (the teacher's copy) or room to work
  (``?copy=student``).
- A game page with ``present=1`` renders the projector layout of the same game
  (:func:`keep_presenting` keeps every link of the game in it).

Every answer shown here is computed by the engine when the page is made
(``tutor.games.domino.questions`` and the position itself); nothing here stores an answer.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from functools import lru_cache

from tutor.course import Plan, Section, Step, load_course, read_plans
from tutor.paths import LESSONS
from tutor.games.domino import Position, Required, questions
from tutor.games.domino.analysis import Note
from tutor.games.domino.guided import all_hands
from tutor.games.domino.hints import explain_position
from tutor.web.domino.diagrams import diagram_svg, every_diagram, render_note as diagram_note, render_svg
from tutor.web.domino.feedback import choice_label, question_text
from tutor.web.domino.slides import needs_a_slide, slide_svg
from tutor.web.domino.wording import action_name, option_label, render_note as wording_note, seat_name
from tutor.web.i18n import translate_text as tr
from tutor.web.i18n import use_language_prefix
from tutor.web.present import (Choice, Exercise, Game, add_slides, first_showings, handout_copy, handout_sections,
                               points_answer)
from tutor.web.delivery import same_for_everyone

bp = Blueprint("domino_present", __name__, url_prefix="/<lang_code>/domino")
use_language_prefix(bp)


def unique_svg(diagram_id: str, suffix: str, annotations: bool = True, neutral: bool = False) -> Markup:
    """A diagram inlined with its element ids made unique on the page (a slide deck shows the same
    diagram on a step and on its question, and ids such as ``dg-d2-t`` label the picture)."""
    prefix = f"dg-{diagram_id.lower()}-"
    svg = diagram_svg(diagram_id, annotations=annotations, neutral=neutral)
    return Markup(str(svg).replace(prefix, f"{prefix}{suffix}-"))


def answer_text(kind: str, values: tuple[str, ...], position: Position) -> str:
    """The engine's accepted answers in words."""
    if kind == "points":
        return points_answer(int(values[0]))
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


@lru_cache(maxsize=1)
def load_plans() -> tuple[Plan, ...]:
    """The domino course's suggested lessons (``lessons/plans.toml``)."""
    from tutor.games.domino.mexican_train.guided import all_hands as mexican_hands

    plays = {*all_hands(), *mexican_hands()}
    return read_plans(LESSONS / "plans.toml", {s.id for s in load_course()}, plays)


#: The domino course's presenter, at /<lang>/domino/present/...
DOMINOES = Game(
    endpoint=bp.name, channel="tutor-present", sections=load_course, lesson="domino.step",
    # a slide's labels at 24 px on the projector, its tiles 60 px or more (tutor/web/domino/slides.py)
    picture=lambda diagram_id, suffix, neutral, room: slide_svg(diagram_id, suffix, neutral=neutral, room=room),
    question=question_view, alone=needs_a_slide, plans=load_plans, anchor="dominoes", play=lambda hand_id: _play(hand_id),
)


def _play(hand_id: str) -> tuple[str, str]:
    """A guided hand's title and its address in the projector layout (a lesson plan plays it live)."""
    from tutor.games.domino.mexican_train.guided import all_hands as mexican_hands

    hand = {**all_hands(), **mexican_hands()}[hand_id]
    return tr(hand.title), url_for("domino_play.guided", hand_id=hand_id, present=1)


#: The game pages' endpoints: with ``present=1`` they render ``domino/play/present.html``, the projector
#: layout of the same game (the one line in ``tutor/web/domino/play.py`` that picks the template).
GAME_ENDPOINTS = ("domino_play.guided", "domino_play.free_play")


@bp.app_url_defaults
def keep_presenting(endpoint: str, values: dict) -> None:
    """On a game in the projector layout, every link and redirect of the game stays in it (a link
    that leaves passes ``present=None``)."""
    if endpoint in GAME_ENDPOINTS and "present" not in values and request and request.args.get("present") == "1":
        values["present"] = "1"


add_slides(bp, DOMINOES)


# ----- the handout -------------------------------------------------------------------------------
def _question_exercise(label: str, section: Section, kind: str, text: str, diagram: str | None,
                       position: Position, explain_text: str = "", **facts) -> Exercise:
    values = questions.expected(kind, position, **facts)
    choices = tuple(choice_label(o, position.seats) for o in questions.options(kind, position))
    reasons = reasons_for(kind, position, explain_text)
    if facts.get("count") == "unseen":  # the count, place by place
        reasons.append(diagram_note(Note("count", questions.unseen_counts(position, facts["number"]))))
    return Exercise(label, section, kind, text, diagram, position, choices, values,
                    answer_text(kind, values, position), tuple(reasons))


def asked_in(section: Section) -> list:
    """The section's exercises: its steps' check questions, then its worksheet's own."""
    return [step.question for step in section.steps if step.question is not None] + list(section.exercises)


def exercises_for(section: Section) -> list[Exercise]:
    """The section's exercises (``lessons/NN-*.toml``: the check questions, then ``[[exercises]]``),
    with the engine's answers."""
    result = []
    for i, q in enumerate(asked_in(section), start=1):
        position = questions.position_of(q)
        result.append(_question_exercise(f"{section.number}.{i}", section, q.kind, question_text(q, position), q.diagram,
                                         position, tr(q.explain) if q.explain else "", **questions.facts_of(q)))
    return result


def N_(text: str) -> str:
    """A msgid marked for the catalogs, translated where it is shown (the picture's title)."""
    return text


#: The title of the picture of an exercise's own position (a round stopped mid-way), an English msgid.
# TRANSLATORS: the title (for screen readers) of the table printed beside a handout exercise whose position is a round of its own, stopped where you are to play.
EXERCISE_TABLE = N_("The table of this exercise")


def exercise_picture(question, label: str) -> Markup | None:
    """An exercise's picture, plain (no marks, no totals): the rulebook diagram it asks about, or
    the table of its own round stopped mid-way; ``None`` when the question names its facts in words."""
    suffix = "x" + label.replace(".", "-")
    if question.diagram:
        return unique_svg(question.diagram, suffix, neutral=True)
    diagram = questions.question_diagram(question, f"X{suffix}", EXERCISE_TABLE)
    if diagram is None:
        return None
    return Markup(render_svg(diagram, neutral=True, annotations=False))


def _handout(sections: list[Section], whole: bool, plans: list[dict]):
    copy = handout_copy()
    shown: set[str] = set()
    parts = []
    for section in sections:
        steps = [{"step": step, "figure": figure, "see": see} for step, figure, see in first_showings(section.steps, shown)]
        exercises = exercises_for(section)
        # an exercise about a picture prints the picture beside it, plain (no marks, no totals): it
        # asks what the marks would give away, and the class should not turn pages to answer
        pictures = {ex.label: svg for ex, q in zip(exercises, asked_in(section))
                    if (svg := exercise_picture(q, ex.label)) is not None}
        # the choices the engine accepts, ticked on the teacher's copy
        ticked = {ex.label: {label for option, label in zip(questions.options(ex.kind, ex.position), ex.choices)
                             if option.value in ex.values}
                  for ex in exercises if ex.choices}
        parts.append({"section": section, "steps": steps, "exercises": exercises, "pictures": pictures,
                      "ticked": ticked})
    diagrams = every_diagram()  # (with Mexican Train's)
    other = "student" if copy == "teacher" else "teacher"
    return render_template("present/handout.html", parts=parts, diagrams=diagrams, copy=copy,
                           whole=whole, answers=copy == "teacher", other_copy=other, plans=plans,
                           other_url=url_for(request.endpoint, **(request.view_args or {}),
                                             **({"plan": request.args["plan"]} if "plan" in request.args else {}),
                                             copy=other))


@bp.get("/handout/")
@same_for_everyone
def handout():
    sections, plans = handout_sections(None, DOMINOES)
    return _handout(sections, whole="plan" not in request.args, plans=plans)


@bp.get("/handout/<section_id>/")
@same_for_everyone
def section_handout(section_id: str):
    sections, plans = handout_sections(section_id, DOMINOES)
    return _handout(sections, whole=False, plans=plans)


__all__ = ["DOMINOES", "answer_text", "asked_in", "bp", "exercise_picture", "exercises_for", "question_view"]
